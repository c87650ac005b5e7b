"""The markup every render module shares: the one HTML escape of the course, and the
text written for screen readers only.

    >>> escape('Le V♥ "maître" & l\\'as')
    'Le V♥ &quot;maître&quot; &amp; l&#x27;as'
    >>> sr_only("West played the jack of hearts")
    '<span class="bt-table-sr">West played the jack of hearts</span>'
"""

from __future__ import annotations

import html

__all__ = ["escape", "sr_only"]


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
