"""Clicking through a deal at the card table in a real browser (lessons 7 and 8): the
learner takes when asked to bid and plays the first bright card of the hand."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: Milliseconds for the widgets to appear (the kernel runs the notebook first).
WIDGETS_TIMEOUT_MS = 60_000
#: Seconds for a whole deal: 24 computer cards at 0.6 s, the coach's comments, clicks.
DEAL_SECONDS = 240


def table_status(page: Page) -> str:
    return page.locator(".bt-table-status").inner_text()


def play_a_deal(page: Page) -> list[str]:
    """Click through one deal: take when asked to bid, else the first bright card of the
    hand; return the coach's comments seen."""
    comments: list[str] = []
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        status = table_status(page)
        if "deal is over" in status:
            return comments
        if "Your turn to bid" in status:
            # "I take" in round 1, "I take hearts ♥"... in round 2: the first one offered
            page.get_by_role("button", name=re.compile("take", re.IGNORECASE)).first.click()
            page.wait_for_function(
                "() => !document.querySelector('.bt-table-status').innerText.includes('bid')",
                timeout=30_000)
        elif "Your turn: click a card" in status:
            hand = page.locator(".bt-part-hand button.bt-card:not(.bt-dim)")
            if hand.count() == 0:
                # The status line is a widget of its own: it can say "your turn" before
                # the hand's buttons are drawn. Clicking then would wait for the buttons,
                # and the count taken now would be wrong. Look again.
                page.wait_for_timeout(100)
                continue
            before = page.locator(".bt-part-hand .bt-card").count()   # buttons or pictures
            hand.first.click()
            page.wait_for_function(
                "n => document.querySelectorAll('.bt-part-hand .bt-card').length < n",
                arg=before, timeout=30_000)
            feedback = page.locator(".bt-feedback").inner_text()
            if feedback:
                comments.append(feedback)
        else:
            page.wait_for_timeout(250)
    pytest.fail(f"the deal did not end within {DEAL_SECONDS} s; status: {table_status(page)!r}")


def wait_for_table(page: Page) -> None:
    """Wait until the table app has drawn its status line."""
    page.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
