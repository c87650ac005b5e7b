"""Lesson 06 ("tips from good players") in a real browser: Voilà serves the lesson, its
first exercise is answered against the tip, then as the tip teaches (R9; the answers are
worked out from the scenario by the engine, :mod:`exercise_clicks`); a bid that the rules
allow but the tip does not teach is a wrong try, never marked right."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from exercise_clicks import (
    LANG,
    ScoreLine,
    answer,
    exercise_cells,
    expect_score,
    find_player,
    read_score,
    right_answer,
    untaught_bid,
    wrong_then_right,
)

from belote_teach import explain
from belote_teach.course.scenarios import BidScenario
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Suit

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: The lesson under test, relative to the repository root (read by ``lesson_page``).
NOTEBOOK = "notebooks/en/06-tips.ipynb"


def test_first_exercise_wrong_then_right(lesson_page: Page) -> None:
    """The answer against the tip is explained with the rule and what the tip teaches;
    the right one is confirmed and the score line counts the exercise done."""
    wrong_then_right(lesson_page, NOTEBOOK)


#: The exercise whose allowed bid goes against the tip: naming diamonds without the J♦
#: or the 9♦ (R2.5 allows it, R9 tip 1 teaches to pass).
AGAINST_THE_TIP = "error-naming-a-suit-without-jack-or-nine"


def test_an_allowed_bid_against_the_tip_is_a_wrong_try(lesson_page: Page) -> None:
    """The allowed bid the lesson does not teach gets no green button and no "done": the
    amber mark, what the lesson teaches and why, try again; the bid taught then solves
    the exercise, not right at the first try."""
    from playwright.sync_api import expect

    cells = exercise_cells(NOTEBOOK)
    index = next(i for i, cell in enumerate(cells)
                 if cell.scenarios()[0].id == AGAINST_THE_TIP)
    scenario = cells[index].scenarios()[0]
    assert isinstance(scenario, BidScenario) and scenario.advice is not None
    wrong = untaught_bid(scenario, bid=Bid.naming(Suit.DIAMONDS))   # "I take diamonds"
    right = right_answer(scenario)
    player = find_player(lesson_page, index)
    feedback = player.locator(".bt-feedback")
    expect(feedback, f"{AGAINST_THE_TIP} was answered earlier in this session"
           ).to_have_text("")
    before = read_score(player)
    done = explain.text("all_done_one", LANG, total=1, first_try=before.first_try)

    answer(player, wrong)
    expect(player.locator("button.mod-warning")).to_have_count(1)
    expect(player.locator("button.mod-success")).to_have_count(0)
    expect(feedback.locator(".bt-msg.bt-better .bt-head")).to_contain_text("⚠")
    expect(feedback).not_to_contain_text("✓")
    expect(feedback).not_to_contain_text(done)
    expect_score(player, ScoreLine(before.first_try, before.done, before.total))

    answer(player, right)
    expect(player.locator("button.mod-success")).to_have_count(1)
    expect(feedback.locator(".bt-msg.bt-ok .bt-head")).to_contain_text("✓")
    expect(feedback).to_contain_text(done)
    expect_score(player, ScoreLine(before.first_try, before.done + 1, before.total))
