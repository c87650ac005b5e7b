"""The markup every render module shares: the one HTML escape of the course, the text
written for screen readers only, and a suit drawn as its symbol with its name.

    >>> escape('Le V♥ "maître" & l\\'as')
    'Le V♥ &quot;maître&quot; &amp; l&#x27;as'
    >>> sr_only("West played the jack of hearts")
    '<span class="bt-table-sr">West played the jack of hearts</span>'
"""

from __future__ import annotations

import html

from belote_teach import explain
from belote_teach.engine.cards import Suit

__all__ = ["escape", "sr_only", "suit_html"]


def escape(text: object) -> str:
    """``text`` (``str()`` of any value) made safe to put in HTML, in element text and in
    a quoted attribute value alike: ``&``, ``<``, ``>``, ``"`` and ``'`` become
    character references, which a browser shows as the characters themselves. Raises
    nothing."""
    return html.escape(str(text), quote=True)


def sr_only(text: str) -> str:
    """``text``, escaped, for screen readers only: a ``<span>`` that the stylesheet's
    class ``bt-table-sr`` hides from sight, not from assistive technology. Raises
    nothing."""
    return f'<span class="bt-table-sr">{escape(text)}</span>'


def suit_html(suit: Suit, lang: str, *, name: bool = True) -> str:
    """A suit as the table draws it: its symbol, coloured (class ``bt-table-red`` or
    ``bt-table-black``, and ``bt-suit-<letter>`` for the four-colour deck) but hidden
    from screen readers, followed by its name in ``lang`` (``"♥ hearts"``), shown when
    ``name`` is true, else for screen readers only (:func:`sr_only`): colour is never
    the only sign of a suit.

    Raises:
        UnknownLanguageError: unknown language.
    """
    colour = "bt-table-red" if suit.is_red else "bt-table-black"
    label = explain.suit_name(suit, lang)
    shown = f" {escape(label)}" if name else sr_only(f" {label}")
    return (f'<span class="bt-table-sym {colour} bt-suit-{suit}" aria-hidden="true">'
            f"{suit.symbol}</span>{shown}")
