"""The game app (belote_teach.ui.game_app.GameApp) without a browser: a new game played
by clicks, saved after the deal and resumed by a new app; a damaged save is reported and
set aside, never a crash."""

from __future__ import annotations

import random
from pathlib import Path

from belote_teach.players import make_player
from belote_teach.progress import GameStore
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.table import TableApp

CLUB = make_player("club")


def _play_one_deal(table: TableApp) -> None:
    session = table.session
    for _ in range(40):
        if session.deal.phase.is_over:
            return
        if table.bids:
            table.bids[str(CLUB.choose_bid(session.observation, random.Random(0)).action)].click()
        else:
            table.board.selected = str(
                CLUB.choose_card(session.observation, random.Random(0)).action)
    raise AssertionError("the deal did not end")


def test_a_game_is_saved_after_a_deal_and_resumed(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    app = GameApp(store, pace=0)
    app.target.value = 501
    app.level.value = "club"
    app.coaching.value = False
    app.new_button.click()
    assert app.table is not None
    game = app.table.session.table
    assert game.rules.target == 501
    _play_one_deal(app.table)
    assert (tmp_path / "games" / "game.json").exists()
    assert "Nous" in app.sheet.value
    again = GameApp(store, pace=0)
    assert again.table is not None and "saved game" in again.message.value
    resumed = again.table.session.table
    assert resumed.sheet == game.sheet and resumed.rules == game.rules
    assert again.target.value == 501 and again.coaching.value is False
    again.table.next_button.click()                    # the next deal goes on
    assert len(resumed.deals) == 2


def test_a_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    (tmp_path / "games").mkdir(parents=True)
    (tmp_path / "games" / "game.json").write_text("{not json", encoding="utf-8")
    app = GameApp(store, pace=0, lang="fr")
    assert "bt-bad" in app.message.value and app.table is None
    assert list((tmp_path / "games").glob("game.corrupt-*.json"))
    app.new_button.click()
    assert app.table is not None and (tmp_path / "games" / "game.json").exists()
