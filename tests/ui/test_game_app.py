"""The game app (belote_teach.ui.game_app.GameApp) without a browser: a new game played
by clicks, saved after the deal and resumed by a new app; a damaged save is reported and
set aside, never a crash; the EN / FR toggle switching the whole app mid-game."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest
from test_game import finish_deal
from test_table_widget import english_in, table_shows

from belote_teach import explain
from belote_teach.coach.errors import ReplayError
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.cards import Seat
from belote_teach.engine.deal import Phase
from belote_teach.engine.game import Game
from belote_teach.engine.rules import RuleSet
from belote_teach.players import expert, make_player
from belote_teach.ui.game_app import SAVES, GameApp
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
    assert store.names() == ("game",)
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
    store.store.put_document("game/game", "{not json")
    app = GameApp(store, pace=0, lang="fr")
    assert "bt-bad" in app.message.value and app.table is None
    assert [name.split(".corrupt-")[0] for name in store.store.aside_documents()] == [
        "game/game"]
    app.new_button.click()
    assert app.table is not None and store.names() == ("game",)


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
    table.next_button.click()
    saved = store.load("game").game
    assert saved is not None
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
    resaved = store.load("game").game                     # not touched
    assert resaved is not None and resaved.deals == saved.deals == game.deals
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


@pytest.mark.parametrize("full_strength", [True, False])
def test_the_settings_say_when_the_expert_plays_lighter(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        full_strength: bool) -> None:
    """Without the solver's compiled core (the browser), choosing the expert shows a note
    under the settings, in the page's language, and choosing another level takes it
    away; with the compiled core, no note."""
    monkeypatch.setattr(expert, "FULL_STRENGTH", full_strength)
    app = GameApp(GameStore(tmp_path), pace=0, lang="en")
    assert app.level_note.value == ""
    app.level.value = "expert"
    english = html.escape(explain.text("level_expert_light", "en"))
    assert (english in app.level_note.value) is not full_strength
    app.set_language("fr")
    french = html.escape(explain.text("level_expert_light", "fr"))
    assert (french in app.level_note.value) is not full_strength
    app.level.value = "club"
    assert app.level_note.value == ""
    if not full_strength:
        assert "navigateur" in french and "browser" in english


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


# ---------------------------------------------------------------------------- every action
class RecordingStore(GameStore):
    """A store that keeps, besides saving, a copy of every game saved with its meta."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.saved: list[tuple[Game, dict[str, object]]] = []

    def save(self, name: str, game: Game, *, meta: Mapping[str, object] = MappingProxyType({}),
             holder: str | None = None, take: bool = False) -> None:
        super().save(name, game, meta=meta, holder=holder, take=take)
        self.saved.append((game.copy(), dict(meta)))


def _learner_acts(table: TableApp) -> None:
    """One decision of the learner on the table, by a click (the club player's choice)."""
    session = table.session
    if table.bids:
        table.bids[str(CLUB.choose_bid(session.observation, random.Random(0)).action)].click()
    else:
        table.board.click(str(CLUB.choose_card(session.observation, random.Random(0)).action))


def _saved_game(store: GameStore, seed: int, *, target: int = 1000) -> None:
    """A new game of seed ``seed`` in ``store``, as the app saves one (no coach, club)."""
    game = Game(RuleSet.preset("classic").replace(target=target), rng=seed,
                auto_advance=False)
    store.save("game", game, meta={"level": "club", "coaching": False, "seed": seed,
                                   "saves": SAVES})


def test_the_game_is_saved_after_every_action(tmp_path: Path) -> None:
    """Every bid and card, the learner's and the computers', and the next deal: each is
    saved as it is taken (the file before held the game only after each deal)."""
    store = RecordingStore(tmp_path)
    _saved_game(store, 4)
    app = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert app.table is not None
    game = app.table.session.table
    for _ in range(40):
        if game.deal.phase.is_over:
            break
        _learner_acts(app.table)
    actions = len(game.deal.actions)
    assert actions == len(game.deal.bids) + 32               # the bids and 32 cards
    saved = {(len(g.deals), len(g.deal.actions)) for g, _ in store.saved}
    assert {(1, n) for n in range(actions + 1)} <= saved
    assert store.load("game").game.deals == game.deals       # the last save: on screen
    app.table.next_button.click()
    assert (2, 0) in {(len(g.deals), len(g.deal.actions)) for g, _ in store.saved}
    assert store.load("game").game.deals == game.deals


def test_the_coach_ticked_mid_game_reviews_at_once_and_is_kept(tmp_path: Path) -> None:
    """"Coach on" ticked in the middle of a game saved without the coach: the learner's
    next decision is reviewed (a comment at the table), the save says coach on, and a
    reload shows the box ticked and the coach on; unticked, the next decision gets no
    comment."""
    store = GameStore(tmp_path)
    _saved_game(store, 4)
    app = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert app.table is not None and app.coaching.value is False
    _learner_acts(app.table)
    assert app.table.comment == "" and not app.table.session.coaching
    app.coaching.value = True
    assert app.table.session.coaching and store.load("game").meta["coaching"] is True
    _learner_acts(app.table)
    assert app.table.comment != ""
    again = GameApp(GameStore(tmp_path), pace=0, progress=CourseProgress(tmp_path))
    assert again.table is not None and again.coaching.value is True
    assert again.table.session.coaching
    again.coaching.value = False
    _learner_acts(again.table)
    assert again.table.comment == "" and store.load("game").meta["coaching"] is False


def test_two_pages_of_one_game_never_save_over_each_other(tmp_path: Path) -> None:
    """The page opened last holds the game; the other one's next action saves nothing,
    closes its table and says where the game goes on (reloading takes it back)."""
    store = GameStore(tmp_path)
    _saved_game(store, 4)
    first = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    second = GameApp(GameStore(tmp_path), pace=0, progress=CourseProgress(tmp_path))
    assert first.table is not None and second.table is not None
    _learner_acts(second.table)
    held = store.load("game").game
    assert held is not None and held.deals == second.table.session.table.deals
    _learner_acts(first.table)                       # the older tab acts: refused
    assert first.table is None and "goes on in another page" in first.message.value
    assert store.load("game").game.deals == held.deals            # nothing written over
    first.set_language("fr")
    assert "continue dans une autre page" in html.unescape(first.message.value)
    _learner_acts(second.table)                      # the newer one plays on
    assert store.load("game").game.deals == second.table.session.table.deals
    again = GameApp(GameStore(tmp_path), pace=0, progress=CourseProgress(tmp_path))
    assert again.table is not None                   # a reload takes it back
    assert again.table.session.table.deals == second.table.session.table.deals


def _snapshot(app: GameApp) -> tuple[object, ...]:
    """What the learner sees of the position: the game's deals, the hand, the pli on the
    table, the bidding, the status and the bidding box."""
    table = app.table
    assert table is not None
    obs = table.session.observation
    return (table.session.table.deals, obs.hand, obs.trick, obs.tricks, obs.bids,
            table_shows(table), html.unescape(table.status.value), sorted(table.bids),
            table.board.hand_html)


PHASES = {
    "bidding": lambda t: t.session.deal.phase.is_bidding and t.learner_may_act,
    "bidding, round 2": lambda t: (t.session.deal.phase is Phase.BIDDING_2
                                   and t.learner_may_act),
    "mid-trick": lambda t: (t.learner_may_act and t.session.deal.phase is Phase.PLAY
                            and bool(t.session.deal.trick.plays)),
    "trick end": lambda t: t.session.trick_complete and t.learner_may_act,
    "deal over": lambda t: t.session.deal.phase.is_over,
}


@pytest.mark.parametrize("phase", sorted(PHASES))
def test_a_reload_in_each_phase_gives_the_same_position(tmp_path: Path, phase: str) -> None:
    """A new app on the same store (a page reload) shows the position the last one
    showed: the same deal, hand, pli, bidding, status and bidding box; and the message
    says so."""
    store = GameStore(tmp_path)
    progress = CourseProgress(tmp_path)
    reached = PHASES[phase]
    for seed in range(30):
        _saved_game(store, seed)
        app = GameApp(store, pace=0, progress=progress)
        assert app.table is not None
        for _ in range(3 * 40):
            if reached(app.table) or app.table.session.deal.phase.is_over:
                break
            _learner_acts(app.table)
        if reached(app.table):
            break
    else:
        raise AssertionError(f"no game reached the phase {phase!r}")
    before = _snapshot(app)
    again = GameApp(store, pace=0, progress=progress)
    assert _snapshot(again) == before
    assert html.escape(explain.text("game_resumed", "en")) in again.message.value


def _reloaded_at_a_trick_end(tmp_path: Path, *, learner_leads: bool
                             ) -> tuple[Game, GameApp]:
    """A game of deal 1 saved just after a trick's fourth card, the learner (South) to
    lead next or not (``learner_leads``), and the app that a reload opens on it, at a
    pace of 0.5 s and before the page has shown the board."""
    store = RecordingStore(tmp_path)
    _saved_game(store, 2)
    app = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert app.table is not None
    while not app.table.session.deal.phase.is_over:
        _learner_acts(app.table)
    ends = [(g, m) for g, m in store.saved
            if g.deal.phase is Phase.PLAY and g.deal.tricks and not g.deal.trick.plays
            and (g.deal.turn is Seat.SOUTH) is learner_leads]
    assert ends, f"no trick ended with the learner to lead: {learner_leads}"
    game, meta = ends[len(ends) // 2]
    GameStore(tmp_path).save("game", game, meta=meta)
    again = GameApp(GameStore(tmp_path), pace=0.5, progress=CourseProgress(tmp_path))
    assert again.table is not None and again.table.session.table.deals == game.deals
    return game, again


def test_a_reload_at_a_trick_end_shows_the_complete_trick(tmp_path: Path) -> None:
    """Saved just after a trick's fourth card with a computer to lead next, the game comes
    back with that trick on the table, all four cards, and its winner said, until the
    page shows the board and the computers go on."""
    game, again = _reloaded_at_a_trick_end(tmp_path, learner_leads=False)
    assert again.table is not None
    trick = game.deal.tricks[-1]
    number = len(game.deal.tricks)
    assert table_shows(again.table) == (f"Pli {number} of 8", tuple(
        f"{p.seat}:{p.card}" for p in trick.plays))
    winner = explain.seat_name(trick.winner, "en")
    assert f"{winner} wins pli {number}." in html.unescape(again.table.status.value)
    assert again.table.board.position == ""                  # nobody may click now


def test_a_reload_while_a_trick_is_held_before_the_learners_lead_shows_it_again(
        tmp_path: Path) -> None:
    """Saved on the learner's lead just after a trick, while that trick is still held on
    the table (not yet gathered), the game comes back with the trick on the table and its
    winner said, nobody to click yet: the page showed it so before the reload."""
    game, again = _reloaded_at_a_trick_end(tmp_path, learner_leads=True)
    table = again.table
    assert table is not None and not table.gathered
    trick = game.deal.tricks[-1]
    assert table_shows(table) == (f"Pli {len(game.deal.tricks)} of 8", tuple(
        f"{p.seat}:{p.card}" for p in trick.plays))
    assert "You win pli" in html.unescape(table.status.value)
    assert table.board.position == ""


def test_a_reload_on_the_learners_lead_after_a_trick_gathered_shows_that_lead(
        tmp_path: Path) -> None:
    """Once the trick held before the learner's lead is gathered, the game is saved so:
    a reload then shows the page as it was (the table empty, the learner's turn, the
    hand clickable at once), not that trick again; the board shown changes nothing."""
    import asyncio

    game, held = _reloaded_at_a_trick_end(tmp_path, learner_leads=True)

    async def gather() -> None:             # the page shows the board, the pace passes
        assert held.table is not None
        held.table.pace = 0.05
        held.table.board.shown = True
        await asyncio.sleep(0.3)

    asyncio.run(gather())
    assert held.table is not None and held.table.gathered
    assert GameStore(tmp_path).load("game").meta["gathered"] is True
    again = GameApp(GameStore(tmp_path), pace=0.5, progress=CourseProgress(tmp_path))
    table = again.table
    assert table is not None and table.session.table.deals == game.deals
    number = len(game.deal.tricks) + 1
    for _ in range(2):
        assert table_shows(table) == (f"Pli {number} of 8 · You lead", ())
        assert "Your turn: click a card" in html.unescape(table.status.value)
        assert table.learner_may_act and table.board.position == table.session.position
        table.board.shown = True                              # the page draws the board



def test_next_deal_after_a_reload_deals_new_cards(tmp_path: Path) -> None:
    """Reloaded in the middle of deal 2, the table is in deal 2 (not back at the end of
    deal 1); reloaded at the end of deal 2, "Next deal" deals deal 3 as the game would
    have, never the cards of deal 2 again."""
    store = GameStore(tmp_path)
    progress = CourseProgress(tmp_path)
    _saved_game(store, 7)
    app = GameApp(store, pace=0, progress=progress)
    assert app.table is not None
    _play_one_deal(app.table)
    app.table.next_button.click()
    second = app.table.session.deal.dealt_hands
    _learner_acts(app.table)
    again = GameApp(store, pace=0, progress=progress)          # mid-deal 2
    assert again.table is not None
    game = again.table.session.table
    assert game.number == 2 and game.deal.dealt_hands == second
    _play_one_deal(again.table)
    expected = game.copy()
    expected.new_deal()
    third = GameApp(store, pace=0, progress=progress)          # deal 2 over
    assert third.table is not None and third.table.next_button.layout.display == ""
    third.table.next_button.click()
    dealt = third.table.session.deal.dealt_hands
    assert dealt == expected.deal.dealt_hands and dealt != second
    assert third.table.session.table.number == 3


# ---------------------------------------------------------------------------- replays
def test_a_replay_is_practice_and_counts_nowhere(tmp_path: Path) -> None:
    """"Replay this deal" once the deal is over: the same cards again, said to be
    practice; the score sheet keeps the deal as first played, the replay is saved with the
    game (a reload brings it back), and "Next deal" deals what the game would have dealt
    without the replay."""
    store = GameStore(tmp_path)
    progress = CourseProgress(tmp_path)
    _saved_game(store, 9)
    app = GameApp(store, pace=0, progress=progress)
    table = app.table
    assert table is not None
    assert table.replay_button.layout.display == "none"       # not mid-deal in a game
    with pytest.raises(ReplayError, match="replayed for practice once it is over"):
        table.session.restart()
    _play_one_deal(table)
    game = table.session.table
    first = game.deal
    sheet, totals = game.sheet, dict(game.totals)
    expected = game.copy()
    expected.new_deal()
    assert table.replay_button.layout.display == ""
    assert explain.text("replay_practice_tip", "en") == table.replay_button.tooltip
    table.replay_button.click()
    assert table.session.replaying and table.session.deal.dealt_hands == first.dealt_hands
    note = html.unescape(table.status.value)
    assert explain.text("replay_practice", "en", n=1) in note
    assert "does not count" in note and table.next_button.layout.display == ""
    _learner_acts(table)
    resumed = GameApp(store, pace=0, progress=progress)        # the replay comes back
    assert resumed.table is not None and resumed.table.session.replaying
    assert resumed.table.session.deal == table.session.deal
    assert html.escape(explain.text("game_resumed", "en")) in resumed.message.value
    table = resumed.table
    _play_one_deal(table)
    assert explain.text("replay_over", "en") in html.unescape(table.status.value)
    game = table.session.table
    assert game.sheet == sheet and dict(game.totals) == totals and game.deal == first
    table.next_button.click()
    assert not table.session.replaying
    assert game.deal.dealt_hands == expected.deal.dealt_hands != first.dealt_hands
    assert len(game.sheet) == 1


def test_a_replay_of_the_last_deal_is_not_a_second_game(tmp_path: Path) -> None:
    """The game's last deal replayed: games finished and won stay counted once, before
    and after a reload."""
    rng = random.Random(5)
    game = Game(RuleSet.preset("classic").replace(target=501), rng=5, auto_advance=False)
    while True:                                         # the game one deal before its end
        before = game.copy()
        finish_deal(game, rng)
        if game.is_over:
            break
        game.new_deal()
    store = GameStore(tmp_path)
    store.save("game", before, meta={"level": "random", "coaching": False, "seed": 5,
                                     "saves": SAVES})
    progress = CourseProgress(tmp_path)
    app = GameApp(store, pace=0, progress=progress)
    assert app.table is not None
    for _ in range(20):
        _play_one_deal(app.table)
        if app.table.session.table.is_over:
            break
        app.table.next_button.click()
    played = app.table.session.table
    assert played.is_over and progress.read().record.games_finished == 1
    sheet = played.sheet
    for _ in range(2):
        app.table.replay_button.click()
        _play_one_deal(app.table)
    assert played.sheet == sheet and progress.read().record.games_finished == 1
    again = GameApp(store, pace=0, progress=progress)
    assert again.table is not None and again.table.session.replaying
    assert progress.read().record.games_finished == 1


# ---------------------------------------------------------------------------- what came back
def test_the_resumed_message_says_what_came_back(tmp_path: Path) -> None:
    """A game saved in the older format (after each deal only) is not said to be back
    where it was left; a replay that cannot be read is said to be left out."""
    store = GameStore(tmp_path)
    game = Game(RuleSet.preset("classic"), rng=3, auto_advance=False)
    store.save("game", game, meta={"level": "club", "coaching": False, "seed": 3})
    app = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert html.escape(explain.text("game_resumed_last_save", "en")) in app.message.value
    assert explain.text("game_resumed", "en") not in html.unescape(app.message.value)
    assert app.table is not None
    _play_one_deal(app.table)
    finished = app.table.session.table.copy()
    store.save("game", finished, meta={"level": "club", "coaching": False, "seed": 3,
                                       "saves": SAVES, "replay": ["not a transcript"]})
    again = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert again.table is not None and not again.table.session.replaying
    assert html.escape(explain.text("game_resumed_without_replay", "en", n=1)) in \
        again.message.value
    assert again.table.session.table.deals == finished.deals


@pytest.mark.parametrize(("error", "reason"), [
    (OSError(28, "No space left on device"), "No space left on device"),
    (TimeoutError("learner record: database is locked"),
     "another open page of the course kept it busy too long")])
def test_a_save_that_fails_is_told(tmp_path: Path, error: OSError, reason: str) -> None:
    """A store that cannot write (a full disk, or another page keeping it busy): the
    game goes on and the message says it is not saved, and why; the next save that
    works takes the warning away."""

    class FullDisk(GameStore):
        full = True

        def save(self, name: str, game: Game, *,
                 meta: Mapping[str, object] = MappingProxyType({}),
                 holder: str | None = None, take: bool = False) -> None:
            if self.full:
                raise error
            super().save(name, game, meta=meta, holder=holder, take=take)

    store = FullDisk(tmp_path)
    app = GameApp(store, pace=0, progress=CourseProgress(tmp_path))
    assert app.table is not None
    assert explain.text("game_not_saved", "en", reason=reason) in \
        html.unescape(app.message.value)
    store.full = False
    _learner_acts(app.table)
    assert app.message.value == "" and store.load("game").game is not None


def test_the_resumed_message_goes_with_the_next_deal(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    _saved_game(store, 4)
    GameApp(store, pace=0, progress=CourseProgress(tmp_path))          # saved as it plays
    again = GameApp(GameStore(tmp_path), pace=0, progress=CourseProgress(tmp_path))
    assert again.table is not None
    assert explain.text("game_resumed", "en") in html.unescape(again.message.value)
    for _ in range(60):
        if again.table.session.deal.phase.is_over:
            break
        _learner_acts(again.table)
    assert explain.text("game_resumed", "en") in html.unescape(again.message.value)
    again.table.next_button.click()
    assert again.message.value == ""
