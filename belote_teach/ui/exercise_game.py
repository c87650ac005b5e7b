"""Kind ``game`` of the scenario player (a course kind): the totals after a deal and who
wins the game (R6.8).

The score sheet shows the totals before the deal, the deal's marks and ``?`` for the
totals after it, under the target. The learner picks who wins the game (Nous, Eux, or
nobody yet: another deal is played), types both totals and checks. The engine answers
(:meth:`GameScenario.result <belote_teach.course.scenarios.model.GameScenario.result>`, with
:func:`~belote_teach.engine.game.game_winner`); the feedback names what was wrong, adds up each
total, and says why the game ends or goes on: one team reached the target, both did and
the higher total wins, both stand equal on or over it, or nobody reached it.
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.scenarios import GameScenario
from belote_teach.engine.cards import Team
from belote_teach.engine.game import teams_at_target
from belote_teach.render.deal_game import game_sheet_html
from belote_teach.render.exercises import join_words, rule_heading, say, team_word
from belote_teach.ui.exercises import (
    Exercise,
    Invalid,
    Progress,
    Refresh,
    Submit,
    check_button,
    choice_and_numbers,
    number_box,
    read_team_numbers,
)
from belote_teach.ui.shared import lean

__all__ = ["GameAnswer", "GameExercise"]


def _n(points: int, lang: str) -> str:
    """Points as the course writes them (:func:`~belote_teach.explain.number`)."""
    return explain.number(points, lang)


@dataclass(frozen=True)
class GameAnswer:
    """The learner's answer: who wins the game (``None``: nobody yet, another deal) and
    each team's total after the deal (points)."""

    winner: Team | None
    ns: int
    ew: int

    def total(self, team: Team) -> int:
        """The total the learner gave ``team``."""
        return self.ns if team is Team.NS else self.ew


class GameExercise(Exercise[GameScenario]):
    """Kind ``game``: the totals after a deal and who wins the game (R6.8).

    Attributes:
        winner: the engine's winner of the game, ``None`` while it goes on.
        totals: the engine's totals after the deal (points).
        winner_choice: Nous / Eux / nobody yet (values ``"NS"``, ``"EW"``, ``"none"``),
            built with the controls.
        total_inputs: a text box per team for its total.
        check_button: the button that checks.
    """

    def __init__(self, scenario: GameScenario):
        super().__init__(scenario)
        self.scenario: GameScenario = scenario
        self.winner: Team | None
        self.totals: dict[Team, int]
        self.winner, self.totals = scenario.result()
        self.winner_choice: widgets.ToggleButtons | None = None
        self.total_inputs: dict[Team, widgets.Text] = {}
        self.check_button: widgets.Button | None = None

    def prompt(self, lang: str) -> str:
        return self.scenario.prompt.get(lang) or say("game_prompt", lang)

    # ---------------------------------------------------------------- controls
    def _options(self, lang: str) -> list[tuple[str, str]]:
        return [(team_word(Team.NS, lang), "NS"), (team_word(Team.EW, lang), "EW"),
                (say("game_nobody", lang), "none")]

    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        self.winner_choice = lean(
            widgets.ToggleButtons, options=self._options("en"), value=None,
            style={"description_width": "initial", "button_width": "auto"})
        self.total_inputs = {team: number_box() for team in (Team.NS, Team.EW)}
        self.check_button = check_button()

        def check(_: widgets.Button) -> None:
            assert self.winner_choice is not None
            choice = self.winner_choice.value
            if choice is None:
                submit(Invalid("game_pick_winner"))
                return
            totals = read_team_numbers(self.total_inputs, "game_total_empty")
            if isinstance(totals, Invalid):
                submit(totals)
                return
            winner = None if choice == "none" else Team(choice)
            submit(GameAnswer(winner, totals[Team.NS], totals[Team.EW]))

        self.check_button.on_click(check)
        return choice_and_numbers(self.winner_choice, self.total_inputs, self.check_button)

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self.winner_choice is None or self.check_button is None:
            return
        self.winner_choice.description = say("game_winner_label", lang)
        self.winner_choice.options = self._options(lang)
        for team, box in self.total_inputs.items():
            box.description = say("game_total_label", lang, team=team_word(team, lang))
            box.placeholder = say("points_placeholder", lang)
        self.check_button.description = say("check", lang)

    # ---------------------------------------------------------------- checking
    def is_right(self, answer: object) -> bool:
        return (isinstance(answer, GameAnswer) and answer.winner is self.winner
                and all(answer.total(team) == self.totals[team] for team in Team))

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return say("game_hint", lang, target=_n(self.scenario.target, lang))

    def solution(self, lang: str) -> str:
        totals = self.totals
        if self.winner is None:
            return say("game_answer_none", lang, total=_n(totals[Team.NS], lang),
                       other_total=_n(totals[Team.EW], lang))
        return say("game_answer_won", lang, team=team_word(self.winner, lang),
                   total=_n(totals[self.winner], lang),
                   other_total=_n(totals[self.winner.other], lang))

    def sums(self, lang: str) -> str:
        """Each team's total after the deal, added up: "Nous (North-South) 940 + 90 =
        1030 and Eux (East-West) ..."."""
        scenario = self.scenario
        return say("game_step_totals", lang, sums=join_words([
            say("game_sum", lang, team=team_word(team, lang),
                before=_n(scenario.before[team], lang), marks=_n(scenario.marks[team], lang),
                total=_n(self.totals[team], lang))
            for team in (Team.NS, Team.EW)], lang))

    def why(self, lang: str) -> str:
        """Why the game ends or goes on, from the engine's winner and the teams on or over
        the target (:func:`~belote_teach.engine.game.teams_at_target`, R6.8): one team there,
        both (the higher total wins), both with equal totals, or nobody there yet."""
        target, totals = self.scenario.target, self.totals
        both = len(teams_at_target(totals, target)) == 2
        if self.winner is None:
            return say("game_why_tie" if both else "game_why_none", lang,
                       target=_n(target, lang), total=_n(totals[Team.NS], lang))
        other = self.winner.other
        key = "game_why_both" if both else "game_why_one"
        return say(key, lang, target=_n(target, lang), team=team_word(self.winner, lang),
                   other=team_word(other, lang), total=_n(totals[self.winner], lang),
                   other_total=_n(totals[other], lang))

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        scenario = self.scenario
        shown = self.totals if progress.solved else None
        return game_sheet_html(scenario.target, scenario.before, scenario.marks, lang=lang,
                               totals=shown), ""

    def verdict_html(self, progress: Progress, lang: str) -> str:
        answer = progress.last
        assert isinstance(answer, GameAnswer)
        lines = [rule_heading(self.scenario.rule_id, lang)]
        if answer.winner is not self.winner:
            given = (say("game_nobody", lang) if answer.winner is None
                     else team_word(answer.winner, lang))
            lines.append(say("game_wrong_winner", lang, given=given))
        for team in (Team.NS, Team.EW):
            if answer.total(team) != self.totals[team]:
                lines.append(say("game_wrong_total", lang, team=team_word(team, lang),
                                 given=answer.total(team),
                                 total=_n(self.totals[team], lang)))
        lines += [self.sums(lang), self.why(lang)]
        right = self.is_right(answer)
        head = say("game_right" if right else "game_wrong", lang, answer=self.solution(lang))
        return render.message_html("ok" if right else "bad", head, lines)
