"""The French edition of the course (``notebooks/fr/``) in a real browser, one test per
lesson: Voilà serves the lesson, the page shows its widgets, and what the learner reads
is French: the lesson's title (« Leçon n · … », or the welcome page's French title from
the catalog) and no word of a small English stoplist anywhere on the page.

Then each lesson does what a French learner does there:

* 00: the link « English version » (the ``en`` catalog's ``welcome.edition_link``)
  opens the English welcome page;
* 01 to 06: an exercise is answered wrong, then right, with the clicks and the expected
  feedback worked out by the engine and worded by the ``fr`` catalog
  (:func:`exercise_clicks.wrong_then_right` with ``lang="fr"``);
* 07 and 08: the table's status line is one of the ``fr`` catalog's, and one learner
  decision at the table (a bid from the bidding box, then a card of the hand) goes
  through.

The two editions share the learner's progress (by lesson id and scenario id, see
:mod:`belote_teach.course.lessons`), and the course server keeps one progress file for the whole
session. The English tests answer the first exercise of the first exercise player of
each lesson (and ``test_lesson_00`` the first one of lesson 01's second player); were the
French tests to answer those too, whichever ran second would find its exercise already
done. So the French test answers the first exercise of the last exercise player whose
first exercise none of those is (the lesson's quiz): an exercise of the same kinds, on
the same page machinery, in French.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from exercise_clicks import exercise_cells, wrong_then_right
from table_clicks import WIDGETS_TIMEOUT_MS, deal_practice

from belote_teach import explain
from belote_teach.course.lessons import COURSE, Lesson, LessonKind
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Seat
from belote_teach.explain.calls import bid_words
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: The language under test.
LANG = "fr"
#: English words that no French page may show (whole words, case-sensitive: « Check » is
#: the English check button, « the » and « and » English prose).
ENGLISH_STOPLIST = ("the", "and", "your", "Check", "Next", "Hint", "Exercise")
#: Seconds allowed at the table for the learner's turn to come and a card to be played.
TABLE_SECONDS = 120


def notebook(lesson: Lesson, lang: str = LANG) -> str:
    """The path of ``lesson``'s notebook in the ``lang`` edition, from the repository
    root (``notebooks/fr/03-jouer-un-pli.ipynb``)."""
    return f"notebooks/{lang}/{lesson.notebook(lang)}"


def open_lesson(page: Page, voila: VoilaServer, lesson: Lesson) -> None:
    """Open ``lesson``'s French notebook in ``page`` and wait until its widgets are
    drawn (the welcome page, an exercise player or the table's status line)."""
    page.goto(lesson_url(voila, notebook(lesson)), wait_until="load")
    widgets = {LessonKind.PRACTICE: ".bt-table-status", LessonKind.GAME: ".bt-table-status"}
    selector = ".bt-welcome" if lesson.number == 0 else widgets.get(lesson.kind, ".bt-player")
    page.locator(selector).first.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)


def visible_text(page: Page) -> str:
    """The page's visible text, the EN / FR toggles' labels taken out (a toggle is the
    only place where a French page names English)."""
    text = page.inner_text("body")
    toggles = page.locator(".widget-toggle-buttons").all_inner_texts()
    for toggle in toggles:
        text = text.replace(toggle, " ")
    return text


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_STOPLIST` that ``text`` holds as whole words."""
    return [word for word in ENGLISH_STOPLIST
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def expect_french(page: Page, lesson: Lesson) -> None:
    """The page is French: its title is the French one and no stoplist word shows."""
    from playwright.sync_api import expect

    if lesson.number == 0:
        title = str(explain.catalog(LANG)["welcome"]["title"])
        expect(page.get_by_role("heading", level=1, name=title, exact=True)).to_be_visible()
    else:
        number = str(explain.catalog(LANG)["welcome"]["lesson_number"]).format(n=lesson.number)
        heading = page.get_by_role("heading", level=1).first
        expect(heading).to_have_text(re.compile("^" + re.escape(number) + r"\b"))
    found = english_words(visible_text(page))
    assert not found, f"the French lesson {lesson.id} shows English words: {found}"


# ---------------------------------------------------------------------------- exercises
def english_answered(lesson: Lesson) -> set[str]:
    """The scenario ids of ``lesson`` that the English tests answer: the first exercise
    of each of the first two exercise players of its English notebook."""
    cells = exercise_cells(notebook(lesson, "en"))
    return {cell.scenarios()[0].id for cell in cells[:2]}


def french_player(lesson: Lesson) -> int:
    """The index of the exercise player the French test answers: the last one whose
    first exercise no English test answers.

    Raises:
        AssertionError: every player starts with an exercise that an English test answers.
    """
    cells = exercise_cells(notebook(lesson))
    taken = english_answered(lesson)
    free = [i for i, cell in enumerate(cells) if cell.scenarios()[0].id not in taken]
    assert free, f"{notebook(lesson)}: every exercise player starts with an exercise " \
                 f"that an English test answers ({sorted(taken)})"
    return free[-1]


# ---------------------------------------------------------------------------- the table
def status_patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    """The status lines of the card table in ``lang``, as whole-line patterns: the deal
    is over, the learner's turn to bid or to play (or next, the card or bid just made
    held for a pace), a computer seat bidding or playing, or a trick just won and held on
    the table (by a seat, or by the learner)."""
    fixed = [re.escape(explain.text(key, lang))
             for key in ("deal_over", "turn_bid", "turn_card", "turn_soon")]
    seats = "|".join(re.escape(explain.seat_name(seat, lang)) for seat in Seat)

    def pattern(key: str, **fill: str) -> str:
        """The sentence ``key`` with a seat and the given fields (each a regex) open."""
        marks = {name: f"\x00{i}\x00" for i, name in enumerate(["seat", *fill])}
        found = re.escape(explain.text(key, lang, **marks))
        for name, mark in marks.items():
            found = found.replace(re.escape(mark), f"(?:{seats})" if name == "seat"
                                  else fill[name])
        return found

    thinking = [pattern(key) for key in ("thinking", "thinking_bid")]
    before = [pattern("played_before_you", card=r"\S+"),
              pattern("bid_before_you", bid=".+")]
    won = re.escape(explain.text("trick_won", lang, n=8, seat="\x00")).replace(
        "\x00", f"(?:{seats})").replace("8", "[1-8]")
    won_you = re.escape(explain.text("trick_won_you", lang, n=8)).replace("8", "[1-8]")
    return tuple(re.compile(rf"^{p}$") for p in (*fixed, *thinking, *before, won, won_you))


def table_status(page: Page) -> str:
    """The table's status line as the page shows it now."""
    return page.locator(".bt-table-status").inner_text().strip()


def bid_then_play_a_card(page: Page) -> list[str]:
    """Play at the table until the learner has played one card: take when the bidding
    box offers it, else pass; next a deal when one is over; then play the first card
    the hand allows and check that it leaves the hand. Returns the bids clicked.

    Raises:
        Failed: no card could be played within :data:`TABLE_SECONDS`.
    """
    from playwright.sync_api import expect

    patterns = status_patterns(LANG)
    bids: list[str] = []
    deadline = time.monotonic() + TABLE_SECONDS
    while time.monotonic() < deadline:
        status = table_status(page)
        assert any(p.match(status) for p in patterns), f"status not French: {status!r}"
        if status == explain.text("deal_over", LANG):
            page.get_by_role("button", name=explain.text("next_deal", LANG), exact=True).click()
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif status == explain.text("turn_bid", LANG):
            # pass is always offered: once its button is drawn, the bidding box is
            take, pass_ = (page.get_by_role("button", name=bid_words(Bid.parse(bid), LANG),
                                            exact=True) for bid in ("take", "pass"))
            pass_.wait_for(state="visible")
            chosen = "take" if take.count() else "pass"
            (take if chosen == "take" else pass_).click()
            bids.append(chosen)
            expect(page.locator(".bt-table-status")).not_to_have_text(status)
        elif status == explain.text("turn_card", LANG):
            bright = page.locator(".bt-part-hand button.bt-card:not(.bt-dim)")
            if bright.count() == 0:       # the status line is drawn before the hand
                page.wait_for_timeout(100)
                continue
            before = page.locator(".bt-part-hand .bt-card").count()
            bright.first.click()
            expect(page.locator(".bt-part-hand .bt-card")).to_have_count(before - 1)
            return bids
        else:
            page.wait_for_timeout(250)
    pytest.fail(f"no card played within {TABLE_SECONDS} s; status: {table_status(page)!r}")


# ---------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("lesson", COURSE, ids=[lesson.notebook(LANG) for lesson in COURSE])
def test_french_lesson(page: Page, voila: VoilaServer, lesson: Lesson) -> None:
    """The French lesson opens in French, and what a learner does there works in French
    (see the module's docstring for what each lesson does)."""
    from playwright.sync_api import expect

    open_lesson(page, voila, lesson)
    # the page says its language, so that a screen reader reads it in French
    assert page.evaluate("document.documentElement.lang") == LANG
    expect_french(page, lesson)
    if lesson.number == 0:
        english = COURSE[0]
        link = page.get_by_role("link", name=str(explain.catalog("en")["welcome"]["edition_link"]),
                                exact=True)
        link.click()
        page.wait_for_url(f"**/voila/render/en/{english.notebook('en')}")
        assert page.evaluate("document.documentElement.lang") == "en"
        welcome = page.locator(".bt-welcome")
        welcome.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
        title = str(explain.catalog("en")["welcome"]["title"])
        expect(page.get_by_role("heading", level=1, name=title, exact=True)).to_be_visible()
    elif lesson.kind is LessonKind.LESSON:
        wrong_then_right(page, notebook(lesson), LANG, french_player(lesson))
        found = english_words(visible_text(page))
        assert not found, f"the feedback of {lesson.id} shows English words: {found}"
    else:
        if lesson.kind is LessonKind.PRACTICE:
            deal_practice(page, LANG)            # from its start, whatever was in progress
        bid_then_play_a_card(page)
        assert any(p.match(table_status(page)) for p in status_patterns(LANG))
        found = english_words(visible_text(page))
        assert not found, f"the table of {lesson.id} shows English words: {found}"
