"""The errors of the lessons' worked examples: arguments that do not give what the
example needs (:mod:`belote_teach.ui.arguments`)."""

from __future__ import annotations

from belote_teach.engine.errors import FalseAnnouncementError

__all__ = ["AnnouncementArgumentError", "BeloteWithoutReviewError"]


class AnnouncementArgumentError(FalseAnnouncementError):
    """Announcements given as something else than a list of announcements, each an
    :class:`~belote_teach.engine.announcements.Announcement` or its cards (``"tierce"``,
    a lone card); the message names the argument and quotes the value."""


class BeloteWithoutReviewError(ValueError):
    """``belote=`` given without ``review=``: whether "belote" is said is reviewed with
    the card it is said with (R5.1)."""
