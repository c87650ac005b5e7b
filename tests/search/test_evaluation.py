"""The values of every legal card over sampled worlds (belote_teach.search.evaluation), the
one evaluation the coach judges from and the expert plays by."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.coach import plays
from belote_teach.engine.cards import DIX_DE_DER, Card, Seat, Team, points
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.players.club import ClubPlayer
from belote_teach.search import evaluation
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.evaluation import (
    MAX_SAMPLES,
    MIN_SAMPLES,
    SOLVER_CARDS,
    equivalent_groups,
    playout,
    samples_for,
    solved,
    value_cards,
)
from belote_teach.search.inference import CLUB_MODEL
from belote_teach.search.sampling import sample_world
from belote_teach.search.tracking import Tracking, track

CLUB = ClubPlayer()


def _in_play(seed: int) -> Deal | None:
    """Deal ``seed`` after club bidding, in play; None when passed out."""
    deal = Deal.new(Seat.SOUTH, rng=seed)
    while deal.phase.is_bidding:
        deal.bid(CLUB.choose_bid(deal.observation(deal.turn), random.Random(0)).action)
    return deal if deal.phase is Phase.PLAY else None


def _positions(seed: int) -> list[Observation]:
    """The observation of the seat to play at every card of deal ``seed``, club play."""
    deal = _in_play(seed)
    found: list[Observation] = []
    while deal is not None and deal.phase is Phase.PLAY:
        obs = deal.observation(deal.turn)
        found.append(obs)
        deal.play(CLUB.choose_card(obs, random.Random(0)).action)
    return found


def _remaining(obs: Observation, world: evaluation.World) -> int:
    """Card points still to be won from the current trick on, dix de der included."""
    assert obs.trick is not None and obs.trump is not None
    return (obs.trick.points + DIX_DE_DER
            + sum(points(c, obs.trump) for cards in world.values() for c in cards))


#: The first deals that club bidding does not pass out.
PLAYED = [seed for seed in range(40) if _in_play(seed) is not None][:4]


@pytest.mark.parametrize("seed", PLAYED[:3])
def test_the_playouts_tracking_is_what_the_seat_would_track(seed: int) -> None:
    """Card by card, the tracking a playout hands its policy equals track() of the same
    view, so the club player chooses in a playout exactly as at the table."""
    seen: list[int] = []

    def checking(view: Observation, info: Tracking) -> Card:
        assert info == track(view)
        chosen = CLUB.choose_tracked(view, info)
        assert chosen == CLUB.choose_card(view, random.Random(0))
        seen.append(1)
        return chosen.action

    for obs in _positions(seed)[:3]:
        world = sample_world(obs, random.Random(seed))
        for card in obs.legal_plays or ():
            playout(obs, world, card, checking)
    assert seen, "no playout asked its policy for a card"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), at=st.integers(0, 31))
def test_a_playout_shares_out_every_point_left(seed: int, at: int) -> None:
    positions = _positions(seed)
    if not positions:
        return
    obs = positions[at % len(positions)]
    world = sample_world(obs, random.Random(seed))
    for card in obs.legal_plays or ():
        won = playout(obs, world, card, CLUB.play_tracked)
        assert won[Team.NS] + won[Team.EW] == _remaining(obs, world)
        assert min(won.values()) >= 0


def test_the_solver_values_every_legal_card_with_every_point_shared() -> None:
    obs = next(o for o in _positions(PLAYED[0])
               if len(o.hand) == 4 and len(o.legal_plays or ()) > 1)
    world = sample_world(obs, random.Random(0))
    values = solved(obs, world)
    assert set(values) == set(obs.legal_plays or ())
    for won in values.values():
        assert won[Team.NS] + won[Team.EW] == _remaining(obs, world)


def test_values_per_world_for_every_card_equivalent_cards_alike() -> None:
    for obs in _positions(PLAYED[1])[::5]:
        groups = equivalent_groups(obs)
        if len(groups) < 2:
            continue
        count = 3
        values = value_cards(obs, random.Random(1), count, policy=CLUB.play_tracked)
        assert set(values.worth) == set(obs.legal_plays or ())
        for group in groups:
            for card in group:
                assert values.worth[card] == values.worth[group[0]]
                assert values.margin[card] == values.margin[group[0]]
        for card in values.worth:
            assert len(values.worth[card]) == len(values.success[card]) == count
            assert set(values.success[card]) <= {0, 1}
            assert 0.0 <= values.success_rate(card) <= 1.0


def test_a_world_count_below_one_is_refused() -> None:
    obs = next(o for o in _positions(PLAYED[2]) if len(equivalent_groups(o)) > 1)
    with pytest.raises(ValueError, match="samples must be a whole number, 1 or more, got 0"):
        value_cards(obs, random.Random(0), 0)


def test_default_world_counts() -> None:
    """Solved worlds: at least 48 at tricks 1 and 2, SOLVES after; with playouts, a budget
    shared among the legal cards at tricks 1 and 2."""
    for obs in _positions(PLAYED[3]):
        count = samples_for(obs)
        playing_out = samples_for(obs, playouts=True)
        if len(equivalent_groups(obs)) <= 1:
            assert count == playing_out == 0
            continue
        assert count == evaluation.SOLVES[len(obs.hand)]
        if len(obs.hand) > SOLVER_CARDS:
            assert count >= 48
            assert MIN_SAMPLES <= playing_out <= MAX_SAMPLES
        else:
            assert playing_out == count


@pytest.mark.parametrize("seed", PLAYED[1:])
def test_the_coachs_values_are_the_solved_worlds_values(seed: int) -> None:
    """The coach judges from value_cards: on the same chance, the same player model and as
    many worlds, the same values, success rates and margins."""
    for obs in _positions(seed)[:12:3]:
        if len(equivalent_groups(obs)) < 2:
            continue
        coach = plays.evaluate(obs, rng=random.Random(seed), samples=24)
        values = value_cards(obs, random.Random(seed), 24, model=CLUB_MODEL)
        assert dict(coach.margin) == dict(values.margin)
        assert coach.values == {c: values.average(c) for c in values.worth}
        assert coach.success == {c: values.success_rate(c) for c in values.worth}


def _first_choice(seed: int) -> Observation:
    """A position of trick 1 or 2 of deal ``seed`` where two cards or more differ."""
    return next(o for o in _positions(seed) if len(o.hand) >= 7 and len(equivalent_groups(o)) > 2)


def test_a_valuation_shared_between_threads_gives_the_serial_result() -> None:
    obs = _first_choice(PLAYED[1])
    serial = value_cards(obs, random.Random(5), 12)
    shared = evaluation.Valuation(obs, random.Random(5), 12)
    assert shared.ready == 0
    threads = [shared.in_background() for _ in range(2)]
    assert shared.step() in (True, False)
    result = shared.result()
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive()
    assert shared.ready == 12 and not shared.step()
    assert result == serial
    # every world was solved exactly, at trick 1 or 2 too
    assert all(len(v) == 12 for v in result.worth.values())


def test_without_threads_nothing_runs_ahead_and_the_result_is_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Python has no threads (Pyodide), a valuation started "in the background" and
    a job handed to the background thread do nothing ahead; the result, asked for, values
    every world as before."""
    from belote_teach.search import background

    monkeypatch.setattr(background, "THREADS", False)
    monkeypatch.setattr(evaluation, "THREADS", False)
    obs = _first_choice(PLAYED[1])
    serial = value_cards(obs, random.Random(5), 12)
    valuation = evaluation.Valuation(obs, random.Random(5), 12)
    assert valuation.in_background() is None
    ran: list[int] = []
    background.run_in_background(lambda: ran.append(1))
    assert valuation.ready == 0 and ran == []
    assert valuation.result() == serial


def test_added_worlds_may_value_fewer_cards_each_on_the_first_worlds() -> None:
    """``extend_to(n, cards)``: the added worlds value those cards (and their equivalents)
    only, with the values a full valuation of the same worlds gives; every card keeps the
    first worlds that valued it, in order. A card the earlier worlds left out, or none, is
    refused and changes nothing."""
    obs = _first_choice(PLAYED[1])
    groups = equivalent_groups(obs)
    kept = [groups[0][0], groups[1][0]]
    full = evaluation.Valuation(obs, random.Random(5), 4)
    full.extend_to(8)
    fewer = evaluation.Valuation(obs, random.Random(5), 4)
    fewer.extend_to(8, kept)
    with pytest.raises(ValueError, match="cards must be legal cards valued on the worlds"):
        fewer.extend_to(12, [groups[2][0]])
    with pytest.raises(ValueError, match="got none"):
        fewer.extend_to(12, [])
    assert fewer.samples == 8
    fewer.extend_to(12, kept[:1])
    fewer.extend_to(8, kept)              # drawn already, by a caller that got further:
    fewer.extend_to(4, [groups[2][0]])    # nothing to draw, nothing refused
    assert fewer.samples == 12
    whole, part = full.result(8), fewer.result(8)
    assert part.samples == 8
    for card in obs.legal_plays.cards:
        in_kept = any(card in g and g[0] in kept for g in groups)
        assert part.count(card) == (8 if in_kept else 4)
        assert part.worth[card] == whole.worth[card][:part.count(card)]
        assert part.success[card] == whole.success[card][:part.count(card)]


def test_a_stopped_valuation_still_completes_when_asked() -> None:
    obs = _first_choice(PLAYED[2])
    valuation = evaluation.Valuation(obs, random.Random(3), 6)
    assert valuation.step() and valuation.ready == 1
    valuation.stop()
    assert not valuation.step() and valuation.ready == 1     # nothing more handed out
    assert valuation.result() == value_cards(obs, random.Random(3), 6)
    assert valuation.ready == 6


def test_a_playout_policy_values_the_first_tricks_by_playouts() -> None:
    """With a policy, trick-1 worlds are played out (club play, not the solver's best
    play): the values differ from the solved ones on the same worlds, yet stay card points
    within the points in play."""
    obs = _first_choice(PLAYED[3])
    solved_values = value_cards(obs, random.Random(2), 8)
    played_out = value_cards(obs, random.Random(2), 8, policy=CLUB.play_tracked)
    assert set(played_out.worth) == set(solved_values.worth)
    assert played_out.worth != solved_values.worth
    for values in played_out.worth.values():
        assert all(0 <= v <= 162 for v in values)


def test_worlds_over_the_node_limit_are_left_out() -> None:
    """The entame's worlds with a node limit: those whose solve needs more positions are
    left out, the others keep their values, in the order drawn, the same on every run;
    with every world over the limit, NodeLimitError."""
    obs = _positions(PLAYED[0])[0]
    assert len(obs.hand) == 8 and not obs.trick.cards
    every = value_cards(obs, random.Random(3), 12)
    kept = value_cards(obs, random.Random(3), 12, node_limit=250_000)
    assert 0 < kept.samples < every.samples == 12
    for card, values in kept.worth.items():
        rest = iter(every.worth[card])
        assert all(any(v == w for w in rest) for v in values)   # a subsequence, in order
    assert value_cards(obs, random.Random(3), 12, node_limit=250_000) == kept
    with pytest.raises(NodeLimitError):
        value_cards(obs, random.Random(3), 12, node_limit=1)


def test_past_the_deadline_no_world_is_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """``result_until``: the worlds valued in order until the clock passes the deadline,
    each the same as in a full valuation; the first world always; no deadline reached,
    the full result."""
    obs = _first_choice(PLAYED[1])
    every = value_cards(obs, random.Random(5), 6)
    ticks = itertools.count(1)                       # a clock that moves 1 s a reading
    monkeypatch.setattr(evaluation.time, "monotonic", lambda: float(next(ticks)))
    part = evaluation.Valuation(obs, random.Random(5), 6).result_until(2.5)
    assert part.samples == 3                         # started at 0, 1 and 2 s; not at 3
    for card, values in part.worth.items():
        assert values == every.worth[card][:3]
    late = evaluation.Valuation(obs, random.Random(5), 6)
    assert late.result_until(-1.0).samples == 1 and late.ready == 1
    assert evaluation.Valuation(obs, random.Random(5), 6).result_until(1e9) == every


def test_past_the_end_no_solve_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """``result_until(deadline, end)``: each world's solve gets at most the positions the
    thread's pace allows until ``end``: ample time, the full result; none, every world
    left out (NodeLimitError); time for the first world only, that world alone, with the
    values of the full valuation's first."""
    obs = _first_choice(PLAYED[1])
    every = value_cards(obs, random.Random(5), 6)
    assert evaluation.Valuation(obs, random.Random(5), 6).result_until(1e9, 1e9) == every
    with pytest.raises(NodeLimitError):
        evaluation.Valuation(obs, random.Random(5), 6).result_until(1e9, -1.0)
    allowed = itertools.chain([10**9], itertools.repeat(1))   # positions, world by world
    monkeypatch.setattr(evaluation, "positions_within", lambda seconds: next(allowed))
    first = evaluation.Valuation(obs, random.Random(5), 6).result_until(1e9, 1e9)
    assert first.samples == 1
    for card, values in first.worth.items():
        assert values == every.worth[card][:1]


def test_deal_marks_of_a_capot_whoever_makes_it() -> None:
    """R6.5: the capot team scores 250 (or the preset's capot_points) instead of 162, plus
    every announcement scored (the other team's pass to it) and its belote; the team
    without a pli keeps its belote alone. Takers or defenders alike."""
    ns, ew = Team.NS, Team.EW
    belote = {ns: 0, ew: 20}
    announced = {ns: 50, ew: 20}
    total = {ns: 162 + 50, ew: 0 + 20 + 20}
    assert evaluation.deal_marks(ns, total, belote, announced) == total          # made
    assert evaluation.deal_marks(ns, total, belote, announced, ns) == {ns: 250 + 70, ew: 20}
    assert evaluation.deal_marks(ns, total, belote, announced, ns, 252) == {
        ns: 252 + 70, ew: 20}
    sunk = {ns: 0 + 50, ew: 162 + 20 + 20}
    assert evaluation.deal_marks(ns, sunk, belote, announced) == {ns: 0, ew: 162 + 70 + 20}
    assert evaluation.deal_marks(ns, sunk, belote, announced, ew) == {
        ns: 0, ew: 250 + 70 + 20}
