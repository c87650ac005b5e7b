"""Engine units for trick.py: winner, master, points (R1.5), checked play and errors."""

from __future__ import annotations

import pytest

from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.errors import (
    IllegalPlayError,
    InvalidCardError,
    InvalidPositionError,
    PhaseError,
)
from belote_teach.engine.rules import CLASSIC, LegalPlays, Rule
from belote_teach.engine.trick import Play, Trick

C = Card.parse


def cards(text: str) -> list[Card]:
    return [C(t) for t in text.split()]


# ----------------------------------------------------------------- winner and points (R1.5)
@pytest.mark.parametrize(
    ("trump", "leader", "played", "winner", "winning_card", "pts"),
    [
        # the rules page: hearts trump, KD AD 7H QH -> the 4th card wins, 18 points
        ("H", "S", "KD AD 7H QH", "W", "QH", 18),
        # a discard of a third suit never wins, even an ace
        ("S", "N", "7D AC 8D AH", "S", "8D", 22),
        ("S", "E", "8C AH AD 7C", "E", "8C", 22),
        # the first trump takes over a plain lead
        ("H", "E", "AS 10S 7H KS", "W", "7H", 25),
        # a higher trump wins
        ("H", "S", "AS 7H 9H 8H", "N", "9H", 25),
        ("D", "W", "AC JD 9D 10C", "S", "JD", 55),
        # trump lead: the jack beats the nine
        ("H", "N", "9H JH AH 10H", "W", "JH", 55),
        # plain order: 10 above K, J below Q
        ("C", "S", "KD 10D QD 7D", "E", "10D", 17),
        ("C", "S", "JD QD 9D 8D", "E", "QD", 5),
        ("C", "E", "9S JS 8S 7S", "N", "JS", 2),
        # the leader keeps it when nobody beats the led card
        ("S", "N", "AD 7D KH QC", "N", "AD", 18),
    ],
)
def test_winner_and_points(trump: str, leader: str, played: str, winner: str,
                           winning_card: str, pts: int) -> None:
    trick = Trick(trump, leader, played.split())
    assert trick.is_complete
    assert trick.winner is Seat.parse(winner)
    assert trick.master == Play(Seat.parse(winner), C(winning_card))
    assert trick.points == pts


def test_rules_page_example_with_enums() -> None:
    trick = Trick(Suit.HEARTS, leader=Seat.SOUTH, cards=cards("KD AD 7H QH"))
    assert trick.winner is Seat.WEST
    assert trick.points == 18
    assert trick.led_suit is Suit.DIAMONDS
    assert trick.highest_trump == Play(Seat.WEST, C("QH"))


def test_points_count_trump_values_for_trumps_only() -> None:
    # JH is 20 as trump; JS is 2 as a plain card
    assert Trick("H", "S", ["JS", "JH"]).points == 22
    assert Trick("S", "S", ["JS", "JH"]).points == 22
    assert Trick("D", "S", ["JS", "JH"]).points == 4
    assert Trick("D", "S", []).points == 0


# ------------------------------------------------------------------------ master (partial)
def test_master_on_partial_tricks() -> None:
    trick = Trick("H", "S")
    assert trick.master is None
    assert trick.highest_trump is None
    assert trick.led_suit is None
    steps = [("KD", Play(Seat.SOUTH, C("KD"))),
             ("AD", Play(Seat.EAST, C("AD"))),
             ("7H", Play(Seat.NORTH, C("7H"))),
             ("QH", Play(Seat.WEST, C("QH")))]
    for card, master in steps:
        trick._push_unchecked(C(card))
        assert trick.master == master


def test_master_ignores_discards_and_lower_cards() -> None:
    trick = Trick("S", "E", ["9D", "AC"])
    assert trick.master == Play(Seat.EAST, C("9D"))
    trick = Trick("S", "E", ["9D", "AC", "7D"])
    assert trick.master == Play(Seat.EAST, C("9D"))
    assert trick.highest_trump is None
    trick = Trick("S", "E", ["9D", "8S", "AS"])
    assert trick.master == Play(Seat.WEST, C("AS"))
    assert trick.highest_trump == Play(Seat.WEST, C("AS"))
    trick = Trick("S", "E", ["9D", "9S", "AS"])  # 9 of trumps above the ace of trumps
    assert trick.master == Play(Seat.NORTH, C("9S"))
    assert trick.highest_trump == Play(Seat.NORTH, C("9S"))


def test_winner_of_incomplete_trick_raises_phase_error() -> None:
    for n in range(4):
        trick = Trick("H", "S", ["KD", "AD", "7H", "QH"][:n])
        with pytest.raises(PhaseError, match=f"has {n} card"):
            _ = trick.winner


# ----------------------------------------------------------------------- seats and order
@pytest.mark.parametrize(
    ("leader", "expected"),
    [("S", "SENW"), ("E", "ENWS"), ("N", "NWSE"), ("W", "WSEN")],
)
def test_seats_follow_counter_clockwise_from_the_leader(leader: str, expected: str) -> None:
    trick = Trick("H", leader)
    seen = []
    for card in cards("7S 8S 9S 10S"):
        seen.append(trick.next_seat.value)
        trick._push_unchecked(card)
    assert "".join(seen) == expected
    assert "".join(p.seat.value for p in trick.plays) == expected
    built = Trick("H", leader, ["7S", "8S", "9S", "10S"])
    assert [p.seat for p in built] == [p.seat for p in trick.plays]
    assert built == trick
    with pytest.raises(PhaseError):
        _ = trick.next_seat


def test_reading_views() -> None:
    trick = Trick("C", "N", ["AD", "7C"])
    assert trick.cards == (C("AD"), C("7C"))
    assert trick.plays == (Play(Seat.NORTH, C("AD")), Play(Seat.WEST, C("7C")))
    assert list(trick) == list(trick.plays)
    assert len(trick) == 2
    assert str(trick) == "[AD, 7C]"
    assert repr(trick) == "Trick(Suit.CLUBS, leader=Seat.NORTH, cards=['AD', '7C'])"
    assert not trick.is_complete
    assert trick.next_seat is Seat.SOUTH


# ------------------------------------------------------------------------- construction
def test_five_cards_raise_invalid_position() -> None:
    with pytest.raises(InvalidPositionError, match="at most 4"):
        Trick("H", "S", ["7S", "8S", "9S", "10S", "JS"])


def test_duplicate_card_raises_invalid_card() -> None:
    with pytest.raises(InvalidCardError, match="JS twice"):
        Trick("H", "S", ["JS", "7S", "J♠"])


def test_unreadable_card_raises_invalid_card() -> None:
    with pytest.raises(InvalidCardError, match="'11S'"):
        Trick("H", "S", ["11S"])


# --------------------------------------------------------------------------- checked play
def test_play_adds_the_card_for_the_seat_to_play_and_returns_the_legal_plays() -> None:
    trick = Trick("H", "S", ["KD", "AD"])
    legal = trick.play("8H", cards("8H 7S AC"))
    assert isinstance(legal, LegalPlays)
    assert legal.rule is Rule.MUST_TRUMP
    assert legal.seat is Seat.NORTH
    assert set(legal) == {C("8H")}
    assert legal.trick == Trick("H", "S", ["KD", "AD"])  # the position before the card
    assert trick.plays[-1] == Play(Seat.NORTH, C("8H"))
    assert trick.master == Play(Seat.NORTH, C("8H"))


def test_play_accepts_card_objects_and_default_rules() -> None:
    trick = Trick(Suit.SPADES, Seat.WEST)
    trick.play(C("9D"), [C("9D"), C("JS")])
    trick.play(C("KD"), [C("KD"), C("AS")], CLASSIC)
    assert trick.cards == (C("9D"), C("KD"))
    assert [p.seat for p in trick] == [Seat.WEST, Seat.SOUTH]


def test_play_illegal_card_raises_and_leaves_the_trick_unchanged() -> None:
    trick = Trick("H", "S", ["KD", "AD", "8H"])  # W is void in diamonds, E (opponent) trumped
    before = trick.copy()
    with pytest.raises(IllegalPlayError) as info:
        trick.play("7H", cards("7H JH AC 10S"))
    err = info.value
    assert err.card == C("7H")
    assert err.rule is Rule.MUST_OVERTRUMP
    assert err.legal == (C("JH"),)
    assert "7H" in str(err) and "MUST_OVERTRUMP" in str(err) and "JH" in str(err)
    assert trick == before
    assert trick.plays == before.plays


def test_play_revoke_on_follow_suit_is_refused() -> None:
    trick = Trick("S", "E", ["10C"])
    before = trick.copy()
    with pytest.raises(IllegalPlayError) as info:
        trick.play("7S", cards("7S 8C KC"))
    assert info.value.rule is Rule.FOLLOW_SUIT
    assert set(info.value.legal) == {C("8C"), C("KC")}
    assert trick == before


def test_play_card_not_in_hand_raises_and_leaves_the_trick_unchanged() -> None:
    trick = Trick("H", "S", ["KD"])
    before = trick.copy()
    with pytest.raises(IllegalPlayError) as info:
        trick.play("AD", cards("7D 8C"))
    assert info.value.card == C("AD")
    assert info.value.rule is Rule.FOLLOW_SUIT
    assert info.value.legal == (C("7D"),)
    assert "not in the hand" in str(info.value)
    assert trick == before


def test_play_card_already_in_trick_raises_and_leaves_the_trick_unchanged() -> None:
    trick = Trick("H", "S", ["KD", "AD"])
    before = trick.copy()
    with pytest.raises(IllegalPlayError) as info:  # the hand does not hold it
        trick.play("KD", cards("7D 8C"))
    assert info.value.card == C("KD")
    assert trick == before
    with pytest.raises(InvalidPositionError, match="KD"):  # the hand claims to hold it too
        trick.play("KD", cards("KD 7D"))
    assert trick == before


def test_play_on_complete_trick_raises_phase_error_and_leaves_it_unchanged() -> None:
    trick = Trick("H", "S", ["KD", "AD", "7H", "QH"])
    before = trick.copy()
    with pytest.raises(PhaseError, match="complete"):
        trick.play("7C", ["7C"])
    assert trick == before
    assert len(trick) == 4


def test_play_unreadable_card_leaves_the_trick_unchanged() -> None:
    trick = Trick("H", "S", ["KD"])
    before = trick.copy()
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        trick.play("ZZ", ["7D"])
    with pytest.raises(InvalidCardError, match="'1D'"):
        trick.play("7D", ["7D", "1D"])
    assert trick == before


# ---------------------------------------------------------------------------- pop / copy
def test_pop_takes_back_the_last_play() -> None:
    trick = Trick("H", "S", ["KD", "AD", "7H"])
    assert trick.pop() == Play(Seat.NORTH, C("7H"))
    assert trick == Trick("H", "S", ["KD", "AD"])
    assert trick.master == Play(Seat.EAST, C("AD"))
    assert trick.next_seat is Seat.NORTH
    trick.pop()
    trick.pop()
    assert len(trick) == 0
    with pytest.raises(PhaseError, match="empty"):
        trick.pop()
    assert trick == Trick("H", "S")


def test_pop_undoes_play() -> None:
    trick = Trick("H", "S", ["KD"])
    before = trick.copy()
    trick.play("AD", cards("AD 7D"))
    assert trick != before
    trick.pop()
    assert trick == before


def test_copy_is_equal_and_independent() -> None:
    trick = Trick("H", "S", ["KD", "AD"])
    clone = trick.copy()
    assert clone == trick and clone is not trick
    clone._push_unchecked(C("7H"))
    assert len(trick) == 2 and len(clone) == 3
    assert trick != clone
    trick.pop()
    assert clone.cards == (C("KD"), C("AD"), C("7H"))


def test_equality_depends_on_trump_leader_and_cards() -> None:
    base = Trick("H", "S", ["KD"])
    assert base == Trick(Suit.HEARTS, Seat.SOUTH, [C("KD")])
    assert base != Trick("S", "S", ["KD"])
    assert base != Trick("H", "E", ["KD"])
    assert base != Trick("H", "S", ["KH"])
    assert base != "KD"


def test_before_places_the_leader_counter_clockwise_before_the_seat() -> None:
    assert Trick.before("E", "H", ["KD"]) == Trick("H", "S", ["KD"])
    assert Trick.before(Seat.SOUTH, Suit.CLUBS, ["7D", "8D", "9D"]) == Trick("C", "E",
                                                                         ["7D", "8D", "9D"])
    assert Trick.before("N", "S").leader is Seat.NORTH
    for seat in Seat:
        assert Trick.before(seat, "H", ["7S", "8S"]).next_seat is seat
    with pytest.raises(InvalidPositionError, match="4 cards"):
        Trick.before("N", "H", ["7S", "8S", "9S", "10S"])


def test_an_unknown_seat_is_an_invalid_position() -> None:
    from belote_teach.engine.errors import InvalidPositionError

    with pytest.raises(InvalidPositionError, match="unknown seat 'Q'"):
        Trick("H", "Q")
