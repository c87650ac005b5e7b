"""The coach's errors: specific :class:`ValueError` subclasses whose message quotes the
bad input and what was expected (the reviews of :mod:`belote_teach.coach.calls`, the
table session of :mod:`belote_teach.coach.session`). An operation that raises one of them
changes nothing."""

from __future__ import annotations

__all__ = [
    "InvalidSaidError",
    "InvalidSamplesError",
    "InvalidTableError",
    "NoComputerToActError",
    "NotLearnersTurnError",
    "ReplayError",
]


class InvalidSamplesError(ValueError):
    """A number of simulated deals for a bid review that is not a whole number of 1 or
    more (``0``, ``2.5``, ``True``)."""


class InvalidSaidError(ValueError):
    """Whether "belote" was said (R5), given as something else than ``True`` or ``False``."""


class InvalidTableError(ValueError):
    """A table session asked to play something that is neither a
    :class:`~belote_teach.engine.deal.Deal` nor a :class:`~belote_teach.engine.game.Game`."""


class NoComputerToActError(ValueError):
    """A computer decision asked for while the learner is to act or the deal is over; the
    message names the seat to act and the phase."""


class NotLearnersTurnError(ValueError):
    """A learner's bid, card or hint asked for when it is not the learner's turn (or not
    the kind of turn: a card during bidding); the message names the seat to act and the
    phase."""


class ReplayError(ValueError):
    """A practice replay that cannot be made or taken back: a deal of a game replayed
    before it is over, "Next deal" while the game's deal goes on, or a saved replay that
    is not a replay of the game's current deal (the message says which)."""
