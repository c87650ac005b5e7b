"""Lesson 06 ("tips from good players") in a real browser: Voilà serves the lesson, its
first exercise is answered against the tip, then as the tip teaches (R9; the answers are
worked out from the scenario by the engine, :mod:`exercise_clicks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import wrong_then_right

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/06-tips.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """The answer against the tip is explained with the rule and what the tip teaches;
    the right one is confirmed and the score line counts the exercise done."""
    wrong_then_right(lesson_page, NOTEBOOK)
