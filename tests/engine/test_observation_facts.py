"""The rule facts an Observation computes for the layers above the engine: the atouts a
bid would give (R2.7), whether belote may be said with a card (R5.1, R5.2), the card
points and plis won so far (R1.2-R1.4) and the cards left in each hand."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_deal import ORDER, arranged, finish, layout_deal

from belote_teach.engine.announcements import belote_cards, has_belote, may_say_belote
from belote_teach.engine.bidding import PASS, TAKE
from belote_teach.engine.cards import (
    DECK_POINTS,
    DIX_DE_DER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    points,
)
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import FalseBeloteError, InvalidCardError, PhaseError

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


# ------------------------------------------------------------------ may_say_belote (R5.1)
def _held_both_at_start(deal: Deal, seat: Seat, card: Card) -> bool:
    """R5.1 read straight from the deal: ``card`` is the trump K or Q of a seat that held
    both when play began."""
    trump, start = deal.trump, deal.start_hand(seat)
    if trump is None or start is None or card.suit is not trump:
        return False
    if card.rank not in (Rank.KING, Rank.QUEEN):
        return False
    return Card(Rank.KING, trump) in start and Card(Rank.QUEEN, trump) in start


def _deal_accepts_belote(deal: Deal, card: Card) -> bool:
    """Whether the deal takes "belote" said with ``card`` by the seat to play."""
    trial = deal.copy()
    try:
        trial.play(card, belote=True)
    except FalseBeloteError:
        return False
    return True


def _belote_deals() -> list[Deal]:
    """Seeded deals taken at once by the first to speak, and the layout deal, where East
    holds the trump K and Q."""
    deals = []
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal.new(rng.choice(ORDER), rng)
        deal.bid(TAKE)
        deals.append(deal)
    deals.append(layout_deal())                  # East holds KH QH, hearts are atout
    return deals


def test_may_say_belote_agrees_with_the_rule_everywhere_on_played_deals() -> None:
    checked = said = 0
    for number, deal in enumerate(_belote_deals()):
        rng = random.Random(number)
        while deal.phase is Phase.PLAY:
            seat = deal.turn
            assert seat is not None and deal.trump is not None
            seen = deal.observation(seat)
            start = deal.start_hand(seat)
            assert start is not None
            for card in seen.hand:
                expected = _held_both_at_start(deal, seat, card)
                assert seen.may_say_belote(card) is expected
                assert deal.may_say_belote(seat, card) is expected
                assert expected is (card in belote_cards(deal.trump)
                                    and has_belote(start, deal.trump))
                assert may_say_belote(start, deal.trump, card) is expected
                if card in seen.legal_plays:  # type: ignore[operator]
                    assert _deal_accepts_belote(deal, card) is expected
                checked += 1
                said += expected
            card = rng.choice(seen.legal_plays.cards)  # type: ignore[union-attr]
            deal.play(card, belote=deal.may_say_belote(seat, card))
    assert checked > 500 and said >= 2


def test_may_say_belote_with_the_first_and_the_second_card() -> None:
    deal = layout_deal()                          # East took hearts holding KH and QH
    seen = deal.observation(E)
    assert seen.may_say_belote("KH") and seen.may_say_belote(C("QH"))
    assert not seen.may_say_belote("10H") and not seen.may_say_belote("7C")
    assert not seen.may_say_belote("KS")          # not in the hand, not a trump
    assert not deal.observation(S).may_say_belote("KS")
    deal.play("KH", belote=True)                  # East leads the KH: belote
    assert not deal.observation(E).may_say_belote("KH")   # played: no longer now
    assert deal.observation(E).may_say_belote("QH")       # rebelote still to say
    assert deal.may_say_belote(E, "QH") and not deal.may_say_belote("E", "KH")


def test_may_say_belote_is_false_outside_play() -> None:
    deal = _bidding_deal()
    assert not deal.observation(E).may_say_belote("QH")
    assert not deal.may_say_belote(E, "JH")
    with pytest.raises(InvalidCardError):
        deal.observation(E).may_say_belote("ZZ")
    scored = layout_deal()
    finish(scored)
    assert not scored.observation(E).may_say_belote("KH")
    assert not scored.may_say_belote(E, "KH")


# ------------------------------------------------------------------ points, plis, cards left
def _check_counts(deal: Deal) -> None:
    in_hands = sum(points(c, deal.trump) for s in Seat for c in deal.hand(s)) \
        if deal.trump is not None else None
    for seat in Seat:
        seen = deal.observation(seat)
        assert dict(seen.cards_left) == {s: len(deal.hand(s)) for s in Seat}
        assert seen.cards_left[seat] == len(seen.hand)
        assert dict(seen.tricks_won) == deal.tricks_won
        assert sum(seen.tricks_won.values()) == len(seen.tricks)
        assert dict(seen.points_won) == deal.card_points
        if in_hands is not None:
            on_table = seen.trick.points if seen.trick is not None else 0
            total = sum(seen.points_won.values()) + on_table + in_hands
            assert total == DECK_POINTS + (DIX_DE_DER if len(seen.tricks) == 8 else 0)


@settings(max_examples=40, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6))
def test_points_plis_and_cards_left_add_up_at_every_step(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(ORDER), rng)
    _check_counts(deal)
    while deal.phase.is_bidding:
        deal.bid(PASS if rng.random() < 0.4 else rng.choice(sorted(deal.legal_bids, key=str)))
        _check_counts(deal)
    while deal.phase is Phase.PLAY:
        card = rng.choice(deal.legal_plays.cards)
        deal.play(card, belote=deal.may_say_belote(deal.turn, card))  # type: ignore[arg-type]
        _check_counts(deal)
    if deal.phase is Phase.SCORED:
        seen = deal.observation(Seat.SOUTH)
        assert sum(seen.points_won.values()) == DECK_POINTS + DIX_DE_DER
        assert dict(seen.cards_left) == dict.fromkeys(Seat, 0)
        assert sum(seen.tricks_won.values()) == 8


def test_points_won_count_the_dix_de_der_once_the_last_pli_is_complete() -> None:
    deal = layout_deal()
    assert dict(deal.observation(S).cards_left) == dict.fromkeys(Seat, 8)
    finish(deal)
    seen = deal.observation(N)
    last = seen.tricks[-1]
    # the last pli taken back into the trick being played: its points and the 10 wait
    view = dataclasses.replace(seen, tricks=seen.tricks[:-1], trick=last)
    assert sum(view.points_won.values()) == DECK_POINTS - last.points
    assert view.tricks_won[last.winner.team] == seen.tricks_won[last.winner.team] - 1
    assert dict(view.cards_left) == dict.fromkeys(Seat, 0)
    assert seen.points_won[last.winner.team] == view.points_won[last.winner.team] \
        + last.points + DIX_DE_DER
    with pytest.raises(TypeError):
        seen.points_won[Team.NS] = 0  # type: ignore[index]
