"""The weight of a lesson page: what a Voilà page must fetch from the kernel
before it draws, every widget model's state, stays small. The stylesheet comes once per
page (``ui.board.PageStyle``), not once per card board; a worked example is an HTML
output (``ui.board.StaticBoard``) with no widget model; widgets that look alike share
their layout and style models (``ui.shared``). ``benchmarks/widget_state.py`` measures
whole lesson pages; these tests keep each piece within its share."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances, _remove_buffers

from belote_teach.course.progress import CourseProgress
from belote_teach.render import STYLE
from belote_teach.ui import lesson
from belote_teach.ui.board import PARTS, CardBoard, PageStyle, StaticBoard, page_style
from belote_teach.ui.scenario_player import ScenarioPlayer
from belote_teach.ui.shared import SharedModelError, lean, shared_model

ROOT = Path(__file__).resolve().parents[2]
TRICKS = "03-play-a-trick"

#: A rule of the stylesheet, found in any copy of it (with or without its comments).
STYLE_MARK = ".bt-card {"

#: Worked examples as the lessons call them, one of each kind of drawing.
EXAMPLES: dict[str, Callable[[], StaticBoard]] = {
    "show_orders": lambda: lesson.show_orders(lang="en"),
    "show_position": lambda: lesson.show_position("H", trick=["KD", "AD"],
                                                  hand=["7H", "AS", "10C", "KS"], lang="en"),
    "show_trick": lambda: lesson.show_trick("H", ["KD", "AD", "7H", "QH"], lang="fr"),
    "show_deal": lambda: lesson.show_deal(2, "S", ["pass", "pass", "pass", "take"],
                                          open_hands=True, lang="en"),
    "show_score": lambda: lesson.show_score("NS", card_points={"NS": 92, "EW": 70},
                                            tricks={"NS": 5, "EW": 3}, lang="en"),
    "show_announcements": lambda: lesson.show_announcements(
        ["8C", "9C", "10C", "AS", "QS", "KD", "JD", "7H"], "H", lang="fr"),
}


def _state_bytes(widget: widgets.Widget) -> int:
    """The bytes of ``widget``'s state as the control comm sends it (JSON, UTF-8)."""
    state, _paths, buffers = _remove_buffers(widget.get_state())
    return len(json.dumps(state, ensure_ascii=False).encode("utf-8")) + sum(map(len, buffers))


def _new_widgets(before: set[str]) -> list[widgets.Widget]:
    return [w for key, w in _instances.items() if key not in before]


def _player(data: Path) -> ScenarioPlayer:
    """The player of lesson 03's first exercise, with its progress kept in ``data``."""
    return lesson.exercises(TRICKS, ids=["follow-suit-diamonds"], lang="en",
                            progress=CourseProgress(data))


# ---------------------------------------------------------------------------- the stylesheet
def test_the_page_holds_the_stylesheet_once_whatever_it_shows(tmp_path: Path) -> None:
    """A page with boards, an exercise player, a drill and worked examples: one model
    (the page's PageStyle) carries the stylesheet; no card board does."""
    before = set(_instances)
    boards = [CardBoard(table_html="<p>t</p>") for _ in range(3)]
    player = _player(tmp_path)
    drill = lesson.drill(["trick-winner"], lang="en", progress=CourseProgress(tmp_path))
    shown = [example()._repr_html_() for example in EXAMPLES.values()]
    page = {page_style(), *_new_widgets(before)}
    carriers = [w for w in page if STYLE_MARK in json.dumps(w.get_state())]
    assert carriers == [page_style()]
    assert isinstance(carriers[0], PageStyle)
    for board in [*boards, player.board, drill.board]:
        assert "_css" not in board.keys
        assert STYLE_MARK not in json.dumps(board.get_state())
    assert all(STYLE_MARK not in html for html in shown)


def test_the_page_style_carries_every_rule_of_the_stylesheet() -> None:
    """Comments and indentation are left out, nothing else: every line of every rule is
    in the page's stylesheet, in order."""
    css = page_style()._css
    rules = [line.strip() for line in STYLE.split("}") if "{" in line]
    position = 0
    for rule in rules:
        selector = rule.split("{")[0].strip().splitlines()[-1].strip()
        found = css.find(selector, position)
        assert found >= 0, f"rule {selector!r} missing from the page's stylesheet"
        position = found
    assert "/*" not in css and "\n  " not in css
    assert len(css) < len(STYLE)


def test_a_closed_page_style_is_made_again_by_the_next_board_or_example() -> None:
    """A kernel whose PageStyle was closed (as in a page whose models were all closed)
    makes a new one when a board is built or an example shown, so a page that shows an
    example before any board still gets the stylesheet."""
    old = page_style()
    old.close()
    example = EXAMPLES["show_orders"]()
    assert old.comm is None
    example._repr_html_()
    new = page_style()
    assert new is not old and new.comm is not None and new.model_id in _instances
    assert page_style() is new
    new.close()
    CardBoard()
    assert page_style() is not new and page_style().comm is not None


# ---------------------------------------------------------------------------- worked examples
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_worked_example_is_an_html_output_with_no_widget_model(name: str) -> None:
    page_style()
    before = set(_instances)
    example = EXAMPLES[name]()
    html = example._repr_html_()
    assert not isinstance(example, widgets.Widget)
    assert set(_instances) == before          # nothing for the page to fetch
    assert html.startswith('<bt-board class="bt-static lm-Widget" style="visibility: hidden">'
                           '<div class="bt-root"><div class="bt-part bt-part-table">')
    assert html.endswith("</div></div></bt-board>")
    for part in PARTS:
        assert getattr(example, part) in html
    assert example.table_html
    assert 'class="bt-part bt-part-feedback bt-feedback">' in html   # no live region


def test_a_static_board_draws_its_parts_in_the_boards_order_and_checks_them() -> None:
    board = StaticBoard(table_html="<i>T</i>", feedback_html="<i>F</i>")
    assert board.html.index("<i>T</i>") < board.html.index('bt-part-hand"></div>') \
        < board.html.index("<i>F</i>")
    assert repr(board) == ("StaticBoard(table_html=<8 characters>, hand_html=<0 characters>, "
                           "feedback_html=<8 characters>)")
    with pytest.raises(TypeError, match="hand_html must be HTML text, got int 3"):
        StaticBoard(hand_html=3)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- shared models
def test_widgets_that_look_alike_share_their_layout_and_style() -> None:
    first, second = lean(widgets.HTML, "a"), lean(widgets.HTML, value="b")
    assert first.layout is second.layout and first.style is second.style
    button = lean(widgets.Button, description="go")
    assert button.layout is first.layout and isinstance(button.style, widgets.ButtonStyle)
    row = lean(widgets.HBox, [first], layout={"margin": "8px 0 0 0"})
    assert row.layout is shared_model(widgets.Layout, margin="8px 0 0 0")
    assert row.layout is not first.layout and row.layout.margin == "8px 0 0 0"
    assert first.value == "a" and second.value == "b" and row.children == (first,)


def test_a_shared_model_refuses_to_change() -> None:
    html = lean(widgets.HTML, "a")
    with pytest.raises(SharedModelError, match=r"Layout\.display = 'none' refused.*a "
                                               r"Layout of its own"):
        html.layout.display = "none"
    assert html.layout.display is None
    with pytest.raises(SharedModelError, match="font_size"):
        html.style.font_size = "20px"
    own = widgets.HTML("b")                      # a widget built as before changes freely
    own.layout.display = "none"
    assert own.layout.display == "none"


def test_a_closed_shared_model_is_replaced_and_bad_options_refused() -> None:
    layout = shared_model(widgets.Layout, width="13px")
    layout.close()
    again = shared_model(widgets.Layout, width="13px")
    assert again is not layout and again.comm is not None and again.width == "13px"
    with pytest.raises(TypeError, match="HBox has no style model"):
        lean(widgets.HBox, style={"font_size": "9px"})


# ---------------------------------------------------------------------------- budgets
def test_one_more_exercise_player_stays_within_its_share_of_the_page(tmp_path: Path
                                                                      ) -> None:
    """A lesson page holds about ten exercise players (budget: 250 models, 250 KB): one
    more ``play`` player adds at most 16 models and 16 KB, its card board included."""
    _player(tmp_path)                           # the page's shared models exist now
    before = set(_instances)
    player = _player(tmp_path)
    added = _new_widgets(before)
    assert player in added and player.board in added
    assert len(added) <= 16, sorted(type(w).__name__ for w in added)
    assert sum(map(_state_bytes, added)) <= 16_000


def test_a_card_board_weighs_its_html_and_little_more() -> None:
    board = CardBoard(table_html="x" * 5000)
    assert _state_bytes(board) <= 5000 + 3000
