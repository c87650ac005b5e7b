"""The errors of the learner's text: a language the catalogs do not have."""

from __future__ import annotations

__all__ = ["UnknownLanguageError"]


class UnknownLanguageError(ValueError):
    """A language that is not one of :data:`belote_teach.explain.LANGUAGES` (``"en"``,
    ``"fr"``); the message quotes it and lists them."""
