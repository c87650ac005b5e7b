"""Kind ``score`` in the scenario player: the facts of a finished deal as a table; the
learner picks the outcome and types the marks of Nous and Eux; the feedback says what was
wrong and works the marks out step by step (R6.1-R6.7, R5.3, R3.8) from the engine's
breakdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_teach.course.scenarios import ScoreScenario, load_file
from belote_teach.engine.cards import Team
from belote_teach.engine.scoring import Outcome
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_score import ScoreExercise

PUBLIC = Path(__file__).resolve().parents[1] / "data" / "public.yaml"
SCORES = {s.id: s for s in load_file(PUBLIC) if isinstance(s, ScoreScenario)}


def _player(scenario_id: str) -> tuple[ScenarioPlayer, ScoreExercise]:
    player = ScenarioPlayer([SCORES[scenario_id]])
    exercise = player.current
    assert isinstance(exercise, ScoreExercise)
    return player, exercise


def _answer(exercise: ScoreExercise, outcome: str | None, nous: str, eux: str) -> None:
    assert exercise.outcome_choice is not None and exercise.check_button is not None
    exercise.outcome_choice.value = outcome
    exercise.mark_inputs[Team.NS].value = nous
    exercise.mark_inputs[Team.EW].value = eux
    exercise.check_button.click()


def test_the_facts_of_the_deal_are_a_table_without_the_marks() -> None:
    player, exercise = _player("score-dedans-announcements-of-both-teams")
    table = player.board.table_html
    assert '<th scope="col">Nous (North-South)</th><th scope="col">Eux (East-West)</th>' in table
    assert ('<tr data-fact="takers"><th scope="row">Takers (preneur)</th><td data-team="NS">'
            '✓ yes</td><td data-team="EW"></td></tr>') in table
    assert '<td data-team="NS">50</td><td data-team="EW">112</td>' in table
    assert "cinquante Q♥ J♥ 10♥ 9♥ (50 points)" in table
    assert "212" not in table  # the answer is not shown
    assert [o for _, o in exercise.outcome_choice.options] == [o.value for o in Outcome]
    assert exercise.outcome_choice.options[1][0] == "dedans (R6.4)"
    assert exercise.mark_inputs[Team.NS].description == "Mark of Nous (North-South)"
    player.language.value = "fr"
    assert "Preneurs" in player.board.table_html
    assert exercise.outcome_choice.options[0][0] == "fait (R6.3)"


def test_reserve_and_rounding_are_facts_of_the_table() -> None:
    player, _ = _player("score-reserve-won-by-next-deal-winner")
    assert "Waiting in the reserve from a litige: 81 points (R6.6)." in player.board.table_html
    player, _ = _player("score-rounding-on")
    assert "This table rounds the marks to the nearest ten (R6.7)." in player.board.table_html


@pytest.mark.parametrize(("outcome", "nous", "eux", "said"), [
    (None, "0", "212", "Pick the outcome (made, dedans, litige or capot), then check."),
    ("dedans", "", "212", "Type the mark of Nous (North-South) (a whole number), then check."),
    ("dedans", "0", " ", "Type the mark of Eux (East-West) (a whole number), then check."),
    ("dedans", "0", "2l2", "“2l2” is not a whole number of points"),
])
def test_incomplete_answers_say_what_is_missing_and_change_nothing(outcome, nous, eux,
                                                                    said) -> None:
    player, exercise = _player("score-dedans-announcements-of-both-teams")
    _answer(exercise, outcome, nous, eux)
    assert said in player.feedback_text
    assert player.results == {} and player.score == (0, 0, 1)


def test_the_engine_marks_are_right_at_first_try() -> None:
    player, exercise = _player("score-made-thanks-to-belote")
    score = exercise.score
    _answer(exercise, score.outcome.value, str(score.marks[Team.NS]), str(score.marks[Team.EW]))
    text = player.feedback_text
    assert text.startswith("✓ Right! The answer: made; Nous mark 88, Eux 94.")
    assert ("Step 1, the team totals (R6.1): Nous (North-South) 88 = 88 card points and "
            "Eux (East-West) 94 = 74 card points + 20 belote.") in text
    assert 'data-outcome="made"' in player.board.feedback_html  # the deal summary
    assert player.score == (1, 1, 1)
    assert player.results == {"score-made-thanks-to-belote": {
        "solved": True, "first_try": True, "tries": 1}}


def test_the_totals_as_marks_on_a_dedans_are_explained() -> None:
    player, exercise = _player("score-dedans-announcements-of-both-teams")
    totals = exercise.score.totals
    _answer(exercise, "made", str(totals[Team.NS]), str(totals[Team.EW]))
    text = player.feedback_text
    assert text.startswith("✗ Not quite. The answer: dedans; Nous mark 0, Eux 212.")
    assert "The deal is dedans (R6.4), not made." in text
    assert "Nous (North-South): you wrote 100, the score sheet gets 0." in text
    assert "Eux (East-West): you wrote 112, the score sheet gets 212." in text
    assert "Nous (North-South) 100 = 50 card points + 50 announcements" in text
    assert "dedans! The defenders score 162 plus every announcement" in text  # R6.4 summary
    assert "Dedans (R6.4)" in text and "Every scored announcement" in text
    assert player.score == (0, 0, 1)
    _answer(exercise, "dedans", "0", "212")
    assert player.score == (0, 1, 1)
    assert player.results["score-dedans-announcements-of-both-teams"]["tries"] == 2


def test_only_the_wrong_part_is_named() -> None:
    player, exercise = _player("score-capot-by-defenders")
    _answer(exercise, "capot", "250", "0")
    text = player.feedback_text
    assert "The deal is" not in text
    assert "Nous (North-South)" not in text.split("Step 1")[0]
    assert "Eux (East-West): you wrote 0, the score sheet gets 20." in text
    assert "capot! 250 instead of 162" in text


def test_exact_marks_at_a_rounding_table() -> None:
    player, exercise = _player("score-rounding-on")
    exact = exercise.score.exact_marks
    _answer(exercise, "made", str(exact[Team.NS]), str(exact[Team.EW]))
    text = player.feedback_text
    assert ("You wrote the exact marks, but at this table the marks are rounded to the "
            "nearest ten, 5 rounding up (R6.7).") in text
    assert "Rounded to the ten (R6.7)" in text


def test_litige_and_revoke_are_worked_out_in_french() -> None:
    player, exercise = _player("score-litige-with-takers-belote")
    player.language.value = "fr"
    _answer(exercise, "made", "91", "91")
    text = player.feedback_text
    assert text.startswith("✗ Pas tout à fait. La réponse : litige ; l'équipe Nous marque 91, "
                           "l'équipe Eux 20.")
    assert "Résultat : litige (R6.6), pas fait." in text
    assert "Eux (Est-Ouest) : tu as écrit 91, la feuille de marque reçoit 20." in text
    player, exercise = _player("score-revoke-by-takers")
    _answer(exercise, "dedans", "0", "162")
    assert "Team Nous revoked (renonce)" in player.feedback_text
    assert "you wrote 162, the score sheet gets 182" in player.feedback_text


def test_the_hint_starts_from_the_totals() -> None:
    player, _ = _player("score-made-with-82")
    player.hint_button.click()
    assert "First each team's total: card points + belote + the announcements it scores " \
           "(R6.1)." in player.feedback_text


@pytest.mark.parametrize("typed", ["99999", "-20"])
@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Mark of Eux (East-West): “{typed}” is not possible. Type a number of points from "
           "0 to {high}: no team can mark more in this deal."),
    ("fr", "Points pour Eux (Est-Ouest)\u00a0: «\u00a0{typed}\u00a0» n'est pas possible. Tape un "
           "nombre de points de 0 à {high}\u00a0: aucune équipe ne peut marquer plus dans cette "
           "donne."),
])
def test_points_out_of_the_deals_range_name_the_box_and_the_range(typed, lang, said) -> None:
    player, exercise = _player("score-dedans-announcements-of-both-teams")
    player.language.value = lang
    high = exercise.score.mark_limit
    assert high == 162 + 50 and exercise.score.marks[Team.EW] <= high   # the deal's cinquante
    _answer(exercise, "dedans", "0", typed)
    # feedback_text is the plain text, its no-break spaces made plain
    assert player.feedback_text == said.format(typed=typed, high=high).replace("\u00a0", " ")
    assert player.results == {} and player.score == (0, 0, 1)   # nothing changed
    assert exercise.mark_inputs[Team.EW].value == typed          # the box keeps the typing
    _answer(exercise, "dedans", str(high + 1), "0")              # the first box is named
    assert player.feedback_text.startswith({"en": "Mark of Nous", "fr": "Points pour Nous"}[lang])
