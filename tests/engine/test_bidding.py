"""Engine units for bidding.py: the Bid value, legal bids per round (R2.4, R2.5) and the
rule that ends bidding (first take, first suit, or all pass twice: R2.6)."""

from __future__ import annotations

import pytest

from belote_teach.engine.bidding import PASS, TAKE, Bid, Bidding, BidKind, Contract, legal_bids
from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.errors import (
    BeloteError,
    IllegalBidError,
    InvalidBidError,
    InvalidCardError,
    OutOfTurnError,
    PhaseError,
)

C = Card.parse


# ------------------------------------------------------------------------- the Bid value
@pytest.mark.parametrize("text", ["take", "pass", "S", "H", "D", "C"])
def test_notation_round_trip(text: str) -> None:
    bid = Bid.parse(text)
    assert str(bid) == text
    assert Bid.parse(str(bid)) == bid
    assert repr(bid) == f"Bid.parse({text!r})"
    assert eval(repr(bid)) == bid


@pytest.mark.parametrize(
    ("text", "expected"),
    [("TAKE", TAKE), (" take ", TAKE), ("je prends", TAKE), ("Prends", TAKE),
     ("PASS", PASS), ("passe", PASS), ("Je  passe", PASS),
     ("h", Bid(BidKind.SUIT, Suit.HEARTS)), ("♠", Bid.naming("S")),
     (Suit.CLUBS, Bid.naming(Suit.CLUBS)), (PASS, PASS)],
)
def test_parse_accepts_words_symbols_and_values(text: object, expected: Bid) -> None:
    assert Bid.parse(text) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "takes", "X", "JH", "10", "hearts", 3, None])
def test_parse_rejects_non_bids_quoting_them(text: object) -> None:
    with pytest.raises(InvalidBidError) as err:
        Bid.parse(text)  # type: ignore[arg-type]
    assert repr(text) in str(err.value)
    assert isinstance(err.value, BeloteError) and isinstance(err.value, ValueError)


def test_bid_fields_must_agree() -> None:
    with pytest.raises(InvalidBidError):
        Bid(BidKind.SUIT)
    with pytest.raises(InvalidBidError):
        Bid(BidKind.TAKE, Suit.HEARTS)
    with pytest.raises(InvalidBidError, match="'X'"):
        Bid.naming("X")


def test_bid_properties() -> None:
    assert PASS.is_pass and not PASS.ends_bidding
    assert TAKE.ends_bidding and not TAKE.is_pass
    assert Bid.naming("D").ends_bidding
    assert TAKE.trump(C("7H")) is Suit.HEARTS
    assert Bid.naming("D").trump(C("7H")) is Suit.DIAMONDS
    assert PASS.trump(C("7H")) is None


def test_bids_are_frozen_and_hashable() -> None:
    with pytest.raises(AttributeError):
        TAKE.kind = BidKind.PASS  # type: ignore[misc]
    assert len({TAKE, Bid.parse("take"), PASS, Bid.parse("H"), Bid.naming("H")}) == 3


# ------------------------------------------------------------------ legal bids (R2.4, R2.5)
def test_r2_4_round_1_take_or_pass() -> None:
    assert legal_bids("JH", 1) == {TAKE, PASS}
    assert legal_bids(C("7C"), round=1, history=["pass", "pass"]) == {TAKE, PASS}


@pytest.mark.parametrize("turned", ["JH", "7S", "AD", "10C"])
def test_r2_5_round_2_the_three_other_suits_or_pass(turned: str) -> None:
    turned_suit = C(turned).suit
    legal = legal_bids(turned, 2)
    assert legal == {PASS, *(Bid.naming(s) for s in Suit if s is not turned_suit)}
    assert Bid.naming(turned_suit) not in legal
    assert TAKE not in legal
    assert len(legal) == 4


def test_legal_bids_empty_once_the_round_is_over() -> None:
    assert legal_bids("JH", 1, ["pass", "take"]) == frozenset()
    assert legal_bids("JH", 1, ["pass"] * 4) == frozenset()
    assert legal_bids("JH", 2, ["pass", "S"]) == frozenset()
    assert legal_bids("JH", 2, ["pass"] * 3) == {PASS, Bid.naming("S"), Bid.naming("D"),
                                                 Bid.naming("C")}


def test_legal_bids_checks_history() -> None:
    with pytest.raises(IllegalBidError, match="bid H is illegal"):
        legal_bids("JH", 2, ["pass", "H"])
    with pytest.raises(IllegalBidError, match="bid S is illegal"):
        legal_bids("JH", 1, ["S"])
    with pytest.raises(InvalidBidError, match="'nope'"):
        legal_bids("JH", 1, ["nope"])
    with pytest.raises(PhaseError, match="at most 4 bids"):
        legal_bids("JH", 1, ["pass"] * 5)


@pytest.mark.parametrize("bad_round", [0, 3, "1", True, None])
def test_legal_bids_rounds_are_1_and_2(bad_round: object) -> None:
    with pytest.raises(PhaseError, match="rounds 1 and 2"):
        legal_bids("JH", bad_round)  # type: ignore[arg-type]


def test_legal_bids_reads_the_turned_card() -> None:
    with pytest.raises(InvalidCardError, match="'JX'"):
        legal_bids("JX", 1)


# ------------------------------------------------------------ the Bidding state machine
def test_round_1_starts_after_the_dealer_counter_clockwise() -> None:
    bidding = Bidding(Seat.SOUTH, "JH")
    speakers = []
    for _ in range(4):
        speakers.append(bidding.to_speak)
        bidding.bid("pass")
    assert speakers == [Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH]
    assert bidding.round == 2
    assert bidding.to_speak is Seat.EAST            # round 2 starts with the same player


def test_r2_4_first_take_ends_bidding() -> None:
    bidding = Bidding(Seat.WEST, "9D", ["pass", "pass", "take"])
    assert bidding.is_over and not bidding.is_passed_out
    # West deals: South and East pass, North takes
    assert bidding.contract == Contract(taker=Seat.NORTH, trump=Suit.DIAMONDS, round=1)
    assert bidding.to_speak is None
    assert bidding.legal_bids == frozenset()
    with pytest.raises(PhaseError, match="bidding is over"):
        bidding.bid("pass")


def test_r2_5_first_suit_in_round_2_ends_bidding() -> None:
    bidding = Bidding(Seat.NORTH, "9D", ["pass"] * 5)
    assert bidding.round == 2 and not bidding.is_over
    bidding.bid("C")
    assert bidding.is_over
    assert bidding.contract == Contract(taker=Seat.SOUTH, trump=Suit.CLUBS, round=2)
    assert str(bidding.contract) == "S took C (round 2)"


def test_r2_5_turned_suit_is_illegal_in_round_2() -> None:
    bidding = Bidding(Seat.NORTH, "9D", ["pass"] * 4)
    with pytest.raises(IllegalBidError) as err:
        bidding.bid("D")
    message = str(err.value)
    assert "bid D is illegal" in message and "R2.5" in message and "9D" in message
    assert "legal: S, H, C, pass" in message
    assert err.value.bid == Bid.naming("D")
    assert err.value.legal == (Bid.naming("S"), Bid.naming("H"), Bid.naming("C"), PASS)
    assert len(bidding) == 4  # unchanged


def test_r2_4_take_only_in_round_1_and_suits_only_in_round_2() -> None:
    bidding = Bidding(Seat.NORTH, "9D")
    with pytest.raises(IllegalBidError, match=r"bid H is illegal: in round 1 .*R2\.4.*"
                                              r"legal: take, pass"):
        bidding.bid("H")
    for _ in range(4):
        bidding.bid(PASS)
    with pytest.raises(IllegalBidError, match=r"bid take is illegal: in round 2 .*R2\.5"):
        bidding.bid(TAKE)


def test_r2_6_all_pass_twice_passes_out() -> None:
    bidding = Bidding(Seat.EAST, "AS")
    for i in range(8):
        assert not bidding.is_over
        assert bidding.round == (1 if i < 4 else 2)
        bidding.bid("pass")
    assert bidding.is_over and bidding.is_passed_out
    assert bidding.contract is None and bidding.to_speak is None
    with pytest.raises(PhaseError, match="passed out"):
        bidding.bid("S")


def test_out_of_turn_bid() -> None:
    bidding = Bidding(Seat.SOUTH, "JH")
    with pytest.raises(OutOfTurnError, match="N may not bid take: it is E's turn"):
        bidding.bid("take", seat="N")
    bidding.bid("take", seat=Seat.EAST)
    assert bidding.contract is not None and bidding.contract.taker is Seat.EAST


def test_round_after_a_round_1_take_by_the_dealer() -> None:
    bidding = Bidding(Seat.SOUTH, "JH", ["pass"] * 3 + ["take"])
    assert bidding.round == 1
    assert bidding.contract == Contract(Seat.SOUTH, Suit.HEARTS, 1)


def test_pop_copy_and_calls() -> None:
    bidding = Bidding(Seat.SOUTH, "JH", ["pass", "pass"])
    clone = bidding.copy()
    assert clone == bidding and clone is not bidding
    bidding.bid("take")
    assert clone != bidding and len(clone) == 2
    assert bidding.calls == ((Seat.EAST, PASS), (Seat.NORTH, PASS), (Seat.WEST, TAKE))
    assert list(bidding) == list(bidding.calls)
    assert bidding.pop() == TAKE
    assert bidding == clone
    assert not bidding.is_over
    bidding.pop()
    bidding.pop()
    with pytest.raises(PhaseError, match="no bid"):
        bidding.pop()
    assert repr(clone) == "Bidding(Seat.SOUTH, turned='JH', bids=['pass', 'pass'])"
