"""The game app as a state machine (hypothesis), without a browser: the learner bids and
plays legal cards chosen among those the table shows, clicks cards out of turn or on an
earlier position, goes to the next deal, replays a finished deal, reloads the page (a new
app on the same store) and switches language, in any order. After every step: nothing
raised, the game last saved is the position on screen (the game, its random state, and
the practice replay if one is on the table); read back from the store
(:meth:`GameStore.load`, at each reload and when asked), it is that position too and a
reload shows it; and every game played to its end is counted finished once, replays or
not."""

from __future__ import annotations

import html
import random
import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from test_game import finish_deal
from test_table_widget import table_shows

from belote_teach import explain
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.cards import DECK
from belote_teach.engine.game import Game
from belote_teach.engine.rules import RuleSet
from belote_teach.ui.game_app import SAVES, GameApp
from belote_teach.ui.table import TableApp

#: A card button of the hand: its classes and its card.
BUTTON = re.compile(r'<button type="button" class="([^"]*)" data-card="(\w+)"')


class LastSave(GameStore):
    """The store, keeping a copy of the last game saved and its meta (a cheap check at
    every step; the store itself is read at each reload)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.last: tuple[Game, dict[str, object]] | None = None

    def save(self, name: str, game: Game, *, meta: Mapping[str, object] = MappingProxyType({}),
             holder: str | None = None, take: bool = False) -> None:
        super().save(name, game, meta=meta, holder=holder, take=take)
        self.last = (game.copy(), dict(meta))


def bright_cards(hand_html: str) -> list[str]:
    """The notations of the cards the hand shows as playable (bright buttons)."""
    return [card for classes, card in BUTTON.findall(hand_html)
            if "bt-dim" not in classes.split()]


class GameResume(RuleBasedStateMachine):
    """One learner, one saved game to 501, the computers at random, no coach, pace 0."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="belote-resume-"))
        self.store = LastSave(self.folder)
        self.progress = CourseProgress(self.folder)
        self.tokens: list[str] = []           # every position token drawn so far
        self.finished = 0                     # games seen played to their end
        self.app: GameApp | None = None

    def teardown(self) -> None:
        if self.app is not None and self.app.table is not None:
            self.app.table.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    @property
    def table(self) -> TableApp:
        """The table on screen."""
        assert self.app is not None and self.app.table is not None
        return self.app.table

    def _note(self) -> None:
        """Keep the token drawn, and count a game seen over for the first time."""
        if self.table.board.position:
            self.tokens.append(self.table.board.position)

    @initialize(seed=st.integers(0, 2**16), near_end=st.booleans())
    def open_game(self, seed: int, near_end: bool) -> None:
        """A saved game to 501 of ``seed``: new, or (``near_end``) in its last deal."""
        game = Game(RuleSet.preset("classic").replace(target=501), rng=seed,
                    auto_advance=False)
        if near_end:
            rng = random.Random(seed)
            while True:
                before = game.copy()
                finish_deal(game, rng)
                if game.is_over:
                    break
                game.new_deal()
            game = before
        self.store.save("game", game, meta={"level": "random", "coaching": False,
                                            "seed": seed, "saves": SAVES})
        self.app = GameApp(self.store, pace=0, progress=self.progress)
        self._note()

    # ------------------------------------------------------------------ the learner
    @precondition(lambda self: self.app is not None and self.table.learner_may_act)
    @rule(decisions=st.integers(1, 12), data=st.data())
    def learner_acts(self, decisions: int, data: st.DataObject) -> None:
        """The learner takes up to ``decisions`` decisions in a row, each a bid of the
        bidding box or a bright card of the hand."""
        table = self.table
        for _ in range(decisions):
            if not table.learner_may_act:
                break
            was_over = table.session.table.is_over
            if table.bids:
                table.bids[data.draw(st.sampled_from(sorted(table.bids)))].click()
            else:
                cards = bright_cards(table.board.hand_html)
                assert cards, "the learner is to play and no card is bright"
                table.board.click(data.draw(st.sampled_from(cards)))
            if table.session.table.is_over and not was_over:
                self.finished += 1
                event("a game played to its end")
            self._note()

    @precondition(lambda self: self.app is not None)
    @rule(card=st.sampled_from([str(c) for c in DECK]), data=st.data())
    def click_out_of_turn(self, card: str, data: st.DataObject) -> None:
        """A card clicked with an earlier token, or while the table does not wait for the
        learner: nothing is played, the page says to wait."""
        table = self.table
        session = table.session
        stale = [t for t in self.tokens if t != table.board.position]
        if table.board.position and not stale:
            return
        token = data.draw(st.sampled_from(stale)) if stale else ""
        before = (session.table.copy().deals, session.deal.actions)
        table.board.click(card, position=token)
        assert (session.table.deals, session.deal.actions) == before
        said = html.unescape(table.board.feedback_html)
        assert explain.text("wait_turn", session.lang) in said or \
            explain.text("stale_click", session.lang) in said

    @precondition(lambda self: self.app is not None
                  and self.table.next_button.layout.display == "")
    @rule()
    def next_deal(self) -> None:
        game = self.table.session.table
        number = game.number
        self.table.next_button.click()
        assert game.number == number + 1 and not self.table.session.replaying
        event("next deal")
        self._note()

    @precondition(lambda self: self.app is not None
                  and self.table.replay_button.layout.display == "")
    @rule()
    def replay(self) -> None:
        game = self.table.session.table
        sheet = game.sheet
        self.table.replay_button.click()
        assert self.table.session.replaying and game.sheet == sheet
        event("replay")
        self._note()

    @precondition(lambda self: self.app is not None)
    @rule()
    def reload(self) -> None:
        before = self._seen()
        self.read_back()
        self.table.stop()                      # the old page's kernel is gone
        assert self.app is not None
        self.app = GameApp(self.store, pace=0, progress=self.progress, lang=self.app.lang)
        assert self._seen() == before
        event("reload during a replay" if self.table.session.replaying else "reload")
        assert html.escape(explain.text("game_resumed", self.app.lang)) in \
            self.app.message.value
        self._note()

    @precondition(lambda self: self.app is not None)
    @rule()
    def switch_language(self) -> None:
        assert self.app is not None
        before = self._seen()
        self.app.language.value = "fr" if self.app.lang == "en" else "en"
        assert self._seen()[:-1] == before[:-1]       # all but the status's words

    # ------------------------------------------------------------------ invariants
    def _seen(self) -> tuple[object, ...]:
        table = self.table
        session = table.session
        obs = session.observation
        return (session.table.deals, session.replaying, session.deal, obs.hand, obs.trick,
                obs.bids, table_shows(table)[1], sorted(table.bids),
                html.unescape(table.status.value))

    def _same(self, game: Game, meta: Mapping[str, object]) -> None:
        """``game`` and ``meta`` (saved) are the position on screen."""
        session = self.table.session
        assert game.deals == session.table.deals
        assert game.random_state == session.table.random_state
        replay = session.practice_transcript()
        assert meta.get("replay") == (replay.splitlines() if replay else None)

    @precondition(lambda self: self.app is not None)
    @rule()
    def read_back(self) -> None:
        """The game read from the store is the position on screen."""
        loaded = self.store.load("game")
        assert loaded.problem is None and loaded.game is not None
        self._same(loaded.game, loaded.meta)

    @invariant()
    def the_last_save_is_the_position_on_screen(self) -> None:
        if self.app is None:
            return
        assert self.store.last is not None
        self._same(*self.store.last)

    @invariant()
    def every_game_finished_is_counted_once(self) -> None:
        if self.app is None:
            return
        assert self.progress.read().record.games_finished == self.finished


GameResume.TestCase.settings = settings(
    max_examples=15, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
test_game_resume = GameResume.TestCase
