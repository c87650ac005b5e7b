"""Computer players (belote_teach.players): legality through the checked Deal API,
determinism, no access to hidden cards, club reasons, hand-made club positions, and
card tracking (R3 inferences)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import pytest

from belote_teach.engine.announcements import find_announcements
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import DECK, Card, Rank, Seat, Suit, points, strength
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.trick import Trick
from belote_teach.players import (
    ClubPlayer,
    Decision,
    Player,
    RandomPlayer,
    Technique,
    make_player,
    play_deal,
    play_game,
)
from belote_teach.players.club import bid_strength
from belote_teach.search.tracking import read_trick, track

LEVELS = ("random", "club")  # the expert has its own, slower tests (test_expert.py)
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _cards(text: str | Iterable[str]) -> list[Card]:
    items = text.split() if isinstance(text, str) else text
    return [Card.parse(c) for c in items]


def build(dealer: Seat, turned: str, fixed: Mapping[Seat, str], taker: Seat | None = None,
          rules: str = "classic") -> Deal:
    """A deal from given hands, the unnamed cards filled in deck order.

    Without ``taker``: ``fixed`` gives 5-card hands (before bidding). With ``taker``:
    ``fixed`` gives 8-card hands (the taker's holds the turned card), and the deal is
    returned after round-1 bidding (passes until ``taker`` takes)."""
    turned_card = Card.parse(turned)
    given = {seat: _cards(text) for seat, text in fixed.items()}
    used = {c for cards in given.values() for c in cards} | {turned_card}
    spare = [c for c in DECK if c not in used]
    size = 5 if taker is None else 8
    hands: dict[Seat, list[Card]] = {}
    for seat in Seat:
        cards = list(given.get(seat, []))
        if taker is not None and seat is taker and turned_card not in cards:
            cards.append(turned_card)
        while len(cards) < size:
            cards.append(spare.pop(0))
        hands[seat] = cards
    if taker is None:
        return Deal.from_hands(dealer, hands, turned_card, spare)
    dealt: dict[Seat, list[Card]] = {}
    stock: list[Card] = []
    seat = dealer.next
    for _ in Seat:
        cards = [c for c in hands[seat] if c != turned_card]
        dealt[seat] = cards[:5]
        stock += cards[5:]
        seat = seat.next
    deal = Deal.from_hands(dealer, dealt, turned_card, stock, rules)
    seat = dealer.next
    while seat is not taker:
        deal.bid(PASS)
        seat = seat.next
    deal.bid(TAKE)
    assert set(deal.hand(taker)) == set(hands[taker])
    return deal


def players_of(level: str) -> dict[Seat, Player]:
    player = make_player(level)
    return {seat: player for seat in Seat}


# ---------------------------------------------------------------------------- legality
@pytest.mark.parametrize("level", LEVELS)
def test_every_action_is_legal_over_many_deals(level: str) -> None:
    """200 seeded deals per level through the checked API (any illegal action raises);
    announcements all declared (R4.4) and belote always said (R5.2)."""
    players = players_of(level)
    scored = 0
    for seed in range(200):
        rules = "ffb2016" if seed % 10 == 9 else "classic"
        deal = Deal.new(Seat(("N", "E", "S", "W")[seed % 4]), rng=seed, rules=rules)
        turns = play_deal(deal, players, random.Random(seed))
        assert deal.phase.is_over
        assert turns and all(isinstance(t.decision, Decision) for t in turns)
        if deal.phase is not Phase.SCORED:
            continue
        scored += 1
        trump = deal.trump
        assert trump is not None
        for seat in Seat:
            start = deal.start_hand(seat)
            assert start is not None
            if deal.rules.announcements:
                assert deal.declared(seat) == find_announcements(start, trump)
            if Card(Rank.KING, trump) in start and Card(Rank.QUEEN, trump) in start:
                assert [c.seat for c in deal.belote_calls] == [seat, seat]
    assert scored > 150


@pytest.mark.parametrize("level", LEVELS)
def test_mixed_table_and_whole_game(level: str) -> None:
    other = "club" if level == "random" else "random"
    players = {seat: make_player(level if seat.team.name == "NS" else other) for seat in Seat}
    game = play_game(players, random.Random(3))
    assert game.is_over and game.winner is not None


def test_make_player_rejects_unknown_level() -> None:
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("grandmaster")
    assert isinstance(ClubPlayer(), Player) and isinstance(RandomPlayer(), Player)


# ---------------------------------------------------------------------------- determinism
@pytest.mark.parametrize("level", LEVELS)
def test_deterministic_given_the_seed(level: str) -> None:
    for seed in range(20):
        runs = []
        for _ in range(2):
            deal = Deal.new(Seat.SOUTH, rng=seed)
            turns = play_deal(deal, players_of(level), random.Random(seed))
            runs.append((deal.actions, turns))
        assert runs[0] == runs[1]


# ---------------------------------------------------------------------------- hidden cards
def _reshuffle_unseen(deal: Deal, seed: int) -> Deal:
    """The same deal for South (dealer West, South speaks first and would receive the
    first two stock cards as taker), the other hands and the rest of the stock
    redistributed at random."""
    dealt = deal.dealt_hands
    stock = list(deal.initial_stock)
    others = [c for seat in (E, N, W) for c in dealt[seat]] + stock[2:]
    random.Random(seed).shuffle(others)
    hands = {S: list(dealt[S]), E: others[0:5], N: others[5:10], W: others[10:15]}
    return Deal.from_hands(W, hands, deal.turned, stock[:2] + others[15:], deal.rules)


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_depend_on_hidden_cards(level: str) -> None:
    player = make_player(level)
    differed = 0
    for seed in range(40):
        one = Deal.new(W, rng=seed)
        two = _reshuffle_unseen(one, seed + 1000)
        differed += one.hand(E) != two.hand(E)
        for stage in ("bid", "card"):
            seen = [d.observation(S) for d in (one, two)]
            assert seen[0] == seen[1]
            if stage == "bid":
                got = [player.choose_bid(o, random.Random(seed)) for o in seen]
                assert got[0] == got[1]
                for d in (one, two):
                    d.bid(TAKE)                       # South takes: same 8 cards
                continue
            assert one.hand(S) == two.hand(S)
            if seen[0].announcements_available:
                said = [player.choose_announcements(o, random.Random(seed)) for o in seen]
                assert said[0] == said[1]
            cards = [player.choose_card(o, random.Random(seed)) for o in seen]
            assert cards[0] == cards[1]
    assert differed > 30


# ---------------------------------------------------------------------------- club reasons
def test_club_gives_a_reason_for_every_decision() -> None:
    players = players_of("club")
    seen: set[Technique] = set()
    for seed in range(60):
        deal = Deal.new(Seat.SOUTH, rng=seed)
        for turn in play_deal(deal, players, random.Random(seed)):
            assert isinstance(turn.decision.reason, Technique)
            assert turn.decision.reason is not Technique.RANDOM
            seen.add(turn.decision.reason)
    for expected in (Technique.DRAW_TRUMPS, Technique.CASH_PLAIN_ACE,
                     Technique.CHARGE_PARTNER, Technique.DISCARD_LOW,
                     Technique.TAKE_WITH_JACK, Technique.PASS_WEAK_TRUMPS):
        assert expected in seen
    assert Technique.DRAW_TRUMPS.tip == 2 and Technique.WIN_TRICK.tip is None


# ---------------------------------------------------------------------------- positions
HANDS_CHARGE = {
    E: "7C AC 10C KC 7H 8S 9S QD",
    N: "AH KH QH QS 7D 8D 9D 10D",
    W: "8H 9H JH 10H QC AS JD KD",
    S: "10S 7S JS KS JC 9C 8C AD",
}
HANDS_DISCARD = {
    E: "7C AC 10C KC QC 8S 9S 7H",
    N: "AH KH QH QS 7D 8D 9D JC",
    W: "8H 9H JH 10H 9C 8C AS JD",
    S: "10S 7S JS KS AD KD 10D QD",
}


def _club_card(deal: Deal) -> Decision[Card]:
    seat = deal.turn
    assert seat is not None
    return ClubPlayer().choose_card(deal.observation(seat), random.Random(0))


def test_club_charges_a_master_partner() -> None:
    """R9 tip 4: North's AH is master, South (last, void in hearts) feeds the 10 or ace."""
    deal = build(S, "7C", HANDS_CHARGE, taker=E)
    for card in ("7H", "AH", "8H"):
        deal.play(card)
    decision = _club_card(deal)
    assert decision.reason is Technique.CHARGE_PARTNER
    assert decision.action.rank in (Rank.TEN, Rank.ACE)
    assert decision.action.suit is not Suit.CLUBS


def test_club_charges_with_the_ten_when_following() -> None:
    hands = {**HANDS_CHARGE, N: "AH 7D 8D 9D 10D QS KD JD", W: "8H 10S JH QH QC AS KH 7S",
             S: "9H 10H JS KS JC 9C 8C AD"}
    deal = build(S, "7C", hands, taker=E)
    for card in ("7H", "AH", "8H"):
        deal.play(card)
    decision = _club_card(deal)
    assert decision == Decision(Card.parse("10H"), Technique.CHARGE_PARTNER, (Card.parse("AH"),))


def test_club_discards_low_under_an_opponent() -> None:
    """West's 10H wins; South, void in hearts and trumps, discards a card worth 0."""
    deal = build(S, "7C", HANDS_DISCARD, taker=E)
    for card in ("7H", "KH", "10H"):
        deal.play(card)
    decision = _club_card(deal)
    assert decision.reason is Technique.DISCARD_LOW
    assert points(decision.action, Suit.CLUBS) == 0


def test_club_taker_draws_trumps_with_the_jack() -> None:
    """R9 tip 2: South took (dealer West, South leads) and holds the J: leads it."""
    deal = build(W, "7C", {S: "JC 9C 7C 8H 9H 7D AS 10S"}, taker=S)
    assert deal.turn is S
    decision = _club_card(deal)
    assert decision == Decision(Card.parse("JC"), Technique.DRAW_TRUMPS, (Card.parse("JC"),))


def test_club_defender_cashes_a_plain_ace() -> None:
    """R9 tip 3: South defends (East took) and leads: the plain ace, not a trump."""
    deal = build(W, "7C", {S: "AH 8H 7S 8S 9C 8C QD 7D"}, taker=E)
    decision = _club_card(deal)
    assert decision.action == Card.parse("AH")
    assert decision.reason is Technique.CASH_PLAIN_ACE


def test_club_defender_does_not_lead_trumps() -> None:
    deal = build(W, "7C", {S: "JC 9C 8H 7H 7S 8S QD 7D"}, taker=E)
    decision = _club_card(deal)
    assert decision.action.suit is not Suit.CLUBS
    assert decision.reason is Technique.NO_TRUMP_LEAD


def test_club_takes_with_jack_and_nine_and_passes_with_king_queen() -> None:
    """R9 tip 1 (the turned card counts in round 1)."""
    taking = build(W, "7H", {S: "JH 9H 7S 8D 9C"})
    decision = ClubPlayer().choose_bid(taking.observation(S), random.Random(0))
    assert decision.action == TAKE and decision.reason is Technique.TAKE_WITH_JACK
    passing = build(W, "7H", {S: "KH QH 7S 8D 9C"})
    decision = ClubPlayer().choose_bid(passing.observation(S), random.Random(0))
    assert decision.action == PASS and decision.reason is Technique.PASS_WEAK_TRUMPS
    assert bid_strength(_cards("9H AH 8H 7S 8D"), Suit.HEARTS)[0] is Technique.TAKE_WITH_NINE


def test_club_names_its_suit_in_round_two() -> None:
    """R2.5: after four passes, the J, 9 and A of spades name spades (tip 1)."""
    deal = build(W, "7H", {S: "JS 9S AS 7D 8D"})
    player = ClubPlayer()
    decision = player.choose_bid(deal.observation(S), random.Random(0))
    assert decision == Decision(PASS, Technique.PASS_WEAK_TRUMPS, (Card.parse("7H"),))
    for _ in range(4):
        deal.bid(PASS)                  # the others' hands do not matter here
    decision = player.choose_bid(deal.observation(S), random.Random(0))
    assert decision.action == Bid.naming(Suit.SPADES)
    assert decision.reason is Technique.TAKE_WITH_JACK
    assert set(decision.cards) == set(_cards("JS 9S AS"))


@pytest.mark.parametrize("level", LEVELS)
def test_players_refuse_to_act_out_of_turn(level: str) -> None:
    deal = build(W, "7H", {})
    player = make_player(level)
    with pytest.raises(ValueError, match="no bid to choose"):
        player.choose_bid(deal.observation(N), random.Random(0))
    with pytest.raises(ValueError, match="no card to choose"):
        player.choose_card(deal.observation(S), random.Random(0))


def test_club_keeps_a_master_trump_for_the_dix_de_der() -> None:
    """R9 tip 5: with two cards left, a master trump and a plain card both legal, the
    master trump is kept for the last trick (unless the partner is being charged)."""
    player = ClubPlayer()
    rng = random.Random(0)
    kept = 0
    for seed in range(150):
        deal = Deal.new(Seat.SOUTH, rng=seed)
        while deal.phase.is_bidding:
            deal.bid(player.choose_bid(deal.observation(S if deal.turn is None else deal.turn),
                                       rng).action)
        while deal.phase is Phase.PLAY:
            seat = deal.turn
            assert seat is not None
            obs = deal.observation(seat)
            announce = player.choose_announcements(obs, rng).action \
                if obs.announcements_available else ()
            decision = player.choose_card(obs, rng)
            legal = list(obs.legal_plays or ())
            trump = deal.trump
            if len(obs.hand) == 2 and len(legal) == 2 and trump is not None:
                top = track(obs).master(trump)
                trumps = [c for c in legal if c.suit is trump]
                if len(trumps) == 1 and trumps[0] == top \
                        and decision.reason is not Technique.CHARGE_PARTNER:
                    assert decision.action != top
                    kept += decision.reason is Technique.KEEP_MASTER_FOR_DIX_DE_DER
            deal.play(decision.action, announce=announce)
    assert kept > 0


# ---------------------------------------------------------------------------- tracking
def test_tracking_infers_voids_and_no_trump() -> None:
    """South neither follows nor trumps while an opponent wins: void in hearts and in
    trumps (R3.1, R3.4)."""
    deal = build(S, "7C", HANDS_DISCARD, taker=E)
    for card in ("7H", "KH", "10H", "7S"):
        deal.play(card)
    info = track(deal.observation(N))
    assert info.voids[S] == {Suit.HEARTS, Suit.CLUBS}
    assert info.is_void(S, Suit.CLUBS)
    assert info.master(Suit.HEARTS) == Card.parse("AH")
    assert info.trumps_out() == 7                     # North holds JC, the 7 others out
    assert Card.parse("7C") in info.known[E]          # the taker holds the turned card


def test_tracking_no_trump_inference_under_a_master_partner() -> None:
    """R3.3: a discard on the partner's winning trick says nothing about trumps."""
    deal = build(S, "7C", HANDS_CHARGE, taker=E)
    for card in ("7H", "AH", "8H", "10S"):
        deal.play(card)
    info = track(deal.observation(E))
    assert info.voids[S] == {Suit.HEARTS}
    assert info.master(Suit.HEARTS) == Card.parse("10H")
    assert Card.parse("10S") in info.played and Card.parse("10S") not in info.unseen


def test_tracking_trump_ceiling_after_undertrumping() -> None:
    """R3.5/R3.6: a player who trumps under the highest trump holds no higher trump;
    trumping with the jack tells nothing of the kind."""
    hands = {E: "7C AC 10C KC 9S 8S QD 7H", N: "JC 7S 8H 9H 10H KH QH AH",
             W: "9C 8C JS QS KS AS 7D 8D", S: "JH 10S 9D 10D JD KD AD QC"}
    deal = build(S, "7C", hands, taker=E)
    for card in ("9S", "7S", "AS", "10S", "7D", "AD", "QD", "JC"):
        deal.play(card)   # trick 1 to West's AS; West leads 7D, North trumps with JC
    info = track(deal.observation(W))
    assert Suit.DIAMONDS in info.voids[N] and Suit.CLUBS not in info.voids[N]
    assert info.ceilings[N] == 17
    trick = Trick(Suit.CLUBS, E, ["9S", "9C", "8C"])  # North trumps, West undertrumps
    ceilings = {seat: 17 for seat in Seat}
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
    read_trick(trick, deal.observation(S), voids, ceilings)
    assert ceilings[W] == strength(Card.parse("9C"), Suit.CLUBS)
    assert voids[N] == voids[W] == {Suit.SPADES}
    with pytest.raises(ValueError, match="no trump yet"):
        track(build(W, "7H", {}).observation(S))
