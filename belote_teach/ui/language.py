"""The learner's language of this kernel: a lesson notebook says its language
once, in its set-up cell (``use_language("fr")`` in every notebook of ``notebooks/fr/``),
and every lesson function of :mod:`belote_teach.ui.lesson` and every app (welcome page,
practice hands, game) it then builds speaks that language when no ``lang=`` is given.
The learner can still switch with the EN / FR toggles of the widgets that have one.

A kernel runs one notebook, so the choice is kept for the kernel (this module); nothing
is written to disk. :func:`resolve_language` is the one place where a widget's ``lang``
argument becomes a language, and :func:`language_toggle` builds the one EN / FR toggle
every widget that can switch shows at its top right (exercise players, drills, the
welcome page, the practice and game apps).

    >>> resolve_language("fr")
    'fr'
    >>> resolve_language("de")
    Traceback (most recent call last):
    ...
    belote_teach.explain.errors.UnknownLanguageError: unknown language 'de': expected one of en, fr
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import ipywidgets as widgets

from belote_teach import explain
from belote_teach.explain import UnknownLanguageError, check_language
from belote_teach.ui.shared import lean

__all__ = ["DEFAULT_LANGUAGE", "UnknownLanguageError", "language_toggle", "lesson_language",
           "relabel", "resolve_language", "use_language"]

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


def language_toggle(lang: str) -> widgets.ToggleButtons:
    """The EN / FR toggle of a widget, showing ``lang``: one button per language of
    :data:`belote_teach.explain.LANGUAGES`, labelled with its code in capitals ("EN",
    "FR"), its tooltip the language's own name (the catalogs' ``language`` entry:
    "English", "Français"). The widget observes the toggle's ``value`` (``"en"`` or
    ``"fr"``) and redraws every text in it; tests switch by setting ``.value``.

    Args:
        lang: the language shown first, ``"en"`` or ``"fr"``.

    Returns:
        A :class:`ipywidgets.ToggleButtons` that keeps its size in a row (put it last in
        the widget's top row, whose ``justify_content`` is ``"space-between"``); its
        layout and style are the page's shared ones (:func:`belote_teach.ui.shared.lean`).

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"`` (nothing is built).
    """
    lang = _checked(lang)
    return lean(
        widgets.ToggleButtons,
        options=[(code.upper(), code) for code in explain.LANGUAGES], value=lang,
        tooltips=[explain.say("language", code) for code in explain.LANGUAGES],
        style={"button_width": "52px"}, layout={"flex": "0 0 auto", "width": "auto"})


def relabel(selection: widgets.Dropdown | widgets.ToggleButtons,
            options: Sequence[tuple[str, Hashable]]) -> None:
    """Give a selection widget its option labels in a new language, keeping the option
    chosen (ipywidgets would otherwise pick the first option when ``options`` change).

    Args:
        selection: a dropdown or toggle whose options are ``(label, value)`` pairs.
        options: the same values, in the same order, with the labels in the new language.

    Raises:
        ValueError: ``options`` do not hold the same values as ``selection.options``, in
            the same order (the widget is left as it was).
    """
    old = [value for _label, value in selection.options]
    new = [value for _label, value in options]
    if new != old:
        raise ValueError(f"relabelled options {new!r} must hold the values {old!r}, in "
                         "that order")
    chosen = selection.value
    selection.options = list(options)
    selection.value = chosen


def _checked(lang: object) -> str:
    """``lang`` if it is a language of the catalogs, else the error naming it."""
    if not isinstance(lang, str):
        raise UnknownLanguageError(f"language {lang!r} refused: expected the text 'en' or "
                                   "'fr'")
    check_language(lang)
    return lang
