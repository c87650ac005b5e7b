"""The course as ``make run`` serves it, in a real browser: the server's root opens the
welcome page, whose links open each lesson app in the same server (here the game app,
where the table comes up ready to play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from table_clicks import wait_for_table

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser


def test_the_root_opens_the_welcome_page_whose_links_open_the_apps(page: Page,
                                                                    voila: VoilaServer) -> None:
    from playwright.sync_api import expect

    page.goto(voila.url, wait_until="load")
    assert page.url.endswith("/voila/render/en/00-welcome.ipynb")
    expect(page.get_by_role("heading", name="The course")).to_be_visible(timeout=60_000)
    for title in ("Cards and points", "Play a trick", "Practice hands", "Play a game"):
        expect(page.get_by_role("link", name=title)).to_be_visible()
    page.get_by_role("link", name="Play a game").click()
    page.wait_for_url("**/voila/render/en/08-play-a-game.ipynb")
    wait_for_table(page)
    expect(page.get_by_role("button", name="New game")).to_be_visible()
