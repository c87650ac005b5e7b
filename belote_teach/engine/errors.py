"""The engine's exceptions: specific :class:`ValueError` subclasses whose message
quotes the bad input and its context. An operation that raises one of them
changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from belote_teach.engine.announcements import Announcement, AnnouncementFault
    from belote_teach.engine.bidding import Bid
    from belote_teach.engine.cards import Card
    from belote_teach.engine.rules import Rule

__all__ = [
    "BeloteError",
    "FalseAnnouncementError",
    "FalseBeloteError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidBidError",
    "InvalidCardError",
    "InvalidPositionError",
    "InvalidRuleSetError",
    "InvalidScoreError",
    "OutOfTurnError",
    "PhaseError",
    "TranscriptError",
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
        rule: the :class:`~belote_teach.engine.rules.Rule` that decided the legal cards.
        legal: the cards that were allowed, as a tuple in hand order.
    """

    def __init__(self, message: str, *, card: Card, rule: Rule, legal: tuple[Card, ...]):
        super().__init__(message)
        self.card = card
        self.rule = rule
        self.legal = legal


class InvalidBidError(BeloteError):
    """A text or value that is not a bid (R2.4, R2.5): notation ``take``, ``pass`` or a
    suit letter ``S H D C`` (``'prends'``, ``'passe'`` and suit symbols are read too)."""


class IllegalBidError(BeloteError):
    """A bid the rules of R2.4–R2.5 forbid now: a suit named in round 1, ``take`` in
    round 2, the turned card's suit named in round 2, or any bid once bidding is over.

    Attributes:
        bid: the :class:`~belote_teach.engine.bidding.Bid` that was refused.
        legal: the bids that were allowed, as a tuple (take, suits S H D C, pass).
    """

    def __init__(self, message: str, *, bid: Bid, legal: tuple[Bid, ...]):
        super().__init__(message)
        self.bid = bid
        self.legal = legal


class FalseBeloteError(BeloteError):
    """A "belote" call made when it may not be (R5.1): with a card other than the trump king or
    queen, or by a player who did not hold both at the start of play.

    Attributes:
        card: the card played with the call.
    """

    def __init__(self, message: str, *, card: Card):
        super().__init__(message)
        self.card = card


class FalseAnnouncementError(BeloteError):
    """An announcement that cannot be (R4.1-R4.3): cards that make none, one whose type,
    top card, suit, points and cards do not agree, one the hand does not hold, one that
    uses a card already used by another announcement, or a run split in two.

    Attributes:
        reason: the :class:`~belote_teach.engine.announcements.AnnouncementFault` that
            refused it (``NOT_AN_ANNOUNCEMENT`` when not given).
        rule: the RULES.md ID of that fault, e.g. ``"R4.3"`` (``"R4"`` when not given).
        announcement: the :class:`~belote_teach.engine.announcements.Announcement` at fault,
            or ``None`` when it could not even be built.
        cards: the cards at fault: the cards given when they make no announcement or not
            the one announced, the cards the hand lacks (``NOT_HELD``), the cards also
            used by :attr:`other` (``CARD_TWICE``); else empty. Suit by suit (S H D C),
            each suit in sequence order (R1.6).
        other: the announcement declared earlier that the refused one shares a card with
            (``CARD_TWICE``) or continues (``RUN_SPLIT``), else ``None``.
        index: the position of :attr:`announcement` in the declaration refused
            (:func:`~belote_teach.engine.announcements.validate_declaration`), else ``None``.
    """

    def __init__(self, message: str, *, reason: AnnouncementFault | None = None,
                 rule: str = "R4", announcement: Announcement | None = None,
                 cards: tuple[Card, ...] = (), other: Announcement | None = None,
                 index: int | None = None):
        from belote_teach.engine.announcements import AnnouncementFault

        super().__init__(message)
        self.reason: AnnouncementFault = (AnnouncementFault.NOT_AN_ANNOUNCEMENT
                                          if reason is None else reason)
        self.rule = rule
        self.announcement = announcement
        self.cards = cards
        self.other = other
        self.index = index

    def reworded(self, message: str) -> FalseAnnouncementError:
        """The same refusal (reason, rule, announcement, cards, other, index) with another
        message, e.g. the deal's, which names the seat and the card played."""
        return FalseAnnouncementError(message, reason=self.reason, rule=self.rule,
                                      announcement=self.announcement, cards=self.cards,
                                      other=self.other, index=self.index)


class InvalidScoreError(BeloteError):
    """Inputs of a deal's scoring that cannot occur (R6): card points not adding up to 162,
    tricks not adding up to 8, a team without a trick holding card points, an unknown team,
    a negative reserve, or a tie between equal sequences with the trump unknown."""


class TranscriptError(BeloteError):
    """A deal transcript that cannot be read or replayed (:mod:`belote_teach.engine.transcript`):
    an unknown line, a bad token, an action the rules refuse when replayed (the error of
    the checked Deal API is the ``__cause__``), or a score line that disagrees with the
    replayed deal. The message names the source, the line number and the token.

    Attributes:
        source: where the text came from (a file name, or ``"<transcript>"``).
        line: the 1-based line number at fault, ``None`` when no line is (e.g. the text
            ends too early, or a deal cannot be written as a transcript).
        token: the token at fault (a word of the line), or ``None`` for the whole line.
    """

    def __init__(self, message: str, *, source: str = "<transcript>",
                 line: int | None = None, token: str | None = None):
        super().__init__(message)
        self.source = source
        self.line = line
        self.token = token
