"""The practice app (belote_teach.ui.practice_app.PracticeApp) without a browser: a
curated deal played by clicks with the coach, then the debrief, each mistake clickable;
the EN / FR toggle switching the whole app mid-deal."""

from __future__ import annotations

import html
import random
from pathlib import Path

import pytest
from test_table_widget import english_in

from belote_teach import explain
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.players import make_player
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.table import TableApp

DEALS = load_practice_deals(Path(__file__).resolve().parents[2] / "notebooks" / "deals"
                            / "practice.yaml")
RANDOM = make_player("random")


def test_a_practice_deal_played_badly_gets_a_debrief() -> None:
    """South plays random legal cards: the coach finds mistakes, listed at the end, and
    each one shows its position."""
    app = PracticeApp(DEALS, pace=0)
    app.choice.value = next(i for i, d in enumerate(DEALS) if d.id == "charge-your-partner")
    for seed in range(8):                          # random play errs sooner or later
        app.start_button.click()
        assert "charge" in app.goal.value.lower()
        table = app.table
        assert table is not None
        rng = random.Random(seed)
        for _ in range(40):
            session = table.session
            if session.deal.phase.is_over:
                break
            if table.bids:
                table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
            else:
                table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
        assert table.session.deal.phase.is_over
        if table.session.mistakes:
            break
    rows = app.debrief.children
    assert rows and "Debrief" in rows[0].value
    mistakes = table.session.mistakes
    assert len(rows) == len(mistakes) + 1 and mistakes
    rows[1].children[0].click()
    assert "bt-table" in app.position.value
    for row in rows[1:]:            # each button as wide as its words, never squeezed
        button, review = row.children
        assert (button.layout.width, button.layout.flex) == ("auto", "0 0 auto")
        assert row.layout.flex_flow == "row wrap" and review.layout.min_width == "0"


def test_errors() -> None:
    with pytest.raises(ValueError, match="at least one"):
        PracticeApp(())
    with pytest.raises(ValueError, match="language"):
        PracticeApp(DEALS, lang="de")


def _play_to_the_end(table: TableApp, rng: random.Random) -> None:
    session = table.session
    for _ in range(40):
        if session.deal.phase.is_over:
            return
        if table.bids:
            table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
        else:
            table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
    raise AssertionError("the deal did not end")


def test_the_practice_app_switches_language_mid_deal_and_back(tmp_path: Path) -> None:
    """The toggle at the top right words the settings, the goal, the table and, once the
    deal is over, the debrief and the position shown in French, then back in English; the
    deal goes on and is recorded once."""
    progress = CourseProgress(tmp_path)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=progress)
    chosen = next(i for i, d in enumerate(DEALS) if d.id == "charge-your-partner")
    app.choice.value = chosen
    app.start_button.click()
    table = app.table
    assert table is not None and app.language.value == "en"
    top = app.children[0]
    assert top.children[-1] is app.language                   # top right
    rng = random.Random(1)
    while table.bids:
        table.bids[str(RANDOM.choose_bid(table.session.observation, rng).action)].click()
    table.board.selected = str(RANDOM.choose_card(table.session.observation, rng).action)
    actions = table.session.deal.actions
    app.language.value = "fr"
    assert app.lang == table.session.lang == "fr" and table.session.deal.actions == actions
    assert app.choice.value == chosen and app.choice.label == DEALS[chosen].title("fr")
    assert app.start_button.description == explain.text("practice_start", "fr")
    assert app.coaching.description == explain.text("coach_label", "fr")
    assert html.escape(DEALS[chosen].goal("fr"), quote=True) in app.goal.value
    assert explain.text("turn_card", "fr") in html.unescape(table.status.value)
    assert english_in(app) == []
    played = 0
    for seed in range(8):                                     # until the coach finds one
        _play_to_the_end(table, rng)
        played += 1
        if table.session.mistakes:
            break
        app.start_button.click()
        table = app.table
        assert table is not None
        rng = random.Random(seed)
    mistakes = table.session.mistakes
    assert mistakes and app.debrief.children
    app.debrief.children[1].children[0].click()
    assert "bt-table" in app.position.value and english_in(app) == []
    french_position = app.position.value
    title = explain.plural_key("debrief_title", len(mistakes), "fr")
    assert explain.text(title, "fr", n=len(mistakes)) in html.unescape(
        app.debrief.children[0].value)
    app.language.value = "en"
    title = explain.plural_key("debrief_title", len(mistakes), "en")
    assert explain.text(title, "en", n=len(mistakes)) in html.unescape(
        app.debrief.children[0].value)
    assert app.debrief.children[1].children[0].description == explain.text(
        "debrief_show", "en", n=1)
    assert app.position.value != french_position and "bt-table" in app.position.value
    assert "The deal is over" in html.unescape(table.status.value)
    assert dict(progress.read().record.practice) == {DEALS[chosen].id: played}  # once each
    app.language.value = "fr"
    app.start_button.click()                                  # a new deal, in French
    assert app.table is not None and app.table.session.lang == "fr"
    assert english_in(app) == []
