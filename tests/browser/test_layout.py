"""The table apps' layout in a real browser (lessons 7 and 8), on a desktop window
(1280 × 800) and on a phone (390 × 844): once the app is scrolled to the top of the
window, the table, the learner's hand and the controls of the learner's turn (the
bidding buttons while bidding; the cards and the announcement check boxes while playing)
are all inside the window, with no further scrolling; no button or label of the page cuts
its words ("Show po…"), the end-of-deal debrief included; axe-core finds nothing serious.

One page per lesson: the checks are made at both sizes on the same page, the window
resized between them (the layout follows the window's width).
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from table_clicks import deal_practice, play_a_deal
from test_accessibility import (
    GAME,
    PRACTICE,
    expect_no_blocking_violation,
    notebook,
    open_app,
    table_status,
)

from belote_teach import explain
from belote_teach.engine.bidding import Bid
from belote_teach.explain.calls import bid_words

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: The two windows: a desktop's and a phone's, in CSS pixels.
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: Seconds for the table to reach the learner's turn (the computers play at 0.6 s).
REACH_SECONDS = 240

#: Scroll the app to the top of the window (the one scroll a learner makes to reach it)
#: and measure, in the window, the table, the hand's cards and the controls of the turn.
MEASURE = """() => {
  const app = document.querySelector(".bt-practice-app, .bt-game-app");
  app.scrollIntoView({block: "start"});
  const box = el => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            what: el.outerHTML.slice(0, 90)};
  };
  const all = selector => [...document.querySelectorAll(selector)]
    .filter(el => el.getClientRects().length).map(box);
  const frame = app.getBoundingClientRect();
  return {
    window: {width: document.documentElement.clientWidth, height: window.innerHeight,
             left: Math.max(0, frame.left), right: frame.right},
    table: all(".bt-table-app .bt-part-table .bt-table-wrap"),
    hand: all(".bt-table-app .bt-part-hand .bt-card"),
    bids: all(".bt-table-app .bt-table-bids button"),
    announce: all(".bt-table-app .bt-table-announce input[type=checkbox]"),
  };
}"""

#: The buttons and labels of the page whose words do not fit in their box.
CUT_WORDS = """() => [...document.querySelectorAll(
    "#rendered_cells button, #rendered_cells label, #rendered_cells .widget-label")]
  .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.innerText.trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""


def settle_layout(page: Page) -> None:
    """Let the page lay itself out again (two animation frames and a short pause)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                  "requestAnimationFrame(() => done(null))))")
    page.wait_for_timeout(300)


def outside(boxes: list[dict[str, Any]], window: dict[str, float]) -> list[str]:
    """The boxes not wholly inside the window, or sticking out of the app's sides (where
    the page's cell would cut them)."""
    left, right = window["left"], min(window["right"], window["width"])
    return [f"{b['what']} at top {b['top']:.0f}, bottom {b['bottom']:.0f}, "
            f"left {b['left']:.0f}, right {b['right']:.0f} (app: {left:.0f} to {right:.0f})"
            for b in boxes
            if b["top"] < -1 or b["bottom"] > window["height"] + 1
            or b["left"] < left - 1 or b["right"] > right + 1]


def expect_turn_in_view(page: Page, phase: str, where: str) -> None:
    """At each size: the table, the hand and the controls of ``phase`` ("bid" or "play")
    inside the window once the app is scrolled to its top; no words cut."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        settle_layout(page)
        shown = page.evaluate(MEASURE)
        controls = shown["bids"] if phase == "bid" else shown["announce"]
        assert shown["table"] and shown["hand"], f"{where} ({size}): no table or hand drawn"
        if phase == "bid":
            assert controls, f"{where} ({size}): no bidding button drawn"
        problems = outside(shown["table"] + shown["hand"] + controls, shown["window"])
        assert not problems, (f"{where}, {phase} ({size} {viewport}): out of the window:\n"
                              + "\n".join(problems[:8]))
        cut = page.evaluate(CUT_WORDS)
        assert not cut, f"{where} ({size}): words cut: {cut}"


def reach(page: Page, lang: str, phase: str) -> None:
    """Go on until the learner is to ``phase`` ("bid" or "play"): the next deal when the
    deal is over, "take" (or "pass") at a bid when the learner is to play."""
    from playwright.sync_api import expect

    over, to_bid, to_play = (explain.text(key, lang)
                             for key in ("deal_over", "turn_bid", "turn_card"))
    wanted = to_bid if phase == "bid" else to_play
    take_or_pass = page.get_by_role("button", name=re.compile(
        "^(?:" + "|".join(re.escape(bid_words(Bid.parse(b), lang)) for b in ("take", "pass"))
        + ")$")).first
    deadline = time.monotonic() + REACH_SECONDS
    while (status := table_status(page)) != wanted:
        assert time.monotonic() < deadline, f"the table never reached {phase}: {status!r}"
        if status == over:
            page.get_by_role("button", name=explain.text("next_deal", lang), exact=True).click()
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif status == to_bid and phase == "play":
            take_or_pass.click()
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        else:
            page.wait_for_timeout(250)
    if phase == "play":
        page.locator(".bt-part-hand button.bt-card").first.wait_for(state="visible")
    else:
        take_or_pass.wait_for(state="visible")


def test_practice_hands_fit_the_window_from_the_bid_to_the_debrief(
        page: Page, voila: VoilaServer) -> None:
    """Lesson 7: the first deal's bid, then its first card, in view at both sizes; played
    to its end, the debrief's "Show position" buttons show their words whole."""
    from playwright.sync_api import expect

    lang = "en"
    where = notebook(PRACTICE, lang)
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, voila, PRACTICE, lang)
    deal_practice(page, lang)                    # from its start, whatever was in progress
    reach(page, lang, "bid")
    expect_turn_in_view(page, "bid", where)
    expect_no_blocking_violation(page, f"{where} on a phone, bidding")
    reach(page, lang, "play")
    expect_turn_in_view(page, "play", where)
    page.set_viewport_size(SIZES["desktop"])
    play_a_deal(page)
    shows = page.get_by_role("button", name=re.compile(r"^Show position \d+$"))
    expect(shows.first).to_be_visible()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        settle_layout(page)
        cut = page.evaluate(CUT_WORDS)
        assert not cut, f"{where}, the debrief ({size}): words cut: {cut}"


def test_a_game_fits_the_window_at_the_bid_and_at_the_card(page: Page,
                                                           voila: VoilaServer) -> None:
    """Lesson 8 in French (the longer words): the learner's next bid and next card, each in
    view at both sizes, settings and buttons whole; axe-core finds nothing serious."""
    lang = "fr"
    where = notebook(GAME, lang)
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, voila, GAME, lang)
    phase = page.locator(".bt-part-table .bt-table-wrap").get_attribute("data-phase") or ""
    if phase.startswith("bidding") or table_status(page) == explain.text("deal_over", lang):
        reach(page, lang, "bid")               # (a game resumed in the play: its card only)
        expect_turn_in_view(page, "bid", where)
    reach(page, lang, "play")
    expect_turn_in_view(page, "play", where)
    expect_no_blocking_violation(page, f"{where} on a phone, the learner's card")


def test_the_announcement_boxes_of_the_first_card_are_in_view_on_a_phone(
        page: Page, voila: VoilaServer) -> None:
    """Lesson 7 in French, the practice deal with a tierce and the belote (the coach's
    advice on them is the longest text above the hand's controls): at South's first card
    the announcement check boxes are inside the window at both sizes."""
    from playwright.sync_api import expect

    lang = "fr"
    where = notebook(PRACTICE, lang)
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, voila, PRACTICE, lang)
    deal_practice(page, lang, "announce-and-belote")
    reach(page, lang, "play")
    expect(page.locator(".bt-table-announce input[type=checkbox]").first).to_be_visible()
    expect(page.locator(".bt-declare-advice")).to_be_visible()
    expect_turn_in_view(page, "play", where)
