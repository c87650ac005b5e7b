"""The scenario model of SCENARIOS.md: one frozen dataclass per supported kind.

A scenario is one situation put to the learner together with the answer the rules
give. The loader (:mod:`belote_teach.scenarios.load`) builds these values from YAML;
the checker (:mod:`belote_teach.scenarios.check`) compares their expected answers
with the engine. Kinds the checker does not support yet are kept as
:class:`UnsupportedScenario`, so that they are counted and reported, never dropped.

    >>> from belote_teach.cards import Card, Suit
    >>> s = PlayScenario(id="demo", trump=Suit.HEARTS, trick_cards=(Card.parse("KD"),),
    ...                  hand=(Card.parse("7H"), Card.parse("AD")),
    ...                  legal=frozenset({Card.parse("AD")}))
    >>> s.trick()
    Trick(Suit.HEARTS, leader=Seat.WEST, cards=['KD'])
    >>> s.legal_plays()
    <LegalPlays FOLLOW_SUIT: AD>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from belote_teach.cards import Card, Seat, Suit
from belote_teach.rules import CLASSIC, LegalPlays, Rule, RuleSet, legal_plays
from belote_teach.trick import Trick

__all__ = [
    "KINDS",
    "LEARNER",
    "PlayScenario",
    "Scenario",
    "TrickScenario",
    "UnsupportedScenario",
    "in_hand_order",
]

#: Every kind of SCENARIOS.md, in the order of that document.
KINDS: tuple[str, ...] = ("trick", "play", "bid", "announce", "compare", "score", "solve")

#: The seat of the learner in a ``play`` scenario: always South, the next to play.
LEARNER: Seat = Seat.SOUTH


def in_hand_order(cards: Iterable[Card], hand: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` sorted by their place in ``hand``; cards not in the hand come last,
    in their given order.

    Used to print card sets (the expected and the engine's legal cards) the way the
    learner sees them.
    """
    place = {card: i for i, card in enumerate(hand)}
    return tuple(sorted(dict.fromkeys(cards), key=lambda c: place.get(c, len(place))))


@dataclass(frozen=True, kw_only=True)
class _ScenarioBase:
    """Keys common to every kind (SCENARIOS.md): ``id``, ``prompt``, ``source``,
    ``rules``, plus where the scenario was read (``file``, ``line``)."""

    id: str
    prompt: Mapping[str, str] = field(default_factory=dict, hash=False)
    source: str | None = None
    rules: RuleSet = CLASSIC
    file: str = "<string>"
    line: int = 0

    @property
    def location(self) -> str:
        """``FILE:LINE`` of the scenario's mapping in its YAML file."""
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, kw_only=True)
class TrickScenario(_ScenarioBase):
    """kind ``trick`` (SCENARIOS.md): who wins a complete trick, for how many points.

    Attributes:
        id: unique within the file, ``[a-z0-9-]+``.
        trump: the trump suit.
        cards: the 4 cards in play order, leader first.
        winner: expected winner, its position 1–4 in play order (R1.5).
        points: expected card points of the trick, without the dix de der (R1.2, R1.3).
        prompt: the learner's question by language code (``{"en": ..., "fr": ...}``),
            possibly empty.
        source: where the answer comes from (a RULES.md rule ID), or ``None``.
        rules: the :class:`RuleSet` (``classic`` unless the file says otherwise).
        file, line: where the scenario was read (1-based line of its mapping).
    """

    kind: ClassVar[str] = "trick"
    trump: Suit
    cards: tuple[Card, ...]
    winner: int
    points: int

    def trick(self) -> Trick:
        """The complete :class:`Trick`, led by South (the seats do not change who wins)."""
        return Trick(self.trump, leader=LEARNER, cards=self.cards)


@dataclass(frozen=True, kw_only=True)
class PlayScenario(_ScenarioBase):
    """kind ``play`` (SCENARIOS.md): which cards the learner may play now (R3).

    The learner is South and always the next to play, so the trick was led by the
    seat ``len(trick_cards)`` places before South, and the card two places before
    the learner is the partner's (North).

    Attributes:
        id: unique within the file, ``[a-z0-9-]+``.
        trump: the trump suit.
        trick_cards: the cards already played to the trick, leader first (0–3); the
            YAML key is ``trick`` (the name :meth:`trick` builds the engine's Trick).
        hand: the learner's cards (1–8), in the file's order.
        legal: the expected legal cards (an exact set, compared as a set).
        rule: the expected deciding R3 rule, or ``None`` when the file gives none.
        best: the card(s) the lesson teaches as the good play, ``()`` when none;
            checked only as a subset of the engine's legal cards.
        prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "play"
    trump: Suit
    trick_cards: tuple[Card, ...] = ()
    hand: tuple[Card, ...]
    legal: frozenset[Card]
    rule: Rule | None = None
    best: tuple[Card, ...] = ()

    @property
    def leader(self) -> Seat:
        """The seat that led the trick: ``len(trick_cards)`` places before South."""
        seat = LEARNER
        for _ in self.trick_cards:
            seat = seat.previous
        return seat

    def trick(self) -> Trick:
        """The engine's position: a new :class:`Trick` whose next seat is South.

        Raises:
            InvalidCardError, InvalidPositionError: only for a scenario built by hand
                with bad cards (the loader never builds one).
        """
        return Trick(self.trump, leader=self.leader, cards=self.trick_cards)

    def legal_plays(self) -> LegalPlays:
        """The engine's answer: ``rules.legal_plays(hand, trick(), rules)`` (R3.0–R3.7).

        Raises:
            InvalidCardError, InvalidPositionError: only for a scenario built by hand
                with an impossible position (the loader never builds one).
        """
        return legal_plays(self.hand, self.trick(), self.rules)


@dataclass(frozen=True, kw_only=True)
class UnsupportedScenario:
    """A scenario of a kind the checker does not support yet (``bid``, ``announce``,
    ``compare``, ``score``, ``solve``).

    Only ``id`` and ``kind`` were validated; the scenario is kept so that it can be
    reported and counted as *not checked*, never silently passed.
    """

    id: str
    kind: str
    file: str = "<string>"
    line: int = 0

    @property
    def location(self) -> str:
        """``FILE:LINE`` of the scenario's mapping in its YAML file."""
        return f"{self.file}:{self.line}"


#: Any scenario the loader returns.
Scenario: TypeAlias = TrickScenario | PlayScenario | UnsupportedScenario
