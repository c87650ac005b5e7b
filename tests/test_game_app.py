"""The game app (belote_teach.ui.game_app.GameApp) without a browser: a new game played
by clicks, saved after the deal and resumed by a new app; a damaged save is reported and
set aside, never a crash; the EN / FR toggle switching the whole app mid-game."""

from __future__ import annotations

import html
import random
from pathlib import Path

import pytest
from test_table_widget import english_in

from belote_teach import explain
from belote_teach.players import make_player
from belote_teach.progress import GameStore
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.language import UnknownLanguageError
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


@pytest.mark.parametrize(("preset", "target"), [("ffb2016", 501), ("ffb2016", 1000),
                                                 ("classic", 2000)])
def test_a_resumed_game_shows_its_rules_preset(tmp_path: Path, preset: str,
                                               target: int) -> None:
    store = GameStore(tmp_path)
    app = GameApp(store, pace=0)
    app.preset.value = preset
    app.target.value = target
    app.new_button.click()
    assert app.table is not None
    rules = app.table.session.table.rules
    again = GameApp(store, pace=0)                     # the page reloaded
    assert again.preset.value == preset and again.target.value == target
    assert again.table is not None and again.table.session.table.rules == rules
    again.new_button.click()                           # the next game keeps the rules
    assert again.table is not None and again.table.session.table.rules == rules


def test_a_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    (tmp_path / "games").mkdir(parents=True)
    (tmp_path / "games" / "game.json").write_text("{not json", encoding="utf-8")
    app = GameApp(store, pace=0, lang="fr")
    assert "bt-bad" in app.message.value and app.table is None
    assert list((tmp_path / "games").glob("game.corrupt-*.json"))
    app.new_button.click()
    assert app.table is not None and (tmp_path / "games" / "game.json").exists()


def test_the_game_switches_language_mid_deal_and_back(tmp_path: Path) -> None:
    """The toggle at the top right words the settings, the table, the score sheet and the
    message in French mid-deal, then back; the game goes on, and the saved game is the
    same file before and after switching."""
    store = GameStore(tmp_path)
    app = GameApp(store, pace=0, lang="en")
    app.target.value = 501
    app.level.value = "expert"
    app.new_button.click()
    assert app.table is not None
    table = app.table
    _play_one_deal(table)                                 # saved, on the sheet
    saved = (tmp_path / "games" / "game.json").read_bytes()
    table.next_button.click()
    game = table.session.table
    actions = game.deal.actions
    app.language.value = "fr"
    assert app.children[0].children[-1] is app.language   # top right
    assert app.lang == table.session.lang == "fr" and game.deal.actions == actions
    assert (app.target.value, app.level.value, app.preset.value) == (501, "expert", "classic")
    assert app.level.label == explain.text("level_expert", "fr")
    assert app.preset.label == explain.text("preset_classic", "fr")
    assert app.new_button.description == explain.text("new_game", "fr")
    assert table.next_button.description == explain.text("next_deal", "fr")
    assert explain.catalog("fr")["table"]["sheet"]["title"] in app.sheet.value
    assert "Score sheet" not in app.sheet.value and english_in(app) == []
    status = html.unescape(table.status.value)
    assert any(explain.text(key, "fr") in status for key in ("turn_bid", "turn_card"))
    assert (tmp_path / "games" / "game.json").read_bytes() == saved   # not touched
    _play_one_deal(table)                                 # the game goes on, in French
    assert len(game.sheet) == 2 and english_in(app) == []
    app.language.value = "en"
    assert app.new_button.description == "New game" and "Score sheet" in app.sheet.value
    assert "The deal is over" in html.unescape(table.status.value)
    again = GameApp(store, pace=0, lang="fr")             # the save holds no language
    assert again.table is not None and again.table.session.table.sheet == game.sheet
    assert explain.text("game_resumed", "fr") in html.unescape(again.message.value)
    again.language.value = "en"
    assert explain.text("game_resumed", "en") in html.unescape(again.message.value)


def test_a_damaged_save_report_stays_and_a_bad_language_changes_nothing(
        tmp_path: Path) -> None:
    (tmp_path / "games").mkdir(parents=True)
    (tmp_path / "games" / "game.json").write_text("{not json", encoding="utf-8")
    app = GameApp(GameStore(tmp_path), pace=0, lang="fr")
    report = app.message.value
    app.language.value = "en"                 # the store's words are kept as they were
    assert app.message.value == report and app.new_button.description == "New game"
    with pytest.raises(UnknownLanguageError, match="'de'"):
        app.set_language("de")
    assert app.lang == "en" and app.language.value == "en"
