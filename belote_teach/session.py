"""A deal or a whole game at the table: the learner at one seat, computer players at the
others, the coach watching the learner (practice hands and the game app, issue 5).

:class:`TableSession` is the controller behind the table widget, without any widget: it
holds a :class:`~belote_teach.deal.Deal` (a practice hand) or a
:class:`~belote_teach.game.Game` (to its target, R6.8), lets the computer players act
one decision at a time (:meth:`TableSession.step`, so the widget can pace them), takes the
learner's bids and cards through the checked engine API (an illegal card is refused with
the rule's explanation and changes nothing, R3), asks the coach for a review of each
learner decision when coaching is on, keeps the learner's mistakes for the end-of-deal
debrief, and takes back the learner's last card (with the computer cards after it).

Everything is deterministic given the seed: the computer players draw from one
``random.Random``, the coach from another derived from it.

The learner may switch language at any time (:attr:`TableSession.lang`): what the session
says from then on is in the new language, and what it said before can be worded again
(:meth:`Feedback.text_in`, the hint's ``text(lang)``) without asking the coach again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

from belote_teach import coach, coach_calls
from belote_teach._storage import check_language
from belote_teach.announcements import Announcement
from belote_teach.bidding import Bid
from belote_teach.cards import Card, Seat
from belote_teach.deal import Deal
from belote_teach.errors import IllegalBidError
from belote_teach.explain import explain_card
from belote_teach.game import Game
from belote_teach.observation import Observation
from belote_teach.players import Player, Technique, make_player
from belote_teach.players.base import says_belote
from belote_teach.rules import Rule

__all__ = ["Advice", "Event", "Feedback", "Mistake", "TableSession"]

Review = coach.Review | coach_calls.BidReview | coach_calls.AnnouncementReview \
    | coach_calls.BeloteReview
#: The coach's advice for the learner's next decision: its ``text(lang)`` words it.
Advice = coach.Hint | coach_calls.BidHint

#: Coach verdicts kept for the end-of-deal debrief.
_DEBRIEF = (coach.Verdict.INACCURACY, coach.Verdict.MISTAKE)


@dataclass(frozen=True)
class Event:
    """One action taken at the table, for the widget to show.

    Attributes:
        seat: who acted.
        kind: ``"bid"`` or ``"card"``.
        bid: the bid, for a bid.
        card: the card, for a card.
        announced: the announcements declared with the card (R4.4).
        belote: "belote" / "rebelote" said with the card (R5).
        reason: the computer player's reason, ``None`` for the learner.
    """

    seat: Seat
    kind: Literal["bid", "card"]
    bid: Bid | None = None
    card: Card | None = None
    announced: tuple[Announcement, ...] = ()
    belote: bool = False
    reason: Technique | None = None


@dataclass(frozen=True)
class Mistake:
    """A learner decision the coach graded INACCURACY or MISTAKE, for the debrief.

    Attributes:
        actions: the number of actions of the deal before the decision (replay that many
            to show the position).
        observation: the learner's view when deciding.
        review: the coach's review (its ``explanation(lang)`` says what was better).
    """

    actions: int
    observation: Observation
    review: Review


@dataclass(frozen=True)
class Feedback:
    """What the table says back to a learner decision.

    Attributes:
        accepted: False when the engine refused it (nothing changed).
        text: the rule's explanation for a refused action, else the coach's comment
            (empty when coaching is off).
        reviews: the coach's reviews of the decision (card, announcements, belote), in
            that order; empty when coaching is off or the action was refused.
        rule: the R3 rule that refused a card (its title and ID head the message).
        wording: ``wording(lang)`` is :attr:`text` in ``lang`` (``"en"`` or ``"fr"``);
            ``None`` when only :attr:`text` is known. Read it through :meth:`text_in`.
    """

    accepted: bool
    text: str = ""
    reviews: tuple[Review, ...] = ()
    rule: Rule | None = None
    wording: Callable[[str], str] | None = field(default=None, repr=False, compare=False)

    def text_in(self, lang: str) -> str:
        """:attr:`text` worded in ``lang``, for a learner who switched language after the
        decision (the same rule or the same reviews, nothing asked of the coach again).
        Without a :attr:`wording`, :attr:`text` as it was said.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
        """
        check_language(lang)
        return self.wording(lang) if self.wording is not None else self.text


class TableSession:
    """The learner at ``learner``, computer players elsewhere, on a deal or a game.

    Args:
        table: a :class:`Deal` (one practice hand) or a :class:`Game` (played to its
            target; the next deal starts when one is over).
        players: the computer player of every seat but the learner's (missing seats get
            ``make_player(level)``).
        level: the level of the computer players not given (``"random"``, ``"club"``,
            ``"expert"``).
        learner: the learner's seat (default South).
        rng: the computer players' chance (an int seed or a ``random.Random``).
        coaching: review every learner decision (default True).
        lang: ``"en"`` or ``"fr"``, for the texts (:attr:`lang` switches it later).

    Raises:
        ValueError: unknown level; ``table`` is neither a Deal nor a Game.
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"`` (a ValueError).
    """

    def __init__(self, table: Deal | Game, players: Mapping[Seat, Player] | None = None, *,
                 level: str = "club", learner: Seat = Seat.SOUTH,
                 rng: random.Random | int = 0, coaching: bool = True,
                 lang: str = "en") -> None:
        if not isinstance(table, (Deal, Game)):
            raise ValueError(f"a table plays a Deal or a Game, got {table!r}")
        check_language(lang)
        self.table = table
        self.learner = learner
        given = dict(players or {})
        self.players: dict[Seat, Player] = {
            seat: given.get(seat) or make_player(level) for seat in Seat if seat is not learner}
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.coach_rng = random.Random(self.rng.getrandbits(32))
        self.coaching = coaching
        self._lang = lang
        self._start = table.copy()
        self._mistakes: list[Mistake] = []

    # ------------------------------------------------------------------ language
    @property
    def lang(self) -> str:
        """The learner's language, ``"en"`` or ``"fr"``: the coach's comments, hints and
        the rules' explanations of refused actions are worded in it.

        Setting it switches the language mid-deal or mid-game (the table's EN / FR
        toggle): every text said afterwards is in the new language; the deal, the game,
        the chance and the debrief's mistakes do not change (a :class:`Mistake`'s review
        and a :class:`Feedback` word themselves in any language).

        Raises:
            UnknownLanguageError: when set to anything but ``"en"`` or ``"fr"`` (the
                language is kept).
        """
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        check_language(lang)
        self._lang = lang

    # ------------------------------------------------------------------ reading
    @property
    def deal(self) -> Deal:
        """The deal being played (the game's current one)."""
        return self.table.deal if isinstance(self.table, Game) else self.table

    @property
    def observation(self) -> Observation:
        """What the learner sees now."""
        return self.deal.observation(self.learner)

    @property
    def learner_to_act(self) -> bool:
        """True when the deal waits for the learner (a bid or a card)."""
        return self.deal.turn is self.learner

    @property
    def computer_to_act(self) -> bool:
        """True when a computer player must act next."""
        turn = self.deal.turn
        return turn is not None and turn is not self.learner

    @property
    def mistakes(self) -> tuple[Mistake, ...]:
        """The learner's inaccuracies and mistakes in the current deal, in order."""
        return tuple(self._mistakes)

    # ------------------------------------------------------------------ computers
    def step(self) -> Event:
        """Let the computer player whose turn it is take one decision (a bid, or a card
        with its announcements and belote).

        Raises:
            ValueError: it is the learner's turn, or the deal is over.
        """
        deal = self.deal
        seat = deal.turn
        if seat is None or seat is self.learner:
            raise ValueError(f"no computer player to act: it is {seat or 'nobody'}'s turn "
                             f"(phase {deal.phase.name})")
        player = self.players[seat]
        obs = deal.observation(seat)
        if deal.phase.is_bidding:
            decision = player.choose_bid(obs, self.rng)
            self.table.bid(decision.action, seat=seat)
            return Event(seat, "bid", bid=decision.action, reason=decision.reason)
        announce: tuple[Announcement, ...] = ()
        if obs.announcements_available:
            announce = tuple(player.choose_announcements(obs, self.rng).action)
        chosen = player.choose_card(obs, self.rng)
        card = chosen.action
        belote = says_belote(deal, seat, card)
        self.table.play(card, seat=seat, announce=announce, belote=belote)
        return Event(seat, "card", card=card, announced=announce, belote=belote,
                     reason=chosen.reason)

    def run_computers(self) -> tuple[Event, ...]:
        """:meth:`step` until the learner must act or the deal is over."""
        events = []
        while self.computer_to_act:
            events.append(self.step())
        return tuple(events)

    # ------------------------------------------------------------------ the learner
    def bid(self, bid: Bid | str) -> Feedback:
        """The learner's bid (R2.4, R2.5). A refused bid changes nothing and is explained
        by its rule in the learner's language, coach or not.

        Raises:
            ValueError: it is not the learner's turn to bid.
        """
        self._check_turn("bid", bidding=True)
        obs = self.observation
        reviews: tuple[Review, ...] = ()
        if self.coaching:
            reviews = (coach_calls.review_bid(obs, bid, rng=self.coach_rng),)
        try:
            self.table.bid(bid, seat=self.learner)
        except IllegalBidError:
            # the rule in the learner's language (an illegal bid is refused before any
            # simulation, so the coach's chance is not drawn from)
            refused = reviews[0] if reviews else coach_calls.review_bid(obs, bid,
                                                                        rng=self.coach_rng)
            return Feedback(False, refused.explanation(self.lang),
                            wording=refused.explanation)
        self._keep(obs, reviews)
        return self._accepted(reviews)

    def play(self, card: Card | str, *, announce: Sequence[Announcement] = (),
             belote: bool = False) -> Feedback:
        """The learner's card, with the announcements declared (first card only, R4.4) and
        belote said (R5). An illegal card, a false announcement or a belote said wrongly is
        refused with the rule's explanation in the learner's language (R3, R4, R5), coach
        or not, and changes nothing.

        Raises:
            ValueError: it is not the learner's turn to play.
            InvalidCardError, IllegalPlayError: ``card`` cannot be read or is not in the
                learner's hand (the widget only offers the hand's cards).
        """
        self._check_turn("play", bidding=False)
        obs = self.observation
        parsed = Card.parse(card)
        legal = obs.legal_plays
        assert legal is not None
        verdict = legal.verdict(parsed)          # IllegalPlayError: not in the hand
        if not verdict.legal:
            return Feedback(False, explain_card(legal, parsed, self.lang), rule=legal.rule,
                            wording=partial(explain_card, legal, parsed))
        calls: list[Review] = []            # announcements (R4) and belote (R5) said
        if obs.announcements_available or announce:
            calls.append(coach_calls.review_announcements(obs, tuple(announce)))
        if belote or says_belote(self.deal, self.learner, parsed):
            calls.append(coach_calls.review_belote(obs, parsed, belote))
        refused = [r for r in calls if r.verdict is coach.Verdict.ILLEGAL]
        if refused:                         # the rule explained, in the learner's language
            return Feedback(False, refused[0].explanation(self.lang),
                            wording=refused[0].explanation)
        reviews = (coach.review(obs, parsed, rng=self.coach_rng), *calls) if self.coaching \
            else ()
        self.table.play(parsed, seat=self.learner, announce=tuple(announce), belote=belote)
        self._keep(obs, reviews)
        return self._accepted(reviews)

    def hint(self) -> str:
        """The coach's advice for the learner's decision now, in one line, in
        :attr:`lang` (:meth:`advice` worded).

        Raises:
            ValueError: it is not the learner's turn.
        """
        return self.advice().text(self.lang)

    def advice(self) -> Advice:
        """The coach's advice for the learner's decision now: the bid to make (R9 tip 1,
        checked by simulation) or the card to play, with its reason; ``text(lang)`` words
        it in either language, so a widget can word it again after a language switch.

        Raises:
            ValueError: it is not the learner's turn.
        """
        obs = self.observation
        if not self.learner_to_act:
            raise ValueError("no hint: it is not your turn")
        if self.deal.phase.is_bidding:
            return coach_calls.hint_bid(obs, rng=self.coach_rng)
        return coach.hint(obs, rng=self.coach_rng)

    def undo(self) -> bool:
        """Take back the learner's last card and the computer cards played after it (only
        while coaching is on, and within the current deal). Returns False when there is
        nothing to take back."""
        deal = self.deal
        if not self.coaching or deal.phase.is_over:
            return False
        actions = deal.actions
        mine = [i for i, a in enumerate(actions) if a.seat is self.learner and a.card]
        if not mine:
            return False
        for _ in range(len(actions) - mine[-1]):
            deal.pop()
        self._mistakes = [m for m in self._mistakes if m.actions < mine[-1]]
        return True

    def restart(self) -> None:
        """Replay the same deal (or game) from its start."""
        self.table = self._start.copy()
        self._mistakes = []

    def next_deal(self) -> None:
        """Forget the finished deal's debrief (a game goes on with its next deal)."""
        self._mistakes = []

    # ------------------------------------------------------------------ helpers
    def _check_turn(self, what: str, *, bidding: bool) -> None:
        deal = self.deal
        if deal.turn is not self.learner or deal.phase.is_bidding is not bidding:
            raise ValueError(f"the learner ({self.learner}) cannot {what} now: it is "
                             f"{deal.turn or 'nobody'}'s turn, phase {deal.phase.name}")

    def _keep(self, obs: Observation, reviews: tuple[Review, ...]) -> None:
        done = len(self.deal.actions) - 1
        for review in reviews:
            if review.verdict in _DEBRIEF:
                self._mistakes.append(Mistake(done, obs, review))

    def _accepted(self, reviews: tuple[Review, ...]) -> Feedback:
        """The feedback of an accepted decision: the coach's reviews, worded in any
        language."""
        wording = partial(_comment, reviews)
        return Feedback(True, wording(self.lang), reviews, wording=wording)


def _comment(reviews: tuple[Review, ...], lang: str) -> str:
    """The coach's reviews of one decision as one comment in ``lang`` (empty without
    reviews)."""
    return " ".join(r.explanation(lang) for r in reviews)

