"""Accessibility of the course in a real browser: axe-core on every lesson app
of both editions, the names of the cards and controls, reflow at 200% zoom, the
four-colour deck, and a whole deal played from the keyboard alone.

* **axe-core** (the npm package, pinned by ``package.json`` / ``package-lock.json`` at the
  repository root and installed with ``npm ci``) is injected into each Voilà page once its
  widgets are drawn; no violation of impact "serious" or "critical" may remain, on the
  page as it opens and on the table apps mid-deal. Voilà's own page is ours to fix too:
  the belote-teach Voilà template gives the cells a main landmark and repairs what
  ipywidgets' markup lacks (icon glyphs in button names, the slider handle's name), so
  nothing is excluded from the scan.
* **Names**: every control of the lesson apps has a non-empty accessible name (read from
  Chromium's accessibility tree), and every card, button or picture, is named as the
  catalog names it in the page's language ("jack of hearts" / « valet de cœur »); an
  icon button's name is its words only.
* **200% zoom**: a 1280 px wide window at 200% zoom lays the page out in 640 CSS pixels
  (WCAG 1.4.4 and 1.4.10, reflow), so the page is opened 640 px wide: no horizontal
  scrolling, every card and control fully in view and no text cut short.
* **Four-colour deck**: the game app's check box, used from the keyboard, draws the ♦
  blue and the ♣ green (the colours read from the stylesheet), the choice comes back
  after a reload, and the table still plays from the keyboard.
* **Keyboard alone**: a whole practice deal of lesson 07, bids and all eight cards,
  reached with Tab and played with Enter, no mouse and no programmatic focus.

The game app keeps one saved game for the whole test session (the root ``conftest.py``
points ``BELOTE_TEACH_DATA`` at a temporary folder) and ``test_lesson_08`` expects it in
the middle of a deal: the tests here that finish a deal start the next one before they
end.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from keys import BRIGHT_CARD, BUTTON_NAMED, CHECKBOX_NAMED, PACE_HANDLE, tab_to
from table_clicks import WIDGETS_TIMEOUT_MS, deal_practice

from belote_teach import explain
from belote_teach.course.lessons import COURSE, Lesson, LessonKind
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Suit
from belote_teach.explain.calls import bid_words
from belote_teach.render import FOUR_COLOUR_CLASS, STYLE
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: axe-core's browser build, installed by ``npm ci`` from ``package-lock.json``.
AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail a page.
BLOCKING = ("serious", "critical")
#: The editions of the course.
LANGS = ("en", "fr")
#: The game app (lesson 08) and the practice app (lesson 07).
GAME = next(lesson for lesson in COURSE if lesson.kind is LessonKind.GAME)
PRACTICE = next(lesson for lesson in COURSE if lesson.kind is LessonKind.PRACTICE)
#: Lesson 03, whose first exercise shows a table, a trick and a hand of card buttons.
TRICK_LESSON = next(lesson for lesson in COURSE if lesson.number == 3)
#: The welcome page, with its file picker for a progress file.
WELCOME = next(lesson for lesson in COURSE if lesson.number == 0)
#: A 1280 px window at 200% zoom: 640 CSS pixels across (the height matters little).
ZOOMED_VIEWPORT = {"width": 640, "height": 900}
#: Seconds for a whole deal at the table from the keyboard (the coach comments each card).
DEAL_SECONDS = 300
#: The roles of controls: each must have a non-empty accessible name.
CONTROL_ROLES = ("button", "checkbox", "combobox", "listbox", "radio", "slider",
                 "spinbutton", "switch", "textbox", "link", "tab")


# ---------------------------------------------------------------------------- pages
def notebook(lesson: Lesson, lang: str) -> str:
    """The path of ``lesson``'s notebook in the ``lang`` edition, from the repository root."""
    return f"notebooks/{lang}/{lesson.notebook(lang)}"


def widget_selector(lesson: Lesson) -> str:
    """What shows that ``lesson``'s widgets are drawn: the welcome page, the table's
    status line or an exercise player."""
    if lesson.number == 0:
        return ".bt-welcome"
    if lesson.kind in (LessonKind.PRACTICE, LessonKind.GAME):
        return ".bt-table-status"
    return ".bt-player"


def open_app(page: Page, voila: VoilaServer, lesson: Lesson, lang: str) -> None:
    """Open ``lesson`` in the ``lang`` edition and wait until its widgets are drawn and
    the page stops growing (no widget added for a second)."""
    page.goto(lesson_url(voila, notebook(lesson, lang)), wait_until="load")
    page.locator(widget_selector(lesson)).first.wait_for(state="visible",
                                                         timeout=WIDGETS_TIMEOUT_MS)
    settle(page)


def settle(page: Page) -> None:
    """Wait until the number of drawn widgets has not changed for a second."""
    page.wait_for_function(
        """() => {
          const count = document.querySelectorAll(".jupyter-widgets, .bt-root, bt-board")
            .length;
          const now = performance.now();
          const seen = window.__btSettle;
          if (!seen || seen.count !== count) {
            window.__btSettle = {count, since: now};
            return false;
          }
          return now - seen.since > 1000;
        }""", polling=200, timeout=WIDGETS_TIMEOUT_MS)


def table_status(page: Page) -> str:
    """The card table's status line as the page shows it now."""
    return page.locator(".bt-table-status").inner_text().strip()


def wait_for_the_learner(page: Page, lang: str) -> None:
    """Wait until the table waits for the learner (to bid, to play a card or to start the
    next deal): the computers play no more, so the cards stay as they are."""
    waiting = [explain.text(key, lang) for key in ("turn_bid", "turn_card", "deal_over")]
    page.wait_for_function(
        "waiting => waiting.includes("
        "document.querySelector('.bt-table-status')?.innerText.trim())",
        arg=waiting, timeout=WIDGETS_TIMEOUT_MS)


# ---------------------------------------------------------------------------- axe-core
def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Run axe-core on the whole page as it is now; its violations, each with its rule
    ``id``, ``impact``, ``help``, ``helpUrl`` and the CSS ``targets`` of its first nodes.

    Raises:
        Failed: axe-core is not installed (``npm ci`` installs it).
    """
    if not AXE_SCRIPT.is_file():
        pytest.fail(f"axe-core is missing ({AXE_SCRIPT.relative_to(ROOT)}): run `npm ci` "
                    "at the repository root (package-lock.json pins it)", pytrace=False)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    return page.evaluate(
        """async () => {
          const results = await axe.run(document, {resultTypes: ["violations"]});
          return results.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
            count: v.nodes.length,
            targets: v.nodes.slice(0, 3).map(n => n.target.join(" ")),
          }));
        }""")


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation: rule, impact, help, how many nodes and the first ones."""
    return "\n".join(
        f"- {v['id']} [{v['impact']}] {v['help']} ({v['count']} nodes; {v['helpUrl']})\n"
        + "".join(f"    at {target}\n" for target in v["targets"])
        for v in violations)


def expect_no_blocking_violation(page: Page, where: str) -> None:
    """axe-core finds no violation of impact serious or critical on the page."""
    found = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert not found, (f"axe-core: {len(found)} serious or critical violations on {where}:\n"
                       f"{describe(found)}")


# ---------------------------------------------------------------------------- the keyboard


def set_pace_to_zero(page: Page) -> None:
    """Tab to the pace slider of the table and press Home: the computers play at once."""
    from playwright.sync_api import expect

    tab_to(page, PACE_HANDLE, what="the pace slider")
    page.keyboard.press("Home")
    # the value beside the slider, in the page's language (ui/table.py): "0.0 s" / "0,0 s"
    expect(page.locator(".bt-table-app .bt-pace-value").first).to_have_text(
        re.compile(r"^0[.,]0\s*s$"))


def play_the_deal_by_keyboard(page: Page, lang: str,
                              on_first_card: Callable[[], None] | None = None) -> int:
    """Play the deal on the table to its end from the keyboard alone: Tab to the bidding
    box's "take" (or "pass" when taking is not offered) and press Enter; Tab to a card
    the hand allows and press Enter; the computers play in between. ``on_first_card`` is
    called once, when the learner's first card is to be played.

    Returns:
        How many cards the learner played: every card of the hand held at the first
        card to play (8 for a deal played from its start).

    Raises:
        Failed: the deal did not end within :data:`DEAL_SECONDS`.
        AssertionError: the deal ended with cards left in the learner's hand.
    """
    from playwright.sync_api import expect

    over, to_bid, to_play = (explain.text(key, lang)
                             for key in ("deal_over", "turn_bid", "turn_card"))
    take, pass_ = (bid_words(Bid.parse(bid), lang) for bid in ("take", "pass"))
    hand = page.locator(".bt-part-hand .bt-card")
    played = held = 0
    deadline = time.monotonic() + DEAL_SECONDS
    while time.monotonic() < deadline:
        status = table_status(page)
        if status == over:
            assert played == held, f"the learner played {played} of {held} cards"
            return played
        if status == to_bid:
            page.get_by_role("button", name=pass_, exact=True).wait_for(state="visible")
            offered = page.get_by_role("button", name=take, exact=True).count() > 0
            tab_to(page, BUTTON_NAMED, take if offered else pass_, what="the bidding box")
            page.keyboard.press("Enter")
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif status == to_play:
            # the status line is a widget of its own: drawn before the hand's buttons, or
            # still saying "your turn" a moment after the last card ended the deal
            page.wait_for_function(
                "over => document.querySelector("
                "'.bt-part-hand button.bt-card:not(.bt-dim)') || document.querySelector("
                "'.bt-table-status').innerText.trim() === over", arg=over, timeout=30_000)
            if page.locator(".bt-part-hand button.bt-card:not(.bt-dim)").count() == 0:
                continue                                  # the deal is over: read again
            before = hand.count()
            if played == 0:
                held = before
                if on_first_card is not None:
                    on_first_card()
            tab_to(page, BRIGHT_CARD, what="a card the hand allows")
            page.keyboard.press("Enter")
            expect(hand).to_have_count(before - 1)
            played += 1
        else:
            page.wait_for_timeout(200)
    pytest.fail(f"the deal did not end within {DEAL_SECONDS} s; status: {table_status(page)!r}")


# ---------------------------------------------------------------------------- names
def unnamed_controls(page: Page) -> list[str]:
    """The controls of the page's cells that have no accessible name, as lines of
    Chromium's accessibility tree (Playwright's ARIA snapshot: ``- button "Next"``)."""
    snapshot = page.locator("#rendered_cells").aria_snapshot()
    pattern = re.compile(rf'^\s*- ({"|".join(CONTROL_ROLES)})\b(?:\s+"(?P<name>[^"]*)")?')
    return [line.strip() for line in snapshot.splitlines()
            if (match := pattern.match(line)) and not (match["name"] or "").strip()]


def expect_cards_named(page: Page, lang: str) -> int:
    """Every card of the page, a button or a picture, is named by the catalog's name of
    the card it shows (its ``data-card``) in ``lang``; returns how many cards there are."""
    from playwright.sync_api import expect

    cards = page.locator(".bt-card[data-card]")
    shown = cards.evaluate_all(
        "cards => cards.filter(c => c.getClientRects().length"
        " && !c.closest('[aria-hidden=\"true\"]')).map("
        "c => [c.dataset.card, c.tagName === 'BUTTON' ? 'button' : 'img'])")
    assert shown, "no card on the page"
    for notation, role in sorted(set(map(tuple, shown))):
        name = explain.card_name(Card.parse(notation), lang)
        named = page.get_by_role(role, name=name, exact=True)
        expect(named.first).to_have_attribute("data-card", notation)
    return len(shown)


# ---------------------------------------------------------------------------- reflow
#: What the page must show whole at 200% zoom: its scrolling and what is cut or outside.
#: The worked examples are drawn in the shadow root of a <bt-board> element (ui.board's
#: StaticBoard): the checks look inside shadow roots, and from an element inside one up to
#: its host.
REFLOW_PROBLEMS = """() => {
  const deep = (root, selector) => [...root.querySelectorAll(selector),
    ...[...root.querySelectorAll("*")].filter(el => el.shadowRoot)
      .flatMap(el => deep(el.shadowRoot, selector))];
  const up = el => el.parentElement || el.getRootNode().host || null;
  const problems = [];
  const width = document.documentElement.clientWidth;
  const say = (what, el) => problems.push(what + ": " + el.outerHTML.slice(0, 160));
  const page = document.scrollingElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  }
  for (const el of deep(document.body, "*")) {
    const overflow = getComputedStyle(el).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && el.clientWidth > 0
        && el.scrollWidth > el.clientWidth + 1) {
      say(`scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`, el);
    }
  }
  const shown = ".bt-card, button, select, input, label, .widget-label, .bt-table-plate, "
    + ".bt-chip, .bt-label, .bt-table-status, .bt-msg";
  for (const el of deep(document.querySelector("#rendered_cells"), shown)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left < -1 || box.right > width + 1) {
      say(`out of view (${Math.round(box.left)} to ${Math.round(box.right)})`, el);
      continue;
    }
    const cuts = !el.classList.contains("bt-card") && el.tagName !== "SELECT"
      && el.scrollWidth > el.clientWidth + 1;
    if (cuts) say(`text cut short (${el.scrollWidth} > ${el.clientWidth})`, el);
    for (let outer = up(el); outer && outer !== document.body; outer = up(outer)) {
      if (getComputedStyle(outer).overflowX === "visible") continue;
      const frame = outer.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1) {
        say("cut by its container " + outer.className, el);
        break;
      }
    }
  }
  return problems;
}"""


def expect_reflow(page: Page, where: str) -> None:
    """Nothing scrolls sideways, nothing is out of view or cut at the page's width."""
    problems = page.evaluate(REFLOW_PROBLEMS)
    assert not problems, (f"{where} at 200% zoom (640 CSS px): {len(problems)} problems:\n"
                          + "\n".join(problems[:12]))


# ---------------------------------------------------------------------------- colours
def css_colour(name: str) -> str:
    """The colour a custom property (``--bt-diamonds``) of the course's stylesheet sets
    first, as the browser computes it (``rgb(29, 79, 184)``).

    Raises:
        AssertionError: the stylesheet sets no such property to a #rrggbb colour.
    """
    match = re.search(rf"{re.escape(name)}:\s*#([0-9a-fA-F]{{6}})\b", STYLE)
    assert match, f"style.css sets no {name} to a #rrggbb colour"
    red, green, blue = (int(match[1][i:i + 2], 16) for i in (0, 2, 4))
    return f"rgb({red}, {green}, {blue})"


def card_colours(page: Page, scope: str) -> dict[str, set[str]]:
    """The text colours of the cards under ``scope``, by suit letter."""
    colours: dict[str, list[str]] = page.evaluate(
        """(scope) => {
          const seen = {};
          for (const card of document.querySelectorAll(scope + " .bt-card[data-card]")) {
            const suit = card.dataset.card.slice(-1);
            (seen[suit] = seen[suit] || []).push(getComputedStyle(card).color);
          }
          return seen;
        }""", scope)
    return {suit: set(found) for suit, found in colours.items()}


# ---------------------------------------------------------------------------- the tests
EVERY_APP = [(lang, lesson) for lang in LANGS for lesson in COURSE]


@pytest.mark.parametrize(("lang", "lesson"), EVERY_APP,
                         ids=[f"{lang}-{lesson.notebook(lang)}" for lang, lesson in EVERY_APP])
def test_no_serious_or_critical_axe_violation(page: Page, voila: VoilaServer, lang: str,
                                              lesson: Lesson) -> None:
    """axe-core on the lesson app as it opens, Voilà's page included: nothing serious or
    critical, and every control of the cells has a name."""
    open_app(page, voila, lesson, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    expect_no_blocking_violation(page, notebook(lesson, lang))
    assert not unnamed_controls(page), (
        f"{notebook(lesson, lang)}: controls without a name: {unnamed_controls(page)}")


@pytest.mark.parametrize("lang", LANGS)
def test_cards_and_controls_are_named_in_the_page_language(page: Page, voila: VoilaServer,
                                                            lang: str) -> None:
    """Lesson 03: each card button and card picture is named as the catalog names the
    card ("jack of hearts" / « valet de cœur »); the players' icon buttons are named by
    their words alone (no icon glyph), found by exact name."""
    from playwright.sync_api import expect

    open_app(page, voila, TRICK_LESSON, lang)
    assert expect_cards_named(page, lang) >= 5
    for key in ("previous", "hint", "next"):
        words = explain.text(key, lang)
        expect(page.get_by_role("button", name=words, exact=True).first).to_be_visible()
    hand = page.get_by_role("group", name=explain.text("your_hand", lang), exact=True)
    expect(hand.get_by_role("button").first).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_the_welcome_file_picker_is_named_by_its_words(page: Page, voila: VoilaServer,
                                                       lang: str) -> None:
    """The welcome page's "Load a progress file" button is named by its words alone, not
    followed by the count of files picked ("(0)") that ipywidgets writes in it."""
    from playwright.sync_api import expect

    open_app(page, voila, WELCOME, lang)
    words = str(explain.catalog(lang)["welcome"]["load"])
    expect(page.get_by_role("button", name=words, exact=True)).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_apps_controls_are_named(page: Page, voila: VoilaServer, lang: str) -> None:
    """The game app: the pace slider is named by its label, the four-colour check box by
    its label in the page's language, the cards by their names, nothing unnamed."""
    from playwright.sync_api import expect

    open_app(page, voila, GAME, lang)
    expect(page.get_by_role("slider", name=explain.text("pace_label", lang), exact=True)
           ).to_be_visible()
    expect(page.get_by_role("checkbox", name=explain.text("four_colour", lang), exact=True)
           ).to_be_visible()
    wait_for_the_learner(page, lang)   # a card played meanwhile would change its role
    expect_cards_named(page, lang)
    assert not unnamed_controls(page), f"controls without a name: {unnamed_controls(page)}"


@pytest.mark.parametrize(("lang", "lesson"), [("en", TRICK_LESSON), ("en", GAME), ("fr", GAME)],
                         ids=["en-03", "en-08", "fr-08"])
def test_reflow_at_200_percent_zoom(page: Page, voila: VoilaServer, lang: str,
                                    lesson: Lesson) -> None:
    """At 640 CSS pixels across (a 1280 px window at 200%): the card table, its hand and
    its controls fit, with nothing scrolling sideways or cut, while bidding and while
    playing a card."""
    from playwright.sync_api import expect

    page.set_viewport_size(ZOOMED_VIEWPORT)
    open_app(page, voila, lesson, lang)
    where = notebook(lesson, lang)
    expect_reflow(page, where)
    if lesson is not GAME:
        return
    over, to_bid, to_play = (explain.text(key, lang)
                             for key in ("deal_over", "turn_bid", "turn_card"))
    pass_ = page.get_by_role("button", name=bid_words(Bid.parse("pass"), lang), exact=True)
    # take when it is offered, else pass: the bidding box lists "take" first
    take_or_pass = page.get_by_role("button", name=re.compile(
        "^(?:" + "|".join(re.escape(bid_words(Bid.parse(b), lang)) for b in ("take", "pass"))
        + ")$")).first
    deadline = time.monotonic() + DEAL_SECONDS
    while (status := table_status(page)) != to_play and time.monotonic() < deadline:
        if status == over:
            page.get_by_role("button", name=explain.text("next_deal", lang), exact=True).click()
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif status == to_bid:
            pass_.wait_for(state="visible")
            expect_reflow(page, f"{where}, the bidding box")
            take_or_pass.click()
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        else:
            page.wait_for_timeout(250)
    page.locator(".bt-part-hand button.bt-card").first.wait_for(state="visible")
    expect_reflow(page, f"{where}, the learner's card to play")


def test_four_colour_deck_in_the_game_app_from_the_keyboard(page: Page,
                                                            voila: VoilaServer) -> None:
    """The game app's "Four-colour deck" check box, ticked from the keyboard, draws ♦ in
    blue and ♣ in green (♥ red, ♠ black stay); axe-core finds nothing serious at the
    learner's first card in four colours; the whole deal then plays from the keyboard;
    the choice comes back after a reload; unticked, ♦ are red again."""
    from playwright.sync_api import expect

    lang = "en"
    label = explain.text("four_colour", lang)
    open_app(page, voila, GAME, lang)
    app = page.locator(".bt-game-app")
    over = explain.text("deal_over", lang)
    if table_status(page) == over:                       # a deal left over by another test
        tab_to(page, BUTTON_NAMED, explain.text("next_deal", lang), what="Next deal")
        page.keyboard.press("Enter")
        expect(page.locator(".bt-table-status")).not_to_have_text(over)
    set_pace_to_zero(page)
    tab_to(page, CHECKBOX_NAMED, label, what="the four-colour check box")
    page.keyboard.press("Space")
    expect(page.get_by_role("checkbox", name=label, exact=True)).to_be_checked()
    expect(app).to_have_class(re.compile(rf"\b{FOUR_COLOUR_CLASS}\b"))

    played = play_the_deal_by_keyboard(
        page, lang, on_first_card=lambda: expect_no_blocking_violation(
            page, "the game app, four-colour deck, the learner's first card"))
    assert played > 0, "the learner played no card"

    # the whole deal on show, every card once: each suit in its own colour
    tab_to(page, BUTTON_NAMED, explain.text("review_deal", lang), what="Review the deal")
    page.keyboard.press("Enter")
    review = page.locator(".bt-table-review .bt-card[data-card]")
    expect(review).to_have_count(32)
    four = {Suit.SPADES: css_colour("--bt-black"), Suit.HEARTS: css_colour("--bt-red"),
            Suit.DIAMONDS: css_colour("--bt-diamonds"), Suit.CLUBS: css_colour("--bt-clubs")}
    assert len(set(four.values())) == 4, f"the four suits do not have four colours: {four}"
    expected = {suit.value: {colour} for suit, colour in four.items()}
    assert card_colours(page, ".bt-table-review") == expected

    page.reload(wait_until="load")                      # the choice is saved with the game
    page.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    settle(page)
    expect(page.get_by_role("checkbox", name=label, exact=True)).to_be_checked()
    expect(app).to_have_class(re.compile(rf"\b{FOUR_COLOUR_CLASS}\b"))

    tab_to(page, CHECKBOX_NAMED, label, what="the four-colour check box")
    page.keyboard.press("Space")
    expect(app).not_to_have_class(re.compile(rf"\b{FOUR_COLOUR_CLASS}\b"))
    tab_to(page, BUTTON_NAMED, explain.text("review_deal", lang), what="Review the deal")
    page.keyboard.press("Enter")
    expect(review).to_have_count(32)
    two = {"S": {css_colour("--bt-black")}, "C": {css_colour("--bt-black")},
           "H": {css_colour("--bt-red")}, "D": {css_colour("--bt-red")}}
    assert card_colours(page, ".bt-table-review") == two

    # leave the saved game in the middle of a deal, as test_lesson_08 expects it
    tab_to(page, BUTTON_NAMED, explain.text("next_deal", lang), what="Next deal")
    page.keyboard.press("Enter")
    expect(page.locator(".bt-table-status")).not_to_have_text(over)


def test_a_whole_practice_deal_from_the_keyboard_alone(page: Page, voila: VoilaServer) -> None:
    """Lesson 07: the pace set with the slider's Home key, the bid and all eight cards of
    the learner reached with Tab and played with Enter, the debrief at the end, and
    axe-core finds nothing serious at the first card nor at the debrief."""
    from playwright.sync_api import expect

    lang = "en"
    open_app(page, voila, PRACTICE, lang)
    deal_practice(page, lang)                    # from its start, whatever was in progress
    set_pace_to_zero(page)
    played = play_the_deal_by_keyboard(
        page, lang, on_first_card=lambda: expect_no_blocking_violation(
            page, "the practice app, the learner's first card"))
    assert played == 8, f"the learner played {played} cards in the deal, not 8"
    expect(page.get_by_role("heading", name=re.compile(r"^Debrief"))).to_be_visible()
    expect_no_blocking_violation(page, "the practice app's debrief")
