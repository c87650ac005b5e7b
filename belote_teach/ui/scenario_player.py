"""The scenario player: the exercises of a scenario file, every kind of SCENARIOS.md
but ``solve``, one at a time in file order, at a real-looking table.

Each exercise draws its situation on the card board and, when clicking a card is not
enough, shows its answer controls under it: ``play`` (click a card you may play, R3),
``trick`` (click the winning card, R1.5, then type its card points, R1.2, R1.3),
``bid`` (take or pass, R2.4, R2.5), ``announce`` (build the hand's announcements, R4,
and say belote, R5.1), ``compare`` (which team scores its announcements, R4.5, R4.6) and
``score`` (the outcome and marks of a deal, R6). Right: a short confirmation naming the
rule. Wrong: the explanation (the rule's title, the cards involved, what would have been
right) and another try. Allowed but not what the lesson teaches (a card other than the
scenario's ``best``, a bid other than its ``advice``): marked ⚠, never ✓, told with what
the lesson teaches and why, and another try (a wrong try in the record). A hint,
previous/next, a running score and an English/French switch complete it.

The learner's record is the one source of truth: every answer is judged against the
answers the learner's store holds for the exercise (this page's, another tab's, an
earlier session's) and logged there in the same transaction
(:meth:`~belote_teach.course.progress.CourseProgress.record_answer`), and every figure
shown (the score, "tried in an earlier session", done) is read from the store when it is
drawn. The page itself keeps only what the learner sees on it: the answers given on this
page (the board after them), the hint shown, a refused input. A page drawn before its
learner came gets the learner's store with :meth:`ScenarioPlayer.attach`, and then
behaves exactly as a page opened fresh. Each exercise (``ui.exercises`` and
``ui.exercise_*``) asks the engine and ``explain``, shown in an
:class:`~belote_teach.ui.exercise_view.ExerciseView` (the drill player shows its
exercises in one too).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.banks import find_bank
from belote_teach.course.progress import CourseProgress
from belote_teach.course.record import ExerciseResult
from belote_teach.course.scenarios import (
    AnnounceScenario,
    BidScenario,
    CompareScenario,
    DealScenario,
    GameScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    load_bank,
)
from belote_teach.course.store import MemoryStore
from belote_teach.engine.cards import Card
from belote_teach.render.html import escape
from belote_teach.ui.exercise_announce import AnnounceExercise, CompareExercise
from belote_teach.ui.exercise_bid import BidExercise
from belote_teach.ui.exercise_deal import DealExercise
from belote_teach.ui.exercise_game import GameExercise
from belote_teach.ui.exercise_score import ScoreExercise
from belote_teach.ui.exercise_view import ExerciseView
from belote_teach.ui.exercises import Exercise, PlayExercise, Progress, TrickExercise
from belote_teach.ui.language import language_toggle
from belote_teach.ui.shared import lean, shared_model

__all__ = ["ScenarioPlayer", "exercise_for"]

#: The exercise of each scenario kind the player shows (every kind but ``solve``, the
#: course's own kinds ``deal`` and ``game`` included).
EXERCISES: dict[type, type[Exercise[Any]]] = {
    PlayScenario: PlayExercise,
    TrickScenario: TrickExercise,
    BidScenario: BidExercise,
    AnnounceScenario: AnnounceExercise,
    CompareScenario: CompareExercise,
    ScoreScenario: ScoreExercise,
    DealScenario: DealExercise,
    GameScenario: GameExercise,
}

def exercise_for(scenario: Scenario) -> Exercise:
    """The exercise that shows ``scenario``.

    Raises:
        ValueError: the scenario's kind has no exercise (``solve``, or a kind the model
            does not support).
    """
    for kind, exercise in EXERCISES.items():
        if isinstance(scenario, kind):
            return exercise(scenario)
    raise ValueError(f"scenario {scenario.id!r}: kind {scenario.kind!r} has no exercise widget "
                     "(supported: play, trick, bid, announce, compare, score, deal, game)")


class ScenarioPlayer(widgets.VBox):
    """Exercises of every kind but ``solve``, one at a time, with feedback from the engine.

    Args:
        scenarios: the scenarios, in the order shown; at least one, ids distinct.
        lang: ``"en"`` or ``"fr"``; the learner can switch.
        title: optional heading shown above the exercises.
        progress: the learner's record, where every answer is logged and every figure
            read (:meth:`attach` gives another one later); ``None``: a record in memory
            only, until one is attached.
        lesson_id: the lesson the exercises belong to in the record (its scenario file's
            stem, ``"03-play-a-trick"``).

    Raises:
        ValueError: no scenario, two scenarios with one id, a kind without an exercise
            widget, or an unknown language.

    Attributes:
        exercises: one :class:`~belote_teach.ui.exercises.Exercise` per scenario.
        view: the :class:`~belote_teach.ui.exercise_view.ExerciseView` showing the
            current exercise (``prompt``, ``board`` and ``controls_box`` are its parts).
        board: the :class:`CardBoard` (set ``board.selected = "JH"`` to click a card).
        controls_box: holds the current exercise's answer controls (empty when clicking
            a card is the whole answer).
        previous_button, hint_button, next_button: the navigation buttons.
        language: the EN/FR toggle.
    """

    def __init__(self, scenarios: Sequence[Scenario], lang: str = "en", title: str = "", *,
                 progress: CourseProgress | None = None, lesson_id: str = "lesson"):
        if not scenarios:
            raise ValueError("ScenarioPlayer needs at least one scenario, got none")
        explain.check_language(lang)
        ids = [s.id for s in scenarios]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"scenario ids must be distinct (results are kept by id), got "
                             f"{', '.join(repr(i) for i in twice)} more than once")
        self.exercises: list[Exercise] = [exercise_for(s) for s in scenarios]
        self.lang = lang
        self.index = 0
        self.lesson_id = lesson_id
        self._record = progress if progress is not None else CourseProgress(
            store=MemoryStore())
        # what this page shows of each exercise: one Progress each for the page's life
        self._progress = [Progress() for _ in ids]
        self._problem = self._record.read(lang=lang).problem

        self.heading = lean(widgets.HTML, f"<h3>{escape(title)}</h3>" if title else "")
        self.counter = lean(widgets.HTML)
        self.score_label = lean(widgets.HTML)
        self.language = language_toggle(lang)
        self.view = ExerciseView(self._on_change, layout=shared_model(widgets.Layout),
                                 judge=self._judge)
        self.prompt, self.board = self.view.prompt, self.view.board
        self.controls_box = self.view.controls_box
        self.previous_button = lean(widgets.Button, icon="arrow-left")
        self.hint_button = lean(widgets.Button, icon="lightbulb-o")
        self.next_button = lean(widgets.Button, icon="arrow-right", button_style="primary")

        self.language.observe(self._on_language, names="value")
        self.previous_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.hint_button.on_click(lambda _: self.show_hint())

        top = lean(widgets.HBox, [self.counter, self.score_label, self.language],
                   layout={"justify_content": "space-between", "align_items": "center",
                           "flex_flow": "row wrap"})
        nav = lean(widgets.HBox, [self.previous_button, self.hint_button, self.next_button],
                   layout={"margin": "8px 0 0 0", "flex_flow": "row wrap"})  # a phone wraps
        super().__init__([self.heading, top, self.view, nav],
                         layout=shared_model(widgets.Layout, max_width="780px"))
        self.add_class("bt-player")
        self._redraw()

    @classmethod
    def from_file(cls, bank: str | os.PathLike[str], lang: str = "en", title: str = "", *,
                  progress: CourseProgress | None = None) -> ScenarioPlayer:
        """Every scenario of a bank in file order, ``solve`` ones left out (they have no
        exercise here); ``bank`` is the course's bank by its name (``"03-play-a-trick"``)
        or a file of one's own by its path
        (:func:`~belote_teach.course.banks.find_bank`). The lesson id is the bank's name
        (the file's stem).

        Raises:
            UnknownBankError: no bank has that name and no file that path.
            ScenarioFileError: the file is malformed (file, line, id and key named).
            ValueError: the bank holds no scenario other than ``solve``.
        """
        found = find_bank(bank)
        shown = [s for s in load_bank(bank) if not isinstance(s, SolveScenario)]
        if not shown:
            raise ValueError(f"{found.file}: no scenario to show (the player shows every "
                             "kind but 'solve')")
        return cls(shown, lang=lang, title=title, progress=progress, lesson_id=found.name)

    # ------------------------------------------------------------------ learner actions
    def click(self, card: Card | str) -> None:
        """Click ``card`` as the learner would in the browser."""
        self.view.click(card)

    def go(self, index: int) -> None:
        """Show exercise ``index`` (clamped to the first and last)."""
        self._progress[self.index].notice = None
        self.index = max(0, min(index, len(self.exercises) - 1))
        self._redraw()

    def show_hint(self) -> None:
        """Show a hint for the current exercise: a question pointing at the deciding fact."""
        self._progress[self.index].hint = True
        self._redraw()

    def attach(self, progress: CourseProgress) -> None:
        """Log in and read from ``progress`` from now on (the learner's record, once the
        learner came to a page drawn before), and redraw: the page then shows what that
        record holds, as a page opened fresh does. A problem of that record (a damaged
        file set aside) is told with the exercise, in the learner's language."""
        self._record = progress
        self._problem = progress.read(lang=self.lang).problem
        self._redraw()

    @property
    def record(self) -> CourseProgress:
        """The learner's record the player logs in and reads from."""
        return self._record

    @property
    def problem(self) -> str | None:
        """A problem of the learner's record told above the exercises, else ``None``."""
        return self._problem

    # ------------------------------------------------------------------ state
    @property
    def current(self) -> Exercise:
        """The exercise on screen."""
        return self.exercises[self.index]

    @property
    def controls(self) -> widgets.Widget | None:
        """The answer controls of the exercise on screen, ``None`` for a click-only kind."""
        return self.view.controls

    @property
    def score(self) -> tuple[int, int, int]:
        """``(right at first try, done, total)`` over all exercises, as the learner's
        record holds them (every page and session)."""
        saved = self._saved()
        shown = [saved[e.id] for e in self.exercises if e.id in saved]
        return (sum(r.first_try for r in shown), sum(r.solved for r in shown),
                len(self.exercises))

    @property
    def results(self) -> dict[str, dict[str, object]]:
        """Scenario id -> ``{"solved": bool, "first_try": bool, "tries": int}`` for every
        exercise of the player tried so far, on any page or in any session, as the
        learner's record holds it."""
        saved = self._saved()
        return {e.id: dict(saved[e.id].as_dict()) for e in self.exercises if e.id in saved}

    @property
    def feedback_text(self) -> str:
        """The feedback on screen as plain text (tags removed)."""
        return self.view.feedback_text

    # ------------------------------------------------------------------ events
    def _saved(self) -> dict[str, ExerciseResult]:
        return self._record.exercise_results(self.lesson_id)

    def _judge(self, exercise: Exercise, progress: Progress, answer: object) -> bool:
        """Judge ``answer`` against the tries the record holds, and log it, in one
        transaction (another page's answers count before this one)."""
        with self._record.transaction():
            _take(progress, self._saved().get(exercise.id))
            answered = exercise.record(progress, answer)
            if answered:
                problem = self._record.record_answer(
                    self.lesson_id, exercise.id, solved=progress.solved,
                    first_try=progress.first_try, answer=_answer_text(answer),
                    lang=self.lang)
                if problem is not None:
                    self._problem = problem
        return answered

    def _on_change(self, exercise: Exercise, progress: Progress, answered: bool) -> None:
        """The learner acted on ``exercise`` (an answer, logged, when ``answered``):
        redraw from the record."""
        self._redraw()

    def _on_language(self, change: dict[str, object]) -> None:
        self.lang = str(change["new"])
        self._redraw()

    # ------------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        lang = self.lang
        exercise = self.current
        progress = self._progress[self.index]
        _take(progress, self._saved().get(exercise.id))
        right, done, total = self.score

        self.counter.value = (
            f"<b>{explain.text('exercise', lang, n=self.index + 1, total=total)}</b>")
        self.score_label.value = explain.text("score", lang, first_try=right, done=done,
                                              total=total)
        self.previous_button.description = explain.text("previous", lang)
        self.next_button.description = explain.text("next", lang)
        self.hint_button.description = explain.text("hint", lang)
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == total - 1

        extra = render.message_html("bad", self._problem) if self._problem else ""
        if done == total and progress.last is not None:
            extra = render.message_html(
                "info", explain.text(explain.plural_key("all_done", total, lang), lang,
                                     total=total, first_try=right))
        self.view.show(exercise, progress)
        self.view.draw(lang, extra)


def _take(progress: Progress, saved: ExerciseResult | None) -> None:
    """Put what the learner's record holds of an exercise on this page's ``progress``."""
    result = saved if saved is not None else ExerciseResult(False, False, 0)
    progress.solved, progress.first_try = result.solved, result.first_try
    progress.counted, progress.earlier = result.tries, result.tries > 0


def _answer_text(answer: object) -> str:
    """An answer as the record keeps it: a card's notation, a number, a bid..."""
    if isinstance(answer, (tuple, list)):
        return " ".join(_answer_text(item) for item in answer)
    if isinstance(answer, Mapping):
        return " ".join(f"{k}={_answer_text(v)}" for k, v in answer.items())
    return str(answer)
