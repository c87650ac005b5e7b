"""Kind ``trick`` in the scenario player: the learner clicks the winning card (R1.5), then
types the trick's card points (R1.2, R1.3), checked and explained card by card."""

from __future__ import annotations

import pytest

from belote_teach import explain
from belote_teach.course.scenarios import TrickScenario
from belote_teach.engine.cards import DIX_DE_DER, Card, Seat, Suit, points
from belote_teach.engine.trick import Trick
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercises import TrickExercise


def _scenario(id_: str, trump: str, cards: list[str]) -> TrickScenario:
    trick = Trick(Suit.parse(trump), Seat.SOUTH, [Card.parse(c) for c in cards])
    winner = 1 + [p.seat for p in trick.plays].index(trick.winner)
    return TrickScenario(id=id_, trump=Suit.parse(trump),
                         cards=tuple(Card.parse(c) for c in cards), winner=winner,
                         points=trick.points)


@pytest.fixture
def player() -> ScenarioPlayer:
    return ScenarioPlayer([_scenario("ruffed", "H", ["KD", "AD", "7H", "QH"]),
                           _scenario("discard", "H", ["8D", "AS", "9D", "AC"])])


def _exercise(player: ScenarioPlayer) -> TrickExercise:
    exercise = player.current
    assert isinstance(exercise, TrickExercise)
    return exercise


def _type_points(player: ScenarioPlayer, text: str) -> None:
    exercise = _exercise(player)
    assert exercise.points_input is not None and exercise.check_button is not None
    exercise.points_input.value = text
    exercise.check_button.click()


def test_the_points_box_appears_once_the_winner_is_found(player) -> None:
    box = player.controls
    assert box is not None and box.layout.display == "none"
    player.click("AD")
    assert box.layout.display == "none"
    player.click("QH")
    assert box.layout.display is None
    exercise = _exercise(player)
    assert exercise.points_input.description == "Card points of this trick"
    assert exercise.check_button.description == "Check"
    player.language.value = "fr"
    assert exercise.points_input.description == "Points de cartes de ce pli"
    assert exercise.check_button.description == "Vérifier"


def test_a_double_click_on_the_winning_card_keeps_the_first_try(player) -> None:
    player.click("QH")
    player.click("QH")                                   # the second click of a double click
    _type_points(player, str(_exercise(player).trick.points))
    assert player.results == {"ruffed": {"solved": True, "first_try": True, "tries": 2}}


def test_the_same_wrong_card_clicked_again_after_another_answer_counts(player) -> None:
    player.click("AD")
    player.click("QH")
    player.click("AD")                                   # a new try: not the last one
    assert player.results == {"ruffed": {"solved": False, "first_try": False, "tries": 3}}


def test_points_before_the_winner_are_refused_without_counting(player) -> None:
    _type_points(player, "18")
    assert "First click the card that wins the trick" in player.feedback_text
    assert player.results == {} and player.score == (0, 0, 2)


@pytest.mark.parametrize(("typed", "said"), [
    ("", "Type the card points of the trick (a whole number), then check."),
    ("  ", "Type the card points of the trick (a whole number), then check."),
    ("eighteen", "“eighteen” is not a whole number of points: type digits only, e.g. 18."),
    ("-3", "“-3” is not a whole number of points"),
    ("18.5", "“18.5” is not a whole number of points"),
])
def test_bad_points_input_says_what_to_type_and_changes_nothing(player, typed, said) -> None:
    player.click("QH")
    before = (player.results, player.score, list(player._progress[0].tries))
    _type_points(player, typed)
    assert said in player.feedback_text
    assert (player.results, player.score, list(player._progress[0].tries)) == before


def test_wrong_points_show_the_sum_card_by_card_from_the_engine_tables(player) -> None:
    trick = _exercise(player).trick
    player.click("QH")
    _type_points(player, "20")
    text = player.feedback_text
    assert text.startswith(f"✗ 20 is not right: the trick holds {trick.points} card points.")
    assert "Card points (R1.2, R1.3)" in text
    detail = (f"K♦ {points(Card.parse('KD'), Suit.HEARTS)} + A♦ 11 + 7♥ 0 (atout) + "
              f"Q♥ {points(Card.parse('QH'), Suit.HEARTS)} (atout) = {trick.points}.")
    assert detail == "K♦ 4 + A♦ 11 + 7♥ 0 (atout) + Q♥ 3 (atout) = 18."
    assert detail in text
    assert "Atouts count J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0 (R1.2)" in text
    assert "the other suits A 11, 10 10, K 4, Q 3, J 2, 9 0, 8 0, 7 0 (R1.3)" in text
    assert "dix de der go to" not in text  # 20 is not the points plus the dix de der
    assert player.score == (0, 0, 2)
    assert player.results["ruffed"] == {"solved": False, "first_try": False, "tries": 2}


def test_counting_the_dix_de_der_is_explained(player) -> None:
    player.click("QH")
    _type_points(player, str(_exercise(player).trick.points + DIX_DE_DER))
    assert "The 10 points of the dix de der go to the last trick of the deal only (R1.4)" \
        in player.feedback_text


def test_right_winner_and_points_at_first_try(player) -> None:
    player.click("QH")
    _type_points(player, " 18 ")
    text = player.feedback_text
    assert text.startswith("✓ Right! The trick holds 18 card points.")
    assert "K♦ 4 + A♦ 11 + 7♥ 0 (atout) + Q♥ 3 (atout) = 18." in text
    assert player.score == (1, 1, 2)
    assert player.results == {"ruffed": {"solved": True, "first_try": True, "tries": 2}}
    player.language.value = "fr"
    assert player.feedback_text.startswith("✓ Bravo ! Le pli contient 18 points de cartes.")
    assert "R♦ 4 + A♦ 11 + 7♥ 0 (atout) + D♥ 3 (atout) = 18." in player.feedback_text


def test_a_wrong_card_first_is_not_a_first_try(player) -> None:
    player.go(1)
    player.click("AS")  # a discard of a third suit never wins
    assert "East's A♠ is neither diamonds nor a trump: it is a discard." in player.feedback_text
    player.click("9D")
    _type_points(player, "22")
    assert player.results["discard"] == {"solved": True, "first_try": False, "tries": 3}
    assert player.score == (0, 1, 2)
    player.click("AS")  # once solved, the card feedback gives the points too
    assert "The trick holds 22 card points" in player.feedback_text


def test_the_hint_gives_the_tables_of_points(player) -> None:
    player.hint_button.click()
    assert "Was a trump played?" in player.feedback_text
    assert "Atouts count J 20" in player.feedback_text


def test_explain_trick_can_leave_the_points_out() -> None:
    trick = Trick(Suit.HEARTS, Seat.SOUTH, [Card.parse(c) for c in ("KD", "AD", "7H", "QH")])
    with_points = explain.explain_trick(trick, Seat.SOUTH, "en")
    without = explain.explain_trick(trick, Seat.SOUTH, "en", with_points=False)
    assert "18 card points" in with_points and "card points" not in without
    assert with_points.startswith(without)
    card = explain.explain_trick_card(trick, "AD", Seat.SOUTH, "fr", with_points=False)
    assert "points" not in card and "Q♥" not in card and "D♥" in card
