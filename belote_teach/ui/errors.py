"""The errors of the widgets: arguments of the lessons' worked examples that do not give
what the example needs (:mod:`belote_teach.ui.arguments`), and a bidding exercise whose
bids leave South nothing to say (:mod:`belote_teach.ui.exercise_bid`)."""

from __future__ import annotations

from belote_teach.engine.errors import FalseAnnouncementError

__all__ = ["AnnouncementArgumentError", "BeloteWithoutReviewError", "BiddingOverError"]


class AnnouncementArgumentError(FalseAnnouncementError):
    """Announcements given as something else than a list of announcements, each an
    :class:`~belote_teach.engine.announcements.Announcement` or its cards (``"tierce"``,
    a lone card); the message names the argument and quotes the value."""


class BeloteWithoutReviewError(ValueError):
    """``belote=`` given without ``review=``: whether "belote" is said is reviewed with
    the card it is said with (R5.1)."""


class BiddingOverError(ValueError):
    """Earlier bids of a bidding exercise after which nobody may speak (a take, or eight
    passes, R2.4-R2.6), so South has no bid to make; the message quotes the bids."""
