"""Lesson 01 ("cards and points") in a real browser: Voilà serves the lesson; its first
exercise is answered with a card that does not win the pli, then with the winning card
and the pli's card points (R1.5, R1.2, R1.3); and its drill ("who wins the pli") gets a
fresh position answered right at the first try, which starts a streak of 1. Every answer
is worked out by the engine (:mod:`exercise_clicks`); the drill's pli is read from the
page, since the drill deals it at random."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import LANG, answer, drill_trick, read_template, trick_right, wrong_then_right
from table_clicks import WIDGETS_TIMEOUT_MS

from belote_teach import explain
from belote_teach.course.scenarios import TrickScenario
from belote_teach.render.drill import drill_text

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/01-cards-and-points.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """A card that does not win is explained (the rule, the card that wins and its
    player); the winning card and the right card points are confirmed and the score line
    counts the exercise done."""
    scenario = wrong_then_right(lesson_page, NOTEBOOK)
    assert isinstance(scenario, TrickScenario)


def test_drill_position_right_at_first_try(lesson_page: Page) -> None:
    """The drill deals a pli; the winning card and its points, right at the first try,
    make a streak of 1 (one position answered, one right at the first try)."""
    from playwright.sync_api import expect

    drill = lesson_page.locator(".bt-drill").first
    drill.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    status = drill.locator(".bt-streak-box")
    before = read_template(status, explain.catalog(LANG)["drill_ui"]["status"])
    assert (before["current"], before["answered"], before["first_try"]) == (0, 0, 0)
    answer(drill, trick_right(drill_trick(drill)))
    expect(status).to_contain_text(drill_text("status", LANG, current=1,
                                              best=max(1, before["best"]), answered=1,
                                              first_try=1))
