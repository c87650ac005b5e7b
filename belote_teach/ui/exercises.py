"""One exercise of the scenario player per scenario kind: what the learner may click or
enter, whether an answer is right, and how the exercise is drawn after each try.

This module holds the base every kind shares (:class:`Exercise`, the learner's
:class:`Progress`, :class:`Invalid` input, the number box and the Check button) and the
two kinds answered on the cards themselves: ``play`` (click a card you may play, R3) and
``trick`` (click the winning card, R1.5, then count its card points, R1.2, R1.3). The
other kinds live in :mod:`~belote_teach.ui.exercise_bid`,
:mod:`~belote_teach.ui.exercise_announce`, :mod:`~belote_teach.ui.exercise_score`,
:mod:`~belote_teach.ui.exercise_deal` and :mod:`~belote_teach.ui.exercise_game`.

Every exercise asks the engine (the scenario model computes every answer) and takes its
sentences from ``explain``; none decides a rule itself.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.scenarios import PlayScenario, Scenario, TrickScenario
from belote_teach.engine.cards import (
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    Rank,
    Seat,
    Team,
    points,
)
from belote_teach.engine.rules import LegalPlays
from belote_teach.engine.trick import Trick
from belote_teach.render.exercises import say, team_word
from belote_teach.ui.shared import lean

__all__ = [
    "LEARNER",
    "Drawing",
    "Exercise",
    "Invalid",
    "PlayExercise",
    "Progress",
    "Refresh",
    "Submit",
    "TrickExercise",
    "check_button",
    "choice_and_numbers",
    "number_box",
    "points_orders",
    "read_team_numbers",
    "read_whole",
    "words",
]

#: The learner's seat: at the bottom of the table, in team Nous (NS).
LEARNER = Seat.SOUTH

#: The most digits a typed number of points may have (marks reach a few hundred points).
_MAX_DIGITS = 4


# ------------------------------------------------------------------------ learner input
@dataclass(frozen=True)
class Invalid:
    """Input that is not an answer yet (an empty box, a word where a number goes, cards
    picked but not added): the player shows why and changes nothing else.

    Attributes:
        key: the sentence of the catalogs' ``exercises`` section that says what to do.
        values: its placeholders: text, numbers, a :class:`~belote_teach.engine.cards.Card`, a
            tuple of cards or a :class:`~belote_teach.engine.cards.Team`, written in the
            learner's language when shown.
    """

    key: str
    values: Mapping[str, object] = field(default_factory=dict, hash=False)

    def text(self, lang: str) -> str:
        """The message in ``lang``.

        Raises:
            ValueError: unknown language.
        """
        return say(self.key, lang, **{k: words(v, lang) for k, v in self.values.items()})


def words(value: object, lang: str) -> str:
    """A value as a sentence shows it in ``lang``: a card ``"V♥"``, cards held together
    ``"V♥, 9♥ et A♥"``, a team ``"Nous (Nord-Sud)"``, anything else as ``str``."""
    if isinstance(value, Card):
        return explain.card_short(value, lang)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
        return explain.join_cards(value, lang, word="and")
    if isinstance(value, Team):
        return team_word(value, lang)
    return str(value)


#: What a control calls with the learner's answer (or an :class:`Invalid` input).
Submit = Callable[[object], None]
#: What a control calls after changing what is drawn without answering (a card picked).
Refresh = Callable[[], None]


def read_whole(text: str, empty: Invalid, *, high: int | None = None,
               out_of_range: Invalid | None = None) -> int | Invalid:
    """A number of points typed by the learner: a whole number, 0 or more.

    Args:
        text: the box's content (spaces around it are ignored).
        empty: what to say when the box is empty.
        high: the most points the answer can be (the engine's limit for the question,
            e.g. :attr:`~belote_teach.engine.scoring.ScoreBreakdown.mark_limit`);
            ``None``: no limit but the four digits of a mark.
        out_of_range: with ``high``, what to say of a whole number below 0 or above
            ``high`` (its values gain ``text``, the number as typed, and ``high``).

    Returns:
        The number, or an :class:`Invalid` saying what is wrong: ``empty``; with
        ``high``, ``out_of_range`` for a whole number outside 0 to ``high`` (``-20``,
        ``99999``); else ``not_a_number`` quoting the text (letters, a decimal point, and
        without ``high`` a sign or more than four digits).
    """
    raw = text.strip()
    if not raw:
        return empty
    if high is not None and out_of_range is not None and re.fullmatch(r"[-+−]?\d+", raw):
        value = int(raw.replace("−", "-"))
        if not 0 <= value <= high:
            return Invalid(out_of_range.key, {**out_of_range.values, "text": raw,
                                              "high": high})
        return value
    if not re.fullmatch(rf"\d{{1,{_MAX_DIGITS}}}", raw):
        return Invalid("not_a_number", {"text": raw})
    return int(raw)


def number_box() -> widgets.Text:
    """An empty text box for a number of points, labelled by its ``description`` (the
    owner sets it in the learner's language). A text box, not an integer one, so that
    "nothing typed yet" differs from 0."""
    box = lean(widgets.Text, value="", layout={"width": "auto", "margin": "2px 12px 2px 0"},
               style={"description_width": "initial"})
    box.add_class("bt-number")   # a box 6 digits wide whatever the label's length (style.css)
    return box


def read_team_numbers(boxes: Mapping[Team, widgets.Text], empty_key: str, *,
                      high: int | None = None, range_key: str | None = None
                      ) -> dict[Team, int] | Invalid:
    """Each team's number read from its box (:func:`read_whole`), or the first problem:
    ``Invalid(empty_key, {"team": team})`` for an empty box; with ``high`` and
    ``range_key``, ``Invalid(range_key, {"team": team, "text": ..., "high": high})`` for a
    whole number outside 0 to ``high`` (the box named by its team); ``not_a_number``
    otherwise."""
    numbers: dict[Team, int] = {}
    for team, box in boxes.items():
        outside = Invalid(range_key, {"team": team}) if range_key is not None else None
        number = read_whole(box.value, Invalid(empty_key, {"team": team}), high=high,
                            out_of_range=outside)
        if isinstance(number, Invalid):
            return number
        numbers[team] = number
    return numbers


def choice_and_numbers(choice: widgets.Widget, boxes: Mapping[Team, widgets.Text],
                       check: widgets.Button) -> widgets.VBox:
    """The controls of an exercise answered by a choice and one number per team: the
    choice above, the two boxes and the "Check" button in a row under it."""
    row = lean(widgets.HBox, [*boxes.values(), check],
               layout={"flex_flow": "row wrap", "align_items": "center"})
    box = lean(widgets.VBox, [choice, row], layout={"margin": "6px 0 0 0"})
    box.add_class("bt-quiz-controls")
    return box


def check_button() -> widgets.Button:
    """The "Check" button of an exercise (its owner sets the description's language)."""
    return lean(widgets.Button, icon="check", button_style="info")


# ------------------------------------------------------------------------ progress
@dataclass
class Progress:
    """What the learner did on one exercise.

    Attributes:
        tries: this session's answers, in order (a :class:`~belote_teach.engine.cards.Card`, a
            number of points, a bid, ... depending on the kind), exploring after solving
            included.
        solved: the exercise was answered right (both parts for a ``trick``).
        first_try: it was answered right with the first answer(s), each the one the
            lesson teaches.
        hint: the hint is shown.
        counted: answers given until solved, earlier sessions included: the ``tries`` of
            :meth:`result`.
        earlier: the exercise was restored from an earlier session's result.
        notice: the last input that was not an answer, shown until the next answer.
        judged_at: :attr:`counted` right after the last answer was counted (-1 before
            any): while it is still the count, the same answer again is no new try.
    """

    tries: list[object] = field(default_factory=list)
    solved: bool = False
    first_try: bool = False
    hint: bool = False
    counted: int = 0
    earlier: bool = False
    notice: Invalid | None = None
    judged_at: int = -1

    @property
    def last(self) -> object | None:
        """The last answer, or ``None``."""
        return self.tries[-1] if self.tries else None

    def result(self) -> dict[str, object]:
        """The JSON-friendly result: ``{"solved": bool, "first_try": bool, "tries": int}``."""
        return {"solved": self.solved, "first_try": self.first_try, "tries": self.counted}


@dataclass(frozen=True)
class Drawing:
    """The three parts of the card board (HTML strings from ``render``)."""

    table_html: str
    hand_html: str
    feedback_html: str


# ------------------------------------------------------------------------ the base
#: The scenario class an exercise shows (``Exercise[BidScenario]``: ``scenario`` is a bid).
_ScenarioT = TypeVar("_ScenarioT", bound=Scenario)


class Exercise(abc.ABC, Generic[_ScenarioT]):
    """One scenario put to the learner: clicks on the board's cards and/or answer
    controls (ipywidgets) under it, checked by the engine.

    Subclasses give :meth:`is_right`, :meth:`hint`, :meth:`solution`, :meth:`board` and
    :meth:`verdict_html`; kinds with controls override :meth:`_build_controls` and
    :meth:`update_controls`, kinds answered in several parts :meth:`solved_by` and
    :meth:`first_try_by`.
    """

    #: catalog key (``ui`` section) of the question shown when the scenario has no prompt
    default_prompt: str = "prompt_default"

    def __init__(self, scenario: _ScenarioT):
        self.scenario: _ScenarioT = scenario
        self._controls: widgets.Widget | None = None
        self._built = False

    @property
    def id(self) -> str:
        """The scenario's id."""
        return self.scenario.id

    def prompt(self, lang: str) -> str:
        """The question in ``lang``: the scenario's prompt, else the kind's default one."""
        return self.scenario.prompt.get(lang) or explain.text(self.default_prompt, lang)

    # ---------------------------------------------------------------- input
    def choices(self) -> tuple[Card, ...]:
        """The cards the learner can click on the board (none by default)."""
        return ()

    def on_card(self, card: Card) -> object | None:
        """What a click on ``card`` (one of :meth:`choices`) means: the answer it gives,
        or ``None`` when it only changes the exercise's own input (a card picked)."""
        return card

    def controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget | None:
        """The exercise's answer controls, built once (``None``: the cards are enough).

        Args:
            submit: called with the learner's answer or an :class:`Invalid` input.
            refresh: called after a change that is not an answer.
        """
        if not self._built:
            self._controls = self._build_controls(submit, refresh)
            self._built = True
        return self._controls

    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget | None:
        return None

    def update_controls(self, progress: Progress, lang: str) -> None:
        """Relabel the controls in ``lang`` and show or hide them for ``progress`` (nothing
        to do for a kind without controls)."""
        return None

    # ---------------------------------------------------------------- checking
    @abc.abstractmethod
    def is_right(self, answer: object) -> bool:
        """Whether ``answer`` (a card clicked, a bid, ...) is allowed: the rules accept it
        (a legal card, a legal bid) or, for a kind without a taught answer, it is the
        answer."""

    def is_best(self, answer: object) -> bool:
        """Whether ``answer`` is the one the lesson teaches (SCENARIOS.md: a play's
        ``best``, a bid's ``advice``); by default any right answer. Only such an answer
        solves the exercise."""
        return self.is_right(answer)

    def verdict(self, answer: object) -> str:
        """How ``answer`` is marked, the same for every kind (a message kind of
        :func:`~belote_teach.render.message_html`): ``"ok"`` (✓, green) for the answer
        taught (:meth:`is_best`), ``"better"`` (⚠, amber) for one allowed but not taught,
        ``"bad"`` (✗, red) otherwise."""
        if self.is_best(answer):
            return "ok"
        return "better" if self.is_right(answer) else "bad"

    def solved_by(self, answers: Sequence[object]) -> bool:
        """Whether the answers so far (at least one) solve the exercise: by default, the
        last one is the answer taught (:meth:`is_best`); an answer allowed but not taught
        is a wrong try."""
        return self.is_best(answers[-1])

    def first_try_by(self, answers: Sequence[object]) -> bool:
        """Whether ``answers``, which just solved the exercise, were right at first try:
        by default, a single answer that the lesson teaches."""
        return len(answers) == 1 and self.is_best(answers[0])

    def record(self, progress: Progress, answer: object) -> bool:
        """Add the learner's ``answer`` to ``progress``.

        The same answer as the try just before, the exercise not yet solved and no answer
        counted since (on another page either), is not a new try (a double click, or a
        click again on the answer just judged): nothing is added, so it can neither count
        a wrong try twice nor spoil a first try.

        Returns:
            Whether the result (:meth:`Progress.result`) changed: every new answer until
            the exercise is solved, none after (exploring).
        """
        progress.notice = None
        if (not progress.solved and progress.last == answer
                and progress.judged_at == progress.counted):
            return False
        progress.tries.append(answer)
        if progress.solved:
            return False
        progress.counted += 1
        progress.judged_at = progress.counted
        if self.solved_by(progress.tries):
            progress.solved = True
            progress.first_try = (progress.counted == len(progress.tries)
                                  and self.first_try_by(progress.tries))
        return True

    # ---------------------------------------------------------------- drawing
    @abc.abstractmethod
    def hint(self, lang: str) -> str:
        """A question pointing at the deciding fact, without the answer."""

    @abc.abstractmethod
    def solution(self, lang: str) -> str:
        """The right answer in one or two sentences (shown for an exercise done in an
        earlier session)."""

    @abc.abstractmethod
    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        """The board's ``(table_html, hand_html)`` after the learner's answers so far."""

    @abc.abstractmethod
    def verdict_html(self, progress: Progress, lang: str) -> str:
        """The feedback on the last answer (``progress.tries`` is not empty)."""

    def draw(self, progress: Progress, lang: str) -> Drawing:
        """The board after the learner's answers so far: the exercise's drawing and the
        feedback (hint, the last input refused, the verdict on the last answer, or what
        an earlier session did)."""
        table, hand = self.board(progress, lang)
        parts = [self._hint_html(progress, lang)]
        if progress.notice is not None:
            parts.append(render.message_html("info", progress.notice.text(lang)))
        if progress.tries:
            parts.append(self.verdict_html(progress, lang))
        elif progress.earlier:
            parts.append(self._earlier_html(progress, lang))
        return Drawing(table_html=table, hand_html=hand, feedback_html="".join(parts))

    def _hint_html(self, progress: Progress, lang: str) -> str:
        if not progress.hint:
            return ""
        return render.message_html("info", explain.text("hint_title", lang), [self.hint(lang)])

    def _earlier_html(self, progress: Progress, lang: str) -> str:
        if progress.solved:
            head = say("earlier_first_try" if progress.first_try else "earlier_solved", lang)
            return render.message_html("ok", head,
                                       [say("answer", lang, answer=self.solution(lang))])
        key = explain.plural_key("earlier_tried", progress.counted, lang)
        return render.message_html("info", say(key, lang, tries=progress.counted))


# ------------------------------------------------------------------------ kind: play
class PlayExercise(Exercise[PlayScenario]):
    """Kind ``play``: "which card may you play?" (R3). Without ``best`` any legal card
    solves it; when the scenario names a ``best`` card (the good play the lesson teaches,
    often an R9 tip), only a best card does: another legal card is allowed but a wrong
    try, marked ⚠, told with the better card, the rule and the tip of the scenario's
    ``source``, and the learner tries again.
    """

    def __init__(self, scenario: PlayScenario):
        super().__init__(scenario)
        self.best: tuple[Card, ...] = tuple(scenario.best)
        self.legal: LegalPlays = scenario.legal_plays()

    def choices(self) -> tuple[Card, ...]:
        return self.legal.hand

    def is_right(self, answer: object) -> bool:
        return isinstance(answer, Card) and self.legal.verdict(answer).legal

    def is_best(self, answer: object) -> bool:
        return self.is_right(answer) and (not self.best or answer in self.best)

    def hint(self, lang: str) -> str:
        return explain.hint(self.legal, lang)

    def solution(self, lang: str) -> str:
        legal = self.legal
        allowed = explain.join_cards(legal.cards, lang, legal.trump)
        if self.best:                   # the card the lesson teaches, then what is allowed
            return explain.text("example_best", lang, legal=allowed,
                                best=explain.join_cards(self.best, lang, legal.trump))
        return explain.text("example_legal", lang, legal=allowed)

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        legal, last = self.legal, progress.last
        trick: Trick = legal.trick
        states: dict[Card, str] = {}
        hand = list(legal.hand)
        if isinstance(last, Card) and self.is_best(last):
            trick = trick.copy()
            trick.play(last, legal.hand, legal.rules)  # the learner's card goes on the table
            hand.remove(last)
        elif isinstance(last, Card):  # the card tried marked, the legal ones highlighted
            states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
            states[last] = "untaught" if last in legal else "wrong"     # ⚠ allowed, ✗ not
        return (render.table_html(trick, legal.seat, lang),
                render.hand_html(hand, lang, states=states, trump=legal.trump))

    def _tips(self, lang: str) -> list[str]:
        """The R9 tips the scenario's ``source`` names ("R9 tip 4; R3.3"), each with its
        text: why the lesson teaches its ``best`` card."""
        numbers = re.findall(r"\bR9 tips? (\d+)", self.scenario.source or "")
        return [say("bid_tip", lang, n=n, tip=say(f"tips.{n}", lang))
                for n in dict.fromkeys(numbers)]

    def verdict_html(self, progress: Progress, lang: str) -> str:
        last = progress.last
        assert isinstance(last, Card)
        legal = self.legal
        title = explain.position_title(legal, lang)
        names = {"card": explain.card_short(last, lang), "the_card": explain.the_card(last, lang)}
        if last not in legal:
            allowed = explain.join_cards(legal.cards, lang, legal.trump)
            return render.message_html("bad", explain.text("wrong", lang, **names), [
                title, explain.explain_card(legal, last, lang),
                explain.text("legal_were" if progress.solved else "legal_are", lang,
                             legal=allowed),
            ])
        if not self.is_best(last):
            best = explain.join_cards(self.best, lang, legal.trump)
            head = explain.text("better", lang, best=best)
            return render.message_html("better", head, [
                title, explain.explain_rule(legal, lang), *self._tips(lang),
                "" if progress.solved else say("untaught_again", lang)])
        if self.best:                   # allowed, and the card the lesson teaches: why
            return render.message_html("ok", explain.text("correct_best", lang, **names), [
                title, explain.explain_rule(legal, lang), *self._tips(lang)])
        return render.message_html("ok", explain.text("correct", lang, **names),
                                   [title, explain.explain_rule(legal, lang)])


# ------------------------------------------------------------------------ kind: trick
def points_orders(lang: str) -> str:
    """The card points of every rank, atout then the other suits, from the engine's tables
    (R1.2, R1.3): "Atouts count J 20, 9 14, A 11, … (R1.2); the other suits A 11, …"."""
    def values(order: tuple[Rank, ...], table: Mapping[Rank, int]) -> str:
        return ", ".join(f"{explain.rank_short(rank, lang)} {table[rank]}" for rank in order)

    return say("points_orders", lang, trump_values=values(TRUMP_ORDER, TRUMP_POINTS),
               plain_values=values(PLAIN_ORDER, PLAIN_POINTS))


class TrickExercise(Exercise[TrickScenario]):
    """Kind ``trick``: who wins this trick (R1.5), and for how many card points (R1.2,
    R1.3). The learner first clicks the winning card on the table; once it is found, a
    box asks for the trick's card points, checked and explained card by card. Solved when
    both are right; right at first try when each was right the first time.

    Attributes:
        trick: the complete :class:`~belote_teach.engine.trick.Trick`.
        points_input: the box for the card points (built with the controls).
        check_button: the button that checks them.
    """

    default_prompt = "trick_prompt_default"

    def __init__(self, scenario: TrickScenario):
        super().__init__(scenario)
        self.trick: Trick = scenario.trick()
        self.points_input: widgets.Text | None = None
        self.check_button: widgets.Button | None = None
        self._open = False

    def choices(self) -> tuple[Card, ...]:
        return self.trick.cards

    def is_right(self, answer: object) -> bool:
        if isinstance(answer, Card):
            master = self.trick.master
            return master is not None and master.card == answer
        return answer == self.trick.points

    def _right_card(self, answers: Sequence[object]) -> bool:
        return any(isinstance(a, Card) and self.is_right(a) for a in answers)

    def solved_by(self, answers: Sequence[object]) -> bool:
        return self._right_card(answers) and any(
            isinstance(a, int) and self.is_right(a) for a in answers)

    def first_try_by(self, answers: Sequence[object]) -> bool:
        cards = [a for a in answers if isinstance(a, Card)]
        counts = [a for a in answers if isinstance(a, int)]
        return (len(cards) == 1 and len(counts) == 1 and self.is_right(cards[0])
                and self.is_right(counts[0]))

    def winner_found(self, progress: Progress) -> bool:
        """Whether the learner has clicked the winning card (or solved it earlier)."""
        return progress.solved or self._right_card(progress.tries)

    # ---------------------------------------------------------------- controls
    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        self.points_input = number_box()
        self.check_button = check_button()

        def check(_: widgets.Button) -> None:
            assert self.points_input is not None
            if not self._open:
                submit(Invalid("points_winner_first"))
                return
            submit(read_whole(self.points_input.value, Invalid("points_empty")))

        self.check_button.on_click(check)
        box = widgets.HBox([self.points_input, self.check_button],
                           layout=widgets.Layout(align_items="center", margin="6px 0 0 0"))
        box.add_class("bt-quiz-controls")
        return box

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self.points_input is None or self.check_button is None or self._controls is None:
            return
        self._open = self.winner_found(progress)
        self.points_input.description = say("points_label", lang)
        self.points_input.placeholder = say("points_placeholder", lang)
        self.check_button.description = say("check", lang)
        self._controls.layout.display = None if self._open else "none"

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return explain.trick_hint(lang) + " " + points_orders(lang)

    def solution(self, lang: str) -> str:
        master = self.trick.master
        assert master is not None
        return explain.text(explain.plural_key("trick_winner", self.trick.points, lang), lang,
                            winner=explain.seat_name(master.seat, lang),
                            card=explain.card_short(master.card, lang),
                            the_card=explain.the_card(master.card, lang),
                            points=self.trick.points)

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        states: dict[Card, str] = {card: "" for card in self.trick.cards}
        last_card = next((a for a in reversed(progress.tries) if isinstance(a, Card)), None)
        if last_card is not None:
            states[last_card] = "right" if self.is_right(last_card) else "wrong"
        table = render.table_html(self.trick, LEARNER, lang, clickable=True, states=states,
                                  master_state=self.winner_found(progress))
        return table, ""

    def verdict_html(self, progress: Progress, lang: str) -> str:
        last = progress.last
        if isinstance(last, Card):
            return self._card_html(last, progress, lang)
        assert isinstance(last, int)
        return self._points_html(last, lang)

    def _card_html(self, card: Card, progress: Progress, lang: str) -> str:
        master = self.trick.master
        assert master is not None
        title = explain.trick_title(lang)
        why = explain.explain_trick_card(self.trick, card, LEARNER, lang,
                                         with_points=progress.solved)
        if self.is_right(card):
            head = explain.text("trick_correct", lang,
                                winner=explain.seat_name(master.seat, lang))
            more = [] if progress.solved else [say("points_ask", lang)]
            return render.message_html("ok", head, [title, why, *more])
        head = explain.text("trick_wrong", lang, card=explain.card_short(card, lang),
                            the_card=explain.the_card(card, lang))
        return render.message_html("bad", head, [title, why])

    def _points_html(self, given: int, lang: str) -> str:
        trick = self.trick
        detail = " + ".join(
            say("points_card_atout" if card.suit is trick.trump else "points_card", lang,
                card=explain.card_short(card, lang), points=points(card, trick.trump))
            for card in trick.cards)
        total = say("points_sum", lang, detail=detail, points=trick.points)
        title = say("points_title", lang)
        if given == trick.points:
            right = explain.plural_key("points_right", trick.points, lang)
            return render.message_html("ok", say(right, lang, points=trick.points),
                                       [title, total])
        lines = [title, total, points_orders(lang)]
        if given == trick.points + DIX_DE_DER:
            lines.append(say("points_der", lang, der=DIX_DE_DER))
        wrong = explain.plural_key("points_wrong", trick.points, lang)
        return render.message_html("bad", say(wrong, lang, given=given, points=trick.points),
                                   lines)

