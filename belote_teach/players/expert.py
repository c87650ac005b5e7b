"""Level ``expert``: perfect-information Monte Carlo on worlds consistent with what the
seat has seen.

Play: every legal card is valued on the same worlds
(:func:`~belote_teach.search.evaluation.value_cards` without a playout policy), drawn by
:func:`~belote_teach.search.sampling.sample_worlds` consistently with the
:class:`~belote_teach.engine.observation.Observation` (cards played, voids and trump
ceilings shown, the taker's turned card, the shown announcements) and weighted by what
the other seats' bids and leads reveal, read as a club player's
(:data:`WORLD_MODEL`). At every trick
each world is solved exactly by the double-dummy solver
(:func:`~belote_teach.search.solver.solve`), which values every legal card at once; on
each world the deal's marks are computed (R6.1-R6.5: made, dedans or litige, belote and
shown announcements counted, and a capot where a team that has won every pli so far
wins every card point left) and the card of the best average margin (the team's marks
minus the opponents') is played. The club player's own choice is kept when it is among
the best cards.

Worlds a decision (:func:`worlds_for`, fixed by the position, never by the clock): at
trick 1, 3 to lead (the entame) and 6 to follow; at trick 2, 12 to lead and 24 to follow
(:data:`WORLDS`: a lead values every card of four full hands, the costliest solve); from
trick 3 on, :data:`~belote_teach.search.evaluation.SOLVES` (32).

So that no decision stalls, a card decision searches at most :data:`DECISION_NODES`
positions in all, shared evenly by its worlds (:func:`node_limit_for`): the worlds of the
first tricks have a heavy tail (one entame world in some 250 costs 0.5 to 1.6 s to solve),
and a world whose solve needs more than its share is left out. It is a limit on positions
searched, not on time, so the same worlds are kept on every run and on every machine.
On a loaded machine a position costs more time; past :data:`TIME_LIMIT` (0.5 s of wall
clock) a decision, card or bid, starts no new world or completion and the ones judged by
then decide: none of 32,892 decisions over 1 s on a usual machine nor of 4,872 on a core
shared two ways (at most 0.86 s), but 27 of 32,128 on a core shared three ways (at most
1.8 s), the world under way being bounded in positions only. So every solve of a decision
also ends by :data:`END_FACTOR` times the limit (0.8 s): each world or completion is given
at most the positions the solver searches, at the pace it measures on its own solves, in
the time left. On a core shared four ways (three busy loops, the colver match, deals
2000-2059, side by side): at most 0.88 s, none of 1,954 decisions over 1 s, where the
code before took up to 1.06 s (2 of 1,937 over 1 s).

Strength, duplicate matches over deals 0-999 (``benchmarks/players.py --deals 1000
--clock cpu``, 2026-12-04, one core each, on a machine some 1.6 times slower than usual by
``benchmarks/solver.py``): against colver 0.11.1's IS-DD at 25 ms a card (contrée card
rules, colver's seats bidding as the club player) +5.4 marks a deal (95 % CI
+2.4 .. +8.4), and +3.9 (+0.9 .. +7.0) at equal time, colver's budget set to the
expert's mean of 41 ms a card; against the club player (``--match expert:club``)
+19.8 (+16.3 .. +23.2), its card decisions at most 0.78 s and its bids at most 0.84 s of
CPU time over 32,862 decisions (with both cores loaded, a bid took up to 1.34 s; with
:data:`TIME_LIMIT`, the colver match under the same load: +3.7 (+0.6 .. +6.8), every
decision within 0.64 s of CPU time).

Bidding: for each candidate bid (the take in round 1; in round 2 every suit it may
name where it would hold 2 trumps or more), :data:`BID_SAMPLES` completions of the
deal are drawn (the other hands and the stock are unseen; a draw where a seat that passed
would have taken, as a club player, is redrawn), the earlier bids are replayed and the
candidate is bid; on each completion the contract is judged double dummy
(:func:`made_double_dummy`: do the takers reach
:func:`~belote_teach.engine.scoring.points_to_make` with best play by all, every hand
seen, belote and the table's announcements counted?), one null-window search of the
solver, within :data:`BID_NODES` positions for the whole decision (a completion over its
share, some 13 % of them, is played out by club players instead). The bid with the highest
probability of making the contract (R6.2) is made when that probability reaches
:data:`TAKE_THRESHOLD` (0.8), else the seat passes. Over the 3,779 bids of that
1,000-deal match against the club player (CPU time, one core): median 0.21 s, 95th
percentile 0.45 s, at most 0.84 s.

Announcements and belote: as the club player (always declare, always say belote).
Every decision carries a :class:`~belote_teach.players.base.Technique`: the club
player's reason when the expert chose the club player's card, else ``DOUBLE_DUMMY``
(solver), ``TAKE_BY_SIMULATION`` or ``PASS_BY_SIMULATION`` (bidding). The player reads
the observation only and draws chance only from ``rng``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace

from belote_teach.engine.announcements import Announcement, find_announcements, has_belote
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.scoring import points_to_make
from belote_teach.players.base import Decision, Technique
from belote_teach.players.club import ClubPlayer
from belote_teach.search import solver
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.evaluation import (
    Valuation,
    belote_points,
    equivalent_groups,
    playout,
    samples_for,
)
from belote_teach.search.inference import CLUB_MODEL, PlayerModel
from belote_teach.search.pace import positions_within
from belote_teach.search.solver import reaches

__all__ = [
    "BID_NODES",
    "BID_REDRAWS",
    "BID_SAMPLES",
    "DECISION_NODES",
    "END_FACTOR",
    "FULL_STRENGTH",
    "MIN_TRUMPS",
    "TAKE_THRESHOLD",
    "TIME_LIMIT",
    "WORLDS",
    "WORLD_MODEL",
    "ExpertPlayer",
    "bid_chances",
    "bid_node_limit",
    "completion",
    "contract_made",
    "made_by_club",
    "made_double_dummy",
    "node_limit_for",
    "worlds_for",
]

#: Completions of the deal played out per candidate bid (a bid's time: see the module
#: docstring; 20 completions gave +19.6 marks a deal over the club player on the same
#: 200 deals, 40 +17.7: within the noise, 40 halve the variance of each chance).
BID_SAMPLES = 40
#: The most positions one bid decision may search in all, shared evenly by its
#: completions and candidate bids (:func:`bid_chances`): some 0.45 s at the solver's 5.5
#: to 6 million positions a second, so that a bid stays under 1 s on a machine half as
#: fast, with the completions' draws and the club playouts on top (up to 0.25 s each).
BID_NODES = 2_500_000
#: Times a completion is redrawn when a seat that passed would have taken with it.
BID_REDRAWS = 10
#: Probability of making the contract (0.0 to 1.0) from which the expert takes. A made
#: contract wins the takers some 40 points of margin, a dedans loses them 162 or more
#: (R6.3, R6.4): taking pays from about 162 / (162 + 40) = 0.8. Measured in duplicate
#: matches against the club player, the card play solved exactly, 40 completions, same
#: deals 0-199 (``benchmarks/players.py --match expert:club``): 0.7 → +16.5 marks a deal,
#: 0.75 → +15.5, 0.8 → +17.7, each ±8 (95 % CI): no threshold measurably better; the
#: expert then takes less often than the club player (157 contracts to 196) and makes
#: 88 % of them to its 76 %. Against colver's IS-DD, deal by deal on the same deals 0-999
#: (``--record``, ``--against``), 0.7 scored +1.0 marks a deal more than 0.8 (95 % CI
#: -2.2 .. +4.3): not measurably better either; 0.65, deal by deal on deals 0-999:
#: +0.3 (-2.9 .. +3.6) against colver, -2.3 (-5.8 .. +1.2) against the club player.
TAKE_THRESHOLD = 0.8
#: A candidate suit needs this many trumps (hand, plus the turned card it would
#: receive) to be simulated; with fewer the expert does not take with it.
MIN_TRUMPS = 2

#: Worlds solved per card decision at tricks 1 and 2, by cards in the seat's hand: (to
#: lead the pli, to follow). A lead is the costliest solve (every legal card of four full
#: hands), the entame most of all; from trick 3 on the expert solves
#: :data:`~belote_teach.search.evaluation.SOLVES` (32) worlds.
WORLDS: dict[int, tuple[int, int]] = {8: (3, 6), 7: (12, 24)}
#: The most positions a card decision may search in all, shared evenly by its worlds
#: (:func:`node_limit_for`): some 0.45 s at the solver's 5.5 to 6 million positions a
#: second, so that a decision stays under 1 s on a machine half as fast. A world whose
#: solve needs more than its share is left out: the heavy tail of the first tricks, over
#: 80 club-played deals some 12 % of the worlds of the entame (5 % at 4,000,000), 8 % at
#: trick 2's lead (3 %), 2 to 3 % when following at tricks 1 and 2 (1 %), 0.2 % at trick 3.
#: Whether a world fits depends on the world alone (a limited solve starts on an empty
#: table), never on the clock. With every world left out, the club player's card is
#: played.
DECISION_NODES = 2_500_000
#: Seconds of wall-clock time after which a decision starts no new world (a card) and
#: no new completion (a bid): the worlds or completions judged by then decide. The caps
#: in positions (:data:`DECISION_NODES`, :data:`BID_NODES`) keep a decision near 0.45 s
#: of search on a usual machine, where this limit is rarely reached; on a loaded one (two
#: busy cores: a position costs more time, a bid took 1.34 s of CPU) it keeps a decision
#: within 0.64 s of CPU time (the colver match under the same load, 3 % of the decisions
#: reaching the limit; 0.5 % on a usual machine, where the match against the club player
#: scored the same, +19.7): the world or completion under way when it passes is finished,
#: within the time :data:`END_FACTOR` leaves it.
TIME_LIMIT = 0.5
#: When every solve of a decision has ended, as a multiple of its time limit (0.8 s with
#: :data:`TIME_LIMIT`): each world (a card) or completion (a bid) is given at most the
#: positions the thread's solver searches, at the pace it has measured on its own solves
#: (:mod:`belote_teach.search.pace`), in the time left until then; a world that needs
#: more is left out, a completion judged by a club playout. The first world and the one
#: under way at the time limit are bounded so, on a core however shared; on a usual
#: machine the caps in positions (:data:`DECISION_NODES`, :data:`BID_NODES`) are the
#: smaller and nothing changes.
END_FACTOR = 1.6

#: How the expert reads the other seats' bids and plays when it draws its worlds
#: (:func:`~belote_teach.search.sampling.sample_worlds`'s ``model``): as a club player's
#: bids and leads, not the last cards of plis (``kept_back`` 1). Reading those too
#: (:data:`~belote_teach.search.inference.CLUB_MODEL`, the coach's model), deals 0-999,
#: 2026-12-04: against colver's IS-DD +1.9 marks a deal in two runs (+3.3 without),
#: against the club player +20.9 (+20.6 without). Not reading the leads either
#: (``kept_ace`` 1), deal by deal against colver on the same deals: +0.8 (95 % CI
#: -1.5 .. +3.0), not measurably better; the leads stay read.
WORLD_MODEL: PlayerModel | None = replace(CLUB_MODEL, kept_back=1.0)

_CLUB = ClubPlayer()


def worlds_for(obs: Observation) -> int:
    """The worlds the expert solves for a card decision of ``obs`` (phase PLAY, its turn):
    :data:`WORLDS` at tricks 1 and 2 (by hand size, leading or following), else
    :func:`~belote_teach.search.evaluation.samples_for` (32 from trick 3 on)."""
    assert obs.trick is not None
    if len(obs.hand) in WORLDS:
        lead, follow = WORLDS[len(obs.hand)]
        return follow if obs.trick.cards else lead
    return samples_for(obs)


def node_limit_for(obs: Observation) -> int:
    """The most positions one world's solve may search for a card decision of ``obs``
    (phase PLAY, its turn): :data:`DECISION_NODES` shared by its :func:`worlds_for`
    worlds (1 or more)."""
    return max(1, DECISION_NODES // max(1, worlds_for(obs)))


def _candidates(obs: Observation) -> list[tuple[Bid, Suit]]:
    """The taking bids worth simulating: legal, with :data:`MIN_TRUMPS` trumps or more."""
    legal = obs.legal_bids or frozenset()
    found: list[tuple[Bid, Suit]] = []
    if TAKE in legal:
        found.append((TAKE, obs.turned.suit))
    for suit in Suit:
        bid = Bid.naming(suit)
        if bid in legal:
            found.append((bid, suit))
    return [(b, s) for b, s in found if len(obs.trumps_if_taken(s)) >= MIN_TRUMPS]


def completion(obs: Observation, rng: random.Random) -> Deal:
    """A deal in the bidding phase consistent with ``obs``: the seat's own 5 cards and
    the turned card as seen, the other hands and the stock drawn at random from the
    unseen cards, the bids of ``obs`` replayed.

    The draw is also consistent with what the earlier bids say, read as a club player
    would have bid: a draw where a seat that passed would have taken is redrawn (up to
    :data:`BID_REDRAWS` times, then the last draw is kept)."""
    seen = {*obs.hand, obs.turned}
    unseen = [c for c in DECK if c not in seen]
    for attempt in range(BID_REDRAWS + 1):
        rng.shuffle(unseen)
        hands: dict[Seat, Sequence[Card]] = {}
        top = 0
        for seat in Seat:
            if seat is obs.seat:
                hands[seat] = obs.hand
            else:
                hands[seat] = unseen[top:top + 5]
                top += 5
        deal = Deal.from_hands(obs.dealer, hands, obs.turned, unseen[top:], obs.rules)
        consistent = True
        for seat, bid in obs.bids:
            if (consistent and attempt < BID_REDRAWS and bid == PASS
                    and _CLUB.choose_bid(deal.observation(seat), rng).action != PASS):
                consistent = False
            deal.bid(bid, seat=seat)
        if consistent:
            break
    return deal


def made_by_club(deal: Deal) -> bool:
    """Play a completed deal (phase PLAY, nothing played) out with club players; True
    when the takers' card points plus belote exceed the defenders' (R6.2, capot and
    announcements not counted). ``deal`` is in phase PLAY, before its first card."""
    leader = deal.turn
    assert leader is not None and deal.contract is not None
    first = deal.observation(leader)
    world = {seat: deal.hand(seat) for seat in Seat}
    card = _CLUB.choose_card(first, random.Random(0)).action
    won = playout(first, world, card, _CLUB.play_tracked)
    belote = belote_points(first, world)
    takers = deal.contract.taker.team
    return won[takers] + belote[takers] > won[takers.other] + belote[takers.other]


def made_double_dummy(deal: Deal, node_limit: int | None = None) -> bool:
    """Whether the takers of a completed deal (phase PLAY, nothing played) make the
    contract with best play by all four seats, every hand seen: whether their card points
    reach :func:`~belote_teach.engine.scoring.points_to_make` (R6.1, R6.2; the belote of
    the hand holding it, R5, and with announcements played the announcements each seat
    holds, R4: the computer players say and declare all) by
    :func:`~belote_teach.search.solver.reaches`, one null-window search.

    Raises:
        NodeLimitError: more than ``node_limit`` positions searched before the answer.
    """
    contract = deal.contract
    leader = deal.turn
    assert contract is not None and leader is not None and deal.phase is Phase.PLAY
    hands = {seat: deal.hand(seat) for seat in Seat}
    trump = contract.trump
    belote = next((seat.team for seat, cards in hands.items() if has_belote(cards, trump)),
                  None)
    declared = {team: [a for seat in team.seats for a in find_announcements(hands[seat], trump)]
                for team in Team} if deal.rules.announcements else None
    need = points_to_make(takers=contract.taker.team, belote=belote, announcements=declared,
                          trump=trump, rules=deal.rules)
    return reaches(hands, trump, leader, contract.taker.team, need, deal.rules,
                   node_limit=node_limit)


def bid_chances(obs: Observation, rng: random.Random, samples: int = BID_SAMPLES,
                deadline: float | None = None, end: float | None = None, *,
                playouts: bool = False) -> dict[Bid, float]:
    """The estimated probability (0.0 to 1.0) of making the contract for each taking
    bid worth simulating (legal, :data:`MIN_TRUMPS` trumps or more).

    The same ``samples`` completions of the deal (:func:`completion`) serve every
    candidate bid; on each the contract is judged double dummy
    (:func:`made_double_dummy`) within :data:`BID_NODES` positions for the whole
    decision, shared evenly by its completions and candidates. A completion whose solve
    needs more than its share is judged by a club playout instead (:func:`made_by_club`),
    so the estimate keeps every completion and no decision stalls.

    Args:
        obs: the view of the seat to bid (``legal_bids`` set).
        rng: the only source of chance.
        samples: completions drawn, 1 or more.
        deadline: a :func:`time.monotonic` reading (seconds) after which no completion
            is started (the first always is); ``None``: no deadline, every completion.
        end: a :func:`time.monotonic` reading by which the solves end: each completion's
            is also limited to the positions the thread's solver searches in the time
            left (:func:`~belote_teach.search.pace.positions_within`), the completion
            judged by a club playout when it needs more, or when no time is left;
            ``None``: the limit in positions alone.
        playouts: judge every completion by a club playout (:func:`made_by_club`), none
            double dummy: the same completions, some milliseconds each where a solve
            on the solver's pure-Python core may take a second.

    Returns:
        Bid -> fraction of the completions judged where the seat's team makes the contract,
        in the order: the take, then the suits named by :class:`Suit` order; empty when
        no bid is worth simulating.

    Raises:
        ValueError: not the seat's turn to bid, or ``samples`` below 1.
    """
    if obs.legal_bids is None:
        raise ValueError(f"no bid to choose in {obs!r}")
    if samples < 1:
        raise ValueError(f"samples must be 1 or more, got {samples}")
    candidates = _candidates(obs)
    made = dict.fromkeys((b for b, _ in candidates), 0)
    if not candidates:
        return {}
    limit = bid_node_limit(samples, len(candidates))
    judged = 0
    while judged < samples and (deadline is None or judged == 0
                                or time.monotonic() < deadline):
        judged += 1
        base = completion(obs, rng)
        for bid, _suit in candidates:
            deal = base.copy() if len(candidates) > 1 else base
            deal.bid(bid, seat=obs.seat)
            if deal.phase is not Phase.PLAY:
                continue
            if playouts:
                made[bid] += made_by_club(deal)
                continue
            allowed = (limit if end is None
                       else min(limit, positions_within(end - time.monotonic())))
            if contract_made(deal, allowed):
                made[bid] += 1
    return {bid: n / judged for bid, n in made.items()}


def bid_node_limit(samples: int, candidates: int) -> int:
    """The most positions the judgement of one completion may search when a bid decision
    weighs ``candidates`` bids (1 or more) on ``samples`` completions (1 or more):
    :data:`BID_NODES` shared evenly."""
    return max(1, BID_NODES // max(1, samples * candidates))


def contract_made(deal: Deal, node_limit: int) -> bool:
    """Whether the takers of a completed deal (phase PLAY, nothing played) make the
    contract: double dummy (:func:`made_double_dummy`) when its solve fits in
    ``node_limit`` positions, else (0 or fewer: no time to solve) as club players play it
    out (:func:`made_by_club`)."""
    if node_limit < 1:
        return made_by_club(deal)
    try:
        return made_double_dummy(deal, node_limit)
    except NodeLimitError:
        return made_by_club(deal)


#: Whether the expert plays at the strength measured above: with the solver's compiled
#: core. On its pure-Python core (:func:`~belote_teach.search.solver.is_pure`:
#: Pyodide, the course's static edition, where numba does not exist) a solve costs tens
#: of times more, so that within :data:`TIME_LIMIT` a decision judges fewer worlds, and
#: none at times (the club player's card is then played, :attr:`ExpertPlayer.unsolved`).
FULL_STRENGTH: bool = not solver.is_pure()


class ExpertPlayer:
    """Level ``expert`` (perfect-information Monte Carlo, see the module docstring).

    Deterministic given ``rng`` as long as no decision reaches the time limit (then
    the worlds judged in time decide); reads the observation only. Over the 32,862 decisions
    of a 1,000-deal match against the club player (CPU time of one core, the other busy,
    ``benchmarks/players.py --clock cpu``, a machine some 1.6 times slower than usual):
    median 21 ms, 95th percentile 0.26 s, a card at most 0.78 s, a bid at most 0.84 s.
    """

    name = "expert"

    def __init__(self, take_threshold: float = TAKE_THRESHOLD,
                 time_limit: float | None = TIME_LIMIT) -> None:
        """Args:
            take_threshold: the probability of making the contract (0.0 to 1.0) from
                which the player takes (default :data:`TAKE_THRESHOLD`).
            time_limit: seconds of wall-clock time after which a decision starts no new
                world or completion (default :data:`TIME_LIMIT`); ``None``: no limit,
                every decision fixed by the position and ``rng`` alone.

        Attributes:
            cut_short: the decisions so far that reached ``time_limit`` (0 or more).
            unsolved: the card decisions so far where no world was solved within the
                node limit or the time (0 or more): the club player's card was played.

        Raises:
            ValueError: ``take_threshold`` outside 0.0 to 1.0, or ``time_limit`` not a
                positive number of seconds (nor ``None``).
        """
        if (isinstance(take_threshold, bool) or not isinstance(take_threshold, (int, float))
                or not 0.0 <= take_threshold <= 1.0):
            raise ValueError(f"take_threshold must be between 0.0 and 1.0, got {take_threshold}")
        if time_limit is not None and (isinstance(time_limit, bool)
                                       or not isinstance(time_limit, (int, float))
                                       or not time_limit > 0):
            raise ValueError(f"time_limit must be a positive number of seconds or None, "
                             f"got {time_limit!r}")
        self.take_threshold = take_threshold
        self.time_limit = time_limit
        self.cut_short = 0
        self.unsolved = 0

    def _deadline(self) -> tuple[float, float] | tuple[None, None]:
        """The :func:`time.monotonic` readings at which the decision starting now stops
        starting worlds or completions, and by which its solves end (:data:`END_FACTOR`
        times the time limit); ``(None, None)`` without a time limit."""
        if self.time_limit is None:
            return None, None
        now = time.monotonic()
        return now + self.time_limit, now + END_FACTOR * self.time_limit

    def _count_if_cut(self, deadline: float | None) -> None:
        """Count the decision just made in :attr:`cut_short` when it reached ``deadline``."""
        if deadline is not None and time.monotonic() >= deadline:
            self.cut_short += 1

    # ------------------------------------------------------------------ bidding
    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """Take (or name the suit) with the best simulated chance of making the
        contract when it reaches :data:`TAKE_THRESHOLD`, else pass (R2.4, R2.5).

        Returns:
            ``TAKE_BY_SIMULATION`` with the trumps counted, or ``PASS_BY_SIMULATION``
            with the trumps of the best candidate (none when nothing was simulated).

        Raises:
            ValueError: it is not this seat's turn to bid.
        """
        deadline, end = self._deadline()
        chances = bid_chances(obs, rng, deadline=deadline, end=end)
        self._count_if_cut(deadline)
        if not chances:
            return Decision(PASS, Technique.PASS_BY_SIMULATION)
        best = max(chances, key=lambda b: chances[b])          # first of the best
        suit = obs.turned.suit if best == TAKE else best.suit
        assert suit is not None
        trumps = obs.trumps_if_taken(suit)
        if chances[best] >= self.take_threshold:
            return Decision(best, Technique.TAKE_BY_SIMULATION, trumps)
        return Decision(PASS, Technique.PASS_BY_SIMULATION, trumps)

    # ------------------------------------------------------------------ announcements
    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """Declare every announcement available, as the club player (R4.4, tip 6)."""
        return _CLUB.choose_announcements(obs, rng)

    # ------------------------------------------------------------------ play
    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The legal card of the best average over sampled worlds (R3).

        Raises:
            ValueError: it is not this seat's turn to play.
            InvalidPositionError: the observation contradicts itself.
        """
        if obs.legal_plays is None or obs.trick is None or obs.trump is None:
            raise ValueError(f"no card to choose in {obs!r}")
        deadline, end = self._deadline()
        club = _CLUB.choose_card(obs, rng)
        groups = equivalent_groups(obs)
        if len(groups) == 1:                        # one card, or equivalent ones
            return club
        valuation = Valuation(obs, rng, worlds_for(obs), groups, model=WORLD_MODEL,
                              node_limit=node_limit_for(obs))
        try:
            values = (valuation.result() if deadline is None
                      else valuation.result_until(deadline, end))
        except NodeLimitError:                      # no world solved in time
            self.unsolved += 1
            return club
        finally:
            self._count_if_cut(deadline)
        margin = values.margin
        top = max(margin.values())
        best = [c for c in obs.legal_plays.cards if margin[c] == top]
        if club.action in best:
            return club
        return Decision(best[0], Technique.DOUBLE_DUMMY, (best[0],))
