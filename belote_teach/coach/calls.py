"""The coach's reviews of the learner's calls: the bid (R2.4, R2.5), the announcements
declared with the first card (R4) and belote-rebelote (R5). The card itself is reviewed
by :mod:`belote_teach.coach.plays`; the grades are its :class:`~belote_teach.coach.plays.Verdict`.
Like the card coach, these reviews read an :class:`~belote_teach.engine.observation.Observation`
only, never the hidden cards.

Bids (:func:`review_bid`, :func:`hint_bid`)
-------------------------------------------
1. An illegal bid (not in ``observation.legal_bids``) is ``ILLEGAL``, with the rule:
   R2.4 in round 1 (take or pass, no suit named), R2.5 in round 2 (one of the three
   other suits, or pass); nothing is simulated.
2. Otherwise the expert's simulation :func:`~belote_teach.players.expert.bid_chances`
   estimates, for each taking bid worth simulating (legal, with
   :data:`~belote_teach.players.expert.MIN_TRUMPS` atouts or more), the probability
   (0.0 to 1.0) of making the contract: :data:`BID_SAMPLES` completions of the deal are
   drawn from the unseen cards (a seat that passed holds no hand a club player takes
   with), the same completions for every candidate, and the contract is judged on each
   double dummy: made when the takers' card points reach what they need with best play
   by all four seats, every hand seen (belote and the table's announcements counted,
   R6.1, R6.2). A taking bid of the learner that is not worth simulating (a single
   atout) is judged on the very same completions, so it is valued as the others.
3. The recommended bid is the expert's: the candidate with the highest chance when it
   reaches :data:`~belote_teach.players.expert.TAKE_THRESHOLD` (0.8), else ``pass``.
4. Grading by outcome. On one scale, a taking bid is worth its chance and a pass is
   worth the threshold (the chance at which taking and passing are even for the
   expert). The *gap* is the recommended bid's worth minus the learner's:

   - ``BEST``: the recommended bid;
   - ``ALSO_GOOD``: a gap of at most :data:`BID_TOLERANCE` (0.10): taking at 0.75 when
     the coach takes from 0.8, passing with 0.85, or another suit within 0.10 of the best
     one. With N simulated deals the standard error of a rate p is about
     sqrt(p(1-p)/N): 0.079 at p = 0.5 with the default 40 deals, 0.11 with the
     expert's 20, so a 0.10 gap is within about one standard error and sampling cannot
     tell the two bids apart;
   - ``INACCURACY``: a gap above the tolerance and below :data:`BID_MISTAKE_MARGIN`;
   - ``MISTAKE``: a gap of :data:`BID_MISTAKE_MARGIN` (0.20, two and a half standard
     errors at 40 deals: sampling alone reaches it in fewer than 1 review in 100) or
     more: with the expert's threshold of 0.8, taking with a chance of 0.60 or less (the
     contract goes dedans, R6.2, R6.4, in 40% of the deals or more, which costs far more
     than a pass), or passing when a take is certain in every simulated deal (1.0).

   The review reports the chance of the learner's bid and of the recommended one.
5. The explanation (English or French, through :mod:`belote_teach.explain.calls`) names
   the atouts the learner would hold (the retourne included when taking in round 1,
   R2.7), whether the J or the 9 of atout is among them (R9 tip 1), the simulated
   chances as percentages, and the club player's reason for the same position
   (:meth:`ClubPlayer.choose_bid <belote_teach.players.club.ClubPlayer.choose_bid>`, a
   :class:`~belote_teach.players.base.Technique`).

Where the solver runs on its pure-Python core (the browser, :func:`bids_played_out`),
each completion is judged by a club playout instead, some milliseconds each.

Cost: each completion is judged once per candidate by one null-window search of the
solver (:data:`~belote_teach.players.expert.BID_NODES` positions at most for the whole
decision; a completion over its share is played out by club players instead): the expert's
3,779 bids of a 1,000-deal match took a median of 0.21 s, a 95th percentile of 0.45 s and at
most 0.84 s of CPU time each, on a machine some 1.6 times slower than usual.

Announcements (:func:`review_announcements`) and belote (:func:`review_belote`)
-------------------------------------------------------------------------------
- Declared announcements are checked by the engine's
  :func:`~belote_teach.engine.announcements.validate_declaration` (R4.1-R4.3): a false one is
  ``ILLEGAL`` with the engine's reason (``FalseAnnouncementError.reason``); announcements
  declared at a table that does not play them (preset ``ffb2016``, R4, R7) are
  ``ILLEGAL`` too. Otherwise the declared points are compared with the best reading of
  the hand, ``observation.announcements_available`` (R4.1-R4.3): fewer points is a
  ``MISTAKE`` naming the announcements left out, their cards and points; all of them (or
  nothing to declare) is ``BEST``.
- What was said at the table counts: the kinds the opponents declared before the
  learner's first card (R4.4). When one of them beats every announcement the learner's
  team holds or declared whatever its cards (R4.5,
  :func:`~belote_teach.engine.announcements.outranks`: a cinquante beats any tierce), the
  learner's announcements cannot score: leaving them out is ``BEST`` (it costs nothing,
  and so would declaring them), or ``INACCURACY`` while the partner has still to play
  (a better announcement of the partner's would score them too, R4.6). When both
  opponents have played and nothing they declared can beat the learner's best, the
  points left out are lost for sure, and the review says so.
- Belote: the card is the K or Q of atout and the learner held both when play began,
  as the engine says (:meth:`Observation.may_say_belote
  <belote_teach.engine.observation.Observation.may_say_belote>`, R5.1). Not said (and not
  said with the first of the two either): ``MISTAKE``, the 20 points are lost (R5.2);
  said when not allowed: ``ILLEGAL``.

    >>> import random
    >>> from belote_teach.engine.cards import DECK, Seat
    >>> from belote_teach.engine.deal import Deal
    >>> mine = ["JH", "9H", "AH", "AS", "AC"]
    >>> rest = [str(c) for c in DECK if str(c) not in mine and str(c) != "10H"]
    >>> hands = {"S": mine, "E": rest[:5], "N": rest[5:10], "W": rest[10:15]}
    >>> seen = Deal.from_hands("W", hands, "10H", rest[15:]).observation(Seat.SOUTH)
    >>> got = review_bid(seen, "D", rng=random.Random(0))
    >>> got.verdict, got.rule
    (<Verdict.ILLEGAL: 'illegal'>, 'R2.4')
    >>> print(got.explanation("en"))  # doctest: +ELLIPSIS
    Naming diamonds as atout is not allowed here. In round 1 (R2.4) you either take ...
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from belote_teach.coach.errors import InvalidSaidError, InvalidSamplesError
from belote_teach.coach.plays import Verdict, check_card_turn
from belote_teach.engine.announcements import (
    BELOTE_POINTS,
    Announcement,
    AnnouncementFault,
    AnnouncementType,
    beats_every,
    belote_cards,
    best_announcement,
    outranks,
    validate_declaration,
)
from belote_teach.engine.bidding import PASS, TAKE, Bid, BidKind
from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.deal import Phase
from belote_teach.engine.errors import FalseAnnouncementError, OutOfTurnError, PhaseError
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import RuleSet
from belote_teach.explain import calls as text
from belote_teach.players import expert
from belote_teach.players.base import Decision, Technique
from belote_teach.players.club import ClubPlayer
from belote_teach.players.expert import MIN_TRUMPS, TAKE_THRESHOLD, bid_chances
from belote_teach.search import solver

__all__ = [
    "BID_MISTAKE_MARGIN",
    "BID_SAMPLES",
    "BID_TOLERANCE",
    "AnnouncementHint",
    "AnnouncementReview",
    "BeloteReview",
    "BidHint",
    "BidReview",
    "bids_played_out",
    "hint_announcements",
    "hint_bid",
    "review_announcements",
    "review_belote",
    "review_bid",
]

#: Probability (0.0 to 1.0) within which a bid is as good as the recommended one: about
#: one standard error sqrt(p(1-p)/N) of a simulated rate near p = 0.5 (0.079 at N = 40,
#: 0.11 at the expert's 20), so sampling cannot tell the two apart. Inclusive.
BID_TOLERANCE = 0.10
#: Probability gap from which a bid is a mistake rather than an inaccuracy: 2.5 standard
#: errors at 40 deals (sampling alone reaches it in fewer than 1 review in 100); with the
#: expert's threshold 0.8, taking at 0.60 or less (dedans, R6.4, in 40% of the deals or
#: more). Inclusive.
BID_MISTAKE_MARGIN = 0.20
#: Deals simulated per bid review by default: as many as the expert's
#: :data:`~belote_teach.players.expert.BID_SAMPLES` (standard error 0.079 at p = 0.5),
#: at about 0.2 s per candidate bid.
BID_SAMPLES = 40

_CLUB = ClubPlayer()


# ------------------------------------------------------------------------ bids
def _round(obs: Observation) -> int:
    return 1 if obs.phase is Phase.BIDDING_1 else 2


def _check_bidding(obs: Observation, what: str) -> frozenset[Bid]:
    """The legal bids of ``obs``, or the error saying why there is no bid to review."""
    if not obs.phase.is_bidding:
        raise PhaseError(f"{what} needs an observation in a bidding phase (R2.4, R2.5), got "
                         f"{obs!r} in phase {obs.phase.name}")
    if obs.turn is not obs.seat or obs.legal_bids is None:
        raise OutOfTurnError(f"{what}: it is {obs.turn}'s turn to bid, not {obs.seat}'s "
                             f"({obs!r})")
    return obs.legal_bids


def _suit_of(bid: Bid, obs: Observation) -> Suit | None:
    return bid.trump(obs.turned)


def bids_played_out() -> bool:
    """Whether the coach judges the completions of a bid by club playouts rather than
    double dummy: only where the solver runs on its pure-Python core (Pyodide, the static
    edition: :func:`~belote_teach.search.solver.is_pure`). There the double-dummy
    judgement of one hand's candidates over :data:`BID_SAMPLES` completions takes 2 to 5 s
    on CPython (the hands of lesson 2), more in the browser, while a review or a hint may
    take 1.5 s; a club playout of a deal takes some milliseconds."""
    return solver.is_pure()


def _replayed_chance(obs: Observation, bid: Bid, rng: random.Random, samples: int) -> float:
    """The chance (0.0 to 1.0) that ``bid`` makes the contract, on the completions that
    :func:`~belote_teach.players.expert.bid_chances` draws from ``rng`` in the same state,
    each judged as they are there (double dummy, a club playout past the node limit; a
    club playout where :func:`bids_played_out`): for a bid it does not simulate itself."""
    made = 0
    played_out = bids_played_out()
    for _ in range(samples):
        deal = expert.completion(obs, rng)
        deal.bid(bid, seat=obs.seat)
        if deal.phase is not Phase.PLAY:
            continue
        made += (expert.made_by_club(deal) if played_out
                 else expert.contract_made(deal, expert.bid_node_limit(samples, 1)))
    return made / samples


@dataclass(frozen=True)
class _BidEvaluation:
    chances: dict[Bid, float]       # every simulated bid, the learner's included
    samples: int
    recommended: Bid
    candidate: Bid | None           # the expert's best simulated bid, None if none


def _evaluate_bids(obs: Observation, rng: random.Random, samples: int | None,
                   extra: Bid | None = None) -> _BidEvaluation:
    count = BID_SAMPLES if samples is None else samples
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidSamplesError(f"samples must be a whole number, 1 or more, got "
                                  f"{samples!r}")
    state = rng.getstate()
    simulated = bid_chances(obs, rng, count, playouts=bids_played_out())
    candidate: Bid | None = None
    recommended = PASS
    if simulated:
        candidate = max(simulated, key=lambda b: simulated[b])      # first of the best
        if simulated[candidate] >= TAKE_THRESHOLD:
            recommended = candidate
    chances = dict(simulated)
    if extra is not None and extra.ends_bidding and extra not in chances:
        replay = random.Random()
        replay.setstate(state)
        chances[extra] = _replayed_chance(obs, extra, replay, count)
    return _BidEvaluation(chances, count, recommended, candidate)


def _worth(bid: Bid, chances: Mapping[Bid, float]) -> float:
    """A bid on the decision scale: a take is worth its chance, a pass the threshold."""
    return TAKE_THRESHOLD if bid.is_pass else chances[bid]


class _Worded:
    """A review worded by its ``explanation(lang)``, split for the table: the verdict
    sentence (set in bold beside the review's mark) and the reasons."""

    def explanation(self, lang: str) -> str:
        raise NotImplementedError

    def verdict_text(self, lang: str) -> str:
        """The verdict sentence of :meth:`explanation` (its first sentence).

        Raises:
            ValueError: unknown language.
        """
        return text.first_sentence(self.explanation(lang))[0]

    def details_text(self, lang: str) -> str:
        """:meth:`explanation` after its verdict sentence (the reasons; may be empty).

        Raises:
            ValueError: unknown language.
        """
        return text.first_sentence(self.explanation(lang))[1]


@dataclass(frozen=True)
class BidReview(_Worded):
    """The coach's verdict on one bid (see the module docstring).

    Attributes:
        bid: the bid reviewed.
        verdict: a :class:`~belote_teach.coach.plays.Verdict`.
        recommended: the coach's bid (the expert's: R9 tip 1 by simulation); ``None``
            for ILLEGAL.
        chance: probability (0.0 to 1.0) that the learner's bid makes the contract
            (R6.2), ``None`` for a pass or an illegal bid.
        recommended_chance: the same for the recommended bid, ``None`` for a pass.
        gap: the recommended bid's worth minus the learner's, in probability (a pass is
            worth :data:`~belote_teach.players.expert.TAKE_THRESHOLD`); 0.0 for ILLEGAL.
        candidate: the simulated taking bid with the highest chance (the recommended one
            when the coach takes), ``None`` when no suit was worth simulating.
        chances: probability of making the contract per simulated bid (empty for
            ILLEGAL).
        samples: deals simulated (0 for ILLEGAL).
        round: the bidding round, 1 or 2.
        turned: the retourne.
        suit: the atout suit the explanation describes (the learner's taking bid, else
            the recommended or best simulated one, else in round 1 the retourne's suit),
            ``None`` when there is none.
        trumps: the atouts the learner would hold with ``suit`` as atout (R2.7).
        club: the club player's decision for the same position (R9 tip 1), ``None``
            for ILLEGAL.
        rule: ``"R2.4"`` or ``"R2.5"`` for ILLEGAL, else ``None``.
        legal: the legal bids (take, suits S H D C, pass).
    """

    bid: Bid
    verdict: Verdict
    recommended: Bid | None
    chance: float | None
    recommended_chance: float | None
    gap: float
    candidate: Bid | None
    chances: Mapping[Bid, float] = field(compare=False)
    samples: int
    round: int
    turned: Card
    suit: Suit | None
    trumps: tuple[Card, ...]
    club: Decision[Bid] | None
    rule: str | None
    legal: tuple[Bid, ...]

    def explanation(self, lang: str) -> str:
        """The review in words (``"en"`` or ``"fr"``): the rule for an illegal bid (R2.4,
        R2.5); else the grade, the atouts with the J / 9 (R9 tip 1), the simulated
        chances in % and the club player's reason when the club player makes the
        recommended bid (else what tip 1 alone would bid, as the alternative the
        simulation ruled out: the review never contradicts itself).

        Raises:
            ValueError: unknown language.
        """
        club = self.club
        club_trump = None
        if club is not None:
            club_trump = club.action.trump(self.turned) or self.turned.suit
        candidate_chance = (self.chances.get(self.candidate)
                            if self.candidate is not None else None)
        return text.bid_review(
            verdict=self.verdict.value, bid=self.bid, recommended=self.recommended,
            round_=self.round, turned=self.turned, legal=self.legal, chance=self.chance,
            recommended_chance=self.recommended_chance, candidate=self.candidate,
            candidate_chance=candidate_chance, samples=self.samples,
            threshold=TAKE_THRESHOLD, tolerance=BID_TOLERANCE, min_trumps=MIN_TRUMPS,
            suit=self.suit, trumps=self.trumps,
            club_reason=club.reason if club is not None else None,
            club_cards=club.cards if club is not None else (), club_trump=club_trump,
            lang=lang, club_bid=club.action if club is not None else None)


@dataclass(frozen=True)
class BidHint:
    """The recommended bid and its one-line reason.

    Attributes:
        bid: the recommended bid.
        reason: ``TAKE_BY_SIMULATION`` or ``PASS_BY_SIMULATION`` (R9 tip 1 checked by
            simulation).
        chance: probability (0.0 to 1.0) of making the contract with ``bid`` when it
            takes, else with ``candidate``; ``None`` when nothing was simulated.
        candidate: the best simulated taking bid, ``None`` if no suit was worth it.
        suit: the atout suit of ``candidate`` (``None`` without one).
        trumps: the atouts the learner would hold with ``suit`` (R2.7).
        samples: deals simulated.
    """

    bid: Bid
    reason: Technique
    chance: float | None
    candidate: Bid | None
    suit: Suit | None
    trumps: tuple[Card, ...]
    samples: int

    def text(self, lang: str) -> str:
        """"Prendre (take): your atouts … make the contract in 85% of …" in ``lang``.

        Raises:
            ValueError: unknown language.
        """
        return text.bid_hint(bid=self.bid, trumps=self.trumps, suit=self.suit,
                             chance=self.chance, candidate=self.candidate,
                             samples=self.samples, threshold=TAKE_THRESHOLD,
                             min_trumps=MIN_TRUMPS, lang=lang)


def _ordered(bids: frozenset[Bid]) -> tuple[Bid, ...]:
    order = (TAKE, *(Bid(BidKind.SUIT, s) for s in Suit), PASS)
    return tuple(b for b in order if b in bids)


def review_bid(observation: Observation, bid: Bid | str, *, rng: random.Random,
               samples: int | None = None) -> BidReview:
    """Grade the learner's ``bid`` at their turn to bid (R2.4, R2.5; R9 tip 1).

    Args:
        observation: the learner's view at their turn to bid (``legal_bids`` set).
        bid: the bid chosen: a :class:`~belote_teach.engine.bidding.Bid` or its notation
            (``take``, ``pass``, ``prends``, a suit letter).
        rng: the only source of chance (the simulated deals); same seed, same review.
        samples: deals simulated, 1 or more (default :data:`BID_SAMPLES`).

    Returns:
        A :class:`BidReview`. An illegal bid is ``ILLEGAL`` with its rule (R2.4 or
        R2.5) and nothing simulated; otherwise the grade of the module docstring, with
        the probabilities (0.0 to 1.0) of making the contract.

    Raises:
        InvalidBidError: ``bid`` cannot be read.
        PhaseError: ``observation`` is not in a bidding phase.
        OutOfTurnError: it is not the observing seat's turn to bid.
        InvalidSamplesError: ``samples`` is not a whole number of 1 or more.
    """
    parsed = Bid.parse(bid)
    legal = _check_bidding(observation, "review_bid")
    round_ = _round(observation)
    ordered = _ordered(legal)
    if parsed not in legal:
        return BidReview(parsed, Verdict.ILLEGAL, None, None, None, 0.0, None, {}, 0,
                         round_, observation.turned, None, (), None,
                         "R2.4" if round_ == 1 else "R2.5", ordered)
    ev = _evaluate_bids(observation, rng, samples, parsed)
    chances = ev.chances
    gap = round(_worth(ev.recommended, chances) - _worth(parsed, chances), 9)
    if parsed == ev.recommended:
        verdict = Verdict.BEST
    elif gap <= BID_TOLERANCE:
        verdict = Verdict.ALSO_GOOD
    elif gap < BID_MISTAKE_MARGIN:
        verdict = Verdict.INACCURACY
    else:
        verdict = Verdict.MISTAKE
    described = next((b for b in (parsed, ev.recommended, ev.candidate)
                      if b is not None and b.ends_bidding), None)
    suit = (_suit_of(described, observation) if described is not None
            else observation.turned.suit if round_ == 1 else None)
    trumps = observation.trumps_if_taken(suit) if suit is not None else ()
    club = _CLUB.choose_bid(observation, rng)
    return BidReview(
        parsed, verdict, ev.recommended, None if parsed.is_pass else chances[parsed],
        None if ev.recommended.is_pass else chances[ev.recommended], max(0.0, gap),
        ev.candidate, chances, ev.samples, round_, observation.turned, suit, trumps, club,
        None, ordered)


def hint_bid(observation: Observation, *, rng: random.Random, samples: int | None = None
             ) -> BidHint:
    """The recommended bid for the seat to bid and its one-line reason (R2.4, R2.5;
    R9 tip 1 checked by simulation). Same choice as :func:`review_bid` for the same
    ``rng`` state, and as :class:`~belote_teach.players.expert.ExpertPlayer` with
    ``samples`` = :data:`~belote_teach.players.expert.BID_SAMPLES`.

    Args:
        observation: the learner's view at their turn to bid.
        rng: the only source of chance; same seed, same hint.
        samples: deals simulated, 1 or more (default :data:`BID_SAMPLES`).

    Raises:
        PhaseError: ``observation`` is not in a bidding phase.
        OutOfTurnError: it is not the observing seat's turn to bid.
        InvalidSamplesError: ``samples`` is not a whole number of 1 or more.
    """
    _check_bidding(observation, "hint_bid")
    ev = _evaluate_bids(observation, rng, samples)
    candidate = ev.candidate
    suit = _suit_of(candidate, observation) if candidate is not None else None
    trumps = observation.trumps_if_taken(suit) if suit is not None else ()
    chance = ev.chances[candidate] if candidate is not None else None
    reason = (Technique.PASS_BY_SIMULATION if ev.recommended.is_pass
              else Technique.TAKE_BY_SIMULATION)
    return BidHint(ev.recommended, reason, chance, candidate, suit, trumps, ev.samples)


# ------------------------------------------------------------------------ announcements
def _first_card_check(obs: Observation, what: str) -> Suit:
    """The atout suit, or the error saying why it is not ``obs.seat``'s turn to play."""
    check_card_turn(obs, what)
    assert obs.trump is not None
    return obs.trump


@dataclass(frozen=True)
class AnnouncementReview(_Worded):
    """The coach's verdict on the announcements declared with the first card (R4).

    Attributes:
        declared: the announcements declared.
        verdict: ``BEST`` (everything declared, nothing available, or announcements
            left out that cannot score: :attr:`outranked_by`), ``INACCURACY``
            (announcements left out that can score only if the partner, still to play,
            declares better), ``MISTAKE`` (points left undeclared) or ``ILLEGAL`` (a false
            announcement, or announcements at a table that does not play them).
        available: the best reading of the hand (R4.1-R4.3), strongest first.
        missed: the available announcements not declared (empty unless MISTAKE).
        points_declared: announcement points declared (0 for ILLEGAL).
        points_available: announcement points of the best reading.
        lost: points left undeclared: ``points_available - points_declared`` (0 when
            everything was declared); whether they would have scored depends on the
            opponents' (R4.5): see :attr:`outranked_by` and :attr:`sure`.
        problem: for ILLEGAL: ``"off"`` (R4, R7), ``"not_held"`` (R4.1, R4.2),
            ``"card_twice"`` (R4.3), ``"split"`` (R4.1) or ``"other"``; else ``None``.
        fault: the announcement the engine refused, ``None`` otherwise.
        error: the engine's message for ILLEGAL (English, for developers), else ``None``.
        rules: the table's rules (the text says when announcements are off), or None.
        rule: the rule ID behind the verdict (``"R4.1"``, ``"R4.2"``, ``"R4.3"``,
            ``"R4.4"``), ``None`` for BEST.
        trump: the atout suit.
        hand: the learner's 8 cards (R4.4).
        fault_index: the position of ``fault`` in ``declared``, ``None`` otherwise.
        missing: for ``"not_held"``, the cards of ``fault`` the hand lacks (R4.1, R4.2).
        other: for ``"card_twice"`` and ``"split"``, the announcement declared earlier
            that ``fault`` shares a card with (R4.3) or continues (R4.1).
        shared: for ``"card_twice"``, the card ``fault`` shares with ``other``.
        heard: what the opponents declared before the learner's first card, as
            ``(seat, type)`` (R4.4: the kind is heard, the cards are shown later).
        outranked_by: the first of ``heard`` that is at least as strong as every
            announcement the learner's team holds or declared, whatever its cards
            (:func:`~belote_teach.engine.announcements.outranks`, R4.5): the learner's
            announcements cannot score against it; ``None`` otherwise.
        partner: the learner's partner.
        partner_to_play: True when the partner has not played their first card yet, so
            may still declare an announcement that beats ``outranked_by`` (R4.6: the team
            then scores all its announcements, the learner's included).
        sure: True when both opponents have played their first card and none of their
            declarations can beat the learner's best announcement (R4.5): the learner's
            announcements score for sure when declared.
    """

    declared: tuple[Announcement, ...]
    verdict: Verdict
    available: tuple[Announcement, ...]
    missed: tuple[Announcement, ...]
    points_declared: int
    points_available: int
    lost: int
    problem: str | None
    fault: Announcement | None
    error: str | None
    rule: str | None
    trump: Suit
    hand: tuple[Card, ...] = field(repr=False)
    fault_index: int | None = None
    rules: RuleSet | None = field(default=None, repr=False, compare=False)
    heard: tuple[tuple[Seat, AnnouncementType], ...] = ()
    outranked_by: tuple[Seat, AnnouncementType] | None = None
    partner: Seat | None = None
    partner_to_play: bool = False
    sure: bool = False
    missing: tuple[Card, ...] = ()
    other: Announcement | None = None
    shared: Card | None = None

    def explanation(self, lang: str) -> str:
        """The review in words (``"en"`` or ``"fr"``), naming the announcements, their
        cards and points.

        Raises:
            ValueError: unknown language.
        """
        return text.announcement_review(
            verdict=self.verdict.value, declared=self.declared, available=self.available,
            missed=self.missed, lost=self.lost, problem=self.problem, fault=self.fault,
            missing=self.missing, other=self.other, card=self.shared, lang=lang,
            rules=self.rules,
            heard=self.heard, outranked_by=self.outranked_by, partner=self.partner,
            partner_to_play=self.partner_to_play, sure=self.sure)


#: The words of each engine refusal of a declaration (the ``problem`` of a review); the
#: engine decided the refusal (``FalseAnnouncementError.reason``), this only picks words.
_PROBLEMS: Mapping[AnnouncementFault, str] = {
    AnnouncementFault.NOT_HELD: "not_held", AnnouncementFault.CARD_TWICE: "card_twice",
    AnnouncementFault.RUN_SPLIT: "split"}


def review_announcements(observation: Observation,
                         declared: Sequence[Announcement] | Announcement
                         ) -> AnnouncementReview:
    """Grade the announcements the learner declares with their first card (R4.4).

    Args:
        observation: the learner's view at their first card of trick 1 (phase PLAY,
            their turn; ``announcements_available`` lists the best reading of the hand,
            R4.1-R4.3).
        declared: the announcements declared (possibly none), as
            :class:`~belote_teach.engine.announcements.Announcement` values.

    Returns:
        An :class:`AnnouncementReview`: ``ILLEGAL`` when the engine's
        :func:`~belote_teach.engine.announcements.validate_declaration` refuses the declaration
        (R4.1-R4.3) or the table does not play announcements (R4, R7); ``MISTAKE`` when
        fewer points are declared than the hand holds (R4.1, R4.2; the points could be
        worth that much, R4.5, R4.6); else ``BEST``. Points are announcement points.

    Raises:
        PhaseError: ``observation`` is not in phase PLAY, or the seat has already
            played its first card (announcements go with the first card, R4.4).
        OutOfTurnError: it is not the observing seat's turn to play.
        FalseAnnouncementError: an item of ``declared`` is not an Announcement.
    """
    trump = _first_card_check(observation, "review_announcements")
    if declared is None or isinstance(declared, (str, bytes)):
        raise FalseAnnouncementError(
            f"declared must be the announcements declared (a sequence, empty for none), got "
            f"{declared!r}")
    items = (declared,) if isinstance(declared, Announcement) else tuple(declared)
    for item in items:
        if not isinstance(item, Announcement):
            raise FalseAnnouncementError(f"not an announcement: {item!r} (declared={items!r})")
    seat = observation.seat
    assert observation.trick is not None
    if observation.tricks or any(p.seat is seat for p in observation.trick.plays):
        raise PhaseError(f"review_announcements: {seat} has already played its first card; "
                         f"announcements are declared with it, during trick 1 (R4.4) "
                         f"({observation!r})")
    available = tuple(observation.announcements_available)
    total = sum(a.points for a in available)
    hand = tuple(observation.hand)
    if items and not observation.rules.announcements:
        return AnnouncementReview(items, Verdict.ILLEGAL, available, (), 0, total, 0, "off",
                                  None, f"announcements are off in rules {observation.rules}",
                                  "R4.4", trump, hand, rules=observation.rules)
    try:
        validate_declaration(hand, trump, items)
    except FalseAnnouncementError as err:
        problem = _PROBLEMS.get(err.reason, "other")
        shared = min(err.cards, key=str) if err.reason is AnnouncementFault.CARD_TWICE \
            else None
        return AnnouncementReview(
            items, Verdict.ILLEGAL, available, (), 0, total, 0, problem, err.announcement,
            str(err), err.rule, trump, hand, err.index,
            missing=err.cards if err.reason is AnnouncementFault.NOT_HELD else (),
            other=err.other, shared=shared)
    points_declared = sum(a.points for a in items)
    table = _table_facts(observation, available, hand, trump)
    if points_declared < total:
        missed = tuple(a for a in available if a not in items)
        rule = "R4.2" if any(a.is_carre for a in missed) else "R4.1"
        if table.outranked_by is None:
            verdict = Verdict.MISTAKE
        else:           # they cannot score, unless the partner still declares better
            verdict = Verdict.INACCURACY if table.partner_to_play else Verdict.BEST
        return dataclasses.replace(
            table, declared=items, verdict=verdict, missed=missed,
            points_declared=points_declared, lost=total - points_declared, rule=rule)
    return dataclasses.replace(table, declared=items, points_declared=points_declared,
                               rules=observation.rules)


def _table_facts(obs: Observation, available: tuple[Announcement, ...],
                 hand: tuple[Card, ...], trump: Suit) -> AnnouncementReview:
    """A ``BEST`` review of nothing declared, with what was said at the table before the
    learner's first card: the opponents' declarations heard, the one that outranks the
    learner's team whatever its cards (R4.5), whether the partner may still declare, and
    whether the learner's announcements would score for sure."""
    seat = obs.seat
    assert obs.trick is not None
    played = {p.seat for p in obs.trick.plays}
    heard = tuple((s, k) for s, k in obs.announcements_heard if s.team is not seat.team)
    ours: list[Announcement | AnnouncementType] = [*available]
    ours.extend(k for s, k in obs.announcements_heard if s is seat.partner)
    outranked_by = None
    if available:
        outranked_by = next(((s, k) for s, k in heard if outranks(k, ours, trump, hand)),
                            None)
    opponents_played = all(s in played for s in Seat if s.team is not seat.team)
    best = best_announcement(available, trump)
    sure = (best is not None and opponents_played
            and all(beats_every(best, kind, trump, hand) for _, kind in heard))
    return AnnouncementReview((), Verdict.BEST, available, (), 0, sum(a.points for a in available),
                              0, None, None, None, None, trump, hand, heard=heard,
                              outranked_by=outranked_by, partner=seat.partner,
                              partner_to_play=seat.partner not in played, sure=sure)


@dataclass(frozen=True)
class AnnouncementHint:
    """What the coach advises about the announcements of the learner's hand at their
    first card (R4.4), from what was said at the table before it (R4.5, R4.6).

    Attributes:
        available: the best reading of the hand (R4.1-R4.3), strongest first.
        points: their announcement points.
        outranked_by: an opponent's declaration, ``(seat, type)``, that beats every
            announcement of the learner's team whatever its cards (R4.5), else ``None``.
        partner: the learner's partner; ``partner_to_play``: True when the partner may
            still declare (a better announcement of the partner's scores the learner's
            too, R4.6).
        sure: True when nothing the opponents declared can beat the learner's best
            announcement and both have played: declared, it scores for sure.
        trump: the atout suit.
    """

    available: tuple[Announcement, ...]
    points: int
    outranked_by: tuple[Seat, AnnouncementType] | None
    partner: Seat
    partner_to_play: bool
    sure: bool
    trump: Suit

    def text(self, lang: str) -> str:
        """The advice in words: declare them by ticking them in the box of the first card
        (named as the table names it), or why they cannot score and that declaring them
        costs nothing.

        Raises:
            ValueError: unknown language.
        """
        return text.announcement_hint(
            available=self.available, points=self.points, outranked_by=self.outranked_by,
            partner=self.partner, partner_to_play=self.partner_to_play, sure=self.sure,
            lang=lang)


def hint_announcements(observation: Observation) -> AnnouncementHint | None:
    """The coach's advice on the announcements the learner may declare with their first
    card (R4.4), ``None`` when there is none to declare (nothing in the hand, the first
    card already played, or a table without announcements, R4, R7).

    Raises:
        PhaseError: ``observation`` is not in phase PLAY.
        OutOfTurnError: it is not the observing seat's turn to play.
    """
    trump = _first_card_check(observation, "hint_announcements")
    available = tuple(observation.announcements_available)
    if not available:
        return None
    facts = _table_facts(observation, available, tuple(observation.hand), trump)
    return AnnouncementHint(available, facts.points_available, facts.outranked_by,
                            observation.seat.partner, facts.partner_to_play, facts.sure,
                            trump)


# ------------------------------------------------------------------------ belote
@dataclass(frozen=True)
class BeloteReview(_Worded):
    """The coach's verdict on "belote" / "rebelote" said, or not, with a card (R5).

    Attributes:
        card: the card played.
        said: whether the learner said "belote" (or "rebelote") with it.
        verdict: ``BEST`` (said when allowed, or nothing to say), ``ALSO_GOOD`` (the
            second card without "rebelote" after "belote" was said: the points already
            count), ``MISTAKE`` (not said: the points are lost, R5.2), ``ILLEGAL`` (said
            when not allowed, R5.1).
        eligible: True when "belote" may be said with this card (R5.1).
        word: ``"belote"`` (the first of the K and Q played) or ``"rebelote"`` (the
            second) when eligible, else ``None``.
        already_said: True when the learner said it with the first card of the pair.
        points: the points at stake, :data:`~belote_teach.engine.announcements.BELOTE_POINTS`
            when eligible, else 0.
        case: the explanation's case: ``"said"``, ``"missed_first"``,
            ``"missed_last"``, ``"already"``, ``"illegal_card"``, ``"illegal_pair"``
            or ``"nothing"``.
        trump: the atout suit.
        other: the other card of the pair when it is still in the hand, else ``None``.
        first: the card "belote" was already said with, else ``None``.
    """

    card: Card
    said: bool
    verdict: Verdict
    eligible: bool
    word: str | None
    already_said: bool
    points: int
    case: str
    trump: Suit
    other: Card | None = None
    first: Card | None = None

    @property
    def rule(self) -> str:
        """The rule behind the verdict: ``"R5.2"`` for a MISTAKE, else ``"R5.1"``."""
        return "R5.2" if self.verdict is Verdict.MISTAKE else "R5.1"

    def explanation(self, lang: str) -> str:
        """The review in words (``"en"`` or ``"fr"``), naming the K and Q of atout.

        Raises:
            ValueError: unknown language.
        """
        return text.belote_review(case=self.case, card=self.card, trump=self.trump,
                                  word=self.word, points=self.points, other=self.other,
                                  first=self.first, lang=lang)


def review_belote(observation: Observation, card: Card | str, said: bool) -> BeloteReview:
    """Grade "belote" / "rebelote" said (or not) with the learner's ``card`` (R5).

    Eligibility is the engine's: ``card`` is the K or Q of atout and the hand at the
    start of play (the hand now plus the seat's cards already played) holds both
    (:meth:`Observation.may_say_belote
    <belote_teach.engine.observation.Observation.may_say_belote>`, R5.1). The word is
    ``belote`` with the first of the two cards played, ``rebelote`` with the second.
    Whether ``card`` is a legal play is :func:`belote_teach.coach.plays.review`'s
    business, not this one's.

    Args:
        observation: the learner's view at their turn to play (phase PLAY).
        card: the card played, a :class:`~belote_teach.engine.cards.Card` or its notation.
        said: True if the learner said "belote" (or "rebelote") with it.

    Returns:
        A :class:`BeloteReview`: not said when eligible is a ``MISTAKE`` (20 points lost
        if never said, R5.2) unless it was said with the first card of the pair
        (``ALSO_GOOD``); said when not eligible is ``ILLEGAL`` (R5.1).

    Raises:
        PhaseError: ``observation`` is not in phase PLAY.
        OutOfTurnError: it is not the observing seat's turn to play.
        InvalidCardError: ``card`` cannot be read.
        IllegalPlayError: ``card`` is not in the hand.
        InvalidSaidError: ``said`` is not a bool.
    """
    if not isinstance(said, bool):
        raise InvalidSaidError(f"said must be True or False (was belote said?), got "
                               f"{said!r}")
    trump = _first_card_check(observation, "review_belote")
    assert observation.legal_plays is not None and observation.trick is not None
    played = observation.legal_plays.verdict(card).card     # raises if not in the hand
    seat = observation.seat
    pair = belote_cards(trump)
    pair_card = played in pair
    eligible = observation.may_say_belote(played)
    if not eligible:
        case = ("nothing" if not said else
                "illegal_card" if not pair_card else "illegal_pair")
        verdict = Verdict.ILLEGAL if said else Verdict.BEST
        return BeloteReview(played, said, verdict, False, None, False, 0, case, trump)
    other = pair[1] if played == pair[0] else pair[0]
    word = "belote" if other in observation.hand else "rebelote"
    first = next((c.card for c in observation.belote_calls if c.seat is seat), None)
    still = other if other in observation.hand else None
    if said:
        return BeloteReview(played, said, Verdict.BEST, True, word, first is not None,
                            BELOTE_POINTS, "said", trump, still, first)
    if first is not None:
        return BeloteReview(played, said, Verdict.ALSO_GOOD, True, word, True,
                            BELOTE_POINTS, "already", trump, still, first)
    case = "missed_first" if word == "belote" else "missed_last"
    return BeloteReview(played, said, Verdict.MISTAKE, True, word, False, BELOTE_POINTS,
                        case, trump, still, None)
