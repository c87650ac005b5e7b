"""The scenario player: a set of exercises from a scenario file (kinds ``play`` and
``trick`` of SCENARIOS.md), one at a time, at a real-looking table.

The learner clicks a card. Right: a short confirmation naming the rule. Wrong: the
explanation (the rule, the card winning and its seat, the cards that satisfy the
rule), the right cards highlighted, and another try. A hint, previous/next, a running
score and an English/French switch complete it. The player only keeps the learner's
progress and draws; each exercise (``ui.exercises``) asks the engine and ``explain``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.cards import Card
from belote_teach.scenarios import PlayScenario, Scenario, TrickScenario, load_file
from belote_teach.ui.board import CardBoard
from belote_teach.ui.exercises import Exercise, Progress, exercise_for

__all__ = ["ScenarioPlayer"]


class ScenarioPlayer(widgets.VBox):
    """Exercises of kinds ``play`` and ``trick``, one at a time, with feedback from the engine.

    Args:
        scenarios: the scenarios (``PlayScenario`` / ``TrickScenario``), in order; at
            least one.
        lang: ``"en"`` or ``"fr"``; the learner can switch.
        title: optional heading shown above the exercises.

    Raises:
        ValueError: no scenario, a kind without an exercise widget, or an unknown language.

    Attributes:
        board: the :class:`CardBoard` (set ``board.selected = "JH"`` to click a card).
        previous_button, hint_button, next_button: the navigation buttons.
        language: the EN/FR toggle.
    """

    def __init__(self, scenarios: Sequence[Scenario], lang: str = "en", title: str = ""):
        if not scenarios:
            raise ValueError("ScenarioPlayer needs at least one scenario, got none")
        explain.catalog(lang)  # validates the language
        self.exercises: list[Exercise] = [exercise_for(s) for s in scenarios]
        self.lang = lang
        self.index = 0
        self._progress = [Progress() for _ in self.exercises]

        self.heading = widgets.HTML(f"<h3>{html.escape(title)}</h3>" if title else "")
        self.counter = widgets.HTML()
        self.score_label = widgets.HTML()
        self.language = widgets.ToggleButtons(
            options=[("EN", "en"), ("FR", "fr")], value=lang,
            tooltips=["English", "Français"], style={"button_width": "52px"},
        )
        self.prompt = widgets.HTML()
        self.board = CardBoard()
        self.previous_button = widgets.Button(icon="arrow-left")
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.next_button = widgets.Button(icon="arrow-right", button_style="primary")

        self.board.observe(self._on_selected, names="selected")
        self.language.observe(self._on_language, names="value")
        self.previous_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.hint_button.on_click(lambda _: self.show_hint())

        top = widgets.HBox([self.counter, self.score_label, self.language],
                           layout=widgets.Layout(justify_content="space-between",
                                                 align_items="center", flex_flow="row wrap"))
        nav = widgets.HBox([self.previous_button, self.hint_button, self.next_button],
                           layout=widgets.Layout(margin="8px 0 0 0"))
        super().__init__([self.heading, top, self.prompt, self.board, nav],
                         layout=widgets.Layout(max_width="780px"))
        self.add_class("bt-player")
        self._redraw()

    @classmethod
    def from_file(cls, path: str | Path, lang: str = "en", title: str = "") -> ScenarioPlayer:
        """The ``play`` scenarios of a scenario file, in file order, then its ``trick``
        scenarios (other kinds are left to their own widgets).

        Raises:
            ScenarioFileError: the file is malformed (file, line, id and key named).
            ValueError: the file holds no ``play`` or ``trick`` scenario.
        """
        scenarios = load_file(path)
        shown = ([s for s in scenarios if isinstance(s, PlayScenario)]
                 + [s for s in scenarios if isinstance(s, TrickScenario)])
        if not shown:
            raise ValueError(f"{path}: no scenario of kind 'play' or 'trick' to show")
        return cls(shown, lang=lang, title=title)

    # ------------------------------------------------------------------ learner actions
    def click(self, card: Card | str) -> None:
        """Click ``card`` as the learner would in the browser."""
        self.board.selected = str(Card.parse(card))

    def go(self, index: int) -> None:
        """Show exercise ``index`` (clamped to the first and last)."""
        self.index = max(0, min(index, len(self.exercises) - 1))
        self._redraw()

    def show_hint(self) -> None:
        """Show a hint for the current exercise: a question pointing at the deciding fact."""
        self._progress[self.index].hint = True
        self._redraw()

    # ------------------------------------------------------------------ state
    @property
    def current(self) -> Exercise:
        """The exercise on screen."""
        return self.exercises[self.index]

    @property
    def score(self) -> tuple[int, int, int]:
        """``(right at first try, done, total)`` over all exercises."""
        right = sum(p.first_try for p in self._progress)
        done = sum(p.solved for p in self._progress)
        return right, done, len(self.exercises)

    @property
    def feedback_text(self) -> str:
        """The feedback on screen as plain text (tags removed)."""
        raw = re.sub(r"<[^>]+>", " ", self.board.feedback_html)
        return re.sub(r"\s+", " ", html.unescape(raw)).strip()

    # ------------------------------------------------------------------ events
    def _on_selected(self, change: dict[str, object]) -> None:
        code = str(change["new"])
        if not code:
            return
        self.board.selected = ""  # ready for the next click, even of the same card
        try:
            card = Card.parse(code)
        except ValueError:
            return
        exercise = self.current
        if card not in exercise.choices():
            return  # not a card of this exercise: nothing changes
        progress = self._progress[self.index]
        progress.tries.append(card)
        if not progress.solved and exercise.is_right(card):
            progress.solved = True
            progress.first_try = len(progress.tries) == 1 and exercise.is_best(card)
        self._redraw()

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
        self.prompt.value = (
            f"<p class='bt-prompt'>{html.escape(exercise.prompt(lang), quote=False)}</p>")
        self.previous_button.description = explain.text("previous", lang)
        self.next_button.description = explain.text("next", lang)
        self.hint_button.description = explain.text("hint", lang)
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == total - 1

        drawing = exercise.draw(progress, lang)
        feedback = drawing.feedback_html
        if done == total and progress.last is not None:
            feedback += render.message_html(
                "info", explain.text("all_done", lang, total=total, first_try=right))
        self.board.table_html = drawing.table_html
        self.board.hand_html = drawing.hand_html
        self.board.feedback_html = feedback
