"""Answering a lesson's exercises in a real browser, the answers worked out by the engine.

A lesson notebook shows its exercises with cells such as
``exercises("01-cards-and-points", ids=["plain-ace-beats-ten", ...])``;
:func:`exercise_cells` reads those calls from the notebook's JSON (with :mod:`ast`, not by
running them), so a test knows which scenario each exercise player on the page shows
first. :func:`wrong_answer` and :func:`right_answer` turn that scenario into clicks and
the words the feedback must then show: the scenario model computes the answer
(``legal_plays()``, ``trick()``, ``legal()``, ``found()``, ``result()``, ``score()``) and
the catalogs (:mod:`belote_teach.explain`) give the words, so a change of the bank or of
the wording changes the expected clicks and texts with it instead of silently breaking
what the test means.

The page contract these helpers rely on (the widgets of :mod:`belote_teach.ui`):

* an exercise player is a ``.bt-player`` element (a drill player is ``.bt-player.bt-drill``)
  with its counter ("Exercise 1 of 5") and score line ("Right at first try: 0 · Done: 0 of
  5") as text, the question in ``.bt-prompt`` and the feedback in its one ``.bt-feedback``
  element (``role="status"``);
* every clickable card is a button named by :func:`belote_teach.explain.card_name`
  ("ace of hearts"); a toggle card of an announcement says ``aria-pressed``;
* bids, outcomes, teams, yes / no and "Check" are buttons named by their words; the boxes
  for points and marks are text boxes named by their labels.

Everything is in the lesson's language: the helpers take ``lang`` (a catalog language,
"en" or "fr"), which defaults to :data:`LANG` (the English notebooks); the French
notebooks (``notebooks/fr/``) show the same exercises with the words of the ``fr`` catalog.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from table_clicks import WIDGETS_TIMEOUT_MS

from belote_teach import explain
from belote_teach.course.banks import find_bank
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import (
    AnnounceScenario,
    BidScenario,
    CompareScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    load_file,
)
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat, Suit, Team
from belote_teach.engine.scoring import Outcome
from belote_teach.engine.trick import Trick
from belote_teach.explain.calls import announcement_name, bid_name
from belote_teach.render import lead_tag
from belote_teach.render.exercises import bid_words, join_words, rule_heading, say, team_word
from belote_teach.ui.exercise_score import OUTCOME_RULES, outcome_word

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

__all__ = [
    "LANG",
    "ROOT",
    "Answer",
    "ExerciseCell",
    "ScoreLine",
    "answer",
    "barrier",
    "drill_trick",
    "exercise_cells",
    "expect_first_exercise",
    "expect_score",
    "find_player",
    "read_score",
    "read_template",
    "right_answer",
    "template_pattern",
    "trick_right",
    "untaught_bid",
    "untried_player",
    "wrong_answer",
    "wrong_then_right",
]

#: The repository root (the notebooks' paths in the tests are relative to it).
ROOT = Path(__file__).resolve().parents[2]
#: The default language of the helpers: that of the English notebooks (``notebooks/en/``).
LANG = "en"

#: The exercise players of a page, drills left out, in page order.
PLAYERS = ".bt-player:not(.bt-drill)"


# ---------------------------------------------------------------------------- the notebook
@dataclass(frozen=True)
class ExerciseCell:
    """One ``exercises(...)`` call of a notebook.

    Attributes:
        path: the scenario file of the bank the call names, in the package.
        ids: the scenario ids shown, in order; ``None`` for the whole file.
    """

    path: Path
    ids: tuple[str, ...] | None

    def scenarios(self) -> tuple[Scenario, ...]:
        """The scenarios this player shows, in the order shown: the ids asked for, or
        every scenario of the file but the ``solve`` ones (as
        :meth:`~belote_teach.ui.scenario_player.ScenarioPlayer.from_file` does).

        Raises:
            ScenarioFileError: the file is malformed.
            AssertionError: an id of the cell is not in the file.
        """
        every = load_file(self.path)
        if self.ids is None:
            return tuple(s for s in every if not isinstance(s, SolveScenario))
        by_id = {scenario.id: scenario for scenario in every}
        missing = [i for i in self.ids if i not in by_id]
        assert not missing, f"{self.path.name} holds no scenario {missing}"
        return tuple(by_id[i] for i in self.ids)


def _is_exercises_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name == "exercises"


def exercise_cells(notebook: str) -> tuple[ExerciseCell, ...]:
    """The ``exercises(...)`` calls of ``notebook`` (a path from the repository root), in
    the order of the cells, hence of the exercise players on the page.

    Raises:
        AssertionError: a call whose file or ``ids`` is not a literal (the test cannot
            know what it shows without running it).
    """
    path = ROOT / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found: list[ExerciseCell] = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        for node in ast.walk(tree):
            if not _is_exercises_call(node):
                continue
            assert isinstance(node, ast.Call)
            assert node.args and isinstance(node.args[0], ast.Constant), (
                f"{notebook}: an exercises(...) call without a literal bank name")
            ids_node = next((k.value for k in node.keywords if k.arg == "ids"), None)
            ids = None if ids_node is None else tuple(ast.literal_eval(ids_node))
            bank = find_bank(str(node.args[0].value))
            found.append(ExerciseCell(Path(bank.file), ids))
    return tuple(found)


# ---------------------------------------------------------------------------- the page
def find_player(page: Page, index: int = 0) -> Locator:
    """The exercise player number ``index`` (0: the first) of the page, once it is drawn
    (drill players are not counted)."""
    player = page.locator(PLAYERS).nth(index)
    player.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    return player


def expect_first_exercise(player: Locator, scenario: Scenario, total: int,
                          lang: str = LANG) -> None:
    """The player shows exercise 1 of ``total`` with ``scenario``'s question, in ``lang``."""
    from playwright.sync_api import expect

    expect(player).to_contain_text(explain.text("exercise", lang, n=1, total=total))
    question = scenario.prompt.get(lang)
    if question:
        expect(player.locator(".bt-prompt")).to_have_text(question)


def template_pattern(template: str, *, named: bool = True) -> re.Pattern[str]:
    """A regular expression matching a catalog sentence whose placeholders are whole
    numbers: ``"Done: {done} of {total}"`` matches ``"Done: 3 of 5"``, with the groups
    ``done`` and ``total`` when ``named`` (Python's syntax; ``named=False`` gives a
    pattern without groups, which the browser's JavaScript can read too)."""
    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name:
            parts.append(rf"(?P<{name}>\d+)" if named else r"\d+")
    return re.compile("".join(parts))


def read_template(locator: Locator, template: str) -> dict[str, int]:
    """The numbers of ``template`` (a catalog sentence) as the text of ``locator`` shows
    them, waiting until it does.

    Raises:
        AssertionError: the text never shows the sentence.
    """
    from playwright.sync_api import expect

    expect(locator).to_contain_text(template_pattern(template, named=False))
    match = template_pattern(template).search(locator.inner_text())
    assert match is not None, f"{locator} no longer shows {template!r}"
    return {name: int(value) for name, value in match.groupdict().items()}


@dataclass(frozen=True)
class ScoreLine:
    """The running score of an exercise player: exercises right at the first try, done,
    and in all (the catalog's ``score`` sentence)."""

    first_try: int
    done: int
    total: int

    def text(self, lang: str = LANG) -> str:
        """The line as the player writes it in ``lang``."""
        return explain.text("score", lang, first_try=self.first_try, done=self.done,
                            total=self.total)


def read_score(player: Locator, lang: str = LANG) -> ScoreLine:
    """The score line the player shows now (its words in ``lang``)."""
    values = read_template(player, explain.catalog(lang)["ui"]["score"])
    return ScoreLine(**values)


def expect_score(player: Locator, score: ScoreLine, lang: str = LANG) -> None:
    """The player shows exactly ``score`` in ``lang`` (waiting for the kernel's redraw)."""
    from playwright.sync_api import expect

    expect(player).to_contain_text(re.compile(re.escape(score.text(lang)) + r"(?!\d)"))


# ---------------------------------------------------------------------------- answers
@dataclass(frozen=True)
class Answer:
    """One answer to give an exercise in the browser and what the feedback must then say.

    Attributes:
        what: the answer in words, for failure messages.
        give: does the clicks (and typing) in the exercise player.
        says: texts the feedback must contain afterwards, each as the catalog writes it.
        solves: whether the answer solves the exercise (it then counts as done on the
            score line).
    """

    what: str
    give: Callable[[Locator], None]
    says: tuple[str, ...]
    solves: bool


def answer(player: Locator, given: Answer) -> None:
    """Give ``given`` in ``player`` and wait until the feedback says all it must."""
    from playwright.sync_api import expect

    given.give(player)
    feedback = player.locator(".bt-feedback")
    expect(feedback).to_have_attribute("role", "status")
    for words in given.says:
        expect(feedback, f"after {given.what}").to_contain_text(words)


def _button(player: Locator, name: str) -> Locator:
    """The button of ``player`` whose accessible name is ``name``, after the glyph of its
    icon if it has one (the name of an ipywidgets button with an icon starts with the
    icon font's private-use character, U+F00C for Check)."""
    return player.get_by_role("button", name=re.compile(r"^\W*" + re.escape(name) + "$"))


def _click_card(player: Locator, card: Card, lang: str) -> None:
    """Click ``card``, found by its spoken name as a screen reader would."""
    from playwright.sync_api import expect

    button = _button(player, explain.card_name(card, lang))
    expect(button).to_have_attribute("data-card", str(card))
    button.click()


def _type_and_check(player: Locator, fields: Sequence[tuple[str, str]], lang: str) -> None:
    """Type each ``(label, text)`` into the box labelled ``label``, then click Check."""
    for label, text in fields:
        player.get_by_label(label, exact=True).fill(text)
    _button(player, say("check", lang)).click()


def wrong_answer(scenario: Scenario, lang: str = LANG) -> Answer:
    """A wrong answer to ``scenario`` that the exercise explains, computed by the engine,
    its words in ``lang``.

    Raises:
        AssertionError: the scenario has no wrong answer to give (every card legal, every
            bid shown allowed and none taught...), or its kind is not answered here.
    """
    for kind, make in _WRONG.items():
        if isinstance(scenario, kind):
            return make(scenario, lang)
    raise AssertionError(f"scenario {scenario.id!r}: no wrong answer for kind "
                         f"{scenario.kind!r} in exercise_clicks")


def right_answer(scenario: Scenario, lang: str = LANG) -> Answer:
    """The right answer to ``scenario`` (the one the lesson teaches where it names one),
    computed by the engine, its words in ``lang``.

    Raises:
        AssertionError: its kind is not answered here.
    """
    for kind, make in _RIGHT.items():
        if isinstance(scenario, kind):
            return make(scenario, lang)
    raise AssertionError(f"scenario {scenario.id!r}: no right answer for kind "
                         f"{scenario.kind!r} in exercise_clicks")


# ------------------------------------------------------------ kind play (R3)
def _play_wrong(scenario: PlayScenario, lang: str) -> Answer:
    legal = scenario.legal_plays()
    illegal = [card for card in legal.hand if card not in legal]
    assert illegal, f"scenario {scenario.id!r}: every card of the hand is legal"
    card = illegal[0]
    allowed = explain.join_cards(legal.cards, lang, legal.trump)
    return Answer(
        what=f"the illegal card {card}",
        give=lambda player: _click_card(player, card, lang),
        says=(explain.text("wrong", lang, card=explain.card_short(card, lang),
                           the_card=explain.the_card(card, lang)),
              explain.position_title(legal, lang),
              explain.text("legal_are", lang, legal=allowed)),
        solves=False)


def right_card(scenario: PlayScenario) -> Card:
    """The card :func:`right_answer` plays in ``scenario``: its first legal card that is
    among the best cards it names (any legal card when it names none)."""
    legal = scenario.legal_plays()
    return next(c for c in legal.cards if not scenario.best or c in scenario.best)


def _play_right(scenario: PlayScenario, lang: str) -> Answer:
    legal = scenario.legal_plays()
    card = right_card(scenario)
    return Answer(
        what=f"the legal card {card}",
        give=lambda player: _click_card(player, card, lang),
        says=(explain.text("correct_best" if scenario.best else "correct", lang,
                           card=explain.card_short(card, lang),
                           the_card=explain.the_card(card, lang)),
              explain.position_title(legal, lang)),
        solves=True)


# ------------------------------------------------------------ kind trick (R1.5, R1.2, R1.3)
def _trick_wrong(scenario: TrickScenario, lang: str) -> Answer:
    trick = scenario.trick()
    master = trick.master
    assert master is not None
    card = next(c for c in trick.cards if c != master.card)
    return Answer(
        what=f"the card {card}, which does not win",
        give=lambda player: _click_card(player, card, lang),
        says=(explain.text("trick_wrong", lang, card=explain.card_short(card, lang),
                           the_card=explain.the_card(card, lang)),
              explain.trick_title(lang),
              # what would have been right: the winning card, by its player
              explain.seat_name(master.seat, lang), explain.card_short(master.card, lang)),
        solves=False)


def trick_right(trick: Trick, lang: str = LANG) -> Answer:
    """Click the card that wins ``trick`` (R1.5), then type its card points (R1.2, R1.3)
    and check: the answer of a ``trick`` exercise, in a lesson or a drill, in ``lang``."""
    from playwright.sync_api import expect

    master = trick.master
    assert master is not None, "the trick is empty"

    def give(player: Locator) -> None:
        _click_card(player, master.card, lang)
        found = explain.text("trick_correct", lang,
                             winner=explain.seat_name(master.seat, lang))
        expect(player.locator(".bt-feedback")).to_contain_text(found)
        _type_and_check(player, [(say("points_label", lang), str(trick.points))], lang)

    return Answer(what=f"the winning card {master.card}, then {trick.points} points",
                  give=give, says=(say("points_right", lang, points=trick.points),),
                  solves=True)


def _trick_right(scenario: TrickScenario, lang: str) -> Answer:
    return trick_right(scenario.trick(), lang)


# ------------------------------------------------------------ kind bid (R2.4, R2.5)
def _bids_shown(scenario: BidScenario) -> tuple[Bid, ...]:
    """The bids a player may say in the scenario's round, as the bidding box offers them:
    take or pass in round 1 (R2.4), a suit or pass in round 2 (R2.5)."""
    if scenario.round == 1:
        return (Bid.parse("take"), Bid.parse("pass"))
    return (*(Bid.parse(suit.value) for suit in Suit), Bid.parse("pass"))


def _round_rule(scenario: BidScenario) -> str:
    return "R2.4" if scenario.round == 1 else "R2.5"


def _click_bid(bid: Bid, lang: str) -> Callable[[Locator], None]:
    return lambda player: _button(player, bid_words(bid, lang)).click()


def _bid_wrong(scenario: BidScenario, lang: str) -> Answer:
    legal = {Bid.parse(b) for b in scenario.legal()}
    heading = rule_heading(_round_rule(scenario), lang)
    illegal = [b for b in _bids_shown(scenario) if b not in legal]
    if illegal:
        bid = illegal[0]
        allowed = tuple(bid_name(b, lang) for b in _bids_shown(scenario) if b in legal)
        return Answer(what=f"the illegal bid {bid}", give=_click_bid(bid, lang),
                      says=(heading, *allowed), solves=False)
    assert scenario.advice is not None, (
        f"scenario {scenario.id!r}: every bid shown is allowed and none is taught: no "
        "wrong answer to give")
    return untaught_bid(scenario, lang)


def untaught_bid(scenario: BidScenario, lang: str = LANG, bid: Bid | None = None) -> Answer:
    """A bid the rules allow but the lesson does not teach (not the scenario's
    ``advice``): ``bid``, else the first such bid shown; a wrong try, told with the advice
    and "try again" in ``lang``.

    Raises:
        AssertionError: the scenario teaches no bid, or ``bid`` is not allowed or is the
            advice, or every allowed bid is the advice.
    """
    assert scenario.advice is not None, f"scenario {scenario.id!r} teaches no bid"
    legal = {Bid.parse(b) for b in scenario.legal()}
    heading = rule_heading(_round_rule(scenario), lang)
    advice = Bid.parse(scenario.advice)
    if bid is None:
        bid = next(b for b in _bids_shown(scenario) if b in legal and b != advice)
    assert bid in legal and bid != advice, f"{bid} is not an allowed bid other than {advice}"
    return Answer(
        what=f"the bid {bid}, allowed but not the one taught ({advice})",
        give=_click_bid(bid, lang),
        says=(say("bid_not_advised", lang, bid=bid_name(bid, lang),
                  advice=bid_name(advice, lang)), heading, say("untaught_again", lang)),
        solves=False)


def _bid_right(scenario: BidScenario, lang: str) -> Answer:
    legal = sorted(scenario.legal())
    bid = Bid.parse(scenario.advice if scenario.advice is not None else legal[0])
    key = "bid_advised" if scenario.advice is not None else "bid_allowed"
    return Answer(what=f"the bid {bid}", give=_click_bid(bid, lang),
                  says=(say(key, lang, bid=bid_name(bid, lang)),), solves=True)


# ------------------------------------------------------------ kind announce (R4, R5.1)
def _belote_word(held: bool, lang: str) -> str:
    return say("answer_yes" if held else "answer_no", lang)


def _announce_wrong(scenario: AnnounceScenario, lang: str) -> Answer:
    found = scenario.found()
    names = [announcement_name(a, lang) for a in found]
    if found:
        engine = say("ann_engine", lang, total=sum(a.points for a in found),
                     list=join_words(names, lang))
    else:
        engine = say("ann_engine_none" if scenario.rules.announcements else "ann_engine_off",
                     lang)
    missing = tuple(say("ann_missing", lang, announcement=name,
                        rule="R4.2" if a.is_carre else "R4.1")
                    for a, name in zip(found, names, strict=True))

    def give(player: Locator) -> None:
        _button(player, _belote_word(not scenario.has_belote(), lang)).click()
        _button(player, say("check", lang)).click()

    return Answer(what="no combination and the belote the wrong way", give=give,
                  says=(say("ann_wrong", lang), *missing, engine), solves=False)


def _announce_right(scenario: AnnounceScenario, lang: str) -> Answer:
    from playwright.sync_api import expect

    found = scenario.found()

    def give(player: Locator) -> None:
        for announcement in found:
            for card in sorted(announcement.cards, key=str):
                _click_card(player, card, lang)
                expect(player.get_by_role("button", name=explain.card_name(card, lang),
                                          exact=True, pressed=True)).to_be_visible()
            _button(player, say("ann_add", lang)).click()
            hand = player.locator(".bt-part-hand")
            expect(hand.get_by_role("button", pressed=True)).to_have_count(0)
        _button(player, _belote_word(scenario.has_belote(), lang)).click()
        _button(player, say("check", lang)).click()

    listed = ", ".join(announcement_name(a, lang) for a in found) or "no announcement"
    return Answer(what=f"{listed}, belote {scenario.has_belote()}", give=give,
                  says=(say("ann_right", lang),), solves=True)


# ------------------------------------------------------------ kind compare (R4.5, R4.6)
def _compare_words(team: Team | None, points: int, lang: str) -> str:
    if team is None:
        return say("cmp_answer_nobody", lang, points=points)
    return say("cmp_answer", lang, team=team_word(team, lang), points=points)


def _compare_give(team: Team | None, points: int, lang: str) -> Callable[[Locator], None]:
    def give(player: Locator) -> None:
        label = say("nobody_cap", lang) if team is None else team_word(team, lang)
        _button(player, label).click()
        _type_and_check(player, [(say("cmp_points", lang), str(points))], lang)
    return give


def _compare_wrong(scenario: CompareScenario, lang: str) -> Answer:
    winner, points = scenario.result()
    team = Team.EW if winner is Team.NS else Team.NS
    return Answer(
        what=f"{team.value} scores {points}", give=_compare_give(team, points, lang),
        says=(say("cmp_wrong", lang, given=_compare_words(team, points, lang),
                  answer=_compare_words(winner, points, lang)), rule_heading("R4.5", lang)),
        solves=False)


def _compare_right(scenario: CompareScenario, lang: str) -> Answer:
    winner, points = scenario.result()
    return Answer(what=f"{winner} scores {points}", give=_compare_give(winner, points, lang),
                  says=(say("cmp_right", lang, answer=_compare_words(winner, points, lang)),),
                  solves=True)


# ------------------------------------------------------------ kind score (R6)
def _score_give(outcome: Outcome, ns: int, ew: int, lang: str) -> Callable[[Locator], None]:
    def give(player: Locator) -> None:
        label = explain.text("correct_rule", lang, title=outcome_word(outcome, lang),
                             rule_id=OUTCOME_RULES[outcome])
        _button(player, label).click()
        marks = [(say("score_mark", lang, team=team_word(team, lang)), str(mark))
                 for team, mark in ((Team.NS, ns), (Team.EW, ew))]
        _type_and_check(player, marks, lang)
    return give


def _score_right_words(scenario: ScoreScenario, lang: str) -> str:
    score = scenario.score()
    return say("score_answer", lang, outcome=outcome_word(score.outcome, lang),
               nous=score.marks[Team.NS], eux=score.marks[Team.EW])


def _score_wrong(scenario: ScoreScenario, lang: str) -> Answer:
    score = scenario.score()
    outcome = next(o for o in Outcome if o is not score.outcome)
    ns, ew = score.marks[Team.NS] + 10, score.marks[Team.EW]
    return Answer(
        what=f"{outcome.value} with the marks {ns} / {ew}", give=_score_give(outcome, ns, ew, lang),
        says=(say("score_wrong", lang),
              say("score_wrong_outcome", lang, given=outcome_word(outcome, lang),
                  outcome=outcome_word(score.outcome, lang),
                  rule=OUTCOME_RULES[score.outcome]),
              _score_right_words(scenario, lang)),
        solves=False)


def _score_right(scenario: ScoreScenario, lang: str) -> Answer:
    score = scenario.score()
    ns, ew = score.marks[Team.NS], score.marks[Team.EW]
    return Answer(what=f"{score.outcome.value} with the marks {ns} / {ew}",
                  give=_score_give(score.outcome, ns, ew, lang),
                  says=(say("score_right", lang), _score_right_words(scenario, lang)), solves=True)


_WRONG: dict[type, Callable[[Any, str], Answer]] = {
    PlayScenario: _play_wrong, TrickScenario: _trick_wrong, BidScenario: _bid_wrong,
    AnnounceScenario: _announce_wrong, CompareScenario: _compare_wrong,
    ScoreScenario: _score_wrong,
}
_RIGHT: dict[type, Callable[[Any, str], Answer]] = {
    PlayScenario: _play_right, TrickScenario: _trick_right, BidScenario: _bid_right,
    AnnounceScenario: _announce_right, CompareScenario: _compare_right,
    ScoreScenario: _score_right,
}


# ---------------------------------------------------------------------------- the flow
def wrong_then_right(page: Page, notebook: str, lang: str = LANG, index: int = 0) -> Scenario:
    """Answer the first exercise of the exercise player number ``index`` (0: the first,
    drills not counted) of ``notebook`` (open in ``page``) wrong, then right, checking the
    feedback of each and the score line, in ``lang`` (the notebook's language).

    The score line must first show the exercise not done (a test that answered it
    earlier in the session would hide the change); after the wrong answer (an allowed bid
    that the lesson does not teach included) it still counts the exercise not done; after
    the right one it counts it done, and not right at the first try.

    Returns:
        The scenario answered.
    """
    from playwright.sync_api import expect

    shown = exercise_cells(notebook)[index].scenarios()
    scenario = shown[0]
    wrong, right = wrong_answer(scenario, lang), right_answer(scenario, lang)
    player = find_player(page, index)
    expect_first_exercise(player, scenario, len(shown), lang)
    expect(player.locator(".bt-feedback"), (
        f"exercise {scenario.id!r} was answered earlier in this session")).to_have_text("")
    before = read_score(player, lang)
    answer(player, wrong)
    expect_score(player, ScoreLine(before.first_try, before.done + wrong.solves,
                                   before.total), lang)
    answer(player, right)
    expect_score(player, ScoreLine(before.first_try, before.done + 1, before.total), lang)
    return scenario


def barrier(player: Locator, lang: str = LANG) -> None:
    """Return once the kernel has finished handling every earlier click of ``player``:
    ask for the hint and wait for it. The kernel handles a page's messages one at a time,
    so the hint's answer comes after the earlier handlers ended (an answer's save to the
    progress file included, which follows the redraw)."""
    from playwright.sync_api import expect

    _button(player, explain.text("hint", lang)).click()
    expect(player.locator(".bt-feedback")).to_contain_text(explain.text("hint_title", lang))


# ---------------------------------------------------------------------------- drills
def drill_trick(drill: Locator, lang: str = LANG) -> Trick:
    """The pli a ``trick-winner`` drill shows, read from its table: the card of each seat
    (the table is drawn from South, so each seat sits in its own area), the seat whose
    card is tagged first (a drill's pli stands alone: "card 1", not the entame of R8),
    and the atout named on its chip (R1.5: the order of play after the lead goes
    counter-clockwise, :attr:`Seat.next`)."""
    from playwright.sync_api import expect

    table = drill.locator(".bt-part-table")
    expect(table.locator("button[data-card]")).to_have_count(4)
    cards: dict[Seat, Card] = {}
    leader: Seat | None = None
    for seat in Seat:
        area = table.locator(f".bt-seat-{seat.value}")
        cards[seat] = Card.parse(area.locator("button[data-card]").get_attribute("data-card")
                                 or "")
        tags = area.locator(".bt-tag").all_inner_texts()
        if lead_tag(False, lang) in tags:
            leader = seat
    assert leader is not None, "no card of the drill's pli is tagged as the first"
    chip = table.locator(".bt-chip", has_text=explain.text("trump", lang))
    trump = Suit.parse(chip.locator(".bt-big").inner_text().strip())
    order = [leader]
    while len(order) < 4:
        order.append(order[-1].next)
    return Trick(trump, leader, [cards[seat] for seat in order])


def untried_player(kind: type[Scenario], notebooks: Sequence[str]
                   ) -> tuple[str, int, Scenario, int]:
    """The last exercise player (past the first one of its lesson, which the lesson tests
    answer) of the first of ``notebooks`` that has one whose first exercise is of
    ``kind``, has a wrong answer and was not tried yet in the session's record (another
    test may have answered the same exercise in another player): its notebook, index,
    scenario and number of exercises.

    Raises:
        AssertionError: no such player in ``notebooks``.
    """
    for notebook in notebooks:
        cells = exercise_cells(notebook)
        for index in range(len(cells) - 1, 0, -1):
            shown = cells[index].scenarios()
            lesson = cells[index].path.stem
            tried = CourseProgress().exercise_results(lesson)   # by other tests, maybe
            if isinstance(shown[0], kind) and shown[0].id not in tried:
                try:
                    wrong_answer(shown[0])
                except AssertionError:
                    continue
                return notebook, index, shown[0], len(shown)
    raise AssertionError(f"no lesson shows a {kind.__name__} first in a later player")
