"""For the search tests (world sampling and inference): deals bid and played by club
players (the positions the coach and the expert meet), and the hard facts every sampled
world must keep."""

from __future__ import annotations

import random
from collections.abc import Mapping

from belote_teach.engine.cards import DECK, Card, Seat, strength
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.players.club import ClubPlayer
from belote_teach.search.sampling import hand_sizes
from belote_teach.search.tracking import track

CLUB = ClubPlayer()


def club_bid(seed: int) -> Deal | None:
    """Deal ``seed`` (dealer South) bid by club players, in phase PLAY, or ``None`` if
    passed out."""
    deal = Deal.new(Seat.SOUTH, rng=seed)
    while deal.phase.is_bidding:
        obs = deal.observation(deal.turn)  # type: ignore[arg-type]
        deal.bid(CLUB.choose_bid(obs, random.Random(0)).action)
    return deal if deal.phase is Phase.PLAY else None


def club_play(deal: Deal, cards: int) -> None:
    """Play ``cards`` cards of ``deal`` by club players (announcements and belote said)."""
    for _ in range(cards):
        seat = deal.turn
        assert seat is not None
        obs = deal.observation(seat)
        card = CLUB.choose_card(obs, random.Random(0)).action
        deal.play(card, announce=obs.announcements_available,
                  belote=deal.may_say_belote(seat, card))


def check_world(world: Mapping[Seat, tuple[Card, ...]], obs: Observation) -> None:
    """Assert that ``world`` keeps the hard facts of ``obs``: the seat's own hand
    untouched, 32 distinct cards with the played ones, the hand sizes, the voids shown
    (R3), the trump ceilings (R3.2, R3.5) and the cards known to be held (R2.7, R4.4)."""
    info = track(obs)
    sizes = hand_sizes(obs)
    assert world[obs.seat] == obs.hand                       # own hand untouched, same order
    every = [c for cards in world.values() for c in cards] + list(obs.played_cards)
    assert sorted(every, key=str) == sorted(DECK, key=str)   # 32 distinct cards
    for seat in Seat:
        assert len(world[seat]) == sizes[seat]
        if seat is obs.seat:
            continue
        for card in world[seat]:
            assert card.suit not in info.voids[seat], (seat, card)          # R3 voids
            if card.suit is info.trump:
                assert strength(card, info.trump) < info.ceilings[seat]     # R3.2/R3.5
        assert info.known[seat] <= set(world[seat])                         # R2.7, R4.4
