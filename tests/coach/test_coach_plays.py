"""The coach (belote_teach.coach.plays): illegal cards get the rule (R3), certain positions get
the right verdicts, equivalent cards are "also good", reviews are reproducible and never
depend on the real hidden cards. No wall-time assertion (see the module docstring)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from statistics import fmean

import pytest

from belote_teach import explain
from belote_teach.coach import plays
from belote_teach.coach.plays import Review, Verdict, hint, review
from belote_teach.engine.cards import DECK, DIX_DE_DER, Card, Seat, Suit, Team, points
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import IllegalPlayError
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import legal_plays
from belote_teach.engine.scoring import Outcome
from belote_teach.players.base import Technique
from belote_teach.players.club import ClubPlayer
from belote_teach.search.evaluation import (
    SOLVES,
    Valuation,
    WorldValues,
    equivalent_groups,
    samples_for,
)
from belote_teach.search.inference import CLUB_MODEL
from belote_teach.search.sampling import sample_world

S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST
CLUB = ClubPlayer()


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _deal_from_full(full: Mapping[Seat, Sequence[Card]], turned: Card, taker: Seat,
                    dealer: Seat) -> Deal:
    """A deal whose hands after completion (R2.7) are ``full``; ``taker`` takes the
    ``turned`` card in round 1; announcements off (preset ffb2016)."""
    dealt, stock_parts = {}, {}
    for seat, cards in full.items():
        rest = [c for c in cards if c != turned]
        dealt[seat] = rest[:5]
        stock_parts[seat] = rest[5:]
    stock: list[Card] = []
    seat = dealer.next
    for _ in range(4):
        stock += stock_parts[seat]
        seat = seat.next
    deal = Deal.from_hands(dealer, dealt, turned, stock, "ffb2016")
    while deal.turn is not taker:
        deal.bid("pass")
    deal.bid("take")
    assert deal.phase is Phase.PLAY
    return deal


def build(final: Mapping[Seat, str], trump: str, taker: Seat, leader: Seat,
          current: str = "", seed: int = 0, turned: str | None = None) -> Deal:
    """A deal arrived at a hand-made ending: each seat holds ``final`` (the cards of the
    current trick included) when ``leader`` leads the current trick; ``current`` is then
    played. The earlier tricks are found by a seeded random search among legal plays."""
    ends = {seat: _cards(text) for seat, text in final.items()}
    left = len(ends[leader])
    used = {c for cards in ends.values() for c in cards}
    spare = [c for c in DECK if c not in used]
    rng = random.Random(seed)
    for _ in range(5000):
        rng.shuffle(spare)
        history = {seat: spare[i * (8 - left):(i + 1) * (8 - left)]
                   for i, seat in enumerate(Seat)}
        full = {seat: history[seat] + ends[seat] for seat in Seat}
        trumps = [c for c in full[taker] if c.suit.value == trump]
        if turned is not None:
            trumps = [Card.parse(turned)]
        if not trumps:
            continue
        dealer = rng.choice(list(Seat))
        deal = _deal_from_full(full, trumps[0], taker, dealer)
        ok = True
        while deal.phase is Phase.PLAY and len(deal.hand(leader)) > left:
            seat = deal.turn
            assert seat is not None
            options = [c for c in deal.legal_plays if c in history[seat]]
            if not options:
                ok = False
                break
            deal.play(rng.choice(options))
        if not ok or deal.turn is not leader or deal.trick.cards:
            continue
        for card in _cards(current):
            deal.play(card)
        return deal
    raise AssertionError("no history found")


# ------------------------------------------------------------------------ positions
def keep_master_position() -> Deal:
    """Trick 7, trumps ♥, South leads holding J♥ (the last trump) and 7♠; the six unseen
    cards are spades. Leading 7♠ keeps the J♥ for the last trick (tip 5)."""
    return build({S: "JH 7S", E: "AS 10S", N: "9S 8S", W: "KS QS"}, "H", taker=S, leader=S)


def charge_position() -> Deal:
    """Trick 7, trumps ♥, North took the turned 7♥ (so South knows North keeps it): East
    led K♣, North trumped with the J♥, West followed Q♣; South, last to play and without
    clubs or trumps, holds 10♦ and 7♠. North will lead the 7♥ to the last trick and the
    8♥ and 9♥ (East and West, in some order) beat it: a 10♦ kept is lost for sure, so
    charging it now (tip 4) is worth 20 points."""
    return build({E: "KC 8H", N: "JH 7H", W: "QC 9H", S: "10D 7S"}, "H", taker=N,
                 leader=E, current="KC JH QC", seed=1, turned="7H")


def keep_master_swapped() -> Deal:
    """:func:`keep_master_position` with East's 10♠ and West's Q♠ exchanged: the same
    history and the same observation for South, other hidden hands."""
    return build({S: "JH 7S", E: "AS QS", N: "9S 8S", W: "KS 10S"}, "H", taker=S, leader=S)


def club_bid(seed: int) -> Deal:
    """Deal ``seed`` (dealer South) after club players' bidding: in play, or passed out."""
    deal = Deal.new(S, rng=seed)
    while deal.phase.is_bidding:
        deal.bid(CLUB.choose_bid(deal.observation(deal.turn), random.Random(0)).action)
    return deal


def _obs(deal: Deal, seat: Seat = S) -> Observation:
    return deal.observation(seat)


# ------------------------------------------------------------------------ tests
def test_an_illegal_card_gets_the_rule_of_the_first_lesson() -> None:
    seed = 0
    while True:
        seed += 1
        game = club_bid(seed)
        if game.phase is not Phase.PLAY:
            continue
        while game.phase is Phase.PLAY:
            obs = game.observation(game.turn)
            illegal = [c for c in obs.hand if c not in obs.legal_plays]
            if game.turn is S and illegal:
                got = review(obs, illegal[0], rng=random.Random(0))
                assert got.verdict is Verdict.ILLEGAL
                assert got.samples == 0 and got.best == ()
                for lang in ("en", "fr"):
                    assert got.explanation(lang) == explain.explain_card(
                        obs.legal_plays, illegal[0], lang)
                    assert explain.card_short(illegal[0], lang) in got.explanation(lang)
                return
            card = CLUB.choose_card(obs, random.Random(0)).action
            game.play(card, belote=game.may_say_belote(game.turn, card))


def test_a_card_not_in_the_hand_is_refused() -> None:
    obs = _obs(keep_master_position())
    with pytest.raises(IllegalPlayError):
        review(obs, "AH", rng=random.Random(0))


def test_keep_the_master_trump_for_the_last_trick() -> None:
    obs = _obs(keep_master_position())
    good = review(obs, "7S", rng=random.Random(1))
    bad = review(obs, "JH", rng=random.Random(1))
    assert good.verdict is Verdict.BEST and good.loss == 0
    assert good.best[0] == Card.parse("7S")
    assert bad.verdict in (Verdict.INACCURACY, Verdict.MISTAKE)
    assert bad.loss > plays.TOLERANCE
    assert not bad.outcome_changed                      # South has made the contract
    assert bad.reason is Technique.KEEP_MASTER_FOR_DIX_DE_DER
    for lang in ("en", "fr"):
        text = bad.explanation(lang)
        assert explain.card_short(Card.parse("7S"), lang) in text
        assert explain.card_short(Card.parse("JH"), lang) in text
    assert "dix de der" in bad.explanation("en")
    assert bad.differences[0] == plays.Difference(plays.Fact.DIX_DE_DER, Card.parse("7S"),
                                                  Card.parse("JH"))
    tip = hint(obs, rng=random.Random(1))
    assert tip.card == Card.parse("7S")
    assert tip.text("fr").startswith("Joue le 7♠\u00a0: ")


def test_charge_the_master_partner_with_the_ten() -> None:
    deal = charge_position()
    obs = _obs(deal)
    assert set(obs.legal_plays) == set(_cards("10D 7S"))
    good = review(obs, "10D", rng=random.Random(2))
    bad = review(obs, "7S", rng=random.Random(2))
    assert good.verdict is Verdict.BEST
    assert good.reason is Technique.CHARGE_PARTNER
    assert bad.verdict is Verdict.MISTAKE
    assert bad.loss == 10.0                             # the 10♦, lost in every world
    assert "10♦" in bad.explanation("en") and "10♦" in bad.explanation("fr")
    assert "charge" in bad.explanation("fr")
    # South plays last to North's winning J♥: the trick is won either way, the 10♦ feeds it
    assert bad.differences[0] == plays.Difference(plays.Fact.FEEDS_TRICK, Card.parse("10D"),
                                                  Card.parse("7S"), numbers=(10, 0))


def test_the_last_trick_has_a_single_choice() -> None:
    deal = keep_master_position()
    for _ in range(4):
        obs = deal.observation(deal.turn)
        deal.play(CLUB.choose_card(obs, random.Random(0)).action)
    obs = _obs(deal, deal.turn)
    assert len(obs.hand) == 1
    got = review(obs, obs.hand[0], rng=random.Random(0))
    assert got.verdict is Verdict.BEST and got.samples == 0
    assert got.reason is Technique.ONLY_CHOICE
    assert samples_for(obs) == 0


def test_equivalent_cards_are_also_good() -> None:
    """South holds 8♠ 7♠ (nothing between them left out): both score the same."""
    deal = build({S: "8S 7S AD", E: "AS 10S KD", N: "9S QS 9D", W: "KS JS QD"}, "H",
                 taker=E, leader=E, current="AS QS KS", seed=3)
    obs = _obs(deal)
    assert set(obs.legal_plays) == set(_cards("8S 7S"))
    one = review(obs, "8S", rng=random.Random(0))
    two = review(obs, "7S", rng=random.Random(0))
    assert {one.verdict, two.verdict} == {Verdict.BEST, Verdict.ALSO_GOOD}
    also = one if one.verdict is Verdict.ALSO_GOOD else two
    assert also.loss == 0 and not also.outcome_changed
    assert "also good" in also.explanation("en") and "bien aussi" in also.explanation("fr")


def test_also_good_within_the_tolerance_without_equivalence() -> None:
    """On a real deal, a card whose sampled loss is within the tolerance is ALSO_GOOD,
    never INACCURACY, and the best card is BEST."""
    seen = 0
    for seed in range(1, 40):
        game = club_bid(seed)
        if game.phase is not Phase.PLAY:
            continue
        while game.turn is not S:
            game.play(CLUB.choose_card(game.observation(game.turn), random.Random(0)).action)
        obs = game.observation(S)
        if len(obs.legal_plays) < 2:
            continue
        reviews = [review(obs, c, rng=random.Random(4)) for c in obs.legal_plays]
        assert sum(r.verdict is Verdict.BEST for r in reviews) == 1
        for r in reviews:
            if r.verdict is not Verdict.BEST:
                assert (r.verdict is Verdict.ALSO_GOOD) == (r.card in r.best)
                if r.loss <= plays.TOLERANCE and not r.outcome_changed:
                    assert r.verdict is Verdict.ALSO_GOOD
        seen += 1
        if seen == 2:
            break
    assert seen == 2


def test_reviews_are_deterministic_given_the_seed() -> None:
    obs = _obs(charge_position())
    first = review(obs, "7S", rng=random.Random(9))
    again = review(obs, "7S", rng=random.Random(9))
    assert first == again
    assert dict(first.values) == dict(again.values)
    assert hint(obs, rng=random.Random(9)) == hint(obs, rng=random.Random(9))


def test_the_real_hidden_cards_are_never_read() -> None:
    """Two deals differing only in the opponents' hidden cards give one observation,
    hence one review (a loss only on the real hidden cards is luck, never blamed)."""
    one, two = keep_master_position(), keep_master_swapped()
    assert one.hand(E) != two.hand(E)
    assert one.observation(S) == two.observation(S)
    for card in ("JH", "7S"):
        first = review(one.observation(S), card, rng=random.Random(5))
        second = review(two.observation(S), card, rng=random.Random(5))
        assert first == second
        assert dict(first.values) == dict(second.values)


def test_review_fields_and_errors() -> None:
    obs = _obs(keep_master_position())
    got = review(obs, "JH", rng=random.Random(0), samples=3)
    assert isinstance(got, Review) and got.samples == 3
    assert set(got.values) == set(obs.legal_plays) == set(got.success)
    assert all(0.0 <= v <= 1.0 for v in got.success.values())
    assert got.trump is Suit.HEARTS
    with pytest.raises(ValueError):
        review(obs, "JH", rng=random.Random(0), samples=0)
    with pytest.raises(ValueError):
        review(_obs(keep_master_position(), E), "AS", rng=random.Random(0))


def test_catalog_coach_sentences_match() -> None:
    en, fr = explain.catalog("en")["coach"], explain.catalog("fr")["coach"]
    assert set(en) == set(fr)
    import string

    for key in en:
        names = {f for _, f, _, _ in string.Formatter().parse(en[key]) if f}
        assert names == {f for _, f, _, _ in string.Formatter().parse(fr[key]) if f}, key


def test_sample_world_never_gets_the_deal() -> None:
    """The sampler's only inputs are the observation and the generator."""
    obs = _obs(charge_position())
    world = sample_world(obs, random.Random(0))
    assert world[S] == obs.hand
    assert legal_plays(obs.hand, obs.trick).cards == obs.legal_plays.cards


def sink_position() -> Deal:
    """Trick 6, trumps ♥, South took the turned 9♥ (preset ffb2016: no announcements; the
    K♥ and the Q♥ in different teams: no belote). The five earlier tricks are played card
    by card, not drawn: South wins the two trump tricks (44 points, West discarding the
    J♠), East-West the three others (69 points). East leads the A♠ to trick 6, North and
    West follow with the 9♠ and the 8♠; South, last, must follow with the Q♠ or the 7♠
    (R3.1): East-West win the trick either way. South keeps the J♥, the last trump, and
    no other spade is left: the six cards South cannot see are diamonds and clubs (Q♣ J♣
    their only points), so North-South win tricks 7 and 8 whoever holds them. With the
    7♠ North-South end with 44 + 20 (J♥) + 3 (Q♠) + 5 + 10 (dix de der) = 82 against
    69 + 11 (A♠) = 80, made (R6.2); with the Q♠, 79 against 83, dedans."""
    full = {S: "9H AH 9C JD 9D QS 7S JH", E: "8H 10H KC AD KD AS 8D 7D",
            N: "7H QH 10C QD 10S 9S QC 8C", W: "KH JS AC 10D KS 8S JC 7C"}
    deal = _deal_from_full({seat: _cards(text) for seat, text in full.items()},
                           Card.parse("9H"), taker=S, dealer=W)
    for trick in ("9H 8H 7H KH",     # S leads, nobody can beat the 9♥: S wins 18
                  "AH 10H QH JS",    # S leads, West has no trump left: S wins 26
                  "9C KC 10C AC",    # S leads, West's A♣ wins 25
                  "10D JD AD QD",    # W leads, East's A♦ wins 26
                  "KD 10S KS 9D",    # E leads, North and West void in ♦: E wins 18
                  "AS 9S 8S"):       # trick 6: E leads the A♠, South to play
        for card in _cards(trick):
            deal.play(card)          # refuses an illegal card (R3)
    return deal


def test_a_small_loss_that_sinks_the_contract_is_a_mistake() -> None:
    """Grading by outcome (R6.2) on a certain position (:func:`sink_position`): the Q♠
    loses only 3 card points against the 7♠, but it sinks the contract in every world."""
    deal = sink_position()
    obs = _obs(deal)
    trump, trick = obs.trump, obs.trick
    queen, seven, jack = Card.parse("QS"), Card.parse("7S"), Card.parse("JH")
    # The premises, from what South sees.
    assert obs.taker is S and trump is Suit.HEARTS
    assert not obs.belote_calls and not obs.shown_announcements       # no bonus (R5, R4)
    assert [t.winner for t in obs.tricks] == [S, S, W, E, E]
    won = {team: sum(t.points for t in obs.tricks if t.winner.team is team) for team in Team}
    assert won == {Team.NS: 44, Team.EW: 69}
    assert trick.cards == tuple(_cards("AS 9S 8S")) and trick.master.seat is E
    assert set(obs.legal_plays) == {queen, seven}           # both under the A♠ (R3.1)
    assert obs.hand == (queen, seven, jack)
    unseen = set(DECK) - set(obs.hand) - set(obs.played_cards)
    assert len(unseen) == 6 and {c.suit for c in unseen} == {Suit.DIAMONDS, Suit.CLUBS}
    # No other trump, no other spade: North-South win tricks 7 and 8 in every world.
    last_two = points(jack, trump) + sum(points(c, trump) for c in unseen) + DIX_DE_DER

    def totals(card: Card) -> tuple[int, int]:
        """North-South's and East-West's totals (R6.1) when South plays ``card``."""
        kept = seven if card == queen else queen
        return (won[Team.NS] + last_two + points(kept, trump),
                won[Team.EW] + trick.points + points(card, trump))

    assert totals(seven) == (82, 80)                        # made
    assert totals(queen) == (79, 83)                        # dedans
    # The engine's own score of the real deal agrees.
    for card, outcome in ((seven, Outcome.MADE), (queen, Outcome.DEDANS)):
        end = deal.copy()
        end.play(card)
        while end.phase is Phase.PLAY:
            end.play(CLUB.choose_card(end.observation(end.turn), random.Random(0)).action)
        assert end.score.outcome is outcome
        assert (end.score.totals[Team.NS], end.score.totals[Team.EW]) == totals(card)

    good = review(obs, seven, rng=random.Random(0))
    bad = review(obs, queen, rng=random.Random(0))
    assert good.samples == bad.samples == SOLVES[3]   # solved exactly, world by world
    for got in (good, bad):
        assert dict(got.success) == {seven: 1.0, queen: 0.0}    # in every sampled world
        assert dict(got.values) == {c: totals(c)[0] - won[Team.NS] for c in (seven, queen)}
    assert good.verdict is Verdict.BEST and good.best == (seven,)
    assert good.loss == 0 and not good.outcome_changed
    assert bad.verdict is Verdict.MISTAKE and bad.outcome_changed
    assert bad.loss == 3.0 and bad.loss < plays.MISTAKE_LOSS
    assert bad.best_success == 1.0
    assert ("It changes the outcome of the contract: your team reaches its goal in 100% of "
            "these deals with 7♠, only 0% with Q♠.") in bad.explanation("en")
    assert ("Elle change l'issue du contrat\u00a0: ton équipe atteint son but dans 100\u00a0% de "
            "ces donnes avec le 7♠, seulement 0\u00a0% avec la D♠.") in bad.explanation("fr")
    assert "3 points" in bad.explanation("en") and "3 points" in bad.explanation("fr")


def test_the_coach_says_to_keep_a_master_honour() -> None:
    """Deal 16 played by club players to trick 5 (spades trumps): North's 9♠ wins the
    trick, South holds K♦ A♣ J♦ 9♣. Feeding the A♣ (11 points) loses: it is the master
    club and wins a trick of its own later; the coach names that reason (KEEP_MASTER), and
    the review says what tells the J♦ from the A♣: the master card kept (MASTER_KEPT)."""
    deal = club_bid(16)
    while not (deal.turn is S and len(deal.hand(S)) == 4):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    obs = deal.observation(S)
    assert obs.trump is Suit.SPADES and obs.trick.master.seat is N
    assert set(obs.hand) == set(_cards("KD AC JD 9C"))
    got = review(obs, "AC", rng=random.Random(1))
    assert got.verdict in (Verdict.INACCURACY, Verdict.MISTAKE) and got.loss > plays.TOLERANCE
    assert Card.parse("AC") not in got.best
    assert got.reason is Technique.KEEP_MASTER and got.reason_cards == (Card.parse("AC"),)
    assert got.differences[0] == plays.Difference(plays.Fact.MASTER_KEPT, Card.parse("JD"),
                                                  Card.parse("AC"))
    assert "J♦ keeps your A♣, a master card, to win a trick of its own later" in (
        got.explanation("en"))
    assert "Le V♦ garde ton A♣, carte maîtresse, pour faire un pli à elle seule" in (
        got.explanation("fr"))


def test_a_gap_within_the_sampling_noise_is_not_blamed() -> None:
    """Per-world differences that disagree are noise; the same gap on every world is not."""
    best = [30, 0, 30, 0, 30, 0]
    noisy = [0, 24, 0, 24, 0, 24]          # 6 points behind on average, worlds disagree
    steady = [24, -6, 24, -6, 24, -6]      # 6 points behind on every world
    assert plays._noise(best, noisy) > 6 > plays.TOLERANCE
    assert plays._noise(best, steady) == 0.0
    assert plays._noise([10], [0]) == 0.0  # one world: no estimate of the noise
    assert not plays._significant(0.33, plays.OUTCOME_TOLERANCE, 0.42)
    assert plays._significant(0.5, plays.OUTCOME_TOLERANCE, 0.45)
    assert not plays._significant(0.2, plays.OUTCOME_TOLERANCE, 0.0)


def test_a_card_the_worlds_cannot_place_is_in_doubt_and_judged_from_the_middle() -> None:
    """Cards of one position on the same six worlds: 6, 8 and 12 points behind on average
    with worlds that disagree far beyond 12 points (each could be within 4 points of the
    best as well as 10 below it: in doubt, more worlds are asked for; and as each could
    as well be 10 or more above the recommended card, that card is in doubt too), and 6
    behind on every world (no doubt: an inaccuracy). In doubt, a card is good up to the
    middle (7 points): the 6 is also good, the 8 an inaccuracy, the 12 a mistake."""
    deal = next(d for d in map(club_bid, range(1, 40)) if d.phase is Phase.PLAY)
    obs = deal.observation(deal.turn)           # the entame: 8 legal cards
    first, six, eight, twelve, steady, *rest = obs.legal_plays.cards
    top = [60, 0, 60, 0, 60, 0]
    worth = {first: tuple(top),
             six: (0, 48, 0, 48, 0, 48),           # 30 - 24: 6 behind, noisy
             eight: (0, 44, 0, 44, 0, 44),         # 30 - 22: 8 behind, noisy
             twelve: (0, 36, 0, 36, 0, 36),        # 30 - 18: 12 behind, noisy
             steady: (54, -6, 54, -6, 54, -6),     # 6 behind on every world
             **{c: (-30,) * 6 for c in rest}}      # 60 behind on every world
    worlds = WorldValues(6, worth, {c: (1,) * 6 for c in worth}, dict.fromkeys(worth, 0.0))
    decision = ClubPlayer().choose_card(obs, random.Random(0))
    ev = plays._judge(obs, decision, worlds)
    assert ev.best[0] == first
    assert plays._noise(top, list(worth[twelve])) > 12
    assert ev.doubtful == {first, six, eight, twelve}
    verdicts = {c: review(obs, c, evaluation=ev) for c in (six, eight, twelve, steady)}
    assert verdicts[six].verdict is Verdict.ALSO_GOOD and verdicts[six].noisy
    assert verdicts[eight].verdict is Verdict.INACCURACY
    assert verdicts[twelve].verdict is Verdict.MISTAKE
    assert verdicts[steady].verdict is Verdict.INACCURACY


def test_a_card_good_only_by_the_noise_is_given_no_reason_of_its_own() -> None:
    """At the entame, the club player's card recommended and another card that applies
    the same technique: when that card is within 4 points of it on every world, its
    review gives that reason for it too; when it is 6 points behind and also good only
    because the worlds disagree, the review says so and gives it no reason (a reason for
    it beside "about 6 points less" would argue both ways)."""
    deal = next(d for d in map(club_bid, range(1, 40)) if d.phase is Phase.PLAY
                and CLUB.choose_card(d.observation(d.turn), random.Random(0)).reason
                is Technique.LEAD_LOW)
    obs = deal.observation(deal.turn)
    decision = CLUB.choose_card(obs, random.Random(0))
    first = decision.action
    probe = plays._judge(obs, decision, WorldValues(
        1, {c: (0,) for c in obs.legal_plays.cards}, {c: (1,) for c in obs.legal_plays.cards},
        dict.fromkeys(obs.legal_plays.cards, 0.0)))
    other = next(c for c in obs.legal_plays.cards if c != first
                 and plays._reason(obs, probe, c)[0] is Technique.LEAD_LOW)
    rest = [c for c in obs.legal_plays.cards if c not in (first, other)]

    def reviewed(other_worth: tuple[int, ...]) -> Review:
        worth = {first: (60, 0, 60, 0, 60, 0), other: other_worth,
                 **{c: (-30,) * 6 for c in rest}}
        worlds = WorldValues(6, worth, {c: (1,) * 6 for c in worth},
                             dict.fromkeys(worth, 0.0))
        return review(obs, other, evaluation=plays._judge(obs, decision, worlds))

    within = reviewed((58, -2, 58, -2, 58, -2))            # 2 behind on every world
    assert within.verdict is Verdict.ALSO_GOOD and not within.noisy
    assert within.card_reason is Technique.LEAD_LOW and within.card_reason_cards == (other,)
    noisy = reviewed((0, 48, 0, 48, 0, 48))                 # 6 behind, worlds disagree
    assert noisy.verdict is Verdict.ALSO_GOOD and noisy.noisy
    assert noisy.card_reason is None
    for lang in ("en", "fr"):
        told = noisy.details_text(lang)
        ending = str(explain.catalog(lang)["coach"]["also_good_noise"]).rsplit("}", 1)[1]
        assert told.endswith(ending)                      # "... tell the two cards apart."
        assert explain.technique(Technique.LEAD_LOW, lang, (other,), obs.trump) not in told
        assert explain.technique(Technique.LEAD_LOW, lang, (other,), obs.trump) \
            in within.details_text(lang)


def test_the_recommended_card_is_in_doubt_while_another_could_be_10_points_above() -> None:
    """The highest average on six worlds, 2 points above a card whose worlds disagree by
    60 points (that card could as well be 10 or more above it): the recommended card is
    in doubt, the other too. 2 points above a card behind or ahead by the same on every
    world, or 60 above a card whose worlds disagree by 80 (it cannot be above): no doubt
    about the recommended card."""
    deal = next(d for d in map(club_bid, range(1, 40)) if d.phase is Phase.PLAY)
    obs = deal.observation(deal.turn)           # the entame: 8 legal cards
    first, other, *rest = obs.legal_plays.cards
    decision = ClubPlayer().choose_card(obs, random.Random(0))

    def judged(other_worth: tuple[int, ...]) -> plays.Evaluation:
        worth = {first: (60, 0, 60, 0, 60, 0), other: other_worth,
                 **{c: (-30,) * 6 for c in rest}}
        worlds = WorldValues(6, worth, {c: (1,) * 6 for c in worth},
                             dict.fromkeys(worth, 0.0))
        return plays._judge(obs, decision, worlds)

    noisy = judged((0, 56, 0, 56, 0, 56))                  # 28: 2 behind, noisy
    assert noisy.best[0] == first and noisy.doubtful == {first, other}
    steady = judged((58, -2, 58, -2, 58, -2))              # 2 behind on every world
    assert steady.best[0] == first and not steady.doubtful
    far = judged((-40, -20, -40, -20, -40, -20))           # 60 behind, worlds disagree by 80
    assert far.best[0] == first and first not in far.doubtful
    assert far.noise[other] > 40


def test_a_review_waits_while_the_recommended_card_is_in_doubt() -> None:
    """South's card at trick 5 of deal 13: on the first 32 worlds of ``random.Random(1)``
    the recommended card (the J♣) is in doubt (another card could be 10 points or more
    above it) and neither the 8♠, within 4 points of it, nor the 10♦, 20 and more below,
    is. The review of the 8♠, measured against the J♣, waits for more worlds, and stops
    at the first count that leaves both out of doubt; that of the 10♦, blamed on the
    first worlds (only further below a better card), does not wait."""
    deal = club_bid(13)
    while not (deal.turn is S and len(deal.hand(S)) == 4):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    obs = deal.observation(S)
    eight, ten = Card.parse("8S"), Card.parse("10D")
    probe = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert probe._valuation is not None
    early = plays._judge(obs, probe._decision, probe._valuation.result(32))
    assert early.best[0] == Card.parse("JC") and early.best[0] in early.doubtful
    assert eight in early.open and eight not in early.doubtful
    assert ten not in early.open and early.loss(ten) > 20

    got = plays.PendingEvaluation(obs, rng=random.Random(1)).result(eight)
    assert got.samples > 32
    assert not got.doubtful & {eight, got.best[0]} or got.samples == plays.MAX_WORLDS[4]
    earlier = probe._judged_at(got.samples // 2, None)
    assert earlier.doubtful & {eight, earlier.best[0]}
    assert review(obs, eight, evaluation=got).samples == got.samples

    blamed = plays.PendingEvaluation(obs, rng=random.Random(1)).result(ten)
    assert blamed.samples == 32 and blamed == early
    assert review(obs, ten, evaluation=blamed).verdict is Verdict.MISTAKE


def test_the_worlds_double_while_a_verdict_is_in_doubt() -> None:
    """48 worlds at tricks 1 and 2, 32 after, doubled up to MAX_WORLDS (96 at trick 1,
    192 at trick 2, 512 at trick 3, 256 after); ``samples`` sets them exactly. On South's
    card of deal 21 at trick 5, a card is in doubt on the first 32 worlds (its loss could
    be within 4 points as well as 10 or more): the evaluation doubles them, and on 64 none
    is in doubt any more."""
    deal = club_bid(21)
    first = deal.observation(deal.turn)
    assert plays._world_counts(first, None) == (48, 96)
    assert plays._world_counts(first, 7) == (7,)
    while not (deal.turn is S and len(deal.hand(S)) == 7):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    assert plays._world_counts(deal.observation(S), None) == (48, 96, 192)
    while not (deal.turn is S and len(deal.hand(S)) == 6):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    assert plays._world_counts(deal.observation(S), None) == (32, 64, 128, 256, 512)
    while not (deal.turn is S and len(deal.hand(S)) == 4):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    obs = deal.observation(S)
    assert plays._world_counts(obs, None) == (32, 64, 128, 256)
    pending = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert pending._valuation is not None
    early = plays._judge(obs, pending._decision, pending._valuation.result(32))
    assert early.doubtful
    ev = pending.result()
    assert ev.samples == 64 and not ev.doubtful
    assert ev == plays.evaluate(obs, rng=random.Random(1))
    assert plays.evaluate(obs, rng=random.Random(1), samples=32).samples == 32


def _deal_21_trick_5() -> Observation:
    """South's view at trick 5 of deal 21 (club bidding and play): on the first 32 worlds
    of ``random.Random(1)`` one card's verdict is in doubt."""
    deal = club_bid(21)
    while not (deal.turn is S and len(deal.hand(S)) == 4):
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    return deal.observation(S)


def test_a_review_waits_only_for_its_own_cards_verdict() -> None:
    """``result(card)`` stops at the first count of worlds that leaves that card out of
    doubt: the card in doubt on 32 worlds gets 64, a card that is not gets 32, and either
    result is then the evaluation's (computed once, a later hint reads the same)."""
    obs = _deal_21_trick_5()
    probe = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert probe._valuation is not None
    early = plays._judge(obs, probe._decision, probe._valuation.result(32))
    (doubtful,) = early.doubtful
    sure = next(c for c in early.legal.cards if c not in early.doubtful)

    pending = plays.PendingEvaluation(obs, rng=random.Random(1))
    ev = pending.result(sure)
    assert ev.samples == 32 and ev == early
    assert pending.result() is ev and pending.result(doubtful) is ev
    assert hint(obs, evaluation=ev).card == review(obs, ev.best[0], evaluation=ev).card
    assert review(obs, ev.best[0], evaluation=ev).verdict is Verdict.BEST

    in_doubt = plays.PendingEvaluation(obs, rng=random.Random(1)).result(doubtful)
    assert in_doubt.samples == 64 and doubtful not in in_doubt.doubtful
    assert in_doubt == plays.evaluate(obs, rng=random.Random(1))


def test_a_hint_waits_only_for_the_recommended_cards_doubt() -> None:
    """On the position above no other card could be 4 points or more above the
    recommended card on the first 32 worlds, where another card is in doubt: the hint
    stops at 32 worlds where every verdict needs 64. The review of the card in doubt,
    played after the hint, still gets its 64 worlds, its loss measured against the card
    the hint named; that card's review is ``BEST``.
    Which cards the added worlds value does not depend on the hint."""
    obs = _deal_21_trick_5()
    probe = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert probe._valuation is not None
    early = plays._judge(obs, probe._decision, probe._valuation.result(32))
    (doubtful,) = early.doubtful
    named = early.best[0]
    assert named != doubtful and named not in early.doubtful
    assert not early.contested(plays.TOLERANCE)

    told = hint(obs, rng=random.Random(1))
    assert told.samples == 32 and told.card == named
    unhinted = plays.PendingEvaluation(obs, rng=random.Random(1)).result(doubtful)
    assert unhinted.samples == 64

    pending = plays.PendingEvaluation(obs, rng=random.Random(1))
    ev = pending.for_hint()
    assert ev == early and pending.for_hint() is ev
    after = pending.result(doubtful)
    assert after.samples == 64 and after.best[0] == named and doubtful not in after.doubtful
    assert pending.for_hint() is after and pending.result() is after
    assert after.worlds is not None and unhinted.worlds is not None
    for card in obs.legal_plays.cards:            # the same worlds value the same cards
        assert after.count(card) == unhinted.count(card)
        assert after.worlds.worth[card] == unhinted.worlds.worth[card]
    assert review(obs, named, evaluation=after).verdict is Verdict.BEST
    judged = review(obs, doubtful, evaluation=after)
    assert judged.samples == 64
    assert judged.loss == round(max(0.0, fmean(after.worlds.worth[named])
                                    - fmean(after.worlds.worth[doubtful])), 1)

    again = plays.PendingEvaluation(obs, rng=random.Random(1))
    again.for_hint()
    for card in obs.legal_plays.cards:            # every review after the hint agrees
        assert review(obs, card, evaluation=again._settle(background=False, card=card)
                      ).verdict is not Verdict.BEST or card == named


def test_the_added_worlds_value_only_the_cards_that_may_be_near_the_best() -> None:
    """Doubled, the worlds value the cards that may be within 4 points of the recommended
    card (the first count's), it included: a card 4 or more below beyond the noise keeps
    its verdict, loss and figures on the first 32 worlds, the others get 64, with the
    values a full valuation of the same worlds gives; the review names the worlds its
    card stands on."""
    obs = _deal_21_trick_5()
    probe = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert probe._valuation is not None
    early = plays._judge(obs, probe._decision, probe._valuation.result(32))
    (doubtful,) = early.doubtful
    ev = plays.PendingEvaluation(obs, rng=random.Random(1)).result()
    assert ev.samples == 64 and ev.best[0] == early.best[0]
    full = Valuation(obs, random.Random(1), 32, model=CLUB_MODEL)
    full.extend_to(64)
    whole = full.result()
    assert doubtful in early.open and ev.best[0] in early.open
    assert 0 < len(early.open) < len(obs.legal_plays.cards)
    for card in obs.legal_plays.cards:
        near = early.loss(card) - early.noise[card] <= plays.TOLERANCE
        assert (card in early.open) == (near or card == ev.best[0])
        counted = 64 if card in early.open else 32
        assert ev.count(card) == counted
        assert ev.worlds is not None and ev.worlds.worth[card] == whole.worth[card][:counted]
        later, first = review(obs, card, evaluation=ev), review(obs, card, evaluation=early)
        assert later.samples == counted
        if counted == 32:
            assert (later.verdict, later.loss, later.best_success) == (
                first.verdict, first.loss, first.best_success)
    judged = review(obs, doubtful, evaluation=ev)
    assert judged.loss == round(max(0.0, fmean(whole.worth[ev.best[0]])
                                    - fmean(whole.worth[doubtful])), 1)
    assert "64" in judged.explanation("en")


def test_a_review_after_the_background_got_further_uses_its_worlds() -> None:
    """North's first position at trick 4 of deal 4: the background doubles the worlds
    twice or more (32, 64, 128..., fewer cards some time) before the review of a card
    asks; the review draws nothing more and refuses nothing, and every card's verdict is
    the one a review from nothing gives."""
    deal = club_bid(4)
    while len(deal.observation(deal.turn).tricks) < 3 or deal.turn is not Seat.NORTH:
        deal.play(CLUB.choose_card(deal.observation(deal.turn), random.Random(0)).action)
    obs = deal.observation(deal.turn)
    ahead = plays.PendingEvaluation(obs, rng=random.Random(1))
    assert ahead._settle(background=True) is not None
    counts = sorted(count for count, _ in ahead._judged)
    assert counts[:3] == [32, 64, 128]
    assert any(set(ahead._judged[a, None].open) > set(ahead._judged[b, None].open)
               for a, b in itertools.pairwise(counts))
    for card in obs.legal_plays.cards:
        later = ahead._settle(background=False, card=card)
        alone = plays.PendingEvaluation(obs, rng=random.Random(1)).result(card)
        assert later is not None
        assert review(obs, card, evaluation=later) == review(obs, card, evaluation=alone)


def test_a_review_of_a_card_not_in_the_hand_is_refused_and_changes_nothing() -> None:
    obs = _deal_21_trick_5()
    pending = plays.PendingEvaluation(obs, rng=random.Random(1))
    stranger = next(c for c in DECK if c not in obs.hand)
    with pytest.raises(ValueError, match=r"card must be a legal card of the position .*"
                       + str(stranger)):
        pending.result(stranger)
    assert pending.result() == plays.evaluate(obs, rng=random.Random(1))


def test_the_background_work_runs_on_one_thread_whose_solver_table_stays() -> None:
    """Evaluations started in the background, one position after another, share one
    thread (its solver memory allocated once), and give what the foreground gives."""
    import threading

    obs = _deal_21_trick_5()
    first = plays.PendingEvaluation(obs, rng=random.Random(1))
    first.in_background()
    second = plays.PendingEvaluation(obs, rng=random.Random(2))
    second.in_background()
    assert first.result() == plays.evaluate(obs, rng=random.Random(1))
    assert second.result() == plays.evaluate(obs, rng=random.Random(2))
    workers = [t for t in threading.enumerate() if t.name == "belote-search"]
    assert len(workers) == 1 and workers[0].daemon


def test_with_the_pure_python_solver_the_early_tricks_are_played_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the solver runs on its pure-Python core (the browser), a position of trick 1
    is judged on club playouts, as many as samples_for gives for playouts (never doubled),
    and the review says over how many deals; a hand of PURE_SOLVER_CARDS cards or fewer is
    still solved exactly. With the compiled core nothing is played out."""
    from belote_teach.search import solver
    from belote_teach.search.evaluation import playout

    deal = next(d for d in map(club_bid, range(40))
                if d.phase is Phase.PLAY and len(equivalent_groups(d.observation(d.turn))) >= 3)
    obs = _obs(deal, deal.turn)
    assert not plays.played_out(obs)
    monkeypatch.setattr(solver, "CORE", "pure")
    assert plays.played_out(obs)
    count = samples_for(obs, playouts=True, solver_cards=plays.PURE_SOLVER_CARDS)
    evaluation = plays.evaluate(obs, rng=random.Random(4))
    assert evaluation.samples == count and 4 <= count < SOLVES[8]
    assert evaluation.worlds is not None
    world = evaluation.worlds.worlds[0]
    card = equivalent_groups(obs)[0][0]
    played = playout(obs, world, card, CLUB.play_tracked)
    assert evaluation.worlds.worth[card][0] == played[obs.seat.team]
    said = review(obs, card, rng=random.Random(4), evaluation=evaluation)
    if said.verdict is not Verdict.BEST:
        assert f"{count} deals" in said.details_text("en")

    ending = _obs(keep_master_position())
    assert len(ending.hand) <= plays.PURE_SOLVER_CARDS and not plays.played_out(ending)
