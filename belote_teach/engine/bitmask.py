"""Private fast core of the engine: cards as bit indices, hands as int bitmasks.

**Private and unchecked.** Nothing here validates its input: a hand that shares a
card with the trick, a complete trick or an out-of-range index gives a wrong answer
or an ``IndexError``, never a specific error. The checked, readable API is
:func:`belote_teach.engine.rules.legal_plays` and :class:`belote_teach.engine.trick.Trick`; this
module is what such an API can sit on, as python-chess keeps bitboards under its
``Board`` API. It is used by the benchmarks and by simulations.

Representation
--------------
* A **card** is an int ``0..31``: ``index = 8 * suit + rank`` with suits in ``S H D C``
  order (``0..3``, :data:`SUITS`) and ranks in ``7 8 9 10 J Q K A`` order (``0..7``).
  This is the position of the card in :data:`belote_teach.engine.cards.DECK`, so
  ``DECK[i]`` is the card of index ``i`` (:func:`card_index` / :func:`index_card`)::

      7S=0 8S=1 9S=2 10S=3 JS=4 QS=5 KS=6 AS=7   7H=8 ... AH=15
      7D=16 ... AD=23                              7C=24 ... AC=31

  The suit of a card is ``index >> 3``.
* A **hand** (any set of cards) is an int bitmask: card ``i`` is held when bit ``i``
  is set (:func:`hand_mask`, :func:`mask_cards`). Suit ``s`` occupies the byte
  ``0xFF << 8 * s`` (:data:`SUIT_MASK`).
* A **trick** is a sequence of card indices in play order, leader first. The seat to
  play is the one after the last card, so its partner played ``trick[-2]``.
* A **seat** is an int in play order (R2.8, counter-clockwise):
  ``0 = S, 1 = E, 2 = N, 3 = W`` (:data:`SEATS`). The next seat is ``(s + 1) & 3``,
  the partner ``s ^ 2`` and the team ``s & 1`` (``0 = NS, 1 = EW``, :data:`TEAMS`).
* A **rule** of R3 is the int ``n`` of ``R3.n`` (``0 = LEAD_ANY`` … ``7 = FREE_DISCARD``).

Tables (strength and points per trump, masks of stronger trumps) are built once from
the constants of :mod:`belote_teach.engine.cards`, so they cannot disagree with the lessons.

Timing on the development machine (2-core AMD EPYC, CPython 3.11, ``benchmarks/engine.py``):
:func:`legal_mask` about 0.3 µs per call, :func:`play_random_deal` 40–60 µs per played deal
(some 16,000–25,000 deals/s on one core).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from belote_teach.engine.cards import (
    DECK,
    DECK_POINTS,
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
)
from belote_teach.engine.trick import Trick

__all__ = [
    "ABOVE",
    "BIT",
    "POINTS",
    "SEATS",
    "STRENGTH",
    "SUITS",
    "SUIT_MASK",
    "TEAMS",
    "FastDeal",
    "FastPosition",
    "card_index",
    "deal_positions",
    "hand_mask",
    "index_card",
    "legal_cards",
    "legal_mask",
    "legal_rule_mask",
    "mask_cards",
    "mask_indices",
    "mask_points",
    "play_random_deal",
    "seat_index",
    "suit_index",
    "trick_points",
    "trick_to_fast",
    "trick_winner",
]

# ------------------------------------------------------------------------------ tables
#: Suits by index (``S H D C``), as in :data:`belote_teach.engine.cards.DECK`.
SUITS: tuple[Suit, ...] = tuple(Suit)
#: Seats by index, in play order S → E → N → W (R2.8).
SEATS: tuple[Seat, ...] = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)
#: Teams by index: ``seat & 1`` is ``0`` for N/S and ``1`` for E/W.
TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)
_RANKS: tuple[Rank, ...] = tuple(Rank)

_SUIT_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(SUITS)}
_SEAT_INDEX: dict[Seat, int] = {seat: i for i, seat in enumerate(SEATS)}
_CARD_INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}

#: ``BIT[i] == 1 << i``.
BIT: tuple[int, ...] = tuple(1 << i for i in range(32))
#: The bitmask of each suit, by suit index.
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))

_TRUMP_STRENGTH_BY_RANK = {rank: 16 - i for i, rank in enumerate(TRUMP_ORDER)}  # 16 .. 9
_PLAIN_STRENGTH_BY_RANK = {rank: 8 - i for i, rank in enumerate(PLAIN_ORDER)}   # 8 .. 1

#: ``STRENGTH[trump][card]``: the card's strength (R1.2, R1.3) as
#: :func:`belote_teach.engine.cards.strength`: trumps 9..16, plain cards 1..8.
STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_TRUMP_STRENGTH_BY_RANK[c.rank] if c.suit is t else _PLAIN_STRENGTH_BY_RANK[c.rank]
          for c in DECK)
    for t in SUITS
)
#: ``POINTS[trump][card]``: the card points (R1.2, R1.3), as
#: :func:`belote_teach.engine.cards.points`.
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c.rank] if c.suit is t else PLAIN_POINTS[c.rank] for c in DECK)
    for t in SUITS
)
#: ``ABOVE[card]``: the cards of the card's suit that beat it when that suit is trump
#: (R1.2 order), as a bitmask. ``hand & ABOVE[top]`` are the trumps higher than ``top``.
ABOVE: tuple[int, ...] = tuple(
    sum(BIT[j] for j in range(8 * (i >> 3), 8 * (i >> 3) + 8)
        if _TRUMP_STRENGTH_BY_RANK[DECK[j].rank] > _TRUMP_STRENGTH_BY_RANK[DECK[i].rank])
    for i in range(32)
)
_KING = _RANKS.index(Rank.KING)
_QUEEN = _RANKS.index(Rank.QUEEN)
#: ``BELOTE_MASK[trump]``: the king and the queen of trumps (R5.1).
BELOTE_MASK: tuple[int, ...] = tuple(BIT[8 * t + _KING] | BIT[8 * t + _QUEEN] for t in range(4))
#: ``OTHER_SUITS[turned suit]``: the three suits a player may name in round 2 (R2.5).
OTHER_SUITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(4) if s != t) for t in range(4))


# ------------------------------------------------------------------------ conversions
def card_index(card: Card | str) -> int:
    """The index ``0..31`` of a card (``8 * suit + rank``, see the module docstring).

    >>> card_index("7S"), card_index("JH"), card_index(Card.parse("AC"))
    (0, 12, 31)
    """
    if isinstance(card, str):
        card = Card.parse(card)
    return _CARD_INDEX[card]


def index_card(index: int) -> Card:
    """The :class:`~belote_teach.engine.cards.Card` of an index ``0..31`` (``DECK[index]``)."""
    return DECK[index]


def suit_index(suit: Suit | str) -> int:
    """The index ``0..3`` of a suit (``S H D C``)."""
    return _SUIT_INDEX[Suit.parse(suit) if isinstance(suit, str) else suit]


def seat_index(seat: Seat | str) -> int:
    """The index ``0..3`` of a seat in play order (``S E N W``)."""
    return _SEAT_INDEX[Seat.parse(seat) if isinstance(seat, str) else seat]


def hand_mask(cards: Iterable[Card | str]) -> int:
    """The bitmask of some cards.

    >>> hand_mask(["7S", "8S"]), bin(hand_mask(["AC"]))
    (3, '0b10000000000000000000000000000000')
    """
    mask = 0
    for card in cards:
        mask |= BIT[card_index(card)]
    return mask


def mask_indices(mask: int) -> tuple[int, ...]:
    """The card indices of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in :data:`~belote_teach.engine.cards.DECK` order.

    >>> mask_cards(hand_mask(["JH", "7S"]))
    (Card.parse('7S'), Card.parse('JH'))
    """
    return tuple(DECK[i] for i in mask_indices(mask))


def mask_points(mask: int, trump: int) -> int:
    """The card points of the cards of ``mask`` (R1.2, R1.3), ``trump`` a suit index."""
    table = POINTS[trump]
    return sum(table[i] for i in mask_indices(mask))


def trick_to_fast(trick: Trick) -> tuple[tuple[int, ...], int, int]:
    """A :class:`~belote_teach.engine.trick.Trick` in fast form: ``(card indices leader first,
    trump suit index, leader seat index)``."""
    return (tuple(_CARD_INDEX[c] for c in trick.cards), _SUIT_INDEX[trick.trump],
            _SEAT_INDEX[trick.leader])


# ------------------------------------------------------------------------------ tricks
def trick_winner(trick: Sequence[int], trump: int) -> int:
    """The position (``0`` = leader) of the card winning ``trick`` so far (R1.5).

    The highest trump if any trump was played, else the highest card of the led suit;
    a discard never wins. ``trick`` holds 1 to 4 card indices; ``trump`` is a suit index.
    The winning seat is ``(leader + position) & 3``.
    """
    strength = STRENGTH[trump]
    best = trick[0]
    pos = 0
    for k in range(1, len(trick)):
        card = trick[k]
        if card >> 3 == best >> 3:
            if strength[card] > strength[best]:
                best, pos = card, k
        elif card >> 3 == trump:
            best, pos = card, k
    return pos


def trick_points(trick: Sequence[int], trump: int) -> int:
    """Card points of the cards of ``trick`` (R1.2, R1.3), without the dix de der."""
    table = POINTS[trump]
    return sum(table[c] for c in trick)


# ------------------------------------------------------------------------ legal plays
def legal_mask(hand: int, trick: Sequence[int], trump: int, undertrump_free: bool = False,
               overtrump_partner: bool = True) -> int:
    """The legal cards (a bitmask, a subset of ``hand``) of the seat to play (R3.0–R3.7).

    Decides exactly as :func:`belote_teach.engine.rules.legal_plays`, options included.

    Args:
        hand: bitmask of the cards held (1 to 8 cards, none of them in ``trick``).
        trick: card indices played to the trick so far, leader first (0 to 3). The
            seat to play's partner played ``trick[-2]`` (when there are 2 or 3 cards).
        trump: the trump suit index (``0..3`` = ``S H D C``).
        undertrump_free: option ``undertrump == "free"`` (R3.6: every card legal).
        overtrump_partner: option ``overtrump_partner_on_trump_lead`` (R3.2).

    Returns:
        The bitmask of the legal cards; never 0 for a non-empty hand.

    About 0.3 µs per call on the development machine (``benchmarks/engine.py``).
    """
    n = len(trick)
    if not n:
        return hand                                                      # R3.0
    best = trick[0]
    led = best >> 3
    if n > 1:                          # the card currently winning (R1.5), unrolled
        strength = STRENGTH[trump]
        card = trick[1]
        if card >> 3 == led:
            if strength[card] > strength[best]:
                best = card
        elif card >> 3 == trump:
            best = card
        if n > 2:
            card = trick[2]
            if card >> 3 == best >> 3:
                if strength[card] > strength[best]:
                    best = card
            elif card >> 3 == trump:
                best = card
    trumps = hand & SUIT_MASK[trump]
    if led == trump:
        if not trumps:
            return hand                                                  # R3.7
        if not overtrump_partner and n > 1 and best == trick[n - 2]:
            return trumps                                                # R3.2, option
        return (trumps & ABOVE[best]) or trumps                          # R3.2
    follow = hand & SUIT_MASK[led]
    if follow:
        return follow                                                    # R3.1
    if n > 1 and best == trick[n - 2]:
        return hand                                                      # R3.3
    if not trumps:
        return hand                                                      # R3.7
    if best >> 3 != trump:
        return trumps                                                    # R3.4
    higher = trumps & ABOVE[best]
    if higher:
        return higher                                                    # R3.5
    return hand if undertrump_free else trumps                           # R3.6


def legal_rule_mask(hand: int, trick: Sequence[int], trump: int, undertrump_free: bool = False,
                    overtrump_partner: bool = True) -> tuple[int, int]:
    """As :func:`legal_mask`, with the deciding rule: ``(n of R3.n, legal bitmask)``.

    The rule is the one :attr:`belote_teach.engine.rules.LegalPlays.rule` names, e.g. ``5`` for
    ``Rule.MUST_OVERTRUMP`` (R3.5). Slower than :func:`legal_mask` by a few tenths of a µs.
    """
    n = len(trick)
    if not n:
        return 0, hand
    best = trick[trick_winner(trick, trump)]
    led = trick[0] >> 3
    partner_master = n > 1 and best == trick[n - 2]
    trumps = hand & SUIT_MASK[trump]
    if led == trump:
        if not trumps:
            return 7, hand
        if not overtrump_partner and partner_master:
            return 2, trumps
        return 2, (trumps & ABOVE[best]) or trumps
    follow = hand & SUIT_MASK[led]
    if follow:
        return 1, follow
    if partner_master:
        return 3, hand
    if not trumps:
        return 7, hand
    if best >> 3 != trump:
        return 4, trumps
    higher = trumps & ABOVE[best]
    if higher:
        return 5, higher
    return 6, (hand if undertrump_free else trumps)


def legal_cards(hand: Iterable[Card | str], trick: Trick, *, undertrump_free: bool = False,
                overtrump_partner: bool = True) -> tuple[Card, ...]:
    """The legal cards of ``hand`` on ``trick`` through the fast core, in hand order.

    Unchecked (no duplicate, size or phase check): the checked, explained answer is
    :func:`belote_teach.engine.rules.legal_plays`, which this must always agree with.
    """
    cards = [Card.parse(c) for c in hand]
    indices, trump, _leader = trick_to_fast(trick)
    mask = legal_mask(hand_mask(cards), indices, trump, undertrump_free, overtrump_partner)
    return tuple(c for c in cards if mask & BIT[_CARD_INDEX[c]])


# ------------------------------------------------------------------------ random deals
class FastDeal(NamedTuple):
    """The record of one deal played by :func:`play_random_deal` (all ints, fast form).

    Attributes:
        dealer: the dealer's seat index.
        taker: the taker's seat index, ``None`` when all passed twice (R2.6).
        trump: the trump suit index, ``None`` when passed out.
        bid_round: 1 or 2 (R2.4, R2.5), 0 when passed out.
        turned: the turned card (la retourne, R2.3).
        hands: the four hands (bitmasks, by seat index) when play starts: 8 cards each
            after completion (R2.7), or the 5-card hands of a passed-out deal.
        plays: the 32 cards in play order (empty when passed out); trick ``k`` is
            ``plays[4 * k: 4 * k + 4]``, led by ``(dealer + 1) & 3`` for trick 0 and by
            the previous winner after that (R2.8).
        winners: the seat index winning each of the 8 tricks.
        card_points: card points won per team ``(NS, EW)``, dix de der included
            (R1.4: they add up to 162), before any capot.
        belote: belote-rebelote points per team ``(NS, EW)`` (R5; every player says it).
        capot: the team index that won all 8 tricks (R6.5), else ``None``.
        outcome: ``"made"``, ``"dedans"``, ``"litige"`` (R6.2) or ``"passed"``.
        marks: points scored now per team ``(NS, EW)`` (R6.3–R6.6, no rounding).
        reserve: points the takers put in the litige reserve (R6.6), else 0.

    Announcements (R4) are not played by the fast simulator: they add nothing to totals.
    """

    dealer: int
    taker: int | None
    trump: int | None
    bid_round: int
    turned: int
    hands: tuple[int, int, int, int]
    plays: tuple[int, ...]
    winners: tuple[int, ...]
    card_points: tuple[int, int]
    belote: tuple[int, int]
    capot: int | None
    outcome: str
    marks: tuple[int, int]
    reserve: int


def play_random_deal(rng: random.Random, dealer: int = 0, *, take_probability: float = 0.3,
                     undertrump_free: bool = False, overtrump_partner: bool = True,
                     capot_points: int = 250) -> FastDeal:
    """Deal, bid and play one whole deal at random, and score it (unchecked fast path).

    Steps: shuffle the 32 cards with ``rng`` (R2.1); cut at a random place leaving at
    least 3 cards each side (R2.1); deal 3 then 2 cards to each player starting after the
    dealer (R2.2); turn the next card (R2.3); random bidding: in round 1 each player from
    the dealer's right takes with probability ``take_probability`` (R2.4), in round 2 each
    names, with the same probability, one of the three other suits drawn uniformly
    (R2.5); all pass twice: the deal is passed out (R2.6, ``outcome == "passed"``);
    completion: the taker receives the turned card and 2 cards, the others 3, each in
    turn from the dealer's right (R2.7); 32 plays, each drawn uniformly among the legal
    cards (R3, the same decisions as :func:`legal_mask`), the player after the dealer
    leading (R2.8); card points with the dix de der (R1.4), belote-rebelote (R5), and the
    contract: made / dedans / litige, capot (R6.2–R6.6).

    **Announcements (R4) are skipped**: no tierce, cinquante, cent or carré is scored
    (as preset ``ffb2016``); marks are not rounded (R6.7 off); a litige's reserve is
    returned, not carried to another deal.

    Args:
        rng: the only source of chance; the same seed gives the same deal.
        dealer: the dealer's seat index (``0..3`` = ``S E N W``).
        take_probability: chance that a bidder takes (each turn, both rounds).
        undertrump_free: option ``undertrump == "free"`` (R3.6).
        overtrump_partner: option ``overtrump_partner_on_trump_lead`` (R3.2).
        capot_points: 250 (classic) or 252 (ffb2016), R6.5.

    Returns:
        A :class:`FastDeal`. 40–60 µs per played deal on the development machine, some
        16,000–25,000 deals/s on one core (``benchmarks/engine.py``).
    """
    bit = BIT
    uniform = rng.random
    deck = list(range(32))
    rng.shuffle(deck)                                                    # R2.1
    cut = 3 + int(uniform() * 27)                                        # 3..29 cards on top
    deck = deck[cut:] + deck[:cut]
    first = (dealer + 1) & 3
    hands = [0, 0, 0, 0]
    for j in range(4):                                                   # R2.2: 3 then 2
        a = 3 * j
        b = 12 + 2 * j
        hands[(first + j) & 3] = (bit[deck[a]] | bit[deck[a + 1]] | bit[deck[a + 2]]
                                  | bit[deck[b]] | bit[deck[b + 1]])
    turned = deck[20]                                                    # R2.3
    taker = -1
    trump = turned >> 3
    bid_round = 1
    for j in range(4):                                                   # R2.4
        if uniform() < take_probability:
            taker = (first + j) & 3
            break
    else:
        bid_round = 2
        for j in range(4):                                               # R2.5
            if uniform() < take_probability:
                taker = (first + j) & 3
                trump = OTHER_SUITS[trump][int(uniform() * 3)]
                break
    if taker < 0:                                                        # R2.6
        return FastDeal(dealer, None, None, 0, turned, (hands[0], hands[1], hands[2], hands[3]),
                        (), (), (0, 0), (0, 0), None, "passed", (0, 0), 0)

    pos = 21                                                             # R2.7
    for j in range(4):
        seat = (first + j) & 3
        if seat == taker:
            hands[seat] |= bit[turned] | bit[deck[pos]] | bit[deck[pos + 1]]
            pos += 2
        else:
            hands[seat] |= bit[deck[pos]] | bit[deck[pos + 1]] | bit[deck[pos + 2]]
            pos += 3
    dealt = (hands[0], hands[1], hands[2], hands[3])

    trump_mask = SUIT_MASK[trump]
    strength = STRENGTH[trump]
    points = POINTS[trump]
    above = ABOVE
    suit_mask = SUIT_MASK
    free = undertrump_free
    plays: list[int] = []
    winners: list[int] = []
    won = [0, 0]
    tricks = [0, 0]
    leader = first                                                       # R2.8
    for _ in range(8):
        # -- the lead (R3.0): any card
        seat = leader
        hand = hands[seat]
        legal = hand
        k = int(uniform() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand ^ bit[card]
        plays.append(card)
        led = card >> 3
        led_mask = suit_mask[led]
        best = card
        best_seat = seat
        total = points[card]
        for _ in range(3):
            seat = (seat + 1) & 3
            hand = hands[seat]
            # -- the legal cards, as legal_mask (R3.1-R3.7), with the master kept up to date
            if led == trump:
                legal = hand & trump_mask
                if legal:
                    if overtrump_partner or best_seat != seat ^ 2:
                        legal = (legal & above[best]) or legal                   # R3.2
                else:
                    legal = hand                                                 # R3.7
            else:
                legal = hand & led_mask                                          # R3.1
                if not legal:
                    if best_seat == seat ^ 2:
                        legal = hand                                             # R3.3
                    else:
                        legal = hand & trump_mask
                        if not legal:
                            legal = hand                                         # R3.7
                        elif best >> 3 == trump:
                            legal = (legal & above[best]) or (hand if free else legal)
            k = int(uniform() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = (legal & -legal).bit_length() - 1
            hands[seat] = hand ^ bit[card]
            plays.append(card)
            total += points[card]
            if card >> 3 == best >> 3:                                   # R1.5
                if strength[card] > strength[best]:
                    best = card
                    best_seat = seat
            elif card >> 3 == trump:
                best = card
                best_seat = seat
        winners.append(best_seat)
        won[best_seat & 1] += total
        tricks[best_seat & 1] += 1
        leader = best_seat
    won[leader & 1] += DIX_DE_DER                                        # R1.4

    belote = [0, 0]                                                      # R5.1
    kq = BELOTE_MASK[trump]
    for seat in range(4):
        if dealt[seat] & kq == kq:
            belote[seat & 1] = 20
    takers = taker & 1
    defenders = 1 - takers
    capot: int | None = None
    cards_won = [won[0], won[1]]
    if tricks[0] == 8 or tricks[1] == 8:                                 # R6.5
        capot = 0 if tricks[0] == 8 else 1
        cards_won[capot] = capot_points
    taker_total = cards_won[takers] + belote[takers]                     # R6.1
    defender_total = cards_won[defenders] + belote[defenders]
    marks = [0, 0]
    reserve = 0
    if taker_total > defender_total:                                     # R6.3 made
        outcome = "made"
        marks[takers] = taker_total
        marks[defenders] = defender_total
    elif taker_total < defender_total:                                   # R6.4 dedans
        outcome = "dedans"
        marks[defenders] = (capot_points if capot == defenders else DECK_POINTS + DIX_DE_DER
                            ) + belote[defenders]
        marks[takers] = belote[takers]
    else:                                                                # R6.6 litige
        outcome = "litige"
        marks[defenders] = defender_total
        marks[takers] = belote[takers]
        reserve = taker_total - belote[takers]
    return FastDeal(dealer, taker, trump, bid_round, turned, dealt, tuple(plays),
                    tuple(winners), (won[0], won[1]), (belote[0], belote[1]), capot, outcome,
                    (marks[0], marks[1]), reserve)


class FastPosition(NamedTuple):
    """One position of a played :class:`FastDeal`: the seat to play and what it sees."""

    hand: int                 #: bitmask of the cards the seat holds
    trick: tuple[int, ...]    #: cards already in the trick, leader first (0 to 3)
    trump: int                #: trump suit index
    seat: int                 #: the seat to play (index)
    leader: int               #: the seat that led the trick (index)
    card: int                 #: the card the deal's player chose


def deal_positions(deal: FastDeal) -> Iterator[FastPosition]:
    """The 32 positions of a played deal, in play order (nothing for a passed-out deal)."""
    if deal.trump is None:
        return
    hands = list(deal.hands)
    leader = (deal.dealer + 1) & 3
    for k in range(8):
        trick = deal.plays[4 * k: 4 * k + 4]
        for j, card in enumerate(trick):
            seat = (leader + j) & 3
            yield FastPosition(hands[seat], trick[:j], deal.trump, seat, leader, card)
            hands[seat] ^= BIT[card]
        leader = deal.winners[k]
