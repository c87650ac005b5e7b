"""Bidding (la prise): the bids, which bids are legal, and the rule that ends bidding
(RULES.md R2.4–R2.6).

A :class:`Bid` is a small frozen value with a notation round trip, like a card:
``take`` ("je prends", round 1), ``pass`` ("je passe") or a suit letter ``S H D C``
(round 2: "à cœur" names hearts as trump)::

    >>> Bid.parse("take"), str(Bid.parse("H")), Bid.parse("passe") == PASS
    (Bid.parse('take'), 'H', True)
    >>> sorted(str(b) for b in legal_bids("JH", round=2))
    ['C', 'D', 'S', 'pass']

:class:`Bidding` holds the bidding of one deal, both rounds, and knows when it ends:
at the first ``take`` of round 1, at the first suit of round 2, or after eight passes
(the deal is passed out, R2.6)::

    >>> from belote_teach.engine.cards import Seat
    >>> bidding = Bidding(Seat.SOUTH, turned="JH")   # South deals, East speaks first
    >>> bidding.bid("pass"); bidding.bid("take")
    >>> bidding.is_over, bidding.contract
    (True, Contract(taker=<Seat.NORTH: 'N'>, trump=<Suit.HEARTS: 'H'>, round=1))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.errors import (
    IllegalBidError,
    InvalidBidError,
    InvalidCardError,
    OutOfTurnError,
    PhaseError,
)

__all__ = [
    "PASS",
    "TAKE",
    "Bid",
    "BidKind",
    "Bidding",
    "Contract",
    "legal_bids",
]


class BidKind(enum.Enum):
    """What a bid says: pass, take the turned card's suit (round 1), or name a suit
    (round 2). The value is the notation of pass and take."""

    PASS = "pass"
    TAKE = "take"
    SUIT = "suit"


#: Words read as a pass or a take (English and French), lower case.
_PASS_WORDS = frozenset({"pass", "passe", "je passe", "p"})
_TAKE_WORDS = frozenset({"take", "prends", "je prends", "t"})


@dataclass(frozen=True, slots=True)
class Bid:
    """One bid: ``Bid(BidKind.TAKE)``, ``Bid(BidKind.PASS)`` or ``Bid(BidKind.SUIT, suit)``.

    Notation (``str``/``parse`` round trip): ``take``, ``pass``, ``S`` ``H`` ``D`` ``C``.
    Prefer the constants :data:`TAKE` and :data:`PASS` and :meth:`naming`.

    Raises:
        InvalidBidError: a suit bid without a suit, or a pass/take with one.
    """

    kind: BidKind
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, BidKind):
            raise InvalidBidError(f"invalid bid kind {self.kind!r}: expected a BidKind")
        if (self.kind is BidKind.SUIT) != isinstance(self.suit, Suit):
            raise InvalidBidError(
                f"invalid bid ({self.kind.name}, {self.suit!r}): a suit bid names exactly "
                "one suit, take and pass name none"
            )

    @classmethod
    def naming(cls, suit: Suit | str) -> Bid:
        """The round-2 bid that names ``suit`` as trump (R2.5).

        Raises:
            InvalidBidError: ``suit`` names no suit.
        """
        try:
            return cls(BidKind.SUIT, Suit.parse(suit))
        except InvalidCardError as err:
            raise InvalidBidError(f"invalid bid {suit!r}: {err}") from None

    @classmethod
    def parse(cls, text: object) -> Bid:
        """Read a bid: ``take`` / ``pass`` (also ``prends``, ``je prends``, ``passe``,
        ``je passe``), or a suit letter or symbol (``H``, ``♥``); case-insensitive.
        A :class:`Bid` is returned as it is; a :class:`Suit` gives the bid naming it.
        Any other object (a card, a number: what a learner or a notebook may pass) is
        refused, hence ``text: object``.

        Raises:
            InvalidBidError: the text is not a bid; the message quotes it.
        """
        if isinstance(text, Bid):
            return text
        if isinstance(text, Suit):
            return cls(BidKind.SUIT, text)
        if not isinstance(text, str):
            raise InvalidBidError(
                f"invalid bid {text!r}: expected 'take', 'pass' or a suit S, H, D, C")
        word = " ".join(text.strip().lower().split())
        if word in _PASS_WORDS:
            return PASS
        if word in _TAKE_WORDS:
            return TAKE
        try:
            return cls(BidKind.SUIT, Suit.parse(word))
        except InvalidCardError:
            raise InvalidBidError(
                f"invalid bid {text!r}: expected 'take', 'pass' or a suit S, H, D, C "
                "(or ♠, ♥, ♦, ♣)"
            ) from None

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.kind is BidKind.PASS

    @property
    def ends_bidding(self) -> bool:
        """True for a take or a named suit: a legal one ends the bidding (R2.4, R2.5)."""
        return self.kind is not BidKind.PASS

    def trump(self, turned: Card) -> Suit | None:
        """The trump this bid makes: the turned card's suit for ``take``, the named suit
        for a suit bid, ``None`` for a pass."""
        if self.kind is BidKind.TAKE:
            return turned.suit
        return self.suit

    def __str__(self) -> str:
        return self.suit.value if self.suit is not None else self.kind.value

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"


#: "Je prends": take the turned card's suit as trump (round 1, R2.4).
TAKE = Bid(BidKind.TAKE)
#: "Je passe" (R2.4, R2.5).
PASS = Bid(BidKind.PASS)

_BID_ORDER: tuple[Bid, ...] = (TAKE, *(Bid(BidKind.SUIT, s) for s in Suit), PASS)
_ROUND_1: frozenset[Bid] = frozenset({TAKE, PASS})


def _ordered(bids: Iterable[Bid]) -> tuple[Bid, ...]:
    """``bids`` in the canonical order: take, suits S H D C, pass."""
    wanted = set(bids)
    return tuple(b for b in _BID_ORDER if b in wanted)


def _round_bids(turned: Card, round: int) -> frozenset[Bid]:
    if round == 1:
        return _ROUND_1                                                   # R2.4
    return frozenset({PASS, *(Bid(BidKind.SUIT, s) for s in Suit if s is not turned.suit)})


def _check_round(round: object) -> int:
    if round not in (1, 2) or isinstance(round, bool):
        raise PhaseError(f"bidding has rounds 1 and 2 (R2.4, R2.5), got round {round!r}")
    return round


def _refusal(bid: Bid, turned: Card, round: int, legal: frozenset[Bid]) -> IllegalBidError:
    """The error for ``bid`` outside ``legal``, saying which rule forbids it."""
    allowed = ", ".join(str(b) for b in _ordered(legal))
    if round == 1:
        why = (f"in round 1 you take the turned card's suit ({turned.suit.value}, the "
               f"turned card is {turned}) or pass (R2.4)")
    elif bid.suit is turned.suit:
        why = (f"in round 2 the turned card's suit ({turned.suit.value}, the turned card is "
               f"{turned}) may not be named (R2.5)")
    else:
        why = "in round 2 you name one of the three other suits or pass (R2.5)"
    return IllegalBidError(f"bid {bid} is illegal: {why}; legal: {allowed}",
                           bid=bid, legal=_ordered(legal))


def legal_bids(turned: Card | str, round: int,
               history: Sequence[Bid | str] = ()) -> frozenset[Bid]:
    """The bids the next speaker may make in ``round`` (R2.4, R2.5).

    Round 1: :data:`TAKE` or :data:`PASS`. Round 2: :data:`PASS` or one of the three
    suits other than the turned card's (naming the turned card's suit is illegal).

    Args:
        turned: the turned card (la retourne), e.g. ``"JH"``.
        round: 1 or 2.
        history: the bids already made in this round, first speaker first (0 to 4).
            Each is checked. Once one of them ends the bidding (a take, a named suit),
            or four were made, nobody may bid in this round: the result is empty.

    Raises:
        InvalidCardError: ``turned`` is not a card.
        InvalidBidError: a bid of ``history`` cannot be read.
        IllegalBidError: a bid of ``history`` was not legal when made.
        PhaseError: ``round`` is not 1 or 2, or ``history`` holds more than four bids.
    """
    card = Card.parse(turned)
    round = _check_round(round)
    bids = [Bid.parse(b) for b in history]
    if len(bids) > 4:
        raise PhaseError(
            f"a bidding round has at most 4 bids, got {len(bids)}: "
            f"{', '.join(str(b) for b in bids)}"
        )
    legal = _round_bids(card, round)
    for bid in bids:
        if bid not in legal:
            raise _refusal(bid, card, round, legal)
        if bid.ends_bidding:
            return frozenset()
    return frozenset() if len(bids) == 4 else legal


@dataclass(frozen=True, slots=True)
class Contract:
    """The outcome of bidding: who took (le preneur), the trump, and in which round."""

    taker: Seat
    trump: Suit
    round: int

    def __str__(self) -> str:
        return f"{self.taker} took {self.trump.value} (round {self.round})"


class Bidding:
    """The bidding of one deal, both rounds (R2.4–R2.6): a small state machine.

    Round 1 starts with the player after the dealer (``dealer.next``) and goes
    counter-clockwise; round 2, if all four passed, starts with the same player.
    Bidding ends at the first take of round 1 or the first suit named in round 2, or
    after eight passes: the deal is passed out (R2.6).

    Args:
        dealer: the dealer (le donneur).
        turned: the turned card (la retourne).
        bids: bids already made, checked one by one with :meth:`bid`.

    Raises:
        InvalidCardError, InvalidBidError, IllegalBidError, PhaseError: as :meth:`bid`.
    """

    __slots__ = ("_bids", "dealer", "turned")

    def __init__(self, dealer: Seat | str, turned: Card | str, bids: Iterable[Bid | str] = ()):
        self.dealer: Seat = Seat.parse(dealer)
        self.turned: Card = Card.parse(turned)
        self._bids: list[Bid] = []
        for bid in bids:
            self.bid(bid)

    # -- reading -----------------------------------------------------------------------
    @property
    def bids(self) -> tuple[Bid, ...]:
        """The bids made, first speaker first."""
        return tuple(self._bids)

    @property
    def calls(self) -> tuple[tuple[Seat, Bid], ...]:
        """The bids made, each with its seat."""
        seat = self.dealer.next
        calls = []
        for bid in self._bids:
            calls.append((seat, bid))
            seat = seat.next
        return tuple(calls)

    @property
    def is_over(self) -> bool:
        """True once somebody took or named a suit, or all passed twice."""
        return bool(self._bids) and (self._bids[-1].ends_bidding or len(self._bids) == 8)

    @property
    def is_passed_out(self) -> bool:
        """True when all four passed twice (R2.6): nobody plays, nobody scores."""
        return len(self._bids) == 8 and self._bids[-1].is_pass

    @property
    def round(self) -> int:
        """The round being bid, 1 or 2 (after bidding ended: the round it ended in)."""
        return 1 if len(self._bids) < 4 or (len(self._bids) == 4 and self.is_over) else 2

    @property
    def first_to_speak(self) -> Seat:
        """The seat that speaks first in both rounds (R2.4, R2.5): the player after the
        dealer (``dealer.next``), whoever is to speak now."""
        return self.dealer.next

    @property
    def to_speak(self) -> Seat | None:
        """The seat to bid next, ``None`` once bidding is over."""
        if self.is_over:
            return None
        seat = self.first_to_speak
        for _ in range(len(self._bids) % 4):
            seat = seat.next
        return seat

    @property
    def legal_bids(self) -> frozenset[Bid]:
        """The bids :attr:`to_speak` may make; empty once bidding is over."""
        if self.is_over:
            return frozenset()
        return _round_bids(self.turned, self.round)

    @property
    def contract(self) -> Contract | None:
        """Who took, which trump, which round; ``None`` while bidding or if passed out."""
        if not self._bids or not self._bids[-1].ends_bidding:
            return None
        last = self._bids[-1]
        trump = last.trump(self.turned)
        assert trump is not None
        return Contract(taker=self.calls[-1][0], trump=trump, round=self.round)

    # -- changing ----------------------------------------------------------------------
    def bid(self, bid: Bid | str, *, seat: Seat | str | None = None) -> None:
        """Make ``bid`` for the seat to speak, checking R2.4/R2.5 (the default path).

        Args:
            bid: the bid, a :class:`Bid` or its notation.
            seat: who is bidding, if the caller knows; checked against :attr:`to_speak`.

        Raises:
            InvalidBidError: ``bid`` cannot be read.
            PhaseError: bidding is over.
            OutOfTurnError: ``seat`` is given and is not the seat to speak.
            IllegalBidError: the bid is not legal now; ``.legal`` lists what was.

        On error the bidding is left exactly as it was.
        """
        parsed = Bid.parse(bid)
        if self.is_over:
            state = "passed out" if self.is_passed_out else f"{self.contract} was made"
            raise PhaseError(f"bid {parsed} refused: bidding is over ({state})")
        speaker = self.to_speak
        assert speaker is not None
        if seat is not None and Seat.parse(seat) is not speaker:
            raise OutOfTurnError(
                f"{Seat.parse(seat)} may not bid {parsed}: it is {speaker}'s turn to bid "
                f"(round {self.round})"
            )
        legal = self.legal_bids
        if parsed not in legal:
            raise _refusal(parsed, self.turned, self.round, legal)
        self._bids.append(parsed)

    def pop(self) -> Bid:
        """Take back the last bid and return it.

        Raises:
            PhaseError: no bid was made.
        """
        if not self._bids:
            raise PhaseError("no bid was made: there is no bid to take back")
        return self._bids.pop()

    def copy(self) -> Bidding:
        """An independent copy."""
        clone = Bidding(self.dealer, self.turned)
        clone._bids = list(self._bids)
        return clone

    # -- protocol ------------------------------------------------------------------------
    def __iter__(self) -> Iterator[tuple[Seat, Bid]]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self._bids)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bidding):
            return NotImplemented
        return (self.dealer, self.turned, self._bids) == (other.dealer, other.turned,
                                                          other._bids)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        bids = ", ".join(repr(str(b)) for b in self._bids)
        return f"Bidding(Seat.{self.dealer.name}, turned={str(self.turned)!r}, bids=[{bids}])"
