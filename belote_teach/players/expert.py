"""Level ``expert``: perfect-information Monte Carlo on worlds consistent with what the
seat has seen.

Play: :func:`~belote_teach.sampling.sample_worlds` deals the unseen cards to the three
other seats consistently with the :class:`~belote_teach.observation.Observation` (cards
played, voids and trump ceilings shown, the taker's turned card, the shown
announcements). Each legal card is valued on every world (the same worlds for every
card), and the card of the best average is played:

- endings (at most :data:`ENDGAME_CARDS` cards in hand): the exact double-dummy
  :func:`~belote_teach.solver.solve` on :data:`ENDGAME_SAMPLES` worlds (about 1 ms a
  solve for 4 tricks);
- earlier: club playouts (the coach's evaluation, :mod:`belote_teach.coach`, with its
  playout budget :func:`~belote_teach.coach.samples_for`), because the solver takes
  seconds for a full deal (``belote_teach.solver``), far over the 1 s budget of a
  decision. Among the cards within the coach's noise tolerance, the club player's own
  choice is kept.

Bidding: for each candidate bid (the take in round 1; in round 2 every suit it may
name where it would hold 2 trumps or more), :data:`BID_SAMPLES` completions of the
deal are drawn (the other hands and the stock are unseen), the earlier bids are
replayed, the candidate is bid and the deal is played out by club players; the bid
with the highest probability of making the contract (R6.2, belote counted) is made
when that probability reaches :data:`TAKE_THRESHOLD`, else the seat passes.

Announcements and belote: as the club player (always declare, always say belote).
Every decision carries a :class:`~belote_teach.players.base.Technique`: the club
player's reason when the expert chose the club player's card, else ``SIMULATION``
(playouts), ``DOUBLE_DUMMY`` (solver), ``TAKE_BY_SIMULATION`` or ``PASS_BY_SIMULATION``
(bidding). The player reads the observation only and draws chance only from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from belote_teach import coach
from belote_teach.announcements import Announcement
from belote_teach.bidding import PASS, TAKE, Bid
from belote_teach.cards import DECK, Card, Seat, Suit, Team
from belote_teach.deal import Deal, Phase
from belote_teach.observation import Observation
from belote_teach.players.base import Decision, Technique
from belote_teach.players.club import ClubPlayer
from belote_teach.sampling import sample_worlds
from belote_teach.solver import solve

__all__ = [
    "BID_SAMPLES",
    "ENDGAME_CARDS",
    "ENDGAME_SAMPLES",
    "MIN_TRUMPS",
    "TAKE_THRESHOLD",
    "ExpertPlayer",
    "bid_chances",
]

#: Cards in hand from which the exact solver values the cards (4 tricks left or fewer).
ENDGAME_CARDS = 4
#: Worlds solved double dummy in an ending.
ENDGAME_SAMPLES = 24
#: Completions of the deal played out per candidate bid.
BID_SAMPLES = 20
#: Probability of making the contract (0.0 to 1.0) from which the expert takes.
TAKE_THRESHOLD = 0.5
#: A candidate suit needs this many trumps (hand, plus the turned card it would
#: receive) to be simulated; with fewer the expert does not take with it.
MIN_TRUMPS = 2

_CLUB = ClubPlayer()


def _trumps_for(obs: Observation, suit: Suit) -> tuple[Card, ...]:
    """The trumps the seat would hold before completion if ``suit`` were trumps, the
    turned card included (the taker receives it, R2.7)."""
    return tuple(c for c in (*obs.hand, obs.turned) if c.suit is suit)


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
    return [(b, s) for b, s in found if len(_trumps_for(obs, s)) >= MIN_TRUMPS]


def _completion(obs: Observation, rng: random.Random) -> Deal:
    """A deal in the bidding phase consistent with ``obs``: the seat's own 5 cards and
    the turned card as seen, the other hands and the stock drawn at random from the
    unseen cards, the bids of ``obs`` replayed."""
    seen = {*obs.hand, obs.turned}
    unseen = [c for c in DECK if c not in seen]
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
    for seat, bid in obs.bids:
        deal.bid(bid, seat=seat)
    return deal


def _made(deal: Deal) -> bool:
    """Play a completed deal (phase PLAY, nothing played) out with club players; True
    when the takers' card points plus belote exceed the defenders' (R6.2, capot and
    announcements not counted)."""
    leader = deal.turn
    assert leader is not None and deal.contract is not None
    first = deal.observation(leader)
    world = {seat: deal.hand(seat) for seat in Seat}
    card = _CLUB.choose_card(first, random.Random(0)).action
    voids, ceilings = coach._inferred(first, ())
    won = coach._playout(first, world, card, voids, ceilings)
    bonus = coach._bonus(first, world)
    takers = deal.contract.taker.team
    other = Team.EW if takers is Team.NS else Team.NS
    return won[takers] + bonus[takers] > won[other] + bonus[other]


def bid_chances(obs: Observation, rng: random.Random, samples: int = BID_SAMPLES
                ) -> dict[Bid, float]:
    """The estimated probability (0.0 to 1.0) of making the contract for each taking
    bid worth simulating (legal, :data:`MIN_TRUMPS` trumps or more).

    The same ``samples`` completions of the deal serve every candidate bid.

    Args:
        obs: the view of the seat to bid (``legal_bids`` set).
        rng: the only source of chance.
        samples: completions drawn, 1 or more.

    Returns:
        Bid -> fraction of the completions where the seat's team makes the contract,
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
    for _ in range(samples):
        base = _completion(obs, rng)
        for bid, _suit in candidates:
            deal = base.copy() if len(candidates) > 1 else base
            deal.bid(bid, seat=obs.seat)
            if deal.phase is Phase.PLAY and _made(deal):
                made[bid] += 1
    return {bid: n / samples for bid, n in made.items()}


class ExpertPlayer:
    """Level ``expert`` (perfect-information Monte Carlo, see the module docstring).

    Deterministic given ``rng``; reads the observation only. Each decision takes well
    under 1 s on one core (measured: cards at most about 0.5 s, at trick 1; bids about
    0.15 s).
    """

    name = "expert"

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
        chances = bid_chances(obs, rng)
        if not chances:
            return Decision(PASS, Technique.PASS_BY_SIMULATION)
        best = max(chances, key=lambda b: chances[b])          # first of the best
        suit = obs.turned.suit if best == TAKE else best.suit
        assert suit is not None
        trumps = _trumps_for(obs, suit)
        if chances[best] >= TAKE_THRESHOLD:
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
        club = _CLUB.choose_card(obs, rng)
        if len(coach._groups(obs)) == 1:            # one card, or equivalent ones
            return club
        if len(obs.hand) <= ENDGAME_CARDS:
            values = self.solved_values(obs, rng)
            top = max(values.values())
            best = [c for c, v in values.items() if v == top]
            card = club.action if club.action in best else best[0]
            technique = Technique.DOUBLE_DUMMY
        else:
            card = coach._evaluate(obs, rng, None).best[0]
            technique = Technique.SIMULATION
        if card == club.action:
            return club
        return Decision(card, technique, (card,))

    @staticmethod
    def solved_values(obs: Observation, rng: random.Random,
                      samples: int = ENDGAME_SAMPLES) -> Mapping[Card, float]:
        """Average double-dummy value (card points of the seat's team from the current
        trick on, dix de der included, R1.2–R1.4) of each legal card over ``samples``
        sampled worlds.

        Raises:
            ValueError: not the seat's turn to play, or ``samples`` below 1.
            InvalidPositionError: the observation contradicts itself.
        """
        if obs.legal_plays is None or obs.trick is None or obs.trump is None:
            raise ValueError(f"no card to choose in {obs!r}")
        if samples < 1:
            raise ValueError(f"samples must be 1 or more, got {samples}")
        cards = list(obs.legal_plays.cards)
        totals = dict.fromkeys(cards, 0.0)
        trick = obs.trick
        for world in sample_worlds(obs, rng, samples):
            hands: dict[Seat | str, Iterable[Card | str]] = {s: c for s, c in world.items()}
            result = solve(hands, obs.trump, trick.cards, trick.leader, obs.rules)
            for card in cards:
                totals[card] += result.values[card]
        return {card: total / samples for card, total in totals.items()}
