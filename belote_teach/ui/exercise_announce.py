"""Kinds ``announce`` and ``compare`` of the scenario player: the announcements of a hand
(R4.1–R4.3, belote R5.1) and which team scores them (R4.5, R4.6).

``announce``: the learner builds each combination from the 8 cards of the hand (the
card buttons are toggles: click the cards, then "Add this combination"), says whether the
hand holds the belote and checks. Each combination is judged with the engine
(:meth:`Announcement.from_cards <belote_teach.engine.announcements.Announcement.from_cards>`
and its refusal's ``reason``, :func:`~belote_teach.engine.announcements.validate_declaration`
for a card used twice, and the best reading of the hand,
:func:`~belote_teach.engine.announcements.find_announcements`): right with its value, or wrong
with the reason (not a run, four 8s, a card used twice, part of a longer run, a card
worth more elsewhere); then the missing ones, the belote, and the engine's list.

``compare``: both teams' announcements are shown; the learner picks the team that scores
(Nous, Eux or nobody) and its points; the feedback says which best announcement beats
which and why (R4.5, the engine's
:func:`~belote_teach.engine.announcements.stronger_announcement` and its criterion) and
that the winner scores ALL its announcements (R4.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.scenarios import AnnounceScenario, CompareScenario
from belote_teach.engine.announcements import (
    Announcement,
    AnnouncementFault,
    Criterion,
    belote_cards,
    best_announcement,
    stronger_announcement,
    validate_declaration,
)
from belote_teach.engine.cards import SEQUENCE_ORDER, Card, Suit, Team
from belote_teach.engine.errors import FalseAnnouncementError
from belote_teach.explain.calls import announcement_name
from belote_teach.render.exercises import (
    combinations_html,
    join_words,
    rule_heading,
    say,
    team_announcements_html,
    team_word,
)
from belote_teach.ui.exercises import (
    Exercise,
    Invalid,
    Progress,
    Refresh,
    Submit,
    check_button,
    number_box,
    read_whole,
)
from belote_teach.ui.shared import lean

__all__ = ["AnnounceAnswer", "AnnounceExercise", "CompareAnswer", "CompareExercise", "Judged"]


def _rule_of(announcement: Announcement) -> str:
    """The rule that gives an announcement its value: R4.2 for a carré, R4.1 otherwise."""
    return "R4.2" if announcement.is_carre else "R4.1"


def _as_shown(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards as a combination is read: suit by suit (S H D C), each suit from its top card
    down in sequence order (R1.6): ``K♠ Q♠ J♠``, a carré ``Q♠ Q♥ Q♦ Q♣``."""
    suits = list(Suit)
    return tuple(sorted(cards, key=lambda c: (suits.index(c.suit),
                                              -SEQUENCE_ORDER.index(c.rank))))


def _cards_text(cards: Sequence[Card], lang: str) -> str:
    return " ".join(explain.card_short(c, lang) for c in cards)


# ------------------------------------------------------------------------ kind: announce
@dataclass(frozen=True)
class AnnounceAnswer:
    """The learner's announcements: the combinations built (each a tuple of cards, in
    the order added) and whether they say the hand holds the belote."""

    combinations: tuple[tuple[Card, ...], ...]
    belote: bool


@dataclass(frozen=True)
class Judged:
    """One combination of the learner, judged against the engine.

    Attributes:
        cards: the cards the learner put together.
        right: it is one of the hand's announcements in its best reading (R4.1–R4.3).
        key: the sentence that says so or why not (``exercises`` section).
        announcement: what the cards make, ``None`` when they make nothing.
        card: the card at fault (used twice, or worth more elsewhere), if any.
        other: the announcement it collides with or belongs to, if any.
    """

    cards: tuple[Card, ...]
    right: bool
    key: str
    announcement: Announcement | None = None
    card: Card | None = None
    other: Announcement | None = None

    def text(self, lang: str) -> str:
        """The line of the feedback in ``lang`` (✓ or ✗, the cards, the rule)."""
        made = self.announcement
        return say(self.key, lang, cards=_cards_text(self.cards, lang),
                   announcement=announcement_name(made, lang) if made else "",
                   rule=_rule_of(made) if made else "",
                   card=explain.card_short(self.card, lang) if self.card else "",
                   other=announcement_name(self.other, lang) if self.other else "")


#: The sentence that says why the engine refused cards as an announcement
#: (:meth:`Announcement.from_cards <belote_teach.engine.announcements.Announcement.from_cards>`),
#: by the refusal's reason.
_NO_COMBINATION: dict[AnnouncementFault, str] = {
    AnnouncementFault.CARRE_NOT_COUNTED: "ann_low_carre",     # four 8s or four 7s (R4.2)
    AnnouncementFault.TOO_SHORT: "ann_short",
    AnnouncementFault.NOT_IN_SEQUENCE: "ann_not_in_row",      # a gap, no wrap-around (R1.6)
    AnnouncementFault.MIXED_SUITS: "ann_mixed",
}


class AnnounceExercise(Exercise[AnnounceScenario]):
    """Kind ``announce``: what does this hand announce, and does it hold the belote?

    Attributes:
        found: the engine's announcements of the hand, strongest first, with their cards
            (none when the rules turn announcements off).
        belote: whether the hand holds the king and queen of atout (R5.1).
        picked: the cards picked for the next combination.
        built: the combinations added so far.
        add_button, remove_button, belote_choice, check_button: the controls (built with
            them): add the picked cards as a combination, remove the last one, say
            belote yes / no, check.
    """

    def __init__(self, scenario: AnnounceScenario):
        super().__init__(scenario)
        self.found: tuple[Announcement, ...] = scenario.found()
        self.belote: bool = scenario.has_belote()
        self.picked: list[Card] = []
        self.built: list[tuple[Card, ...]] = []
        self.add_button: widgets.Button | None = None
        self.remove_button: widgets.Button | None = None
        self.belote_choice: widgets.ToggleButtons | None = None
        self.check_button: widgets.Button | None = None

    def prompt(self, lang: str) -> str:
        return self.scenario.prompt.get(lang) or say("ann_prompt", lang)

    # ---------------------------------------------------------------- input
    def choices(self) -> tuple[Card, ...]:
        return self.scenario.hand

    def on_card(self, card: Card) -> object | None:
        """Pick ``card`` for the next combination, or put it back if picked."""
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        return None

    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        self.add_button = lean(widgets.Button, icon="plus", layout={"width": "auto"})
        self.remove_button = lean(widgets.Button, icon="undo", layout={"width": "auto"})
        self.belote_choice = lean(widgets.ToggleButtons, options=[("yes", True), ("no", False)],
                                  value=None, style={"description_width": "initial"})
        self.check_button = check_button()

        def add(_: widgets.Button) -> None:
            if not self.picked:
                submit(Invalid("ann_pick_first"))
                return
            self.built.append(_as_shown(self.picked))
            self.picked.clear()
            refresh()

        def remove(_: widgets.Button) -> None:
            if not self.built:
                submit(Invalid("ann_remove_none"))
                return
            self.built.pop()
            refresh()

        def check(_: widgets.Button) -> None:
            assert self.belote_choice is not None
            if self.picked:
                submit(Invalid("ann_pending", {"cards": tuple(self.picked)}))
            elif self.belote_choice.value is None:
                submit(Invalid("ann_belote_missing"))
            else:
                submit(AnnounceAnswer(tuple(self.built), bool(self.belote_choice.value)))

        self.add_button.on_click(add)
        self.remove_button.on_click(remove)
        self.check_button.on_click(check)
        box = lean(widgets.VBox, [lean(widgets.HBox, [self.add_button, self.remove_button],
                                       layout={"flex_flow": "row wrap"}),
                                  self.belote_choice, self.check_button],
                   layout={"margin": "6px 0 0 0"})
        box.add_class("bt-quiz-controls")
        return box

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self.add_button is None or self.remove_button is None:
            return
        assert self.belote_choice is not None and self.check_button is not None
        self.add_button.description = say("ann_add", lang)
        self.remove_button.description = say("ann_remove", lang)
        self.belote_choice.description = say("ann_belote", lang)
        self.belote_choice.options = [(say("answer_yes", lang), True),
                                      (say("answer_no", lang), False)]
        self.check_button.description = say("check", lang)

    # ---------------------------------------------------------------- checking
    def judge(self, combinations: Sequence[Sequence[Card]]
              ) -> tuple[tuple[Judged, ...], tuple[Announcement, ...]]:
        """Each of the learner's combinations judged (R4.1–R4.3), and the announcements of
        the hand's best reading that none of them matches (the missing ones).

        First what each set of cards makes (the engine's
        :meth:`~belote_teach.engine.announcements.Announcement.from_cards`); those equal to an
        announcement of the best reading, cards included, are right (each matches one
        once). A card the learner uses in two combinations breaks R4.3; a run cut short
        breaks R4.1 (announced whole); a card the best reading uses elsewhere is worth
        more there (R4.3).
        """
        given = [tuple(cards) for cards in combinations]
        made: list[Announcement | None] = []
        refused: dict[int, AnnouncementFault] = {}
        for i, cards in enumerate(given):
            try:
                made.append(Announcement.from_cards(cards))
            except FalseAnnouncementError as err:
                made.append(None)
                refused[i] = err.reason
        matched: dict[int, int] = {}   # learner's combination -> announcement found
        if self.scenario.rules.announcements:
            for i, announcement in enumerate(made):
                index = next((j for j, f in enumerate(self.found)
                              if j not in matched.values() and f == announcement
                              and announcement is not None and f.cards == announcement.cards),
                             None)
                if index is not None:
                    matched[i] = index
        judged = [self._judge_one(i, given, made, matched, refused.get(i))
                  for i in range(len(given))]
        missing = tuple(f for j, f in enumerate(self.found) if j not in matched.values())
        return tuple(judged), missing

    def _judge_one(self, i: int, given: Sequence[tuple[Card, ...]],
                   made: Sequence[Announcement | None], matched: dict[int, int],
                   refused: AnnouncementFault | None) -> Judged:
        cards, announcement = given[i], made[i]
        if announcement is None:
            assert refused is not None
            return Judged(cards, False, _NO_COMBINATION[refused])
        if i in matched:
            return Judged(cards, True, "ann_ok", announcement)
        if not self.scenario.rules.announcements:
            return Judged(cards, False, "ann_off", announcement)
        for k, other in enumerate(made):
            if k == i or other is None:
                continue
            try:
                validate_declaration(self.scenario.hand, self.scenario.trump,
                                     (other, announcement))
            except FalseAnnouncementError as err:
                if err.reason is AnnouncementFault.CARD_TWICE:       # R4.3
                    shared = next(c for c in cards if c in err.cards)
                    return Judged(cards, False, "ann_twice", announcement, shared, other)
        whole = next((f for f in self.found if announcement.cards < f.cards), None)
        if whole is not None:
            return Judged(cards, False, "ann_part", announcement, other=whole)
        clash = next(((c, f) for f in self.found for c in cards if c in f.cards), None)
        if clash is not None:
            return Judged(cards, False, "ann_reading", announcement, clash[0], clash[1])
        return Judged(cards, False, "ann_other", announcement)

    def is_right(self, answer: object) -> bool:
        if not isinstance(answer, AnnounceAnswer) or answer.belote != self.belote:
            return False
        judged, missing = self.judge(answer.combinations)
        return not missing and all(j.right for j in judged)

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return say("ann_hint", lang)

    def _belote_line(self, said: bool | None, lang: str) -> str:
        trump = self.scenario.trump
        king, queen = (explain.the_card(card, lang) for card in belote_cards(trump))
        held = "yes" if self.belote else "no"
        mark = "" if said is None else ("right" if said == self.belote else "wrong")
        key = f"ann_belote_{held}" + (f"_{mark}" if mark else "")
        return say(key, lang, king=king, queen=queen)

    def _engine_line(self, lang: str) -> str:
        if not self.scenario.rules.announcements:
            return say("ann_engine_off", lang)
        if not self.found:
            return say("ann_engine_none", lang)
        total = sum(a.points for a in self.found)
        return say("ann_engine", lang, total=total, list=join_words(
            [announcement_name(a, lang) for a in self.found], lang))

    def solution(self, lang: str) -> str:
        return f"{self._engine_line(lang)} {self._belote_line(None, lang)}"

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        trump = self.scenario.trump
        table = combinations_html(self.built, self.picked, trump, lang=lang)
        hand = render.hand_html(self.scenario.hand, lang, trump=trump, toggles=True,
                                states=dict.fromkeys(self.picked, "picked"))
        return table, hand

    def verdict_html(self, progress: Progress, lang: str) -> str:
        answer = progress.last
        assert isinstance(answer, AnnounceAnswer)
        judged, missing = self.judge(answer.combinations)
        lines = [j.text(lang) for j in judged]
        lines += [say("ann_missing", lang, announcement=announcement_name(a, lang),
                      rule=_rule_of(a)) for a in missing]
        if not judged and not missing:
            lines.append(say("ann_none_right", lang))
        lines += [self._belote_line(answer.belote, lang), self._engine_line(lang)]
        if self.is_right(answer):
            return render.message_html("ok", say("ann_right", lang), lines)
        return render.message_html("bad", say("ann_wrong", lang), lines)


# ------------------------------------------------------------------------ kind: compare
@dataclass(frozen=True)
class CompareAnswer:
    """The learner's answer to a ``compare`` exercise: the team that scores its
    announcements (``None``: nobody) and how many points (announcement points)."""

    team: Team | None
    points: int


#: The sentence that says why one announcement beats the other, by the R4.5 criterion
#: that decided (:func:`~belote_teach.engine.announcements.stronger_announcement`).
_DECIDED_BY: dict[Criterion, str] = {
    Criterion.POINTS: "cmp_why_points", Criterion.CARRE_OVER_SEQUENCE: "cmp_why_carre",
    Criterion.CARRE_ORDER: "cmp_why_carres", Criterion.TOP_CARD: "cmp_why_top",
    Criterion.TRUMP: "cmp_why_trump", Criterion.TIE: "cmp_why_tie"}


class CompareExercise(Exercise[CompareScenario]):
    """Kind ``compare``: which team scores its announcements, and how much (R4.5, R4.6).

    Attributes:
        winner: the engine's scoring team, ``None`` for nobody.
        points: what it scores (0 for nobody).
        team_choice: Nous / Eux / nobody (values ``"NS"``, ``"EW"``, ``"none"``).
        points_input: the box for the points.
        check_button: the button that checks.
    """

    def __init__(self, scenario: CompareScenario):
        super().__init__(scenario)
        self.winner, self.points = scenario.result()
        self.team_choice: widgets.ToggleButtons | None = None
        self.points_input: widgets.Text | None = None
        self.check_button: widgets.Button | None = None

    def prompt(self, lang: str) -> str:
        return self.scenario.prompt.get(lang) or say("cmp_prompt", lang)

    @property
    def teams(self) -> dict[Team, tuple[Announcement, ...]]:
        """The announcements of each team, in the order declared."""
        return {Team.NS: self.scenario.ns, Team.EW: self.scenario.ew}

    # ---------------------------------------------------------------- controls
    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        self.team_choice = lean(widgets.ToggleButtons, options=self._team_options("en"),
                                value=None, style={"description_width": "initial",
                                                   "button_width": "auto"})
        self.points_input = number_box()
        self.check_button = check_button()

        def check(_: widgets.Button) -> None:
            assert self.team_choice is not None and self.points_input is not None
            choice = self.team_choice.value
            if choice is None:
                submit(Invalid("cmp_pick_team"))
                return
            team = None if choice == "none" else Team(choice)
            if team is None and not self.points_input.value.strip():
                submit(CompareAnswer(None, 0))
                return
            points = read_whole(self.points_input.value, Invalid("cmp_points_empty"))
            submit(points if isinstance(points, Invalid) else CompareAnswer(team, points))

        self.check_button.on_click(check)
        box = lean(widgets.VBox, [self.team_choice,
                                  lean(widgets.HBox, [self.points_input, self.check_button],
                                       layout={"align_items": "center"})],
                   layout={"margin": "6px 0 0 0"})
        box.add_class("bt-quiz-controls")
        return box

    def _team_options(self, lang: str) -> list[tuple[str, str]]:
        return [(team_word(Team.NS, lang), "NS"), (team_word(Team.EW, lang), "EW"),
                (say("nobody_cap", lang), "none")]

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self.team_choice is None or self.points_input is None:
            return
        assert self.check_button is not None
        self.team_choice.description = say("cmp_team", lang)
        self.team_choice.options = self._team_options(lang)
        self.points_input.description = say("cmp_points", lang)
        self.points_input.placeholder = say("points_placeholder", lang)
        self.check_button.description = say("check", lang)

    # ---------------------------------------------------------------- checking
    def is_right(self, answer: object) -> bool:
        return (isinstance(answer, CompareAnswer)
                and (answer.team, answer.points) == (self.winner, self.points))

    # ---------------------------------------------------------------- drawing
    def _answer(self, team: Team | None, points: int, lang: str) -> str:
        if team is None:
            return say("cmp_answer_nobody", lang, points=points)
        return say(explain.plural_key("cmp_answer", points, lang), lang,
                   team=team_word(team, lang), points=points)

    def solution(self, lang: str) -> str:
        return self._answer(self.winner, self.points, lang)

    def hint(self, lang: str) -> str:
        return say("cmp_hint", lang)

    def why(self, lang: str) -> list[str]:
        """Which best announcement beats which, and why (R4.5), then what the winner
        scores (R4.6)."""
        scenario = self.scenario
        if not scenario.rules.announcements:
            return [say("cmp_off", lang)]
        trump = scenario.trump
        best = {team: best_announcement(items, trump) for team, items in self.teams.items()}
        ns, ew = best[Team.NS], best[Team.EW]
        if ns is None and ew is None:
            return [say("cmp_none", lang)]
        if ns is None or ew is None:
            alone = Team.NS if ew is None else Team.EW
            lines = [say("cmp_why_alone", lang, team=team_word(alone, lang),
                         other=team_word(alone.other, lang),
                         best=announcement_name(best[alone], lang))]  # type: ignore[arg-type]
        else:
            stronger, criterion = stronger_announcement(ns, ew, trump)
            top, low = (ew, ns) if stronger is ew else (ns, ew)
            lines = [say(_DECIDED_BY[criterion], lang, best=announcement_name(top, lang),
                         other=announcement_name(low, lang), points=top.points,
                         other_points=low.points,
                         top=explain.rank_short(top.top, lang),
                         other_top=explain.rank_short(low.top, lang),
                         trump=explain.suit_name(trump, lang))]
        if self.winner is not None:
            own = self.teams[self.winner]
            key = "cmp_all" if len(own) > 1 else "cmp_one"
            lines.append(say(key, lang, team=team_word(self.winner, lang), points=self.points,
                             sum=" + ".join(str(a.points) for a in own)))
        return lines

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        return team_announcements_html(self.teams, self.scenario.trump, lang=lang), ""

    def verdict_html(self, progress: Progress, lang: str) -> str:
        answer = progress.last
        assert isinstance(answer, CompareAnswer)
        lines = [rule_heading("R4.5", lang), *self.why(lang)]
        right = self._answer(self.winner, self.points, lang)
        if self.is_right(answer):
            return render.message_html("ok", say("cmp_right", lang, answer=right), lines)
        given = self._answer(answer.team, answer.points, lang)
        if answer.team == self.winner:
            lines.append(say("cmp_team_right", lang))
        return render.message_html("bad", say("cmp_wrong", lang, given=given, answer=right),
                                   lines)
