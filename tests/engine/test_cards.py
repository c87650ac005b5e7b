"""Engine units for cards.py: notation round trip, seats, and the R1 tables."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from belote_teach.engine.cards import (
    DECK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    SEQUENCE_ORDER,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    parse_cards,
    points,
    strength,
)
from belote_teach.engine.errors import InvalidCardError

# Written out from RULES.md R1.2 / R1.3 / R1.6, independently of the module's tables.
RULES_TRUMP = [("J", 20), ("9", 14), ("A", 11), ("10", 10), ("K", 4), ("Q", 3), ("8", 0),
               ("7", 0)]
RULES_PLAIN = [("A", 11), ("10", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0),
               ("7", 0)]
RULES_SEQUENCE = ["7", "8", "9", "10", "J", "Q", "K", "A"]


# ------------------------------------------------------------------------------- parsing
@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("JH", Rank.JACK, Suit.HEARTS),
        ("J♥", Rank.JACK, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("jh", Rank.JACK, Suit.HEARTS),
        ("  JH ", Rank.JACK, Suit.HEARTS),
        ("\t10h\n", Rank.TEN, Suit.HEARTS),
        ("7S", Rank.SEVEN, Suit.SPADES),
        ("7♠", Rank.SEVEN, Suit.SPADES),
        ("QD", Rank.QUEEN, Suit.DIAMONDS),
        ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("AC", Rank.ACE, Suit.CLUBS),
        ("A♣", Rank.ACE, Suit.CLUBS),
        ("kc", Rank.KING, Suit.CLUBS),
    ],
)
def test_parse_accepts_notations(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", " 10h "])
def test_str_of_ten_is_10(text: str) -> None:
    assert str(Card.parse(text)) == "10H"


def test_parse_returns_a_card_unchanged() -> None:
    card = Card(Rank.JACK, Suit.HEARTS)
    assert Card.parse(card) is card


@pytest.mark.parametrize("card", DECK, ids=str)
def test_round_trip_str_and_repr(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert repr(card) == f"Card.parse({str(card)!r})"
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.parse(card.symbol) == card


def test_str_uses_rules_notation() -> None:
    assert [str(c) for c in DECK[:8]] == ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert Card.parse("J♥").symbol == "J♥"


@pytest.mark.parametrize(
    ("bad", "quoted"),
    [("11H", "'11H'"), ("JX", "'JX'"), ("", "''"), ("1", "'1'"), (None, "None"),
     (10, "10"), ("H10", "'H10'"), ("10", "'10'"), ("JHH", "'JHH'")],
)
def test_parse_rejects_bad_input_quoting_it(bad: object, quoted: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(bad)  # type: ignore[arg-type]
    assert quoted in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_cards_reads_a_list_and_refuses_duplicates() -> None:
    assert parse_cards(["7H", "JH"]) == (Card(Rank.SEVEN, Suit.HEARTS),
                                          Card(Rank.JACK, Suit.HEARTS))
    with pytest.raises(InvalidCardError, match="JH twice"):
        parse_cards(["JH", "7S", "J♥"], what="hand")
    with pytest.raises(InvalidCardError, match="'JH 7S'"):
        parse_cards("JH 7S")


def test_parse_cards_keeps_a_tuple_of_cards_and_still_refuses_its_duplicates() -> None:
    hand = (Card.parse("JH"), Card.parse("7S"))
    assert parse_cards(hand) is hand
    with pytest.raises(InvalidCardError, match="hand holds JH twice"):
        parse_cards((Card.parse("JH"), Card.parse("7S"), Card(Rank.JACK, Suit.HEARTS)),
                    what="hand")
    with pytest.raises(InvalidCardError, match="invalid card 7:"):
        parse_cards((Card.parse("JH"), "7S", 7))       # not only cards: each one read


@pytest.mark.parametrize("kind", [Suit, Rank, Seat, Team])
def test_members_key_sets_and_dictionaries_as_themselves(kind: type) -> None:
    members = list(kind)
    table = {member: position for position, member in enumerate(members)}
    assert [table[kind(member.value)] for member in members] == list(range(len(members)))
    assert len(set(members) | {kind(m.value) for m in members}) == len(members)
    assert all(hash(member) == hash(kind(member.value)) for member in members)


# ----------------------------------------------------------------------------- the value
def test_card_is_frozen() -> None:
    card = Card.parse("JH")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.NINE  # type: ignore[misc]
    assert card == Card.parse("JH")


def test_card_is_hashable_and_equal_by_value() -> None:
    assert Card.parse("10H") == Card.parse("TH") == Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse("10H") != Card.parse("10D")
    assert len({Card.parse("10H"), Card.parse("TH"), Card.parse("10♥")}) == 1
    assert {Card.parse("JH"): 1}[Card.parse("J♥")] == 1


@pytest.mark.parametrize("op", ["<", "<=", ">", ">="])
def test_card_has_no_ordering(op: str) -> None:
    a, b = Card.parse("7H"), Card.parse("JH")
    with pytest.raises(TypeError):
        eval(f"a {op} b", {"a": a, "b": b})
    with pytest.raises(TypeError):
        sorted([a, b])


# --------------------------------------------------------------------------------- deck
def test_deck_has_32_distinct_cards() -> None:
    assert len(DECK) == 32
    assert len(set(DECK)) == 32
    assert set(DECK) == {Card(r, s) for r in Rank for s in Suit}
    for suit in Suit:
        assert sum(1 for c in DECK if c.suit is suit) == 8


# -------------------------------------------------------------------------------- seats
def test_seat_next_goes_counter_clockwise() -> None:
    assert Seat.SOUTH.next is Seat.EAST
    assert Seat.EAST.next is Seat.NORTH
    assert Seat.NORTH.next is Seat.WEST
    assert Seat.WEST.next is Seat.SOUTH
    seat, seen = Seat.SOUTH, []
    for _ in range(4):
        seen.append(seat.value)
        seat = seat.next
    assert "".join(seen) == "SENW"
    assert seat is Seat.SOUTH


@pytest.mark.parametrize("seat", list(Seat))
def test_seat_previous_undoes_next(seat: Seat) -> None:
    assert seat.next.previous is seat
    assert seat.previous.next is seat
    assert seat.previous is not seat.next


def test_seat_previous_order() -> None:
    assert Seat.SOUTH.previous is Seat.WEST
    assert Seat.WEST.previous is Seat.NORTH
    assert Seat.NORTH.previous is Seat.EAST
    assert Seat.EAST.previous is Seat.SOUTH


def test_partner_sits_opposite_and_team() -> None:
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.SOUTH.partner is Seat.NORTH
    assert Seat.EAST.partner is Seat.WEST
    assert Seat.WEST.partner is Seat.EAST
    for seat in Seat:
        assert seat.next.next is seat.partner
        assert seat.partner.team is seat.team
        assert seat.next.team is seat.team.other
    assert Seat.NORTH.team is Team.NS and Seat.SOUTH.team is Team.NS
    assert Seat.EAST.team is Team.EW and Seat.WEST.team is Team.EW
    assert set(Team.NS.seats) == {Seat.NORTH, Seat.SOUTH}
    assert set(Team.EW.seats) == {Seat.EAST, Seat.WEST}


def test_seat_parse() -> None:
    assert Seat.parse("n") is Seat.NORTH
    assert Seat.parse(" W ") is Seat.WEST
    with pytest.raises(ValueError, match="'X'"):
        Seat.parse("X")


# -------------------------------------------------------------------------------- tables
def test_trump_order_and_points_match_r1_2() -> None:
    assert [r.value for r in TRUMP_ORDER] == [r for r, _ in RULES_TRUMP]
    assert {r.value: p for r, p in TRUMP_POINTS.items()} == dict(RULES_TRUMP)
    assert sum(TRUMP_POINTS.values()) == 62


def test_plain_order_and_points_match_r1_3() -> None:
    assert [r.value for r in PLAIN_ORDER] == [r for r, _ in RULES_PLAIN]
    assert {r.value: p for r, p in PLAIN_POINTS.items()} == dict(RULES_PLAIN)
    assert sum(PLAIN_POINTS.values()) == 30


def test_sequence_order_matches_r1_6() -> None:
    assert [r.value for r in SEQUENCE_ORDER] == RULES_SEQUENCE


@pytest.mark.parametrize("trump", list(Suit))
def test_points_per_suit_and_deck_total(trump: Suit) -> None:
    for suit in Suit:
        total = sum(points(c, trump) for c in DECK if c.suit is suit)
        assert total == (62 if suit is trump else 30)
    assert sum(points(c, trump) for c in DECK) == 152


@pytest.mark.parametrize(
    ("card", "trump", "expected"),
    [("JH", "H", 20), ("JH", "S", 2), ("9H", "H", 14), ("9H", "C", 0), ("AD", "D", 11),
     ("AD", "H", 11), ("10C", "C", 10), ("10C", "S", 10), ("KS", "S", 4), ("QS", "H", 3),
     ("8S", "S", 0), ("7D", "D", 0)],
)
def test_points_examples(card: str, trump: str, expected: int) -> None:
    assert points(Card.parse(card), Suit.parse(trump)) == expected


@pytest.mark.parametrize("trump", list(Suit))
def test_strength_puts_every_trump_above_every_plain_card(trump: Suit) -> None:
    trumps = [c for c in DECK if c.suit is trump]
    plains = [c for c in DECK if c.suit is not trump]
    assert min(strength(c, trump) for c in trumps) > max(strength(c, trump) for c in plains)


@pytest.mark.parametrize("trump", list(Suit))
def test_strength_orders_ranks_as_r1_2_and_r1_3(trump: Suit) -> None:
    for suit in Suit:
        order = RULES_TRUMP if suit is trump else RULES_PLAIN
        cards = [Card.parse(rank + suit.value) for rank, _ in order]
        strengths = [strength(c, trump) for c in cards]
        assert strengths == sorted(strengths, reverse=True)
        assert len(set(strengths)) == 8  # strictly decreasing: no ties within a suit


def test_strength_pairwise_examples() -> None:
    hearts = Suit.HEARTS

    def s(text: str) -> int:
        return strength(Card.parse(text), hearts)

    assert s("JH") > s("9H") > s("AH") > s("10H") > s("KH") > s("QH") > s("8H") > s("7H")
    assert s("AS") > s("10S") > s("KS") > s("QS") > s("JS") > s("9S") > s("8S") > s("7S")
    assert s("7H") > s("AS")
    # the same ranks swap order between trump and plain suits
    assert s("9H") > s("AH") and s("AS") > s("9S")
    assert s("JH") > s("AH") and s("AS") > s("JS")


def test_every_card_has_points_and_strength_for_every_trump() -> None:
    for card, trump in itertools.product(DECK, Suit):
        assert 1 <= strength(card, trump) <= 16
        assert points(card, trump) in {0, 2, 3, 4, 10, 11, 14, 20}


def test_a_rank_without_suit_says_the_suit_is_missing() -> None:
    with pytest.raises(InvalidCardError, match=r"'10': the suit is missing"):
        Card.parse("10")


def test_hand_order_groups_trumps_first_strongest_first() -> None:
    from belote_teach.engine.cards import hand_order

    cards = [Card.parse(c) for c in ("9C", "JH", "AD", "8H", "10D", "KS", "7S", "QC")]
    assert [str(c) for c in hand_order(cards, Suit.HEARTS)] == \
        ["JH", "8H", "KS", "7S", "AD", "10D", "QC", "9C"]
    assert [str(c) for c in hand_order(cards)] == \
        ["KS", "7S", "JH", "8H", "AD", "10D", "QC", "9C"]
