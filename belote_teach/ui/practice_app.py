"""Guided practice hands (``notebooks/en/07-practice-hands.ipynb``,
``notebooks/fr/07-donnes-d-entrainement.ipynb``): a curated
deal (:mod:`belote_teach.course.practice`) played at the table with computer partner and
opponents, the coach on or off, then an end-of-deal debrief listing the learner's
mistakes with their cost and outcome impact, each one clickable to show its position.

A thin controller over :class:`~belote_teach.ui.table.TableApp`; the texts come from
``explain``, the pictures from ``render``. The app opens in the lesson's language and its
EN / FR toggle (top right) words everything again, mid-deal included. The table's
"Four-colour deck" check box (♦ blue, ♣ green) stays as the learner left it from one deal
to the next, and the debrief's positions follow it.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from belote_teach import explain
from belote_teach.coach.session import Mistake, TableSession
from belote_teach.course.practice import PracticeDeal
from belote_teach.course.progress import CourseProgress
from belote_teach.render.html import escape
from belote_teach.render.table import render_table
from belote_teach.ui.language import language_toggle, relabel, resolve_language
from belote_teach.ui.table import DEFAULT_PACE, TableApp, paint_deck

__all__ = ["PracticeApp"]


class PracticeApp(widgets.VBox):
    """Pick a practice deal, play it as South, read the debrief.

    Args:
        deals: the curated deals (:func:`~belote_teach.course.practice.load_practice_deals`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language
            (:func:`~belote_teach.ui.language.use_language`).
        level: the computer players' level (``"club"`` or ``"expert"``).
        pace: seconds between two computer decisions (default
            :data:`~belote_teach.ui.table.DEFAULT_PACE`; 0 in tests).
        progress: where a deal played to the end is counted (lesson progress; default:
            the learner's data directory).

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
    """

    def __init__(self, deals: Sequence[PracticeDeal], *, lang: str | None = None,
                 level: str = "club", pace: float = DEFAULT_PACE,
                 progress: CourseProgress | None = None) -> None:
        if not deals:
            raise ValueError("a practice app needs at least one practice deal")
        lang = resolve_language(lang)
        self.deals = tuple(deals)
        self.lang = lang
        self.level = level
        self.pace = pace
        self.progress = progress if progress is not None else CourseProgress()
        self._counted = False
        self._dealt = 0                        # the index of the deal on the table
        self._shown: Mistake | None = None     # the debrief's mistake drawn
        self.language = language_toggle(lang)
        self.language.observe(lambda change: self.set_language(str(change["new"])),
                              names="value")
        self.choice = widgets.Dropdown(
            options=self._deal_options(), value=0, style={"description_width": "initial"},
            layout=widgets.Layout(width="min(36rem, 100%)", margin="2px 12px 2px 0"))
        self.coaching = widgets.Checkbox(value=True, indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.start_button = widgets.Button(button_style="primary")
        self.start_button.on_click(lambda _: self.start())
        self.goal = widgets.HTML()
        self.goal.add_class("bt-practice-goal")
        self.table_box = widgets.VBox()
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
        super().__init__([top, self.goal, self.table_box, self.debrief, self.position])
        self.add_class("bt-practice-app")
        self.start()

    @property
    def deal(self) -> PracticeDeal:
        """The practice deal chosen."""
        return self.deals[self.choice.value]

    def start(self) -> None:
        """Deal the chosen practice deal from its start (the four-colour deck kept as it
        was on the table before)."""
        self._dealt = self.choice.value
        practice = self.deals[self._dealt]
        session = TableSession(practice.new_deal(), level=self.level, rng=0,
                               coaching=self.coaching.value, lang=self.lang)
        self._counted = False
        self._draw_goal()
        four_colour = self.table is not None and bool(self.table.four_colour.value)
        self.table = TableApp(session, pace=self.pace, on_deal_over=self._deal_over,
                              four_colour=four_colour)
        self.table.four_colour.observe(
            lambda change: paint_deck(self, bool(change["new"])), names="value")
        paint_deck(self, four_colour)
        self.table_box.children = (self.table,)
        self.debrief.children = ()
        self._shown = None
        self.position.value = ""

    def set_language(self, lang: str) -> None:
        """Word the whole app in ``lang`` (what the toggle :attr:`language` does): the
        settings, the goal, the table with its status, boxes, buttons and the coach's
        comment, the debrief and the position shown. The deal goes on where it was; the
        coach speaks ``lang`` from then on; nothing is recorded again.

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

    def _draw_goal(self) -> None:
        lang = self.lang
        practice = self.deals[self._dealt]
        self.goal.value = (f'<div class="bt-msg bt-info"><p class="bt-head">'
                           f"{escape(practice.title(lang))}</p>"
                           f"<p>{escape(practice.goal(lang))}</p></div>")

    def _deal_over(self, app: TableApp) -> None:
        if not self._counted:                  # once per deal dealt (lesson progress)
            self._counted = True
            self.progress.record_practice(self.deals[self._dealt].id, lang=self.lang)
        self._draw_debrief(app)

    def _draw_debrief(self, app: TableApp) -> None:
        """The debrief of the deal played on ``app``, in :attr:`lang` (none without the
        coach)."""
        lang = self.lang
        mistakes = app.session.mistakes
        if not app.session.coaching:
            self.debrief.children = ()
            return
        key = ("debrief_none" if not mistakes
               else explain.plural_key("debrief_title", len(mistakes), lang))
        head = explain.text(key, lang, n=len(mistakes))
        rows: list[widgets.Widget] = [widgets.HTML(f"<h3>{escape(head)}</h3>")]
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
