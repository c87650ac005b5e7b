"""The static edition (``make site``) as a learner meets it: no server but a static one.

The module builds the site with ``deploy/site/build.py`` (once for a given content of
its inputs: the build is kept under ``build/site-test/<digest>`` and reused while the
package, the notebooks, the build and the pinned versions are unchanged), serves it with
``python -m http.server`` on 127.0.0.1, and drives it in headless Chromium. Every
request of the browser, its workers' included, is recorded; a request to any host but
the local server fails the test. There the whole course runs in the page: Pyodide in a
web worker runs the cells, and the learner's record lives in the browser's storage.

What a learner does here: both welcome pages, with their links to the lessons' pages;
lesson 3's first exercise answered wrong then right, still done after a reload, and the
first exercise of lessons 1, 2, 4, 5 and 6 answered wrong then right; the same exercise
open in two tabs, answered wrong in one and right in the other; an answer kept when the
browser is closed and opened again; a drill position of lesson 1 answered, its best
streak kept over a reload; French lesson 3 answered from the keyboard alone; the record
downloaded from the welcome page and loaded into another browser; a practice deal of
lesson 7 played with the coach to its debrief; a deal of a game played by clicks in
lesson 8, the game back after a reload; the game open in two tabs, held by the one
opened last.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from exercise_clicks import (
    PLAYERS,
    ScoreLine,
    answer,
    barrier,
    drill_trick,
    exercise_cells,
    expect_first_exercise,
    expect_score,
    find_player,
    read_score,
    read_template,
    right_answer,
    right_card,
    trick_right,
    wrong_answer,
    wrong_then_right,
)
from keys import tab_to
from table_clicks import (
    deal_practice,
    play_a_deal,
    the_tab_opened_last_holds_the_game,
    wait_for_table,
)
from welcome_clicks import course_map, lesson_item, welcome_words

from belote_teach import explain
from belote_teach.course.lessons import lesson
from belote_teach.course.scenarios import PlayScenario
from belote_teach.render.drill import drill_text
from conftest import (
    CHROMIUM_ARGS,
    ROOT,
    free_port,
    stop_process_group,
    wait_until_listening,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Request

pytestmark = pytest.mark.browser

#: What the site is built from: a change to any of these builds it again.
INPUTS = ("belote_teach", "notebooks", "deploy/site", "share", "pyproject.toml",
          "package-lock.json")

#: A page's first widgets wait for Pyodide to start in the browser (about 10 s on this
#: machine, more on a loaded one).
PAGE_TIMEOUT_MS = 120_000

#: Lesson 3's notebook (its first exercise is answered wrong, then right).
LESSON_3 = "notebooks/en/03-play-a-trick.ipynb"
#: Its page in the site.
LESSON_3_PAGE = "voici/render/en/03-play-a-trick.html"
#: French lesson 3's notebook and page (answered from the keyboard).
LECON_3 = "notebooks/fr/03-jouer-un-pli.ipynb"
LECON_3_PAGE = "voici/render/fr/03-jouer-un-pli.html"
#: The game's page (lesson 8).
GAME_PAGE = "voici/render/en/08-play-a-game.html"


def _digest() -> str:
    """A digest of every file of :data:`INPUTS` (paths and contents)."""
    digest = hashlib.sha256()
    for name in INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(
            p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for file in files:
            digest.update(file.relative_to(ROOT).as_posix().encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site's folder (built now unless built from the same inputs before)."""
    folder = ROOT / "build" / "site-test" / _digest()
    if not (folder / "voici" / "render" / "en" / "00-welcome.html").is_file():
        for older in folder.parent.glob("*"):          # the builds of earlier inputs
            shutil.rmtree(older, ignore_errors=True)
        result = subprocess.run(
            [sys.executable, str(ROOT / "deploy" / "site" / "build.py"), "--output",
             str(folder), "--base-url", "/"], capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"make site failed:\n{result.stdout}\n{result.stderr}"
    return folder


@pytest.fixture(scope="module")
def static_server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m http.server`` serving :func:`site` on 127.0.0.1; its base URL."""
    port = free_port()
    log = tmp_path_factory.mktemp("site-server") / "http.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
             "--directory", str(site)],
            stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_listening(process, port, log, 30.0)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_process_group(process)


class Requests:
    """Every request of a browser context, pages and workers, by URL."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def note(self, request: Request) -> None:
        """Record ``request``."""
        self.urls.append(request.url)

    def elsewhere(self) -> list[str]:
        """The recorded requests to any host but 127.0.0.1 (data: and blob: URLs are the
        page's own)."""
        return [url for url in self.urls
                if urlsplit(url).scheme not in ("data", "blob")
                and urlsplit(url).hostname != "127.0.0.1"]


@contextmanager
def _browser_context(browser: Browser) -> Iterator[tuple[BrowserContext, Requests]]:
    """A fresh browser context (an empty browser storage) whose requests are recorded;
    fails once closed if one of them left the machine."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    requests = Requests()
    context.on("request", requests.note)
    try:
        yield context, requests
    finally:
        context.close()
    assert requests.urls, "no request was recorded"
    assert requests.elsewhere() == [], "requests left the machine"


@pytest.fixture
def learner(browser: Browser) -> Iterator[tuple[BrowserContext, Requests]]:
    """A learner's browser (:func:`_browser_context`)."""
    with _browser_context(browser) as context:
        yield context


@pytest.fixture
def other_browser(browser: Browser) -> Iterator[tuple[BrowserContext, Requests]]:
    """The same learner's other browser, with a storage of its own
    (:func:`_browser_context`)."""
    with _browser_context(browser) as context:
        yield context


def _page_at(learner: tuple[BrowserContext, Requests], url: str) -> Page:
    """A new page of the learner's browser context, opened on ``url`` (:func:`_open`)."""
    context, _ = learner
    page = context.new_page()
    _open(page, url)
    return page


def _open(page: Page, url: str) -> None:
    """Open ``url`` and wait until the page's cells have run (Voici's spinner gone)."""
    from playwright.sync_api import expect

    page.goto(url, wait_until="load")
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=PAGE_TIMEOUT_MS)


def test_both_welcome_pages_open_and_link_their_lessons(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    from playwright.sync_api import expect

    page = _page_at(learner, static_server)
    assert page.url.endswith("/voici/render/en/00-welcome.html")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("link", name=lesson(3).title("en")).first).to_have_attribute(
        "href", "03-play-a-trick.html")
    french = page.locator("a.bt-edition")
    expect(french).to_have_attribute("href", "../fr/00-bienvenue.html")

    _open(page, static_server + "fr/")
    assert page.url.endswith("/voici/render/fr/00-bienvenue.html")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("link", name=lesson(3).title("fr")).first).to_have_attribute(
        "href", "03-jouer-un-pli.html")


def test_an_answer_wrong_then_right_is_kept_over_a_reload(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    from playwright.sync_api import expect

    shown = exercise_cells(LESSON_3)[0].scenarios()
    first, total = shown[0], len(shown)
    page = _page_at(learner, static_server + LESSON_3_PAGE)
    player = find_player(page, 0)
    expect_first_exercise(player, first, total)
    before = read_score(player)
    answer(player, wrong_answer(first))
    answer(player, right_answer(first))
    expect_score(player, ScoreLine(before.first_try, before.done + 1, before.total))

    page.reload(wait_until="load")
    player = find_player(page, 0)
    expect(player.locator(".bt-feedback")).to_contain_text("Done in an earlier session")
    expect_score(player, ScoreLine(before.first_try, before.done + 1, before.total))


def test_a_game_deal_played_then_resumed_after_a_reload(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    from playwright.sync_api import expect

    page = _page_at(learner, static_server + GAME_PAGE)
    wait_for_table(page)
    play_a_deal(page)
    expect(page.locator(".bt-sheet").first).to_contain_text("Nous")
    page.reload(wait_until="load")
    wait_for_table(page)
    expect(page.get_by_text("Your saved game is back")).to_be_visible()
    expect(page.locator(".bt-table-status")).to_contain_text("deal is over")


def test_the_game_in_two_tabs_is_held_by_the_tab_opened_last(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    """Two tabs of one browser, each with its kernel, on the game kept in the browser's
    storage (:func:`table_clicks.the_tab_opened_last_holds_the_game`)."""
    context, _ = learner
    the_tab_opened_last_holds_the_game(
        context.new_page(), lambda tab: _open(tab, static_server + GAME_PAGE))


def test_a_practice_deal_with_the_coach_to_its_debrief(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    from playwright.sync_api import expect

    page = _page_at(learner, f"{static_server}voici/render/en/07-practice-hands.html")
    deal_practice(page)
    comments = play_a_deal(page)
    assert comments, "the coach said nothing about the learner's decisions"
    expect(page.get_by_role("heading", name="Debrief")).to_be_visible()


@pytest.mark.parametrize("number", [1, 2, 4, 5, 6])
def test_each_lesson_answers_its_first_exercise_wrong_then_right(
        learner: tuple[BrowserContext, Requests], static_server: str, number: int) -> None:
    """The other lessons of exercises (3 is above), one kind each: who wins a pli and its
    points (1), a bid (2 and 6), the announcements (4), a deal's score (5): the first
    exercise explained when wrong, confirmed when right, counted on the score line."""
    name = lesson(number).id
    page = _page_at(learner, f"{static_server}voici/render/en/{name}.html")
    wrong_then_right(page, f"notebooks/en/{name}.ipynb")


def test_one_exercise_in_two_tabs_answered_wrong_then_right(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    """Both tabs run a kernel of their own on the same browser storage: the wrong answer
    of the first counts in the second, whose right answer then solves the exercise but
    not at the first try; the first tab, reloaded, shows the same score line."""
    shown = exercise_cells(LESSON_3)[0].scenarios()
    first, total = shown[0], len(shown)
    one = _page_at(learner, static_server + LESSON_3_PAGE)
    two = _page_at(learner, static_server + LESSON_3_PAGE)
    player_one, player_two = find_player(one, 0), find_player(two, 0)
    expect_first_exercise(player_one, first, total)
    expect_first_exercise(player_two, first, total)
    before = read_score(player_two)

    answer(player_one, wrong_answer(first))
    answer(player_two, right_answer(first))
    after = ScoreLine(before.first_try, before.done + 1, before.total)
    expect_score(player_two, after)
    one.reload(wait_until="load")
    expect_score(find_player(one, 0), after)


def test_the_record_kept_when_the_browser_is_closed_and_opened_again(
        browser: Browser, chromium_executable: str, static_server: str,
        tmp_path: Path) -> None:
    """A browser with a profile on disk: lesson 3's first exercise answered right, the
    browser closed; the same profile opened again shows it done."""
    from playwright.sync_api import expect

    first = exercise_cells(LESSON_3)[0].scenarios()[0]
    for opening in ("answer", "see it kept"):
        context = browser.browser_type.launch_persistent_context(
            tmp_path / "profile", executable_path=chromium_executable, headless=True,
            args=list(CHROMIUM_ARGS), viewport={"width": 1280, "height": 900})
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        requests = Requests()
        context.on("request", requests.note)
        try:
            page = context.new_page()
            _open(page, static_server + LESSON_3_PAGE)
            player = find_player(page, 0)
            if opening == "answer":
                answer(player, right_answer(first))
                barrier(player)                     # the answer saved, then the browser closed
            else:
                expect(player.locator(".bt-feedback")).to_contain_text(
                    "Done in an earlier session")
        finally:
            context.close()
        assert requests.elsewhere() == [], f"requests left the machine ({opening})"


def test_a_drill_position_answered_and_its_best_streak_kept(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    """Lesson 1's drill: the pli's winner and points, right at the first try, make a
    streak of 1; after a reload the best streak is still 1 and the session starts
    again at 0."""
    from playwright.sync_api import expect

    page = _page_at(learner, f"{static_server}voici/render/en/01-cards-and-points.html")
    drill = page.locator(".bt-drill").first
    status = drill.locator(".bt-streak-box")
    template = explain.catalog("en")["drill_ui"]["status"]
    assert read_template(status, template) == {"current": 0, "best": 0, "answered": 0,
                                               "first_try": 0}
    answer(drill, trick_right(drill_trick(drill)))
    expect(status).to_contain_text(drill_text("status", "en", current=1, best=1,
                                              answered=1, first_try=1))
    page.reload(wait_until="load")
    status = page.locator(".bt-drill").first.locator(".bt-streak-box")
    expect(status).to_contain_text(drill_text("status", "en", current=0, best=1,
                                              answered=0, first_try=0))


def test_a_french_lesson_answered_from_the_keyboard(
        learner: tuple[BrowserContext, Requests], static_server: str) -> None:
    """French lesson 3, in French: its first exercise's right card reached with Tab and
    played with Enter, confirmed in French and counted on the score line."""
    from playwright.sync_api import expect

    shown = exercise_cells(LECON_3)[0].scenarios()
    first, total = shown[0], len(shown)
    assert isinstance(first, PlayScenario)
    page = _page_at(learner, static_server + LECON_3_PAGE)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    player = find_player(page, 0)
    expect_first_exercise(player, first, total, "fr")
    before = read_score(player, "fr")
    card = str(right_card(first))
    tab_to(page, f"(el, card) => el.getAttribute('data-card') === card && "
           f"el.closest('{PLAYERS}') === document.querySelector('{PLAYERS}')", card,
           what=f"the card {card} of the first exercise")
    page.keyboard.press("Enter")
    answer(player, dataclasses.replace(right_answer(first, "fr"), give=lambda _: None))
    expect_score(player, ScoreLine(before.first_try + 1, before.done + 1, before.total),
                 "fr")


def test_the_record_downloaded_and_loaded_into_another_browser(
        learner: tuple[BrowserContext, Requests],
        other_browser: tuple[BrowserContext, Requests], static_server: str,
        tmp_path: Path) -> None:
    """An exercise of lesson 3 done in one browser; the welcome page there counts it and
    its download holds it; loaded into another browser's welcome page, the map counts it
    there too, and still after a reload."""
    from playwright.sync_api import expect

    shown = exercise_cells(LESSON_3)[0].scenarios()
    page = _page_at(learner, static_server + LESSON_3_PAGE)
    answer(find_player(page, 0), right_answer(shown[0]))
    template = welcome_words("exercises")
    _open(page, static_server)
    done = read_template(lesson_item(course_map(page), lesson(3)), template)
    assert (done["done"], done["first_try"]) == (1, 1)

    with page.expect_download() as downloading:
        page.locator(".bt-welcome a[download]").click()
    saved = tmp_path / downloading.value.suggested_filename
    downloading.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["lessons"][lesson(3).id] == {shown[0].id: {
        "solved": True, "first_try": True, "tries": 1}}

    other = _page_at(other_browser, static_server)
    line = lesson_item(course_map(other), lesson(3))
    assert read_template(line, template)["done"] == 0
    with other.expect_file_chooser() as choosing:        # the file picker, as a learner
        other.locator(".bt-welcome .bt-upload").click()
    choosing.value.set_files(saved)
    expect(other.locator(".bt-welcome")).to_contain_text(
        welcome_words("loaded").format(name=saved.name))
    expect(line).to_contain_text(template.format(**done))
    other.reload(wait_until="load")
    expect(lesson_item(course_map(other), lesson(3))).to_contain_text(template.format(**done))
