"""Scenario files (SCENARIOS.md): model, loader with ``file:line`` errors, checker.

Data-driven: every ``trick`` and ``play`` scenario of the public file (the copy in
tests/data) and of lesson 3's exercise set must agree with the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from belote_teach.cards import Card, Seat, Suit
from belote_teach.rules import CLASSIC, Rule, RuleSet
from belote_teach.scenarios import (
    KINDS,
    SUPPORTED_KINDS,
    CheckReport,
    Disagreement,
    PlayScenario,
    Scenario,
    ScenarioFileError,
    TrickScenario,
    UnsupportedScenario,
    check_file,
    check_scenario,
    check_scenarios,
    load_file,
    load_text,
)

HERE = Path(__file__).resolve().parent
PUBLIC = HERE / "data" / "public.yaml"
LESSON = HERE.parent / "notebooks" / "scenarios" / "03-play-a-trick.yaml"

PUBLIC_SCENARIOS = load_file(PUBLIC)
LESSON_SCENARIOS = load_file(LESSON)


def _checked(scenarios: Iterable[Scenario]) -> list[TrickScenario | PlayScenario]:
    return [s for s in scenarios if not isinstance(s, UnsupportedScenario)]


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


# ---------------------------------------------------------------------------- public file
def test_public_file_kinds_are_all_accounted_for() -> None:
    by_kind: dict[str, int] = {}
    for scenario in PUBLIC_SCENARIOS:
        by_kind[scenario.kind] = by_kind.get(scenario.kind, 0) + 1
    assert by_kind == {"trick": 8, "play": 16, "bid": 5, "announce": 7, "compare": 6,
                       "score": 14, "solve": 5}
    assert all(isinstance(s, TrickScenario) for s in PUBLIC_SCENARIOS if s.kind == "trick")
    assert all(isinstance(s, PlayScenario) for s in PUBLIC_SCENARIOS if s.kind == "play")
    assert all(isinstance(s, UnsupportedScenario) for s in PUBLIC_SCENARIOS
               if s.kind not in SUPPORTED_KINDS)


@pytest.mark.parametrize("scenario", _checked(PUBLIC_SCENARIOS), ids=lambda s: s.id)
def test_public_scenario_agrees_with_engine(scenario) -> None:
    assert check_scenario(scenario) == []


def test_public_report() -> None:
    report = check_file(PUBLIC)
    assert report.ok
    assert len(report.checked) == 24
    assert len(report.unsupported) == 37
    assert report.summary() == (
        f"{PUBLIC}: 24 scenarios checked, 0 disagreements, 37 not checked "
        "(kinds not supported yet: announce, bid, compare, score, solve)")


def test_public_lines_point_at_each_scenario() -> None:
    lines = PUBLIC.read_text(encoding="utf-8").splitlines()
    for scenario in PUBLIC_SCENARIOS:
        assert lines[scenario.line - 1].strip() == f"- id: {scenario.id}"
        assert scenario.file == str(PUBLIC)


def test_public_play_scenario_fields() -> None:
    [s] = [s for s in PUBLIC_SCENARIOS if s.id == "play-undertrump-free-option"]
    assert s.trump is Suit.HEARTS
    assert s.trick_cards == cards("AC", "9H")
    assert s.hand == cards("AH", "8H", "KS", "10D")
    assert s.legal == frozenset(cards("AH", "8H", "KS", "10D"))
    assert s.rule is Rule.MUST_UNDERTRUMP
    assert s.rules == RuleSet.from_spec({"undertrump": "free"})
    assert s.best == ()
    assert s.prompt["fr"].startswith("Même pli")
    assert s.source == "R3.6 (option undertrump: free)"
    [feed] = [s for s in PUBLIC_SCENARIOS if s.id == "play-partner-master-feed-him"]
    assert feed.best == cards("10D")
    [trick] = [s for s in PUBLIC_SCENARIOS if s.id == "trick-rules-page-diamonds-ruffed"]
    assert (trick.trump, trick.cards, trick.winner, trick.points) == (
        Suit.HEARTS, cards("KD", "AD", "7H", "QH"), 4, 18)
    assert trick.rules == CLASSIC and trick.prompt["en"].startswith("Hearts are trumps")


# ---------------------------------------------------------------------------- model
@pytest.mark.parametrize(("played", "leader"), [
    ((), Seat.SOUTH), (("QD",), Seat.WEST), (("QD", "KD"), Seat.NORTH),
    (("QD", "KD", "AD"), Seat.EAST)])
def test_play_scenario_learner_is_south_and_next_to_play(played, leader) -> None:
    s = PlayScenario(id="x", trump=Suit.SPADES, trick_cards=cards(*played),
                     hand=cards("7D", "JS"), legal=frozenset(cards("7D")))
    trick = s.trick()
    assert s.leader is leader and trick.leader is leader
    assert trick.next_seat is Seat.SOUTH
    assert trick.cards == cards(*played)
    if len(played) >= 2:  # the card two places before the learner is the partner's
        assert trick.plays[-2].seat is Seat.NORTH


def test_play_scenario_legal_plays_is_the_engine_view() -> None:
    s = PlayScenario(id="x", trump=Suit.HEARTS, trick_cards=cards("KD", "AD", "8H"),
                     hand=cards("7H", "JH", "AC", "10S"), legal=frozenset(cards("JH")))
    legal = s.legal_plays()
    assert legal.rule is Rule.MUST_OVERTRUMP
    assert legal.cards == cards("JH")
    assert legal.seat is Seat.SOUTH


def test_scenarios_are_frozen() -> None:
    s = PUBLIC_SCENARIOS[0]
    with pytest.raises(AttributeError):
        s.winner = 1  # type: ignore[misc]


# ---------------------------------------------------------------------------- checker
PLAY = """\
- id: {id}
  kind: play
  trump: {trump}
  trick: {trick}
  hand: {hand}
  legal: {legal}
{extra}"""


def play_yaml(*, id="play-x", trump="S", trick="[QD]", hand="[7D, KD, JS, AH, 8C]",
              legal="[7D, KD]", extra="") -> str:
    return PLAY.format(id=id, trump=trump, trick=trick, hand=hand, legal=legal, extra=extra)


def test_wrong_legal_is_one_disagreement_in_hand_order() -> None:
    [s] = load_text(play_yaml(legal="[KD, 7D, JS]"), file="x.yaml")
    assert check_scenario(s) == [
        Disagreement("x.yaml", 1, "play-x", "legal", "[7D, KD, JS]", "[7D, KD]")]
    assert str(check_scenario(s)[0]) == (
        "x.yaml:1: play-x: legal: expected [7D, KD, JS], got [7D, KD]")


def test_wrong_rule_is_a_disagreement() -> None:
    [s] = load_text(play_yaml(extra="  rule: MUST_TRUMP\n"), file="x.yaml")
    [d] = check_scenario(s)
    assert (d.key, d.expected, d.got) == ("rule", "MUST_TRUMP (R3.4)", "FOLLOW_SUIT (R3.1)")


def test_rule_by_id_is_accepted() -> None:
    [s] = load_text(play_yaml(extra="  rule: R3.1\n"), file="x.yaml")
    assert s.rule is Rule.FOLLOW_SUIT
    assert check_scenario(s) == []


def test_best_not_legal_is_a_disagreement() -> None:
    [s] = load_text(play_yaml(extra="  best: JS\n"), file="x.yaml")
    assert s.best == cards("JS")
    [d] = check_scenario(s)
    assert d.key == "best"
    assert "[JS]" in d.expected
    assert "JS not legal under FOLLOW_SUIT (R3.1)" in d.got and "[7D, KD]" in d.got


def test_best_among_legal_passes() -> None:
    [s] = load_text(play_yaml(extra="  best: [KD]\n"), file="x.yaml")
    assert check_scenario(s) == []


def test_trick_winner_and_points_disagreements() -> None:
    [s] = load_text("- {id: t, kind: trick, trump: H, cards: [KD, AD, 7H, QH], winner: 2, "
                    "points: 20}", file="t.yaml")
    assert [str(d) for d in check_scenario(s)] == [
        "t.yaml:1: t: winner: expected 2, got 4",
        "t.yaml:1: t: points: expected 20, got 18",
    ]


def test_unsupported_kinds_are_counted_not_passed() -> None:
    text = play_yaml() + "- {id: a-bid, kind: bid, anything: [goes]}\n" \
                         "- {id: a-solve, kind: solve}\n"
    scenarios = load_text(text, file="u.yaml")
    assert [type(s) for s in scenarios] == [PlayScenario, UnsupportedScenario,
                                            UnsupportedScenario]
    assert scenarios[1] == UnsupportedScenario(id="a-bid", kind="bid", file="u.yaml", line=7)
    with pytest.raises(NotImplementedError, match="kind 'bid' is not checked yet"):
        check_scenario(scenarios[1])
    report = check_scenarios(scenarios, "u.yaml")
    assert isinstance(report, CheckReport)
    assert report.ok and len(report.checked) == 1
    assert [s.id for s in report.unsupported] == ["a-bid", "a-solve"]
    assert report.summary() == ("u.yaml: 1 scenario checked, 0 disagreements, 2 not checked "
                                "(kinds not supported yet: bid, solve)")


def test_kinds_constant_matches_scenarios_md() -> None:
    assert KINDS == ("trick", "play", "bid", "announce", "compare", "score", "solve")
    assert SUPPORTED_KINDS == ("trick", "play")


# ---------------------------------------------------------------------------- loader errors
MALFORMED = [
    # name, yaml, line, id, key, fragment of the message
    ("unknown card", play_yaml(hand="[7D, 11H]"), 5, "play-x", "hand", "unknown card '11H'"),
    ("unknown card in block list", play_yaml(hand="\n    - 7D\n    - KX"), 7, "play-x", "hand",
     "unknown card 'KX'"),
    ("duplicate card in hand", play_yaml(hand="[7D, KD, 7D]"), 5, "play-x", "hand",
     "duplicate card '7D'"),
    ("duplicate card in trick kind",
     "- {id: t, kind: trick, trump: H, cards: [KD, AD, KD, QH], winner: 1, points: 0}", 1, "t",
     "cards", "duplicate card 'KD'"),
    ("card in hand and trick", play_yaml(hand="[7D, QD]"), 5, "play-x", "hand",
     "card 'QD' is both in the hand and in the trick"),
    ("trick kind with 3 cards",
     "- id: t\n  kind: trick\n  trump: H\n  cards: [KD, AD, 7H]\n  winner: 1\n  points: 0\n",
     4, "t", "cards", "wrong number of cards"),
    ("play trick with 4 cards", play_yaml(trick="[QD, KD, AD, 7D]", hand="[JS]", legal="[JS]"),
     4, "play-x", "trick", "wrong number of cards"),
    ("play hand with 9 cards",
     play_yaml(hand="[7D, 8D, 9D, 10D, JD, KD, AD, 7S, 8S]", legal="[7D]"), 5, "play-x",
     "hand", "wrong number of cards"),
    ("empty hand", play_yaml(hand="[]", legal="[7D]"), 5, "play-x", "hand",
     "wrong number of cards"),
    ("unknown kind", play_yaml().replace("kind: play", "kind: plya"), 2, "play-x", "kind",
     "unknown kind 'plya'"),
    ("unknown key", play_yaml(extra="  hnad: [7D]\n"), 7, "play-x", "hnad", "unknown key 'hnad'"),
    ("missing key", play_yaml().replace("  trump: S\n", ""), 1, "play-x", "trump",
     "missing key 'trump'"),
    ("duplicate key", play_yaml(extra="  trick: [AS]\n"), 7, "play-x", "trick",
     "duplicate key 'trick' (first on line 4)"),
    ("legal not in hand", play_yaml(legal="[7D, QS]"), 6, "play-x", "legal",
     "card 'QS' is not in the hand"),
    ("best not in hand", play_yaml(extra="  best: [QS]\n"), 7, "play-x", "best",
     "card 'QS' is not in the hand"),
    ("empty legal", play_yaml(legal="[]"), 6, "play-x", "legal", "at least one card"),
    ("unknown suit", play_yaml(trump="X"), 3, "play-x", "trump", "unknown suit 'X'"),
    ("unknown rule", play_yaml(extra="  rule: MUST_FOLLOW\n"), 7, "play-x", "rule",
     "unknown rule 'MUST_FOLLOW'"),
    ("bad rules option", play_yaml(extra="  rules: {undertrump: sometimes}\n"), 7, "play-x",
     "rules", "option 'undertrump'"),
    ("unknown preset", play_yaml(extra="  rules: belotte\n"), 7, "play-x", "rules",
     "unknown rules preset 'belotte'"),
    ("winner out of range",
     "- {id: t, kind: trick, trump: H, cards: [KD, AD, 7H, QH], winner: 5, points: 18}", 1, "t",
     "winner", "from 1 to 4"),
    ("points not a number",
     "- id: t\n  kind: trick\n  trump: H\n  cards: [KD, AD, 7H, QH]\n  winner: 4\n"
     "  points: lots\n", 6, "t", "points", "whole number"),
    ("prompt not a mapping", play_yaml(extra="  prompt: hello\n"), 7, "play-x", "prompt",
     "expected a mapping"),
    ("duplicate prompt language", play_yaml(extra="  prompt:\n    en: a\n    en: b\n"), 9,
     "play-x", "prompt", "duplicate key 'en'"),
    ("duplicate id", play_yaml() + play_yaml(), 7, "play-x", "id", "duplicate id 'play-x'"),
]


@pytest.mark.parametrize(("text", "line", "scenario_id", "key", "fragment"),
                         [case[1:] for case in MALFORMED], ids=[case[0] for case in MALFORMED])
def test_malformed_scenario_names_file_line_id_and_key(text, line, scenario_id, key,
                                                        fragment) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    err = info.value
    assert (err.file, err.line, err.scenario_id, err.key) == ("bad.yaml", line, scenario_id, key)
    assert fragment in err.detail
    assert str(err) == f"bad.yaml:{line}: scenario '{scenario_id}', key '{key}': {err.detail}"


def test_unknown_card_message_says_what_a_card_is() -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(play_yaml(hand="[7D, 11H]"), file="bad.yaml")
    assert str(info.value) == (
        "bad.yaml:5: scenario 'play-x', key 'hand': unknown card '11H' (unknown rank '11': "
        "expected one of 7, 8, 9, 10 (or T), J, Q, K, A)")


@pytest.mark.parametrize(("text", "line", "key", "fragment"), [
    ("- id: Play_X\n  kind: play\n", 1, "id", "invalid id 'Play_X'"),
    ("- kind: play\n  trump: S\n", 1, "id", "missing key 'id'"),
    ("- id: 12\n  kind: play\n", 1, "id", "expected text"),
    ("scenarios: []\n", 1, None, "holds no scenarios"),
    ("scenarios:\n- id: a\n  kind: bid\nlesson: 3\n", 4, "lesson", "unknown top-level key"),
    ("- just a string\n", 1, None, "scenario #1 is not a mapping"),
    ("42\n", 1, None, "expected a list of scenarios"),
])
def test_malformed_file_structure(text, line, key, fragment) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    assert (info.value.line, info.value.scenario_id, info.value.key) == (line, None, key)
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"bad.yaml:{line}: ")


def test_yaml_syntax_error_has_its_line() -> None:
    text = play_yaml(hand="[7D, KD", legal="[7D]")
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    assert info.value.line == 6
    assert str(info.value).startswith("bad.yaml:6: YAML error")
    assert "flow sequence" in str(info.value)


def test_empty_file_is_an_error(tmp_path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("# nothing yet\n", encoding="utf-8")
    with pytest.raises(ScenarioFileError, match="holds no scenarios"):
        load_file(path)


def test_missing_file(tmp_path) -> None:
    path = tmp_path / "nope.yaml"
    with pytest.raises(ScenarioFileError) as info:
        load_file(path)
    assert info.value.file == str(path) and info.value.line is None
    assert "cannot read the file" in str(info.value)


def test_malformed_file_returns_nothing_partial(tmp_path) -> None:
    path = tmp_path / "half.yaml"
    path.write_text(play_yaml(id="good-one") + play_yaml(id="bad-one", hand="[7D, 11H]"),
                    encoding="utf-8")
    with pytest.raises(ScenarioFileError) as info:
        check_file(path)
    assert info.value.scenario_id == "bad-one" and info.value.line == 11


def test_suit_symbols_and_t_for_ten_are_accepted() -> None:
    [s] = load_text(play_yaml(trump="♥", trick="[Q♦]", hand="[7♦, TD]", legal="[7D, 10D]"),
                    file="x.yaml")
    assert s.trump is Suit.HEARTS and s.hand == cards("7D", "10D")
    assert check_scenario(s) == []


# ---------------------------------------------------------------------------- lesson 3
LESSON_PLAY = [s for s in LESSON_SCENARIOS if isinstance(s, PlayScenario)]


@pytest.mark.parametrize("scenario", _checked(LESSON_SCENARIOS), ids=lambda s: s.id)
def test_lesson_scenario_agrees_with_engine(scenario) -> None:
    assert check_scenario(scenario) == []


def test_lesson_file_passes_the_checker() -> None:
    report = check_file(LESSON)
    assert report.ok and not report.unsupported
    assert len(report.checked) == len(LESSON_SCENARIOS)


def test_lesson_has_enough_play_scenarios_and_tricks_only_at_the_end() -> None:
    kinds = [s.kind for s in LESSON_SCENARIOS]
    assert set(kinds) <= {"play", "trick"}
    assert kinds.count("play") >= 14
    assert kinds.count("trick") <= 3
    assert kinds == sorted(kinds, key=lambda k: k == "trick")


def test_lesson_first_exercise_is_follow_suit_with_an_illegal_card() -> None:
    first = LESSON_SCENARIOS[0]
    assert isinstance(first, PlayScenario)
    assert first.rule is Rule.FOLLOW_SUIT
    assert set(first.hand) - first.legal, "the browser test needs an illegal card to click"


def test_lesson_covers_every_rule() -> None:
    declared = {s.rule for s in LESSON_PLAY}
    decided = {s.legal_plays().rule for s in LESSON_PLAY}
    assert declared == decided == set(Rule)


def test_lesson_follows_the_teaching_order_before_the_review() -> None:
    order = list(Rule)  # R3.0 .. R3.7
    lesson = [s for s in LESSON_PLAY if not s.id.startswith("review-")]
    firsts = [next(i for i, s in enumerate(lesson) if s.rule is rule) for rule in order]
    # FOLLOW_SUIT opens the file (the browser test needs an illegal card), then R3.0 onwards
    assert firsts[1] == 0 and firsts[0] == 1
    assert firsts[1:] == sorted(firsts[1:])
    assert all(s.id.startswith("review-") for s in LESSON_PLAY[len(lesson):])


def test_lesson_uses_each_table_option_once() -> None:
    options = [s.rules for s in LESSON_PLAY if s.rules != CLASSIC]
    assert len(options) == 2
    assert sum(not r.overtrump_partner_on_trump_lead for r in options) == 1
    assert sum(r.undertrump == "free" for r in options) == 1
    [free] = [s for s in LESSON_PLAY if s.rules.undertrump == "free"]
    assert free.rule is Rule.MUST_UNDERTRUMP and free.legal == frozenset(free.hand)


def test_lesson_includes_the_rules_page_worked_example_twice() -> None:
    hearts = Suit.HEARTS
    third = [s for s in LESSON_PLAY if s.trump is hearts
             and s.trick_cards == cards("KD", "AD") and s.rule is Rule.MUST_TRUMP]
    last = [s for s in LESSON_PLAY if s.trump is hearts
            and s.trick_cards == cards("KD", "AD", "7H") and s.rule is Rule.MUST_OVERTRUMP]
    assert len(third) == 1 and len(last) == 1
    assert Card.parse("7H") in third[0].legal
    assert last[0].legal == frozenset(cards("QH"))
    assert "18" in last[0].prompt["en"] and "18" in last[0].prompt["fr"]
    trick = last[0].trick()
    trick._push_unchecked(Card.parse("QH"))
    assert trick.winner is Seat.SOUTH and trick.points == 18


@pytest.mark.parametrize("scenario", LESSON_PLAY, ids=lambda s: s.id)
def test_lesson_scenario_is_complete_for_a_beginner(scenario) -> None:
    assert scenario.rule is not None
    assert scenario.source and re.match(r"R3\.[0-7]", scenario.source)
    assert scenario.rule.rule_id in scenario.source
    assert set(scenario.prompt) == {"en", "fr"}
    assert 3 <= len(scenario.hand) <= 8
    # French text uses French card letters (R, D, V), English text the English ones.
    assert not re.search(r"(?<![\w])[JQK][♠♥♦♣]", scenario.prompt["fr"])
    assert not re.search(r"(?<![\w])[RDV][♠♥♦♣]", scenario.prompt["en"])
    assert scenario.prompt["fr"].rstrip().endswith(("?", ".", "»"))
