"""The course's exercise banks (belote_teach/course/data/scenarios/*.yaml, SCENARIOS.md
format).

* Every file agrees with the engine: the checker finds no disagreement and no scenario of
  a kind it cannot check.
* Lessons 01-06 each hold at least 15 exercises, and every exercise has a prompt in English
  and in French and a ``source`` naming the RULES.md rule IDs it rests on.
* Together the banks exercise every rule ID of RULES.md R1-R6 (read from the repository's
  copy, tests/data/RULES.md, kept identical to shared/RULES.md), without exception: the
  rules no kind of SCENARIOS.md can ask about (the cut, the packets, the first lead, the
  next dealer, the end of the game) are asked by the course's own kinds ``deal`` and
  ``game``, checked by the engine like the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from belote_teach.course.banks import find_bank, scenario_banks
from belote_teach.course.lessons import COURSE, Lesson
from belote_teach.course.scenarios import (
    BidScenario,
    DealScenario,
    GameScenario,
    PlayScenario,
    Scenario,
    check_file,
    load_bank,
    load_file,
)
from belote_teach.course.scenarios.model import DEAL_QUESTIONS
from belote_teach.engine.cards import Team

HERE = Path(__file__).resolve().parents[1]
SCENARIO_FILES = [Path(find_bank(bank).file) for bank in scenario_banks()]
#: The repository's copy of the rulebook, and the shared original when it is present.
RULES_COPY = HERE / "data" / "RULES.md"
SHARED_RULES = HERE.parent.parent / "shared" / "RULES.md"

#: The lessons that end with exercises (01-06).
EXERCISE_LESSONS: tuple[Lesson, ...] = tuple(item for item in COURSE if item.has_exercises)
#: The fewest exercises a lesson may have.
MIN_EXERCISES = 15

#: A rule line of RULES.md: ``- R3.5 MUST_OVERTRUMP ...``.
_RULE_LINE = re.compile(r"^- (R\d+\.\d+) ", re.MULTILINE)
#: A rule ID quoted in a scenario's ``source``; tips are quoted ``R9 tip 4``, not matched.
_RULE_ID = re.compile(r"\bR\d+\.\d+\b")
#: The sections whose every rule must be exercised by the course.
_EXERCISED_SECTIONS = ("R1", "R2", "R3", "R4", "R5", "R6")

#: The lessons whose banks hold the course's own kinds: ``deal`` in lesson 2 (the deal and
#: the bidding), ``game`` in lesson 5 (scoring).
COURSE_KIND_FILES: dict[type, str] = {DealScenario: "02-deal-and-bidding.yaml",
                                      GameScenario: "05-scoring.yaml"}


def _rule_ids(text: str) -> list[str]:
    """Every rule ID defined in a RULES.md text, in order (``R1.1`` ... ``R6.8``)."""
    return _RULE_LINE.findall(text)


RULE_IDS: tuple[str, ...] = tuple(_rule_ids(RULES_COPY.read_text(encoding="utf-8")))
COURSE_IDS: tuple[str, ...] = tuple(
    rule for rule in RULE_IDS if rule.split(".")[0] in _EXERCISED_SECTIONS)


def _scenarios(paths: Iterable[Path]) -> list[Scenario]:
    return [scenario for path in paths for scenario in load_file(path)]


def exercised(scenario: Scenario) -> set[str]:
    """The rule IDs a scenario exercises: those named in its ``source``, plus, for a
    ``play`` scenario, the R3 rule that decides its legal cards (its ``rule`` and the
    engine's verdict), and for a ``deal`` or ``game`` scenario the rule its question
    asks about."""
    found = set(_RULE_ID.findall(scenario.source or ""))
    if isinstance(scenario, PlayScenario):
        found.add(scenario.legal_plays().rule.rule_id)
        if scenario.rule is not None:
            found.add(scenario.rule.rule_id)
    if isinstance(scenario, DealScenario | GameScenario):
        found.add(scenario.rule_id)
    return found


# ---------------------------------------------------------------- the checker agrees
def test_lessons_01_to_06_have_their_exercise_bank() -> None:
    assert [item.number for item in EXERCISE_LESSONS] == [1, 2, 3, 4, 5, 6]
    for item in EXERCISE_LESSONS:
        assert item.bank in scenario_banks(), f"{item.id}: no bank {item.bank}"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda path: path.name)
def test_every_scenario_agrees_with_the_engine(path: Path) -> None:
    report = check_file(path)
    assert report.checked
    assert [str(d) for d in report.disagreements] == []
    assert [s.id for s in report.unsupported] == []


# ---------------------------------------------------------------- bilingual, sourced, enough
@pytest.mark.parametrize("lesson", EXERCISE_LESSONS, ids=lambda lesson: lesson.id)
def test_each_lesson_has_enough_exercises(lesson: Lesson) -> None:
    assert lesson.bank is not None
    assert len(load_bank(lesson.bank)) >= MIN_EXERCISES


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda path: path.name)
def test_every_scenario_has_a_prompt_in_both_languages_and_a_source(path: Path) -> None:
    for scenario in load_file(path):
        en = scenario.prompt.get("en", "").strip()
        fr = scenario.prompt.get("fr", "").strip()
        assert en and fr, f"{scenario.location}: {scenario.id}: a prompt needs en and fr"
        assert en != fr, f"{scenario.location}: {scenario.id}: the French prompt is the English"
        # French typography: a no-break space before : ; ? ! and », after «
        assert not re.search(r"(?<=\S) [:;?!»]|« ", fr), \
            f"{scenario.location}: {scenario.id}: an ordinary space in French punctuation"
        assert (scenario.source or "").strip(), f"{scenario.location}: {scenario.id}: no source"


def test_sources_name_only_rules_of_the_rulebook() -> None:
    known = set(RULE_IDS)
    unknown = [(s.location, s.id, rule) for s in _scenarios(SCENARIO_FILES)
               for rule in _RULE_ID.findall(s.source or "") if rule not in known]
    assert unknown == []


def test_every_advice_gives_its_r9_tip() -> None:
    bids = [s for s in _scenarios(SCENARIO_FILES) if isinstance(s, BidScenario)]
    assert bids
    missing = [s.id for s in bids if s.advice is not None and s.reason is None]
    assert missing == []


def test_the_tips_lesson_teaches_a_move_and_names_its_tip() -> None:
    tips = next(item for item in EXERCISE_LESSONS if item.id == "06-tips")
    assert tips.bank is not None
    for scenario in load_bank(tips.bank):
        assert isinstance(scenario, PlayScenario | BidScenario), scenario.id
        if isinstance(scenario, PlayScenario):
            assert scenario.best, f"{scenario.id}: a tip position teaches a best play"
        else:
            assert scenario.advice is not None, f"{scenario.id}: a tip bid gives advice"
        assert "R9" in (scenario.source or ""), f"{scenario.id}: the source names no R9 tip"


# ---------------------------------------------------------------- every rule exercised
def _exercised_by_the_course() -> set[str]:
    done: set[str] = set()
    for scenario in _scenarios(SCENARIO_FILES):
        done |= exercised(scenario)
    return done


def test_the_rulebook_copy_is_the_shared_rulebook() -> None:
    copy = RULES_COPY.read_text(encoding="utf-8")
    if SHARED_RULES.is_file():
        assert copy == SHARED_RULES.read_text(encoding="utf-8")
    assert {rule.split(".")[0] for rule in COURSE_IDS} == set(_EXERCISED_SECTIONS)
    assert len(set(RULE_IDS)) == len(RULE_IDS)


def test_every_rule_of_r1_to_r6_is_exercised_by_the_course() -> None:
    done = _exercised_by_the_course()
    missing = [rule for rule in COURSE_IDS if rule not in done]
    assert missing == []


def test_the_course_kinds_ask_every_deal_question_and_the_end_of_the_game() -> None:
    by_file = {path.name: load_file(path) for path in SCENARIO_FILES}
    for kind, name in COURSE_KIND_FILES.items():
        found = [s for s in by_file[name] if isinstance(s, kind)]
        assert found, f"{name}: no {kind.__name__}"
        others = [s.id for other, scenarios in by_file.items() if other != name
                  for s in scenarios if isinstance(s, kind)]
        assert others == [], f"{kind.__name__} outside {name}"
    deals = [s for s in by_file["02-deal-and-bidding.yaml"] if isinstance(s, DealScenario)]
    assert {s.question for s in deals} == set(DEAL_QUESTIONS)
    # each rule is asked by a scenario the checker compares with the engine, and named in
    # its source too
    for scenario in deals + [s for s in by_file["05-scoring.yaml"]
                             if isinstance(s, GameScenario)]:
        assert scenario.rule_id in _RULE_ID.findall(scenario.source or ""), scenario.id
    # a leader question where the taker is not the player after the dealer (R2.8: whoever
    # took), and a game both teams end over the target (R6.8: the higher total wins)
    assert any(s.question == "leader" and s.taker is not s.dealer.next for s in deals)
    games = [s for s in by_file["05-scoring.yaml"] if isinstance(s, GameScenario)]
    assert {s.result()[0] for s in games} == {Team.NS, Team.EW, None}
