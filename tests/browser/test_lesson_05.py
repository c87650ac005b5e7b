"""Lesson 05 ("scoring a deal") in a real browser: Voilà serves the lesson, its first
exercise is answered with another outcome and a wrong mark, then with the outcome and
marks of the engine's score (R6; :mod:`exercise_clicks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import wrong_then_right

from belote_teach.course.scenarios import ScoreScenario

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/05-scoring.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """The wrong outcome is named with the right one's rule and the right marks; the
    right answer is confirmed and the score line counts the exercise done."""
    scenario = wrong_then_right(lesson_page, NOTEBOOK)
    assert isinstance(scenario, ScoreScenario)
