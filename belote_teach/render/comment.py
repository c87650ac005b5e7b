"""The coach's comment on one decision at the table, as HTML: one line per part of the
decision (the card, the announcements declared with it, belote), each with its own mark
(✓ right, ⚠ could be better, ✗ a mistake, with the words for screen readers), its
verdict sentence in bold and the reasons in ordinary weight. The box takes the colour of
its parts when they agree, else a neutral one: a right card is never shown as wrong
because of an announcement left out, nor a mistake inside a box coloured right.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from belote_teach import explain
from belote_teach.render.html import escape

__all__ = ["MARK_SYMBOLS", "CommentPart", "comment_html"]

#: The visible mark of each kind of part; the catalog key ``mark_<kind>`` says it in words.
MARK_SYMBOLS: dict[str, str] = {"ok": "✓", "better": "⚠", "bad": "✗"}


class CommentPart(Protocol):
    """What :func:`comment_html` reads of one part
    (:class:`belote_teach.coach.session.Part`)."""

    @property
    def mark(self) -> str: ...      # "ok", "better" or "bad"

    @property
    def verdict(self) -> str: ...

    @property
    def details(self) -> str: ...


def comment_html(parts: Sequence[CommentPart], lang: str, *, head: str = "") -> str:
    """The coach's comment box: one paragraph per part, ``<mark> <b>verdict</b>
    details``; ``""`` without parts.

    Args:
        parts: the parts of the decision, the card first; each ``mark`` is ``"ok"``,
            ``"better"`` or ``"bad"``.
        lang: ``"en"`` or ``"fr"`` (the marks' words for screen readers).
        head: a title above the parts (``"Your choice: prendre (take)"``), or none.

    Raises:
        ValueError: unknown language, or a mark that is none of the three.
    """
    if not parts:
        return ""
    lines = []
    for part in parts:
        if part.mark not in MARK_SYMBOLS:
            raise ValueError(f"unknown mark {part.mark!r}: expected one of "
                             f"{', '.join(MARK_SYMBOLS)}")
        words = explain.text(f"mark_{part.mark}", lang)
        details = f" {escape(part.details)}" if part.details else ""
        lines.append(
            f'<p class="bt-part bt-part-{part.mark}">'
            f'<span class="bt-verdict-mark" aria-hidden="true">{MARK_SYMBOLS[part.mark]}</span>'
            f'<span class="bt-table-sr">{escape(words)} </span>'
            f"<b>{escape(part.verdict)}</b>{details}</p>")
    title = f'<p class="bt-head">{escape(head)}</p>' if head else ""
    marks = {part.mark for part in parts}
    box = parts[0].mark if len(marks) == 1 else "info"     # mixed: each line says its own
    return (f'<div class="bt-msg bt-{box} bt-coach" role="status">'
            f'{title}{"".join(lines)}</div>')
