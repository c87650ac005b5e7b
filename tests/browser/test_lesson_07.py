"""Lesson 7 in a real browser: a curated practice deal played by clicking only, the
trick drawn by seat, the coach commenting each decision, and the debrief at the end;
reloaded in the middle of the deal, the page shows the hand where it stood."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from table_clicks import (
    RECORD_TABLE,
    act_as_learner,
    deal_practice,
    play_a_deal,
    position,
    reload_position,
    shown,
    wait_for_learner,
)

from belote_teach import explain

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/07-practice-hands.ipynb"


def test_a_practice_deal_by_clicks_with_the_debrief(lesson_page: Page) -> None:
    from playwright.sync_api import expect

    page = lesson_page
    page.add_init_script(RECORD_TABLE)                    # from the reload on
    page.evaluate(RECORD_TABLE)                           # and on the page as it is
    deal_practice(page)                          # the first deal, whatever was in progress
    expect(page.locator(".bt-msg.bt-info").first).to_contain_text("Take or pass")
    act_as_learner(page, 3)                               # the bid and two cards
    wait_for_learner(page)
    before = position(shown(page))
    assert len(before["hand"]) < 8
    assert reload_position(page) == before
    expect(page.get_by_text(explain.text("practice_resumed", "en"))).to_be_visible()

    comments = play_a_deal(page)
    assert comments, "the coach said nothing about the learner's decisions"
    expect(page.get_by_role("heading", name="Debrief")).to_be_visible()
    page.get_by_role("button", name="Review the deal").click()
    expect(page.locator(".bt-table-review [data-card]").first).to_be_visible()
    shown_cards = page.locator(".bt-table-review [data-card]").evaluate_all(
        "nodes => [...new Set(nodes.map(n => n.dataset.card))]")
    assert len(shown_cards) == 32                        # the 8 tricks, every card once
