"""The rule facts an Observation computes for the layers above the engine: the atouts a
bid would give (R2.7), whether belote may be said with a card (R5.1, R5.2), the card
points and plis won so far (R1.2-R1.4) and the cards left in each hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_deal import ORDER, arranged, layout_deal

from belote_teach.engine.bidding import PASS
from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import InvalidCardError, PhaseError

C = Card.parse
S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(t) for t in text.split())


def _bidding_deal() -> Deal:
    """South deals; East (first to speak) holds JH 9D 7H AS 10H, the retourne is the QH."""
    # the 8-card hands after an East take in round 1; the first 5 of each are dealt
    final = {E: "JH 9D 7H AS 10H QH 8C 9C", N: "JS JD JC AH 8S 8D 10C 7D",
             W: "8H 9H QD KD AD 9S 10S KH", S: "7S QS KS 10D QC KC AC 7C"}
    return arranged(S, final, "QH", E)


# ------------------------------------------------------------------ trumps_if_taken (R2.7)
def test_trumps_if_taken_in_round_1_include_the_retourne() -> None:
    deal = _bidding_deal()
    seen = deal.observation(E)
    assert seen.hand == cards("JH 9D 7H AS 10H")
    assert seen.trumps_if_taken(Suit.HEARTS) == cards("JH 7H 10H QH")   # hand order, then QH
    assert seen.trumps_if_taken("H") == cards("JH 7H 10H QH")
    assert seen.trumps_if_taken(Suit.DIAMONDS) == cards("9D")
    assert seen.trumps_if_taken(Suit.CLUBS) == ()
    # a seat not to speak sees the same fact for its own hand
    assert deal.observation(W).trumps_if_taken(Suit.HEARTS) == cards("8H 9H QH")


def test_trumps_if_taken_in_round_2_leave_the_retourne_out_of_other_suits() -> None:
    deal = _bidding_deal()
    for _ in range(4):
        deal.bid(PASS)
    assert deal.phase is Phase.BIDDING_2
    seen = deal.observation(E)
    assert seen.trumps_if_taken(Suit.DIAMONDS) == cards("9D")
    assert seen.trumps_if_taken(Suit.SPADES) == cards("AS")
    # asked for the retourne's suit, the fact is still the one the taker would hold
    assert seen.trumps_if_taken(Suit.HEARTS) == cards("JH 7H 10H QH")
    # named in round 2, spades make East the taker: the QH comes with no atout value
    deal.bid("S")
    assert deal.trump is Suit.SPADES and C("QH") in deal.hand(E)


def test_trumps_if_taken_are_what_the_taker_holds_after_completion() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new(rng.choice(ORDER), rng)
        while deal.phase.is_bidding:
            seat = deal.turn
            assert seat is not None
            seen = deal.observation(seat)
            legal = sorted(deal.legal_bids, key=str)
            bid = rng.choice(legal)
            suit = bid.trump(deal.turned)
            if suit is None:
                deal.bid(bid)
                continue
            expected = seen.trumps_if_taken(suit)
            deal.bid(bid)
            held = deal.start_hand(seat)
            assert held is not None
            # every would-be atout is held after completion; the rest come from the stock
            assert set(expected) <= {c for c in held if c.suit is suit}
            assert (deal.turned in expected) == (deal.turned.suit is suit)


def test_trumps_if_taken_outside_bidding_or_of_no_suit_is_refused() -> None:
    deal = layout_deal()
    with pytest.raises(PhaseError, match="phase PLAY"):
        deal.observation(E).trumps_if_taken(Suit.HEARTS)
    with pytest.raises(InvalidCardError):
        _bidding_deal().observation(E).trumps_if_taken("X")


@settings(max_examples=60, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), passes=st.integers(0, 7))
def test_trumps_if_taken_are_the_suit_of_hand_and_retourne(seed: int, passes: int) -> None:
    deal = Deal.new(Seat.SOUTH, rng=seed)
    for _ in range(passes):
        deal.bid(PASS)
    for seat in Seat:
        seen = deal.observation(seat)
        for suit in Suit:
            got = seen.trumps_if_taken(suit)
            assert all(c.suit is suit for c in got)
            assert set(got) == {c for c in (*deal.hand(seat), deal.turned) if c.suit is suit}
            assert list(got) == sorted(got, key=[*seen.hand, seen.turned].index)
