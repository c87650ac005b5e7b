"""The scenario player: the exercises of a scenario file, every kind of SCENARIOS.md
but ``solve``, one at a time in file order, at a real-looking table.

Each exercise draws its situation on the card board and, when clicking a card is not
enough, shows its answer controls under it: ``play`` (click a card you may play, R3),
``trick`` (click the winning card, R1.5, then type its card points, R1.2, R1.3),
``bid`` (take or pass, R2.4, R2.5), ``announce`` (build the hand's announcements, R4,
and say belote, R5.1), ``compare`` (which team scores its announcements, R4.5, R4.6) and
``score`` (the outcome and marks of a deal, R6). Right: a short confirmation naming the
rule. Wrong: the explanation (the rule's title, the cards involved, what would have been
right) and another try. A hint, previous/next, a running score and an English/French
switch complete it.

The player keeps the learner's progress and draws; each exercise (``ui.exercises`` and
``ui.exercise_*``) asks the engine and ``explain``, shown in an
:class:`~belote_teach.ui.exercise_view.ExerciseView` (the drill player shows its
exercises in one too). A progress store plugs in with
``results=`` (what an earlier session did), :attr:`ScenarioPlayer.results` and
:meth:`ScenarioPlayer.on_result`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.cards import Card
from belote_teach.scenarios import (
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
    load_file,
)
from belote_teach.ui.exercise_announce import AnnounceExercise, CompareExercise
from belote_teach.ui.exercise_bid import BidExercise
from belote_teach.ui.exercise_deal import DealExercise
from belote_teach.ui.exercise_game import GameExercise
from belote_teach.ui.exercise_score import ScoreExercise
from belote_teach.ui.exercise_view import ExerciseView
from belote_teach.ui.exercises import Exercise, PlayExercise, Progress, TrickExercise
from belote_teach.ui.language import language_toggle
from belote_teach.ui.shared import lean, shared_model

__all__ = ["ResultCallback", "ResultsError", "ScenarioPlayer", "exercise_for"]

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

#: What :meth:`ScenarioPlayer.on_result` calls: ``callback(scenario_id, result)``.
ResultCallback = Callable[[str, dict[str, object]], None]

#: The keys of one result and their types (``tries`` is a whole number, 0 or more).
_RESULT_KEYS: dict[str, type] = {"solved": bool, "first_try": bool, "tries": int}


class ResultsError(ValueError):
    """The ``results`` of an earlier session are not ``{id: {"solved": bool, "first_try":
    bool, "tries": int}}``; the message names the scenario id and what was expected."""


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


def _read_result(scenario_id: object, result: object) -> Progress:
    """The progress an earlier session's ``result`` describes (see :class:`ResultsError`)."""
    expected = "{'solved': bool, 'first_try': bool, 'tries': int >= 0}"
    if not isinstance(scenario_id, str):
        raise ResultsError(f"results: scenario ids are strings, got {scenario_id!r}")
    if not isinstance(result, Mapping):
        raise ResultsError(f"results[{scenario_id!r}]: expected {expected}, got {result!r}")
    for key, kind in _RESULT_KEYS.items():
        value = result.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ResultsError(f"results[{scenario_id!r}][{key!r}]: expected "
                               f"{kind.__name__}, got {value!r} (a result is {expected})")
    solved, first_try, tries = result["solved"], result["first_try"], result["tries"]
    if tries < 0:
        raise ResultsError(f"results[{scenario_id!r}]['tries']: expected 0 or more, got {tries}")
    if first_try and not solved:
        raise ResultsError(f"results[{scenario_id!r}]: first_try is true but solved is false "
                           f"in {dict(result)!r}")
    if solved and tries < 1:
        raise ResultsError(f"results[{scenario_id!r}]: solved with {tries} tries in "
                           f"{dict(result)!r}; solving takes at least one")
    return Progress(solved=solved, first_try=first_try, counted=tries, earlier=True)


class ScenarioPlayer(widgets.VBox):
    """Exercises of every kind but ``solve``, one at a time, with feedback from the engine.

    Args:
        scenarios: the scenarios, in the order shown; at least one, ids distinct.
        lang: ``"en"`` or ``"fr"``; the learner can switch.
        title: optional heading shown above the exercises.
        results: what an earlier session did, scenario id -> ``{"solved": bool,
            "first_try": bool, "tries": int}`` (other keys of a result are ignored; results
            of scenarios not shown are checked, then ignored): those exercises show as
            done (a solved one with its answer) and count in the score.

    Raises:
        ValueError: no scenario, two scenarios with one id, a kind without an exercise
            widget, or an unknown language.
        ResultsError: ``results`` is malformed (the scenario id and the key named).

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
                 results: Mapping[str, Mapping[str, object]] | None = None):
        if not scenarios:
            raise ValueError("ScenarioPlayer needs at least one scenario, got none")
        explain.catalog(lang)  # validates the language
        ids = [s.id for s in scenarios]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"scenario ids must be distinct (results are kept by id), got "
                             f"{', '.join(repr(i) for i in twice)} more than once")
        self.exercises: list[Exercise] = [exercise_for(s) for s in scenarios]
        self.lang = lang
        self.index = 0
        self._progress = [Progress() for _ in ids]
        if results is not None:
            self._take_earlier(results)
        self._callbacks: list[ResultCallback] = []

        self.heading = lean(widgets.HTML, f"<h3>{html.escape(title)}</h3>" if title else "")
        self.counter = lean(widgets.HTML)
        self.score_label = lean(widgets.HTML)
        self.language = language_toggle(lang)
        self.view = ExerciseView(self._on_change, layout=shared_model(widgets.Layout))
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
                   layout={"margin": "8px 0 0 0"})
        super().__init__([self.heading, top, self.view, nav],
                         layout=shared_model(widgets.Layout, max_width="780px"))
        self.add_class("bt-player")
        self._redraw()

    @classmethod
    def from_file(cls, path: str | Path, lang: str = "en", title: str = "", *,
                  results: Mapping[str, Mapping[str, object]] | None = None
                  ) -> ScenarioPlayer:
        """Every scenario of a scenario file in file order, ``solve`` ones left out (they
        have no exercise here).

        Raises:
            ScenarioFileError: the file is malformed (file, line, id and key named).
            ValueError: the file holds no scenario other than ``solve``.
            ResultsError: ``results`` is malformed.
        """
        shown = [s for s in load_file(path) if not isinstance(s, SolveScenario)]
        if not shown:
            raise ValueError(f"{path}: no scenario to show (the player shows every kind but "
                             "'solve')")
        return cls(shown, lang=lang, title=title, results=results)

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

    def on_result(self, callback: ResultCallback) -> None:
        """Call ``callback(scenario_id, result)`` after every learner answer that changes a
        result (every answer until the exercise is solved); ``result`` is a new dict as in
        :attr:`results`.

        Raises:
            TypeError: ``callback`` is not callable.
        """
        if not callable(callback):
            raise TypeError(f"on_result needs a callable(scenario_id, result), got "
                            f"{callback!r}")
        self._callbacks.append(callback)

    def restore(self, results: Mapping[str, Mapping[str, object]]) -> None:
        """Show what an earlier session did (``results`` as for the constructor: scenario
        id -> ``{"solved", "first_try", "tries"}``; ids of other exercises are ignored)
        on the exercises not tried in this one, and redraw. A lesson drawn before its
        learner came gets their progress this way (:func:`belote_teach.ui.lesson.exercises`).

        Raises:
            ResultsError: ``results`` is malformed (the scenario id and the key named);
                nothing is changed.
        """
        self._take_earlier(results)
        self._redraw()

    def _take_earlier(self, results: object) -> None:
        """Put ``results`` (an earlier session's) on the exercises not tried in this one,
        every result checked first (see :class:`ResultsError`): nothing changes when one
        is malformed."""
        if not isinstance(results, Mapping):
            raise ResultsError(f"results: expected a mapping scenario id -> result, got "
                               f"{results!r}")
        earlier = {i: _read_result(i, r) for i, r in results.items()}
        for k, exercise in enumerate(self.exercises):
            done = earlier.get(exercise.id)
            if done is not None and not self._progress[k].counted:
                self._progress[k] = done

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
        """``(right at first try, done, total)`` over all exercises, earlier sessions
        included."""
        right = sum(p.first_try for p in self._progress)
        done = sum(p.solved for p in self._progress)
        return right, done, len(self.exercises)

    @property
    def results(self) -> dict[str, dict[str, object]]:
        """Scenario id -> ``{"solved": bool, "first_try": bool, "tries": int}`` for every
        exercise tried so far, in this session or an earlier one (JSON-friendly)."""
        return {exercise.id: progress.result()
                for exercise, progress in zip(self.exercises, self._progress, strict=True)
                if progress.counted or progress.earlier}

    @property
    def feedback_text(self) -> str:
        """The feedback on screen as plain text (tags removed)."""
        return self.view.feedback_text

    # ------------------------------------------------------------------ events
    def _on_change(self, exercise: Exercise, progress: Progress, answered: bool) -> None:
        """The learner acted on ``exercise`` (an answer when ``answered``): redraw, then
        report the new result."""
        self._redraw()
        if answered:
            for callback in self._callbacks:
                callback(exercise.id, progress.result())

    def _on_language(self, change: dict[str, object]) -> None:
        self.lang = str(change["new"])
        self._redraw()

    # ------------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        lang = self.lang
        exercise = self.current
        progress = self._progress[self.index]
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

        extra = ""
        if done == total and progress.last is not None:
            extra = render.message_html(
                "info", explain.text(explain.plural_key("all_done", total, lang), lang,
                                     total=total, first_try=right))
        self.view.show(exercise, progress)
        self.view.draw(lang, extra)
