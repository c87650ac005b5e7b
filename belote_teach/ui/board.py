"""The card board: the table, the hand and the feedback, drawn by ``render``, as a widget
the learner clicks (:class:`CardBoard`) or as a drawing to look at (:class:`StaticBoard`),
and the page's stylesheet that both use (:class:`PageStyle`).

The widget is a thin anywidget: Python sets three HTML traits and the token of the position
they draw; the browser shows them and reports a click (or Enter/Space) on a card as a
message ``{"card": "JH", "position": token}``, the token being the one of the drawing the
click was made on, which sets ``selected`` to the card's notation on the Python side
(:attr:`CardBoard.clicked_position` holding the token meanwhile). A click is an event,
not a state: as a message it is never merged with another one or dropped because the
browser's copy of a trait still holds the same value. The browser also says once that it
has drawn the board (``{"shown": true}``, :attr:`CardBoard.shown`). Tests click a card
without a browser with :meth:`CardBoard.click`, or by setting ``selected`` themselves.

The stylesheet (``render.STYLE``) comes once per page, not once per board: the kernel's one
:class:`PageStyle` widget carries it, and anywidget puts it in one ``<style>`` of the
page's ``<head>`` as soon as the browser holds that widget's model, displayed or not. A
board (:class:`CardBoard`) and a drawing (:class:`StaticBoard`) make sure it exists
(:func:`page_style`).

A worked example that the learner only looks at is a :class:`StaticBoard`: the same
three parts drawn as a plain HTML output, with no widget model for the page to fetch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from belote_teach.render import STYLE
from belote_teach.ui.shared import shared_model

__all__ = ["PARTS", "STATIC_STYLE", "CardBoard", "PageStyle", "StaticBoard", "page_style"]

#: The three parts of a board, in the order drawn (``board.js`` draws the same).
PARTS = ("table_html", "hand_html", "feedback_html")

#: What makes a :class:`StaticBoard` (an HTML output) look as a :class:`CardBoard` widget
#: does (``static_board.css``): the box of its ``<bt-board>`` element; it comes before
#: ``render.STYLE`` in the page's stylesheet.
STATIC_STYLE: str = Path(__file__).with_name("static_board.css").read_text(encoding="utf-8")


def _without_comments(source: str, language: str) -> str:
    """``source`` as the page gets it, since every byte of a model's state is fetched
    with the page: each line stripped of its indentation, blank lines and comments left
    out (``language`` ``"css"``: ``/* ... */``; ``"js"``: lines that start with ``//``).
    Strings holding a comment mark or a line break are not expected in these files.

    Raises:
        ValueError: ``language`` is neither ``"css"`` nor ``"js"``.
    """
    if language not in ("css", "js"):
        raise ValueError(f"language {language!r}: expected 'css' or 'js'")
    if language == "css":
        source = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines
                     if line and not (language == "js" and line.startswith("//")))


class PageStyle(anywidget.AnyWidget):
    """The course's stylesheet (``render.STYLE``), once per page: a widget that shows
    nothing. anywidget puts its ``_css`` in one ``<style>`` of the page's ``<head>`` (its
    ``id`` is this class's name) when the browser creates the model, so the stylesheet
    is there whether the widget is displayed or not, as long as the kernel holds it:
    in Voilà, which fetches every model of the kernel with the page, and in JupyterLab,
    which creates a model as soon as the kernel opens it (a kernel restarted makes a
    new one, which replaces the text of the same ``<style>``). Use :func:`page_style`
    rather than building one.

    Its script (``page_style.js``) also defines the ``<bt-board>`` element of
    :class:`StaticBoard`, which shows its content in a shadow root with the same stylesheet.
    """

    _esm = _without_comments(
        Path(__file__).with_name("page_style.js").read_text(encoding="utf-8"), "js")
    _css = _without_comments(STATIC_STYLE + "\n" + STYLE, "css")


_page_style: PageStyle | None = None


def page_style() -> PageStyle:
    """The kernel's :class:`PageStyle`, built the first time it is asked for (and again
    if it was closed), so that the page holds the stylesheet exactly once.

    Every widget or output that draws with the stylesheet's classes (``bt-...``) calls
    it: :class:`CardBoard` when built, :class:`StaticBoard` when shown.
    """
    global _page_style
    if _page_style is None or _page_style.comm is None:
        _page_style = PageStyle(layout=shared_model(widgets.Layout))
    return _page_style


class CardBoard(anywidget.AnyWidget):
    """The table, the learner's hand and the feedback box, in one widget.

    Traits (synced with the browser):
        table_html: the table with the trick (``render.table_html``), or ``""``.
        hand_html: the hand (``render.hand_html``), or ``""``.
        feedback_html: the feedback (``render.message_html``); shown in an ARIA live
            region so screen readers read it out.

        position: the token of the position drawn, which the browser sends back with
            each click (``""``: nothing on the board may be played; the owner sets it
            with the parts it belongs to, in one ``hold_sync``).

    Not synced:
        selected: the notation of the card just clicked (``"JH"``), set by each click
            message from the browser; the owner observes it and resets it to ``""``
            once handled, so the same card can be clicked again.
        shown: True once the browser has drawn the board (its first view).

    Attributes:
        clicked_position: while ``selected`` is being set by a click, the position token
            that click carried (``""`` when it carried none); ``None`` otherwise (a test
            that sets ``selected`` itself clicks on the position drawn).

    The board carries no stylesheet of its own: building one makes sure the page has
    the kernel's :class:`PageStyle` (:func:`page_style`). Its layout is the page's shared
    default one (:mod:`belote_teach.ui.shared`) unless ``layout=`` is given.
    """

    _esm = _without_comments(Path(__file__).with_name("board.js").read_text(encoding="utf-8"),
                             "js")

    table_html = traitlets.Unicode("").tag(sync=True)
    hand_html = traitlets.Unicode("").tag(sync=True)
    feedback_html = traitlets.Unicode("").tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("")
    shown = traitlets.Bool(False)

    def __init__(self, **kwargs: object) -> None:
        page_style()
        kwargs.setdefault("layout", shared_model(widgets.Layout))
        super().__init__(**kwargs)
        self.clicked_position: str | None = None
        self.on_msg(self._on_message)

    def click(self, card: str, *, position: str | None = None) -> None:
        """Click ``card`` (its notation, ``"JH"``) as the browser does: ``position`` is the
        token of the drawing the click is made on (default: the one drawn now,
        :attr:`position`). For tests; nothing is checked here (the owner does)."""
        token = self.position if position is None else position
        self._on_message(self, {"card": card, "position": token}, [])

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the browser: a click ``{"card": notation, "position": token}``,
        answered with ``{"handled": true}`` once the owner has handled it (the browser
        marks the card clicked until then), or ``{"shown": true}`` once the board is
        drawn; anything else is ignored."""
        if not isinstance(content, dict):
            return
        if content.get("shown") is True:
            self.shown = True
            return
        card = content.get("card")
        if not isinstance(card, str):
            return
        token = content.get("position")
        self.clicked_position = token if isinstance(token, str) else ""
        try:
            self.selected = ""                 # the same card twice is two clicks
            self.selected = card
        finally:
            self.clicked_position = None
            self.send({"handled": True})       # the browser lifts its "busy" marks


@dataclass(frozen=True, repr=False)
class StaticBoard:
    """A board drawn once, for the learner to look at: the three parts of a
    :class:`CardBoard` (HTML from ``render``) shown as a plain HTML output of the cell
    (``_repr_html_``), with no widget model for the page to fetch and nothing to click.

    The markup inside is the board's (``div.bt-root`` holding one ``div.bt-part`` per
    part), in a ``<bt-board>`` element that the page's :class:`PageStyle` script turns
    into a shadow root with the stylesheet, so that the rules JupyterLab and Voilà give
    HTML outputs do not reach it and it looks as the widget does; it stays hidden until
    then, as a widget does until drawn. The element has the class JupyterLab and Voilà
    give every widget's element (``lm-Widget``), so it is boxed as a widget is in either
    (``static_board.css``). The feedback is no live region (it never changes). Showing
    it makes sure the page has the stylesheet (:func:`page_style`).

    Attributes:
        table_html: the table, or ``""``.
        hand_html: the hand (or another drawing under the table), or ``""``.
        feedback_html: the explanation under it, or ``""``.

    Raises:
        TypeError: a part is not a string.
    """

    table_html: str = ""
    hand_html: str = ""
    feedback_html: str = ""

    def __post_init__(self) -> None:
        for name in PARTS:
            value = getattr(self, name)
            if not isinstance(value, str):
                raise TypeError(f"StaticBoard.{name} must be HTML text, got "
                                f"{type(value).__name__} {value!r:.60}")

    @property
    def html(self) -> str:
        """The drawing as one HTML fragment (what the cell's output shows)."""
        parts = []
        for name in PARTS:
            part = name.removesuffix("_html")
            extra = " bt-feedback" if part == "feedback" else ""
            parts.append(f'<div class="bt-part bt-part-{part}{extra}">{getattr(self, name)}'
                         "</div>")
        return (f'<bt-board class="bt-static lm-Widget" style="visibility: hidden">'
                f'<div class="bt-root">{"".join(parts)}</div></bt-board>')

    def _repr_html_(self) -> str:
        page_style()
        return self.html

    def __repr__(self) -> str:
        sizes = ", ".join(f"{name}=<{len(getattr(self, name))} characters>" for name in PARTS)
        return f"{type(self).__name__}({sizes})"
