"""Inference (belote_teach.search.inference) and the weighted worlds of
belote_teach.search.sampling.sample_worlds: the model bids as the club player (R2, R9 tip 1),
a club player's real hands always fit what it bid and led (R2, R3), the posterior shows
what the bidding and the play reveal, every world keeps the hard facts, and the same seed
gives the same worlds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from statistics import fmean

import pytest
from club_deals import check_world, club_bid, club_play
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine.bidding import PASS, TAKE
from belote_teach.engine.bitmask import SEATS, hand_mask
from belote_teach.engine.cards import DECK, Card, Rank, Seat, Suit, strength
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.trick import Trick
from belote_teach.players.club import ClubPlayer
from belote_teach.search import inference, sampling
from belote_teach.search.inference import (
    CLUB_MODEL,
    Evidence,
    ModelError,
    PlayerModel,
    effective_size,
    model_bid,
    resample,
)
from belote_teach.search.sampling import sample_worlds

CLUB = ClubPlayer()
World = Mapping[Seat, tuple[Card, ...]]
JH, NINE_H = Card.parse("JH"), Card.parse("9H")


def _share(obs: Observation, what: Callable[[World], float], *, seed: int = 0,
           model: PlayerModel | None = CLUB_MODEL, count: int = 400) -> float:
    return fmean(what(w) for w in sample_worlds(obs, random.Random(seed), count, model=model))


# ----------------------------------------------------------------------------- the model
def test_the_model_bids_as_the_club_player() -> None:
    """At every bidding turn of 400 deals (everyone passing, so that every seat bids in
    both rounds), the model's bid is the club player's (R2.4, R2.5, R9 tip 1)."""
    compared = {1: 0, 2: 0}
    takes = {1: 0, 2: 0}
    for seed in range(400):
        deal = Deal.new(Seat.WEST, rng=seed)
        while deal.phase.is_bidding:
            obs = deal.observation(deal.turn)  # type: ignore[arg-type]
            assert obs.legal_bids is not None
            round = 1 if TAKE in obs.legal_bids else 2
            club = CLUB.choose_bid(obs, random.Random(0)).action
            assert model_bid(obs.hand, obs.turned, round) == club, (seed, obs)
            compared[round] += 1
            takes[round] += not club.is_pass
            deal.bid(PASS)
    assert compared == {1: 1600, 2: 1600}
    assert takes[1] > 100 and takes[2] > 200, takes


def test_a_club_players_real_hands_fit_its_bids_and_plays() -> None:
    """With an almost strict model (tremble and both factors 1e-9), the real deal keeps
    a likelihood of a dealt-hand choice at least (1/56 per seat): the club player never
    bids against the model, nor leads another card when holding a sure plain ace, nor,
    last to play, keeps back a plain ace or 10 under its partner's winning card or a card
    winning the pli from the opponents."""
    strict = PlayerModel(1e-9, 1e-9, 1e-9)
    kept = 0
    checked = 0
    for seed in range(1, 60):
        deal = club_bid(seed)
        if deal is None:
            continue
        while deal.phase is Phase.PLAY:
            real = [hand_mask(deal.hand(s)) for s in SEATS]
            for seat in Seat:
                likelihood = Evidence.from_observation(deal.observation(seat)).likelihoods(
                    [real], strict)[0]
                assert likelihood > 1e-3 * (1 / 56) ** 3, (seed, seat, deal.tricks)
                checked += 1
            club_play(deal, 1)
        kept += len(Evidence.from_observation(deal.observation(Seat.SOUTH)).kept_back)
    assert checked > 5000
    assert kept > 20, kept


def test_a_bid_against_the_model_weighs_the_tremble() -> None:
    """Worlds where the seat that named hearts holds neither J♥ nor 9♥ (every choice of
    its dealt cards contradicts its bid) weigh about the tremble against the others."""
    _deal, taker, obs = next(_round_2_hearts())
    worlds = list(sample_worlds(obs, random.Random(1), 300, model=None))
    weights = Evidence.from_observation(obs).likelihoods(
        [[hand_mask(w[s]) for s in SEATS] for w in worlds], PlayerModel(tremble=0.001))
    honour = [JH in w[taker] or NINE_H in w[taker] for w in worlds]
    fit = max(x for x, h in zip(weights, honour, strict=True) if h)
    misfit = max(x for x, h in zip(weights, honour, strict=True) if not h)
    assert misfit < 0.05 * fit


def test_bad_model_and_weights_are_refused() -> None:
    for tremble in (0, 1, -0.1, "0.05"):
        with pytest.raises(ModelError, match="tremble"):
            PlayerModel(tremble=tremble)  # type: ignore[arg-type]
    with pytest.raises(ModelError, match="kept_ace"):
        PlayerModel(kept_ace=0)
    for factor in (0, 1.5, True, "0.2"):
        with pytest.raises(ModelError, match="kept_back"):
            PlayerModel(kept_back=factor)  # type: ignore[arg-type]
    with pytest.raises(ModelError, match="round"):
        model_bid([Card.parse("JH")], Card.parse("AH"), 3)
    with pytest.raises(ModelError, match="turned"):
        model_bid([Card.parse("AH")], Card.parse("AH"), 1)
    with pytest.raises(ValueError, match="not all 0"):
        resample([0.0, 0.0], 3, random.Random(0))
    with pytest.raises(ValueError, match="not all 0"):
        resample([1.0, float("nan")], 3, random.Random(0))
    with pytest.raises(ValueError, match="count"):
        resample([1.0], -1, random.Random(0))
    with pytest.raises(ValueError, match="no weights"):
        resample([], 2, random.Random(0))
    with pytest.raises(ValueError, match="no contract"):
        Evidence.from_observation(Deal.new(Seat.SOUTH, rng=1).observation(Seat.NORTH))
    deal = club_bid(1)
    assert deal is not None
    with pytest.raises(ValueError, match="4 bitmasks"):
        Evidence.from_observation(deal.observation(Seat.SOUTH)).likelihoods([[1, 2, 3]],
                                                                            CLUB_MODEL)
    with pytest.raises(ModelError, match="PlayerModel or None"):
        list(sample_worlds(deal.observation(Seat.SOUTH), random.Random(0), 3,
                           model="club"))  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(weights=st.lists(st.floats(0, 10), min_size=1, max_size=30)
       .filter(lambda w: any(x > 0 for x in w)),
       count=st.integers(0, 60), seed=st.integers(0, 1000))
def test_resampling_follows_the_weights(weights: list[float], count: int, seed: int) -> None:
    """Systematic resampling: each index comes count * w / Σw times, rounded up or down
    (never a zero weight), the same from the same seed."""
    picks = resample(weights, count, random.Random(seed))
    assert picks == resample(weights, count, random.Random(seed))
    assert len(picks) == count
    total = sum(weights)
    for i, w in enumerate(weights):
        expected = count * w / total
        assert expected - 1 - 1e-9 <= picks.count(i) <= expected + 1 + 1e-9
        if w == 0:
            assert i not in picks
    assert 1 - 1e-9 <= effective_size(weights) <= len(weights) + 1e-9


# ------------------------------------------------------------------------- the posterior
def _round_2_hearts() -> Iterator[tuple[Deal, Seat, Observation]]:
    """Deals a club player took in round 2 naming hearts, seen by a seat holding neither
    the J nor the 9 of hearts."""
    for seed in range(1, 400):
        deal = club_bid(seed)
        if deal is None or deal.contract is None:
            continue
        if deal.contract.round != 2 or deal.contract.trump is not Suit.HEARTS:
            continue
        taker = deal.contract.taker
        for seat in Seat:
            obs = deal.observation(seat)
            if seat is not taker and JH not in obs.hand and NINE_H not in obs.hand:
                yield deal, taker, obs
                break


def test_the_round_2_taker_in_hearts_holds_the_jack_or_the_nine() -> None:
    """Over 400 worlds, the seat that named hearts holds J♥ or 9♥ in a clear majority of
    the worlds, about half without inference (R2.5, R9 tip 1)."""
    positions = list(_round_2_hearts())[:4]
    assert len(positions) == 4
    for _deal, taker, obs in positions:
        def honour(w: World, taker: Seat = taker) -> float:
            return float(JH in w[taker] or NINE_H in w[taker])
        uniform = _share(obs, honour, model=None)
        posterior = _share(obs, honour)
        assert uniform < 0.65 and posterior > 0.85, (uniform, posterior)


def test_a_seat_that_passed_with_a_jack_turned_holds_few_trumps() -> None:
    """A seat that passed in round 1 with a J turned, another seat taking, holds fewer
    trumps in the posterior than in the hard facts only (R2.4, R9 tip 1)."""
    shifts = []
    for seed in range(1, 400):
        deal = club_bid(seed)
        if deal is None or deal.contract is None or deal.turned.rank is not Rank.JACK:
            continue
        trump, taker = deal.contract.trump, deal.contract.taker
        passers = [s for s, b in deal.bids[:4] if b.is_pass and s is not taker]
        if not passers:
            continue
        passer = passers[0]
        observer = next(s for s in Seat if s not in (passer, taker))
        obs = deal.observation(observer)

        def trumps(w: World, passer: Seat = passer, trump: Suit = trump) -> float:
            return sum(c.suit is trump for c in w[passer])
        shifts.append(_share(obs, trumps, model=None) - _share(obs, trumps))
        if len(shifts) == 4:
            break
    assert len(shifts) == 4
    assert all(shift > 0.3 for shift in shifts), shifts


def test_a_defender_who_led_another_card_lacks_the_aces() -> None:
    """A defender who led a card other than a plain ace at the first pli probably holds
    none of the plain aces the taker cannot see (R3, R9 tip 3)."""
    checked = 0
    for seed in range(1, 200):
        deal = club_bid(seed)
        if deal is None or deal.contract is None:
            continue
        leader, taker, trump = deal.turn, deal.contract.taker, deal.contract.trump
        assert leader is not None
        obs = deal.observation(leader)
        card = CLUB.choose_card(obs, random.Random(0)).action
        if leader.team is taker.team or card.rank is Rank.ACE:
            continue
        club_play(deal, 1)
        seen = deal.observation(taker)
        out = set(DECK) - set(seen.hand) - set(seen.played_cards)
        aces = [Card(Rank.ACE, s) for s in Suit if s is not trump and Card(Rank.ACE, s) in out]
        if not aces:
            continue

        def held(w: World, leader: Seat = leader, aces: list[Card] = aces) -> float:
            return sum(a in w[leader] for a in aces)
        uniform, posterior = _share(seen, held, model=None), _share(seen, held)
        assert posterior < 0.5 * uniform and uniform > 0.15, (seed, uniform, posterior)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def _last_cards() -> Iterator[tuple[Deal, Trick, Suit]]:
    """Each of the first 4 plis of club-played deals (seeds 1 to 399), with its deal just
    after it and the trump."""
    for seed in range(1, 400):
        deal = club_bid(seed)
        if deal is None or deal.contract is None:
            continue
        while deal.phase is Phase.PLAY and len(deal.tricks) < 4:
            club_play(deal, 1)
            trick = deal.trick
            if deal.tricks and not (trick and trick.cards):
                yield deal, deal.tricks[-1], deal.contract.trump


def _less_likely_after(deal: Deal, seat: Seat, cards: set[Card]) -> bool | None:
    """Whether the seat after ``seat`` finds ``seat`` less than half as likely to hold the
    unseen ``cards`` under the club model as on the hard facts alone; ``None`` when they
    are too unlikely either way to tell (under 0.15 a world on the hard facts)."""
    seen = deal.observation(seat.next)
    out = cards - set(seen.hand) - set(seen.played_cards)

    def held(w: World) -> float:
        return sum(c in w[seat] for c in out)
    uniform = _share(seen, held, model=None)
    if not out or uniform < 0.15:
        return None
    return _share(seen, held) < 0.5 * uniform


def test_a_seat_that_played_low_under_its_partner_lacks_the_ace_and_the_ten() -> None:
    """A seat last to play to a plain pli its partner was winning, that followed with a
    card of under 10 points, probably holds neither the ace nor the 10 of the suit (R3,
    R9 tip 4: it would have given one): seen by the seat after it, which cannot see them."""
    found = []
    for deal, last, trump in _last_cards():
        led, (seat, card) = last.plays[0].card.suit, last.plays[3]
        if (led is trump or card.suit is not led or card.rank in (Rank.ACE, Rank.TEN)
                or last.winner is not seat.partner or last.plays[1].seat is not seat.partner):
            continue
        less = _less_likely_after(deal, seat, {Card(Rank.ACE, led), Card(Rank.TEN, led)})
        if less is not None:
            found.append(less)
        if len(found) == 4:
            break
    assert found == [True] * 4


def test_a_seat_that_followed_low_to_an_opponents_card_holds_none_above_it() -> None:
    """A seat last to play to a plain pli an opponent was winning with a card of the led
    suit, that followed with a lower card, probably holds no card of the suit above the
    winning one (it would have won the pli, R3.1): seen by the seat after it."""
    found = []
    for deal, last, trump in _last_cards():
        led, (seat, card), winner = last.plays[0].card.suit, last.plays[3], last.winner
        master = next(p.card for p in last.plays if p.seat is winner)
        if (led is trump or card.suit is not led or master.suit is not led
                or winner.team is seat.team):
            continue
        above = {Card(r, led) for r in Rank
                 if strength(Card(r, led), trump) > strength(master, trump)}
        less = _less_likely_after(deal, seat, above)
        if less is not None:
            found.append(less)
        if len(found) == 4:
            break
    assert found == [True] * 4


# --------------------------------------------------------------------- the hard facts kept
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 5000), cards=st.integers(0, 31), observer=st.sampled_from(Seat))
def test_every_weighted_world_keeps_the_hard_facts(seed: int, cards: int,
                                                   observer: Seat) -> None:
    deal = club_bid(seed)
    if deal is None:
        return
    club_play(deal, cards)
    obs = deal.observation(observer)
    if obs.phase is not Phase.PLAY:
        return
    worlds = list(sample_worlds(obs, random.Random(seed), 30, model=CLUB_MODEL))
    assert len(worlds) == 30
    for world in worlds:
        check_world(world, obs)


def test_weighted_worlds_are_reproducible_from_the_seed() -> None:
    deal = club_bid(4)
    assert deal is not None
    club_play(deal, 5)
    obs = deal.observation(Seat.SOUTH)
    def worlds(seed: int) -> list[dict[Seat, tuple[Card, ...]]]:
        return [dict(w) for w in sample_worlds(obs, random.Random(seed), 48, model=CLUB_MODEL)]
    first = worlds(3)
    assert first == worlds(3)
    assert first != worlds(4)
    assert len({tuple(sorted(map(str, w[Seat.EAST]))) for w in first}) > 10


def test_a_refuted_model_falls_back_to_the_hard_facts(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """When no world of the pool reaches the floor the weights are dropped: the worlds are
    those of the hard facts only, never none."""
    deal = club_bid(4)
    assert deal is not None
    obs = deal.observation(Seat.SOUTH)
    monkeypatch.setattr(sampling, "FLOOR", 2.0)
    fallback = [dict(w) for w in sample_worlds(obs, random.Random(9), 20, model=CLUB_MODEL)]
    uniform = [dict(w) for w in sample_worlds(obs, random.Random(9), 20, model=None)]
    assert fallback == uniform and len(fallback) == 20


def test_weights_are_finite_and_positive_on_the_pool() -> None:
    """The likelihoods of many worlds are in (0, 1], and the resampled worlds come from
    the pool with several distinct ones."""
    deal = club_bid(7)
    assert deal is not None
    club_play(deal, 3)
    obs = deal.observation(Seat.NORTH)
    worlds = list(sample_worlds(obs, random.Random(2), 200, model=None))
    masks = [[hand_mask(w[s]) for s in SEATS] for w in worlds]
    weights = Evidence.from_observation(obs).likelihoods(masks, CLUB_MODEL)
    assert len(weights) == 200 and all(isinstance(w, float) for w in weights)
    assert all(0 < w <= 1 for w in weights)
    assert max(weights) > 10 * min(weights)
    assert effective_size(weights) > 20


# ------------------------------------------------------------------------- without numpy
@pytest.mark.parametrize("seed", [1, 3, 6, 8])
def test_the_weights_are_the_same_without_numpy(seed: int, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """The pure-Python likelihoods (Pyodide, no numpy) are those of the numpy path, for
    every seat of a club-played deal, the bids (R2) and the plays (R3) read, under two
    models."""
    pytest.importorskip("numpy")
    deal = club_bid(seed)
    assert deal is not None
    club_play(deal, 6 + seed)
    compared = 0
    for seat in Seat:
        obs = deal.observation(seat)
        worlds = list(sample_worlds(obs, random.Random(seed), 60, model=None))
        masks = [[hand_mask(w[s]) for s in SEATS] for w in worlds]
        evidence = Evidence.from_observation(obs)
        for model in (CLUB_MODEL, PlayerModel(0.2, 0.5, 0.7)):
            with monkeypatch.context() as patch:
                patch.setattr(inference, "_NUMPY", [])
                fast = evidence.likelihoods(masks, model)
                patch.setattr(inference, "_NUMPY", [None])
                pure = evidence.likelihoods(masks, model)
            assert pure == pytest.approx(fast, rel=1e-12, abs=0)
            assert all(isinstance(w, float) for w in fast)
            compared += len(pure)
    assert compared == 4 * 2 * 60


@settings(max_examples=80, deadline=None)
@given(weights=st.lists(st.floats(0, 1e6), min_size=1, max_size=300)
       .filter(lambda w: any(x > 0 for x in w)),
       count=st.integers(0, 200), seed=st.integers(0, 1000))
def test_resampling_draws_what_numpy_draws(weights: list[float], count: int, seed: int
                                           ) -> None:
    """Resampling and the effective size sum as numpy does (pairwise), so the same weights
    draw the same indices with numpy's cumulative sums and search as without numpy."""
    np = pytest.importorskip("numpy")
    w = np.asarray(weights) / max(weights)
    rng = random.Random(seed)
    edges = np.cumsum(w) / w.sum()
    points = (rng.random() + np.arange(count)) / count
    expected = [int(i) for i in np.minimum(np.searchsorted(edges, points, side="right"),
                                           len(w) - 1)]
    rng.shuffle(expected)
    assert resample(weights, count, random.Random(seed)) == expected
    assert effective_size(weights) == float(w.sum() ** 2 / (w * w).sum())
