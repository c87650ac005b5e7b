"""Seeded deals and games driven by club players to the position a lesson shows.

A worked example is dealt from a whole-number seed (:func:`check_seed`) and played on by
four :class:`~belote_teach.players.club.ClubPlayer` (the course's computer players, R9)
through the engine's checked API, so the same seed always reaches the same position:
:func:`replay_until` stops a deal where a condition first holds, :func:`deal_at_bid`
deals around a given hand up to that seat's bid, :func:`club_game` plays a game deal by
deal.

    >>> from belote_teach.engine.deal import Deal, Phase
    >>> deal = replay_until(Deal.new("S", rng=1), lambda d: len(d.played_cards) == 3,
    ...                     "3 cards played")
    >>> deal.phase is Phase.PLAY, len(deal.played_cards)
    (True, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import DECK, Card, Seat, parse_cards
from belote_teach.engine.deal import PACKETS, Action, Deal
from belote_teach.engine.errors import InvalidPositionError, PhaseError
from belote_teach.engine.game import Game
from belote_teach.engine.rules import RuleSet
from belote_teach.players.base import play_deal
from belote_teach.players.club import ClubPlayer
from belote_teach.players.errors import InvalidSeedError, PositionNotReachedError

__all__ = [
    "InvalidSeedError",
    "PositionNotReachedError",
    "check_seed",
    "club_actions",
    "club_game",
    "deal_at_bid",
    "replay_until",
]


def check_seed(seed: object) -> int:
    """``seed`` itself when it is a whole number (``bool`` is not).

    Raises:
        InvalidSeedError: ``seed`` is not an ``int``; the message quotes it.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSeedError(f"seed {seed!r} refused: a worked example is dealt from a "
                               "whole-number seed, e.g. 7")
    return seed


def _club_players() -> dict[Seat, ClubPlayer]:
    return {seat: ClubPlayer() for seat in Seat}


def club_actions(deal: Deal) -> tuple[Action, ...]:
    """The actions four club players take from ``deal`` to its end (scored or passed out),
    through the checked API with ``random.Random(0)``; ``deal`` itself is left as it is."""
    played = deal.copy()
    play_deal(played, _club_players(), random.Random(0))
    return played.actions[len(deal.actions):]


def replay_until(deal: Deal, stop: Callable[[Deal], bool], what: str) -> Deal:
    """``deal`` played on in place by club players (:func:`club_actions`), one action at a
    time, until ``stop(deal)`` first holds (at once if it holds already).

    Args:
        deal: a deal in any phase; it is changed in place and returned.
        stop: the condition on the deal where the replay stops.
        what: the position in words, for the error (``"South's card in pli 3"``).

    Raises:
        PositionNotReachedError: the deal ends before ``stop`` holds; the message names
            ``what``, the phase the deal ended in and the cards played.
    """
    for action in club_actions(deal):
        if stop(deal):
            return deal
        deal.push(action)
    if stop(deal):
        return deal
    raise PositionNotReachedError(f"this deal never reaches {what}: it ends in phase "
                                  f"{deal.phase.name} after {len(deal.played_cards)} cards")


def deal_at_bid(hand: Iterable[Card | str], turned: Card | str, history: Sequence[Bid | str],
                seed: int, *, seat: Seat = Seat.SOUTH) -> Deal:
    """A deal where ``seat`` holds ``hand``, ``turned`` is the retourne and ``history`` was
    said before ``seat``'s turn to bid; the dealer is placed so that ``seat`` speaks next
    (R2.4, R2.5), the other cards are dealt from ``seed``.

    Args:
        hand: the 5 cards ``seat`` is dealt before the bidding (R2.2).
        turned: the retourne (R2.3).
        history: the bids said before, round-1 passes included (0 to 7).
        seed: a whole number; shuffles the cards ``seat`` does not hold.
        seat: the seat to bid (default South, the learner).

    Raises:
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidCardError: a card cannot be read or is given twice.
        InvalidPositionError: ``hand`` is not 5 cards or holds the retourne.
        InvalidBidError, IllegalBidError: a bid of ``history`` cannot be read or was not
            legal when said (R2.4, R2.5).
        PhaseError: ``history`` ends the bidding before ``seat``'s turn.
    """
    rng = random.Random(check_seed(seed))
    who = seat.name.capitalize()
    mine = parse_cards(hand, what="hand")
    if len(mine) != sum(PACKETS):
        raise InvalidPositionError(
            f"hand must hold the {sum(PACKETS)} cards dealt before bidding (R2.2), got "
            f"{len(mine)}: {' '.join(str(c) for c in mine)}")
    card = Card.parse(turned)
    if card in mine:
        raise InvalidPositionError(f"the retourne {card} is also in the hand "
                                   f"{' '.join(str(c) for c in mine)}")
    said = [Bid.parse(b) for b in history]
    if len(said) > 7:
        raise PhaseError(f"history holds {len(said)} bids: after 8 bids the bidding is over "
                         f"(R2.6), {who} has no turn to bid")
    rest = [c for c in DECK if c not in mine and c != card]
    rng.shuffle(rest)
    first = seat
    for _ in range(len(said) % len(Seat)):
        first = first.previous                 # seat speaks len(said) places after first
    hands: dict[Seat, tuple[Card, ...]] = {seat: mine}
    for i, other in enumerate(s for s in Seat if s is not seat):
        hands[other] = tuple(rest[5 * i:5 * i + 5])
    deal = Deal.from_hands(first.previous, hands, card, rest[15:])
    for bid in said:
        deal.bid(bid)
    if not deal.phase.is_bidding or deal.turn is not seat:
        raise PhaseError(f"history {[str(b) for b in said]} ends the bidding: {who} has no "
                         "turn to bid")
    return deal


def club_game(seed: int, *, deals: int | None = None, first_dealer: Seat = Seat.SOUTH,
              rules: RuleSet | str | Mapping[str, object] | None = None) -> Game:
    """A game (:class:`~belote_teach.engine.game.Game`) dealt from ``seed`` and played by
    four club players, deal by deal, until a team wins it (R6.8) or ``deals`` deals
    (passed-out ones included) are on its score sheet.

    Args:
        seed: a whole number; deals the game and feeds the players.
        deals: stop after this many deals, or ``None`` to play the game to its end.
        first_dealer: the dealer of deal 1.
        rules: a RuleSet, preset name or options mapping (``{"target": 501}``).

    Raises:
        InvalidPositionError: ``deals`` is not a whole number of 1 or more.
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidRuleSetError: bad rules.
    """
    if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)
                              or deals < 1):
        raise InvalidPositionError(f"deals {deals!r} refused: a whole number of deals, 1 or "
                                   "more, or None to play the game to its end")
    game = Game(rules, first_dealer, rng=check_seed(seed))
    players = _club_players()
    rng = random.Random(seed)
    while not game.is_over and (deals is None or len(game.sheet) < deals):
        play_deal(game.deal, players, rng)
    return game
