"""Computer players: the :class:`~belote_teach.players.base.Player` protocol, the levels
``random``, ``club`` and ``expert`` (:func:`make_player`), and the drivers
:func:`~belote_teach.players.base.play_deal` / :func:`~belote_teach.players.base.play_game`.

Players see an :class:`~belote_teach.engine.observation.Observation` only, never the hidden
cards, and are deterministic given the ``random.Random`` they receive.
"""

from __future__ import annotations

from belote_teach.players.base import Decision, Player, Technique, Turn, play_deal, play_game
from belote_teach.players.club import ClubPlayer
from belote_teach.players.errors import UnknownLevelError
from belote_teach.players.expert import ExpertPlayer
from belote_teach.players.random_player import RandomPlayer

__all__ = [
    "LEVELS",
    "ClubPlayer",
    "Decision",
    "ExpertPlayer",
    "Player",
    "RandomPlayer",
    "Technique",
    "Turn",
    "make_player",
    "play_deal",
    "play_game",
]

#: The computer levels by name.
LEVELS: dict[str, type[RandomPlayer] | type[ClubPlayer] | type[ExpertPlayer]] = {
    "random": RandomPlayer, "club": ClubPlayer, "expert": ExpertPlayer}


def make_player(level: str) -> Player:
    """A new player of ``level`` (``"random"``, ``"club"`` or ``"expert"``).

    Raises:
        UnknownLevelError: unknown level; the message lists the levels.
    """
    try:
        return LEVELS[level]()
    except KeyError:
        raise UnknownLevelError(f"unknown player level {level!r}: expected one of "
                         f"{', '.join(LEVELS)}") from None
