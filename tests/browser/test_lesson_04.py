"""Lesson 04 ("announcements") in a real browser: Voilà serves the lesson, its first
exercise is checked with no combination and the belote said the wrong way, then answered
by building each announcement from the hand's cards (R4.1–R4.3, R5.1); the announcements
are the engine's (:mod:`exercise_clicks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import wrong_then_right

from belote_teach.course.scenarios import AnnounceScenario

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/04-announcements.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """The empty answer is explained (each missing announcement with its rule, the
    hand's announcements); the combinations built card by card are confirmed and the
    score line counts the exercise done."""
    scenario = wrong_then_right(lesson_page, NOTEBOOK)
    assert isinstance(scenario, AnnounceScenario)
