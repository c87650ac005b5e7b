"""The game app (``notebooks/en/08-play-a-game.ipynb``, ``notebooks/fr/08-une-partie.ipynb``):
a whole game to 501, 1000 or 2000 against three computer players, the coach optional, the
rules preset selectable, saved after every action (each bid and card, the learner's and
the computers', an undo, a new deal, a practice replay) so that a page reload or a restart
resumes it at the same position: same deal, trick, hand and bidding, and "Next deal" then
deals the next deal, never the same cards again.

"Replay this deal" (once a deal is over) is practice: the score sheet keeps the deal as
first played, the replay counts in no score and no statistic (games finished and won are
counted once per game, :meth:`~belote_teach.course.progress.CourseProgress.record_game`),
and "Next deal" goes on with the game; a replay on the table is saved with the game too.

A thin controller: the settings are ipywidgets, the table is a
:class:`~belote_teach.ui.table.TableApp`, the score sheet is drawn by
:func:`~belote_teach.render.score_sheet.render_score_sheet`, and the game is kept by a
:class:`~belote_teach.course.saved_games.GameStore` (each save whole or not at all; a damaged save
is set aside and reported, never a crash). The app opens in the lesson's language and its
EN / FR toggle (top right) words everything again, mid-deal included; the saved game does
not hold the language, so switching changes nothing in it. The table's "Four-colour deck"
check box (♦ blue, ♣ green) and its pace are kept with the game like the other settings: the next
game and a resumed game are drawn and paced the same way, and the score sheet follows.

The message above a resumed table says what came back: "back where you left it" for a
game saved action by action, the last save of a game saved after each deal only, or the
game without a practice replay that could not be read.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path

import ipywidgets as widgets

from belote_teach import explain
from belote_teach.coach.errors import ReplayError
from belote_teach.coach.session import TableSession
from belote_teach.course.counting import count_with_save
from belote_teach.course.errors import GameTakenError
from belote_teach.course.files import FileProblem
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.game import Game
from belote_teach.engine.rules import RuleSet
from belote_teach.players import expert
from belote_teach.render import notice_html
from belote_teach.render.html import escape
from belote_teach.render.score_sheet import render_score_sheet
from belote_teach.ui.language import language_toggle, relabel, resolve_language
from belote_teach.ui.table import DEFAULT_PACE, TableApp, mount_table, paint_deck, table_pace

__all__ = ["GameApp"]

#: The targets a learner may pick (R6.8 and the option ``target``, R7).
TARGETS = (501, 1000, 2000)
#: The computer levels offered, weakest first.
LEVELS = ("random", "club", "expert")
#: The rules presets offered (R7).
PRESETS = ("classic", "ffb2016")
#: The ``meta["saves"]`` of a game saved after every action; a save without it holds the
#: game as it stood after its last whole deal.
SAVES = "every action"


class GameApp(widgets.VBox):
    """Settings, the table and the score sheet of one saved game.

    Args:
        store: where the game is kept (default: the learner's store of ``progress``, so
            that a game played to the end is counted and saved counted in one
            transaction).
        name: the saved game's name in the store.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language
            (:func:`~belote_teach.ui.language.use_language`).
        pace: seconds between two computer decisions (0 in tests); ``None``: the pace
            saved with the game (the learner's choice on the table's slider), else
            :data:`~belote_teach.ui.table.DEFAULT_PACE`.
        progress: where a game played to the end is counted (lesson progress; default:
            the learner's data directory).

    On creation a saved game is resumed when there is one (a damaged file is reported
    above the table, set aside, and a new game can be started).

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.

    Attributes:
        language: the EN / FR toggle (set ``.value`` to switch; the game goes on).
        target, level, preset: the settings of the next new game (points, the computer
            level, the rules preset of R7).
        coaching: the coach on or off: for the game on the table from the learner's next
            decision (saved with it), and for the next new game.
        new_button: starts a new game with those settings.
        four_colour: whether the cards are drawn with the four-colour deck: the value of
            the table's check box (``table.four_colour``), saved in the game's ``meta``.
        message: a notice above the table (what a resume brought back, a damaged save, a
            save that failed).
        table: the :class:`TableApp` of the game; sheet: its score sheet (HTML).
    """

    def __init__(self, store: GameStore | None = None, *, name: str = "game",
                 lang: str | None = None, pace: float | None = None,
                 progress: CourseProgress | None = None) -> None:
        lang = resolve_language(lang)
        self.progress = progress if progress is not None else CourseProgress()
        self.store = store or GameStore(store=self.progress.store)
        self.name = name
        #: This page's id as the holder of the game (:meth:`save`).
        self.page = uuid.uuid4().hex
        self.lang = lang
        self.pace = pace
        self._counted = False
        self._unsaved = False                 # the last save failed (the learner is told)
        self._resumed_in: int | None = None   # the deals of a game resumed (its message)
        self._notice: Callable[[str], str] | None = None   # the message, in any language
        self.language = language_toggle(lang)
        self.language.observe(lambda change: self.set_language(str(change["new"])),
                              names="value")
        self.message = widgets.HTML()
        self.target = widgets.Dropdown(options=self._target_options(), value=1000,
                                       **_compact())
        self.level = widgets.Dropdown(options=self._level_options(), value="club",
                                      **_compact())
        self.level_note = widgets.HTML()
        self.level.observe(lambda _: self._note_level(), names="value")
        self.preset = widgets.Dropdown(options=self._preset_options(), value="classic",
                                       **_compact())
        self.coaching = widgets.Checkbox(value=True, indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.coaching.observe(lambda change: self._coach(bool(change["new"])), names="value")
        self.new_button = widgets.Button(button_style="primary")
        self.new_button.on_click(lambda _: self.new_game())
        self._label()
        settings = widgets.HBox([self.target, self.level, self.preset, self.coaching,
                                 self.new_button],
                                layout=widgets.Layout(flex_flow="row wrap", flex="1 1 auto",
                                                      align_items="center"))
        top = widgets.HBox([settings, self.language],
                           layout=widgets.Layout(justify_content="space-between",
                                                 align_items="flex-start"))
        self.table_box = widgets.VBox()
        self.sheet = widgets.HTML()
        self.table: TableApp | None = None
        self._meta: dict[str, object] = {}
        super().__init__([top, self.level_note, self.message, self.table_box, self.sheet])
        self.add_class("bt-game-app")
        self._resume()

    # ------------------------------------------------------------------ language
    def set_language(self, lang: str) -> None:
        """Word the whole app in ``lang`` (what the toggle :attr:`language` does): the
        settings' labels and options, the message, the table with its status, boxes,
        buttons and the coach's comment, and the score sheet. The game goes on where it
        was, the coach speaks ``lang`` from then on, and the saved game is not touched.
        A damaged save's report, worded when the file was read, stays as it was.

        Args:
            lang: ``"en"`` or ``"fr"``.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"`` (nothing changes).
        """
        lang = resolve_language(lang)
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang           # the toggle follows (and calls back once)
            return
        self._label()
        self._say(self._notice)
        if self.table is not None:
            self.table.set_language(lang)
            game = self.table.session.table
            assert isinstance(game, Game)
            self._draw_sheet(game)

    def _target_options(self) -> list[tuple[str, int]]:
        return [(explain.number(points, self.lang), points) for points in TARGETS]

    def _level_options(self) -> list[tuple[str, str]]:
        return [(explain.text(f"level_{level}", self.lang), level) for level in LEVELS]

    def _preset_options(self) -> list[tuple[str, str]]:
        return [(explain.text(f"preset_{p}", self.lang), p) for p in PRESETS]

    def _label(self) -> None:
        lang = self.lang
        relabel(self.target, self._target_options())
        self.target.description = explain.text("target_label", lang)
        relabel(self.level, self._level_options())
        self.level.description = explain.text("level_label", lang)
        relabel(self.preset, self._preset_options())
        self.preset.description = explain.text("preset_label", lang)
        self.coaching.description = explain.text("coach_label", lang)
        self.new_button.description = explain.text("new_game", lang)
        self._note_level()

    def _note_level(self) -> None:
        """Say under the settings what the level chosen cannot do here: the expert without
        the solver's compiled core (:data:`~belote_teach.players.expert.FULL_STRENGTH`,
        the browser) plays lighter than its measured strength."""
        weaker = self.level.value == "expert" and not expert.FULL_STRENGTH
        self.level_note.value = (notice_html("info", explain.text("level_expert_light",
                                                                  self.lang))
                                 if weaker else "")

    def _say(self, notice: Callable[[str], str] | None) -> None:
        """Show ``notice(lang)`` above the table (nothing when ``None``)."""
        self._notice = notice
        self.message.value = notice(self.lang) if notice is not None else ""

    # ------------------------------------------------------------------ games
    def new_game(self) -> None:
        """Start a new game with the chosen settings (replacing the saved one)."""
        rules = RuleSet.preset(self.preset.value).replace(target=self.target.value)
        seed = random.SystemRandom().getrandbits(32)      # a new game, new cards
        game = Game(rules, rng=seed, auto_advance=False)
        pace = self.table.pace if self.table is not None else self.pace
        self._say(None)
        self._open(game, {"level": self.level.value, "coaching": self.coaching.value,
                          "seed": seed, "four_colour": self.four_colour,
                          "pace": DEFAULT_PACE if pace is None else pace})

    def _coach(self, on: bool) -> None:
        """The "Coach on" box ticked or unticked: the game on the table follows from the
        learner's next decision, and its save keeps the setting."""
        if self.table is None or self._meta.get("coaching") == on:
            return
        self._meta["coaching"] = on
        game = self.table.session.game
        if game is not None and not game.is_over:
            self.table.set_coaching(on)             # saved by the table's change
        else:
            self.save()                             # the next new game's setting

    def save(self, *, take: bool = False) -> bool:
        """Save the game now, at the position on the table (atomic; called after every
        action), with the settings, the practice replay on the table if any, whether
        the game was counted finished and whether the learner's lead is shown after a trick
        gathered (:attr:`TableApp.gathered`). This page holds the game once it opened it
        (``take``): when another page (a second tab, this one reloaded) took it since,
        nothing is saved, this page's table is closed and the message says where the game
        goes on. Returns False when nothing was saved: the message above the table says
        why (never raises for the disk)."""
        if self.table is None:
            return True
        session = self.table.session
        game = session.game
        assert game is not None
        meta = dict(self._meta, saves=SAVES, counted=self._counted,
                    gathered=self.table.gathered)
        practice = session.practice_transcript()
        if practice is not None:
            meta["replay"] = practice.splitlines()
        try:
            self.store.save(self.name, game, meta=meta, holder=self.page, take=take)
        except GameTakenError:
            self.table.stop()                   # this page plays no more: the other does
            self.table = None
            self.table_box.children = ()
            self._say(lambda lang: notice_html("bad", explain.text("game_taken", lang)))
            return False
        except OSError as err:
            problem = FileProblem.of_error(err)
            problem.log(Path(self.store.store.where))
            said = err.strerror or type(err).__name__      # "No space left on device"
            self._say(lambda lang: notice_html("bad", explain.text(
                "game_not_saved", lang,
                reason=problem.told(lang) if problem.reason == "busy" else said)))
            self._unsaved = True
            return False
        if self._unsaved:                     # saved again: the warning is past
            self._unsaved = False
            self._say(None)
        return True

    def _resume(self) -> None:
        loaded = self.store.load(self.name, lang=self.lang)
        if loaded.problem:
            report = (f'<div class="bt-msg bt-bad"><p>{escape(loaded.problem)}</p>'
                      "</div>")                 # worded by the store, in the language then
            self._say(lambda lang: report)
        if loaded.game is None:
            if loaded.problem is None:
                self.new_game()
            return
        meta = dict(loaded.meta)
        level = meta.get("level")
        self.level.value = level if level in LEVELS else "club"
        self.coaching.value = bool(meta.get("coaching", True))
        target = loaded.game.rules.target
        self.target.value = target if target in TARGETS else 1000
        preset = loaded.game.rules.preset_name      # the next new game keeps the rules
        self.preset.value = preset if preset in PRESETS else "classic"
        replay_kept = self._open(loaded.game, meta)
        number = loaded.game.number
        if self._unsaved:
            return                              # the warning that it was not saved stays
        if not replay_kept:
            self._say(lambda lang: notice_html("info", explain.text(
                "game_resumed_without_replay", lang, n=number)))
        elif meta.get("saves") != SAVES:
            self._say(lambda lang: notice_html("info", explain.text("game_resumed_last_save",
                                                                 lang)))
        else:
            self._say(lambda lang: notice_html("info", explain.text("game_resumed", lang)))
        self._resumed_in = len(loaded.game.deals)

    def _open(self, game: Game, meta: Mapping[str, object]) -> bool:
        """Put ``game`` on a new table with the settings ``meta`` (a saved game's: its
        practice replay put back, a game finished but not yet counted counted now), save
        it, and let the table play on. Returns False when ``meta`` holds a practice replay
        that could not be put back (the table shows the game's deal then)."""
        if self.table is not None:
            self.table.stop()                   # the old table plays no more
        self._meta = {key: value for key, value in meta.items()
                      if key not in ("saves", "counted", "replay", "gathered")}
        # a game resumed over was counted then, unless its save says it was not yet
        self._counted = game.is_over and meta.get("counted") is not False
        seed = meta.get("seed", 0)
        session = TableSession(game, level=str(meta.get("level", "club")),
                               rng=int(seed) if isinstance(seed, int) else 0,
                               coaching=bool(meta.get("coaching", True)), lang=self.lang)
        replay_kept = True
        practice = meta.get("replay")
        if practice is not None:
            try:
                if not isinstance(practice, list) or not all(isinstance(line, str)
                                                             for line in practice):
                    raise ReplayError(f"the practice replay is {practice!r:.60}, not lines")
                session.resume_practice("\n".join(practice) + "\n")
            except ReplayError:
                replay_kept = False
        four_colour = meta.get("four_colour") is True
        pace = table_pace(self.pace, meta.get("pace"))
        self._meta["pace"] = pace
        self.table = table = mount_table(
            self, self.table_box, session, pace=pace, four_colour=four_colour,
            on_deal_over=self._deal_over, on_change=self._changed,
            on_deck=self._deck_chosen, on_pace=self._pace_chosen,
            gathered=meta.get("gathered") is True)
        self._draw_sheet(game)
        self.save(take=True)
        table.advance()
        return replay_kept

    @property
    def four_colour(self) -> bool:
        """True when the cards are drawn with the four-colour deck (the table's check box;
        False before a game is open)."""
        return self.table is not None and bool(self.table.four_colour.value)

    def _deck_chosen(self, four_colour: bool) -> None:
        """The learner ticked or unticked "Four-colour deck": the score sheet follows, and
        the choice is saved with the game at once."""
        paint_deck(self, four_colour)
        self._meta["four_colour"] = four_colour
        self.save()

    def _pace_chosen(self, table: TableApp) -> None:
        """The learner moved the pace slider: saved with the game (a reload keeps it)."""
        if table is self.table:
            self._meta["pace"] = table.pace
            self.save()

    def _changed(self, app: TableApp) -> None:
        """The position on the table changed (an action, an undo, a deal, a replay)."""
        if app is not self.table:
            return
        self.save()
        game = app.session.game
        if self._resumed_in is not None and game is not None and (
                len(game.deals) != self._resumed_in):
            self._resumed_in = None              # a new deal: "resumed" is past news
            if not self._unsaved:
                self._say(None)

    def _deal_over(self, app: TableApp) -> None:
        if app is not self.table:
            return
        game = app.session.game
        assert game is not None
        if game.is_over and not self._counted:  # once per game (lesson progress, R6.8)
            self._counted = True                # the save says so: kept with the count
            won = game.winner is game.sheet.nous
            self._counted = count_with_save(
                self.progress.store, lambda: self.progress.record_game(won=won, lang=self.lang),
                self.save, saved_in=self.store.store)
        self._draw_sheet(game)

    def _draw_sheet(self, game: Game | None) -> None:
        if game is None:
            self.sheet.value = ""
            return
        self.sheet.value = render_score_sheet(game.sheet, lang=self.lang,
                                              target=game.rules.target)


def _compact() -> dict[str, object]:
    """A setting's style and layout: its label then its choice, no wider than they are,
    so that the settings fit in one row beside the language toggle."""
    return {"style": {"description_width": "initial"},
            "layout": widgets.Layout(width="auto", margin="2px 12px 2px 0")}
