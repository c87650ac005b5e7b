"""Lesson 00, the welcome page, in a real browser: the course map lists lessons 1 to 8,
each linked to a notebook the server serves; the EN / FR switch redraws the page in
French and back; and an exercise answered in lesson 01 shows in lesson 01's progress on
the welcome page once it is opened again.

The progress test runs a course server of its own, on a learner's record of its own:
the session's server keeps one record for every test (the root ``conftest.py`` points
``BELOTE_TEACH_DATA`` at a temporary folder), where other tests, run before it in any
order, may have answered the exercise it answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlparse

import pytest
from exercise_clicks import (
    LANG,
    ROOT,
    ScoreLine,
    answer,
    barrier,
    exercise_cells,
    expect_first_exercise,
    expect_score,
    find_player,
    read_score,
    read_template,
    right_answer,
)
from welcome_clicks import course_map, lesson_item, welcome_words

from belote_teach.course.lessons import COURSE, lesson
from conftest import lesson_url, report_server, serve_course

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/00-welcome.ipynb"
#: The lesson whose progress the welcome page must show after an answer.
ANSWERED = lesson(1)
#: Its notebook, relative to the repository root.
ANSWERED_NOTEBOOK = f"notebooks/en/{ANSWERED.id}.ipynb"
#: Where Voilà serves the course's notebooks (``/voila/render/<path under notebooks/>``).
RENDER = "/voila/render/"


def served_notebook(page: Page, href: str) -> str:
    """The notebook (a path from the repository root) that a link of the page opens.

    Raises:
        AssertionError: the link does not open a Voilà app of the course.
    """
    path = urlparse(urljoin(page.url, href)).path
    assert RENDER in path, f"the link {href!r} opens {path}, not a Voilà app"
    return f"notebooks/{path.split(RENDER, 1)[1]}"


def test_the_map_links_lessons_1_to_8_and_switches_language(lesson_page: Page) -> None:
    """Every lesson 1–8 is on the map with its number and a link to a notebook that
    exists; FR redraws the page in French (title, map, lesson titles), EN back."""
    from playwright.sync_api import expect

    page = lesson_page
    course = course_map(page)
    expect(course.get_by_role("listitem")).to_have_count(len(COURSE))
    lessons = [item for item in COURSE if item.number >= 1]
    assert [item.number for item in lessons] == list(range(1, 9))
    for item in lessons:
        line = lesson_item(course, item)
        expect(line).to_contain_text(
            welcome_words("lesson_number").format(n=item.number))
        link = line.get_by_role("link", name=item.title(LANG), exact=True)
        expect(link).to_be_visible()
        notebook = served_notebook(page, link.get_attribute("href") or "")
        assert (ROOT / notebook).is_file(), f"lesson {item.number} links {notebook}, missing"

    page.get_by_role("button", name="FR", exact=True).click()
    french = course_map(page, "fr")
    expect(page.get_by_role("heading", level=1, name=welcome_words("title", "fr"))
           ).to_be_visible()
    expect(page.get_by_role("heading", level=1, name=welcome_words("title"))).to_have_count(0)
    for item in lessons:
        expect(lesson_item(french, item).get_by_role("link", name=item.title("fr"),
                                                     exact=True)).to_be_visible()

    page.get_by_role("button", name="EN", exact=True).click()
    expect(page.get_by_role("heading", level=1, name=welcome_words("title"))).to_be_visible()
    expect(lesson_item(course_map(page), ANSWERED).get_by_role(
        "link", name=ANSWERED.title(LANG), exact=True)).to_be_visible()


@pytest.fixture
def welcome_of_a_new_learner(page: Page, request: pytest.FixtureRequest, tmp_path: Path
                             ) -> Iterator[Page]:
    """The page opened on the welcome page of a course server of its own, whose learner's
    record (in ``tmp_path``) is empty; Voilà has run the notebook when this yields."""
    with serve_course(tmp_path / "voila.log", data=tmp_path / "data") as server:
        report_server(request, server)
        page.goto(lesson_url(server, NOTEBOOK), wait_until="load")
        yield page


def test_progress_in_a_lesson_shows_on_the_welcome_page(welcome_of_a_new_learner: Page
                                                        ) -> None:
    """Open lesson 01 from the map, answer one exercise right at the first try, open the
    welcome page again: lesson 01 shows one more exercise done (and right at the first
    try) out of the same total."""
    from playwright.sync_api import expect

    page = welcome_of_a_new_learner
    welcome_url = page.url
    template = welcome_words("exercises")
    line = lesson_item(course_map(page), ANSWERED)
    before = read_template(line, template)
    assert (before["done"], before["first_try"]) == (0, 0), before   # a new learner

    shown = exercise_cells(ANSWERED_NOTEBOOK)[0].scenarios()
    scenario = shown[0]

    link = line.get_by_role("link", name=ANSWERED.title(LANG), exact=True)
    target = urljoin(welcome_url, link.get_attribute("href") or "")
    link.click()
    page.wait_for_url(target)
    player = find_player(page, 0)
    expect_first_exercise(player, scenario, len(shown))
    score = read_score(player)
    answer(player, right_answer(scenario))
    expect_score(player, ScoreLine(score.first_try + 1, score.done + 1, score.total))
    barrier(player)   # the answer is saved before the welcome page reads the progress

    page.goto(welcome_url, wait_until="load")
    after = lesson_item(course_map(page), ANSWERED)
    expect(after).to_contain_text(template.format(
        done=before["done"] + 1, total=before["total"], first_try=before["first_try"] + 1))
