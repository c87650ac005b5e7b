"""Double-dummy solver: the exact card points of every legal card, all hands seen.

Given the four hands, the trump, the trick in progress and its leader, :func:`solve`
returns, for every legal card of the seat to play, the card points (R1.2, R1.3) that
the team of that seat wins from here to the end of the deal with best play by all four
players who see all cards: the cards already played to the current trick included, plus
the 10 of the dix de der (R1.4). Belote (R5), announcements (R4) and the capot bonus
(R6.5) are not counted, as the ``values`` of a ``solve`` scenario (SCENARIOS.md).

    >>> from belote_teach.engine.cards import Seat
    >>> result = solve({"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]},
    ...                trump="H", trick=["AC", "KC", "9C"], leader=Seat.EAST)
    >>> result.seat, {str(card): v for card, v in result.values.items()}
    (<Seat.SOUTH: 'S'>, {'9H': 29, '8H': 56})
    >>> str(result.best[0]), result.value
    ('8H', 56)

:func:`reaches` answers a yes-or-no question at the start of a trick instead: does a team
win at least so many card points from here (a bid's question: is the contract made,
R6.2)? One null-window search of the same core, much cheaper than valuing every card
(full random deals: median 2.7 ms against 40 ms for :func:`solve`, same machine).

Search: alpha-beta in one of two private cores with the same interface and the same
values, :data:`CORE` naming the one in use: the compiled core
:mod:`belote_teach.search._solver_core` (numba) wherever numba imports, else the
pure-Python core :mod:`belote_teach.search._solver_py` (Pyodide, in the browser: no numba
nor numpy there), some 5 to 40 times slower (timing below). Both work on the bitmask
representation of :mod:`belote_teach.engine.bitmask`, values being the points of
North-South from the current trick on, with

* a transposition table at trick boundaries (the four hands and the leader fix the
  value of the rest of the deal), storing lower and upper bounds and the best lead,
  keyed so that positions differing only by which small cards of no points are gone
  share an entry; kept by the thread from one solve to the next (keyed by the trump and
  rule options too, its values points from that trick on), so the worlds of one position
  share their common sub-positions;
* bounds from the points still in play and from the sure points of the team holding
  the highest trumps (each wins the trick it is played to, R1.5);
* move ordering: on a lead, the table's best lead, then master cards (most points
  first), then the others from the weakest; when following, feeding a master partner
  (most points first), else winning cheaply (the last seat wins with the most points)
  before the cheapest losing cards;
* the last trick (one card a hand, every play forced) evaluated directly, the last two
  by a direct alpha-beta kept in the table;
* equivalent-card pruning: two cards of one hand are interchangeable when they are of one
  suit, no card between them in that suit's order (R1.2 or R1.3) is still in play (in a
  hand or in the current trick), and they are worth the same points; only one of each
  such group is searched, the others get its value;
* the legal cards of R3, options ``undertrump`` (R3.6) and
  ``overtrump_partner_on_trump_lead`` (R3.2) of the :class:`~belote_teach.engine.rules.RuleSet`
  included, decided exactly as :func:`belote_teach.engine.bitmask.legal_mask`.

Each root card is valued exactly by null-window searches sharing one table: the first
at the previous card's value, then growing steps (1, 2, 4, 8 points) from the bound found
towards the value, then bisection. ``solve(..., only=cards)`` values those root cards
alone (and their equivalents), the others not searched; each card costs about as much as
any other: two cards valued took 37 % of the full solve's time (the 29 trick-1 positions
of 4 cards or more of 20 club-played deals, 48 worlds each, 17.0 s against 46.2 s on one
core, 2026-12-03). The coach's added worlds value only the cards that may be within 4
points of the best one.

Threads: each thread solves with its own search memory (the compiled core's table and
stacks, some 16 MiB; the pure core's dict, up to some 75 MiB; allocated on its first solve
and kept for the thread's next solves). The compiled core releases the GIL, so a
background thread can solve while another serves the interface; the pure core holds it.
The values never depend on what the thread solved before. Each solve of some size records
the thread's pace (:mod:`belote_teach.search.pace`: positions a second of wall clock), from
which a caller with a time budget sets its node limits.

Timing (``benchmarks/solver.py``, one core of the 2-core Xeon development machine shared
with other work, CPython 3.11, numba 0.68, every legal card valued, rules of colver:
undertrump free, 2026-12-02), side by side with colver 0.11.1's ``Env.solve_scores`` on
the same positions in the same process: 100 random full 8-trick deals, ours median
41 ms, 95th percentile 160 ms, max 434 ms (colver 47, 222 and 972 ms; ratios 0.86, 0.72,
0.45; some 275,000 nodes a deal); 200 4-trick endings, ours median 0.2 ms, 95th
percentile 0.4 ms (colver 0.11 and 0.35 ms: ours is mostly the checks in Python). The
first solve of a fresh install compiles the core (some 15 s, once: numba keeps it in
``__pycache__``); later processes load it in about 0.5 s.

The pure-Python core (``benchmarks/solver.py --pure``, one core of the 2-core EPYC
development machine shared with other work, CPython 3.11, the same rules and kinds of
positions, 2026-12-06), both cores on the same positions in the same process: 40 full
deals, pure median 812 ms, 95th percentile 3.9 s, max 13.5 s, against the compiled core's
22, 92 and 243 ms (ratios 37, 42 and 56; some 235,000 nodes a deal on either core); 200
4-trick endings, pure median 0.5 ms, 95th percentile 2.3 ms (compiled 0.1 and 0.2 ms).
Every card got the same value from both. Pyodide runs CPython some 2 times slower again.

The coach's load (``benchmarks/solver.py --coach --positions 40``: South's positions at
pli 1 and 2 of 40 club-played deals, 78 positions, 48 sampled worlds each solved in one
thread, same machine heavily shared, 2026-12-02): 152 million nodes in all (163 million
before the table was kept from one solve to the next and the root probes grew by steps,
156 million with the table emptied at each solve); a position's 48 worlds take a median
of 140-160 ms and a 95th percentile of 510-620 ms (pli 1: 730 ms, pli 2: 300 ms), the
previous core 155-200 and 540-650 ms in the same runs (some 9% more time in all); the
heaviest are at pli 1 with South last to play (a 7-trick solve a world).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from belote_teach.engine.bitmask import (
    card_index,
    legal_mask,
    mask_indices,
    seat_index,
    suit_index,
)
from belote_teach.engine.cards import DIX_DE_DER, Card, Seat, Suit, Team, parse_cards
from belote_teach.engine.cards import points as card_points
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.rules import RuleSet, legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.search import _solver_py
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.pace import record

__all__ = ["CORE", "Hands", "NodeLimitError", "SolveResult", "is_pure", "reaches", "solve"]


class _Core(Protocol):
    """What :func:`solve` and :func:`reaches` ask of a core (both cores' ``Core``)."""

    keep: bool

    def solve(self, hands: list[int], trump: int, trick: list[int], leader: int,
              undertrump_free: bool, overtrump_partner: bool, node_limit: int = 0,
              wanted: int = -1) -> tuple[list[tuple[int, int]], int, int] | None: ...

    def reaches(self, hands: list[int], trump: int, leader: int, target: int,
                undertrump_free: bool, overtrump_partner: bool, node_limit: int = 0
                ) -> tuple[bool, int] | None: ...


def _cores() -> dict[str, type[_Core]]:
    """The cores this interpreter can run, by name: ``"pure"`` always, ``"compiled"``
    when numba imports (not in Pyodide)."""
    cores: dict[str, type[_Core]] = {"pure": _solver_py.Core}
    try:
        from belote_teach.search._solver_core import Core
    except ImportError:
        return cores
    cores["compiled"] = Core
    return cores


_CORES = _cores()
#: The core that solves: ``"compiled"`` (numba's machine code) when numba imports,
#: else ``"pure"`` (pure Python, the same values, some 30 times slower).
CORE: str = "compiled" if "compiled" in _CORES else "pure"


def is_pure() -> bool:
    """Whether the solver runs on its pure-Python core (:data:`CORE` ``"pure"``: no numba,
    as in Pyodide, the course's static edition), tens of times slower than the compiled
    one: the coach and the expert then judge fewer worlds, or play them out."""
    return CORE == "pure"


#: The four hands as :func:`solve` reads them, ``{seat: cards}``: seats as :class:`Seat`
#: or notation (``"N"``...), cards as :class:`Card` or notation (``"QD"``). Three
#: alternatives because a mapping's key type is exact: ``{Seat.NORTH: ...}``,
#: ``{"N": ...}`` and a mix of both are all accepted.
Hands: TypeAlias = (Mapping[Seat, Iterable[Card | str]] | Mapping[str, Iterable[Card | str]]
                    | Mapping[Seat | str, Iterable[Card | str]])

_LOCAL = threading.local()


def _core(name: str | None = None) -> _Core:
    """The calling thread's search memory of the core ``name`` (default :data:`CORE`;
    allocated on its first solve): each thread searches with its own table and stacks,
    and the compiled core releases the GIL, so solves in several threads run at once.

    Raises:
        KeyError: ``name`` is not a core this interpreter can run.
    """
    kind = CORE if name is None else name
    cores: dict[str, _Core] | None = getattr(_LOCAL, "cores", None)
    if cores is None:
        cores = _LOCAL.cores = {}
    core = cores.get(kind)
    if core is None:
        core = cores[kind] = _CORES[kind]()
    return core


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
            them; the forced last trick counts as one), a measure of work: fewer when the
            thread's table already holds some of them from its earlier solves.
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


# ------------------------------------------------------------------------ public API
def _parse_hands(hands: Hands) -> dict[Seat, tuple[Card, ...]]:
    if not isinstance(hands, Mapping):
        raise InvalidPositionError(
            f"hands must map each seat to its cards, e.g. {{'N': ['QD'], ...}}, got {hands!r}")
    parsed: dict[Seat, tuple[Card, ...]] = {}
    for key, cards in hands.items():
        seat = Seat.parse(key)
        if seat in parsed:
            raise InvalidPositionError(f"seat {seat} is given twice in the hands")
        cards = cards if type(cards) is tuple else list(cards)
        parsed[seat] = parse_cards(cards, what=f"hand of {seat}")
    missing = [str(s) for s in Seat if s not in parsed]
    if missing:
        raise InvalidPositionError(
            f"missing hand(s) of {', '.join(missing)}: give the cards of N, E, S and W "
            "(an empty list for a seat without cards)")
    return parsed


def _hand_masks(hands: Mapping[Seat, tuple[Card, ...]]
                ) -> tuple[dict[Seat, int], dict[int, Seat]]:
    """Each seat's hand as a bitmask of card indices, and the seat holding each index.

    Raises:
        InvalidPositionError: a card is in two hands.
    """
    owner: dict[int, Seat] = {}
    masks: dict[Seat, int] = {}
    for seat, cards in hands.items():
        mask = 0
        for card in cards:
            index = card_index(card)
            if index in owner:
                raise InvalidPositionError(
                    f"card {card} is in the hands of both {owner[index]} and {seat}")
            owner[index] = seat
            mask |= 1 << index
        masks[seat] = mask
    return masks, owner


def _by_seat_index(masks: Mapping[Seat, int]) -> list[int]:
    """The four hand bitmasks in the core's seat order (``0 = S, 1 = E, 2 = N, 3 = W``)."""
    ordered = [0, 0, 0, 0]
    for seat, mask in masks.items():
        ordered[seat_index(seat)] = mask
    return ordered


def _check_trick(masks: Mapping[Seat, int], hands: Mapping[Seat, tuple[Card, ...]],
                 trump: Suit, leader: Seat, cards: Sequence[Card], indices: Sequence[int],
                 rules: RuleSet) -> None:
    """Each card of the current trick (``indices``: their card indices) was legal (R3) from
    its player's hand then (the hand now, ``masks`` as bitmasks, plus that card): a
    position reached through a revoke (R3.8) is refused."""
    t = suit_index(trump)
    seat = leader
    played: list[int] = []
    for card, index in zip(cards, indices, strict=True):
        legal = legal_mask(masks[seat] | 1 << index, played, t,
                           rules.undertrump == "free", rules.overtrump_partner_on_trump_lead)
        if not legal >> index & 1:
            trick = Trick(trump, leader, cards[:len(played)])
            allowed = legal_plays((*hands[seat], card), trick, rules)
            raise InvalidPositionError(
                f"{seat}'s {card} in the current trick is a revoke (R3.8): with "
                f"{' '.join(str(c) for c in (*hands[seat], card))} {seat} had to play one of "
                f"{' '.join(str(c) for c in allowed)}")
        played.append(index)
        seat = seat.next


def _wanted(only: Iterable[Card | str], hand: Sequence[Card], seat: Seat, legal: int) -> int:
    """The bitmask of card indices of ``only``: legal cards (``legal``, a bitmask) of
    ``seat``'s ``hand``.

    Raises:
        InvalidCardError: a card cannot be read, or is named twice.
        InvalidPositionError: ``only`` is a single card or string, is empty, or names a
            card ``seat`` does not hold or may not play (R3).
    """
    if isinstance(only, (str, Card)):
        raise InvalidPositionError(
            f"only must be a list of cards of the seat to play, got {only!r}")
    cards = parse_cards(list(only), what="only")
    if not cards:
        raise InvalidPositionError("only must name at least one card of the seat to play")
    wanted = 0
    for card in cards:
        if card not in hand:
            raise InvalidPositionError(
                f"only names {card}, which {seat}, the seat to play, does not hold "
                f"({' '.join(str(c) for c in hand)})")
        if not legal >> card_index(card) & 1:
            raise InvalidPositionError(
                f"only names {card}, which {seat}, the seat to play, may not play here (R3)")
        wanted |= 1 << card_index(card)
    return wanted


def solve(hands: Hands, trump: Suit | str,
          trick: Iterable[Card | str] = (), leader: Seat | str | None = None,
          rules: RuleSet | str | Mapping[str, object] | None = None, *,
          node_limit: int | None = None, only: Iterable[Card | str] | None = None
          ) -> SolveResult:
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
        node_limit: the most positions to search (``None``: no limit). A solve with a
            limit starts on an empty transposition table, so whether a position fits in
            it depends on the position alone (not on what this thread solved before):
            a caller with a time budget gets the same answer on every run.
        only: legal cards of the seat to play to value (``None``: all): the others are
            not searched, save those equivalent to one of them (same suit and points, no
            card in play between them), which come with it. The values are those of a
            full solve; a card's search costs about as much as any other's.

    Returns:
        A :class:`SolveResult`: ``values`` maps each legal card (R3) of the seat to play
        (with ``only``, those named and their equivalents), in hand order, to the card
        points (R1.2–R1.4) its team then wins from here, current trick and dix de der
        included.

    Raises:
        InvalidCardError: a card cannot be read, or a hand names a card twice.
        InvalidPositionError: an unknown or missing seat, no ``leader``; a card in two
            hands or in a hand and the trick; a trick of 4 or more cards; the seat to play
            without a card; hand sizes that do not fit the trick (the seats who already
            played to it hold one card fewer than the others); more than 8 cards a hand;
            a card of ``trick`` that its player could not legally play (a revoke, R3.8);
            ``only`` empty, a single card, or naming a card the seat to play does not
            hold or may not play.
        InvalidRuleSetError: ``rules`` is invalid.
        NodeLimitError: more than ``node_limit`` positions searched before every value.
        ValueError: ``node_limit`` is not a whole number of 1 or more.
    """
    start = time.perf_counter()
    if node_limit is not None and (isinstance(node_limit, bool) or not isinstance(
            node_limit, int) or node_limit < 1):
        raise ValueError(f"node_limit must be a whole number of positions, 1 or more, or "
                         f"None, got {node_limit!r}")
    ruleset = RuleSet.from_spec(rules)
    trump_suit = Suit.parse(trump)
    if leader is None:
        raise InvalidPositionError("the seat that led the current trick (leader) is required")
    lead_seat = Seat.parse(leader)
    parsed = _parse_hands(hands)
    if trick is None or isinstance(trick, (str, Card)):
        raise InvalidPositionError(
            f"trick must be the list of cards already played to the current trick, leader "
            f"first (empty for a lead), got {trick!r}")
    trick_cards = parse_cards(list(trick), what="trick")
    if len(trick_cards) > 3:
        raise InvalidPositionError(
            f"the current trick holds 0 to 3 cards with a seat still to play, got "
            f"{len(trick_cards)}: {' '.join(str(c) for c in trick_cards)}")
    by_seat, owner = _hand_masks(parsed)
    trick_indices = [card_index(c) for c in trick_cards]
    for card, index in zip(trick_cards, trick_indices, strict=True):
        if index in owner:
            raise InvalidPositionError(
                f"card {card} is both in the trick and in the hand of {owner[index]}")
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
    masks = _by_seat_index(by_seat)
    _check_trick(by_seat, parsed, trump_suit, lead_seat, trick_cards, trick_indices, ruleset)

    wanted = -1
    if only is not None:
        legal = legal_mask(by_seat[to_play], trick_indices, suit_index(trump_suit),
                           ruleset.undertrump == "free", ruleset.overtrump_partner_on_trump_lead)
        wanted = _wanted(only, parsed[to_play], to_play, legal)
    searching = time.perf_counter()
    solved = _core().solve(
        masks, suit_index(trump_suit), trick_indices, seat_index(lead_seat),
        ruleset.undertrump == "free", ruleset.overtrump_partner_on_trump_lead,
        node_limit or 0, wanted)
    if solved is None:
        assert node_limit is not None
        record(node_limit, time.perf_counter() - searching)
        raise NodeLimitError(node_limit)
    groups, upper, nodes = solved
    record(nodes, time.perf_counter() - searching)
    team_ns = seat_index(to_play) & 1 == 0
    values_ns = {member: v for group, v in groups for member in mask_indices(group)}
    values = {card: (values_ns[index] if team_ns else upper - values_ns[index])
              for card in parsed[to_play] if (index := card_index(card)) in values_ns}
    return SolveResult(seat=to_play, values=values, nodes=nodes,
                       seconds=time.perf_counter() - start)


def reaches(hands: Hands, trump: Suit | str, leader: Seat | str, team: Team | str,
            points: int, rules: RuleSet | str | Mapping[str, object] | None = None, *,
            node_limit: int | None = None) -> bool:
    """Whether ``team`` wins at least ``points`` card points from the start of a trick to
    the end of the deal with best play by all, all hands seen: one null-window search,
    much cheaper than :func:`solve` (which values every card). What a bid needs: does the
    contract make (R6.2) on this deal?

    Args:
        hands: the cards each seat holds at the start of a trick, as in :func:`solve`;
            the four hands of one size, 1 to 8.
        trump: the trump suit.
        leader: the seat to lead the trick (R2.8).
        team: the team asked about (``Team`` or ``"NS"``/``"EW"``).
        points: card points (R1.2-R1.4, dix de der included); 0 or less is always
            reached, more than the points in play never.
        rules: as :func:`solve`.
        node_limit: the most positions to search, as :func:`solve`.

    Raises:
        InvalidCardError, InvalidPositionError: as :func:`solve`; hands of different
            sizes (a trick in progress), or empty.
        InvalidRuleSetError: ``rules`` is invalid.
        NodeLimitError: more than ``node_limit`` positions searched before the answer.
        ValueError: ``points`` or ``node_limit`` is not a whole number (``node_limit``
            1 or more), or ``team`` is not a team.
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"points must be a whole number of card points, got {points!r}")
    if node_limit is not None and (isinstance(node_limit, bool) or not isinstance(
            node_limit, int) or node_limit < 1):
        raise ValueError(f"node_limit must be a whole number of positions, 1 or more, or "
                         f"None, got {node_limit!r}")
    if not isinstance(team, Team) and team not in ("NS", "EW"):
        raise ValueError(f"team must be Team.NS or Team.EW (or 'NS', 'EW'), got {team!r}")
    asked = Team(team)
    ruleset = RuleSet.from_spec(rules)
    trump_suit = Suit.parse(trump)
    lead_seat = Seat.parse(leader)
    parsed = _parse_hands(hands)
    sizes = {len(cards) for cards in parsed.values()}
    if len(sizes) != 1 or not 1 <= min(sizes) <= 8:
        raise InvalidPositionError(
            "at the start of a trick the four hands hold the same number of cards, 1 to 8, "
            f"got {', '.join(f'{seat} {len(cards)}' for seat, cards in parsed.items())}")
    masks = _by_seat_index(_hand_masks(parsed)[0])
    target = points
    if asked is Team.EW:         # East-West reach ``points`` when North-South stay below the rest
        upper = DIX_DE_DER + sum(card_points(card, trump_suit)
                                 for cards in parsed.values() for card in cards)
        target = upper - points + 1
    searching = time.perf_counter()
    answer = _core().reaches(masks, suit_index(trump_suit), seat_index(lead_seat), target,
                             ruleset.undertrump == "free",
                             ruleset.overtrump_partner_on_trump_lead, node_limit or 0)
    if answer is None:
        assert node_limit is not None
        record(node_limit, time.perf_counter() - searching)
        raise NodeLimitError(node_limit)
    record(answer[1], time.perf_counter() - searching)
    return answer[0] == (asked is Team.NS)


def warm_up() -> float:
    """Make the solver's core ready now, both entries (:func:`solve` and :func:`reaches`),
    by solving two tiny positions. The compiled core is compiled (or loaded from numba's
    cache): the first solve of a fresh install otherwise pays some 15 s of compilation,
    and the first :func:`reaches` (a bid of the expert, the coach's review of a bid) 4 s
    more, which a learner's first computer decision should not. The pure-Python core
    (:data:`CORE` ``"pure"``, no numba) has nothing to compile: only its tables are built
    (some 0.1 s). Returns the seconds it took."""
    start = time.perf_counter()
    solve({"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}, "H",
          ["AC", "KC", "9C"], "E")
    reaches({"N": ["QD", "7D"], "E": ["10S", "7S"], "S": ["9H", "8H"], "W": ["KH", "7C"]},
            "H", "S", "NS", 20)
    return time.perf_counter() - start


if __name__ == "__main__":  # pragma: no cover - ``python -m belote_teach.search.solver --warm-up``
    import sys

    if sys.argv[1:] != ["--warm-up"]:
        sys.exit("usage: python -m belote_teach.search.solver --warm-up")
    print(f"belote-teach: double-dummy solver ready ({warm_up():.1f} s)")
