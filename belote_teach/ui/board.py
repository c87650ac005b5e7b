"""The card board widget: the table, the hand and the feedback, drawn by ``render``.

A thin anywidget: Python sets three HTML traits; the browser shows them and reports
a click (or Enter/Space) on a card as a message ``{"card": "JH"}``, which sets
``selected`` to the card's notation on the Python side. A click is an event, not a
state: as a message it is never merged with another one or dropped because the browser's
copy of a trait still holds the same value. Tests click a card without a browser by
setting ``selected`` themselves.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from belote_teach.render import STYLE

__all__ = ["CardBoard"]


class CardBoard(anywidget.AnyWidget):
    """The table, the learner's hand and the feedback box, in one widget.

    Traits (synced with the browser):
        table_html: the table with the trick (``render.table_html``), or ``""``.
        hand_html: the hand (``render.hand_html``), or ``""``.
        feedback_html: the feedback (``render.message_html``); shown in an ARIA live
            region so screen readers read it out.

    Not synced:
        selected: the notation of the card just clicked (``"JH"``), set by each click
            message from the browser; the owner observes it and resets it to ``""``
            once handled, so the same card can be clicked again.
    """

    _esm = Path(__file__).with_name("board.js")
    _css = STYLE

    table_html = traitlets.Unicode("").tag(sync=True)
    hand_html = traitlets.Unicode("").tag(sync=True)
    feedback_html = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A click from the browser: ``{"card": notation}``; anything else is ignored."""
        if isinstance(content, dict) and isinstance(content.get("card"), str):
            self.selected = ""                 # the same card twice is two clicks
            self.selected = content["card"]
