"""Clicking through a deal at the card table in a real browser (lessons 7 and 8): the
learner takes when asked to bid and plays the first bright card of the hand; what the
table draws, recorded from the page's first drawing (:data:`RECORD_TABLE`); the pace set
from the keyboard; the game open in two tabs (the server and the static editions)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from belote_teach import explain

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


#: Seconds for the table to reach a given moment (a bid, a card, a deal over).
REACH_SECONDS = 300

#: For ``page.add_init_script``: ``window.__btShown()`` reads what the table shows (the
#: centre's caption and cards, the hand, what each seat said, the phase, the status and
#: the feedback), and ``window.__btDrawn`` lists every different such drawing from the
#: page's first one, with the page's time in milliseconds (``t``).
RECORD_TABLE = """
(() => {
  window.__btShown = () => {
    const table = document.querySelector('.bt-part-table');
    if (!table || !table.querySelector('.bt-table-wrap')) return null;
    const text = (selector, root) => {
      const found = (root || document).querySelector(selector);
      return found ? found.textContent.trim() : '';
    };
    const says = {};
    for (const seat of table.querySelectorAll('.bt-table-seat')) {
      const bubble = seat.querySelector('.bt-table-says');
      if (bubble) says[seat.dataset.seat] = bubble.textContent.trim();
    }
    return {
      caption: text('.bt-table-centre .bt-table-caption', table),
      cards: [...table.querySelectorAll('.bt-table-centre .bt-table-play')]
        .map((play) => play.dataset.seat + ':' + play.dataset.card),
      hand: [...document.querySelectorAll('.bt-part-hand .bt-card')]
        .map((card) => card.dataset.card),
      clickable: [...document.querySelectorAll('.bt-part-hand button.bt-card:not(.bt-dim)')]
        .map((card) => card.dataset.card),
      says,
      phase: table.querySelector('.bt-table-wrap').dataset.phase,
      status: text('.bt-table-status'),
      feedback: text('.bt-feedback'),
    };
  };
  window.__btDrawn = [];
  const start = performance.now();
  let last = '';
  const note = () => {
    const shown = window.__btShown();
    if (!shown) return;
    const key = JSON.stringify(shown);
    if (key === last) return;
    last = key;
    window.__btDrawn.push(Object.assign({ t: Math.round(performance.now() - start) }, shown));
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true,
                                                 characterData: true, attributes: true });
})();
"""

#: The table's pli number in its caption ("Pli 3 of 8").
PLI = re.compile(r"Pli (\d) of 8")


def shown(page: Page) -> dict[str, Any]:
    """What the table shows now (``window.__btShown()`` of :data:`RECORD_TABLE`)."""
    value = page.evaluate("() => window.__btShown()")
    assert value is not None, "the table is not drawn"
    return dict(value)


def drawn(page: Page) -> list[dict[str, Any]]:
    """Every drawing of the table since the page was opened (:data:`RECORD_TABLE`)."""
    return list(page.evaluate("() => window.__btDrawn"))


def set_pace(page: Page, seconds: float) -> None:
    """Set the table's pace slider from the keyboard: Home (0 s), then one step of 0.1 s
    per Right arrow; the value shown beside it says the pace."""
    from playwright.sync_api import expect

    handle = page.locator(".bt-table-app .bt-pace .noUi-handle").first
    handle.focus()
    page.keyboard.press("Home")
    for _ in range(round(seconds * 10)):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".bt-table-app .bt-pace-value").first).to_have_text(f"{seconds:.1f} s")


def new_game(page: Page) -> None:
    """Start a new game (the settings as they are) and wait for its table."""
    from playwright.sync_api import expect

    page.locator(".bt-pace").first.evaluate("slider => slider.dataset.oldTable = 'yes'")
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".bt-pace[data-old-table]")).to_have_count(0)
    wait_for_table(page)


def learner_acts(page: Page) -> bool:
    """If the table waits for the learner, take (or the first bid offered) or click the
    first bright card, and wait until the table has taken it; if the deal is over, click
    "Next deal". False when it was the computers' turn (nothing done)."""
    from playwright.sync_api import expect

    status = table_status(page)
    if "deal is over" in status:
        page.get_by_role("button", name="Next deal").click()
        expect(page.locator(".bt-table-status")).not_to_have_text(status)
        return True
    if "Your turn to bid" in status:
        page.get_by_role("button", name=re.compile("take|pass", re.IGNORECASE)).first.click()
        page.wait_for_function(
            "() => !document.querySelector('.bt-table-status').innerText.includes('bid')",
            timeout=30_000)
        return True
    if "Your turn: click a card" in status:
        hand = page.locator(".bt-part-hand button.bt-card:not(.bt-dim)")
        if hand.count() == 0:
            return False                       # the status is ahead of the hand: again
        before = page.locator(".bt-part-hand .bt-card").count()
        hand.first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.bt-part-hand .bt-card').length < n",
            arg=before, timeout=30_000)
        return True
    return False


def play_until(page: Page, reached: Callable[[dict[str, Any]], bool], what: str) -> None:
    """Play as the learner (:func:`learner_acts`) until ``reached(shown(page))``, looking
    again at each new drawing of the table while the computers play (the page must have
    :data:`RECORD_TABLE`); fail after :data:`REACH_SECONDS`."""
    deadline = time.monotonic() + REACH_SECONDS
    while time.monotonic() < deadline:
        count = len(drawn(page))
        if reached(shown(page)):
            return
        if not learner_acts(page):
            page.wait_for_function("n => window.__btDrawn.length > n", arg=count,
                                   timeout=30_000)
    pytest.fail(f"the table never showed {what} within {REACH_SECONDS} s: {shown(page)}")


def deal_practice(page: Page, lang: str = "en", deal_id: str | None = None, *,
                  coach: bool = True) -> None:
    """In lesson 7, deal a practice deal from its start as the learner does: choose it
    by its title (``deal_id``; ``None``: the first deal), tick or untick "Coach on"
    (``coach``) and press "Deal it"; wait for its table. The page may have brought back
    a hand in progress, with the coach as it was: a test that needs a known deal and
    coach starts it so."""
    from playwright.sync_api import expect

    from belote_teach import explain
    from belote_teach.course.practice import load_practice_deals

    deals = load_practice_deals()
    chosen = deals[0] if deal_id is None else next(d for d in deals if d.id == deal_id)
    wait_for_table(page)
    page.get_by_label(explain.text("practice_deal", lang), exact=True).select_option(
        label=chosen.title(lang))
    page.get_by_role("checkbox", name=explain.text("coach_label", lang)).set_checked(coach)
    page.locator(".bt-pace").first.evaluate("slider => slider.dataset.oldTable = 'yes'")
    page.get_by_role("button", name=explain.text("practice_start", lang)).click()
    expect(page.locator(".bt-pace[data-old-table]")).to_have_count(0)
    wait_for_table(page)


#: What a reload must show as it was (the coach's comment is not kept).
SAME = ("caption", "cards", "hand", "says", "phase", "status")
#: True once the table waits for the learner (or the deal is over), or has no table.
LEARNER_OR_NO_TABLE = """() => {
  const status = document.querySelector('.bt-table-status');
  return !status || /Your turn to bid|Your turn: click|deal is over/.test(status.innerText);
}"""
#: Seconds the learner waits for the computers to reach their turn.
TURN_SECONDS = 120


def position(drawing: dict[str, Any]) -> dict[str, Any]:
    """The position a drawing of the table shows (:data:`SAME` of :func:`shown`)."""
    return {key: drawing[key] for key in SAME}


def wait_for_learner(page: Page) -> None:
    """Wait until the table waits for the learner (or the deal is over, or the page has
    no table), at most :data:`TURN_SECONDS`."""
    page.wait_for_function(LEARNER_OR_NO_TABLE, timeout=TURN_SECONDS * 1000)


def reload_position(page: Page) -> dict[str, Any]:
    """Reload ``page`` (which records the table from its first drawing:
    :data:`RECORD_TABLE` as an init script) and return the position of the first
    drawing that shows a status."""
    page.reload(wait_until="load")
    page.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    page.wait_for_function("() => window.__btDrawn.some((d) => d.status)",
                           timeout=WIDGETS_TIMEOUT_MS)
    return position(next(d for d in drawn(page) if d["status"]))


def act_as_learner(page: Page, times: int = 1) -> None:
    """Act as the learner ``times`` times (:func:`learner_acts`), waiting for the
    computers before each (:func:`wait_for_learner`); the status line can say "your
    turn" a moment before the hand's buttons are drawn: then it looks again.

    Raises:
        AssertionError: the learner could not act within :data:`TURN_SECONDS`.
    """
    for done in range(times):
        deadline = time.monotonic() + TURN_SECONDS
        while True:
            wait_for_learner(page)
            if learner_acts(page):
                break
            assert time.monotonic() < deadline, \
                f"the learner acted {done} times of {times}: {table_status(page)!r}"
            page.wait_for_timeout(100)



def the_tab_opened_last_holds_the_game(page: Page, open_game: Callable[[Page], None]
                                       ) -> None:
    """One learner, the game (lesson 8) in two tabs: ``page`` opens it (``open_game``
    loads the game's page in a tab) and the learner acts once; a second tab of the same
    browser opens it and gets the saved game back, and the learner acts twice there. The
    first tab's next action (the learner's, or its computers') saves nothing, closes its
    table and says where the game goes on; the second plays on, and a reload of it shows
    the position it showed."""
    from playwright.sync_api import expect

    open_game(page)
    wait_for_table(page)
    act_as_learner(page, 1)
    second = page.context.new_page()
    second.add_init_script(RECORD_TABLE)
    open_game(second)
    wait_for_table(second)
    expect(second.get_by_text("Your saved game is back where you left it")).to_be_visible()
    act_as_learner(second, 2)

    page.bring_to_front()                  # the first tab (or its computers) acts: refused
    wait_for_learner(page)
    if page.locator(".bt-table-status").count():
        act_as_learner(page)
    expect(page.get_by_text(explain.text("game_taken", "en"))).to_be_visible()
    expect(page.locator(".bt-table-status")).to_have_count(0)

    second.bring_to_front()                # the second plays on, and keeps its position
    act_as_learner(second, 1)
    wait_for_learner(second)
    before = position(shown(second))
    after = reload_position(second)
    assert after == before, (f"after a reload the second tab shows {after}, not {before}; "
                             f"its drawings: {drawn(second)}")
    second.close()
