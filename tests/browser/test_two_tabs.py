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
from table_clicks import the_tab_opened_last_holds_the_game

from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import PlayScenario
from conftest import lesson_url, report_server

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

GAME = "notebooks/en/08-play-a-game.ipynb"
LESSON = "notebooks/en/03-play-a-trick.ipynb"


def test_the_tab_opened_last_holds_the_game(page: Page, voila: VoilaServer,
                                            request: pytest.FixtureRequest) -> None:
    report_server(request, voila)
    url = lesson_url(voila, GAME)
    the_tab_opened_last_holds_the_game(page, lambda tab: tab.goto(url, wait_until="load"))


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

