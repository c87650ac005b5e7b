"""Saved games (progress.py): a game against the computer saved after every action
resumes exactly (same score sheet, same position, the next actions and deals as on the
original); a saved game that cannot be resumed is set aside in the store and reported,
never lost, never raised; a save is one transaction with its action logged.

Every random choice comes from ``random.Random(seed)``; no test reads the clock."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import platformdirs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game import act as game_act

from belote_teach import explain
from belote_teach.course.errors import InvalidGameNameError, InvalidMetaError
from belote_teach.course.saved_games import (
    APP_NAME,
    DATA_ENV,
    FORMAT_VERSION,
    GameStore,
    LoadResult,
    UnknownLanguageError,
)
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import BeloteError, IllegalPlayError, PhaseError
from belote_teach.engine.game import Game
from belote_teach.engine.rules import CLASSIC, FFB2016
from belote_teach.engine.scoring import Outcome
from belote_teach.engine.transcript import parse_transcript
from belote_teach.players import make_player, play_deal

TO_501 = CLASSIC.replace(target=501)


# ------------------------------------------------------------------------- helpers
@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str) -> GameStore:
    """A store in ``tmp_path``, found through the environment variable as the app does,
    in each backend."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return GameStore()


def act(game: Game, rng: random.Random, *, pass_rate: float = 0.5,
        prepared_rate: float = 0.0) -> None:
    """One random legal action (:func:`test_game.act`: a bid, a card with its
    announcements and belote), or (with ``auto_advance`` off) the next deal, a prepared
    one now and then."""
    deal = game.deal
    if deal.phase.is_over:
        if rng.random() < prepared_rate:
            game.new_deal(Deal.new(deal.next_dealer, rng.getrandbits(16), game.rules,
                                   reserve=deal.reserve_after))
        else:
            game.new_deal()
        return
    game_act(game, rng, pass_rate=pass_rate)


def assert_same_game(loaded: Game, original: Game) -> None:
    """Same rules, score sheet (Nous / Eux per deal), deals, seeds and current position."""
    assert loaded.rules == original.rules and loaded.auto_advance == original.auto_advance
    assert loaded.sheet == original.sheet
    assert [(e.nous, e.eux, e.nous_total, e.eux_total) for e in loaded.sheet.entries] == \
        [(e.nous, e.eux, e.nous_total, e.eux_total) for e in original.sheet.entries]
    assert loaded.sheet.nous is original.sheet.nous
    assert loaded.deals == original.deals and loaded.seeds == original.seeds
    assert (loaded.number, loaded.reserve, loaded.winner) == \
        (original.number, original.reserve, original.winner)
    here, there = loaded.deal, original.deal
    assert here.phase is there.phase and here.turn == there.turn
    assert {s: here.hand(s) for s in Seat} == {s: there.hand(s) for s in Seat}
    assert here.played_cards == there.played_cards and here.actions == there.actions
    if here.phase is Phase.PLAY:
        assert here.legal_plays.cards == there.legal_plays.cards


def assert_plays_on_alike(loaded: Game, original: Game, seed: int, actions: int) -> None:
    """The next ``actions`` random actions (and the deals they lead to) go exactly as on
    the original: both games take the same actions and stay equal."""
    one, other = random.Random(seed), random.Random(seed)
    for _ in range(actions):
        if original.is_over:
            break
        act(original, one)
        act(loaded, other)
        assert loaded.deals == original.deals and loaded.sheet == original.sheet
    assert loaded.seeds == original.seeds


def round_trip(store: GameStore, game: Game, **meta: object) -> LoadResult:
    """Save, load and compare; saving the resumed game again writes the same document."""
    store.save("game", game, meta=meta)
    written = store.document("game")
    result = store.load("game")
    assert result.problem is None and result.set_aside is None and result.game is not None
    assert result.game is not game
    assert_same_game(result.game, game)
    store.save("again", result.game, meta=result.meta)
    assert store.document("again") == written
    return result


# ------------------------------------------------------------------------- the directory
def test_the_default_directory_is_the_user_data_directory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    assert GameStore().directory == Path(platformdirs.user_data_dir(APP_NAME))
    monkeypatch.setenv(DATA_ENV, "")                                   # empty: not set
    assert GameStore().directory == Path(platformdirs.user_data_dir(APP_NAME))


def test_the_environment_variable_and_the_argument_override_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "teacher"))
    store = GameStore()
    assert store.directory == tmp_path / "teacher"
    assert store.store.where == str(tmp_path / "teacher" / "learner.sqlite3")
    assert GameStore(tmp_path / "mine").directory == tmp_path / "mine"
    assert not (tmp_path / "teacher").exists()          # nothing created before a save
    assert store.names() == () and store.load("partie") == LoadResult(None)


# ------------------------------------------------------------------------- round trips
@pytest.mark.parametrize("seed", [0, 1])
def test_a_club_game_to_501_round_trips_after_every_deal(store: GameStore, seed: int) -> None:
    """Computer players (level club) play a game to 501 (R6.8); the game is saved after
    every deal and each save resumes to the same score sheet and next deal."""
    rng = random.Random(seed)
    players = {seat: make_player("club") for seat in Seat}
    game = Game(TO_501, rng=seed)
    while not game.is_over:
        play_deal(game.deal, players, rng)
        loaded = round_trip(store, game, level="club", coach=True).game
        assert loaded is not None
        if not game.is_over:                  # the next deal is dealt alike (same seed)
            assert loaded.deal == game.deal and loaded.seeds[-1] == game.seeds[-1]
    assert game.winner is not None and max(game.totals.values()) >= 501
    result = store.load("game")
    assert result.meta == {"level": "club", "coach": True}
    assert result.game is not None and result.game.winner is game.winner
    with pytest.raises(PhaseError):
        result.game.bid("pass")


def test_round_trip_in_the_middle_of_a_deal(store: GameStore) -> None:
    """Bidding round 1 or 2, a trick half played, the first card with its announcements:
    the resumed deal has the same hands, cards played and turn, and plays on alike."""
    game = Game(rng=8, first_dealer=Seat.WEST)
    rng = random.Random(8)
    seen: set[tuple[Phase, int]] = set()
    while game.number < 4:
        deal = game.deal
        seen.add((deal.phase, len(deal.trick) if deal.trick is not None else -1))
        round_trip(store, game)
        act(game, rng)
    assert {(Phase.BIDDING_1, -1), (Phase.BIDDING_2, -1), (Phase.PLAY, 0), (Phase.PLAY, 1),
            (Phase.PLAY, 2), (Phase.PLAY, 3)} <= seen
    # stop in trick 3 of deal 4, then both games play on alike to the end
    while game.deal.phase is not Phase.PLAY or len(game.deal.tricks) < 2 \
            or len(game.deal.trick or ()) != 1:
        act(game, rng)
    loaded = round_trip(store, game).game
    assert loaded is not None
    assert_plays_on_alike(loaded, game, seed=80, actions=2000)
    assert game.is_over and loaded.is_over


def test_a_refused_card_is_refused_alike_after_a_resume(store: GameStore) -> None:
    game = Game(rng=2)
    rng = random.Random(2)
    while game.deal.phase is not Phase.PLAY or len(game.deal.trick or ()) != 2:
        act(game, rng)
    loaded = round_trip(store, game).game
    assert loaded is not None
    deal = game.deal
    seat = deal.turn
    assert seat is not None
    illegal = [c for c in deal.hand(seat) if c not in deal.legal_plays]
    if illegal:
        for table in (game, loaded):
            with pytest.raises(IllegalPlayError):
                table.play(illegal[0])
    for table in (game, loaded):
        with pytest.raises(BeloteError):
            table.play(deal.played_cards[0])                 # already played
    assert loaded.deals == game.deals


def test_a_litige_reserve_waits_through_a_passed_out_deal_and_resumes(
        store: GameStore) -> None:
    """Seed 31 (random legal players, game to 501): deal 2 is a litige, deal 3 is passed
    out, the reserve waits (R6.6, R2.6) and deal 4 hands it to its winner."""
    rng = random.Random(31)
    game = Game(TO_501, rng=31)
    while len(game.sheet) < 3:
        act(game, rng)
        round_trip(store, game)
    outcomes = [row.outcome for row in game.sheet]
    assert outcomes[1:] == [Outcome.LITIGE, None], "seed 31 no longer gives the litige"
    assert game.sheet[2].passed_out and game.reserve == game.sheet[1].reserve > 0
    loaded = round_trip(store, game).game
    assert loaded is not None and loaded.deal.reserve == game.reserve
    assert_plays_on_alike(loaded, game, seed=310, actions=2000)
    assert game.is_over and loaded.sheet == game.sheet


def test_a_game_between_deals_without_auto_advance_deals_the_same_next_deal(
        store: GameStore) -> None:
    game = Game(FFB2016, rng=4, nous=Seat.EAST, auto_advance=False)
    rng = random.Random(4)
    while len(game.sheet) < 2:
        act(game, rng)
    assert game.deal.phase.is_over and game.number == 2
    loaded = round_trip(store, game).game
    assert loaded is not None and loaded.sheet.nous is Team.EW
    assert loaded.new_deal() == game.new_deal()         # the random generator resumed
    assert loaded.seeds == game.seeds


def test_a_prepared_deal_round_trips(store: GameStore) -> None:
    """A deal given to Game.new_deal (a lesson's) keeps no game seed (Game.seeds)."""
    game = Game(rng=6)
    game.new_deal(Deal.new(Seat.SOUTH, 1234))
    game.bid("take")
    loaded = round_trip(store, game).game
    assert loaded is not None and loaded.seeds == (None,)
    assert_plays_on_alike(loaded, game, seed=60, actions=300)


def test_meta_round_trips_as_plain_json(store: GameStore) -> None:
    meta = {"level": "expert", "coach": False, "lang": "fr", "speed": 0.5,
            "seats": ("N", "E"), "nested": {"a": [1, None]}}
    store.save("game", Game(rng=1), meta=meta)
    loaded = store.load("game")
    assert loaded.meta == {**meta, "seats": ["N", "E"]}
    with pytest.raises(TypeError):
        loaded.meta["level"] = "club"  # type: ignore[index]


# ------------------------------------------------------------------------- the file
def test_the_file_holds_the_rules_target_nous_and_transcripts(store: GameStore) -> None:
    game = Game(CLASSIC.replace(target=2000, rounding=True), rng=5, nous=Seat.WEST)
    game.bid("take")
    store.save("game", game, meta={"level": "random"})
    text = store.document("game")
    assert text is not None and store.store.document("game/game") == text
    data = json.loads(text)
    assert data["version"] == FORMAT_VERSION
    assert data["rules"]["target"] == data["target"] == 2000 and data["rules"]["rounding"]
    assert data["nous"] == "EW" and data["auto_advance"] is True
    assert data["meta"] == {"level": "random"}
    [record] = data["deals"]
    assert record["seed"] == game.seeds[0]
    assert "\n".join(record["transcript"]) + "\n" == game.transcript(1)


def test_names_and_delete(store: GameStore) -> None:
    assert store.names() == () and store.delete("b") is False
    for name in ("b", "a-1", "partie_été"):
        store.save(name, Game(rng=1))
    store.store.put_document("c", "{}")                     # not a game's document
    store.store.put_document("game/c", "{")
    assert store.load("c").set_aside is not None            # set aside: not a game any more
    assert store.names() == ("a-1", "b", "partie_été")
    assert store.delete("b") is True and store.delete("b") is False
    assert store.names() == ("a-1", "partie_été")
    assert list(store.store.aside_documents().values()) == ["{"]


# ------------------------------------------------------------------------- caller's errors
@pytest.mark.parametrize("name", ["", "a/b", "../x", "a\\b", "a.b", "a b", ".hidden",
                                  "x" * 65, "game.corrupt-1"])
def test_a_bad_name_is_refused_naming_it(store: GameStore, name: str) -> None:
    for call in (store.check_name, store.load, store.delete, store.document,
                 lambda n: store.save(n, Game(rng=1))):
        with pytest.raises(InvalidGameNameError, match=re.escape(repr(name))):
            call(name)
    assert store.directory is not None
    assert list(store.directory.iterdir()) == []                 # nothing written


def test_an_unknown_language_is_refused_and_the_file_left_alone(store: GameStore) -> None:
    store.store.put_document("game/game", "not json")
    with pytest.raises(UnknownLanguageError, match="'de'"):
        store.load("game", lang="de")
    assert store.document("game") == "not json"


@pytest.mark.parametrize("meta", [{1: "a"}, {"a": {2, 3}}, {"a": float("nan")},
                                  {"a": [object()]}, ["not", "a", "mapping"]])
def test_meta_that_is_not_plain_json_is_refused(store: GameStore, meta: object) -> None:
    with pytest.raises(InvalidMetaError):
        store.save("game", Game(rng=1), meta=meta)  # type: ignore[arg-type]
    assert store.names() == ()


def test_saving_something_else_than_a_game_is_refused(store: GameStore) -> None:
    with pytest.raises(TypeError, match="Game"):
        store.save("game", Deal.new(Seat.SOUTH, 1))  # type: ignore[arg-type]


# ------------------------------------------------------------------------- corrupt files
def _saved(store: GameStore) -> dict:
    """A game of three deals or more, the last in play, saved; its JSON."""
    game = Game(rng=31)
    rng = random.Random(31)
    while len(game.sheet) < 2 or game.deal.phase is not Phase.PLAY:
        act(game, rng)
    for _ in range(6):
        act(game, rng)
    store.save("game", game)
    text = store.document("game")
    assert text is not None
    return json.loads(text)


def _edit_line(data: dict, deal: int, prefix: str, change) -> dict:
    lines = data["deals"][deal]["transcript"]
    index = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    lines[index] = change(lines[index])
    return data


def _revoke(data: dict) -> dict:
    """The first card of a saved deal that could have been a revoke (R3.8) becomes one: a
    card of the hand that the rules of R3 forbid there."""
    for record in data["deals"]:
        deal = parse_transcript("\n".join(record["transcript"]))
        replay = Deal.new(deal.dealer, record["seed"])
        for action in deal.actions:
            if not action.is_bid and not action.announce and not action.belote:
                illegal = [c for c in replay.hand(action.seat) if c not in replay.legal_plays]
                if illegal:
                    lines = record["transcript"]
                    index = lines.index(next(line for line in lines if line.startswith(
                        f"trick {len(replay.tricks) + 1} ")))
                    lines[index] = lines[index].replace(f" {action.seat}:{action.card}",
                                                        f" {action.seat}:{illegal[0]}")
                    return data
            replay.push(action)
    raise AssertionError("no deal of the saved game gives a chance to revoke")


CORRUPTIONS = {
    "not json": lambda d: b"{this is not json",
    "empty": lambda d: b"",
    "a json list": lambda d: b"[1, 2, 3]",
    "another format": lambda d: {**d, "format": "a spreadsheet"},
    "a newer version": lambda d: {**d, "version": FORMAT_VERSION + 1},
    "no deals key": lambda d: {k: v for k, v in d.items() if k != "deals"},
    "no deal at all": lambda d: {**d, "deals": []},
    "an unknown rules option": lambda d: {**d, "rules": {**d["rules"], "jokers": True}},
    "target and rules disagree": lambda d: {**d, "target": 2000},
    "a bad team": lambda d: {**d, "nous": "NE"},
    "meta not an object": lambda d: {**d, "meta": [1]},
    "a bad random state": lambda d: {**d, "random_state": [3, [1, 2], None]},
    "a transcript line that does not parse": lambda d: _edit_line(
        d, 1, "bids", lambda line: line + " X:maybe"),
    "a transcript that is not lines": lambda d: {
        **d, "deals": [{**d["deals"][0], "transcript": "rules classic"}]},
    "a revoke": _revoke,
    "a dealer out of turn": lambda d: _edit_line(
        d, 1, "dealer", lambda line: "dealer " + Seat.parse(line.split()[1]).next.value),
    "a seed that disagrees": lambda d: {
        **d, "deals": [{**d["deals"][0], "seed": d["deals"][0]["seed"] + 1},
                       *d["deals"][1:]]},
    "deals out of order": lambda d: {
        **d, "deals": [d["deals"][1], d["deals"][0], *d["deals"][2:]]},
    "a deal after an unfinished one": lambda d: {**d, "deals": [*d["deals"], d["deals"][2]]},
}

#: The reason the learner is told for each corruption (storage.reason in the catalogs).
REASON = {"not json": "not_json", "empty": "not_json",
          "a json list": "not_ours", "another format": "not_ours",
          "a newer version": "other_version", "no deals key": "bad_value",
          "no deal at all": "bad_deal", "an unknown rules option": "bad_value",
          "target and rules disagree": "bad_value", "a bad team": "bad_value",
          "meta not an object": "bad_value", "a bad random state": "bad_value",
          "a transcript line that does not parse": "bad_deal",
          "a transcript that is not lines": "bad_value", "a revoke": "bad_deal",
          "a dealer out of turn": "bad_deal", "a seed that disagrees": "bad_deal",
          "deals out of order": "bad_deal", "a deal after an unfinished one": "bad_deal"}


@pytest.mark.parametrize("kind", list(CORRUPTIONS))
def test_a_corrupt_file_is_set_aside_and_reported(store: GameStore, kind: str) -> None:
    data = _saved(store)
    corrupt = CORRUPTIONS[kind](data)
    raw = corrupt if isinstance(corrupt, bytes) else json.dumps(corrupt).encode()
    text = raw.decode("utf-8", errors="replace")
    store.store.put_document("game/game", text)

    result = store.load("game")

    assert result.game is None and result.meta == {}
    aside = result.set_aside
    assert aside is not None
    assert re.fullmatch(r"game\.corrupt-\d{8}T\d{6}Z(-\d+)?", aside)
    assert store.store.aside_documents()["game/" + aside] == text     # moved, not lost
    assert store.document("game") is None
    assert result.problem is not None and aside in result.problem
    assert store.store.where in result.problem
    sentence = explain.catalog("en")["progress"]["set_aside"]
    assert result.problem.startswith(sentence.split("{name}")[0] + "game")
    assert result.cause is not None and result.cause.reason == REASON[kind]
    reason = explain.catalog("en")["storage"]["reason"][REASON[kind]]
    assert f"could not be resumed: {reason}. It was put aside" in result.problem
    assert result.cause.detail and result.cause.detail not in result.problem  # for the log
    assert store.names() == ()
    # the next save works and resumes
    game = Game(rng=9)
    store.save("game", game)
    assert store.load("game").game is not None
    assert "game/" + aside in store.store.aside_documents()


def test_the_problem_is_told_in_french(store: GameStore) -> None:
    store.store.put_document("game/game", "{")
    result = store.load("game", lang="fr")
    assert result.problem is not None and result.set_aside is not None
    assert result.problem.startswith("Ta partie enregistrée «\u00a0game\u00a0» n'a pas pu "
                                     "reprendre\u00a0: ce n'est pas du JSON valide")
    assert result.set_aside in result.problem


def test_corrupt_twice_keeps_both(store: GameStore) -> None:
    asides = []
    for text in ("first", "second", "third"):
        store.store.put_document("game/game", text)
        aside = store.load("game").set_aside
        assert aside is not None
        asides.append(aside)
    assert len(set(asides)) == 3
    kept = store.store.aside_documents()
    assert [kept["game/" + a] for a in asides] == ["first", "second", "third"]


def test_a_store_that_cannot_be_read_is_told_and_left_alone(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.store.put_document("game/game", "{")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(store.store, "document", refuse)
    result = store.load("game", lang="fr")
    assert result.game is None and result.set_aside is None
    assert result.problem is not None and "ne peut pas être ouvert" in result.problem
    assert result.cause is not None and "PermissionError" in result.cause.detail
    monkeypatch.undo()
    assert store.document("game") == "{"


# ------------------------------------------------------------------------- atomicity
def test_a_failed_save_leaves_the_previous_one_whole(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(rng=3)
    store.save("game", game)
    before = store.document("game")
    game.bid("take")

    def crashing(*args: object, **kwargs: object) -> int:
        raise OSError("simulated crash: disk full")

    monkeypatch.setattr(store.store, "append", crashing)     # after the document is put
    with pytest.raises(OSError, match="simulated crash"):
        store.save("game", game)
    with pytest.raises(OSError, match="simulated crash"):
        store.save("new", game)
    monkeypatch.undo()
    assert store.document("game") == before and store.names() == ("game",)
    loaded = store.load("game").game
    assert loaded is not None and loaded.deal.actions == ()
    store.save("game", game)                                       # and it works again
    loaded = store.load("game").game
    assert loaded is not None and loaded.deals == game.deals
    logged = store.store.actions(["game"], scope="game")
    assert [dict(a.data) for a in logged] == [
        {"deal": 1, "actions": 0, "last": None}, {"deal": 1, "actions": 1, "last": "E take"}]


# ------------------------------------------------------------------------- property
RULES = st.sampled_from([CLASSIC, TO_501, FFB2016, CLASSIC.replace(redeal="same_dealer"),
                         TO_501.replace(undertrump="free", rounding=True),
                         FFB2016.replace(target=501, overtrump_partner_on_trump_lead=False)])


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rules=RULES,
       dealer=st.sampled_from(list(Seat)), nous=st.sampled_from(list(Seat)),
       auto_advance=st.booleans(), actions=st.integers(min_value=0, max_value=400))
def test_random_seeded_games_round_trip(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                        rules, dealer: Seat, nous: Seat,
                                        auto_advance: bool, actions: int) -> None:
    store = GameStore(tmp_path_factory.mktemp("data"))
    rng = random.Random(seed)
    game = Game(rules, dealer, rng=seed, nous=nous, auto_advance=auto_advance)
    for _ in range(actions):
        if game.is_over:
            break
        act(game, rng, prepared_rate=0.2)
    result = round_trip(store, game, seed=seed)
    assert result.game is not None and result.meta == {"seed": seed}
    assert_plays_on_alike(result.game, game, seed=seed + 1, actions=150)
