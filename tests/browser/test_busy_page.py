"""A lesson opened on a busy computer still works, and no page reaches the internet.

When a whole class signs in at once (``benchmarks/hub_load.py``), or on an old laptop, a
lesson page gets little CPU while its widgets are created. The page's widget libraries
have hard-coded waits for that moment (anywidget: 2 s for a model's script; ipywidgets:
4 s for the kernel's widget state); past them the widgets are drawn but dead. The course's
Voilà template (``share/jupyter/voila/templates/belote-teach/index.html.j2``) lengthens
both. Here Chromium's CPU is throttled (DevTools ``Emulation.setCPUThrottlingRate``), so
that on this machine creating the lesson's widgets takes longer than those waits: without
the template's change, the card below is drawn and the click never gets its answer.

The second test records every request a lesson page and the welcome page make: all go to
the course's own server (Voilà's lab template links Font Awesome from a CDN; the course's
template removes those links, Voilà's own bundle carries the icons).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import PLAYERS, exercise_cells, right_answer

from belote_teach import explain
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: The lesson opened on a busy computer; its first exercise is a ``play`` one.
NOTEBOOK = "notebooks/en/03-play-a-trick.ipynb"
#: How many times slower Chromium's CPU runs: at 10 the libraries' own waits already
#: leave some of this lesson's widgets dead on this machine (2 cores).
CPU_SLOWDOWN = 16
#: Milliseconds for the throttled page to draw its first exercise and to answer a click.
DRAWN_MS = 240_000
ANSWER_MS = 60_000
#: Messages the widget libraries print when a wait ran out.
GAVE_UP = ("[anywidget] Failed to initialize model", "Control comm did not respond")


def test_a_busy_page_answers_its_first_click(page: Page, voila: VoilaServer) -> None:
    from playwright.sync_api import expect

    shown = exercise_cells(NOTEBOOK)[0].scenarios()
    scenario = shown[0]
    given = right_answer(scenario)
    gave_up: list[str] = []
    page.on("pageerror", lambda error: gave_up.extend(
        message for message in GAVE_UP if message in str(error)))
    page.on("console", lambda message: gave_up.extend(
        text for text in GAVE_UP if text in message.text))
    devtools = page.context.new_cdp_session(page)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})

    page.goto(lesson_url(voila, NOTEBOOK), wait_until="load", timeout=DRAWN_MS)
    player = page.locator(PLAYERS).first
    expect(player).to_contain_text(explain.text("exercise", "en", n=1, total=len(shown)),
                                   timeout=DRAWN_MS)
    expect(player.locator("button[data-card]:not([disabled])").first).to_be_visible(
        timeout=DRAWN_MS)
    given.give(player)
    for words in given.says:
        expect(player.locator(".bt-feedback"), f"after {given.what}").to_contain_text(
            words, timeout=ANSWER_MS)
    assert gave_up == []


@pytest.mark.parametrize("notebook", [NOTEBOOK, "notebooks/en/00-welcome.ipynb"])
def test_pages_ask_only_the_course_server(page: Page, voila: VoilaServer,
                                          notebook: str) -> None:
    elsewhere: list[str] = []

    def note(request: Request) -> None:
        if not request.url.startswith((voila.url, "data:", "blob:")):
            elsewhere.append(request.url)

    page.on("request", note)
    page.goto(lesson_url(voila, notebook), wait_until="networkidle")
    page.locator(".widget-button, .bt-root").first.wait_for(state="visible")
    assert elsewhere == []
