"""Cards, suits, ranks and seats, with the strength and points tables of RULES.md R1.

A :class:`Card` is a small frozen value with a notation round trip, as in
python-chess's ``Move.from_uci`` / ``uci()``::

    >>> card = Card.parse("JH")
    >>> str(card), repr(card)
    ('JH', "Card.parse('JH')")
    >>> points(card, trump=Suit.HEARTS), points(card, trump=Suit.SPADES)
    (20, 2)

Cards have no ordering of their own: in belote the order depends on the trump,
so strength and points are functions of ``(card, trump)``. The tables below are
module-level constants that the lessons render from, so the text and the engine
cannot disagree.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from belote_teach.engine.errors import InvalidCardError, InvalidPositionError

__all__ = [
    "DECK",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "SEQUENCE_ORDER",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "Card",
    "Rank",
    "Seat",
    "Suit",
    "Team",
    "hand_order",
    "parse_cards",
    "points",
    "strength",
]


class _Member(enum.Enum):
    """An enumeration whose members hash by identity, in C (each member is unique and
    equal only to itself): suits, ranks, seats and teams key the search's dictionaries
    and sets some ten thousand times a card decision, and :class:`enum.Enum`'s own hash
    is a Python call."""

    __hash__ = object.__hash__


class Suit(_Member):
    """One of the four suits (R1.1). The value is the notation letter.

    ``Suit.parse`` accepts the letter (``H``, case-insensitive) or the symbol (``♥``).
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (printed red on a two-colour deck)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from its letter (``S H D C``) or symbol (``♠ ♥ ♦ ♣``).

        Raises:
            InvalidCardError: ``text`` names no suit; the message quotes it.
        """
        if isinstance(text, Suit):
            return text
        key = str(text).strip().upper()
        try:
            return _SUIT_BY_TOKEN[key]
        except KeyError:
            raise InvalidCardError(
                f"unknown suit {text!r}: expected one of S, H, D, C (or ♠, ♥, ♦, ♣)"
            ) from None

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TOKEN: dict[str, Suit] = {s.value: s for s in Suit}
_SUIT_BY_TOKEN.update({sym: s for s, sym in _SUIT_SYMBOLS.items()})
_SUIT_BY_TOKEN.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(_Member):
    """One of the eight ranks of the 32-card deck (R1.1). The value is the notation."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read a rank: ``7 8 9 10 J Q K A``, with ``T`` accepted for 10.

        Raises:
            InvalidCardError: ``text`` names no rank; the message quotes it.
        """
        if isinstance(text, Rank):
            return text
        key = str(text).strip().upper()
        try:
            return _RANK_BY_TOKEN[key]
        except KeyError:
            raise InvalidCardError(
                f"unknown rank {text!r}: expected one of 7, 8, 9, 10 (or T), J, Q, K, A"
            ) from None

    def __str__(self) -> str:
        return self.value


_RANK_BY_TOKEN: dict[str, Rank] = {r.value: r for r in Rank}
_RANK_BY_TOKEN["T"] = Rank.TEN


class Team(_Member):
    """A partnership (R1.1): North-South or East-West. The value is the notation."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the team."""
        return (Seat.NORTH, Seat.SOUTH) if self is Team.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.EW if self is Team.NS else Team.NS

    def __str__(self) -> str:
        return self.value


class Seat(_Member):
    """A place at the table: ``N E S W``. Play goes counter-clockwise S → E → N → W (R2.8)."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def next(self) -> Seat:
        """The player on this seat's right, who plays next (counter-clockwise)."""
        return _NEXT_SEAT[self]

    @property
    def previous(self) -> Seat:
        """The player on this seat's left, who played just before."""
        return _PREVIOUS_SEAT[self]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite (R1.1)."""
        return _PARTNER[self]

    @property
    def team(self) -> Team:
        """The seat's partnership, ``Team.NS`` or ``Team.EW``."""
        return Team.NS if self in (Seat.NORTH, Seat.SOUTH) else Team.EW

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Read a seat from its letter ``N E S W`` (case-insensitive).

        Raises:
            InvalidPositionError: ``text`` names no seat.
        """
        if isinstance(text, Seat):
            return text
        try:
            return cls(str(text).strip().upper())
        except ValueError:
            raise InvalidPositionError(
                f"unknown seat {text!r}: expected one of N, E, S, W") from None

    def __str__(self) -> str:
        return self.value


_NEXT_SEAT = {Seat.SOUTH: Seat.EAST, Seat.EAST: Seat.NORTH, Seat.NORTH: Seat.WEST,
              Seat.WEST: Seat.SOUTH}
_PREVIOUS_SEAT = {after: before for before, after in _NEXT_SEAT.items()}
_PARTNER = {Seat.NORTH: Seat.SOUTH, Seat.SOUTH: Seat.NORTH, Seat.EAST: Seat.WEST,
            Seat.WEST: Seat.EAST}


@dataclass(frozen=True, slots=True)
class Card:
    """A card of the 32-card deck: a frozen ``(rank, suit)`` value.

    ``Card.parse("10H")`` and ``str(card) == "10H"`` round-trip; ``repr(card)``
    evaluates back to the card. No ordering is defined: use :func:`strength`
    with the trump (R1.2, R1.3).
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card in RULES.md notation: rank then suit.

        Accepted: ``10H``, ``TH``, ``10♥``, ``JH``, ``J♥`` (case-insensitive,
        surrounding spaces ignored). A :class:`Card` is returned as it is.

        Raises:
            InvalidCardError: the text is not a card; the message quotes it.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(
                f"invalid card {text!r}: expected text such as '10H', 'TH', 'J♥'"
            )
        token = text.strip()
        if token.upper() in _RANK_BY_TOKEN:
            raise InvalidCardError(
                f"invalid card {text!r}: the suit is missing; write the rank then the suit "
                "(S H D C), e.g. '10H' or 'J♥'"
            )
        if len(token) < 2:
            raise InvalidCardError(
                f"invalid card {text!r}: expected a rank (7 8 9 10 J Q K A) then a suit "
                "(S H D C), e.g. '10H' or 'J♥'"
            )
        rank_text, suit_text = token[:-1], token[-1]
        try:
            return cls(Rank.parse(rank_text), Suit.parse(suit_text))
        except InvalidCardError as err:
            raise InvalidCardError(f"invalid card {text!r}: {err}") from None

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``J♥`` (English rank letters)."""
        return f"{self.rank.value}{self.suit.symbol}"


def parse_cards(cards: object, *, what: str = "cards") -> tuple[Card, ...]:
    """Read a list of cards (strings or :class:`Card`) into a tuple, checking duplicates.

    Args:
        cards: an iterable of card notations, e.g. ``["7H", "JH"]``.
        what: how to name the list in error messages (``"hand"``, ``"trick"``).

    Raises:
        InvalidCardError: ``cards`` is not a list, holds a non-card, or names a card twice.
    """
    if isinstance(cards, str | bytes) or not hasattr(cards, "__iter__"):
        raise InvalidCardError(f"{what} must be a list of cards, got {cards!r}")
    if type(cards) is tuple and all(type(c) is Card for c in cards) and len(
            set(cards)) == len(cards):
        return cards                         # already read (the search's worlds)
    parsed: list[Card] = []
    seen: set[Card] = set()
    for item in cards:
        card = Card.parse(item)
        if card in seen:
            raise InvalidCardError(f"{what} holds {card} twice: {[str(c) for c in cards]}")
        seen.add(card)
        parsed.append(card)
    return tuple(parsed)


#: The 32 cards, suit by suit in ``S H D C`` order, ranks low to high (R1.1).
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

#: Trump order, high to low (R1.2).
TRUMP_ORDER: tuple[Rank, ...] = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING,
                                 Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
#: Plain-suit order, high to low (R1.3).
PLAIN_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
                                 Rank.NINE, Rank.EIGHT, Rank.SEVEN)
#: Card points of a trump, by rank (R1.2): 62 per trump suit.
TRUMP_POINTS: dict[Rank, int] = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
                                 Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0}
#: Card points of a plain card, by rank (R1.3): 30 per plain suit.
PLAIN_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
                                 Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}
#: Sequence order for announcements, low to high, no wrap-around (R1.6).
SEQUENCE_ORDER: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK,
                                    Rank.QUEEN, Rank.KING, Rank.ACE)
#: Card points of the whole deck (R1.4), without the 10 of the dix de der.
DECK_POINTS = 152
#: Points of the dix de der, the bonus of the last trick (R1.4).
DIX_DE_DER = 10

_TRUMP_STRENGTH = {rank: 16 - i for i, rank in enumerate(TRUMP_ORDER)}  # 16 .. 9
_PLAIN_STRENGTH = {rank: 8 - i for i, rank in enumerate(PLAIN_ORDER)}   # 8 .. 1


def strength(card: Card, trump: Suit) -> int:
    """The card's strength given the trump (R1.2, R1.3), an int from 1 to 16.

    Every trump (9 to 16, in trump order J 9 A 10 K Q 8 7) is stronger than every
    plain card (1 to 8, in plain order A 10 K Q J 9 8 7). Comparing two plain
    cards of different suits is meaningless: a discard never wins (R1.5).
    """
    if card.suit is trump:
        return _TRUMP_STRENGTH[card.rank]
    return _PLAIN_STRENGTH[card.rank]


def points(card: Card, trump: Suit) -> int:
    """The card points of ``card`` when ``trump`` is the trump suit (R1.2, R1.3)."""
    if card.suit is trump:
        return TRUMP_POINTS[card.rank]
    return PLAIN_POINTS[card.rank]


def hand_order(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """``cards`` in the order a player holds them: the trumps first, then the other suits
    in ``S H D C`` order, each suit strongest first (R1.2, R1.3 orders).

    Args:
        cards: any cards.
        trump: the trump suit, or ``None`` before it is known (plain order everywhere).
    """
    suits = [s for s in Suit if s is not trump]
    if trump is not None:
        suits.insert(0, trump)
    return sorted(cards, key=lambda c: (suits.index(c.suit),
                                        -strength(c, trump) if trump else -_PLAIN_STRENGTH[c.rank]))
