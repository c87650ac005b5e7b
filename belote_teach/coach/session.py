"""A deal or a whole game at the table: the learner at one seat, computer players at the
others, the coach watching the learner (practice hands and the game app).

:class:`TableSession` is the controller behind the table widget, without any widget: it
holds a :class:`~belote_teach.engine.deal.Deal` (a practice hand) or a
:class:`~belote_teach.engine.game.Game` (to its target, R6.8), lets the computer players act
one decision at a time (:meth:`TableSession.step`, so the widget can pace them), takes the
learner's bids and cards through the checked engine API (an illegal card is refused with
the rule's explanation and changes nothing, R3), asks the coach for a review of each
learner decision when coaching is on, keeps the learner's mistakes for the end-of-deal
debrief, and takes back the learner's last card (with the computer cards after it).

Each position has a token (:attr:`TableSession.position`: the deal's number, a count of
restarts and undos, the actions taken), which the table draws with the cards it offers
and gets back with a click, so that a click made on an earlier position is never played
on a later one.

In a game, "Replay this deal" is practice (:meth:`TableSession.restart`): once a deal is
over, the same cards are dealt again beside the game, the score sheet keeps the deal as
first played, and the next deal of the game follows as if the replay had not happened.

Everything is deterministic given the seed: the computer players draw from one
``random.Random``, the coach from another derived from it and from the position token, so
that the hint and the review of one position sample the same deals and agree (the card
the hint recommends is the best card of the review).

The coach's comment on a decision comes in parts (:meth:`Feedback.parts`): the card, the
announcements declared with it (R4.4) and belote (R5), each with its own mark (right,
could be better, a mistake) and verdict sentence, so that a right card is never marked
wrong for an announcement left out.

The learner may switch language at any time (:attr:`TableSession.lang`): what the session
says from then on is in the new language, and what it said before can be worded again
(:meth:`Feedback.text_in`, the hint's ``text(lang)``) without asking the coach again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from belote_teach.coach import calls, plays
from belote_teach.coach.errors import (
    InvalidTableError,
    NoComputerToActError,
    NotLearnersTurnError,
    ReplayError,
)
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import BeloteError, IllegalBidError
from belote_teach.engine.game import Game
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import Rule
from belote_teach.engine.transcript import parse_transcript, to_transcript
from belote_teach.explain import LANGUAGES, check_language, explain_card
from belote_teach.players import Player, Technique, make_player

__all__ = ["MARKS", "Advice", "Event", "Feedback", "Mistake", "Part", "TableSession",
           "WordedReview", "parts"]

Review = plays.Review | calls.BidReview | calls.AnnouncementReview \
    | calls.BeloteReview
#: The coach's advice for the learner's next decision: its ``text(lang)`` words it.
Advice = plays.Hint | calls.BidHint

#: Coach verdicts kept for the end-of-deal debrief.
_DEBRIEF = (plays.Verdict.INACCURACY, plays.Verdict.MISTAKE)


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
    review: Review | WordedReview


@dataclass(frozen=True)
class WordedReview:
    """A review of the debrief kept as its words, as a saved practice hand brings it back
    (:meth:`TableSession.resume_hand`): the verdict, and per language (``"en"``,
    ``"fr"``) the verdict sentence and the rest, as the review worded them."""

    verdict: plays.Verdict
    words: Mapping[str, tuple[str, str]]

    def verdict_text(self, lang: str) -> str:
        """The verdict sentence in ``lang``.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``."""
        check_language(lang)
        return self.words[lang][0]

    def details_text(self, lang: str) -> str:
        """The explanation after the verdict sentence in ``lang`` (may be empty).

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``."""
        check_language(lang)
        return self.words[lang][1]


#: The mark of each coach verdict at the table: right, could be better, a mistake.
MARKS: Mapping[plays.Verdict, str] = {
    plays.Verdict.BEST: "ok", plays.Verdict.ALSO_GOOD: "ok",
    plays.Verdict.INACCURACY: "better", plays.Verdict.MISTAKE: "bad",
    plays.Verdict.ILLEGAL: "bad"}


@dataclass(frozen=True)
class Part:
    """One part of a decision as the coach judged it: the card, the announcements
    declared with it (R4.4), or belote (R5).

    Attributes:
        mark: ``"ok"`` (right: the best card or one as good), ``"better"`` (could be
            better: an inaccuracy) or ``"bad"`` (a mistake), from :data:`MARKS`.
        verdict: the verdict sentence (one sentence, set in bold).
        details: why, naming the cards (may be empty).
    """

    mark: str
    verdict: str
    details: str


def parts(reviews: Sequence[Review], lang: str) -> tuple[Part, ...]:
    """The coach's reviews of one decision as :class:`Part` values in ``lang``, in the
    order given (the card first): each with its own mark, so that the mark of the card
    never depends on its announcements or belote.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    check_language(lang)
    return tuple(Part(MARKS[r.verdict], r.verdict_text(lang), r.details_text(lang))
                 for r in reviews)


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

    def parts(self, lang: str) -> tuple[Part, ...]:
        """The coach's comment in ``lang`` as one :class:`Part` per review (card,
        announcements, belote); empty for a refused action or without the coach.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
        """
        return parts(self.reviews, lang)


def _fresh(deal: Deal) -> Deal:
    """A copy of ``deal`` at its start: the same cards, cut and reserve, no action."""
    start = deal.copy()
    while start.actions:
        start.pop()
    return start


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
        coaching: review every learner decision (default True); :meth:`set_coaching`
            turns the coach on or off later, from the next decision.
        lang: ``"en"`` or ``"fr"``, for the texts (:attr:`lang` switches it later).

    Raises:
        ValueError: unknown level (:func:`~belote_teach.players.make_player`).
        InvalidTableError: ``table`` is neither a Deal nor a Game.
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"`` (a ValueError).
    """

    def __init__(self, table: Deal | Game, players: Mapping[Seat, Player] | None = None, *,
                 level: str = "club", learner: Seat = Seat.SOUTH,
                 rng: random.Random | int = 0, coaching: bool = True,
                 lang: str = "en") -> None:
        if not isinstance(table, (Deal, Game)):
            raise InvalidTableError(f"a table plays a Deal or a Game, got {table!r}")
        check_language(lang)
        self.table = table
        self.learner = learner
        given = dict(players or {})
        self.players: dict[Seat, Player] = {
            seat: given.get(seat) or make_player(level) for seat in Seat if seat is not learner}
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.coach_rng = random.Random(self.rng.getrandbits(32))
        self._coach_seed = self.coach_rng.getrandbits(64)
        self._pending: tuple[str, plays.PendingEvaluation] | None = None  # (position, work)
        self.coaching = coaching
        self._lang = lang
        self._start = table.copy()
        self._mistakes: list[Mistake] = []
        self._unreviewed: list[int] = []     # the learner's actions taken with the coach off
        self._replay: Deal | None = None     # a practice replay of the game's deal
        self._epoch = 0                      # restarts, undos and new deals so far

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
        """The deal on the table: the game's current one, or its practice replay while
        one is played (:attr:`replaying`)."""
        if self._replay is not None:
            return self._replay
        return self.table.deal if isinstance(self.table, Game) else self.table

    @property
    def game(self) -> Game | None:
        """The game played, ``None`` for a practice hand."""
        return self.table if isinstance(self.table, Game) else None

    @property
    def replaying(self) -> bool:
        """True while a practice replay of the game's finished deal is on the table
        (:meth:`restart`): its outcome goes on no score sheet."""
        return self._replay is not None

    @property
    def position(self) -> str:
        """The token of the position on the table, ``"<deal>.<epoch>.<actions>"``: the
        deal's number in the game (1 for a practice hand; ``r`` after it for a practice
        replay), how many restarts, undos and new deals this session has made, and the
        number of actions (bids and cards) of the deal so far. Two different positions
        of one session never have the same token, so a click that carries the token of
        the position it was made on can be checked against the position now."""
        game = self.game
        number = f"{len(game.deals) if game is not None else 1}"
        if self._replay is not None:
            number += "r"
        return f"{number}.{self._epoch}.{len(self.deal.actions)}"

    @property
    def trick_complete(self) -> bool:
        """True just after a trick's fourth card while the deal goes on: the trick is
        complete (R1.5) and nobody has led the next one yet."""
        deal = self.deal
        trick = deal.trick
        return (deal.phase is Phase.PLAY and trick is not None and not trick.plays
                and bool(deal.tricks))

    def trick_view(self) -> Observation:
        """What the learner sees while the trick just completed is still on the table
        (:attr:`trick_complete`): :attr:`observation` with that trick as the one being
        played and not yet gathered (its points not counted yet), and nobody to act.
        Otherwise :attr:`observation` itself."""
        obs = self.observation
        if not self.trick_complete:
            return obs
        return replace(obs, tricks=obs.tricks[:-1], trick=obs.tricks[-1],
                       legal_plays=None, legal_bids=None, announcements_available=())

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
    def unreviewed(self) -> tuple[int, ...]:
        """The learner's decisions of the deal on the table taken with the coach off,
        as the number of actions before each (in order): the debrief does not cover
        them."""
        return tuple(self._unreviewed)

    @property
    def reviewed(self) -> int:
        """How many of the learner's decisions (bids and cards) of the deal on the table
        the coach reviewed (0 or more)."""
        mine = sum(a.seat is self.learner for a in self.deal.actions)
        return mine - len(self._unreviewed)

    def set_coaching(self, on: bool) -> None:
        """Turn the coach on or off from the learner's next decision (the decisions
        already taken keep their reviews, or their lack of one: :attr:`unreviewed`).
        On, the coach starts on the position at once when it is the learner's card
        (:meth:`think_ahead`); off, its background work stops.

        Raises:
            TypeError: ``on`` is not a bool.
        """
        if not isinstance(on, bool):
            raise TypeError(f"coaching is on (True) or off (False), got {on!r}")
        self.coaching = on
        if on:
            self.think_ahead()
        else:
            self.stop_thinking()

    @property
    def mistakes(self) -> tuple[Mistake, ...]:
        """The learner's inaccuracies and mistakes in the current deal, in order."""
        return tuple(self._mistakes)

    # ------------------------------------------------------------------ computers
    def step(self) -> Event:
        """Let the computer player whose turn it is take one decision (a bid, or a card
        with its announcements and belote).

        Raises:
            NoComputerToActError: it is the learner's turn, or the deal is over.
        """
        deal = self.deal
        seat = deal.turn
        if seat is None or seat is self.learner:
            raise NoComputerToActError(f"no computer player to act: it is "
                                       f"{seat or 'nobody'}'s turn (phase {deal.phase.name})")
        player = self.players[seat]
        obs = deal.observation(seat)
        if deal.phase.is_bidding:
            decision = player.choose_bid(obs, self.rng)
            self._live.bid(decision.action, seat=seat)
            return Event(seat, "bid", bid=decision.action, reason=decision.reason)
        announce: tuple[Announcement, ...] = ()
        if obs.announcements_available:
            announce = tuple(player.choose_announcements(obs, self.rng).action)
        chosen = player.choose_card(obs, self.rng)
        card = chosen.action
        belote = obs.may_say_belote(card)
        self._live.play(card, seat=seat, announce=announce, belote=belote)
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
            NotLearnersTurnError: it is not the learner's turn to bid.
        """
        self._check_turn("bid", bidding=True)
        obs = self.observation
        reviews: tuple[Review, ...] = ()
        if self.coaching:
            reviews = (calls.review_bid(obs, bid, rng=self._chance()),)
        try:
            self._live.bid(bid, seat=self.learner)
        except IllegalBidError:
            # the rule in the learner's language (an illegal bid is refused before any
            # simulation, so the coach's chance is not drawn from)
            refused = reviews[0] if reviews else calls.review_bid(obs, bid,
                                                                        rng=self._chance())
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
            NotLearnersTurnError: it is not the learner's turn to play.
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
        said: list[Review] = []             # announcements (R4) and belote (R5) said
        if obs.announcements_available or announce:
            said.append(calls.review_announcements(obs, tuple(announce)))
        if belote or obs.may_say_belote(parsed):
            said.append(calls.review_belote(obs, parsed, belote))
        refused = [r for r in said if r.verdict is plays.Verdict.ILLEGAL]
        if refused:                         # the rule explained, in the learner's language
            return Feedback(False, refused[0].explanation(self.lang),
                            wording=refused[0].explanation)
        reviews = (plays.review(obs, parsed, evaluation=self._evaluation(parsed)), *said) \
            if self.coaching else ()
        self._live.play(parsed, seat=self.learner, announce=tuple(announce), belote=belote)
        self._keep(obs, reviews)
        return self._accepted(reviews)

    def hint(self) -> str:
        """The coach's advice for the learner's decision now, in one line, in
        :attr:`lang` (:meth:`advice` worded).

        Raises:
            NotLearnersTurnError: it is not the learner's turn.
        """
        return self.advice().text(self.lang)

    def advice(self) -> Advice:
        """The coach's advice for the learner's decision now: the bid to make (R9 tip 1,
        checked by simulation) or the card to play, with its reason; ``text(lang)`` words
        it in either language, so a widget can word it again after a language switch.

        Raises:
            NotLearnersTurnError: it is not the learner's turn.
        """
        obs = self.observation
        if not self.learner_to_act:
            raise NotLearnersTurnError("no hint: it is not your turn")
        if self.deal.phase.is_bidding:
            return calls.hint_bid(obs, rng=self._chance())
        return plays.hint(obs, evaluation=self._pending_now().for_hint())

    def announcement_advice(self) -> calls.AnnouncementHint | None:
        """The coach's advice on the announcements the learner may declare with the card
        they are about to play (R4.4; what was said before it counts, R4.5, R4.6):
        ``text(lang)`` words it. ``None`` when there is nothing to declare now (not the
        learner's first card, nothing in the hand, announcements off) or the coach is
        off."""
        obs = self.observation
        if (not self.coaching or not self.learner_to_act or self.deal.phase is not Phase.PLAY
                or not obs.announcements_available):
            return None
        return calls.hint_announcements(obs)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a card to take back: coaching on, the deal not over,
        a card of the learner's played in it."""
        return (self.coaching and not self.deal.phase.is_over
                and any(a.seat is self.learner and a.card for a in self.deal.actions))

    def undo(self) -> bool:
        """Take back the learner's last card and the computer cards played after it (only
        while coaching is on, and within the current deal). Returns False when there is
        nothing to take back (:attr:`can_undo`)."""
        if not self.can_undo:
            return False
        deal = self.deal
        actions = deal.actions
        mine = [i for i, a in enumerate(actions) if a.seat is self.learner and a.card]
        for _ in range(len(actions) - mine[-1]):
            deal.pop()
        self._mistakes = [m for m in self._mistakes if m.actions < mine[-1]]
        self._unreviewed = [done for done in self._unreviewed if done < mine[-1]]
        self._epoch += 1
        return True

    def restart(self) -> None:
        """Replay the deal from its start.

        A practice hand starts again as it was dealt. In a game, the deal is replayed
        for practice once it is over: the same cards again beside the game, whose score
        sheet keeps the deal as first played (the replay's outcome counts nowhere);
        restarting during a replay starts the replay again, and :meth:`next_deal` leaves
        it for the game's next deal.

        Raises:
            ReplayError: the game's deal is not over yet (a deal of a game is replayed
                for practice once played, so its score is the one first played).
        """
        game = self.game
        if game is None:
            self.table = self._start.copy()
        else:
            if not game.deal.phase.is_over:
                raise ReplayError(f"deal {game.number} of the game is in progress (phase "
                                  f"{game.deal.phase.name}): a deal is replayed for practice "
                                  "once it is over")
            self._replay = _fresh(game.deal)
        self._debrief_anew()

    def next_deal(self) -> Deal:
        """Go on with the game's next deal (:meth:`Game.new_deal
        <belote_teach.engine.game.Game.new_deal>`; a game that deals the next one by itself,
        ``auto_advance``, has it on the table already), leaving a practice replay if one
        is on the table, and forget the finished deal's debrief. Returns the new deal.

        Raises:
            ReplayError: this session plays a practice hand, not a game, or the game's
                deal is in progress (in a game that waits for "Next deal").
            PhaseError: the game is over (R6.8).
        """
        game = self.game
        if game is None:
            raise ReplayError("a practice hand has no next deal: restart it instead")
        if game.deal.phase.is_over:
            deal = game.new_deal()
        elif game.auto_advance or not game.deal.actions:
            deal = game.deal                     # dealt by the game already
        else:
            raise ReplayError(f"deal {game.number} of the game is in progress (phase "
                              f"{game.deal.phase.name}): finish it before the next one")
        self._replay = None
        self._debrief_anew()
        return deal

    # ------------------------------------------------------------------ practice replays
    def practice_transcript(self) -> str | None:
        """The practice replay on the table as a transcript
        (:func:`~belote_teach.engine.transcript.to_transcript`), to save it with the game;
        ``None`` when no replay is on the table."""
        return to_transcript(self._replay) if self._replay is not None else None

    def resume_practice(self, transcript: str) -> None:
        """Put back a practice replay saved by :meth:`practice_transcript`: the replay of
        the game's current deal, at the position it had reached.

        Raises:
            ReplayError: this session plays no game, the game's deal is not over, or the
                transcript cannot be read or does not start as the game's current deal
                (other cards, dealer, cut, reserve or rules); nothing changes then.
        """
        game = self.game
        if game is None or not game.deal.phase.is_over:
            raise ReplayError("a practice replay is resumed only beside a game whose deal "
                              "is over")
        try:
            replayed = parse_transcript(transcript, source="the practice replay")
        except BeloteError as err:
            raise ReplayError(f"the practice replay cannot be read: {err}") from err
        if _fresh(replayed) != _fresh(game.deal):
            raise ReplayError(f"the practice replay is not a replay of deal {game.number} "
                              "of the game (other cards, dealer, cut, reserve or rules)")
        self._replay = replayed
        self._debrief_anew()

    # ------------------------------------------------------------------ saved practice hands
    def hand_record(self) -> dict[str, object]:
        """The practice hand on the table as plain JSON values, to save it after every
        action: ``{"transcript": [...], "mistakes": [...], "unreviewed": [...]}``, the
        deal's transcript (:func:`~belote_teach.engine.transcript.to_transcript`) split
        into lines; for each mistake of the debrief so far, the number of actions before
        it and its words in every language (``{"actions": 9, "verdict": "mistake",
        "words": {"en": [verdict, details], "fr": [...]}}``); the learner's decisions
        taken with the coach off (:attr:`unreviewed`). :meth:`resume_hand` puts it back.

        Raises:
            ReplayError: this session plays a game, not a practice hand.
        """
        if self.game is not None:
            raise ReplayError("a game is saved with its store, not as a practice hand")
        mistakes = [{"actions": m.actions, "verdict": m.review.verdict.value,
                     "words": {lang: [m.review.verdict_text(lang), m.review.details_text(lang)]
                               for lang in LANGUAGES}}
                    for m in self._mistakes]
        return {"transcript": to_transcript(self.deal).splitlines(), "mistakes": mistakes,
                "unreviewed": list(self._unreviewed)}

    def resume_hand(self, record: Mapping[str, object]) -> None:
        """Put back a practice hand saved by :meth:`hand_record`: the deal at the position
        it had reached, the debrief's mistakes so far with their words (the coach's
        reviews are not made again) and the decisions taken with the coach off.

        Raises:
            ReplayError: this session plays a game; or ``record`` is not such a record,
                its transcript cannot be read or is not this hand (other cards, dealer,
                cut, reserve or rules), or a mistake or a decision taken with the coach
                off is not one of the learner's decisions in it. Nothing changes then.
        """
        if self.game is not None:
            raise ReplayError("a game is resumed from its store, not as a practice hand")
        lines, saved = record.get("transcript"), record.get("mistakes")
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise ReplayError(f"the saved hand's transcript is {lines!r:.60}, not lines")
        if not isinstance(saved, list):
            raise ReplayError(f"the saved hand's mistakes are {saved!r:.60}, not a list")
        try:
            deal = parse_transcript("\n".join(lines) + "\n", source="the saved hand")
        except BeloteError as err:
            raise ReplayError(f"the saved hand cannot be read: {err}") from err
        assert isinstance(self._start, Deal)
        if _fresh(deal) != _fresh(self._start):
            raise ReplayError("the saved hand is not this practice hand (other cards, "
                              "dealer, cut, reserve or rules)")
        mistakes = [self._saved_mistake(deal, item) for item in saved]
        unreviewed = self._saved_unreviewed(deal, record.get("unreviewed", []))
        self.table = deal
        self._mistakes = mistakes
        self._unreviewed = unreviewed
        self._epoch += 1

    def _saved_unreviewed(self, deal: Deal, saved: object) -> list[int]:
        """The decisions taken with the coach off of a saved hand's record, on ``deal``
        (see :meth:`hand_record`; a record without them has none).

        Raises:
            ReplayError: ``saved`` is not a list of the learner's decisions in ``deal``,
                each once, in order."""
        if not isinstance(saved, list) or not all(
                not isinstance(done, bool) and isinstance(done, int)
                and 0 <= done < len(deal.actions) and deal.actions[done].seat is self.learner
                for done in saved) or saved != sorted(set(saved)):
            raise ReplayError(f"the saved hand's decisions without the coach are "
                              f"{saved!r:.60}, not the learner's decisions in the hand")
        return list(saved)

    def _saved_mistake(self, deal: Deal, item: object) -> Mistake:
        """A mistake of a saved hand's record, on ``deal`` (see :meth:`hand_record`).

        Raises:
            ReplayError: ``item`` is not such a mistake of the learner's in ``deal``."""
        if not isinstance(item, Mapping):
            raise ReplayError(f"a saved mistake is {item!r:.60}, not a mapping")
        actions, words = item.get("actions"), item.get("words")
        try:
            verdict = plays.Verdict(item.get("verdict"))
        except ValueError as err:
            raise ReplayError(f"a saved mistake's verdict is {item.get('verdict')!r:.40}, "
                              f"not one of {[v.value for v in _DEBRIEF]}") from err
        if verdict not in _DEBRIEF or isinstance(actions, bool) or not isinstance(
                actions, int) or not 0 <= actions < len(deal.actions) \
                or deal.actions[actions].seat is not self.learner:
            raise ReplayError(f"a saved mistake ({verdict.value} at action {actions!r:.20}) "
                              "is not one of the learner's decisions in the hand")
        if not isinstance(words, Mapping) or set(words) != set(LANGUAGES) or not all(
                isinstance(pair, list) and len(pair) == 2
                and all(isinstance(text, str) for text in pair) for pair in words.values()):
            raise ReplayError(f"a saved mistake's words are {words!r:.60}, not a verdict "
                              f"and details in each of {', '.join(LANGUAGES)}")
        before = deal.copy()
        while len(before.actions) > actions:
            before.pop()
        return Mistake(actions, before.observation(self.learner),
                       WordedReview(verdict, {lang: (pair[0], pair[1])
                                              for lang, pair in words.items()}))

    # ------------------------------------------------------------------ helpers
    @property
    def _live(self) -> Deal | Game:
        """What the actions go to: the practice replay, else the table (the game checks
        its deal and writes the score sheet)."""
        return self._replay if self._replay is not None else self.table

    def _chance(self) -> random.Random:
        """The coach's chance for the position on the table: the same for every question
        asked of it there (the hint, the review of the learner's decision), so that they
        sample the same deals and never disagree; another position, another chance. An
        undo that comes back to a position finds its chance again (the epoch is left out:
        one deal's first N actions are one position)."""
        deal, _epoch, actions = self.position.split(".")
        return random.Random(f"{self._coach_seed}:{deal}.{actions}")

    def think_ahead(self) -> bool:
        """Start the coach's evaluation of the learner's card now, in the background, when
        the learner is to play and the coach is on: the worlds are solved while the
        learner thinks, and the review or hint then only completes what is left (the
        same evaluation however early it is asked for). An evaluation of a position left
        behind is stopped. Returns whether one is under way for the position now."""
        if not (self.coaching and self.learner_to_act and self.deal.phase is Phase.PLAY):
            return False
        if self._pending is None or self._pending[0] != self.position:
            self._pending_now().in_background()
        return True

    def stop_thinking(self) -> None:
        """Stop the coach's background work on the position now (:meth:`think_ahead`):
        the table is left. A hint or a review asked later still completes the evaluation,
        with the same verdicts."""
        if self._pending is not None:
            self._pending[1].stop()

    @property
    def coach_ready(self) -> float | None:
        """How much of the coach's evaluation of the position now is done (0.0 to 1.0),
        ``None`` when none was started here (:meth:`think_ahead`, a hint or a review)."""
        if self._pending is None or self._pending[0] != self.position:
            return None
        return self._pending[1].ready

    def _pending_now(self) -> plays.PendingEvaluation:
        """The evaluation of the learner's card in the position now, made (with
        :meth:`_chance`) when there is none yet; one of another position is stopped."""
        position = self.position
        if self._pending is not None and self._pending[0] != position:
            self._pending[1].stop()
            self._pending = None
        if self._pending is None:
            self._pending = (position, plays.PendingEvaluation(self.observation,
                                                               rng=self._chance()))
        return self._pending[1]

    def _evaluation(self, card: Card) -> plays.Evaluation:
        """The coach's evaluation of the learner's card now (:func:`plays.evaluate`, with
        :meth:`_chance`), computed once per position, completed here if
        :meth:`think_ahead` has not finished it: the hint (:meth:`advice`,
        :meth:`plays.PendingEvaluation.for_hint`) and the review of the card played there
        read the same one, the card the hint named recommended in both. The review of
        ``card`` only as far as that card's verdict needs
        (:meth:`plays.PendingEvaluation.result`)."""
        return self._pending_now().result(card)

    def _check_turn(self, what: str, *, bidding: bool) -> None:
        deal = self.deal
        if deal.turn is not self.learner or deal.phase.is_bidding is not bidding:
            raise NotLearnersTurnError(f"the learner ({self.learner}) cannot {what} now: it is "
                             f"{deal.turn or 'nobody'}'s turn, phase {deal.phase.name}")

    def _debrief_anew(self) -> None:
        """Another deal (or the same one again) on the table: its debrief starts empty
        and the positions taken before count no more (a new epoch)."""
        self._mistakes = []
        self._unreviewed = []
        self._epoch += 1

    def _keep(self, obs: Observation, reviews: tuple[Review, ...]) -> None:
        done = len(self.deal.actions) - 1
        if not self.coaching:
            self._unreviewed.append(done)
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

