"""Private pure-Python core of the double-dummy solver (:mod:`belote_teach.search.solver`).

**Private and unchecked**, the twin of the compiled core
:mod:`belote_teach.search._solver_core` for where numba and numpy do not exist (Pyodide in
the browser): the same :class:`Core` interface, representation (cards ``0..31`` as
``8 * suit + rank``, hands as int bitmasks, seats ``0 = S, 1 = E, 2 = N, 3 = W``) and
values, its legal cards those of :func:`belote_teach.engine.bitmask.legal_mask` (R3, the
options R3.2 and R3.6). The checked API is :func:`belote_teach.search.solver.solve`.

The search is the compiled core's, written for CPython (plain ints, tuples, a dict; the
search one closure whose tables are its local cells): fail-soft alpha-beta on the card
points of North-South, with

* a transposition table at trick boundaries: a dict from the four hands (the small cards
  of no points still in play moved down to the weakest ranks, order and holders kept),
  the seat to lead, the trump and the options to ``(lower bound, upper bound, best
  lead)``, its bounds North-South's points from that trick on; kept from one solve to
  the next, emptied when it passes :data:`TABLE_SIZE` entries;
* bounds at the start of each trick from the points in play and the sure trumps of each
  team (R1.5);
* move ordering: on a lead the table's best lead, then master cards (most points first),
  then the others from the weakest; following, feeding a master partner (most points
  first), else winning cheaply (the last seat with the most points) before the cheapest
  losing cards; within one suit read from tables (a suit's points follow its order,
  R1.2, R1.3), across suits sorted;
* equivalent-card groups (R1.2, R1.3), only the strongest card of each searched;
* the last trick evaluated directly, the last two by a direct minimax kept in the table;
* each root card valued exactly by null-window probes (the previous card's value, then
  steps of 1, 2, 4, 8 points, then bisection), all sharing the table.
"""

from __future__ import annotations

from collections.abc import Callable

from belote_teach.engine.bitmask import POINTS, STRENGTH, trick_winner
from belote_teach.engine.cards import (
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Rank,
)

__all__ = ["TABLE_SIZE", "Core", "group_leaders"]

#: Entries the transposition table holds at most; past it the table is emptied (about
#: 300 bytes an entry in CPython: some 75 MiB at most). A full deal adds up to some
#: 150,000.
TABLE_SIZE = 1 << 18

_DIX = DIX_DE_DER
_INF = 1000
_LOWEST, _HIGHEST = -_INF, _INF           # one object each, shared by the table's entries
_NO_LIMIT = 1 << 62
_RANKS = list(Rank)
#: The rank indices of each kind of suit, strongest first: trump (R1.2), plain (R1.3).
_ORDER = ([_RANKS.index(r) for r in TRUMP_ORDER], [_RANKS.index(r) for r in PLAIN_ORDER])
#: The points of each kind of suit by rank index: trump, plain.
_RANK_POINTS = ([TRUMP_POINTS[r] for r in _RANKS], [PLAIN_POINTS[r] for r in _RANKS])
#: The ranks of a suit worth no points (7 8 9 of a plain suit, 7 8 of trumps) are the
#: weakest: a byte of rank bits, by kind.
_SMALL = (0b011, 0b111)
assert all(_RANK_POINTS[k][r] == 0 for k in (0, 1) for r in range(8) if _SMALL[k] >> r & 1)
assert all(_ORDER[k][-i - 1] == i for k in (0, 1) for i in range(_SMALL[k].bit_length()))
# a suit's points never rise as its cards weaken (the ordering tables rely on it)
assert all(_RANK_POINTS[k][a] >= _RANK_POINTS[k][b]
           for k in (0, 1) for a, b in zip(_ORDER[k], _ORDER[k][1:], strict=False))

_Key = tuple[int, int, int, int, int]
_Packed = tuple[int, int, int, int]
#: Entries a core's memo of packed small cards holds at most, by trump (then emptied).
_PACKED_SIZE = 1 << 16
_Entry = tuple[int, int, int]


def _leaders(kind: int, in_play: int, mine: int) -> int:
    """The strongest card of each group of interchangeable cards among ``mine`` (a byte
    of one suit's ranks, bit = rank index; ``kind`` 0 trump, 1 plain), the cards of that
    suit still in play being ``in_play`` (a byte containing ``mine``), as a byte."""
    rank_points = _RANK_POINTS[kind]
    leaders = 0
    previous = -1
    for rank in _ORDER[kind]:
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


def _sure_trumps(in_play: int, mine: int) -> int:
    """The points of the trumps of ``mine`` stronger than every trump in play that is not
    in ``mine`` (bytes of trump ranks): each wins the trick it is played to (R1.5)."""
    total = 0
    for rank in _ORDER[0]:
        bit = 1 << rank
        if not in_play & bit:
            continue
        if not mine & bit:
            break
        total += _RANK_POINTS[0][rank]
    return total


class _Shared:
    """The tables every search reads, built once (:func:`_shared`, some 0.1 s).

    Attributes:
        leaders: ``leaders[kind][in_play << 8 | mine]`` (kind 0 trump, 1 plain): the
            byte of :func:`_leaders`.
        sure: ``sure[in_play << 8 | mine]``: :func:`_sure_trumps`.
        ascending, descending: ``[kind][suit][byte]``: the cards of ``byte`` (rank bits)
            of ``suit`` as card indices, weakest first / strongest first.
        tops: ``tops[kind][byte]``: the ranks stronger than every rank of ``byte``.
        pack: ``pack[gaps][mine]`` for the three weakest ranks: ``mine`` moved down to the
            weakest ranks once those out of play (not in ``gaps``) are skipped.
    """

    def __init__(self) -> None:
        size = 1 << 16
        self.leaders = ([0] * size, [0] * size)
        self.sure = [0] * size
        for kind in (0, 1):
            for in_play in range(256):
                mine = in_play
                while True:                                    # every subset of in_play
                    self.leaders[kind][in_play << 8 | mine] = _leaders(kind, in_play, mine)
                    if kind == 0:
                        self.sure[in_play << 8 | mine] = _sure_trumps(in_play, mine)
                    if mine == 0:
                        break
                    mine = (mine - 1) & in_play
        self.ascending: tuple[list[list[tuple[int, ...]]], ...] = tuple(
            [[tuple(8 * s + r for r in reversed(_ORDER[kind]) if b >> r & 1)
              for b in range(256)] for s in range(4)] for kind in (0, 1))
        self.descending: tuple[list[list[tuple[int, ...]]], ...] = tuple(
            [[t[::-1] for t in by_byte] for by_byte in self.ascending[kind]]
            for kind in (0, 1))
        self.tops = tuple([_tops(kind, b) for b in range(256)] for kind in (0, 1))
        self.pack = []
        for gaps in range(8):
            ranks_in = [r for r in range(3) if gaps >> r & 1]
            self.pack.append([sum(1 << i for i, r in enumerate(ranks_in) if mine >> r & 1)
                              for mine in range(8)])


def _tops(kind: int, byte: int) -> int:
    """The ranks (a byte) of a suit of ``kind`` stronger than every rank of ``byte``."""
    out = 0
    for rank in _ORDER[kind]:
        if byte >> rank & 1:
            break
        out |= 1 << rank
    return out


_SHARED: list[_Shared] = []


def _shared() -> _Shared:
    """The shared tables, built on first use."""
    if not _SHARED:
        _SHARED.append(_Shared())
    return _SHARED[0]


def group_leaders(is_trump: bool, in_play: int, mine: int) -> int:
    """Among the cards ``mine`` of one suit (a byte, bit = rank index), the strongest of
    each group of interchangeable cards (the cards still in play of that suit being
    ``in_play``, a byte containing ``mine``), as a byte: what the search keeps. Cards of
    one suit are interchangeable when no card in play lies between them in that suit's
    order (R1.2, R1.3) and they are worth the same points."""
    return _shared().leaders[0 if is_trump else 1][in_play << 8 | mine]


class _OverLimit(Exception):
    """The search passed its node limit (raised through the recursion, caught by
    :class:`Core`)."""


_SearchFn = Callable[[int, int, int, int, int, int, int, int, int, int], int]


def _packed(h0: int, h1: int, h2: int, h3: int, trump: int) -> _Packed:
    """The small cards of no points (7 8 9 of a plain suit, 7 8 of trumps) of the four
    hands moved down to the weakest ranks of their suit once those out of play are
    skipped, order and holders kept; the small cards only."""
    pack = _shared().pack
    every = h0 | h1 | h2 | h3
    out = []
    for hand in (h0, h1, h2, h3):
        moved = 0
        for suit in range(4):
            at = 8 * suit
            small = _SMALL[0 if suit == trump else 1]
            moved |= pack[(every >> at) & small][(hand >> at) & small] << at
        out.append(moved)
    return out[0], out[1], out[2], out[3]


def _searcher(hands: list[int], trump: int, free: bool, partner: bool,
              table: dict[_Key, _Entry], packed: dict[int, _Packed], limit: int
              ) -> tuple[_SearchFn, Callable[[int], int]]:
    """The search of one solve: ``(search, nodes)``.

    ``search(seat, n, led, best, best_seat, pts, tmask, rem, alpha, beta)`` is
    North-South's card points from the current trick on (``n`` cards played to it, worth
    ``pts``, the bitmask ``tmask``, led in suit ``led`` and won so far by ``best`` of
    ``best_seat``; ``rem``: the points in the hands), ``seat`` to play: fail-soft
    alpha-beta within ``(alpha, beta)``. It changes ``hands`` (the four bitmasks) and
    restores them; it raises :class:`_OverLimit` past ``limit`` positions (0: none).
    ``nodes(add)`` counts ``add`` more positions (raising :class:`_OverLimit` past the
    limit) and returns the positions searched so far.
    """
    shared = _shared()
    strength = STRENGTH[trump]
    points = POINTS[trump]
    # same-suit cards stronger than each card (R1.2, R1.3; for a trump its higher trumps)
    higher = tuple(sum(1 << j for j in range(8 * (c >> 3), 8 * (c >> 3) + 8)
                       if strength[j] > strength[c]) for c in range(32))
    kinds = tuple(0 if s == trump else 1 for s in range(4))
    leaders = tuple(shared.leaders[k] for k in kinds)
    ascending = tuple(shared.ascending[k][s] for s, k in enumerate(kinds))
    descending = tuple(shared.descending[k][s] for s, k in enumerate(kinds))
    tops = tuple(shared.tops[k] for k in kinds)
    sure = shared.sure
    smalls = sum(_SMALL[k] << (8 * s) for s, k in enumerate(kinds))
    large = 0xFFFFFFFF & ~smalls
    if len(packed) > _PACKED_SIZE:
        packed.clear()
    suit_masks = tuple(0xFF << (8 * s) for s in range(4))
    tshift = 8 * trump
    tsuit = suit_masks[trump]
    tag = trump << 2 | int(free) << 4 | int(partner) << 5
    get = table.get
    most = limit or _NO_LIMIT
    nodes = 0

    def count(add: int = 0) -> int:
        nonlocal nodes
        nodes += add
        if nodes > most:
            raise _OverLimit
        return nodes

    def last_trick(seat: int) -> int:
        """North-South's points of the last trick, every play forced, ``seat`` leading."""
        best = hands[seat].bit_length() - 1
        best_seat = seat
        total = points[best]
        for k in (1, 2, 3):
            other = (seat + k) & 3
            card = hands[other].bit_length() - 1
            total += points[card]
            if card >> 3 == best >> 3:                                   # R1.5
                if strength[card] > strength[best]:
                    best, best_seat = card, other
            elif card >> 3 == trump:
                best, best_seat = card, other
        return total + _DIX if best_seat & 1 == 0 else 0

    def follow_legal(hand: int, seat: int, led: int, best: int, best_seat: int) -> int:
        """The legal cards of ``hand`` of ``seat`` following in a trick led in ``led`` and
        won so far by ``best`` of ``best_seat`` (R3.1-R3.7)."""
        trumps = hand & tsuit
        if led == trump:
            if not trumps:
                return hand                                              # R3.7
            if not partner and best_seat == seat ^ 2:
                return trumps                                            # R3.2 option
            return (trumps & higher[best]) or trumps                     # R3.2
        follow = hand & suit_masks[led]
        if follow:
            return follow                                                # R3.1
        if best_seat == seat ^ 2 or not trumps:
            return hand                                                  # R3.3, R3.7
        if best >> 3 != trump:
            return trumps                                                # R3.4
        return (trumps & higher[best]) or (hand if free else trumps)     # R3.5, R3.6

    def two_tricks(seat: int) -> int:
        """North-South's points of the last two tricks (two cards a hand), ``seat``
        leading: alpha-beta over the at most 16 ways to play the first (seats counted
        from ``seat``, the values those of its team), the last forced."""
        h0 = hands[seat]
        h1 = hands[(seat + 1) & 3]
        h2 = hands[(seat + 2) & 3]
        h3 = hands[(seat + 3) & 3]
        x0 = h0.bit_length() - 1
        y0 = (h0 & -h0).bit_length() - 1
        x1 = h1.bit_length() - 1
        y1 = (h1 & -h1).bit_length() - 1
        x2 = h2.bit_length() - 1
        y2 = (h2 & -h2).bit_length() - 1
        x3 = h3.bit_length() - 1
        y3 = (h3 & -h3).bit_length() - 1
        total = (_DIX + points[x0] + points[y0] + points[x1] + points[y1] + points[x2]
                 + points[y2] + points[x3] + points[y3])
        best0 = -_INF
        for c0, r0 in ((x0, y0), (y0, x0)):
            led = c0 >> 3
            legal = follow_legal(h1, 1, led, c0, 0)
            worst1 = _INF
            for c1, r1 in (((x1, y1), (y1, x1)) if legal == h1 else
                           ((x1, y1),) if legal >> x1 & 1 else ((y1, x1),)):
                if c1 >> 3 == led:
                    w1, ws1 = (c1, 1) if strength[c1] > strength[c0] else (c0, 0)
                else:
                    w1, ws1 = (c1, 1) if c1 >> 3 == trump else (c0, 0)
                legal = follow_legal(h2, 2, led, w1, ws1)
                best2 = -_INF
                for c2, r2 in (((x2, y2), (y2, x2)) if legal == h2 else
                               ((x2, y2),) if legal >> x2 & 1 else ((y2, x2),)):
                    if c2 >> 3 == w1 >> 3:
                        w2, ws2 = (c2, 2) if strength[c2] > strength[w1] else (w1, ws1)
                    else:
                        w2, ws2 = (c2, 2) if c2 >> 3 == trump else (w1, ws1)
                    legal = follow_legal(h3, 3, led, w2, ws2)
                    worst3 = _INF
                    first = points[c0] + points[c1] + points[c2]
                    for c3, r3 in (((x3, y3), (y3, x3)) if legal == h3 else
                                   ((x3, y3),) if legal >> x3 & 1 else ((y3, x3),)):
                        if c3 >> 3 == w2 >> 3:
                            ws3 = 3 if strength[c3] > strength[w2] else ws2
                        else:
                            ws3 = 3 if c3 >> 3 == trump else ws2
                        # the last trick, every play forced, ``ws3`` leading (R1.5)
                        rest = (r0, r1, r2, r3)
                        win = rest[ws3]
                        win_seat = ws3
                        for k in (1, 2, 3):
                            other = (ws3 + k) & 3
                            card = rest[other]
                            if card >> 3 == win >> 3:
                                if strength[card] > strength[win]:
                                    win, win_seat = card, other
                            elif card >> 3 == trump:
                                win, win_seat = card, other
                        gained = first + points[c3]
                        v = 0 if ws3 & 1 else gained
                        if not win_seat & 1:
                            v += total - gained
                        if v < worst3:
                            worst3 = v
                            if worst3 <= best2:
                                break
                    if worst3 > best2:
                        best2 = worst3
                        if best2 >= worst1:
                            break
                if best2 < worst1:
                    worst1 = best2
                    if worst1 <= best0:
                        break
            if worst1 > best0:
                best0 = worst1
        return best0 if not seat & 1 else total - best0

    def store(key: _Key, entry: _Entry | None, value: int, alpha: int, beta: int,
              move: int) -> None:
        """Record ``value``, found within ``(alpha, beta)``, in the table (a bound or
        exact, joined with the bounds of ``entry``, the key's entry before the search),
        with the best lead ``move`` (a card index, -1 for none)."""
        if entry is None:
            low, high = _LOWEST, _HIGHEST
            if len(table) >= TABLE_SIZE:
                table.clear()
        else:
            low, high = entry[0], entry[1]
        if value <= alpha:
            if value < high:
                high = value
        elif value >= beta:
            if value > low:
                low = value
        else:
            low = high = value
        table[key] = (low, high, move)

    def search(seat: int, n: int, led: int, best: int, best_seat: int, pts: int,
               tmask: int, rem: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        h0, h1, h2, h3 = hands
        held = hands[seat]
        if n == 0:
            rest = held & (held - 1)
            if not rest:
                return last_trick(seat) if held else 0
            # the team holding the highest trumps in play surely wins their points
            every = h0 | h1 | h2 | h3
            play = (every >> tshift) & 0xFF
            high = rem + _DIX - sure[play << 8 | ((h1 | h3) >> tshift) & 0xFF]
            if high <= alpha:
                return high
            low = sure[play << 8 | ((h0 | h2) >> tshift) & 0xFF]
            if low >= beta:
                return low
            # the table's key: the small cards of no points still in play moved down to
            # the weakest ranks, order and holders kept (an equivalent position)
            small = ((h0 & smalls) << 32 | (h1 & smalls)) << 64 | (h2 & smalls) << 32 | (
                h3 & smalls)
            moved = packed.get(small)
            if moved is None:
                moved = packed[small] = _packed(h0, h1, h2, h3, trump)
            k0, k1, k2, k3 = moved
            key = (h0 & large | k0, h1 & large | k1, h2 & large | k2, h3 & large | k3,
                   seat | tag)
            entry = get(key)
            hint = -1
            if entry is not None:
                low, high, hint = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            if not rest & (rest - 1):
                value = two_tricks(seat)            # the last two tricks, kept exact
                store(key, entry, value, _LOWEST, _HIGHEST, -1)
                return value
            nodes += 1
            if nodes > most:
                raise _OverLimit
            # the leads: hint, masters (most points first), the others weakest first
            others = every & ~held
            order = []
            for suit in (0, 1, 2, 3):
                at = 8 * suit
                mine = (held >> at) & 0xFF
                if not mine:
                    continue
                out = (others >> at) & 0xFF
                group = leaders[suit][((every >> at) & 0xFF) << 8 | mine]
                master = group & tops[suit][out]
                for c in descending[suit][master]:
                    order.append((-2000 if c == hint else -1000 - points[c]) << 5 | c)
                for c in ascending[suit][group ^ master]:
                    order.append((-2000 if c == hint else strength[c]) << 5 | c)
            order.sort()
            a0, b0 = alpha, beta
            nxt = (seat + 1) & 3
            if seat & 1:
                value = _INF
                for code in order:
                    c = code & 31
                    bit = 1 << c
                    hands[seat] = held ^ bit
                    p = points[c]
                    v = search(nxt, 1, c >> 3, c, seat, p, bit, rem - p, alpha, beta)
                    hands[seat] = held
                    if v < value:
                        value = v
                        move = c
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            else:
                value = -_INF
                for code in order:
                    c = code & 31
                    bit = 1 << c
                    hands[seat] = held ^ bit
                    p = points[c]
                    v = search(nxt, 1, c >> 3, c, seat, p, bit, rem - p, alpha, beta)
                    hands[seat] = held
                    if v > value:
                        value = v
                        move = c
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
            store(key, entry, value, a0, b0, move)
            return value

        nodes += 1
        if nodes > most:
            raise _OverLimit
        # the legal cards (R3.1-R3.7)
        trumps = held & tsuit
        if led == trump:
            if not trumps:
                legal = held                                             # R3.7
            elif not partner and best_seat == seat ^ 2:
                legal = trumps                                           # R3.2 option
            else:
                legal = (trumps & higher[best]) or trumps                # R3.2
        else:
            legal = held & suit_masks[led]                               # R3.1
            if not legal:
                if best_seat == seat ^ 2 or not trumps:
                    legal = held                                         # R3.3, R3.7
                elif best >> 3 != trump:
                    legal = trumps                                       # R3.4
                else:
                    legal = (trumps & higher[best]) or (held if free else trumps)
        # the moves, in search order
        if not legal & (legal - 1):
            moves: tuple[int, ...] | list[int] = (legal.bit_length() - 1,)
        else:
            every = h0 | h1 | h2 | h3 | tmask
            suit = (legal.bit_length() - 1) >> 3
            at = 8 * suit
            if legal >> at << at == legal:                               # one suit
                group = leaders[suit][((every >> at) & 0xFF) << 8 | (legal >> at)]
                if best_seat & 1 == seat & 1:
                    moves = descending[suit][group]                      # feed the partner
                else:
                    if suit == best >> 3:
                        beats = group & (higher[best] >> at)
                    elif suit == trump:
                        beats = group
                    else:
                        beats = 0
                    if beats:
                        moves = (descending[suit][beats] if n == 3 else
                                 ascending[suit][beats]) + ascending[suit][group ^ beats]
                    else:
                        moves = ascending[suit][group]
            else:
                order = []
                feed = best_seat & 1 == seat & 1
                for suit in (0, 1, 2, 3):
                    at = 8 * suit
                    mine = (legal >> at) & 0xFF
                    if not mine:
                        continue
                    group = leaders[suit][((every >> at) & 0xFF) << 8 | mine]
                    for c in ascending[suit][group]:
                        if feed:
                            k = -points[c]
                        elif (strength[c] > strength[best] if c >> 3 == best >> 3
                              else c >> 3 == trump):
                            k = -points[c] if n == 3 else strength[c]
                        else:
                            k = 100 + points[c]
                        order.append(k << 5 | c)
                order.sort()
                moves = [code & 31 for code in order]
        nxt = (seat + 1) & 3
        maximize = not seat & 1
        value = -_INF if maximize else _INF
        if n == 3:
            bsuit = best >> 3
            bstrength = strength[best]
            for c in moves:
                bit = 1 << c
                hands[seat] = held ^ bit
                if c >> 3 == bsuit:
                    winner = seat if strength[c] > bstrength else best_seat
                else:
                    winner = seat if c >> 3 == trump else best_seat
                p = points[c]
                gain = 0 if winner & 1 else pts + p
                if hands[winner]:
                    v = gain + search(winner, 0, 0, 0, 0, 0, 0, rem - p, alpha - gain,
                                      beta - gain)
                else:                                                    # the last trick
                    v = gain + _DIX if not winner & 1 else 0              # R1.4
                hands[seat] = held
                if maximize:
                    if v > value:
                        value = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < value:
                    value = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return value
        bsuit = best >> 3
        bstrength = strength[best]
        for c in moves:
            bit = 1 << c
            hands[seat] = held ^ bit
            if c >> 3 == bsuit:
                if strength[c] > bstrength:
                    nbest, nseat = c, seat
                else:
                    nbest, nseat = best, best_seat
            elif c >> 3 == trump:
                nbest, nseat = c, seat
            else:
                nbest, nseat = best, best_seat
            p = points[c]
            v = search(nxt, n + 1, led, nbest, nseat, pts + p, tmask | bit, rem - p, alpha,
                       beta)
            hands[seat] = held
            if maximize:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < value:
                value = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return value

    return search, count


def _cards(mask: int) -> list[int]:
    """The card indices of ``mask``, highest first."""
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def _legal(hand: int, seat: int, trick: list[int], leader: int, trump: int, free: bool,
           partner: bool) -> int:
    """The legal cards of ``hand`` of ``seat`` to ``trick`` (led by ``leader``), as
    :func:`~belote_teach.engine.bitmask.legal_mask` (R3.0-R3.7)."""
    if not trick:
        return hand                                                      # R3.0
    position = trick_winner(trick, trump)
    best, best_seat = trick[position], (leader + position) & 3
    strength = STRENGTH[trump]
    trumps = hand & (0xFF << (8 * trump))
    above = sum(1 << j for j in range(8 * (best >> 3), 8 * (best >> 3) + 8)
                if strength[j] > strength[best])
    led = trick[0] >> 3
    if led == trump:
        if not trumps:
            return hand                                                  # R3.7
        if not partner and best_seat == seat ^ 2:
            return trumps                                                # R3.2 option
        return (trumps & above) or trumps                                # R3.2
    follow = hand & (0xFF << (8 * led))
    if follow:
        return follow                                                    # R3.1
    if best_seat == seat ^ 2 or not trumps:
        return hand                                                      # R3.3, R3.7
    if best >> 3 != trump:
        return trumps                                                    # R3.4
    return (trumps & above) or (hand if free else trumps)                # R3.5, R3.6


def _root_order(legal: int, seat: int, n: int, best: int, best_seat: int, in_play: int,
                held: int, trump: int) -> list[int]:
    """The strongest card of each group of interchangeable legal cards of the root, in
    the compiled core's search order (on a lead, master cards most points first, then
    the others from the weakest; following, feeding a master partner most points first,
    else winning cheaply, the last seat with the most points, before the cheapest losing
    cards)."""
    if not legal & (legal - 1):
        return [legal.bit_length() - 1]
    shared = _shared()
    strength = STRENGTH[trump]
    points = POINTS[trump]
    cards = []
    for suit in range(4):
        at = 8 * suit
        mine = (legal >> at) & 0xFF
        if mine:
            kind = 0 if suit == trump else 1
            group = shared.leaders[kind][((in_play >> at) & 0xFF) << 8 | mine]
            cards += [at + r for r in range(8) if group >> r & 1]
    keys = []
    for c in cards:
        if n == 0:
            above = sum(1 << j for j in range(8 * (c >> 3), 8 * (c >> 3) + 8)
                        if strength[j] > strength[c])
            key = strength[c] if above & in_play & ~held else -100 - points[c]
        elif best_seat & 1 == seat & 1:
            key = -points[c]
        elif strength[c] > strength[best] if c >> 3 == best >> 3 else c >> 3 == trump:
            key = -points[c] if n == 3 else strength[c]
        else:
            key = 100 + points[c]
        keys.append((key, c))
    keys.sort()
    return [c for _, c in keys]


def _group_of(card: int, legal: int, in_play: int, trump: int) -> int:
    """The group of interchangeable legal cards led by ``card`` (its strongest), as a
    bitmask: the legal cards of its suit below it, down to the first card in play that
    is not legal or is worth other points."""
    suit = card >> 3
    shift = 8 * suit
    mine = (legal >> shift) & 0xFF
    play = (in_play >> shift) & 0xFF
    kind = 0 if suit == trump else 1
    rank_points = _RANK_POINTS[kind]
    group = 0
    previous = -1
    for rank in _ORDER[kind]:
        bit = 1 << rank
        if not play & bit:
            continue
        if previous < 0:
            if rank == card - shift:
                group = bit
                previous = rank
            continue
        if mine & bit and rank_points[previous] == rank_points[rank]:
            group |= bit
            previous = rank
        else:
            break
    return group << shift


def _exact(search: _SearchFn, seat: int, n: int, led: int, best: int, best_seat: int,
           pts: int, tmask: int, rem: int, upper: int, guess: int) -> int:
    """The exact value of a position (North-South's points, in ``0..upper``) by
    null-window searches: with a ``guess`` inside, a probe at it, then steps of 1, 2, 4
    and 8 from the bound found towards the value, then bisection; without one,
    bisection."""
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
        v = search(seat, n, led, best, best_seat, pts, tmask, rem, beta - 1, beta)
        if v < beta:
            high = v
            rising = False
        else:
            low = v
            rising = True
    return low


class Core:
    """The search's memory, reused from one solve to the next: the transposition table
    (a dict of at most :data:`TABLE_SIZE` entries, kept for the next solves). One per
    thread (``solver._core``): not to be shared by threads.

    Attributes:
        keep: keep the table's entries for the next solve (default); ``False`` starts
            every solve on an empty table, for benchmarks. The values are the same
            either way.
    """

    def __init__(self) -> None:
        _shared()
        self.table: dict[_Key, _Entry] = {}
        self.packed: list[dict[int, _Packed]] = [{}, {}, {}, {}]
        self.keep = True

    def _table(self, node_limit: int) -> dict[_Key, _Entry]:
        """The table of a new search: empty when the table is not kept or the search is
        limited (so that a limited search depends on its position alone)."""
        if not self.keep or node_limit:
            self.table = {}
        return self.table

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
                starts on an empty table, so whether it stays within the limit depends
                on the position alone, never on earlier solves.

        Returns:
            ``(groups, upper, nodes)``: ``groups`` lists ``(bitmask of equivalent legal
            cards, North-South's card points from here)`` in search order; ``upper`` the
            card points still to be won (the trick, the hands, the dix de der); ``nodes``
            the positions searched. ``None`` when the node limit was passed first.
        """
        held = list(hands)
        search, nodes = _searcher(held, trump, undertrump_free, overtrump_partner,
                                  self._table(node_limit), self.packed[trump], node_limit)
        n = len(trick)
        seat = (leader + n) & 3
        points = POINTS[trump]
        strength = STRENGTH[trump]
        pts = sum(points[c] for c in trick)
        best, best_seat, led, tmask = 0, 0, 0, 0
        if trick:
            led = trick[0] >> 3
            position = trick_winner(trick, trump)                        # R1.5
            best, best_seat = trick[position], (leader + position) & 3
            for card in trick:
                tmask |= 1 << card
        every = held[0] | held[1] | held[2] | held[3]
        rem0 = sum(points[c] for c in _cards(every))
        upper = pts + _DIX + rem0
        legal = _legal(held[seat], seat, list(trick), leader, trump, undertrump_free,
                       overtrump_partner)
        in_play = every | tmask
        order = _root_order(legal, seat, n, best, best_seat, in_play, held[seat], trump)
        guess = -1
        groups = []
        try:
            for card in order:
                group = _group_of(card, legal, in_play, trump)
                if not group & wanted:
                    continue
                nodes(1)
                bit = 1 << card
                held[seat] ^= bit
                if n == 0:
                    nbest, nseat, nled = card, seat, card >> 3
                else:
                    nled, nbest, nseat = led, best, best_seat
                    if card >> 3 == best >> 3:
                        if strength[card] > strength[best]:
                            nbest, nseat = card, seat
                    elif card >> 3 == trump:
                        nbest, nseat = card, seat
                total = pts + points[card]
                rem = rem0 - points[card]
                if n == 3:
                    gain = total if nseat & 1 == 0 else 0
                    if held[nseat] == 0:
                        v = gain + (_DIX if nseat & 1 == 0 else 0)
                    else:
                        v = gain + _exact(search, nseat, 0, 0, 0, 0, 0, 0, rem,
                                          upper - total, guess - gain)
                else:
                    v = _exact(search, (seat + 1) & 3, n + 1, nled, nbest, nseat, total,
                               tmask | bit, rem, upper, guess)
                guess = v
                held[seat] ^= bit
                groups.append((group, v))
        except _OverLimit:
            return None
        return groups, upper, nodes(0)

    def reaches(self, hands: list[int], trump: int, leader: int, target: int,
                undertrump_free: bool, overtrump_partner: bool, node_limit: int = 0
                ) -> tuple[bool, int] | None:
        """Whether North-South win at least ``target`` card points from the start of a
        trick (``leader`` to lead, nothing played to it), dix de der included: one
        null-window search.

        Args:
            hands: the four hand bitmasks by seat index, the hand of ``leader`` not empty.
            trump, leader: the trump suit index and the seat index to lead.
            target: card points (any int: below 1 is always reached).
            undertrump_free, overtrump_partner, node_limit: as :meth:`solve`.

        Returns:
            ``(reached, nodes)``, or ``None`` when the node limit was passed first.
        """
        held = list(hands)
        search, nodes = _searcher(held, trump, undertrump_free, overtrump_partner,
                                  self._table(node_limit), self.packed[trump], node_limit)
        points = POINTS[trump]
        rem = sum(points[c] for c in _cards(held[0] | held[1] | held[2] | held[3]))
        if target <= 0:
            return True, 0
        if target > rem + _DIX:
            return False, 0
        try:
            v = search(leader, 0, 0, 0, 0, 0, 0, rem, target - 1, target)
        except _OverLimit:
            return None
        return v >= target, nodes(0)
