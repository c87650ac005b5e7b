"""The errors of the learner's text: a language the catalogs do not have, a text they do
not hold."""

from __future__ import annotations

__all__ = ["MissingTextError", "UnknownLanguageError"]


class UnknownLanguageError(ValueError):
    """A language that is not one of :data:`belote_teach.explain.LANGUAGES` (``"en"``,
    ``"fr"``); the message quotes it and lists them."""


class MissingTextError(KeyError, ValueError):
    """No sentence at a dotted path of a catalog (``"welcome.titel"``), or a path that
    ends on a section rather than a sentence: a programming error, which the catalog
    tests catch. Also a ``KeyError``, as a missing key of the catalog.

    Attributes:
        path: the dotted path asked for.
        lang: the language of the catalog.
    """

    def __init__(self, message: str, *, path: str, lang: str) -> None:
        super().__init__(message)
        self.path = path
        self.lang = lang

    def __str__(self) -> str:
        # KeyError would quote the message as a key: say it as it is
        return str(self.args[0])
