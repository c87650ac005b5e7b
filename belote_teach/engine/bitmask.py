"""The engine's bitmask core: cards as bit indices, hands as int bitmasks, the legal
cards of R3 as masks, and a random playout, for the code that needs speed: the
double-dummy solver (:mod:`belote_teach.search.solver` and its compiled core) and the
drills (:mod:`belote_teach.course.drills`).

**Unchecked.** Nothing here validates its input: a hand that shares a card with the
trick, a complete trick or an out-of-range index gives a wrong answer or an
``IndexError``, never a specific error. The checked, readable API is
:func:`belote_teach.engine.rules.legal_plays` and :class:`belote_teach.engine.trick.Trick`,
which this core always agrees with (``tests/engine/test_bitmask.py``), as python-chess
keeps bitboards under its ``Board`` API.

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
:func:`legal_mask` about 0.3 µs per call; a whole deal dealt, bid at random, played by
:func:`random_playout` and scored, 40–60 µs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from belote_teach.engine.cards import (
    DECK,
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
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
    "Playout",
    "card_index",
    "hand_mask",
    "index_card",
    "legal_cards",
    "legal_mask",
    "legal_rule_mask",
    "mask_cards",
    "mask_indices",
    "mask_points",
    "random_playout",
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


# ---------------------------------------------------------------------- random playout
class Playout(NamedTuple):
    """The cards and tricks of a :func:`random_playout` (all ints, fast form).

    Attributes:
        plays: the cards in play order; trick ``k`` is ``plays[4 * k: 4 * k + 4]``, led
            by the playout's leader for trick 0 and by the previous winner after that
            (R2.8).
        winners: the seat index winning each trick (R1.5).
        card_points: card points won per team ``(NS, EW)`` in these tricks, the dix de
            der included (R1.4).
        tricks: tricks won per team ``(NS, EW)``.
    """

    plays: tuple[int, ...]
    winners: tuple[int, ...]
    card_points: tuple[int, int]
    tricks: tuple[int, int]


def random_playout(hands: Sequence[int], leader: int, trump: int, rng: random.Random, *,
                   undertrump_free: bool = False, overtrump_partner: bool = True) -> Playout:
    """Random players play the hands out from the start of a trick: each card drawn
    uniformly among the legal ones (R3, the same decisions as :func:`legal_mask`), one
    ``rng.random()`` a card, the winner of each trick leading the next (R1.5, R2.8).

    Args:
        hands: the four hands (bitmasks, by seat index), each of as many cards (not
            changed).
        leader: the seat index leading the first trick.
        trump: the trump suit index.
        rng: the only source of chance; the same state gives the same playout.
        undertrump_free: option ``undertrump == "free"`` (R3.6).
        overtrump_partner: option ``overtrump_partner_on_trump_lead`` (R3.2).

    Returns:
        A :class:`Playout`: the cards, the trick winners, the card points (the dix de
        der to the last trick's winner, R1.4) and tricks of each team. Eight tricks take
        about two thirds of the time of a whole random deal (``benchmarks/engine.py``).
    """
    bit = BIT
    uniform = rng.random
    held = list(hands)
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
    for _ in range(held[leader].bit_count()):
        # -- the lead (R3.0): any card
        seat = leader
        hand = held[seat]
        legal = hand
        k = int(uniform() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        held[seat] = hand ^ bit[card]
        plays.append(card)
        led = card >> 3
        led_mask = suit_mask[led]
        best = card
        best_seat = seat
        total = points[card]
        for _ in range(3):
            seat = (seat + 1) & 3
            hand = held[seat]
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
            held[seat] = hand ^ bit[card]
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
    if winners:
        won[leader & 1] += DIX_DE_DER                                    # R1.4
    return Playout(tuple(plays), tuple(winners), (won[0], won[1]), (tricks[0], tricks[1]))
