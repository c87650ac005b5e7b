"""The engine's exceptions: specific :class:`ValueError` subclasses whose message
quotes the bad input and its context. An operation that raises one of them
changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from belote_teach.cards import Card
    from belote_teach.rules import Rule

__all__ = [
    "BeloteError",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidPositionError",
    "InvalidRuleSetError",
    "OutOfTurnError",
    "PhaseError",
]


class BeloteError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCardError(BeloteError):
    """A text or value that is not a card (``'11H'``, ``'JX'``), or a card list holding a
    card twice."""


class InvalidPositionError(BeloteError):
    """A position that cannot occur: a card both in the hand and in the trick, a trick of
    five cards, an empty hand, ..."""


class InvalidRuleSetError(BeloteError):
    """An unknown RuleSet option or preset name, or a value the option does not take (R7)."""


class PhaseError(BeloteError):
    """An action asked for at a moment it cannot happen: e.g. the winner of a trick that is
    not complete yet, or a card added to a complete trick."""


class OutOfTurnError(BeloteError):
    """A player acting when it is not their turn."""


class IllegalPlayError(BeloteError):
    """A card the rules of R3 forbid now (a revoke, R3.8), or a card not in the hand.

    Attributes:
        card: the card that was refused.
        rule: the :class:`~belote_teach.rules.Rule` that decided the legal cards.
        legal: the cards that were allowed, as a tuple in hand order.
    """

    def __init__(self, message: str, *, card: Card, rule: Rule, legal: tuple[Card, ...]):
        super().__init__(message)
        self.card = card
        self.rule = rule
        self.legal = legal
