"""The errors of the computer players: a level that does not exist
(:func:`belote_teach.players.make_player`), a seat without a player
(:mod:`belote_teach.players.base`), and a seeded deal or game that cannot be driven to a
position (:mod:`belote_teach.players.replay`; both
:class:`~belote_teach.engine.errors.InvalidPositionError`: the position asked for cannot
be reached).
"""

from __future__ import annotations

from belote_teach.engine.errors import InvalidPositionError

__all__ = ["InvalidSeedError", "MissingPlayerError", "PositionNotReachedError",
           "UnknownLevelError"]


class UnknownLevelError(ValueError):
    """A computer level that does not exist; the message quotes it and lists the levels
    (``random``, ``club``, ``expert``)."""


class MissingPlayerError(ValueError):
    """A seat to act that the players given to a driver do not cover; the message names
    the seat and the seats given."""


class InvalidSeedError(InvalidPositionError):
    """A seed that is not a whole number (``"7"``, ``7.0``, ``True``); the message quotes it."""


class PositionNotReachedError(InvalidPositionError):
    """A deal that ends before the position asked for (a deal passed out, R2.6, never
    reaches its play); the message names the position and where the deal ended."""
