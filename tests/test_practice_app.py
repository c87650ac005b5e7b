"""The practice app (belote_teach.ui.practice_app.PracticeApp) without a browser: a
curated deal played by clicks with the coach, then the debrief, each mistake clickable."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belote_teach.players import make_player
from belote_teach.practice import load_practice_deals
from belote_teach.ui.practice_app import PracticeApp

DEALS = load_practice_deals(Path(__file__).resolve().parents[1] / "notebooks" / "deals"
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


def test_errors() -> None:
    with pytest.raises(ValueError, match="at least one"):
        PracticeApp(())
    with pytest.raises(ValueError, match="language"):
        PracticeApp(DEALS, lang="de")
