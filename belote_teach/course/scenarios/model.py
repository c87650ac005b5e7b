"""The scenario model of SCENARIOS.md: one frozen dataclass per supported kind, and per
kind the course adds (``deal``, ``game``: see "Course extensions" below).

A scenario is one situation put to the learner together with the answer the rules
give. The loader (:mod:`belote_teach.course.scenarios.load`) builds these values from YAML;
the checker (:mod:`belote_teach.course.scenarios.check`) compares their expected answers
with the engine. Kinds the checker does not support yet are kept as
:class:`UnsupportedScenario`, so that they are counted and reported, never dropped.

    >>> from belote_teach.engine.cards import Card, Suit
    >>> s = PlayScenario(id="demo", trump=Suit.HEARTS, trick_cards=(Card.parse("KD"),),
    ...                  hand=(Card.parse("7H"), Card.parse("AD")),
    ...                  legal=frozenset({Card.parse("AD")}))
    >>> s.trick()
    Trick(Suit.HEARTS, leader=Seat.WEST, cards=['KD'])
    >>> s.legal_plays()
    <LegalPlays FOLLOW_SUIT: AD>

Course extensions
-----------------
Besides the seven kinds of SCENARIOS.md (:data:`KINDS`, unchanged), the course's files
may use two kinds of their own (:data:`COURSE_KINDS`), so that the rules no standard kind
can ask about are exercised too: the cut and the packets of the deal, the first lead, the
next dealer (R2.1, R2.2, R2.8, R2.9) and the end of the game (R6.8). They follow the
document's conventions (common keys ``id``, ``kind``, ``rules``, ``prompt``, ``source``;
seats ``N E S W``, teams ``NS``/``EW``; expected-answer keys are the ones compared) and
are loaded, checked by ``belote-teach check`` and shown by the scenario player like the
others. A kind that is neither standard nor a course kind is refused by the loader.

``kind: deal`` — a question about the dealing around one dealer (:class:`DealScenario`).
Inputs: ``dealer`` (the seat that deals, le donneur) and ``question``, one of these
(:data:`DEAL_QUESTIONS`):

* ``cutter``: who cuts, the player on the dealer's left (R2.1); answer ``answer``;
* ``cut``: whether lifting ``cut`` cards is a valid cut (R2.1); answer ``valid``;
* ``first_packet``: who receives the first packet of 3, the player after the dealer
  (R2.2: 3 then 2 cards each); answer ``answer``;
* ``leader``: who leads the first pli once ``taker`` has taken (R2.8); answer ``answer``;
* ``next_dealer``: who deals the next deal (R2.9); answer ``answer``.

``cut`` (a whole number of cards lifted off the top, 0 to 32) is an input of question
``cut`` only, and ``taker`` (a seat) of question ``leader`` only. Expected: ``answer``
(a seat) for every question but ``cut``, ``valid`` (``true``/``false``: at least 3 cards
on each side, R2.1) for ``cut``::

    - {id: who-cuts, kind: deal, dealer: S, question: cutter, answer: W, source: "R2.1"}
    - {id: cut-two, kind: deal, dealer: N, question: cut, cut: 2, valid: false}
    - {id: north-took, kind: deal, dealer: S, question: leader, taker: N, answer: E}

    >>> DealScenario(id="who-cuts", dealer=Seat.SOUTH, question="cutter",
    ...              answer=Seat.WEST).result()
    <Seat.WEST: 'W'>

``kind: game`` — who wins the game after a deal (:class:`GameScenario`). Inputs:
``before`` (``{NS: n, EW: m}``: the totals on the score sheet before the deal; the game
was not over yet), ``marks`` (``{NS: n, EW: m}``: the marks of the deal) and, optional,
``target`` (1000, 501 or 2000; default: the target of ``rules``, 1000 in both presets;
when both are given they agree). Expected: ``winner`` (``NS``, ``EW`` or ``none``: the
game goes on, another deal is played) and ``totals`` (``{NS: n, EW: m}`` after the
deal)::

    - {id: both-over, kind: game, before: {NS: 940, EW: 960}, marks: {NS: 90, EW: 72},
       winner: EW, totals: {NS: 1030, EW: 1032}}    # both passed 1000: the higher wins

    >>> GameScenario(id="both-over", target=1000, before={Team.NS: 940, Team.EW: 960},
    ...              marks={Team.NS: 90, Team.EW: 72}, winner=Team.EW,
    ...              totals={Team.NS: 1030, Team.EW: 1032}).result()
    (<Team.EW: 'EW'>, {<Team.NS: 'NS'>: 1030, <Team.EW: 'EW'>: 1032})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, TypeAlias

from belote_teach.engine.announcements import (
    Announcement,
    AnnouncementType,
    compare_announcements,
    find_announcements,
    has_belote,
)
from belote_teach.engine.bidding import PASS, TAKE, legal_bids
from belote_teach.engine.cards import Card, Seat, Suit, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.game import game_winner
from belote_teach.engine.rules import CLASSIC, LegalPlays, Rule, RuleSet, legal_plays
from belote_teach.engine.scoring import Outcome, ScoreBreakdown, score_deal
from belote_teach.engine.trick import Trick

if TYPE_CHECKING:
    from belote_teach.search.solver import SolveResult

__all__ = [
    "ANNOUNCEMENT_TYPES",
    "BIDS",
    "COMMON_KEYS",
    "COURSE_KINDS",
    "COURSE_KIND_KEYS",
    "DEAL_QUESTIONS",
    "KINDS",
    "KIND_KEYS",
    "LEARNER",
    "OUTCOMES",
    "PROMPT_LANGUAGES",
    "AnnounceScenario",
    "Announcement",
    "BidScenario",
    "CheckedScenario",
    "CompareScenario",
    "DealScenario",
    "GameScenario",
    "KindKeys",
    "PlayScenario",
    "Scenario",
    "ScoreScenario",
    "SolveScenario",
    "TrickScenario",
    "UnsupportedScenario",
    "in_hand_order",
]

#: Every kind of SCENARIOS.md, in the order of that document.
KINDS: tuple[str, ...] = ("trick", "play", "bid", "announce", "compare", "score", "solve")

#: Keys every kind may have (SCENARIOS.md, "Keys common to every kind").
COMMON_KEYS: frozenset[str] = frozenset({"id", "kind", "rules", "prompt", "source"})

#: The languages a ``prompt`` may have (SCENARIOS.md: ``{en: "...", fr: "..."}``).
PROMPT_LANGUAGES: tuple[str, ...] = ("en", "fr")

#: What a player may say in the bidding (``bid``: ``history``, ``legal_bids``, ``advice``):
#: take the turned card's suit (round 1), pass, or name a suit (round 2) (R2.4, R2.5).
BIDS: tuple[str, ...] = ("take", "pass", "S", "H", "D", "C")

#: The ``type`` of an announcement (R4.1, R4.2), ``carre`` written without its accent.
ANNOUNCEMENT_TYPES: tuple[str, ...] = tuple(t.value for t in AnnouncementType)

#: The ``outcome`` of a ``score`` scenario (R6.2, R6.5).
OUTCOMES: tuple[str, ...] = tuple(o.value for o in Outcome)


@dataclass(frozen=True)
class KindKeys:
    """The keys of one kind of SCENARIOS.md beyond :data:`COMMON_KEYS`.

    Attributes:
        inputs: the required input keys, in the document's order.
        expected: the required expected-answer keys (what a checker compares).
        optional_inputs: input keys that may be omitted.
        optional_expected: expected-answer keys that may be omitted.
    """

    inputs: tuple[str, ...]
    expected: tuple[str, ...]
    optional_inputs: tuple[str, ...] = ()
    optional_expected: tuple[str, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        """Every key the kind needs: the required inputs, then the required answers."""
        return self.inputs + self.expected

    @property
    def answers(self) -> tuple[str, ...]:
        """Every expected-answer key, required ones first."""
        return self.expected + self.optional_expected

    @property
    def allowed(self) -> frozenset[str]:
        """Every key a scenario of this kind may have, the common ones included."""
        return COMMON_KEYS | frozenset(self.required + self.optional_inputs
                                       + self.optional_expected)


#: The keys of each kind (SCENARIOS.md), in the order of :data:`KINDS`: the one table the
#: loader validates against and the checkers of new kinds start from.
KIND_KEYS: dict[str, KindKeys] = {
    "trick": KindKeys(inputs=("trump", "cards"), expected=("winner", "points")),
    "play": KindKeys(inputs=("trump", "trick", "hand"), expected=("legal",),
                     optional_expected=("rule", "best")),
    "bid": KindKeys(inputs=("turned", "round", "hand"), expected=("legal_bids",),
                    optional_inputs=("history",), optional_expected=("advice", "reason")),
    "announce": KindKeys(inputs=("trump", "hand"), expected=("announcements", "belote")),
    "compare": KindKeys(inputs=("trump", "NS", "EW"), expected=("winner", "points"),
                        optional_inputs=("first",)),
    "score": KindKeys(inputs=("takers", "card_points", "tricks"), expected=("outcome", "marks"),
                      optional_inputs=("trump", "belote", "announcements", "reserve",
                                       "revoke"),
                      optional_expected=("reserve_after",)),
    "solve": KindKeys(inputs=("trump", "hands", "trick", "leader"), expected=("values",)),
}
assert tuple(KIND_KEYS) == KINDS

#: The kinds the course adds to SCENARIOS.md (see "Course extensions" above).
COURSE_KINDS: tuple[str, ...] = ("deal", "game")

#: The questions of a ``deal`` scenario and the rule each one exercises, in the order of
#: the deal: the cut (R2.1), the packets (R2.2), the first lead (R2.8), the next deal (R2.9).
DEAL_QUESTIONS: dict[str, str] = {"cutter": "R2.1", "cut": "R2.1", "first_packet": "R2.2",
                                  "leader": "R2.8", "next_dealer": "R2.9"}

#: The keys of each course kind, in the order of :data:`COURSE_KINDS`. A ``deal`` needs
#: ``answer`` or ``valid`` and may need ``cut`` or ``taker``, depending on its
#: ``question``: the loader checks which.
COURSE_KIND_KEYS: dict[str, KindKeys] = {
    "deal": KindKeys(inputs=("dealer", "question"), expected=(),
                     optional_inputs=("cut", "taker"), optional_expected=("answer", "valid")),
    "game": KindKeys(inputs=("before", "marks"), expected=("winner", "totals"),
                     optional_inputs=("target",)),
}
assert tuple(COURSE_KIND_KEYS) == COURSE_KINDS


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
class BidScenario(_ScenarioBase):
    """kind ``bid`` (SCENARIOS.md): what the learner may say now (R2.4, R2.5).

    Attributes:
        turned: the turned card (la retourne).
        round: 1 or 2.
        hand: the learner's 5 cards (before the completion, R2.2).
        history: what the earlier speakers said this deal, round-1 passes included
            (only passes: any other bid would have ended the bidding).
        legal_bids: the expected legal bids (an exact set of words of :data:`BIDS`).
        advice: the bid the lesson teaches (``take``, ``pass`` or a suit), or ``None``;
            checked only as one of the engine's legal bids.
        reason: the R9 tip behind the advice, or ``None``.
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "bid"
    turned: Card
    round: int
    hand: tuple[Card, ...]
    history: tuple[str, ...] = ()
    legal_bids: frozenset[str]
    advice: str | None = None
    reason: int | None = None

    def legal(self) -> frozenset[str]:
        """The engine's legal bids, as words of :data:`BIDS`:
        :func:`belote_teach.engine.bidding.legal_bids` with the bids of the current round
        (in round 2, ``history`` without its four round-1 passes)."""
        this_round = self.history if self.round == 1 else self.history[4:]
        return frozenset(str(bid) for bid in legal_bids(self.turned, self.round, this_round))


@dataclass(frozen=True, kw_only=True)
class AnnounceScenario(_ScenarioBase):
    """kind ``announce`` (SCENARIOS.md): what a hand can declare (R4.1–R4.3) and whether
    it holds the belote (R5.1).

    Attributes:
        trump: the trump suit.
        hand: the 8 cards, in the file's order.
        announcements: the expected announcements (compared as a multiset on type, top,
            suit and points; they carry no cards).
        belote: whether the hand holds the king and queen of trumps.
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "announce"
    trump: Suit
    hand: tuple[Card, ...]
    announcements: tuple[Announcement, ...]
    belote: bool

    def found(self) -> tuple[Announcement, ...]:
        """The engine's announcements: :func:`~belote_teach.engine.announcements.
        find_announcements`,
        or none when the rules turn announcements off (preset ``ffb2016``, R7)."""
        if not self.rules.announcements:
            return ()
        return find_announcements(self.hand, self.trump)

    def has_belote(self) -> bool:
        """The engine's answer to ``belote`` (R5.1; belote is played in every preset)."""
        return has_belote(self.hand, self.trump)


@dataclass(frozen=True, kw_only=True)
class CompareScenario(_ScenarioBase):
    """kind ``compare`` (SCENARIOS.md): which team scores its announcements (R4.5, R4.6).

    Attributes:
        trump: the trump suit.
        ns, ew: the announcements of North-South and East-West (YAML keys ``NS``, ``EW``),
            in the order declared.
        first: the team that declared first, or ``None``; RULES.md gives it no part in
            the comparison (an exact tie scores for nobody, R4.5).
        winner: the expected scoring team, ``None`` for ``none``.
        points: the expected points of the winner (0 for ``none``).
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "compare"
    trump: Suit
    ns: tuple[Announcement, ...]
    ew: tuple[Announcement, ...]
    first: Team | None = None
    winner: Team | None
    points: int

    def result(self) -> tuple[Team | None, int]:
        """The engine's ``(winner, points)``:
        :func:`~belote_teach.engine.announcements.compare_announcements`, or ``(None, 0)`` when the
        rules turn announcements off (R7)."""
        if not self.rules.announcements:
            return None, 0
        return compare_announcements(self.ns, self.ew, self.trump)


@dataclass(frozen=True, kw_only=True)
class ScoreScenario(_ScenarioBase):
    """kind ``score`` (SCENARIOS.md): the marks of a finished deal (R6, R5.3, R3.8).

    Attributes:
        takers: the team that took.
        card_points: card points per team, dix de der included (they add up to 162).
        tricks: tricks per team (they add up to 8).
        trump: the trump suit, or ``None`` (needed only to compare equal sequences).
        belote: the team that said belote-rebelote, or ``None``.
        announcements: the announcements per team (both teams present, possibly empty).
        reserve: points waiting from an earlier litige (R6.6).
        revoke: the team that revoked (R3.8), or ``None``.
        outcome: the expected :class:`~belote_teach.engine.scoring.Outcome`.
        marks: the expected marks per team.
        reserve_after: the expected reserve after the deal, ``None`` when not given.
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "score"
    takers: Team
    card_points: Mapping[Team, int] = field(hash=False)
    tricks: Mapping[Team, int] = field(hash=False)
    trump: Suit | None = None
    belote: Team | None = None
    announcements: Mapping[Team, tuple[Announcement, ...]] = field(
        default_factory=lambda: {Team.NS: (), Team.EW: ()}, hash=False)
    reserve: int = 0
    revoke: Team | None = None
    outcome: Outcome
    marks: Mapping[Team, int] = field(hash=False)
    reserve_after: int | None = None

    def score(self) -> ScoreBreakdown:
        """The engine's breakdown: :func:`~belote_teach.engine.scoring.score_deal` on the inputs.

        Raises:
            InvalidScoreError: impossible inputs (the loader refuses such files).
        """
        return score_deal(takers=self.takers, card_points=self.card_points,
                          tricks=self.tricks, belote=self.belote,
                          announcements=self.announcements, reserve=self.reserve,
                          revoke=self.revoke, trump=self.trump, rules=self.rules)


@dataclass(frozen=True, kw_only=True)
class SolveScenario(_ScenarioBase):
    """kind ``solve`` (SCENARIOS.md): the double-dummy value of each legal card (R1, R3).

    Attributes:
        trump: the trump suit.
        hands: the cards each seat still holds (every seat present, possibly empty).
        trick_cards: the cards already played to the current trick, leader first (0–3);
            the YAML key is ``trick``.
        leader: the seat that led the current trick; the seat to play is the one after
            the last card of ``trick_cards``.
        values: the expected value of each legal card of the seat to play: card points
            (R1.2–R1.4, dix de der included, no belote, announcement or capot bonus) its
            team wins from here with best play by all; compared as an exact mapping.
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "solve"
    trump: Suit
    hands: Mapping[Seat, tuple[Card, ...]] = field(hash=False)
    trick_cards: tuple[Card, ...] = ()
    leader: Seat
    values: Mapping[Card, int] = field(hash=False)

    @property
    def seat(self) -> Seat:
        """The seat to play: ``len(trick_cards)`` places after the leader."""
        seat = self.leader
        for _ in self.trick_cards:
            seat = seat.next
        return seat

    def solve(self) -> SolveResult:
        """The engine's answer: :func:`belote_teach.search.solver.solve` on the position, with
        the scenario's rules (R3.2 and R3.6 options).

        Raises:
            InvalidCardError, InvalidPositionError: only for a scenario built by hand
                with an impossible position (the loader never builds one).
        """
        # imported here: the solver's compiled core (numba, 1-2 s to load) comes with the
        # first solve, not with every lesson that reads a scenario file
        from belote_teach.search.solver import solve

        return solve(self.hands, self.trump, self.trick_cards, self.leader, self.rules)


#: The seed of the deal a ``deal`` scenario asks the engine about: the cards dealt change
#: neither who cuts, who is served first, who leads nor who deals next.
_DEAL_SEED = 0


@dataclass(frozen=True, kw_only=True)
class DealScenario(_ScenarioBase):
    """kind ``deal`` (a course extension, see the module's "Course extensions"): one
    question about the dealing around ``dealer`` (R2.1, R2.2, R2.8, R2.9).

    Attributes:
        dealer: the seat that deals (le donneur).
        question: one of :data:`DEAL_QUESTIONS`: ``cutter``, ``cut``, ``first_packet``,
            ``leader`` or ``next_dealer``.
        cut: question ``cut``: the cards the cutter lifts off the 32 (0 to 32); else ``None``.
        taker: question ``leader``: the seat that took (le preneur); else ``None``.
        answer: the expected seat (every question but ``cut``), else ``None``.
        valid: question ``cut``: whether the cut is expected valid; else ``None``.
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "deal"
    dealer: Seat
    question: str
    cut: int | None = None
    taker: Seat | None = None
    answer: Seat | None = None
    valid: bool | None = None

    @property
    def rule_id(self) -> str:
        """The RULES.md rule the question exercises (:data:`DEAL_QUESTIONS`)."""
        return DEAL_QUESTIONS[self.question]

    @property
    def expected(self) -> Seat | bool:
        """The file's answer: :attr:`valid` for question ``cut``, else :attr:`answer`.

        Raises:
            ValueError: the answer is missing (only for a scenario built by hand; the
                loader never builds one).
        """
        key, value = (("valid", self.valid) if self.question == "cut"
                      else ("answer", self.answer))
        if value is None:
            raise ValueError(f"scenario {self.id!r}: question {self.question!r} needs "
                             f"{key!r}")
        return value

    def result(self) -> Seat | bool:
        """The engine's answer, read from a :class:`~belote_teach.engine.deal.Deal` dealt by
        :attr:`dealer` under the scenario's rules:

        * ``cutter``: :attr:`Deal.cutter <belote_teach.engine.deal.Deal.cutter>` (R2.1);
        * ``cut``: whether :meth:`Deal.new <belote_teach.engine.deal.Deal.new>` accepts the cut
          (R2.1: at least 3 cards on each side);
        * ``first_packet``: the first seat served (:attr:`Deal.dealt_hands
          <belote_teach.engine.deal.Deal.dealt_hands>`, R2.2);
        * ``leader``: the seat to play once :attr:`taker` has taken in round 1, the
          speakers before it having passed (R2.8);
        * ``next_dealer``: :attr:`Deal.next_dealer <belote_teach.engine.deal.Deal.next_dealer>`
          once a deal is played out (R2.9).

        Returns:
            A :class:`~belote_teach.engine.cards.Seat`, or a ``bool`` for question ``cut``.

        Raises:
            ValueError: an unknown question, or question ``leader`` without a taker (only
                for a scenario built by hand; the loader never builds one).
        """
        if self.question == "cut":
            try:
                Deal.new(self.dealer, _DEAL_SEED, self.rules, cut=self.cut)
            except InvalidPositionError:
                return False
            return True
        if self.question not in DEAL_QUESTIONS:
            raise ValueError(f"scenario {self.id!r}: unknown question {self.question!r} "
                             f"(expected one of {', '.join(DEAL_QUESTIONS)})")
        deal = Deal.new(self.dealer, _DEAL_SEED, self.rules)
        if self.question == "cutter":
            return deal.cutter
        if self.question == "first_packet":
            return next(iter(deal.dealt_hands))
        if self.question == "leader":
            if self.taker is None:
                raise ValueError(f"scenario {self.id!r}: question 'leader' needs the taker")
            while deal.turn is not self.taker:
                deal.bid(PASS)
            deal.bid(TAKE)
            assert deal.turn is not None
            return deal.turn
        deal.bid(TAKE)  # question next_dealer: play the deal out
        while deal.phase is Phase.PLAY:
            deal.play(next(iter(deal.legal_plays)))
        return deal.next_dealer


@dataclass(frozen=True, kw_only=True)
class GameScenario(_ScenarioBase):
    """kind ``game`` (a course extension, see the module's "Course extensions"): the
    totals after a deal and who wins the game (R6.8).

    Attributes:
        target: the points that end the game: 1000, 501 or 2000 (the file's ``target``,
            else the target of :attr:`rules`).
        before: each team's total before the deal (points; the game was not over yet).
        marks: each team's marks of the deal (points).
        winner: the expected winner of the game, ``None`` for ``none`` (it goes on).
        totals: the expected totals after the deal (points).
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: ClassVar[str] = "game"
    #: The RULES.md rule the scenario exercises: the end of the game.
    rule_id: ClassVar[str] = "R6.8"
    target: int
    before: Mapping[Team, int] = field(hash=False)
    marks: Mapping[Team, int] = field(hash=False)
    winner: Team | None
    totals: Mapping[Team, int] = field(hash=False)

    def result(self) -> tuple[Team | None, dict[Team, int]]:
        """The engine's ``(winner, totals)``: each team's total plus its marks, and
        :func:`~belote_teach.engine.game.game_winner` on those totals (R6.8).

        Raises:
            InvalidScoreError, InvalidRuleSetError: a team missing, a negative number or
                a target not of R6.8 (only for a scenario built by hand).
        """
        totals = {team: self.before[team] + self.marks[team] for team in Team}
        return game_winner(totals, self.target), totals


@dataclass(frozen=True, kw_only=True)
class UnsupportedScenario(_ScenarioBase):
    """A scenario of a kind the checker does not support yet (every kind of SCENARIOS.md
    is supported now; kept for kinds added to the document before their checker).

    The loader validated it as strictly as the checked kinds (keys of :data:`KIND_KEYS`,
    cards, suits, teams, numbers, impossible positions); it is kept so that it can be
    reported and counted as *not checked*, never silently passed.

    Attributes:
        kind: the scenario's kind.
        data: the kind's keys present in the file (:data:`KIND_KEYS`), read into values:
            :class:`~belote_teach.engine.cards.Card` / ``tuple`` of cards (``turned``, ``hand``,
            ``trick``), :class:`~belote_teach.engine.cards.Suit` (``trump``),
            :class:`~belote_teach.engine.cards.Seat` (``leader``), ``int`` (``round``,
            ``reason``), ``str`` (``advice``), tuples of bid words of :data:`BIDS`
            (``history``, ``legal_bids``), and dicts keyed by ``Seat`` (``hands``) or by
            ``Card`` (``values``).
        id, prompt, source, rules, file, line: as in :class:`TrickScenario`.
    """

    kind: str
    data: Mapping[str, object] = field(default_factory=dict, hash=False)


#: A scenario of a kind the checker compares with the engine.
CheckedScenario: TypeAlias = (TrickScenario | PlayScenario | BidScenario | AnnounceScenario
                              | CompareScenario | ScoreScenario | SolveScenario
                              | DealScenario | GameScenario)
#: Any scenario the loader returns.
Scenario: TypeAlias = CheckedScenario | UnsupportedScenario
