"""Every legal card of a position valued over the same sampled worlds: what the coach judges
the learner's card from and what the expert plays by.

A *world* is one deal of the cards the seat cannot see to the three other seats,
consistent with its observation (:func:`~belote_teach.search.sampling.sample_worlds`). On
each world every legal card is valued exactly by the double-dummy solver
(:func:`~belote_teach.search.solver.solve`), which values every legal card at once: the card
points each team wins from the current trick on with best play by all four. A caller short
of time may pass a *policy* (a model of how players play, e.g. the club player's
:meth:`~belote_teach.players.club.ClubPlayer.choose_tracked`; this module imports no
player): worlds with more than :data:`SOLVER_CARDS` cards in hand are then valued by a
playout (:func:`playout`: the card is played, then the policy plays every seat to the end).

The same worlds serve every card (common random numbers), so the differences between
cards are far less noisy than each average. Equivalent cards (:func:`equivalent_groups`:
same suit and points, no card another player may hold between them) are valued once.

The worlds are drawn when a :class:`Valuation` is made; each is then valued on its own, in
any order and from any thread (:meth:`Valuation.step`, :meth:`Valuation.in_background`),
and :meth:`Valuation.result` completes the rest: the result is the same however the work
was shared, so a valuation can start when the learner's turn begins and a review made
before it has finished uses what is ready.

Per world and card, :class:`WorldValues` keeps the card points the seat's team wins (a
capot kept in reach adds ``capot_points`` - 162 on the solver's worlds, R6.5), whether the
team reaches its goal (makes or sinks the contract, R6.2) and the margin of marks (the
team's minus the opponents', R6.2-R6.5, belote and the shown announcements counted, a
capot on the solver's worlds too).
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean

from belote_teach.engine.announcements import BELOTE_POINTS, belote_cards
from belote_teach.engine.cards import (
    DECK,
    DIX_DE_DER,
    Card,
    Seat,
    Team,
    points,
    strength,
)
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import legal_plays
from belote_teach.engine.scoring import DEAL_POINTS
from belote_teach.engine.trick import Trick
from belote_teach.search.background import THREADS
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.inference import PlayerModel
from belote_teach.search.pace import positions_within
from belote_teach.search.sampling import sample_worlds
from belote_teach.search.tracking import Shown, Tracking, read_trick, shown_by, tracking_from

__all__ = [
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "PLAYOUTS",
    "SOLVER_CARDS",
    "SOLVES",
    "Policy",
    "Valuation",
    "World",
    "WorldValues",
    "announced_points",
    "belote_points",
    "deal_marks",
    "equivalent_groups",
    "playout",
    "samples_for",
    "solved",
    "value_cards",
]

#: The hidden hands of one world, and the seat's own: seat -> its cards now.
World = Mapping[Seat, tuple[Card, ...]]
#: A model of card play for the playouts: the card a seat plays given its observation and
#: what it can infer from it (a legal card of ``observation.legal_plays``).
Policy = Callable[[Observation, Tracking], Card]

#: Worlds solved per evaluation by the double-dummy solver, by cards in the seat's hand
#: (48 at tricks 1 and 2, where the decisions that teach most are taken, when they are
#: solved). Independent of the number of legal cards: one solve values them all.
SOLVES: Mapping[int, int] = {8: 48, 7: 48, 6: 32, 5: 32, 4: 32, 3: 32, 2: 32}
#: With a playout policy (:func:`value_cards`'s ``policy``): cards in hand from which the
#: worlds are still solved exactly rather than played out (from trick 3 on).
SOLVER_CARDS = 6
#: With a playout policy: playouts (worlds x legal cards) per evaluation by cards in the
#: seat's hand (a playout from the first trick costs about 5 ms), and the fewest and most
#: worlds (when 2 cards or more differ).
PLAYOUTS: Mapping[int, int] = {8: 48, 7: 48, 6: 48, 5: 48}
MIN_SAMPLES = 4
MAX_SAMPLES = 32


@dataclass(frozen=True)
class WorldValues:
    """Every legal card of one position on the same sampled worlds, world by world.

    Every card is valued on the first worlds, in order: all of them, or fewer for a card
    left out of the later worlds (:meth:`Valuation.extend_to`'s ``cards``), so two cards
    compare world by world on the shorter card's worlds (:meth:`count`).

    Attributes:
        samples: the worlds sampled (1 or more).
        worth: per legal card, per world in order, the card points (R1.2-R1.4, dix de der
            included) the seat's team wins from the current trick on, plus the capot's
            extra points where the solver shows the team keeps a capot (R6.5).
        success: per legal card, per world, 1 when the team reaches its goal (makes the
            contract as takers, sinks it as defenders, R6.2; a litige is neither), else 0.
        margin: per legal card, the average over its worlds of the team's marks minus the
            opponents' (R6.2-R6.5, belote and shown announcements counted; a capot where
            the solver shows a team that has won every pli so far wins every card point
            from here, whichever team it is).
        worlds: the worlds valued, in order (every seat's cards at the position), as many
            as :attr:`samples`.
    """

    samples: int
    worth: Mapping[Card, tuple[int, ...]]
    success: Mapping[Card, tuple[int, ...]]
    margin: Mapping[Card, float]
    worlds: tuple[World, ...] = ()

    def count(self, card: Card) -> int:
        """The worlds ``card`` was valued on (the first of :attr:`samples`)."""
        return len(self.worth[card])

    def average(self, card: Card) -> float:
        """The average of :attr:`worth` for ``card``, in card points."""
        return fmean(self.worth[card])

    def success_rate(self, card: Card) -> float:
        """The fraction of the worlds (0.0 to 1.0) where ``card`` reaches the team's goal."""
        return fmean(self.success[card])


# ------------------------------------------------------------------------ points
def belote_points(obs: Observation, world: World) -> dict[Team, int]:
    """Belote points per team on ``world`` (R5: said, or held whole in the world: the
    computer players always say it)."""
    bonus = dict.fromkeys(Team, 0)
    trump = obs.trump
    assert trump is not None
    if obs.belote_calls:
        bonus[obs.belote_calls[0].seat.team] += BELOTE_POINTS
    else:
        pair = set(belote_cards(trump))
        for seat, cards in world.items():
            if pair <= set(cards):
                bonus[seat.team] += BELOTE_POINTS
    return bonus


def announced_points(obs: Observation) -> dict[Team, int]:
    """Points of the shown announcements per team (R4.6)."""
    bonus = dict.fromkeys(Team, 0)
    for declared in obs.shown_announcements:
        bonus[declared.seat.team] += declared.announcement.points
    return bonus


def deal_marks(takers: Team, total: Mapping[Team, int], belote: Mapping[Team, int],
               announced: Mapping[Team, int], capot: Team | None = None,
               capot_points: int = 250) -> dict[Team, int]:
    """What each team scores for the deal, in points (R6.2-R6.6), given its total (R6.1:
    card points with dix de der, belote, announcements), belote and announcements.

    ``capot``: the team that wins every pli (R6.5), which scores ``capot_points`` instead
    of 162 plus every announcement (the other team's pass to it) and its belote, the other
    team its belote alone, whoever took; ``None``: no capot. Rounding (R6.7) is not
    applied and a litige's reserve (R6.6) is left aside."""
    defenders = takers.other
    if capot is not None:                                               # R6.5 capot
        return {capot: capot_points + announced[capot] + announced[capot.other]
                + belote[capot],
                capot.other: belote[capot.other]}
    if total[takers] > total[defenders]:                                # R6.3 made
        return dict(total)
    if total[takers] < total[defenders]:                                # R6.4 dedans
        return {takers: belote[takers],
                defenders: DEAL_POINTS + announced[takers] + announced[defenders]
                + belote[defenders]}
    return {takers: belote[takers], defenders: total[defenders]}        # R6.6 litige


# ------------------------------------------------------------------------ one world
def _tracking(view: Observation, shown: Shown, played: frozenset[Card]) -> Tracking:
    """``track(view)`` given what the completed tricks showed: only the current trick is
    read again (the same result, checked in the tests)."""
    assert view.trick is not None
    voids = {seat: set(suits) for seat, suits in shown.voids.items()}
    ceilings = dict(shown.ceilings)
    read_trick(view.trick, view, voids, ceilings)
    return tracking_from(view, voids, ceilings, played)


def playout(obs: Observation, world: World, card: Card, policy: Policy,
            shown: Shown | None = None) -> dict[Team, int]:
    """Play ``card`` for ``obs.seat`` on ``world``, then ``policy`` for every seat to the
    end of the deal.

    Args:
        obs: the seat's view, its turn to play (phase PLAY).
        world: every hand now, the seat's own included (``card`` among them).
        card: a legal card of ``obs``.
        policy: the card play of all four seats after ``card``.
        shown: what the completed tricks of ``obs`` show (:func:`shown_by`), computed
            when not given (give it when playing out several cards of one position).

    Returns:
        The card points (dix de der included) each team wins from the current trick on.
    """
    assert obs.trick is not None and obs.trump is not None
    trump = obs.trump
    rules = obs.rules
    base_shown = shown_by(obs, obs.tricks) if shown is None else shown
    hands = {seat: list(cards) for seat, cards in world.items()}
    tricks = list(obs.tricks)
    trick = obs.trick.copy()
    voids = {seat: set(suits) for seat, suits in base_shown.voids.items()}
    ceilings = dict(base_shown.ceilings)
    played = set(obs.played_cards)
    won = dict.fromkeys(Team, 0)
    base = dataclasses.replace(obs, announced=(), announcements_available=())
    hands[obs.seat].remove(card)
    trick._push_unchecked(card)
    played.add(card)
    while True:
        if trick.is_complete:
            winner = trick.winner
            won[winner.team] += trick.points
            tricks.append(trick)
            if not hands[winner]:
                won[winner.team] += DIX_DE_DER
                return won
            read_trick(trick, base, voids, ceilings)
            trick = Trick(trump, winner)
        seat = trick.next_seat
        hand = hands[seat]
        legal = legal_plays(hand, trick, rules)
        if len(legal) == 1:
            chosen = legal.cards[0]
        else:
            view = dataclasses.replace(
                base, seat=seat, turn=seat, hand=tuple(hand), tricks=tuple(tricks),
                trick=trick.copy(), legal_plays=legal)
            chosen = policy(view, _tracking(view, Shown(voids, ceilings), frozenset(played)))
        hand.remove(chosen)
        trick._push_unchecked(chosen)
        played.add(chosen)


def solved(obs: Observation, world: World, node_limit: int | None = None,
           only: Sequence[Card] | None = None) -> dict[Card, dict[Team, int]]:
    """Every legal card of ``obs.seat`` (those of ``only``, and the cards equivalent to
    them, when given) valued double dummy on ``world``
    (:func:`~belote_teach.search.solver.solve`): the card points (dix de der included) each
    team wins from the current trick on when all four play perfectly from there.

    Raises:
        NodeLimitError: the solve needs more than ``node_limit`` positions searched.
    """
    trick = obs.trick
    trump = obs.trump
    assert trick is not None and trump is not None
    # imported here: the solver's compiled core (numba, 1-2 s to load) comes with the
    # first position solved, not with every lesson and app that imports the coach
    from belote_teach.search.solver import solve

    result = solve(world, trump, trick.cards, trick.leader, obs.rules,   # thread-safe
                   node_limit=node_limit, only=only)
    total = trick.points + DIX_DE_DER + sum(points(c, trump) for cards in world.values()
                                           for c in cards)
    team = obs.seat.team
    other = team.other
    return {card: {team: value, other: total - value} for card, value in result.values.items()}


# ------------------------------------------------------------------------ every card
def equivalent_groups(obs: Observation) -> list[tuple[Card, ...]]:
    """The legal cards of ``obs`` in groups of equivalent cards, hand order: same suit,
    same points, and no card between them in the suit's order (R1.2, R1.3) that another
    player may hold (every card between is the seat's own or played). Cards of a group
    win and lose the same tricks and points, so only the first needs valuing."""
    assert obs.legal_plays is not None and obs.trump is not None
    trump = obs.trump
    gone = set(obs.hand) | set(obs.played_cards)
    groups: list[list[Card]] = []
    for card in obs.legal_plays.cards:
        for group in groups:
            other = group[0]
            if other.suit is not card.suit or points(other, trump) != points(card, trump):
                continue
            low, high = sorted((strength(other, trump), strength(card, trump)))
            between = [c for c in DECK if c.suit is card.suit
                       and low < strength(c, trump) < high]
            if all(c in gone for c in between):
                group.append(card)
                break
        else:
            groups.append([card])
    return [tuple(g) for g in groups]


def samples_for(obs: Observation, *, playouts: bool = False,
                solver_cards: int = SOLVER_CARDS) -> int:
    """The worlds an evaluation of ``obs`` samples by default: :data:`SOLVES` for the hand
    size; with ``playouts`` (a policy valuing the worlds of more than ``solver_cards``
    cards in hand) and such a hand, :data:`PLAYOUTS` for the hand size divided by the
    number of legal cards (equivalent ones counted once), between :data:`MIN_SAMPLES` and
    :data:`MAX_SAMPLES`; 0 when only one card, or only equivalent ones, are legal (nothing
    to compare)."""
    legal = len(equivalent_groups(obs)) if obs.legal_plays is not None else 0
    if legal <= 1:
        return 0
    if not playouts or len(obs.hand) <= solver_cards:
        return SOLVES.get(len(obs.hand), MAX_SAMPLES)
    budget = PLAYOUTS[len(obs.hand)]
    return max(MIN_SAMPLES, min(MAX_SAMPLES, budget // legal))


#: What one world gives each group of equivalent cards: (card points won by the seat's
#: team, capot included; 1 if the team reaches its goal else 0; its marks minus the
#: opponents').
_GroupValue = tuple[int, int, int]
#: One world valued: per group of :attr:`Valuation.groups`, its value, or ``None`` for a
#: group that world leaves out; ``()`` for a world left out (over the node limit).
_Row = tuple[_GroupValue | None, ...]


class Valuation:
    """Every legal card of ``obs`` being valued on the same sampled worlds, world by world:
    ``samples`` worlds are drawn at once (from ``rng``), more on demand (:meth:`extend_to`,
    drawn in order from the same ``rng``, possibly for fewer cards); each is then valued on
    its own, by whoever gets to it first (:meth:`step`, from any thread); :meth:`result`
    values what is left of the first ``count`` worlds and gives their
    :class:`WorldValues`, the same however the work was shared.

    Args:
        obs: the seat's view at its turn to play (phase PLAY, ``legal_plays`` set).
        rng: the only source of chance (the worlds); used only by the constructor and
            :meth:`extend_to`.
        samples: worlds to sample first, 1 or more (:func:`samples_for` gives the default).
        groups: :func:`equivalent_groups` of ``obs`` when already computed.
        policy: when given, worlds with more than ``solver_cards`` cards in hand are
            valued by :func:`playout` with it instead of solved exactly.
        model: a model of how the other seats bid and play
            (:data:`~belote_teach.search.inference.CLUB_MODEL`): the worlds are drawn
            weighted by what it makes of their bids (R2) and plays (R3); ``None``:
            the hard facts only.
        node_limit: the most positions a world's solve may search (``None``: no limit):
            a world that needs more is left out of the result (a caller with a time
            budget), the same worlds on every run (the limit does not depend on what was
            solved before, :func:`~belote_teach.search.solver.solve`).
        solver_cards: with a ``policy``, the most cards in hand whose worlds are still
            solved exactly (:data:`SOLVER_CARDS` by default).

    Raises:
        ValueError: ``samples`` is below 1.
        InvalidPositionError: no world is consistent with ``obs``.
        ModelError: ``model`` is not a PlayerModel.
    """

    def __init__(self, obs: Observation, rng: random.Random, samples: int,
                 groups: Sequence[tuple[Card, ...]] | None = None,
                 policy: Policy | None = None, *, model: PlayerModel | None = None,
                 node_limit: int | None = None, solver_cards: int = SOLVER_CARDS) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number, 1 or more, got {samples!r}")
        assert obs.legal_plays is not None and obs.contract is not None
        self.obs = obs
        self.groups = tuple(equivalent_groups(obs) if groups is None else groups)
        self._policy = policy if len(obs.hand) > solver_cards else None
        self._rng = rng
        self._model = model
        self._node_limit = node_limit
        self._tightest: int | None = node_limit    # the smallest a world was given
        self._worlds: list[World] = list(sample_worlds(obs, rng, samples, model=model))
        self._shown = shown_by(obs, obs.tricks)
        # what every world shares, read once
        self._team = obs.seat.team
        self._takers = obs.contract.taker.team
        self._before = dict(obs.points_won)      # completed plis: no dix de der yet
        self._announced = announced_points(obs)
        # the teams that have won every completed pli: a capot is still in their reach
        self._sweepers = frozenset(t for t in Team
                                   if all(trick.winner.team is t for trick in obs.tricks))
        every = tuple(range(len(self.groups)))
        self._valued: list[tuple[int, ...]] = [every] * samples   # groups valued per world
        self._values: list[_Row | None] = [None] * samples
        self._claimed = 0                        # worlds handed out to a valuer so far
        self._stopped = False
        self._lock = threading.Lock()
        self._done = threading.Condition(self._lock)

    @property
    def samples(self) -> int:
        """The worlds drawn so far (1 or more)."""
        with self._lock:
            return len(self._worlds)

    @property
    def ready(self) -> int:
        """The worlds valued so far (0 to :attr:`samples`)."""
        with self._lock:
            return sum(v is not None for v in self._values)

    def extend_to(self, samples: int, cards: Sequence[Card] | None = None) -> None:
        """Draw worlds until there are ``samples`` of them (nothing when there are
        already as many): drawn in order from the constructor's ``rng``, so the worlds
        depend only on the totals asked for, never on which thread asks first.

        Args:
            samples: the worlds wanted in all.
            cards: the legal cards the new worlds value (with the cards equivalent to
                them); ``None``: the cards of the last world drawn. Cards left out of a
                world are left out of every later one, so each card is valued on the
                first worlds (:meth:`WorldValues.count`).

        Raises:
            ValueError: worlds are to be drawn and ``cards`` names a card the last world
                drawn does not value (or none at all, or a card that is not legal).
            InvalidPositionError: no world is consistent with ``obs`` (not after the
                constructor's draw).
        """
        with self._lock:
            more = samples - len(self._worlds)
            last = self._valued[-1]
            valued = last if cards is None else self._groups_of(cards)
            if more > 0 and (not valued or not set(valued) <= set(last)):
                named = ' '.join(map(str, cards or ())) or 'none'
                raise ValueError(f"cards must be legal cards valued on the worlds drawn so "
                                 f"far ({' '.join(str(self.groups[g][0]) for g in last)}), "
                                 f"got {named}")
            if more > 0:
                self._worlds.extend(sample_worlds(self.obs, self._rng, more,
                                                  model=self._model))
                self._valued.extend([valued] * more)
                self._values.extend([None] * more)

    def _groups_of(self, cards: Sequence[Card]) -> tuple[int, ...]:
        """The indices of the groups holding a card of ``cards`` (empty if one is not
        a legal card)."""
        found = tuple(g for g, group in enumerate(self.groups) if set(group) & set(cards))
        legal = {card for group in self.groups for card in group}
        return found if set(cards) <= legal else ()

    def step(self, limit: int | None = None, *, node_limit: int | None = None) -> bool:
        """Value the next world nobody has taken yet, among the first ``limit`` (all
        drawn when ``None``); ``False`` when none is left (or the valuation was stopped).
        ``node_limit``: the most positions this world's solve may search, when fewer than
        the valuation's own (0: none, the world left out unsolved)."""
        with self._lock:
            bound = len(self._worlds) if limit is None else min(limit, len(self._worlds))
            if self._stopped or self._claimed >= bound:
                return False
            index = self._claimed
            self._claimed += 1
            world = self._worlds[index]
            valued = self._valued[index]
            if node_limit is not None:
                if self._node_limit is not None:
                    node_limit = min(node_limit, self._node_limit)
                if self._tightest is None or node_limit < self._tightest:
                    self._tightest = node_limit
        values = () if node_limit == 0 else self._value(world, valued, node_limit)
        with self._done:
            self._values[index] = values
            self._done.notify_all()
        return True

    @property
    def stopped(self) -> bool:
        """Whether :meth:`stop` was called (and no :meth:`result` since)."""
        with self._lock:
            return self._stopped

    def stop(self) -> None:
        """Stop handing out worlds to :meth:`step` (a valuation of a position left
        behind); :meth:`result` still completes it if asked."""
        with self._lock:
            self._stopped = True

    def in_background(self) -> threading.Thread | None:
        """Start valuing the worlds in a daemon thread (the solver releases the GIL, so the
        kernel keeps answering) until they are all taken or :meth:`stop` is called; the
        thread, or ``None`` where Python has no threads (:data:`~belote_teach.search.
        background.THREADS`): :meth:`result` then values them when asked."""
        if not THREADS:
            return None
        thread = threading.Thread(target=self._run, name="belote-valuation", daemon=True)
        thread.start()
        return thread

    def _run(self) -> None:
        while self.step():
            pass

    def result(self, count: int | None = None) -> WorldValues:
        """The first ``count`` worlds (every world drawn when ``None``) valued (the rest
        done here, the ones another thread is on waited for), as :class:`WorldValues` in
        the order the worlds were drawn, without those the node limit left out.

        Raises:
            ValueError: ``count`` is below 1 or above :attr:`samples`.
            NodeLimitError: the node limit left every one of them out.
        """
        with self._lock:
            drawn = len(self._worlds)
            count = drawn if count is None else count
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= drawn:
                raise ValueError(f"count must be a whole number from 1 to the {drawn} worlds "
                                 f"drawn, got {count!r}")
            self._stopped = False
        while self.step(count):
            pass
        with self._done:
            while any(v is None for v in self._values[:count]):
                self._done.wait()
            kept = [(w, v) for w, v in zip(self._worlds[:count], self._values[:count],
                                           strict=True) if v]    # () is a world left out
            rows = [v for _w, v in kept]
        if not rows:
            assert self._tightest is not None
            raise NodeLimitError(self._tightest)
        cards = list(self.obs.legal_plays.cards) if self.obs.legal_plays else []
        worth: dict[Card, list[int]] = {card: [] for card in cards}
        success: dict[Card, list[int]] = {card: [] for card in cards}
        margins = dict.fromkeys(cards, 0)
        for row in rows:
            for group, found in zip(self.groups, row, strict=True):
                if found is None:                      # a card left out of this world
                    continue
                value, reached, margin = found
                for card in group:
                    worth[card].append(value)
                    success[card].append(reached)
                    margins[card] += margin
        return WorldValues(len(rows), {c: tuple(v) for c, v in worth.items()},
                           {c: tuple(v) for c, v in success.items()},
                           {c: margins[c] / len(worth[c]) for c in cards},
                           tuple(w for w, _v in kept))

    def result_until(self, deadline: float, end: float | None = None) -> WorldValues:
        """The worlds valued in the order they were drawn until ``deadline`` (a
        :func:`time.monotonic` reading, in seconds): the first world is always taken (and
        valued, unless ``end`` leaves it no time), no world is taken once the deadline has
        passed, and the worlds valued so far (with those another thread is on) make the
        :class:`WorldValues`, as :meth:`result`. A safety net for a loaded machine: a
        caller whose worlds all fit in time gets :meth:`result` itself.

        ``end`` (a later :func:`time.monotonic` reading, or ``None``) bounds the solves
        too: each world is given at most the positions the thread's solver searches, at
        its measured pace (:func:`~belote_teach.search.pace.positions_within`), in the
        time left until ``end``, and is left out when it needs more (as over the node
        limit). So the first world, and the one under way at the deadline, end by
        ``end`` on a machine however loaded.

        Raises:
            NodeLimitError: the node limit (or ``end``) left every world valued out.
        """
        while (self.step(node_limit=None if end is None
                         else positions_within(end - time.monotonic()))
               and time.monotonic() < deadline):
            pass
        with self._lock:
            count = max(1, self._claimed)
        return self.result(count)

    def _value(self, world: World, valued: tuple[int, ...],
               node_limit: int | None = None) -> _Row:
        """The groups ``valued`` (indices in ``self.groups``) valued on one world, the
        others ``None`` (``()``: left out, its solve over the node limit, or over
        ``node_limit`` when given)."""
        obs = self.obs
        team, takers, before, announced = self._team, self._takers, self._before, self._announced
        belote = belote_points(obs, world)
        exactly = None
        if self._policy is None:
            every = len(valued) == len(self.groups)
            try:
                exactly = solved(obs, world, node_limit or self._node_limit,
                                 None if every else [self.groups[g][0] for g in valued])
            except NodeLimitError:
                return ()                                  # left out: over the node limit
        # a capot is worth capot_points instead of 162 (R6.5): on the worlds where a team
        # that has won every pli so far wins every card point from here, it keeps it (on
        # the solver's worlds only: a playout's capot would only add noise). The card's
        # worth gains the difference when the capot is the seat's team's; its margin of
        # marks counts the capot, whichever team makes it.
        sweepers = self._sweepers if exactly is not None else frozenset()
        capot_points = obs.rules.capot_points
        row: list[_GroupValue | None] = [None] * len(self.groups)
        for index in valued:
            group = self.groups[index]
            if exactly is not None:
                won = exactly[group[0]]
            else:
                assert self._policy is not None
                won = playout(obs, world, group[0], self._policy, self._shown)
            total = {t: before[t] + won[t] + belote[t] + announced[t] for t in Team}
            made = total[takers] > total[takers.other]                    # R6.2
            sunk = total[takers] < total[takers.other]
            capot = next((t for t in sweepers if won[t.other] == 0), None)
            marks = deal_marks(takers, total, belote, announced, capot, capot_points)
            value = won[team]
            if capot is team:
                value += capot_points - DEAL_POINTS
            row[index] = (value, int(made if team is takers else sunk),
                          marks[team] - marks[team.other])
        return tuple(row)


def value_cards(obs: Observation, rng: random.Random, samples: int,
                groups: Sequence[tuple[Card, ...]] | None = None,
                policy: Policy | None = None, *, model: PlayerModel | None = None,
                node_limit: int | None = None) -> WorldValues:
    """Every legal card of ``obs`` valued on the same ``samples`` sampled worlds, at once
    (:class:`Valuation` to share the work or start it early).

    Args:
        obs: the seat's view at its turn to play (phase PLAY, ``legal_plays`` set).
        rng: the only source of chance (the worlds).
        samples: worlds to sample, 1 or more (:func:`samples_for` gives the default).
        groups: :func:`equivalent_groups` of ``obs`` when already computed.
        policy: when given, worlds with more than :data:`SOLVER_CARDS` cards in hand are
            played out with it (:func:`playout`) instead of solved exactly.
        model: the other seats' model for the draw (:class:`Valuation`), ``None`` for the
            hard facts only.
        node_limit: the most positions a world's solve may search; a world over it is
            left out (:class:`Valuation`).

    Returns:
        The :class:`WorldValues` of every legal card (equivalent cards share values).

    Raises:
        ValueError: ``samples`` is below 1.
        InvalidPositionError: no world is consistent with ``obs``.
        ModelError: ``model`` is not a PlayerModel.
        NodeLimitError: the node limit left every world out.
    """
    return Valuation(obs, rng, samples, groups, policy, model=model,
                     node_limit=node_limit).result()
