"""The story of a finished deal at the top of the table, in a real browser.

Lesson 7 (practice hands), one page: the curated deals made, dedans, capot and litige,
each dealt with the coach off and the pace at 0, played to the end by clicks (the
learner's bids and cards are those of a club player, found by playing the same app in
Python first); the story the page shows at the top of the table is the one the Python
app words from the engine's score, paragraph by paragraph.

Lesson 8 (the game): a game to 501 played to its end in Python and saved in the store the
Voilà server reads (``BELOTE_TEACH_DATA``, set by the root ``conftest.py``); the page that
resumes it shows the winner's banner first at the top of the table, then the story of the
last deal with the game's totals. The test then starts a new game to 1000 with the coach
on, as a fresh store would, since the other tests of lesson 8 expect a game going on.

With ``BELOTE_TEACH_SHOTS`` set to a folder, the practice test saves there the top of the
table of the made, dedans and capot deals (``deal-story-made.png``...), as in ``docs/``.
"""

from __future__ import annotations

import html
import os
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from table_clicks import deal_practice, new_game, set_pace, wait_for_table

from belote_teach import explain
from belote_teach.coach.session import TableSession
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.game import Game
from belote_teach.explain.calls import bid_words
from belote_teach.players import make_player
from belote_teach.render.deal_story import render_deal_story
from belote_teach.ui.game_app import SAVES
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.table import TableApp
from conftest import lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DEALS = load_practice_deals()
CLUB = make_player("club")
#: The curated deals played, with the ending each must have (the course's "practice").
ENDINGS = {"take-the-turned-jack": "made", "defend-to-make-it-dedans": "dedans",
           "capot": "capot", "litige-81-all": "litige"}
SHOTS = {"made", "dedans", "capot"}
NOTEBOOK = "notebooks/en/07-practice-hands.ipynb"
GAME_NOTEBOOK = "notebooks/en/08-play-a-game.ipynb"

#: One decision of the learner: ("bid", the button's words) or ("card", its notation).
Decision = tuple[str, str]


def story_lines(page_html: str) -> list[str]:
    """The paragraphs of the story as a reader sees them: tags left out, spaces as one."""
    paragraphs = re.findall(r"<p\b[^>]*>(.*?)</p>", page_html, flags=re.DOTALL)
    return [_spaces(html.unescape(re.sub(r"<[^>]+>", "", p))) for p in paragraphs]


def _spaces(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def shown_story(page: Page) -> list[str]:
    """The paragraphs of the story at the top of the table in the page."""
    return [_spaces(t) for t in page.locator(".bt-story p").all_inner_texts()]


def played_in_python(index: int, tmp: Path) -> tuple[list[Decision], str, list[str]]:
    """Play practice deal ``index`` in the lesson's app (coach off, pace 0), the learner
    choosing as a club player; the decisions, the ending and the story's paragraphs."""
    app = PracticeApp(DEALS, lang="en", pace=0, progress=CourseProgress(tmp))
    app.coaching.value = False
    app.choice.value = index
    app.start()
    table = app.table
    assert table is not None
    session = table.session
    decisions: list[Decision] = []
    for _ in range(40):
        if session.deal.phase.is_over:
            break
        if table.bids:
            bid = CLUB.choose_bid(session.observation, random.Random(0)).action
            decisions.append(("bid", bid_words(bid, "en")))
            table.bids[str(bid)].click()
        else:
            card = CLUB.choose_card(session.observation, random.Random(0)).action
            decisions.append(("card", str(card)))
            table.board.selected = str(card)
    score = session.deal.score
    assert score is not None
    return decisions, score.outcome.value, story_lines(table.status.value)


def _learner_turn(page: Page) -> None:
    page.wait_for_function(
        "() => { const s = document.querySelector('.bt-table-status')?.innerText || '';"
        " return s.includes('Your turn to bid') || s.includes('Your turn: click')"
        " || s.includes('deal is over'); }",
        timeout=30_000)


def play_in_the_page(page: Page, decisions: list[Decision]) -> None:
    """Make ``decisions`` by clicks, each once the table waits for the learner."""
    for kind, what in decisions:
        _learner_turn(page)
        if kind == "bid":
            page.get_by_role("button", name=what, exact=True).click()
            page.wait_for_function(
                "() => !document.querySelector('.bt-table-status').innerText"
                ".includes('Your turn to bid')", timeout=30_000)
            continue
        card = page.locator(f'.bt-part-hand button.bt-card[data-card="{what}"]'
                            ":not(.bt-dim)")
        card.wait_for(state="visible", timeout=30_000)
        before = page.locator(".bt-part-hand .bt-card").count()
        card.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.bt-part-hand .bt-card').length < n",
            arg=before, timeout=30_000)


def _shoot(page: Page, outcome: str) -> None:
    """The top of the table (the story and the felt, side by side or one above the
    other) into ``BELOTE_TEACH_SHOTS``."""
    folder = os.environ.get("BELOTE_TEACH_SHOTS", "").strip()
    if not folder or outcome not in SHOTS:
        return
    top = page.locator(".bt-story").bounding_box()
    felt = page.locator(".bt-part-table").bounding_box()
    assert top is not None and felt is not None
    left, high = min(top["x"], felt["x"]), min(top["y"], felt["y"])
    right = max(top["x"] + top["width"], felt["x"] + felt["width"])
    low = max(top["y"] + top["height"], felt["y"] + felt["height"])
    page.screenshot(path=str(Path(folder) / f"deal-story-{outcome}.png"), clip={
        "x": left - 8, "y": high - 8, "width": right - left + 16, "height": low - high + 16})


def test_the_practice_deals_end_with_their_story(lesson_page: Page, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page = lesson_page
    ids = [d.id for d in DEALS]
    for deal_id, ending in ENDINGS.items():
        index = ids.index(deal_id)
        decisions, outcome, story = played_in_python(index, tmp_path)
        assert outcome == ending, f"{deal_id} ends {outcome} in Python"
        deal_practice(page, "en", deal_id, coach=False)
        set_pace(page, 0)
        play_in_the_page(page, decisions)
        story_box = page.locator(f'.bt-story[data-outcome="{ending}"]')
        expect(story_box).to_be_visible(timeout=30_000)
        assert story[0] == explain.text("deal_over", "en")
        assert shown_story(page) == story
        assert page.locator(".bt-table-app > *").first.locator(".bt-story").count() == 1
        _shoot(page, ending)


def _finished_game() -> Game:
    """A game to 501 played to its end by club players at a table (the learner too)."""
    game = Game({"target": 501}, rng=5, auto_advance=False)
    app = TableApp(TableSession(game, rng=2, coaching=False), pace=0)
    session = app.session
    for _ in range(600):
        if game.is_over:
            return game
        if session.deal.phase.is_over:
            app.next_button.click()
        elif app.bids:
            bid: Bid = CLUB.choose_bid(session.observation, random.Random(0)).action
            app.bids[str(bid)].click()
        else:
            card: Card = CLUB.choose_card(session.observation, random.Random(0)).action
            app.board.selected = str(card)
    raise AssertionError("the game did not end")


def test_a_game_over_shows_its_winner_at_the_top(page: Page, voila: VoilaServer) -> None:
    from playwright.sync_api import expect

    game = _finished_game()
    # the settings of a fresh game, so that the new game started at the end is one too
    GameStore().save("game", game, meta={"level": "club", "coaching": True, "seed": 5,
                                         "saves": SAVES, "counted": True, "pace": 0.6})
    deal = game.deal
    status = f'<p class="bt-table-status">{explain.text("deal_over", "en")}</p>'
    expected = story_lines(render_deal_story(deal.score, lang="en", contract=deal.contract,
                                             me=Seat.SOUTH, sheet=game.sheet, status=status))
    totals = game.sheet.totals
    winner = "Nous" if game.winner is game.sheet.nous else "Eux"
    high, low = max(totals.values()), min(totals.values())
    assert expected[0] == f"Game over: {winner} win, {high} to {low} (R6.8)."
    page.goto(lesson_url(voila, GAME_NOTEBOOK), wait_until="load")
    wait_for_table(page)
    banner = page.locator(".bt-story-banner")
    expect(banner).to_have_text(expected[0])
    assert shown_story(page) == expected
    box, board = banner.bounding_box(), page.locator(".bt-part-table").bounding_box()
    assert box is not None and board is not None          # at the top, beside or above
    assert box["y"] < board["y"] + board["height"] / 2    # the felt, not under the sheet
    page.get_by_label(explain.text("target_label", "en")).select_option("1000")
    new_game(page)                          # the other tests of lesson 8 expect a game on
    expect(page.locator(".bt-story-banner")).to_have_count(0)
