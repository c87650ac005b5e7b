"""One learner, two tabs on the same lesson, in a real browser: neither tab loses or
falsifies the other's work.

* The game (lesson 8): the tab opened last holds the game. The first tab's next action
  saves nothing, closes its table and says where the game goes on; the second plays on,
  and a reload of it shows the position it showed.
* An exercise (lesson 3): both tabs show the same exercise; a wrong answer in the first
  tab counts in the second, whose right answer then solves the exercise but not at the
  first try; a reload of the first tab shows the same score line, and the learner's
  record holds both answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import (
    ScoreLine,
    answer,
    exercise_cells,
    expect_first_exercise,
    expect_score,
    find_player,
    read_score,
    right_answer,
    untried_player,
    wrong_answer,
)
from table_clicks import (
    RECORD_TABLE,
    WIDGETS_TIMEOUT_MS,
    drawn,
    learner_acts,
    shown,
    table_status,
    wait_for_table,
)

from belote_teach import explain
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import PlayScenario
from conftest import lesson_url, report_server

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

GAME = "notebooks/en/08-play-a-game.ipynb"
LESSON = "notebooks/en/03-play-a-trick.ipynb"
#: What must be the same after a reload (the coach's comment is not kept).
SAME = ("caption", "cards", "hand", "says", "phase", "status")
#: Seconds the learner waits for the computers before giving up on a turn.
TURN_SECONDS = 120


def _acts(page: Page, times: int) -> None:
    """Act as the learner ``times`` times (``table_clicks.learner_acts``), waiting for
    the computers between."""
    done = 0
    for _ in range(TURN_SECONDS * 4):
        if done == times:
            return
        if learner_acts(page):
            done += 1
        else:
            page.wait_for_timeout(250)
    raise AssertionError(f"the learner acted {done} times of {times}: {table_status(page)!r}")


#: True once the table waits for the learner (or the deal is over), or has no table.
LEARNER_OR_NO_TABLE = """() => {
  const status = document.querySelector('.bt-table-status');
  return !status || /Your turn|deal is over/.test(status.innerText);
}"""


def _position(page: Page) -> dict[str, object]:
    """What the table shows of the position once it waits for the learner."""
    page.wait_for_function(LEARNER_OR_NO_TABLE, timeout=TURN_SECONDS * 1000)
    now = shown(page)
    return {key: now[key] for key in SAME}


def test_the_tab_opened_last_holds_the_game(page: Page, voila: VoilaServer,
                                            request: pytest.FixtureRequest) -> None:
    from playwright.sync_api import expect

    report_server(request, voila)
    url = lesson_url(voila, GAME)
    page.goto(url, wait_until="load")
    wait_for_table(page)
    _acts(page, 1)
    second = page.context.new_page()
    second.add_init_script(RECORD_TABLE)
    second.goto(url, wait_until="load")
    wait_for_table(second)
    expect(second.get_by_text("Your saved game is back where you left it")).to_be_visible()
    _acts(second, 2)

    page.bring_to_front()                  # the first tab (or its computers) acts: refused
    page.wait_for_function(LEARNER_OR_NO_TABLE, timeout=TURN_SECONDS * 1000)
    if page.locator(".bt-table-status").count():
        learner_acts(page)
    expect(page.get_by_text(explain.text("game_taken", "en"))).to_be_visible()
    expect(page.locator(".bt-table-status")).to_have_count(0)

    second.bring_to_front()                # the second plays on, and keeps its position
    _acts(second, 1)
    before = _position(second)
    second.reload(wait_until="load")
    second.locator(".bt-table-status").wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    second.wait_for_function("() => window.__btDrawn.some((d) => d.status)",
                             timeout=WIDGETS_TIMEOUT_MS)
    first = next(d for d in drawn(second) if d["status"])
    assert {key: first[key] for key in SAME} == before
    second.close()


def test_a_wrong_answer_in_one_tab_counts_in_the_other(page: Page, voila: VoilaServer,
                                                       request: pytest.FixtureRequest
                                                       ) -> None:
    report_server(request, voila)
    notebook, index, scenario, total = untried_player(PlayScenario, (LESSON,))
    url = lesson_url(voila, notebook)
    page.goto(url, wait_until="load")
    second = page.context.new_page()
    second.goto(url, wait_until="load")
    one, two = find_player(page, index), find_player(second, index)
    expect_first_exercise(one, scenario, total)
    expect_first_exercise(two, scenario, total)
    before = read_score(two)
    assert read_score(one) == before

    wrong = wrong_answer(scenario)
    assert not wrong.solves
    answer(one, wrong)                                 # the first tab: wrong
    answer(two, right_answer(scenario))                # the second, opened before: right
    after = ScoreLine(before.first_try, before.done + 1, before.total)
    expect_score(two, after)                           # solved, not at the first try

    page.reload(wait_until="load")
    one = find_player(page, index)
    expect_first_exercise(one, scenario, total)
    expect_score(one, after)
    lesson = exercise_cells(notebook)[index].path.stem
    saved = CourseProgress().read().record.results(lesson)
    assert saved[scenario.id] == {"solved": True, "first_try": False, "tries": 2}
    second.close()

