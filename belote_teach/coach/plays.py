"""The coach: review the learner's card and give a hint, judging only from what the
learner could see (lessons and practice hands).

:func:`review` returns a :class:`Review`: ``ILLEGAL`` (with the explanation of the rule,
R3), ``BEST``, ``ALSO_GOOD``, ``INACCURACY`` or ``MISTAKE``, with the expected loss in
card points against the best card and whether the card changes the contract outcome
(R6.2). :func:`hint` returns the best card and its one-line reason.

How a card is judged
--------------------
The values come from :mod:`belote_teach.search.evaluation` (shared with the expert
player).

1. Worlds: :func:`~belote_teach.search.sampling.sample_worlds` deals the cards the learner
   cannot see to the three other seats, consistently with the observation (hand sizes,
   voids, trump ceilings, the taker's turned card, shown announcements), and weighted by
   what the other seats' bids (R2) and plays (R3) reveal, read with a model of the club
   player (:data:`~belote_teach.search.inference.CLUB_MODEL`: a seat that named hearts in
   round 2 rarely lacks both the J♥ and the 9♥; one that played low under its partner's
   winning card rarely held the ace or the 10 of the suit). The real hidden
   hands are never read: the coach receives an observation, not a deal. So a loss that
   happens only on the real hidden cards, not on average, is luck and is never blamed.
2. Values on each world: the exact double-dummy solver
   (:func:`~belote_teach.search.solver.solve`) values every legal card at once, at every
   trick: the points each team wins from there with best play by all four. The same
   worlds serve every card (common random numbers), so the differences between cards
   are far less noisy than each average.
3. Value: the card points (R1.2–R1.4, dix de der included) the learner's team wins from
   the current trick on, averaged over the worlds, plus on a world where the team makes
   capot (it won every pli so far and wins every card point from here, R6.5) what the
   capot adds: ``capot_points`` - 162 (88 points by default).
   The *loss* of a card is the best average minus its average, in points (0 or more).
4. Outcome: on each world the contract is decided as in R6.2 (card points of the whole
   deal plus the belote called or held, R5, plus the shown announcements, R4.6; capot
   not counted). The learner's team *succeeds* when it makes the contract as takers or
   sinks it as defenders (a litige counts as a failure for both). A card *changes the
   outcome* when its success rate is at least :data:`OUTCOME_TOLERANCE` (a fraction of
   the worlds) below the best one among the cards of the highest average, and that gap
   is beyond the sampling noise (:data:`NOISE_Z` standard errors of the per-world
   differences).

Verdicts (loss in card points, :data:`TOLERANCE` = 4, :data:`MISTAKE_LOSS` = 10; the
*noise* of a card is :data:`NOISE_Z` standard errors of its per-world differences with the
best card):

- ``BEST``: the recommended card: the highest average (the club player's own choice
  among cards of that average, else the first in hand order); the loss of every other
  card is measured against it;
- ``ALSO_GOOD``: no outcome change, and a loss that could be within :data:`TOLERANCE`
  (loss minus noise at most 4) and cannot be :data:`MISTAKE_LOSS` or more (loss plus
  noise below 10): the worlds cannot tell it from the best, so no winner is picked
  (:attr:`Review.noisy` when the loss itself is above the tolerance);
- ``INACCURACY``: a loss below :data:`MISTAKE_LOSS` that is not also good, no outcome
  change;
- ``MISTAKE``: a loss of 10 points or more (a 10 given away), or any outcome change (a
  3-point card that sinks the contract is a serious mistake).

A card whose loss could be within the tolerance as well as 10 points or more is *in doubt*
(:attr:`Evaluation.doubtful`), and so is the recommended card while another card could be
10 points or more above it (every loss is measured against it): the worlds are doubled,
from :data:`~belote_teach.search.evaluation.SOLVES` (48 at tricks 1 and 2, where the
decisions that teach most are taken, 32 after) up to :data:`MAX_WORLDS` (96 at trick 1,
192 at trick 2, 512 at trick 3, 256 after, where a solve is cheap); a card still in doubt
then is good up to a loss of 7 points (half-way), and the recommended card is the highest
average.
The added worlds value only the cards that may be within 4 points of the best
(:attr:`Evaluation.open`: the good ones, those in doubt, the recommended one): a card 4
points or more below it beyond the noise is not valued again, and is judged on the worlds
it was valued on (:meth:`Evaluation.count`), world by world against the recommended card,
the highest average among the cards valued on every world. Measured against a reference
of 256 worlds (``benchmarks/coach_accuracy.py``), this keeps false blame and missed
mistakes rare at every trick.

Equivalent cards (same suit and points, no card another player may hold between them)
count as one. A single legal card, or only equivalent ones, needs no world
(``samples == 0``); ``samples=`` sets the worlds exactly (no doubling). A
:class:`PendingEvaluation` started when the learner's turn begins values the worlds in the
background while the learner thinks (the solver releases the GIL, and one background
thread keeps its solver table from one position to the next); the review or hint then
completes what is left, a review only as far as its own card's verdict needs (more worlds
only while that card is in doubt, or the recommended card a card near it is measured
against: ``PendingEvaluation.result(card)``), a hint only until no other card could be
:data:`TOLERANCE` or more above the recommended one (``PendingEvaluation.for_hint()``).
The card a hint named stays the recommended card of the position: the review of the card
then played is measured against it (its own doubt still settled by more worlds), so the
coach never names two best cards.
``benchmarks/coach.py`` measures the latency.

Where the solver runs on its pure-Python core (Pyodide, the static edition in the
browser: no numba there), an exact solve of an early trick takes tens of times longer:
there the worlds of a hand of more than :data:`PURE_SOLVER_CARDS` cards are valued by
club playouts (:func:`played_out`), as many as
:func:`~belote_teach.search.evaluation.samples_for` gives for playouts and never doubled,
and the review says over how many deals it judged, as everywhere.

Explanations
------------
A review is worded in two parts (:meth:`Review.verdict_text`, :meth:`Review.details_text`):
the verdict sentence, then the rest. For the recommended card and the other good cards the
rest gives the card's own reason (a :class:`~belote_teach.players.base.Technique`, an R9
tip where one applies; none for a card good only because the worlds disagree, which is
said instead). For a worse card it is contrastive: the measured loss, then the
:class:`Difference` values of :attr:`Review.differences`, facts of the position that hold
for the recommended card and not for the learner's (:class:`Fact`: the trick won whatever
the others hold, the points put at stake in a trick that can be lost, a master or an atout
kept, the dix de der, the capot kept or the contract made in more of the sampled
deals). A technique that fits both cards is never given as the difference; with no such
fact, the measured loss is the explanation. Facts come from the observation (tracking,
:mod:`belote_teach.search.tracking`) and the evaluation's numbers: no second sampling.

One evaluation, one verdict: :func:`evaluate` values a position once, and
``review(..., evaluation=e)`` and ``hint(..., evaluation=e)`` judge from it, so the card a
hint names is the ``BEST`` of the reviews made from the same evaluation.
"""

from __future__ import annotations

import enum
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import sqrt
from statistics import fmean, stdev

from belote_teach import explain
from belote_teach.engine.cards import (
    DECK,
    Card,
    Rank,
    Seat,
    Suit,
    points,
    strength,
)
from belote_teach.engine.deal import Phase
from belote_teach.engine.errors import OutOfTurnError, PhaseError
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import LegalPlays
from belote_teach.engine.scoring import DEAL_POINTS
from belote_teach.engine.trick import Trick
from belote_teach.players.base import Decision, Technique
from belote_teach.players.club import ClubPlayer
from belote_teach.search import solver
from belote_teach.search.background import run_in_background
from belote_teach.search.evaluation import Valuation, WorldValues, equivalent_groups, samples_for
from belote_teach.search.inference import CLUB_MODEL
from belote_teach.search.tracking import Tracking, track

__all__ = [
    "CUT_SHARE",
    "MAX_WORLDS",
    "MISTAKE_LOSS",
    "NOISE_Z",
    "OUTCOME_TOLERANCE",
    "PURE_SOLVER_CARDS",
    "TOLERANCE",
    "Difference",
    "Evaluation",
    "Fact",
    "Hint",
    "PendingEvaluation",
    "Review",
    "Verdict",
    "check_card_turn",
    "evaluate",
    "hint",
    "played_out",
    "review",
]

#: Card points within which a card is as good as the best (sampling noise), inclusive.
TOLERANCE = 4.0
#: Card points of loss from which a card is a mistake rather than an inaccuracy (a
#: 10 given away: the opponents' total grows by as much as the team's shrinks).
MISTAKE_LOSS = 10.0
#: Fraction of worlds: a success rate this much below the best card's changes the outcome.
OUTCOME_TOLERANCE = 0.25
#: Fraction of worlds by which the learner's card must be open to a cut more often than
#: the recommended card for :attr:`Fact.CUT` to be stated (a deal or two is no reason).
CUT_SHARE = 0.25
#: Standard errors of the paired per-world difference under which a gap between two
#: cards is treated as sampling noise (about 99 % confidence, 0.6 % on each side): with
#: few worlds (trick 1) a card is only called worse when the worlds agree that it is, and
#: only called good when they agree that it cannot be 10 points worse. Measured against
#: the 256-world reference (``benchmarks/coach_accuracy.py``, the coach's worlds of 60
#: deals, 770 positions, judged both ways): 2.0 blamed 18 of 2,006 cards within 4 points
#: of the best and praised 10 of 482 cards 10 or more below it; 2.5 blamed 13 and
#: praised 6, for some 5 % more worlds at tricks 1 and 2.
NOISE_Z = 2.5
#: The most worlds an evaluation draws, by cards in hand: while a card could be within
#: :data:`TOLERANCE` of the best as well as :data:`MISTAKE_LOSS` or more below it (the
#: noise is that wide), the worlds are doubled from
#: :data:`~belote_teach.search.evaluation.SOLVES`, up to this many. At trick 3 (6 cards),
#: against the 256-world reference over the same 300 deals (``benchmarks/coach_accuracy.py
#: --tricks 3``), 512 rather than 256 missed 5 of 380 cards 10 points or more below the best
#: instead of 8 and blamed 6 of 1,654 within 4 points instead of 7, for a longer tail
#: (evaluation from nothing, 95th percentile 0.68 s against 0.51 s). At trick 2 (7 cards),
#: over 300 deals (``--tricks 2``), 192 rather than 96 missed 10 of 559 cards instead of 13
#: and blamed 12 of 1,772 instead of 14.
MAX_WORLDS: Mapping[int, int] = {8: 96, 7: 192, 6: 512, 5: 256, 4: 256, 3: 256, 2: 256}
#: Where the solver runs on its pure-Python core (:func:`played_out`), the most cards in
#: hand whose worlds the coach still solves exactly (from trick 5 on: a solve of 4 cards
#: takes some milliseconds there); the worlds of larger hands are played out by club
#: players (:func:`~belote_teach.search.evaluation.playout`).
PURE_SOLVER_CARDS = 4
#: Card points: a card still in doubt with the most worlds is good up to this loss
#: (half-way between :data:`TOLERANCE` and :data:`MISTAKE_LOSS`).
_MIDDLE = (TOLERANCE + MISTAKE_LOSS) / 2
_CLUB = ClubPlayer()


class Verdict(enum.Enum):
    """The coach's grade of one card (see the module docstring)."""

    ILLEGAL = "illegal"
    BEST = "best"
    ALSO_GOOD = "also_good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"


@dataclass(frozen=True)
class Evaluation:
    """Every legal card of one position valued over the same sampled worlds, as
    :func:`evaluate` returns it: what :func:`review` and :func:`hint` judge from. Reuse
    one evaluation for the hint and the reviews of a position so that they agree.

    Attributes:
        observation: the position evaluated (the learner's view, at their turn to play).
        legal: its :class:`~belote_teach.engine.rules.LegalPlays`.
        values: per legal card, the average card points (R1.2-R1.4, dix de der included)
            the learner's team wins from the current trick on.
        success: per legal card, the fraction of the worlds (0.0 to 1.0) in which the team
            reaches its goal (makes or sinks the contract, R6.2).
        samples: worlds sampled (0 when one card, or only equivalent ones, is legal).
        best: the good cards, the recommended one first.
        decision: the club player's choice in the learner's seat, with its technique.
        reference: the best success rate among the cards of the highest average.
        margin: per legal card, the average marks of the team minus the opponents'.
        changed: the cards whose success rate is beyond the noise below ``reference``.
        noise: per legal card, :data:`NOISE_Z` standard errors of its per-world
            difference with the recommended card, in card points (0.0 without worlds).
        doubtful: the cards whose loss could be within :data:`TOLERANCE` as well as
            :data:`MISTAKE_LOSS` or more, given the noise, and the recommended card while
            another card's average could be :data:`MISTAKE_LOSS` or more above its own
            (empty once the worlds tell).
        worlds: the per-world values judged (``None`` when nothing was sampled): each
            card's on the first :meth:`count` worlds.
        surest: the card whose success rate is ``reference`` (``None`` when nothing was
            sampled: the recommended card).

    ``values``, ``success``, ``margin`` and ``noise`` of a card are over its own
    :meth:`count` worlds; :meth:`loss` and :meth:`rates` compare it with the recommended
    card on those worlds.
    """

    observation: Observation = field(repr=False)
    legal: LegalPlays = field(repr=False)
    values: Mapping[Card, float]
    success: Mapping[Card, float]
    samples: int
    best: tuple[Card, ...]
    decision: Decision[Card]
    reference: float = 1.0
    margin: Mapping[Card, float] = field(default_factory=dict)
    changed: frozenset[Card] = frozenset()
    noise: Mapping[Card, float] = field(default_factory=dict)
    doubtful: frozenset[Card] = frozenset()
    worlds: WorldValues | None = field(default=None, repr=False)
    surest: Card | None = None

    @property
    def open(self) -> tuple[Card, ...]:
        """The legal cards that more worlds would judge again, hand order: among those
        valued on every world, the ones whose loss could be within :data:`TOLERANCE`
        (the good ones and those in doubt, an outcome change or not), the recommended
        card and :attr:`surest`. The others are :data:`TOLERANCE` or more below the
        recommended card beyond the noise (or were already left out of the last worlds):
        more worlds do not value them."""
        return tuple(c for c in self.legal.cards if self.count(c) == self.samples and (
            self.loss(c) - self.noise.get(c, 0.0) <= TOLERANCE
            or c in (self.best[0], self.surest)))

    def count(self, card: Card) -> int:
        """The worlds ``card`` (a legal card) was judged on: :attr:`samples`, or fewer for
        a card left out of the added worlds (not in an earlier count's :attr:`open`)."""
        return self.samples if self.worlds is None else self.worlds.count(card)

    def loss(self, card: Card) -> float:
        """The recommended card's average minus ``card``'s, in card points, on ``card``'s
        worlds (negative when ``card`` did better there)."""
        if self.worlds is None:
            return max(self.values.values()) - self.values[card]
        count = self.worlds.count(card)
        return fmean(self.worlds.worth[self.best[0]][:count]) - self.values[card]

    def contested(self, by: float) -> bool:
        """True while another card valued on every world could be ``by`` card points or
        more above the recommended card: its loss (a gain) within the noise of that much.
        A hint waits while this holds with :data:`TOLERANCE`."""
        first = self.best[0]
        return any(self.noise.get(c, 0.0) - self.loss(c) >= by for c in self.legal.cards
                   if c != first and self.count(c) == self.samples)

    def rates(self, card: Card) -> tuple[float, float]:
        """The success rates (0.0 to 1.0) of :attr:`surest` and of ``card`` on ``card``'s
        worlds: what an outcome change compares."""
        if self.worlds is None or self.surest is None:
            return self.reference, self.success[card]
        count = self.worlds.count(card)
        return fmean(self.worlds.success[self.surest][:count]), self.success[card]


class Fact(enum.Enum):
    """The kind of a :class:`Difference`: a fact of the position that holds for the
    recommended card and not for the learner's (its value names the sentences of the
    catalogs' ``coach`` section, ``diff_<value>...``)."""

    #: two cards left: the recommended card keeps the learner's card, the master atout,
    #: for the last trick (R1.4, tip 5); the learner's card is that atout.
    DIX_DE_DER = "dix_de_der"
    #: the learner's card is a master card (no card still out beats it in its suit) that
    #: does not take this trick; the recommended card keeps it.
    MASTER_KEPT = "master_kept"
    #: with the recommended card the team wins this trick whatever the others hold; with
    #: the learner's it may lose it (``other``: the card still out that could take it).
    WINS_TRICK = "wins"
    #: neither card makes the trick sure, and the learner's puts more card points in it.
    POINTS_AT_STAKE = "stake"
    #: with the recommended card the team is master of this trick and only an atout (a
    #: cut, R3.4) could still take it; with the learner's card a card still out of the
    #: suit of the trick's master could take it, or an opponent wins it (``other``: that
    #: card).
    ONLY_ATOUT = "only_atout"
    #: the team wins this trick either way, and the recommended card puts more points in it
    #: (tip 4).
    FEEDS_TRICK = "feeds"
    #: the learner's card is an atout, the recommended card is not; or both are atouts,
    #: the learner's the stronger (R1.2; case ``"higher"``, stated when no fact about the
    #: cards and the trick is).
    TRUMP_KEPT = "trump_kept"
    #: the learner leads: in more of the sampled deals an opponent holds no card of the
    #: learner's card's suit and an atout, so can cut it (R3.4), than the recommended
    #: card's (both plain cards of different suits); stated when no fact about the cards
    #: and the trick is.
    CUT = "cut"
    #: the team takes every pli (capot, R6.5) in more of the sampled deals with the
    #: recommended card than with the learner's, by at least :data:`TOLERANCE` points of
    #: the loss (a capot is worth 250 instead of 162); stated first when that share is
    #: :data:`MISTAKE_LOSS` or more, else after the facts about the cards and the trick.
    CAPOT = "capot"
    #: the team reaches its goal (R6.2) in more of the sampled deals with the recommended
    #: card than with the learner's.
    OUTCOME = "outcome"


@dataclass(frozen=True)
class Difference:
    """One fact that tells the recommended card from the learner's (see :class:`Fact`).

    Attributes:
        fact: the kind of fact.
        best: the recommended card.
        card: the learner's card.
        other: for ``WINS_TRICK``, ``POINTS_AT_STAKE`` and ``ONLY_ATOUT``, the card still
            out (neither played nor in the learner's hand) with which an opponent still to
            play could take the trick after the learner's card, if any (for
            ``ONLY_ATOUT`` a card of the master's suit); else ``None``.
        case: how the trick stands after the learner's card, for ``WINS_TRICK``,
            ``POINTS_AT_STAKE`` and ``ONLY_ATOUT``: ``"beaten_card"`` (the card leads the trick but
            ``other`` beats it), ``"beaten_trick"`` (the partner leads it but ``other``
            beats the partner's card), ``"lost"`` (an opponent leads it and the partner
            has played), ``"behind"`` (an opponent leads it, the partner still to play);
            for ``TRUMP_KEPT``, ``"higher"`` when both cards are atouts; else ``""``.
        numbers: for ``POINTS_AT_STAKE`` and ``FEEDS_TRICK``, the card points (R1.2,
            R1.3) of the recommended card and of the learner's; for ``CAPOT`` and
            ``OUTCOME``, the deals where the team takes every pli (or reaches its goal)
            with each, and the deals sampled; else ``()``.
    """

    fact: Fact
    best: Card
    card: Card
    other: Card | None = None
    case: str = ""
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Review:
    """The coach's verdict on one card.

    Attributes:
        card: the card reviewed.
        verdict: a :class:`Verdict`.
        loss: expected loss in card points against the best card (0.0 for ILLEGAL).
        outcome_changed: True when the card lowers the team's chance to reach its goal
            (make or sink the contract, R6.2) by :data:`OUTCOME_TOLERANCE` or more.
        best: the good cards, the recommended one first (empty for ILLEGAL).
        reason: why the recommended card is good (club technique, R9 tip), ``None`` for
            ILLEGAL.
        reason_cards: the cards that reason names.
        samples: worlds the verdict stands on (0 when no sampling was needed):
            :meth:`Evaluation.count` of the card.
        values: average card points from here per legal card, each over its own
            :meth:`Evaluation.count` worlds (empty for ILLEGAL).
        success: success rate per legal card, 0.0 to 1.0 (empty for ILLEGAL).
        trump: the trump suit.
        legal: the :class:`~belote_teach.engine.rules.LegalPlays` of the position.
        best_success: the success rate that :attr:`outcome_changed` compares with: the
            best one among the cards of the highest average, on the card's worlds (1.0
            for ILLEGAL).
        differences: for ``INACCURACY`` and ``MISTAKE``, the facts that hold for the
            recommended card and not for this one (:class:`Difference`), most telling
            first; ``()`` otherwise, or when only the measured loss tells them apart.
        card_reason: for ``BEST``, and for ``ALSO_GOOD`` (not :attr:`noisy`) when it is
            the recommended card's technique too, the technique this card itself applies
            (R9 tip where one applies), with :attr:`card_reason_cards`; ``None``
            otherwise.
        card_reason_cards: the cards :attr:`card_reason` names.
        noisy: ``ALSO_GOOD`` only because the worlds disagree: the loss is above
            :data:`TOLERANCE` but within the sampling noise.
    """

    card: Card
    verdict: Verdict
    loss: float
    outcome_changed: bool
    best: tuple[Card, ...]
    reason: Technique | None
    reason_cards: tuple[Card, ...]
    samples: int
    values: Mapping[Card, float] = field(compare=False)
    success: Mapping[Card, float] = field(compare=False)
    trump: Suit
    legal: LegalPlays = field(compare=False, repr=False)
    best_success: float = 1.0
    differences: tuple[Difference, ...] = ()
    card_reason: Technique | None = None
    card_reason_cards: tuple[Card, ...] = ()
    noisy: bool = False

    def explanation(self, lang: str) -> str:
        """The review in words (``"en"`` or ``"fr"``), naming the cards: the rule for an
        illegal card (R3), else the grade and why: :meth:`verdict_text` and
        :meth:`details_text` joined by a space.

        Raises:
            ValueError: unknown language.
        """
        if self.verdict is Verdict.ILLEGAL:
            return explain.explain_card(self.legal, self.card, lang)
        return " ".join(part for part in self._parts(lang) if part)

    def verdict_text(self, lang: str) -> str:
        """The verdict sentence alone: ``"A♣ is a mistake."``, ``"K♣ is the best card
        here."``; for an illegal card, the sentence saying why it may not be played (R3).

        Raises:
            ValueError: unknown language.
        """
        return self._parts(lang)[0]

    def details_text(self, lang: str) -> str:
        """The explanation after the verdict sentence (may be empty): the measured loss
        and the differences with the recommended card, or the card's own reason; for an
        illegal card, the rule's explanation (R3).

        Raises:
            ValueError: unknown language.
        """
        return self._parts(lang)[1]

    def _parts(self, lang: str) -> tuple[str, str]:
        if self.verdict is Verdict.ILLEGAL:
            whole = explain.explain_card(self.legal, self.card, lang)
            rule = explain.explain_rule(self.legal, lang)
            if whole.endswith(rule) and len(whole) > len(rule):
                return whole[:len(whole) - len(rule)].rstrip(), rule
            return whole, ""
        return explain.coach_review_parts(
            verdict=self.verdict.value, card=self.card, best=self.best, loss=self.loss,
            samples=self.samples, tolerance=TOLERANCE,
            success=(self.best_success, self.success.get(self.card, 0.0)),
            outcome_changed=self.outcome_changed, reason=self.card_reason,
            reason_cards=self.card_reason_cards, trump=self.trump, lang=lang,
            differences=self.differences, noisy=self.noisy)


@dataclass(frozen=True)
class Hint:
    """The best card and its one-line reason.

    Attributes:
        card: the recommended card.
        reason: the club technique behind it (R9 tip where one applies).
        reason_cards: the cards the reason names.
        samples: worlds sampled.
        trump: the trump suit.
    """

    card: Card
    reason: Technique
    reason_cards: tuple[Card, ...]
    samples: int
    trump: Suit

    def text(self, lang: str) -> str:
        """"Play the J♥: …" in ``lang`` (``"en"`` or ``"fr"``).

        Raises:
            ValueError: unknown language.
        """
        return explain.coach_hint(self.card, self.reason, self.reason_cards, self.trump, lang)


def check_card_turn(obs: Observation, what: str) -> None:
    """Refuse ``obs`` unless it is its seat's turn to play a card; ``what`` names the
    caller in the message (``"review"``).

    Raises:
        TypeError: ``obs`` is not an Observation.
        PhaseError: not in phase PLAY.
        OutOfTurnError: another seat is to play.
    """
    if not isinstance(obs, Observation):
        raise TypeError(f"{what} takes an Observation (deal.observation(seat)), got {obs!r}")
    if obs.phase is not Phase.PLAY or obs.trick is None or obs.contract is None:
        raise PhaseError(f"{what} needs an observation in phase PLAY, got phase "
                         f"{obs.phase.name} ({obs!r})")
    if obs.turn is not obs.seat or obs.legal_plays is None:
        raise OutOfTurnError(f"{what}: it is {obs.turn}'s turn to play, not {obs.seat}'s "
                             f"({obs!r})")


def _check_options(rng: object, samples: object) -> None:
    """The error for an ``rng`` that is not a random.Random or bad ``samples``."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (e.g. random.Random(0)), got {rng!r}")
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or samples < 1):
        raise ValueError(f"samples must be a whole number, 1 or more, got {samples!r}")


class PendingEvaluation:
    """The coach's :class:`Evaluation` of one position, under way: the first worlds are
    drawn when it is made, then valued as :meth:`in_background` or :meth:`result` get to
    them (:class:`~belote_teach.search.evaluation.Valuation`, each world solved exactly);
    while a card's verdict is in doubt (:attr:`Evaluation.doubtful`) the worlds are
    doubled, up to :data:`MAX_WORLDS`. :meth:`result` completes what is left, so an
    evaluation started when the learner's turn begins uses their thinking time, and the
    result is the same however early it was asked for.

    Args and errors: as :func:`evaluate` (with ``samples``, exactly that many worlds).
    """

    def __init__(self, observation: Observation, *, rng: random.Random,
                 samples: int | None = None) -> None:
        check_card_turn(observation, "the coach's evaluation")
        _check_options(rng, samples)
        assert observation.legal_plays is not None and observation.contract is not None
        self.observation = observation
        self._decision = _CLUB.choose_card(observation, rng)
        self._valuation: Valuation | None = None
        self._result: Evaluation | None = None
        self._hinted: Evaluation | None = None      # the hint's (for_hint)
        self._named: Card | None = None             # the card it named
        self._judged: dict[tuple[int, Card | None], Evaluation] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        groups = equivalent_groups(observation)
        if len(groups) == 1:              # one card, or equivalent cards: nothing to weigh
            cards = list(observation.legal_plays.cards)
            first = self._decision.action
            best = (first, *(c for c in cards if c != first))
            self._result = Evaluation(
                observation, observation.legal_plays, dict.fromkeys(cards, 0.0),
                dict.fromkeys(cards, 1.0), 0, best, self._decision,
                margin=dict.fromkeys(cards, 0.0), noise=dict.fromkeys(cards, 0.0))
            self._counts: tuple[int, ...] = ()
            return
        self._counts = _world_counts(observation, samples)
        self._valuation = Valuation(
            observation, rng, self._counts[0], groups,
            policy=_CLUB.play_tracked if played_out(observation) else None,
            model=CLUB_MODEL, solver_cards=PURE_SOLVER_CARDS)

    @property
    def ready(self) -> float:
        """The fraction of the worlds valued so far of those drawn (0.0 to 1.0; 1.0 once
        the evaluation is finished)."""
        if self._valuation is None or self._result is not None:
            return 1.0
        return self._valuation.ready / self._valuation.samples

    def in_background(self) -> None:
        """Start valuing the worlds in the search's background thread
        (:func:`~belote_teach.search.background.run_in_background`, its solver table
        kept warm from one position to the next), as far as the verdicts need (nothing
        to do when the evaluation needs no world); the work of a position left behind
        (:meth:`stop`) ends at its next world."""
        if self._valuation is not None and self._result is None:
            run_in_background(self._run)

    def stop(self) -> None:
        """Stop the background work (the position was left); :meth:`result` still
        completes the evaluation if asked."""
        self._stopped.set()
        if self._valuation is not None:
            self._valuation.stop()

    def result(self, card: Card | None = None) -> Evaluation:
        """The finished :class:`Evaluation` (the worlds left valued now), computed once:
        the later calls (and :meth:`for_hint`) return the same. After a hint
        (:meth:`for_hint`) the card it named is the recommended card of the result.

        With ``card`` (the card a review is about, a legal one), the evaluation stops at
        the first count of worlds that leaves that card's verdict out of doubt, even
        when another card's is still in doubt: a review waits only for its own verdict.
        That is the card's doubt, and for a card that may be within :data:`TOLERANCE` of
        the recommended card (:attr:`Evaluation.open`) the recommended card's too: the
        card's loss is measured against it (a card below that, blamed, is only further
        below a better card).
        The count depends on the worlds alone, never on how far the background got.

        Raises:
            ValueError: ``card`` is not a legal card of the position.
        """
        legal = self.observation.legal_plays
        assert legal is not None
        if card is not None and card not in legal.cards:
            raise ValueError(f"card must be a legal card of the position "
                             f"({' '.join(map(str, legal.cards))}), got {card}")
        with self._lock:
            if self._result is None:
                self._result = self._settle(background=False, card=card)
                self.stop()                   # what the background would add is not used
            assert self._result is not None           # the counts are never empty
            return self._result

    def for_hint(self) -> Evaluation:
        """The :class:`Evaluation` a hint names its card from, computed once: the first
        count of worlds on which no other card could be :data:`TOLERANCE` or more above
        the recommended card (given the noise), whatever the other cards' doubts (the
        result, once :meth:`result` has been computed). From then on the card it
        names is the recommended card of every judgement of the position: the background
        and a review (:meth:`result`) go on adding worlds while a verdict is in doubt,
        each card's loss measured against that card, which a review grades ``BEST``.
        The count depends on the worlds alone."""
        with self._lock:
            if self._result is not None:
                return self._result
            if self._hinted is None:
                hinted = self._settle(background=False, hint=True)
                assert hinted is not None                 # the counts are never empty
                self._hinted = hinted
                self._named = hinted.best[0]
            return self._hinted

    def _run(self) -> None:
        self._settle(background=True)

    def _settle(self, *, background: bool, card: Card | None = None, hint: bool = False
                ) -> Evaluation | None:
        """The evaluation on the first count of :attr:`_counts` that leaves no verdict in
        doubt, or with ``card`` that card's, or for a ``hint`` the first on which no other
        card could be :data:`TOLERANCE` or more above the recommended one (the last count
        otherwise): each count's worlds valued, then judged once (the card a
        hint named, :attr:`_named`, recommended). The cards the added worlds value are
        chosen from the worlds alone, whether or not a hint named a card: those that may
        be near the best of the count before, and every card recommended on fewer worlds.
        In the background, ``None`` once stopped (the position was left)."""
        valuation = self._valuation
        assert valuation is not None
        plain: Evaluation | None = None
        recommended: list[Card] = []
        judged: Evaluation | None = None
        for count in self._counts:
            if plain is not None:        # the added worlds: the cards that may be near
                valuation.extend_to(count, (*plain.open, *(
                    c for c in recommended if c not in plain.open)))
            while not (background and self._stopped.is_set()) and valuation.step(count):
                pass
            if background and self._stopped.is_set():
                return None
            plain = self._judged_at(count, None)
            if plain.best[0] not in recommended:
                recommended.append(plain.best[0])
            named = None if hint else self._named
            judged = plain if named is None else self._judged_at(count, named)
            if hint:
                in_doubt = judged.contested(TOLERANCE)
            elif card is None:
                in_doubt = bool(judged.doubtful)
            else:                        # a card near the best: the best's doubt too
                waits = {card, judged.best[0]} if card in judged.open else {card}
                in_doubt = bool(judged.doubtful & waits)
            if not in_doubt:
                break
        return judged

    def _judged_at(self, count: int, named: Card | None) -> Evaluation:
        """The judgement on the first ``count`` worlds, ``named`` recommended when given,
        made once whichever thread asks."""
        found = self._judged.get((count, named))
        if found is None:
            assert self._valuation is not None
            found = _judge(self.observation, self._decision, self._valuation.result(count),
                           named)
            found = self._judged.setdefault((count, named), found)
        return found


def played_out(obs: Observation) -> bool:
    """Whether the coach values the worlds of ``obs`` by club playouts rather than solving
    them: only where the solver runs on its pure-Python core (Pyodide, the static
    edition: :func:`~belote_teach.search.solver.is_pure`) and the hand holds more
    than :data:`PURE_SOLVER_CARDS` cards. There one exact solve of trick 1 takes about a
    second, of trick 3 up to several (tens of times the compiled core's time), while a
    review may take 1.5 s; a club playout of the deal takes some milliseconds."""
    return solver.is_pure() and len(obs.hand) > PURE_SOLVER_CARDS


def _world_counts(obs: Observation, samples: int | None) -> tuple[int, ...]:
    """The world counts an evaluation of ``obs`` may judge on, in order: ``samples``
    alone when given; where the worlds are played out (:func:`played_out`), the
    playouts' count of :func:`~belote_teach.search.evaluation.samples_for`, not doubled;
    else :data:`~belote_teach.search.evaluation.SOLVES` for the hand, doubled while at
    most :data:`MAX_WORLDS`."""
    if samples is not None:
        return (samples,)
    if played_out(obs):
        return (samples_for(obs, playouts=True, solver_cards=PURE_SOLVER_CARDS),)
    count = samples_for(obs)
    counts = [count]
    while counts[-1] * 2 <= MAX_WORLDS.get(len(obs.hand), count):
        counts.append(counts[-1] * 2)
    return tuple(counts)


def _judge(obs: Observation, decision: Decision[Card], worlds: WorldValues,
           named: Card | None = None) -> Evaluation:
    """The evaluation of ``obs`` from every legal card's values on the worlds: the
    recommended card, the good ones, the outcome changes, the noise and the doubts. The
    recommended card is ``named`` when given (the card a hint named, valued on every
    world), else the highest average among the cards valued on every world; each
    card is compared with it world by world on its own worlds
    (:meth:`WorldValues.count`), and only a card valued on every world may be in doubt
    (the others keep their verdict). The recommended card is in doubt while another card,
    valued on every world, could be :data:`MISTAKE_LOSS` or more above it (its loss, a
    gain, within the noise of that much)."""
    legal = obs.legal_plays
    assert legal is not None
    cards = list(legal.cards)
    values = {c: worlds.average(c) for c in cards}
    success = {c: worlds.success_rate(c) for c in cards}
    counts = {c: worlds.count(c) for c in cards}
    whole = [c for c in cards if counts[c] == worlds.samples]
    if named is None:
        top = max(values[c] for c in whole)
        tops = [c for c in whole if values[c] == top]
    else:
        assert named in whole, f"{named} is not valued on every world"
        tops = [named]
    first = decision.action if decision.action in tops else tops[0]
    top_success = max(success[c] for c in tops)
    surest = first if success[first] == top_success else next(
        c for c in tops if success[c] == top_success)
    changed = frozenset(c for c in cards if _significant(
        fmean(worlds.success[surest][:counts[c]]) - success[c], OUTCOME_TOLERANCE,
        _noise(worlds.success[surest][:counts[c]], worlds.success[c])))
    noise = {c: _noise(worlds.worth[first][:counts[c]], worlds.worth[c]) for c in cards}
    good: list[Card] = []
    doubtful: set[Card] = set()
    # could another card be MISTAKE_LOSS or more above the recommended one? (its loss is
    # then a gain that the noise could make that large)
    if any(noise[c] - (values[first] - values[c]) >= MISTAKE_LOSS
           for c in whole if c != first):
        doubtful.add(first)
    for card in cards:
        loss = fmean(worlds.worth[first][:counts[card]]) - values[card]
        # could the card be within TOLERANCE of the best, or MISTAKE_LOSS below it?
        near = loss - noise[card] <= TOLERANCE
        far = loss + noise[card] >= MISTAKE_LOSS
        if card in changed:
            continue
        if near and far and counts[card] == worlds.samples:   # cannot tell yet: more worlds
            doubtful.add(card)
        if near and (not far or loss <= _MIDDLE):
            good.append(card)
    best = (first, *(c for c in good if c != first))
    return Evaluation(obs, legal, values, success, worlds.samples, best, decision,
                      success[surest], dict(worlds.margin), changed, noise,
                      frozenset(doubtful), worlds, surest)


def _evaluate(obs: Observation, rng: random.Random, samples: int | None) -> Evaluation:
    """Every legal card of ``obs.seat`` valued over the same sampled worlds, then judged
    (:class:`PendingEvaluation`, completed at once)."""
    return PendingEvaluation(obs, rng=rng, samples=samples).result()


def _noise(reference: Sequence[float], other: Sequence[float]) -> float:
    """:data:`NOISE_Z` standard errors of the mean of the per-world differences
    ``reference - other`` (the same worlds in the same order): a gap of averages below
    this could be sampling luck. 0 with fewer than 2 worlds."""
    if len(reference) < 2:
        return 0.0
    differences = [a - b for a, b in zip(reference, other, strict=True)]
    return NOISE_Z * stdev(differences) / sqrt(len(differences))


def _significant(gap: float, tolerance: float, noise: float) -> bool:
    """A gap of averages that counts: at least ``tolerance`` and above ``noise``."""
    return gap >= tolerance and gap > noise


def _is_master(obs: Observation, card: Card) -> bool:
    """True when no card that beats ``card`` in its suit (R1.2, R1.3) is still out: each is
    played or in the learner's hand."""
    trump = obs.trump
    assert trump is not None
    seen = set(obs.played_cards) | set(obs.hand)
    return all(c in seen for c in DECK if c.suit is card.suit
               and strength(c, trump) > strength(card, trump))


def _kept_for_last(obs: Observation, card: Card) -> Card | None:
    """With two cards in hand, the other card when it is the master trump (it then wins
    the last trick, tip 5) and ``card`` is not a trump; else ``None``."""
    trump = obs.trump
    if len(obs.hand) != 2 or trump is None or card.suit is trump:
        return None
    other = obs.hand[0] if obs.hand[1] == card else obs.hand[1]
    if other.suit is not trump:
        return None
    return other if _is_master(obs, other) else None


def _reason(obs: Observation, ev: Evaluation, card: Card | None = None
            ) -> tuple[Technique, tuple[Card, ...]]:
    """The technique behind ``card`` (default: the recommended card): the club player's
    own reason when it chose that card, else the technique that card applies in this
    trick."""
    card = ev.best[0] if card is None else card
    kept = _kept_for_last(obs, card)
    if kept is not None and ev.decision.reason is not Technique.CHARGE_PARTNER:
        return Technique.KEEP_MASTER_FOR_DIX_DE_DER, (kept,)
    if ev.decision.action == card:
        if ev.decision.reason is Technique.KEEP_MASTER_FOR_DIX_DE_DER:
            return ev.decision.reason, ev.decision.cards        # the card kept
        if ev.decision.reason is Technique.ONLY_CHOICE:
            return ev.decision.reason, ()
        return ev.decision.reason, (card,)                      # the sentences name it
    if len(ev.legal.cards) == 1:
        return Technique.ONLY_CHOICE, (card,)
    trick = obs.trick
    trump = obs.trump
    assert trick is not None and trump is not None
    master = trick.master
    if master is None:
        if card.suit is trump and obs.seat is obs.taker:
            return Technique.DRAW_TRUMPS, (card,)
        if card.rank is Rank.ACE:
            return Technique.CASH_PLAIN_ACE, (card,)
        return Technique.LEAD_LOW, (card,)
    after = Trick(trump, trick.leader, [*trick.cards, card])
    if after.master is not None and after.master.card == card:
        if card.suit is trump and trick.led_suit is not trump:
            if master.card.suit is trump:
                return Technique.OVERTRUMP, (card,)
            return Technique.TRUMP_IN, (card,)
        return Technique.WIN_TRICK, (card,)
    if master.seat is obs.seat.partner:
        if points(card, trump) >= 10:
            return Technique.CHARGE_PARTNER, (card,)
        masters = tuple(c for c in ev.legal.cards if c != card and points(c, trump) >= 10
                        and _is_master(obs, c))
        if masters:               # an honour that can win a trick of its own: not fed
            return Technique.KEEP_MASTER, masters
        return Technique.PLAY_LOW_UNDER_PARTNER, (card,)
    if card.suit is trick.led_suit or card.suit is trump:
        return Technique.PLAY_LOW, (card,)
    return Technique.DISCARD_LOW, (card,)


# ------------------------------------------------------------------------ differences
@dataclass(frozen=True)
class _InTrick:
    """How the current trick stands once the learner has played one card (R1.5)."""

    takes: bool              # the card itself is the trick's master
    ours: bool               # the master is the learner's or the partner's card
    threat: Card | None      # the strongest card still out that could take it from the team
    lost: bool               # an opponent's card is master and the partner has played
    in_suit: Card | None     # the strongest such card of the master's own suit (no cut)

    @property
    def safe(self) -> bool:
        """The team wins the trick whatever the others hold."""
        return self.ours and self.threat is None

    @property
    def case(self) -> str:
        """:attr:`Difference.case` of an unsafe trick."""
        if self.ours:
            return "beaten_card" if self.takes else "beaten_trick"
        return "lost" if self.lost else "behind"


def _may_be_void(info: Tracking, seat: Seat, possible: frozenset[Card], suit: Suit,
                 size: int) -> bool:
    """True when ``seat``, holding ``size`` cards among ``possible`` (what it may hold,
    :meth:`Tracking.possible`), may hold none of ``suit``: no card of it is known in its
    hand and the cards it may hold outside ``suit`` fill its hand."""
    if any(c.suit is suit for c in info.known.get(seat, ())):
        return False
    return sum(1 for c in possible if c.suit is not suit) >= size


def _could_take(trump: Suit, card: Card, master: Card, led: Suit, may_be_void: bool) -> bool:
    """True when a seat still to play that may hold ``card`` could take with it the trick
    whose master is ``master`` (R1.5), for some holding consistent with what the learner
    saw: a higher card of the master's suit, playable when that suit is the one led or
    when the seat may be void in the led suit (``may_be_void``, R3.1), or an atout on a
    plain master when the seat may be void in the led suit (R3.4)."""
    if card.suit is master.suit:
        if strength(card, trump) <= strength(master, trump):
            return False
        return master.suit is led or may_be_void
    return card.suit is trump and master.suit is not trump and may_be_void


def _in_trick(obs: Observation, info: Tracking, card: Card) -> _InTrick:
    """The current trick after the learner's ``card``: who leads it and what still out
    could take it from the learner's team (seats still to play, cards they may hold)."""
    trick, trump = obs.trick, obs.trump
    assert trick is not None and trump is not None
    after = Trick(trump, trick.leader, [*trick.cards, card])
    master, led = after.master, after.led_suit
    assert master is not None and led is not None
    team = obs.seat.team
    later, seat = [], obs.seat
    for _ in range(4 - len(after.cards)):
        seat = seat.next
        later.append(seat)
    ours = master.seat.team is team
    threat: Card | None = None
    in_suit: Card | None = None
    if ours:
        size = len(obs.hand)                    # what each seat still to play holds
        for opponent in (s for s in later if s.team is not team):
            possible = info.possible(opponent)
            void = _may_be_void(info, opponent, possible, led, size)
            for other in possible:
                if not _could_take(trump, other, master.card, led, void):
                    continue
                if threat is None or _stronger(other, threat, trump):
                    threat = other
                if other.suit is master.card.suit and (
                        in_suit is None or _stronger(other, in_suit, trump)):
                    in_suit = other
    return _InTrick(master.card == card, ours, threat,
                    not ours and obs.seat.partner not in later, in_suit)


def _stronger(card: Card, other: Card, trump: Suit) -> bool:
    """``card`` ranks above ``other`` for naming the strongest threat: an atout above a
    plain card, else by strength (R1.2, R1.3)."""
    return ((card.suit is trump, strength(card, trump))
            > (other.suit is trump, strength(other, trump)))


#: Most differences a review states besides the outcome one.
_DIFFERENCES = 2


def _differences(obs: Observation, ev: Evaluation, card: Card) -> tuple[Difference, ...]:
    """The facts that hold for the recommended card and not for ``card`` (see
    :class:`Fact`), most telling first: at most :data:`_DIFFERENCES` about the capot,
    the cards and the trick, then the outcome in the sampled deals. Uses the tracking of
    ``obs`` (:func:`~belote_teach.search.tracking.track`) and the numbers of ``ev``;
    samples nothing."""
    best = ev.best[0]
    trump = obs.trump
    assert trump is not None
    if card == best:
        return ()
    info = track(obs)
    mine, theirs = _in_trick(obs, info, best), _in_trick(obs, info, card)
    worth = (points(best, trump), points(card, trump))
    found: list[Difference] = []
    master = _is_master(obs, card)
    if len(obs.hand) == 2 and card.suit is trump and master and best.suit is not trump:
        found.append(Difference(Fact.DIX_DE_DER, best, card))
    elif master and not theirs.takes and not (_is_master(obs, best) and not mine.takes):
        found.append(Difference(Fact.MASTER_KEPT, best, card))
    if mine.safe and not theirs.safe:
        found.append(Difference(Fact.WINS_TRICK, best, card, theirs.threat, theirs.case))
    elif not theirs.safe and not mine.safe and worth[1] > worth[0]:
        found.append(Difference(Fact.POINTS_AT_STAKE, best, card, theirs.threat,
                                theirs.case, worth))
    elif mine.safe and theirs.safe and worth[0] > worth[1]:
        found.append(Difference(Fact.FEEDS_TRICK, best, card, numbers=worth))
    elif _only_atout_takes(mine, trump) and (not theirs.ours or theirs.in_suit is not None):
        found.append(Difference(Fact.ONLY_ATOUT, best, card, theirs.in_suit, theirs.case))
    if card.suit is trump and not any(d.fact is Fact.DIX_DE_DER for d in found):
        if best.suit is not trump:
            found.append(Difference(Fact.TRUMP_KEPT, best, card))
        elif strength(card, trump) > strength(best, trump) and not found:
            found.append(Difference(Fact.TRUMP_KEPT, best, card, case="higher"))
    count = ev.count(card)
    cut = _cut_counts(obs, ev, best, card, count) if not found else None
    if cut is not None:
        found.append(Difference(Fact.CUT, best, card, numbers=(*cut, count)))
    capot = _capot_kept(obs, ev, best, card, count)
    if capot is not None:                   # first when it alone makes the card a mistake
        with_best, with_card, share = capot
        kept = Difference(Fact.CAPOT, best, card, numbers=(with_best, with_card, count))
        found = [kept, *found] if share >= MISTAKE_LOSS else [*found, kept]
    found = found[:_DIFFERENCES]
    reached = ev.worlds.success[best][:count] if ev.worlds is not None else ()
    made = (sum(reached) if reached else round(ev.success[best] * count),
            round(ev.success[card] * count))
    if made[0] > made[1] and card not in ev.changed:
        found.append(Difference(Fact.OUTCOME, best, card, numbers=(*made, count)))
    return tuple(found)


def _only_atout_takes(trick: _InTrick, trump: Suit) -> bool:
    """The team is master of the trick, and only an atout could still take it from them:
    a cut (R3.4) on a plain master that no card of its own suit still out beats."""
    return (trick.ours and trick.threat is not None and trick.in_suit is None
            and trick.threat.suit is trump)


def _cut_counts(obs: Observation, ev: Evaluation, best: Card, card: Card, count: int
                ) -> tuple[int, int] | None:
    """When the learner leads and ``best`` and ``card`` are plain cards of different
    suits: of the first ``count`` sampled deals, those in which an opponent holds no card
    of ``best``'s suit and an atout (so can cut it, R3.4), and the same for ``card``'s
    suit; ``None`` unless ``card``'s count is the larger by :data:`CUT_SHARE` of the
    deals or more (a deal or two apart is no reason)."""
    trump, trick = obs.trump, obs.trick
    if ev.worlds is None or trick is None or trick.cards or trump in (best.suit, card.suit) \
            or best.suit is card.suit:
        return None
    opponents = obs.seat.team.other.seats

    def cuts(world: Mapping[Seat, tuple[Card, ...]], suit: Suit) -> bool:
        return any(all(c.suit is not suit for c in world[s])
                   and any(c.suit is trump for c in world[s]) for s in opponents)

    worlds = ev.worlds.worlds[:count]
    counted = (sum(cuts(w, best.suit) for w in worlds), sum(cuts(w, card.suit) for w in worlds))
    return counted if counted[1] - counted[0] >= CUT_SHARE * len(worlds) else None


def _capot_kept(obs: Observation, ev: Evaluation, best: Card, card: Card, count: int
                ) -> tuple[int, int, float] | None:
    """Of the first ``count`` sampled deals (``card``'s :meth:`Evaluation.count`), those
    in which the seat's team takes every pli (R6.5) with ``best`` and with ``card``, and
    the capot's share of the loss in card points (its 88 extra points a deal, averaged
    over the deals), when that share is :data:`TOLERANCE` or more; else ``None``. A
    deal's worth exceeds the card points left only by a capot's extra points
    (:class:`~belote_teach.search.evaluation.WorldValues`)."""
    if ev.worlds is None:
        return None
    left = DEAL_POINTS - sum(obs.points_won.values())
    kept = (sum(w > left for w in ev.worlds.worth[best][:count]),
            sum(w > left for w in ev.worlds.worth[card][:count]))
    share = (kept[0] - kept[1]) * (obs.rules.capot_points - DEAL_POINTS) / max(1, count)
    return (*kept, share) if share >= TOLERANCE else None


# ------------------------------------------------------------------------ public API
def evaluate(observation: Observation, *, rng: random.Random, samples: int | None = None
             ) -> Evaluation:
    """Value every legal card of the seat to play over the same sampled worlds, once:
    pass the result to :func:`review` and :func:`hint` (``evaluation=``) so that the
    hint and the reviews of this position judge from the same worlds and agree.

    Args:
        observation: the learner's :class:`~belote_teach.engine.observation.Observation` at
            their turn in phase PLAY (``legal_plays`` set); never a deal.
        rng: the only source of chance (world sampling); same seed, same evaluation.
        samples: worlds to sample, exactly (default: :data:`~belote_teach.search.evaluation.SOLVES`
            for the hand, doubled up to :data:`MAX_WORLDS` while a verdict is in doubt).

    Returns:
        An :class:`Evaluation` (frozen).

    Raises:
        PhaseError: the observation is not in phase PLAY (a ValueError).
        OutOfTurnError: it is not the observing seat's turn to play (a ValueError).
        ValueError: ``samples`` is not a whole number of 1 or more.
        TypeError: ``rng`` is not a random.Random, or ``observation`` no Observation.
        InvalidPositionError: the observation contradicts itself (no consistent world).
    """
    return _evaluate(observation, rng, samples)


def _evaluation_for(observation: Observation, rng: random.Random | None,
                    samples: int | None, evaluation: Evaluation | None, *,
                    hint: bool = False) -> Evaluation:
    """``evaluation`` checked to be of ``observation``, or a new one (for a ``hint``,
    as far as :meth:`PendingEvaluation.for_hint` needs)."""
    if evaluation is None:
        _check_options(rng, samples)
        assert isinstance(rng, random.Random)
        pending = PendingEvaluation(observation, rng=rng, samples=samples)
        return pending.for_hint() if hint else pending.result()
    if not isinstance(evaluation, Evaluation):
        raise TypeError(f"evaluation must be an Evaluation (plays.evaluate), got {evaluation!r}")
    if evaluation.observation != observation:
        raise ValueError("the evaluation is of another position: evaluate this observation "
                         f"({observation!r}), not {evaluation.observation!r}")
    if samples is not None and samples != evaluation.samples:
        raise ValueError(f"samples={samples!r} differs from the evaluation's "
                         f"{evaluation.samples} worlds")
    return evaluation


def review(observation: Observation, card: Card | str, *, rng: random.Random | None = None,
           samples: int | None = None, evaluation: Evaluation | None = None) -> Review:
    """Grade the learner's ``card`` in ``observation`` (the seat to play's view).

    Args:
        observation: the learner's :class:`~belote_teach.engine.observation.Observation` at
            their turn in phase PLAY (``legal_plays`` set); never a deal.
        card: the card the learner chose (a :class:`Card` or notation).
        rng: the only source of chance (world sampling); same seed, same review.
            Needed unless ``evaluation`` is given.
        samples: worlds to sample, exactly (default: :data:`~belote_teach.search.evaluation.SOLVES`
            for the hand, doubled up to :data:`MAX_WORLDS` while a verdict is in doubt).
        evaluation: the position's :func:`evaluate` result, to judge from its worlds
            (then nothing is sampled and ``rng`` is not used).

    Returns:
        A :class:`Review`. An illegal card (R3, a revoke R3.8) is ``ILLEGAL`` with
        :func:`~belote_teach.explain.explain_card`'s explanation, without sampling.

    Raises:
        PhaseError: the observation is not in phase PLAY (a ValueError).
        OutOfTurnError: it is not the observing seat's turn to play (a ValueError).
        ValueError: ``samples`` is not a whole number of 1 or more, or ``evaluation`` is
            of another observation or another number of worlds.
        TypeError: ``rng`` is not a random.Random (and no ``evaluation``), or
            ``observation`` no Observation, or ``evaluation`` no Evaluation.
        InvalidCardError: ``card`` cannot be read.
        IllegalPlayError: ``card`` is not in the hand.
        InvalidPositionError: the observation contradicts itself (no consistent world).
    """
    check_card_turn(observation, "review")
    if evaluation is None:
        _check_options(rng, samples)
    card = Card.parse(card)
    legal = observation.legal_plays
    assert legal is not None and observation.trump is not None
    trump = observation.trump
    verdict = legal.verdict(card)          # raises IllegalPlayError if not in the hand
    if not verdict.legal:
        return Review(card, Verdict.ILLEGAL, 0.0, False, (), None, (), 0, {}, {}, trump, legal)
    ev = _evaluation_for(observation, rng, samples, evaluation)
    reason, reason_cards = _reason(observation, ev)
    loss = max(0.0, ev.loss(card))
    changed = card in ev.changed
    if card == ev.best[0]:
        grade = Verdict.BEST
    elif card in ev.best:
        grade = Verdict.ALSO_GOOD
    elif changed or loss >= MISTAKE_LOSS:
        grade = Verdict.MISTAKE
    else:
        grade = Verdict.INACCURACY
    own: Technique | None = None
    own_cards: tuple[Card, ...] = ()
    differences: tuple[Difference, ...] = ()
    noisy = grade is Verdict.ALSO_GOOD and ev.samples > 0 and loss > TOLERANCE
    if grade is Verdict.BEST:
        own, own_cards = reason, reason_cards
    elif grade is Verdict.ALSO_GOOD:
        # its own reason only when it is the hint's too: "keep your master" said of the
        # best card and "feed your partner" of this one would be two things at once; and
        # none for a card also good only because the worlds disagree: a reason for it
        # beside "it scores about 6 points less" would argue both ways
        own, own_cards = _reason(observation, ev, card) if not noisy else (None, ())
        if own is not reason:
            own, own_cards = None, ()
    else:
        differences = _differences(observation, ev, card)
    return Review(card, grade, round(loss, 1), changed, ev.best, reason, reason_cards,
                  ev.count(card), ev.values, ev.success, trump, legal, ev.rates(card)[0],
                  differences=differences, card_reason=own, card_reason_cards=own_cards,
                  noisy=noisy)


def hint(observation: Observation, *, rng: random.Random | None = None,
         samples: int | None = None, evaluation: Evaluation | None = None) -> Hint:
    """The best card for the seat to play and its one-line reason.

    Args:
        observation: as for :func:`review`.
        rng: the only source of chance; same seed, same hint. Needed unless
            ``evaluation`` is given.
        samples: worlds to sample, exactly (default: :data:`~belote_teach.search.evaluation.SOLVES`
            for the hand, doubled up to :data:`MAX_WORLDS` while another card could be
            :data:`TOLERANCE` or more above the recommended one:
            :meth:`PendingEvaluation.for_hint`).
        evaluation: the position's :func:`evaluate` result (or a
            :class:`PendingEvaluation`'s): the hint names the card that :func:`review`
            with the same evaluation grades ``BEST``.

    Raises:
        PhaseError, OutOfTurnError: as for :func:`review` (ValueErrors).
        ValueError, TypeError: bad ``samples``, ``rng`` or ``evaluation``, as for
            :func:`review`.
        InvalidPositionError: the observation contradicts itself.
    """
    check_card_turn(observation, "hint")
    ev = _evaluation_for(observation, rng, samples, evaluation, hint=True)
    reason, cards = _reason(observation, ev)
    trump = observation.trump
    assert trump is not None                    # checked: the play phase has a trump
    return Hint(ev.best[0], reason, cards, ev.samples, trump)
