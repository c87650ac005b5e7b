"""Adapter driving the card play of the PyPI package ``colver``'s agents (a Rust engine of
belote contrée, ``colver.Agent`` built from a bot spec) in our deals, through our
:class:`~belote_teach.players.Player` protocol. Benchmark-only code: the package never
imports it.

Levels (both need no downloaded model, :func:`colver_spec` writes their spec):

- ``colver-isdd``: IS-DD ("Dede"), worlds drawn uniformly among those consistent with
  the seat's knowledge (``[worlds] source = "uniform"``), each solved double-dummy;
- ``colver-smart``: Smart IS-MCTS (belief-weighted information-set MCTS).

``[play] time_ms`` is the agent's budget a card (``--time-ms`` of ``benchmarks/players.py``).

How a deal is shared between the two engines:

- **Bidding is ours.** A :class:`ColverPlayer` bids as our club player
  (:class:`~belote_teach.players.ClubPlayer`); colver plays the card play only.
- **The rules are contrée's card play.** colver matches are played under
  :data:`COLVER_RULES`: preset ``classic`` with ``announcements`` off (R4 not played) and
  ``undertrump`` ``free`` (R3.6: no obligation to sous-couper), colver's own rules of
  play. Our engine stays the referee and the scorer (R6, classic marks).
- **A colver Env follows our deal.** When play begins, a :class:`ColverTable` builds
  ``colver.Env.deal_with_hands`` from the four 8-card hands (after completion, R2.7) with
  our dealer, starts each agent on it (``init_deal``), then ``set_contract(trump, 80,
  team, 0)`` and ``set_phase_playing()``; colver's leader (the seat after the dealer) is
  checked to be ours. Every card played, by any seat, is given to every agent
  (``observe``, the Env still before the card) and then to the Env (``step``).
- **The agent sees only its seat's information:** ``colver.Agent`` reads from the Env
  only what its seat may know (its hand, the contract, the cards played).
- **Legal cards are compared** at every position (:meth:`ColverTable.legal_difference`):
  ours (:attr:`Deal.legal_plays <belote_teach.engine.deal.Deal.legal_plays>`) against
  ``env.legal_actions()``.

Mapping: colver's card ``8 * suit + rank`` (suits S, H, D, C = 0..3; ranks 7, 8, 9, J, Q,
K, 10, A = 0..7); colver's seats 0..3 with the next seat +1, so N, W, S, E = 0, 1, 2, 3
(our :attr:`Seat.next <belote_teach.engine.cards.Seat.next>` order), team 0 = NS.

Approximations (what differs between classic belote and the contrée colver plays):

- **The contract** is told to colver as 80 in the trump by the taker's team (the lowest
  contrée contract, no coinche): colver's agents aim at 80 points, belote counted, where
  classic belote asks the taker for more points than the defence (R6.2, 82 without
  belote). The agents are not told which seat took, the bids, nor that the taker holds
  the turned card (our players know all three).
- **Scoring** is ours (classic marks, capot 250); colver's agents value a deal by
  contrée's scores.
- **Reasons:** colver gives no reason a learner could read; each :class:`Decision`
  carries ``Technique.ONLY_CHOICE`` when a single card was legal, else
  ``Technique.RANDOM`` (meaning "an external engine's opaque choice", not a uniform draw).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import colver

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Rank, Seat, Suit, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import CLASSIC, RuleSet
from belote_teach.players import ClubPlayer
from belote_teach.players.base import Decision, Technique

__all__ = [
    "COLVER_LEVELS",
    "COLVER_RULES",
    "CONTRACT_VALUE",
    "ColverPlayer",
    "ColverTable",
    "colver_spec",
    "from_colver_card",
    "to_colver_card",
]

#: Our level names for colver's agents: the ``[play] method`` of each and the extra
#: spec lines it needs (none of them reads a downloaded model).
COLVER_LEVELS: dict[str, tuple[str, str]] = {
    "colver-isdd": ("isdd", '[worlds]\nsource = "uniform"\n'),
    "colver-smart": ("smart_ismcts", ""),
}

#: The rules of the deals colver plays: classic with contrée's card play (RULES.md R7
#: options ``announcements`` off, ``undertrump`` free).
COLVER_RULES: RuleSet = CLASSIC.replace(announcements=False, undertrump="free")

#: The contract value colver is told (points the taking team must make, belote counted).
CONTRACT_VALUE = 80

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN,
          Rank.ACE)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
_RANK_INDEX = {rank: i for i, rank in enumerate(_RANKS)}
#: Our seats by colver seat (colver's next seat is +1, ours is Seat.next).
_SEATS = (Seat.NORTH, Seat.WEST, Seat.SOUTH, Seat.EAST)
_SEAT_INDEX = {seat: i for i, seat in enumerate(_SEATS)}
_TEAM_INDEX = {Team.NS: 0, Team.EW: 1}


def to_colver_card(card: Card) -> int:
    """Our card as colver's card index ``8 * suit + rank`` (0-31)."""
    return 8 * _SUIT_INDEX[card.suit] + _RANK_INDEX[card.rank]


def from_colver_card(index: int) -> Card:
    """colver's card index (0-31) as our card.

    Raises:
        ValueError: ``index`` outside 0-31.
    """
    if not 0 <= index < 32:
        raise ValueError(f"colver card index must be 0-31, got {index!r}")
    return Card(_RANKS[index % 8], _SUITS[index // 8])


def colver_seat(seat: Seat) -> int:
    """Our seat as colver's seat index (N, W, S, E = 0, 1, 2, 3)."""
    return _SEAT_INDEX[seat]


def colver_spec(level: str, time_ms: int) -> str:
    """The bot spec (colver's TOML) of ``level`` with a budget of ``time_ms`` a card.

    Raises:
        ValueError: unknown level, or ``time_ms`` not a positive int.
    """
    if level not in COLVER_LEVELS:
        raise ValueError(f"unknown colver level {level!r}: expected one of "
                         f"{', '.join(COLVER_LEVELS)}")
    if isinstance(time_ms, bool) or not isinstance(time_ms, int) or time_ms <= 0:
        raise ValueError(f"time_ms must be a positive number of milliseconds, got {time_ms!r}")
    method, extra = COLVER_LEVELS[level]
    return f'[play]\nmethod = "{method}"\ntime_ms = {time_ms}\n{extra}'


class ColverTable:
    """colver's Env kept in step with one of our deals in play, and the colver agents
    of the seats colver plays.

    Build it when the deal enters phase PLAY, before any card; give it every card played
    (:meth:`play`), in order.
    """

    def __init__(self, deal: Deal, specs: Mapping[Seat, str], seed: int = 0) -> None:
        """Args:
            deal: our deal, in phase PLAY with no card played yet.
            specs: the bot spec of each seat colver plays.
            seed: the agents' seed.

        Raises:
            ValueError: the deal is not at the start of play, or colver's leader is
                not ours.
            RuntimeError: colver refuses a spec.
        """
        contract = deal.contract
        if deal.phase is not Phase.PLAY or deal.played_cards or contract is None:
            raise ValueError(f"a ColverTable starts at the first card of play, not in "
                             f"phase {deal.phase.name} after {len(deal.played_cards)} cards")
        hands = [[to_colver_card(c) for c in deal.hand(seat)] for seat in _SEATS]
        self.env = colver.Env.deal_with_hands(colver_seat(deal.dealer), hands)
        self.agents = {seat: colver.Agent(spec, colver_seat(seat), seed)
                       for seat, spec in specs.items()}
        for agent in self.agents.values():
            agent.init_deal(self.env)
        self.env.set_contract(_SUIT_INDEX[contract.trump], CONTRACT_VALUE,
                              _TEAM_INDEX[contract.taker.team], 0)
        self.env.set_phase_playing()
        if self.turn is not deal.turn:
            raise ValueError(f"colver's leader is {self.turn}, ours is {deal.turn}")

    @property
    def turn(self) -> Seat:
        """The seat colver's Env has to play."""
        return _SEATS[self.env.current_player()]

    def legal_cards(self) -> frozenset[Card]:
        """The cards colver's Env allows the seat to play."""
        return frozenset(from_colver_card(a) for a in self.env.legal_actions())

    def legal_difference(self, deal: Deal) -> str | None:
        """``None`` when both engines agree on the seat to play and its legal cards, else
        a description of the position and of the difference (ours vs colver's)."""
        ours = frozenset(deal.legal_plays)
        theirs = self.legal_cards()
        if deal.turn is self.turn and ours == theirs:
            return None
        trick = deal.trick
        shown = " ".join(str(c) for c in trick.cards) if trick is not None else ""
        hand = " ".join(str(c) for c in deal.hand(deal.turn)) if deal.turn else ""
        return (f"trick {len(deal.tricks) + 1}, {deal.turn} to play (colver: {self.turn}), "
                f"trump {deal.trump}, trick so far [{shown}], hand [{hand}]: ours "
                f"{_cards(ours)}, colver {_cards(theirs)}")

    def decide(self, seat: Seat) -> Card:
        """The card the agent of ``seat`` plays now.

        Raises:
            ValueError: ``seat`` has no agent or is not the seat to play.
        """
        if seat not in self.agents:
            raise ValueError(f"{seat} has no colver agent (agents: "
                             f"{', '.join(str(s) for s in self.agents)})")
        if seat is not self.turn:
            raise ValueError(f"{seat} is not to play in colver's Env ({self.turn} is)")
        return from_colver_card(self.agents[seat].decide(self.env)["action"])

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play: every agent observes it, then the Env
        steps.

        Raises:
            ValueError: colver's Env does not allow the card.
        """
        action = to_colver_card(card)
        if action not in self.env.legal_actions():
            raise ValueError(f"colver's Env refuses {card} for {self.turn}: legal "
                             f"{_cards(self.legal_cards())}")
        for agent in self.agents.values():
            agent.observe(self.env, action)
        self.env.step(action)


def _cards(cards: frozenset[Card]) -> str:
    return "[" + " ".join(sorted(str(c) for c in cards)) + "]"


class ColverPlayer:
    """A colver agent (``colver-isdd`` or ``colver-smart``) seen as our
    :class:`~belote_teach.players.Player`: it bids as our club player and plays the card
    its agent chooses on the :class:`ColverTable` it was seated at (:meth:`sit`)."""

    def __init__(self, level: str, time_ms: int = 100) -> None:
        """``level`` is a key of :data:`COLVER_LEVELS`; ``time_ms`` the agent's budget a
        card, in milliseconds.

        Raises:
            ValueError: unknown level or bad budget.
        """
        self.spec = colver_spec(level, time_ms)
        self.name = level
        self.time_ms = time_ms
        self.table: ColverTable | None = None
        self._club = ClubPlayer()

    def sit(self, table: ColverTable | None) -> None:
        """Play the next cards on ``table`` (``None``: leave it)."""
        self.table = table

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """Our club player's bid (colver plays the card play only)."""
        return self._club.choose_bid(obs, rng)

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """Our club player's announcements (none are available under
        :data:`COLVER_RULES`)."""
        return self._club.choose_announcements(obs, rng)

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The card colver's agent of the seat plays (the agent's own generator, seeded
        by the table, not ``rng``).

        Raises:
            ValueError: not this seat's turn, no table, or a card our rules refuse.
        """
        if obs.legal_plays is None:
            raise ValueError(f"no card to choose in {obs!r}")
        if len(obs.legal_plays) == 1:
            return Decision(next(iter(obs.legal_plays)), Technique.ONLY_CHOICE)
        if self.table is None:
            raise ValueError(f"{self.name} plays only at a ColverTable: call sit() first")
        card = self.table.decide(obs.seat)
        if card not in obs.legal_plays:
            raise ValueError(f"{self.name} chose {card}, which our rules refuse: legal "
                             f"{_cards(frozenset(obs.legal_plays))}")
        return Decision(card, Technique.RANDOM)
