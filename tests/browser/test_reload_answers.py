"""A reload between a wrong answer and a right one, in a real browser, for every kind of
exercise the lessons answer by clicks (play, trick, bid, announce, compare, score): the
page reloaded (served by a kernel the course server prepared in advance, as a learner's
next visit is) says the exercise was tried in an earlier session, still answers, and the
learner's record ends with the exercise solved, not at the first try, every answer
counted (two; three for a pli, whose right answer has two parts).

Each kind is taken from a player that the lesson tests (``test_lesson_0N``) do not
answer, so the session's record holds nothing of it before (:mod:`exercise_clicks`)."""

from __future__ import annotations

import re
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

from belote_teach import explain
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import (
    AnnounceScenario,
    BidScenario,
    CompareScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    TrickScenario,
)
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

NOTEBOOKS = ("notebooks/en/01-cards-and-points.ipynb", "notebooks/en/02-deal-and-bidding.ipynb",
             "notebooks/en/03-play-a-trick.ipynb", "notebooks/en/04-announcements.ipynb",
             "notebooks/en/05-scoring.ipynb")
KINDS = (PlayScenario, TrickScenario, BidScenario, AnnounceScenario, CompareScenario,
         ScoreScenario)


@pytest.mark.parametrize("kind", KINDS, ids=[k.__name__ for k in KINDS])
def test_a_reload_between_a_wrong_and_a_right_answer(page: Page, voila: VoilaServer,
                                                     kind: type[Scenario]) -> None:
    from playwright.sync_api import expect

    notebook, index, scenario, total = untried_player(kind, NOTEBOOKS)
    wrong, right = wrong_answer(scenario), right_answer(scenario)
    page.goto(lesson_url(voila, notebook), wait_until="load")
    player = find_player(page, index)
    expect_first_exercise(player, scenario, total)
    expect(player.locator(".bt-feedback")).to_have_text("")
    before = read_score(player)
    answer(player, wrong)

    page.reload(wait_until="load")
    player = find_player(page, index)
    expect_first_exercise(player, scenario, total)
    earlier = ("Done in an earlier session" if wrong.solves
               else explain.catalog("en")["exercises"]["earlier_tried_one"].format(tries=1))
    expect(player.locator(".bt-feedback")).to_contain_text(earlier)
    expect_score(player, ScoreLine(before.first_try, before.done + wrong.solves, before.total))
    if wrong.solves:
        return                                      # solved by the first answer: done
    answer(player, right)
    expect_score(player, ScoreLine(before.first_try, before.done + 1, before.total))

    lesson = re.sub(r"\.yaml$", "", exercise_cells(notebook)[index].path.name)
    saved = CourseProgress().read().record.results(lesson)
    parts = 2 if isinstance(scenario, TrickScenario) else 1     # the winner, then points
    assert saved[scenario.id] == {"solved": True, "first_try": False, "tries": 1 + parts}
