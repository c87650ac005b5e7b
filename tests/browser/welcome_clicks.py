"""The welcome page in a real browser: its sentences as the catalog writes them, its course
map and a lesson's line on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exercise_clicks import LANG
from table_clicks import WIDGETS_TIMEOUT_MS

from belote_teach import explain

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from belote_teach.course.lessons import Lesson


def welcome_words(key: str, lang: str = LANG) -> str:
    """A sentence of the catalog's ``welcome`` section, placeholders left in."""
    return str(explain.catalog(lang)["welcome"][key])


def course_map(page: Page, lang: str = LANG) -> Locator:
    """The course map (the list named "The course"), once the welcome page is drawn."""
    welcome = page.locator(".bt-welcome")
    welcome.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    return welcome.get_by_role("list", name=welcome_words("map_title", lang), exact=True)


def lesson_item(course: Locator, item: Lesson) -> Locator:
    """The course map's line of ``item`` (the map lists the lessons in course order)."""
    return course.get_by_role("listitem").nth(item.number)
