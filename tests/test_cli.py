"""The ``belote-teach`` command line: ``check FILE...`` output and exit status.

In-process through ``main([...])`` with capsys, plus one run of the installed console
script.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from belote_teach.cli import main
from belote_teach.course.banks import scenario_banks

HERE = Path(__file__).resolve().parent
PUBLIC = HERE / "data" / "public.yaml"
#: A bank of the course given by its path (package data), as a teacher's file would be.
LESSON = HERE.parent / "belote_teach" / "course" / "data" / "scenarios" / "03-play-a-trick.yaml"

PUBLIC_SUMMARY = f"{PUBLIC}: 61 scenarios checked, 0 disagreements"

PLAY = """\
- id: {id}
  kind: play
  trump: S
  trick: {trick}
  hand: {hand}
  legal: {legal}
{extra}"""


def play_yaml(*, id="play-x", trick="[QD]", hand="[7D, KD, JS, AH, 8C]", legal="[7D, KD]",
              extra="") -> str:
    return PLAY.format(id=id, trick=trick, hand=hand, legal=legal, extra=extra)


def bid_yaml(id: str) -> str:
    return (f"- {{id: {id}, kind: bid, turned: JH, round: 1, hand: [9H, AH, 7S, KD, 8C], "
            "legal_bids: [take, pass]}\n")


SOLVE = ("- {id: s1, kind: solve, trump: H, leader: S, trick: [], "
         "hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 41}}\n")


def write(tmp_path: Path, text: str, name: str = "bad.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *argv: object) -> tuple[int, list[str], str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


# ---------------------------------------------------------------------------- good files
def test_public_file_passes(capsys) -> None:
    status, lines, err = run(capsys, "check", PUBLIC)
    assert status == 0 and err == ""
    assert lines == [PUBLIC_SUMMARY]


def test_lesson_file_passes(capsys) -> None:
    status, lines, err = run(capsys, "check", LESSON)
    assert status == 0 and err == ""
    assert len(lines) == 1
    assert lines[0].startswith(f"{LESSON}: ") and lines[0].endswith(
        "scenarios checked, 0 disagreements")


def test_a_bank_of_the_course_by_its_name(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)                   # found in the package, not the folder
    status, lines, err = run(capsys, "check", "03-play-a-trick", "01-cards-and-points.yaml")
    assert status == 0 and err == ""
    assert lines[0].startswith("03-play-a-trick: ") and lines[0].endswith(
        "scenarios checked, 0 disagreements")
    assert lines[1].startswith("01-cards-and-points.yaml: ")


def test_an_unknown_bank_exits_2_listing_the_banks(capsys) -> None:
    status, lines, err = run(capsys, "check", "03-play-a-trik", PUBLIC)
    assert status == 2
    assert err.startswith("error: 03-play-a-trik: cannot read the file: no such file, nor a "
                          f"scenario bank of the course ({', '.join(scenario_banks())}): ")
    assert lines == [PUBLIC_SUMMARY]                  # the other file is still checked


def test_several_files_one_summary_each(capsys) -> None:
    status, lines, _ = run(capsys, "check", PUBLIC, LESSON)
    assert status == 0
    summaries = [line for line in lines if "scenarios checked" in line]
    assert summaries[0] == PUBLIC_SUMMARY and summaries[1].startswith(f"{LESSON}: ")


# ---------------------------------------------------------------------------- disagreements
def test_wrong_legal_exits_1_with_one_line(tmp_path, capsys) -> None:
    path = write(tmp_path, play_yaml(id="good") + play_yaml(id="wrong", legal="[7D, KD, JS]"),
                 name="teacher.yaml")
    status, lines, err = run(capsys, "check", path)
    assert status == 1 and err == ""
    assert lines == [
        f"{path}:7: wrong: legal: expected [7D, KD, JS], got [7D, KD]",
        f"{path}: 2 scenarios checked, 1 disagreement",
    ]


def test_best_not_legal_exits_1(tmp_path, capsys) -> None:
    path = write(tmp_path, play_yaml(extra="  rule: FOLLOW_SUIT\n  best: [JS]\n"))
    status, lines, _ = run(capsys, "check", path)
    assert status == 1
    [line] = [line for line in lines if ": best: " in line]
    assert line.startswith(f"{path}:1: play-x: best: expected [JS] among the legal cards, got JS")
    assert lines[-1] == f"{path}: 1 scenario checked, 1 disagreement"


def test_trick_disagreement(tmp_path, capsys) -> None:
    path = write(tmp_path, "- {id: t, kind: trick, trump: H, cards: [KD, AD, 7H, QH], "
                           "winner: 2, points: 18}\n")
    status, lines, _ = run(capsys, "check", path)
    assert status == 1
    assert lines[0] == f"{path}:1: t: winner: expected 2, got 4"


def test_solve_kind_is_checked(tmp_path, capsys) -> None:
    path = write(tmp_path, play_yaml() + bid_yaml("b1") + SOLVE
                 + SOLVE.replace("s1", "s2").replace("9H: 41", "9H: 20"), name="mixed.yaml")
    status, lines, _ = run(capsys, "check", path)
    assert status == 1
    assert lines == [
        f"{path}:9: s2: values: expected {{9H: 20}}, got {{9H: 41}}",
        f"{path}: 4 scenarios checked, 1 disagreement",
    ]


# ---------------------------------------------------------------------------- malformed files
MALFORMED = [
    # name, yaml, line, id, key, fragment
    ("unknown card", play_yaml(hand="[7D, 11H]"), 5, "play-x", "hand", "unknown card '11H'"),
    ("duplicate card", play_yaml(hand="[7D, KD, KD]"), 5, "play-x", "hand",
     "duplicate card 'KD'"),
    ("card both in hand and trick", play_yaml(hand="[7D, QD]"), 5, "play-x", "hand",
     "both in the hand and in the trick"),
    ("wrong number of cards in a trick scenario",
     "- id: t\n  kind: trick\n  trump: H\n  cards: [KD, AD, 7H]\n  winner: 4\n  points: 15\n",
     4, "t", "cards", "wrong number of cards"),
    ("wrong number of cards in a hand",
     play_yaml(hand="[7D, 8D, 9D, 10D, JD, KD, AD, 7S, 8S]"), 5, "play-x", "hand",
     "wrong number of cards"),
    ("unknown kind", play_yaml().replace("kind: play", "kind: bidding"), 2, "play-x", "kind",
     "unknown kind 'bidding'"),
    ("unknown key", play_yaml(extra="  answer: [7D]\n"), 7, "play-x", "answer",
     "unknown key 'answer'"),
    # every kind is validated, checked or not
    ("bid of the issue: unknown key",
     "- id: b\n  kind: bid\n  turned: ZZ\n  round: 9\n  hand: [9H, AH, 7S, KD, 8C]\n"
     "  legal_bids: [take, pass]\n  foo: 1\n", 7, "b", "foo", "unknown key 'foo' for kind 'bid'"),
    ("bid unknown turned card",
     "- id: b\n  kind: bid\n  turned: ZZ\n  round: 1\n  hand: [9H, AH, 7S, KD, 8C]\n"
     "  legal_bids: [take, pass]\n", 3, "b", "turned", "unknown card 'ZZ'"),
    ("bid round 9",
     "- id: b\n  kind: bid\n  turned: JH\n  round: 9\n  hand: [9H, AH, 7S, KD, 8C]\n"
     "  legal_bids: [take, pass]\n", 4, "b", "round", "from 1 to 2"),
    ("announce hand of 7",
     "- id: a\n  kind: announce\n  trump: H\n  hand: [8C, 9C, 10C, AS, QS, KD, JD]\n"
     "  announcements: []\n  belote: false\n", 4, "a", "hand", "holds exactly 8 cards"),
    ("compare unknown announcement type",
     "- id: c\n  kind: compare\n  trump: S\n  NS:\n    - {type: tierce, top: K, suit: H, "
     "points: 20}\n  EW:\n    - {type: quinte, top: A, suit: C, points: 100}\n  winner: EW\n"
     "  points: 100\n", 7, "c", "EW", "unknown announcement type 'quinte'"),
    ("score unknown outcome",
     "- id: s\n  kind: score\n  takers: NS\n  card_points: {NS: 96, EW: 66}\n"
     "  tricks: {NS: 5, EW: 3}\n  outcome: won\n  marks: {NS: 96, EW: 66}\n", 6, "s",
     "outcome", "expected one of made, dedans, litige, capot"),
    ("score marks of an unknown team",
     "- id: s\n  kind: score\n  takers: NS\n  card_points: {NS: 96, EW: 66}\n"
     "  tricks: {NS: 5, EW: 3}\n  outcome: made\n  marks:\n    NS: 96\n    WE: 66\n", 9, "s",
     "marks", "unknown team 'WE'"),
    ("solve card in two hands",
     "- id: v\n  kind: solve\n  trump: H\n  leader: S\n  trick: []\n  hands:\n    N: [QD]\n"
     "    E: [QD]\n    S: [9H]\n    W: [KH]\n  values: {9H: 20}\n", 6, "v", "hands",
     "card 'QD' is in the hands of both N and E"),
    ("solve value of a card not held",
     "- id: v\n  kind: solve\n  trump: H\n  leader: S\n  trick: []\n"
     "  hands: {N: [QD], E: [10S], S: [9H], W: [KH]}\n  values: {8H: 20}\n", 7, "v", "values",
     "card '8H' is not in the hand of S"),
    ("prompt in German", play_yaml(extra="  prompt:\n    fr: Vas-y\n    de: Los\n"), 9,
     "play-x", "prompt", "unknown language 'de'"),
]


@pytest.mark.parametrize(("text", "line", "scenario_id", "key", "fragment"),
                         [case[1:] for case in MALFORMED], ids=[case[0] for case in MALFORMED])
def test_malformed_file_exits_2_naming_file_line_id_key(tmp_path, capsys, text, line,
                                                         scenario_id, key, fragment) -> None:
    path = write(tmp_path, text)
    status, lines, err = run(capsys, "check", path)
    assert status == 2
    assert lines == []
    assert f"{path}:{line}: " in err
    assert f"scenario '{scenario_id}'" in err
    assert f"key '{key}'" in err
    assert fragment in err


def test_issue_bid_example_exits_2(tmp_path, capsys) -> None:
    path = write(tmp_path, "- id: bid-x\n  kind: bid\n  turned: ZZ\n  round: 9\n"
                           "  hand: [9H, AH, 7S, KD, 8C]\n  legal_bids: [take, pass]\n  foo: 1\n")
    status, lines, err = run(capsys, "check", path, LESSON)
    assert status == 2
    assert err.startswith(f"error: {path}:7: scenario 'bid-x', key 'foo': unknown key 'foo'")
    assert lines[-1].startswith(f"{LESSON}: ")  # the other file is still checked


def test_yaml_error_exits_2_with_its_line(tmp_path, capsys) -> None:
    path = write(tmp_path, play_yaml(hand="[7D, KD", legal="[7D]"))
    status, lines, err = run(capsys, "check", path)
    assert status == 2 and lines == []
    assert f"{path}:6: YAML error" in err


def test_missing_file_exits_2(tmp_path, capsys) -> None:
    path = tmp_path / "nope.yaml"
    status, lines, err = run(capsys, "check", path)
    assert status == 2 and lines == []
    assert f"{path}: cannot read the file: no such file, nor a scenario bank of the" in err
    (tmp_path / "folder.yaml").mkdir()                    # there, but not a readable file
    status, lines, err = run(capsys, "check", tmp_path / "folder.yaml")
    assert status == 2 and lines == []
    assert f"{tmp_path / 'folder.yaml'}: cannot read the file" in err


def test_malformed_file_does_not_stop_the_others(tmp_path, capsys) -> None:
    bad = write(tmp_path, play_yaml(hand="[7D, 11H]"))
    status, lines, err = run(capsys, "check", bad, LESSON)
    assert status == 2
    assert str(bad) in err
    assert lines[-1].startswith(f"{LESSON}: ")


def test_malformed_wins_over_disagreement(tmp_path, capsys) -> None:
    wrong = write(tmp_path, play_yaml(legal="[7D]"), name="wrong.yaml")
    bad = write(tmp_path, play_yaml(hand="[7D, 11H]"), name="bad.yaml")
    status, _, _ = run(capsys, "check", wrong, bad)
    assert status == 2


# ---------------------------------------------------------------------------- parser
def test_version(capsys) -> None:
    status, lines, _ = run(capsys, "--version")
    assert status == 0
    assert lines == ["belote-teach 0.1.0"]


def test_help_lists_the_commands(capsys) -> None:
    status, lines, _ = run(capsys, "--help")
    text = "\n".join(lines)
    assert status == 0
    assert "check" in text and "validate scenario files" in text


def test_check_help_explains_exit_status(capsys) -> None:
    status, lines, _ = run(capsys, "check", "--help")
    text = "\n".join(lines)
    assert status == 0
    assert "exit status" in text and "FILE" in text and "not checked yet" in text
    assert "solve     values" in text


def test_usage_errors_exit_2(capsys) -> None:
    assert main([]) == 2
    assert main(["check"]) == 2
    assert main(["nonsense"]) == 2
    assert "usage: belote-teach" in capsys.readouterr().err


# ---------------------------------------------------------------------------- console script
def test_installed_console_script(tmp_path) -> None:
    script = Path(sys.executable).parent / "belote-teach"
    assert script.exists(), f"console script not installed next to {sys.executable}"
    done = subprocess.run([str(script), "check", str(PUBLIC)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == PUBLIC_SUMMARY
    bad = write(tmp_path, play_yaml(hand="[7D, 11H]"))
    done = subprocess.run([str(script), "check", str(bad)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2
    assert f"{bad}:5: scenario 'play-x', key 'hand': unknown card '11H'" in done.stderr


# ------------------------------------------------------------------ announce, compare, score
ANNOUNCE = ("- {id: a1, kind: announce, trump: H, hand: [8C, 9C, 10C, AS, QS, KD, JD, 7H], "
            "announcements: [{type: tierce, top: 10, suit: C, points: 20}], belote: false}\n")
COMPARE = ("- {id: c1, kind: compare, trump: S, NS: [{type: tierce, top: K, suit: H, "
           "points: 20}], EW: [{type: cinquante, top: 10, suit: C, points: 50}], winner: EW, "
           "points: 50}\n")
SCORE = ("- {id: s2, kind: score, takers: NS, card_points: {NS: 162, EW: 0}, "
         "tricks: {NS: 8, EW: 0}, belote: NS, outcome: capot, marks: {NS: 270, EW: 0}}\n")
SCORE_FFB = ("- {id: s3, kind: score, rules: ffb2016, takers: EW, card_points: {NS: 0, EW: 162}, "
             "tricks: {NS: 0, EW: 8}, outcome: capot, marks: {NS: 0, EW: 252}}\n")


def test_new_kinds_are_checked(tmp_path, capsys) -> None:
    path = write(tmp_path, ANNOUNCE + COMPARE + SCORE, name="r4r6.yaml")
    status, lines, err = run(capsys, "check", path)
    assert (status, err) == (0, "")
    assert lines == [f"{path}: 3 scenarios checked, 0 disagreements"]


def test_new_kinds_disagreements(tmp_path, capsys) -> None:
    text = (ANNOUNCE.replace("belote: false", "belote: true").replace("top: 10", "top: J")
            .replace("type: tierce", "type: cinquante").replace("points: 20", "points: 50")
            + COMPARE.replace("winner: EW", "winner: none")
            + SCORE.replace("NS: 270", "NS: 250").replace("reserve", ""))
    path = write(tmp_path, text, name="wrong.yaml")
    status, lines, _ = run(capsys, "check", path)
    assert status == 1
    assert lines == [
        f"{path}:1: a1: announcements: expected [cinquante to JC (50)], got "
        "[tierce to 10C (20)]",
        f"{path}:1: a1: belote: expected true, got false",
        f"{path}:2: c1: winner: expected none, got EW",
        f"{path}:3: s2: marks: expected {{NS: 250, EW: 0}}, got {{NS: 270, EW: 0}}",
        f"{path}: 3 scenarios checked, 4 disagreements",
    ]


def test_rules_preset_applies_to_scenarios_without_rules(tmp_path, capsys) -> None:
    path = write(tmp_path, ANNOUNCE + COMPARE + SCORE + SCORE_FFB, name="presets.yaml")
    status, lines, _ = run(capsys, "check", "--rules", "ffb2016", path)
    assert status == 1
    assert lines == [
        f"{path}:1: a1: announcements: expected [tierce to 10C (20)], got []",
        f"{path}:2: c1: winner: expected EW, got none",
        f"{path}:2: c1: points: expected 50, got 0",
        f"{path}:3: s2: marks: expected {{NS: 270, EW: 0}}, got {{NS: 272, EW: 0}}",
        f"{path}: 4 scenarios checked, 4 disagreements",
    ]
    # s3 sets its own rules (ffb2016): it passes under either preset
    status, lines, _ = run(capsys, "check", "--rules", "classic", path)
    assert status == 0 and lines == [f"{path}: 4 scenarios checked, 0 disagreements"]
    assert run(capsys, "check", path)[0] == 0


def test_rules_preset_on_the_public_file(capsys) -> None:
    status, lines, _ = run(capsys, "check", "--rules", "classic", PUBLIC)
    assert status == 0 and lines[-1] == PUBLIC_SUMMARY
    status, lines, _ = run(capsys, "check", "--rules", "FFB2016", PUBLIC)
    assert status == 1
    assert lines[-1] == f"{PUBLIC}: 61 scenarios checked, 20 disagreements"


def test_unknown_rules_preset_exits_2_before_reading(tmp_path, capsys) -> None:
    status, lines, err = run(capsys, "check", "--rules", "belotte", tmp_path / "missing.yaml")
    assert status == 2 and lines == []
    assert err == ("error: --rules: unknown rules preset 'belotte': expected one of classic, "
                   "ffb2016\n")


def test_check_help_names_rules_option(capsys) -> None:
    assert main(["check", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--rules PRESET" in text and "classic, ffb2016" in text
    assert "announce" in text and "reserve_after" in text
