"""Guided practice hands (``notebooks/en/07-practice-hands.ipynb``,
``notebooks/fr/07-donnes-d-entrainement.ipynb``): a curated
deal (:mod:`belote_teach.course.practice`) played at the table with computer partner and
opponents, the coach on or off, then an end-of-deal debrief listing the learner's
mistakes with their cost and outcome impact, each one clickable to show its position.
The hand is saved after every action (:mod:`belote_teach.course.saved_practice`): a page
reload or a kernel restart brings it back where it stood, its debrief so far included;
with two pages open, the one opened last holds the hand and the other says so.

A thin controller over :class:`~belote_teach.ui.table.TableApp`; the texts come from
``explain``, the pictures from ``render``. The app opens in the lesson's language and its
EN / FR toggle (top right) words everything again, mid-deal included. The table's
"Four-colour deck" check box (♦ blue, ♣ green) and its pace slider stay as the learner
left them from one deal to the next and over a reload, and the debrief's positions follow
the deck.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as widgets

from belote_teach import explain
from belote_teach.coach.errors import ReplayError
from belote_teach.coach.session import Mistake, TableSession
from belote_teach.course.counting import count_with_save
from belote_teach.course.errors import GameTakenError
from belote_teach.course.files import FileProblem
from belote_teach.course.practice import PracticeDeal
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_practice import PracticeStore
from belote_teach.engine.deal import Phase
from belote_teach.players import LEVELS
from belote_teach.render import notice_html
from belote_teach.render.html import escape
from belote_teach.render.table import render_table
from belote_teach.ui.language import language_toggle, relabel, resolve_language
from belote_teach.ui.table import TableApp, mount_table, paint_deck, table_pace

__all__ = ["SAVED", "PracticeApp"]

#: The saved hand's name in the learner's store: one practice hand in progress per
#: learner, whichever edition (English or French) it was dealt in.
SAVED = "practice"


class PracticeApp(widgets.VBox):
    """Pick a practice deal, play it as South, read the debrief.

    Args:
        deals: the curated deals (:func:`~belote_teach.course.practice.load_practice_deals`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language
            (:func:`~belote_teach.ui.language.use_language`).
        level: the computer players' level (``"club"`` or ``"expert"``).
        pace: seconds between two computer decisions (0 in tests); ``None``: the pace
            saved with the hand in progress (the learner's choice on the table's slider),
            else :data:`~belote_teach.ui.table.DEFAULT_PACE`. The slider's choice is kept
            for the next deal.
        progress: where a deal played to the end is counted (lesson progress; default:
            the learner's data directory).
        store: where the hand in progress is saved (default: ``progress``'s store).

    On creation the hand saved in progress is resumed when there is one (one that cannot
    be put back is reported above the table and set aside); else the first deal is dealt.

    Raises:
        ValueError: no deal.
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.

    Attributes:
        language: the EN / FR toggle (set ``.value`` to switch; the deal goes on).
        choice: the practice deal to play; coaching: the coach on or off; start_button:
            deals the chosen deal from its start.
        table: the :class:`TableApp` of the deal dealt; debrief: the end-of-deal debrief
            (a title, then one row per mistake: a "show" button and the coach's words);
            position: the position of the mistake shown.
        message: a notice above the table (the hand resumed, a save that failed, the
            hand taken by another page).
    """

    def __init__(self, deals: Sequence[PracticeDeal], *, lang: str | None = None,
                 level: str = "club", pace: float | None = None,
                 progress: CourseProgress | None = None,
                 store: PracticeStore | None = None) -> None:
        if not deals:
            raise ValueError("a practice app needs at least one practice deal")
        lang = resolve_language(lang)
        self.deals = tuple(deals)
        self.lang = lang
        self.level = level
        self.pace = pace
        self.progress = progress if progress is not None else CourseProgress()
        self.store = store if store is not None else PracticeStore(store=self.progress.store)
        #: This page's id as the holder of the saved hand (:meth:`save`).
        self.page = uuid.uuid4().hex
        self._counted = False
        self._unsaved = False                  # the last save failed (the learner is told)
        self._dealt = 0                        # the index of the deal on the table
        self._redealt = False                  # its redeal on the table (R2.6)
        self._shown: Mistake | None = None     # the debrief's mistake drawn
        self._notice: Callable[[str], str] | None = None
        self.message = widgets.HTML()
        self.language = language_toggle(lang)
        self.language.observe(lambda change: self.set_language(str(change["new"])),
                              names="value")
        self.choice = widgets.Dropdown(
            options=self._deal_options(), value=0, style={"description_width": "initial"},
            layout=widgets.Layout(width="min(36rem, 100%)", margin="2px 12px 2px 0"))
        self.coaching = widgets.Checkbox(value=True, indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.coaching.observe(lambda change: self._coach(bool(change["new"])), names="value")
        self.start_button = widgets.Button(button_style="primary")
        self.start_button.on_click(lambda _: self.start())
        self.goal = widgets.HTML()
        self.goal.add_class("bt-practice-goal")
        self.table_box = widgets.VBox()
        self.redeal_button = widgets.Button(button_style="primary", layout=widgets.Layout(
            display="none", width="auto", align_self="flex-start", margin="8px 0 4px"))
        self.redeal_button.on_click(lambda _: self.deal_redeal())
        self.debrief = widgets.VBox()
        self.debrief.add_class("bt-debrief")
        self.position = widgets.HTML()
        self.table: TableApp | None = None
        self._label()
        settings = widgets.HBox([self.choice, self.coaching, self.start_button],
                                layout=widgets.Layout(flex_flow="row wrap", flex="1 1 auto",
                                                      align_items="center"))
        top = widgets.HBox([settings, self.language],
                           layout=widgets.Layout(justify_content="space-between",
                                                 align_items="flex-start"))
        super().__init__([top, self.goal, self.message, self.table_box, self.redeal_button,
                          self.debrief, self.position])
        self.add_class("bt-practice-app")
        self._resume()

    @property
    def deal(self) -> PracticeDeal:
        """The practice deal chosen."""
        return self.deals[self.choice.value]

    def start(self) -> None:
        """Deal the chosen practice deal from its start (the four-colour deck kept as it
        was on the table before), in place of the hand saved."""
        self._dealt = self.choice.value
        self._redealt = False
        practice = self.deals[self._dealt]
        session = TableSession(practice.new_deal(), level=self.level, rng=0,
                               coaching=self.coaching.value, lang=self.lang)
        self._counted = False
        self._say(None)
        table = self.table
        self._open(session, four_colour=table is not None and bool(table.four_colour.value),
                   pace=table_pace(self.pace, table.pace if table is not None else None))

    def deal_redeal(self) -> None:
        """After the practice deal was passed out (R2.6), deal the deal that follows it
        (its ``redeal``: the next dealer, R2.9), played and saved as the practice hand;
        the practice deal stays counted once. Nothing when the deal on the table has no
        redeal to come."""
        table = self.table
        if table is None or not self._redeal_due(table):
            return
        deal = self.deals[self._dealt].new_redeal()
        assert deal is not None
        session = TableSession(deal, level=self.level, rng=0,
                               coaching=self.coaching.value, lang=self.lang)
        self._redealt = True
        self._say(None)
        self._open(session, four_colour=bool(table.four_colour.value),
                   pace=table_pace(self.pace, table.pace))

    def _resume(self) -> None:
        """Put back the hand saved in progress, else deal the first deal. A store that
        cannot be read now deals nothing (a hand dealt would be saved over the one in
        progress): the message says so, and "Deal it" or a reload goes on."""
        try:
            saved = self.store.load(SAVED)
        except OSError as err:
            problem = FileProblem.of_error(err)
            problem.log(Path(self.store.store.where))
            self._draw_goal()
            self._say(lambda lang: notice_html("bad", explain.text(
                "practice_unread", lang, reason=problem.told(lang))))
            return
        if saved.problem is not None:
            self._set_aside(saved.problem)
            return
        index = next((i for i, d in enumerate(self.deals) if d.id == saved.deal), None)
        if index is None:                      # nothing saved, or a deal not offered here
            self.start()
            return
        meta = saved.meta
        level = meta.get("level")
        self.level = level if isinstance(level, str) and level in LEVELS else self.level
        self.coaching.value = meta.get("coaching") is not False
        self.choice.value = self._dealt = index
        practice = self.deals[index]
        self._redealt = meta.get("redeal") is True and practice.redeal is not None
        deal = practice.new_redeal() if self._redealt else practice.new_deal()
        assert deal is not None
        session = TableSession(deal, level=self.level, rng=0,
                               coaching=self.coaching.value, lang=self.lang)
        try:
            session.resume_hand(saved.hand)
        except ReplayError as err:
            self._set_aside(FileProblem("bad_deal", str(err)))
            return
        self._counted = meta.get("counted") is True
        self._open(session, four_colour=meta.get("four_colour") is True,
                   pace=table_pace(self.pace, meta.get("pace")),
                   gathered=meta.get("gathered") is True)
        if not self._unsaved and self.table is not None:
            self._say(lambda lang: notice_html("info", explain.text("practice_resumed", lang)))

    def _set_aside(self, problem: FileProblem) -> None:
        """The saved hand cannot be put back: set it aside (never deleted), deal the
        chosen deal afresh and say so above the table."""
        where = self.store.store.where
        problem.log(Path(where))
        try:
            aside = self.store.set_aside(SAVED)
        except OSError:
            aside = None
        path = f"{where} ({aside})" if aside else where
        self.start()
        self._say(lambda lang: notice_html("bad", explain.text(
            "practice_not_resumed", lang, reason=problem.told(lang), path=path)))

    def _open(self, session: TableSession, *, four_colour: bool, pace: float,
              gathered: bool = False) -> None:
        """Put ``session`` on a new table at ``pace`` (seconds; ``gathered`` as
        :class:`TableApp`'s), save it (this page takes the hand) and let the table play
        on."""
        if self.table is not None:
            self.table.stop()                  # the old table plays no more
        self._draw_goal()
        self.table = table = mount_table(
            self, self.table_box, session, pace=pace, four_colour=four_colour,
            on_deal_over=self._deal_over, on_change=self._changed,
            on_deck=self._deck_chosen, on_pace=self._changed, gathered=gathered)
        self.debrief.children = ()
        self.redeal_button.layout.display = "none"
        self._shown = None
        self.position.value = ""
        self.save(take=True)
        table.advance()

    def save(self, *, take: bool = False) -> bool:
        """Save the hand on the table now (atomic; called after every action), with the
        settings and whether it was counted played. This page holds the hand once it
        dealt or resumed it (``take``): when another page (a second tab, this one
        reloaded) took it since, nothing is saved, this page's table is closed and the
        message says where the hand goes on. Returns False when nothing was saved: the
        message above the table says why (never raises for the disk)."""
        table = self.table
        if table is None:
            return True
        meta = {"level": self.level, "coaching": table.session.coaching,
                "four_colour": bool(table.four_colour.value), "pace": table.pace,
                "counted": self._counted, "redeal": self._redealt,
                "gathered": table.gathered}
        try:
            self.store.save(SAVED, self.deals[self._dealt].id, table.session.hand_record(),
                            meta=meta, holder=self.page, take=take)
        except GameTakenError:
            table.stop()                       # this page plays no more: the other does
            self.table = None
            self.table_box.children = ()
            self.debrief.children = ()
            self._say(lambda lang: notice_html("bad", explain.text("practice_taken", lang)))
            return False
        except OSError as err:
            FileProblem.of_error(err).log(Path(self.store.store.where))
            said = err.strerror or type(err).__name__      # "No space left on device"
            self._unsaved = True
            self._say(lambda lang: notice_html("bad", explain.text(
                "practice_not_saved", lang, reason=said)))
            return False
        if self._unsaved:                      # saved again: the warning no longer holds
            self._unsaved = False
            self._say(None)
        return True

    def _changed(self, app: TableApp) -> None:
        """The position on the table changed (an action, an undo, "Replay this deal"):
        saved at once; a deal replayed leaves the last debrief, the position it showed
        and the notice of a hand brought back."""
        if app is not self.table:
            return
        self._show_redeal(app)
        if not app.session.deal.actions and (self.debrief.children or self._notice):
            self.debrief.children = ()
            self._shown = None
            self.position.value = ""
            if not self._unsaved:
                self._say(None)
        self.save()

    def _deck_chosen(self, four_colour: bool) -> None:
        """The learner ticked or unticked "Four-colour deck": the debrief's positions
        follow, and the choice is saved with the hand."""
        paint_deck(self, four_colour)
        self.save()

    def _say(self, notice: Callable[[str], str] | None) -> None:
        """Show ``notice(lang)`` above the table (nothing when ``None``)."""
        self._notice = notice
        self.message.value = notice(self.lang) if notice is not None else ""

    def set_language(self, lang: str) -> None:
        """Word the whole app in ``lang`` (what the toggle :attr:`language` does): the
        settings, the goal, the notice above the table, the table with its status, boxes,
        buttons and the coach's comment, the debrief and the position shown. The deal
        goes on where it was; the coach speaks ``lang`` from then on; nothing is recorded
        again.

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
        self._draw_goal()
        self._say(self._notice)
        if self.table is not None:
            self.table.set_language(lang)
            if self.debrief.children:
                self._draw_debrief(self.table)
        if self._shown is not None:
            self.show(self._shown)

    def _deal_options(self) -> list[tuple[str, int]]:
        return [(d.title(self.lang), i) for i, d in enumerate(self.deals)]

    def _label(self) -> None:
        lang = self.lang
        relabel(self.choice, self._deal_options())
        self.choice.description = explain.text("practice_deal", lang)
        self.coaching.description = explain.text("coach_label", lang)
        self.start_button.description = explain.text("practice_start", lang)
        self.redeal_button.description = explain.text("practice_redeal", lang)

    def _draw_goal(self) -> None:
        lang = self.lang
        practice = self.deals[self._dealt]
        self.goal.value = (f'<div class="bt-msg bt-info"><p class="bt-head">'
                           f"{escape(practice.title(lang))}</p>"
                           f"<p>{escape(practice.goal(lang))}</p></div>")

    def _redeal_due(self, app: TableApp) -> bool:
        """Whether the practice deal on ``app`` lies passed out with its redeal to come
        (R2.6)."""
        return (app.session.deal.phase is Phase.PASSED_OUT and not self._redealt
                and self.deals[self._dealt].redeal is not None)

    def _show_redeal(self, app: TableApp) -> None:
        """The button dealing the next deal, shown while :meth:`_redeal_due`."""
        self.redeal_button.layout.display = "" if self._redeal_due(app) else "none"

    def _deal_over(self, app: TableApp) -> None:
        if app is not self.table:
            return
        self._show_redeal(app)
        if not self._counted:                  # once per deal dealt (lesson progress)
            self._counted = True               # the save says so: kept with the count
            deal_id = self.deals[self._dealt].id
            self._counted = count_with_save(
                self.progress.store,
                lambda: self.progress.record_practice(deal_id, lang=self.lang), self.save,
                saved_in=self.store.store)
        self._draw_debrief(app)

    def _coach(self, on: bool) -> None:
        """The "Coach on" box ticked or unticked: the coach of the deal on the table
        follows from the learner's next decision, a replay of it included (saved with the
        hand); the next deal dealt starts with it too. A debrief already drawn stays as
        it was."""
        if self.table is not None:
            self.table.set_coaching(on)

    def _draw_debrief(self, app: TableApp) -> None:
        """The debrief of the deal played on ``app``, in :attr:`lang`: none when the
        coach reviewed none of the learner's decisions; when it was off for some, a line
        says how many the debrief leaves out."""
        lang = self.lang
        session = app.session
        mistakes = session.mistakes
        if not session.reviewed:
            self.debrief.children = ()
            return
        off = len(session.unreviewed)
        key = (explain.plural_key("debrief_title", len(mistakes), lang) if mistakes
               else "debrief_none_part" if off else "debrief_none")
        head = explain.text(key, lang, n=len(mistakes))
        rows: list[widgets.Widget] = [widgets.HTML(f"<h3>{escape(head)}</h3>")]
        if off:
            part = explain.text(explain.plural_key("debrief_coach_off", off, lang), lang, n=off)
            rows.append(widgets.HTML(f"<p>{escape(part)}</p>"))
        for number, mistake in enumerate(mistakes, 1):
            # the button as wide as its words, the review beside it taking the rest (under
            # it on a narrow screen): a button never cuts its label
            button = widgets.Button(description=explain.text("debrief_show", lang, n=number),
                                    layout=widgets.Layout(width="auto", flex="0 0 auto"))
            button.on_click(lambda _, m=mistake: self.show(m))
            review = mistake.review                # its verdict in bold, as at the table
            words = (f"<p><b>{escape(review.verdict_text(lang))}</b> "
                     f"{escape(review.details_text(lang))}</p>")
            text = widgets.HTML(words, layout=widgets.Layout(flex="1 1 18rem", min_width="0"))
            rows.append(widgets.HBox([button, text], layout=widgets.Layout(
                flex_flow="row wrap", align_items="baseline")))
        self.debrief.children = tuple(rows)

    def show(self, mistake: Mistake) -> None:
        """Draw the position of a debrief's mistake (the learner's view then), in
        :attr:`lang`."""
        self._shown = mistake
        self.position.value = render_table(mistake.observation, lang=self.lang)
