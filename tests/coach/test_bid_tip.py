"""The advice of R9 tip 1 (belote_teach.coach.bid_tip): take or pass where the tip settles
the bid beyond doubt, nothing elsewhere; it agrees with the club player's bid."""

from __future__ import annotations

import random

import pytest

from belote_teach.coach.bid_tip import bid_advice
from belote_teach.engine.bidding import PASS
from belote_teach.engine.cards import DECK, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import PhaseError
from belote_teach.engine.observation import Observation
from belote_teach.players import ClubPlayer


def west_deals(mine: list[str], turned: str) -> Deal:
    """A deal dealt by West, South holding ``mine``, the others the rest in deck order."""
    rest = [str(c) for c in DECK if str(c) not in mine and str(c) != turned]
    hands = {"S": mine, "E": rest[:5], "N": rest[5:10], "W": rest[10:15]}
    return Deal.from_hands("W", hands, turned, rest[15:])


def south_to_bid(hand: str, turned: str, round_: int) -> Observation:
    """South's view at its first turn of ``round_``: West deals, so South speaks first
    (R2.4); in round 2 the four passed round 1 (R2.5)."""
    deal = west_deals(hand.split(), turned)
    if round_ == 2:
        for _ in range(4):
            deal.bid(PASS)
    return deal.observation(Seat.SOUTH)


@pytest.mark.parametrize(("hand", "turned", "round_", "expected"), [
    ("JH 9H 7S 8S 9S", "7H", 1, ("take", 1)),     # J, 9 and the retourne: three trumps
    ("JH 9S 7S 8S 10S", "7H", 1, (None, None)),   # the J alone: the support decides
    ("AH KH QS 8D 9C", "10H", 1, ("pass", 1)),    # neither the J nor the 9 of trumps
    ("JH 9H 8D 7S 8S", "QH", 1, ("take", 1)),     # the retourne is the third trump
    ("JS 9S AS 7D 8D", "7H", 2, ("S", 1)),        # round 2: spades hold J, 9 and a third
    ("JH 9H AH 7D 8D", "7H", 2, ("pass", 1)),     # hearts may not be named; no other J/9
    ("JS 9S 7D 8D 10C", "7H", 2, (None, None)),   # J and 9 but only two trumps
])
def test_bid_advice(hand: str, turned: str, round_: int,
                    expected: tuple[str | None, int | None]) -> None:
    assert bid_advice(south_to_bid(hand, turned, round_)) == expected


def test_bid_advice_needs_a_turn_to_bid() -> None:
    deal = west_deals(["JH", "9H", "7S", "8S", "9S"], "7H")
    deal.bid("take")
    assert deal.phase is Phase.PLAY
    with pytest.raises(PhaseError, match="turn to bid"):
        bid_advice(deal.observation(Seat.SOUTH))


def test_bid_advice_agrees_with_the_club_player() -> None:
    """Wherever the tip gives advice, the club player bids it (R9 tip 1 with support):
    the turns of 300 club biddings."""
    club, given = ClubPlayer(), 0
    for seed in range(300):
        deal = Deal.new(Seat(("S", "E", "N", "W")[seed % 4]), rng=seed)
        while deal.phase.is_bidding:
            seen = deal.observation(deal.turn)
            advice, reason = bid_advice(seen)
            bid = club.choose_bid(seen, random.Random(seed)).action
            if advice is not None:
                given += 1
                assert reason == 1
                assert str(bid) == advice, (seen, bid)
            deal.bid(bid)
    assert given > 300
