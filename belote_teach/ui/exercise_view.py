"""The view of one exercise: its question, the card board and its answer controls, and
the path from a learner's click to the redrawn board.

A card clicked on the board (or a control used under it) goes to the exercise shown,
which asks the engine whether the answer is right; the owner's ``judge`` records it in
the learner's :class:`~belote_teach.ui.exercises.Progress` (the scenario player first
reads that progress from the learner's store, and logs the answer there, in one
transaction); the view then tells its owner, which redraws. A control of an exercise
that is no longer shown (a stray click on a control on its way out) changes nothing:
the controls hold only their exercise, never a progress, and the view looks the
progress up when they are used. The scenario player (a fixed list of exercises,
:class:`~belote_teach.ui.scenario_player.ScenarioPlayer`) and the drill player (a fresh
exercise after each one, :class:`~belote_teach.ui.drill.DrillPlayer`) both show their
exercises in an :class:`ExerciseView`, so an exercise looks and answers the same in a
lesson and in a drill. No rule is decided here.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable

import ipywidgets as widgets

from belote_teach.engine.cards import Card
from belote_teach.render.html import escape
from belote_teach.ui.board import CardBoard
from belote_teach.ui.exercises import Exercise, Invalid, Progress
from belote_teach.ui.shared import lean

__all__ = ["ChangeCallback", "ExerciseView", "Judge"]

#: What the view calls after the learner acted on an exercise:
#: ``callback(exercise, progress, answered)``; ``answered`` is True when the answer
#: changed the exercise's result (:meth:`~belote_teach.ui.exercises.Exercise.record`),
#: False for input that is not an answer (an empty box, a card picked).
ChangeCallback = Callable[[Exercise, Progress, bool], None]
#: What records an answer: ``judge(exercise, progress, answer)`` adds ``answer`` to
#: ``progress`` and returns whether the result changed (by default
#: :meth:`Exercise.record <belote_teach.ui.exercises.Exercise.record>`).
Judge = Callable[[Exercise, Progress, object], bool]


def _record(exercise: Exercise, progress: Progress, answer: object) -> bool:
    return exercise.record(progress, answer)


class ExerciseView(widgets.VBox):
    """One exercise at a time: the question, the :class:`CardBoard` and the exercise's
    answer controls under it.

    Args:
        on_change: called as ``on_change(exercise, progress, answered)`` after every
            learner action on an exercise (see :data:`ChangeCallback`); the owner redraws
            with :meth:`draw` and keeps the result.
        layout: the view's layout; ``None``: a layout of its own, which its owner may
            change (the drill hides the view with ``layout.display``). An owner that never
            changes it passes the page's shared one (:mod:`belote_teach.ui.shared`).
        judge: records an answer (see :data:`Judge`); default: the exercise's own
            :meth:`~belote_teach.ui.exercises.Exercise.record`.

    Attributes:
        prompt: the question (HTML).
        board: the card board (set ``board.selected = "JH"`` to click a card).
        controls_box: holds the exercise's answer controls (empty when clicking a card is
            the whole answer).
    """

    def __init__(self, on_change: ChangeCallback, *, layout: widgets.Layout | None = None,
                 judge: Judge = _record):
        if not callable(on_change) or not callable(judge):
            raise TypeError(f"ExerciseView needs a callable on_change(exercise, progress, "
                            f"answered) and judge(exercise, progress, answer), got "
                            f"{on_change!r} and {judge!r}")
        self._on_change = on_change
        self._judge = judge
        self._shown: tuple[Exercise, Progress] | None = None
        self.prompt = lean(widgets.HTML)
        self.board = CardBoard()
        self.controls_box = lean(widgets.VBox)
        self.board.observe(self._on_selected, names="selected")
        super().__init__([self.prompt, self.board, self.controls_box],
                         layout=layout if layout is not None else widgets.Layout())

    # ------------------------------------------------------------------ what is shown
    def show(self, exercise: Exercise, progress: Progress) -> None:
        """Show ``exercise`` with the learner's ``progress`` on it from now on (drawn by
        the next :meth:`draw`)."""
        self._shown = (exercise, progress)

    @property
    def exercise(self) -> Exercise | None:
        """The exercise shown, ``None`` before the first :meth:`show`."""
        return self._shown[0] if self._shown is not None else None

    @property
    def progress(self) -> Progress | None:
        """The learner's progress on the exercise shown, ``None`` before :meth:`show`."""
        return self._shown[1] if self._shown is not None else None

    @property
    def controls(self) -> widgets.Widget | None:
        """The answer controls of the exercise shown, ``None`` for a click-only kind."""
        children = self.controls_box.children
        return children[0] if children else None

    @property
    def feedback_text(self) -> str:
        """The feedback on the board as plain text (tags removed)."""
        raw = re.sub(r"<[^>]+>", " ", self.board.feedback_html)
        return re.sub(r"\s+", " ", html.unescape(raw)).strip()

    # ------------------------------------------------------------------ learner actions
    def click(self, card: Card | str) -> None:
        """Click ``card`` as the learner would in the browser.

        Raises:
            InvalidCardError: ``card`` is not a card's notation.
        """
        self.board.selected = str(Card.parse(card))

    # ------------------------------------------------------------------ drawing
    def draw(self, lang: str, extra_feedback: str = "") -> None:
        """Draw the exercise shown in ``lang``: the question, the controls (built once per
        exercise, relabelled) and the board after the learner's answers, the owner's
        ``extra_feedback`` (HTML from ``render``) after the exercise's own feedback.

        Raises:
            RuntimeError: nothing to draw yet (:meth:`show` was never called).
        """
        if self._shown is None:
            raise RuntimeError("ExerciseView.draw: no exercise shown yet (call show first)")
        exercise, progress = self._shown
        self.prompt.value = (
            f"<p class='bt-prompt'>{escape(exercise.prompt(lang))}</p>")
        controls = exercise.controls(functools.partial(self._submit, exercise),
                                     functools.partial(self._refresh, exercise))
        exercise.update_controls(progress, lang)
        self.controls_box.children = (controls,) if controls is not None else ()
        drawing = exercise.draw(progress, lang)
        self.board.table_html = drawing.table_html
        self.board.hand_html = drawing.hand_html
        self.board.feedback_html = drawing.feedback_html + extra_feedback

    # ------------------------------------------------------------------ events
    def _on_selected(self, change: dict[str, object]) -> None:
        code = str(change["new"])
        if not code or self._shown is None:
            return
        self.board.selected = ""  # ready for the next click, even of the same card
        try:
            card = Card.parse(code)
        except ValueError:
            return
        exercise = self._shown[0]
        if card not in exercise.choices():
            return  # not a card of this exercise: nothing changes
        answer = exercise.on_card(card)
        if answer is None:
            self._refresh(exercise)
        else:
            self._submit(exercise, answer)

    def _progress_of(self, exercise: Exercise) -> Progress | None:
        """The progress of ``exercise`` if it is the one shown, else ``None`` (a control
        of an exercise no longer shown: its input is ignored)."""
        if self._shown is None or self._shown[0] is not exercise:
            return None
        return self._shown[1]

    def _submit(self, exercise: Exercise, answer: object) -> None:
        """The learner answered ``exercise`` (or gave input that is not an answer)."""
        progress = self._progress_of(exercise)
        if progress is None:
            return
        if isinstance(answer, Invalid):
            progress.notice = answer  # said on screen; nothing else changes
            self._on_change(exercise, progress, False)
            return
        answered = self._judge(exercise, progress, answer)
        self._on_change(exercise, progress, answered)

    def _refresh(self, exercise: Exercise) -> None:
        """``exercise`` changed its own input (a card picked): the owner redraws."""
        progress = self._progress_of(exercise)
        if progress is None:
            return
        progress.notice = None
        self._on_change(exercise, progress, False)
