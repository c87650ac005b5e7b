"""The course's own scenario kinds, ``deal`` (R2.1, R2.2, R2.8, R2.9) and ``game`` (R6.8):
loading with precise errors, checking against the engine (right and wrong expectations),
the ``belote-teach check`` report, and the engine's R6.8 helpers behind ``game``."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_teach.cli import main
from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.scenarios import (
    COURSE_KINDS,
    KINDS,
    DealScenario,
    Disagreement,
    GameScenario,
    check_scenario,
    check_scenarios,
    load_text,
)
from belote_teach.course.scenarios.model import DEAL_QUESTIONS
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.deal import Deal
from belote_teach.engine.errors import InvalidRuleSetError, InvalidScoreError
from belote_teach.engine.game import Game, game_winner, teams_at_target

NS, EW = Team.NS, Team.EW


def deal_yaml(*, id: str = "deal-x", dealer: str = "S", question: str = "cutter",
              extra: str = "", answer: str | None = "W") -> str:
    """A ``deal`` scenario, one key per line: id 1, kind 2, dealer 3, question 4, then
    ``extra`` lines, then ``answer`` (when not ``None``)."""
    text = (f"- id: {id}\n  kind: deal\n  dealer: {dealer}\n  question: {question}\n"
            f"{extra}")
    return text + (f"  answer: {answer}\n" if answer is not None else "")


def game_yaml(*, id: str = "game-x", before: str = "{NS: 940, EW: 960}",
              marks: str = "{NS: 90, EW: 72}", winner: str = "EW",
              totals: str = "{NS: 1030, EW: 1032}", extra: str = "") -> str:
    """A ``game`` scenario, one key per line: id 1, kind 2, before 3, marks 4, winner 5,
    totals 6, then ``extra`` lines."""
    return (f"- id: {id}\n  kind: game\n  before: {before}\n  marks: {marks}\n"
            f"  winner: {winner}\n  totals: {totals}\n{extra}")


def one(text: str):
    [scenario] = load_text(text, file="k.yaml")
    return scenario


# ---------------------------------------------------------------------------- the kinds
def test_the_standard_kinds_stay_and_the_course_kinds_are_apart() -> None:
    assert KINDS == ("trick", "play", "bid", "announce", "compare", "score", "solve")
    assert COURSE_KINDS == ("deal", "game")
    assert set(DEAL_QUESTIONS) == {"cutter", "cut", "first_packet", "leader", "next_dealer"}


def test_an_unknown_kind_is_still_refused_naming_both_lists() -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(deal_yaml().replace("kind: deal", "kind: dealing"), file="bad.yaml")
    err = info.value
    assert (err.line, err.scenario_id, err.key) == (2, "deal-x", "kind")
    assert "unknown kind 'dealing'" in err.detail
    assert "solve, or a course kind: deal, game" in err.detail


# ---------------------------------------------------------------------------- deal: load
def test_a_deal_scenario_is_loaded_with_its_values() -> None:
    scenario = one(deal_yaml(extra="  source: \"R2.1\"\n  prompt: {en: \"Who?\", fr: \"Qui ?\"}\n"))
    assert isinstance(scenario, DealScenario)
    assert (scenario.kind, scenario.dealer, scenario.question, scenario.answer) == (
        "deal", Seat.SOUTH, "cutter", Seat.WEST)
    assert (scenario.cut, scenario.taker, scenario.valid) == (None, None, None)
    assert (scenario.rule_id, scenario.source, scenario.location) == ("R2.1", "R2.1", "k.yaml:1")
    assert scenario.prompt == {"en": "Who?", "fr": "Qui ?"}
    cut = one(deal_yaml(question="cut", extra="  cut: 16\n  valid: true\n", answer=None))
    assert (cut.cut, cut.valid, cut.answer, cut.rule_id) == (16, True, None, "R2.1")
    lead = one(deal_yaml(question="leader", extra="  taker: N\n", answer="E"))
    assert (lead.taker, lead.answer, lead.rule_id) == (Seat.NORTH, Seat.EAST, "R2.8")


DEAL_MALFORMED = [
    # name, yaml, line, key, fragment of the message
    ("unknown question", deal_yaml(question="dealer"), 4, "question",
     "expected one of cutter, cut, first_packet, leader, next_dealer, got 'dealer'"),
    ("unknown dealer", deal_yaml(dealer="X"), 3, "dealer", "unknown seat 'X'"),
    ("missing dealer", deal_yaml().replace("  dealer: S\n", ""), 1, "dealer",
     "missing key 'dealer'"),
    ("unknown answer seat", deal_yaml(answer="NS"), 5, "answer", "unknown seat 'NS'"),
    ("missing answer", deal_yaml(answer=None), 1, "answer",
     "missing key 'answer': question 'cutter' is answered by a seat"),
    ("cut without its number", deal_yaml(question="cut", extra="  valid: false\n",
                                         answer=None), 1, "cut",
     "missing key 'cut': question 'cut' asks whether the cutter may lift that many cards"),
    ("cut without valid", deal_yaml(question="cut", extra="  cut: 5\n", answer=None), 1,
     "valid", "missing key 'valid': question 'cut' is answered by 'valid: true' or"),
    ("cut answered by a seat", deal_yaml(question="cut", extra="  cut: 5\n  valid: true\n"),
     7, "answer", "question 'cut' is answered by 'valid: true' or 'valid: false'"),
    ("cut beyond the pack", deal_yaml(question="cut", extra="  cut: 33\n  valid: false\n",
                                      answer=None), 5, "cut",
     "expected a whole number from 0 to 32, got 33"),
    ("valid not a boolean", deal_yaml(question="cut", extra="  cut: 5\n  valid: maybe\n",
                                      answer=None), 6, "valid", "expected true or false"),
    ("cut with another question", deal_yaml(extra="  cut: 5\n"), 5, "cut",
     "key 'cut' goes with question 'cut' only, not with question 'cutter'"),
    ("valid with a seat question", deal_yaml(question="next_dealer", extra="  valid: true\n"),
     5, "valid", "question 'next_dealer' is answered by a seat: write 'answer'"),
    ("leader without taker", deal_yaml(question="leader", answer="E"), 1, "taker",
     "missing key 'taker': question 'leader' asks who leads once the taker"),
    ("taker with another question", deal_yaml(question="first_packet", extra="  taker: N\n",
                                              answer="E"), 5, "taker",
     "key 'taker' goes with question 'leader' only"),
    ("unknown key", deal_yaml(extra="  trump: H\n"), 5, "trump",
     "unknown key 'trump' for kind 'deal'"),
]


@pytest.mark.parametrize(("text", "line", "key", "fragment"),
                         [case[1:] for case in DEAL_MALFORMED],
                         ids=[case[0] for case in DEAL_MALFORMED])
def test_a_malformed_deal_names_file_line_id_and_key(text, line, key, fragment) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    err = info.value
    assert (err.file, err.line, err.scenario_id, err.key) == ("bad.yaml", line, "deal-x", key)
    assert fragment in err.detail
    assert str(err) == f"bad.yaml:{line}: scenario 'deal-x', key '{key}': {err.detail}"


# ---------------------------------------------------------------------------- deal: check
@pytest.mark.parametrize("dealer", list(Seat))
def test_the_engine_answers_every_deal_question(dealer: Seat) -> None:
    deal = Deal.new(dealer, rng=5)
    answers = {"cutter": deal.cutter, "first_packet": next(iter(deal.dealt_hands)),
               "next_dealer": dealer.next}
    for question, seat in answers.items():
        scenario = one(deal_yaml(dealer=dealer.value, question=question, answer=seat.value))
        assert scenario.result() is seat
        assert check_scenario(scenario) == []
    # R2.1, R2.2, R2.9 as RULES.md words them, read counter-clockwise
    assert (answers["cutter"], answers["first_packet"]) == (dealer.previous, dealer.next)
    for taker in Seat:  # R2.8: whoever took, the player after the dealer leads
        scenario = one(deal_yaml(dealer=dealer.value, question="leader",
                                 extra=f"  taker: {taker}\n", answer=dealer.next.value))
        assert scenario.result() is dealer.next
        assert check_scenario(scenario) == []


@pytest.mark.parametrize(("cut", "valid"), [(0, False), (2, False), (3, True), (16, True),
                                            (29, True), (30, False), (32, False)])
def test_a_cut_is_valid_with_at_least_three_cards_on_each_side(cut: int, valid: bool) -> None:
    def scenario(expected: bool) -> DealScenario:
        return one(deal_yaml(question="cut", answer=None,
                             extra=f"  cut: {cut}\n  valid: {str(expected).lower()}\n"))

    right = scenario(valid)
    assert right.result() is valid and check_scenario(right) == []
    wrong = scenario(not valid)
    assert check_scenario(wrong) == [
        Disagreement("k.yaml", 1, "deal-x", "valid", str(not valid).lower(), str(valid).lower())]


def test_a_wrong_seat_is_one_disagreement() -> None:
    scenario = one(deal_yaml(dealer="S", question="cutter", answer="E"))  # East is served first
    [found] = check_scenario(scenario)
    assert str(found) == "k.yaml:1: deal-x: answer: expected E, got W"
    leader = one(deal_yaml(dealer="S", question="leader", extra="  taker: W\n", answer="W"))
    assert [str(d) for d in check_scenario(leader)] == [
        "k.yaml:1: deal-x: answer: expected W, got E"]


def test_the_next_dealer_after_a_played_deal_ignores_the_redeal_option() -> None:
    # R2.9 after a played deal; the same-dealer option of R2.6 is for passed-out deals only
    text = deal_yaml(dealer="N", question="next_dealer", answer="W",
                     extra="  rules: {redeal: same_dealer}\n")
    assert one(text).result() is Seat.WEST and check_scenario(one(text)) == []


def test_a_deal_scenario_built_by_hand_with_a_gap_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown question 'shuffle'"):
        DealScenario(id="x", dealer=Seat.SOUTH, question="shuffle").result()
    with pytest.raises(ValueError, match="question 'leader' needs the taker"):
        DealScenario(id="x", dealer=Seat.SOUTH, question="leader", answer=Seat.EAST).result()
    with pytest.raises(ValueError, match="question 'cut' needs 'valid'"):
        _ = DealScenario(id="x", dealer=Seat.SOUTH, question="cut", cut=4).expected


# ---------------------------------------------------------------------------- game: load
def test_a_game_scenario_is_loaded_with_its_values_and_target() -> None:
    scenario = one(game_yaml())
    assert isinstance(scenario, GameScenario)
    assert (scenario.kind, scenario.target, scenario.winner, scenario.rule_id) == (
        "game", 1000, EW, "R6.8")
    assert dict(scenario.before) == {NS: 940, EW: 960}
    assert dict(scenario.marks) == {NS: 90, EW: 72}
    assert dict(scenario.totals) == {NS: 1030, EW: 1032}
    assert one(game_yaml(extra="  target: 2000\n")).target == 2000
    assert one(game_yaml(extra="  rules: {target: 501}\n", before="{NS: 400, EW: 300}",
                         winner="none")).target == 501
    assert one(game_yaml(winner="none")).winner is None


GAME_MALFORMED = [
    # name, yaml, line, key, fragment of the message
    ("target not of R6.8", game_yaml(extra="  target: 500\n"), 7, "target",
     "expected one of 1000, 501, 2000 (R6.8), got 500"),
    ("target against the rules",
     game_yaml(extra="  rules: {target: 501}\n  target: 1000\n", before="{NS: 400, EW: 300}"),
     8, "target", "target 1000 disagrees with the rules' target 501"),
    ("game already over before the deal", game_yaml(before="{NS: 1012, EW: 850}"), 3,
     "before", "NS had already won the game before this deal (NS 1012, EW 850, target 1000"),
    ("negative marks", game_yaml(marks="{NS: -10, EW: 72}"), 4, "marks",
     "NS: expected a whole number 0 or more, got -10"),
    ("missing team in totals", game_yaml(totals="{NS: 1030}"), 6, "totals",
     "missing team 'EW'"),
    ("unknown winner", game_yaml(winner="nobody"), 5, "winner",
     "unknown team 'nobody': expected NS or EW or none"),
    ("missing marks", game_yaml().replace("  marks: {NS: 90, EW: 72}\n", ""), 1, "marks",
     "missing key 'marks'"),
    ("unknown key", game_yaml(extra="  reserve: 0\n"), 7, "reserve",
     "unknown key 'reserve' for kind 'game'"),
]


@pytest.mark.parametrize(("text", "line", "key", "fragment"),
                         [case[1:] for case in GAME_MALFORMED],
                         ids=[case[0] for case in GAME_MALFORMED])
def test_a_malformed_game_names_file_line_id_and_key(text, line, key, fragment) -> None:
    with pytest.raises(ScenarioFileError) as info:
        load_text(text, file="bad.yaml")
    err = info.value
    assert (err.file, err.line, err.scenario_id, err.key) == ("bad.yaml", line, "game-x", key)
    assert fragment in err.detail


def test_a_tie_over_the_target_before_the_deal_may_go_on() -> None:
    # 1000 all: nobody has won yet (R6.8), another deal is played
    scenario = one(game_yaml(before="{NS: 1000, EW: 1000}", marks="{NS: 0, EW: 162}",
                             totals="{NS: 1000, EW: 1162}"))
    assert scenario.result() == (EW, {NS: 1000, EW: 1162})
    assert check_scenario(scenario) == []


# ---------------------------------------------------------------------------- game: check
@pytest.mark.parametrize(("before", "marks", "target", "winner", "totals"), [
    ({NS: 920, EW: 780}, {NS: 92, EW: 70}, 1000, NS, {NS: 1012, EW: 850}),
    ({NS: 940, EW: 960}, {NS: 90, EW: 72}, 1000, EW, {NS: 1030, EW: 1032}),
    ({NS: 930, EW: 920}, {NS: 80, EW: 90}, 1000, None, {NS: 1010, EW: 1010}),
    ({NS: 380, EW: 410}, {NS: 72, EW: 90}, 501, None, {NS: 452, EW: 500}),
    ({NS: 1800, EW: 1900}, {NS: 162, EW: 0}, 2000, None, {NS: 1962, EW: 1900}),
])
def test_the_engine_answers_the_game(before, marks, target, winner, totals) -> None:
    def team(value: Team | None) -> str:
        return "none" if value is None else value.value

    def mapping(values: dict[Team, int]) -> str:
        return f"{{NS: {values[NS]}, EW: {values[EW]}}}"

    right = game_yaml(before=mapping(before), marks=mapping(marks), winner=team(winner),
                      totals=mapping(totals), extra=f"  target: {target}\n")
    assert one(right).result() == (winner, totals)
    assert check_scenario(one(right)) == []
    wrong_winner = NS if winner is None else None
    wrong = right.replace(f"winner: {team(winner)}", f"winner: {team(wrong_winner)}")
    assert [d.key for d in check_scenario(one(wrong))] == ["winner"]


def test_wrong_winner_and_totals_are_two_disagreements() -> None:
    scenario = one(game_yaml(winner="NS", totals="{NS: 1030, EW: 1022}"))
    assert [str(d) for d in check_scenario(scenario)] == [
        "k.yaml:1: game-x: winner: expected NS, got EW",
        "k.yaml:1: game-x: totals: expected {NS: 1030, EW: 1022}, got {NS: 1030, EW: 1032}",
    ]


def test_a_report_counts_the_course_kinds_as_checked() -> None:
    scenarios = load_text(deal_yaml() + game_yaml(winner="none"), file="mix.yaml")
    report = check_scenarios(scenarios, "mix.yaml")
    assert len(report.checked) == 2 and report.unsupported == ()
    assert report.summary() == "mix.yaml: 2 scenarios checked, 1 disagreement"
    assert [d.key for d in report.disagreements] == ["winner"]


def test_belote_teach_check_reports_them_like_the_others(tmp_path: Path, capsys) -> None:
    path = tmp_path / "course.yaml"
    path.write_text(deal_yaml(answer="E") + game_yaml(), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{path}:1: deal-x: answer: expected E, got W",
                   f"{path}: 2 scenarios checked, 1 disagreement"]
    path.write_text(deal_yaml(question="leader", answer="W"), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert "key 'taker': missing key 'taker'" in capsys.readouterr().err
    assert main(["check", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "deal      (a course kind) answer" in help_text
    assert "game      (a course kind) winner (NS, EW or none) and totals" in help_text


# ---------------------------------------------------------------------------- the engine
def test_game_winner_reads_r6_8() -> None:
    assert game_winner({NS: 999, EW: 0}, 1000) is None
    assert game_winner({NS: 1000, EW: 0}, 1000) is NS
    assert game_winner({NS: 501, EW: 620}, 501) is EW
    assert game_winner({NS: 2004, EW: 2010}, 2000) is EW
    assert game_winner({NS: 1010, EW: 1010}, 1000) is None
    assert teams_at_target({NS: 1010, EW: 1010}, 1000) == (NS, EW)
    assert teams_at_target({NS: 12, EW: 500}, 501) == ()


@pytest.mark.parametrize(("totals", "target", "error", "fragment"), [
    ({NS: 10}, 1000, InvalidScoreError, "totals give NS and EW"),
    ({NS: -1, EW: 0}, 1000, InvalidScoreError, "total of NS: expected a whole number"),
    ({NS: 1.5, EW: 0}, 1000, InvalidScoreError, "got 1.5"),
    ({NS: 0, EW: 0}, 500, InvalidRuleSetError, "target takes one of 1000, 501, 2000"),
    ({NS: 0, EW: 0}, True, InvalidRuleSetError, "got True"),
])
def test_game_winner_refuses_bad_input(totals, target, error, fragment) -> None:
    with pytest.raises(error, match=fragment):
        game_winner(totals, target)
    with pytest.raises(error, match=fragment):
        teams_at_target(totals, target)


def test_the_game_ends_by_the_same_rule() -> None:
    game = Game(rules={"target": 501}, rng=11)
    while not game.is_over:
        deal = game.deal
        if deal.phase.is_bidding:
            game.bid("take")  # the first speaker takes: every deal is played
        else:
            game.play(deal.legal_plays.cards[0])
    assert game.winner is not None and game.winner is game_winner(game.totals, 501)
    # after every earlier deal, the same rule let the game go on
    for entry in game.sheet.entries[:-1]:
        assert game_winner({NS: entry.nous_total, EW: entry.eux_total}, 501) is None
    assert len(game.sheet) > 1
