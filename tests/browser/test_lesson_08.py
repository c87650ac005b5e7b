"""Lesson 8 in a real browser: a whole deal of the game app played by clicking only
(bids with the bidding box, cards from the hand, the coach commenting), the score sheet
after the deal, and the saved game back after a page reload (a new kernel)."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/08-play-a-game.ipynb"

#: Milliseconds for the widgets to appear (the kernel runs the notebook first).
WIDGETS_TIMEOUT_MS = 60_000
#: Seconds for a whole deal: 24 computer cards at 0.6 s, the coach's comments, clicks.
DEAL_SECONDS = 240


def _status(page: Page) -> str:
    return page.locator(".bt-table-status").inner_text()


def _play_a_deal(page: Page) -> list[str]:
    """Click through one deal: take when asked to bid, else the first bright card of the
    hand; return the coach's comments seen."""
    comments: list[str] = []
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        status = _status(page)
        if "deal is over" in status:
            return comments
        if "Your turn to bid" in status:
            page.get_by_role("button", name=re.compile("take", re.IGNORECASE)).click()
            page.wait_for_function(
                "() => !document.querySelector('.bt-table-status').innerText.includes('bid')",
                timeout=30_000)
        elif "Your turn: click a card" in status:
            hand = page.locator(".bt-part-hand button.bt-card:not(.bt-dim)")
            before = page.locator(".bt-part-hand button.bt-card").count()
            hand.first.click()
            page.wait_for_function(
                "n => document.querySelectorAll('.bt-part-hand button.bt-card').length < n"
                " || !document.querySelector('.bt-table-status').innerText.includes('click')",
                arg=before, timeout=30_000)
            feedback = page.locator(".bt-feedback").inner_text()
            if feedback:
                comments.append(feedback)
        else:
            page.wait_for_timeout(250)
    pytest.fail(f"the deal did not end within {DEAL_SECONDS} s; status: {_status(page)!r}")


def test_a_deal_by_clicks_then_the_game_resumes_after_a_reload(lesson_page: Page) -> None:
    from playwright.sync_api import expect

    page = lesson_page
    page.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    expect(page.locator(".bt-table-felt, .bt-table").first).to_be_visible()
    comments = _play_a_deal(page)
    assert comments, "the coach said nothing about the learner's decisions"
    assert any("card" in c or "best" in c or "good" in c for c in comments)
    sheet = page.locator(".bt-sheet").first
    expect(sheet).to_contain_text("Nous")
    expect(sheet).to_contain_text("Eux")
    page.reload(wait_until="load")
    page.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    expect(page.get_by_text("Your saved game is back")).to_be_visible()
    expect(page.locator(".bt-table-status")).to_contain_text("deal is over")
    expect(page.get_by_role("button", name="Next deal")).to_be_visible()
