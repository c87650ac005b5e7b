"""Pure functions from a drill and the learner's streak to HTML: the drill's title and
description, and the streak counter of the drill player (:mod:`belote_teach.ui.drill`).
The words come from the catalog's ``drill_ui`` section and the drills' own titles.

The counter shows four labelled numbers (the current streak, the best one, the positions
answered and those right at the first try), a sentence saying the same for screen
readers, a short encouraging line every :data:`CHEER_EVERY` positions in a row, and what
broke a streak; nothing is said by colour alone.

    >>> from belote_teach.course.record import Streak
    >>> page = streak_html(Streak(current=5, best=5, answered=6, first_try=5), 7, "en")
    >>> "Best streak: 7" in page, "5 in a row" in page
    (True, True)
"""

from __future__ import annotations

from importlib import resources

from belote_teach import explain
from belote_teach.course.record import Streak
from belote_teach.render.html import escape

__all__ = ["CHEER_EVERY", "DRILL_STYLE", "NOTES", "drill_about_html", "drill_text",
           "streak_html"]

#: The stylesheet of the drill player (``drill.css`` beside this module).
DRILL_STYLE: str = (resources.files("belote_teach.render").joinpath("drill.css")
                    .read_text(encoding="utf-8"))

#: A streak that reaches a multiple of this many positions is cheered (``cheer_5`` at the
#: first, ``cheer_10`` from the second on).
CHEER_EVERY = 5

#: The notes :func:`streak_html` can add after a streak fell back to 0: a wrong first
#: answer (``broken``) or a position skipped before it was solved (``skipped``).
NOTES: tuple[str, ...] = ("broken", "skipped")


def drill_text(key: str, lang: str, /, **values: object) -> str:
    """The sentence ``key`` of the catalog's ``drill_ui`` section in ``lang``, filled in:
    :func:`~belote_teach.explain.say` of ``"drill_ui." + key``.

    Raises:
        UnknownLanguageError: unknown language.
        MissingTextError: no such sentence (a programming error, caught by the catalog
            tests).
    """
    return explain.say(f"drill_ui.{key}", lang, **values)


def drill_about_html(description: str, title: str = "") -> str:
    """The line under the drill's name: its one-line ``description``, after its ``title``
    in bold when given (when no menu shows the title already)."""
    head = f"<b>{escape(title)}</b><br>" if title else ""
    return f'<p class="bt-drill-about">{head}{escape(description)}</p>'


def _stat(value: int, label: str, main: bool = False) -> str:
    css = "bt-stat bt-stat-main" if main else "bt-stat"
    return (f'<div class="{css}"><span class="bt-stat-value">{value}</span>'
            f'<span class="bt-stat-label">{escape(label)}</span></div>')


def streak_html(streak: Streak, best: int, lang: str, *,
                note: tuple[str, int] | None = None) -> str:
    """The streak counter.

    Args:
        streak: this session's counters in the drill shown (positions, not points).
        best: the best streak in that drill, earlier sessions included (>= ``streak.best``).
        lang: ``"en"`` or ``"fr"``.
        note: ``(kind, n)`` with ``kind`` one of :data:`NOTES`: the streak of ``n``
            positions just fell back to 0, by a wrong first answer or a skip.

    Returns:
        The HTML: the four numbers with their labels (hidden from screen readers), the
        same in one sentence (for them only), the encouraging line when ``streak.current``
        is a positive multiple of :data:`CHEER_EVERY`, the note, and the rule of the
        streak in one line.

    Raises:
        ValueError: ``best`` is below ``streak.best`` or not a whole number, ``note``'s
            kind is not one of :data:`NOTES`, or an unknown language.
    """
    if isinstance(best, bool) or not isinstance(best, int) or best < streak.best:
        raise ValueError(f"best must be a whole number >= streak.best ({streak.best}), got "
                         f"{best!r}")
    if note is not None and note[0] not in NOTES:
        raise ValueError(f"note kind must be one of {', '.join(NOTES)}, got {note[0]!r}")
    stats = "".join([
        _stat(streak.current, drill_text("streak", lang), main=True),
        _stat(best, drill_text("best", lang)),
        _stat(streak.answered, drill_text("answered", lang)),
        _stat(streak.first_try, drill_text("first_try", lang)),
    ])
    sentence = drill_text(explain.plural_key("status", streak.first_try, lang), lang,
                          current=streak.current, best=best,
                          answered=streak.answered, first_try=streak.first_try)
    lines = []
    current = streak.current
    if current and current % CHEER_EVERY == 0:
        key = "cheer_5" if current == CHEER_EVERY else "cheer_10"
        cheer = drill_text(key, lang, n=current)
        lines.append(f'<p class="bt-streak-note bt-cheer">★ {escape(cheer)}</p>')
    if note is not None:
        kind, n = note
        lines.append(f'<p class="bt-streak-note bt-reset">↺ {escape(drill_text(kind, lang, n=n))}'
                     "</p>")
    how = f'<p class="bt-streak-how">{escape(drill_text("how", lang))}</p>'
    return (f'<div class="bt-streak-box" role="status" aria-live="polite">'
            f'<span class="bt-drill-sr">{escape(sentence)}</span>'
            f'<div class="bt-streak" aria-hidden="true">{stats}</div>'
            f'{"".join(lines)}</div>{how}')
