"""Kinds ``announce`` and ``compare`` in the scenario player: the learner builds the hand's
announcements card by card and says belote (R4.1-R4.3, R5.1); picks the team that scores
its announcements and the points (R4.5, R4.6). Every verdict comes from the engine."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.course.scenarios import CompareScenario, load_file
from belote_teach.engine.announcements import Announcement, compare_announcements
from belote_teach.engine.cards import Suit, Team, parse_cards
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_announce import AnnounceExercise, CompareExercise

PUBLIC = Path(__file__).resolve().parents[1] / "data" / "public.yaml"
ALL = {s.id: s for s in load_file(PUBLIC)}


def _announce(scenario_id: str) -> tuple[ScenarioPlayer, AnnounceExercise]:
    player = ScenarioPlayer([ALL[scenario_id]])
    exercise = player.current
    assert isinstance(exercise, AnnounceExercise)
    return player, exercise


def _build(player: ScenarioPlayer, exercise: AnnounceExercise, *combinations: str) -> None:
    """Click the cards of each combination in the hand, then "Add this combination"."""
    assert exercise.add_button is not None
    for combination in combinations:
        for card in combination.split():
            player.click(card)
        exercise.add_button.click()


def _check(exercise: AnnounceExercise, belote: bool | None) -> None:
    assert exercise.belote_choice is not None and exercise.check_button is not None
    exercise.belote_choice.value = belote
    exercise.check_button.click()


# ---------------------------------------------------------------- announce
def test_cards_are_toggle_buttons_and_picked_cards_are_listed() -> None:
    player, exercise = _announce("announce-rules-page-tierce-of-clubs")
    hand = player.board.hand_html
    assert hand.count('aria-pressed="false"') == 8 and 'aria-label="10 of clubs"' in hand
    player.click("8C")
    player.click("9C")
    assert player.board.hand_html.count('aria-pressed="true"') == 2
    assert 'bt-picked" data-card="8C"' in player.board.hand_html
    assert "Picked for the next combination: 8♣ 9♣" in player.board.table_html
    player.click("9C")  # clicked again: put back
    assert player.board.hand_html.count('aria-pressed="true"') == 1
    assert player.results == {} and player.feedback_text == ""
    player.language.value = "fr"
    assert exercise.add_button.description == "Ajouter cette combinaison"
    assert exercise.belote_choice.options == (("oui", True), ("non", False))
    assert "Choisies pour la prochaine combinaison\u00a0: 8♣" in player.board.table_html


@pytest.mark.parametrize(("act", "said"), [
    (lambda player, ex: ex.add_button.click(),
     "Click the cards of a combination in your hand first, then add it."),
    (lambda player, ex: ex.remove_button.click(),
     "There is no combination to remove yet."),
    (lambda player, ex: ex.check_button.click(),
     "Say whether you hold the belote (yes or no), then check."),
    (lambda player, ex: (player.click("8C"), player.click("10C"), _check(ex, False)),
     "You picked 10♣ and 8♣ without adding them"),
])
def test_incomplete_input_says_what_to_do_and_changes_nothing(act, said) -> None:
    player, exercise = _announce("announce-rules-page-tierce-of-clubs")
    act(player, exercise)
    assert said in player.feedback_text
    assert player.results == {} and player.score == (0, 0, 1)
    assert player._progress[0].tries == []


def test_the_right_announcements_and_belote_at_first_try() -> None:
    player, exercise = _announce("announce-card-used-once")
    _build(player, exercise, "QS QH QD QC")
    assert "Q♠ Q♥ Q♦ Q♣" in player.board.table_html
    _check(exercise, True)
    text = player.feedback_text
    assert text.startswith("✓ Right! You found every announcement, and the belote too.")
    assert "✓ carré Q♠ Q♥ Q♦ Q♣ (100 points): right (R4.2)." in text
    assert "✓ Belote: yes, you hold the K♠ and the Q♠ of atout" in text
    assert "This hand announces carré Q♠ Q♥ Q♦ Q♣ (100 points): 100 points." in text
    assert player.score == (1, 1, 1)
    assert player.results == {"announce-card-used-once": {
        "solved": True, "first_try": True, "tries": 1}}


def test_a_card_in_two_combinations_breaks_r4_3() -> None:
    player, exercise = _announce("announce-card-used-once")
    _build(player, exercise, "JS QS KS", "QS QH QD QC")
    _check(exercise, True)
    text = player.feedback_text
    assert text.startswith("✗ Not quite.")
    assert ("✗ tierce K♠ Q♠ J♠ (20 points): Q♠ already counts in carré Q♠ Q♥ Q♦ Q♣ "
            "(100 points), and a card counts in one combination only (R4.3).") in text
    assert "✓ carré Q♠ Q♥ Q♦ Q♣ (100 points): right (R4.2)." in text
    assert "Missing" not in text
    assert player.score == (0, 0, 1)


def test_a_card_worth_more_elsewhere_is_named_with_the_better_reading() -> None:
    player, exercise = _announce("announce-card-used-once")
    _build(player, exercise, "JS QS KS")
    _check(exercise, False)
    text = player.feedback_text
    assert ("Q♠ is worth more in carré Q♠ Q♥ Q♦ Q♣ (100 points); a card counts in one "
            "combination only") in text
    assert "✗ Missing (R4.2): carré Q♠ Q♥ Q♦ Q♣ (100 points)." in text
    assert "✗ Belote: you hold the K♠ and the Q♠, the king and the queen of atout" in text


def test_a_run_cut_short_is_announced_whole() -> None:
    player, exercise = _announce("announce-cent-with-six-cards")
    found = exercise.found
    assert [len(a.cards) for a in found] == [6]
    _build(player, exercise, "9H 10H JH QH KH")
    _check(exercise, False)
    text = player.feedback_text
    assert ("these cards belong to a longer run, and an unbroken run is announced whole: "
            "cent K♥ Q♥ J♥ 10♥ 9♥ 8♥ (100 points) (R4.1)") in text
    assert player.score == (0, 0, 1)
    exercise.remove_button.click()
    _build(player, exercise, "8H 9H 10H JH QH KH")
    _check(exercise, False)
    assert player.feedback_text.startswith("✓ Right!")
    assert player.score == (0, 1, 1)


@pytest.mark.parametrize(("scenario_id", "cards", "said"), [
    ("announce-four-eights-are-nothing", "8S 8H 8D 8C",
     "four 8s or four 7s are worth nothing (R4.2)"),
    ("announce-no-wrap-around", "AS 7S 8S",
     "these cards are not in a row (7 8 9 10 J Q K A, no wrap-around"),
    ("announce-no-wrap-around", "KH QH",
     "a combination is 3 cards or more in a row in one suit (R4.1)"),
    ("announce-no-wrap-around", "9D 10C JC", "not a combination: a sequence is in one suit"),
])
def test_cards_that_make_no_combination_are_explained(scenario_id, cards, said) -> None:
    player, exercise = _announce(scenario_id)
    _build(player, exercise, cards)
    _check(exercise, exercise.belote)
    text = player.feedback_text
    [built] = exercise.built
    assert set(built) == set(parse_cards(cards.split()))
    assert f"✗ {' '.join(explain.card_short(c, 'en') for c in built)}: {said}" in text
    assert "This hand has nothing to announce (R4.1, R4.2)." in text
    assert player.score == (0, 0, 1)


def test_nothing_to_announce_and_no_belote_is_right_with_no_combination() -> None:
    player, exercise = _announce("announce-no-wrap-around")
    _check(exercise, False)
    text = player.feedback_text
    assert "✓ No combination: right, there is nothing to announce." in text
    assert "✓ Belote: no, right" in text
    assert player.score == (1, 1, 1)


def test_a_missed_belote_is_wrong_even_with_no_combination() -> None:
    player, exercise = _announce("announce-four-eights-are-nothing")
    assert exercise.belote
    _check(exercise, False)
    assert "✗ Belote: you hold the K♥ and the Q♥" in player.feedback_text
    assert player.score == (0, 0, 1)
    player.language.value = "fr"
    assert "✗ Belote : tu as le R♥ et la D♥" in player.feedback_text


def test_announcements_off_at_the_table() -> None:
    scenario = replace(ALL["announce-cinquante"], rules=ALL["score-ffb2016-capot-252"].rules)
    player = ScenarioPlayer([scenario])
    exercise = player.current
    assert isinstance(exercise, AnnounceExercise) and exercise.found == ()
    _build(player, exercise, "JD QD KD AD")
    _check(exercise, False)
    assert "announcements are not played at this table (R4, R7)" in player.feedback_text
    assert player.score == (0, 0, 1)


# ---------------------------------------------------------------- compare
def _compare(scenario: CompareScenario) -> tuple[ScenarioPlayer, CompareExercise]:
    player = ScenarioPlayer([scenario])
    exercise = player.current
    assert isinstance(exercise, CompareExercise)
    return player, exercise


def _answer(exercise: CompareExercise, team: str | None, points: str) -> None:
    assert exercise.team_choice is not None and exercise.points_input is not None
    exercise.team_choice.value = team
    exercise.points_input.value = points
    assert exercise.check_button is not None
    exercise.check_button.click()


def test_both_teams_announcements_are_shown_with_nous_and_eux() -> None:
    player, exercise = _compare(ALL["compare-team-scores-all-its-announcements"])
    table = player.board.table_html
    assert 'data-team="NS"><h4 class="bt-quiz-title">Nous (North-South)</h4>' in table
    assert "cinquante J♠ 10♠ 9♠ 8♠ (50 points)" in table
    assert "tierce 9♦ 8♦ 7♦ (20 points)" in table
    assert "Eux (East-West)" in table and "Trump (atout)" in table
    assert exercise.team_choice.options == (("Nous (North-South)", "NS"),
                                            ("Eux (East-West)", "EW"), ("Nobody", "none"))


@pytest.mark.parametrize(("team", "points", "said"), [
    (None, "", "Pick the team that scores (or nobody), then check."),
    ("NS", "", "Type the points the team scores (a whole number), then check."),
    ("EW", "lots", "“lots” is not a whole number of points"),
])
def test_incomplete_compare_answers_change_nothing(team, points, said) -> None:
    player, exercise = _compare(ALL["compare-more-points-wins"])
    _answer(exercise, team, points)
    assert said in player.feedback_text
    assert player.results == {} and player.score == (0, 0, 1)


@pytest.mark.parametrize(("scenario_id", "said"), [
    ("compare-more-points-wins",
     "cinquante 10♣ 9♣ 8♣ 7♣ (50 points) beats tierce K♥ Q♥ J♥ (20 points): more points "
     "wins (R4.5)."),
    ("compare-carre-beats-cent",
     "carré K♠ K♥ K♦ K♣ (100 points) and cent A♦ K♦ Q♦ J♦ 10♦ (100 points) are both worth "
     "100 points; at equal points a carré beats a sequence (R4.5)."),
    ("compare-higher-top-card", "the higher top card wins: Q beats 9 (R4.5)."),
    ("compare-trump-sequence-wins-tie",
     "have the same points and the same top card; the sequence in atout (diamonds) wins"),
    ("compare-exact-tie-nobody-scores",
     "same points, same top card, neither in atout: nobody scores any announcement (R4.5)"),
])
def test_the_engine_answer_is_right_and_explained_by_the_deciding_criterion(
        scenario_id, said) -> None:
    scenario = ALL[scenario_id]
    assert isinstance(scenario, CompareScenario)
    player, exercise = _compare(scenario)
    winner, points = compare_announcements(scenario.ns, scenario.ew, scenario.trump)
    _answer(exercise, winner.value if winner else "none", str(points))
    text = player.feedback_text
    assert text.startswith("✓ Right: ")
    assert "The best announcement wins (R4.5)" in text and said in text
    assert player.score == (1, 1, 1)


def test_the_winner_scores_all_its_announcements() -> None:
    player, exercise = _compare(ALL["compare-team-scores-all-its-announcements"])
    _answer(exercise, "NS", "50")
    text = player.feedback_text
    assert text.startswith("✗ Not quite: you said Nous (North-South) score 50 points; the "
                           "answer is Nous (North-South) score 70 points.")
    assert ("Nous (North-South) score ALL their announcements, both partners' (R4.6): "
            "50 + 20 = 70 points.") in text
    assert "The team is right; count ALL its announcements (R4.6)." in text
    assert player.results["compare-team-scores-all-its-announcements"]["tries"] == 1
    _answer(exercise, "NS", "70")
    assert player.score == (0, 1, 1)
    player.language.value = "fr"
    assert "L'équipe Nous (Nord-Sud) marque TOUTES ses annonces" in player.feedback_text


def test_nobody_with_an_empty_box_means_zero_points() -> None:
    player, exercise = _compare(ALL["compare-exact-tie-nobody-scores"])
    _answer(exercise, "none", "")
    assert player.feedback_text.startswith(
        "✓ Right: nobody scores any announcement (0 points).")


def test_a_team_alone_with_announcements_wins() -> None:
    tierce = Announcement.of("tierce", "K", "H")
    scenario = replace(ALL["compare-more-points-wins"], ew=(), ns=(tierce,))
    player, exercise = _compare(scenario)
    _answer(exercise, "EW", "20")
    text = player.feedback_text
    assert ("Only Nous (North-South) announced: tierce K♥ Q♥ J♥ (20 points). Eux (East-West) "
            "have nothing to set against it (R4.5).") in text
    assert f"score their announcement: {tierce.points} points (R4.6)" in text
    assert compare_announcements(scenario.ns, scenario.ew, Suit.SPADES) == (Team.NS, 20)
