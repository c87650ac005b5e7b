"""Lesson 8 in a real browser: a page reload (a new kernel) at any moment of a deal shows
the same position, because the game is saved after every bid and card.

Four moments, one after the other on the same saved game: the learner to bid, the
learner to play in the middle of a pli, a pli just won by the learner (still on the table
before the learner leads the next one), and the deal over. Before the reload the table
shows a position; the first drawing of the reloaded page (recorded from its very first
one, ``table_clicks.RECORD_TABLE``) shows the same: the pli number and the cards on the
table, the hand, what each player said in the bidding, the phase and the status line;
and the page says the saved game is back where it was left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from table_clicks import (
    RECORD_TABLE,
    play_until,
    position,
    reload_position,
    set_pace,
    shown,
    wait_for_table,
)

from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/08-play-a-game.ipynb"

#: The moments of a deal: when the table shows each (what ``shown`` returns).
PHASES = {
    "bidding": lambda now: "Your turn to bid" in now["status"],
    "mid-trick": lambda now: ("Your turn: click a card" in now["status"]
                              and bool(now["clickable"]) and 1 <= len(now["cards"]) <= 3),
    "trick end": lambda now: now["status"].startswith("You win pli")
                             and len(now["cards"]) == 4,
    "deal over": lambda now: "deal is over" in now["status"],
}

@pytest.mark.parametrize("phase", list(PHASES))
def test_a_reload_shows_the_same_position(page: Page, voila: VoilaServer, phase: str) -> None:
    from playwright.sync_api import expect

    page.add_init_script(RECORD_TABLE)              # on every load of this page
    page.goto(lesson_url(voila, NOTEBOOK), wait_until="load")
    wait_for_table(page)
    set_pace(page, 0.6)                             # a pli won stays on the table 0.6 s
    play_until(page, PHASES[phase], f"the moment {phase!r}")
    before = position(shown(page))
    assert reload_position(page) == before
    expect(page.get_by_text("Your saved game is back where you left it")).to_be_visible()
    if phase == "deal over":                        # the next test finds a deal going on
        page.get_by_role("button", name="Next deal").click()
        expect(page.locator(".bt-table-status")).not_to_contain_text("deal is over")
