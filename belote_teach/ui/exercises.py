"""One exercise of the scenario player per scenario kind: what the learner may click,
whether a click is right, and how the exercise is drawn after each try.

Every exercise asks the engine and ``explain``; none decides a rule itself.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field

from belote_teach import explain, render
from belote_teach.cards import Card, Seat
from belote_teach.rules import LegalPlays
from belote_teach.scenarios import PlayScenario, Scenario, TrickScenario
from belote_teach.trick import Trick

__all__ = ["Drawing", "Exercise", "PlayExercise", "Progress", "TrickExercise", "exercise_for"]

#: The learner's seat: at the bottom of the table.
LEARNER = Seat.SOUTH


@dataclass
class Progress:
    """What the learner did on one exercise: the cards clicked, in order."""

    tries: list[Card] = field(default_factory=list)
    solved: bool = False
    first_try: bool = False
    hint: bool = False

    @property
    def last(self) -> Card | None:
        """The card clicked last, or ``None``."""
        return self.tries[-1] if self.tries else None


@dataclass(frozen=True)
class Drawing:
    """The three parts of the card board (HTML strings from ``render``)."""

    table_html: str
    hand_html: str
    feedback_html: str


class Exercise(abc.ABC):
    """One scenario put to the learner as a click on a card."""

    #: catalog key of the question shown when the scenario has no prompt
    default_prompt: str = "prompt_default"

    def __init__(self, scenario: Scenario):
        self.scenario = scenario

    @property
    def id(self) -> str:
        """The scenario's id."""
        return self.scenario.id

    def prompt(self, lang: str) -> str:
        """The question in ``lang``: the scenario's prompt, else the kind's default one."""
        return self.scenario.prompt.get(lang) or explain.text(self.default_prompt, lang)

    @abc.abstractmethod
    def choices(self) -> tuple[Card, ...]:
        """The cards the learner can click."""

    @abc.abstractmethod
    def is_right(self, card: Card) -> bool:
        """Whether clicking ``card`` answers the question (``card`` is one of :meth:`choices`)."""

    def is_best(self, card: Card) -> bool:
        """Whether ``card`` is the answer the lesson teaches (right at first try counts
        only such a card); by default any right card."""
        return self.is_right(card)

    @abc.abstractmethod
    def hint(self, lang: str) -> str:
        """A question pointing at the deciding fact, without the answer."""

    @abc.abstractmethod
    def draw(self, progress: Progress, lang: str) -> Drawing:
        """The board after the learner's tries so far."""

    def _hint_html(self, progress: Progress, lang: str) -> str:
        if not progress.hint:
            return ""
        return render.message_html("info", explain.text("hint_title", lang), [self.hint(lang)])


class PlayExercise(Exercise):
    """Kind ``play``: "which card may you play?" (R3). Any legal card is right; when the
    scenario names a ``best`` card, another legal card is right but the better one is named.
    """

    def __init__(self, scenario: PlayScenario):
        super().__init__(scenario)
        self.best: tuple[Card, ...] = tuple(scenario.best)
        self.legal: LegalPlays = scenario.legal_plays()

    def choices(self) -> tuple[Card, ...]:
        return self.legal.hand

    def is_right(self, card: Card) -> bool:
        return self.legal.verdict(card).legal

    def is_best(self, card: Card) -> bool:
        return self.is_right(card) and (not self.best or card in self.best)

    def hint(self, lang: str) -> str:
        return explain.hint(self.legal, lang)

    def draw(self, progress: Progress, lang: str) -> Drawing:
        legal, last = self.legal, progress.last
        trick: Trick = legal.trick
        states: dict[Card, str] = {}
        hand = list(legal.hand)
        if last is not None and last in legal:
            trick = trick.copy()
            trick.play(last, legal.hand, legal.rules)  # the learner's card goes on the table
            hand.remove(last)
        elif last is not None:  # a refused card marked, the legal ones highlighted
            states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
            states[last] = "wrong"
        return Drawing(
            table_html=render.table_html(trick, legal.seat, lang),
            hand_html=render.hand_html(hand, lang, states=states, trump=legal.trump),
            feedback_html=(self._hint_html(progress, lang)
                           + self._verdict_html(last, lang, progress.solved)),
        )

    def _verdict_html(self, last: Card | None, lang: str, solved: bool) -> str:
        if last is None:
            return ""
        legal = self.legal
        title = explain.position_title(legal, lang)
        names = {"card": explain.card_short(last, lang), "the_card": explain.the_card(last, lang)}
        if last not in legal:
            allowed = explain.join_cards(legal.cards, lang, legal.trump)
            return render.message_html("bad", explain.text("wrong", lang, **names), [
                title, explain.explain_card(legal, last, lang),
                explain.text("legal_were" if solved else "legal_are", lang, legal=allowed),
            ])
        if not self.is_best(last):
            best = explain.join_cards(self.best, lang, legal.trump)
            head = explain.text("better", lang, best=best)
            return render.message_html("better", head, [title, explain.explain_rule(legal, lang)])
        return render.message_html("ok", explain.text("correct", lang, **names),
                                   [title, explain.explain_rule(legal, lang)])


class TrickExercise(Exercise):
    """Kind ``trick``: "who wins this trick?" (R1.5). The learner clicks the winning card
    on the table; the feedback gives the reason and the trick's card points."""

    default_prompt = "trick_prompt_default"

    def __init__(self, scenario: TrickScenario):
        super().__init__(scenario)
        self.trick: Trick = scenario.trick()

    def choices(self) -> tuple[Card, ...]:
        return self.trick.cards

    def is_right(self, card: Card) -> bool:
        master = self.trick.master
        return master is not None and master.card == card

    def hint(self, lang: str) -> str:
        return explain.trick_hint(lang)

    def draw(self, progress: Progress, lang: str) -> Drawing:
        last = progress.last
        states: dict[Card, str] = {card: "" for card in self.trick.cards}
        if last is not None:
            states[last] = "right" if self.is_right(last) else "wrong"
        table = render.table_html(self.trick, LEARNER, lang, clickable=True, states=states,
                                  master_state=progress.solved)
        return Drawing(table_html=table, hand_html="",
                       feedback_html=self._hint_html(progress, lang) + self._verdict_html(last,
                                                                                          lang))

    def _verdict_html(self, last: Card | None, lang: str) -> str:
        if last is None:
            return ""
        master = self.trick.master
        assert master is not None
        title = explain.trick_title(lang)
        why = explain.explain_trick_card(self.trick, last, LEARNER, lang)
        if self.is_right(last):
            head = explain.text("trick_correct", lang,
                                winner=explain.seat_name(master.seat, lang))
            return render.message_html("ok", head, [title, why])
        head = explain.text("trick_wrong", lang, card=explain.card_short(last, lang),
                            the_card=explain.the_card(last, lang))
        return render.message_html("bad", head, [title, why])


def exercise_for(scenario: Scenario) -> Exercise:
    """The exercise that shows ``scenario``.

    Raises:
        ValueError: no exercise exists yet for the scenario's kind.
    """
    if isinstance(scenario, PlayScenario):
        return PlayExercise(scenario)
    if isinstance(scenario, TrickScenario):
        return TrickExercise(scenario)
    raise ValueError(f"scenario {scenario.id!r}: kind {scenario.kind!r} has no exercise widget yet "
                     "(supported: play, trick)")
