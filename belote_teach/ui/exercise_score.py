"""Kind ``score`` of the scenario player: the marks of a finished deal (R6, with belote
R5.3 and the renonce R3.8).

The deal's facts (takers, card points, plis, belote, announcements, reserve, renonce,
rounding) are shown as a small table; the learner picks the outcome (made, dedans,
litige, capot) and types the marks of Nous and Eux, then checks. The engine's
:class:`~belote_teach.engine.scoring.ScoreBreakdown` decides; the feedback names what was wrong,
then works it out step by step: the team totals (R6.1), then the deal summary of
:func:`~belote_teach.render.score_sheet.render_deal_breakdown` (the contract R6.2, made
R6.3, dedans R6.4, capot R6.5, litige and reserve R6.6, renonce R3.8, rounding R6.7).
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.scenarios import ScoreScenario
from belote_teach.engine.cards import Team
from belote_teach.engine.scoring import Outcome, ScoreBreakdown
from belote_teach.render.exercises import join_words, say, score_facts_html, team_word
from belote_teach.render.score_sheet import render_deal_breakdown
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

__all__ = ["ScoreAnswer", "ScoreExercise"]

#: The rule of each outcome (R6.3 made, R6.4 dedans, R6.6 litige, R6.5 capot).
OUTCOME_RULES: dict[Outcome, str] = {Outcome.MADE: "R6.3", Outcome.DEDANS: "R6.4",
                                     Outcome.LITIGE: "R6.6", Outcome.CAPOT: "R6.5"}


@dataclass(frozen=True)
class ScoreAnswer:
    """The learner's answer: the outcome and the marks (points) of each team."""

    outcome: Outcome
    ns: int
    ew: int

    def mark(self, team: Team) -> int:
        """The mark the learner gave ``team``."""
        return self.ns if team is Team.NS else self.ew


def outcome_word(outcome: Outcome, lang: str) -> str:
    """The outcome as the score sheet says it: ``"made"`` / ``"fait"``, ``"dedans"``..."""
    return say(f"outcomes.{outcome.value}", lang)


class ScoreExercise(Exercise[ScoreScenario]):
    """Kind ``score``: the outcome and the marks of a finished deal (R6).

    Attributes:
        score: the engine's :class:`~belote_teach.engine.scoring.ScoreBreakdown`.
        outcome_choice: made / dedans / litige / capot (values as :class:`Outcome`
            words), built with the controls.
        mark_inputs: a text box per team for its mark.
        check_button: the button that checks.
    """

    def __init__(self, scenario: ScoreScenario):
        super().__init__(scenario)
        self.score: ScoreBreakdown = scenario.score()
        self.outcome_choice: widgets.ToggleButtons | None = None
        self.mark_inputs: dict[Team, widgets.Text] = {}
        self.check_button: widgets.Button | None = None

    def prompt(self, lang: str) -> str:
        return self.scenario.prompt.get(lang) or say("score_prompt", lang)

    # ---------------------------------------------------------------- controls
    def _outcome_options(self, lang: str) -> list[tuple[str, str]]:
        return [(explain.text("correct_rule", lang, title=outcome_word(o, lang),
                              rule_id=OUTCOME_RULES[o]), o.value) for o in Outcome]

    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        self.outcome_choice = lean(
            widgets.ToggleButtons, options=self._outcome_options("en"), value=None,
            style={"description_width": "initial", "button_width": "auto"})
        self.mark_inputs = {team: number_box() for team in (Team.NS, Team.EW)}
        self.check_button = check_button()

        def check(_: widgets.Button) -> None:
            assert self.outcome_choice is not None
            if self.outcome_choice.value is None:
                submit(Invalid("score_pick_outcome"))
                return
            marks = read_team_numbers(self.mark_inputs, "score_mark_empty",
                                      high=self.score.mark_limit,
                                      range_key="score_mark_range")
            if isinstance(marks, Invalid):
                submit(marks)
                return
            submit(ScoreAnswer(Outcome(self.outcome_choice.value), marks[Team.NS],
                               marks[Team.EW]))

        self.check_button.on_click(check)
        return choice_and_numbers(self.outcome_choice, self.mark_inputs, self.check_button)

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self.outcome_choice is None or self.check_button is None:
            return
        self.outcome_choice.description = say("score_outcome", lang)
        self.outcome_choice.options = self._outcome_options(lang)
        for team, box in self.mark_inputs.items():
            box.description = say("score_mark", lang, team=team_word(team, lang))
            box.placeholder = say("points_placeholder", lang)
        self.check_button.description = say("check", lang)

    # ---------------------------------------------------------------- checking
    def is_right(self, answer: object) -> bool:
        score = self.score
        return (isinstance(answer, ScoreAnswer) and answer.outcome is score.outcome
                and all(answer.mark(t) == score.marks[t] for t in Team))

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return say("score_hint", lang)

    def solution(self, lang: str) -> str:
        score = self.score
        return say("score_answer", lang, outcome=outcome_word(score.outcome, lang),
                   nous=score.marks[Team.NS], eux=score.marks[Team.EW])

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        return score_facts_html(self.score, lang=lang, trump=self.scenario.trump), ""

    def totals(self, lang: str) -> str:
        """Step 1: each team's total, part by part (R6.1)."""
        score = self.score
        teams = []
        for team in (Team.NS, Team.EW):
            cards = score.card_points[team]
            parts = [say(explain.plural_key("score_part_cards", cards, lang), lang,
                         points=cards)]
            if score.belote_points[team]:
                parts.append(say("score_part_belote", lang, points=score.belote_points[team]))
            if score.announcement_points[team]:
                parts.append(say("score_part_announcements", lang,
                                 points=score.announcement_points[team]))
            teams.append(say("score_team_total", lang, team=team_word(team, lang),
                             total=score.totals[team], parts=" + ".join(parts)))
        return say("score_step_totals", lang, totals=join_words(teams, lang))

    def verdict_html(self, progress: Progress, lang: str) -> str:
        answer = progress.last
        assert isinstance(answer, ScoreAnswer)
        score = self.score
        lines = []
        if answer.outcome is not score.outcome:
            lines.append(say("score_wrong_outcome", lang,
                             given=outcome_word(answer.outcome, lang),
                             outcome=outcome_word(score.outcome, lang),
                             rule=OUTCOME_RULES[score.outcome]))
        for team in Team:
            if answer.mark(team) != score.marks[team]:
                lines.append(say("score_wrong_mark", lang, team=team_word(team, lang),
                                 given=answer.mark(team), mark=score.marks[team]))
        if score.rounded and all(answer.mark(t) == score.exact_marks[t] for t in Team):
            lines.append(say("score_not_rounded", lang))
        lines.append(self.totals(lang))
        right = self.is_right(answer)
        message = render.message_html(
            "ok" if right else "bad", say("score_right" if right else "score_wrong", lang),
            [say("answer", lang, answer=self.solution(lang)), *lines])
        return message + render_deal_breakdown(score, lang=lang, nous=Team.NS)
