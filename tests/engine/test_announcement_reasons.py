"""Why the engine refuses an announcement (FalseAnnouncementError.reason, R4.1-R4.3,
R1.6) and which of two announcements wins and by what (stronger_announcement, R4.5)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_deal import layout_deal

from belote_teach.engine.announcements import (
    CARRE_ORDER,
    Announcement,
    AnnouncementFault,
    AnnouncementType,
    Criterion,
    announcement_key,
    beats_every,
    compare_announcements,
    outranks,
    possible_announcements,
    stronger_announcement,
    validate_declaration,
)
from belote_teach.engine.cards import DECK, SEQUENCE_ORDER, Card, Suit, Team
from belote_teach.engine.errors import FalseAnnouncementError

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
F = AnnouncementFault


def hand(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def seq(type_: str, top: str, suit: str) -> Announcement:
    return Announcement.of(type_, top, suit)


def carre(rank: str) -> Announcement:
    return Announcement.of("carre", rank)


def refusal(call: object, *args: object) -> FalseAnnouncementError:
    with pytest.raises(FalseAnnouncementError) as info:
        call(*args)  # type: ignore[operator]
    return info.value


# ---------------------------------------------------------------- cards that make none
@pytest.mark.parametrize(("cards", "reason", "rule"), [
    ("8S 8H 8D 8C", F.CARRE_NOT_COUNTED, "R4.2"),         # four 8s: nothing (R4.2)
    ("7S 7H 7D 7C", F.CARRE_NOT_COUNTED, "R4.2"),
    ("KH QH", F.TOO_SHORT, "R4.1"),                       # two cards
    ("AS", F.TOO_SHORT, "R4.1"),
    ("", F.TOO_SHORT, "R4.1"),
    ("7S 8S 10S", F.NOT_IN_SEQUENCE, "R1.6"),              # a gap
    ("AH 7H 8H", F.NOT_IN_SEQUENCE, "R1.6"),               # no wrap-around
    ("9S 10H JS", F.MIXED_SUITS, "R4.1"),                  # two suits
    ("QS QH QD", F.MIXED_SUITS, "R4.1"),                   # three of a rank
    ("JS JH JD JC 7D", F.MIXED_SUITS, "R4.1"),             # a carré and one more card
])
def test_cards_that_make_no_announcement_say_why(cards: str, reason: AnnouncementFault,
                                                  rule: str) -> None:
    err = refusal(Announcement.from_cards, hand(cards))
    assert err.reason is reason and err.rule == rule
    assert "make no announcement" in str(err)
    assert set(err.cards) == set(hand(cards)) and err.announcement is None


@settings(max_examples=200, derandomize=True, database=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=0, max_size=8, unique=True))
def test_from_cards_refuses_exactly_what_is_no_run_and_no_carre(cards: list[Card]) -> None:
    suits, ranks = {c.suit for c in cards}, {c.rank for c in cards}
    order = sorted(SEQUENCE_ORDER.index(c.rank) for c in cards)
    run = (len(cards) >= 3 and len(suits) == 1
           and order == list(range(order[0], order[0] + len(order))))
    counted = len(cards) == 4 and len(ranks) == 1 and next(iter(ranks)) in CARRE_ORDER
    if run or counted:
        assert Announcement.from_cards(cards).cards == frozenset(cards)
        return
    err = refusal(Announcement.from_cards, cards)
    if len(cards) == 4 and len(ranks) == 1:
        assert err.reason is F.CARRE_NOT_COUNTED
    elif len(cards) < 3:
        assert err.reason is F.TOO_SHORT
    elif len(suits) == 1:
        assert err.reason is F.NOT_IN_SEQUENCE
    else:
        assert err.reason is F.MIXED_SUITS


# ---------------------------------------------------------------- parts that disagree
@pytest.mark.parametrize(("args", "reason", "rule"), [
    (("tierce", "8", "H", 20), F.TOP_TOO_LOW, "R1.6"),
    (("tierce", "K", None, 20), F.SEQUENCE_WITHOUT_SUIT, "R4.1"),
    (("carre", "J", "H", 200), F.CARRE_WITH_SUIT, "R4.2"),
    (("carre", "8", None, 0), F.CARRE_NOT_COUNTED, "R4.2"),
    (("tierce", "K", "H", 50), F.WRONG_POINTS, "R4.1"),
    (("carre", "9", None, 100), F.WRONG_POINTS, "R4.2"),
    (("tierce", "K", "H", True), F.WRONG_POINTS, "R4.1"),
    (("quinte", "K", "H", 100), F.UNKNOWN_TYPE, "R4"),
    (("tierce", "Z", "H", 20), F.UNREADABLE, "R4"),
    (("tierce", "K", "H", 20, frozenset(hand("JH QH AH"))), F.WRONG_CARDS, "R4.1"),
    (("carre", "J", None, 200, frozenset(hand("JS JH JD"))), F.WRONG_CARDS, "R4.2"),
])
def test_an_announcement_whose_parts_disagree_says_which(args: tuple[object, ...],
                                                         reason: AnnouncementFault,
                                                         rule: str) -> None:
    err = refusal(Announcement, *args)
    assert err.reason is reason and err.rule == rule and err.announcement is None
    if reason is F.WRONG_CARDS:
        assert set(err.cards) == set(args[4])  # type: ignore[call-overload]


def test_of_and_possible_announcements_carry_the_reason() -> None:
    assert refusal(Announcement.of, "carre", "7").reason is F.CARRE_NOT_COUNTED
    assert refusal(Announcement.of, "cinquante", "9", "S").reason is F.TOP_TOO_LOW
    assert refusal(possible_announcements, "sixte").reason is F.UNKNOWN_TYPE


# ---------------------------------------------------------------- declarations (R4.1-R4.3)
HAND = hand("8H 9H 10H JH QH QS QD QC")


def test_a_declaration_not_held_names_the_missing_cards() -> None:
    err = refusal(validate_declaration, HAND, S, [carre("Q"), seq("tierce", "K", "H")])
    assert err.reason is F.NOT_HELD and err.rule == "R4.1" and err.index == 1
    assert err.announcement == seq("tierce", "K", "H") and err.cards == hand("KH")
    err = refusal(validate_declaration, HAND, S, [carre("J")])
    assert err.reason is F.NOT_HELD and err.rule == "R4.2" and err.index == 0
    assert err.cards == hand("JS JD JC") and err.other is None


def test_a_card_used_twice_names_the_earlier_announcement_and_the_cards() -> None:
    err = refusal(validate_declaration, HAND, S, [carre("Q"), seq("cent", "Q", "H")])
    assert err.reason is F.CARD_TWICE and err.rule == "R4.3" and err.index == 1
    assert err.other == carre("Q") and err.cards == hand("QH")
    assert "the QH is already used by carre of Q (100)" in str(err)
    # the first earlier announcement that shares a card, with every card it shares
    two = [seq("tierce", "10", "H"), carre("Q"), seq("cinquante", "Q", "H")]
    err = refusal(validate_declaration, hand("8H 9H 10H JH QH QS QD QC"), S, two)
    assert err.other == seq("tierce", "10", "H") and err.cards == hand("9H 10H")
    assert err.index == 2


def test_a_split_run_names_the_run_it_continues() -> None:
    eight = hand("7H 8H 9H 10H JH QH KH AH")
    err = refusal(validate_declaration, eight, S, [seq("cent", "A", "H"), seq("tierce", "9", "H")])
    assert err.reason is F.RUN_SPLIT and err.rule == "R4.1" and err.index == 1
    assert err.other == seq("cent", "A", "H") and err.cards == ()


def test_items_that_are_no_announcement() -> None:
    err = refusal(validate_declaration, HAND, S, [carre("Q"), "tierce"])
    assert err.reason is F.NOT_AN_ANNOUNCEMENT and err.rule == "R4" and err.index == 1
    assert refusal(compare_announcements, ["tierce"], [], H).reason is F.NOT_AN_ANNOUNCEMENT
    assert refusal(stronger_announcement, carre("Q"), "x", H).reason is F.NOT_AN_ANNOUNCEMENT
    # raised by a caller outside the engine without a reason
    assert FalseAnnouncementError("not a list").reason is F.NOT_AN_ANNOUNCEMENT


def test_the_deal_refuses_with_the_same_reason() -> None:
    deal = layout_deal()                           # East holds a tierce to the 9C
    before = deal.copy()
    with pytest.raises(FalseAnnouncementError) as info:
        deal.play("7C", announce=[seq("tierce", "9", "C"), seq("tierce", "9", "C")])
    err = info.value
    assert str(err).startswith("E announced tierce to 9C (20), tierce to 9C (20) with 7C: ")
    assert err.reason is F.CARD_TWICE and err.index == 1 and err.other == seq("tierce", "9", "C")
    assert err.cards == hand("7C 8C 9C") and err.rule == "R4.3"
    with pytest.raises(FalseAnnouncementError) as info:
        deal.play("7C", announce="tierce")  # type: ignore[arg-type]
    assert info.value.reason is F.NOT_AN_ANNOUNCEMENT
    assert deal == before


# ---------------------------------------------------------------- R4.5: who wins and by what
@pytest.mark.parametrize(("first", "second", "trump", "winner", "criterion"), [
    (seq("tierce", "A", "S"), seq("cinquante", "10", "C"), H, 1, Criterion.POINTS),
    (carre("J"), carre("9"), H, 0, Criterion.POINTS),
    (seq("cent", "A", "H"), carre("Q"), H, 1, Criterion.CARRE_OVER_SEQUENCE),
    (carre("A"), carre("10"), H, 0, Criterion.CARRE_ORDER),
    (carre("Q"), carre("K"), H, 1, Criterion.CARRE_ORDER),
    (seq("tierce", "Q", "S"), seq("tierce", "9", "H"), C, 0, Criterion.TOP_CARD),
    (seq("tierce", "A", "H"), seq("tierce", "A", "D"), D, 1, Criterion.TRUMP),
    (seq("tierce", "K", "H"), seq("tierce", "K", "C"), S, None, Criterion.TIE),
    (seq("tierce", "K", "H"), seq("tierce", "K", "C"), None, None, Criterion.TIE),
    (Announcement.from_cards(hand("8H 9H 10H JH QH KH")), seq("cent", "K", "C"), "C", 1,
     Criterion.TRUMP),
])
def test_stronger_announcement_follows_r4_5(first: Announcement, second: Announcement,
                                            trump: Suit | str | None, winner: int | None,
                                            criterion: Criterion) -> None:
    got, decided = stronger_announcement(first, second, trump)
    assert decided is criterion
    assert got is (None if winner is None else (first, second)[winner])
    back, again = stronger_announcement(second, first, trump)   # the order plays no part
    assert again is criterion and back is got


def _every_announcement() -> list[Announcement]:
    return [*possible_announcements("tierce"), *possible_announcements("cinquante"),
            *possible_announcements("cent"), *possible_announcements("carre")]


def test_stronger_announcement_agrees_with_the_team_comparison() -> None:
    every = _every_announcement()
    for (first, second), trump in itertools.product(itertools.combinations(every, 2), (H, C)):
        got, criterion = stronger_announcement(first, second, trump)
        team, points = compare_announcements([first], [second], trump)
        assert (got is None) == (team is None) == (criterion is Criterion.TIE)
        if got is not None:
            assert got is (first if team is Team.NS else second) and points == got.points
            assert announcement_key(got, trump) > announcement_key(
                second if got is first else first, trump)
        if criterion is Criterion.POINTS:
            assert first.points != second.points
        elif criterion is Criterion.CARRE_OVER_SEQUENCE:
            assert first.points == second.points and got is not None and got.is_carre
        elif criterion is Criterion.CARRE_ORDER:
            assert first.is_carre and second.is_carre
        elif criterion in (Criterion.TOP_CARD, Criterion.TRUMP):
            assert first.is_sequence and second.is_sequence
            assert (first.top == second.top) is (criterion is Criterion.TRUMP)


# ---------------------------------------------------------------- R4.5 against a kind heard
def test_a_kind_heard_outranks_what_it_beats_whatever_its_cards() -> None:
    # any cinquante beats any tierce (more points, R4.5)
    assert outranks("cinquante", [seq("tierce", "A", "S")], H)
    assert outranks(AnnouncementType.CINQUANTE, [AnnouncementType.TIERCE], H)
    # a tierce may be low: it does not outrank a tierce to the K
    assert not outranks("tierce", [seq("tierce", "K", "S")], H)
    # the observer holds every jack: the weakest carré left, the queens, still beats a
    # cent at equal points (R4.5)
    assert outranks("carre", [seq("cent", "A", "H")], H, ["JS", "JH", "JD", "JC"])
    assert not outranks("tierce", [], H)
    with pytest.raises(FalseAnnouncementError) as info:
        outranks("tierce", ["cent"], H)  # type: ignore[list-item]
    assert info.value.reason is F.NOT_AN_ANNOUNCEMENT


def test_an_announcement_beats_every_one_of_a_kind_or_not() -> None:
    assert beats_every(carre("J"), "cent", H)
    assert beats_every(seq("cinquante", "10", "C"), "tierce", H)
    assert not beats_every(seq("tierce", "K", "S"), "tierce", H)
    # the observer holds the A, K and Q of every suit: the best tierce left ends at the J
    held = [c for c in DECK if c.rank.value in ("A", "K", "Q")]
    assert beats_every(seq("tierce", "Q", "S"), "tierce", H, held)
    # holding the whole deck leaves no cent to the declarer: nothing to beat
    assert beats_every(seq("tierce", "9", "S"), "cent", H, DECK)
