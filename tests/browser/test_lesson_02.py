"""Lesson 02 ("the deal and the bidding") in a real browser: Voilà serves the lesson, its
first exercise is answered with the bid the lesson does not teach, then with the one it
teaches (R2.4, R2.5; R9 tip 1); the bids are worked out from the scenario by the engine
(:mod:`exercise_clicks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import wrong_then_right

from belote_teach.course.scenarios import BidScenario

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/02-deal-and-bidding.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """The wrong bid is explained under the round's rule with the bid taught; the right
    one is confirmed and the score line counts the exercise done."""
    scenario = wrong_then_right(lesson_page, NOTEBOOK)
    assert isinstance(scenario, BidScenario)
