"""Double-dummy solver: the exact card points of every legal card, all hands seen.

Given the four hands, the trump, the trick in progress and its leader, :func:`solve`
returns, for every legal card of the seat to play, the card points (R1.2, R1.3) that
the team of that seat wins from here to the end of the deal with best play by all four
players who see all cards: the cards already played to the current trick included, plus
the 10 of the dix de der (R1.4). Belote (R5), announcements (R4) and the capot bonus
(R6.5) are not counted, as the ``values`` of a ``solve`` scenario (SCENARIOS.md).

    >>> from belote_teach.cards import Seat
    >>> result = solve({"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]},
    ...                trump="H", trick=["AC", "KC", "9C"], leader=Seat.EAST)
    >>> result.seat, {str(card): v for card, v in result.values.items()}
    (<Seat.SOUTH: 'S'>, {'9H': 29, '8H': 56})
    >>> str(result.best[0]), result.value
    ('8H', 56)

Search (on the private bitmask core :mod:`belote_teach._fast`): alpha-beta over card
plays, values being the points of North-South from the current trick on, with

* a transposition table at trick boundaries (the four hands and the leader fix the
  value of the rest of the deal), storing lower and upper bounds;
* move ordering: on a lead, the table's best lead, then master cards (most points
  first), then the others from the weakest; when following, feeding a master partner
  (most points first), else winning cheaply (the last seat wins with the most points)
  before the cheapest losing cards;
* the last trick (one card a hand, every play forced) evaluated directly;
* equivalent-card pruning: two cards of one hand are interchangeable when they are of one
  suit, no card between them in that suit's order (R1.2 or R1.3) is still in play (in a
  hand or in the current trick), and they are worth the same points; only one of each
  such group is searched, the others get its value;
* the legal cards of R3, options ``undertrump`` (R3.6) and
  ``overtrump_partner_on_trump_lead`` (R3.2) of the :class:`~belote_teach.rules.RuleSet`
  included, decided exactly as :func:`belote_teach._fast.legal_mask`.

Each root card is valued exactly by bisection on null-window searches (the first probes
at the previous card's value), all sharing one table.

Timing (``benchmarks/solver.py``, one core of the 2-core AMD EPYC development machine,
CPython 3.11, every legal card valued): 4-trick endings median 0.7–0.9 ms, 95th percentile
4.5 ms (100 random endings); full 8-trick deals median about 3 s, 95th percentile
10–12 s (20 random deals, some 500,000 nodes each): **the 250 ms median target for a full
deal is not met** by this pure-Python search.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from belote_teach._fast import (
    ABOVE,
    BIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    card_index,
    hand_mask,
    mask_indices,
    seat_index,
    suit_index,
    trick_winner,
)
from belote_teach.cards import (
    DIX_DE_DER,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    Rank,
    Seat,
    Suit,
    parse_cards,
)
from belote_teach.errors import InvalidPositionError
from belote_teach.rules import RuleSet

__all__ = ["SolveResult", "solve"]

_INF = 1000


@dataclass(frozen=True)
class SolveResult:
    """The double-dummy answer for one position (:func:`solve`).

    Attributes:
        seat: the seat to play.
        values: every legal card of ``seat`` (hand order) → card points (int, 0–162) the
            team of ``seat`` wins from here with best play by all: the current trick's
            cards included, plus the 10 of the dix de der (R1.4); no belote,
            announcement or capot bonus.
        nodes: positions searched (the root's cards and every node of the search below
            them; the forced last trick counts as one), a measure of work.
        seconds: wall time of the solve, in seconds.
    """

    seat: Seat
    values: dict[Card, int]
    nodes: int
    seconds: float

    @property
    def value(self) -> int:
        """The value of the position for the team of :attr:`seat`: the best card's value."""
        return max(self.values.values())

    @property
    def best(self) -> tuple[Card, ...]:
        """The legal cards of the highest value, in hand order."""
        top = self.value
        return tuple(card for card, v in self.values.items() if v == top)


#: ``_HIGHER[trump][card]``: the cards of the card's suit that beat it (R1.2, R1.3).
_HIGHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(BIT[j] for j in range(8 * (c >> 3), 8 * (c >> 3) + 8)
              if STRENGTH[t][j] > STRENGTH[t][c]) for c in range(32))
    for t in range(4))


# ------------------------------------------------------------------ equivalent cards
_RANKS: tuple[Rank, ...] = tuple(Rank)
#: Rank indices (0..7 = 7 8 9 10 J Q K A) from the strongest to the weakest:
#: J 9 A 10 K Q 8 7 in trumps (R1.2), A 10 K Q J 9 8 7 in a plain suit (R1.3).
_TRUMP_RANKS: tuple[int, ...] = tuple(_RANKS.index(rank) for rank in TRUMP_ORDER)
_PLAIN_RANKS: tuple[int, ...] = tuple(_RANKS.index(rank) for rank in PLAIN_ORDER)
#: Card points by rank index, in trumps (R1.2) and in a plain suit (R1.3).
_RANK_POINTS_TRUMP: tuple[int, ...] = tuple(TRUMP_POINTS[rank] for rank in _RANKS)
_RANK_POINTS_PLAIN: tuple[int, ...] = tuple(PLAIN_POINTS[rank] for rank in _RANKS)
assert _TRUMP_RANKS == (4, 2, 7, 3, 6, 5, 1, 0) and _PLAIN_RANKS == (7, 3, 6, 5, 4, 2, 1, 0)
_GROUPS: dict[tuple[bool, int, int], int] = {}


def _group_leaders(is_trump: bool, in_play: int, mine: int) -> int:
    """Among the cards ``mine`` of one suit (a byte, bit = rank index), one per group of
    interchangeable cards: runs of ``mine`` adjacent in the order of the cards still in
    play ``in_play`` (a byte containing ``mine``), of equal points. Cached."""
    key = (is_trump, in_play, mine)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    order = _TRUMP_RANKS if is_trump else _PLAIN_RANKS
    points = _RANK_POINTS_TRUMP if is_trump else _RANK_POINTS_PLAIN
    leaders = 0
    previous = -1           # rank index of the previous card in play if it is mine, else -1
    for rank in order:
        bit = 1 << rank
        if not in_play & bit:
            continue
        if mine & bit:
            if previous < 0 or points[previous] != points[rank]:
                leaders |= bit
            previous = rank
        else:
            previous = -1
    _GROUPS[key] = leaders
    return leaders


_SUIT_GROUPS: dict[tuple[int, bool, int, int], tuple[tuple[int, int], ...]] = {}


def _suit_groups(suit: int, is_trump: bool, in_play: int, mine: int
                 ) -> tuple[tuple[int, int], ...]:
    """``(leader card index, bitmask of its group)`` for the cards ``mine`` (a byte) of
    suit ``suit``, the cards of that suit still in play being ``in_play`` (a byte). Cached."""
    key = (suit, is_trump, in_play, mine)
    found = _SUIT_GROUPS.get(key)
    if found is not None:
        return found
    leaders = _group_leaders(is_trump, in_play, mine)
    shift = 8 * suit
    out: list[tuple[int, int]] = []
    group = 0
    lead = -1
    for rank in _TRUMP_RANKS if is_trump else _PLAIN_RANKS:
        bit = 1 << rank
        if not mine & bit:
            continue
        if leaders & bit:
            if lead >= 0:
                out.append((lead, group))
            lead = shift + rank
            group = 0
        group |= BIT[shift + rank]
    out.append((lead, group))
    result = tuple(out)
    _SUIT_GROUPS[key] = result
    return result


def _equivalent_groups(legal: int, in_play: int, trump: int) -> list[tuple[int, int]]:
    """``(leader card index, bitmask of its group)`` for the legal cards ``legal``
    (bitmask), the cards still in play being ``in_play`` (bitmask, ``legal`` included)."""
    out: list[tuple[int, int]] = []
    for suit in range(4):
        shift = 8 * suit
        mine = (legal >> shift) & 0xFF
        if mine:
            out.extend(_suit_groups(suit, suit == trump, (in_play >> shift) & 0xFF, mine))
    return out


# ------------------------------------------------------------------------ the search
class _Search:
    """One alpha-beta search over a position (unchecked bitmask form).

    ``hands`` are the four bitmasks by seat index (0 = S, 1 = E, 2 = N, 3 = W); values
    are the card points of North-South (team index 0) from the current trick on.
    """

    def __init__(self, hands: list[int], trump: int, undertrump_free: bool,
                 overtrump_partner: bool) -> None:
        self.hands = hands
        self.trump = trump
        self.free = undertrump_free
        self.overtrump_partner = overtrump_partner
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.points = POINTS[trump]
        self.group_cache: dict[int, list[tuple[int, int]]] = {}
        self.strength = STRENGTH[trump]

    # -- helpers
    def legal(self, seat: int, trick: list[int], best: int, best_seat: int) -> int:
        """The legal cards of ``seat`` (R3.0–R3.7), as :func:`_fast.legal_mask`."""
        hand = self.hands[seat]
        if not trick:
            return hand
        trump = self.trump
        trumps = hand & SUIT_MASK[trump]
        led = trick[0] >> 3
        if led == trump:
            if not trumps:
                return hand                                              # R3.7
            if not self.overtrump_partner and best_seat == seat ^ 2:
                return trumps                                            # R3.2 option
            return (trumps & ABOVE[best]) or trumps                      # R3.2
        follow = hand & SUIT_MASK[led]
        if follow:
            return follow                                                # R3.1
        if best_seat == seat ^ 2:
            return hand                                                  # R3.3
        if not trumps:
            return hand                                                  # R3.7
        if best >> 3 != trump:
            return trumps                                                # R3.4
        return (trumps & ABOVE[best]) or (hand if self.free else trumps)  # R3.5, R3.6

    def moves(self, seat: int, trick: list[int], best: int, best_seat: int,
              tmask: int, hint: int) -> list[tuple[int, int]]:
        """Ordered ``(card, group)`` pairs: one card per group of equivalent legal cards."""
        legal = self.legal(seat, trick, best, best_seat)
        if not legal & (legal - 1):                       # one legal card: forced
            return [(legal.bit_length() - 1, legal)]
        hands = self.hands
        in_play = hands[0] | hands[1] | hands[2] | hands[3] | tmask
        key = legal | in_play << 32
        groups = self.group_cache.get(key)
        if groups is None:
            groups = self.group_cache[key] = _equivalent_groups(legal, in_play, self.trump)
        else:
            groups = groups.copy()
        if len(groups) < 2:
            return groups
        strength = self.strength
        points = self.points
        if not trick:
            others = in_play & ~hands[seat]
            higher = _HIGHER[self.trump]

            def lead_key(g: tuple[int, int]) -> int:
                card = g[0]
                if g[1] & hint:
                    return -1000
                if not higher[card] & others:                  # a master card: cash it
                    return -100 - points[card]
                return strength[card]

            groups.sort(key=lead_key)
        elif best_seat & 1 == seat & 1:
            # partner master: feed points first (R9 tip 4)
            groups.sort(key=lambda g: -points[g[0]])
        else:
            trump = self.trump

            def beats(card: int) -> bool:
                if card >> 3 == best >> 3:
                    return strength[card] > strength[best]
                return card >> 3 == trump

            if len(trick) == 3:    # the last to play: win with the most points, else cheap
                groups.sort(key=lambda g: -points[g[0]] if beats(g[0])
                            else 100 + points[g[0]])
            else:
                groups.sort(key=lambda g: (0, strength[g[0]]) if beats(g[0])
                            else (1, points[g[0]]))
        return groups

    def last_trick(self, seat: int) -> int:
        """North-South's points of the last trick (one card a hand, every play forced),
        ``seat`` leading: the trick's card points plus the dix de der (R1.4) if won."""
        hands = self.hands
        strength = self.strength
        points = self.points
        trump = self.trump
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
        return total + DIX_DE_DER if best_seat & 1 == 0 else 0

    # -- the recursion
    def search(self, seat: int, trick: list[int], best: int, best_seat: int, pts: int,
               tmask: int, alpha: int, beta: int) -> int:
        """North-South's card points from the current trick on (its cards ``trick``, worth
        ``pts``, won so far by ``best`` of ``best_seat``), ``seat`` to play; alpha-beta
        within ``(alpha, beta)`` (fail-soft)."""
        hands = self.hands
        key = 0
        hint = 0
        if not trick:
            mine = hands[seat]
            if not mine:
                return 0
            if not mine & (mine - 1):
                return self.last_trick(seat)
            key = hands[0] | hands[1] << 32 | hands[2] << 64 | hands[3] << 96 | seat << 128
            entry = self.table.get(key)
            if entry is not None:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, high)
        self.nodes += 1
        maximize = seat & 1 == 0
        a0, b0 = alpha, beta
        value = -_INF if maximize else _INF
        best_move = 0
        n = len(trick)
        points = self.points
        strength = self.strength
        trump = self.trump
        moves = self.moves(seat, trick, best, best_seat, tmask, hint)
        for card, group in moves:
            bit = BIT[card]
            hands[seat] ^= bit
            if n:
                nbest, nseat = best, best_seat
                if card >> 3 == best >> 3:                               # R1.5
                    if strength[card] > strength[best]:
                        nbest, nseat = card, seat
                elif card >> 3 == trump:
                    nbest, nseat = card, seat
            else:
                nbest, nseat = card, seat
            total = pts + points[card]
            trick.append(card)
            if n == 3:
                gain = total if nseat & 1 == 0 else 0
                if not hands[nseat]:                                     # the last trick
                    if nseat & 1 == 0:
                        gain += DIX_DE_DER                               # R1.4
                    v = gain
                else:
                    v = gain + self.search(nseat, [], 0, 0, 0, 0, alpha - gain, beta - gain)
            else:
                v = self.search((seat + 1) & 3, trick, nbest, nseat, total, tmask | bit,
                                alpha, beta)
            trick.pop()
            hands[seat] ^= bit
            if maximize:
                if v > value:
                    value, best_move = v, group
                    if v > alpha:
                        alpha = v
            else:
                if v < value:
                    value, best_move = v, group
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key:
            low, high = -_INF, _INF
            entry = self.table.get(key)
            if entry is not None:
                low, high = entry[0], entry[1]
            if value <= a0:
                high = min(high, value)
            elif value >= b0:
                low = max(low, value)
            else:
                low = high = value
            self.table[key] = (low, high, best_move)
        return value

    def exact(self, seat: int, trick: list[int], best: int, best_seat: int, pts: int,
              tmask: int, upper: int, guess: int = -1) -> int:
        """The exact value of a position, by bisection with null-window searches in
        ``0..upper`` (fail-soft values narrow the interval faster), first probing at
        ``guess`` and ``guess + 1`` when ``0 < guess < upper`` (the value of a sibling)."""
        low, high = 0, upper
        probes = [guess, guess + 1] if 0 < guess < upper else []
        while low < high:
            beta = probes.pop(0) if probes else (low + high + 1) // 2
            if not low < beta <= high:
                continue
            v = self.search(seat, trick, best, best_seat, pts, tmask, beta - 1, beta)
            if v < beta:
                high = v
            else:
                low = v
        return low


# ------------------------------------------------------------------------ public API
def _parse_hands(hands: Mapping[Seat | str, Iterable[Card | str]]) -> dict[Seat, tuple[Card, ...]]:
    parsed: dict[Seat, tuple[Card, ...]] = {}
    for key, cards in hands.items():
        seat = Seat.parse(key)
        if seat in parsed:
            raise InvalidPositionError(f"seat {seat} is given twice in the hands")
        parsed[seat] = parse_cards(list(cards), what=f"hand of {seat}")
    missing = [str(s) for s in Seat if s not in parsed]
    if missing:
        raise InvalidPositionError(
            f"missing hand(s) of {', '.join(missing)}: give the cards of N, E, S and W "
            "(an empty list for a seat without cards)")
    return parsed


def solve(hands: Mapping[Seat | str, Iterable[Card | str]], trump: Suit | str,
          trick: Iterable[Card | str] = (), leader: Seat | str | None = None,
          rules: RuleSet | str | Mapping[str, object] | None = None) -> SolveResult:
    """Solve a position double dummy: the value of every legal card of the seat to play.

    Args:
        hands: the cards each seat still holds, ``{seat: cards}`` for the four seats
            (``Seat`` or ``"N"``..., cards as :class:`Card` or notation; 0 to 8 each).
        trump: the trump suit.
        trick: the cards already played to the current trick, leader first (0 to 3).
        leader: the seat that led the current trick (required); the seat to play is
            the one after the last card of ``trick`` (R2.8, counter-clockwise).
        rules: a RuleSet, preset name or mapping of options over ``classic`` (R7); only
            ``undertrump`` (R3.6) and ``overtrump_partner_on_trump_lead`` (R3.2) matter.

    Returns:
        A :class:`SolveResult`: ``values`` maps each legal card (R3) of the seat to play,
        in hand order, to the card points (R1.2–R1.4) its team then wins from here,
        current trick and dix de der included.

    Raises:
        InvalidCardError: a card cannot be read, or a hand names a card twice.
        InvalidPositionError: an unknown or missing seat, no ``leader``; a card in two
            hands or in a hand and the trick; a trick of 4 or more cards; the seat to play
            without a card; hand sizes that do not fit the trick (the seats who already
            played to it hold one card fewer than the others); more than 8 cards a hand.
        InvalidRuleSetError: ``rules`` is invalid.
    """
    start = time.perf_counter()
    ruleset = RuleSet.from_spec(rules)
    trump_suit = Suit.parse(trump)
    if leader is None:
        raise InvalidPositionError("the seat that led the current trick (leader) is required")
    lead_seat = Seat.parse(leader)
    parsed = _parse_hands(hands)
    trick_cards = parse_cards(list(trick), what="trick")
    if len(trick_cards) > 3:
        raise InvalidPositionError(
            f"the current trick holds 0 to 3 cards with a seat still to play, got "
            f"{len(trick_cards)}: {' '.join(str(c) for c in trick_cards)}")
    owner: dict[Card, str] = {}
    for seat, cards in parsed.items():
        for card in cards:
            if card in owner:
                raise InvalidPositionError(
                    f"card {card} is in the hands of both {owner[card]} and {seat}")
            owner[card] = str(seat)
    for card in trick_cards:
        if card in owner:
            raise InvalidPositionError(
                f"card {card} is both in the trick and in the hand of {owner[card]}")
    played: list[Seat] = []
    to_play = lead_seat
    for _ in trick_cards:
        played.append(to_play)
        to_play = to_play.next
    size = len(parsed[to_play])
    if size == 0:
        raise InvalidPositionError(f"{to_play}, the seat to play, holds no card")
    for seat, cards in parsed.items():
        wanted = size - 1 if seat in played else size
        if len(cards) != wanted:
            raise InvalidPositionError(
                f"{seat} holds {len(cards)} cards, expected {wanted}: {to_play} is to play "
                f"with {size} cards and the seats who played to the current trick "
                f"({', '.join(str(s) for s in played) or 'none'}) hold one card fewer")
    if size > 8:
        raise InvalidPositionError(f"a hand holds at most 8 cards, {to_play} holds {size}")

    t = suit_index(trump_suit)
    masks = [0, 0, 0, 0]
    for seat, cards in parsed.items():
        masks[seat_index(seat)] = hand_mask(cards)
    search = _Search(masks, t, ruleset.undertrump == "free",
                     ruleset.overtrump_partner_on_trump_lead)
    seat = seat_index(to_play)
    fast_trick = [card_index(c) for c in trick_cards]
    points = POINTS[t]
    strength = STRENGTH[t]
    pts = sum(points[c] for c in fast_trick)
    best, best_seat = 0, 0
    if fast_trick:
        position = trick_winner(fast_trick, t)
        best = fast_trick[position]
        best_seat = (seat - len(fast_trick) + position) & 3
    remaining = sum(points[c] for c in mask_indices(masks[0] | masks[1] | masks[2] | masks[3]))
    upper = pts + remaining + DIX_DE_DER
    tmask = hand_mask(trick_cards)
    values_ns: dict[int, int] = {}
    n = len(fast_trick)
    guess = -1                  # the value of the previous root card (NS points)
    for card, group in search.moves(seat, fast_trick, best, best_seat, tmask, 0):
        search.nodes += 1
        bit = BIT[card]
        masks[seat] ^= bit
        if n:
            nbest, nseat = best, best_seat
            if card >> 3 == best >> 3:
                if strength[card] > strength[best]:
                    nbest, nseat = card, seat
            elif card >> 3 == t:
                nbest, nseat = card, seat
        else:
            nbest, nseat = card, seat
        total = pts + points[card]
        if n == 3:
            gain = total if nseat & 1 == 0 else 0
            if not masks[nseat]:
                v = gain + (DIX_DE_DER if nseat & 1 == 0 else 0)
            else:
                v = gain + search.exact(nseat, [], 0, 0, 0, 0, upper - total, guess - gain)
        else:
            v = search.exact((seat + 1) & 3, [*fast_trick, card], nbest, nseat, total,
                             tmask | bit, upper, guess)
        guess = v
        masks[seat] ^= bit
        for member in mask_indices(group):
            values_ns[member] = v
    team_ns = seat & 1 == 0
    values = {card: (values_ns[card_index(card)] if team_ns
                     else upper - values_ns[card_index(card)])
              for card in parsed[to_play] if card_index(card) in values_ns}
    return SolveResult(seat=to_play, values=values, nodes=search.nodes,
                       seconds=time.perf_counter() - start)

