"""What one seat may see of a deal: the :class:`Observation` a computer player or a
widget receives instead of the deal (STYLE.md; OpenSpiel's observers).

An observation holds the seat's own hand and only public information: the dealer, the
turned card (seen by everyone, R2.3), the bids, the tricks played with their seats, the
trick being played, the announcements heard (their kind only) and shown (R4.4), the
seat's own declared announcements, the belote calls (R5), the score and reserve (R6).
It never holds another player's hidden cards.

The rule facts the layers above read are computed here from that view, never again
elsewhere: the atouts a bid would give (:meth:`Observation.trumps_if_taken`, R2.7),
whether belote may be said with a card (:meth:`Observation.may_say_belote`, R5.1), the
card points and plis won so far (:attr:`Observation.points_won`,
:attr:`Observation.tricks_won`, R1.2-R1.5) and the cards left in each hand
(:attr:`Observation.cards_left`).

    >>> from belote_teach.engine.cards import Seat
    >>> from belote_teach.engine.deal import Deal
    >>> deal = Deal.new(Seat.SOUTH, rng=7)
    >>> seen = deal.observation(Seat.EAST)
    >>> seen.my_turn, sorted(str(b) for b in seen.legal_bids), len(seen.hand)
    (True, ['pass', 'take'], 5)
    >>> deal.observation(Seat.NORTH).legal_bids is None
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from belote_teach.engine.announcements import may_say_belote
from belote_teach.engine.cards import DIX_DE_DER, Card, Seat, Suit, Team
from belote_teach.engine.errors import PhaseError

if TYPE_CHECKING:
    from belote_teach.engine.announcements import Announcement, AnnouncementType
    from belote_teach.engine.bidding import Bid, Contract
    from belote_teach.engine.deal import BeloteCall, Declared, Phase
    from belote_teach.engine.rules import LegalPlays, RuleSet
    from belote_teach.engine.scoring import ScoreBreakdown
    from belote_teach.engine.trick import Trick

__all__ = ["Observation"]

#: Cards in each hand after the distribution (R2.2) and after completion (R2.7).
_DEALT, _COMPLETED = 5, 8


@dataclass(frozen=True)
class Observation:
    """One seat's view of a deal at one moment. Built by
    :meth:`belote_teach.engine.deal.Deal.observation`; changing the tricks it holds (copies)
    changes nothing in the deal.

    Attributes:
        seat: whose view this is.
        rules: the :class:`~belote_teach.engine.rules.RuleSet` of the table.
        dealer: the dealer.
        phase: the deal's :class:`~belote_teach.engine.deal.Phase`.
        turn: the seat to bid or play, ``None`` once the deal is over.
        hand: the seat's own cards now, in the order received.
        turned: the turned card (R2.3): everyone saw it, and after completion everyone
            knows the taker holds it (R2.7).
        bids: the bids so far, each with its seat (R2.4, R2.5).
        contract: taker, trump and round, once somebody took.
        tricks: the completed tricks, each with its seats and ``winner`` (copies).
        trick: the trick being played (a copy), ``None`` outside play.
        announced: the announcements this seat declared (R4.4), with their cards.
        announcements_heard: every declaration so far as ``(seat, type)``: what was said
            aloud (R4.4), no card.
        announcements_available: what this seat may declare now (R4.1–R4.3), empty
            unless it is about to play its first card in trick 1.
        shown_announcements: the winning team's announcements, shown during trick 2
            (R4.4–R4.6), with their cards.
        belote_calls: "belote" / "rebelote" as said, with the card played (R5).
        score: the :class:`~belote_teach.engine.scoring.ScoreBreakdown` once scored (R6).
        reserve: points waiting in the reserve from earlier litiges (R6.6).
        legal_bids: the bids this seat may make when it is its turn to bid, else ``None``.
        legal_plays: the :class:`~belote_teach.engine.rules.LegalPlays` of this seat when it is
            its turn to play, else ``None`` (left out of ``==``: it follows from the rest).
    """

    seat: Seat
    rules: RuleSet
    dealer: Seat
    phase: Phase
    turn: Seat | None
    hand: tuple[Card, ...]
    turned: Card
    bids: tuple[tuple[Seat, Bid], ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    trick: Trick | None
    announced: tuple[Announcement, ...]
    announcements_heard: tuple[tuple[Seat, AnnouncementType], ...]
    announcements_available: tuple[Announcement, ...]
    shown_announcements: tuple[Declared, ...]
    belote_calls: tuple[BeloteCall, ...]
    score: ScoreBreakdown | None
    reserve: int
    legal_bids: frozenset[Bid] | None
    legal_plays: LegalPlays | None = field(default=None, compare=False)

    @property
    def my_turn(self) -> bool:
        """True when this seat is the one to bid or play."""
        return self.turn is self.seat

    @property
    def team(self) -> Team:
        """This seat's team."""
        return self.seat.team

    @property
    def trump(self) -> Suit | None:
        """The trump suit once somebody took, else ``None``."""
        return self.contract.trump if self.contract is not None else None

    @property
    def taker(self) -> Seat | None:
        """The taker once somebody took, else ``None``."""
        return self.contract.taker if self.contract is not None else None

    def trumps_if_taken(self, suit: Suit | str) -> tuple[Card, ...]:
        """The atouts this seat would hold before completion if ``suit`` became atout: its
        cards of ``suit`` in hand order, then the retourne when it is of ``suit`` (the
        taker receives it, R2.7), whichever round the bid is made in.

        Args:
            suit: the would-be atout, a :class:`~belote_teach.engine.cards.Suit` or its
                letter.

        Raises:
            PhaseError: the deal is not in a bidding phase (R2.4, R2.5).
            InvalidCardError: ``suit`` names no suit.
        """
        atout = Suit.parse(suit)
        if not self.phase.is_bidding:
            raise PhaseError(f"trumps_if_taken({atout}) refused: {self.seat} is not bidding, "
                             f"the deal is in phase {self.phase.name} (R2.4, R2.5)")
        return tuple(c for c in (*self.hand, self.turned) if c.suit is atout)

    def may_say_belote(self, card: Card | str) -> bool:
        """True when this seat may say "belote" (or "rebelote") with ``card`` now: the deal
        is in play, ``card`` is in the hand, and it is the king or the queen of trumps of a
        seat that held both when play began (R5.1; the hand at the start of play is the
        hand now with the seat's cards played;
        :func:`~belote_teach.engine.announcements.may_say_belote`). Not said, not scored
        (R5.2): a computer player always says it then.

        Raises:
            InvalidCardError: ``card`` cannot be read.
        """
        played = Card.parse(card)
        trump = self.trump
        if trump is None or played not in self.hand:     # no play yet, or not held now
            return False
        return may_say_belote((*self.hand, *self._my_played()), trump, played)

    def _my_played(self) -> tuple[Card, ...]:
        """The cards this seat has played so far, in play order."""
        tricks = (*self.tricks, self.trick) if self.trick is not None else self.tricks
        return tuple(p.card for t in tricks for p in t.plays if p.seat is self.seat)

    @property
    def points_won(self) -> Mapping[Team, int]:
        """Card points of the completed plis per team (R1.2-R1.4), read-only: the cards
        of the trick being played are not counted yet, and the 10 of the dix de der goes
        to the winner of the last pli once it is complete (162 in all then)."""
        won = dict.fromkeys(Team, 0)
        for trick in self.tricks:
            won[trick.winner.team] += trick.points
        if len(self.tricks) == _COMPLETED:
            won[self.tricks[-1].winner.team] += DIX_DE_DER
        return MappingProxyType(won)

    @property
    def tricks_won(self) -> Mapping[Team, int]:
        """Completed plis won per team (R1.5), read-only."""
        won = dict.fromkeys(Team, 0)
        for trick in self.tricks:
            won[trick.winner.team] += 1
        return MappingProxyType(won)

    @property
    def cards_left(self) -> Mapping[Seat, int]:
        """The cards still in each hand, read-only: 5 each during bidding and after a
        pass-out (R2.2, R2.6), then 8 after completion (R2.7) less the cards each seat
        has played, 0 once the deal is scored."""
        if self.contract is None:
            return MappingProxyType(dict.fromkeys(Seat, _DEALT))
        left = dict.fromkeys(Seat, _COMPLETED)
        tricks = (*self.tricks, self.trick) if self.trick is not None else self.tricks
        for trick in tricks:
            for play in trick.plays:
                left[play.seat] -= 1
        return MappingProxyType(left)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in play order."""
        cards = [c for t in self.tricks for c in t.cards]
        if self.trick is not None:
            cards += self.trick.cards
        return tuple(cards)

    def __repr__(self) -> str:
        hand = " ".join(str(c) for c in self.hand)
        return (f"<Observation seat={self.seat} {self.phase.name} turn={self.turn} "
                f"hand=[{hand}]>")
