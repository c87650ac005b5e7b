"""The arguments of the lessons' worked examples read into engine values: announcements
given by their cards, the number of cards played, the card that ``belote=`` goes with.

    >>> [str(a.type) for a in announcements([["8C", "9C", "10C"]], "ns")]
    ['tierce']
"""

from __future__ import annotations

from collections.abc import Iterable

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.cards import DECK
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.ui.errors import AnnouncementArgumentError, BeloteWithoutReviewError

__all__ = ["announcement", "announcements", "cards_played", "check_belote"]


def announcement(item: object, what: str) -> Announcement:
    """An announcement given as itself or as its cards (``["JC", "QC", "KC"]``).

    Args:
        item: the announcement or its cards.
        what: the argument it comes from, for the error (``"ns"``).

    Raises:
        AnnouncementArgumentError: ``item`` is a text or not a list of cards.
        FalseAnnouncementError, InvalidCardError: its cards make no announcement (R4.1,
            R4.2) or cannot be read.
    """
    if isinstance(item, Announcement):
        return item
    if isinstance(item, str) or not isinstance(item, Iterable):
        raise AnnouncementArgumentError(
            f"{what}: {item!r} is not an announcement; give its cards, e.g. "
            "['8C', '9C', '10C'] for a tierce or ['JS', 'JH', 'JD', 'JC'] for a carré")
    return Announcement.from_cards(item)


def announcements(items: object, what: str) -> tuple[Announcement, ...]:
    """A list of announcements, each as itself or as its cards (:func:`announcement`);
    ``None`` gives none.

    Raises:
        AnnouncementArgumentError: ``items`` is a text or not a list, or an item is not
            an announcement.
        FalseAnnouncementError, InvalidCardError: an item's cards make no announcement or
            cannot be read.
    """
    if items is None:
        return ()
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise AnnouncementArgumentError(f"{what}: expected a list of announcements (each a "
                                        f"list of cards), got {items!r}")
    return tuple(announcement(item, what) for item in items)


def cards_played(cards: object) -> int:
    """``cards`` itself when it is a number of cards played in a deal, 0 to 32.

    Raises:
        InvalidPositionError: ``cards`` is not a whole number from 0 to 32.
    """
    if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= len(DECK):
        raise InvalidPositionError(f"cards {cards!r} refused: the cards played so far, a "
                                   f"whole number from 0 to {len(DECK)}")
    return cards


def check_belote(belote: bool | None, review: object) -> None:
    """Refuse ``belote=`` without the card it is said with.

    Raises:
        BeloteWithoutReviewError: ``belote`` is given and ``review`` is ``None``.
    """
    if belote is not None and review is None:
        raise BeloteWithoutReviewError("belote says whether 'belote' is said with the "
                                       "reviewed card: give review= the card too")
