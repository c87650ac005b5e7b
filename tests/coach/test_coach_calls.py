"""The coach's reviews of calls (belote_teach.coach.calls): bids graded by simulated
outcome against the expert's threshold (R2.4, R2.5, R9 tip 1), illegal bids with their
rule, announcements left out (R4) and belote-rebelote (R5). Samples are kept small; no
wall-time assertion."""

from __future__ import annotations

import random
import string

import pytest

from belote_teach import explain
from belote_teach.coach import calls
from belote_teach.coach.calls import (
    BID_MISTAKE_MARGIN,
    BID_TOLERANCE,
    hint_bid,
    review_announcements,
    review_belote,
    review_bid,
)
from belote_teach.coach.plays import Verdict
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import DECK, Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import (
    FalseAnnouncementError,
    IllegalPlayError,
    InvalidBidError,
    OutOfTurnError,
    PhaseError,
)
from belote_teach.engine.observation import Observation
from belote_teach.explain import calls as text
from belote_teach.players import expert
from belote_teach.players.base import Technique
from belote_teach.players.expert import BID_SAMPLES, TAKE_THRESHOLD, ExpertPlayer, bid_chances
from belote_teach.search import solver

S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST
STRONG = ("JH 9H AH AS AC", "10H")        # J, 9, A of the retourne's suit and two aces
HOPELESS = ("7S 8S 7D 8D 7C", "8H")       # 7s and 8s, no atout but the retourne


def _deal(south: str, turned: str, after: str = "", rules: str = "classic") -> Deal:
    """West deals, South speaks (and leads) first holding ``south``; ``after`` are the
    first cards of the stock, which South receives if South takes (R2.7)."""
    mine, extra = south.split(), after.split()
    rest = [str(c) for c in DECK if str(c) not in (*mine, *extra, turned)]
    hands = {S: mine, E: rest[0:5], N: rest[5:10], W: rest[10:15]}
    return Deal.from_hands(W, hands, turned, [*extra, *rest[15:]], rules)


def _opening(south: str, turned: str) -> Observation:
    return _deal(south, turned).observation(S)


def _round_two(south: str, turned: str) -> Observation:
    deal = _deal(south, turned)
    for _ in range(4):
        deal.bid("pass")
    assert deal.phase is Phase.BIDDING_2 and deal.turn is S
    return deal.observation(S)


def _first_card(south: str = "KH QH 8C 9C 10C", turned: str = "7H", after: str = "AS JD",
                rules: str = "classic") -> Deal:
    """South takes the retourne and is about to play its first card (trick 1)."""
    deal = _deal(south, turned, after, rules)
    deal.bid("take")
    assert deal.turn is S and len(deal.hand(S)) == 8
    return deal


def _to_south(deal: Deal) -> None:
    """Play the first legal card for the other seats until South is to play again."""
    while True:
        deal.play(next(iter(deal.legal_plays)))
        if deal.turn is S:
            return


# ------------------------------------------------------------------------ bids
def test_take_with_the_jack_the_nine_and_two_aces() -> None:
    obs = _opening(*STRONG)
    take = review_bid(obs, "take", rng=random.Random(1), samples=10)
    assert take.verdict is Verdict.BEST and take.recommended == TAKE
    assert take.chance is not None and take.chance >= 0.9
    assert set(take.trumps) == {Card.parse(c) for c in ("JH", "9H", "AH", "10H")}
    assert take.club is not None and take.club.reason is Technique.TAKE_WITH_JACK
    en, fr = take.explanation("en"), take.explanation("fr")
    assert "J♥, 9♥, A♥ and 10♥, the retourne 10♥ included" in en
    assert "You hold the J♥ and the 9♥" in en and "tip 1" in en
    assert f"{100 * take.chance:.0f}% of 10 simulated deals" in en
    assert "V♥, 9♥, A♥ et 10♥, retourne 10♥ comprise" in fr
    assert "Tu as le V♥ et le 9♥" in fr and "conseil 1" in fr and "Prendre" in fr

    passed = review_bid(obs, "pass", rng=random.Random(1), samples=10)
    assert passed.verdict is Verdict.MISTAKE and passed.recommended == TAKE
    assert passed.chance is None and passed.recommended_chance == take.chance
    assert passed.gap >= BID_MISTAKE_MARGIN
    assert "Passer (pass) is a mistake: prendre (take) is right here." in (
        passed.explanation("en"))
    assert passed.explanation("fr").startswith("Passer est une faute\u00a0: il fallait prendre.")


def test_pass_with_sevens_and_eights_and_no_atout() -> None:
    obs = _opening(*HOPELESS)
    passed = review_bid(obs, "pass", rng=random.Random(2), samples=30)
    assert passed.verdict is Verdict.BEST and passed.recommended == PASS
    assert passed.candidate is None and passed.chances == {}    # not even worth simulating
    assert "Passer (pass) is the right bid here." in passed.explanation("en")
    assert "Your only atout would be the retourne 8♥" in passed.explanation("en")
    assert "neither the J♥ nor the 9♥" in passed.explanation("en")

    take = review_bid(obs, "take", rng=random.Random(2), samples=30)
    assert take.recommended == PASS and take.chance is not None and take.chance < 0.5
    assert take.verdict in (Verdict.INACCURACY, Verdict.MISTAKE)
    assert "dedans" in take.explanation("en") and "dedans" in take.explanation("fr")
    assert take.club is not None and take.club.reason is Technique.PASS_WEAK_TRUMPS


def test_an_illegal_bid_names_the_rule() -> None:
    opening = _opening(*STRONG)
    suit = review_bid(opening, "D", rng=random.Random(0))
    assert suit.verdict is Verdict.ILLEGAL and suit.rule == "R2.4" and suit.samples == 0
    assert suit.legal == (TAKE, PASS)
    assert "In round 1 (R2.4)" in suit.explanation("en")
    assert "Allowed: prendre (take) or passer (pass)." in suit.explanation("en")
    assert "Au premier tour (R2.4)" in suit.explanation("fr")

    second = _round_two("JD 9D AD AS 7C", "8H")
    turned = review_bid(second, "H", rng=random.Random(0))
    assert turned.verdict is Verdict.ILLEGAL and turned.rule == "R2.5"
    assert "may not name the retourne's suit, hearts (the retourne is 8♥)" in (
        turned.explanation("en"))
    assert turned.explanation("fr").startswith("Tu ne peux pas prendre à cœur ici.")
    take = review_bid(second, "take", rng=random.Random(0))
    assert take.verdict is Verdict.ILLEGAL and take.rule == "R2.5"
    assert "only possible in round 1 (R2.4)" in take.explanation("en")


def test_round_two_names_the_suit_with_the_jack_and_the_nine() -> None:
    obs = _round_two("JD 9D AD AS 7C", "8H")
    named = review_bid(obs, "D", rng=random.Random(3), samples=10)
    assert named.verdict is Verdict.BEST and named.recommended == Bid.parse("D")
    assert "Naming diamonds as atout is the right bid here." in named.explanation("en")
    assert "À carreau, tes atouts seraient V♦, 9♦ et A♦." in named.explanation("fr")
    passed = review_bid(obs, "pass", rng=random.Random(3), samples=10)
    assert passed.verdict is Verdict.MISTAKE
    assert "il fallait prendre à carreau" in passed.explanation("fr")
    # one atout in spades: not simulated by the expert, played out on the same deals
    spades = review_bid(obs, "S", rng=random.Random(3), samples=10)
    assert spades.chance is not None and Bid.parse("S") in spades.chances
    assert spades.chances[Bid.parse("D")] == named.chance
    assert "your only atout would be A♠" in spades.explanation("en")


@pytest.mark.parametrize(("offset", "bid", "verdict"), [
    (-0.05, "take", Verdict.ALSO_GOOD),    # just under the threshold: too close to call
    (+0.05, "pass", Verdict.ALSO_GOOD),    # just over it
    (-0.10, "take", Verdict.ALSO_GOOD),    # the tolerance is inclusive
    (-0.15, "take", Verdict.INACCURACY),
    (+0.20, "pass", Verdict.MISTAKE),      # the mistake margin is inclusive
    (-0.60, "take", Verdict.MISTAKE),
    (0.0, "take", Verdict.BEST),           # the expert takes from the threshold on
    (0.0, "pass", Verdict.ALSO_GOOD),
])
def test_grades_against_the_threshold(monkeypatch: pytest.MonkeyPatch, offset: float,
                                      bid: str, verdict: Verdict) -> None:
    """Chances placed around the expert's threshold (the grading depends only on the gap)."""
    chance = round(TAKE_THRESHOLD + offset, 9)

    def fake(obs: Observation, rng: random.Random, samples: int = 20, *,
             playouts: bool = False) -> dict[Bid, float]:
        return {TAKE: chance}

    monkeypatch.setattr(calls, "bid_chances", fake)
    got = review_bid(_opening(*STRONG), bid, rng=random.Random(0), samples=20)
    assert got.verdict is verdict, (chance, bid, got.gap)
    assert BID_TOLERANCE < BID_MISTAKE_MARGIN
    text = got.explanation("en")
    if verdict is Verdict.ALSO_GOOD:
        assert "sampling cannot tell it from" in text and "10 percentage points" in text
    if bid == "take" and verdict is Verdict.MISTAKE:
        assert f"would fail in {round(100 * (1 - chance))}% of these deals: dedans" in text
        assert "20\u00a0% de 20 donnes simulées" in got.explanation("fr")


def test_reviews_and_hints_are_deterministic_given_the_seed() -> None:
    obs = _opening("JH 8H AS 7D 8C", "7H")
    one = review_bid(obs, "pass", rng=random.Random(7), samples=8)
    two = review_bid(obs, "pass", rng=random.Random(7), samples=8)
    assert one == two and one.chances == two.chances
    assert one.explanation("fr") == two.explanation("fr")
    assert hint_bid(obs, rng=random.Random(7), samples=8) == hint_bid(
        obs, rng=random.Random(7), samples=8)


def test_the_hint_is_the_expert_bid() -> None:
    for south, turned in (STRONG, HOPELESS, ("JH 8H AS 7D 8C", "7H"), ("9H 8H KS 7D 8C", "7H")):
        obs = _opening(south, turned)
        hint = hint_bid(obs, rng=random.Random(5), samples=BID_SAMPLES)
        assert hint.bid == ExpertPlayer(time_limit=None).choose_bid(obs, random.Random(5)).action
    strong = hint_bid(_opening(*STRONG), rng=random.Random(5), samples=6)
    assert strong.bid == TAKE and strong.reason is Technique.TAKE_BY_SIMULATION
    assert strong.text("en").startswith("Prendre (take): your atouts J♥, 9♥, A♥ and 10♥ make")
    assert strong.text("fr").startswith("Prendre\u00a0: tes atouts V♥, 9♥, A♥ et 10♥ font")
    hopeless = hint_bid(_opening(*HOPELESS), rng=random.Random(5), samples=6)
    assert hopeless.bid == PASS and hopeless.reason is Technique.PASS_BY_SIMULATION
    assert hopeless.text("en") == "Passer: no suit gives you 2 atouts or more."


def test_a_bid_the_expert_skips_is_played_out_on_the_same_deals() -> None:
    obs = _opening("JH 8H AS 7D 8C", "7H")
    rng = random.Random(4)
    state = rng.getstate()
    chances = bid_chances(obs, rng, 6)
    replay = random.Random()
    replay.setstate(state)
    assert calls._replayed_chance(obs, TAKE, replay, 6) == chances[TAKE]


def test_on_the_pure_solver_core_bids_are_judged_by_club_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the solver has only its pure-Python core (the browser), the coach judges
    every completion of a bid by a club playout, the learner's skipped bid included: the
    same completions, no double-dummy solve."""
    obs = _opening("JH 8H AS 7D 8C", "7H")
    assert not calls.bids_played_out()                        # the compiled core here
    monkeypatch.setattr(solver, "CORE", "pure")
    assert calls.bids_played_out()

    def never(deal: object, node_limit: int | None = None) -> bool:
        raise AssertionError("a double-dummy solve on the pure core")

    monkeypatch.setattr(expert, "made_double_dummy", never)
    rng = random.Random(4)
    made = dict.fromkeys(bid_chances(obs, random.Random(4), 6, playouts=True), 0)
    assert list(made) == [TAKE]
    for _ in range(6):                                        # the same completions
        deal = expert.completion(obs, rng)
        deal.bid(TAKE, seat=obs.seat)
        made[TAKE] += expert.made_by_club(deal)
    expected = {TAKE: made[TAKE] / 6}
    assert bid_chances(obs, random.Random(4), 6, playouts=True) == expected
    assert review_bid(obs, PASS, rng=random.Random(4), samples=6).chances == expected
    assert calls._replayed_chance(obs, TAKE, random.Random(4), 6) == expected[TAKE]
    hint = hint_bid(obs, rng=random.Random(4), samples=6)
    assert hint.bid == (TAKE if expected[TAKE] >= TAKE_THRESHOLD else PASS)


def test_bid_review_errors() -> None:
    deal = _deal(*STRONG)
    with pytest.raises(OutOfTurnError, match="S's turn to bid, not E's"):
        review_bid(deal.observation(E), "pass", rng=random.Random(0))  # South speaks first
    with pytest.raises(InvalidBidError, match="'prendre à'"):
        review_bid(deal.observation(S), "prendre à", rng=random.Random(0))
    with pytest.raises(ValueError, match="samples"):
        review_bid(deal.observation(S), "take", rng=random.Random(0), samples=0)
    deal.bid("take")
    with pytest.raises(PhaseError, match="bidding phase"):
        review_bid(deal.observation(S), "pass", rng=random.Random(0))
    with pytest.raises(PhaseError, match="bidding phase"):
        hint_bid(deal.observation(S), rng=random.Random(0))


# ------------------------------------------------------------------------ announcements
def test_a_missed_tierce_is_a_mistake_naming_its_cards() -> None:
    obs = _first_card().observation(S)
    tierce = Announcement.of("tierce", "10", "C")
    assert obs.announcements_available == (tierce,)
    missed = review_announcements(obs, ())
    assert missed.verdict is Verdict.MISTAKE and missed.missed == (tierce,)
    assert missed.lost == 20 and missed.rule == "R4.1"
    en, fr = missed.explanation("en"), missed.explanation("fr")
    assert "You left out tierce 10♣ 9♣ 8♣ (20 points) (R4.1)." in en
    assert "could be worth 20 more points" in en
    assert "Tu as oublié d'annoncer une tierce 10♣ 9♣ 8♣ (20 points) (R4.1)." in fr
    assert "pourraient rapporter 20 points de plus" in fr
    best = review_announcements(obs, obs.announcements_available)
    assert best.verdict is Verdict.BEST and best.points_declared == 20
    assert "You declared all your announcements: tierce 10♣ 9♣ 8♣ (20 points)" in (
        best.explanation("en"))


def test_part_of_a_run_is_legal_but_loses_points() -> None:
    obs = _first_card("JC QH 8C 9C 10C", after="AS 7D").observation(S)
    cinquante = Announcement.of("cinquante", "J", "C")
    assert obs.announcements_available == (cinquante,)
    part = review_announcements(obs, Announcement.of("tierce", "10", "C"))
    assert part.verdict is Verdict.MISTAKE and part.lost == 30
    assert "cinquante J♣ 10♣ 9♣ 8♣ (50 points)" in part.explanation("en")
    assert "You declared tierce 10♣ 9♣ 8♣ (20 points)." in part.explanation("en")


def test_nothing_to_announce_is_best() -> None:
    obs = _first_card("KH QH 8C 9C JD", after="AS 7D").observation(S)
    assert obs.announcements_available == ()
    got = review_announcements(obs, [])
    assert got.verdict is Verdict.BEST
    assert got.explanation("fr").startswith("Rien à annoncer dans cette main")


def test_a_false_announcement_is_illegal_with_the_engine_reason() -> None:
    obs = _first_card().observation(S)
    false = review_announcements(obs, [Announcement.of("tierce", "K", "S")])
    assert false.verdict is Verdict.ILLEGAL and false.problem == "not_held"
    assert false.error is not None and "does not hold" in false.error   # the engine's check
    assert "your hand does not hold K♠, Q♠ and J♠ (R4.1, R4.2)" in false.explanation("en")
    assert "You may declare: tierce 10♣ 9♣ 8♣ (20 points)." in false.explanation("en")
    twice = review_announcements(obs, [Announcement.of("tierce", "10", "C")] * 2)
    assert twice.verdict is Verdict.ILLEGAL and twice.rule == "R4.3"
    assert "a card counts in one combination only (R4.3)" in twice.explanation("en")
    off = _first_card(rules="ffb2016").observation(S)
    got = review_announcements(off, [Announcement.of("tierce", "10", "C")])
    assert got.verdict is Verdict.ILLEGAL and got.problem == "off"
    assert "On ne joue pas les annonces à ta table" in got.explanation("fr")
    assert review_announcements(off, ()).verdict is Verdict.BEST


def test_a_run_split_in_two_is_illegal() -> None:
    obs = _first_card("7C 8C 9C 10C JC", after="QC AS").observation(S)
    split = review_announcements(obs, [Announcement.of("tierce", "9", "C"),
                                       Announcement.of("tierce", "Q", "C")])
    assert split.verdict is Verdict.ILLEGAL and split.problem == "split"
    assert split.fault == Announcement.of("tierce", "Q", "C") and split.fault_index == 1
    assert "it continues tierce 9♣ 8♣ 7♣ (20 points)" in split.explanation("en")
    assert "cent D♣ V♣ 10♣ 9♣ 8♣ 7♣ (100 points)" in split.explanation("fr")


def test_announcement_review_errors() -> None:
    deal = _first_card()
    with pytest.raises(OutOfTurnError, match="S's turn to play, not E's"):
        review_announcements(deal.observation(E), ())
    with pytest.raises(FalseAnnouncementError, match="not an announcement"):
        review_announcements(deal.observation(S), ["tierce"])  # type: ignore[list-item]
    deal.play("8C")
    _to_south(deal)
    with pytest.raises(PhaseError, match="first card"):
        review_announcements(deal.observation(S), ())
    with pytest.raises(PhaseError, match="phase PLAY"):
        review_announcements(_opening(*STRONG), ())


# ------------------------------------------------------------------------ belote
def test_forgetting_belote_is_a_mistake() -> None:
    obs = _first_card().observation(S)
    missed = review_belote(obs, "KH", said=False)
    assert missed.verdict is Verdict.MISTAKE and missed.word == "belote"
    assert missed.points == 20 and missed.rule == "R5.2"
    en, fr = missed.explanation("en"), missed.explanation("fr")
    assert "You hold the K♥ and the Q♥" in en and "“rebelote” with the Q♥" in en
    assert "Tu as le R♥ et la D♥" in fr and "«\u00a0rebelote\u00a0» avec la D♥" in fr
    said = review_belote(obs, "KH", said=True)
    assert said.verdict is Verdict.BEST and "20 points" in said.explanation("en")
    assert review_belote(obs, "8C", said=False).verdict is Verdict.BEST


def test_rebelote_after_belote_and_never_said() -> None:
    deal = _first_card()
    deal.play("KH", belote=True)
    _to_south(deal)
    after = review_belote(deal.observation(S), "QH", said=False)
    assert after.verdict is Verdict.ALSO_GOOD and after.word == "rebelote"
    assert "You already said “belote” with the K♥" in after.explanation("en")
    assert review_belote(deal.observation(S), "QH", said=True).verdict is Verdict.BEST

    silent = _first_card()
    silent.play("KH")
    _to_south(silent)
    lost = review_belote(silent.observation(S), "QH", said=False)
    assert lost.verdict is Verdict.MISTAKE and lost.case == "missed_last"
    assert "the 20 points of belote-rebelote are lost (R5.2)" in lost.explanation("en")


def test_belote_said_when_not_allowed_is_illegal() -> None:
    obs = _first_card().observation(S)
    card = review_belote(obs, "8C", said=True)
    assert card.verdict is Verdict.ILLEGAL and card.case == "illegal_card"
    assert "not with the 8♣ (R5.1)" in card.explanation("en")
    alone = _first_card("KH 8C 9C 10C AS", after="JD QD").observation(S)
    pair = review_belote(alone, "KH", said=True)
    assert pair.verdict is Verdict.ILLEGAL and pair.case == "illegal_pair"
    assert "pas à la fois le R♥ et la D♥" in pair.explanation("fr")


def test_belote_review_errors() -> None:
    deal = _first_card()
    with pytest.raises(IllegalPlayError):
        review_belote(deal.observation(S), "JH", said=True)               # not in the hand
    with pytest.raises(OutOfTurnError):
        review_belote(deal.observation(N), "KH", said=True)
    with pytest.raises(PhaseError):
        review_belote(_opening(*STRONG), "JH", said=True)


# ------------------------------------------------------------------------ catalogs
def test_call_sentences_match_in_both_languages() -> None:
    en, fr = explain.catalog("en")["calls"], explain.catalog("fr")["calls"]

    def leaves(tree: dict[str, object], prefix: str = "") -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in tree.items():
            if isinstance(value, dict):
                out.update(leaves(value, f"{prefix}{key}."))
            else:
                out[f"{prefix}{key}"] = str(value)
        return out

    en_leaves, fr_leaves = leaves(en), leaves(fr)
    assert set(en_leaves) == set(fr_leaves)
    for key, sentence in en_leaves.items():
        names = {f for _, f, _, _ in string.Formatter().parse(sentence) if f}
        assert names == {f for _, f, _, _ in string.Formatter().parse(fr_leaves[key]) if f}, key


def test_announcement_texts_in_french_have_their_article() -> None:
    obs = _first_card().observation(S)
    twice = review_announcements(obs, [Announcement.of("tierce", "10", "C")] * 2)
    assert twice.explanation("fr").startswith(
        "Tu ne peux pas annoncer la tierce 10♣ 9♣ 8♣ (20 points)\u00a0: le 10♣ compte déjà dans "
        "la tierce 10♣ 9♣ 8♣ (20 points)")
    assert "Tu peux annoncer une tierce 10♣ 9♣ 8♣ (20 points)." in twice.explanation("fr")


def test_a_table_without_announcements_says_so() -> None:
    from belote_teach.engine.rules import FFB2016, RuleSet

    def nothing(lang: str, rules: RuleSet | None) -> str:
        return text.announcement_review(
            verdict="best", declared=(), available=(), missed=(), lost=0, problem=None,
            fault=None, missing=(), other=None, card=None, lang=lang, rules=rules)

    assert nothing("en", FFB2016) == (
        "Announcements are not played at this table (preset ffb2016, R4): there is nothing "
        "to declare with your first card.")
    assert nothing("fr", FFB2016).startswith(
        "On ne joue pas les annonces à ta table (règles ffb2016, R4)")
    assert "(option announcements off, R4)" in nothing(
        "en", RuleSet().replace(announcements=False))
    assert nothing("en", None).startswith("Nothing to announce in this hand")


def test_the_club_reason_is_quoted() -> None:
    take = review_bid(_opening(*HOPELESS), "take", rng=random.Random(2), samples=6)
    assert take.club is not None and take.club.reason is Technique.PASS_WEAK_TRUMPS
    assert "A club player would tell you: “Pass: without the jack" in take.explanation("en")
    assert ("Un joueur de club te dirait\u00a0: «\u00a0Passe\u00a0: sans le valet"
            in take.explanation("fr"))


# ------------------------------------------------------------------------ club player's quote
def _bid_text(verdict: str, bid: Bid, recommended: Bid, club_bid: Bid,
              club_reason: Technique, lang: str) -> str:
    return text.bid_review(
        verdict=verdict, bid=bid, recommended=recommended, round_=1,
        turned=Card.parse("8H"), legal=(TAKE, PASS), chance=None if bid == PASS else 0.75,
        recommended_chance=None if recommended == PASS else 0.75, candidate=TAKE,
        candidate_chance=0.75, samples=12, threshold=TAKE_THRESHOLD, tolerance=BID_TOLERANCE,
        min_trumps=2, suit=None, trumps=(), club_reason=club_reason,
        club_cards=(Card.parse("JH"),), club_trump=Card.parse("8H").suit, lang=lang,
        club_bid=club_bid)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_club_quote_is_shown_only_when_it_agrees_with_the_verdict(lang: str) -> None:
    quote = {"en": "A club player would tell you", "fr": "Un joueur de club te dirait"}[lang]
    alternative = {"en": "Tip 1 alone, as a club player applies it, would say",
                   "fr": "Le conseil 1 seul, tel que l'applique un joueur de club, dirait de"}
    # "passer is right" and the club player would take: no quote "Take: ...", the
    # alternative is named as what the simulation ruled out
    best_pass = _bid_text("best", PASS, PASS, TAKE, Technique.TAKE_WITH_JACK, lang)
    assert quote not in best_pass and alternative[lang] in best_pass
    assert best_pass.endswith({"en": "the simulated deals show that passer (pass) is better.",
                               "fr": "il vaut mieux passer."}[lang])
    # "prendre is a mistake" and the club player would take: the same
    mistake = _bid_text("mistake", TAKE, PASS, TAKE, Technique.TAKE_WITH_JACK, lang)
    assert quote not in mistake and alternative[lang] in mistake
    # the club player agrees with the coach: quoted
    agrees = _bid_text("mistake", TAKE, PASS, PASS, Technique.PASS_WEAK_TRUMPS, lang)
    assert quote in agrees and alternative[lang] not in agrees
    # also good: quoting the reason of the learner's own bid agrees with the verdict
    also = _bid_text("also_good", TAKE, PASS, TAKE, Technique.TAKE_WITH_JACK, lang)
    assert quote in also


def test_a_real_review_never_quotes_a_club_player_against_its_verdict() -> None:
    """The jack of atout and little else: the club player takes (tip 1), the simulated
    deals say pass (75 % < 80 %)."""
    obs = _opening("QH QS KD KC JH", "8H")
    passed = review_bid(obs, "pass", rng=random.Random(1), samples=12)
    assert passed.verdict is Verdict.BEST and passed.recommended == PASS
    assert passed.club is not None and passed.club.action == TAKE
    for lang, quote in (("en", "A club player would tell you"),
                        ("fr", "Un joueur de club te dirait")):
        words = passed.explanation(lang)
        assert quote not in words
        assert ("would say prendre (take) here" in words if lang == "en"
                else "dirait de prendre ici" in words)
