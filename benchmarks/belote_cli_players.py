"""Adapter driving the PyPI package ``belote-cli``'s computer players (module ``belote``,
``belote.ai.AIPlayer``, levels easy / medium / hard) through our
:class:`~belote_teach.players.Player` protocol. Benchmark-only code: the package never
imports it.

Each decision converts the seat's :class:`~belote_teach.engine.observation.Observation` into a
``belote.game.GameState`` holding only what the seat may know, asks the belote-cli AI,
and converts its answer back:

- cards, suits and seats are mapped one to one (both engines play S → E → N → W);
- bidding: ``up_card`` is the turned card, ``bidding_round`` is 1 for the first four
  bids and 2 after, ``bidder_index`` the seat's place from the dealer's right, the
  seat's 5-card hand; a returned suit becomes ``take`` (round 1) or the bid naming it
  (round 2), ``None`` a pass;
- play: phase ``PLAYING``, contract ``normal``, the trump, the taker, the completed
  tricks and the current trick with their seats, and the seat's own hand;
- the AI keeps its per-deal memory (played cards, inferred voids, partner signals) in
  one ``AIPlayer`` per seat, started afresh at each new deal;
- the AI's ``random.Random`` is the generator our driver passes, so its choices are
  deterministic given the seed.

Approximations (what belote-cli's AI would use and our Observation does not give, or
what does not exist in classic belote):

- **Other hands are never given.** The hands of the three other seats are left empty
  and ``boss_modifiers.hide_partner_hand`` is set, so the AI's partner-hand reading
  (``AIMemory.partner_hand``, visible in belote-cli's own table) stays empty. Hidden
  hands are never read.
- **Round 2 has no Tout Atout / Sans Atout** in classic belote: the adapter calls the
  AI's suit-only heuristic (``AIPlayer._suit_bid``) instead of ``decide_bid`` (which
  may answer TA/SA in round 2). Round 1 uses ``decide_bid`` itself.
- **Legal cards are ours.** Instead of ``decide_card`` (which computes belote-cli's own
  legal cards, whose rules may differ in corner cases), the adapter calls the
  per-level method ``decide_card`` dispatches to (``_easy_play`` / ``_medium_play`` /
  ``_hard_play``) with our ``obs.legal_plays`` in hand order, so the answer is always
  legal here.
- **Announcements, belote and coinche:** the adapter declares every announcement
  available (as every computer player of ours, and as belote-cli does automatically);
  belote-rebelote is said by our driver; classic belote has no coinche.
- **Reasons:** belote-cli gives no reason; each :class:`Decision` carries
  ``Technique.ONLY_CHOICE`` when a single action was legal, else ``Technique.RANDOM``
  (meaning "an external engine's opaque choice", not a uniform draw).

The adapter reads only the observation: the seat's own hand and public information.
"""

from __future__ import annotations

import random

from belote import ai as cli_ai
from belote import deck as cli_deck
from belote import game as cli_game

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import Card, Rank, Seat, Suit
from belote_teach.engine.observation import Observation
from belote_teach.engine.trick import Trick
from belote_teach.players.base import Decision, Technique, declare_all

__all__ = ["CLI_LEVELS", "BeloteCliPlayer"]

#: Our level names for belote-cli's difficulties.
CLI_LEVELS: dict[str, cli_ai.Difficulty] = {
    "cli-easy": cli_ai.Difficulty.EASY,
    "cli-medium": cli_ai.Difficulty.MEDIUM,
    "cli-hard": cli_ai.Difficulty.HARD,
}

_SUIT = {Suit.SPADES: cli_deck.Suit.SPADES, Suit.HEARTS: cli_deck.Suit.HEARTS,
         Suit.DIAMONDS: cli_deck.Suit.DIAMONDS, Suit.CLUBS: cli_deck.Suit.CLUBS}
_SUIT_BACK = {v: k for k, v in _SUIT.items()}
_RANK = {r: cli_deck.Rank(r.value) for r in Rank}
_RANK_BACK = {v: k for k, v in _RANK.items()}
_SEAT = {Seat.SOUTH: cli_game.Seat.SOUTH, Seat.EAST: cli_game.Seat.EAST,
         Seat.NORTH: cli_game.Seat.NORTH, Seat.WEST: cli_game.Seat.WEST}
_HIDDEN = cli_game.BossModifiers(hide_partner_hand=True)


def to_cli_card(card: Card) -> cli_deck.Card:
    """Our card as a belote-cli card."""
    return cli_deck.Card(_SUIT[card.suit], _RANK[card.rank])


def from_cli_card(card: cli_deck.Card) -> Card:
    """A belote-cli card as ours."""
    return Card(_RANK_BACK[card.rank], _SUIT_BACK[card.suit])


def _trick(trick: Trick) -> tuple[cli_game.TrickCard, ...]:
    return tuple(cli_game.TrickCard(_SEAT[p.seat], to_cli_card(p.card)) for p in trick.plays)


def _hands(obs: Observation) -> tuple[tuple[cli_deck.Card, ...], ...]:
    """Four hands, the seat's own and three empty ones (hidden hands are never given)."""
    hands: list[tuple[cli_deck.Card, ...]] = [(), (), (), ()]
    hands[_SEAT[obs.seat].value] = tuple(to_cli_card(c) for c in obs.hand)
    return tuple(hands)


def _bidder_index(obs: Observation) -> int:
    """The seat's place in the bidding round, 0 for the dealer's right."""
    index, seat = 0, obs.dealer.next
    while seat is not obs.seat:
        seat, index = seat.next, index + 1
    return index


class BeloteCliPlayer:
    """A belote-cli ``AIPlayer`` of one difficulty, seen as our
    :class:`~belote_teach.players.Player` (levels ``cli-easy``, ``cli-medium``,
    ``cli-hard``). One instance may play several seats: it keeps one belote-cli AI (and
    its memory) per seat, renewed at each new deal."""

    def __init__(self, level: str) -> None:
        """``level`` is a key of :data:`CLI_LEVELS`.

        Raises:
            ValueError: unknown level.
        """
        if level not in CLI_LEVELS:
            raise ValueError(f"unknown belote-cli level {level!r}: expected one of "
                             f"{', '.join(CLI_LEVELS)}")
        self.name = level
        self.difficulty = CLI_LEVELS[level]
        self._ais: dict[Seat, tuple[cli_ai.AIPlayer, int]] = {}

    def _ai(self, obs: Observation, rng: random.Random) -> cli_ai.AIPlayer:
        """The seat's belote-cli AI: a new one at each bidding decision, and during play
        whenever fewer cards are played than at the seat's last decision (a new deal)."""
        played = -1 if obs.phase.is_bidding else len(obs.played_cards)
        known = self._ais.get(obs.seat)
        if known is None or played == -1 or played < known[1]:
            ai = cli_ai.AIPlayer(_SEAT[obs.seat], self.difficulty, rng=rng)
        else:
            ai = known[0]
        ai._rng = rng  # draw chance from the driver's generator only
        self._ais[obs.seat] = (ai, played)
        return ai

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """Round 1: ``decide_bid``; round 2: the AI's suit-only heuristic (no TA/SA in
        classic belote). A suit means take / name it, ``None`` a pass.

        Raises:
            ValueError: it is not this seat's turn to bid.
        """
        if obs.legal_bids is None:
            raise ValueError(f"no bid to choose in {obs!r}")
        ai = self._ai(obs, rng)
        round_ = 1 if len(obs.bids) < 4 else 2
        up = to_cli_card(obs.turned)
        state = cli_game.GameState(
            hands=_hands(obs), dealer=_SEAT[obs.dealer], phase=cli_game.Phase.BIDDING,
            up_card=up, bidder_index=_bidder_index(obs), bidding_round=round_,
            turn=_SEAT[obs.seat], boss_modifiers=_HIDDEN)
        if round_ == 1:
            answer = ai.decide_bid(state)
            bid = TAKE if answer == up.suit else PASS
        else:
            answer = ai._suit_bid(state.hand_of(ai.seat), state, exclude=up.suit)
            bid = Bid.naming(_SUIT_BACK[answer]) if answer in _SUIT_BACK else PASS
        if bid not in obs.legal_bids:  # never expected; stay legal whatever happens
            bid = PASS
        reason = Technique.ONLY_CHOICE if len(obs.legal_bids) == 1 else Technique.RANDOM
        return Decision(bid, reason)

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """Every announcement available (R4.4), as belote-cli declares them."""
        return declare_all(obs)

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The card belote-cli's AI of this level plays among our legal cards.

        Raises:
            ValueError: it is not this seat's turn to play.
        """
        if obs.legal_plays is None or obs.contract is None:
            raise ValueError(f"no card to choose in {obs!r}")
        legal_ours = [c for c in obs.hand if c in obs.legal_plays]
        if len(legal_ours) == 1:
            return Decision(legal_ours[0], Technique.ONLY_CHOICE)
        ai = self._ai(obs, rng)
        state = cli_game.GameState(
            hands=_hands(obs), trump=_SUIT[obs.contract.trump],
            contract=cli_deck.Contract.NORMAL, dealer=_SEAT[obs.dealer],
            turn=_SEAT[obs.seat], phase=cli_game.Phase.PLAYING,
            taker=_SEAT[obs.contract.taker], up_card=to_cli_card(obs.turned),
            current_trick=_trick(obs.trick) if obs.trick is not None else (),
            completed_tricks=tuple(_trick(t) for t in obs.tricks),
            boss_modifiers=_HIDDEN)
        ai.update_memory(state)
        ai._se = False
        legal = tuple(to_cli_card(c) for c in legal_ours)
        if self.difficulty is cli_ai.Difficulty.EASY:
            chosen = ai._easy_play(state, legal)
        elif self.difficulty is cli_ai.Difficulty.MEDIUM:
            chosen = ai._medium_play(state, legal)
        else:
            chosen = ai._hard_play(state, legal)
        return Decision(from_cli_card(chosen), Technique.RANDOM)
