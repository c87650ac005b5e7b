"""Tests of the bitmask core ``belote_teach.engine.bitmask``: its tables and conversions,
the equivalence of ``legal_mask`` / ``legal_rule_mask`` with the public
``rules.legal_plays`` (every option combination), of ``trick_winner`` / ``trick_points``
with ``trick.Trick``, ``random_playout`` replayed through the checked ``Trick``, and the
invariants of the whole random deals of ``fast_deals.play_random_deal``.

Runs are reproducible: every property uses ``derandomize=True`` and no example database;
the simulator runs on fixed seeds. No test asserts on wall time (see benchmarks/).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from fast_deals import BELOTE_MASK, FastDeal, deal_positions, play_random_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine import bitmask
from belote_teach.engine.cards import (
    DECK,
    DIX_DE_DER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    points,
    strength,
)
from belote_teach.engine.rules import CLASSIC, Rule, RuleSet, legal_plays
from belote_teach.engine.trick import Trick

PROPERTY = settings(max_examples=400, deadline=None, derandomize=True, database=None)
OPTIONS = list(product([False, True], [False, True]))  # (undertrump_free, overtrump_partner)
SEEDS = range(300)


def ruleset(undertrump_free: bool, overtrump_partner: bool) -> RuleSet:
    return CLASSIC.replace(undertrump="free" if undertrump_free else "required",
                           overtrump_partner_on_trump_lead=overtrump_partner)


def public_answer(hand: int, trick: tuple[int, ...], trump: int, leader: int,
                  undertrump_free: bool, overtrump_partner: bool) -> tuple[int, int]:
    """``(n of R3.n, legal bitmask)`` from the public, checked ``rules.legal_plays``."""
    public = legal_plays(bitmask.mask_cards(hand),
                         Trick(bitmask.SUITS[trump], bitmask.SEATS[leader],
                               [DECK[c] for c in trick]),
                         ruleset(undertrump_free, overtrump_partner))
    return int(public.rule.rule_id[3:]), bitmask.hand_mask(public.cards)


# ------------------------------------------------------------------- tables, conversions
def test_card_index_is_the_deck_position() -> None:
    for i, card in enumerate(DECK):
        assert bitmask.card_index(card) == i
        assert bitmask.card_index(str(card)) == i
        assert bitmask.index_card(i) is card
        assert bitmask.SUITS[i >> 3] is card.suit
        assert list(Rank)[i & 7] is card.rank


def test_seats_suits_teams() -> None:
    for i, seat in enumerate(bitmask.SEATS):
        assert bitmask.seat_index(seat) == i
        assert bitmask.SEATS[(i + 1) & 3] is seat.next
        assert bitmask.SEATS[i ^ 2] is seat.partner
        assert bitmask.TEAMS[i & 1] is seat.team
    assert bitmask.seat_index("S") == 0 and bitmask.suit_index("C") == 3
    assert [bitmask.suit_index(s) for s in Suit] == [0, 1, 2, 3]
    assert bitmask.TEAMS == (Team.NS, Team.EW)


def test_strength_and_points_tables_match_cards() -> None:
    for t, trump in enumerate(bitmask.SUITS):
        for i, card in enumerate(DECK):
            assert bitmask.STRENGTH[t][i] == strength(card, trump)
            assert bitmask.POINTS[t][i] == points(card, trump)
        assert bitmask.mask_points((1 << 32) - 1, t) == 152
        assert bitmask.mask_points(bitmask.SUIT_MASK[t], t) == 62


def test_above_masks_follow_trump_order() -> None:
    for i, card in enumerate(DECK):
        trump = card.suit
        expected = {c for c in DECK
                    if c.suit is trump and strength(c, trump) > strength(card, trump)}
        assert set(bitmask.mask_cards(bitmask.ABOVE[i])) == expected
    assert bitmask.mask_cards(bitmask.ABOVE[bitmask.card_index("JH")]) == ()
    assert len(bitmask.mask_cards(bitmask.ABOVE[bitmask.card_index("7H")])) == 7


@given(st.sets(st.sampled_from(DECK), max_size=32))
@PROPERTY
def test_mask_round_trip(cards: set[Card]) -> None:
    mask = bitmask.hand_mask(cards)
    assert mask.bit_count() == len(cards)
    assert set(bitmask.mask_cards(mask)) == cards
    assert bitmask.hand_mask(bitmask.mask_cards(mask)) == mask
    assert bitmask.mask_indices(mask) == tuple(sorted(bitmask.card_index(c) for c in cards))


def test_trick_to_fast() -> None:
    trick = Trick(Suit.HEARTS, leader=Seat.NORTH, cards=["KD", "AD", "8H"])
    assert bitmask.trick_to_fast(trick) == (
        (bitmask.card_index("KD"), bitmask.card_index("AD"), bitmask.card_index("8H")), 1, 2)


# ------------------------------------------------------------------------ positions
@st.composite
def positions(draw: st.DrawFn) -> tuple[int, tuple[int, ...], int, int]:
    """``(hand mask, trick, trump, leader)``: a trick of 0-3 cards and a disjoint hand of
    1-8 cards, drawn from 1 to 4 suits so that trumps and followers meet often."""
    trump = draw(st.integers(0, 3))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    if draw(st.booleans()):
        suits.add(trump)
    pool = [i for i in range(32) if i >> 3 in suits]
    order = draw(st.permutations(pool))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, min(8, len(pool) - n_trick)))
    trick = tuple(order[:n_trick])
    hand = bitmask.hand_mask(DECK[i] for i in order[n_trick:n_trick + n_hand])
    return hand, trick, trump, draw(st.integers(0, 3))


@given(positions(), st.booleans(), st.booleans())
@PROPERTY
def test_legal_mask_equals_legal_plays(position: tuple[int, tuple[int, ...], int, int],
                                       undertrump_free: bool, overtrump_partner: bool) -> None:
    hand, trick, trump, leader = position
    rule, legal = public_answer(hand, trick, trump, leader, undertrump_free, overtrump_partner)
    assert bitmask.legal_mask(hand, trick, trump, undertrump_free, overtrump_partner) == legal
    assert bitmask.legal_rule_mask(hand, trick, trump, undertrump_free,
                                 overtrump_partner) == (rule, legal)
    assert legal and legal & hand == legal


def test_legal_mask_equals_legal_plays_on_positions_from_deals() -> None:
    """Every position of 60 random deals, under the four option combinations, and every
    rule of R3 decides at least once."""
    rules_seen: Counter[int] = Counter()
    for seed in range(60):
        deal = play_random_deal(random.Random(seed), seed & 3, take_probability=0.5)
        for pos in deal_positions(deal):
            for free, over in OPTIONS:
                rule, legal = public_answer(pos.hand, pos.trick, pos.trump, pos.leader, free,
                                            over)
                assert bitmask.legal_mask(pos.hand, pos.trick, pos.trump, free, over) == legal
                assert bitmask.legal_rule_mask(pos.hand, pos.trick, pos.trump, free,
                                             over) == (rule, legal)
                rules_seen[rule] += 1
    assert set(rules_seen) == set(range(8)), rules_seen


@pytest.mark.parametrize(("hand", "trick", "trump", "options", "expected"), [
    # R3.2 over a partner who is master on a trump lead, and the option that lifts it
    (["7H", "9H", "KS"], ["AH", "JS"], "H", {}, ["9H"]),
    (["7H", "9H", "KS"], ["AH", "JS"], "H", {"overtrump_partner": False}, ["7H", "9H"]),
    # R3.6 required vs free
    (["7H", "AC", "10S"], ["KD", "AD", "JH"], "H", {}, ["7H"]),
    (["7H", "AC", "10S"], ["KD", "AD", "JH"], "H", {"undertrump_free": True},
     ["7H", "AC", "10S"]),
    # R3.3: partner master, a low trump is allowed
    (["7H", "AC"], ["KD", "AD", "7D"], "H", {}, ["7H", "AC"]),
])
def test_legal_cards_examples(hand: list[str], trick: list[str], trump: str,
                              options: dict[str, bool], expected: list[str]) -> None:
    played = Trick.before(Seat.SOUTH, trump, trick)
    assert bitmask.legal_cards(hand, played, **options) == tuple(Card.parse(c) for c in expected)
    public = legal_plays(hand, played, ruleset(options.get("undertrump_free", False),
                                               options.get("overtrump_partner", True)))
    assert public.cards == tuple(Card.parse(c) for c in expected)


# ---------------------------------------------------------------------------- tricks
@given(st.permutations(range(32)), st.integers(1, 4), st.integers(0, 3), st.integers(0, 3))
@PROPERTY
def test_trick_winner_and_points_equal_trick(order: list[int], n: int, trump: int,
                                             leader: int) -> None:
    cards = tuple(order[:n])
    trick = Trick(bitmask.SUITS[trump], bitmask.SEATS[leader], [DECK[c] for c in cards])
    master = trick.master
    assert master is not None
    pos = bitmask.trick_winner(cards, trump)
    assert bitmask.SEATS[(leader + pos) & 3] is master.seat
    assert DECK[cards[pos]] == master.card
    assert bitmask.trick_points(cards, trump) == trick.points
    if n == 4:
        assert bitmask.SEATS[(leader + pos) & 3] is trick.winner


@given(st.lists(st.sampled_from([0, 1, 2, 3]), min_size=4, max_size=4), st.integers(0, 3))
@PROPERTY
def test_trick_winner_on_tricks_of_two_suits(suits: list[int], trump: int) -> None:
    """Tricks of the trump and one plain suit only: trumping and overtrumping often."""
    rng = random.Random(sum(suits) * 7 + trump)
    pool = [i for i in range(32) if i >> 3 in {trump, suits[0]}]
    cards = tuple(rng.sample(pool, 4))
    trick = Trick(bitmask.SUITS[trump], Seat.SOUTH, [DECK[c] for c in cards])
    assert bitmask.SEATS[bitmask.trick_winner(cards, trump)] is trick.winner


# ------------------------------------------------------------------ the simulator
def replay_with_public_api(deal: FastDeal, rules: RuleSet) -> None:
    """Play the deal again through the checked path: every card legal, same winners."""
    hands = [list(bitmask.mask_cards(h)) for h in deal.hands]
    leader = (deal.dealer + 1) & 3
    trump = bitmask.SUITS[deal.trump]
    for k in range(8):
        trick = Trick(trump, bitmask.SEATS[leader])
        for j, card in enumerate(deal.plays[4 * k: 4 * k + 4]):
            hand = hands[(leader + j) & 3]
            trick.play(DECK[card], hand, rules)  # raises IllegalPlayError on a revoke
            hand.remove(DECK[card])
        assert trick.winner is bitmask.SEATS[deal.winners[k]]
        leader = deal.winners[k]
    assert not any(hands)


def check_deal(deal: FastDeal, capot_points: int = 250) -> None:
    """The invariants of one simulated deal (R1.4, R2, R5, R6)."""
    first = (deal.dealer + 1) & 3
    union = 0
    for hand in deal.hands:
        assert not union & hand
        union |= hand
    if deal.outcome == "passed":
        assert deal.taker is None and deal.trump is None and deal.bid_round == 0
        assert [h.bit_count() for h in deal.hands] == [5, 5, 5, 5]
        assert not union & bitmask.BIT[deal.turned]
        assert deal.plays == () and deal.marks == (0, 0)
        return
    assert deal.taker is not None and deal.trump is not None
    # R2.7: 8 cards each, all 32 dealt, the turned card goes to the taker
    assert [h.bit_count() for h in deal.hands] == [8, 8, 8, 8]
    assert union == (1 << 32) - 1
    assert deal.hands[deal.taker] & bitmask.BIT[deal.turned]
    if deal.bid_round == 1:
        assert deal.trump == deal.turned >> 3
    else:
        assert deal.bid_round == 2 and deal.trump != deal.turned >> 3
    # 32 distinct cards in 8 tricks of 4, each from the hand of the seat to play
    assert len(deal.plays) == 32 and len(set(deal.plays)) == 32
    assert len(deal.winners) == 8
    leader = first
    for k in range(8):
        for j, card in enumerate(deal.plays[4 * k: 4 * k + 4]):
            assert deal.hands[(leader + j) & 3] & bitmask.BIT[card]
        assert deal.winners[k] == (leader + bitmask.trick_winner(
            deal.plays[4 * k: 4 * k + 4], deal.trump)) & 3
        leader = deal.winners[k]
    # R1.4: 152 card points + 10 de der
    assert sum(bitmask.POINTS[deal.trump][c] for c in deal.plays) == 152
    assert sum(deal.card_points) == 162
    last_team = deal.winners[-1] & 1
    assert deal.card_points[last_team] >= 10
    # R5: belote to the team of the seat holding K and Q of trumps
    kq = BELOTE_MASK[deal.trump]
    expected_belote = [0, 0]
    for seat, hand in enumerate(deal.hands):
        if hand & kq == kq:
            expected_belote[seat & 1] = 20
    assert list(deal.belote) == expected_belote
    # R6: contract and marks
    tricks_won = Counter(w & 1 for w in deal.winners)
    takers, defenders = deal.taker & 1, 1 - (deal.taker & 1)
    capot = next((team for team in (0, 1) if tricks_won[team] == 8), None)
    assert deal.capot == capot
    cards = list(deal.card_points)
    if capot is not None:
        cards[capot] = capot_points
    taker_total = cards[takers] + deal.belote[takers]
    defender_total = cards[defenders] + deal.belote[defenders]
    marks = deal.marks
    if deal.outcome == "made":
        assert taker_total > defender_total
        assert (marks[takers], marks[defenders]) == (taker_total, defender_total)
        assert deal.reserve == 0
    elif deal.outcome == "dedans":
        assert taker_total < defender_total
        base = capot_points if capot == defenders else 162
        assert (marks[takers], marks[defenders]) == (deal.belote[takers],
                                                     base + deal.belote[defenders])
        assert deal.reserve == 0
    else:
        assert deal.outcome == "litige" and taker_total == defender_total
        assert (marks[takers], marks[defenders]) == (deal.belote[takers], defender_total)
        assert deal.reserve == taker_total - deal.belote[takers]
    if capot == takers:
        assert deal.outcome == "made"
    if capot == defenders:
        assert deal.outcome == "dedans"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_deal_invariants(seed: int) -> None:
    deal = play_random_deal(random.Random(seed), seed & 3)
    check_deal(deal)
    if deal.outcome != "passed":
        replay_with_public_api(deal, CLASSIC)


@pytest.mark.parametrize(("undertrump_free", "overtrump_partner"), OPTIONS)
def test_random_deals_under_every_option(undertrump_free: bool, overtrump_partner: bool) -> None:
    """Every card legal under the options, and the cards only an option allows do get
    played (the simulator draws from the whole legal set, not from the classic one)."""
    rules = ruleset(undertrump_free, overtrump_partner)
    option_only = 0
    for seed in range(80):
        deal = play_random_deal(random.Random(seed), seed & 3, take_probability=0.6,
                                      undertrump_free=undertrump_free,
                                      overtrump_partner=overtrump_partner, capot_points=252)
        check_deal(deal, capot_points=252)
        replay_with_public_api(deal, rules)
        for pos in deal_positions(deal):
            if not bitmask.legal_mask(pos.hand, pos.trick, pos.trump) & bitmask.BIT[pos.card]:
                option_only += 1
    assert (option_only > 0) == (undertrump_free or not overtrump_partner), option_only


def test_random_deals_are_replayable_from_the_seed() -> None:
    for seed in (0, 1, 12345):
        assert (play_random_deal(random.Random(seed), 2)
                == play_random_deal(random.Random(seed), 2))
    assert (play_random_deal(random.Random(1), 0)
            != play_random_deal(random.Random(2), 0))


def test_bidding_extremes() -> None:
    """Nobody ever takes: every deal passes out (R2.6); everybody takes: the player after
    the dealer takes the turned card's suit in round 1 (R2.4)."""
    for seed in range(20):
        passed = play_random_deal(random.Random(seed), seed & 3, take_probability=0.0)
        assert passed.outcome == "passed"
        check_deal(passed)
        taken = play_random_deal(random.Random(seed), seed & 3, take_probability=1.0)
        assert taken.taker == (seed + 1) & 3 and taken.bid_round == 1
        assert taken.trump == taken.turned >> 3


def test_outcomes_over_many_deals() -> None:
    """Over a few hundred seeds every outcome and both rounds of bidding occur."""
    outcomes: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    for seed in range(400):
        deal = play_random_deal(random.Random(seed), seed & 3)
        check_deal(deal)
        outcomes[deal.outcome] += 1
        rounds[deal.bid_round] += 1
    assert {"made", "dedans", "passed"} <= set(outcomes), outcomes
    assert {0, 1, 2} <= set(rounds), rounds


def test_deal_positions() -> None:
    deal = play_random_deal(random.Random(7), 1, take_probability=1.0)
    seen = list(deal_positions(deal))
    assert len(seen) == 32
    assert tuple(p.card for p in seen) == deal.plays
    assert all(p.hand & bitmask.BIT[p.card] for p in seen)
    assert [p.hand.bit_count() for p in seen[:4]] == [8, 8, 8, 8]
    assert seen[0].seat == seen[0].leader == 2 and seen[0].trick == ()
    passed = play_random_deal(random.Random(7), 1, take_probability=0.0)
    assert list(deal_positions(passed)) == []


def test_legal_rule_codes_name_rules() -> None:
    assert [Rule(f"R3.{n}") for n in range(8)] == list(Rule)


# ------------------------------------------------------------------ the random playout
@pytest.mark.parametrize(("undertrump_free", "overtrump_partner"), OPTIONS)
def test_random_playout_from_a_later_trick_replays_through_trick(
        undertrump_free: bool, overtrump_partner: bool) -> None:
    """From the start of trick 1 to 8 of a random deal: every card legal by the checked
    ``Trick.play``, the same winners, the card points and tricks of each team those of
    the checked tricks, the dix de der to the last winner (R1.4)."""
    rules = ruleset(undertrump_free, overtrump_partner)
    for seed in range(60):
        deal = play_random_deal(random.Random(seed), seed & 3, take_probability=1.0)
        assert deal.trump is not None
        start = seed % 8
        hands = list(deal.hands)
        leader = (deal.dealer + 1) & 3
        for k in range(start):
            for card in deal.plays[4 * k: 4 * k + 4]:
                hands = [h & ~bitmask.BIT[card] for h in hands]
            leader = deal.winners[k]
        playout = bitmask.random_playout(hands, leader, deal.trump, random.Random(seed),
                                         undertrump_free=undertrump_free,
                                         overtrump_partner=overtrump_partner)
        assert len(playout.plays) == 4 * (8 - start) == 4 * len(playout.winners)
        held = [list(bitmask.mask_cards(h)) for h in hands]
        won, tricks = [0, 0], [0, 0]
        for k, winner in enumerate(playout.winners):
            trick = Trick(bitmask.SUITS[deal.trump], bitmask.SEATS[leader])
            for j, card in enumerate(playout.plays[4 * k: 4 * k + 4]):
                trick.play(DECK[card], held[(leader + j) & 3], rules)
                held[(leader + j) & 3].remove(DECK[card])
            assert trick.winner is bitmask.SEATS[winner]
            won[winner & 1] += trick.points
            tricks[winner & 1] += 1
            leader = winner
        won[leader & 1] += DIX_DE_DER
        assert not any(held)
        assert playout.card_points == tuple(won) and playout.tricks == tuple(tricks)


def test_random_playout_is_replayable_and_leaves_the_hands() -> None:
    deal = play_random_deal(random.Random(5), 0, take_probability=1.0)
    assert deal.trump is not None
    hands = list(deal.hands)
    first = bitmask.random_playout(hands, 1, deal.trump, random.Random(9))
    assert hands == list(deal.hands)
    assert first == bitmask.random_playout(hands, 1, deal.trump, random.Random(9))
    assert sum(first.card_points) == 162 and sum(first.tricks) == 8
    assert bitmask.random_playout([0, 0, 0, 0], 2, 0, random.Random(1)) == ((), (), (0, 0),
                                                                           (0, 0))
