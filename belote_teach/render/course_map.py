"""Pure functions from the course map and the learner's progress to HTML: the welcome
page's list of lessons with their progress, its help, the links to the other edition's
welcome page, and the download link of the progress file. The words come from the
catalog (sections ``course`` and ``welcome``).

Every lesson is a list item with its number, its title as a link to the lesson app of
the page's edition (a relative link: the lessons of an edition sit side by side, so it
works wherever Voilà or JupyterLab serves the course), its kind and summary, and its
progress in words and as a ``<progress>`` bar; a finished lesson is marked ✓ *and* said
in words, never by colour alone.

    >>> from belote_teach.course.lessons import lesson
    >>> from belote_teach.course.overview import LessonProgress
    >>> from belote_teach.course.record import LessonSummary
    >>> line = LessonProgress(lesson(3), True, LessonSummary("03-play-a-trick", 25, 20, 25))
    >>> page = course_map_html([line], "en")
    >>> 'href="03-play-a-trick.ipynb"' in page, "25 of 25 exercises done" in page
    (True, True)
    >>> 'href="03-jouer-un-pli.ipynb"' in course_map_html([line], "en", edition="fr")
    True
    >>> 'href="../fr/00-bienvenue.ipynb"' in edition_links_html("en")
    True
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Sequence
from importlib import resources

from belote_teach import explain
from belote_teach.course.lessons import COURSE
from belote_teach.course.overview import LessonProgress
from belote_teach.render.html import escape

__all__ = [
    "COURSE_STYLE",
    "course_map_html",
    "download_link_html",
    "edition_links_html",
    "games_text",
    "help_html",
    "overall_text",
    "page_href",
]

#: Where a notebook's page is, from its link: Voilà serves a notebook under its own name
#: (``03-play-a-trick.ipynb``); the static edition, whose kernel is Pyodide in the
#: browser (``sys.platform`` ``"emscripten"``), serves the page rendered from it
#: (``03-play-a-trick.html``).
PAGE_SUFFIX = ".html" if sys.platform == "emscripten" else ".ipynb"


def page_href(notebook: str, suffix: str | None = None) -> str:
    """The link to the page of the notebook linked by ``notebook`` (``"03-play-a-trick.ipynb"``,
    ``"../fr/00-bienvenue.ipynb"``) in an edition whose pages end with ``suffix``
    (default: this edition's, :data:`PAGE_SUFFIX`).

        >>> page_href("../fr/00-bienvenue.ipynb", ".html")
        '../fr/00-bienvenue.html'

    Raises:
        ValueError: ``notebook`` does not end with ``.ipynb``.
    """
    if not notebook.endswith(".ipynb"):
        raise ValueError(f"notebook link {notebook!r}: expected a name ending with .ipynb")
    return notebook.removesuffix(".ipynb") + (PAGE_SUFFIX if suffix is None else suffix)


#: The stylesheet of the welcome page (``course.css`` beside this module).
COURSE_STYLE: str = (resources.files("belote_teach.render").joinpath("course.css")
                     .read_text(encoding="utf-8"))


def _counted(key: str, n: int, lang: str, **values: object) -> str:
    """The ``welcome`` sentence ``key`` about ``n`` things, in the singular or the plural
    of ``lang`` (:func:`~belote_teach.explain.plural_key`), with ``{n}`` written by
    :func:`~belote_teach.explain.number` and ``values`` filled in."""
    return explain.say(explain.plural_key(f"welcome.{key}", n, lang), lang,
                       n=explain.number(n, lang), **values)


def games_text(finished: int, won: int, lang: str) -> str:
    """The games of lesson 8 in one line, each count with its own plural: "0 games
    finished, 0 won" / "1 game finished, 1 won" ("1 partie terminée, 0 gagnée").

    Args:
        finished: games played to the end (R6.8), >= 0.
        won: those the learner's team won, >= 0.

    Raises:
        ValueError: a count below 0, or an unknown language.
    """
    return explain.say("welcome.games", lang, finished=_counted("games_finished", finished, lang),
              won=_counted("games_won", won, lang))


def _state(line: LessonProgress, lang: str) -> tuple[str, bool]:
    """The progress of a lesson as HTML, and whether the lesson is complete."""
    bar = ""
    done_mark = ""
    complete = False
    if line.exercises is not None and line.exercises.total:
        summary = line.exercises
        words = _counted("exercises", summary.total, lang,
                         done=explain.number(summary.done, lang),
                         total=explain.number(summary.total, lang),
                         first_try=explain.number(summary.first_try, lang))
        bar = (f'<progress value="{summary.done}" max="{summary.total}" '
               f'aria-label="{escape(words)}"></progress>')
        complete = summary.complete
    elif line.practice is not None and line.practice[1]:
        played, offered = line.practice
        words = _counted("practice", offered, lang, done=explain.number(played, lang),
                         total=explain.number(offered, lang))
        bar = (f'<progress value="{played}" max="{offered}" '
               f'aria-label="{escape(words)}"></progress>')
        complete = played == offered
    elif line.games is not None:
        finished, won = line.games
        words = games_text(finished, won, lang)
    else:
        return "", False
    if complete:
        done = explain.say("welcome.complete", lang)
        done_mark = f' <span class="bt-done">✓ {escape(done)}</span>'
    # spaces between the pieces: the text reads "… 25 of 25 ✓ complete", not "…25✓…"
    return (f'<div class="bt-state">{bar} <span>{escape(words)}</span>{done_mark}</div>',
            complete)


def _item(line: LessonProgress, lang: str, here: str, edition: str) -> str:
    lesson = line.lesson
    title = escape(lesson.title(lang))
    number = explain.say("welcome.lesson_number", lang, n=lesson.number)
    colon = explain.say("label_separator", lang)
    is_here = lesson.id == here
    if is_here:
        note = escape(explain.say("welcome.here", lang))
        head = f'{title} <span class="bt-note">({note})</span>'
    elif line.available:
        tip = escape(explain.say("welcome.open", lang) + colon)
        head = (f'<a href="{escape(page_href(lesson.notebook(edition)))}" '
                f'title="{tip}{title}">{title}</a>')
    else:
        note = escape(explain.say("welcome.coming", lang))
        head = f'{title} <span class="bt-note">({note})</span>'
    # the kind reads as an aside of the title: "Jouer un pli (leçon)" for a screen reader,
    # a grey badge "leçon" on the page
    kind = (f' <span class="bt-kind"><span class="bt-sr">(</span>'
            f'{escape(lesson.kind.label(lang))}<span class="bt-sr">)</span></span>')
    state, complete = ("", False) if is_here else _state(line, lang)
    classes = " ".join(c for c in ("bt-lesson", "bt-complete" if complete else "",
                                   "bt-here" if is_here else "") if c)
    return (f'<li class="{classes}" data-lesson="{escape(lesson.id)}">'
            f'<div class="bt-num" aria-hidden="true">{lesson.number}</div>'
            f'<div><p class="bt-head"><span class="bt-sr">{escape(number)}{escape(colon.rstrip())}'
            f'</span> {head}{kind}</p>'
            f'<p class="bt-summary">{escape(lesson.summary(lang))}</p>{state}</div></li>')


def course_map_html(lines: Sequence[LessonProgress], lang: str, *,
                    here: str = "00-welcome", edition: str | None = None) -> str:
    """The course map: an ordered list of the lessons with their progress.

    Args:
        lines: the lessons with the learner's progress
            (:func:`~belote_teach.course.overview.course_overview`).
        lang: ``"en"`` or ``"fr"``: the language of the words.
        here: the id of the page showing the map (named, not linked, no progress).
        edition: the edition whose notebooks are linked (the page's own folder,
            ``"en"`` or ``"fr"``); ``None``: the edition of ``lang``.

    Returns:
        ``<ol class="bt-course">`` with one ``<li data-lesson="<id>">`` per line: a
        lesson available is linked by its notebook's file name in ``edition``
        (relative), one being written is marked "in preparation"; exercises show "3 of
        25 exercises done · 2 right at the first try" and a bar, the practice app the
        deals played, the game app the games finished and won; a complete lesson is
        marked ✓ with the word.

    Raises:
        ValueError: unknown language or edition.
    """
    explain.check_language(lang)
    shown = lang if edition is None else edition
    explain.check_language(shown)
    items = "".join(_item(line, lang, here, shown) for line in lines)
    label = escape(explain.say("welcome.map_title", lang))
    return f'<ol class="bt-course" aria-label="{label}">{items}</ol>'


def overall_text(lines: Sequence[LessonProgress], lang: str) -> str:
    """The whole course's exercises in one sentence: "Exercises done in the whole
    course: 3 of 25 · 2 right at the first try" (lessons with exercises only).

    Raises:
        ValueError: unknown language.
    """
    summaries = [line.exercises for line in lines if line.exercises is not None]
    total = sum(s.total for s in summaries)
    return _counted("overall", total, lang,
                    done=explain.number(sum(s.done for s in summaries), lang),
                    total=explain.number(total, lang),
                    first_try=explain.number(sum(s.first_try for s in summaries), lang))


def edition_links_html(edition: str) -> str:
    """The links from a welcome page of ``edition`` to the welcome page of every other
    edition (``../fr/00-bienvenue.ipynb``, ``../en/00-welcome.ipynb``), each one labelled
    in the language of the edition it opens ("Version française", "English version":
    catalog ``welcome.edition_link`` of that language) and marked with its ``lang`` and
    ``hreflang`` so that a screen reader says it in that language.

    Raises:
        ValueError: unknown edition.
    """
    explain.check_language(edition)
    welcome = COURSE[0]
    links = "".join(
        f'<a class="bt-edition" href="{escape(page_href(welcome.href(other)))}" lang="{other}" '
        f'hreflang="{other}">{escape(explain.say("welcome.edition_link", other))}</a>'
        for other in explain.LANGUAGES if other != edition)
    return f'<p class="bt-editions">{links}</p>'


def help_html(lang: str) -> str:
    """How to use the lesson apps, as a short list (catalog ``welcome.help_*``).

    Raises:
        ValueError: unknown language.
    """
    keys = ("help_open", "help_click", "help_buttons", "help_table", "help_nothing_to_type")
    items = "".join(f"<li>{escape(explain.say(f'welcome.{key}', lang))}</li>" for key in keys)
    return f'<ul class="bt-help">{items}</ul>'


def download_link_html(document: str, lang: str, *,
                       file_name: str = "belote-teach-progress.json") -> str:
    """A link that downloads ``document`` (the progress export, JSON text) as
    ``file_name``: the text travels in the link itself (a ``data:`` URL), so the
    download needs no server route and works in Voilà and JupyterLab alike.

    Raises:
        ValueError: unknown language.
    """
    payload = base64.b64encode(document.encode("utf-8")).decode("ascii")
    return (f'<a class="bt-download" download="{escape(file_name)}" '
            f'href="data:application/json;charset=utf-8;base64,{payload}">'
            f'⬇ {escape(explain.say("welcome.download", lang))}</a>')

