"""Whole random deals in the bitmask form of :mod:`belote_teach.engine.bitmask`, dealt,
bid, played and scored at the core's speed: the positions and deals that
``test_bitmask.py`` checks against the checked engine, and that ``benchmarks/engine.py``
times (it adds this folder to ``sys.path``). Not part of the package: nothing in it is
checked, and its scoring (R6, without announcements) is the benchmark's, not the course's
(:func:`belote_teach.engine.scoring.score_deal` is).

    >>> deal = play_random_deal(random.Random(7), 1, take_probability=1.0)
    >>> deal.outcome in ("made", "dedans", "litige"), sum(deal.card_points)
    (True, 162)
    >>> len(list(deal_positions(deal)))
    32
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from belote_teach.engine.bitmask import BIT, random_playout
from belote_teach.engine.cards import DECK_POINTS, DIX_DE_DER, Rank

__all__ = ["BELOTE_MASK", "OTHER_SUITS", "FastDeal", "FastPosition", "deal_positions",
           "play_random_deal"]

_RANKS: tuple[Rank, ...] = tuple(Rank)
_KING = _RANKS.index(Rank.KING)
_QUEEN = _RANKS.index(Rank.QUEEN)
#: ``BELOTE_MASK[trump]``: the king and the queen of trumps (R5.1).
BELOTE_MASK: tuple[int, ...] = tuple(BIT[8 * t + _KING] | BIT[8 * t + _QUEEN] for t in range(4))
#: ``OTHER_SUITS[turned suit]``: the three suits a player may name in round 2 (R2.5).
OTHER_SUITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(4) if s != t) for t in range(4))


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
    """Deal, bid and play one whole deal at random, and score it (unchecked).

    Steps: shuffle the 32 cards with ``rng`` (R2.1); cut at a random place leaving at
    least 3 cards each side (R2.1); deal 3 then 2 cards to each player starting after the
    dealer (R2.2); turn the next card (R2.3); random bidding: in round 1 each player from
    the dealer's right takes with probability ``take_probability`` (R2.4), in round 2 each
    names, with the same probability, one of the three other suits drawn uniformly
    (R2.5); all pass twice: the deal is passed out (R2.6, ``outcome == "passed"``);
    completion: the taker receives the turned card and 2 cards, the others 3, each in
    turn from the dealer's right (R2.7); 32 plays by
    :func:`~belote_teach.engine.bitmask.random_playout`, each card drawn uniformly among
    the legal ones (R3), the player after the dealer leading (R2.8); card points with the
    dix de der (R1.4), belote-rebelote (R5), and the contract: made / dedans / litige,
    capot (R6.2–R6.6).

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

    playout = random_playout(hands, first, trump, rng, undertrump_free=undertrump_free,
                             overtrump_partner=overtrump_partner)              # R2.8, R3
    won = playout.card_points
    tricks = playout.tricks

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
    return FastDeal(dealer, taker, trump, bid_round, turned, dealt, playout.plays,
                    playout.winners, won, (belote[0], belote[1]), capot, outcome,
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
