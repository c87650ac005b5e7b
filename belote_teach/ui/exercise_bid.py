"""Kind ``bid`` of the scenario player: take or pass in round 1 (R2.4), name one of the
three other suits or pass in round 2 (R2.5).

The learner (South) sees the table as in a game: the retourne, their 5 cards, the dealer
and what each earlier speaker said, listed by seat and round below the table. The dealer
is the seat that makes South the next to speak after ``history`` (the first speaker is
the player after the dealer, R2.4, R2.5), found by the engine's
:class:`~belote_teach.engine.bidding.Bidding`. Bid buttons answer: round 1 "Je prends" / "Je
passe", round 2 the four suits (the retourne's suit too, which is illegal) and "Je passe".

An illegal bid is wrong, explained by the coach's rule check (R2.4, R2.5). When the
scenario gives an ``advice``, only the advice solves the exercise: a legal bid other than
the advice is "allowed, but the lesson teaches ...", marked ⚠ (never the ✓ of the
answer taught), told with the atouts it would give and the R9 tip of ``reason``, and it
is a wrong try: the learner tries again. Without advice any legal bid is right, and the
coach's simulated review (:func:`belote_teach.coach.calls.review_bid`) adds its view: the
chances of making the contract, the J / 9 of atout, a club player's reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.coach.calls import BidReview, review_bid
from belote_teach.course.scenarios import BidScenario
from belote_teach.engine.bidding import PASS, TAKE, Bid, Bidding
from belote_teach.engine.cards import DECK, Card, Seat, Suit
from belote_teach.engine.deal import Deal
from belote_teach.engine.observation import Observation
from belote_teach.explain import calls as call_text
from belote_teach.render.exercises import bid_words, bidding_html, join_words, rule_heading, say
from belote_teach.render.html import escape
from belote_teach.render.table import render_table, spoken_words
from belote_teach.ui.errors import BiddingOverError
from belote_teach.ui.exercises import LEARNER, Exercise, Progress, Refresh, Submit
from belote_teach.ui.shared import lean

__all__ = ["BidExercise", "dealer_for"]

#: The order the bidding box shows the bids in: take, the suits S H D C, pass.
_ORDER: tuple[Bid, ...] = (TAKE, *(Bid.naming(s) for s in Suit), PASS)

#: The button's icon and style for each :meth:`Exercise.verdict`: the answer taught
#: (✓ green), allowed but not taught (! amber), not allowed (✗ red).
_BUTTON_MARKS: dict[str, tuple[str, str]] = {
    "ok": ("check", "success"), "better": ("exclamation", "warning"), "bad": ("times", "danger")}


def dealer_for(turned: Card, history: Sequence[Bid]) -> Seat:
    """The dealer that makes South the next to speak after ``history`` (R2.4, R2.5: the
    first speaker of each round is the player after the dealer).

    Args:
        turned: the retourne.
        history: the bids already made this deal, round-1 passes included (0 to 7).

    Raises:
        IllegalBidError, PhaseError: ``history`` is not a possible bidding.
        BiddingOverError: no dealer makes South the next to speak (the bidding is over).
    """
    for dealer in Seat:
        if Bidding(dealer, turned, history).to_speak is LEARNER:
            return dealer
    raise BiddingOverError(f"after the bids {[str(b) for b in history]} nobody may speak: "
                           "the bidding is over, so South has no bid to make")


def _observation(scenario: BidScenario, dealer: Seat, history: Sequence[Bid]) -> Observation:
    """South's view of a deal at their turn to bid: their 5 cards, the retourne and the
    bids so far. The other players' cards are not known to the scenario; they are filled
    in with the remaining cards in deck order, which South's view never shows."""
    unseen = [card for card in DECK if card not in {*scenario.hand, scenario.turned}]
    hands: dict[Seat, Sequence[Card]] = {LEARNER: scenario.hand}
    for number, seat in enumerate(s for s in Seat if s is not LEARNER):
        hands[seat] = unseen[5 * number:5 * number + 5]
    deal = Deal.from_hands(dealer, hands, scenario.turned, unseen[15:], scenario.rules)
    for bid in history:
        deal.bid(bid)
    return deal.observation(LEARNER)


class BidExercise(Exercise[BidScenario]):
    """Kind ``bid``: what may (and should) South say now (R2.4, R2.5; R9 tip 1).

    Attributes:
        history: the earlier bids (in round 2 without a ``history``: four passes).
        dealer: the dealer that fits the history (:func:`dealer_for`).
        bidding: the engine's :class:`~belote_teach.engine.bidding.Bidding` so far.
        legal: the bids South may make.
        advice: the bid the lesson teaches, or ``None``.
        observation: South's view at their turn to bid.
        buttons: the bid buttons by notation (``"take"``, ``"pass"``, ``"S"``...), built
            with the controls.
    """

    def __init__(self, scenario: BidScenario):
        super().__init__(scenario)
        history = tuple(Bid.parse(b) for b in scenario.history)
        if scenario.round == 2 and len(history) < 4:
            history = (PASS,) * 4 + history  # round 2 comes after four round-1 passes
        self.history: tuple[Bid, ...] = history
        self.dealer: Seat = dealer_for(scenario.turned, history)
        self.bidding = Bidding(self.dealer, scenario.turned, history)
        self.legal: frozenset[Bid] = self.bidding.legal_bids
        self.advice: Bid | None = Bid.parse(scenario.advice) if scenario.advice else None
        self.observation: Observation = _observation(scenario, self.dealer, history)
        self.buttons: dict[str, widgets.Button] = {}
        self._label: widgets.HTML | None = None
        self._reviews: dict[Bid, BidReview] = {}

    @property
    def round(self) -> int:
        """The bidding round, 1 or 2."""
        return self.bidding.round

    @property
    def rule_id(self) -> str:
        """The rule of this round: R2.4 (round 1) or R2.5 (round 2)."""
        return "R2.4" if self.round == 1 else "R2.5"

    def prompt(self, lang: str) -> str:
        return self.scenario.prompt.get(lang) or say(f"bid_prompt_{self.round}", lang)

    # ---------------------------------------------------------------- controls
    def _build_controls(self, submit: Submit, refresh: Refresh) -> widgets.Widget:
        shown = (TAKE, PASS) if self.round == 1 else (*(Bid.naming(s) for s in Suit), PASS)
        for bid in shown:
            button = lean(widgets.Button, layout={"width": "auto"})
            button.on_click(lambda _, chosen=bid: submit(chosen))
            self.buttons[str(bid)] = button
        self._label = lean(widgets.HTML)
        box = lean(widgets.HBox, [self._label, *self.buttons.values()],
                   layout={"flex_flow": "row wrap", "align_items": "center",
                           "margin": "6px 0 0 0"})
        box.add_class("bt-quiz-controls")
        return box

    def update_controls(self, progress: Progress, lang: str) -> None:
        if not self.buttons:
            return
        assert self._label is not None
        self._label.value = f"<b>{escape(say('bid_group', lang))}</b>"
        last = progress.last
        for notation, button in self.buttons.items():
            bid = Bid.parse(notation)
            button.description = bid_words(bid, lang)       # the table's words too
            button.tooltip = button.description
            if bid == last:
                button.icon, button.button_style = _BUTTON_MARKS[self.verdict(bid)]
            else:
                button.icon, button.button_style = "", ""

    # ---------------------------------------------------------------- checking
    def is_right(self, answer: object) -> bool:
        return isinstance(answer, Bid) and answer in self.legal

    def is_best(self, answer: object) -> bool:
        return self.is_right(answer) and (self.advice is None or answer == self.advice)

    def review(self, bid: Bid) -> BidReview:
        """The coach's review of ``bid`` (:func:`~belote_teach.coach.calls.review_bid`):
        an illegal bid with its rule at once; a legal one by simulated deals, seeded by
        the scenario and the bid (the same review every time), computed once."""
        if bid not in self._reviews:
            rng = random.Random(f"{self.id}:{bid}")
            self._reviews[bid] = review_bid(self.observation, bid, rng=rng)
        return self._reviews[bid]

    # ---------------------------------------------------------------- drawing
    def hint(self, lang: str) -> str:
        return say(f"bid_hint_{self.round}", lang,
                   suit=explain.suit_name(self.scenario.turned.suit, lang))

    def _names(self, bids: frozenset[Bid], lang: str) -> str:
        return join_words([call_text.bid_name(b, lang) for b in _ORDER if b in bids], lang, "or")

    def solution(self, lang: str) -> str:
        parts = [say("bid_answer", lang, legal=self._names(self.legal, lang))]
        if self.advice is not None:
            parts.append(say("bid_answer_advice", lang,
                             advice=call_text.bid_name(self.advice, lang)))
        return " ".join(parts)

    def board(self, progress: Progress, lang: str) -> tuple[str, str]:
        spoken = spoken_words(self.observation, lang)
        if isinstance(progress.last, Bid):
            spoken[LEARNER] = bid_words(progress.last, lang)
        table = render_table(self.observation, lang=lang, spoken=spoken)
        return table + bidding_html(self.bidding.calls, lang=lang, round_=self.round), ""

    def _atouts(self, bid: Bid, lang: str) -> list[str]:
        """The atouts South would hold if ``bid`` took (the retourne included when it is of
        that suit: the taker receives it, R2.7) and whether the J or the 9 is among them
        (R9 tip 1); nothing for a pass."""
        suit = bid.trump(self.scenario.turned)
        if suit is None:
            return []
        turned = self.scenario.turned
        held = self.observation.trumps_if_taken(suit)
        return call_text.trump_sentences(suit, held, turned, self.round, lang)

    def _why(self, bid: Bid, lang: str) -> list[str]:
        """The atouts ``bid`` would give (:meth:`_atouts`), then the R9 tip behind the
        advice, unless it is tip 1 and the atouts sentence already quotes it."""
        atouts = self._atouts(bid, lang)
        reason = self.scenario.reason
        if reason is None or (reason == 1 and atouts):
            return atouts
        return [*atouts, say("bid_tip", lang, n=reason, tip=say(f"tips.{reason}", lang))]

    def verdict_html(self, progress: Progress, lang: str) -> str:
        bid = progress.last
        assert isinstance(bid, Bid)
        name = call_text.bid_name(bid, lang)
        rule = rule_heading(self.rule_id, lang)
        if not self.is_right(bid):
            review = self.review(bid)  # the rule check, nothing simulated
            return render.message_html("bad", rule_heading(review.rule or self.rule_id, lang),
                                       [review.explanation(lang)])
        if self.advice is None:
            coach = say("bid_coach", lang,
                        review=explain.after_colon(self.review(bid).explanation(lang)))
            return render.message_html("ok", say("bid_allowed", lang, bid=name), [
                rule, say("bid_answer", lang, legal=self._names(self.legal, lang)), coach])
        advice = call_text.bid_name(self.advice, lang)
        if bid == self.advice:
            return render.message_html("ok", say("bid_advised", lang, bid=name),
                                       [rule, *self._why(bid, lang)])
        described = self.advice if self.advice.ends_bidding else bid
        again = "" if progress.solved else say("untaught_again", lang)
        return render.message_html("better", say("bid_not_advised", lang, bid=name,
                                                  advice=advice),
                                   [rule, *self._why(described, lang), again])
