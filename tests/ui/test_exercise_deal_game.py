"""The course's kinds ``deal`` and ``game`` in the scenario player.

``deal``: the table with the dealer button, four seat buttons (or yes / no for a cut); the
feedback names the rule's title and ID (R2.1, R2.2, R2.8, R2.9) and says why, with the
seats and the numbers. ``game``: the score sheet before and after the deal, who wins the
game (Nous, Eux or nobody yet) and both totals; the feedback adds up the totals and says
why the game ends or goes on (R6.8). Clicked without a browser, as in the other widget
tests."""

from __future__ import annotations

import html

import pytest

from belote_teach.course.scenarios import DealScenario, GameScenario, load_bank, load_text
from belote_teach.engine.cards import Seat, Team
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_deal import SEAT_ORDER, DealExercise
from belote_teach.ui.exercise_game import GameAnswer, GameExercise
from belote_teach.ui.scenario_player import exercise_for

DEALS = {s.id: s for s in load_bank("02-deal-and-bidding")
         if isinstance(s, DealScenario)}
GAMES = {s.id: s for s in load_bank("05-scoring")
         if isinstance(s, GameScenario)}


def _deal(scenario: DealScenario) -> tuple[ScenarioPlayer, DealExercise]:
    player = ScenarioPlayer([scenario])
    exercise = player.current
    assert isinstance(exercise, DealExercise)
    return player, exercise


def _game(scenario: GameScenario) -> tuple[ScenarioPlayer, GameExercise]:
    player = ScenarioPlayer([scenario])
    exercise = player.current
    assert isinstance(exercise, GameExercise)
    return player, exercise


def _answer(exercise: GameExercise, winner: str | None, nous: str, eux: str) -> None:
    assert exercise.winner_choice is not None and exercise.check_button is not None
    exercise.winner_choice.value = winner
    exercise.total_inputs[Team.NS].value = nous
    exercise.total_inputs[Team.EW].value = eux
    exercise.check_button.click()


# ---------------------------------------------------------------------------- deal
def test_each_kind_has_its_exercise() -> None:
    assert isinstance(exercise_for(DEALS["deal-who-cuts-when-you-deal"]), DealExercise)
    assert isinstance(exercise_for(GAMES["game-one-team-reaches-1000"]), GameExercise)


def test_the_table_shows_the_dealer_and_four_seat_buttons() -> None:
    player, exercise = _deal(DEALS["deal-who-cuts-when-east-deals"])
    table = player.board.table_html
    assert 'data-seat="E" data-area="E" data-dealer="true"' in table
    assert table.count('data-dealer="true"') == 1 and 'data-dealer="E"' in table
    assert "East deals (donneur)." in table
    assert list(exercise.buttons) == [seat.value for seat in SEAT_ORDER]
    assert [b.description for b in exercise.buttons.values()] == [
        "North", "East", "South (you)", "West"]
    assert player.controls is not None
    player.language.value = "fr"
    assert [b.description for b in exercise.buttons.values()] == [
        "Nord", "Est", "Sud (toi)", "Ouest"]
    assert "Donneur\u00a0: Est." in player.board.table_html
    # the page shows the text itself: the apostrophe is written &#x27; in the HTML
    assert html.unescape(player.prompt.value) == (
        "<p class='bt-prompt'>Cette fois, le donneur est Est. Qui coupe le jeu qu'Est a "
        "battu\u00a0?</p>")


def test_the_right_seat_is_confirmed_with_the_rule() -> None:
    player, exercise = _deal(DEALS["deal-who-cuts-when-you-deal"])
    exercise.buttons["W"].click()
    text = player.feedback_text
    assert text.startswith("✓ Right: West cuts.")
    assert ("The player on the donneur's left cuts, at least 3 cards on each side (R2.1)"
            in text)
    assert "the player on the donneur's left is the one who plays just before" in text
    assert 'data-seat="W" data-area="W" data-dealer="false"' in player.board.table_html
    assert 'data-mark="right"' in player.board.table_html
    assert exercise.buttons["W"].button_style == "success"
    assert player.score == (1, 1, 1)
    assert player.results == {"deal-who-cuts-when-you-deal": {
        "solved": True, "first_try": True, "tries": 1}}


def test_a_wrong_seat_is_explained_then_the_right_one_solves() -> None:
    player, exercise = _deal(DEALS["deal-who-cuts-when-you-deal"])
    exercise.buttons["E"].click()  # East is served first, West cuts
    text = player.feedback_text
    assert text.startswith("✗ Not quite: you said East, but West cuts.")
    assert "(R2.1)" in text and "leaving at least 3 cards on each side" in text
    assert 'data-mark="wrong"' in player.board.table_html
    assert exercise.buttons["E"].button_style == "danger"
    assert player.score == (0, 0, 1)
    exercise.buttons["W"].click()
    assert player.score == (0, 1, 1)
    assert player.results["deal-who-cuts-when-you-deal"] == {
        "solved": True, "first_try": False, "tries": 2}
    assert exercise.buttons["E"].button_style == ""


def test_a_cut_is_answered_yes_or_no_with_the_numbers() -> None:
    player, exercise = _deal(DEALS["deal-cut-of-two-cards"])
    assert list(exercise.buttons) == ["yes", "no"]
    assert [b.description for b in exercise.buttons.values()] == [
        "Yes, it is allowed", "No, it is not"]
    assert "The cut: 2 cards lifted off the top, 30 left below." in player.board.table_html
    exercise.buttons["yes"].click()
    text = player.feedback_text
    assert text.startswith("✗ Not quite: you said yes, but the cut is not allowed.")
    assert ("Lifting 2 of the 32 cards leaves 30 below: a cut needs at least 3 cards on each "
            "side, so only 3 to 29 cards may be lifted.") in text
    player.language.value = "fr"
    exercise.buttons["no"].click()
    assert player.feedback_text.startswith("✓ Bravo : la coupe n'est pas permise.")
    assert "au moins 3 de chaque côté" not in player.feedback_text
    assert "on ne peut donc soulever que 3 à 29 cartes" in player.feedback_text


def test_an_allowed_cut_and_the_packets() -> None:
    player, exercise = _deal(DEALS["deal-cut-leaving-three-cards"])
    exercise.buttons["yes"].click()
    assert player.feedback_text.startswith("✓ Right: the cut is allowed.")
    assert "Lifting 29 of the 32 cards leaves 3 below" in player.feedback_text
    player, exercise = _deal(DEALS["deal-first-packet-when-north-deals"])
    exercise.buttons["W"].click()
    text = player.feedback_text
    assert text.startswith("✓ Right: West receives the first packet of 3 cards.")
    assert "Five cards each, 3 then 2, from the player after the donneur (R2.2)" in text
    assert "a packet of 3 cards, then a packet of 2: 5 cards each" in text


def test_the_leader_is_the_player_after_the_dealer_whoever_took() -> None:
    player, exercise = _deal(DEALS["deal-leader-when-west-takes"])
    table = player.board.table_html
    assert '<span class="bt-table-taker">taker</span>' in table
    assert "West took (preneur)." in table
    exercise.buttons["W"].click()  # the preneur does not lead
    text = player.feedback_text
    assert text.startswith("✗ Not quite: you said West, but East leads the first pli.")
    assert "The player after the donneur leads the first pli (R2.8)" in text
    assert "whoever takes, the player after the donneur leads the first pli" in text
    exercise.buttons["E"].click()
    assert player.feedback_text.startswith("✓ Right: East leads the first pli.")


def test_the_next_dealer() -> None:
    player, exercise = _deal(DEALS["deal-next-dealer-after-west"])
    assert "This deal has been played and scored." in player.board.table_html
    exercise.buttons["S"].click()
    text = player.feedback_text
    assert text.startswith("✓ Right: South deals the next deal.")
    assert "(R2.9)" in text and "West dealt this one, so South deals the next." in text


def test_the_answer_comes_from_the_engine_not_the_file() -> None:
    # the file's answer (North) is wrong: the checker reports it, the exercise follows the
    # engine (the player after the dealer, East, deals next)
    [scenario] = load_text("- {id: wrong-file, kind: deal, dealer: S, question: next_dealer, "
                           "answer: N}")
    player, exercise = _deal(scenario)
    assert exercise.answer is Seat.EAST
    exercise.buttons["N"].click()
    assert player.feedback_text.startswith("✗ Not quite: you said North, but East deals")
    exercise.buttons["E"].click()
    assert player.score == (0, 1, 1)


def test_without_a_prompt_the_question_is_asked_from_the_catalog() -> None:
    [cutter, leader, cut] = load_text(
        "- {id: a, kind: deal, dealer: N, question: cutter, answer: E}\n"
        "- {id: b, kind: deal, dealer: W, question: leader, taker: N, answer: S}\n"
        "- {id: c, kind: deal, dealer: E, question: cut, cut: 12, valid: true}\n")
    player = ScenarioPlayer([cutter, leader, cut])
    assert "North is the donneur. Who cuts? Click the seat." in player.prompt.value
    player.go(1)
    assert "West dealt and North took. Who leads the first pli?" in player.prompt.value
    player.go(2)
    player.language.value = "fr"
    assert "12 cartes sont soulevées du dessus" in player.prompt.value
    player.show_hint()
    assert "Combien doit-il y en avoir au moins de chaque côté ?" in player.feedback_text


def test_the_hint_gives_the_direction_of_play() -> None:
    player, _ = _deal(DEALS["deal-who-cuts-when-you-deal"])
    player.show_hint()
    assert "South → East → North → West → South" in player.feedback_text


# ---------------------------------------------------------------------------- game
def test_the_sheet_shows_before_and_marks_not_the_totals() -> None:
    player, exercise = _game(GAMES["game-both-pass-1000-higher-wins"])
    table = player.board.table_html
    assert ('<tr data-row="before"><th scope="row">Before this deal</th>'
            '<td data-team="NS">940</td><td data-team="EW">960</td></tr>') in table
    assert '<td data-team="NS">90</td><td data-team="EW">72</td>' in table
    assert ('<tr data-row="after"><th scope="row">Total now</th><td data-team="NS">?</td>'
            '<td data-team="EW">?</td></tr>') in table
    assert "1030" not in table and "1032" not in table
    assert "The game is played to 1000 points (R6.8)." in table
    assert exercise.winner_choice is not None
    assert [label for label, _ in exercise.winner_choice.options] == [
        "Nous (North-South)", "Eux (East-West)", "Nobody yet: another deal"]
    assert exercise.total_inputs[Team.NS].description == "Total of Nous (North-South)"
    player.language.value = "fr"
    assert exercise.winner_choice.options[2][0] == "Personne encore\u00a0: une autre donne"
    assert "La partie se joue en 1000 points (R6.8)." in player.board.table_html


@pytest.mark.parametrize(("winner", "nous", "eux", "said"), [
    (None, "1030", "1032", "Pick who wins the game (or nobody yet), then check."),
    ("EW", "", "1032",
     "Type the total of Nous (North-South) after this deal (a whole number), then check."),
    ("EW", "1030", "mille", "“mille” is not a whole number of points"),
])
def test_incomplete_answers_say_what_is_missing_and_change_nothing(winner, nous, eux,
                                                                    said) -> None:
    player, exercise = _game(GAMES["game-both-pass-1000-higher-wins"])
    _answer(exercise, winner, nous, eux)
    assert said in player.feedback_text
    assert player.results == {} and player.score == (0, 0, 1)


def test_the_higher_total_wins_when_both_pass_the_target() -> None:
    player, exercise = _game(GAMES["game-both-pass-1000-higher-wins"])
    _answer(exercise, "NS", "1030", "1032")  # Nous marked more this deal, Eux win
    text = player.feedback_text
    assert text.startswith("✗ Not quite: Eux (East-West) win the game, 1032 to 1030.")
    assert "The end of the game: the first team to reach the target wins (R6.8)" in text
    assert "You said: Nous (North-South)." in text
    assert "you wrote" not in text  # the totals were right
    assert ("The totals after this deal: Nous (North-South) 940 + 90 = 1030 and "
            "Eux (East-West) 960 + 72 = 1032.") in text
    assert "Both teams reach 1000 in this deal: the higher total wins, 1032 against 1030" in text
    assert "?" in player.board.table_html
    _answer(exercise, "EW", "1030", "1032")
    assert player.feedback_text.startswith("✓ Right: Eux (East-West) win the game")
    assert '<td data-team="NS">1030</td><td data-team="EW">1032</td>' in player.board.table_html
    assert player.results == {"game-both-pass-1000-higher-wins": {
        "solved": True, "first_try": False, "tries": 2}}


def test_one_team_reaching_the_target_wins_at_first_try() -> None:
    player, exercise = _game(GAMES["game-one-team-reaches-1000"])
    _answer(exercise, "NS", "1012", "850")
    text = player.feedback_text
    assert text.startswith("✓ Right: Nous (North-South) win the game, 1012 to 850.")
    assert ("Nous (North-South) reach 1000 with 1012 and Eux (East-West) do not (850): "
            "Nous (North-South) win the game.") in text
    assert player.score == (1, 1, 1)


def test_equal_totals_over_the_target_mean_another_deal() -> None:
    player, exercise = _game(GAMES["game-equal-over-1000-another-deal"])
    _answer(exercise, "EW", "1010", "1000")
    text = player.feedback_text
    assert text.startswith("✗ Not quite: nobody wins yet, another deal is played "
                           "(1010 to 1010).")
    assert "Eux (East-West): you wrote 1000, the total is 1010." in text
    assert "Nous (North-South): you wrote" not in text
    assert ("Both teams have reached 1000 and are level (1010 each): nobody wins yet, "
            "another deal is played.") in text
    player.language.value = "fr"
    _answer(exercise, "none", "1010", "1010")
    assert player.feedback_text.startswith("✓ Bravo : personne ne gagne encore")
    assert ("Les deux équipes ont atteint 1000 et sont à égalité (1010 partout)"
            in player.feedback_text)


def test_a_short_game_one_point_short_goes_on() -> None:
    player, exercise = _game(GAMES["game-to-501-one-point-short"])
    assert "The game is played to 501 points (R6.8)." in player.board.table_html
    assert exercise.is_right(GameAnswer(None, 452, 500))
    assert not exercise.is_right(GameAnswer(Team.EW, 452, 500))
    _answer(exercise, "EW", "452", "500")
    assert "Neither team has reached 501: nobody wins yet" in player.feedback_text
    player.show_hint()
    assert "has a team reached or passed 501?" in player.feedback_text


def test_the_lesson_files_open_in_the_player() -> None:
    deal_lesson = ScenarioPlayer.from_file("02-deal-and-bidding")
    kinds = {type(e) for e in deal_lesson.exercises}
    assert DealExercise in kinds
    scoring = ScenarioPlayer.from_file("05-scoring")
    assert GameExercise in {type(e) for e in scoring.exercises}
    scoring.go(len(scoring.exercises) - 1)
    assert isinstance(scoring.current, GameExercise)
    assert "501" in scoring.board.table_html
