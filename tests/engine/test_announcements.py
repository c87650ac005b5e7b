"""Announcements (RULES.md R4) and belote (R5.1): hand-made cases per rule ID."""

from __future__ import annotations

import dataclasses

import pytest

from belote_teach.engine.announcements import (
    BELOTE_POINTS,
    CARRE_ORDER,
    CARRE_POINTS,
    SEQUENCE_LENGTH,
    SEQUENCE_POINTS,
    Announcement,
    AnnouncementType,
    announcement_key,
    best_announcement,
    compare_announcements,
    find_announcements,
    has_belote,
    validate_declaration,
)
from belote_teach.engine.cards import Card, Rank, Suit, Team
from belote_teach.engine.errors import BeloteError, FalseAnnouncementError, InvalidCardError

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def hand(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def found(text: str, trump: Suit = S) -> list[str]:
    return [str(a) for a in find_announcements(hand(text), trump)]


def seq(type_: str, top: str, suit: str) -> Announcement:
    return Announcement.of(type_, top, suit)


def carre(rank: str) -> Announcement:
    return Announcement.of("carre", rank)


# ---------------------------------------------------------------------------- tables
def test_tables_match_rules_md() -> None:
    assert SEQUENCE_POINTS == {AnnouncementType.TIERCE: 20, AnnouncementType.CINQUANTE: 50,
                               AnnouncementType.CENT: 100}                          # R4.1
    assert SEQUENCE_LENGTH == {AnnouncementType.TIERCE: 3, AnnouncementType.CINQUANTE: 4,
                               AnnouncementType.CENT: 5}
    assert CARRE_POINTS == {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100,
                            Rank.KING: 100, Rank.QUEEN: 100}                        # R4.2
    assert CARRE_ORDER == (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
    assert BELOTE_POINTS == 20                                                       # R5.1
    assert [t.value for t in AnnouncementType] == ["tierce", "cinquante", "cent", "carre"]


# ---------------------------------------------------------------------------- R1.6, R4.1
@pytest.mark.parametrize(("cards", "expected"), [
    ("8C 9C 10C AS QS KD JD 7H", ["tierce to 10C (20)"]),          # the rules page's tierce
    ("JD QD KD AD 7S 9H 8C 10C", ["cinquante to AD (50)"]),
    ("8H 9H 10H JH QH AS 7D 8C", ["cent to QH (100)"]),
    ("8H 9H 10H JH QH KH AS 7D", ["cent to KH (100)"]),            # 6 in a row: one cent
    ("7H 8H 9H 10H JH QH KH AH", ["cent to AH (100)"]),            # 8 in a row: one cent
    ("7H 8H 9H JH QH KH AS 7D", ["tierce to KH (20)", "tierce to 9H (20)"]),  # two runs
    ("QS KS AS 7D 8D 9D 10C 8C", ["tierce to AS (20)", "tierce to 9D (20)"]),
    ("AS 7S 8S KH QH 10C JC 9D", []),                              # R1.6: no wrap-around
    ("KS AS 7S 8S 9S JH 10H 8D", ["tierce to 9S (20)"]),
])
def test_r4_1_sequences_announced_whole(cards, expected) -> None:
    assert found(cards, D) == expected


def test_r4_1_cards_of_the_run_are_kept() -> None:
    [cent] = find_announcements(hand("7H 8H 9H 10H JH QH KH AH"), S)
    assert cent.cards == frozenset(hand("7H 8H 9H 10H JH QH KH AH"))
    assert cent.length == 8 and cent.is_sequence and not cent.is_carre
    assert cent == seq("cent", "A", "H")


# ---------------------------------------------------------------------------- R4.2
@pytest.mark.parametrize(("rank", "points"), [("J", 200), ("9", 150), ("A", 100),
                                              ("10", 100), ("K", 100), ("Q", 100)])
def test_r4_2_carre_values(rank, points) -> None:
    cards = f"{rank}S {rank}H {rank}D {rank}C"
    others = "7S 8H AD" if rank != "A" else "7S 8H KD"
    [announcement] = find_announcements(hand(f"{cards} {others}"), H)
    assert (announcement.type, announcement.top, announcement.suit, announcement.points) == (
        AnnouncementType.CARRE, Rank.parse(rank), None, points)
    assert announcement.cards == frozenset(hand(cards))


def test_r4_2_four_eights_or_sevens_are_nothing() -> None:
    assert found("8S 8H 8D 8C KH QH AS 10D", H) == []              # public scenario
    assert found("7S 7H 7D 7C KH QH AS 10D", H) == []


def test_r4_2_four_eights_stay_free_for_a_sequence() -> None:
    assert found("8S 8H 8D 8C 9H 10H KS 7D", H) == ["tierce to 10H (20)"]
    assert found("7S 7H 7D 7C 8C 9C 10C JC", H) == ["cent to JC (100)"]
    # equal tierces to the 9: the trump one is the stronger, listed first (R4.5)
    assert found("7S 7H 7D 7C 8S 9S 8H 9H", H) == ["tierce to 9H (20)", "tierce to 9S (20)"]


def test_r4_2_two_carres() -> None:
    assert found("JS JH JD JC 9S 9H 9D 9C") == ["carre of J (200)", "carre of 9 (150)"]


# ---------------------------------------------------------------------------- R4.3 readings
def test_r4_3_card_used_once_queen_in_carre_not_in_tierce() -> None:
    # public scenario announce-card-used-once: the QS could serve the carré or J-Q-K of S
    assert found("QS QH QD QC KS JS 7D 9H", S) == ["carre of Q (100)"]
    assert has_belote(hand("QS QH QD QC KS JS 7D 9H"), S)          # K+Q still give belote


def test_r4_3_best_reading_carre_and_the_rest_of_the_run() -> None:
    # cent 9-K (100) or carré of K (100) + cinquante 9-Q (50): the carré reading wins
    assert found("9H 10H JH QH KH KS KD KC") == ["carre of K (100)", "cinquante to QH (50)"]
    # cent 8-Q (100) or carré of Q + cinquante 8-J: 150
    assert found("8H 9H 10H JH QH QS QD QC") == ["carre of Q (100)", "cinquante to JH (50)"]
    # cent 10-A or carré of K + tierce 10-Q: 120
    assert found("10H JH QH KH AH KS KD KC") == ["carre of K (100)", "tierce to QH (20)"]


def test_r4_3_equal_points_the_stronger_reading_wins() -> None:
    # cent 8-Q (100) or carré of 10s (100, leaving 8-9 and J-Q: nothing): at equal points
    # the carré is stronger under R4.5
    assert found("8H 9H 10H JH QH 10S 10D 10C") == ["carre of 10 (100)"]


def test_r4_3_carre_against_a_tierce_it_breaks() -> None:
    # carré of J (200) beats the tierce 9-J of hearts it would break (20)
    assert found("9H 10H JH JS JD JC 7S 8D") == ["carre of J (200)"]
    # carré of 9 and tierce 7-9: carré (150) + 7-8 nothing vs tierce (20)
    assert found("7C 8C 9C 9S 9H 9D AS KD") == ["carre of 9 (150)"]


def test_any_hand_size() -> None:
    assert found("") == []
    assert found("JH QH KH") == ["tierce to KH (20)"]
    assert found("JH QH KH JS JD JC") == ["carre of J (200)"]
    twelve = "7S 8S 9S 10S JS QS KS AS JH JD JC 7C"
    # the carré of jacks takes the JS: 7-10 and Q-A of spades remain (270 > one cent)
    assert found(twelve) == ["carre of J (200)", "cinquante to 10S (50)", "tierce to AS (20)"]


def test_found_strongest_first() -> None:
    anns = find_announcements(hand("7S 8S 9S QH KH AH 10C 9D"), H)
    assert [str(a) for a in anns] == ["tierce to AH (20)", "tierce to 9S (20)"]


def test_find_announcements_errors() -> None:
    with pytest.raises(InvalidCardError, match="twice"):
        find_announcements(hand("7S 7S 8S"), S)
    with pytest.raises(InvalidCardError, match="unknown suit"):
        find_announcements(hand("7S"), "X")
    assert find_announcements(["7S", "8S", "9S"], "S") == (seq("tierce", "9", "S"),)


# ---------------------------------------------------------------------------- R5.1
@pytest.mark.parametrize(("cards", "trump", "expected"), [
    ("KH QH 7S", H, True), ("QH KH", H, True), ("KH 7S", H, False), ("KS QS 7H", H, False),
    ("KH QH", S, False), ("", H, False),
])
def test_r5_1_belote(cards, trump, expected) -> None:
    assert has_belote(hand(cards), trump) is expected


# ---------------------------------------------------------------------------- Announcement
def test_announcement_equality_ignores_cards_and_reads_strings() -> None:
    with_cards = Announcement.from_cards(hand("8C 9C 10C"))
    data = Announcement("tierce", Rank.TEN, Suit.CLUBS, 20)
    assert data.type is AnnouncementType.TIERCE and data.cards == frozenset()
    assert with_cards == data and hash(with_cards) == hash(data)
    assert Announcement("carré", "J", None, 200) == carre("J")
    assert Announcement(AnnouncementType.CENT, "A", "H", 100).suit is H


def test_announcement_text_and_repr() -> None:
    assert str(seq("tierce", "10", "C")) == "tierce to 10C (20)"
    assert str(carre("J")) == "carre of J (200)"
    assert repr(seq("cent", "A", "H")) == "Announcement.of('cent', 'A', 'H')"
    assert repr(carre("9")) == "Announcement.of('carre', '9')"
    from_cards = Announcement.from_cards(hand("10C 8C 9C"))
    assert repr(from_cards) == "Announcement.from_cards(['8C', '9C', '10C'])"
    assert eval(repr(from_cards)).cards == from_cards.cards
    assert eval(repr(carre("9"))) == carre("9")


def test_announcement_length_and_implied_cards() -> None:
    assert seq("tierce", "10", "C").implied_cards == frozenset(hand("8C 9C 10C"))
    assert seq("cent", "K", "H").implied_cards == frozenset(hand("9H 10H JH QH KH"))
    assert carre("Q").implied_cards == frozenset(hand("QS QH QD QC"))
    assert [seq(t, "A", "S").length for t in ("tierce", "cinquante", "cent")] == [3, 4, 5]
    assert carre("Q").length == 4


def test_announcement_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        carre("J").points = 100  # type: ignore[misc]


@pytest.mark.parametrize(("args", "fragment"), [
    (("tierce", "8", "H", 20), "no tierce ends at the 8"),
    (("cent", "10", "H", 100), "no cent ends at the 10"),
    (("tierce", "K", None, 20), "a tierce is a run in one suit"),
    (("carre", "J", "H", 200), "a carré has no suit"),
    (("carre", "8", None, 0), "four 8s are not announced"),
    (("tierce", "K", "H", 50), "a tierce to the K is worth 20 points"),
    (("carre", "9", None, 100), "a carré of 9s is worth 150 points"),
    (("quinte", "K", "H", 100), "unknown announcement type 'quinte'"),
    (("tierce", "Z", "H", 20), "unknown rank"),
    (("tierce", "K", "H", True), "points must be a whole number"),
])
def test_inconsistent_announcement_is_refused(args, fragment) -> None:
    with pytest.raises(FalseAnnouncementError, match=fragment):
        Announcement(*args)


def test_announcement_cards_must_make_it() -> None:
    with pytest.raises(FalseAnnouncementError, match="are not a tierce to the K of H"):
        Announcement("tierce", "K", "H", 20, frozenset(hand("JH QH AH")))
    with pytest.raises(FalseAnnouncementError, match="are not a tierce"):
        Announcement("tierce", "K", "H", 20, frozenset(hand("10H JH QH KH")))
    with pytest.raises(FalseAnnouncementError, match="are not the four Js"):
        Announcement("carre", "J", None, 200, frozenset(hand("JS JH JD")))
    with pytest.raises(FalseAnnouncementError, match="make no announcement"):
        Announcement.from_cards(hand("8S 8H 8D 8C"))
    with pytest.raises(FalseAnnouncementError, match="make no announcement"):
        Announcement.from_cards(hand("7S 8S 10S"))
    assert Announcement.from_cards(hand("JS JH JD JC")) == carre("J")
    assert Announcement.from_cards(hand("7D 8D 9D 10D JD QD")) == seq("cent", "Q", "D")


# ---------------------------------------------------------------------------- R4.5, R4.6
def test_r4_5_more_points_wins() -> None:
    assert compare_announcements([seq("tierce", "K", "H")], [seq("cinquante", "10", "C")],
                                 S) == (Team.EW, 50)
    assert compare_announcements([carre("J")], [carre("9"), seq("cent", "A", "D")], S) == (
        Team.NS, 200)


def test_r4_5_carre_beats_sequence_at_equal_points() -> None:
    assert compare_announcements([seq("cent", "A", "D")], [carre("K")], H) == (Team.EW, 100)
    assert compare_announcements([seq("cent", "A", "H")], [carre("Q")], H) == (Team.EW, 100)


@pytest.mark.parametrize(("better", "worse"), [("A", "10"), ("10", "K"), ("K", "Q"),
                                               ("A", "Q"), ("J", "9"), ("9", "A")])
def test_r4_5_carre_order(better, worse) -> None:
    assert compare_announcements([carre(worse)], [carre(better)], S)[0] is Team.EW
    assert compare_announcements([carre(better)], [carre(worse)], S)[0] is Team.NS
    assert announcement_key(carre(better), S) > announcement_key(carre(worse), S)


def test_r4_5_higher_top_card_then_trump_then_nobody() -> None:
    assert compare_announcements([seq("tierce", "Q", "S")], [seq("tierce", "9", "H")], C) == (
        Team.NS, 20)
    assert compare_announcements([seq("tierce", "A", "H")], [seq("tierce", "A", "D")], D) == (
        Team.EW, 20)
    # public scenario compare-exact-tie-nobody-scores: the team that declared first gets
    # nothing more under RULES.md (R4.5 has no first-declared rule)
    assert compare_announcements([seq("tierce", "K", "H")], [seq("tierce", "K", "C")], S) == (
        None, 0)
    # equal points and top card: the length does not matter (a cent of 6 against 5)
    six = Announcement.from_cards(hand("8H 9H 10H JH QH KH"))
    assert compare_announcements([six], [seq("cent", "K", "C")], S) == (None, 0)
    assert compare_announcements([six], [seq("cent", "K", "C")], C) == (Team.EW, 100)


def test_r4_6_winner_scores_all_its_announcements() -> None:
    ns = [seq("cinquante", "J", "S"), seq("tierce", "9", "D")]
    assert compare_announcements(ns, [seq("tierce", "A", "C")], H) == (Team.NS, 70)
    assert compare_announcements([], ns, H) == (Team.EW, 70)


def test_nobody_announced() -> None:
    assert compare_announcements([], [], H) == (None, 0)
    assert compare_announcements([], [], "H") == (None, 0)
    with pytest.raises(FalseAnnouncementError, match="not an announcement: 'tierce'"):
        compare_announcements(["tierce"], [], H)  # type: ignore[list-item]
    assert compare_announcements((), [seq("tierce", "9", "C")], H) == (Team.EW, 20)


def test_best_announcement() -> None:
    assert best_announcement([], H) is None
    anns = [seq("tierce", "A", "S"), carre("Q"), seq("cent", "A", "D"), seq("tierce", "A", "H")]
    assert best_announcement(anns, H) == carre("Q")
    assert best_announcement(anns[:1] + anns[3:], H) == seq("tierce", "A", "H")
    assert best_announcement([seq("tierce", "A", "S"), seq("tierce", "A", "C")], H) == seq(
        "tierce", "A", "S")  # equal: the first given


# ---------------------------------------------------------------------------- declarations
HAND = "8H 9H 10H JH QH QS QD QC"


def test_true_declarations_pass() -> None:
    validate_declaration(hand(HAND), S, [])
    validate_declaration(hand(HAND), S, find_announcements(hand(HAND), S))
    validate_declaration(hand(HAND), S, [carre("Q"), seq("cinquante", "J", "H")])
    validate_declaration(hand(HAND), S, [carre("Q")])                 # fewer announcements
    validate_declaration(hand(HAND), S, [seq("cent", "Q", "H")])      # the other reading
    validate_declaration(hand(HAND), S, [seq("tierce", "J", "H")])    # fewer points
    validate_declaration(["KS", "QS", "JS", "7H"], S, [seq("tierce", "K", "S")])  # + belote


def test_false_declaration_not_held() -> None:
    with pytest.raises(FalseAnnouncementError) as info:
        validate_declaration(hand(HAND), S, [seq("tierce", "K", "H")])
    assert str(info.value) == ("false announcement tierce to KH (20): the hand [QS, 8H, 9H, "
                               "10H, JH, QH, QD, QC] does not hold KH (R4.1, R4.2)")
    assert info.value.announcement == seq("tierce", "K", "H")
    assert isinstance(info.value, BeloteError) and isinstance(info.value, ValueError)
    with pytest.raises(FalseAnnouncementError, match="does not hold JS, JD, JC "):
        validate_declaration(hand(HAND), S, [carre("J")])
    with pytest.raises(FalseAnnouncementError, match="does not hold 7H"):
        validate_declaration(hand(HAND), S, [Announcement.from_cards(hand("7H 8H 9H"))])


def test_false_declaration_card_used_twice() -> None:
    with pytest.raises(FalseAnnouncementError, match=r"the QH is already used by carre of Q "
                                                      r"\(100\).*\(R4.3\)"):
        validate_declaration(hand(HAND), S, [carre("Q"), seq("cent", "Q", "H")])
    with pytest.raises(FalseAnnouncementError, match="already used"):
        validate_declaration(hand(HAND), S, [carre("Q"), carre("Q")])


def test_false_declaration_run_split_in_two() -> None:
    eight = hand("7H 8H 9H 10H JH QH KH AH")
    with pytest.raises(FalseAnnouncementError, match=r"announced whole.*R4\.1"):
        validate_declaration(eight, S, [seq("cent", "A", "H"), seq("tierce", "9", "H")])
    with pytest.raises(FalseAnnouncementError, match="announced whole"):
        validate_declaration(eight, S, [seq("tierce", "9", "H"), seq("cent", "A", "H")])
    # runs of the same suit that do not touch are two announcements
    validate_declaration(hand("7H 8H 9H JH QH KH AS 7D"), S,
                         [seq("tierce", "9", "H"), seq("tierce", "K", "H")])


def test_declaration_input_errors() -> None:
    with pytest.raises(InvalidCardError):
        validate_declaration(hand("7H 7H"), S, [])
    with pytest.raises(FalseAnnouncementError, match="not an announcement"):
        validate_declaration(hand(HAND), S, ["tierce"])  # type: ignore[list-item]
