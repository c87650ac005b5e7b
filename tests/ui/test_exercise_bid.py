"""Kind ``bid`` in the scenario player: the learner's 5 cards, the retourne and the bidding
so far by seat; bid buttons per round; illegal bids explained with R2.4 / R2.5, the
lesson's advice with its R9 tip, the coach's view when there is no advice."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from belote_teach.course.scenarios import BidScenario, load_file
from belote_teach.engine.bidding import PASS, Bid, Bidding
from belote_teach.engine.cards import Seat
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_bid import BidExercise, dealer_for

PUBLIC = Path(__file__).resolve().parents[1] / "data" / "public.yaml"
BIDS = {s.id: s for s in load_file(PUBLIC) if isinstance(s, BidScenario)}


def _player(scenario_id: str, **changes: object) -> ScenarioPlayer:
    return ScenarioPlayer([replace(BIDS[scenario_id], **changes)])


def _exercise(player: ScenarioPlayer) -> BidExercise:
    exercise = player.current
    assert isinstance(exercise, BidExercise)
    return exercise


@pytest.mark.parametrize("scenario_id", sorted(BIDS))
def test_the_dealer_makes_south_the_next_speaker(scenario_id) -> None:
    scenario = BIDS[scenario_id]
    exercise = _exercise(_player(scenario_id))
    history = exercise.history
    speaker = exercise.dealer.next  # R2.4, R2.5: each round starts after the dealer
    for _ in range(len(history) % 4):
        speaker = speaker.next
    assert speaker is Seat.SOUTH
    bidding = Bidding(exercise.dealer, scenario.turned, history)
    assert bidding.to_speak is Seat.SOUTH
    assert [seat for seat, _ in exercise.bidding.calls] == [seat for seat, _ in bidding.calls]
    assert {str(b) for b in exercise.legal} == set(scenario.legal_bids)


def test_the_dealer_speaks_last_after_three_passes() -> None:
    player = _player("bid-round1-dealer-speaks-last")
    exercise = _exercise(player)
    assert exercise.dealer is Seat.SOUTH
    history = player.board.table_html.split('aria-label="The bidding so far"')[1]
    spoken = re.findall(r'<li data-seat="(\w)" data-bid="(\w+)"><b>(\w+)</b>', history)
    assert spoken == [("E", "pass", "East"), ("N", "pass", "North"), ("W", "pass", "West")]
    assert "Round 1" in history and "I pass" in history
    assert 'data-phase="bidding_1"' in player.board.table_html
    assert "Turned card (retourne)" in player.board.table_html


def test_round_one_buttons_and_the_advised_take() -> None:
    player = _player("bid-round1-take-on-the-jack")
    exercise = _exercise(player)
    assert list(exercise.buttons) == ["take", "pass"]
    assert [b.description for b in exercise.buttons.values()] == ["I take", "I pass"]
    assert "Nobody has spoken yet: you speak first." in player.board.table_html
    exercise.buttons["take"].click()
    text = player.feedback_text
    assert text.startswith("✓ Right: prendre (take) is allowed, and it is what this lesson "
                           "teaches.")
    assert "Round 1: take the retourne's suit or pass (R2.4)" in text
    assert "Your atouts would be J♥, 9♥ and A♥, the retourne J♥ included" in text
    assert player.score == (1, 1, 1)
    assert exercise.buttons["take"].icon == "check"
    assert "«\u00a0I take\u00a0»" in player.board.table_html  # said at the table
    player.language.value = "fr"
    assert [b.description for b in exercise.buttons.values()] == ["Je prends", "Je passe"]
    assert player.feedback_text.startswith(
        "✓ Bravo : tu as le droit de prendre, et c'est ce que cette leçon conseille.")


def test_a_legal_bid_other_than_the_advice_names_the_advice_and_the_tip() -> None:
    player = _player("bid-round1-belote-alone-is-weak")
    exercise = _exercise(player)
    exercise.buttons["take"].click()
    text = player.feedback_text
    assert text.startswith("⚠ Allowed, but this lesson teaches passer (pass) here, not "
                           "prendre (take).")
    assert "Your atouts would be K♠, Q♠ and 7♠, the retourne 7♠ included" in text
    assert "You hold neither the J♠ nor the 9♠: taking without them is a common error" in text
    assert text.endswith("Try again.") and "✓" not in text
    assert (exercise.buttons["take"].icon, exercise.buttons["take"].button_style) == (
        "exclamation", "warning")
    assert player.score == (0, 0, 1)  # not done: not the bid the lesson teaches
    assert player.results == {"bid-round1-belote-alone-is-weak": {
        "solved": False, "first_try": False, "tries": 1}}
    exercise.buttons["pass"].click()
    assert player.feedback_text.startswith("✓ Right: passer (pass) is allowed")
    assert "Tip 1: take with the J or the 9 of atout" in player.feedback_text
    assert player.results == {"bid-round1-belote-alone-is-weak": {
        "solved": True, "first_try": False, "tries": 2}}


def test_a_double_click_on_a_wrong_bid_is_one_try() -> None:
    player = _player("bid-round1-belote-alone-is-weak")
    exercise = _exercise(player)
    exercise.buttons["take"].click()
    shown = player.feedback_text
    exercise.buttons["take"].click()                     # the second click of a double click
    assert player.feedback_text == shown
    assert player.results == {"bid-round1-belote-alone-is-weak": {
        "solved": False, "first_try": False, "tries": 1}}
    exercise.buttons["pass"].click()
    exercise.buttons["pass"].click()
    assert player.results == {"bid-round1-belote-alone-is-weak": {
        "solved": True, "first_try": False, "tries": 2}}
    exercise.buttons["take"].click()                     # exploring once solved
    exercise.buttons["take"].click()
    assert player.results["bid-round1-belote-alone-is-weak"]["tries"] == 2


def test_round_two_shows_every_suit_and_refuses_the_retourne_suit() -> None:
    player = _player("bid-round2-turned-suit-forbidden")
    exercise = _exercise(player)
    assert list(exercise.buttons) == ["S", "H", "D", "C", "pass"]
    assert exercise.buttons["S"].description == "I take spades ♠"
    assert "Round 2" in player.board.table_html
    exercise.buttons["S"].click()
    text = player.feedback_text
    assert text.startswith("✗ Round 2: name one of the three other suits or pass (R2.5)")
    assert "Naming spades as atout is not allowed here." in text
    assert "you may not name the retourne's suit, spades (the retourne is Q♠)" in text
    assert ("Allowed: naming hearts as atout, naming diamonds as atout, naming clubs as "
            "atout or passer (pass).") in text
    assert exercise.buttons["S"].icon == "times"
    assert player.score == (0, 0, 1)
    assert player.results["bid-round2-turned-suit-forbidden"]["tries"] == 1
    player.language.value = "fr"
    assert exercise.buttons["S"].description == "Je prends à pique ♠"
    assert "Tu ne peux pas prendre à pique ici." in player.feedback_text


def test_round_two_without_history_comes_after_four_passes() -> None:
    player = _player("bid-round2-other-suits-only", history=())
    exercise = _exercise(player)
    assert exercise.history == (PASS,) * 4
    assert "Everybody passed in round 1: round 2 starts, and you speak first." \
        in player.board.table_html


def test_without_advice_any_legal_bid_is_right_with_the_coach_view() -> None:
    player = _player("bid-round2-other-suits-only", advice=None, reason=None)
    exercise = _exercise(player)
    exercise.buttons["pass"].click()
    text = player.feedback_text
    assert text.startswith("✓ Right: passer (pass) is allowed here.")
    review = exercise.review(Bid.parse("pass"))
    words = review.explanation("en")          # the coach's own words, simulated once,
    assert f"The coach's view: {words[:1].lower()}{words[1:]}" in text   # after a colon
    assert exercise.review(Bid.parse("pass")) is review
    assert player.score == (1, 1, 1)


def test_the_hint_names_the_round_rule_and_the_retourne_suit() -> None:
    player = _player("bid-round2-turned-suit-forbidden")
    player.hint_button.click()
    assert ("In round 2 you may name any suit but the retourne's (spades), or pass."
            in player.feedback_text)
    assert player.score == (0, 0, 1) and player.results == {}


def test_a_bidding_that_is_over_has_no_dealer() -> None:
    with pytest.raises(ValueError, match="nobody may speak"):
        dealer_for(BIDS["bid-round1-dealer-speaks-last"].turned, [PASS] * 8)
