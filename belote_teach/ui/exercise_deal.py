"""Kind ``deal`` of the scenario player (a course kind): who cuts and whether a cut is
allowed (R2.1), who receives the first packet (R2.2), who leads the first pli (R2.8) and
who deals the next deal (R2.9).

The learner sees the table from South with the dealer button (and the taker's tag, the
cut, or "this deal has been played" when the question needs it), and answers with four
seat buttons, North, East, South, West in their language, or with "Yes" / "No" for a
cut. The engine answers (:meth:`DealScenario.result
<belote_teach.course.scenarios.model.DealScenario.result>`, from a
:class:`~belote_teach.engine.deal.Deal`); the feedback names the rule's title and ID and says
why, with the seats and the numbers (cards lifted, cards left, packets of 3 and 2) taken
from the engine's tables.
"""

from __future__ import annotations

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.scenarios import DealScenario
from belote_teach.engine.cards import DECK, Seat
from belote_teach.engine.deal import CUT_MIN, PACKETS
from belote_teach.render.deal_game import deal_table_html
from belote_teach.render.exercises import rule_heading, say
from belote_teach.render.html import escape
from belote_teach.ui.exercises import LEARNER, Exercise, Progress, Refresh, Submit
from belote_teach.ui.shared import lean

__all__ = ["SEAT_ORDER", "DealExercise"]

#: The order of the seat buttons: North, East, South, West.
SEAT_ORDER: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)

#: The answers of a ``cut`` question, as (button key, value): yes, it is allowed; no.
_CUT_ANSWERS: tuple[tuple[str, bool], ...] = (("yes", True), ("no", False))


class DealExercise(Exercise[DealScenario]):
    """Kind ``deal``: one question about the dealing around the donneur (R2.1, R2.2, R2.8,
    R2.9), answered by clicking a seat (or yes / no for a cut).

    Attributes:
        answer: the engine's answer, a :class:`~belote_teach.engine.cards.Seat` or, for question
            ``cut``, whether the cut is allowed.
        buttons: the answer buttons by key (``"N"``, ``"E"``, ``"S"``, ``"W"``, or ``"yes"``
            and ``"no"``), built with the controls; a click submits the seat or the bool.
    """

    def __init__(self, scenario: DealScenario):
        super().__init__(scenario)
        self.scenario: DealScenario = scenario
        self.answer: Seat | bool = scenario.result()
        self.buttons: dict[str, widgets.Button] = {}
        self._label: widgets.HTML | None = None

    @property
    def question(self) -> str:
        """The scenario's question: ``cutter``, ``cut``, ``first_packet``, ``leader`` or
        ``next_dealer``."""
        return self.scenario.question

    def _seat(self, seat: Seat | None, lang: str) -> str:
        return "" if seat is None else explain.seat_name(seat, lang)

    def prompt(self, lang: str) -> str:
        scenario = self.scenario
        key = f"deal_prompt_{self.question}"
        if self.question == "cut" and scenario.cut is not None:
            key = explain.plural_key(key, scenario.cut, lang)      # "1 card" / "2 cards"
        return scenario.prompt.get(lang) or say(
            key, lang, dealer=self._seat(scenario.dealer, lang),
            taker=self._seat(scenario.taker, lang), cut=scenario.cut)

    # ---------------------------------------------------------------- controls
    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        choices: tuple[tuple[str, Seat | bool], ...]
        if self.question == "cut":
            choices = _CUT_ANSWERS
        else:
            choices = tuple((seat.value, seat) for seat in SEAT_ORDER)
        for key, value in choices:
            button = lean(widgets.Button, layout={"width": "auto"})
            button.on_click(lambda _, chosen=value: submit(chosen))
            self.buttons[key] = button
        self._label = lean(widgets.HTML)
        box = lean(widgets.HBox, [self._label, *self.buttons.values()],
                   layout={"flex_flow": "row wrap", "align_items": "center",
                           "margin": "6px 0 0 0"})
        box.add_class("bt-quiz-controls")
        return box

    def _value(self, key: str) -> Seat | bool:
        return dict(_CUT_ANSWERS)[key] if self.question == "cut" else Seat(key)

    def _words(self, value: Seat | bool, lang: str) -> str:
        """A seat's name, or the yes / no of a cut, as the learner's answer reads."""
        if isinstance(value, bool):
            return say("answer_yes" if value else "answer_no", lang)
        return explain.seat_name(value, lang)

    def update_controls(self, progress: Progress, lang: str) -> None:
        if self._label is None:
            return
        self._label.value = f"<b>{escape(say('deal_group', lang))}</b>"
        last = progress.last
        for key, button in self.buttons.items():
            value = self._value(key)
            if isinstance(value, bool):
                button.description = say("deal_yes" if value else "deal_no", lang)
            elif value is LEARNER:
                button.description = say("deal_you", lang, seat=self._words(value, lang))
            else:
                button.description = self._words(value, lang)
            if last is value:  # a Seat, or True / False
                right = self.is_right(value)
                button.icon = "check" if right else "times"
                button.button_style = "success" if right else "danger"
            else:
                button.icon, button.button_style = "", ""

    # ---------------------------------------------------------------- checking
    def is_right(self, answer: object) -> bool:
        if isinstance(self.answer, bool):
            return isinstance(answer, bool) and answer is self.answer
        return isinstance(answer, Seat) and answer is self.answer

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return say("deal_hint_cut" if self.question == "cut" else "deal_hint", lang)

    def solution(self, lang: str) -> str:
        if isinstance(self.answer, bool):
            return say("deal_answer_cut_yes" if self.answer else "deal_answer_cut_no", lang)
        return say(f"deal_answer_{self.question}", lang, seat=self._seat(self.answer, lang),
                   first=PACKETS[0])

    def why(self, lang: str) -> str:
        """Why the engine's answer is right, with the seats and the numbers (R2.1 the cut
        leaves at least :data:`~belote_teach.engine.deal.CUT_MIN` cards on each side, R2.2 the
        packets :data:`~belote_teach.engine.deal.PACKETS`)."""
        scenario = self.scenario
        total = len(DECK)
        if isinstance(self.answer, bool):
            cut = scenario.cut
            assert cut is not None
            return say("deal_why_cut_yes" if self.answer else "deal_why_cut_no", lang,
                       cut=cut, total=total, rest=total - cut, min=CUT_MIN, low=CUT_MIN,
                       high=total - CUT_MIN)
        return say(f"deal_why_{self.question}", lang,
                   dealer=self._seat(scenario.dealer, lang),
                   taker=self._seat(scenario.taker, lang),
                   seat=self._seat(self.answer, lang), min=CUT_MIN, first=PACKETS[0],
                   second=PACKETS[1], hand=sum(PACKETS))

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        scenario = self.scenario
        last = progress.last
        marked = {last: self.is_right(last)} if isinstance(last, Seat) else {}
        table = deal_table_html(scenario.dealer, lang=lang, me=LEARNER, taker=scenario.taker,
                                cut=scenario.cut, played=self.question == "next_dealer",
                                marked=marked)
        return table, ""

    def verdict_html(self, progress: Progress, lang: str) -> str:
        last = progress.last
        assert isinstance(last, Seat | bool)
        heading = rule_heading(self.scenario.rule_id, lang)
        answer = self.solution(lang)
        if self.is_right(last):
            return render.message_html("ok", say("deal_right", lang, answer=answer),
                                       [heading, self.why(lang)])
        return render.message_html("bad", say("deal_wrong", lang,
                                              given=self._words(last, lang), answer=answer),
                                   [heading, self.why(lang)])
