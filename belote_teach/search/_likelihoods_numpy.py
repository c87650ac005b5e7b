"""Private numpy path of :meth:`belote_teach.search.inference.Evidence.likelihoods`: the
same likelihoods, bit for bit, for many worlds at once on int64 arrays of bitmask hands
(:mod:`belote_teach.engine.bitmask`). Imported by :mod:`~belote_teach.search.inference`
only when numpy imports (never in Pyodide, where the pure-Python path serves).

The model's bids are read on every choice of the 5 dealt cards of each world at once
(R2.2, R2.7); the mean over those choices is numpy's pairwise sum, which the pure path
replicates, and a seat's kept aces weigh ``kept_ace ** k`` from one table of powers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from belote_teach.engine.bitmask import POINTS, card_index
from belote_teach.engine.cards import Card, Rank, Suit

if TYPE_CHECKING:
    from belote_teach.search.inference import Evidence, PlayerModel

__all__ = ["likelihoods"]

Masks = npt.NDArray[np.int64]

#: The rank bits of the J, the 9 and the A in a suit's byte.
_J, _9, _A = (card_index(Card(rank, Suit.SPADES)) for rank in (Rank.JACK, Rank.NINE, Rank.ACE))
#: Cards in each byte (one suit's cards).
_POP8 = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)
#: Trump points of each byte of a suit, that suit trump (R1.2).
_TRUMP_POINTS8 = np.array([sum(POINTS[0][r] for r in range(8) if b >> r & 1)
                           for b in range(256)], dtype=np.int64)
#: Round-2 score of a trump: its points plus this per trump (the club player's).
_PER_TRUMP = 10
_BITS = np.arange(32, dtype=np.int64)
#: Every choice of the 5 dealt cards among a seat's 8 (or the taker's 7 besides the
#: turned card), as index arrays.
_COMBOS = {n: np.array(list(itertools.combinations(range(n), 5)), dtype=np.int64)
           for n in (7, 8)}


def _bit(masks: Masks, index: int) -> Masks:
    return (masks >> index) & 1


def _takes(masks: Masks, t: int) -> npt.NDArray[np.bool_]:
    """Whether each hand (bitmask) is worth taking with suit ``t`` as trump (R9 tip 1)."""
    base = 8 * t
    n = _POP8[(masks >> base) & 0xFF]
    jack = _bit(masks, base + _J).astype(bool)
    nine = _bit(masks, base + _9).astype(bool)
    ace = _bit(masks, base + _A)
    plain_aces = sum(_bit(masks, 8 * s + _A) for s in range(4)) - ace
    with_jack = jack & ((n >= 3) | ((n == 2) & (plain_aces >= 1)))
    with_nine = nine & (n >= 3) & (ace.astype(bool) | (plain_aces >= 1) | jack)
    result: npt.NDArray[np.bool_] = with_jack | with_nine
    return result


def _names(masks: Masks, turned: int) -> Masks:
    """The suit index each hand names in round 2 (R2.5), -1 for a pass: the suit it may
    take in of highest score, the first in ``S H D C`` order on ties."""
    choice = np.full(masks.shape, -1, dtype=np.int64)
    best = np.full(masks.shape, -1, dtype=np.int64)
    for t in range(4):
        if t == turned:
            continue
        byte = (masks >> (8 * t)) & 0xFF
        score = _TRUMP_POINTS8[byte] + _PER_TRUMP * _POP8[byte]
        better = _takes(masks, t) & (score > best)
        choice = np.where(better, t, choice)
        best = np.where(better, score, best)
    return choice


def likelihoods(evidence: Evidence, hands: Sequence[Sequence[int]], model: PlayerModel
                ) -> list[float]:
    """P(the decisions seen | world) for each world, up to a common factor: the values
    of :meth:`~belote_teach.search.inference.Evidence.likelihoods` (which checks
    ``hands``: 4 bitmasks a world, at least one world)."""
    table = np.asarray(hands, dtype=np.int64)
    weights = np.ones(len(table), dtype=np.float64)
    for bids in evidence.bids:
        weights *= _bid_likelihood(evidence.turned, table[:, bids.seat] | bids.played,
                                   bids.seat, bids.taker, bids.decisions, model)
    powers = np.array([model.kept_ace ** k for k in range(4)], dtype=np.float64)
    for lead in evidence.leads:
        # the plain aces sure to hold the pli the leader kept, in each world, as the pure
        # path's ``_kept``
        held = (table[:, lead.seat] | lead.played) & ~lead.spent
        count = np.zeros(len(table), dtype=np.int64)
        for ace in lead.aces:
            has = _bit(held, ace.bit).astype(bool)
            ruffed = np.zeros(len(table), dtype=bool)
            for suit_out, void, trumps in zip(ace.suit_out, ace.void, ace.trumps,
                                              strict=True):
                if trumps:
                    ruffed |= ((trumps & ~held) != 0) & (void | ((suit_out & ~held) == 0))
            count += has & ~ruffed
        weights *= powers[count]
    for kept in evidence.kept_back:
        held = (table[:, kept.seat] | kept.played) & ~kept.spent
        weights *= np.where(held & kept.cards, model.kept_back, 1.0)
    return [float(w) for w in weights]


def _bid_likelihood(turned: int, full: Masks, seat: int, taker: bool,
                    decisions: Sequence[tuple[int, int]], model: PlayerModel
                    ) -> npt.NDArray[np.float64]:
    """The mean over the choices of the 5 dealt cards of P(the bids ``decisions`` of
    ``seat`` | them), for each world (``full``: the seat's 8 cards there).

    Raises:
        ValueError: a world gives the seat other than 8 cards.
    """
    turned_bit = 1 << turned
    if taker:
        full = full & ~turned_bit
    size = 7 if taker else 8
    held = ((full[:, None] >> _BITS) & 1).astype(bool)
    if not np.all(held.sum(axis=1) == size):
        raise ValueError(f"a world gives seat {seat} a hand of other than 8 cards")
    index = np.nonzero(held)[1].reshape(len(full), size)
    dealt = (np.int64(1) << index)[:, _COMBOS[size]].sum(axis=2)
    turned_suit = turned >> 3
    p = np.ones(dealt.shape, dtype=np.float64)
    for round, code in decisions:
        if round == 1:
            agree = _takes(dealt | turned_bit, turned_suit) == bool(code)
            p *= np.where(agree, 1 - model.tremble, model.tremble)
        else:
            agree = _names(dealt, turned_suit) == code
            p *= np.where(agree, 1 - model.tremble, model.tremble / 3)
    result: npt.NDArray[np.float64] = p.mean(axis=1)
    return result
