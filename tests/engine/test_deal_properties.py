"""Seeded random FULL deals through the public Deal API, with invariants checked at every
step (R1.4, R1.5, R2, R3, R6): 32 distinct cards between hands, tricks and stock; hand
sizes; a legal bid or card always exists; 8 tricks of 4, each won by exactly one seat of
one team; 152 card points, 162 with the dix de der; the score is what score_deal gives;
undo and replay restore every state; refused input changes nothing.

Every random choice comes from ``random.Random(seed)``; the hypothesis property uses
``derandomize=True`` and no database, so runs are reproducible.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine.bidding import PASS, BidKind
from belote_teach.engine.cards import DECK, DECK_POINTS, DIX_DE_DER, Card, Rank, Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import IllegalPlayError
from belote_teach.engine.rules import CLASSIC, FFB2016, RuleSet
from belote_teach.engine.scoring import Outcome, score_deal

#: Deals of the seeded run: at least 2,000 in the normal test run.
N_DEALS = 2000
CHUNK = 250
ORDER = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)
RULESETS: tuple[RuleSet, ...] = (
    CLASSIC,
    FFB2016,
    CLASSIC.replace(undertrump="free", redeal="same_dealer"),
    CLASSIC.replace(overtrump_partner_on_trump_lead=False, rounding=True),
    FFB2016.replace(announcements=True, capot_points=250),
)


# ------------------------------------------------------------------------- invariants
def check_state(deal: Deal) -> None:
    """Invariants that hold after every action. Each trick is checked in full when it
    is the last completed one, so every trick is checked once."""
    hands = [deal.hand(seat) for seat in ORDER]
    played = deal.played_cards
    every = [*itertools.chain(*hands), *played, *deal.stock]
    if deal.start_hand(Seat.SOUTH) is None:
        every.append(deal.turned)                # still on the table (R2.3)
    assert len(every) == 32 and len(set(every)) == 32            # 32 distinct cards

    phase = deal.phase
    assert (deal.turn is None) == phase.is_over
    if deal.contract is None:                    # bidding or passed out
        assert all(len(h) == 5 for h in hands) and len(deal.stock) == 11
        assert not played and deal.trick is None
        n_bids = len(deal.bids)
        expected = (Phase.BIDDING_1 if n_bids < 4 else Phase.BIDDING_2 if n_bids < 8
                    else Phase.PASSED_OUT)
        assert phase is expected
        if phase.is_bidding:
            legal = deal.legal_bids
            assert legal and PASS in legal                            # a bid always exists
            if phase is Phase.BIDDING_2:
                assert all(b.kind is not BidKind.TAKE and b.suit is not deal.turned.suit
                           for b in legal)
            if n_bids % 4 == 0:
                assert deal.turn is deal.dealer.next
        return

    # completion done (R2.7): every seat held 8 cards
    assert phase in (Phase.PLAY, Phase.SCORED) and deal.stock == ()
    start = deal.start_hand(deal.contract.taker)
    assert start is not None and deal.turned in start
    assert sum(map(len, hands)) + len(played) == 32
    winners = deal.trick_winners
    n_tricks = len(winners)
    assert len(played) == 4 * n_tricks + (len(deal.trick) if deal.trick is not None else 0)
    if n_tricks:
        last = deal.tricks[-1]
        assert len(last) == 4 and last.cards == played[4 * n_tricks - 4:4 * n_tricks]
        assert last.winner is winners[-1]
        assert last.winner in {p.seat for p in last.plays}   # one seat, so one team
        assert last.leader is (winners[-2] if n_tricks > 1 else deal.dealer.next)  # R2.8
    won = deal.tricks_won
    assert won[Team.NS] + won[Team.EW] == n_tricks       # each trick: exactly one team

    if phase is Phase.PLAY:
        current = deal.trick
        assert current is not None and deal.turn is current.next_seat
        assert current.leader is (winners[-1] if winners else deal.dealer.next)  # R2.8
        legal = deal.legal_plays
        assert len(legal) > 0                                      # a legal play exists
        hand = deal.hand(current.next_seat)
        assert all(card in hand for card in legal)
        assert len(hand) == 8 - n_tricks
        assert deal.score is None
    else:
        check_scored(deal)


def check_scored(deal: Deal) -> None:
    """End of the deal: 8 tricks of 4, 152 + 10 points, the score is score_deal's."""
    tricks = deal.tricks
    assert deal.phase is Phase.SCORED and deal.trick is None
    assert len(tricks) == 8 and all(len(t) == 4 for t in tricks)
    assert sum(t.points for t in tricks) == DECK_POINTS                       # R1.4
    assert sum(deal.card_points.values()) == DECK_POINTS + DIX_DE_DER
    points = {Team.NS: 0, Team.EW: 0}
    won = {Team.NS: 0, Team.EW: 0}
    for trick in tricks:
        points[trick.winner.team] += trick.points
        won[trick.winner.team] += 1
    last = tricks[-1].winner.team
    points[last] += DIX_DE_DER
    contract = deal.contract
    assert contract is not None
    announcements = ({team: [a for s in team.seats for a in deal.declared(s)] for team in Team}
                     if deal.rules.announcements else None)
    expected = score_deal(takers=contract.taker.team, card_points=points, tricks=won,
                          belote=deal.belote_team, announcements=announcements,
                          reserve=deal.reserve, revoke=None, trump=contract.trump,
                          rules=deal.rules, dix_de_der=last)
    score = deal.score
    assert score == expected                                   # the marks obey score_deal
    assert all(mark >= 0 for mark in score.marks.values())
    takers, defenders = contract.taker.team, contract.taker.team.other
    if score.outcome is Outcome.MADE:
        assert score.totals[takers] > score.totals[defenders]
    elif score.outcome is Outcome.DEDANS:
        assert score.totals[takers] < score.totals[defenders]
    elif score.outcome is Outcome.LITIGE:
        assert score.totals[takers] == score.totals[defenders]
    else:
        assert 8 in won.values()
    assert deal.next_dealer is deal.dealer.next                                # R2.9


# ------------------------------------------------------------------------ random deals
def random_choices(deal: Deal, rng: random.Random) -> None:
    """One random legal action for the seat to act."""
    if deal.phase.is_bidding:
        legal = sorted(deal.legal_bids, key=str)
        deal.bid(PASS if rng.random() < 0.55 else rng.choice(legal))
        return
    seat = deal.turn
    assert seat is not None
    legal = deal.legal_plays
    card = rng.choice(legal.cards)
    available = deal.announcements_available(seat)
    roll = rng.random()
    if not available or roll < 0.1:
        announce: tuple = ()
    elif roll < 0.2:
        announce = tuple(a for a in available if rng.random() < 0.5)
    else:
        announce = available
    trump = deal.trump
    start = deal.start_hand(seat)
    assert trump is not None and start is not None
    pair = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
    belote = card in pair and pair <= start and rng.random() < 0.85
    deal.play(card, announce=announce, belote=belote)


def try_a_refused_card(deal: Deal, rng: random.Random) -> None:
    """A card the rules refuse (a revoke or someone else's card) changes nothing."""
    legal = deal.legal_plays
    refused = [c for c in DECK if c not in legal]
    if not refused:
        return
    before = deal.copy()
    card = rng.choice(refused)
    with pytest.raises(IllegalPlayError, match=str(card)):
        deal.play(card)
    assert deal == before


def play_checked(seed: int, rules: RuleSet, *, undo: bool) -> Deal:
    """Play one seeded deal to its end, checking the invariants at every step; with
    ``undo``, then take every action back (each state compared) and replay them."""
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(ORDER), rng, rules, reserve=rng.choice((0, 0, 0, 81, 162)))
    start = deal.copy()
    states = [start] if undo else []
    check_state(deal)
    while not deal.phase.is_over:
        if deal.phase is Phase.PLAY and rng.random() < 0.03:
            try_a_refused_card(deal, rng)
        random_choices(deal, rng)
        check_state(deal)
        if undo:
            states.append(deal.copy())
    if deal.phase is Phase.PASSED_OUT:
        expected = deal.dealer if rules.redeal == "same_dealer" else deal.dealer.next
        assert deal.next_dealer is expected                             # R2.6, R2.9
        assert deal.reserve_after == deal.reserve
    if undo:
        final = deal.copy()
        while deal.actions:
            deal.pop()
            assert deal == states[len(deal.actions)]
        assert deal == start
        for action in final.actions:
            deal.push(action)
        assert deal == final
    return deal


@pytest.mark.parametrize("first_seed", range(0, N_DEALS, CHUNK))
def test_seeded_random_full_deals(first_seed: int) -> None:
    outcomes: dict[object, int] = {}
    for seed in range(first_seed, first_seed + CHUNK):
        deal = play_checked(seed, RULESETS[seed % len(RULESETS)], undo=seed % 10 == 0)
        key = deal.score.outcome if deal.score is not None else Phase.PASSED_OUT
        outcomes[key] = outcomes.get(key, 0) + 1
    # the seeds reach the ordinary ends of a deal
    assert outcomes.get(Outcome.MADE, 0) > 0 and outcomes.get(Outcome.DEDANS, 0) > 0
    assert outcomes.get(Phase.PASSED_OUT, 0) > 0


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       rules=st.sampled_from(RULESETS))
def test_any_seed_plays_out_and_undoes(seed: int, rules: RuleSet) -> None:
    play_checked(seed, rules, undo=True)


def test_a_seed_replays_the_same_deal() -> None:
    for seed in (0, 1, 2024):
        rules = RULESETS[seed % len(RULESETS)]
        first = play_checked(seed, rules, undo=False)
        again = play_checked(seed, rules, undo=False)
        assert first == again and first.actions == again.actions
