"""Engine units for deal.py: dealing (R2.1–R2.3), bidding (R2.4–R2.6, R2.9), completion
(R2.7), play (R2.8, R3), announcements (R4), belote-rebelote (R5), the hand-off to
scoring (R6), undo, copies, and bad input that never corrupts a deal."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping

import pytest

from belote_teach.engine.announcements import Announcement, find_announcements
from belote_teach.engine.bidding import PASS, TAKE, Bid, Contract
from belote_teach.engine.cards import DECK, DIX_DE_DER, Card, Rank, Seat, Suit, Team
from belote_teach.engine.deal import Action, BeloteCall, Deal, Declared, Phase
from belote_teach.engine.errors import (
    BeloteError,
    FalseAnnouncementError,
    FalseBeloteError,
    IllegalBidError,
    IllegalPlayError,
    InvalidBidError,
    InvalidCardError,
    InvalidPositionError,
    OutOfTurnError,
    PhaseError,
)
from belote_teach.engine.rules import FFB2016, LegalPlays, Rule, RuleSet
from belote_teach.engine.scoring import Outcome, score_deal

C = Card.parse
ORDER = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)


def cards(text: str) -> list[Card]:
    return [C(t) for t in text.split()]


def after(seat: Seat, n: int = 1) -> Seat:
    for _ in range(n):
        seat = seat.next
    return seat


def arranged(dealer: Seat, final: Mapping[Seat, str], turned: str, taker: Seat,
             rules: RuleSet | str | None = None, reserve: int = 0) -> Deal:
    """A deal built with ``from_hands`` so that, once ``taker`` takes, each seat holds the
    8 cards of ``final`` (the taker's include ``turned``): the first 5 are dealt, the rest
    come from the stock during completion, in turn from ``dealer.next`` (R2.7)."""
    hands: dict[Seat, list[Card]] = {}
    stock: list[Card] = []
    seat = dealer.next
    for _ in range(4):
        held = [c for c in cards(final[seat]) if c != C(turned)]
        hands[seat] = held[:5]
        stock += held[5:]
        seat = seat.next
    return Deal.from_hands(dealer, hands, turned, stock, rules, reserve=reserve)


# South deals, East takes hearts in round 1 (the turned 10H goes to East):
#   East   belote (KH QH) and a tierce to the 9C
#   North  the carré of jacks (200)
#   West   a tierce to the 9H (trumps) and a tierce to the AD
#   South  a tierce to the AC
LAYOUT = {
    Seat.EAST: "10H KH QH 7C 8C 9C AS 7D",
    Seat.NORTH: "JS JH JD JC AH 8S 8D 10C",
    Seat.WEST: "7H 8H 9H QD KD AD 9S 10S",
    Seat.SOUTH: "7S QS KS 9D 10D QC KC AC",
}


def layout_deal(rules: RuleSet | str | None = None, reserve: int = 0) -> Deal:
    deal = arranged(Seat.SOUTH, LAYOUT, "10H", Seat.EAST, rules, reserve)
    deal.bid("take")
    return deal


def held_belote(deal: Deal, seat: Seat, card: Card) -> bool:
    trump = deal.trump
    start = deal.start_hand(seat)
    assert trump is not None and start is not None
    pair = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
    return card in pair and pair <= start


def finish(deal: Deal, *, say_belote: bool = True, announce: bool = True,
           choose: Callable[[LegalPlays], Card] = lambda legal: legal.cards[0]) -> None:
    """Play the deal out: ``choose`` picks the card, belote said when allowed."""
    while deal.phase is Phase.PLAY:
        seat = deal.turn
        assert seat is not None
        card = choose(deal.legal_plays)
        deal.play(card, announce=deal.announcements_available(seat) if announce else (),
                  belote=say_belote and held_belote(deal, seat, card))


def random_deal(seed: int, rules: RuleSet | None = None) -> Deal:
    """A seeded deal played to its end by random legal bids and cards."""
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(ORDER), rng, rules)
    while deal.phase.is_bidding:
        legal = sorted(deal.legal_bids, key=str)
        deal.bid(PASS if rng.random() < 0.5 else rng.choice(legal))
    finish(deal, choose=lambda legal: rng.choice(legal.cards))
    return deal


class NoShuffle(random.Random):
    """A Random whose shuffle keeps DECK order, to see the dealing order."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        pass


# ------------------------------------------------------------------ R2.1 shuffle and cut
def test_r2_1_the_player_on_the_dealers_left_cuts() -> None:
    # counter-clockwise: the player on the dealer's left played just before the dealer
    for dealer in Seat:
        deal = Deal.new(dealer, 1)
        assert deal.cutter is dealer.previous
        assert deal.cutter.next is dealer
    assert Deal.new(Seat.SOUTH, 1).cutter is Seat.WEST


def test_r2_1_the_deal_is_the_seeded_shuffle_then_the_cut() -> None:
    rng = random.Random(12345)
    deck = list(DECK)
    rng.shuffle(deck)
    cut = rng.randint(3, 29)
    deck = deck[cut:] + deck[:cut]
    deal = Deal.new(Seat.NORTH, 12345)
    assert deal.cut == cut
    assert deal.hand(Seat.WEST) == (*deck[0:3], *deck[12:14])
    assert deal.turned == deck[20]
    assert deal.stock == tuple(deck[21:])
    assert Deal.new(Seat.NORTH, random.Random(12345)) == deal   # a Random or a seed


def test_r2_1_cut_bounds() -> None:
    cuts = {Deal.new(Seat.SOUTH, seed).cut for seed in range(400)}
    assert cuts <= set(range(3, 30))
    assert min(cuts) == 3 and max(cuts) == 29      # both packets hold at least 3 cards
    for cut in (3, 29):
        assert Deal.new(Seat.SOUTH, NoShuffle(), cut=cut).cut == cut
    for bad in (0, 2, 30, 32, -1, True, "5"):
        with pytest.raises(InvalidPositionError, match=r"at least 3 in each packet \(R2.1\)"):
            Deal.new(Seat.SOUTH, 1, cut=bad)  # type: ignore[arg-type]


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    assert Deal.new(Seat.EAST, 99) == Deal.new(Seat.EAST, 99)
    assert Deal.new(Seat.EAST, 99) != Deal.new(Seat.EAST, 100)
    assert Deal.new("E", None) == Deal.new(Seat.EAST, 0)


# ------------------------------------------------------------ R2.2 / R2.3 the distribution
@pytest.mark.parametrize("dealer", ORDER)
def test_r2_2_packets_of_3_then_2_from_the_player_after_the_dealer(dealer: Seat) -> None:
    deck = DECK[3:] + DECK[:3]          # no shuffle, cut 3
    deal = Deal.new(dealer, NoShuffle(), cut=3)
    for i in range(4):
        seat = after(dealer, i + 1)     # dealer.next first, counter-clockwise
        assert deal.hand(seat) == (*deck[3 * i:3 * i + 3], *deck[12 + 2 * i:14 + 2 * i])
    assert all(len(deal.hand(s)) == 5 for s in Seat)
    # R2.3: the next card is turned; 11 wait for completion
    assert deal.turned == deck[20]
    assert deal.stock == deck[21:]
    assert deal.phase is Phase.BIDDING_1


def test_r2_2_dealer_south_serves_east_first() -> None:
    deal = Deal.new(Seat.SOUTH, NoShuffle(), cut=3)
    # the deck is 10S JS QS KS AS 7H 8H ... (DECK order, 3 cards cut): E N W S get 3, then 2
    assert deal.hand(Seat.EAST) == tuple(cards("10S JS QS AH 7D"))
    assert deal.hand(Seat.NORTH) == tuple(cards("KS AS 7H 8D 9D"))
    assert deal.hand(Seat.SOUTH) == tuple(cards("JH QH KH QD KD"))
    assert deal.turned == C("AD")


def test_from_hands_checks_the_distribution() -> None:
    hands = {s: LAYOUT[s].split()[:5] for s in Seat}
    rest = [c for s in ORDER for c in LAYOUT[s].split()[5:]]
    turned, stock = rest[0], rest[1:12]
    Deal.from_hands("S", hands, turned, stock)  # fine
    with pytest.raises(InvalidPositionError, match="missing W"):
        Deal.from_hands("S", {s: h for s, h in hands.items() if s is not Seat.WEST},
                        turned, stock)
    with pytest.raises(InvalidPositionError, match="must hold 5 cards"):
        Deal.from_hands("S", {**hands, Seat.WEST: hands[Seat.WEST][:4]}, turned, stock)
    with pytest.raises(InvalidPositionError, match="stock holds the 11 cards"):
        Deal.from_hands("S", hands, turned, stock[:10])
    with pytest.raises(InvalidPositionError, match=r"card\(s\) 10H dealt twice"):
        Deal.from_hands("S", hands, turned, [*stock[:10], "10H"])
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        Deal.from_hands("S", hands, "ZZ", stock)
    with pytest.raises(InvalidPositionError, match="seat W twice"):
        Deal.from_hands("S", {**hands, "W": hands[Seat.WEST]}, turned, stock)
    with pytest.raises(InvalidPositionError, match="reserve"):
        Deal.from_hands("S", hands, turned, stock, reserve=-5)


def test_from_hands_records_a_known_cut() -> None:
    """R2.1: ``from_hands`` records the cut as ``new`` does (a transcript's ``cut`` line),
    checked the same way; the cards are the ones given."""
    dealt = Deal.new(Seat.SOUTH, 9)
    hands, turned, stock = dealt.dealt_hands, dealt.turned, dealt.initial_stock
    assert Deal.from_hands("S", hands, turned, stock).cut is None
    built = Deal.from_hands("S", hands, turned, stock, cut=dealt.cut)
    assert built.cut == dealt.cut and built == dealt        # the seed is not compared
    assert built.seed is None and dealt.seed == 9
    for bad in (0, 2, 30, -1, True, "5"):
        with pytest.raises(InvalidPositionError, match=r"at least 3 in each packet \(R2.1\)"):
            Deal.from_hands("S", hands, turned, stock, cut=bad)  # type: ignore[arg-type]


def test_new_remembers_an_int_seed() -> None:
    assert Deal.new(Seat.EAST, 99).seed == 99
    assert Deal.new(Seat.EAST, -4).seed == -4
    assert Deal.new(Seat.EAST).seed == 0 == Deal.new(Seat.EAST, None).seed     # seed 0
    assert Deal.new(Seat.EAST, random.Random(99)).seed is None
    assert Deal.new(Seat.EAST, True).seed is None                   # not a whole number
    deal = Deal.new(Seat.EAST, 99, cut=7)
    assert deal.seed == 99 and deal.cut == 7 and deal.copy().seed == 99
    assert Deal.new(Seat.EAST, random.Random(99)) == Deal.new(Seat.EAST, 99)


@pytest.mark.parametrize("dealer", ORDER)
def test_dealt_hands_and_initial_stock_stay_through_play_and_undo(dealer: Seat) -> None:
    """R2.2/R2.3/R2.7: the 5 cards each seat was dealt and the 11 of the stock, in dealing
    order, whatever is bid, played or taken back."""
    deal = Deal.new(dealer, NoShuffle(), cut=3)
    deck = DECK[3:] + DECK[:3]
    dealt = deal.dealt_hands
    assert list(dealt) == [after(dealer, i + 1) for i in range(4)]   # dealer.next first
    assert all(dealt[s] == deal.hand(s) for s in Seat)
    assert deal.initial_stock == deal.stock == deck[21:]
    with pytest.raises(TypeError):
        dealt[Seat.SOUTH] = ()  # type: ignore[index]
    played = random_deal(11 + ORDER.index(dealer))
    start = {s: played.dealt_hands[s] for s in Seat}
    stock = played.initial_stock
    copy = played.copy()
    while copy.actions:
        assert copy.dealt_hands == start and copy.initial_stock == stock
        copy.pop()
    assert all(copy.hand(s) == start[s] for s in Seat) and copy.stock == stock
    built = Deal.from_hands(dealer, {s: list(reversed(h)) for s, h in start.items()},
                            played.turned, stock)
    assert all(built.dealt_hands[s] == tuple(reversed(start[s])) for s in Seat)


# -------------------------------------------------------------------- R2.4 – R2.6 bidding
def test_r2_4_round_1_from_the_player_after_the_dealer() -> None:
    deal = Deal.new(Seat.NORTH, 3)
    assert deal.turn is Seat.WEST
    assert deal.legal_bids == {TAKE, PASS}
    deal.bid("pass")
    assert deal.turn is Seat.SOUTH
    deal.bid("pass", seat=Seat.SOUTH)
    deal.bid("take")
    assert deal.contract == Contract(Seat.EAST, deal.turned.suit, 1)
    assert deal.bids == ((Seat.WEST, PASS), (Seat.SOUTH, PASS), (Seat.EAST, TAKE))
    assert deal.phase is Phase.PLAY


def test_r2_5_round_2_names_another_suit() -> None:
    deal = Deal.new(Seat.NORTH, 3)
    for _ in range(4):
        deal.bid("pass")
    assert deal.phase is Phase.BIDDING_2
    assert deal.turn is Seat.WEST
    turned_suit = deal.turned.suit
    assert Bid.naming(turned_suit) not in deal.legal_bids
    assert TAKE not in deal.legal_bids
    other = next(s for s in Suit if s is not turned_suit)
    with pytest.raises(IllegalBidError, match=r"R2\.5"):
        deal.bid(Bid.naming(turned_suit))
    deal.bid("pass")
    deal.bid(other)
    assert deal.contract == Contract(Seat.SOUTH, other, 2)
    assert deal.trump is other and deal.taker is Seat.SOUTH


@pytest.mark.parametrize(("redeal", "expected"), [("next_dealer", Seat.WEST),
                                                  ("same_dealer", Seat.NORTH)])
def test_r2_6_pass_out_and_the_next_dealer(redeal: str, expected: Seat) -> None:
    deal = Deal.new(Seat.NORTH, 3, {"redeal": redeal}, reserve=40)
    with pytest.raises(PhaseError, match="not over"):
        _ = deal.next_dealer
    for _ in range(8):
        deal.bid("pass")
    assert deal.phase is Phase.PASSED_OUT
    assert deal.next_dealer is expected
    assert deal.score is None and deal.contract is None and deal.turn is None
    assert deal.reserve_after == 40                # R6.6: the reserve keeps waiting
    assert len(deal.stock) == 11 and all(len(deal.hand(s)) == 5 for s in Seat)
    with pytest.raises(PhaseError, match="PASSED_OUT"):
        deal.bid("pass")
    with pytest.raises(PhaseError):
        _ = deal.legal_bids


def test_r2_9_next_dealer_after_a_scored_deal() -> None:
    for rules in ("classic", {"redeal": "same_dealer"}):
        deal = layout_deal(rules)  # type: ignore[arg-type]
        finish(deal)
        assert deal.phase is Phase.SCORED
        assert deal.next_dealer is Seat.EAST          # the player after the dealer S


# ------------------------------------------------------------------ R2.7 completion
def test_r2_7_completion_round_1() -> None:
    deal = arranged(Seat.SOUTH, LAYOUT, "10H", Seat.EAST)
    stock = deal.stock
    deal.bid("take")
    assert deal.phase is Phase.PLAY
    for seat in Seat:
        assert sorted(map(str, deal.hand(seat))) == sorted(LAYOUT[seat].split())
        assert len(deal.hand(seat)) == 8
    # in turn from the player after the dealer: E turned + 2, N 3, W 3, S 3
    assert deal.hand(Seat.EAST)[5:] == (C("10H"), *stock[0:2])
    assert deal.hand(Seat.NORTH)[5:] == stock[2:5]
    assert deal.hand(Seat.WEST)[5:] == stock[5:8]
    assert deal.hand(Seat.SOUTH)[5:] == stock[8:11]
    assert deal.stock == ()
    assert deal.start_hand(Seat.EAST) == frozenset(cards(LAYOUT[Seat.EAST]))


def test_r2_7_turned_card_goes_to_the_taker_after_a_round_2_take() -> None:
    deal = Deal.new(Seat.SOUTH, 21)
    stock, turned = deal.stock, deal.turned
    for _ in range(5):
        deal.bid("pass")                            # round 1, then East passes again
    other = next(s for s in Suit if s is not turned.suit)
    deal.bid(other)                                 # North names another suit
    assert deal.taker is Seat.NORTH and deal.trump is other
    assert turned in deal.hand(Seat.NORTH)
    assert deal.hand(Seat.EAST)[5:] == stock[0:3]
    assert deal.hand(Seat.NORTH)[5:] == (turned, *stock[3:5])
    assert deal.hand(Seat.WEST)[5:] == stock[5:8]
    assert deal.hand(Seat.SOUTH)[5:] == stock[8:11]
    every = [c for s in Seat for c in deal.hand(s)]
    assert len(every) == 32 and set(every) == set(DECK)


# ------------------------------------------------------------------------ R2.8 the play
@pytest.mark.parametrize("taker_offset", [1, 2, 3, 4])
def test_r2_8_first_lead_by_the_player_after_the_dealer_whoever_took(
        taker_offset: int) -> None:
    deal = Deal.new(Seat.WEST, 8)
    for _ in range(taker_offset - 1):
        deal.bid("pass")
    deal.bid("take")
    assert deal.taker is after(Seat.WEST, taker_offset)
    assert deal.turn is Seat.SOUTH
    trick = deal.trick
    assert trick is not None and trick.leader is Seat.SOUTH and len(trick) == 0
    assert deal.legal_plays.rule is Rule.LEAD_ANY


def test_r2_8_the_trick_winner_leads_the_next() -> None:
    deal = random_deal(5)
    assert deal.phase is Phase.SCORED
    tricks = deal.tricks
    assert tricks[0].leader is deal.dealer.next
    for before, trick in itertools.pairwise(tricks):
        assert trick.leader is before.winner
    assert deal.trick_winners == tuple(t.winner for t in tricks)


def test_play_follows_r3_and_keeps_completed_tricks() -> None:
    deal = layout_deal()
    deal.play("7C")
    legal = deal.legal_plays
    assert legal.rule is Rule.FOLLOW_SUIT and legal.cards == (C("JC"), C("10C"))
    deal.play("10C")
    assert deal.legal_plays.rule is Rule.MUST_TRUMP
    deal.play("7H")
    deal.play("AC")
    assert len(deal.tricks) == 1
    assert deal.tricks[0].cards == tuple(cards("7C 10C 7H AC"))
    assert deal.trick_winners == (Seat.WEST,)
    assert deal.turn is Seat.WEST
    assert deal.card_points == {Team.NS: 0, Team.EW: 21}
    assert deal.tricks_won == {Team.NS: 0, Team.EW: 1}
    assert deal.played_cards == tuple(cards("7C 10C 7H AC"))


# ------------------------------------------------------------------ R4 announcements
def play_trick_1_with_announcements(deal: Deal) -> None:
    for card in ("7C", "10C", "7H", "AC"):
        seat = deal.turn
        assert seat is not None
        deal.play(card, announce=deal.announcements_available(seat))


def test_r4_announcements_available_and_declared_with_the_first_card() -> None:
    deal = layout_deal()
    assert deal.announcements_available(Seat.NORTH) == (
        Announcement.of("carre", "J"),)
    assert deal.announcements_available(Seat.WEST) == (
        Announcement.of("tierce", "A", "D"), Announcement.of("tierce", "9", "H"))
    assert deal.may_announce(Seat.EAST)
    deal.play("7C", announce=[Announcement.of("tierce", "9", "C")])
    assert deal.declared(Seat.EAST) == (Announcement.of("tierce", "9", "C"),)
    assert not deal.may_announce(Seat.EAST)
    assert deal.announcements_available(Seat.EAST) == ()   # East played its first card
    assert deal.shown_announcements == ()


def test_r4_4_winning_team_shown_during_trick_2() -> None:
    deal = layout_deal()
    play_trick_1_with_announcements(deal)
    assert [(d.seat, d.announcement.type.value) for d in deal.declarations] == [
        (Seat.EAST, "tierce"), (Seat.NORTH, "carre"), (Seat.WEST, "tierce"),
        (Seat.WEST, "tierce"), (Seat.SOUTH, "tierce")]
    assert deal.shown_announcements == ()             # trick 2 has not started
    assert deal.announcement_winner == (Team.NS, 220)
    deal.play("8H")                                   # West leads trick 2
    shown = deal.shown_announcements
    assert shown == (Declared(Seat.NORTH, Announcement.of("carre", "J")),
                     Declared(Seat.SOUTH, Announcement.of("tierce", "A", "C")))
    assert shown[0].announcement.cards == frozenset(cards("JS JH JD JC"))
    with pytest.raises(PhaseError, match=r"first card, during trick 1 \(R4.4\)"):
        deal.play("7S", announce=[Announcement.of("tierce", "A", "C")])


def test_r4_scored_announcements_handed_to_scoring() -> None:
    deal = layout_deal()
    play_trick_1_with_announcements(deal)
    finish(deal)
    score = deal.score
    assert score is not None
    assert score.announcement_winner is Team.NS
    assert dict(score.announcements)[Team.EW] == (
        Announcement.of("tierce", "9", "C"), Announcement.of("tierce", "A", "D"),
        Announcement.of("tierce", "9", "H"))
    assert score.belote is Team.EW


def test_r4_false_announcement_refused() -> None:
    deal = layout_deal()
    before = deal.copy()
    with pytest.raises(FalseAnnouncementError) as err:
        deal.play("7C", announce=[Announcement.of("cinquante", "10", "C")])
    assert "E announced cinquante to 10C (50) with 7C" in str(err.value)
    assert "does not hold" in str(err.value)
    assert deal == before


def test_r4_announce_takes_announcement_values() -> None:
    deal = layout_deal()
    before = deal.copy()
    with pytest.raises(FalseAnnouncementError, match="got 'tierce'"):
        deal.play("7C", announce="tierce")  # type: ignore[arg-type]
    with pytest.raises(FalseAnnouncementError, match="not an announcement: 'tierce'"):
        deal.play("7C", announce=["tierce"])  # type: ignore[list-item]
    assert deal == before
    deal.play("7C", announce=Announcement.of("tierce", "9", "C"))   # one is enough
    assert deal.declared(Seat.EAST) == (Announcement.of("tierce", "9", "C"),)


def test_r4_off_in_ffb2016() -> None:
    deal = layout_deal(FFB2016)
    assert deal.announcements_available(Seat.EAST) == ()
    before = deal.copy()
    with pytest.raises(PhaseError, match=r"announcements are off in rules ffb2016 \(R4\)"):
        deal.play("7C", announce=[Announcement.of("tierce", "9", "C")])
    assert deal == before
    finish(deal)
    assert deal.score is not None
    assert deal.score.announcement_winner is None
    assert deal.score.belote is Team.EW              # R5 holds in every preset


# ------------------------------------------------------------------ R5 belote-rebelote
def test_r5_belote_then_rebelote() -> None:
    deal = layout_deal()
    finish(deal)
    calls = deal.belote_calls
    assert [(c.seat, c.word) for c in calls] == [(Seat.EAST, "belote"),
                                                 (Seat.EAST, "rebelote")]
    assert {c.card for c in calls} == {C("KH"), C("QH")}
    assert deal.belote_team is Team.EW
    assert deal.score is not None and deal.score.belote is Team.EW


def test_r5_2_not_said_not_scored() -> None:
    deal = layout_deal()
    finish(deal, say_belote=False)
    assert deal.belote_calls == ()
    assert deal.belote_team is None
    assert deal.score is not None and deal.score.belote is None


def test_r5_said_once_is_said() -> None:
    deal = layout_deal()
    pair = {C("KH"), C("QH")}
    while deal.phase is Phase.PLAY:
        card = deal.legal_plays.cards[0]
        second_of_pair = card in pair and not pair <= set(deal.hand(Seat.EAST))
        deal.play(card, belote=second_of_pair)      # silent with the first, then "rebelote"
    assert [c.word for c in deal.belote_calls] == ["rebelote"]
    assert deal.score is not None and deal.score.belote is Team.EW


def test_r5_belote_with_another_card_or_without_both() -> None:
    deal = layout_deal()
    with pytest.raises(FalseBeloteError, match=r"E said belote with 7C: .*KH or QH, R5.1"):
        deal.play("7C", belote=True)
    # West holds neither; South-East swap: give East the KH without the QH
    layout = {**LAYOUT, Seat.EAST: "10H KH 9H 7C 8C 9C AS 7D",
              Seat.WEST: "7H 8H QH QD KD AD 9S 10S"}
    deal = arranged(Seat.SOUTH, layout, "10H", Seat.EAST)
    deal.bid("take")
    before = deal.copy()
    with pytest.raises(FalseBeloteError, match="without holding both KH and QH") as err:
        deal.play("KH", belote=True)
    assert err.value.card == C("KH")
    assert deal == before


# ------------------------------------------------------------------ R6 scoring hand-off
def test_r6_score_is_score_deal_of_the_deal() -> None:
    for seed in range(40):
        deal = random_deal(seed)
        if deal.phase is Phase.PASSED_OUT:
            continue
        tricks = deal.tricks
        points = {Team.NS: 0, Team.EW: 0}
        won = {Team.NS: 0, Team.EW: 0}
        for trick in tricks:
            points[trick.winner.team] += trick.points
            won[trick.winner.team] += 1
        points[tricks[-1].winner.team] += DIX_DE_DER
        assert sum(points.values()) == 162
        declared = {team: [a for s in team.seats for a in deal.declared(s)] for team in Team}
        assert deal.contract is not None
        expected = score_deal(takers=deal.contract.taker.team, card_points=points, tricks=won,
                              belote=deal.belote_team, announcements=declared, reserve=0,
                              revoke=None, trump=deal.trump, rules=deal.rules,
                              dix_de_der=tricks[-1].winner.team)
        assert deal.score == expected
        assert deal.reserve_after == expected.reserve_after


def test_r6_reserve_is_passed_to_scoring() -> None:
    deal = layout_deal(reserve=81)
    finish(deal)
    score = deal.score
    assert score is not None and score.reserve_before == 81
    assert score.outcome in set(Outcome)
    assert deal.reserve_after == score.reserve_after
    with pytest.raises(PhaseError):
        _ = Deal.new(Seat.SOUTH, 1).reserve_after


# ------------------------------------------------------------------------------- undo
def snapshots_then_pop_all(deal_factory: Callable[[], Deal],
                           drive: Callable[[Deal], None]) -> None:
    deal = deal_factory()
    start = deal.copy()
    states = [deal.copy()]                       # states[k]: after k actions
    drive(deal)
    actions = deal.actions
    replay = deal_factory()
    for action in actions:
        replay.push(action)
        states.append(replay.copy())
    assert replay == deal                        # replaying the actions gives the state
    while deal.actions:
        expected = states[len(deal.actions) - 1]
        action = deal.pop()
        assert action == actions[len(deal.actions)]
        assert deal == expected
    assert deal == start
    with pytest.raises(PhaseError, match="nothing to take back"):
        deal.pop()


def test_undo_a_whole_deal_with_announcements_and_belote() -> None:
    def drive(deal: Deal) -> None:
        deal.bid("take")
        play_trick_1_with_announcements(deal)
        finish(deal)
        assert deal.phase is Phase.SCORED and deal.score is not None

    snapshots_then_pop_all(lambda: arranged(Seat.SOUTH, LAYOUT, "10H", Seat.EAST), drive)


def test_undo_a_round_2_take_and_a_pass_out() -> None:
    def round_2(deal: Deal) -> None:
        for _ in range(6):
            deal.bid("pass")
        deal.bid(next(b for b in sorted(deal.legal_bids, key=str) if not b.is_pass))
        finish(deal)

    def passed_out(deal: Deal) -> None:
        for _ in range(8):
            deal.bid("pass")
        assert deal.phase is Phase.PASSED_OUT

    snapshots_then_pop_all(lambda: Deal.new(Seat.EAST, 77), round_2)
    snapshots_then_pop_all(lambda: Deal.new(Seat.EAST, 77), passed_out)


def test_pop_undoes_each_kind_of_consequence() -> None:
    deal = arranged(Seat.SOUTH, LAYOUT, "10H", Seat.EAST)
    deal.bid("take")                                   # completion
    assert deal.pop() == Action(Seat.EAST, bid=TAKE)
    assert deal.phase is Phase.BIDDING_1 and len(deal.stock) == 11
    assert all(len(deal.hand(s)) == 5 for s in Seat)
    assert deal.contract is None and deal.trick is None and deal.start_hand(Seat.EAST) is None
    deal.bid("take")
    play_trick_1_with_announcements(deal)              # trick completion, announcements
    assert deal.pop().card == C("AC")
    assert deal.tricks == () and deal.turn is Seat.SOUTH
    assert deal.declared(Seat.SOUTH) == ()
    assert deal.declared(Seat.WEST) != ()
    assert deal.hand(Seat.SOUTH)[-1] == C("AC")           # back where it was
    finish(deal)                                        # scoring, belote
    assert deal.phase is Phase.SCORED
    last = deal.pop()
    assert deal.phase is Phase.PLAY and deal.score is None and len(deal.tricks) == 7
    assert last.card is not None and deal.legal_plays.cards == (last.card,)
    while deal.belote_calls:
        deal.pop()
    assert len(deal.belote_calls) == 0


def test_action_values() -> None:
    action = Action(Seat.EAST, card=C("JH"), announce=(Announcement.of("tierce", "9", "C"),),
                    belote=False)
    assert str(action) == "E JH tierce"
    assert str(Action(Seat.NORTH, bid=TAKE)) == "N take"
    assert str(Action(Seat.NORTH, card=C("KH"), belote=True)) == "N KH belote"
    assert Action(Seat.NORTH, bid=PASS).is_bid
    with pytest.raises(InvalidPositionError):
        Action(Seat.NORTH)
    with pytest.raises(InvalidPositionError):
        Action(Seat.NORTH, bid=PASS, card=C("JH"))


# ------------------------------------------------------------------------------ copies
def test_copy_is_independent() -> None:
    deal = layout_deal()
    deal.play("7C")
    clone = deal.copy()
    assert clone == deal and clone is not deal
    clone.play("10C")
    assert deal.trick is not None and len(deal.trick) == 1
    assert C("10C") in deal.hand(Seat.NORTH)
    deal.pop()
    assert clone.trick is not None and clone.trick.cards == tuple(cards("7C 10C"))
    assert len(clone.actions) == 3 and len(deal.actions) == 1


def test_returned_tricks_and_hands_are_copies() -> None:
    deal = layout_deal()
    deal.play("7C")
    trick = deal.trick
    assert trick is not None
    trick.pop()
    assert deal.trick is not None and len(deal.trick) == 1
    hand = deal.hand(Seat.NORTH)
    assert isinstance(hand, tuple)
    deal.bidding.pop()
    assert len(deal.bids) == 1


def test_repr() -> None:
    deal = layout_deal()
    assert repr(deal) == "<Deal dealer=S PLAY E took H (round 1) trick 1/8 turn=E>"
    assert repr(Deal.new(Seat.SOUTH, 1)) == "<Deal dealer=S BIDDING_1 turn=E>"


# ------------------------------------------------------------- bad input changes nothing
def in_bidding() -> Deal:
    return Deal.new(Seat.SOUTH, 4)


def in_round_2() -> Deal:
    deal = Deal.new(Seat.SOUTH, 4)
    for _ in range(4):
        deal.bid("pass")
    return deal


def in_play() -> Deal:
    deal = layout_deal()
    deal.play("7C")                             # North must follow with the JC or the 10C
    return deal


def scored() -> Deal:
    deal = layout_deal()
    finish(deal)
    return deal


def last_card_to_play() -> Deal:
    deal = scored()
    deal.pop()
    return deal


def turned_suit(deal: Deal) -> str:
    return deal.turned.suit.value


BAD_INPUTS: list[tuple[str, Callable[[], Deal], Callable[[Deal], object],
                       type[BeloteError], str]] = [
    ("bid out of turn", in_bidding, lambda d: d.bid("take", seat=Seat.SOUTH),
     OutOfTurnError, "S may not bid take: it is E's turn to bid"),
    ("play out of turn", in_play, lambda d: d.play("10C", seat=Seat.WEST),
     OutOfTurnError, "W may not play 10C: it is N's turn to play"),
    ("push out of turn", in_play, lambda d: d.push(Action(Seat.SOUTH, card=C("QC"))),
     OutOfTurnError, "S may not play QC"),
    ("play while bidding", in_bidding, lambda d: d.play("7C"),
     PhaseError, "card 7C refused: the deal is in phase BIDDING_1"),
    ("bid while playing", in_play, lambda d: d.bid("pass"),
     PhaseError, "bid pass refused: the deal is in phase PLAY"),
    ("play after the score", scored, lambda d: d.play("7C"),
     PhaseError, "card 7C refused: the deal is in phase SCORED"),
    ("legal plays while bidding", in_bidding, lambda d: d.legal_plays,
     PhaseError, "no card to play now"),
    ("legal bids while playing", in_play, lambda d: d.legal_bids,
     PhaseError, "no bidding now"),
    ("card not in the hand", in_play, lambda d: d.play("AS"),
     IllegalPlayError, "AS is not in the hand"),
    ("revoke", in_play, lambda d: d.play("JS"),
     IllegalPlayError, "JS may not be played: FOLLOW_SUIT (R3.1) allows only JC, 10C"),
    ("unreadable card", in_play, lambda d: d.play("1Z"),
     InvalidCardError, "'1Z'"),
    ("suit in round 1", in_bidding, lambda d: d.bid("S"),
     IllegalBidError, "bid S is illegal: in round 1"),
    ("take in round 2", in_round_2, lambda d: d.bid("take"),
     IllegalBidError, "bid take is illegal: in round 2"),
    ("turned suit in round 2", in_round_2, lambda d: d.bid(turned_suit(d)),
     IllegalBidError, "may not be named (R2.5)"),
    ("unreadable bid", in_bidding, lambda d: d.bid("maybe"),
     InvalidBidError, "'maybe'"),
    ("false announcement", in_play,
     lambda d: d.play("10C", announce=[Announcement.of("carre", "A")]),
     FalseAnnouncementError, "N announced carre of A (100) with 10C"),
    ("announcement after the first card", last_card_to_play, lambda d: d.play(
        d.legal_plays.cards[0], announce=[Announcement.of("tierce", "A", "C")]),
     PhaseError, "are declared with the player's first card, during trick 1 (R4.4)"),
    ("announcement off", lambda: layout_deal(FFB2016),
     lambda d: d.play("7C", announce=[Announcement.of("tierce", "9", "C")]),
     PhaseError, "announcements are off in rules ffb2016 (R4)"),
    ("belote without both", lambda: layout_deal(), lambda d: d.play("AS", belote=True),
     FalseBeloteError, "E said belote with AS"),
    ("belote with another card", in_play, lambda d: d.play("10C", belote=True),
     FalseBeloteError, "N said belote with 10C"),
    ("pop with nothing to pop", in_bidding, lambda d: d.pop(),
     PhaseError, "nothing to take back"),
]


@pytest.mark.parametrize(("name", "make", "act", "error", "quoted"), BAD_INPUTS,
                         ids=[case[0] for case in BAD_INPUTS])
def test_bad_input_raises_a_specific_error_and_changes_nothing(
        name: str, make: Callable[[], Deal], act: Callable[[Deal], object],
        error: type[BeloteError], quoted: str) -> None:
    deal = make()
    before = deal.copy()
    seen = [deal.observation(s) for s in ORDER]
    with pytest.raises(error) as err:
        act(deal)
    assert quoted in str(err.value)
    assert isinstance(err.value, ValueError)
    assert deal == before
    assert [deal.observation(s) for s in ORDER] == seen
    assert repr(deal) == repr(before)


def test_illegal_play_error_carries_rule_and_legal_cards() -> None:
    deal = in_play()
    with pytest.raises(IllegalPlayError) as err:
        deal.play("JS")
    assert err.value.card == C("JS")
    assert err.value.rule is Rule.FOLLOW_SUIT
    assert err.value.legal == (C("JC"), C("10C"))


def test_illegal_bid_error_carries_bid_and_legal_bids() -> None:
    deal = in_bidding()
    with pytest.raises(IllegalBidError) as err:
        deal.bid("H")
    assert err.value.bid == Bid.naming("H")
    assert err.value.legal == (TAKE, PASS)


def test_belote_call_value() -> None:
    call = BeloteCall(Seat.EAST, C("KH"), "belote")
    assert call.seat is Seat.EAST and call.word == "belote"


def test_announcements_found_agree_with_find_announcements() -> None:
    deal = layout_deal()
    for seat in Seat:
        start = deal.start_hand(seat)
        assert start is not None
        assert deal.announcements_available(seat) == find_announcements(start, Suit.HEARTS)
