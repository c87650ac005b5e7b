"""The scenario player: a set of "which card may you play?" exercises (kind ``play`` of
SCENARIOS.md) at a real-looking table.

The learner clicks a card. Right: a short confirmation naming the rule. Wrong: the
explanation (the rule, the card winning and its seat, the cards that satisfy the
rule), the legal cards highlighted, and another try. A hint, previous/next, a
running score and an English/French switch complete it. The widget only asks the
engine (``legal_plays``) and ``explain``; it decides no rule itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.cards import Card
from belote_teach.rules import LegalPlays
from belote_teach.ui.board import CardBoard

__all__ = ["PlayExercise", "ScenarioPlayer"]


class PlayExercise(Protocol):
    """What the player needs of a ``play`` scenario (see ``belote_teach.scenarios``)."""

    id: str
    prompt: dict[str, str]
    best: tuple[Card, ...]

    def legal_plays(self) -> LegalPlays:
        """The engine's verdict on the scenario's position."""
        ...


@dataclass
class _Progress:
    """What the learner did on one exercise."""

    tries: list[Card] = field(default_factory=list)
    solved: bool = False
    first_try: bool = False
    hint: bool = False

    @property
    def last(self) -> Card | None:
        return self.tries[-1] if self.tries else None


class ScenarioPlayer(widgets.VBox):
    """Exercises of kind ``play``, one at a time, with feedback from the engine.

    Args:
        scenarios: the exercises (``PlayScenario`` objects, in order); at least one.
        lang: ``"en"`` or ``"fr"``; the learner can switch.
        title: optional heading shown above the exercises.

    Raises:
        ValueError: no scenario, or an unknown language.

    Attributes:
        board: the :class:`CardBoard` (set ``board.selected = "JH"`` to click a card).
        previous_button, hint_button, next_button: the navigation buttons.
        language: the EN/FR toggle.
    """

    def __init__(self, scenarios: Sequence[PlayExercise], lang: str = "en", title: str = ""):
        if not scenarios:
            raise ValueError("ScenarioPlayer needs at least one scenario, got none")
        explain.catalog(lang)  # validates the language
        self.scenarios = list(scenarios)
        self.lang = lang
        self.index = 0
        self._progress = [_Progress() for _ in self.scenarios]
        self._legal = [s.legal_plays() for s in self.scenarios]

        self.heading = widgets.HTML(f"<h3 class='bt-title'>{title}</h3>" if title else "")
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
        """The ``play`` scenarios of a scenario file, in file order (other kinds are left
        to their own widgets).

        Raises:
            ScenarioFileError: the file is malformed (file, line, id and key named).
            ValueError: the file holds no ``play`` scenario.
        """
        from belote_teach.scenarios import PlayScenario, load_file

        scenarios = [s for s in load_file(path) if isinstance(s, PlayScenario)]
        if not scenarios:
            raise ValueError(f"{path}: no scenario of kind 'play' to show")
        return cls(scenarios, lang=lang, title=title)

    # ------------------------------------------------------------------ learner actions
    def click(self, card: Card | str) -> None:
        """Play ``card`` as if the learner clicked it (what the browser does)."""
        self.board.selected = str(Card.parse(card))

    def go(self, index: int) -> None:
        """Show exercise ``index`` (clamped to the first and last)."""
        self.index = max(0, min(index, len(self.scenarios) - 1))
        self._redraw()

    def show_hint(self) -> None:
        """Show a hint for the current exercise: a question and the rule that decides."""
        self._progress[self.index].hint = True
        self._redraw()

    # ------------------------------------------------------------------ state for tests
    @property
    def current(self) -> PlayExercise:
        """The exercise on screen."""
        return self.scenarios[self.index]

    @property
    def score(self) -> tuple[int, int, int]:
        """``(right at first try, done, total)`` over all exercises."""
        right = sum(p.first_try for p in self._progress)
        done = sum(p.solved for p in self._progress)
        return right, done, len(self.scenarios)

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
        try:
            card = Card.parse(code)
            legal = self._legal[self.index]
            verdict = legal.verdict(card)
        except ValueError:
            self.board.selected = ""
            return  # a card that is not in this hand: nothing to do
        progress = self._progress[self.index]
        if not progress.solved:
            progress.tries.append(card)
            if verdict.legal:
                progress.solved = True
                progress.first_try = len(progress.tries) == 1
        else:
            progress.tries.append(card)
        self.board.selected = ""
        self._redraw()

    def _on_language(self, change: dict[str, object]) -> None:
        self.lang = str(change["new"])
        self._redraw()

    # ------------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        lang = self.lang
        scenario = self.current
        legal = self._legal[self.index]
        progress = self._progress[self.index]
        total = len(self.scenarios)

        self.counter.value = (f"<b>{explain.text('exercise', lang, n=self.index + 1, total=total)}"
                              "</b>")
        right, done, _ = self.score
        self.score_label.value = explain.text("score", lang, first_try=right, done=done,
                                              total=total)
        prompt = scenario.prompt.get(lang) or explain.text("prompt_default", lang)
        self.prompt.value = f"<p class='bt-prompt'>{html.escape(prompt, quote=False)}</p>"
        self.previous_button.description = explain.text("previous", lang)
        self.next_button.description = explain.text("next", lang)
        self.hint_button.description = explain.text("hint", lang)
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == total - 1

        trick = legal.trick
        last = progress.last
        if last is not None and legal.verdict(last).legal:
            trick = trick.copy()
            trick.play(last, legal.hand, legal.rules)  # show the learner's card on the table
        self.board.table_html = render.table_html(trick, legal.seat, lang)
        self.board.hand_html = render.hand_html(
            [c for c in legal.hand if not (c == last and c in legal)], lang,
            states=self._card_states(legal, progress), trump=legal.trump)
        self.board.feedback_html = self._feedback(legal, progress)

    def _card_states(self, legal: LegalPlays, progress: _Progress) -> dict[Card, str]:
        last = progress.last
        if last is None or last in legal:
            return {}
        # after a wrong card: the refused card marked, the legal ones highlighted
        states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
        states[last] = "wrong"
        return states

    def _feedback(self, legal: LegalPlays, progress: _Progress) -> str:
        lang = self.lang
        messages = []
        last = progress.last
        if progress.hint and not progress.solved:
            messages.append(render.message_html("info", explain.text("hint_title", lang),
                                                [explain.hint(legal, lang)]))
        title = explain.text("correct_rule", lang, title=explain.rule_title(legal.rule, lang),
                             rule_id=legal.rule.rule_id)
        if last is not None:
            name = explain.card_short(last, lang)
            if last in legal:
                best = tuple(self.current.best)
                if best and last not in best:
                    head = explain.text("better", lang, best=explain.join_cards(best, lang))
                    messages.append(render.message_html(
                        "better", head, [title, explain.explain_rule(legal, lang)]))
                else:
                    head = explain.text("correct", lang, card=name)
                    messages.append(render.message_html(
                        "ok", head, [title, explain.explain_rule(legal, lang)]))
            else:
                head = explain.text("wrong", lang, card=name)
                messages.append(render.message_html("bad", head, [
                    title, explain.explain_card(legal, last, lang),
                    explain.text("legal_are", lang, legal=explain.join_cards(legal.cards, lang)),
                ]))
        right, done, total = self.score
        if done == total and last is not None:
            messages.append(render.message_html(
                "info", explain.text("all_done", lang, total=total, first_try=right)))
        return "".join(messages)

