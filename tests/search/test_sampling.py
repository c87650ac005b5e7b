"""World sampling (belote_teach.search.sampling): every world is consistent with the observation
(hand sizes, voids, trump ceilings, the taker's turned card, R2.7, R3), leaves the
observer's hand and the played cards alone, and is reproducible from the seed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

import pytest

from belote_teach.engine.cards import DECK, Card, Seat, strength
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.observation import Observation
from belote_teach.players.club import ClubPlayer
from belote_teach.search.sampling import hand_sizes, sample_world, sample_worlds
from belote_teach.search.tracking import track

CLUB = ClubPlayer()


def _played_deal(seed: int) -> Deal | None:
    """A deal bid by club players, in phase PLAY, or None if passed out."""
    deal = Deal.new(Seat.SOUTH, rng=seed)
    while deal.phase.is_bidding:
        obs = deal.observation(deal.turn)  # type: ignore[arg-type]
        deal.bid(CLUB.choose_bid(obs, random.Random(0)).action)
    return deal if deal.phase is Phase.PLAY else None


def _positions(deals: int) -> Iterator[tuple[Deal, Observation]]:
    """Every position of ``deals`` club-played deals, with the observation of each seat
    (the one to play and the three others)."""
    seed, found = 0, 0
    while found < deals:
        seed += 1
        deal = _played_deal(seed)
        if deal is None:
            continue
        found += 1
        while deal.phase is Phase.PLAY:
            for seat in Seat:
                yield deal, deal.observation(seat)
            seat = deal.turn
            assert seat is not None
            obs = deal.observation(seat)
            card = CLUB.choose_card(obs, random.Random(0)).action
            deal.play(card, announce=obs.announcements_available,
                      belote=deal.may_say_belote(seat, card))


def _check(world: Mapping[Seat, tuple[Card, ...]], obs: Observation) -> None:
    info = track(obs)
    sizes = hand_sizes(obs)
    assert world[obs.seat] == obs.hand                       # own hand untouched, same order
    every = [c for cards in world.values() for c in cards] + list(obs.played_cards)
    assert sorted(every, key=str) == sorted(DECK, key=str)   # 32 distinct cards
    assert not set(obs.played_cards) & {c for cards in world.values() for c in cards}
    for seat in Seat:
        assert len(world[seat]) == sizes[seat]
        if seat is obs.seat:
            continue
        for card in world[seat]:
            assert card.suit not in info.voids[seat], (seat, card)          # R3 voids
            if card.suit is info.trump:
                assert strength(card, info.trump) < info.ceilings[seat]     # R3.2/R3.5
        assert info.known[seat] <= set(world[seat])                         # R2.7, R4.4


def test_every_world_is_consistent() -> None:
    rng = random.Random(3)
    checked = 0
    for _deal, obs in _positions(4):
        for world in sample_worlds(obs, rng, 5):
            _check(world, obs)
            checked += 1
    assert checked > 500


def test_the_real_deal_is_a_consistent_world() -> None:
    """The inferences never exclude the real hands (so a world always exists)."""
    for deal, obs in _positions(3):
        real = {seat: deal.hand(seat) for seat in Seat}
        _check(real, obs)


def test_the_taker_keeps_the_turned_card_in_every_world() -> None:
    deal = _played_deal(1)
    assert deal is not None and deal.contract is not None
    taker = deal.contract.taker
    observer = taker.next
    obs = deal.observation(observer)
    assert deal.turned in deal.hand(taker)
    for world in sample_worlds(obs, random.Random(5), 30):
        assert deal.turned in world[taker]


def test_worlds_vary_and_are_reproducible_from_the_seed() -> None:
    deal = _played_deal(2)
    assert deal is not None
    obs = deal.observation(Seat.SOUTH)
    first = list(sample_worlds(obs, random.Random(11), 10))
    again = list(sample_worlds(obs, random.Random(11), 10))
    assert [dict(w) for w in first] == [dict(w) for w in again]
    assert len({tuple(sorted(map(str, w[Seat.EAST]))) for w in first}) > 1


def test_the_observation_is_not_changed() -> None:
    deal = _played_deal(4)
    assert deal is not None
    obs = deal.observation(Seat.NORTH)
    before = (obs.hand, obs.played_cards, tuple(str(t) for t in obs.tricks))
    list(sample_worlds(obs, random.Random(0), 20))
    assert (obs.hand, obs.played_cards, tuple(str(t) for t in obs.tricks)) == before


def test_hand_sizes_mid_trick() -> None:
    deal = _played_deal(1)
    assert deal is not None
    leader = deal.turn
    assert leader is not None
    deal.play(next(iter(deal.legal_plays)))
    sizes = hand_sizes(deal.observation(Seat.SOUTH))
    assert sizes[leader] == 7
    assert sum(sizes.values()) == 31


def test_no_contract_and_bad_count_are_refused() -> None:
    deal = Deal.new(Seat.SOUTH, rng=7)
    with pytest.raises(ValueError):
        sample_world(deal.observation(Seat.SOUTH), random.Random(0))
    played = _played_deal(1)
    assert played is not None
    with pytest.raises(ValueError):
        list(sample_worlds(played.observation(Seat.SOUTH), random.Random(0), -1))


def test_an_impossible_observation_is_refused() -> None:
    """A hand that does not fit the cards played (one card too many) has no world."""
    import dataclasses

    deal = _played_deal(1)
    assert deal is not None
    obs = deal.observation(Seat.SOUTH)
    extra = next(c for c in DECK if c not in obs.hand)
    broken = dataclasses.replace(obs, hand=(*obs.hand, extra))
    with pytest.raises(InvalidPositionError):
        sample_world(broken, random.Random(0))
