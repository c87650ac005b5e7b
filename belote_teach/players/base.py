"""The computer player interface: :class:`Player`, :class:`Decision`, :class:`Technique`,
and the drivers :func:`play_deal` and :func:`play_game`.

A player sees an :class:`~belote_teach.engine.observation.Observation` (never the hidden cards)
and draws chance only from the ``random.Random`` it is given, so a player is
deterministic given the seed (STYLE.md). Each choice comes back as a :class:`Decision`:
the action and the reason it was taken, a :class:`Technique` member (with the R9 tip
number where one applies) that the coach can explain; learner-facing text for the
techniques lives in ``belote_teach/explain``, not here.

The drivers act through the checked Deal API (:meth:`Deal.bid
<belote_teach.engine.deal.Deal.bid>`, :meth:`Deal.play <belote_teach.engine.deal.Deal.play>`): an
illegal choice raises there. Computer players always declare their announcements with
their first card (R4.4) and always say belote-rebelote (R5.2): the driver says it
whenever the engine allows it (:meth:`Observation.may_say_belote
<belote_teach.engine.observation.Observation.may_say_belote>`, R5.1).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.game import Game
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import RuleSet
from belote_teach.players.errors import MissingPlayerError

__all__ = [
    "Decision",
    "Player",
    "Technique",
    "Turn",
    "declare_all",
    "play_deal",
    "play_game",
]

A = TypeVar("A", covariant=True)


class Technique(enum.Enum):
    """Why a computer player took a decision: an R9 tip, a club technique, or a rule.

    The value is a stable identifier (used by ``explain`` catalogs); :attr:`tip` gives
    the RULES.md R9 tip number when the technique is one of the rules page's tips.
    """

    # any level
    RANDOM = "random"                          # uniformly random legal action (baseline)
    ONLY_CHOICE = "only_choice"                # a single legal action
    DECLARE_ANNOUNCEMENTS = "declare_announcements"  # R4.4; tip 6 counts them
    NO_ANNOUNCEMENT = "no_announcement"        # nothing to declare (R4.1-R4.3)
    # bidding (R2.4, R2.5)
    TAKE_WITH_JACK = "take_with_jack"          # tip 1
    TAKE_WITH_NINE = "take_with_nine"          # tip 1
    PASS_WEAK_TRUMPS = "pass_weak_trumps"      # common error: taking with weak trumps
    # leading
    DRAW_TRUMPS = "draw_trumps"                # tip 2: the taker draws trumps early
    CASH_PLAIN_ACE = "cash_plain_ace"          # tip 3
    CASH_MASTER = "cash_master"                # lead a plain master card (tip 3's idea)
    NO_TRUMP_LEAD = "no_trump_lead"            # defenders do not lead trumps: low plain lead
    LEAD_LOW = "lead_low"                      # a cheap lead, keeping the honours
    # following
    CHARGE_PARTNER = "charge_partner"          # tip 4: feed (charger) a master partner
    PLAY_LOW_UNDER_PARTNER = "play_low_under_partner"  # partner master, nothing to feed
    WIN_TRICK = "win_trick"                    # take the trick with the cheapest sure card
    TRUMP_IN = "trump_in"                      # couper: take a plain trick with a trump
    OVERTRUMP = "overtrump"                    # surcouper (common error: not overtrumping)
    DISCARD_LOW = "discard_low"                # se défausser low under an opponent's trick
    PLAY_LOW = "play_low"                      # cannot win: follow with the cheapest card
    KEEP_MASTER_FOR_DIX_DE_DER = "keep_master_for_dix_de_der"  # tip 5
    KEEP_MASTER = "keep_master"                # keep a master honour for a trick of its own
    # level expert (search on sampled worlds)
    SIMULATION = "simulation"                  # best average over club playouts
    DOUBLE_DUMMY = "double_dummy"              # best average of the exact solver (trick 3 on)
    TAKE_BY_SIMULATION = "take_by_simulation"  # simulated deals: the contract is made
    PASS_BY_SIMULATION = "pass_by_simulation"  # simulated deals: the contract fails

    @property
    def tip(self) -> int | None:
        """The RULES.md R9 tip number behind this technique, or ``None``."""
        return _TIPS.get(self)


_TIPS: dict[Technique, int] = {
    Technique.TAKE_WITH_JACK: 1, Technique.TAKE_WITH_NINE: 1,
    Technique.PASS_WEAK_TRUMPS: 1, Technique.DRAW_TRUMPS: 2,
    Technique.CASH_PLAIN_ACE: 3, Technique.CASH_MASTER: 3,
    Technique.CHARGE_PARTNER: 4, Technique.KEEP_MASTER_FOR_DIX_DE_DER: 5,
    Technique.DECLARE_ANNOUNCEMENTS: 6,
}


@dataclass(frozen=True)
class Decision(Generic[A]):
    """A computer player's choice and why.

    Attributes:
        action: a :class:`~belote_teach.engine.bidding.Bid` (bidding), a tuple of
            :class:`~belote_teach.engine.announcements.Announcement` (announcements, R4.4) or a
            :class:`~belote_teach.engine.cards.Card` (play).
        reason: the :class:`Technique` the choice applies.
        cards: cards the reason refers to (e.g. the trumps that justify a take, the
            partner's master card being charged), for the coach; may be empty.
    """

    action: A
    reason: Technique
    cards: tuple[Card, ...] = ()


@runtime_checkable
class Player(Protocol):
    """A computer player: three choices from an observation and a random generator.

    Each method receives the :class:`~belote_teach.engine.observation.Observation` of the seat
    to act (its ``legal_bids`` / ``legal_plays`` set) and must return a legal action; a
    player draws chance only from ``rng`` (deterministic given the seed).
    """

    name: str

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """A bid from ``obs.legal_bids`` (R2.4, R2.5)."""
        ...

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """The announcements to declare with the first card, from
        ``obs.announcements_available`` (R4.4); called only when some are available."""
        ...

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """A card from ``obs.legal_plays`` (R3)."""
        ...


class Turn(NamedTuple):
    """One decision taken while driving a deal: who, which kind, and the decision."""

    seat: Seat
    kind: Literal["bid", "announce", "card"]
    decision: Decision[object]


def declare_all(obs: Observation) -> Decision[tuple[Announcement, ...]]:
    """Declare every announcement ``obs.seat`` has available (R4.4; R9 tip 6 counts them),
    with the cards they use as the decision's detail; nothing when there is none."""
    available = tuple(obs.announcements_available)
    if not available:
        return Decision((), Technique.NO_ANNOUNCEMENT)
    cards = tuple(c for a in available for c in sorted(a.cards, key=str))
    return Decision(available, Technique.DECLARE_ANNOUNCEMENTS, cards)


def play_deal(deal: Deal, players: Mapping[Seat, Player], rng: random.Random
              ) -> tuple[Turn, ...]:
    """Drive ``deal`` to its end (scored or passed out) with ``players``, through the
    checked API.

    Bids (R2.4, R2.5), then each card with, on a player's first card, the announcements
    it chooses among those available (R4.4), and belote-rebelote said whenever allowed
    (R5.1, R5.2).

    Args:
        deal: a deal in any phase; it is changed in place.
        players: a player for each seat that still has to act.
        rng: the one generator every player draws from, in turn order.

    Returns:
        Every decision taken, in order.

    Raises:
        MissingPlayerError: a seat to act has no player.
        IllegalBidError, IllegalPlayError, FalseAnnouncementError: a player chose an
            illegal action (the deal is left as it was before that action).
    """
    turns: list[Turn] = []
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        decision = _player(players, seat).choose_bid(deal.observation(seat), rng)
        turns.append(Turn(seat, "bid", decision))
        deal.bid(decision.action, seat=seat)
    while deal.phase is Phase.PLAY:
        seat = deal.turn
        assert seat is not None
        player = _player(players, seat)
        obs = deal.observation(seat)
        announce: tuple[Announcement, ...] = ()
        if obs.announcements_available:
            said = player.choose_announcements(obs, rng)
            turns.append(Turn(seat, "announce", said))
            announce = tuple(said.action)
        chosen = player.choose_card(obs, rng)
        turns.append(Turn(seat, "card", chosen))
        card = chosen.action
        deal.play(card, seat=seat, announce=announce, belote=obs.may_say_belote(card))
    return tuple(turns)


def _player(players: Mapping[Seat, Player], seat: Seat) -> Player:
    """The player of ``seat``, or the error naming the seats given."""
    try:
        return players[seat]
    except KeyError:
        given = ", ".join(str(s) for s in players) or "none"
        raise MissingPlayerError(f"{seat} is to act but has no player (players given for: "
                                 f"{given})") from None


def play_game(players: Mapping[Seat, Player], rng: random.Random,
              rules: RuleSet | str | Mapping[str, object] | None = None, *,
              first_dealer: Seat = Seat.SOUTH, max_deals: int = 200) -> Game:
    """Play a whole game (R6.8) between computer players.

    Args:
        players: a player for each of the four seats.
        rng: shuffles the deals (one seed drawn for the game) and feeds the players.
        rules: a RuleSet, preset name or options mapping (default ``classic``).
        first_dealer: the dealer of deal 1.
        max_deals: stop after this many deals even if nobody reached the target (a
            safeguard; 200 deals is far beyond any real game).

    Returns:
        The :class:`~belote_teach.engine.game.Game`, over unless ``max_deals`` stopped it.

    Raises:
        As :func:`play_deal`.
    """
    game = Game(rules, first_dealer, rng=rng.getrandbits(32))
    for _ in range(max_deals):
        if game.is_over:
            break
        play_deal(game.deal, players, rng)
    return game
