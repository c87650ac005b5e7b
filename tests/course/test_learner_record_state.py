"""A learner let loose on the lessons, without a browser (hypothesis' stateful testing):
answers right and wrong on two pages of one lesson (the same answer again on a page, none
counted since, is no new try), reloads (a page built again on the store, also the way a
kernel prepared in advance does: drawn first, the learner's record attached when they
come), EN/FR switches, drill positions, and progress files imported,
good and bad. After every step, every figure each page shows equals what a simple model
of the learner's actions predicts, and so does the record a new page would read."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from belote_teach.course.errors import InvalidProgressError
from belote_teach.course.overview import course_ids
from belote_teach.course.progress import CourseProgress
from belote_teach.course.record import FORMAT
from belote_teach.course.scenarios import load_bank
from belote_teach.engine.cards import Card
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.exercises import PlayExercise
from belote_teach.ui.scenario_player import ScenarioPlayer

ROOT = Path(__file__).resolve().parents[2]
LESSON = "03-play-a-trick"
#: Three exercises of lesson 3: one with a taught card (``best``), two without.
IDS = ("partner-master-charge-the-ten", "follow-suit-diamonds", "must-overtrump")
SCENARIOS = {s.id: s for s in load_bank(LESSON)}
DRILL = "must-overtrump"
KNOWN = course_ids()


@dataclass
class Model:
    """What the learner did to one exercise: the answers counted, solved, first try."""

    tries: int = 0
    solved: bool = False
    first_try: bool = False

    def answer(self, best: bool) -> None:
        if self.solved:
            return                                     # exploring after solving
        self.tries += 1
        if best:                                       # only the answer taught solves it
            self.solved, self.first_try = True, self.tries == 1

    def rank(self) -> tuple[bool, bool, int]:
        return (self.solved, self.first_try, -self.tries if self.solved else self.tries)

    def result(self) -> dict[str, object]:
        return {"solved": self.solved, "first_try": self.first_try, "tries": self.tries}


class Learner(RuleBasedStateMachine):
    """Two pages of lesson 3 and a drill page on one learner's store."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="belote-learner-"))
        self.models = {i: Model() for i in IDS}
        #: (page, exercise id) -> the page's last answer and the tries counted after it
        self.last: dict[tuple[int, str], tuple[Card, int]] = {}
        self.pages = [self._page(prepared=False), self._page(prepared=True)]
        self.runs: dict[str, int] = {}                 # drill page -> its current streak
        self.best = 0
        self.drill = self._drill()

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    # ------------------------------------------------------------------ pages
    def _page(self, *, prepared: bool) -> ScenarioPlayer:
        scenarios = [SCENARIOS[i] for i in IDS]
        if prepared:                 # drawn before the learner came, then their record
            page = ScenarioPlayer(scenarios, lesson_id=LESSON)
            page.attach(CourseProgress(self.folder))
            return page
        return ScenarioPlayer(scenarios, lesson_id=LESSON,
                              progress=CourseProgress(self.folder))

    def _drill(self) -> DrillPlayer:
        player = DrillPlayer([DRILL], seed=len(self.runs), progress=CourseProgress(self.folder))
        self.runs[player.page] = 0
        return player

    # ------------------------------------------------------------------ rules
    @rule(page=st.integers(0, 1), index=st.integers(0, len(IDS) - 1), pick=st.integers(0, 7))
    def answer(self, page: int, index: int, pick: int) -> None:
        player = self.pages[page]
        player.go(index)
        exercise = player.current
        assert isinstance(exercise, PlayExercise)
        card = exercise.choices()[pick % len(exercise.choices())]
        best = exercise.is_best(card)
        player.click(card)
        model = self.models[exercise.id]
        if self.last.get((page, exercise.id)) == (card, model.tries) and not model.solved:
            return                    # the page's last answer again, none counted since
        model.answer(best)
        self.last[page, exercise.id] = (card, model.tries)

    @rule(page=st.integers(0, 1), prepared=st.booleans())
    def reload(self, page: int, prepared: bool) -> None:
        self.pages[page] = self._page(prepared=prepared)
        self.last = {key: value for key, value in self.last.items() if key[0] != page}

    @rule(page=st.integers(0, 1), lang=st.sampled_from(["en", "fr"]))
    def switch_language(self, page: int, lang: str) -> None:
        self.pages[page].language.value = lang

    @rule(index=st.integers(0, len(IDS) - 1), tries=st.integers(1, 5),
          first_try=st.booleans(), solved=st.booleans(), mode=st.sampled_from(["merge"]))
    def import_a_good_file(self, index: int, tries: int, first_try: bool, solved: bool,
                           mode: str) -> None:
        first_try = first_try and solved and tries == 1
        brought = Model(tries, solved, first_try)
        document = {"format": FORMAT, "version": 1, "practice": {},
                    "games": {"finished": 0, "won": 0},
                    "lessons": {LESSON: {IDS[index]: brought.result(),
                                         "no-such-exercise": brought.result()}}}
        done = CourseProgress(self.folder).import_json(json.dumps(document), mode=mode,
                                                       known=KNOWN)
        assert done.left_out == (f"{LESSON}/no-such-exercise",)
        mine = self.models[IDS[index]]
        if brought.rank() > mine.rank():
            self.models[IDS[index]] = brought

    @rule(value=st.sampled_from([10**12, -1, "3", 2.5]))
    def import_a_bad_file(self, value: object) -> None:
        document = {"format": FORMAT, "version": 1, "practice": {}, "lessons": {},
                    "games": {"finished": value, "won": 0}}
        try:
            CourseProgress(self.folder).import_json(json.dumps(document))
        except InvalidProgressError as err:
            assert err.where == "games.finished"
        else:
            raise AssertionError(f"games.finished = {value!r} was accepted")

    @precondition(lambda self: self.drill.exercise is not None)
    @rule(right=st.booleans())
    def drill_position(self, right: bool) -> None:
        exercise = self.drill.exercise
        assert isinstance(exercise, PlayExercise)
        cards = [c for c in exercise.choices() if exercise.is_best(c) == right]
        if not cards:
            return
        decided = self.drill.streak.answered
        self.drill.click(cards[0])
        if self.drill.streak.answered > decided:       # this position was still open
            current = self.runs[self.drill.page] + 1 if right else 0
            self.runs[self.drill.page] = current
            self.best = max(self.best, current)
        self.drill.next_position()

    @rule()
    def skip_a_drill_position(self) -> None:
        scored = self.drill.streak.answered
        self.drill.next_position()
        if self.drill.streak.answered == scored:       # undecided: the streak is lost
            self.runs[self.drill.page] = 0

    @rule()
    def reload_the_drill(self) -> None:
        self.drill = self._drill()

    # ------------------------------------------------------------------ invariants
    @invariant()
    def every_page_shows_the_model(self) -> None:
        expected = {i: m.result() for i, m in self.models.items() if m.tries}
        right = sum(m.first_try for m in self.models.values())
        done = sum(m.solved for m in self.models.values())
        for page in self.pages:
            assert page.results == expected
            assert page.score == (right, done, len(IDS))
        record = CourseProgress(self.folder).read().record
        assert record.results(LESSON) == expected
        assert record.summary(LESSON, IDS).done == done

    @invariant()
    def the_drill_shows_the_model(self) -> None:
        assert self.drill.streak.current == self.runs[self.drill.page]
        assert self.drill.best_streak == self.best
        assert CourseProgress(self.folder).read().record.best_streak(DRILL) == self.best


Learner.TestCase.settings = settings(max_examples=25, stateful_step_count=25, deadline=None,
                                     derandomize=True, database=None,
                                     suppress_health_check=[HealthCheck.too_slow])
TestLearner = Learner.TestCase


def test_the_cards_of_the_model_are_the_lessons() -> None:
    """The machine's exercises exist and one of them teaches a card (``best``)."""
    assert all(i in SCENARIOS for i in IDS)
    assert any(SCENARIOS[i].best for i in IDS)  # type: ignore[attr-defined]
    assert Card.parse("AS") in SCENARIOS["must-overtrump"].legal  # type: ignore[attr-defined]
