"""Card tracking for computer players: what is out, who is void, which cards are masters,
inferred from an :class:`~belote_teach.engine.observation.Observation` only (never the deal).

The inferences follow the obligations of RULES.md R3:

- a player who does not follow a led suit holds none of it (R3.1, R3.2);
- on a plain lead, a player who neither follows nor trumps holds no trump (R3.4), except
  when the partner was master (R3.3: any card), or when a trump was already in the trick
  and the rules let a player who cannot overtrump play anything (``undertrump: free``,
  R3.6);
- a player who plays a trump lower than the highest trump of the trick, when R3.2 or
  R3.5 obliged them to go higher, holds no higher trump (a *ceiling* on their trumps);
- the taker holds the turned card until it is played (R2.7); the cards of the shown
  announcements are held by their declarers until played (R4.4); a player who said
  "belote" with the K or the Q of atout holds the other one until it is played (R5.1).

Everything is computed once per observation by :func:`track`; a :class:`Tracking` is a
frozen value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from belote_teach.engine.announcements import belote_cards
from belote_teach.engine.cards import (
    DECK,
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    Seat,
    Suit,
    strength,
)
from belote_teach.engine.observation import Observation
from belote_teach.engine.trick import Trick

__all__ = ["NO_CEILING", "Shown", "Tracking", "read_trick", "shown_by", "track", "tracking_from"]

#: Above every trump strength (1..16): "no known ceiling".
#: The trump ceiling of a seat nothing limits: above every trump's strength (R1.2).
NO_CEILING = 17


@dataclass(frozen=True)
class Tracking:
    """What one seat knows about the cards at one moment of a deal.

    Attributes:
        seat: whose knowledge this is.
        trump: the trump suit.
        hand: the seat's own cards now.
        played: every card played so far (completed tricks and the current trick).
        unseen: the cards neither in ``hand`` nor played: held by the three others.
        voids: for each seat, the suits it is known to hold none of (R3 inferences; a
            seat's void in the trump suit means it holds no trump).
        ceilings: for each seat, a trump strength (:func:`~belote_teach.engine.cards.strength`,
            9 to 16) that none of its trumps reaches; 17 when nothing is known.
        known: for each other seat, the unplayed cards it is known to hold (the turned
            card for the taker, R2.7; shown announcements, R4.4; the other card of the
            belote pair after "belote", R5.1).
    """

    seat: Seat
    trump: Suit
    hand: frozenset[Card]
    played: frozenset[Card]
    unseen: frozenset[Card]
    voids: Mapping[Seat, frozenset[Suit]]
    ceilings: Mapping[Seat, int]
    known: Mapping[Seat, frozenset[Card]]

    def order(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit``, strongest first (R1.2 for trumps, R1.3 otherwise)."""
        ranks = TRUMP_ORDER if suit is self.trump else PLAIN_ORDER
        return tuple(Card(rank, suit) for rank in ranks)

    def remaining(self, suit: Suit) -> tuple[Card, ...]:
        """The unplayed cards of ``suit`` (anyone's, the seat's own included), strongest
        first."""
        return tuple(c for c in self.order(suit) if c not in self.played)

    def master(self, suit: Suit) -> Card | None:
        """The master of ``suit``: its highest unplayed card (``None`` once all 8 are
        played)."""
        left = self.remaining(suit)
        return left[0] if left else None

    def trumps_out(self) -> int:
        """How many trumps the three other players still hold between them."""
        return sum(1 for c in self.unseen if c.suit is self.trump)

    def possible(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` (another player) may still hold: unseen cards of suits it is
        not void in, below its trump ceiling, not known to be in another hand."""
        if seat is self.seat:
            return self.hand
        elsewhere = frozenset().union(*(cards for s, cards in self.known.items()
                                        if s is not seat))
        voids = self.voids[seat]
        ceiling = self.ceilings[seat]
        return frozenset(
            c for c in self.unseen
            if c not in elsewhere and c.suit not in voids
            and (c.suit is not self.trump or strength(c, self.trump) < ceiling))

    def is_void(self, seat: Seat, suit: Suit) -> bool:
        """True when ``seat`` is known to hold no card of ``suit``."""
        if seat is self.seat:
            return all(c.suit is not suit for c in self.hand)
        return not any(c.suit is suit for c in self.possible(seat))

    def beats(self, card: Card, other: Card, led: Suit) -> bool:
        """True if ``card`` played after ``other`` (the trick's master so far, of led suit
        ``led``) takes the trick over (R1.5)."""
        if card.suit is other.suit:
            return strength(card, self.trump) > strength(other, self.trump)
        return card.suit is self.trump and other.suit is not self.trump

    def can_be_beaten(self, card: Card, led: Suit, by: Iterable[Seat]) -> bool:
        """True if one of the seats ``by`` (still to play) may beat ``card``, the master
        of a trick led in ``led`` (R1.5).

        A seat may beat it when it may hold a higher card of the same suit; or, for a
        plain master, when it may hold a trump and is known void in the led suit, or when
        at most one card of the led suit is left out (it is then probably void: the
        prudent reading of club players)."""
        for seat in by:
            cards = self.possible(seat)
            if any(c.suit is card.suit and strength(c, self.trump) > strength(card, self.trump)
                   for c in cards):
                return True
            if (card.suit is not self.trump and not any(c.suit is led for c in cards)
                    and any(c.suit is self.trump for c in cards)):
                return True
            if (card.suit is not self.trump and card.suit is led
                    and any(c.suit is self.trump for c in cards)
                    and sum(1 for c in self.unseen if c.suit is led) <= 1):
                return True
        return False


def _empty_voids() -> dict[Seat, set[Suit]]:
    return {seat: set() for seat in Seat}


class Shown(NamedTuple):
    """What plays showed about the hidden hands (R3): per seat, the suits it is void in
    and its trump ceiling (every trump it may hold is weaker than this strength, R1.2;
    :data:`NO_CEILING` when nothing limits it)."""

    voids: dict[Seat, set[Suit]]
    ceilings: dict[Seat, int]


def read_trick(trick: Trick, obs: Observation, voids: dict[Seat, set[Suit]],
               ceilings: dict[Seat, int]) -> None:
    """Add to ``voids`` and ``ceilings`` (in place) what the plays of ``trick`` show about
    the hands (R3.1-R3.6, read with the options of ``obs.rules``)."""
    trump = trick.trump
    plays = trick.plays
    if not plays:
        return
    led = plays[0].card.suit
    free = obs.rules.undertrump == "free"
    over_partner = obs.rules.overtrump_partner_on_trump_lead
    for i in range(1, len(plays)):
        seat, card = plays[i]
        before = Trick(trump, trick.leader, [p.card for p in plays[:i]])
        master = before.master
        top = before.highest_trump
        partner_master = master is not None and master.seat is seat.partner
        if card.suit is not led:
            voids[seat].add(led)                                           # R3.1/R3.2
        if led is trump:
            if (card.suit is trump and top is not None
                    and (over_partner or not partner_master)
                    and strength(card, trump) < strength(top.card, trump)):  # R3.2
                ceilings[seat] = min(ceilings[seat], strength(top.card, trump))
            continue
        if card.suit is led or partner_master:                             # R3.1 / R3.3
            continue
        if card.suit is trump:
            if top is not None and strength(card, trump) < strength(top.card, trump):
                ceilings[seat] = min(ceilings[seat], strength(top.card, trump))  # R3.5
        elif top is None or not free:                                      # R3.4-R3.6
            voids[seat].add(trump)
        else:                                                              # R3.6 free
            ceilings[seat] = min(ceilings[seat], strength(top.card, trump))


def track(obs: Observation) -> Tracking:
    """Everything ``obs.seat`` can infer about the cards from its observation.

    Args:
        obs: an observation in phase PLAY or later (a contract is needed).

    Returns:
        A :class:`Tracking`.

    Raises:
        ValueError: the observation has no contract (no trump yet).
    """
    if obs.trump is None or obs.contract is None:
        raise ValueError(f"no trump yet in {obs!r}: tracking starts once somebody took")
    tricks = list(obs.tricks)
    if obs.trick is not None:
        tricks.append(obs.trick)
    voids, ceilings = shown_by(obs, tricks)
    return tracking_from(obs, voids, ceilings, frozenset(obs.played_cards))


def shown_by(obs: Observation, tricks: Iterable[Trick]) -> Shown:
    """The voids and trump ceilings that the plays of ``tricks`` show (R3), read with the
    options of ``obs.rules``: what :func:`track` infers, from these tricks only."""
    voids = _empty_voids()
    ceilings = dict.fromkeys(Seat, NO_CEILING)
    for trick in tricks:
        read_trick(trick, obs, voids, ceilings)
    return Shown(voids, ceilings)


def tracking_from(obs: Observation, voids: dict[Seat, set[Suit]], ceilings: Mapping[Seat, int],
                  played: frozenset[Card]) -> Tracking:
    """The :class:`Tracking` of ``obs.seat`` given the voids and trump ceilings already
    inferred from the tricks (R3) and the cards played: adds the cards known to be in a
    hand (the taker's turned card, R2.7; shown announcements, R4.4; the other card of
    the belote pair after "belote", R5.1), keeps the voids
    consistent with them, and the seat's own voids. ``voids`` is updated in place.

    Raises:
        ValueError: the observation has no contract (no trump yet).
    """
    trump, contract = obs.trump, obs.contract
    if trump is None or contract is None:
        raise ValueError(f"no trump yet in {obs!r}: tracking starts once somebody took")
    hand = frozenset(obs.hand)
    unseen = frozenset(c for c in DECK if c not in hand and c not in played)
    known: dict[Seat, set[Card]] = {seat: set() for seat in Seat if seat is not obs.seat}
    taker = contract.taker
    if taker is not obs.seat and obs.turned in unseen:
        known[taker].add(obs.turned)                                       # R2.7
    for declared in obs.shown_announcements:                               # R4.4
        if declared.seat is not obs.seat:
            known[declared.seat] |= {c for c in declared.announcement.cards if c in unseen}
    pair = set(belote_cards(trump))
    for call in obs.belote_calls:                                          # R5.1
        if call.seat is not obs.seat:       # "belote": the other card of the pair is held
            known[call.seat] |= {c for c in pair if c in unseen}
    for seat, cards in known.items():
        # a card known in a hand overrides a (wrongly) inferred void: keep them consistent
        voids[seat] -= {c.suit for c in cards}
    voids[obs.seat] = {s for s in Suit if all(c.suit is not s for c in hand)}
    return Tracking(
        seat=obs.seat, trump=trump, hand=hand, played=played, unseen=unseen,
        voids=MappingProxyType({s: frozenset(v) for s, v in voids.items()}),
        ceilings=MappingProxyType(dict(ceilings)),
        known=MappingProxyType({s: frozenset(c) for s, c in known.items()}))
