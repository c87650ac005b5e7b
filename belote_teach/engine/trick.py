"""A trick (pli, levée): the cards in play order with their seats, the led suit, the
card currently winning (maître), the winner and the card points (R1.5).

    >>> from belote_teach.engine.cards import Seat, Suit
    >>> trick = Trick(Suit.HEARTS, leader=Seat.SOUTH, cards=["KD", "AD", "7H", "QH"])
    >>> trick.winner, trick.points
    (<Seat.WEST: 'W'>, 18)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NamedTuple

from belote_teach.engine.cards import Card, Seat, Suit, parse_cards, points, strength
from belote_teach.engine.errors import InvalidPositionError, PhaseError

if TYPE_CHECKING:
    from belote_teach.engine.rules import LegalPlays, RuleSet

__all__ = ["Play", "Trick"]


class Play(NamedTuple):
    """One card put on a trick, with the seat that played it."""

    seat: Seat
    card: Card


class Trick:
    """The cards of one trick so far, in play order, each with its seat (R1.5, R2.8).

    Args:
        trump: the trump suit of the deal.
        leader: the seat that leads (plays the first card).
        cards: the cards already played, leader first (0 to 4 cards, notation
            strings or :class:`Card`); seats follow counter-clockwise from ``leader``.

    Raises:
        InvalidCardError: a card cannot be read or appears twice.
        InvalidPositionError: more than 4 cards.

    ``trick.play(card, hand, rules)`` is the checked way to add a card; ``pop()``
    takes the last one back (python-chess's ``push``/``pop``).
    """

    __slots__ = ("_plays", "leader", "trump")

    def __init__(self, trump: Suit | str, leader: Seat | str, cards: Iterable[Card | str] = ()):
        self.trump: Suit = Suit.parse(trump)
        self.leader: Seat = Seat.parse(leader)
        parsed = parse_cards(list(cards), what="trick")
        if len(parsed) > 4:
            raise InvalidPositionError(
                f"a trick holds at most 4 cards, got {len(parsed)}: {[str(c) for c in parsed]}"
            )
        self._plays: list[Play] = []
        seat = self.leader
        for card in parsed:
            self._plays.append(Play(seat, card))
            seat = seat.next

    @classmethod
    def before(cls, seat: Seat | str, trump: Suit | str, cards: Iterable[Card | str] = ()
               ) -> Trick:
        """The trick so far when ``seat`` is the next to play: its leader is the seat
        ``len(cards)`` places before ``seat`` (counter-clockwise, R2.8).

        Raises:
            InvalidCardError, InvalidPositionError: as the constructor; more than 3
                cards also raise InvalidPositionError (``seat`` could not still play).
        """
        cards = list(cards)
        if len(cards) > 3:
            raise InvalidPositionError(
                f"{len(cards)} cards already played: nobody is left to play to this trick"
            )
        leader = Seat.parse(seat) if isinstance(seat, str) else seat
        for _ in cards:
            leader = leader.previous
        return cls(trump, leader, cards)

    # -- reading -----------------------------------------------------------------
    @property
    def plays(self) -> tuple[Play, ...]:
        """The ``(seat, card)`` pairs in play order, leader first."""
        return tuple(self._plays)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order, leader first."""
        return tuple(play.card for play in self._plays)

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or ``None`` for an empty trick."""
        return self._plays[0].card.suit if self._plays else None

    @property
    def is_complete(self) -> bool:
        """True once the four players have played."""
        return len(self._plays) == 4

    @property
    def next_seat(self) -> Seat:
        """The seat to play next.

        Raises:
            PhaseError: the trick is complete.
        """
        if self.is_complete:
            raise PhaseError(f"the trick {self} is complete: nobody plays to it any more")
        return self._seat_at(len(self._plays))

    def _seat_at(self, index: int) -> Seat:
        seat = self.leader
        for _ in range(index):
            seat = seat.next
        return seat

    @property
    def master(self) -> Play | None:
        """The play currently winning the trick (maître, R1.5), ``None`` if empty.

        The highest trump if any trump was played, else the highest card of the
        led suit; a discard of a third suit never wins.
        """
        if not self._plays:
            return None
        best = self._plays[0]
        for play in self._plays[1:]:
            card = play.card
            if card.suit is best.card.suit:
                if strength(card, self.trump) > strength(best.card, self.trump):
                    best = play
            elif card.suit is self.trump:
                best = play  # the first trump on a plain lead takes over
            # any other suit: a discard, never winning
        return best

    @property
    def highest_trump(self) -> Play | None:
        """The strongest trump played to the trick so far, or ``None``."""
        trumps = [play for play in self._plays if play.card.suit is self.trump]
        if not trumps:
            return None
        return max(trumps, key=lambda play: strength(play.card, self.trump))

    @property
    def winner(self) -> Seat:
        """The seat that wins the complete trick (R1.5).

        Raises:
            PhaseError: fewer than 4 cards were played (use :attr:`master`).
        """
        if not self.is_complete:
            raise PhaseError(
                f"the trick {self} has {len(self._plays)} card(s): it has no winner yet "
                "(use .master for the card currently winning)"
            )
        master = self.master
        assert master is not None
        return master.seat

    @property
    def points(self) -> int:
        """Card points of the cards played so far (R1.2, R1.3), without the dix de der."""
        return sum(points(card, self.trump) for card in self.cards)

    # -- changing --------------------------------------------------------------------
    def play(self, card: Card | str, hand: Iterable[Card | str],
             rules: RuleSet | str | Mapping[str, object] | None = None) -> LegalPlays:
        """Add ``card`` from ``hand`` for the seat to play, checking R3 (the default path).

        Args:
            card: the card played.
            hand: the cards the seat to play holds (``card`` included).
            rules: a RuleSet, preset name or options mapping (default preset ``classic``).

        Returns:
            The :class:`~belote_teach.engine.rules.LegalPlays` of the position before the card,
            so the caller can explain the play.

        Raises:
            InvalidCardError: ``card`` or ``hand`` cannot be read.
            InvalidPositionError: ``hand`` shares a card with the trick.
            PhaseError: the trick is complete.
            IllegalPlayError: the card is not in the hand or R3 forbids it (a revoke,
                R3.8); ``.rule`` and ``.legal`` say why.

        On error the trick is left exactly as it was.
        """
        from belote_teach.engine.rules import legal_plays

        legal = legal_plays(hand, self, rules)
        legal.check(card)
        self._plays.append(Play(self.next_seat, Card.parse(card)))
        return legal

    def _push_unchecked(self, card: Card) -> None:
        """Private fast path: append ``card`` for the seat to play without any rule check."""
        self._plays.append(Play(self._seat_at(len(self._plays)), card))

    def pop(self) -> Play:
        """Take back the last card played and return it.

        Raises:
            PhaseError: the trick is empty.
        """
        if not self._plays:
            raise PhaseError("the trick is empty: there is no card to take back")
        return self._plays.pop()

    def copy(self) -> Trick:
        """An independent copy of the trick."""
        clone = Trick(self.trump, self.leader)
        clone._plays = list(self._plays)
        return clone

    # -- protocol ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._plays)

    def __iter__(self) -> Iterator[Play]:
        return iter(tuple(self._plays))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.trump, self.leader, self._plays) == (other.trump, other.leader, other._plays)

    def __hash__(self) -> int:  # mutable: identity only
        return id(self)

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in self.cards) + "]"

    def __repr__(self) -> str:
        cards = ", ".join(repr(str(card)) for card in self.cards)
        return (f"Trick(Suit.{self.trump.name}, leader=Seat.{self.leader.name}, "
                f"cards=[{cards}])")
