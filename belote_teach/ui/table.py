"""The card table widget: a practice hand or a whole game against the computer, with the
coach. A thin controller over :class:`~belote_teach.coach.session.TableSession`:
a click becomes a session call, the session's answer is drawn by ``render`` and worded
by ``explain``; no rule is decided here.

The widget shows the table seen from the learner (the card board), a bidding box
("Je prends" / "Je passe" in round 1, the three other suits in round 2), the
announcements the learner may declare with the first card (check boxes, declared only if
ticked), a "Belote !" toggle when the learner holds the atout K and Q, the coach's comment,
and the buttons Hint, Undo (coaching on), Last trick, Replay the deal (in a game: once the
deal is over, as practice that the score sheet does not count). Computer players act one
decision at a time, ``pace`` seconds apart (0: at once, as in the tests), once the board is
drawn in the page, and a trick just completed stays on the table for one ``pace`` before
the next lead (at pace 0 the previous pli is drawn in a corner instead), so the learner
sees every card played. When the learner is to play with the coach on, the coach starts
solving its worlds at once, in the background
(:meth:`~belote_teach.coach.session.TableSession.think_ahead`): as soon as the card
before the learner's turn is played, while it (or the trick it completes) is still shown
alone for one ``pace``, so a review or hint only completes what that pace and the
learner's thinking time have not.

The table takes a click only when the learner is to act, on the position the learner saw:
the board and the bidding box are drawn with the session's position token
(:attr:`~belote_teach.coach.session.TableSession.position`), each click brings back the token
of the drawing it was made on, and a click made while a computer is to act or on a
drawing that is no longer the one on screen changes nothing and says "wait for your
turn". Double clicks and illegal cards change nothing either. A check box "Four-colour
deck" draws ♦ blue and ♣ green (:data:`belote_teach.render.FOUR_COLOUR_CLASS`); every
control is a button, check box or slider, so the whole table plays from the keyboard.

The table has no language toggle of its own: the app around it (practice hands, the game)
shows the EN / FR toggle and calls :meth:`TableApp.set_language`, which words every text
of the table again, the coach's comment on the table included.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.coach.session import Feedback, TableSession
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card
from belote_teach.engine.deal import Phase
from belote_teach.explain import calls as call_text
from belote_teach.render.comment import comment_html
from belote_teach.render.deal_story import render_deal_story
from belote_teach.render.html import escape
from belote_teach.render.score_sheet import render_deal_breakdown
from belote_teach.render.table import render_last_trick, render_table, spoken_words
from belote_teach.ui.board import CardBoard
from belote_teach.ui.language import resolve_language

__all__ = ["DEFAULT_PACE", "MAX_PACE", "TableApp", "mount_table", "paint_deck", "table_pace"]

#: The pace of a new table, in seconds per computer decision (and the time a completed
#: trick stays on the table).
DEFAULT_PACE = 0.6
#: The slowest pace the table's slider offers, in seconds.
MAX_PACE = 2.0


def table_pace(asked: float | None, saved: object) -> float:
    """The pace of a table, in seconds: ``asked`` (an app's ``pace`` argument) when not
    ``None``, else ``saved`` (the learner's choice kept with a game or a practice hand)
    when it is a number from 0 to :data:`MAX_PACE`, else :data:`DEFAULT_PACE`."""
    if asked is not None:
        return asked
    if isinstance(saved, (int, float)) and not isinstance(saved, bool) \
            and 0 <= saved <= MAX_PACE:
        return float(saved)
    return DEFAULT_PACE


def paint_deck(widget: widgets.DOMWidget, four_colour: bool) -> None:
    """Draw the cards and suit symbols inside ``widget`` with the four-colour deck (♠ black,
    ♥ red, ♦ blue, ♣ green) when ``four_colour`` is true, else with the usual two colours:
    adds or removes the class :data:`belote_teach.render.FOUR_COLOUR_CLASS` on ``widget``.
    Raises nothing."""
    if four_colour:
        widget.add_class(render.FOUR_COLOUR_CLASS)
    else:
        widget.remove_class(render.FOUR_COLOUR_CLASS)


class TableApp(widgets.VBox):
    """The table widget over a :class:`TableSession`.

    Args:
        session: the deal or game to play (a game built with ``auto_advance=False``, so
            the finished deal stays on the table until "Next deal" is clicked).
        pace: seconds between two computer decisions, and the time a completed trick
            stays on the table (default :data:`DEFAULT_PACE`; 0 = at once).
        on_deal_over: called with the app when a deal ends, with its last card, as the
            table says so (the game app writes the score sheet and counts a game finished
            there, the practice app its debrief).
        on_change: called with the app after every change of the position on the table:
            each bid and card (the learner's and the computers'), an undo, a replay, a new
            deal; and once a complete trick held on the table is gathered for the
            learner's lead (:attr:`gathered`). The game app saves there.
        four_colour: start with the four-colour deck (the apps around the table pass the
            learner's choice on to the next table they build).
        start: let the computers act at once (default); False: only draw the table, and
            the owner calls :meth:`advance` when it is ready for :attr:`on_change`.
        gathered: the position on the table (the learner to lead just after a trick) was
            saved once that trick had been held and gathered on screen (:attr:`gathered`
            then): the table shows the learner's lead at once, as the page did before a
            reload, rather than that trick again. Ignored at any other position.

    Attributes:
        pace_slider: the learner's control of :attr:`pace` (seconds, 0 to 2), without its
            own readout; ``pace_value`` shows the value beside it in the learner's
            language (``"0,6 s"``).
        board: the :class:`CardBoard` (table, hand, feedback, and the position token of
            the drawing); a click on a card sets ``board.selected`` with the token it
            carried (tests click with ``board.click``, or set ``selected``: a click on
            the drawing on screen).
        bids: the bidding box's buttons, by bid notation (``"take"``, ``"pass"``, ``"S"``…).
        announce: one check box per announcement the learner may declare now.
        belote: the "Belote !" toggle.
        four_colour: the "Four-colour deck" check box (``value`` true: ♦ blue, ♣ green).
    """

    def __init__(self, session: TableSession, *, pace: float = DEFAULT_PACE,
                 on_deal_over: Callable[[TableApp], None] | None = None,
                 on_change: Callable[[TableApp], None] | None = None,
                 four_colour: bool = False, start: bool = True,
                 gathered: bool = False) -> None:
        self.session = session
        self.pace = pace
        self.on_deal_over = on_deal_over
        self.on_change = on_change
        self._acting = False                 # computers to act, or a trick held: wait
        # the position whose complete trick was held (already, when ``gathered``)
        self._ended: str | None = (session.position if gathered and session.trick_complete
                                   and session.learner_to_act else None)
        self._waiting = False                # the computers wait for the board to be shown
        self._timer: asyncio.TimerHandle | None = None
        self._stopped = False
        self._show_last = False
        self._said: Callable[[str], str] | None = None   # the comment, in any language
        self._notice: str | None = None      # catalog key of a click ignored
        self.board = CardBoard()
        self.board.observe(self._on_card, names="selected")
        self.board.observe(self._on_shown, names="shown")
        self.status = widgets.HTML()
        self.bid_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.bids: dict[str, widgets.Button] = {}
        self._bids_drawn: tuple[str, str] | None = None   # their position token, language
        self.announce_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.announce_title = widgets.HTML()
        self.announce_advice = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.announce: list[widgets.Checkbox] = []
        self._offered: tuple[Announcement, ...] = ()
        self.belote = widgets.ToggleButton(value=False)
        self.hint_button = widgets.Button()
        self.undo_button = widgets.Button()
        self.last_button = widgets.ToggleButton()
        self.replay_button = widgets.Button()
        self.review_button = widgets.ToggleButton()
        self.review_button.observe(lambda change: self.redraw(), names="value")
        self.review = widgets.HTML()
        # the slider's own readout would print "0.6" in every language: the value is
        # shown beside it instead, worded by explain.number ("0,6 s" in French)
        self.pace_slider = widgets.FloatSlider(
            value=pace, min=0.0, max=MAX_PACE, step=0.1, readout=False,
            style={"description_width": "initial"})
        self.pace_slider.add_class("bt-pace")
        self.pace_value = widgets.HTML()
        self.pace_value.add_class("bt-pace-value")
        self.pace_slider.observe(self._on_pace, names="value")
        self.next_button = widgets.Button(button_style="primary")
        self.four_colour = widgets.Checkbox(value=bool(four_colour), indent=False,
                                            layout=widgets.Layout(width="auto"))
        self.four_colour.observe(lambda change: paint_deck(self, bool(change["new"])),
                                 names="value")
        self._label()
        self.next_button.on_click(lambda _: self._next_deal())
        self.hint_button.on_click(lambda _: self._hint())
        self.undo_button.on_click(lambda _: self._undo())
        self.last_button.observe(lambda change: self._toggle_last(change["new"]), names="value")
        self.replay_button.on_click(lambda _: self._replay())
        tools = widgets.HBox([self.next_button, self.hint_button, self.undo_button,
                              self.last_button, self.review_button, self.replay_button,
                              self.pace_slider, self.pace_value, self.four_colour],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.status, self.board, self.bid_box, self.announce_box,
                          self.belote, tools, self.review])
        self.add_class("bt-table-app")
        # the parts the stylesheet lays out: beside the table on a wide screen, the
        # controls of the learner's turn right under the hand on a narrow one
        for part, css in ((self.status, "bt-table-status-line"), (self.board, "bt-table-board"),
                          (self.bid_box, "bt-table-bids"), (self.announce_box, "bt-table-announce"),
                          (self.belote, "bt-table-belote"), (tools, "bt-table-tools"),
                          (self.review, "bt-table-review-box")):
            part.add_class(css)
        paint_deck(self, self.four_colour.value)
        if start:
            self.advance()
        else:
            self.redraw()

    @property
    def comment(self) -> str:
        """The coach's comment on the table: HTML in the session's language, empty when
        there is none (a new deal, an undo)."""
        return self._said(self.session.lang) if self._said is not None else ""

    @property
    def notice(self) -> str:
        """Why the learner's last click was ignored ("wait for your turn"), HTML in the
        session's language; empty when the last click was taken, and "wait for your
        turn" is gone once the computers have played up to the learner's turn (or the
        deal's end)."""
        if self._notice is None:
            return ""
        return render.message_html("info", explain.text(self._notice, self.session.lang))

    @property
    def holding(self) -> bool:
        """True while a trick just completed stays on the table before the next lead (or
        waits there for the board to be shown, as after a reload at a trick's end)."""
        session = self.session
        return (self._acting and self.pace > 0 and session.trick_complete
                and (self._ended == session.position or self._waiting))

    @property
    def _to_hold(self) -> bool:
        """A trick just completed that has not stayed on the table yet."""
        return self.session.trick_complete and self._ended != self.session.position

    @property
    def gathered(self) -> bool:
        """True when the learner is to lead just after a trick that was held on the table
        (at a pace) and has been gathered: the page shows the lead, not that trick. A
        reload keeps it (the ``gathered`` argument)."""
        session = self.session
        return (session.trick_complete and session.learner_to_act and not self._acting
                and self._ended == session.position)

    @property
    def learner_may_act(self) -> bool:
        """True when the table on screen waits for the learner's bid or card."""
        return self.session.learner_to_act and not self._acting and not self._stopped

    # ------------------------------------------------------------------ language
    def set_language(self, lang: str) -> None:
        """Word the whole table in ``lang``: the status, the buttons, the pace label, the
        four-colour check box, the bidding box, the announcements (the ticks kept), the
        belote toggle, the cards' names, the review of the deal and the coach's comment
        already shown (worded again, nothing asked of the coach again); the coach speaks
        ``lang`` from then on (:attr:`TableSession.lang`). The deal, the game and its
        chance do not change.

        Args:
            lang: ``"en"`` or ``"fr"``.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"`` (nothing changes).
        """
        self.session.lang = resolve_language(lang)
        self._label()
        self.redraw()

    def set_coaching(self, on: bool) -> None:
        """Turn the coach on or off from the learner's next decision
        (:meth:`TableSession.set_coaching`), the Undo button with it; :attr:`on_change`
        is told (the setting is saved with the deal). Nothing on a stopped table.

        Raises:
            TypeError: ``on`` is not a bool (nothing changes).
        """
        if not isinstance(on, bool):
            raise TypeError(f"coaching is on (True) or off (False), got {on!r}")
        if self._stopped or on is self.session.coaching:
            return
        self.session.set_coaching(on)
        self.redraw()
        self._changed()

    def _label(self) -> None:
        """The fixed labels in the session's language (the announcement boxes too)."""
        lang = self.session.lang
        self.hint_button.description = explain.text("hint", lang)
        self.undo_button.description = explain.text("undo", lang)
        self.last_button.description = explain.text("last_trick", lang)
        self.replay_button.description = explain.text("replay_deal", lang)
        self.replay_button.tooltip = explain.text(
            "replay_practice_tip" if self.session.game is not None else "replay_deal", lang)
        self.review_button.description = explain.text("review_deal", lang)
        self.pace_slider.description = explain.text("pace_label", lang)
        self._show_pace()
        self.next_button.description = explain.text("next_deal", lang)
        self.four_colour.description = explain.text("four_colour", lang)
        # a toggle button without a tooltip would say title="null"
        self.last_button.tooltip = self.last_button.description
        self.review_button.tooltip = self.review_button.description
        self.announce_title.value = escape(explain.text("declare_with_card", lang))
        self.announce_advice.value = self._announce_advice()
        for announcement, box in zip(self._offered, self.announce, strict=True):
            box.description = call_text.announcement_name(announcement, lang)

    def _on_pace(self, change: dict[str, object]) -> None:
        value = change["new"]
        assert isinstance(value, float)
        self.pace = value
        self._show_pace()

    def _show_pace(self) -> None:
        """The pace beside its slider, in the session's language: ``"0,6 s"`` / ``"0.6 s"``
        (:func:`~belote_teach.explain.number`)."""
        lang = self.session.lang
        seconds = explain.number(self.pace_slider.value, lang, digits=1)
        self.pace_value.value = escape(explain.text("pace_value", lang, seconds=seconds))

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Go on with the deal until the learner must act or the deal is over, redrawing
        after each step: the computer players act one every :attr:`pace` seconds (all at
        once when 0), a trick just completed stays on the table for one :attr:`pace`
        before the next lead (:attr:`on_change` is called once it is gathered for the
        learner's lead), and with a pace nothing is played before the board is
        drawn in the page (:attr:`CardBoard.shown`). :attr:`on_change` is called after
        every computer decision; :attr:`on_deal_over` once the deal is over. Calling it
        again changes nothing but the drawing."""
        if self._stopped:
            return
        self._cancel_timer()
        session = self.session
        session.think_ahead()     # the coach solves its worlds while the learner thinks
        paced = self.pace > 0
        gathered = self.gathered
        if paced and not self.board.shown and (session.computer_to_act or self._to_hold):
            self._waiting = True                       # _on_shown goes on
            self._acting = True
            self.redraw()
            return
        while True:
            if paced and self._to_hold:
                self._ended = session.position         # the trick stays for one pace
                self._acting = True
                self.redraw()
                self._later(self.advance)
                return
            if not session.computer_to_act:
                break
            self._acting = True
            session.step()
            session.think_ahead()     # the learner's turn now: at once, not after the pace
            self._changed()
            if paced and not session.trick_complete and not session.deal.phase.is_over:
                self.redraw()
                self._later(self.advance)
                return
        self._acting = False
        if self._notice == "wait_turn":                 # the wait is over: no longer true
            self._notice = None
        if self.gathered and not gathered:
            self._changed()                            # a reload shows the lead, not the trick
        self.redraw()
        self._deal_over_check()

    def stop(self) -> None:
        """Stop this table for good (a new table replaces it): no computer decision is
        taken any more, no click is taken, :attr:`on_change` is not called again, and the
        coach's background work on the position stops."""
        self._stopped = True
        self._cancel_timer()
        self.session.stop_thinking()

    def _on_shown(self, change: dict[str, object]) -> None:
        if change["new"] and self._waiting:
            self._waiting = False
            self.advance()

    def _later(self, step: Callable[[], None]) -> None:
        """Call ``step`` in :attr:`pace` seconds on the event loop (the kernel's)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop()
        self._timer = loop.call_later(self.pace, step)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _changed(self) -> None:
        if self.on_change is not None and not self._stopped:
            self.on_change(self)

    def _deal_over_check(self) -> None:
        if self.session.deal.phase.is_over and self.on_deal_over is not None \
                and not self._stopped:
            self.on_deal_over(self)

    # ------------------------------------------------------------------ learner actions
    def _may_act(self, position: str | None) -> bool:
        """Whether a click made on the drawing of token ``position`` (``None``: the one
        drawn now) is taken: the learner is to act on screen and the click was made on
        the position on screen. An ignored click says why (:attr:`notice`)."""
        if self._stopped:
            return False
        drawn = self.board.position
        if not drawn or not self.learner_may_act:
            self._ignored("wait_turn")
            return False
        if (position is not None and position != drawn) or drawn != self.session.position:
            self._ignored("stale_click")
            return False
        return True

    def _ignored(self, key: str) -> None:
        self._notice = key
        self.board.feedback_html = self.comment + self.notice

    def _on_card(self, change: dict[str, object]) -> None:
        notation = str(change["new"])
        if not notation:
            return
        position = self.board.clicked_position
        self.board.selected = ""
        session = self.session
        if not self._may_act(position) or session.deal.phase.is_bidding:
            return
        try:
            card = Card.parse(notation)
        except ValueError:
            return                                     # not a card: nothing to play
        if card not in session.observation.hand:
            return                                     # not in the hand on screen
        declared = tuple(a for a, box in zip(self._offered, self.announce, strict=True)
                         if box.value)
        self._answer(session.play(card, announce=declared, belote=self.belote.value))

    def bid(self, bid: Bid | str, *, position: str | None = None) -> None:
        """The learner's bid, as the bidding box's buttons do: taken only when the table
        on screen waits for the learner's bid and, when ``position`` is given, the bid was
        chosen on the drawing of that token (a button of the bidding box gives the token
        it was drawn with); else nothing changes and the table says "wait for your
        turn"."""
        if not self._may_act(position) or not self.session.deal.phase.is_bidding:
            return
        self._answer(self.session.bid(bid))

    def _answer(self, feedback: Feedback) -> None:
        rule = feedback.rule

        def said(lang: str) -> str:
            if feedback.accepted:                      # each part with its own mark
                return comment_html(feedback.parts(lang), lang)
            words = feedback.text_in(lang)
            if rule is not None:                        # a refused card: the rule first
                head = explain.text("correct_rule", lang, title=explain.rule_title(rule, lang),
                                    rule_id=rule.rule_id)
                return render.message_html("bad", head, [words])
            if not words:
                return ""
            verdict, details = call_text.first_sentence(words)
            return render.message_html("bad", verdict, [details])

        self._said = said
        self._notice = None
        if not feedback.accepted:
            self.redraw()
            return
        self.belote.value = False
        self._changed()
        session = self.session
        if self.pace > 0 and session.computer_to_act and not session.trick_complete:
            self._acting = True                    # the learner's card on the table first,
            self.redraw()                          # the next computer one pace later
            self._later(self.advance)
        else:
            self.advance()

    def _hint(self) -> None:
        if self.learner_may_act:
            advice = self.session.advice()
            declare = self.session.announcement_advice()     # the first card's box too
            self._said = lambda lang: render.message_html(
                "info", explain.text("hint_title", lang),
                [advice.text(lang), declare.text(lang) if declare is not None else ""])
            self.redraw()

    def _undo(self) -> None:
        if not self._acting and not self._stopped and self.session.undo():
            self._said = None
            self._notice = None
            self._changed()
            self.redraw()

    def _toggle_last(self, shown: bool) -> None:
        self._show_last = shown
        self.redraw()

    def _next_deal(self) -> None:
        """"Next deal": the game's next deal, a practice replay left where it was."""
        game = self.session.game
        if self._stopped or game is None or game.is_over or not game.deal.phase.is_over:
            return
        self._cancel_timer()                       # a replay's computers stop
        self.session.next_deal()
        self._fresh_table()

    def _replay(self) -> None:
        """"Replay this deal": a practice hand again, or (in a game, once the deal is
        over) a practice replay that the score sheet does not count."""
        game = self.session.game
        if self._stopped:
            return
        if game is not None and not game.deal.phase.is_over:
            return                                 # the button is shown once it is
        self._cancel_timer()
        self.session.restart()
        self._fresh_table()

    def _fresh_table(self) -> None:
        """A new deal or a replay on the table: no comment, no review, then play on."""
        self._said = None
        self._notice = None
        self._ended = None
        self._acting = False
        self.review_button.value = False
        self._changed()
        self.advance()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        """Draw the table, the hand, the boxes and the comment for the current state,
        with the position token the board and the bidding box send back with a click
        (none while the learner waits)."""
        session = self.session
        lang = session.lang
        deal = session.deal
        obs = session.observation
        view = session.trick_view() if self.holding else obs
        game = session.game
        table = render_table(view, lang=lang, show_hand=False,
                             spoken=spoken_words(view, lang),
                             game_totals=game.totals if game is not None else None,
                             target=game.rules.target if game is not None else None,
                             last_trick_shown=self.pace <= 0 and not self._show_last)
        if self._show_last and obs.tricks:
            table += render_last_trick(obs.tricks[-1], lang=lang, me=session.learner,
                                       entame=len(obs.tricks) == 1)
        mine = self.learner_may_act
        playable = mine and deal.phase is Phase.PLAY
        states = {}
        if playable and obs.legal_plays is not None:
            states = {c: "" if c in obs.legal_plays else "dim" for c in obs.hand}
        with self.board.hold_sync():               # one message: parts and token agree
            self.board.table_html = table
            self.board.hand_html = render.hand_html(obs.hand, lang, interactive=playable,
                                                    states=states, trump=obs.trump)
            self.board.feedback_html = self.comment + self.notice
            self.board.position = session.position if mine else ""
        self.status.value = self._status_html()
        self._draw_bids(mine and deal.phase.is_bidding)
        self._draw_announcements(playable)
        self._draw_belote(playable)
        over = deal.phase.is_over
        self.next_button.layout.display = (
            "" if game is not None and not game.is_over and game.deal.phase.is_over
            else "none")
        self.replay_button.layout.display = (
            "" if game is None or game.deal.phase.is_over else "none")
        self.undo_button.disabled = not session.can_undo or self._acting
        self.hint_button.disabled = not mine
        self.last_button.disabled = not obs.tricks
        self.review_button.layout.display = "" if over and deal.tricks else "none"
        self.review.value = self._review_html() if over and self.review_button.value else ""

    def _review_html(self) -> str:
        """The whole finished deal: every trick in order, then its score breakdown."""
        session = self.session
        deal = session.deal
        lang = session.lang
        tricks = deal.tricks
        parts = [render_last_trick(trick, lang=lang, me=session.learner,
                                   dix_de_der=i == len(tricks) - 1, number=i + 1)
                 for i, trick in enumerate(tricks)]
        if deal.score is not None:
            parts.append(render_deal_breakdown(deal.score, lang=lang, nous=session.learner.team))
        return f'<div class="bt-root bt-table-review">{"".join(parts)}</div>'

    def _status_html(self) -> str:
        """The top of the table: the status line (and the note of a practice replay); once
        the deal is over, inside the story of the deal (the game's winner first, once the
        game is over), worded by :func:`~belote_teach.render.deal_story.render_deal_story`
        from the engine's score."""
        session = self.session
        status = (f'<p class="bt-table-status">{escape(self._status())}</p>'
                  + self._replay_note())
        deal = session.deal
        if not deal.phase.is_over:
            return status
        game = session.game
        return render_deal_story(deal.score, lang=session.lang, contract=deal.contract,
                                 me=session.learner,
                                 sheet=game.sheet if game is not None else None,
                                 counted=not session.replaying, status=status)

    def _status(self) -> str:
        session = self.session
        lang = session.lang
        deal = session.deal
        if deal.phase.is_over:
            return explain.text("replay_over" if session.replaying else "deal_over", lang)
        if self.holding:
            winner = deal.trick_winners[-1]
            n = len(deal.tricks)
            if winner is session.learner:
                return explain.text("trick_won_you", lang, n=n)
            return explain.text("trick_won", lang, n=n, seat=explain.seat_name(winner, lang))
        if self.learner_may_act:
            return explain.text("turn_bid" if deal.phase.is_bidding else "turn_card", lang)
        turn = deal.turn
        assert turn is not None
        if turn is session.learner:            # the last computer's card or bid, held
            return self._before_learner(lang)  # one pace before the learner's turn
        return explain.text("thinking_bid" if deal.phase.is_bidding else "thinking", lang,
                            seat=explain.seat_name(turn, lang))

    def _before_learner(self, lang: str) -> str:
        """The status while the bid or card just made before the learner's turn is held
        on the table: who made it and what, the learner's turn next."""
        deal = self.session.deal
        trick = deal.trick
        if trick is not None and trick.plays:
            play = trick.plays[-1]
            return explain.text("played_before_you", lang,
                                seat=explain.seat_name(play.seat, lang),
                                card=explain.card_short(play.card, lang))
        if deal.phase.is_bidding and deal.bids:
            seat, bid = deal.bids[-1]
            return explain.text("bid_before_you", lang, seat=explain.seat_name(seat, lang),
                                bid=call_text.bid_words(bid, lang))
        return explain.text("turn_soon", lang)

    def _replay_note(self) -> str:
        """During a practice replay of a game's deal, the line saying it does not count."""
        game = self.session.game
        if game is None or not self.session.replaying:
            return ""
        words = explain.text("replay_practice", self.session.lang, n=game.number)
        return f'<p class="bt-table-note">{escape(words)}</p>'

    def _draw_bids(self, shown: bool) -> None:
        """The bidding box for the position on screen: each button bids with the token of
        that position, so a button left from an earlier drawing bids nothing. A drawing
        again of the same position in the same language keeps its buttons: a click made
        on them meanwhile is not lost on a button just closed."""
        obs = self.session.observation
        old = self.bids
        if not shown or obs.legal_bids is None:
            self.bid_box.children = ()
            self.bids = {}
            self._bids_drawn = None
        else:
            lang = self.session.lang
            token = self.session.position
            if self._bids_drawn == (token, lang) and self.bids:
                return
            self._bids_drawn = (token, lang)
            buttons = {}
            for bid in sorted(obs.legal_bids, key=lambda b: (b.is_pass, str(b))):
                words = call_text.bid_words(bid, lang)    # as in the lessons' exercises
                button = widgets.Button(description=words, tooltip=words)
                button.on_click(lambda _, chosen=bid, at=token: self.bid(chosen, position=at))
                buttons[str(bid)] = button
            self.bids = buttons
            self.bid_box.children = tuple(buttons.values())
        for button in old.values():
            button.close()                         # the page drops the old buttons

    def _draw_announcements(self, playable: bool) -> None:
        obs = self.session.observation
        available = tuple(obs.announcements_available) if playable else ()
        if available == self._offered:
            return
        lang = self.session.lang
        self._offered = available
        self.announce = [widgets.Checkbox(value=False, indent=False,
                                          description=call_text.announcement_name(a, lang))
                         for a in available]
        self.announce_advice.value = self._announce_advice()
        # the boxes right under the hand, the coach's advice after them: on a phone the
        # advice's lines would push the boxes out of the window
        shown = (self.announce_title, *self.announce, self.announce_advice)
        self.announce_box.children = shown if available else ()

    def _announce_advice(self) -> str:
        """With the coach, its advice on the announcements of the first card, under their
        boxes (what the hand holds and where to tick it, or why it cannot score), so the
        learner who comes from the bidding sees it before playing; else ``""``."""
        advice = self.session.announcement_advice() if self._offered else None
        if advice is None:
            return ""
        words = escape(advice.text(self.session.lang))
        return f'<p class="bt-declare-advice">{words}</p>'

    def _draw_belote(self, playable: bool) -> None:
        session = self.session
        obs = session.observation
        holds = playable and any(obs.may_say_belote(c) for c in obs.hand)
        self.belote.layout.display = "" if holds else "none"
        said = bool(obs.belote_calls)
        self.belote.description = explain.text("rebelote" if said else "belote",
                                               session.lang)
        self.belote.tooltip = self.belote.description


def mount_table(app: widgets.Box, box: widgets.Box, session: TableSession, *,
                pace: float, four_colour: bool, on_deal_over: Callable[[TableApp], None],
                on_change: Callable[[TableApp], None], on_deck: Callable[[bool], None],
                on_pace: Callable[[TableApp], None], gathered: bool = False) -> TableApp:
    """A new table for an app that saves what is played on it (the game, the practice
    hands): ``session`` at ``pace`` seconds, the four-colour deck as ``four_colour``
    (``app`` painted with it), shown alone in ``box``, not started (the app saves, then
    calls :meth:`TableApp.advance`). Ticking the deck box calls ``on_deck(four_colour)``,
    moving the pace slider ``on_pace(table)``; ``on_deal_over``, ``on_change`` and
    ``gathered`` are :class:`TableApp`'s."""
    table = TableApp(session, pace=pace, on_deal_over=on_deal_over, on_change=on_change,
                     four_colour=four_colour, start=False, gathered=gathered)
    table.four_colour.observe(lambda change: on_deck(bool(change["new"])), names="value")
    table.pace_slider.observe(lambda change: on_pace(table), names="value")
    paint_deck(app, four_colour)
    box.children = (table,)
    return table

