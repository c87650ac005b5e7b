"""The bid that RULES.md R9 tip 1 ("take with the J or the 9 of trumps") settles beyond
doubt, without simulation: the advice a bidding exercise gives (SCENARIOS.md ``bid``'s
``advice`` and ``reason``). The coach's own review of a bid, by simulation, is
:func:`belote_teach.coach.calls.review_bid`. Like the coach's reviews, it reads an
:class:`~belote_teach.engine.observation.Observation` only.

    >>> from belote_teach.engine.cards import DECK, Seat
    >>> from belote_teach.engine.deal import Deal
    >>> mine = ["JH", "9H", "7H", "AS", "8C"]
    >>> rest = [str(c) for c in DECK if str(c) not in mine and str(c) != "10H"]
    >>> hands = {"S": mine, "E": rest[:5], "N": rest[5:10], "W": rest[10:15]}
    >>> deal = Deal.from_hands("W", hands, "10H", rest[15:])
    >>> bid_advice(deal.observation(Seat.SOUTH))
    ('take', 1)
"""

from __future__ import annotations

from belote_teach.engine.cards import Card, Rank, Suit
from belote_teach.engine.deal import Phase
from belote_teach.engine.errors import PhaseError
from belote_teach.engine.observation import Observation

__all__ = ["bid_advice"]


def bid_advice(observation: Observation) -> tuple[str | None, int | None]:
    """The bid R9 tip 1 ("take with the J or the 9 of trumps") settles beyond doubt for
    the seat of ``observation`` at its turn to bid, if any.

    The tip names the two best trumps (R1.2) but no support, so advice is given only in
    the two cases where the support cannot change the answer; between them, the answer
    depends on more than the tip (``(None, None)``):

    * take, when the would-be trumps
      (:meth:`~belote_teach.engine.observation.Observation.trumps_if_taken`) hold the J
      AND the 9 and number at least three: the two best trumps with a third (round 1:
      the turned card counts, the taker receives it, R2.7; round 2: the named suit,
      ``S``/``H``/``D``/``C``, of the only suit that qualifies: three cards of five
      cannot be in two suits);
    * pass, when no suit that may be taken holds its J or its 9 (taking with weak trumps
      is the common error R9 names; round 2: none of the three suits that may be named).

    Both cases agree with the club player (:class:`~belote_teach.players.club.ClubPlayer`,
    whose take rule is the tip with support).

    Args:
        observation: what the speaker sees in round 1 (R2.4) or round 2 (R2.5): the 5
            cards of its hand (R2.2) and the turned card (R2.3).

    Returns:
        ``(advice, 1)`` with ``advice`` a word of SCENARIOS.md (``take``, ``pass`` or a
        suit letter) and ``1`` the R9 tip, or ``(None, None)``.

    Raises:
        PhaseError: the deal is not in a bidding phase.
    """
    turned = observation.turned
    if observation.phase is Phase.BIDDING_1:
        options: dict[str, tuple[Card, ...]] = {
            "take": observation.trumps_if_taken(turned.suit)}
    elif observation.phase is Phase.BIDDING_2:
        options = {suit.value: observation.trumps_if_taken(suit)
                   for suit in Suit if suit is not turned.suit}
    else:
        raise PhaseError(f"bid_advice needs a turn to bid (R2.4, R2.5), got {observation!r} "
                         f"in phase {observation.phase.name}")
    honours = {word: {card.rank for card in trumps} & {Rank.JACK, Rank.NINE}
               for word, trumps in options.items()}
    for word, trumps in options.items():
        if len(honours[word]) == 2 and len(trumps) >= 3:
            return word, 1
    if not any(honours.values()):
        return "pass", 1
    return None, None
