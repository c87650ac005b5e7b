"""Lesson 8 in a real browser: a whole deal of the game app played by clicking only
(bids with the bidding box, cards from the hand, the coach commenting), the score sheet
after the deal, and the saved game back after a page reload (a new kernel)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from table_clicks import play_a_deal, wait_for_table

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/08-play-a-game.ipynb"
#: Deals allowed for a game to 501 (a deal gives at most 412 marks, 162 on average).
GAME_DEALS = 12

def test_a_deal_by_clicks_then_the_game_resumes_after_a_reload(lesson_page: Page) -> None:
    from playwright.sync_api import expect

    page = lesson_page
    wait_for_table(page)
    expect(page.locator(".bt-table-felt, .bt-table").first).to_be_visible()
    status = page.locator(".bt-table-status")
    if "deal is over" in status.inner_text():
        # the session's saved game, resumed where an earlier test left it: between deals
        page.get_by_role("button", name="Next deal").click()
        expect(status).not_to_contain_text("deal is over")
    comments = play_a_deal(page)
    assert comments, "the coach said nothing about the learner's decisions"
    assert any("card" in c or "best" in c or "good" in c for c in comments)
    sheet = page.locator(".bt-sheet").first
    expect(sheet).to_contain_text("Nous")
    expect(sheet).to_contain_text("Eux")
    page.reload(wait_until="load")
    wait_for_table(page)
    expect(page.get_by_text("Your saved game is back")).to_be_visible()
    expect(page.locator(".bt-table-status")).to_contain_text("deal is over")
    expect(page.get_by_role("button", name="Next deal")).to_be_visible()


def test_keyboard_only_bid_and_card(lesson_page: Page) -> None:
    """Tab and Enter only: move to the next deal, bid with the bidding box, then play a
    card of the hand (the cards are buttons; focus stays on the hand after a redraw)."""
    from playwright.sync_api import expect

    page = lesson_page
    wait_for_table(page)
    for _ in range(600):
        status = page.locator(".bt-table-status").inner_text()
        if "deal is over" in status:
            page.get_by_role("button", name="Next deal").focus()
            page.keyboard.press("Enter")
            # the key is taken once the table moves on: never press it twice
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif "Your turn to bid" in status:
            page.get_by_role("button", name=re.compile("take", re.IGNORECASE)).first.focus()
            page.keyboard.press("Enter")
            # the bid is reviewed before the table moves on: wait for it, not bid again
            page.wait_for_function(
                "() => !document.querySelector('.bt-table-status').innerText"
                ".includes('Your turn to bid')", timeout=30_000)
        elif "Your turn: click a card" in status:
            break
        page.wait_for_timeout(250)
    else:
        pytest.fail("the learner never got a card to play")
    cards = page.locator(".bt-part-hand button.bt-card")
    before = cards.count()
    cards.first.focus()
    for _ in range(before):
        if page.evaluate("() => !document.activeElement.classList.contains('bt-dim')"):
            page.keyboard.press("Enter")
            break
        page.keyboard.press("Tab")
    page.wait_for_function(
        "n => document.querySelectorAll('.bt-part-hand .bt-card').length < n", arg=before,
        timeout=30_000)


def test_a_whole_game_to_501_by_clicks(lesson_page: Page) -> None:
    """The issue's promise: a new game to 501 chosen in the settings, the computers set
    to play at once with the pace slider, then every deal played by clicks (bidding box,
    cards, "Next deal") until the score sheet names the winner."""
    from playwright.sync_api import expect

    page = lesson_page
    wait_for_table(page)
    page.get_by_label("Game to").select_option("501")
    # "New game" puts a new table in place of the old one (ui/game_app.py), its pace
    # slider with it: the old slider is marked, so that the keys go to the new one.
    page.locator(".bt-pace").first.evaluate("slider => slider.dataset.oldTable = 'yes'")
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".bt-sheet").first).to_contain_text("501")
    expect(page.locator(".bt-pace[data-old-table]")).to_have_count(0)
    handle = page.locator(".bt-pace .noUi-handle").first   # the pace, from the keyboard
    handle.focus()
    page.keyboard.press("Home")
    expect(page.locator(".bt-pace-value").first).to_have_text("0.0 s")   # ui/table.py

    sheet = page.locator(".bt-sheet").first
    comments: list[str] = []
    for deal in range(1, GAME_DEALS + 1):
        comments += play_a_deal(page)
        # the sheet is redrawn just after the table: wait for this deal's row
        expect(sheet).to_contain_text(f"Details of deal {deal}")
        if "Game over" in sheet.inner_text():
            break
        page.get_by_role("button", name="Next deal").click()
        page.wait_for_function(
            "() => !document.querySelector('.bt-table-status').innerText.includes('over')",
            timeout=30_000)
    else:
        pytest.fail(f"no winner after {GAME_DEALS} deals: {sheet.inner_text()!r}")
    expect(sheet).to_contain_text(re.compile(r"Game over: (Nous|Eux) win, \d+ to \d+"))
    totals = [int(n) for n in re.findall(r"win, (\d+) to (\d+)", sheet.inner_text())[0]]
    assert totals[0] >= 501 and totals[0] > totals[1]
    assert deal >= 2, "a game to 501 takes at least two deals (162 + 250 < 501)"
    assert len(comments) >= 8 * deal, "the coach commented on fewer cards than were played"
    expect(page.get_by_role("button", name="Next deal")).to_be_hidden()
