"""Seeded deals and games driven by club players (belote_teach.players.replay): where the
replay stops, the deal dealt around a hand, the game, and the refusals."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import IllegalBidError, InvalidPositionError, PhaseError
from belote_teach.players.replay import (
    InvalidSeedError,
    PositionNotReachedError,
    check_seed,
    club_actions,
    club_game,
    deal_at_bid,
    replay_until,
)


def _cards(n: int) -> Callable[[Deal], bool]:
    """The stop condition "``n`` cards played"."""
    return lambda d: d.phase in (Phase.PLAY, Phase.SCORED) and len(d.played_cards) == n


def test_club_actions_leave_the_deal_as_it_is_and_end_it() -> None:
    deal = Deal.new("S", rng=1)
    actions = club_actions(deal)
    assert deal.actions == () and actions == club_actions(Deal.new("S", rng=1))
    for action in actions:
        deal.push(action)
    assert deal.phase is Phase.SCORED and len(deal.played_cards) == 32


@given(seed=st.integers(0, 2**32 - 1), cards=st.integers(0, 32))
@settings(max_examples=40, deadline=None)
def test_the_replay_stops_at_the_first_position_asked_for(seed: int, cards: int) -> None:
    deal = Deal.new("S", rng=seed)
    whole = club_actions(deal)
    try:
        replay_until(deal, _cards(cards), f"{cards} cards played")
    except PositionNotReachedError:
        ended = Deal.new("S", rng=seed)
        for action in whole:
            ended.push(action)
        assert ended.phase is Phase.PASSED_OUT          # only a passed-out deal falls short
        return
    assert len(deal.played_cards) == cards and deal.phase in (Phase.PLAY, Phase.SCORED)
    assert deal.actions == whole[:len(deal.actions)]    # the club players' own actions
    if cards < 32:
        assert deal.phase is Phase.PLAY


def test_the_replay_stops_at_once_where_the_condition_holds() -> None:
    deal = Deal.new("S", rng=1)
    assert replay_until(deal, lambda d: True, "now") is deal and deal.actions == ()


def test_the_replay_stops_at_a_seats_bid() -> None:
    deal = replay_until(Deal.new("S", rng=7),
                        lambda d: d.phase.is_bidding and d.turn is Seat.WEST, "West's bid")
    assert deal.phase is Phase.BIDDING_1 and len(deal.actions) == 2   # East, North


def test_a_deal_that_ends_first_is_refused_with_where_it_ended() -> None:
    with pytest.raises(PositionNotReachedError,
                       match=r"never reaches 3 cards played: it ends in phase PASSED_OUT"
                             r" after 0 cards"):
        replay_until(Deal.new("S", rng=5), _cards(3), "3 cards played")
    assert issubclass(PositionNotReachedError, InvalidPositionError)


@pytest.mark.parametrize("seed", ["7", 7.0, True, None, [7]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    quoted = re.escape(repr(seed))
    with pytest.raises(InvalidSeedError, match=rf"seed {quoted} refused: .*whole-number"):
        check_seed(seed)
    with pytest.raises(InvalidSeedError):
        deal_at_bid(["JH", "9H", "AS", "7C", "8D"], "10H", (), seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeedError):
        club_game(seed, deals=1)  # type: ignore[arg-type]
    assert issubclass(InvalidSeedError, InvalidPositionError)


def test_a_whole_number_seed_is_kept() -> None:
    assert check_seed(0) == 0 and check_seed(7) == 7 and check_seed(-3) == -3


@pytest.mark.parametrize(("history", "seat"), [
    ((), Seat.SOUTH), (("pass", "pass"), Seat.SOUTH), (("pass",) * 5, Seat.SOUTH),
    (("pass",) * 6, Seat.EAST)])
def test_a_deal_at_a_bid_gives_the_seat_its_hand_and_its_turn(history: tuple[str, ...],
                                                              seat: Seat) -> None:
    hand = ["JS", "9S", "AS", "8D", "7C"]
    deal = deal_at_bid(hand, "7H", history, 3, seat=seat)
    assert deal.turn is seat and deal.phase.is_bidding
    assert set(deal.dealt_hands[seat]) == {Card.parse(c) for c in hand}
    assert deal.turned == Card.parse("7H")
    assert [str(b) for _, b in deal.bids] == [str(Bid.parse(b)) for b in history]
    assert deal_at_bid(hand, "7H", history, 3, seat=seat).dealt_hands == deal.dealt_hands
    assert deal_at_bid(hand, "7H", history, 4, seat=seat).dealt_hands != deal.dealt_hands


def test_a_deal_at_a_bid_refuses_what_cannot_be() -> None:
    with pytest.raises(InvalidPositionError, match="5 cards dealt before bidding"):
        deal_at_bid(["JH", "9H", "AS", "7C"], "10H", (), 0)
    with pytest.raises(InvalidPositionError, match="retourne 10H is also in the hand"):
        deal_at_bid(["JH", "9H", "AS", "7C", "10H"], "10H", (), 0)
    with pytest.raises(PhaseError, match=r"8 bids.*South has no turn"):
        deal_at_bid(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass"] * 8, 0)
    with pytest.raises(PhaseError, match="ends the bidding: South has no turn"):
        deal_at_bid(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass"] * 3 + ["take"], 0)
    with pytest.raises(IllegalBidError):
        deal_at_bid(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass", "S"], 0)   # R2.4


def test_a_club_game_stops_after_the_deals_asked_for_or_at_its_end() -> None:
    short = club_game(48, deals=2)
    assert len(short.sheet) == 2 and not short.is_over
    whole = club_game(48)
    assert whole.is_over and list(whole.sheet)[:2] == list(short.sheet)


@pytest.mark.parametrize("deals", [0, -1, True, 1.5])
def test_a_club_game_refuses_a_count_of_deals_that_is_not_one_or_more(deals: object) -> None:
    with pytest.raises(InvalidPositionError, match=rf"deals {deals!r} refused"):
        club_game(48, deals=deals)  # type: ignore[arg-type]
