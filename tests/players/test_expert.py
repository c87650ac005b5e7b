"""Level ``expert`` (perfect-information Monte Carlo): legality, determinism, no access
to hidden cards, the worlds solved exactly at every trick, bidding by simulation."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from belote_teach.engine.announcements import find_announcements, has_belote
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.scoring import points_to_make
from belote_teach.players import (
    LEVELS,
    ClubPlayer,
    Decision,
    ExpertPlayer,
    Player,
    Technique,
    expert,
    make_player,
    play_deal,
)
from belote_teach.players.expert import (
    DECISION_NODES,
    WORLD_MODEL,
    WORLDS,
    bid_chances,
    node_limit_for,
    worlds_for,
)
from belote_teach.search import evaluation
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.evaluation import SOLVES, samples_for, value_cards
from belote_teach.search.solver import solve

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CLUB = ClubPlayer()


def _exact() -> ExpertPlayer:
    """An expert without the time limit: its decisions fixed by the position and the
    ``rng`` alone, however loaded the machine that runs the tests."""
    return ExpertPlayer(time_limit=None)


def test_expert_is_a_registered_level() -> None:
    assert LEVELS["expert"] is ExpertPlayer
    player = make_player("expert")
    assert isinstance(player, ExpertPlayer) and isinstance(player, Player)
    assert player.name == "expert"


def test_every_action_is_legal_over_seeded_deals() -> None:
    """20 seeded deals through the checked API, the expert at one seat (two partners in
    deal 3), club players elsewhere; every decision carries a reason."""
    scored = 0
    for seed in range(20):
        expert_seats = {Seat(("N", "E", "S", "W")[seed % 4])}
        if seed == 3:
            expert_seats.add(next(iter(expert_seats)).partner)
        players: dict[Seat, Player] = {
            seat: ExpertPlayer() if seat in expert_seats else CLUB for seat in Seat}
        rules = "ffb2016" if seed % 10 == 9 else "classic"
        deal = Deal.new(Seat(("W", "N", "E", "S")[seed % 4]), rng=seed, rules=rules)
        turns = play_deal(deal, players, random.Random(seed))
        assert deal.phase.is_over
        for turn in turns:
            assert isinstance(turn.decision, Decision)
            assert isinstance(turn.decision.reason, Technique)
        scored += deal.phase is Phase.SCORED
    assert scored >= 10


def test_deterministic_given_the_seed() -> None:
    for seed in (1, 2):
        runs = []
        for _ in range(2):
            deal = Deal.new(Seat.SOUTH, rng=seed)
            players: dict[Seat, Player] = {
                seat: _exact() if seat is (N, E)[seed - 1] else CLUB for seat in Seat}
            turns = play_deal(deal, players, random.Random(seed))
            runs.append((deal.actions, turns))
        assert runs[0] == runs[1]


def _reshuffle_unseen(deal: Deal, seed: int) -> Deal:
    """The same deal for South (dealer West: South speaks first and, as taker, receives
    the first two stock cards), the other hands and the rest of the stock shuffled."""
    dealt = deal.dealt_hands
    stock = list(deal.initial_stock)
    others = [c for seat in (E, N, W) for c in dealt[seat]] + stock[2:]
    random.Random(seed).shuffle(others)
    hands = {S: list(dealt[S]), E: others[0:5], N: others[5:10], W: others[10:15]}
    return Deal.from_hands(W, hands, deal.turned, stock[:2] + others[15:], deal.rules)


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    """Same observation, different hidden cards: same bid and same first card."""
    player = _exact()
    differed = 0
    for seed in range(4):
        one = Deal.new(W, rng=seed)
        two = _reshuffle_unseen(one, seed + 1000)
        differed += one.hand(E) != two.hand(E)
        seen = [d.observation(S) for d in (one, two)]
        assert seen[0] == seen[1]
        bids = [player.choose_bid(o, random.Random(seed)) for o in seen]
        assert bids[0] == bids[1]
        for deal in (one, two):
            deal.bid(TAKE)                                  # South takes: same 8 cards
        seen = [d.observation(S) for d in (one, two)]
        assert seen[0] == seen[1]
        cards = [player.choose_card(o, random.Random(seed)) for o in seen]
        assert cards[0] == cards[1]
    assert differed >= 3


def _club_to(seed: int, seat: Seat, cards_left: int) -> Deal:
    """Deal ``seed`` (dealer South) bid and played by club players until ``seat`` is to
    play with ``cards_left`` cards in hand."""
    deal = Deal.new(S, rng=seed)
    while deal.phase.is_bidding:
        turn = deal.turn
        assert turn is not None
        deal.bid(CLUB.choose_bid(deal.observation(turn), random.Random(0)).action, seat=turn)
    while True:
        turn = deal.turn
        assert turn is not None and deal.phase is Phase.PLAY
        obs = deal.observation(turn)
        if turn is seat and len(obs.hand) == cards_left:
            return deal
        card = CLUB.choose_card(obs, random.Random(0)).action
        deal.play(card, seat=turn, announce=obs.announcements_available,
                  belote=deal.may_say_belote(turn, card))


def test_ending_choice_matches_the_solver() -> None:
    """Deal 16, trick 5 (4 cards left): South (KD AC JD 9C, diamonds trumps) follows
    QS 9S 8C. On the real hands the solver gives JD 70 points, 9C 68, AC 51, KD 47; the
    club player cashes AC; the expert, from its observation only, finds JD."""
    deal = _club_to(16, S, 4)
    obs = deal.observation(S)
    assert obs.legal_plays is not None and obs.trick is not None
    hands: dict[Seat | str, Iterable[Card | str]] = {seat: deal.hand(seat) for seat in Seat}
    assert deal.trump is not None
    exact = solve(hands, deal.trump, obs.trick.cards, obs.trick.leader, deal.rules)
    assert exact.best == (Card.parse("JD"),)
    decision = _exact().choose_card(obs, random.Random(16))
    assert decision.action == exact.best[0]
    assert decision.reason is Technique.DOUBLE_DUMMY and decision.cards == (decision.action,)
    assert CLUB.choose_card(obs, random.Random(0)).action == Card.parse("AC")


def test_trick_one_choice_matches_the_solver_where_playouts_err() -> None:
    """Deal 0, trick 1: West (hearts trumps) plays third to the pli. On the real hands the
    solver gives 10H 81 points, KH 75, 8H 69; the club player plays 8H, and so would
    club playouts (the level's former method at tricks 1 and 2); the expert, solving
    its worlds exactly from its observation only, finds 10H."""
    deal = _club_to(0, W, 8)
    obs = deal.observation(W)
    assert obs.legal_plays is not None and obs.trick is not None and len(obs.trick) == 2
    hands: dict[Seat | str, Iterable[Card | str]] = {seat: deal.hand(seat) for seat in Seat}
    assert deal.trump is not None
    exact = solve(hands, deal.trump, obs.trick.cards, obs.trick.leader, deal.rules)
    assert {str(c): v for c, v in exact.values.items()} == {"10H": 81, "8H": 69, "KH": 75}
    club = CLUB.choose_card(obs, random.Random(0)).action
    assert club == Card.parse("8H")
    played_out = value_cards(obs, random.Random(0), samples_for(obs, playouts=True),
                             policy=CLUB.play_tracked).margin
    assert played_out[club] == max(played_out.values())           # the club card kept
    decision = _exact().choose_card(obs, random.Random(0))
    assert decision.action == exact.best[0] == Card.parse("10H")
    assert decision.reason is Technique.DOUBLE_DUMMY and decision.cards == (decision.action,)


def test_worlds_solved_at_every_trick() -> None:
    """Deal 1 played by club players: at every position of the first three tricks where
    cards differ, the expert solves :data:`WORLDS` worlds (by hand size, leading or
    following) at tricks 1 and 2, 32 from trick 3 on, and plays a card of the best
    margin over exactly those worlds, drawn with :data:`WORLD_MODEL`, but those over
    :data:`DECISION_NODES` shared by the worlds (the club player's card when it is
    among them)."""
    deal = Deal.new(S, rng=1)
    while deal.phase.is_bidding:
        turn = deal.turn
        assert turn is not None
        deal.bid(CLUB.choose_bid(deal.observation(turn), random.Random(0)).action, seat=turn)
    seen: dict[tuple[int, bool], int] = {}
    player = _exact()
    while deal.phase is Phase.PLAY and len(deal.tricks) < 3:
        turn = deal.turn
        assert turn is not None
        obs = deal.observation(turn)
        assert obs.trick is not None and obs.legal_plays is not None
        leading = not obs.trick.cards
        if samples_for(obs) > 0:                  # two cards or more differ
            wanted = (WORLDS[len(obs.hand)][0 if leading else 1] if len(obs.hand) >= 7
                      else SOLVES[len(obs.hand)])
            assert worlds_for(obs) == wanted
            # the decision's budget shared by its worlds: no decision searches more
            assert node_limit_for(obs) == DECISION_NODES // wanted
            seen[len(obs.hand), leading] = wanted
            values = value_cards(obs, random.Random(len(deal.actions)), wanted,
                                 model=WORLD_MODEL, node_limit=node_limit_for(obs))
            assert all(len(v) == values.samples for v in values.worth.values())
            assert 0 < values.samples <= wanted       # all but those over the node limit
            margin = values.margin
            decision = player.choose_card(obs, random.Random(len(deal.actions)))
            best = [c for c in obs.legal_plays.cards if margin[c] == max(margin.values())]
            club = CLUB.choose_card(obs, random.Random(0)).action
            assert decision.action == (club if club in best else best[0])
        card = CLUB.choose_card(obs, random.Random(0)).action
        deal.play(card, seat=turn, announce=obs.announcements_available,
                  belote=deal.may_say_belote(turn, card))
    assert {(8, True), (8, False), (7, True), (7, False), (6, False)} <= set(seen)
    assert seen[6, False] == 32


def _opening_deal(hand: str, turned: str) -> Deal:
    """A deal at its first bid (dealer West: South speaks first), South holding ``hand``."""
    mine = hand.split()
    rest = [str(c) for c in DECK if str(c) not in mine and str(c) != turned]
    hands = {S: mine, E: rest[0:5], N: rest[5:10], W: rest[10:15]}
    return Deal.from_hands(W, hands, turned, rest[15:])


def _opening(hand: str, turned: str) -> Observation:
    """South's view at the first bid (dealer West), holding ``hand``."""
    return _opening_deal(hand, turned).observation(S)


def test_bids_by_simulation() -> None:
    player = _exact()
    strong = _opening("JH 9H AH AS AC", "10H")
    decision = player.choose_bid(strong, random.Random(5))
    assert decision.action == TAKE and decision.reason is Technique.TAKE_BY_SIMULATION
    assert set(decision.cards) == {Card.parse(c) for c in ("JH", "9H", "AH", "10H")}
    weak = _opening("7H 8S 7D 8D 7C", "8H")
    assert bid_chances(weak, random.Random(5))[TAKE] < 0.5
    decision = player.choose_bid(weak, random.Random(5))
    assert decision.action == PASS and decision.reason is Technique.PASS_BY_SIMULATION
    hopeless = _opening("7S 8S 7D 8D 7C", "8H")                # not a trump: no simulation
    assert bid_chances(hopeless, random.Random(5)) == {}
    assert player.choose_bid(hopeless, random.Random(5)).action == PASS


def test_round_two_names_the_strong_suit() -> None:
    """Round 2 after four passes: with JD 9D AD (8H turned) the expert names diamonds,
    its chance of making the contract far over the threshold; a weak hand passes."""
    def round_two(hand: str) -> Observation:
        deal = _opening_deal(hand, "8H")
        for _ in range(4):
            deal.bid(PASS)
        return deal.observation(S)

    strong = round_two("JD 9D AD AS 7C")
    chances = bid_chances(strong, random.Random(3))
    assert max(chances, key=lambda b: chances[b]) == Bid.naming(Suit.DIAMONDS)
    decision = _exact().choose_bid(strong, random.Random(3))
    assert decision.action == Bid.naming(Suit.DIAMONDS)
    assert decision.reason is Technique.TAKE_BY_SIMULATION
    weak = round_two("7D 8D QS 7C 9S")
    assert _exact().choose_bid(weak, random.Random(3)).action == PASS


def test_completions_agree_with_the_earlier_passes() -> None:
    """After three passes in round 1, the simulated completions give no passing seat a
    hand with which a club player would have taken (the bids are read as information)."""
    from belote_teach.players import expert

    deal = Deal.new(S, rng=4)
    for _ in range(3):
        deal.bid(PASS)
    obs = deal.observation(deal.turn)
    assert [bid for _, bid in obs.bids] == [PASS, PASS, PASS]
    rng = random.Random(2)
    for _ in range(10):
        completed = expert.completion(obs, rng)
        assert completed.hand(obs.seat) == obs.hand and completed.turned == obs.turned
        for seat, _bid in obs.bids:
            view = Deal.from_hands(obs.dealer, {s: completed.dealt_hands[s] for s in Seat},
                                   obs.turned, completed.initial_stock, obs.rules)
            while view.turn is not seat:
                view.bid(PASS)
            assert CLUB.choose_bid(view.observation(seat), random.Random(0)).action == PASS


@pytest.mark.parametrize("wrong", [-0.1, 1.5])
def test_take_threshold_is_checked(wrong: float) -> None:
    assert ExpertPlayer(0.6).take_threshold == 0.6
    with pytest.raises(ValueError, match="take_threshold"):
        ExpertPlayer(wrong)


def test_with_every_world_over_the_node_limit_the_club_card_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The entame of deal 1 with a node limit no world fits in: the expert does not stall
    or fail, it plays the club player's card, with the club player's reason."""
    deal = Deal.new(S, rng=1)
    while deal.phase.is_bidding:
        turn = deal.turn
        assert turn is not None
        deal.bid(CLUB.choose_bid(deal.observation(turn), random.Random(0)).action, seat=turn)
    obs = deal.observation(deal.turn)
    assert len(obs.hand) == 8 and samples_for(obs) > 0
    club = CLUB.choose_card(obs, random.Random(0))
    monkeypatch.setattr(expert, "DECISION_NODES", 1)
    assert _exact().choose_card(obs, random.Random(0)) == club


def _completed(seed: int) -> Deal:
    """Deal ``seed`` bid by club players to a contract (the first seed from ``seed`` on
    that is not passed out), in phase PLAY before the first card."""
    while True:
        deal = Deal.new(S, rng=seed)
        while deal.phase.is_bidding:
            turn = deal.turn
            assert turn is not None
            deal.bid(CLUB.choose_bid(deal.observation(turn), random.Random(0)).action,
                     seat=turn)
        if deal.phase is Phase.PLAY:
            return deal
        seed += 1000


def test_a_contract_is_judged_double_dummy() -> None:
    """The takers make it double dummy exactly when the solved value of the first lead
    reaches the engine's ``points_to_make`` (belote and the declared announcements
    counted); over its node limit the club playout judges it."""
    for seed in range(6):
        deal = _completed(seed)
        contract, leader = deal.contract, deal.turn
        assert contract is not None and leader is not None
        value = solve({seat: deal.hand(seat) for seat in Seat}, contract.trump, [],
                      leader).value
        takers_points = value if leader.team is contract.taker.team else 162 - value
        belote = next((seat.team for seat in Seat
                       if has_belote(deal.hand(seat), contract.trump)), None)
        declared = {team: [a for seat in team.seats
                           for a in find_announcements(deal.hand(seat), contract.trump)]
                    for team in Team}
        made = takers_points >= points_to_make(takers=contract.taker.team, belote=belote,
                                               announcements=declared, trump=contract.trump)
        assert expert.made_double_dummy(deal) is made
        assert expert.contract_made(deal, 10**9) is made
        assert expert.contract_made(deal, 1) is expert.made_by_club(deal)


@pytest.mark.parametrize("wrong", [0, -1.0, True, "0.5"])
def test_time_limit_is_checked(wrong: object) -> None:
    assert ExpertPlayer(time_limit=2.0).time_limit == 2.0
    assert ExpertPlayer().time_limit == expert.TIME_LIMIT
    with pytest.raises(ValueError, match="time_limit must be a positive number of seconds"):
        ExpertPlayer(time_limit=wrong)  # type: ignore[arg-type]


def test_past_the_time_limit_the_worlds_judged_decide() -> None:
    """A time limit every decision reaches: a bid on the first completion alone (the same
    chances as one completion drawn), each decision legal and counted in ``cut_short``;
    without the limit, none counted."""
    deal = _completed(1)
    obs = deal.observation(deal.turn)
    hurried = ExpertPlayer(time_limit=1e-9)
    card = hurried.choose_card(obs, random.Random(0))
    assert card.action in obs.legal_plays.cards and hurried.cut_short == 1
    strong = _opening("JH 9H AH AS AC", "10H")
    chances = bid_chances(strong, random.Random(5), deadline=0.0)
    assert chances == bid_chances(strong, random.Random(5), samples=1)
    assert set(chances.values()) <= {0.0, 1.0}
    assert hurried.choose_bid(strong, random.Random(5)).action in strong.legal_bids
    assert hurried.cut_short == 2
    patient = _exact()
    patient.choose_card(obs, random.Random(0))
    assert patient.cut_short == 0


def test_with_no_time_left_to_solve_the_club_player_judges(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No time left for any solve (the pace allows 0 positions): a card decision leaves
    every world out and plays the club player's card; a bid judges every completion by a
    club playout, the chances of a bid whose every double-dummy judgement is over its
    node limit."""
    monkeypatch.setattr(evaluation, "positions_within", lambda seconds: 0)
    deal = _completed(1)
    obs = deal.observation(deal.turn)
    player = ExpertPlayer()
    assert player.choose_card(obs, random.Random(0)) == CLUB.choose_card(
        obs, random.Random(0))
    assert player.unsolved == 1
    patient = _exact()
    patient.choose_card(obs, random.Random(0))
    assert patient.unsolved == 0
    strong = _opening("JH 9H AH AS AC", "10H")
    rushed = bid_chances(strong, random.Random(5), end=0.0)

    def over_the_limit(deal: Deal, node_limit: int | None = None) -> bool:
        raise NodeLimitError(node_limit or 1)

    monkeypatch.setattr(expert, "made_double_dummy", over_the_limit)
    assert rushed == bid_chances(strong, random.Random(5))
    assert ExpertPlayer().choose_bid(strong, random.Random(5)).action in strong.legal_bids
