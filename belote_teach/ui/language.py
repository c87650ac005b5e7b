"""The learner's language of this kernel (issue 7): a lesson notebook says its language
once, in its set-up cell (``use_language("fr")`` in every notebook of ``notebooks/fr/``),
and every lesson function of :mod:`belote_teach.ui.lesson` and every app (welcome page,
practice hands, game) it then builds speaks that language when no ``lang=`` is given.
The learner can still switch with the EN / FR toggles of the widgets that have one.

A kernel runs one notebook, so the choice is kept for the kernel (this module); nothing
is written to disk. :func:`resolve_language` is the one place where a widget's ``lang``
argument becomes a language.

    >>> resolve_language("fr")
    'fr'
    >>> resolve_language("de")
    Traceback (most recent call last):
    ...
    belote_teach._storage.UnknownLanguageError: unknown language 'de': expected one of en, fr
"""

from __future__ import annotations

from belote_teach._storage import UnknownLanguageError, check_language

__all__ = ["DEFAULT_LANGUAGE", "UnknownLanguageError", "lesson_language", "resolve_language",
           "use_language"]

#: The language of a kernel whose notebook chose none (the English edition).
DEFAULT_LANGUAGE = "en"

_chosen: str | None = None


def use_language(lang: str) -> None:
    """Make ``lang`` the learner's language of this kernel: every lesson function and app
    built afterwards without ``lang=`` speaks it. A French notebook calls
    ``use_language("fr")`` right after its imports; calling again changes the choice.

    Args:
        lang: ``"en"`` or ``"fr"`` (:data:`belote_teach.explain.LANGUAGES`).

    Raises:
        UnknownLanguageError: ``lang`` is not one of them (the message quotes it and lists
            them); the language chosen before is kept.
    """
    global _chosen
    _chosen = _checked(lang)


def lesson_language() -> str:
    """The learner's language of this kernel: the one given to :func:`use_language`, else
    :data:`DEFAULT_LANGUAGE` (``"en"``)."""
    return _chosen if _chosen is not None else DEFAULT_LANGUAGE


def resolve_language(lang: str | None) -> str:
    """The language a widget or lesson function speaks: ``lang`` when given, else
    :func:`lesson_language`.

    Raises:
        UnknownLanguageError: ``lang`` is given and is not ``"en"`` or ``"fr"``.
    """
    return lesson_language() if lang is None else _checked(lang)


def _checked(lang: object) -> str:
    """``lang`` if it is a language of the catalogs, else the error naming it."""
    if not isinstance(lang, str):
        raise UnknownLanguageError(f"language {lang!r} refused: expected the text 'en' or "
                                   "'fr'")
    check_language(lang)
    return lang
