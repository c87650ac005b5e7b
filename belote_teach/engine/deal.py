"""One deal (une donne): dealing, bidding, completion, the eight tricks, announcements,
belote-rebelote and the score, as a state machine with an undo stack (RULES.md R2–R6).

The public API follows python-chess's ``Board``: the checked path is the default
(:meth:`Deal.bid`, :meth:`Deal.play` raise a specific error and change nothing on bad
input), legal moves are a view (:attr:`Deal.legal_bids`, :attr:`Deal.legal_plays`), and
every bid and card is an :class:`Action` on a stack that :meth:`Deal.pop` takes back::

    >>> from belote_teach.engine.cards import Seat
    >>> deal = Deal.new(Seat.SOUTH, rng=7)
    >>> deal.phase, deal.turn, len(deal.hand(Seat.EAST))
    (<Phase.BIDDING_1: 'bidding_1'>, <Seat.EAST: 'E'>, 5)
    >>> deal.bid("take")                       # East takes the turned card's suit
    >>> deal.phase, deal.taker, len(deal.hand(Seat.EAST)), deal.turn
    (<Phase.PLAY: 'play'>, <Seat.EAST: 'E'>, 8, <Seat.EAST: 'E'>)
    >>> while deal.phase is Phase.PLAY:
    ...     deal.play(next(iter(deal.legal_plays)))
    >>> deal.phase, len(deal.tricks), sum(deal.card_points.values())
    (<Phase.SCORED: 'scored'>, 8, 162)
    >>> while deal.actions:
    ...     _ = deal.pop()
    >>> deal == Deal.new(Seat.SOUTH, rng=7)
    True

Readings of RULES.md made here (seats go S → E → N → W, ``seat.next`` is the player on
``seat``'s right, who plays after it):

- R2.1: "the player on the dealer's left cuts": with counter-clockwise play the player on
  the dealer's left is the one who plays just BEFORE the dealer, ``dealer.previous``
  (South deals: West cuts; East, on South's right, is served and speaks first).
- R2.1 cut: the cutter lifts ``cut`` cards off the top (3 to 29, so at least 3 cards in
  each packet) and puts them under the rest.
- R2.2/R2.7: cards are dealt from the top of the deck; during completion each player
  receives their cards in one go, in turn from ``dealer.next``: the taker the turned
  card plus the next 2 cards of the stock, every other player the next 3.
- R4.4: a player declares their announcements with their own first card (trick 1); the
  winning team's announcements are shown when the first card of trick 2 is played.
- R5.1/R5.2: "belote" may be said with the trump K or Q by a player who held both when
  play began; the call with the first of the two cards played is recorded as
  ``belote``, with the second as ``rebelote``. The 20 points are scored when it was
  said at least once (a learner who says only "rebelote" still said it).
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from belote_teach.engine.announcements import (
    Announcement,
    AnnouncementFault,
    belote_cards,
    compare_announcements,
    find_announcements,
    may_say_belote,
    validate_declaration,
)
from belote_teach.engine.bidding import Bid, Bidding, Contract
from belote_teach.engine.cards import DECK, DIX_DE_DER, Card, Seat, Suit, Team, parse_cards
from belote_teach.engine.errors import (
    FalseAnnouncementError,
    FalseBeloteError,
    InvalidPositionError,
    OutOfTurnError,
    PhaseError,
)
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import LegalPlays, RuleSet, legal_plays
from belote_teach.engine.trick import Trick

if TYPE_CHECKING:
    from belote_teach.engine.scoring import ScoreBreakdown

__all__ = [
    "CUT_MIN",
    "Action",
    "BeloteCall",
    "Deal",
    "Declared",
    "Phase",
]

#: The hands given to :meth:`Deal.from_hands`: seat (or its letter) -> 5 cards.
Hands = Mapping[Seat, Iterable[Card | str]] | Mapping[str, Iterable[Card | str]]
#: The fewest cards in each packet of the cut (R2.1).
CUT_MIN = 3
#: The packets of the first distribution, for every player (R2.2).
PACKETS: tuple[int, int] = (3, 2)
#: Cards received during completion (R2.7): the taker gets the turned card plus 2.
COMPLETION_TAKER = 2
COMPLETION_OTHERS = 3


class Phase(enum.Enum):
    """Where a deal stands.

    - ``DEALING``: shuffling, cutting and the 3+2 distribution (R2.1–R2.3). The
      constructors :meth:`Deal.new` and :meth:`Deal.from_hands` do it all, so a deal
      you hold is already past it; the member names the step for lessons and UIs.
    - ``BIDDING_1``, ``BIDDING_2``: the two rounds of bidding (R2.4, R2.5).
    - ``PLAY``: completion is done (R2.7); the eight tricks (R2.8, R3).
    - ``SCORED``: the eight tricks are played and :attr:`Deal.score` is set (R6).
    - ``PASSED_OUT``: all passed twice; nobody scores (R2.6).
    """

    DEALING = "dealing"
    BIDDING_1 = "bidding_1"
    BIDDING_2 = "bidding_2"
    PLAY = "play"
    SCORED = "scored"
    PASSED_OUT = "passed_out"

    @property
    def is_bidding(self) -> bool:
        """True in either round of bidding."""
        return self in (Phase.BIDDING_1, Phase.BIDDING_2)

    @property
    def is_over(self) -> bool:
        """True once the deal is scored or passed out: nothing more may happen."""
        return self in (Phase.SCORED, Phase.PASSED_OUT)


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a deal, as put on its undo stack: a bid, or a card with what was said
    with it (announcements, R4.4; belote, R5).

    Attributes:
        seat: who acted.
        bid: the bid, or ``None`` for a card.
        card: the card played, or ``None`` for a bid.
        announce: the announcements declared with the card (first card only, R4.4).
        belote: True if "belote"/"rebelote" was said with the card (R5).
    """

    seat: Seat
    bid: Bid | None = None
    card: Card | None = None
    announce: tuple[Announcement, ...] = ()
    belote: bool = False

    def __post_init__(self) -> None:
        if (self.bid is None) == (self.card is None):
            raise InvalidPositionError(
                f"an action is a bid or a card, not both nor neither: {self.bid!r}, "
                f"{self.card!r}")

    @property
    def is_bid(self) -> bool:
        """True for a bid, False for a card."""
        return self.bid is not None

    def __str__(self) -> str:
        """``E pass``, ``N take``, ``W H``, ``E JH``, ``E JH tierce belote``."""
        words = [str(self.seat), str(self.bid if self.bid is not None else self.card)]
        words += [str(a.type) for a in self.announce]
        if self.belote:
            words.append("belote")
        return " ".join(words)


class Declared(NamedTuple):
    """An announcement with the seat that declared it (R4.4)."""

    seat: Seat
    announcement: Announcement


class BeloteCall(NamedTuple):
    """"Belote" or "rebelote" said by ``seat`` with ``card`` (the trump K or Q, R5.1).

    ``word`` is ``"belote"`` with the first of the two cards played, ``"rebelote"`` with
    the second."""

    seat: Seat
    card: Card
    word: str


class _Undo(NamedTuple):
    """What :meth:`Deal.pop` needs beyond the action itself."""

    phase: Phase
    hand_index: int = -1          # where the played card sat in the hand
    trick_completed: bool = False


def _check_cut(cut: object) -> int:
    """``cut`` if the cutter may lift that many cards (R2.1), else InvalidPositionError."""
    if (isinstance(cut, bool) or not isinstance(cut, int)
            or not CUT_MIN <= cut <= len(DECK) - CUT_MIN):
        raise InvalidPositionError(
            f"cut {cut!r} refused: the cutter lifts {CUT_MIN} to {len(DECK) - CUT_MIN} "
            f"cards, leaving at least {CUT_MIN} in each packet (R2.1)")
    return cut


def _cut_deck(deck: list[Card], cut: int) -> list[Card]:
    """Lift ``cut`` cards off the top and put them under the rest (R2.1)."""
    return deck[cut:] + deck[:cut]


class Deal:
    """One deal (une donne) from the distribution to the score (RULES.md R2–R6).

    Build one with :meth:`new` (seeded shuffle, cut, 3+2 distribution) or
    :meth:`from_hands` (given hands, for lessons and transcripts). Then
    :meth:`bid` and :meth:`play` for the seat to act (:attr:`turn`), or :meth:`push` an
    :class:`Action`; :meth:`pop` takes the last action back exactly.

    A deal never shows one player's hidden cards to another by itself: computer players
    and widgets receive :meth:`observation` of their seat, never the deal.

    Deals compare equal when their whole state is equal (cards, cut, bids, tricks, calls,
    score, phase, actions); :attr:`seed` is not compared, as it only says how the cards
    were shuffled (``Deal.new(d, 7) == Deal.new(d, random.Random(7))``). :meth:`copy` is
    an independent deep copy.
    """

    __slots__ = ("_actions", "_belote", "_bidding", "_contract", "_dealt", "_declared",
                 "_hands", "_legal", "_phase", "_points", "_score", "_start_hands", "_stock",
                 "_trick", "_tricks", "_undo", "_winners", "cut", "dealer", "reserve", "rules",
                 "seed", "turned")

    def __init__(self, dealer: Seat | str, hands: Hands,
                 turned: Card | str, stock: Iterable[Card | str],
                 rules: RuleSet | str | Mapping[str, object] | None = None, *,
                 reserve: int = 0, cut: int | None = None, seed: int | None = None):
        """See :meth:`from_hands`; ``seed`` is set by :meth:`new` only."""
        self.rules: RuleSet = RuleSet.from_spec(rules)
        self.dealer: Seat = Seat.parse(dealer)
        if isinstance(reserve, bool) or not isinstance(reserve, int) or reserve < 0:
            raise InvalidPositionError(
                f"the reserve is a whole number of points, 0 or more (R6.6), got {reserve!r}")
        #: Points waiting in the reserve from earlier litiges (R6.6), given by the game.
        self.reserve: int = reserve
        #: Cards the cutter lifted (R2.1): drawn or given in :meth:`new`, given or
        #: ``None`` in :meth:`from_hands`.
        self.cut: int | None = None if cut is None else _check_cut(cut)
        #: The int seed :meth:`new` shuffled with (0 for ``rng=None``); ``None`` when it
        #: was given a :class:`random.Random`, and for :meth:`from_hands`.
        self.seed: int | None = seed
        parsed: dict[Seat, tuple[Card, ...]] = {}
        for key, cards in hands.items():
            seat = Seat.parse(key)
            if seat in parsed:
                raise InvalidPositionError(f"hands name seat {seat} twice")
            parsed[seat] = parse_cards(cards, what=f"{seat}'s hand")
        missing = [str(s) for s in Seat if s not in parsed]
        if missing:
            raise InvalidPositionError(
                f"hands must give the four seats N, E, S, W; missing {', '.join(missing)}")
        for seat, cards in parsed.items():
            if len(cards) != sum(PACKETS):
                raise InvalidPositionError(
                    f"{seat} must hold {sum(PACKETS)} cards after the distribution (R2.2), "
                    f"got {len(cards)}: {' '.join(str(c) for c in cards)}")
        #: The turned card (la retourne, R2.3), seen by everyone.
        self.turned: Card = Card.parse(turned)
        self._stock: tuple[Card, ...] = parse_cards(stock, what="stock")
        if len(self._stock) != 11:
            raise InvalidPositionError(
                f"the stock holds the 11 cards left after the turned card, got "
                f"{len(self._stock)}: {' '.join(str(c) for c in self._stock)}")
        every = Counter([*(c for s in Seat for c in parsed[s]), self.turned, *self._stock])
        twice = sorted(str(c) for c, n in every.items() if n > 1)
        if twice:
            raise InvalidPositionError(
                f"card(s) {', '.join(twice)} dealt twice (hands, turned card, stock)")
        self._hands: dict[Seat, list[Card]] = {seat: list(parsed[seat]) for seat in Seat}
        served = (self.dealer.next, self.dealer.partner, self.dealer.previous, self.dealer)
        self._dealt: Mapping[Seat, tuple[Card, ...]] = MappingProxyType(
            {seat: parsed[seat] for seat in served})
        self._bidding = Bidding(self.dealer, self.turned)
        self._contract: Contract | None = None   # cache of self._bidding.contract
        self._legal: LegalPlays | None = None    # cache of the position's legal plays
        self._start_hands: dict[Seat, frozenset[Card]] | None = None
        self._tricks: list[Trick] = []
        self._winners: list[Seat] = []           # the winner of each completed trick
        self._points: list[int] = []             # the card points of each completed trick
        self._trick: Trick | None = None
        self._declared: dict[Seat, tuple[Announcement, ...]] = {}
        self._belote: list[BeloteCall] = []
        self._score: ScoreBreakdown | None = None
        self._phase = Phase.BIDDING_1
        self._actions: list[Action] = []
        self._undo: list[_Undo] = []

    # ------------------------------------------------------------------ constructors
    @classmethod
    def new(cls, dealer: Seat | str, rng: random.Random | int | None = None,
            rules: RuleSet | str | Mapping[str, object] | None = None, *,
            reserve: int = 0, cut: int | None = None) -> Deal:
        """Shuffle, cut and deal (R2.1–R2.3).

        The 32 cards (:data:`~belote_teach.engine.cards.DECK`) are shuffled by ``rng``; the
        player on the dealer's left (:attr:`cutter`, ``dealer.previous``) lifts ``cut``
        cards off the top and puts them under; the dealer then gives, from the top, 3
        cards to each player and then 2 to each, starting with the player after the
        dealer (``dealer.next``) and going counter-clockwise; the next card is turned
        face up; the 11 others wait for completion (R2.7).

        Args:
            dealer: the dealer (le donneur), a :class:`Seat` or its letter.
            rng: a :class:`random.Random`, or an int seed (``None``: seed 0, so that a
                deal is always reproducible). An int seed is kept in :attr:`seed`
                (``None`` for a Random), so :func:`~belote_teach.engine.transcript.to_transcript`
                writes it.
            rules: a RuleSet, preset name or options mapping (default ``classic``).
            reserve: points waiting in the reserve from earlier litiges (R6.6).
            cut: cards lifted by the cutter, 3 to 29 (default: drawn from ``rng``); kept
                in :attr:`cut`.

        Returns:
            The deal in phase ``BIDDING_1``, :attr:`dealt_hands`, :attr:`turned` and
            :attr:`initial_stock` set.

        Raises:
            InvalidPositionError: ``cut`` leaves fewer than 3 cards in a packet (R2.1), the
                reserve is negative (R6.6), or ``dealer`` names no seat.
            InvalidRuleSetError: bad rules.
        """
        if isinstance(rng, random.Random):
            generator, seed = rng, None
        else:
            generator = random.Random(rng or 0)
            whole = isinstance(rng, int) and not isinstance(rng, bool)
            seed = 0 if rng is None else rng if whole else None
        deck = list(DECK)
        generator.shuffle(deck)
        if cut is None:
            cut = generator.randint(CUT_MIN, len(DECK) - CUT_MIN)
        else:
            _check_cut(cut)
        deck = _cut_deck(deck, cut)
        dealer = Seat.parse(dealer)
        hands: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        top = 0
        for packet in PACKETS:                                               # R2.2
            seat = dealer.next
            for _ in Seat:
                hands[seat] += deck[top:top + packet]
                top += packet
                seat = seat.next
        turned = deck[top]                                                   # R2.3
        return cls(dealer, hands, turned, deck[top + 1:], rules, reserve=reserve, cut=cut,
                   seed=seed)

    @classmethod
    def from_hands(cls, dealer: Seat | str, hands: Hands,
                   turned: Card | str, stock: Iterable[Card | str],
                   rules: RuleSet | str | Mapping[str, object] | None = None, *,
                   reserve: int = 0, cut: int | None = None) -> Deal:
        """A deal from a known distribution, ready to bid (for lessons and transcripts).

        Args:
            dealer: the dealer, a :class:`Seat` or its letter.
            hands: the 5 cards of each of the four seats (R2.2), seat (or its letter) ->
                cards in the order dealt; kept in :attr:`dealt_hands`.
            turned: the turned card (R2.3).
            stock: the 11 remaining cards in dealing order: completion (R2.7) gives them
                from the first, to ``dealer.next`` first; kept in :attr:`initial_stock`.
            rules: a RuleSet, preset name or options mapping (default ``classic``).
            reserve: points waiting in the reserve (R6.6).
            cut: the cards the cutter lifted, 3 to 29 (R2.1), if known: recorded in
                :attr:`cut` as by :meth:`new` (default ``None``: unknown). It does not
                move any card: ``hands``, ``turned`` and ``stock`` are the cut deck dealt.

        Returns:
            The deal in phase ``BIDDING_1``; its :attr:`seed` is ``None``.

        Raises:
            InvalidCardError: a card cannot be read.
            InvalidPositionError: ``dealer`` names no seat, a seat is missing or given
                twice, a hand does not hold 5 cards (R2.2), the stock not 11, a card
                appears twice, the reserve is negative (R6.6), or ``cut`` is not a whole
                number from 3 to 29 (R2.1).
            InvalidRuleSetError: bad rules.
        """
        return cls(dealer, hands, turned, stock, rules, reserve=reserve, cut=cut)

    # ------------------------------------------------------------------ reading: table
    @property
    def cutter(self) -> Seat:
        """The player on the dealer's left, who cuts (R2.1): ``dealer.previous``."""
        return self.dealer.previous

    @property
    def phase(self) -> Phase:
        """Where the deal stands (:class:`Phase`)."""
        return self._phase

    @property
    def turn(self) -> Seat | None:
        """The seat to bid or play, ``None`` once the deal is over."""
        if self._phase.is_bidding:
            return self._bidding.to_speak
        if self._phase is Phase.PLAY:
            assert self._trick is not None
            return self._trick.next_seat
        return None

    def hand(self, seat: Seat | str) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in the order received (hidden information).

        Raises:
            InvalidPositionError: ``seat`` names no seat.
        """
        return tuple(self._hands[Seat.parse(seat)])

    def start_hand(self, seat: Seat | str) -> frozenset[Card] | None:
        """The 8 cards ``seat`` held when play began (after completion, R2.7), which
        announcements and belote are checked against; ``None`` before completion."""
        if self._start_hands is None:
            return None
        return self._start_hands[Seat.parse(seat)]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards waiting for completion, in dealing order (R2.7); empty once dealt
        (and after a pass-out, the 11 cards stay here)."""
        return () if self._start_hands is not None else self._stock

    @property
    def dealt_hands(self) -> Mapping[Seat, tuple[Card, ...]]:
        """The 5 cards each seat received at the distribution (R2.2), in the order dealt,
        whatever was played or taken back since: a read-only mapping ``Seat -> tuple``,
        seats in the order served (``dealer.next`` first). Hidden information."""
        return self._dealt

    @property
    def initial_stock(self) -> tuple[Card, ...]:
        """The 11 cards left after the turned card (R2.3), in dealing order: what
        completion (R2.7) deals from, whatever was played or taken back since."""
        return self._stock

    # ------------------------------------------------------------------ reading: bidding
    @property
    def bidding(self) -> Bidding:
        """A copy of the bidding so far (R2.4–R2.6)."""
        return self._bidding.copy()

    @property
    def bids(self) -> tuple[tuple[Seat, Bid], ...]:
        """The bids made so far, each with its seat."""
        return self._bidding.calls

    @property
    def legal_bids(self) -> frozenset[Bid]:
        """The bids the seat to speak may make (R2.4, R2.5).

        Raises:
            PhaseError: the deal is not in a bidding phase.
        """
        if not self._phase.is_bidding:
            raise PhaseError(f"no bidding now: the deal is in phase {self._phase.name}")
        return self._bidding.legal_bids

    @property
    def contract(self) -> Contract | None:
        """Who took, in which trump and round; ``None`` while bidding or if passed out."""
        return self._contract

    @property
    def taker(self) -> Seat | None:
        """The taker (le preneur), ``None`` before a take or if passed out."""
        return self._contract.taker if self._contract else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit (l'atout), ``None`` before a take or if passed out."""
        return self._contract.trump if self._contract else None

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next deal: the player after the dealer (R2.9); after a pass-out,
        the same dealer when the ``redeal`` option is ``same_dealer`` (R2.6).

        Raises:
            PhaseError: the deal is not over yet.
        """
        if self._phase is Phase.PASSED_OUT and self.rules.redeal == "same_dealer":
            return self.dealer
        if self._phase.is_over:
            return self.dealer.next
        raise PhaseError(f"the deal is not over (phase {self._phase.name}): "
                         "the next dealer is known once it is scored or passed out")

    # ------------------------------------------------------------------ reading: play
    @property
    def legal_plays(self) -> LegalPlays:
        """The cards the seat to play may play, with the deciding R3 rule (a view:
        ``card in deal.legal_plays``, iteration, ``len``).

        Raises:
            PhaseError: the deal is not in phase PLAY.
        """
        if self._phase is not Phase.PLAY:
            raise PhaseError(f"no card to play now: the deal is in phase {self._phase.name}")
        if self._legal is None:
            trick = self._trick
            assert trick is not None
            self._legal = legal_plays(self._hands[trick.next_seat], trick, self.rules)
        return self._legal

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in order (copies), each knowing its ``winner``."""
        return tuple(t.copy() for t in self._tricks)

    @property
    def trick_winners(self) -> tuple[Seat, ...]:
        """The winner of each completed trick, in order (R1.5)."""
        return tuple(self._winners)

    @property
    def trick(self) -> Trick | None:
        """The trick being played (a copy, possibly empty), ``None`` outside play."""
        return self._trick.copy() if self._trick is not None else None

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in play order (public information)."""
        cards = [c for t in self._tricks for c in t.cards]
        if self._trick is not None:
            cards += self._trick.cards
        return tuple(cards)

    @property
    def card_points(self) -> dict[Team, int]:
        """Card points won by each team so far (R1.2–R1.4), with the 10 of the dix de der
        once the last trick is played: 162 in all at the end."""
        ns = sum(p for w, p in zip(self._winners, self._points, strict=True)
                 if w.team is Team.NS)
        won = {Team.NS: ns, Team.EW: sum(self._points) - ns}
        if len(self._winners) == 8:
            won[self._winners[-1].team] += DIX_DE_DER
        return won

    @property
    def tricks_won(self) -> dict[Team, int]:
        """Completed tricks won by each team."""
        ns = sum(1 for w in self._winners if w.team is Team.NS)
        return {Team.NS: ns, Team.EW: len(self._winners) - ns}

    # ------------------------------------------------------------------ announcements, belote
    def may_announce(self, seat: Seat | str) -> bool:
        """True while ``seat`` may still declare announcements: announcements are on
        (R4), the deal is in play, trick 1 is being played and ``seat`` has not played
        its first card yet (R4.4)."""
        seat = Seat.parse(seat)
        return (self.rules.announcements and self._phase is Phase.PLAY
                and not self._tricks and self._trick is not None
                and all(play.seat is not seat for play in self._trick.plays))

    def announcements_available(self, seat: Seat | str) -> tuple[Announcement, ...]:
        """What ``seat`` can declare with its first card: the best reading of its hand
        (R4.1–R4.3, :func:`~belote_teach.engine.announcements.find_announcements`), strongest
        first; empty when ``seat`` may not declare any more (:meth:`may_announce`)."""
        seat = Seat.parse(seat)
        if not self.may_announce(seat):
            return ()
        assert self._start_hands is not None and self.trump is not None
        return find_announcements(self._start_hands[seat], self.trump)

    def declared(self, seat: Seat | str) -> tuple[Announcement, ...]:
        """The announcements ``seat`` declared with its first card (R4.4); may be empty."""
        return self._declared.get(Seat.parse(seat), ())

    @property
    def declarations(self) -> tuple[Declared, ...]:
        """Every announcement declared so far, in declaration order (R4.4)."""
        order = [p.seat for p in (self._tricks[0] if self._tricks else self._trick or ())]
        return tuple(Declared(seat, a) for seat in order for a in self._declared.get(seat, ()))

    @property
    def announcement_winner(self) -> tuple[Team | None, int]:
        """The team whose announcements score and their points (R4.5, R4.6), from the
        declarations so far; ``(None, 0)`` if none or on an exact tie."""
        trump = self.trump
        if trump is None or not self._declared:
            return None, 0
        ns = [a for s in Team.NS.seats for a in self._declared.get(s, ())]
        ew = [a for s in Team.EW.seats for a in self._declared.get(s, ())]
        return compare_announcements(ns, ew, trump)

    @property
    def shown_announcements(self) -> tuple[Declared, ...]:
        """The announcements shown to the table (R4.4–R4.6): once the first card of trick
        2 is played, ALL the announcements of the team with the best one, with their
        cards; empty before, without announcements, or on an exact tie."""
        started_trick_2 = len(self._tricks) >= 2 or (
            len(self._tricks) == 1 and self._trick is not None and len(self._trick) > 0)
        if not started_trick_2 or not self._declared:
            return ()
        team, _ = self.announcement_winner
        if team is None:
            return ()
        return tuple(d for d in self.declarations if d.seat.team is team)

    def may_say_belote(self, seat: Seat | str, card: Card | str) -> bool:
        """True when ``seat`` may say "belote" (or "rebelote") with ``card`` now: the deal is
        in play, ``card`` is in ``seat``'s hand, and it is the king or the queen of trumps
        of a seat that held both when play began (R5.1,
        :func:`~belote_teach.engine.announcements.may_say_belote`). A computer player always
        says it then (R5.2).

        Raises:
            InvalidPositionError: ``seat`` names no seat.
            InvalidCardError: ``card`` cannot be read.
        """
        seat, card = Seat.parse(seat), Card.parse(card)
        trump = self.trump
        if self._phase is not Phase.PLAY or trump is None or self._start_hands is None:
            return False
        return card in self._hands[seat] and may_say_belote(self._start_hands[seat], trump,
                                                            card)

    @property
    def belote_calls(self) -> tuple[BeloteCall, ...]:
        """"Belote" and "rebelote" as said so far (R5), in order."""
        return tuple(self._belote)

    @property
    def belote_team(self) -> Team | None:
        """The team that scores belote-rebelote: the holder of the trump K and Q said it
        (R5.1, R5.2); ``None`` otherwise."""
        return self._belote[0].seat.team if self._belote else None

    # ------------------------------------------------------------------ score
    @property
    def score(self) -> ScoreBreakdown | None:
        """The score of the deal (R6), set when the eighth trick is complete."""
        return self._score

    @property
    def reserve_after(self) -> int:
        """The reserve handed to the next deal (R6.6): the score's ``reserve_after`` once
        scored, the same reserve after a pass-out.

        Raises:
            PhaseError: the deal is not over.
        """
        if self._phase is Phase.PASSED_OUT:
            return self.reserve
        if self._score is not None:
            return self._score.reserve_after
        raise PhaseError(f"the deal is not over (phase {self._phase.name})")

    # ------------------------------------------------------------------ actions
    @property
    def actions(self) -> tuple[Action, ...]:
        """Every bid and card so far, in order: replaying them with :meth:`push` on the
        same :meth:`new` deal gives the same state."""
        return tuple(self._actions)

    def _check_turn(self, seat: Seat | str | None, what: str) -> Seat:
        turn = self.turn
        assert turn is not None
        if seat is not None:
            actor = Seat.parse(seat)
            if actor is not turn:
                doing = "bid" if self._phase.is_bidding else "play"
                raise OutOfTurnError(f"{actor} may not {what}: it is {turn}'s turn to {doing}")
        return turn

    def bid(self, bid: Bid | str, *, seat: Seat | str | None = None) -> None:
        """Bid for the seat to speak (R2.4, R2.5), checked.

        A take (round 1) or a named suit (round 2) ends bidding: completion follows at
        once (R2.7) and the player after the dealer leads (R2.8). The eighth pass passes
        the deal out (R2.6).

        Args:
            bid: ``take``, ``pass``, a suit letter, or a :class:`Bid`.
            seat: who bids, if the caller knows; checked against :attr:`turn`.

        Raises:
            InvalidBidError: ``bid`` cannot be read.
            PhaseError: the deal is not in a bidding phase.
            OutOfTurnError: ``seat`` is not the seat to speak.
            IllegalBidError: a suit in round 1, ``take`` or the turned card's suit in
                round 2; ``.legal`` lists what was allowed.

        On error the deal is left exactly as it was.
        """
        parsed = Bid.parse(bid)
        if not self._phase.is_bidding:
            raise PhaseError(f"bid {parsed} refused: the deal is in phase {self._phase.name}, "
                             "not bidding")
        speaker = self._check_turn(seat, f"bid {parsed}")
        self._bidding.bid(parsed)  # checks R2.4/R2.5, raises before any change
        self._actions.append(Action(speaker, bid=parsed))
        self._undo.append(_Undo(self._phase))
        contract = self._bidding.contract
        if contract is not None:
            self._complete(contract)
        elif self._bidding.is_passed_out:
            self._phase = Phase.PASSED_OUT                                   # R2.6
        elif len(self._bidding) == 4:
            self._phase = Phase.BIDDING_2                                    # R2.5

    def _complete(self, contract: Contract) -> None:
        """Completion (R2.7) and the first lead (R2.8)."""
        stock = iter(self._stock)
        seat = self.dealer.next
        for _ in Seat:
            if seat is contract.taker:
                received = [self.turned] + [next(stock) for _ in range(COMPLETION_TAKER)]
            else:
                received = [next(stock) for _ in range(COMPLETION_OTHERS)]
            self._hands[seat] += received
            seat = seat.next
        self._contract = contract
        self._start_hands = {s: frozenset(cards) for s, cards in self._hands.items()}
        self._trick = Trick(contract.trump, leader=self.dealer.next)          # R2.8
        self._phase = Phase.PLAY

    def play(self, card: Card | str, *, seat: Seat | str | None = None,
             announce: Sequence[Announcement] = (), belote: bool = False) -> None:
        """Play ``card`` for the seat to play (R3), checked: the default path.

        Args:
            card: the card, a :class:`Card` or its notation.
            seat: who plays, if the caller knows; checked against :attr:`turn`.
            announce: the :class:`~belote_teach.engine.announcements.Announcement` values (or
                one) declared with this card: only with the player's first card, during
                trick 1, when announcements are on (R4.4); each must be held by the
                8-card hand (R4.1–R4.3).
            belote: say "belote" (or "rebelote") with this card: only with the trump K
                or Q, by a player who held both when play began (R5.1).

        When the fourth card completes a trick its winner leads the next (R2.8); after
        the eighth trick the deal is scored (R6) and :attr:`score` set.

        Raises:
            InvalidCardError: ``card`` cannot be read.
            PhaseError: the deal is not in phase PLAY; or announcements are declared
                after the player's first card or while the rules have them off (R4).
            OutOfTurnError: ``seat`` is not the seat to play.
            IllegalPlayError: the card is not in the hand, or R3 forbids it (a revoke,
                R3.8); ``.rule`` and ``.legal`` say why.
            FalseAnnouncementError: the hand does not hold a declared announcement, or
                ``announce`` is not made of Announcement values; ``.reason`` says why
                (:func:`~belote_teach.engine.announcements.validate_declaration`).
            FalseBeloteError: belote said with another card, or without having held the
                trump K and Q.

        On error the deal is left exactly as it was.
        """
        parsed = Card.parse(card)
        if self._phase is not Phase.PLAY:
            raise PhaseError(f"card {parsed} refused: the deal is in phase "
                             f"{self._phase.name}, not play")
        player = self._check_turn(seat, f"play {parsed}")
        trick = self._trick
        assert trick is not None and self._start_hands is not None
        hand = self._hands[player]
        self.legal_plays.check(parsed)                                       # R3
        if isinstance(announce, Announcement):
            announce = (announce,)
        elif isinstance(announce, str | bytes):
            raise FalseAnnouncementError(
                f"announce takes Announcement values (see announcements_available), got "
                f"{announce!r}", reason=AnnouncementFault.NOT_AN_ANNOUNCEMENT)
        declared = tuple(announce)
        if declared:
            self._check_announce(player, parsed, declared)                   # R4
        call = self._belote_call(player, parsed) if belote else None         # R5
        # -- every check passed: change the state
        self._legal = None
        index = hand.index(parsed)
        del hand[index]
        trick._push_unchecked(parsed)
        if declared:
            self._declared[player] = declared
        if call is not None:
            self._belote.append(call)
        self._actions.append(Action(player, card=parsed, announce=declared, belote=belote))
        completed = trick.is_complete
        self._undo.append(_Undo(self._phase, index, completed))
        if completed:
            winner = trick.winner                                            # R1.5
            self._tricks.append(trick)
            self._winners.append(winner)
            self._points.append(trick.points)
            if len(self._tricks) == 8:
                self._trick = None
                self._score = self._score_deal()
                self._phase = Phase.SCORED
            else:
                self._trick = Trick(trick.trump, leader=winner)               # R2.8

    def _check_announce(self, seat: Seat, card: Card,
                        declared: tuple[Announcement, ...]) -> None:
        shown = ", ".join(str(a) for a in declared)
        if not self.rules.announcements:
            raise PhaseError(f"{seat} may not announce {shown}: announcements are off in "
                             f"rules {self.rules} (R4)")
        if not self.may_announce(seat):
            raise PhaseError(f"{seat} may not announce {shown} with {card}: announcements "
                             "are declared with the player's first card, during trick 1 "
                             "(R4.4)")
        assert self._start_hands is not None and self.trump is not None
        try:
            validate_declaration(self._start_hands[seat], self.trump, declared)
        except FalseAnnouncementError as err:
            raise err.reworded(f"{seat} announced {shown} with {card}: {err}") from None

    def _belote_call(self, seat: Seat, card: Card) -> BeloteCall:
        trump = self.trump
        assert trump is not None and self._start_hands is not None
        pair = belote_cards(trump)
        if not may_say_belote(self._start_hands[seat], trump, card):          # R5.1
            if card not in pair:
                raise FalseBeloteError(
                    f"{seat} said belote with {card}: belote is said with the king or the "
                    f"queen of trumps ({pair[0]} or {pair[1]}, R5.1)", card=card)
            raise FalseBeloteError(
                f"{seat} said belote with {card} without holding both {pair[0]} and "
                f"{pair[1]} (R5.1)", card=card)
        other = pair[1] if card == pair[0] else pair[0]
        word = "rebelote" if other not in self._hands[seat] else "belote"
        return BeloteCall(seat, card, word)

    def _score_deal(self) -> ScoreBreakdown:
        """Hand the finished deal to :func:`~belote_teach.engine.scoring.score_deal` (R6)."""
        from belote_teach.engine.scoring import score_deal

        contract = self._contract
        assert contract is not None
        announcements = None
        if self.rules.announcements:
            announcements = {team: [a for s in team.seats for a in self._declared.get(s, ())]
                             for team in Team}
        return score_deal(
            takers=contract.taker.team, card_points=self.card_points,
            tricks=self.tricks_won, belote=self.belote_team, announcements=announcements,
            reserve=self.reserve, revoke=None, trump=contract.trump, rules=self.rules,
            dix_de_der=self._winners[-1].team)

    def push(self, action: Action) -> None:
        """Replay ``action`` (a bid or a card with its calls), checked as :meth:`bid` and
        :meth:`play` with ``seat=action.seat``.

        Raises:
            As :meth:`bid` or :meth:`play`; on error the deal is unchanged.
        """
        if action.bid is not None:
            self.bid(action.bid, seat=action.seat)
        else:
            assert action.card is not None
            self.play(action.card, seat=action.seat, announce=action.announce,
                      belote=action.belote)

    def pop(self) -> Action:
        """Take back the last action exactly (bid, card, and whatever followed from it:
        phase change, completion, trick completion, announcements, belote, score) and
        return it.

        Raises:
            PhaseError: no action was taken.
        """
        if not self._actions:
            raise PhaseError("nothing to take back: no bid or card yet")
        action = self._actions.pop()
        undo = self._undo.pop()
        self._legal = None
        if action.bid is not None:
            if self._start_hands is not None:                  # undo completion (R2.7)
                for seat in Seat:
                    del self._hands[seat][sum(PACKETS):]
                self._start_hands = None
                self._contract = None
                self._trick = None
            self._bidding.pop()
        else:
            assert action.card is not None
            self._score = None
            if undo.trick_completed:
                self._trick = self._tricks.pop()
                self._winners.pop()
                self._points.pop()
            assert self._trick is not None
            self._trick.pop()
            self._hands[action.seat].insert(undo.hand_index, action.card)
            if action.announce:
                del self._declared[action.seat]
            if action.belote:
                self._belote.pop()
        self._phase = undo.phase
        return action

    # ------------------------------------------------------------------ views, copies
    def observation(self, seat: Seat | str) -> Observation:
        """What ``seat`` may see (:class:`~belote_teach.engine.observation.Observation`): its own
        hand, the public cards and calls, never another player's hidden cards."""
        seat = Seat.parse(seat)
        to_act = self.turn is seat
        return Observation(
            seat=seat, rules=self.rules, dealer=self.dealer, phase=self._phase,
            turn=self.turn, hand=tuple(self._hands[seat]), turned=self.turned,
            bids=self.bids, contract=self.contract, tricks=self.tricks, trick=self.trick,
            announced=self.declared(seat),
            announcements_heard=tuple((d.seat, d.announcement.type)
                                      for d in self.declarations),
            announcements_available=self.announcements_available(seat),
            shown_announcements=self.shown_announcements, belote_calls=self.belote_calls,
            score=self._score, reserve=self.reserve,
            legal_bids=self._bidding.legal_bids if to_act and self._phase.is_bidding else None,
            legal_plays=self.legal_plays if to_act and self._phase is Phase.PLAY else None,
        )

    def copy(self) -> Deal:
        """An independent deep copy: changing one never changes the other."""
        clone = object.__new__(Deal)
        clone.rules, clone.dealer, clone.reserve, clone.cut, clone.seed = (
            self.rules, self.dealer, self.reserve, self.cut, self.seed)
        clone.turned, clone._stock, clone._dealt = self.turned, self._stock, self._dealt
        clone._hands = {seat: list(cards) for seat, cards in self._hands.items()}
        clone._bidding = self._bidding.copy()
        clone._contract = self._contract
        clone._legal = None
        clone._start_hands = None if self._start_hands is None else dict(self._start_hands)
        clone._tricks = [t.copy() for t in self._tricks]
        clone._winners = list(self._winners)
        clone._points = list(self._points)
        clone._trick = None if self._trick is None else self._trick.copy()
        clone._declared = dict(self._declared)
        clone._belote = list(self._belote)
        clone._score = self._score
        clone._phase = self._phase
        clone._actions = list(self._actions)
        clone._undo = list(self._undo)
        return clone

    def _state(self) -> tuple[object, ...]:
        return (self.rules, self.dealer, self.reserve, self.cut, self.turned, self._stock,
                self._hands, self._bidding, self._start_hands, self._tricks, self._trick,
                self._declared, self._belote, self._score, self._phase, self._actions,
                self._undo)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        parts = [f"dealer={self.dealer}", self._phase.name]
        if self.contract is not None:
            parts.append(str(self.contract))
        if self._phase is Phase.PLAY:
            parts.append(f"trick {len(self._tricks) + 1}/8")
        if self.turn is not None:
            parts.append(f"turn={self.turn}")
        return f"<Deal {' '.join(parts)}>"
