"""The double-dummy solver (:mod:`belote_teach.search.solver`) and ``belote-teach solve``.

The solver (alpha-beta, transposition table, move ordering, equivalent cards) must give
exactly what a brute-force minimax gives on small endings, written here on the checked
slow path (:func:`belote_teach.engine.rules.legal_plays`, :class:`belote_teach.engine.trick.Trick`),
under every combination of the R3.2 and R3.6 options. It runs on the core
``solver.CORE`` picks (the compiled one where numba imports); ``test_solver_cores.py``
holds the pure-Python core to the same values.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.cli import main
from belote_teach.course.scenarios import SolveScenario, check_file, check_scenario, load_file
from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team, points
from belote_teach.engine.errors import InvalidCardError, InvalidPositionError, InvalidRuleSetError
from belote_teach.engine.rules import RuleSet, legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.search._solver_py import group_leaders as _group_leaders
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.solver import SolveResult, reaches, solve

HERE = Path(__file__).resolve().parents[1]
PUBLIC = HERE / "data" / "public.yaml"

#: Every combination of the options the move generator must respect (R3.2, R3.6).
OPTIONS = [RuleSet(undertrump=u, overtrump_partner_on_trump_lead=o)
           for u in ("required", "free") for o in (True, False)]
OPTION_IDS = [f"undertrump-{r.undertrump}-overtrump-partner-{r.overtrump_partner_on_trump_lead}"
              for r in OPTIONS]

Hands = dict[Seat, tuple[Card, ...]]


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


# ---------------------------------------------------------------------- brute force
def brute_force(hands: Mapping[Seat, Sequence[Card]], trump: Suit, trick: Sequence[Card],
                leader: Seat, rules: RuleSet) -> dict[Card, int]:
    """Plain minimax over every legal card (no pruning, exact values memoized): the card
    points of the team to play for each of its legal cards (R1.2-R1.5, R3)."""

    @functools.cache
    def ns_points(state: tuple[tuple[Card, ...], ...], played: tuple[Card, ...],
                  lead: Seat) -> int:
        held = dict(zip(Seat, state, strict=True))
        current = Trick(trump, leader=lead, cards=played)
        if current.is_complete:
            winner = current.winner
            gain = current.points
            if not any(state):
                gain += 10                                                   # R1.4
            rest = ns_points(state, (), winner) if any(state) else 0
            return rest + (gain if winner.team is Team.NS else 0)
        seat = current.next_seat
        outcomes = [ns_points(tuple(tuple(c for c in held[s] if c != card) for s in Seat),
                              (*played, card), lead)
                    for card in legal_plays(held[seat], current, rules)]
        return max(outcomes) if seat.team is Team.NS else min(outcomes)

    state = tuple(tuple(hands[s]) for s in Seat)
    current = Trick(trump, leader=leader, cards=trick)
    seat = current.next_seat
    total = sum(points(c, trump) for c in (*trick, *(c for h in state for c in h))) + 10
    out = {}
    for card in legal_plays(hands[seat], current, rules):
        after = tuple(tuple(c for c in h if c != card) for h in state)
        ns = ns_points(after, (*trick, card), leader)
        out[card] = ns if seat.team is Team.NS else total - ns
    return out


def random_ending(rng: random.Random, tricks: int, rules: RuleSet
                  ) -> tuple[Hands, Suit, tuple[Card, ...], Seat]:
    """``tricks`` cards dealt to each seat, then 0-3 cards of the current trick played at
    random among the legal ones (so the position can occur in a real deal)."""
    deck = list(DECK)
    rng.shuffle(deck)
    trump = rng.choice(list(Suit))
    leader = rng.choice(list(Seat))
    hands = {seat: tuple(deck[i * tricks:(i + 1) * tricks]) for i, seat in enumerate(Seat)}
    trick: list[Card] = []
    seat = leader
    for _ in range(rng.randrange(4)):
        card = rng.choice(list(legal_plays(hands[seat],
                                           Trick(trump, leader=leader, cards=trick), rules)))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick.append(card)
        seat = seat.next
    return hands, trump, tuple(trick), leader


def remaining_points(hands: Mapping[Seat, Sequence[Card]], trump: Suit,
                     trick: Sequence[Card]) -> int:
    """Card points still to be won from the current trick on, dix de der included."""
    return sum(points(c, trump) for c in (*trick, *(c for h in hands.values() for c in h))) + 10


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=60, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(2, 3))
def test_solver_equals_brute_force(rules: RuleSet, seed: int, tricks: int) -> None:
    hands, trump, trick, leader = random_ending(random.Random(seed), tricks, rules)
    assert solve(hands, trump, trick, leader, rules).values == brute_force(
        hands, trump, trick, leader, rules)


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=8, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_solver_equals_brute_force_four_tricks(rules: RuleSet, seed: int) -> None:
    hands, trump, trick, leader = random_ending(random.Random(seed), 4, rules)
    assert solve(hands, trump, trick, leader, rules).values == brute_force(
        hands, trump, trick, leader, rules)


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=25, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(2, 8))
def test_only_some_cards_valued_give_the_full_solves_values(rules: RuleSet, seed: int,
                                                             tricks: int) -> None:
    """``only``: the cards named (and those equivalent to them) get exactly the values of
    the solve of every card, in hand order; the others are not valued."""
    rng = random.Random(seed)
    hands, trump, trick, leader = random_ending(rng, tricks, rules)
    full = solve(hands, trump, trick, leader, rules).values
    wanted = rng.sample(sorted(full, key=str), rng.randint(1, len(full)))
    some = solve(hands, trump, trick, leader, rules, only=wanted)
    assert set(wanted) <= set(some.values) <= set(full)
    assert some.values == {c: v for c, v in full.items() if c in some.values}
    assert list(some.values) == [c for c in full if c in some.values]       # hand order


# ---------------------------------------------------------------------- invariants
def play(hands: Hands, trump: Suit, trick: tuple[Card, ...], leader: Seat, card: Card
         ) -> tuple[Hands, tuple[Card, ...], Seat, int, Team | None]:
    """The position after ``card``: ``(hands, trick, leader, points banked, team)``
    where a completed trick's points (dix de der included on the last) go to ``team``."""
    seat = Trick(trump, leader=leader, cards=trick).next_seat
    hands = {**hands, seat: tuple(c for c in hands[seat] if c != card)}
    done = Trick(trump, leader=leader, cards=(*trick, card))
    if not done.is_complete:
        return hands, (*trick, card), leader, 0, None
    banked = done.points + (0 if any(hands.values()) else 10)
    return hands, (), done.winner, banked, done.winner.team


@pytest.mark.parametrize("seed", range(12))
def test_values_cover_legal_cards_and_add_up(seed: int) -> None:
    rng = random.Random(seed)
    rules = OPTIONS[seed % 4]
    hands, trump, trick, leader = random_ending(rng, 3 + seed % 3, rules)
    result = solve(hands, trump, trick, leader, rules)
    seat = result.seat
    assert seat is Trick(trump, leader=leader, cards=trick).next_seat
    assert set(result.values) == set(legal_plays(hands[seat], Trick(trump, leader, trick),
                                                 rules))
    assert list(result.values) == [c for c in hands[seat] if c in result.values]  # hand order
    total = remaining_points(hands, trump, trick)
    assert all(0 <= v <= total for v in result.values.values())
    # best play on: after a best card, the next seat's best value is the same split of
    # the remaining points (the two teams' points from here add up to remaining + 10)
    for card in result.best:
        after, trick2, leader2, banked, team = play(hands, trump, trick, leader, card)
        if not any(after.values()):
            assert banked == total and result.value == (total if team is seat.team else 0)
            continue
        nxt = solve(after, trump, trick2, leader2, rules)
        mine = banked if team is seat.team else 0
        if nxt.seat.team is seat.team:
            assert result.value == mine + nxt.value
        else:
            assert result.value == mine + (total - banked - nxt.value)


def test_result_properties() -> None:
    result = solve({"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}, "H",
                   ["AC", "KC", "9C"], "E")
    assert isinstance(result, SolveResult)
    assert result.seat is Seat.SOUTH
    assert result.values == {Card.parse("9H"): 29, Card.parse("8H"): 56}
    assert result.best == cards("8H") and result.value == 56
    assert result.nodes > 0 and result.seconds >= 0   # never a wall-time assertion


# ---------------------------------------------------------------------- hand-made endings
def test_last_card_takes_everything_with_dix_de_der() -> None:
    result = solve({Seat.NORTH: [], Seat.EAST: ["8C"], Seat.SOUTH: [], Seat.WEST: []},
                   Suit.CLUBS, cards("10D", "AD", "7C"), Seat.NORTH)
    assert result.values == {Card.parse("8C"): 10 + 11 + 0 + 0 + 10}


def test_last_trick_lead_cannot_be_beaten() -> None:
    # S leads the jack of trumps: NS win everything, 20 + 11 + 10 + 0 + dix de der
    result = solve({"S": ["JS"], "E": ["AH"], "N": ["10H"], "W": ["7D"]}, "S", leader="S")
    assert result.values == {Card.parse("JS"): 51}


def test_feed_the_ten_to_a_master_partner() -> None:
    # hearts trump, nobody holds one. N led the AS, W followed the 8S; S (void in spades,
    # partner master: R3.3) feeds the 10D (NS 11 + 10 = 21; E's KC then takes the last
    # trick), or keeps it and loses it in the last trick (NS 11 only)
    hands = {"N": ["7C"], "W": ["9S"], "S": ["10D", "7D"], "E": ["7S", "KC"]}
    result = solve(hands, "H", ["AS", "8S"], "N")
    assert result.values == {Card.parse("10D"): 21, Card.parse("7D"): 11}
    assert result.best == cards("10D")


def test_undertrump_option_changes_the_legal_cards_and_values() -> None:
    # hearts trump: S led the AC, E the 8C, N trumped with the JH. W (void in clubs, no
    # trump above the jack) must undertrump with the 7H (R3.6); with undertrump free it may
    # keep the 7H to ruff N's AS in the last trick
    hands = {Seat.NORTH: cards("AS"), Seat.EAST: cards("7D"), Seat.SOUTH: cards("8D"),
             Seat.WEST: cards("7H", "10S")}
    trick = cards("AC", "8C", "JH")
    required = solve(hands, "H", trick, "S", RuleSet())
    free = solve(hands, "H", trick, "S", RuleSet(undertrump="free"))
    assert required.values == {Card.parse("7H"): 0}
    assert free.values == {Card.parse("7H"): 0, Card.parse("10S"): 21}


def test_overtrump_partner_option_is_respected() -> None:
    # hearts trump: E led the 7H, N (S's partner) went up with the 9H, W discarded the 10C.
    # S must go over its partner with the JH (R3.2), or may play the 8H with the option off
    hands = {Seat.NORTH: cards("AD"), Seat.EAST: cards("AS"), Seat.SOUTH: cards("JH", "8H"),
             Seat.WEST: cards("7C")}
    trick = cards("7H", "9H", "10C")
    on = solve(hands, "H", trick, "E", RuleSet())
    off = solve(hands, "H", trick, "E", RuleSet(overtrump_partner_on_trump_lead=False))
    assert on.values == {Card.parse("JH"): 76}
    assert off.values == {Card.parse("JH"): 76, Card.parse("8H"): 76}


# ---------------------------------------------------------------------- equivalent cards
def test_equivalent_cards_need_adjacent_strength_and_equal_points() -> None:
    # plain order A 10 K Q J 9 8 7 = rank bits 7 3 6 5 4 2 1 0
    nine, eight, seven, jack, ace, ten = 1 << 2, 1 << 1, 1 << 0, 1 << 4, 1 << 7, 1 << 3
    every = 0xFF
    # 9 8 7 all held: one group (equal 0 points, adjacent)
    assert _group_leaders(False, every, nine | eight | seven) == nine
    # J and 9: adjacent but 2 vs 0 points: two groups
    assert _group_leaders(False, every, jack | nine) == jack | nine
    # 9 and 7 with the 8 still in another hand: two groups
    assert _group_leaders(False, every, nine | seven) == nine | seven
    # 9 and 7 once the 8 is gone: one group
    assert _group_leaders(False, every & ~eight, nine | seven) == nine
    # A and 10 (11 vs 10 points) never merge
    assert _group_leaders(False, every, ace | ten) == ace | ten
    # trumps: 8 and 7 (0 points) merge; the 9 (14) and A (11) do not
    assert _group_leaders(True, every, eight | seven) == eight
    assert _group_leaders(True, every, nine | ace) == nine | ace


def test_equivalent_cards_get_equal_values() -> None:
    hands = {Seat.SOUTH: cards("9D", "8D", "7D"), Seat.EAST: cards("AD", "KS", "QS"),
             Seat.NORTH: cards("JS", "9S", "AS"), Seat.WEST: cards("10D", "7S", "8S")}
    result = solve(hands, "S", leader="S")
    assert len(result.values) == 3
    assert len({result.values[c] for c in cards("9D", "8D", "7D")}) == 1
    assert result.values == brute_force(hands, Suit.SPADES, (), Seat.SOUTH, RuleSet())


# ---------------------------------------------------------------------- input errors
GOOD = {"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}


@pytest.mark.parametrize(("kwargs", "error", "fragment"), [
    ({"hands": {**GOOD, "N": ["10S"]}}, InvalidPositionError,
     "card 10S is in the hands of both"),
    ({"trick": ["AC", "KC", "9H"]}, InvalidPositionError, "card 9H is both in the trick"),
    ({"hands": {**GOOD, "N": ["QD", "7D"]}}, InvalidPositionError,
     "N holds 2 cards, expected 1"),
    ({"trick": ["AC", "KC", "9C", "7C"]}, InvalidPositionError, "0 to 3 cards"),
    ({"leader": None}, InvalidPositionError, "leader"),
    ({"leader": "X"}, InvalidPositionError, "unknown seat 'X'"),
    ({"hands": {"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"]}}, InvalidPositionError,
     "missing hand(s) of W"),
    ({"hands": {**GOOD, "W": ["1H"]}}, InvalidCardError, "1H"),
    ({"hands": {**GOOD, "S": ["9H", "9H"]}}, InvalidCardError, "9H"),
    ({"trump": "X"}, InvalidCardError, "unknown suit 'X'"),
    ({"rules": "belotte"}, InvalidRuleSetError, "belotte"),
    ({"hands": {"N": [], "E": [], "S": [], "W": []}, "trick": []}, InvalidPositionError,
     "holds no card"),
    ({"only": []}, InvalidPositionError, "only must name at least one card"),
    ({"only": "9H"}, InvalidPositionError, "only must be a list of cards"),
    ({"only": ["KH"]}, InvalidPositionError, "only names KH, which S, the seat to play, "
                                            "does not hold (9H 8H)"),
    ({"only": ["9H", "9H"]}, InvalidCardError, "only holds 9H twice"),
    ({"hands": {**GOOD, "S": ["9H", "AD"]}, "only": ["AD"]}, InvalidPositionError,
     "only names AD, which S, the seat to play, may not play here (R3)"),
])
def test_invalid_positions_raise_specific_errors(kwargs, error, fragment) -> None:
    args: dict[str, object] = {"hands": GOOD, "trump": "H", "trick": ["AC", "KC", "9C"],
                               "leader": "E"}
    args.update(kwargs)
    with pytest.raises(error) as caught:
        solve(**args)  # type: ignore[arg-type]
    assert fragment in str(caught.value)


# ---------------------------------------------------------------------- scenarios, CLI
def test_every_public_solve_scenario_passes_the_checker() -> None:
    solves = [s for s in load_file(PUBLIC) if isinstance(s, SolveScenario)]
    assert len(solves) == 5
    for scenario in solves:
        assert check_scenario(scenario) == [], scenario.id
    assert check_file(PUBLIC).ok


def test_wrong_solve_value_is_one_disagreement(tmp_path) -> None:
    text = PUBLIC.read_text(encoding="utf-8").replace("values: {9H: 29, 8H: 56}",
                                                      "values: {9H: 29}")
    path = tmp_path / "wrong.yaml"
    path.write_text(text, encoding="utf-8")
    report = check_file(path)
    [disagreement] = report.disagreements
    assert str(disagreement) == (f"{path}:736: solve-keep-the-nine-for-dix-de-der: values: "
                                 "expected {9H: 29}, got {9H: 29, 8H: 56}")


def run(capsys, *argv: object) -> tuple[int, list[str], str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_cli_solve_prints_every_position(capsys) -> None:
    status, lines, err = run(capsys, "solve", PUBLIC)
    assert (status, err) == (0, "")
    assert len(lines) == 6
    assert lines[1].startswith(
        f"{PUBLIC}:736: solve-keep-the-nine-for-dix-de-der: S to play (trump H, trick "
        "[AC, KC, 9C]): 9H 29, 8H 56; best 8H in ")
    assert lines[3].startswith(f"{PUBLIC}:768: solve-draw-trumps-before-the-ace: S to play "
                               "(trump S, trick []): KS 90, AD 62, KD 62, 9D 58; best KS in ")
    assert all(line.endswith(" ms") for line in lines[:5])
    assert lines[-1].startswith(f"{PUBLIC}: 5 positions solved in ")


def test_cli_solve_shows_a_wrong_expected_value(tmp_path, capsys) -> None:
    path = tmp_path / "one.yaml"
    path.write_text("- {id: s1, kind: solve, trump: H, leader: S, trick: [], "
                    "hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 20}}\n",
                    encoding="utf-8")
    status, lines, _ = run(capsys, "solve", path)
    assert status == 0
    assert lines[0].startswith(f"{path}:1: s1: S to play (trump H, trick []): 9H 41; best 9H")
    assert lines[1] == "  file expects: 9H 20"
    assert lines[2].startswith(f"{path}: 1 position solved in ")


def test_cli_solve_malformed_or_missing_file_exits_2(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {id: s1, kind: solve, trump: H, leader: S, trick: [], "
                   "hands: {N: [QD], E: [QD], S: [9H], W: [KH]}, values: {9H: 20}}\n",
                   encoding="utf-8")
    status, lines, err = run(capsys, "solve", bad, PUBLIC)
    assert status == 2
    assert f"{bad}:1: scenario 's1', key 'hands'" in err
    assert lines[-1].startswith(f"{PUBLIC}: 5 positions solved")   # the others still run
    status, lines, err = run(capsys, "solve", tmp_path / "missing.yaml")
    assert status == 2 and lines == [] and "cannot read the file" in err
    status, _, err = run(capsys, "solve", "--rules", "belotte", PUBLIC)
    assert status == 2 and "belotte" in err
    assert main(["solve"]) == 2


def test_cli_solve_help(capsys) -> None:
    status, lines, _ = run(capsys, "solve", "--help")
    text = "\n".join(lines)
    assert status == 0 and "exit status" in text and "dix de der" in text


def test_a_revoke_in_the_current_trick_is_refused() -> None:
    """North discarded the 7♦ on a club lead while holding the Q♣: not a real position."""
    hands = {"N": ["QC"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}
    with pytest.raises(InvalidPositionError, match=r"N's 7D .* revoke \(R3\.8\).*QC"):
        solve(hands, "H", ["AC", "7D", "9C"], "E")


@pytest.mark.parametrize(("hands", "trick"), [
    ([["QD"], ["10S"], ["9H", "8H"], ["KH"]], ["AC", "KC", "9C"]),
    ({"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}, None),
])
def test_malformed_arguments_are_named(hands: object, trick: object) -> None:
    with pytest.raises(InvalidPositionError, match=r"hands must map|trick must be"):
        solve(hands, "H", trick, "E")  # type: ignore[arg-type]


def test_solves_in_two_threads_at_once_equal_serial_solves() -> None:
    """Each thread searches with its own memory (the compiled core releases the GIL):
    positions solved by two threads at the same time get the values of serial solves."""
    rng = random.Random(7)
    positions = [(*random_ending(rng, 5 + k % 2, OPTIONS[k % 4]), OPTIONS[k % 4])
                 for k in range(8)]
    serial = [solve(*p).values for p in positions]
    results: dict[int, list[dict[Card, int]]] = {0: [], 1: []}
    barrier = threading.Barrier(2)

    def work(index: int) -> None:
        barrier.wait()
        order = positions if index == 0 else positions[::-1]
        results[index] = [solve(*p).values for p in order]

    threads = [threading.Thread(target=work, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0] == serial
    assert results[1] == serial[::-1]


def worlds_of(rng: random.Random, tricks: int, count: int, rules: RuleSet
              ) -> list[tuple[Hands, Suit, tuple[Card, ...], Seat, RuleSet]]:
    """``count`` deals of the same position as the coach draws them: the seat to play's
    hand, the trump and the current trick fixed, the other hands' cards shared out anew
    among their seats (each keeping its number of cards)."""
    hands, trump, trick, leader = random_ending(rng, tricks, rules)
    seat = Trick(trump, leader=leader, cards=trick).next_seat
    others = [s for s in Seat if s is not seat]
    hidden = [c for s in others for c in hands[s]]
    out = []
    for _ in range(count):
        rng.shuffle(hidden)
        world = {seat: hands[seat]}
        at = 0
        for s in others:
            world[s] = tuple(hidden[at:at + len(hands[s])])
            at += len(hands[s])
        out.append((world, trump, trick, leader, rules))
    return out


def in_a_new_thread(positions: Sequence[tuple[Hands, Suit, tuple[Card, ...], Seat, RuleSet]]
                    ) -> list[dict[Card, int]]:
    """The values of ``positions`` solved in order by a new thread (its own empty table)."""
    out: list[dict[Card, int]] = []
    thread = threading.Thread(target=lambda: out.extend(solve(*p).values for p in positions))
    thread.start()
    thread.join()
    return out


def test_values_do_not_depend_on_what_was_solved_before() -> None:
    """The table is kept from one solve to the next (positions of many worlds share deep
    sub-positions): worlds of one position, the same hands under other rule options (R3.2,
    R3.6) and another trump, solved in order, in reverse order and each on an empty
    table, get the same values; so do small worlds against brute force."""
    rng = random.Random(11)
    positions = []
    for k in range(3):
        positions += worlds_of(rng, 6, 6, OPTIONS[k])
    hands, trump, trick, leader, _ = positions[0]
    positions += [(hands, trump, trick, leader, rules) for rules in OPTIONS]
    if not trick:
        positions += [(hands, other, trick, leader, OPTIONS[0]) for other in Suit
                      if other is not trump]
    forward = in_a_new_thread(positions)
    backward = in_a_new_thread(positions[::-1])
    cold = [in_a_new_thread([p])[0] for p in positions]
    assert forward == cold
    assert backward == cold[::-1]
    assert forward == [solve(*p).values for p in positions]     # this thread's table
    small = [w for k in range(4) for w in worlds_of(rng, 4, 3, OPTIONS[k])]
    assert in_a_new_thread(small) == [brute_force(*p) for p in small]


def _full_deal(seed: int) -> dict[Seat, list[Card]]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return {seat: cards[8 * k:8 * k + 8] for k, seat in enumerate(Seat)}


def test_a_solve_over_its_node_limit_is_refused_whatever_was_solved_before() -> None:
    """A limited solve starts on an empty table: the positions it searches are those of
    the position alone. With that many as its limit it gives the exact values; with one
    fewer it refuses, before and after other deals warmed the table."""
    hands = _full_deal(27)
    exact = solve(hands, "H", [], "S")
    cold = solve(hands, "H", [], "S", node_limit=10**9)
    assert cold.values == exact.values and cold.nodes > 100_000
    for warm in (None, 3, 4):
        if warm is not None:
            solve(_full_deal(warm), "H", [], "S")
            solve(hands, "H", [], "S")                  # the same deal, warm: fewer nodes
        assert solve(hands, "H", [], "S", node_limit=cold.nodes).values == exact.values
        with pytest.raises(NodeLimitError, match=f"more than {cold.nodes - 1} positions"):
            solve(hands, "H", [], "S", node_limit=cold.nodes - 1)
    assert solve(hands, "H", [], "S").values == exact.values   # the table still sound


@pytest.mark.parametrize("limit", [0, -5, 2.5, True, "1000"])
def test_a_bad_node_limit_is_named(limit: object) -> None:
    with pytest.raises(ValueError, match="node_limit must be a whole number"):
        solve(_full_deal(1), "H", [], "S", node_limit=limit)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- reaches
def _trick_start(rng: random.Random, tricks: int) -> tuple[Hands, Suit, Seat]:
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {seat: tuple(deck[i * tricks:(i + 1) * tricks]) for i, seat in enumerate(Seat)}
    return hands, rng.choice(list(Suit)), rng.choice(list(Seat))


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=25, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 4))
def test_reaches_agrees_with_brute_force_at_every_threshold(rules: RuleSet, seed: int,
                                                             tricks: int) -> None:
    """For each team, ``reaches`` answers yes exactly up to the value of the position
    (brute force), under every combination of the options R3.2 and R3.6."""
    hands, trump, leader = _trick_start(random.Random(seed), tricks)
    value = max(brute_force(hands, trump, (), leader, rules).values())
    total = remaining_points(hands, trump, ())
    worth = {leader.team: value, leader.team.other: total - value}
    for team, points_won in worth.items():
        for asked in (points_won - 1, points_won, points_won + 1):
            assert reaches(hands, trump, leader, team, asked, rules) is (points_won >= asked)


def test_reaches_agrees_with_solve_on_full_deals() -> None:
    """Full 8-card deals: the answer at the value and one point over it, for the team to
    lead and the other team, on a warm table and with a node limit (a cold table)."""
    rng = random.Random(5)
    for _ in range(4):
        hands, trump, leader = _trick_start(rng, 8)
        value = solve(hands, trump, [], leader).value
        other = 162 - value
        assert reaches(hands, trump, leader, leader.team, value)
        assert not reaches(hands, trump, leader, leader.team, value + 1)
        assert reaches(hands, trump, leader, leader.team.other.value, other,
                       node_limit=10**9)
        assert not reaches(hands, trump, leader, leader.team.other, other + 1)
    assert reaches(hands, trump, leader, Team.NS, 0) and not reaches(
        hands, trump, leader, Team.EW, 163)


def test_reaches_over_its_node_limit_is_refused() -> None:
    hands = _full_deal(27)
    with pytest.raises(NodeLimitError):
        reaches(hands, "H", "S", Team.NS, 81, node_limit=10)


@pytest.mark.parametrize(("kwargs", "error", "fragment"), [
    ({"points": 81.5}, ValueError, "points must be a whole number"),
    ({"team": "N"}, ValueError, "team must be Team.NS or Team.EW"),
    ({"node_limit": 0}, ValueError, "node_limit must be a whole number"),
    ({"hands": {"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}},
     InvalidPositionError, "same number of cards"),
    ({"hands": {"N": ["QD"], "E": ["QD"], "S": ["9H"], "W": ["KH"]}},
     InvalidPositionError, "QD is in the hands of both"),
])
def test_reaches_names_bad_input(kwargs: dict[str, object], error: type[Exception],
                                 fragment: str) -> None:
    args: dict[str, object] = {"hands": {"N": ["QD"], "E": ["10S"], "S": ["9H"], "W": ["KH"]},
                               "trump": "H", "leader": "S", "team": Team.NS, "points": 10}
    args.update(kwargs)
    with pytest.raises(error, match=fragment):
        reaches(**args)  # type: ignore[arg-type]


#: Run in a new interpreter: the warm-up, then a full deal solved and a contract judged;
#: prints the compiled versions of each of the core's functions before and after them.
_FIRST_CALLS = """
import json
from belote_teach.search import _solver_core as core, solver
solver.warm_up()
compiled = [getattr(core, name) for name in dir(core)
            if hasattr(getattr(core, name), "overloads")]
before = {f.__name__: len(f.overloads) for f in compiled}
hands = {"S": ["JH", "9H", "AH", "AS", "AC", "10C", "KD", "7S"],
         "W": ["8H", "7H", "10S", "KS", "QS", "9C", "8C", "7C"],
         "N": ["QH", "KH", "10H", "AD", "10D", "QD", "JD", "9D"],
         "E": ["JS", "9S", "8S", "KC", "QC", "JC", "8D", "7D"]}
solver.solve(hands, "H", [], "S")
solver.reaches(hands, "H", "S", "NS", 82)
after = {f.__name__: len(f.overloads) for f in compiled}
print(json.dumps([before, after]))
"""


def test_warm_up_compiles_both_entries_of_the_core() -> None:
    """After :func:`warm_up` in a new process, the first full-deal solve and the first
    contract judged by :func:`reaches` (an expert's bid, the coach's review of a bid)
    compile nothing more: the compiler's seconds are paid by the warm-up, never by a
    learner's first decision."""
    pytest.importorskip("numba", reason="no compiled core without numba")
    done = subprocess.run([sys.executable, "-c", _FIRST_CALLS], capture_output=True,
                          text=True, check=True, timeout=600)
    before, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert before["_search"] >= 1 and before["_solve_root"] >= 1
    assert after == before
