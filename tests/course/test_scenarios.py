"""Scenario files (SCENARIOS.md): model, loader with ``file:line`` errors, checker.

Data-driven: every checked scenario (``trick``, ``play``, ``bid``, ``announce``,
``compare``, ``score``, ``solve``) of the public file (the copy in tests/data) and of lesson 3's
exercise set must agree with the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.scenarios import (
    KINDS,
    SUPPORTED_KINDS,
    AnnounceScenario,
    BidScenario,
    CheckedScenario,
    CheckReport,
    CompareScenario,
    Disagreement,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    UnsupportedScenario,
    check_file,
    check_scenario,
    check_scenarios,
    load_bank,
    load_file,
    load_text,
)
from belote_teach.course.scenarios.model import KIND_KEYS, Announcement
from belote_teach.engine.announcements import AnnouncementType
from belote_teach.engine.cards import Card, Rank, Seat, Suit, Team
from belote_teach.engine.errors import InvalidRuleSetError
from belote_teach.engine.rules import CLASSIC, FFB2016, Rule, RuleSet
from belote_teach.engine.scoring import Outcome

HERE = Path(__file__).resolve().parents[1]
PUBLIC = HERE / "data" / "public.yaml"
LESSON = "03-play-a-trick"

PUBLIC_SCENARIOS = load_file(PUBLIC)
LESSON_SCENARIOS = load_bank(LESSON)


def _checked(scenarios: Iterable[Scenario]) -> list[CheckedScenario]:
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
    models = {"trick": TrickScenario, "play": PlayScenario, "bid": BidScenario,
              "announce": AnnounceScenario, "compare": CompareScenario,
              "score": ScoreScenario, "solve": SolveScenario}
    assert all(isinstance(s, models[s.kind]) for s in PUBLIC_SCENARIOS)
    assert all(isinstance(s, UnsupportedScenario) for s in PUBLIC_SCENARIOS
               if s.kind not in SUPPORTED_KINDS)


@pytest.mark.parametrize("scenario", _checked(PUBLIC_SCENARIOS), ids=lambda s: s.id)
def test_public_scenario_agrees_with_engine(scenario) -> None:
    assert check_scenario(scenario) == []


def test_public_report() -> None:
    report = check_file(PUBLIC)
    assert report.ok
    assert len(report.checked) == 61
    assert len(report.unsupported) == 0
    assert report.summary() == f"{PUBLIC}: 61 scenarios checked, 0 disagreements"


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


#: A valid scenario of each kind not checked yet, key by key (raw YAML values, every
#: optional key included). Lines: ``id`` 1, ``kind`` 2, then one key per line from 3.
VALID_KINDS: dict[str, dict[str, str]] = {
    "bid": {  # turned 3, round 4, history 5, hand 6, legal_bids 7, advice 8, reason 9
        "turned": "JH", "round": "1", "history": "[pass]", "hand": "[9H, AH, 7S, KD, 8C]",
        "legal_bids": "[take, pass]", "advice": "take", "reason": "1"},
    "announce": {  # trump 3, hand 4, announcements 5, belote 6
        "trump": "H", "hand": "[8C, 9C, 10C, AS, QS, KD, JD, 7H]",
        "announcements": "[{type: tierce, top: 10, suit: C, points: 20}]", "belote": "false"},
    "compare": {  # trump 3, NS 4, EW 5, first 6, winner 7, points 8
        "trump": "S", "NS": "[{type: tierce, top: K, suit: H, points: 20}]",
        "EW": "[{type: carre, top: J, points: 200}]", "first": "NS", "winner": "EW",
        "points": "200"},
    "score": {  # takers 3, card_points 4, tricks 5, trump 6, belote 7, announcements 8,
                # reserve 9, revoke 10, outcome 11, marks 12, reserve_after 13
        "takers": "NS", "card_points": "{NS: 96, EW: 66}", "tricks": "{NS: 5, EW: 3}",
        "trump": "H", "belote": "null",
        "announcements": "{NS: [{type: tierce, top: 10, suit: C, points: 20}], EW: []}",
        "reserve": "0", "revoke": "null", "outcome": "made", "marks": "{NS: 116, EW: 66}",
        "reserve_after": "0"},
    "solve": {  # trump 3, leader 4, trick 5, hands 6, values 7
        "trump": "H", "leader": "E", "trick": "[AC, KC, 9C]",
        "hands": "{N: [QD], E: [10S], S: [9H, 8H], W: [KH]}", "values": "{9H: 29, 8H: 56}"},
}


def kind_yaml(kind: str, *, id: str | None = None, drop: Iterable[str] = (), extra: str = "",
              **values: str) -> str:
    """A scenario of ``kind`` from :data:`VALID_KINDS`, with ``values`` replaced (in place,
    so that the lines stay), the keys of ``drop`` removed and ``extra`` lines added."""
    keys = dict(VALID_KINDS[kind])
    keys.update(values)
    for key in drop:
        del keys[key]
    lines = [f"- id: {id or kind + '-x'}", f"  kind: {kind}"]
    lines += [f"  {key}: {value}" for key, value in keys.items()]
    return "\n".join(lines) + "\n" + extra


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
    # every kind of SCENARIOS.md has a checker now: an UnsupportedScenario (a kind added to
    # the document before its checker) is built by hand
    text = play_yaml() + kind_yaml("solve", id="a-solve")
    scenarios = load_text(text, file="u.yaml")
    assert [type(s) for s in scenarios] == [PlayScenario, SolveScenario]
    solve = scenarios[1]
    assert (solve.id, solve.kind, solve.file, solve.line) == ("a-solve", "solve", "u.yaml", 7)
    assert check_scenario(solve) == []
    new = [UnsupportedScenario(id=f"{x}-new", kind="new", file="u.yaml", line=line)
           for x, line in (("a", 14), ("b", 15))]
    with pytest.raises(NotImplementedError, match="kind 'new' is not checked yet"):
        check_scenario(new[0])
    report = check_scenarios([*scenarios, *new], "u.yaml")
    assert isinstance(report, CheckReport)
    assert report.ok and len(report.checked) == 2
    assert [s.id for s in report.unsupported] == ["a-new", "b-new"]
    assert report.summary() == ("u.yaml: 2 scenarios checked, 0 disagreements, 2 not checked "
                                "(kinds not supported yet: new)")


def test_kinds_constant_matches_scenarios_md() -> None:
    assert KINDS == ("trick", "play", "bid", "announce", "compare", "score", "solve")
    assert SUPPORTED_KINDS == ("trick", "play", "bid", "announce", "compare", "score", "solve")


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


# ---------------------------------------------------------------------------- other kinds
def test_kind_keys_table_covers_every_kind() -> None:
    assert tuple(KIND_KEYS) == KINDS
    assert KIND_KEYS["bid"].required == ("turned", "round", "hand", "legal_bids")
    assert KIND_KEYS["score"].answers == ("outcome", "marks", "reserve_after")
    for kind, keys in VALID_KINDS.items():  # the templates use every key of their kind
        assert set(keys) | {"id", "kind"} == KIND_KEYS[kind].allowed - {"rules", "prompt",
                                                                         "source"}


def test_public_unsupported_scenarios_are_validated_with_their_data() -> None:
    for scenario in PUBLIC_SCENARIOS:
        if isinstance(scenario, UnsupportedScenario):
            keys = KIND_KEYS[scenario.kind]
            assert set(keys.required) <= set(scenario.data) <= keys.allowed
        assert scenario.source
    by_id = {s.id: s for s in PUBLIC_SCENARIOS}
    bid = by_id["bid-round2-other-suits-only"]
    assert bid.legal_bids == frozenset({"pass", "S", "H", "C"})
    assert bid.prompt["en"].startswith("Everybody passed")
    score = by_id["score-ffb2016-capot-252"]
    assert score.rules.name == "ffb2016"
    assert score.card_points == {Team.NS: 0, Team.EW: 162}
    assert by_id["score-rounding-on"].rules.rounding
    solve = by_id["solve-keep-the-nine-for-dix-de-der"]
    assert solve.leader is Seat.EAST and solve.seat is Seat.SOUTH
    assert solve.values == {Card.parse("9H"): 29, Card.parse("8H"): 56}
    compare = by_id["compare-exact-tie-nobody-scores"]
    assert compare.winner is None and compare.first is Team.NS


#: The model of each kind of :data:`VALID_KINDS`.
MODELS = {"bid": BidScenario, "announce": AnnounceScenario, "compare": CompareScenario,
          "score": ScoreScenario, "solve": SolveScenario}


@pytest.mark.parametrize("kind", VALID_KINDS)
def test_valid_scenario_of_each_kind_loads(kind) -> None:
    [scenario] = load_text(kind_yaml(kind, extra="  source: R1\n  rules: ffb2016\n"
                                                  "  prompt: {en: Go, fr: Vas-y}\n"),
                           file="ok.yaml")
    assert isinstance(scenario, MODELS[kind])
    assert (scenario.kind, scenario.id, scenario.line) == (kind, f"{kind}-x", 1)
    if isinstance(scenario, UnsupportedScenario):
        assert set(scenario.data) == set(VALID_KINDS[kind])
    assert scenario.prompt == {"en": "Go", "fr": "Vas-y"} and scenario.source == "R1"
    assert scenario.rules.name == "ffb2016"


def test_scenario_values_of_every_kind() -> None:
    [bid, announce, compare, score, solve] = load_text(
        "".join(kind_yaml(kind) for kind in VALID_KINDS), file="ok.yaml")
    assert (bid.turned, bid.round, bid.history, bid.hand, bid.legal_bids, bid.advice,
            bid.reason) == (Card.parse("JH"), 1, ("pass",), cards("9H", "AH", "7S", "KD", "8C"),
                            frozenset({"take", "pass"}), "take", 1)
    tierce = Announcement("tierce", Rank.TEN, Suit.CLUBS, 20)
    assert tierce.type is AnnouncementType.TIERCE and tierce.cards == frozenset()
    assert announce.announcements == (tierce,) and announce.belote is False
    assert announce.trump is Suit.HEARTS and len(announce.hand) == 8
    assert compare.ew == (Announcement("carre", Rank.JACK, None, 200),)
    assert compare.ns == (Announcement.of("tierce", "K", "H"),)
    assert compare.winner is Team.EW and compare.points == 200 and compare.first is Team.NS
    assert score.announcements == {Team.NS: (tierce,), Team.EW: ()}
    assert score.marks == {Team.NS: 116, Team.EW: 66}
    assert score.belote is None and score.outcome is Outcome.MADE
    assert (score.takers, score.trump, score.reserve, score.revoke, score.reserve_after) == (
        Team.NS, Suit.HEARTS, 0, None, 0)
    assert solve.hands[Seat.SOUTH] == cards("9H", "8H")
    assert solve.trick_cards == cards("AC", "KC", "9C")
    for scenario in (bid, announce, compare, score, solve):
        assert check_scenario(scenario) == [], scenario.id


def test_score_optional_keys_default() -> None:
    [s] = load_text(kind_yaml("score", drop=("trump", "belote", "announcements", "reserve",
                                             "revoke", "reserve_after"),
                              marks="{NS: 96, EW: 66}"), file="ok.yaml")
    assert (s.trump, s.belote, s.reserve, s.revoke, s.reserve_after) == (None, None, 0, None,
                                                                          None)
    assert s.announcements == {Team.NS: (), Team.EW: ()}
    assert check_scenario(s) == []


def test_bid_suits_and_optional_keys() -> None:
    [s] = load_text(kind_yaml("bid", turned="10D", round="2",
                              history="[pass, pass, pass, pass]", legal_bids="[pass, ♠, h, C]",
                              advice="C"), file="ok.yaml")
    assert s.legal_bids == frozenset({"pass", "S", "H", "C"})
    assert s.legal() == s.legal_bids and check_scenario(s) == []
    [s] = load_text(kind_yaml("bid", drop=("history", "advice", "reason")), file="ok.yaml")
    assert (s.history, s.advice, s.reason) == ((), None, None)


# A bid with three problems: an unknown card, a round 9 and an unknown key.
BAD_BID = kind_yaml("bid", turned="ZZ", round="9", extra="  foo: 1\n")

OTHER_KINDS_MALFORMED = [
    # name, yaml, line, id, key, fragment of the message
    # -- bid
    ("bid unknown key (of three problems)", BAD_BID, 10, "bid-x", "foo",
     "unknown key 'foo' for kind 'bid'"),
    ("bid unknown turned card", kind_yaml("bid", turned="ZZ"), 3, "bid-x", "turned",
     "unknown card 'ZZ'"),
    ("bid round 9", kind_yaml("bid", round="9"), 4, "bid-x", "round", "from 1 to 2"),
    ("bid missing legal_bids", kind_yaml("bid", drop=("legal_bids",)), 1, "bid-x",
     "legal_bids", "missing key 'legal_bids'"),
    ("bid hand of 4", kind_yaml("bid", hand="[9H, AH, 7S, KD]"), 6, "bid-x", "hand",
     "holds exactly 5 cards, got 4"),
    ("bid duplicate card in hand", kind_yaml("bid", hand="[9H, AH, 7S, KD, 9H]"), 6, "bid-x",
     "hand", "duplicate card '9H'"),
    ("bid turned card in hand", kind_yaml("bid", hand="[JH, AH, 7S, KD, 8C]"), 6, "bid-x",
     "hand", "card 'JH' is both in the hand and the turned card"),
    ("bid unknown word in history", kind_yaml("bid", history="[pass, bof]"), 5, "bid-x",
     "history", "unknown bid 'bof': expected one of take, pass, S, H, D, C"),
    ("bid take in history", kind_yaml("bid", history="[take]"), 5, "bid-x", "history",
     "'take' ends the bidding"),
    ("bid round 2 after one pass", kind_yaml("bid", round="2"), 5, "bid-x", "history",
     "round 2 comes after 4 to 7 earlier passes"),
    ("bid round 1 after four passes", kind_yaml("bid", history="[pass, pass, pass, pass]"), 5,
     "bid-x", "history", "round 1 comes after 0 to 3 earlier passes"),
    ("bid unknown legal bid", kind_yaml("bid", legal_bids="[take, hold]"), 7, "bid-x",
     "legal_bids", "unknown bid 'hold'"),
    ("bid duplicate legal bid", kind_yaml("bid", legal_bids="[pass, take, pass]"), 7, "bid-x",
     "legal_bids", "duplicate bid 'pass'"),
    ("bid empty legal_bids", kind_yaml("bid", legal_bids="[]"), 7, "bid-x", "legal_bids",
     "at least one bid"),
    ("bid advice not legal", kind_yaml("bid", advice="S"), 8, "bid-x", "advice",
     "the advice 'S' is not among the legal_bids [take, pass]"),
    ("bid reason out of range", kind_yaml("bid", reason="8"), 9, "bid-x", "reason",
     "from 1 to 7"),
    ("bid reason without advice", kind_yaml("bid", drop=("advice",)), 8, "bid-x", "reason",
     "a reason explains an advice"),
    # -- announce
    ("announce hand of 7", kind_yaml("announce", hand="[8C, 9C, 10C, AS, QS, KD, JD]"), 4,
     "announce-x", "hand", "holds exactly 8 cards, got 7"),
    ("announce duplicate card", kind_yaml("announce", hand="[8C, 9C, 10C, AS, QS, KD, JD, 8C]"),
     4, "announce-x", "hand", "duplicate card '8C'"),
    ("announce unknown card", kind_yaml("announce", hand="[8C, 9C, 10C, AS, QS, KD, JD, 1H]"),
     4, "announce-x", "hand", "unknown card '1H'"),
    ("announce unknown trump", kind_yaml("announce", trump="X"), 3, "announce-x", "trump",
     "unknown suit 'X'"),
    ("announce unknown type",
     kind_yaml("announce", announcements="\n    - {type: tierce, top: 10, suit: C, points: 20}"
                                         "\n    - {type: quarte, top: K, suit: H, points: 50}"),
     7, "announce-x", "announcements", "unknown announcement type 'quarte'"),
    ("announce unknown announcement key",
     kind_yaml("announce", announcements="[{type: tierce, top: 10, color: C, points: 20}]"),
     5, "announce-x", "announcements", "unknown announcement key 'color'"),
    ("announce sequence without suit",
     kind_yaml("announce", announcements="[{type: tierce, top: 10, points: 20}]"), 5,
     "announce-x", "announcements", "lacks 'suit'"),
    ("announce carre with a suit",
     kind_yaml("announce", announcements="[{type: carre, top: J, suit: H, points: 200}]"), 5,
     "announce-x", "announcements", "a carre has no suit"),
    ("announce carre of eights",
     kind_yaml("announce", announcements="[{type: carre, top: 8, points: 0}]"), 5,
     "announce-x", "announcements", "four 8s are not announced"),
    ("announce wrong points",
     kind_yaml("announce", announcements="[{type: tierce, top: 10, suit: C, points: 50}]"), 5,
     "announce-x", "announcements", "a tierce to the 10 is worth 20 points (R4.1), got 50"),
    ("announce impossible top",
     kind_yaml("announce", announcements="[{type: cinquante, top: 9, suit: C, points: 50}]"),
     5, "announce-x", "announcements", "no cinquante can end at the 9"),
    ("announce unknown top",
     kind_yaml("announce", announcements="[{type: tierce, top: X, suit: C, points: 20}]"), 5,
     "announce-x", "announcements", "unknown rank 'X'"),
    ("announce not a list", kind_yaml("announce", announcements="tierce"), 5, "announce-x",
     "announcements", "expected the list of announcements, such as"),
    ("announce belote not a boolean", kind_yaml("announce", belote="maybe"), 6, "announce-x",
     "belote", "expected true or false"),
    # -- compare
    ("compare missing EW", kind_yaml("compare", drop=("EW",)), 1, "compare-x", "EW",
     "missing key 'EW'"),
    ("compare team not a list", kind_yaml("compare", NS="{type: tierce}"), 4, "compare-x", "NS",
     "expected the list of announcements of NS"),
    ("compare carre of sevens", kind_yaml("compare", EW="[{type: carre, top: 7, points: 100}]"),
     5, "compare-x", "EW", "four 7s are not announced"),
    ("compare unknown first team", kind_yaml("compare", first="NE"), 6, "compare-x", "first",
     "unknown team 'NE': expected NS or EW"),
    ("compare unknown winner", kind_yaml("compare", winner="nobody"), 7, "compare-x", "winner",
     "expected NS or EW or none"),
    ("compare negative points", kind_yaml("compare", points="-5"), 8, "compare-x", "points",
     "0 or more"),
    # -- score
    ("score unknown takers", kind_yaml("score", takers="N"), 3, "score-x", "takers",
     "unknown team 'N'"),
    ("score card points not 162", kind_yaml("score", card_points="{NS: 96, EW: 64}"), 4,
     "score-x", "card_points", "add up to 160, expected 162"),
    ("score card points missing team", kind_yaml("score", card_points="{NS: 162}"), 4,
     "score-x", "card_points", "missing team 'EW'"),
    ("score card points unknown team",
     kind_yaml("score", card_points="\n    NS: 96\n    NE: 66"), 6, "score-x", "card_points",
     "unknown team 'NE'"),
    ("score tricks not 8", kind_yaml("score", tricks="{NS: 5, EW: 4}"), 5, "score-x", "tricks",
     "add up to 9, expected 8"),
    ("score tricks out of range", kind_yaml("score", tricks="{NS: 9, EW: -1}"), 5, "score-x",
     "tricks", "NS: expected a whole number from 0 to 8, got 9"),
    ("score points without a trick", kind_yaml("score", tricks="{NS: 8, EW: 0}"), 4,
     "score-x", "card_points", "EW won no trick but has 66 card points"),
    ("score unknown trump", kind_yaml("score", trump="Z"), 6, "score-x", "trump",
     "unknown suit 'Z'"),
    ("score unknown belote team", kind_yaml("score", belote="both"), 7, "score-x", "belote",
     "unknown team 'both': expected NS or EW or null"),
    ("score announcement wrong points",
     kind_yaml("score", announcements="{NS: [], EW: [{type: carre, top: 9, points: 100}]}"),
     8, "score-x", "announcements", "a carre of 9s is worth 150 points (R4.2), got 100"),
    ("score negative reserve", kind_yaml("score", reserve="-1"), 9, "score-x", "reserve",
     "0 or more"),
    ("score unknown revoke team", kind_yaml("score", revoke="S"), 10, "score-x", "revoke",
     "unknown team 'S'"),
    ("score unknown outcome", kind_yaml("score", outcome="won"), 11, "score-x", "outcome",
     "expected one of made, dedans, litige, capot, got 'won'"),
    ("score marks not numbers", kind_yaml("score", marks="\n    NS: lots\n    EW: 66"), 13,
     "score-x", "marks", "NS: expected a whole number 0 or more, got 'lots'"),
    ("score reserve_after not a number", kind_yaml("score", reserve_after="some"), 13,
     "score-x", "reserve_after", "whole number"),
    ("score unknown key", kind_yaml("score", extra="  winner: NS\n"), 14, "score-x", "winner",
     "unknown key 'winner' for kind 'score'"),
    # -- solve
    ("solve missing seat", kind_yaml("solve", hands="{N: [QD], E: [10S], S: [9H, 8H]}"), 6,
     "solve-x", "hands", "missing seat 'W'"),
    ("solve unknown seat",
     kind_yaml("solve", hands="\n    N: [QD]\n    E: [10S]\n    S: [9H, 8H]\n    X: [KH]"), 10,
     "solve-x", "hands", "unknown seat 'X'"),
    ("solve card in two hands", kind_yaml("solve", hands="{N: [QD], E: [QD], S: [9H, 8H], "
                                                         "W: [KH]}"), 6, "solve-x", "hands",
     "card 'QD' is in the hands of both N and E"),
    ("solve card in trick and hand", kind_yaml("solve", trick="[AC, KC, 9H]"), 5, "solve-x",
     "trick", "card '9H' is both in the trick and in the hand of S"),
    ("solve unknown card in a hand",
     kind_yaml("solve", hands="\n    N: [QD]\n    E: [10S]\n    S: [9H, 8X]\n    W: [KH]"), 9,
     "solve-x", "hands", "unknown card '8X'"),
    ("solve hands that do not fit the trick",
     kind_yaml("solve", hands="\n    N: [QD, 7D]\n    E: [10S]\n    S: [9H, 8H]\n    W: [KH]"),
     7, "solve-x", "hands", "N holds 2 cards, expected 1: S is to play after 3 cards led by "
     "E and holds 2 cards; E, N, W, who played to this trick, hold one card fewer"),
    ("solve nobody holds a card", kind_yaml("solve", trick="[]", leader="S",
                                            hands="{N: [], E: [], S: [], W: []}"), 6,
     "solve-x", "hands", "S leads but holds no card"),
    ("solve trick of 4", kind_yaml("solve", trick="[AC, KC, 9C, 7C]"), 5, "solve-x", "trick",
     "wrong number of cards"),
    ("solve unknown leader", kind_yaml("solve", leader="X"), 4, "solve-x", "leader",
     "unknown seat 'X'"),
    ("solve value for a card of another seat", kind_yaml("solve", values="{9H: 29, 10S: 0}"), 7,
     "solve-x", "values", "card '10S' is not in the hand of S, the seat to play"),
    ("solve value out of range",
     kind_yaml("solve", values="\n    9H: 29\n    8H: 200"), 9, "solve-x", "values",
     "8H: expected a whole number from 0 to 162, got 200"),
    ("solve empty values", kind_yaml("solve", values="{}"), 7, "solve-x", "values",
     "at least one card"),
    # -- common keys, whatever the kind
    ("prompt in German", play_yaml(extra="  prompt:\n    en: Go\n    de: Los\n"), 9, "play-x",
     "prompt", "unknown language 'de': a prompt has the languages en and fr only"),
    ("prompt in German on a bid", kind_yaml("bid", extra="  prompt: {de: Los}\n"), 10, "bid-x",
     "prompt", "unknown language 'de'"),
    ("prompt text not a string", kind_yaml("solve", extra="  prompt: {fr: [a]}\n"), 8,
     "solve-x", "prompt", "the 'fr' text must be a string"),
    ("rules on a score", kind_yaml("score", extra="  rules: belotte\n"), 14,
     "score-x", "rules", "unknown rules preset 'belotte'"),
    ("source not text on a compare", kind_yaml("compare", extra="  source: 3\n"), 9,
     "compare-x", "source", "expected text"),
    ("duplicate key on an announce", kind_yaml("announce", extra="  trump: S\n"), 7,
     "announce-x", "trump", "duplicate key 'trump' (first on line 3)"),
    ("rules on a solve", kind_yaml("solve", extra="  rules: belotte\n"), 8,
     "solve-x", "rules", "unknown rules preset 'belotte'"),
    ("score equal sequences without trump",
     kind_yaml("score", drop=("trump",), announcements="{NS: [{type: tierce, top: K, suit: H, "
               "points: 20}], EW: [{type: tierce, top: K, suit: C, points: 20}]}"),
     7, "score-x", "announcements", "the trump is needed to compare equal sequences"),
]


@pytest.mark.parametrize(("text", "line", "scenario_id", "key", "fragment"),
                         [case[1:] for case in OTHER_KINDS_MALFORMED],
                         ids=[case[0] for case in OTHER_KINDS_MALFORMED])
def test_malformed_scenario_of_any_kind_names_file_line_id_and_key(text, line, scenario_id,
                                                                    key, fragment) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    err = info.value
    assert (err.file, err.line, err.scenario_id, err.key) == ("bad.yaml", line, scenario_id, key)
    assert fragment in err.detail
    assert str(err) == f"bad.yaml:{line}: scenario '{scenario_id}', key '{key}': {err.detail}"


def test_each_kind_has_malformed_examples() -> None:
    kinds = {case[1].split("kind: ")[1].split("\n")[0] for case in OTHER_KINDS_MALFORMED}
    assert kinds == set(KINDS) - {"trick"}  # trick: see MALFORMED above


def test_three_problems_are_reported_one_at_a_time() -> None:
    problems = []
    text = BAD_BID
    for fix in (lambda t: t.replace("  foo: 1\n", ""), lambda t: t.replace("ZZ", "JH"),
                lambda t: t.replace("round: 9", "round: 1")):
        with pytest.raises(ScenarioFileError) as info:
            load_text(text, file="bad.yaml")
        problems.append((info.value.line, info.value.key))
        text = fix(text)
    assert problems == [(10, "foo"), (3, "turned"), (4, "round")]
    assert isinstance(load_text(text)[0], BidScenario)


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


def test_lesson_first_prompt_leads_the_queen() -> None:
    first = LESSON_SCENARIOS[0]
    assert first.id == "follow-suit-diamonds"
    assert "leads the Q♦ (the entame)" in first.prompt["en"]


@pytest.mark.parametrize("scenario", LESSON_SCENARIOS, ids=lambda s: s.id)
def test_lesson_prompt_wording(scenario) -> None:
    en, fr = scenario.prompt["en"], scenario.prompt["fr"]
    # English: no French verbs conjugated as English, no "cut" for trumping
    assert not re.search(r"\bmakes? the entame\b|\bcut\b|\bsurcoupe\b|took the lead", en)
    # French: tutoiement only
    assert not re.search(r"\b(vous|votre|vos)\b", fr, re.IGNORECASE)


LESSON_TRICKS = [s for s in LESSON_SCENARIOS if isinstance(s, TrickScenario)]


@pytest.mark.parametrize("scenario", LESSON_TRICKS, ids=lambda s: s.id)
def test_lesson_trick_prompt_asks_who_wins_not_for_a_number(scenario) -> None:
    en, fr = scenario.prompt["en"], scenario.prompt["fr"]
    assert "Who wins this pli?" in en and "Click the winning card" in en
    assert "Qui remporte ce pli\u00a0?" in fr and "Clique sur la carte gagnante" in fr
    # the feedback gives the points: the learner is never asked to type a number
    assert not re.search(r"how (many|much)", en, re.IGNORECASE)
    assert "combien" not in fr.lower()
    assert not re.search(r"(?<![\w])[JQK][♠♥♦♣]", fr)
    assert not re.search(r"(?<![\w])[RDV][♠♥♦♣]", en)


def test_lesson_has_three_trick_exercises() -> None:
    assert [s.id for s in LESSON_TRICKS] == [
        "trick-rules-page-worked-example", "trick-partner-charged-ten",
        "trick-undertrump-does-not-win"]


# ---------------------------------------------------------------------------- bid, announce,
# compare, score checkers
@pytest.mark.parametrize("kind", ["bid", "announce", "compare", "score"])
def test_every_public_scenario_of_the_new_kinds_passes(kind) -> None:
    scenarios = [s for s in PUBLIC_SCENARIOS if s.kind == kind]
    assert len(scenarios) == {"bid": 5, "announce": 7, "compare": 6, "score": 14}[kind]
    for scenario in scenarios:
        assert check_scenario(scenario) == [], scenario.id


def one(text: str, **options) -> CheckedScenario:
    [scenario] = load_text(text, file="k.yaml", **options)
    return scenario


def keys(scenario: CheckedScenario) -> list[tuple[str, str, str]]:
    return [(d.key, d.expected, d.got) for d in check_scenario(scenario)]


def test_announce_disagreements() -> None:
    wrong = one(kind_yaml("announce", hand="[8C, 9C, 10C, JC, QS, KD, JD, 7H]",
                          belote="true"))
    assert keys(wrong) == [
        ("announcements", "[tierce to 10C (20)]", "[cinquante to JC (50)]"),
        ("belote", "true", "false")]
    # a multiset: the same tierce twice is not the one tierce of the hand
    twice = one(kind_yaml("announce", announcements="[{type: tierce, top: 10, suit: C, "
                          "points: 20}, {type: tierce, top: 10, suit: C, points: 20}]"))
    assert keys(twice) == [("announcements", "[tierce to 10C (20), tierce to 10C (20)]",
                            "[tierce to 10C (20)]")]
    # order does not matter
    two = one(kind_yaml("announce", hand="[8C, 9C, 10C, QS, KS, AS, JD, 7H]",
                        announcements="[{type: tierce, top: 10, suit: C, points: 20}, "
                                      "{type: tierce, top: A, suit: S, points: 20}]"))
    assert isinstance(two, AnnounceScenario) and keys(two) == []
    assert two.found() == (Announcement.of("tierce", "A", "S"),
                           Announcement.of("tierce", "10", "C"))


def test_announce_under_ffb2016_declares_nothing_but_belote() -> None:
    s = one(kind_yaml("announce", hand="[8C, 9C, 10C, KH, QH, KD, JD, 7H]", announcements="[]",
                      belote="true", extra="  rules: ffb2016\n"))
    assert s.found() == () and s.has_belote() and keys(s) == []


def test_compare_disagreements() -> None:
    s = one(kind_yaml("compare", winner="NS", points="20"))
    assert keys(s) == [("winner", "NS", "EW"), ("points", "20", "200")]
    s = one(kind_yaml("compare", EW="[{type: tierce, top: K, suit: C, points: 20}]",
                      winner="EW", points="20"))
    assert keys(s) == [("winner", "EW", "none"), ("points", "20", "0")]
    assert isinstance(s, CompareScenario) and s.result() == (None, 0)


def test_compare_first_does_not_change_the_result() -> None:
    for first in ("NS", "EW"):
        [s] = [x for x in PUBLIC_SCENARIOS if x.id == "compare-exact-tie-nobody-scores"]
        other = one(kind_yaml("compare", first=first, NS="[{type: tierce, top: K, suit: H, "
                              "points: 20}]", EW="[{type: tierce, top: K, suit: C, points: 20}]",
                              winner="none", points="0"))
        assert other.result() == s.result() == (None, 0) and keys(other) == []


def test_score_disagreements() -> None:
    s = one(kind_yaml("score", outcome="dedans", marks="{NS: 96, EW: 66}", reserve_after="5"))
    assert keys(s) == [("outcome", "dedans", "made"),
                       ("marks", "{NS: 96, EW: 66}", "{NS: 116, EW: 66}"),
                       ("reserve_after", "5", "0")]
    assert isinstance(s, ScoreScenario) and s.score().totals[Team.NS] == 116


def test_score_reserve_after_only_when_given() -> None:
    s = one(kind_yaml("score", drop=("reserve_after",), card_points="{NS: 81, EW: 81}",
                      tricks="{NS: 4, EW: 4}", announcements="{NS: [], EW: []}",
                      outcome="litige", marks="{NS: 0, EW: 81}"))
    assert s.reserve_after is None and keys(s) == []
    assert s.score().reserve_after == 81


def test_bid_disagreements() -> None:
    s = one(kind_yaml("bid", legal_bids="[take, pass, H]", advice="H"))
    assert isinstance(s, BidScenario)
    assert keys(s) == [("legal_bids", "[take, pass, H]", "[take, pass]"),
                       ("advice", "H among the legal bids", "H not legal (legal: [take, pass])")]
    s = one(kind_yaml("bid", turned="10D", round="2", history="[pass, pass, pass, pass, pass]",
                      legal_bids="[pass, S, H, D, C]", advice="pass"))
    assert keys(s) == [("legal_bids", "[pass, S, H, D, C]", "[pass, S, H, C]")]


def test_default_rules_apply_to_scenarios_without_rules() -> None:
    text = (kind_yaml("score", id="plain", drop=("announcements",), marks="{NS: 96, EW: 66}")
            + kind_yaml("score", id="own", drop=("announcements",), marks="{NS: 96, EW: 66}",
                        extra="  rules: classic\n")
            + kind_yaml("score", id="none", drop=("announcements",), marks="{NS: 96, EW: 66}",
                        extra="  rules: null\n"))
    plain, own, none = load_text(text, rules="ffb2016")
    assert (plain.rules, own.rules, none.rules) == (FFB2016, CLASSIC, FFB2016)
    plain, own, none = load_text(text, rules={"rounding": True})
    assert plain.rules.rounding and not own.rules.rounding and none.rules.rounding
    assert keys(plain) == [("marks", "{NS: 96, EW: 66}", "{NS: 100, EW: 70}")]
    assert all(s.rules == CLASSIC for s in load_text(text))
    with pytest.raises(InvalidRuleSetError, match="unknown rules preset 'belotte'"):
        load_text(text, rules="belotte")
    with pytest.raises(InvalidRuleSetError):
        load_file(PUBLIC, rules="belotte")


def test_check_file_with_rules() -> None:
    assert check_file(PUBLIC, rules="classic").ok
    report = check_file(PUBLIC, rules=FFB2016)
    assert len(report.disagreements) == 20
    assert {d.scenario_id.split("-")[0] for d in report.disagreements} == {
        "announce", "compare", "score"}


def test_score_announcements_of_one_team_only_mean_the_other_announced_nothing(tmp_path):
    path = tmp_path / "one-team.yaml"
    path.write_text(
        "- id: tierce-counts\n  kind: score\n  takers: NS\n"
        "  card_points: {NS: 75, EW: 87}\n  tricks: {NS: 4, EW: 4}\n"
        "  announcements: {NS: [{type: tierce, top: 10, suit: C, points: 20}]}\n"
        "  outcome: made\n  marks: {NS: 95, EW: 87}\n", encoding="utf-8")
    report = check_file(path)
    assert report.disagreements == () and len(report.checked) == 1
