"""Private compiled core of the double-dummy solver (:mod:`belote_teach.search.solver`).

**Private and unchecked**, like :mod:`belote_teach.engine.bitmask` whose representation it uses
(cards ``0..31`` as ``8 * suit + rank``, hands as bitmasks, seats ``0 = S, 1 = E,
2 = N, 3 = W``). The checked API is :func:`belote_teach.search.solver.solve`.

It imports numba and numpy, so it imports only where they exist: elsewhere (Pyodide)
:mod:`~belote_teach.search.solver` runs its pure-Python twin
:mod:`belote_teach.search._solver_py` (the same interface and values).

The search is compiled to machine code by numba (``@njit(cache=True, nogil=True)``: the
first call of a fresh install compiles it, some seconds, and keeps the result in
``__pycache__``; later processes load it in well under a second; the GIL is released
while it runs, so threads with their own :class:`Core` search at once). It is
alpha-beta on the card points of North-South, fail-soft, with

* a transposition table at trick boundaries (the four hands and the leader fix the value
  of the rest of the deal): a fixed array of :data:`TABLE_SIZE` slots (one cache line
  each) indexed by a hash, each keeping lower and upper bounds and the best lead, kept
  from one solve to the next: its key is complete (the four hands, the seat to lead, the
  trump and the options R3.2 and R3.6) and its bounds are North-South's points from that
  trick on, whatever was won before, so worlds of one position share their common deep
  sub-positions; bounded (a new entry replaces the slot's). Its key is that of an
  equivalent position: the small cards of no points still in play (7 8 9 of a plain
  suit, 7 8 of trumps) are moved down to the weakest ranks, their order and holders
  kept, so positions that differ only by which of them are gone share an entry;
* bounds: North-South win at most the points still in play less those East-West surely
  win, and at least those they surely win themselves: the trumps of one team stronger
  than every other trump in play win the trick they are played to (R1.5); checked at the
  start of each trick only (within a trick they almost never decide);
* move ordering: on a lead, the table's best lead, then master cards (most points
  first), then the others from the weakest; when following, feeding a master partner
  (most points first), else winning cheaply (the last seat wins with the most points)
  before the cheapest losing cards;
* the last trick (one card a hand, every play forced) evaluated directly, the last two
  tricks by a direct alpha-beta over their at most 16 ways (valued exactly once, then
  read from the table);
* equivalent-card pruning: cards of one hand and one suit with no card between them in
  that suit's order (R1.2, R1.3) still in play, and worth the same points, form a group;
  only its strongest card is searched (the groups from a lookup table);
* the legal cards of R3 with the options R3.2 and R3.6, as
  :func:`belote_teach.engine.bitmask.legal_mask`.

The search loop is one function on an explicit stack of frames, every helper that
reads an array written out in it or given scalars: numba would otherwise count the
references of the arrays at each inlined call, which costs more than the search.
Each root card is valued exactly by null-window searches, all sharing the table: a
probe at the previous card's value, then steps of 1, 2, 4, 8 points from the bound found
towards the value, then bisection (a proof that the value reaches a bound far below it
costs about as much as at the value, one far above is cheap).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from belote_teach.engine.bitmask import ABOVE, POINTS, STRENGTH, trick_winner
from belote_teach.engine.cards import (
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Rank,
)

__all__ = ["TABLE_SIZE", "Core", "group_leaders"]

#: Slots of the transposition table (a power of two; 8 int64 each, one 64-byte cache
#: line: 16 MiB).
TABLE_SIZE = 1 << 18
_MASK = TABLE_SIZE - 1

# rows of the table array ``tb`` (int64, shape (10, 256)) for one trump suit; the
# points of the cards of suit ``s`` in a byte of its ranks are ``tb[_BYTE_POINTS_0 + s]``
(_STRENGTH, _POINTS, _ABOVE, _HIGHER, _ORDER, _RANK_POINTS, _BYTE_POINTS_0, _BYTE_POINTS_1,
 _BYTE_POINTS_2, _BYTE_POINTS_3, _LOW_BIT) = range(11)
# fields of the context array ``ctx`` (int64)
_TRUMP, _FREE, _OVERTRUMP_PARTNER, _NODES, _GENERATION, _LIMIT = 0, 1, 2, 3, 4, 5
_DIX = DIX_DE_DER
_INF = 1000


def _tables(trump: int) -> np.ndarray:
    """The int64 array (11, 256) of everything the search reads for one trump suit."""
    ranks = list(Rank)
    tb = np.zeros((11, 256), dtype=np.int64)
    for bit in range(8):
        tb[_LOW_BIT, 1 << bit] = bit
    tb[_STRENGTH, :32] = STRENGTH[trump]
    tb[_POINTS, :32] = POINTS[trump]
    for suit in range(4):
        tb[_BYTE_POINTS_0 + suit] = [sum(POINTS[trump][8 * suit + r] for r in range(8)
                                         if byte >> r & 1) for byte in range(256)]
    for card in range(32):
        suit = card >> 3
        tb[_ABOVE, card] = ABOVE[card]
        tb[_HIGHER, card] = sum(1 << j for j in range(8 * suit, 8 * suit + 8)
                                if STRENGTH[trump][j] > STRENGTH[trump][card])
    tb[_ORDER, 0:8] = [ranks.index(r) for r in TRUMP_ORDER]       # strongest first
    tb[_ORDER, 8:16] = [ranks.index(r) for r in PLAIN_ORDER]
    tb[_RANK_POINTS, 0:8] = [TRUMP_POINTS[r] for r in ranks]        # by rank index
    tb[_RANK_POINTS, 8:16] = [PLAIN_POINTS[r] for r in ranks]
    return tb


def _leaders(order: list[int], rank_points: list[int], in_play: int, mine: int) -> int:
    """The strongest card of each group of interchangeable cards among ``mine`` (a byte
    of one suit's ranks, bit = rank index), the cards of that suit still in play being
    ``in_play`` (a byte containing ``mine``; ``order``: the ranks strongest first,
    ``rank_points``: points by rank index), as a byte."""
    leaders = 0
    previous = -1
    for rank in order:
        bit = 1 << rank
        if not in_play & bit:
            continue
        if mine & bit:
            if previous < 0 or rank_points[previous] != rank_points[rank]:
                leaders |= bit
            previous = rank
        else:
            previous = -1
    return leaders


_LEADER_TABLE: list[np.ndarray] = []


def _sure_trumps(order: list[int], rank_points: list[int], in_play: int, mine: int) -> int:
    """The points of the trumps of ``mine`` stronger than every trump in play that is not
    in ``mine`` (bytes of trump ranks as in :func:`_leaders`): each of them wins the trick
    it is played to (R1.5), so their holders surely win those points."""
    total = 0
    for rank in order:
        bit = 1 << rank
        if not in_play & bit:
            continue
        if not mine & bit:
            break
        total += rank_points[rank]
    return total


def _leader_table() -> np.ndarray:
    """The uint8 array (776, 256) of :func:`_leaders` for the trump suit (rows
    ``in_play``) and a plain suit (rows ``256 + in_play``), by ``mine``, then of
    :func:`_sure_trumps` (rows ``512 + in_play``), then (rows ``768 + in_play``, the
    three weakest ranks only) the ranks ``mine`` moved down to the weakest once the
    ranks out of play are skipped; built once."""
    if not _LEADER_TABLE:
        ranks = list(Rank)
        table = np.zeros((776, 256), dtype=np.uint8)
        for gaps in range(8):                    # the small cards in play, packed down
            ranks_in = [r for r in range(3) if gaps >> r & 1]
            for mine in range(8):
                table[768 + gaps, mine] = sum(1 << i for i, r in enumerate(ranks_in)
                                              if mine >> r & 1)
        for row, order, values in ((0, TRUMP_ORDER, TRUMP_POINTS),
                                   (256, PLAIN_ORDER, PLAIN_POINTS)):
            ranked = [ranks.index(r) for r in order]
            by_rank = [values[r] for r in ranks]
            for in_play in range(256):
                mine = in_play
                while True:                                    # every subset of in_play
                    table[row + in_play, mine] = _leaders(ranked, by_rank, in_play, mine)
                    if row == 0:
                        table[512 + in_play, mine] = _sure_trumps(ranked, by_rank, in_play,
                                                                  mine)
                    if mine == 0:
                        break
                    mine = (mine - 1) & in_play
        _LEADER_TABLE.append(table)
    return _LEADER_TABLE[0]


@njit(cache=True, nogil=True)
def _group_of(card, legal, in_play, trump, tb):  # pragma: no cover - compiled
    """The group of interchangeable legal cards led by ``card`` (its strongest), as a
    bitmask: the legal cards of its suit below it, down to the first card in play that
    is not legal or is worth other points."""
    suit = card >> 3
    shift = 8 * suit
    mine = (legal >> shift) & 0xFF
    play = (in_play >> shift) & 0xFF
    base = 0 if suit == trump else 8
    group = 0
    previous = -1
    for i in range(8):
        rank = tb[_ORDER, base + i]
        bit = 1 << rank
        if play & bit == 0:
            continue
        if previous < 0:
            if rank == card - shift:
                group = bit
                previous = rank
            continue
        if mine & bit and tb[_RANK_POINTS, base + previous] == tb[_RANK_POINTS, base + rank]:
            group |= bit
            previous = rank
        else:
            break
    return group << shift


@njit(cache=True, nogil=True, inline="always")
def _legal(hand, seat, n, led, best, best_seat, trump, free, partner,
           above):  # pragma: no cover - compiled
    """The legal cards of ``hand`` of ``seat`` (R3.0-R3.7), as
    :func:`~belote_teach.engine.bitmask.legal_mask` (``free``, ``partner``: the options
    R3.6 and R3.2; ``above``: the cards stronger than ``best``)."""
    if n == 0:
        return hand                                                      # R3.0
    trumps = hand & (0xFF << (8 * trump))
    if led == trump:
        if trumps == 0:
            return hand                                                  # R3.7
        if partner == 0 and best_seat == seat ^ 2:
            return trumps                                                # R3.2 option
        up = trumps & above
        return up if up else trumps                                      # R3.2
    follow = hand & (0xFF << (8 * led))
    if follow:
        return follow                                                    # R3.1
    if best_seat == seat ^ 2:
        return hand                                                      # R3.3
    if trumps == 0:
        return hand                                                      # R3.7
    if best >> 3 != trump:
        return trumps                                                    # R3.4
    up = trumps & above
    if up:
        return up                                                        # R3.5
    return hand if free else trumps                                # R3.6


@njit(cache=True, nogil=True)
def _moves(hands, seat, n, led, best, best_seat, tmask, hint, ctx, tb, lt, mv,
           d):  # pragma: no cover - compiled
    """Fill ``mv[d, :8]`` with the strongest card of each group of interchangeable legal
    cards (``lt``: :func:`_leader_table`), in search order (``mv[d, 8:]``: their sort
    keys); return their number."""
    legal = _legal(hands[seat], seat, n, led, best, best_seat, ctx[_TRUMP], ctx[_FREE],
                   ctx[_OVERTRUMP_PARTNER], tb[_ABOVE, best])
    if legal & (legal - 1) == 0:                                         # forced
        mv[d, 0] = _high_bit(legal)
        return 1
    in_play = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    trump = ctx[_TRUMP]
    count = 0
    for suit in range(4):
        shift = 8 * suit
        mine = (legal >> shift) & 0xFF
        if mine == 0:
            continue
        leaders = lt[(0 if suit == trump else 256) + ((in_play >> shift) & 0xFF), mine]
        while leaders:
            low = leaders & -leaders
            mv[d, count] = shift + tb[_LOW_BIT, low]
            count += 1
            leaders ^= low
    if count < 2:
        return count
    if n == 0:
        others = in_play & ~hands[seat]
        for i in range(count):
            card = mv[d, i]
            if (1 << card) & hint:
                mv[d, 8 + i] = -1000
            elif tb[_HIGHER, card] & others == 0:                        # master: cash it
                mv[d, 8 + i] = -100 - tb[_POINTS, card]
            else:
                mv[d, 8 + i] = tb[_STRENGTH, card]
    elif best_seat & 1 == seat & 1:                                      # feed the partner
        for i in range(count):
            mv[d, 8 + i] = -tb[_POINTS, mv[d, i]]
    else:
        for i in range(count):
            card = mv[d, i]
            if card >> 3 == best >> 3:
                beats = tb[_STRENGTH, card] > tb[_STRENGTH, best]
            else:
                beats = card >> 3 == trump
            if n == 3:
                mv[d, 8 + i] = -tb[_POINTS, card] if beats else 100 + tb[_POINTS, card]
            else:
                mv[d, 8 + i] = tb[_STRENGTH, card] if beats else 100 + tb[_POINTS, card]
    for i in range(1, count):                                            # stable sort
        k, c = mv[d, 8 + i], mv[d, i]
        j = i - 1
        while j >= 0 and mv[d, 8 + j] > k:
            mv[d, 8 + j + 1], mv[d, j + 1] = mv[d, 8 + j], mv[d, j]
            j -= 1
        mv[d, 8 + j + 1], mv[d, j + 1] = k, c
    return count


@njit(cache=True, nogil=True, inline="always")
def _after(card, seat, n, led, best, best_seat, trump, card_strength,
           best_strength):  # pragma: no cover - compiled
    """``(winning card, its seat, led suit)`` of the current trick once ``seat`` has
    played ``card`` (of strength ``card_strength``) as its ``n``-th card (R1.5)."""
    if n == 0:
        return card, seat, card >> 3
    if card >> 3 == best >> 3:
        if card_strength > best_strength:
            return card, seat, led
    elif card >> 3 == trump:
        return card, seat, led
    return best, best_seat, led


@njit(cache=True, nogil=True)
def _last_trick(hands, seat, tb, trump):  # pragma: no cover - compiled
    """North-South's points of the last trick, every play forced, ``seat`` leading."""
    best = _high_bit(hands[seat])
    best_seat = seat
    total = tb[_POINTS, best]
    for k in range(1, 4):
        other = (seat + k) & 3
        card = _high_bit(hands[other])
        total += tb[_POINTS, card]
        if card >> 3 == best >> 3:                                       # R1.5
            if tb[_STRENGTH, card] > tb[_STRENGTH, best]:
                best, best_seat = card, other
        elif card >> 3 == trump:
            best, best_seat = card, other
    return total + _DIX if best_seat & 1 == 0 else 0


@njit(cache=True, nogil=True)
def _two_tricks(hands, seat, alpha, beta, trump, free, partner, tb):  # pragma: no cover - compiled
    """North-South's points of the last two tricks (two cards a hand), ``seat`` leading:
    fail-soft alpha-beta within ``(alpha, beta)`` over the at most 16 ways to play the
    first of them, the last trick forced."""
    s1 = (seat + 1) & 3
    s2 = (seat + 2) & 3
    s3 = (seat + 3) & 3
    up = seat & 1 == 0                         # North-South to play at levels 0 and 2
    a0, b0 = alpha, beta
    v0 = -_INF if up else _INF
    legal0 = hands[seat]
    while legal0 and a0 < b0:
        c0 = _high_bit(legal0)
        legal0 ^= 1 << c0
        hands[seat] ^= 1 << c0
        led = c0 >> 3
        a1, b1 = a0, b0
        v1 = _INF if up else -_INF
        legal1 = _legal(hands[s1], s1, 1, led, c0, seat, trump, free, partner,
                                tb[_ABOVE, c0])
        while legal1 and a1 < b1:
            c1 = _high_bit(legal1)
            legal1 ^= 1 << c1
            hands[s1] ^= 1 << c1
            w1, ws1, _ = _after(c1, s1, 1, led, c0, seat, trump, tb[_STRENGTH, c1],
                                tb[_STRENGTH, c0])
            a2, b2 = a1, b1
            v2 = -_INF if up else _INF
            legal2 = _legal(hands[s2], s2, 2, led, w1, ws1, trump, free, partner,
                                tb[_ABOVE, w1])
            while legal2 and a2 < b2:
                c2 = _high_bit(legal2)
                legal2 ^= 1 << c2
                hands[s2] ^= 1 << c2
                w2, ws2, _ = _after(c2, s2, 2, led, w1, ws1, trump, tb[_STRENGTH, c2],
                                    tb[_STRENGTH, w1])
                a3, b3 = a2, b2
                v3 = _INF if up else -_INF
                legal3 = _legal(hands[s3], s3, 3, led, w2, ws2, trump, free, partner,
                                tb[_ABOVE, w2])
                while legal3 and a3 < b3:
                    c3 = _high_bit(legal3)
                    legal3 ^= 1 << c3
                    hands[s3] ^= 1 << c3
                    _, ws3, _ = _after(c3, s3, 3, led, w2, ws2, trump, tb[_STRENGTH, c3],
                                       tb[_STRENGTH, w2])
                    # the last trick, every play forced, ``ws3`` leading (R1.5)
                    lead = _high_bit(hands[ws3])
                    win = lead
                    win_seat = ws3
                    v = tb[_POINTS, lead] + _DIX
                    for k in range(1, 4):
                        other = (ws3 + k) & 3
                        card = _high_bit(hands[other])
                        v += tb[_POINTS, card]
                        if card >> 3 == win >> 3:
                            if tb[_STRENGTH, card] > tb[_STRENGTH, win]:
                                win, win_seat = card, other
                        elif card >> 3 == trump:
                            win, win_seat = card, other
                    if win_seat & 1:
                        v = 0
                    if ws3 & 1 == 0:
                        v += (tb[_POINTS, c0] + tb[_POINTS, c1] + tb[_POINTS, c2]
                              + tb[_POINTS, c3])
                    hands[s3] ^= 1 << c3
                    if up:                                   # level 3: East-West
                        v3 = min(v3, v)
                        b3 = min(b3, v3)
                    else:
                        v3 = max(v3, v)
                        a3 = max(a3, v3)
                hands[s2] ^= 1 << c2
                if up:
                    v2 = max(v2, v3)
                    a2 = max(a2, v2)
                else:
                    v2 = min(v2, v3)
                    b2 = min(b2, v2)
            hands[s1] ^= 1 << c1
            if up:
                v1 = min(v1, v2)
                b1 = min(b1, v1)
            else:
                v1 = max(v1, v2)
                a1 = max(a1, v1)
        hands[seat] ^= 1 << c0
        if up:
            v0 = max(v0, v1)
            a0 = max(a0, v0)
        else:
            v0 = min(v0, v1)
            b0 = min(b0, v0)
    return v0


@njit(cache=True, nogil=True, inline="always")
def _high_bit(x):  # pragma: no cover - compiled
    """The index of the highest set bit of ``x`` (a non-empty hand)."""
    i = 31
    while not (x >> i) & 1:
        i -= 1
    return i


@njit(cache=True, nogil=True)
def _in_play_points(mask, tb):  # pragma: no cover - compiled
    """Card points of the cards of ``mask``."""
    return (tb[_BYTE_POINTS_0, mask & 0xFF] + tb[_BYTE_POINTS_1, (mask >> 8) & 0xFF]
            + tb[_BYTE_POINTS_2, (mask >> 16) & 0xFF] + tb[_BYTE_POINTS_3, mask >> 24])


# fields of a frame of the explicit search stack (numba caches no recursive function)
(_F_SEAT, _F_N, _F_LED, _F_BEST, _F_BEST_SEAT, _F_PTS, _F_TMASK, _F_ALPHA, _F_BETA, _F_A0,
 _F_B0, _F_VALUE, _F_MOVE, _F_I, _F_COUNT, _F_SLOT, _F_KEY_A, _F_KEY_B,
 _F_GAIN, _F_REM) = range(20)
_FRAME = 20
_DEPTH = 40


@njit(cache=True, nogil=True)
def _search(hands, seat, n, led, best, best_seat, pts, tmask, rem, alpha, beta, depth,
            ctx, tb, lt, tt, mv, st):  # pragma: no cover - compiled
    """North-South's card points from the current trick on (``n`` cards played to it,
    worth ``pts``, led in suit ``led`` and won so far by ``best`` of ``best_seat``),
    ``seat`` to play; fail-soft alpha-beta within ``(alpha, beta)``, depth first on the
    explicit stack ``st`` of frames (from ``depth`` on; one function, every helper that
    reads an array written out in it, which keeps numba from counting references in the
    loop)."""
    trump = ctx[_TRUMP]
    free = ctx[_FREE]
    partner = ctx[_OVERTRUMP_PARTNER]
    shift = 8 * trump
    generation = ctx[_GENERATION]
    limit = ctx[_LIMIT]
    rules_tag = (trump << 2) | (free << 4) | (partner << 5)
    base = depth
    st[depth, _F_SEAT] = seat
    st[depth, _F_N] = n
    st[depth, _F_LED] = led
    st[depth, _F_BEST] = best
    st[depth, _F_BEST_SEAT] = best_seat
    st[depth, _F_PTS] = pts
    st[depth, _F_TMASK] = tmask
    st[depth, _F_REM] = rem
    st[depth, _F_ALPHA] = alpha
    st[depth, _F_BETA] = beta
    entering = True
    searching = 0
    while True:
        if entering:
            # start the frame at ``depth``: its value at once (an empty, last or
            # second-to-last trick, a bound, the table), or its moves to search
            entering = False
            searching = 0
            seat = st[depth, _F_SEAT]
            n = st[depth, _F_N]
            alpha = st[depth, _F_ALPHA]
            beta = st[depth, _F_BETA]
            st[depth, _F_SLOT] = -1
            hint = 0
            decided = False
            two = False
            if n == 0:
                mine = hands[seat]
                rest = mine & (mine - 1)
                if mine == 0:
                    st[depth, _F_VALUE] = 0
                    decided = True
                elif rest == 0:
                    st[depth, _F_VALUE] = _last_trick(hands, seat, tb, trump)
                    decided = True
                elif rest & (rest - 1) == 0:
                    two = True
            if not decided and n == 0:
                # the team holding the highest trumps in play surely wins their points
                # (at a trick's start: within one this almost never decides)
                play = ((hands[0] | hands[1] | hands[2] | hands[3] | st[depth, _F_TMASK])
                        >> shift) & 0xFF
                high = (st[depth, _F_REM] + _DIX + st[depth, _F_PTS]
                        - lt[512 + play, ((hands[1] | hands[3]) >> shift) & 0xFF])
                low = lt[512 + play, ((hands[0] | hands[2]) >> shift) & 0xFF]
                if high <= alpha:
                    st[depth, _F_VALUE] = high
                    decided = True
                elif low >= beta:
                    st[depth, _F_VALUE] = low
                    decided = True
            if not decided and n == 0:   # within a trick the table costs more than it saves
                # the key: the hands with the small cards of no points (7 8 9 of a
                # plain suit, 7 8 of trumps) still in play moved down to the weakest
                # ranks, order and holders kept (an equivalent position, R1.2, R1.3)
                h0 = hands[0]
                h1 = hands[1]
                h2 = hands[2]
                h3 = hands[3]
                held = h0 | h1 | h2 | h3
                for suit in range(4):
                    at = 8 * suit
                    small = 3 if suit == trump else 7
                    gaps = (held >> at) & small
                    if gaps & (gaps + 1):
                        row = 768 + gaps
                        clear = ~(small << at)
                        h0 = (h0 & clear) | (np.int64(lt[row, (h0 >> at) & small]) << at)
                        h1 = (h1 & clear) | (np.int64(lt[row, (h1 >> at) & small]) << at)
                        h2 = (h2 & clear) | (np.int64(lt[row, (h2 >> at) & small]) << at)
                        h3 = (h3 & clear) | (np.int64(lt[row, (h3 >> at) & small]) << at)
                key_a = h0 | (h1 << 32)
                key_b = h2 | (h3 << 32)
                mixed = ((key_a * 0x2545F4914F6CDD1D) ^ (key_b * 0x1B873593)
                         ^ ((seat | rules_tag) * 0x5BD1E995))
                mixed ^= mixed >> 31
                mixed *= 0x7FB5D329728EA185
                slot = (mixed >> 29) & _MASK
                st[depth, _F_SLOT] = slot
                st[depth, _F_KEY_A] = key_a
                st[depth, _F_KEY_B] = key_b
                if (tt[slot, 6] == generation and tt[slot, 0] == key_a
                        and tt[slot, 1] == key_b and tt[slot, 2] == seat | rules_tag):
                    low = tt[slot, 3]
                    high = tt[slot, 4]
                    hint = tt[slot, 5]
                    if low >= beta or low == high:
                        st[depth, _F_VALUE] = low
                        decided = True
                    elif high <= alpha:
                        st[depth, _F_VALUE] = high
                        decided = True
                    else:
                        if low > alpha:
                            alpha = low
                        if high < beta:
                            beta = high
            if not decided and two:
                # the last two tricks directly, the value then kept in the table
                st[depth, _F_VALUE] = _two_tricks(hands, seat, -_INF, _INF, trump, free,
                                                  partner, tb)
                st[depth, _F_A0] = -_INF
                st[depth, _F_B0] = _INF
                st[depth, _F_MOVE] = 0
                st[depth, _F_I] = 0
                st[depth, _F_COUNT] = 0
                searching = -1
                decided = True
            if not decided:
                ctx[_NODES] += 1
                if limit > 0 and ctx[_NODES] > limit:
                    return 0          # over the node limit: the callers give up (_exact)
                st[depth, _F_ALPHA] = alpha
                st[depth, _F_BETA] = beta
                st[depth, _F_A0] = alpha
                st[depth, _F_B0] = beta
                st[depth, _F_VALUE] = -_INF if seat & 1 == 0 else _INF
                st[depth, _F_MOVE] = 0
                st[depth, _F_I] = 0
                # the moves: the strongest card of each group of interchangeable legal
                # cards, in search order (as _moves)
                fled = st[depth, _F_LED]
                fbest = st[depth, _F_BEST]
                fseat = st[depth, _F_BEST_SEAT]
                legal = _legal(hands[seat], seat, n, fled, fbest, fseat, trump, free,
                               partner, tb[_ABOVE, fbest])
                if legal & (legal - 1) == 0:                             # forced
                    mv[depth, 0] = _high_bit(legal)
                    count = 1
                else:
                    in_play = hands[0] | hands[1] | hands[2] | hands[3] | st[depth, _F_TMASK]
                    count = 0
                    for suit in range(4):
                        at = 8 * suit
                        mine = (legal >> at) & 0xFF
                        if mine == 0:
                            continue
                        leaders = lt[(0 if suit == trump else 256) + ((in_play >> at) & 0xFF),
                                     mine]
                        while leaders:
                            bit = leaders & -leaders
                            mv[depth, count] = at + tb[_LOW_BIT, bit]
                            count += 1
                            leaders ^= bit
                    if count > 1:
                        if n == 0:
                            others = in_play & ~hands[seat]
                            for i in range(count):
                                card = mv[depth, i]
                                if (1 << card) & hint:
                                    mv[depth, 8 + i] = -1000
                                elif tb[_HIGHER, card] & others == 0:    # master: cash it
                                    mv[depth, 8 + i] = -100 - tb[_POINTS, card]
                                else:
                                    mv[depth, 8 + i] = tb[_STRENGTH, card]
                        elif fseat & 1 == seat & 1:                      # feed the partner
                            for i in range(count):
                                mv[depth, 8 + i] = -tb[_POINTS, mv[depth, i]]
                        else:
                            for i in range(count):
                                card = mv[depth, i]
                                if card >> 3 == fbest >> 3:
                                    beats = tb[_STRENGTH, card] > tb[_STRENGTH, fbest]
                                else:
                                    beats = card >> 3 == trump
                                if beats:
                                    mv[depth, 8 + i] = (-tb[_POINTS, card] if n == 3
                                                        else tb[_STRENGTH, card])
                                else:
                                    mv[depth, 8 + i] = 100 + tb[_POINTS, card]
                        for i in range(1, count):                        # stable sort
                            k = mv[depth, 8 + i]
                            c = mv[depth, i]
                            j = i - 1
                            while j >= 0 and mv[depth, 8 + j] > k:
                                mv[depth, 9 + j] = mv[depth, 8 + j]
                                mv[depth, j + 1] = mv[depth, j]
                                j -= 1
                            mv[depth, 9 + j] = k
                            mv[depth, j + 1] = c
                st[depth, _F_COUNT] = count
                searching = -1
        if searching:
            i = st[depth, _F_I]
            if i < st[depth, _F_COUNT] and st[depth, _F_ALPHA] < st[depth, _F_BETA]:
                # play the next card of this frame and enter the position after it
                seat = st[depth, _F_SEAT]
                n = st[depth, _F_N]
                card = mv[depth, i]
                hands[seat] ^= 1 << card
                # the trick's winner so far (R1.5)
                nled = st[depth, _F_LED]
                nbest = st[depth, _F_BEST]
                nseat = st[depth, _F_BEST_SEAT]
                if n == 0:
                    nbest, nseat, nled = card, seat, card >> 3
                elif card >> 3 == nbest >> 3:
                    if tb[_STRENGTH, card] > tb[_STRENGTH, nbest]:
                        nbest, nseat = card, seat
                elif card >> 3 == trump:
                    nbest, nseat = card, seat
                total = st[depth, _F_PTS] + tb[_POINTS, card]
                st[depth + 1, _F_REM] = st[depth, _F_REM] - tb[_POINTS, card]
                depth += 1
                entering = True
                if n == 3:
                    gain = total if nseat & 1 == 0 else 0
                    if hands[nseat] == 0:                                # the last trick
                        st[depth - 1, _F_GAIN] = 0
                        st[depth, _F_VALUE] = gain + (_DIX if nseat & 1 == 0 else 0)  # R1.4
                        entering = False
                        searching = 0
                        continue
                    st[depth - 1, _F_GAIN] = gain
                    st[depth, _F_SEAT] = nseat
                    st[depth, _F_N] = 0
                    st[depth, _F_LED] = 0
                    st[depth, _F_BEST] = 0
                    st[depth, _F_BEST_SEAT] = 0
                    st[depth, _F_PTS] = 0
                    st[depth, _F_TMASK] = 0
                    st[depth, _F_ALPHA] = st[depth - 1, _F_ALPHA] - gain
                    st[depth, _F_BETA] = st[depth - 1, _F_BETA] - gain
                else:
                    st[depth - 1, _F_GAIN] = 0
                    st[depth, _F_SEAT] = (seat + 1) & 3
                    st[depth, _F_N] = n + 1
                    st[depth, _F_LED] = nled
                    st[depth, _F_BEST] = nbest
                    st[depth, _F_BEST_SEAT] = nseat
                    st[depth, _F_PTS] = total
                    st[depth, _F_TMASK] = st[depth - 1, _F_TMASK] | (1 << card)
                    st[depth, _F_ALPHA] = st[depth - 1, _F_ALPHA]
                    st[depth, _F_BETA] = st[depth - 1, _F_BETA]
                continue
            slot = st[depth, _F_SLOT]
            if slot >= 0:
                # record the value in the table (a bound or exact)
                key_a = st[depth, _F_KEY_A]
                key_b = st[depth, _F_KEY_B]
                value = st[depth, _F_VALUE]
                low = -_INF
                high = _INF
                tag = st[depth, _F_SEAT] | rules_tag
                if (tt[slot, 6] == generation and tt[slot, 0] == key_a
                        and tt[slot, 1] == key_b and tt[slot, 2] == tag):
                    low = tt[slot, 3]
                    high = tt[slot, 4]
                if value <= st[depth, _F_A0]:
                    if value < high:
                        high = value
                elif value >= st[depth, _F_B0]:
                    if value > low:
                        low = value
                else:
                    low = value
                    high = value
                tt[slot, 0] = key_a
                tt[slot, 1] = key_b
                tt[slot, 2] = tag
                tt[slot, 3] = low
                tt[slot, 4] = high
                tt[slot, 5] = st[depth, _F_MOVE]
                tt[slot, 6] = generation
        # the frame at ``depth`` has its value: return it to its parent
        if depth == base:
            return st[depth, _F_VALUE]
        v = st[depth, _F_VALUE]
        depth -= 1
        v += st[depth, _F_GAIN]
        i = st[depth, _F_I]
        card = mv[depth, i]
        hands[st[depth, _F_SEAT]] ^= 1 << card
        if st[depth, _F_SEAT] & 1 == 0:
            if v > st[depth, _F_VALUE]:
                st[depth, _F_VALUE] = v
                st[depth, _F_MOVE] = 1 << card
                if v > st[depth, _F_ALPHA]:
                    st[depth, _F_ALPHA] = v
        else:
            if v < st[depth, _F_VALUE]:
                st[depth, _F_VALUE] = v
                st[depth, _F_MOVE] = 1 << card
                if v < st[depth, _F_BETA]:
                    st[depth, _F_BETA] = v
        st[depth, _F_I] = i + 1
        searching = -1


@njit(cache=True, nogil=True)
def _exact(hands, seat, n, led, best, best_seat, pts, tmask, rem, upper, guess, depth,
           ctx, tb, lt, tt, mv, st):  # pragma: no cover - compiled
    """The exact value of a position by null-window searches in ``0..upper``: with a
    ``guess`` inside, a probe at it, then steps of 1, 2, 4 and 8 from the bound found
    towards the value, then bisection; without one, bisection. -1 once the solve has
    searched more than its node limit (``ctx[_LIMIT]``, 0 for none)."""
    low = 0
    high = upper
    step = 1
    first = 0 < guess < upper
    rising = True
    while low < high:
        if first:
            beta = guess
            first = False
        elif step > 8 or not 0 < guess < upper:
            beta = (low + high + 1) // 2
        else:
            beta = min(high, low + step) if rising else max(low + 1, high + 1 - step)
            step *= 2
        v = _search(hands, seat, n, led, best, best_seat, pts, tmask, rem, beta - 1, beta,
                    depth, ctx, tb, lt, tt, mv, st)
        if ctx[_LIMIT] > 0 and ctx[_NODES] > ctx[_LIMIT]:
            return -1                                   # over the node limit: no value
        if v < beta:
            high = v
            rising = False
        else:
            low = v
            rising = True
    return low


@njit(cache=True, nogil=True)
def _solve_root(hands, seat, n, led, best, best_seat, pts, tmask, upper, wanted, ctx, tb, lt,
                tt, mv, st, out_groups, out_values):  # pragma: no cover - compiled
    """Value exactly every group of legal cards of ``seat`` with a card in the bitmask
    ``wanted`` (North-South's points); write the groups and values to
    ``out_groups``/``out_values``, return their number (-1 when the node limit
    ``ctx[_LIMIT]`` was passed first)."""
    trump = ctx[_TRUMP]
    count = _moves(hands, seat, n, led, best, best_seat, tmask, 0, ctx, tb, lt, mv, 0)
    legal = _legal(hands[seat], seat, n, led, best, best_seat, trump, ctx[_FREE],
                   ctx[_OVERTRUMP_PARTNER], tb[_ABOVE, best])
    in_play = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    guess = -1
    rem0 = _in_play_points(hands[0] | hands[1] | hands[2] | hands[3], tb)
    valued = 0
    for i in range(count):
        card = mv[0, i]
        group = _group_of(card, legal, in_play, trump, tb)
        if group & wanted == 0:
            continue
        ctx[_NODES] += 1
        bit = 1 << card
        hands[seat] ^= bit
        nbest, nseat, nled = _after(card, seat, n, led, best, best_seat, trump,
                                    tb[_STRENGTH, card], tb[_STRENGTH, best])
        total = pts + tb[_POINTS, card]
        rem = rem0 - tb[_POINTS, card]
        if n == 3:
            gain = total if nseat & 1 == 0 else 0
            if hands[nseat] == 0:
                v = gain + (_DIX if nseat & 1 == 0 else 0)
            else:
                v = _exact(hands, nseat, 0, 0, 0, 0, 0, 0, rem, upper - total,
                           guess - gain, 1, ctx, tb, lt, tt, mv, st)
                if v < 0:
                    return -1                           # over the node limit
                v += gain
        else:
            v = _exact(hands, (seat + 1) & 3, n + 1, nled, nbest, nseat, total,
                       tmask | bit, rem, upper, guess, 1, ctx, tb, lt, tt, mv, st)
            if v < 0:
                return -1                               # over the node limit
        guess = v
        hands[seat] ^= bit
        out_groups[valued] = group
        out_values[valued] = v
        valued += 1
    return valued


def _aligned_table() -> np.ndarray:
    """A zeroed int64 array (:data:`TABLE_SIZE`, 8) whose rows start on 64-byte cache
    lines (one memory fetch a probe)."""
    raw = np.zeros(TABLE_SIZE * 8 + 8, dtype=np.int64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + TABLE_SIZE * 8].reshape(TABLE_SIZE, 8)


class Core:
    """The search's memory, reused from one solve to the next: the transposition table
    (:data:`TABLE_SIZE` slots, allocated on first use, its entries kept for the next
    solves), the move buffers and the tables of each trump suit. One per thread
    (``solver._core``): not to be shared by threads.

    Attributes:
        keep: keep the table's entries for the next solve (default); ``False`` starts
            every solve on an empty table (a new generation), for benchmarks. The values
            are the same either way.
    """

    def __init__(self) -> None:
        self.tt = _aligned_table()
        self.moves = np.zeros((_DEPTH, 16), dtype=np.int64)
        self.stack = np.zeros((_DEPTH, _FRAME), dtype=np.int64)
        self.tables = [_tables(t) for t in range(4)]
        self.leaders = _leader_table()
        self.ctx = np.zeros(6, dtype=np.int64)
        self.ctx[_GENERATION] = 1
        self.keep = True
        self.out_groups = np.zeros(8, dtype=np.int64)
        self.out_values = np.zeros(8, dtype=np.int64)
        self.held = np.zeros(4, dtype=np.int64)

    def _start(self, trump: int, undertrump_free: bool, overtrump_partner: bool,
               node_limit: int) -> tuple[np.ndarray, np.ndarray]:
        """Set the context of a new search (trump, options, node count and limit; a new
        table generation when the table is not kept or the search is limited); return
        the trump's tables and the context."""
        ctx = self.ctx
        ctx[_TRUMP] = trump
        ctx[_FREE] = int(undertrump_free)
        ctx[_OVERTRUMP_PARTNER] = int(overtrump_partner)
        ctx[_NODES] = 0
        ctx[_LIMIT] = node_limit
        if not self.keep or node_limit:
            ctx[_GENERATION] += 1
        return self.tables[trump], ctx

    def solve(self, hands: list[int], trump: int, trick: list[int], leader: int,
              undertrump_free: bool, overtrump_partner: bool, node_limit: int = 0,
              wanted: int = -1) -> tuple[list[tuple[int, int]], int, int] | None:
        """Value every legal card of the seat to play (those of ``wanted``, a bitmask
        of card indices: a card equivalent to one of them comes with it).

        Args:
            hands: the four hand bitmasks by seat index (``0 = S, 1 = E, 2 = N, 3 = W``).
            trump: the trump suit index.
            trick: the card indices of the current trick, leader first (0 to 3).
            leader: the seat index that led ``trick``.
            undertrump_free, overtrump_partner: the options R3.6 and R3.2.
            node_limit: positions to search at most (0: no limit); a solve with a limit
                starts on an empty table (a new generation), so whether it stays within
                the limit depends on the position alone, never on earlier solves.

        Returns:
            ``(groups, upper, nodes)``: ``groups`` lists ``(bitmask of equivalent legal
            cards, North-South's card points from here)`` in search order; ``upper`` the
            card points still to be won (the trick, the hands, the dix de der); ``nodes``
            the positions searched. ``None`` when the node limit was passed first.
        """
        tb, ctx = self._start(trump, undertrump_free, overtrump_partner, node_limit)
        n = len(trick)
        seat = (leader + n) & 3
        points = POINTS[trump]
        pts = sum(points[c] for c in trick)
        best, best_seat, led, tmask = 0, 0, 0, 0
        if trick:
            led = trick[0] >> 3
            position = trick_winner(trick, trump)                        # R1.5
            best, best_seat = trick[position], (leader + position) & 3
            for card in trick:
                tmask |= 1 << card
        held = self.held
        held[:] = hands
        all_cards = hands[0] | hands[1] | hands[2] | hands[3]
        upper = pts + _DIX
        while all_cards:
            low = all_cards & -all_cards
            upper += points[low.bit_length() - 1]
            all_cards ^= low
        count = _solve_root(held, seat, n, led, best, best_seat, pts, tmask, upper, wanted,
                            ctx, tb, self.leaders, self.tt, self.moves, self.stack, self.out_groups,
                            self.out_values)
        if count < 0:
            return None
        groups = [(int(self.out_groups[i]), int(self.out_values[i])) for i in range(count)]
        return groups, upper, int(ctx[_NODES])

    def reaches(self, hands: list[int], trump: int, leader: int, target: int,
                undertrump_free: bool, overtrump_partner: bool, node_limit: int = 0
                ) -> tuple[bool, int] | None:
        """Whether North-South win at least ``target`` card points from the start of a
        trick (``leader`` to lead, nothing played to it), dix de der included: one
        null-window search, much cheaper than valuing every card.

        Args:
            hands: the four hand bitmasks by seat index, the hand of ``leader`` not empty.
            trump, leader: the trump suit index and the seat index to lead.
            target: card points (any int: below 1 is always reached).
            undertrump_free, overtrump_partner, node_limit: as :meth:`solve`.

        Returns:
            ``(reached, nodes)``, or ``None`` when the node limit was passed first.
        """
        tb, ctx = self._start(trump, undertrump_free, overtrump_partner, node_limit)
        held = self.held
        held[:] = hands
        rem = _in_play_points(hands[0] | hands[1] | hands[2] | hands[3], tb)
        if target <= 0:
            return True, 0
        if target > rem + _DIX:
            return False, 0
        v = _search(held, leader, 0, 0, 0, 0, 0, 0, rem, target - 1, target, 0, ctx, tb,
                    self.leaders, self.tt, self.moves, self.stack)
        if node_limit and ctx[_NODES] > node_limit:
            return None
        return bool(v >= target), int(ctx[_NODES])


def group_leaders(is_trump: bool, in_play: int, mine: int) -> int:
    """Among the cards ``mine`` of one suit (a byte, bit = rank index), the strongest of
    each group of interchangeable cards (the cards still in play of that suit being
    ``in_play``, a byte containing ``mine``), as a byte: what the search keeps."""
    return int(_leader_table()[(0 if is_trump else 256) + in_play, mine])
