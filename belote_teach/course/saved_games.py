"""Saved games: a whole game against the computer is saved after every action (every bid
and every card, the learner's and the computers'), so that a page reload or a kernel
restart resumes it exactly where it stood.

A :class:`GameStore` keeps each saved game as one document of the learner's store
(:class:`~belote_teach.course.store.LearnerStore`: the SQLite database of the learner's data
directory, ``platformdirs.user_data_dir("belote-teach")`` or the directory named by the
environment variable ``BELOTE_TEACH_DATA``), named ``game/<name>``, and logs the action
saved in the same transaction (kind ``game``): the previous save stays whole until the
new one is complete. A saved game that cannot be resumed (not JSON, another format
version, a transcript that does not parse, an action the rules refuse...) is never
deleted and never crashes the app: :meth:`GameStore.load` sets it aside in the store as
``<name>.corrupt-<UTC time>`` and says what was wrong, in the learner's language.

    >>> import tempfile
    >>> from belote_teach.engine.game import Game
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = GameStore(folder.name)
    >>> game = Game("classic", rng=3)
    >>> game.bid("take")
    >>> store.save("partie", game, meta={"level": "club", "coach": True})
    >>> store.names()
    ('partie',)
    >>> loaded = store.load("partie")
    >>> loaded.game.deals == game.deals, loaded.meta["level"], loaded.problem
    (True, 'club', None)
    >>> store.load("other")
    LoadResult(game=None, meta=mappingproxy({}), problem=None, set_aside=None, cause=None)
    >>> folder.cleanup()

The document (format version 1) is a JSON object::

    {"format": "belote-teach saved game", "version": 1,
     "rules": {"direction": "counter-clockwise", ..., "target": 1000},
     "target": 1000, "nous": "NS", "auto_advance": true,
     "deals": [{"seed": 1468, "transcript": ["rules classic", "dealer S", ...]}, ...],
     "meta": {...}, "random_state": [3, [...], null]}

* ``rules``: every :class:`~belote_teach.engine.rules.RuleSet` option by name (R7), plain JSON
  values; ``target`` repeats the rules' target (R6.8) for a reader of the file, and must
  agree with it.
* ``nous``: the team of the score sheet's column "Nous" (R8).
* ``deals``: every deal of the game, finished or current, as its transcript
  (:func:`~belote_teach.engine.transcript.to_transcript`) split into lines; a transcript writes an
  unfinished deal too (the bids and the cards played so far, a trick left incomplete), so
  the current deal is saved action by action. ``seed`` is the game's record of the deal
  (:attr:`Game.seeds <belote_teach.engine.game.Game.seeds>`): the int the game dealt it with, or
  ``null`` for a prepared deal given to :meth:`Game.new_deal
  <belote_teach.engine.game.Game.new_deal>`.
* ``random_state``: the state of the game's random generator
  (:meth:`random.Random.getstate`, lists for tuples), so the resumed game shuffles the next
  deals exactly as the original would have.
* ``meta``: what the app chose (the level of the computer players, coach on or off...),
  plain JSON values.
* ``holder`` (optional): the page that holds the game (:meth:`GameStore.save`); a save
  by another page is refused until it takes the game again.

Loading replays the game through the checked engine API: each transcript is parsed
(:func:`~belote_teach.engine.transcript.parse_transcript`), each deal is dealt by the game with
its saved seed, the dealer turning (R2.9, R2.6) and the reserve carried (R6.6) by the game
itself, and each action is pushed through :meth:`Game.push
<belote_teach.engine.game.Game.push>`: a file that contradicts the rules is refused as a whole.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from belote_teach import explain
from belote_teach.course.errors import GameTakenError, InvalidGameNameError, InvalidMetaError
from belote_teach.course.files import (
    APP_NAME,
    DATA_ENV,
    FileProblem,
    data_directory,
)
from belote_teach.course.progress import GAME_PREFIX, open_store
from belote_teach.course.store import LearnerStore
from belote_teach.engine.cards import Team
from belote_teach.engine.deal import Deal
from belote_teach.engine.errors import BeloteError
from belote_teach.engine.game import Game
from belote_teach.engine.rules import RuleSet
from belote_teach.engine.transcript import parse_transcript, to_transcript
from belote_teach.explain import UnknownLanguageError, check_language

__all__ = [
    "APP_NAME",
    "DATA_ENV",
    "FORMAT",
    "FORMAT_VERSION",
    "FileProblem",
    "GameStore",
    "LoadResult",
    "UnknownLanguageError",
    "check_holder",
    "plain_json",
]

#: The ``format`` value of a saved game file.
FORMAT = "belote-teach saved game"
#: The version of the file format written; :meth:`GameStore.load` reads this one only.
FORMAT_VERSION = 1

#: A game name: 1 to 64 letters, digits, ``_`` or ``-`` (no dot, no slash).
_NAME = re.compile(r"[\w-]{1,64}")
_EMPTY: Mapping[str, object] = MappingProxyType({})


class _CorruptFile(Exception):
    """Why a saved file cannot be resumed (internal: :meth:`GameStore.load` reports it):
    the technical message, and the ``reason`` in :data:`belote_teach.course.files.REASONS`
    that the learner reads."""

    def __init__(self, message: str, reason: str = "bad_value"):
        super().__init__(message)
        self.reason = reason


# ---------------------------------------------------------------------------- results
@dataclass(frozen=True)
class LoadResult:
    """What :meth:`GameStore.load` found.

    Attributes:
        game: the resumed game, ``None`` when there was no file or it was unusable.
        meta: the app's choices saved with the game (plain JSON values; lists for the
            tuples saved); empty when ``game`` is ``None``.
        problem: ``None`` when all went well or there was no file; else a sentence for the
            learner, in the language asked for, saying the saved game could not be resumed
            and where the file went, and why in plain words.
        set_aside: the name the unusable saved game was set aside under in the store
            (``game.corrupt-20261201T213000Z``), ``None`` if it was not moved.
        cause: why the file could not be used (its technical detail included), ``None``
            without a problem.
    """

    game: Game | None
    meta: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)
    problem: str | None = None
    set_aside: str | None = None
    cause: FileProblem | None = None


# ---------------------------------------------------------------------------- the store
class GameStore:
    """The saved games of one learner, in their store.

    Args:
        directory: the data directory. Default: the environment variable
            ``BELOTE_TEACH_DATA`` when set and not empty (``~`` expanded), else
            ``platformdirs.user_data_dir("belote-teach")`` (``~/.local/share/belote-teach``
            on Linux). Nothing is created before the first :meth:`save`.
        store: the store to keep the games in instead (another backend, or the one a
            :class:`~belote_teach.course.progress.CourseProgress` uses).

    Raises:
        OSError: the data directory cannot be written while the older layout's game
            files are migrated into the store.
    """

    __slots__ = ("directory", "store")

    def __init__(self, directory: Path | str | None = None, *,
                 store: LearnerStore | None = None):
        #: The data directory, ``None`` with a ``store`` given.
        self.directory: Path | None = None
        if store is None:
            self.directory = data_directory(directory)
            store = open_store(self.directory)[0]
        #: Where the games are kept.
        self.store: LearnerStore = store

    @staticmethod
    def check_name(name: object) -> str:
        """``name`` if it is a game's name: 1 to 64 letters, digits, ``_`` or ``-``.

        Raises:
            InvalidGameNameError: it is not.
        """
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise InvalidGameNameError(
                f"game name {name!r} refused: use 1 to 64 letters, digits, '_' or '-' "
                "(no slash, dot or space)")
        return name

    # -- writing -----------------------------------------------------------------
    def save(self, name: str, game: Game, *, meta: Mapping[str, object] | None = None,
             holder: str | None = None, take: bool = False) -> None:
        """Save ``game`` under ``name`` (replacing the game saved there) and log its last
        action, in one transaction. Loading it gives back the same position (same score
        sheet, R6; same hands, cards played and turn; same reserve, R6.6; same next
        deals).

        Args:
            name: the game's name (see :meth:`check_name`).
            game: the game, in any state (finished, between deals, in the middle of a
                deal). It is not changed.
            meta: the app's choices to keep with the game (e.g. ``{"level": "club",
                "coach": True}``): string keys, plain JSON values (None, bool, int,
                finite float, str, lists or tuples, mappings); tuples come back as lists.
            holder: the page saving (an id of the page's own): one page at a time holds
                a game, so that two tabs on one game never save over each other's moves.
                ``None``: no page (a script, a test).
            take: the page takes the game (it has just loaded or started it): it holds
                it from now on, whichever page did before; without ``take``, a save by a
                page that no longer holds the game is refused.

        Raises:
            GameTakenError: ``holder`` no longer holds the game (another page took it);
                nothing is saved.
            InvalidGameNameError: a bad ``name``.
            InvalidMetaError: ``meta`` holds a value JSON cannot keep as it is; the
                message names its key path.
            TypeError: ``game`` is not a :class:`~belote_teach.engine.game.Game`.
            OSError: the store cannot be written (disk full, no permission); the previous
                save is left as it was.
        """
        self.check_name(name)
        if not isinstance(game, Game):
            raise TypeError(f"save takes a Game, got {game!r}")
        plain_meta = plain_json(meta or {}, "meta")
        if not isinstance(plain_meta, dict):
            raise InvalidMetaError(f"meta is a mapping of names to values, got {meta!r}")
        document = _document(game, plain_meta)
        if holder is not None:
            document["holder"] = holder
        text = json.dumps(document, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
        deal = game.deal
        last = deal.actions[-1] if deal.actions else None
        with self.store.transaction():
            check_holder(self.store, GAME_PREFIX + name, name, holder, take)
            self.store.put_document(GAME_PREFIX + name, text)
            self.store.append("game", name, "", {
                "deal": len(game.sheet) + (0 if deal.phase.is_over else 1),
                "actions": len(deal.actions),
                "last": str(last) if last is not None else None})

    def delete(self, name: str) -> bool:
        """Delete the saved game ``name`` (games set aside are kept).

        Returns:
            True if a game was deleted, False if there was none.

        Raises:
            InvalidGameNameError: a bad ``name``.
            OSError: the store cannot be written.
        """
        return self.store.delete_document(GAME_PREFIX + self.check_name(name))

    # -- reading -----------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        """The names of the saved games, sorted; games set aside are not listed. Empty
        when nothing was saved yet."""
        return tuple(name.removeprefix(GAME_PREFIX) for name in self.store.document_names()
                     if name.startswith(GAME_PREFIX))

    def document(self, name: str) -> str | None:
        """The saved game ``name`` as its JSON document, ``None`` when there is none.

        Raises:
            InvalidGameNameError: a bad ``name``.
        """
        return self.store.document(GAME_PREFIX + self.check_name(name))

    def load(self, name: str, *, lang: str = "en") -> LoadResult:
        """Resume the saved game ``name``.

        The game is replayed through the checked engine API (every deal dealt by the game
        from its seed, every bid and card checked, R2–R6), so a resumed game is exactly the
        saved one: same score sheet, same current position, the next actions accepted (and
        the next deals shuffled) exactly as on the original.

        Args:
            name: the game's name (see :meth:`check_name`).
            lang: the language of :attr:`LoadResult.problem`, ``"en"`` or ``"fr"``.

        Returns:
            A :class:`LoadResult`: the game and its meta; or no game and no problem when
            nothing was saved under ``name``; or, for a saved game that cannot be resumed,
            no game, the problem in plain words (the technical detail goes to the
            ``belote_teach`` log and :attr:`LoadResult.cause`), and the name it was set
            aside under in the store (never deleted). Never raises for the content.

        Raises:
            InvalidGameNameError: a bad ``name``.
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
        """
        self.check_name(name)
        check_language(lang)
        try:
            text = self.store.document(GAME_PREFIX + name)
        except OSError as err:
            cause = FileProblem.of_error(err)
            return _unusable(lang, "left_in_place", name, self.store.where, cause)
        if text is None:
            return LoadResult(None)
        try:
            game, meta = _read(text.encode("utf-8"))
        except _CorruptFile as err:
            cause = FileProblem(err.reason, str(err))
        except BeloteError as err:                      # the engine's errors quote the input
            cause = FileProblem("bad_deal", str(err))
        except Exception as err:            # any bad content is reported, never raised
            cause = FileProblem("bad_value", f"{type(err).__name__}: {err}")
        else:
            return LoadResult(game, MappingProxyType(meta))
        aside = self.store.set_document_aside(GAME_PREFIX + name)
        return _unusable(lang, "set_aside", name, f"{self.store.where} ({aside})", cause,
                         aside.removeprefix(GAME_PREFIX))

    def __repr__(self) -> str:
        return f"GameStore({self.store!r})"


# ---------------------------------------------------------------------------- writing
def check_holder(store: LearnerStore, key: str, name: str, holder: str | None, take: bool,
                 *, kind: str = "game") -> None:
    """Refuse a save by page ``holder`` of the document ``key`` (a saved ``kind`` named
    ``name``) when another page holds it: one page at a time holds a saved game or
    practice hand, the one that took it last (``take``). Call it in the save's
    transaction. ``holder`` ``None`` (no page) is never refused.

    Raises:
        GameTakenError: another page holds the document.
    """
    if holder is None or take:
        return
    held = _holder(store.document(key))
    if held is not None and held != holder:
        raise GameTakenError(name, held, kind=kind)


def _holder(text: str | None) -> str | None:
    """The page that holds the saved game ``text`` (its ``holder``), ``None`` when none
    or when the document cannot be read (load tells why)."""
    if text is None:
        return None
    try:
        holder = json.loads(text).get("holder")
    except (ValueError, AttributeError):
        return None
    return holder if isinstance(holder, str) else None


def plain_json(value: object, where: str) -> object:
    """``value`` as plain JSON (tuples as lists).

    Raises:
        InvalidMetaError: a value JSON cannot keep as it is; the message names its path
            from ``where``."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        raise InvalidMetaError(f"{where} = {value!r}: JSON keeps finite numbers only")
    if isinstance(value, (list, tuple)):
        return [plain_json(item, f"{where}[{index}]") for index, item in enumerate(value)]
    if isinstance(value, Mapping):
        plain: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidMetaError(f"{where} has the key {key!r}: JSON keys are strings")
            plain[key] = plain_json(item, f"{where}[{key!r}]")
        return plain
    raise InvalidMetaError(f"{where} = {value!r}: not a plain JSON value (None, bool, int, "
                           "float, str, list, mapping)")


def _random_state(game: Game) -> object:
    """The state of the game's random generator (:attr:`Game.random_state`), as JSON
    lists."""
    version, internal, gauss = game.random_state
    assert isinstance(internal, tuple)
    return [version, list(internal), gauss]


def _document(game: Game, meta: dict[str, object]) -> dict[str, object]:
    """The JSON object of a saved game (format :data:`FORMAT_VERSION`)."""
    deals = game.deals                 # first: puts a finished deal on the sheet (Game._sync)
    seeds = game.seeds
    rules = game.rules
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "rules": {option: getattr(rules, option) for option in RuleSet.option_names()},
        "target": rules.target,
        "nous": game.sheet.nous.value,
        "auto_advance": game.auto_advance,
        "deals": [{"seed": seed, "transcript": to_transcript(deal).splitlines()}
                  for deal, seed in zip(deals, seeds, strict=True)],
        "meta": meta,
        "random_state": _random_state(game),
    }


# ---------------------------------------------------------------------------- reading
def _unusable(lang: str, key: str, name: str, path: str, cause: FileProblem,
              aside: str | None = None) -> LoadResult:
    """The result of a saved game that cannot be resumed: the learner's sentence
    ``progress.<key>`` in ``lang``, the detail written to the log."""
    cause.log(Path(path))
    if cause.reason == "busy":
        key = "busy"
    sentence = explain.catalog(lang)["progress"][key]
    problem = str(sentence).format(name=name, path=path, reason=cause.told(lang))
    return LoadResult(None, problem=problem, set_aside=aside, cause=cause)


#: How a file's detail names the JSON kinds expected.
_KIND_NAMES: dict[type, str] = {dict: "an object", list: "a list", str: "text",
                                int: "a whole number", bool: "true or false",
                                type(None): "null"}


def _field(obj: Mapping[str, object], key: str, kind: type | tuple[type, ...],
           what: str) -> object:
    """``obj[key]`` if present and of ``kind`` (a bool is not an int), else _CorruptFile."""
    if key not in obj:
        raise _CorruptFile(f"{what} has no {key!r}")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        expected = " or ".join(_KIND_NAMES[k] for k in kinds)
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
        raise _CorruptFile(f"{what}: {key!r} is {shown}, expected {expected}")
    return value


def _read(raw: bytes) -> tuple[Game, dict[str, object]]:
    """The game and meta of a file's bytes, else _CorruptFile (or any engine error)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _CorruptFile(f"the file is not UTF-8 text ({err})", "not_text") from err
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise _CorruptFile(f"the file is not valid JSON ({err})", "not_json") from err
    if not isinstance(data, dict):
        raise _CorruptFile(f"the file holds a JSON {type(data).__name__}, not an object",
                           "not_ours")
    if data.get("format") != FORMAT:
        raise _CorruptFile(f"the file is not a saved game of belote-teach: format "
                           f"{data.get('format')!r}, expected {FORMAT!r}", "not_ours")
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise _CorruptFile(f"format version {version!r}: this version of belote-teach reads "
                           f"version {FORMAT_VERSION}", "other_version")
    what = "the file"
    spec = _field(data, "rules", dict, what)
    try:
        rules = RuleSet.from_spec(spec)  # type: ignore[arg-type]
    except BeloteError as err:
        raise _CorruptFile(f"the rules: {err}") from err
    target = _field(data, "target", int, what)
    if target != rules.target:
        raise _CorruptFile(f"the target {target} is not the rules' target {rules.target} "
                           "(R6.8)")
    nous_text = _field(data, "nous", str, what)
    if nous_text not in ("NS", "EW"):
        raise _CorruptFile(f"'nous' is {nous_text!r}, not a team (NS or EW)")
    auto_advance = _field(data, "auto_advance", bool, what)
    records = _field(data, "deals", list, what)
    meta = _field(data, "meta", dict, what)
    state = _field(data, "random_state", list, what)
    assert isinstance(records, list) and isinstance(meta, dict) and isinstance(state, list)
    try:
        saved_state = _state_of(state)
        random.Random().setstate(saved_state)
    except (TypeError, ValueError, OverflowError) as err:
        raise _CorruptFile(f"the random state cannot be restored ({err})") from err
    game = _replay(rules, Team(nous_text), records)
    game.auto_advance = bool(auto_advance)
    game.restore_random_state(saved_state)
    return game, meta


def _state_of(state: list[object]) -> tuple[object, ...]:
    """A :meth:`random.Random.setstate` state from its JSON lists."""
    if len(state) != 3 or not isinstance(state[1], list):
        raise ValueError(f"expected [version, [words], gauss], got {len(state)} items")
    return (state[0], tuple(state[1]), state[2])


def _transcript_of(record: object, number: int) -> tuple[Deal, int | None]:
    """The deal of a saved record ``{"seed": ..., "transcript": [lines]}`` and its seed."""
    what = f"deal {number}"
    if not isinstance(record, dict):
        raise _CorruptFile(f"{what} is {record!r}, not an object")
    lines = _field(record, "transcript", list, what)
    assert isinstance(lines, list)
    if not all(isinstance(line, str) for line in lines):
        raise _CorruptFile(f"{what}: the transcript is a list of lines of text", "bad_deal")
    seed = _field(record, "seed", (int, type(None)), what)
    deal = parse_transcript("\n".join(lines), source=what)
    if seed is not None and deal.seed != seed:
        raise _CorruptFile(f"{what} is recorded with seed {seed}, its transcript with "
                           f"seed {deal.seed}", "bad_deal")
    return deal, seed


def _replay(rules: RuleSet, nous: Team, records: list[object]) -> Game:
    """The game of the saved deals, replayed through the checked Game API: each deal put
    in place at its start with the seed it was dealt with (:meth:`Game.new_deal`), then
    its actions pushed one by one."""
    if not records:
        raise _CorruptFile("the file holds no deal", "bad_deal")
    game: Game | None = None
    for number, record in enumerate(records, 1):
        deal, seed = _transcript_of(record, number)
        if deal.rules != rules:
            raise _CorruptFile(f"deal {number} is played with the rules {deal.rules!r}, the "
                               f"game with {rules!r} (R7)", "bad_deal")
        start = deal.copy()
        while start.actions:
            start.pop()
        if seed is not None:
            _check_seed(start, seed, number)
        try:
            if game is None:
                game = Game(rules, deal.dealer, 0, nous=nous, auto_advance=False)
            game.new_deal(start, seed=seed)
        except BeloteError as err:
            raise _CorruptFile(f"deal {number} cannot follow deal {number - 1}: {err}",
                               "bad_deal") \
                from err
        for index, action in enumerate(deal.actions, 1):
            try:
                game.push(action)
            except BeloteError as err:
                raise _CorruptFile(f"deal {number}, action {index} ({action}): {err}",
                                  "bad_deal") \
                    from err
        if game.deal != deal:
            raise _CorruptFile(f"deal {number} does not replay to its saved position", "bad_deal")
    assert game is not None
    return game


def _check_seed(start: Deal, seed: int, number: int) -> None:
    """The saved deal's cards are those its seed deals (R2.1-R2.3)."""
    again = Deal.new(start.dealer, seed, start.rules, reserve=start.reserve)
    if (again.dealt_hands, again.turned, again.initial_stock, again.cut) != (
            start.dealt_hands, start.turned, start.initial_stock, start.cut):
        raise _CorruptFile(f"deal {number}: seed {seed} deals other cards than the saved "
                           "transcript (R2.1-R2.3)", "bad_deal")
