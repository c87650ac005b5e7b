"""Lesson 7 in a real browser: a curated practice deal played by clicking only, the
trick drawn by seat, the coach commenting each decision, and the debrief at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from table_clicks import play_a_deal, wait_for_table

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/07-practice-hands.ipynb"


def test_a_practice_deal_by_clicks_with_the_debrief(lesson_page: Page) -> None:
    from playwright.sync_api import expect

    page = lesson_page
    wait_for_table(page)
    expect(page.locator(".bt-msg.bt-info").first).to_contain_text("Take or pass")
    comments = play_a_deal(page)
    assert comments, "the coach said nothing about the learner's decisions"
    expect(page.get_by_role("heading", name="Debrief")).to_be_visible()
    page.get_by_role("button", name="Review the deal").click()
    expect(page.locator(".bt-table-review [data-card]").first).to_be_visible()
    shown = page.locator(".bt-table-review [data-card]").evaluate_all(
        "nodes => [...new Set(nodes.map(n => n.dataset.card))]")
    assert len(shown) == 32                              # the 8 tricks, every card once
