"""The deal summary's Announcements row (render_deal_breakdown, R4.5, R4.6): each team's
points in its Nous / Eux column on the row's own line, what was declared under them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.cards import Team
from belote_teach.engine.scoring import score_deal
from belote_teach.explain.calls import announcement_name
from belote_teach.render import STYLE
from belote_teach.render.score_sheet import render_deal_breakdown

TIERCE = Announcement.from_cards(["8C", "9C", "10C"])
CINQUANTE = Announcement.from_cards(["9H", "10H", "JH", "QH"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_announcements_row_puts_each_teams_points_in_its_column(lang: str) -> None:
    score = score_deal(takers=Team.NS, card_points={Team.NS: 100, Team.EW: 62},
                       tricks={Team.NS: 5, Team.EW: 3},
                       announcements={Team.NS: [CINQUANTE], Team.EW: [TIERCE]}, trump="S")
    root = ET.fromstring(render_deal_breakdown(score, lang=lang, nous=Team.EW))
    [row] = [tr for tr in root.iter("tr") if tr.get("data-line") == "announcements"]
    label, nous, eux = list(row)
    assert (label.tag, label.get("scope"), nous.tag, eux.tag) == ("th", "row", "td", "td")
    for cell, team, declared in ((nous, Team.EW, TIERCE), (eux, Team.NS, CINQUANTE)):
        points, note = list(cell)
        assert points.get("class") == "bt-sheet-points"
        assert points.text == str(score.announcement_points[team])
        assert note.get("class") == "bt-sheet-note"
        assert announcement_name(declared, lang) in (note.text or "")


def test_the_summary_cells_sit_on_their_rows_first_line() -> None:
    """The points and the row's name share a baseline; the points are a line of their
    own above what was declared."""
    assert re.search(r"\.bt-sheet-break th, \.bt-sheet-break td \{ vertical-align: baseline; \}",
                     STYLE)
    assert re.search(r"\.bt-sheet-break \.bt-sheet-points \{ display: block; \}", STYLE)
