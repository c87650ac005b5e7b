"""The drills: every drill generates, over many seeds, scenarios the checker
agrees with and that exercise its rule; the same seed gives the same scenario, different
seeds different ones; a bad drill id or generator is refused clearly; generation gives up
with a clear error instead of looping; the streak counts as a drill session needs."""

from __future__ import annotations

import dataclasses
import functools
import random
import re

import pytest

from belote_teach.course import drills
from belote_teach.course.drills import (
    DRILLS,
    PLAY_RULES,
    Drill,
    drill,
    generate,
    rule_matters,
)
from belote_teach.course.errors import (
    DrillError,
    DrillExhaustedError,
    InvalidStreakError,
    UnknownDrillError,
)
from belote_teach.course.record import Streak
from belote_teach.course.scenarios import (
    KINDS,
    LEARNER,
    AnnounceScenario,
    BidScenario,
    CheckedScenario,
    CompareScenario,
    PlayScenario,
    ScoreScenario,
    TrickScenario,
    check_scenario,
)
from belote_teach.engine.bidding import Bidding
from belote_teach.engine.cards import DECK, Seat, Suit, Team, parse_cards
from belote_teach.engine.deal import Deal
from belote_teach.engine.rules import CLASSIC, LegalPlays, Rule, RuleSet, legal_plays
from belote_teach.engine.scoring import Outcome
from belote_teach.engine.trick import Trick
from belote_teach.explain import LANGUAGES
from belote_teach.players import ClubPlayer

#: Seeds drawn for every drill (the scoring drills are the slowest: some 20 ms a draw).
SEEDS = range(30)
PLAY_DRILLS = [d for d in DRILLS.values() if d.kind == "play"]
SCORE_OUTCOMES = {"score-made": Outcome.MADE, "score-dedans": Outcome.DEDANS,
                  "score-litige": Outcome.LITIGE, "score-capot": Outcome.CAPOT}


@functools.cache
def scenario(drill_id: str, seed: int) -> CheckedScenario:
    return DRILLS[drill_id].generate(random.Random(seed))


def scenarios(drill_id: str) -> list[CheckedScenario]:
    return [scenario(drill_id, seed) for seed in SEEDS]


def play_scenarios(drill_id: str) -> list[PlayScenario]:
    found = scenarios(drill_id)
    assert all(isinstance(s, PlayScenario) for s in found)
    return [s for s in found if isinstance(s, PlayScenario)]


def position(found: CheckedScenario) -> str:
    """Everything a scenario puts to the learner and expects, its id and text aside."""
    return repr(dataclasses.replace(found, id="x", prompt={}, source=None))


# ---------------------------------------------------------------------------- registry
def test_the_registry_covers_every_rule_family_with_stable_ids() -> None:
    ids = list(DRILLS)
    assert len(ids) == len(set(ids))
    for drill_id, found in DRILLS.items():
        assert found.id == drill_id and re.fullmatch(r"[a-z0-9-]+", drill_id)
        assert found.kind in KINDS and found.kind != "solve"
        assert found.rule_ids and all(re.fullmatch(r"R\d(\.\d)?", r) for r in found.rule_ids)
    # one drill per R3 rule but LEAD_ANY, plus the mixed one
    play_rules = {r for d in PLAY_DRILLS for r in d.rule_ids if len(d.rule_ids) == 1}
    assert play_rules == {rule.rule_id for rule in Rule if rule is not Rule.LEAD_ANY}
    assert {rule.rule_id for rule in PLAY_RULES} == play_rules
    assert drill("trick-rules").rule_ids == tuple(rule.rule_id for rule in PLAY_RULES)
    assert {d.kind for d in DRILLS.values()} == {"play", "trick", "bid", "announce",
                                                 "compare", "score"}


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_every_drill_has_a_title_and_a_description_in_each_language(drill_id: str) -> None:
    found = drill(drill_id)
    titles = {lang: found.title(lang) for lang in LANGUAGES}
    descriptions = {lang: found.description(lang) for lang in LANGUAGES}
    for text in (*titles.values(), *descriptions.values()):
        assert text.strip() and "{" not in text
    assert titles["en"] != titles["fr"]
    assert descriptions["en"] != descriptions["fr"]


def test_drill_titles_are_distinct_in_each_language() -> None:
    for lang in LANGUAGES:
        titles = [d.title(lang) for d in DRILLS.values()]
        assert len(set(titles)) == len(titles)


def test_a_bad_drill_id_is_refused_with_the_list_of_ids() -> None:
    for bad in ("must-revoke", "", "MUST-TRUMP", None, ["follow-suit"]):
        with pytest.raises(UnknownDrillError) as info:
            drill(bad)  # type: ignore[arg-type]
        message = str(info.value)
        assert repr(bad) in message
        assert all(drill_id in message for drill_id in DRILLS)
        assert isinstance(info.value, ValueError)
    with pytest.raises(UnknownDrillError, match="lead-any"):
        generate("lead-any", 1)


@pytest.mark.parametrize("bad", ["7", 1.5, True, None, object()])
def test_a_generator_that_is_neither_a_random_nor_a_seed_is_refused(bad: object) -> None:
    with pytest.raises(DrillError, match=r"rng must be a random\.Random or an int seed"):
        drill("must-trump").generate(bad)  # type: ignore[arg-type]


def test_an_int_seed_is_the_same_as_a_random_with_that_seed() -> None:
    assert generate("must-overtrump", 11) == drill("must-overtrump").generate(
        random.Random(11))


# ---------------------------------------------------------------------------- every drill
@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_every_scenario_is_complete_and_the_checker_agrees(drill_id: str) -> None:
    found = drill(drill_id)
    for generated in scenarios(drill_id):
        assert generated.kind == found.kind
        assert check_scenario(generated) == [], generated
        assert re.fullmatch(rf"{drill_id}-[0-9][a-z0-9-]*", generated.id)
        assert generated.rules == CLASSIC
        assert set(generated.prompt) == set(LANGUAGES)
        for text in generated.prompt.values():
            assert text.strip() and "{" not in text and "}" not in text


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_the_same_seed_gives_the_same_scenario(drill_id: str) -> None:
    for seed in (0, 7, 123456):
        first = drill(drill_id).generate(random.Random(seed))
        again = drill(drill_id).generate(random.Random(seed))
        assert first == again and first.prompt == again.prompt and first.id == again.id


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_different_seeds_give_different_positions(drill_id: str) -> None:
    found = scenarios(drill_id)
    distinct = len({position(s) for s in found})
    if drill_id.startswith("score"):
        # a score scenario is a handful of numbers, which different deals may share (a
        # litige is mostly 81 to 81)
        assert distinct >= len(found) // 2
    else:
        assert distinct >= len(found) - 2
    assert len({s.id for s in found}) == len(found)


def test_a_drill_gives_up_with_a_clear_error_instead_of_looping(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drills, "MAX_ATTEMPTS", 0)
    for drill_id in DRILLS:
        with pytest.raises(DrillExhaustedError) as info:
            generate(drill_id, 5)
        assert info.value.drill_id == drill_id and info.value.attempts == 0
        assert repr(drill_id) in str(info.value) and "another seed" in str(info.value)


# ---------------------------------------------------------------------------- R3: play
@pytest.mark.parametrize("found", PLAY_DRILLS, ids=lambda d: d.id)
def test_the_target_rule_decides_every_play_position_and_matters(found: Drill) -> None:
    for generated in scenarios(found.id):
        assert isinstance(generated, PlayScenario)
        verdict = generated.legal_plays()
        assert generated.rule is verdict.rule
        assert verdict.rule.rule_id in found.rule_ids
        assert rule_matters(verdict)
        assert 1 <= len(generated.trick_cards) <= 3
        assert not set(generated.hand) & set(generated.trick_cards)
        hand, trump = generated.hand, generated.trump
        if verdict.rule is Rule.PARTNER_MASTER:
            assert verdict.partner_is_master
            assert any(c.suit is trump for c in hand) and any(c.suit is not trump
                                                             for c in hand)
        elif verdict.rule is Rule.FREE_DISCARD:
            assert len({c.suit for c in hand}) >= 2
        else:  # a card of the hand is illegal
            assert any(not v.legal for v in verdict.verdicts)


def test_the_mixed_drill_mixes_the_rules() -> None:
    rules = {s.rule for s in play_scenarios("trick-rules")}
    assert len(rules) >= 5 and rules <= set(PLAY_RULES)


def test_play_positions_come_from_every_stage_of_the_deal() -> None:
    found = [s for d in PLAY_DRILLS for s in play_scenarios(d.id)]
    for generated in found:  # the id ends with the pli: 8 cards in pli 1, 1 in pli 8
        pli = int(generated.id.rsplit("-", 1)[1])
        assert len(generated.hand) == 9 - pli
    # pli 1 (8 cards) to pli 7 (2 cards); in pli 8 the one card left never needs a rule
    assert {len(s.hand) for s in found} == set(range(2, 9))


def test_play_prompts_name_the_trump_and_the_cards_in_each_language() -> None:
    generated = scenario("must-overtrump", 3)
    assert isinstance(generated, PlayScenario)
    en, fr = generated.prompt["en"], generated.prompt["fr"]
    names = {Suit.SPADES: ("spades", "pique"), Suit.HEARTS: ("hearts", "cœur"),
             Suit.DIAMONDS: ("diamonds", "carreau"), Suit.CLUBS: ("clubs", "trèfle")}
    assert names[generated.trump][0] in en and names[generated.trump][1] in fr
    for card in generated.trick_cards:
        assert card.suit.symbol in en and card.suit.symbol in fr
    assert en.endswith("Which cards may you play?")
    assert fr.endswith("Quelles cartes peux-tu jouer\u00a0?")


def _legal(hand: str, trick: str, rules: RuleSet = CLASSIC, trump: str = "H") -> LegalPlays:
    cards = trick.split()
    return legal_plays(parse_cards(hand.split()), Trick.before(LEARNER, trump, cards), rules)


@pytest.mark.parametrize(("hand", "trick", "matters", "rule"), [
    ("7D KD JH", "QD", True, Rule.FOLLOW_SUIT),            # JH may not be played
    ("7D KD", "QD", False, Rule.FOLLOW_SUIT),              # every card follows
    ("AS 7C", "", False, Rule.LEAD_ANY),
    ("7H AS", "AD 8D", True, Rule.PARTNER_MASTER),         # could think he must trump
    ("AS 7C", "AD 8D", False, Rule.PARTNER_MASTER),        # no trump: nothing to doubt
    ("8H 7H", "AD 8D", False, Rule.PARTNER_MASTER),        # only trumps: nothing to doubt
    ("AS 7C", "KD", True, Rule.FREE_DISCARD),              # two suits to choose from
    ("AS 7S", "KD", False, Rule.FREE_DISCARD),             # one suit only
    ("7H JH AC", "KD AD 8H", True, Rule.MUST_OVERTRUMP),
    ("7H AC", "KD AD JH", True, Rule.MUST_UNDERTRUMP),
    ("7H 8H", "KD AD JH", False, Rule.MUST_UNDERTRUMP),    # every card is a trump
    ("7H AC", "KD", True, Rule.MUST_TRUMP),
    ("JH 7H AS", "9H", True, Rule.TRUMP_LEAD_GO_HIGHER),
])
def test_rule_matters(hand: str, trick: str, matters: bool, rule: Rule) -> None:
    verdict = _legal(hand, trick)
    assert verdict.rule is rule
    assert rule_matters(verdict) is matters


def test_rule_matters_with_undertrumping_free_asks_for_trumps_and_other_cards() -> None:
    free = CLASSIC.replace(undertrump="free")
    mixed = _legal("7H AC", "KD AD JH", free)
    assert mixed.rule is Rule.MUST_UNDERTRUMP and len(mixed.cards) == 2
    assert rule_matters(mixed)
    assert not rule_matters(_legal("7H 8H", "KD AD JH", free))


# ---------------------------------------------------------------------------- R1.5: tricks
def test_trick_scenarios_are_whole_plis_of_every_kind() -> None:
    found = [s for s in scenarios("trick-winner") if isinstance(s, TrickScenario)]
    assert len(found) == len(SEEDS)
    assert all(len(s.cards) == 4 for s in found)
    trumped = [s for s in found if s.cards[0].suit is not s.trump
               and any(c.suit is s.trump for c in s.cards)]
    assert trumped and len(trumped) < len(found)
    assert len({s.winner for s in found}) == 4


# ---------------------------------------------------------------------------- R2: bidding
def _club_bid(found: BidScenario) -> str:
    """What a club player says with the scenario's hand and bidding (South to speak)."""
    history = found.history
    dealer = next(d for d in Seat if Bidding(d, found.turned, history).to_speak is LEARNER)
    rest = [c for c in DECK if c not in {*found.hand, found.turned}]
    hands = {LEARNER: list(found.hand)}
    for number, seat in enumerate(s for s in Seat if s is not LEARNER):
        hands[seat] = rest[5 * number:5 * number + 5]
    deal = Deal.from_hands(dealer, hands, found.turned, rest[15:])
    for bid in history:
        deal.bid(bid)
    return str(ClubPlayer().choose_bid(deal.observation(LEARNER), random.Random(0)).action)


@pytest.mark.parametrize("round_", [1, 2])
def test_bid_scenarios_are_turns_of_the_round_and_advice_agrees_with_the_club_player(
        round_: int) -> None:
    found = [s for s in scenarios(f"bid-round-{round_}") if isinstance(s, BidScenario)]
    advice = [s.advice for s in found]
    for generated in found:
        assert generated.round == round_ and len(generated.hand) == 5
        assert set(generated.history) == ({"pass"} if generated.history else set())
        if round_ == 1:
            assert len(generated.history) <= 3
            assert generated.legal_bids == {"take", "pass"}
        else:
            assert 4 <= len(generated.history) <= 7
            assert generated.legal_bids == {"pass", *(s.value for s in Suit)} - {
                generated.turned.suit.value}
        if generated.advice is not None:
            assert generated.reason == 1
            assert _club_bid(generated) == generated.advice
        else:
            assert generated.reason is None
    assert None in advice and "pass" in advice


# ---------------------------------------------------------------------------- R4: announcements
def test_announce_hands_hold_something_most_of_the_time() -> None:
    found = [s for s in scenarios("announce") if isinstance(s, AnnounceScenario)]
    holding = [s for s in found if s.announcements or s.belote]
    assert all(len(s.hand) == 8 for s in found)
    assert len(holding) >= 0.7 * len(found)
    assert any(s.announcements for s in found) and any(s.belote for s in found)


def test_compare_scenarios_could_lie_at_one_table_and_exercise_the_tie_breaks() -> None:
    generated_all = [drill("compare-announcements").generate(random.Random(seed))
                     for seed in range(300)]
    found = [s for s in generated_all if isinstance(s, CompareScenario)]
    assert len(found) == len(generated_all)
    for generated in found:
        assert check_scenario(generated) == []
        cards = [c for a in (*generated.ns, *generated.ew) for c in a.implied_cards]
        assert len(cards) == len(set(cards))
        assert generated.ns or generated.ew
    assert {s.winner for s in found} == {Team.NS, Team.EW, None}
    assert any(not s.ns or not s.ew for s in found)
    equal_points = [s for s in found if s.ns and s.ew
                    and max(a.points for a in s.ns) == max(a.points for a in s.ew)]
    assert len(equal_points) >= len(found) // 5
    carre_against_cent = [s for s in equal_points
                          if {a.type.value for a in (*s.ns, *s.ew)} >= {"carre", "cent"}]
    assert carre_against_cent


# ---------------------------------------------------------------------------- R6: scoring
@pytest.mark.parametrize(("drill_id", "outcome"), list(SCORE_OUTCOMES.items()))
def test_each_outcome_drill_gives_its_outcome(drill_id: str, outcome: Outcome) -> None:
    for generated in scenarios(drill_id):
        assert isinstance(generated, ScoreScenario)
        assert generated.outcome is outcome
        assert generated.score().outcome is outcome
        assert sum(generated.card_points.values()) == 162
        assert sum(generated.tricks.values()) == 8
        if outcome is Outcome.CAPOT:
            assert 8 in generated.tricks.values()
        if outcome is Outcome.LITIGE:
            assert generated.reserve_after and generated.reserve_after > 0


def test_the_score_drill_covers_every_outcome_with_belote_and_announcements() -> None:
    found = [s for s in scenarios("score") if isinstance(s, ScoreScenario)]
    assert {s.outcome for s in found} == set(Outcome)
    assert any(s.belote is not None for s in found)
    assert any(s.announcements[Team.NS] or s.announcements[Team.EW] for s in found)
    assert {s.takers for s in found} == set(Team)


# ---------------------------------------------------------------------------- streak
def test_a_streak_counts_runs_right_at_first_try() -> None:
    streak = Streak()
    for answer in (True, True, True, False, True, False, False, True, True):
        streak = streak.record(answer)
    assert streak == Streak(current=2, best=3, answered=9, first_try=6)


def test_recording_gives_a_new_streak_and_leaves_the_old_one() -> None:
    start = Streak(current=1, best=4, answered=7, first_try=5)
    after = start.record(False)
    assert start == Streak(1, 4, 7, 5)
    assert after == Streak(0, 4, 8, 5)
    assert after.record(True).record(True) == Streak(2, 4, 10, 7)


@pytest.mark.parametrize("counts", [
    {"current": -1}, {"answered": 1.0}, {"best": True},
    {"current": 2, "best": 1, "answered": 3, "first_try": 2},   # current above best
    {"current": 0, "best": 3, "answered": 5, "first_try": 2},   # best above first tries
    {"current": 0, "best": 0, "answered": 1, "first_try": 2},   # more first tries than answers
])
def test_an_impossible_streak_is_refused(counts: dict[str, object]) -> None:
    with pytest.raises(InvalidStreakError) as info:
        Streak(**counts)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


def test_recording_anything_but_a_bool_is_refused() -> None:
    for bad in (1, "yes", None):
        with pytest.raises(InvalidStreakError, match=r"True .* or False"):
            Streak().record(bad)  # type: ignore[arg-type]
