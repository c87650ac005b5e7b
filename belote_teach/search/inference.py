"""Inference: how likely each world makes what the other seats did, under a model of
how players bid and play (the posterior that
``sample_worlds(obs, rng, count, model=CLUB_MODEL)``, :mod:`belote_teach.search.sampling`,
draws from, beyond the hard facts of :mod:`belote_teach.search.tracking`; without a model
it keeps the hard facts only).

A world (one deal of the unseen cards, consistent with the hard facts) gets the weight

    P(world | what was seen)  ∝  Π over the other seats' decisions of P(decision | world)

(policy-based inference, as Rebstock et al. 2019 for Skat), the hard facts making the
prior uniform over the consistent worlds. The model, :class:`PlayerModel`, is the club
player's technique (RULES.md R9; ``belote_teach/players/club.py``) with a *tremble*:

- **R2 bidding** (R9 tip 1, R2.4, R2.5). A seat bids on the 5 cards dealt to it (R2.2),
  the turned card counted in round 1 (the taker receives it, R2.7). With trump ``t`` it
  takes holding the J of ``t`` and 3 trumps, or 2 trumps and a plain ace; or the 9 of
  ``t``, 3 trumps and the ace of ``t``, a plain ace or the J. In round 2 it names the
  suit it may take in of highest score (trump points + 10 per trump; the first in
  ``S H D C`` order on ties), else passes (:func:`model_bid`). A seat makes the bid of
  this rule with probability ``1 - tremble`` and any other legal bid otherwise (split
  evenly). Which 5 of a seat's 8 cards were dealt is not seen (3 came at completion,
  the taker's turned card among them): the likelihood averages over every choice (56,
  or 21 for the taker), all equally likely.
- **R3 leads** (R9 tip 3). A seat on lead cashes a plain ace sure to hold the pli before
  anything else, unless it is the taker leading a trump (tip 2: trumps drawn first) or
  it leads a plain ace. An ace is sure, as the club player judges it from its own hand,
  unless an opponent may trump it: one that may hold a trump (not shown void in trumps,
  R3.4, nor capped by a ceiling, R3.2/R3.5, the leader's trumps and the cards known in
  other hands left out) and no card of the suit (shown void, R3.1, or none of the suit
  left outside the leader's hand and the known cards). Each sure ace the seat held at a
  lead of another card multiplies the likelihood by ``kept_ace``.
- **R3 last to play** to a plain pli, with 3 cards or more (before the last two plis'
  own rule, R9 tip 5), a seat plays what the club player would:

  - its partner winning, the most points it may give (R9 tip 4, charger): a plain ace or
    10 when it holds one among its legal cards (the cards of the led suit, R3.1, or,
    void in it, any card, R3.3). Having played anything else, it held none of them;
  - an opponent winning with a card of the led suit, a card that wins the pli when it
    has one. Having followed with a lower card, it held no card of the suit above the
    winning one (R3.1: its legal cards were of the suit).

  Each such pli where a world gives the seat a card it would have played multiplies
  the likelihood by ``kept_back``.

The real hands of club players always fit every part (``tests/search/test_inference.py``).

The observing seat's own decisions tell nothing (its hand is known). The likelihoods are
computed on bitmask hands (:mod:`belote_teach.engine.bitmask`: card ``8 * suit + rank``,
seats ``S E N W`` = 0..3): :meth:`Evidence.likelihoods`, for many worlds at once with
numpy when it imports (:mod:`belote_teach.search._likelihoods_numpy`), else in pure
Python (Pyodide), the same floats either way. :func:`resample` then draws worlds by
weight (systematic resampling), :func:`effective_size` says how many distinct worlds the
weights are worth; both pure Python, summing as numpy does (pairwise), so the same weights
draw the same worlds everywhere.

    >>> from belote_teach.engine.cards import Card
    >>> hand = [Card.parse(c) for c in ("JH", "9H", "7H", "8D", "QC")]
    >>> str(model_bid(hand, Card.parse("AH"), 1)), str(model_bid(hand, Card.parse("7C"), 2))
    ('take', 'H')
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import isfinite

from belote_teach.engine.announcements import belote_cards
from belote_teach.engine.bidding import PASS, TAKE, Bid, BidKind
from belote_teach.engine.bitmask import (
    POINTS,
    STRENGTH,
    SUITS,
    card_index,
    hand_mask,
    seat_index,
    suit_index,
    trick_winner,
)
from belote_teach.engine.cards import Card, Rank, Seat, Suit, points
from belote_teach.engine.observation import Observation
from belote_teach.engine.trick import Trick
from belote_teach.search.tracking import NO_CEILING, read_trick

__all__ = [
    "CLUB_MODEL",
    "KEPT_ACE",
    "KEPT_BACK",
    "TREMBLE",
    "Evidence",
    "ModelError",
    "PlayerModel",
    "effective_size",
    "model_bid",
    "resample",
]

#: Probability that a seat's bid is not the model's (R2): 0.05. The club player never
#: deviates; the tremble keeps a world where it would have bid otherwise possible (another
#: level, a scripted deal) at 1/19 of the weight of one where it bids as modelled.
TREMBLE = 0.05
#: Likelihood factor per plain ace a seat held when it led another card (R3, R9 tip 3): 0.2.
KEPT_ACE = 0.2
#: Likelihood factor per pli where a seat, last to play, kept back a card the club
#: player would have played (a plain ace or 10 for its winning partner, a card winning
#: the pli from the opponents; R3, R9 tip 4): 0.2.
KEPT_BACK = 0.2

class ModelError(ValueError):
    """A player model that cannot be used: a parameter out of range (a probability
    outside (0, 1)), something else given as the model, or a bid asked of it in a round
    that does not exist."""


@dataclass(frozen=True)
class PlayerModel:
    """How the other seats bid and play (the club player's technique, R9 tips 1, 3 and
    4, with a tremble; see the module docstring).

    Attributes:
        tremble: probability (0 < tremble < 1) of a bid other than the model's (R2).
        kept_ace: likelihood factor (0 < kept_ace <= 1) per sure plain ace held at a lead
            of another card (R3); 1 ignores the leads.
        kept_back: likelihood factor (0 < kept_back <= 1) per pli where the seat, last
            to play, kept back a card the club player would have played: a plain ace or
            10 under its partner's winning card, a card winning the pli from the
            opponents (R3); 1 ignores those plis.

    Raises:
        ModelError: a parameter out of range.
    """

    tremble: float = TREMBLE
    kept_ace: float = KEPT_ACE
    kept_back: float = KEPT_BACK

    def __post_init__(self) -> None:
        if not (isinstance(self.tremble, (int, float)) and 0 < self.tremble < 1):
            raise ModelError(f"tremble must be a probability in (0, 1), got {self.tremble!r}")
        for name in ("kept_ace", "kept_back"):
            factor = getattr(self, name)
            if isinstance(factor, bool) or not (isinstance(factor, (int, float))
                                                and 0 < factor <= 1):
                raise ModelError(f"{name} must be in (0, 1], got {factor!r}")


#: The club player's model with the default tremble and kept-ace factor.
CLUB_MODEL = PlayerModel()

# ------------------------------------------------------------------------------ tables
_RANK_BIT = {rank: card_index(Card(rank, Suit.SPADES)) for rank in Rank}   # 0..7 in a suit
_J, _9, _A = _RANK_BIT[Rank.JACK], _RANK_BIT[Rank.NINE], _RANK_BIT[Rank.ACE]
#: Cards in each byte (one suit's cards).
_POP8 = [bin(b).count("1") for b in range(256)]
#: Trump points of each byte of a suit, that suit trump (R1.2).
_TRUMP_POINTS8 = [sum(POINTS[0][r] for r in range(8) if b >> r & 1) for b in range(256)]
#: Round-2 score of a trump: its points plus this per trump (the club player's).
_PER_TRUMP = 10
#: The fewest points of a plain card the club player gives its partner (an ace or a 10).
_CHARGE_POINTS = 10
#: The four aces, a bitmask.
_ACES = sum(1 << (8 * s + _A) for s in range(4))
#: Every choice of the 5 dealt cards among a seat's 8 (or the taker's 7 besides the
#: turned card), as tuples of positions.
_COMBOS = {n: tuple(itertools.combinations(range(n), 5)) for n in (7, 8)}


def _takes(mask: int, t: int) -> bool:
    """Whether the hand ``mask`` (a bitmask) is worth taking with suit ``t`` as trump
    (R9 tip 1): the J and 3 trumps, or 2 and a plain ace; the 9, 3 trumps and the ace of
    trumps, a plain ace or the J."""
    byte = (mask >> (8 * t)) & 0xFF
    n = _POP8[byte]
    ace = byte >> _A & 1
    plain_aces = (mask & _ACES).bit_count() - ace
    jack = byte >> _J & 1
    if jack and (n >= 3 or (n == 2 and plain_aces >= 1)):
        return True
    return bool(byte >> _9 & 1) and n >= 3 and bool(ace or plain_aces >= 1 or jack)


def _names(mask: int, turned: int) -> int:
    """The suit index the hand ``mask`` names in round 2 (R2.5), -1 for a pass: the suit
    it may take in of highest score, the first in ``S H D C`` order on ties."""
    choice = -1
    best = -1
    for t in range(4):
        if t == turned:
            continue
        byte = (mask >> (8 * t)) & 0xFF
        score = _TRUMP_POINTS8[byte] + _PER_TRUMP * _POP8[byte]
        if score > best and _takes(mask, t):
            choice = t
            best = score
    return choice


def _pairwise_sum(values: Sequence[float], start: int = 0, n: int | None = None) -> float:
    """The sum of ``values[start:start + n]`` (default: to the end) in numpy's order
    (pairwise: eight running sums over blocks of 128 or fewer, halves above), so that a
    mean or total is the float numpy gives."""
    if n is None:
        n = len(values) - start
    if n < 8:
        total = 0.0
        for i in range(start, start + n):
            total += values[i]
        return total
    if n <= 128:
        r0, r1, r2, r3, r4, r5, r6, r7 = values[start:start + 8]
        i = start + 8
        end = start + n - n % 8
        while i < end:
            r0 += values[i]
            r1 += values[i + 1]
            r2 += values[i + 2]
            r3 += values[i + 3]
            r4 += values[i + 4]
            r5 += values[i + 5]
            r6 += values[i + 6]
            r7 += values[i + 7]
            i += 8
        total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < start + n:
            total += values[i]
            i += 1
        return total
    half = n // 2
    half -= half % 8
    return _pairwise_sum(values, start, half) + _pairwise_sum(values, start + half, n - half)


def model_bid(hand: Sequence[Card], turned: Card, round: int) -> Bid:
    """The bid of the model (the club player's rule, R9 tip 1) for the 5 dealt ``hand``
    cards and the ``turned`` card in ``round`` (1: take or pass, R2.4; 2: a suit other
    than the turned card's, or pass, R2.5), whatever was bid before.

    Raises:
        ModelError: ``round`` is not 1 or 2, ``hand`` has duplicates or the turned card.
    """
    if round not in (1, 2) or isinstance(round, bool):
        raise ModelError(f"bidding has rounds 1 and 2 (R2.4, R2.5), got round {round!r}")
    mask = hand_mask(hand)
    if bin(mask).count("1") != len(hand) or mask >> card_index(turned) & 1:
        raise ModelError(f"hand {[str(c) for c in hand]} repeats a card or holds the "
                         f"turned card {turned}")
    t = suit_index(turned.suit)
    if round == 1:
        return TAKE if _takes(mask | (1 << card_index(turned)), t) else PASS
    named = _names(mask, t)
    return PASS if named < 0 else Bid.naming(SUITS[named])


# ------------------------------------------------------------------------------ evidence
@dataclass(frozen=True)
class _Bids:
    """The bids of one other seat: (round, code) with code 1/0 for take/pass in round 1,
    the named suit's index or -1 for a pass in round 2."""

    seat: int
    played: int
    taker: bool
    decisions: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class _Ace:
    """A plain ace the leader might have cashed: its bit and, for each opponent of the
    leader, the other cards of its suit it might hold, whether it was shown void in the
    suit and the trumps it might hold (cards played, voids, ceilings and cards known in
    another hand read), the leader's own cards not yet taken out."""

    bit: int
    suit_out: tuple[int, int]
    void: tuple[bool, bool]
    trumps: tuple[int, int]


@dataclass(frozen=True)
class _Lead:
    """One lead by another seat that was neither a plain ace nor the taker's trump: the
    plain aces it might have cashed, the cards it had played before (``spent``) and in
    all (``played``)."""

    seat: int
    played: int
    spent: int
    aces: tuple[_Ace, ...]


@dataclass(frozen=True)
class _KeptBack:
    """A pli where a seat, last to play, played none of the ``cards`` the club player
    would have played (a plain ace or 10 under its partner's winning card, a card winning
    the pli from the opponents): it then held none of them among the cards not yet played
    (``spent``: played before the pli; ``played``: in all)."""

    seat: int
    played: int
    spent: int
    cards: int


@dataclass(frozen=True)
class Evidence:
    """The decisions of the other seats that the model reads, from one observation only
    (the bids, R2.4-R2.5; the leads and the last cards of plis, R3): what
    :meth:`likelihoods` weighs worlds by.

    Build it with :meth:`from_observation`.
    """

    turned: int
    bids: tuple[_Bids, ...]
    leads: tuple[_Lead, ...]
    kept_back: tuple[_KeptBack, ...] = ()

    @classmethod
    def from_observation(cls, obs: Observation) -> Evidence:
        """The evidence ``obs`` shows about the other seats' hands.

        Raises:
            ValueError: the observation has no contract (play has not begun).
        """
        contract = obs.contract
        if contract is None:
            raise ValueError(f"no contract in {obs!r}: inference reads a deal in play")
        tricks = (*obs.tricks, *((obs.trick,) if obs.trick is not None else ()))
        played = dict.fromkeys(Seat, 0)
        for trick in tricks:
            for play in trick.plays:
                played[play.seat] |= 1 << card_index(play.card)
        per_seat: dict[Seat, list[tuple[int, int]]] = {}
        for i, (seat, bid) in enumerate(obs.bids):
            round = 1 if i < 4 else 2
            if bid.kind is BidKind.SUIT:
                assert bid.suit is not None
                code = suit_index(bid.suit)
            elif bid.kind is BidKind.TAKE:
                code = 1
            else:
                code = 0 if round == 1 else -1
            per_seat.setdefault(seat, []).append((round, code))
        bids = tuple(
            _Bids(seat_index(seat), played[seat], seat is contract.taker, tuple(d))
            for seat, d in per_seat.items() if seat is not obs.seat)
        return cls(card_index(obs.turned), bids, _leads(obs, tricks, played),
                   _kept_back(obs, tricks, played))

    def likelihoods(self, hands: Sequence[Sequence[int]], model: PlayerModel
                    ) -> list[float]:
        """P(the decisions seen | world) for each world, up to a common factor.

        Args:
            hands: one row per world: the bitmask of every seat's cards now, by seat
                index (``S E N W``), as :mod:`belote_teach.engine.bitmask`.
            model: the player model.

        Returns:
            One likelihood per world (floats in (0, 1]); the same floats with or
            without numpy.

        Raises:
            ValueError: ``hands`` is not a table of 4 masks per world, or a world gives
                a seat that bid a hand of other than 8 cards.
        """
        table = [list(row) for row in hands]
        if any(len(row) != 4 for row in table):
            raise ValueError(f"hands must hold 4 bitmasks per world, got rows of "
                             f"{sorted({len(row) for row in table})} masks")
        if not table:
            return []
        fast = _numpy_likelihoods()
        if fast is not None:
            return fast(self, table, model)
        weights = [1.0] * len(table)
        for bids in self.bids:
            memo: dict[int, float] = {}
            for i, row in enumerate(table):
                weights[i] *= self._bid_likelihood(row[bids.seat] | bids.played, bids, model,
                                                   memo)
        powers = [model.kept_ace ** k for k in range(4)]
        for lead in self.leads:
            for i, row in enumerate(table):
                weights[i] *= powers[_kept(row[lead.seat] | lead.played, lead)]
        for kept in self.kept_back:
            for i, row in enumerate(table):
                if (row[kept.seat] | kept.played) & ~kept.spent & kept.cards:
                    weights[i] *= model.kept_back
        return weights

    def _bid_likelihood(self, full: int, bids: _Bids, model: PlayerModel,
                        memo: dict[int, float]) -> float:
        """The mean over the choices of the 5 dealt cards of P(the seat's bids | them)
        (``memo``: those probabilities by dealt cards, for the seat's bids).

        Raises:
            ValueError: ``full`` is not 8 cards.
        """
        turned_bit = 1 << self.turned
        if bids.taker:
            full &= ~turned_bit
        size = 7 if bids.taker else 8
        cards = [1 << c for c in range(32) if full >> c & 1]
        if len(cards) != size:
            raise ValueError(f"a world gives seat {bids.seat} a hand of other than 8 cards")
        turned_suit = self.turned >> 3
        agree = 1 - model.tremble
        named_other = model.tremble / 3
        probabilities = []
        for a, b, c, d, e in _COMBOS[size]:
            dealt = cards[a] | cards[b] | cards[c] | cards[d] | cards[e]
            p = memo.get(dealt)
            if p is None:
                p = 1.0
                for round, code in bids.decisions:
                    if round == 1:
                        took = _takes(dealt | turned_bit, turned_suit)
                        p *= agree if took == bool(code) else model.tremble
                    else:
                        p *= agree if _names(dealt, turned_suit) == code else named_other
                memo[dealt] = p
            probabilities.append(p)
        return _pairwise_sum(probabilities) / len(probabilities)


_NUMPY: list[Callable[[Evidence, Sequence[Sequence[int]], PlayerModel], list[float]] | None] = []


def _numpy_likelihoods() -> Callable[[Evidence, Sequence[Sequence[int]], PlayerModel],
                                     list[float]] | None:
    """The numpy path of :meth:`Evidence.likelihoods` (same floats, many worlds at
    once), or ``None`` where numpy does not import (Pyodide); looked up once."""
    if not _NUMPY:
        try:
            from belote_teach.search._likelihoods_numpy import likelihoods
        except ImportError:
            _NUMPY.append(None)
        else:
            _NUMPY.append(likelihoods)
    return _NUMPY[0]


def _kept(full: int, lead: _Lead) -> int:
    """How many plain aces sure to hold the pli the leader kept (``full``: the leader's
    8 cards in a world). As the club player judges it from its own hand: an ace is not
    sure when an opponent may trump it, holding trumps the leader does not have and no
    card of the suit (shown void, or none of the suit left outside the leader's hand and
    the cards known elsewhere)."""
    held = full & ~lead.spent
    kept = 0
    for ace in lead.aces:
        if not held >> ace.bit & 1:
            continue
        ruffed = False
        for suit_out, void, trumps in zip(ace.suit_out, ace.void, ace.trumps, strict=True):
            if trumps & ~held and (void or not suit_out & ~held):
                ruffed = True
        kept += not ruffed
    return kept


def _public_known(obs: Observation, tricks: Sequence[Trick]) -> list[tuple[int, Seat, int]]:
    """The cards everyone knows to be in a hand, each as (first pli from whose lead it is
    known, seat, bitmask): the turned card with the taker (R2.7), from the first pli;
    the shown announcements (R4.4), from the third (shown once the second is begun); the
    other card of the belote pair (R5.1), from the pli after "belote"."""
    contract = obs.contract
    assert contract is not None
    known = [(0, contract.taker, 1 << card_index(obs.turned))]
    for declared in obs.shown_announcements:
        known.append((2, declared.seat, hand_mask(declared.announcement.cards)))
    pair = hand_mask(belote_cards(contract.trump))
    for call in obs.belote_calls:
        at = next(k for k, t in enumerate(tricks) if call.card in t.cards)
        known.append((at + 1, call.seat, pair & ~(1 << card_index(call.card))))
    return known


def _leads(obs: Observation, tricks: Sequence[Trick], played: dict[Seat, int]
           ) -> tuple[_Lead, ...]:
    """The leads of the other seats that show which plain aces they lacked (R3, R9 tip 3),
    each read with the voids and trump ceilings the plis before it showed."""
    contract = obs.contract
    assert contract is not None
    trump = contract.trump
    t = suit_index(trump)
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
    ceilings = dict.fromkeys(Seat, NO_CEILING)
    spent = dict.fromkeys(Seat, 0)
    gone = 0                                   # cards played before the lead
    out: list[_Lead] = []
    public = _public_known(obs, tricks)
    for k, trick in enumerate(tricks):
        if not trick.plays:
            continue
        leader, card = trick.plays[0]
        drawing = leader is contract.taker and card.suit is trump
        cashed = card.rank is Rank.ACE and card.suit is not trump
        if leader is not obs.seat and not drawing and not cashed:
            opponents = (leader.next, leader.partner.next)
            elsewhere = [gone, gone]         # per opponent: played, or known elsewhere
            for since, seat, cards in public:
                for i, o in enumerate(opponents):
                    if since <= k and seat is not o:
                        elsewhere[i] |= cards
            trumps = [0 if trump in voids[o] else
                      sum(1 << (8 * t + r) for r in range(8)
                          if STRENGTH[t][8 * t + r] < ceilings[o]) & ~away
                      for o, away in zip(opponents, elsewhere, strict=True)]
            aces = []
            for suit in Suit:
                if suit is trump or gone >> (bit := 8 * suit_index(suit) + _A) & 1:
                    continue
                left = [(0xFF << (bit & ~7)) & ~(1 << bit) & ~away for away in elsewhere]
                aces.append(_Ace(bit, (left[0], left[1]),
                                 (suit in voids[opponents[0]], suit in voids[opponents[1]]),
                                 (trumps[0], trumps[1])))
            if aces:
                out.append(_Lead(seat_index(leader), played[leader], spent[leader],
                                 tuple(aces)))
        for seat, c in trick.plays:
            spent[seat] |= 1 << card_index(c)
            gone |= 1 << card_index(c)
        read_trick(trick, obs, voids, ceilings)
    return tuple(out)


#: The plain aces and 10s of each trump suit index (the cards a charge gives, R9 tip 4).
_GIVEABLE = tuple(sum(1 << (8 * s + r) for s in range(4) if s != t
                      for r in (_A, _RANK_BIT[Rank.TEN])) for t in range(4))
#: A seat's cards when its last two plis begin: from then on R9 tip 5 may come first.
_LAST_TWO = 2


def _kept_back(obs: Observation, tricks: Sequence[Trick], played: dict[Seat, int]
               ) -> tuple[_KeptBack, ...]:
    """The plis of a plain lead where another seat, last to play with 3 cards or more,
    played none of the cards the club player would have (R3.1, R3.3, R9 tip 4): under
    its partner's winning card, neither a plain ace nor a 10; following an opponent's
    winning card of the led suit, a lower card."""
    trump = obs.trump
    assert trump is not None
    t = suit_index(trump)
    strength = STRENGTH[t]
    spent = dict.fromkeys(Seat, 0)
    out: list[_KeptBack] = []
    for k, trick in enumerate(tricks):
        plays = trick.plays
        if (len(plays) == 4 and plays[0].card.suit is not trump
                and 8 - k > _LAST_TWO and plays[3].seat is not obs.seat):
            seat, card = plays[3]
            led = suit_index(plays[0].card.suit)
            suit = 0xFF << 8 * led
            follows = card.suit is plays[0].card.suit
            first = [card_index(p.card) for p in plays[:3]]
            winner = trick_winner(first, t)
            master = first[winner]
            cards = 0
            if winner == 1:                                   # the partner's card
                if card.suit is trump or points(card, trump) < _CHARGE_POINTS:
                    cards = _GIVEABLE[t] & (suit if follows else -1)
            elif (follows and master >> 3 == led
                    and strength[card_index(card)] < strength[master]):
                cards = sum(1 << c for c in range(8 * led, 8 * led + 8)
                            if strength[c] > strength[master])
            if cards:
                out.append(_KeptBack(seat_index(seat), played[seat], spent[seat], cards))
        for seat, c in plays:
            spent[seat] |= 1 << card_index(c)
    return tuple(out)


# ------------------------------------------------------------------------------ weights
def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of ``weights``: (Σw)² / Σw², between 1 and their number
    (0.0 for none).

    Raises:
        ValueError: a weight is negative or not finite, or all are 0.
    """
    w = _checked(weights)
    if not w:
        return 0.0
    return _pairwise_sum(w) ** 2 / _pairwise_sum([x * x for x in w])


def resample(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn with probability proportional to ``weights`` by systematic
    resampling (one uniform draw from ``rng``, a :class:`random.Random`; every index
    appears ``count * w / Σw`` times, rounded up or down), in a random order (``rng``).

    Raises:
        ValueError: ``count`` is negative, ``weights`` is empty while ``count`` is not
            0, a weight is negative or not finite, or all are 0.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    w = _checked(weights)
    if count == 0:
        return []
    if not w:
        raise ValueError(f"no weights to draw {count} indices from")
    total = _pairwise_sum(w)
    edges = [x / total for x in itertools.accumulate(w)]
    start = rng.random()
    last = len(w) - 1
    chosen = [min(bisect_right(edges, (start + k) / count), last) for k in range(count)]
    rng.shuffle(chosen)
    return chosen


def _checked(weights: Sequence[float]) -> list[float]:
    """``weights`` as floats scaled to a largest weight of 1.

    Raises:
        ValueError: not a flat sequence of numbers, a weight negative or not finite, or
            all 0.
    """
    try:
        w = [float(x) for x in weights]
    except (TypeError, ValueError):
        raise ValueError(f"weights must be a flat sequence of numbers, got {weights!r}"
                         ) from None
    if not w:
        return w
    if not all(isfinite(x) and x >= 0 for x in w) or not any(x > 0 for x in w):
        raise ValueError("weights must be finite, 0 or more, and not all 0")
    top = max(w)
    return [x / top for x in w]                         # tiny weights keep their ratios
