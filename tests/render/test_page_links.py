"""The welcome page's links to the lessons' pages: ``.ipynb`` under Voilà, ``.html`` in the
static edition (the pages Voici rendered)."""

from __future__ import annotations

import pytest

from belote_teach.course.lessons import lesson
from belote_teach.course.overview import LessonProgress
from belote_teach.course.record import LessonSummary
from belote_teach.render import course_map
from belote_teach.render.course_map import course_map_html, edition_links_html, page_href


def test_a_notebook_link_becomes_its_page_in_either_edition() -> None:
    assert page_href("03-play-a-trick.ipynb", ".ipynb") == "03-play-a-trick.ipynb"
    assert page_href("03-play-a-trick.ipynb", ".html") == "03-play-a-trick.html"
    assert page_href("../fr/00-bienvenue.ipynb", ".html") == "../fr/00-bienvenue.html"


def test_a_link_that_is_no_notebook_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'03-play-a-trick.html'.*\.ipynb"):
        page_href("03-play-a-trick.html", ".html")


def test_the_static_edition_links_every_page_by_its_html_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(course_map, "PAGE_SUFFIX", ".html")
    line = LessonProgress(lesson(3), True, LessonSummary("03-play-a-trick", 25, 20, 25))
    page = course_map_html([line], "fr", edition="fr")
    assert 'href="03-jouer-un-pli.html"' in page and ".ipynb" not in page
    assert 'href="../en/00-welcome.html"' in edition_links_html("fr")
