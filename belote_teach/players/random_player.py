"""The baseline computer player: a uniformly random legal action."""

from __future__ import annotations

import random

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card
from belote_teach.engine.observation import Observation
from belote_teach.players.base import Decision, Technique, declare_all

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Level ``random``: each bid and card uniformly among the legal ones (R2.4, R2.5,
    R3), drawn from ``rng`` in a fixed order (bids sorted by notation, cards in hand
    order), so it is deterministic given the seed. Like every computer player it
    declares all its announcements (R4.4)."""

    name = "random"

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """A random legal bid.

        Raises:
            ValueError: it is not this seat's turn to bid (``obs.legal_bids`` unset).
        """
        if obs.legal_bids is None:
            raise ValueError(f"no bid to choose in {obs!r}")
        bids = sorted(obs.legal_bids, key=str)
        return Decision(rng.choice(bids), Technique.RANDOM)

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """Every announcement available (R4.4)."""
        return declare_all(obs)

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """A random legal card.

        Raises:
            ValueError: it is not this seat's turn to play (``obs.legal_plays`` unset).
        """
        if obs.legal_plays is None:
            raise ValueError(f"no card to choose in {obs!r}")
        return Decision(rng.choice(list(obs.legal_plays)), Technique.RANDOM)
