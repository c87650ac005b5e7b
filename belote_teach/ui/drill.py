"""The drill player: endless practice of one chosen rule, with a streak counter.

The learner picks a drill (:data:`belote_teach.course.drills.DRILLS`: the rules of the pli
R3.1–R3.7, the pli's winner and points, the bidding, announcements, scoring) and answers
fresh positions the engine generates, one after another, each shown as the lesson
exercises show theirs (:func:`~belote_teach.ui.scenario_player.exercise_for` in an
:class:`~belote_teach.ui.exercise_view.ExerciseView`: the same table, controls,
explanations and hints).

The streak (:class:`~belote_teach.course.record.Streak`) counts positions, per drill:

* right at the first try (the answer the lesson teaches, every part of it right the
  first time): the streak grows by one;
* a wrong first answer (or a right one that is not the one taught): the streak falls
  back to 0 at once; the learner still finishes the position with the explanation, as in
  the lessons, and that position counts as answered;
* "Next position" on a position not yet decided (unanswered, or a pli whose winner was
  found but whose points were not given): the streak falls back to 0 too, the honest
  choice (skipping the hard positions must not keep a streak alive), but the position
  does not count as answered.

Every position decided (or skipped undecided) is logged in the learner's record at once
(:meth:`~belote_teach.course.progress.CourseProgress.record_drill_position`), and the
counters shown are read from it: this page's streak and counts, and the best streak of
the drill on any page and in any session. Each drill keeps its own position for the page:
switching to another drill and back finds it as it was; a page opened again starts a new
streak, the best one kept.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.drills import DRILLS, Drill, drill
from belote_teach.course.errors import DrillError, DrillExhaustedError
from belote_teach.course.progress import CourseProgress
from belote_teach.course.record import Streak
from belote_teach.course.scenarios import Scenario
from belote_teach.course.store import MemoryStore
from belote_teach.engine.cards import Card
from belote_teach.render.drill import DRILL_STYLE, drill_about_html, drill_text, streak_html
from belote_teach.render.html import escape
from belote_teach.ui.exercise_view import ExerciseView
from belote_teach.ui.exercises import Exercise, Progress
from belote_teach.ui.language import language_toggle
from belote_teach.ui.scenario_player import exercise_for
from belote_teach.ui.shared import lean, shared_model

__all__ = ["DrillChoiceError", "DrillPlayer"]


class DrillChoiceError(DrillError):
    """The drills asked of a :class:`DrillPlayer` cannot be shown: none, one given twice,
    an id that is not a text, a seed that is not a whole number, or a drill to select that
    is not offered. The message names the input and what was expected (an unknown drill
    id raises :class:`~belote_teach.course.errors.UnknownDrillError`, listing the ids)."""


@dataclass
class _Session:
    """One drill's state on this page: its position on screen (the counters are in the
    learner's record)."""

    exercise: Exercise | None = None
    progress: Progress = field(default_factory=Progress)
    #: the position on screen already counted in the streak
    scored: bool = False
    #: why the last generation found no position
    exhausted: DrillExhaustedError | None = None
    #: what just sent the streak back to 0: ("broken" | "skipped", streak lost)
    note: tuple[str, int] | None = None


def _drill_ids(drill_ids: str | Sequence[str] | None) -> tuple[str, ...]:
    """The drills asked for, checked, in the order given (``None``: all of them)."""
    if drill_ids is None:
        return tuple(DRILLS)
    ids = (drill_ids,) if isinstance(drill_ids, str) else drill_ids
    if not isinstance(ids, Sequence):
        raise DrillChoiceError(f"drill_ids must be a list of drill ids, got {drill_ids!r}")
    if not ids:
        raise DrillChoiceError("drill_ids is empty: expected at least one drill id among "
                               f"{', '.join(DRILLS)}")
    for drill_id in ids:
        if not isinstance(drill_id, str):
            raise DrillChoiceError(f"drill_ids holds {drill_id!r}: expected drill ids "
                                   "(texts such as 'must-undertrump')")
        drill(drill_id)  # UnknownDrillError for an id not in DRILLS
    twice = sorted({i for i in ids if list(ids).count(i) > 1})
    if twice:
        raise DrillChoiceError(f"drill_ids names {', '.join(map(repr, twice))} more than "
                               "once: expected each drill once")
    return tuple(ids)


class DrillPlayer(widgets.VBox):
    """Endless positions of a chosen drill, with a hint, the explanation of every answer
    and a streak counter (positions in a row right at the first try).

    Args:
        drill_ids: the drills offered (ids of :data:`~belote_teach.course.drills.DRILLS`, a
            single id accepted); ``None``: all of them. The menu lists them in the order
            of :data:`~belote_teach.course.drills.DRILLS` (the rules of the pli, the pli's
            winner, the bidding, announcements, scoring), labelled with their titles;
            the first one given is shown first. With one drill, no menu: its title
            shows above its description.
        lang: ``"en"`` or ``"fr"``; the learner can switch.
        title: the heading (default: the catalog's "Practice: one rule, endless positions").
        seed: the seed of the positions (the same seed and the same clicks give the same
            positions); ``None``: a fresh ``random.Random()``.
        progress: the learner's record, where every position decided is logged and the
            counters read
            (:meth:`~belote_teach.course.progress.CourseProgress.record_drill_position`);
            ``None``: a record in memory only, until one is attached (:meth:`attach`; the
            lesson helper :func:`belote_teach.ui.lesson.drill` attaches the learner's).

    Raises:
        UnknownDrillError: an id is not a drill (the message lists the ids).
        DrillChoiceError: ``drill_ids`` is empty, not a list of texts or names a drill
            twice; ``seed`` is not a whole number.
        ValueError: unknown language.

    Attributes:
        choice: the drill menu (a Dropdown; hidden when only one drill is offered).
        about: the drill's one-line description (HTML).
        streak_box: the streak counter (HTML).
        view: the :class:`~belote_teach.ui.exercise_view.ExerciseView` of the position
            (``prompt``, ``board``, ``controls_box`` are its parts).
        message: a problem to tell (no position found, the progress file unreadable).
        page: this page's id in the learner's record (its streaks are this page's).
        hint_button, next_button: "Hint" and "Next position".
        language: the EN/FR toggle.
    """

    def __init__(self, drill_ids: str | Sequence[str] | None = None, *, lang: str = "en",
                 title: str = "", seed: int | None = None,
                 progress: CourseProgress | None = None):
        explain.check_language(lang)
        ids = _drill_ids(drill_ids)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DrillChoiceError(f"seed must be a whole number or None, got {seed!r}")
        self.lang = lang
        self.title = title
        self.drill_ids: tuple[str, ...] = ids
        self._menu: tuple[Drill, ...] = tuple(d for d in DRILLS.values() if d.id in ids)
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self._record = progress if progress is not None else CourseProgress(
            store=MemoryStore())
        self.page = uuid.uuid4().hex
        self._store_problem = self._record.read(lang=lang).problem
        self._sessions: dict[str, _Session] = {}
        self._drill_id = ids[0]
        self._relabelling = False

        # layouts and styles shared with the page's other widgets (ui.shared): never changed
        self.style_sheet = lean(widgets.HTML, f"<style>{DRILL_STYLE}</style>")
        self.heading = lean(widgets.HTML, layout={"flex": "1 1 auto"})
        self.language = language_toggle(lang)
        self.choice = widgets.Dropdown(
            options=self._options(), value=self._drill_id,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="100%", max_width="560px",
                                  display=None if len(ids) > 1 else "none"))
        self.about = lean(widgets.HTML)
        self.streak_box = lean(widgets.HTML)
        self.message = lean(widgets.HTML)
        self.view = ExerciseView(self._on_change)
        self.prompt, self.board = self.view.prompt, self.view.board
        self.controls_box = self.view.controls_box
        self.hint_button = lean(widgets.Button, icon="lightbulb-o", layout={"width": "auto"})
        self.next_button = lean(widgets.Button, icon="forward", button_style="primary",
                                layout={"width": "auto"})

        self.language.observe(self._on_language, names="value")
        self.choice.observe(self._on_choice, names="value")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.next_button.on_click(lambda _: self.next_position())

        top = lean(widgets.HBox, [self.heading, self.language],
                   layout={"justify_content": "space-between", "align_items": "center"})
        nav = lean(widgets.HBox, [self.hint_button, self.next_button],
                   layout={"margin": "8px 0 0 0"})
        super().__init__([self.style_sheet, top, self.choice, self.about, self.streak_box,
                          self.message, self.view, nav],
                         layout=shared_model(widgets.Layout, max_width="780px"))
        self.add_class("bt-player")
        self.add_class("bt-drill")
        self._new_position(self._session)
        self._redraw()

    # ------------------------------------------------------------------ learner actions
    def select(self, drill_id: str) -> None:
        """Show the drill ``drill_id`` (as choosing it in the menu does): its position and
        counters of this session, or a first position.

        Raises:
            DrillChoiceError: ``drill_id`` is not one of the drills offered.
        """
        if drill_id not in self.drill_ids:
            raise DrillChoiceError(f"drill {drill_id!r} is not offered here: expected one "
                                   f"of {', '.join(self.drill_ids)}")
        self.choice.value = drill_id

    def next_position(self) -> None:
        """A fresh position of the drill shown. A position not yet decided (unanswered,
        or half answered) sends the streak back to 0 without counting as answered."""
        session = self._session
        session.note = None
        if session.exercise is not None and not session.scored:
            lost = self.streak
            self._log(None)
            if lost.current:
                session.note = ("skipped", lost.current)
        self._new_position(session)
        self._redraw()

    def show_hint(self) -> None:
        """Show the hint of the position: a question pointing at the deciding fact."""
        session = self._session
        if session.exercise is None:
            return
        session.progress.hint = True
        self._redraw()

    def click(self, card: Card | str) -> None:
        """Click ``card`` as the learner would in the browser.

        Raises:
            InvalidCardError: ``card`` is not a card's notation.
        """
        self.view.click(card)

    # ------------------------------------------------------------------ state
    @property
    def drill_id(self) -> str:
        """The drill shown."""
        return self._drill_id

    @property
    def drill(self) -> Drill:
        """The drill shown (:class:`~belote_teach.course.drills.Drill`)."""
        return DRILLS[self._drill_id]

    @property
    def exercise(self) -> Exercise | None:
        """The exercise of the position on screen; ``None`` when no position was found."""
        return self._session.exercise

    @property
    def scenario(self) -> Scenario | None:
        """The scenario of the position on screen (generated by the drill), or ``None``."""
        exercise = self._session.exercise
        return exercise.scenario if exercise is not None else None

    @property
    def streak(self) -> Streak:
        """This page's counters in the drill shown (positions), as the learner's record
        holds them."""
        return self._record.drill_streak(self._drill_id, self.page)

    @property
    def best_streak(self) -> int:
        """The best streak in the drill shown, on any page and in any session
        (positions), as the learner's record holds it."""
        return self._record.best_streak(self._drill_id)

    @property
    def record(self) -> CourseProgress:
        """The learner's record the drill logs in and reads from."""
        return self._record

    @property
    def controls(self) -> widgets.Widget | None:
        """The answer controls of the position on screen, ``None`` for a click-only kind."""
        return self.view.controls

    @property
    def feedback_text(self) -> str:
        """The feedback on the board as plain text (tags removed)."""
        return self.view.feedback_text

    # ------------------------------------------------------------------ inside
    @property
    def _session(self) -> _Session:
        return self._sessions.setdefault(self._drill_id, _Session())

    def _options(self) -> list[tuple[str, str]]:
        return [(d.title(self.lang), d.id) for d in self._menu]

    def _new_position(self, session: _Session) -> None:
        """A fresh position of the drill shown into ``session``; the engine giving up is
        kept to be told, never raised."""
        try:
            scenario = self.drill.generate(self._rng)
        except DrillExhaustedError as err:
            session.exercise, session.exhausted = None, err
            return
        session.exercise, session.exhausted = exercise_for(scenario), None
        session.progress = Progress()
        session.scored = False

    def _on_change(self, exercise: Exercise, progress: Progress, answered: bool) -> None:
        """The learner acted on ``exercise``: count it in the streak once its outcome is
        known (solved, or a first answer that is not the one taught), then redraw."""
        session = self._session
        if answered and exercise is session.exercise and not session.scored:
            if progress.solved:
                self._score(session, progress.first_try)
            elif not exercise.is_best(progress.last):
                self._score(session, False)
        self._redraw()

    def _score(self, session: _Session, right: bool) -> None:
        before = self.streak
        self._log(right)
        session.scored = True
        session.note = ("broken", before.current) if not right and before.current else None

    def _log(self, right: bool | None) -> None:
        """Log the position on screen decided (``right``) or skipped (``None``)."""
        problem = self._record.record_drill_position(self._drill_id, self.page,
                                                     right=right, lang=self.lang)
        if problem is not None:
            self._store_problem = problem

    def _on_choice(self, change: dict[str, object]) -> None:
        if self._relabelling or change["new"] is None:
            return
        self._drill_id = str(change["new"])
        session = self._session
        if session.exercise is None and session.exhausted is None:
            self._new_position(session)
        self._redraw()

    def _on_language(self, change: dict[str, object]) -> None:
        self.lang = str(change["new"])
        self._relabelling = True
        try:
            self.choice.options = self._options()
            self.choice.value = self._drill_id
        finally:
            self._relabelling = False
        self._redraw()

    def _problems(self) -> list[str]:
        lang = self.lang
        problems = []
        if self._store_problem is not None:
            problems.append(self._store_problem)
        exhausted = self._session.exhausted
        if exhausted is not None:
            problems.append(drill_text("exhausted", lang, attempts=exhausted.attempts))
        return problems

    # ------------------------------------------------------------------ drawing
    def attach(self, progress: CourseProgress) -> None:
        """Log in and read from ``progress`` from now on (the learner's record, once the
        learner came to a page drawn before), and redraw: the counters are then that
        record's, as on a page opened fresh. A problem of that record (a damaged file
        set aside) is told with the drill, in the learner's language."""
        self._record = progress
        self._store_problem = progress.read(lang=self.lang).problem
        self._redraw()

    def _redraw(self) -> None:
        lang = self.lang
        session = self._session
        drill_shown = self.drill
        heading = self.title or drill_text("heading", lang)
        self.heading.value = f"<h3 class='bt-drill-heading'>{escape(heading)}</h3>"
        self.choice.description = drill_text("choose", lang)
        alone = len(self.drill_ids) == 1
        self.about.value = drill_about_html(drill_shown.description(lang),
                                            drill_shown.title(lang) if alone else "")
        self.streak_box.value = streak_html(self.streak, self.best_streak, lang,
                                            note=session.note)
        self.message.value = "".join(render.message_html("bad", problem)
                                     for problem in self._problems())
        self.hint_button.description = explain.text("hint", lang)
        self.next_button.description = drill_text("next_position", lang)
        self.next_button.tooltip = drill_text("next_position_tip", lang)
        self.hint_button.disabled = session.exercise is None
        if session.exercise is None:
            self.view.layout.display = "none"
            return
        self.view.layout.display = None
        self.view.show(session.exercise, session.progress)
        self.view.draw(lang)
