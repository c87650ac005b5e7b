"""Lesson 8 in a real browser: a card clicked while the computers play is never played.

The learner plays a card, then clicks another card of the hand 0, 0.05, 0.15 or 0.4 s
later, as a learner who clicks twice or too soon. Right after the first click the page
still shows the hand as it was (the kernel has not answered yet), so the second click
goes to the kernel with the position it was made on; later it lands on the hand drawn
for the computers' turn, where nothing can be clicked. Either way the second card stays
in the hand, the page says "Wait for your turn" when the click reached the kernel (until
the learner's turn is back: then the words are gone), and the table shows every card of
every trick, pli after pli (each complete trick stays on the table a moment before the
next lead). At pace 0 the computers play at once: a click made on the drawing before is
not played either.

The page's drawings are recorded from its first one (``table_clicks.RECORD_TABLE``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from table_clicks import (
    PLI,
    RECORD_TABLE,
    drawn,
    learner_acts,
    new_game,
    play_until,
    set_pace,
    shown,
    wait_for_table,
)

from belote_teach import explain
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/en/08-play-a-game.ipynb"
#: Seconds after the learner's card at which the second click is made.
DELAYS = (0.0, 0.05, 0.15, 0.4)
WAIT = "Wait for your turn"
#: What the page says of a click made while the computers play.
TURN = explain.text("wait_turn", "en")

#: Click ``first`` (a bright card), then after ``delay`` ms whatever the hand shows of
#: ``second`` (``delay`` 0: in the same moment, on the drawing the first click was made
#: on). With ``only_old``, the second click is made only on that same drawing. Returns
#: whether the drawing was still the one of the first click, what ``second`` was then (a
#: BUTTON the browser reports, or a picture that reports nothing) and the page's time.
CLICK_TWICE = """
([first, second, delay, onlyOld]) => new Promise((resolve) => {
  const drawing = () => (document.querySelector('.bt-part-table').innerHTML
    + document.querySelector('.bt-part-hand').innerHTML).replace(/ bt-chosen/g, '');
  const before = drawing();          // the mark of the card clicked is no new drawing
  const start = performance.now();
  document.querySelector(`.bt-part-hand button[data-card="${first}"]`).click();
  const again = () => {
    const late = performance.now() - start;
    const old = drawing() === before;
    const card = document.querySelector(`.bt-part-hand [data-card="${second}"]`);
    const tag = card ? card.tagName : 'none';
    if (card && (old || !onlyOld)) card.click();
    resolve({ old, tag, late, t: window.__btDrawn.length });
  };
  if (delay === 0) again(); else setTimeout(again, delay);
})
"""


def _learner_to_play(page: Page) -> dict[str, Any]:
    """Play on until the learner has a card to play with at least 3 cards in hand (a new
    deal if this one is too far on); return what the table shows then."""
    def ready(now: dict[str, Any]) -> bool:
        return "Your turn: click a card" in now["status"] and bool(now["clickable"]) \
            and len(now["hand"]) >= 3

    play_until(page, ready, "the learner's turn with 3 cards or more")
    return shown(page)


def _click_twice(page: Page, delay: float, *, only_old: bool) -> dict[str, Any]:
    """The learner's card, then a second card ``delay`` s later (:data:`CLICK_TWICE`);
    then wait for the learner's next turn (or the deal's end) and check the second card
    was not played."""
    now = _learner_to_play(page)
    first = now["clickable"][0]
    second = next(card for card in now["hand"] if card != first)
    click = page.evaluate(CLICK_TWICE, [first, second, delay * 1000, only_old])
    page.wait_for_function(                       # the first card played, then the
        "first => { const s = window.__btShown(); return s && !s.hand.includes(first)"
        " && (s.status.includes('deal is over')"     # learner's next turn or the end
        " || (s.status.includes('Your turn: click') && s.clickable.length > 0)); }",
        arg=first, timeout=120_000)
    if click["old"] and click["tag"] == "BUTTON":          # the click reached the kernel:
        # answered after the first card's answer, the page said to wait: for the
        # learner's turn while the computers played (those words are gone once it is
        # back, or the deal over), else to look at the table as it is now
        page.wait_for_function(
            "([words, since]) => window.__btDrawn.slice(since)"
            ".some((d) => d.feedback.includes(words))", arg=[WAIT, click["t"]],
            timeout=30_000)
        said = [d["feedback"] for d in drawn(page)[click["t"]:]]
        click["turn"] = any(TURN in feedback for feedback in said)
        if click["turn"]:
            page.wait_for_function("words => !window.__btShown().feedback.includes(words)",
                                   arg=TURN, timeout=30_000)
    after = shown(page)
    if "deal is over" not in after["status"]:
        assert second in after["hand"], (
            f"{second}, clicked {delay} s after {first} ({click}), was played: {after}")
    assert first not in after["hand"]
    return click


def _every_trick_shown(drawings: list[dict[str, Any]]) -> None:
    """In one deal's drawings, every pli is shown with its four cards, in order, and the
    pli number never jumps."""
    numbers = []
    full: set[int] = set()
    for drawing in drawings:
        caption = drawing["caption"]
        found = PLI.search(caption)
        if found:
            number = int(found.group(1))
        elif caption.startswith("Deal over"):
            number = 8
        else:
            continue
        if not numbers or numbers[-1] != number:
            numbers.append(number)
        if len(drawing["cards"]) == 4:
            full.add(number)
    assert numbers == list(range(1, 9)), f"plis shown in this order: {numbers}"
    assert full == set(range(1, 9)), f"plis shown with their four cards: {sorted(full)}"


def _open(page: Page, voila: VoilaServer) -> None:
    """The lesson's page, its drawings recorded from the first one, on a new game."""
    page.add_init_script(RECORD_TABLE)
    page.goto(lesson_url(voila, NOTEBOOK), wait_until="load")
    wait_for_table(page)
    new_game(page)


def test_clicks_during_the_computers_turn_are_ignored(page: Page,
                                                      voila: VoilaServer) -> None:
    _open(page, voila)
    set_pace(page, 0.6)
    page.evaluate("() => { window.__btDrawn = []; }")
    reached = []
    for delay in DELAYS:
        reached.append(_click_twice(page, delay, only_old=False))
        # at this pace nothing is clickable again within 0.4 s: a button is the old one
        # (a loaded page may run the timer late: then the learner's turn may be back)
        if reached[-1]["late"] < 600:
            assert reached[-1]["tag"] != "BUTTON" or reached[-1]["old"], reached[-1]
    assert any(click["old"] and click["tag"] == "BUTTON" for click in reached), reached
    assert any(click.get("turn") for click in reached), reached   # said, then gone
    play_until(page, lambda now: "deal is over" in now["status"], "the deal's end")
    log = drawn(page)
    starts = [i for i, d in enumerate(log) if d["caption"].startswith("Bidding")]
    _every_trick_shown(log[starts[-1]:] if starts else log)
    learner_acts(page)                      # the saved game goes on with the next deal


def test_a_click_on_the_drawing_before_is_ignored_at_pace_zero(page: Page,
                                                               voila: VoilaServer) -> None:
    _open(page, voila)
    set_pace(page, 0.0)
    for delay in (0.0, 0.15):
        _click_twice(page, delay, only_old=True)


#: Click the card ``notation`` and say, in the same moment, whether the page marks it as
#: taken (the card lifted, the board busy) before the kernel has answered.
CLICK_MARKED = """
(card) => {
  const button = document.querySelector(`.bt-part-hand button[data-card="${card}"]`);
  button.click();
  return { chosen: button.classList.contains('bt-chosen'),
           busy: !!document.querySelector('.bt-root.bt-busy') };
}
"""
#: Whether any mark of a click waiting for the kernel is left on the page.
MARKS_LEFT = "() => document.querySelectorAll('.bt-chosen, .bt-busy').length"


def test_a_card_clicked_is_marked_at_once_and_unmarked_once_answered(
        page: Page, voila: VoilaServer) -> None:
    """The card the learner clicks is lifted and the board shows it is busy at once,
    before the kernel (the coach's review) answers; once it has answered, refusing a card
    (one that may not be played) or playing one, no mark is left."""
    _open(page, voila)
    set_pace(page, 0.0)
    refused = False
    for _ in range(8):
        now = _learner_to_play(page)
        dim = [card for card in now["hand"] if card not in now["clickable"]]
        if dim:                          # a card the rules refuse: the rule is explained
            assert page.evaluate(CLICK_MARKED, dim[0]) == {"chosen": True, "busy": True}
            page.wait_for_function(f"() => {MARKS_LEFT}() === 0", timeout=30_000)
            assert dim[0] in shown(page)["hand"]
            refused = True
        first = now["clickable"][0]
        assert page.evaluate(CLICK_MARKED, first) == {"chosen": True, "busy": True}
        page.wait_for_function(
            "first => !window.__btShown().hand.includes(first)", arg=first, timeout=60_000)
        page.wait_for_function(f"() => {MARKS_LEFT}() === 0", timeout=30_000)
        if refused:
            break
    assert refused, "no card the rules refuse came up in 8 of the learner's turns"
