"""The two editions of the course: every lesson of the course map has its
notebook in ``notebooks/en/`` and in ``notebooks/fr/`` (and nothing else is there), and
each French notebook is its English twin in French: the same cells in the same order,
the same sections, the same calls (the same exercises and drills, from the same
scenario files, with the same ids in the same order), the lesson's language set to
French in its set-up cell, links to French notebooks, and no English left in its prose.
Run as a learner uses them, the French notebooks' widgets (examples, exercises answered
right and wrong, drills, the practice hands and the game with the coach) show no English
either."""

from __future__ import annotations

import ast
import html
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from belote_teach.course.lessons import COURSE, Lesson
from belote_teach.engine.cards import DECK
from belote_teach.players import make_player
from belote_teach.ui import language
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.scenario_player import ScenarioPlayer
from belote_teach.ui.table import TableApp

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: English words that never belong in a French lesson's prose (matched as whole words,
#: any case, outside code spans, code blocks, link targets and rule IDs).
ENGLISH_WORDS = ("the", "and", "you", "your", "with", "what's next", "practice", "exercise")
_ENGLISH = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")\b",
                      re.IGNORECASE)
#: What is not prose in a markdown cell: fenced code, inline code, link targets, rule IDs.
_NOT_PROSE = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)|\bR\d+(?:\.\d+)?\b", re.DOTALL)
#: Keyword arguments that carry learner text or the language: they differ by edition.
_TEXT_KEYWORDS = {"title", "lang"}
#: The calls that show a lesson's exercises.
_EXERCISE_CALLS = {"exercises", "drill"}


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ast.dump(func)


def _calls(source: str) -> list[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]]:
    """The calls of a code cell in the order they are written (outer call before the calls
    in its arguments), each as (name, positional arguments, keyword arguments), arguments
    as their ``ast.dump``; ``use_language`` and the keywords ``title=`` / ``lang=`` left
    out, since they are what an edition changes."""
    found: list[tuple[int, int, ast.Call]] = [
        (node.lineno, node.col_offset, node) for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and _name(node) != "use_language"]
    found.sort(key=lambda item: (item[0], item[1]))
    return [(_name(call), tuple(ast.dump(arg) for arg in call.args),
             tuple((kw.arg or "**", ast.dump(kw.value)) for kw in call.keywords
                   if kw.arg not in _TEXT_KEYWORDS))
            for _, _, call in found]


def _exercise_calls(notebook: dict[str, Any]) -> list[tuple[str, object, object]]:
    """Each ``exercises(...)`` / ``drill(...)`` call of the notebook, in order: its name,
    its positional arguments (the scenario file, or the drills) and its ``ids=``."""
    out: list[tuple[str, object, object]] = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(_source(cell))):
            if isinstance(node, ast.Call) and _name(node) in _EXERCISE_CALLS:
                ids = next((ast.literal_eval(kw.value) for kw in node.keywords
                            if kw.arg == "ids"), None)
                out.append((_name(node), [ast.literal_eval(a) for a in node.args], ids))
    return out


def _prose(cell: dict[str, Any]) -> str:
    return _NOT_PROSE.sub(" ", _source(cell))


def _pair(item: Lesson) -> tuple[dict[str, Any], dict[str, Any]]:
    return (_read(item.notebook_path(NOTEBOOKS, "en")),
            _read(item.notebook_path(NOTEBOOKS, "fr")))


LESSONS = [pytest.param(item, id=item.id) for item in COURSE]


def test_each_edition_holds_exactly_the_lessons_of_the_course_map() -> None:
    for lang in ("en", "fr"):
        written = sorted(path.name for path in (NOTEBOOKS / lang).glob("*.ipynb"))
        assert written == sorted(item.notebook(lang) for item in COURSE), lang


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_notebook_has_the_english_cells_in_order(item: Lesson) -> None:
    english, french = _pair(item)
    assert [c["cell_type"] for c in french["cells"]] == \
        [c["cell_type"] for c in english["cells"]]
    for key in ("nbformat", "nbformat_minor"):
        assert french[key] == english[key]
    own = {"title", "belote_teach"}                   # the title and the page's language
    assert {k: v for k, v in french["metadata"].items() if k not in own} == \
        {k: v for k, v in english["metadata"].items() if k not in own}
    assert french["metadata"]["title"] != english["metadata"]["title"]
    for cell in french["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_notebook_has_the_same_sections(item: Lesson) -> None:
    def headings(notebook: dict[str, Any], level: str) -> list[int]:
        return [i for i, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "markdown"
                for line in _source(cell).splitlines() if line.startswith(level)]

    english, french = _pair(item)
    for level in ("# ", "## "):
        assert headings(french, level) == headings(english, level), level


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_notebook_shows_the_same_exercises_and_drills(item: Lesson) -> None:
    english, french = _pair(item)
    calls = _exercise_calls(english)
    assert _exercise_calls(french) == calls
    if item.has_exercises:
        files = {args[0] for name, args, _ in calls if name == "exercises"}
        assert files == {item.bank}                        # the shared bank, by its name


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_code_cells_make_the_same_calls(item: Lesson) -> None:
    english, french = _pair(item)
    assert len(french["cells"]) == len(english["cells"])
    for index, (en_cell, fr_cell) in enumerate(zip(english["cells"], french["cells"],
                                                   strict=True)):
        if en_cell["cell_type"] == "code":
            assert _calls(_source(fr_cell)) == _calls(_source(en_cell)), index


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_notebook_sets_its_language_in_its_set_up_cell(item: Lesson) -> None:
    _, french = _pair(item)
    first = next(c for c in french["cells"] if c["cell_type"] == "code")
    said = [node for node in ast.parse(_source(first)).body
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and _name(node.value) == "use_language"]
    assert len(said) == 1
    assert [ast.literal_eval(a) for a in said[0].value.args] == ["fr"]
    for cell in french["cells"]:
        if cell is not first and cell["cell_type"] == "code":
            assert "lang=\"en\"" not in _source(cell) and "lang='en'" not in _source(cell)


@pytest.mark.parametrize("item", LESSONS)
def test_each_notebook_names_its_language_for_the_page(item: Lesson) -> None:
    """Voilà's belote-teach template writes ``<html lang=...>`` from this metadata."""
    english, french = _pair(item)
    assert english["metadata"]["belote_teach"] == {"lang": "en"}
    assert french["metadata"]["belote_teach"] == {"lang": "fr"}


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_prose_has_no_english_words(item: Lesson) -> None:
    _, french = _pair(item)
    found = [(index, match.group(0)) for index, cell in enumerate(french["cells"])
             if cell["cell_type"] == "markdown"
             for match in _ENGLISH.finditer(_prose(cell))]
    assert found == []


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_links_to_lessons_open_french_notebooks(item: Lesson) -> None:
    english, french = _pair(item)
    link = re.compile(r"\]\(([^)#]+\.ipynb)(?:#[^)]*)?\)")

    def targets(notebook: dict[str, Any]) -> list[str]:
        return [target for cell in notebook["cells"] if cell["cell_type"] == "markdown"
                for target in link.findall(_source(cell))]

    by_english = {lesson.notebook("en"): lesson.notebook("fr") for lesson in COURSE}
    assert targets(french) == [by_english.get(t, t) for t in targets(english)]


@pytest.mark.parametrize(("text", "found"), [
    ("Tu joues avec ton partenaire.", []),
    ("You play with the jack.", ["You", "with", "the"]),
    ("## What's next\n", ["What's next"]),
    ("Clique sur *Practice* pour t'entraîner.", ["Practice"]),
    ("L'option `overtrump_partner_on_trump_lead` et [la leçon](the-and.ipynb).", []),
    ("Un thé, une théière, andouille, yours.", []),
    ("Exercise 3, et R3.5.", ["Exercise"]),
])
def test_the_english_word_check_finds_what_it_should(text: str, found: list[str]) -> None:
    """The check above is real: it finds the stoplist's words in prose, whole words only,
    and ignores code, link targets and French words that merely contain them."""
    cell = {"cell_type": "markdown", "source": text}
    assert [m.group(0) for m in _ENGLISH.finditer(_prose(cell))] == found


def test_the_call_comparison_sees_a_changed_id_but_not_a_translated_title() -> None:
    english = 'exercises("03-play-a-trick", title="Quiz", ids=["a", "b"])'
    assert _calls(english.replace('"Quiz"', '"Le quiz"')) == _calls(english)
    assert _calls(english.replace('"b"]', '"c"]')) != _calls(english)
    assert _calls('use_language("fr")\nshow_orders()') == _calls("show_orders(lang='en')")


# ------------------------------------------------------------------------- the French apps
#: English words a French learner must never read in a widget (whole words, any case):
#: the engine's, the widgets' and the coach's texts all come from the catalogs.
_ENGLISH_IN_APPS = re.compile(r"\b(?:" + "|".join((
    "the", "and", "you", "your", "with", "of", "to", "is", "are", "this", "that", "for",
    "from", "which", "what", "who", "how", "why", "must", "cannot", "may", "trick",
    "tricks", "trump", "trumps", "partner", "hand", "deal", "deals", "game", "take",
    "pass", "click", "wrong", "right", "hint", "next", "previous", "undo", "replay",
    "lesson", "exercise", "exercises", "practice", "drill", "streak", "best", "team",
    "round", "taker", "dealer", "north", "south", "east", "west", "hearts", "spades",
    "diamonds", "clubs", "jack", "queen", "king")) + r")\b", re.IGNORECASE)
RANDOM_PLAYER = make_player("random")


def _widget_texts(widget: object, seen: set[int] | None = None) -> Iterator[str]:
    """Every text a learner reads in ``widget`` and its children: HTML and labels (with
    the ``aria-label``, ``title`` and ``alt`` a screen reader says), button and box
    descriptions, tooltips and the labels of choices (not the values behind them)."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for name in ("table_html", "hand_html", "feedback_html", "description", "tooltip",
                 "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    if isinstance(widget, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
        yield widget.value
    for name in ("_options_labels", "tooltips"):
        for label in getattr(widget, name, None) or ():
            yield str(label)
    for child in getattr(widget, "children", None) or ():
        yield from _widget_texts(child, seen)


def _english_in(widget: object) -> list[str]:
    """The English words of ``widget``'s texts, each with what surrounds it."""
    found = []
    for text in _widget_texts(widget):
        said = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', text))
        text = re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.DOTALL)
        plain = html.unescape(f"{text} {said}")
        found += [plain[max(0, m.start() - 40):m.end() + 40]
                  for m in _ENGLISH_IN_APPS.finditer(plain)]
    return found


def _run_notebook(item: Lesson, monkeypatch: pytest.MonkeyPatch) -> list[widgets.Widget]:
    """The widgets the French notebook of ``item`` displays, its code run in this process
    from its own folder, as its kernel runs it (the last expression of a cell shown)."""
    path = item.notebook_path(NOTEBOOKS, "fr")
    monkeypatch.chdir(path.parent)
    namespace: dict[str, Any] = {}
    shown = []
    for cell in _read(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(_source(cell))
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        body = tree.body[:-1] if last is not None else tree.body
        exec(compile(ast.Module(body, type_ignores=[]), str(path), "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
            if isinstance(value, widgets.Widget):
                shown.append(value)
    return shown


def _answer(player: ScenarioPlayer | DrillPlayer) -> Iterator[None]:
    """Ask a hint, press each answer button and click every card of the deck, one by one
    (a wrong answer, a right one, the feedback of each), yielding after each step."""
    player.show_hint()
    yield
    controls = player.controls
    if controls is not None:
        for widget in list(_widget_tree(controls)):
            if isinstance(widget, widgets.Button):
                widget.click()
                yield
    for card in DECK:                  # a card the exercise does not show changes nothing
        player.click(str(card))
        yield


def _answer_some(player: ScenarioPlayer) -> Iterator[None]:
    """:func:`_answer` on the first, a middle and the last exercise of ``player``."""
    last = len(player.exercises) - 1
    for index in sorted({0, last // 2, last}):
        player.go(index)
        yield from _answer(player)


def _widget_tree(widget: object) -> Iterator[object]:
    yield widget
    for child in getattr(widget, "children", None) or ():
        yield from _widget_tree(child)


def _play(table: TableApp, seed: int) -> Iterator[None]:
    """The learner's side of a deal played by clicks (random legal choices, a hint before
    each card), then the finished deal reviewed; yielding after each step."""
    rng = random.Random(seed)
    for _ in range(60):
        session = table.session
        if session.deal.phase.is_over:
            break
        if table.bids:
            table.bids[str(RANDOM_PLAYER.choose_bid(session.observation, rng).action)].click()
        else:
            table.hint_button.click()
            yield
            table.board.selected = str(
                RANDOM_PLAYER.choose_card(session.observation, rng).action)
        yield
    table.review_button.value = True
    yield


@pytest.mark.parametrize("item", LESSONS)
def test_the_french_lesson_apps_show_no_english(item: Lesson,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language, "_chosen", None)     # the notebook's set-up cell sets it
    shown = _run_notebook(item, monkeypatch)
    assert shown and language.lesson_language() == "fr"
    english = [(i, said) for i, widget in enumerate(shown) for said in _english_in(widget)]
    assert english == []
    for index, widget in enumerate(shown):
        steps: Iterator[None] = iter(())
        if isinstance(widget, ScenarioPlayer):
            steps = _answer_some(widget)
        elif isinstance(widget, DrillPlayer):
            steps = _answer(widget)
        elif isinstance(widget, PracticeApp):
            widget.pace = 0
            widget.start_button.click()
            assert widget.table is not None
            widget.table.pace = 0
            steps = _play(widget.table, seed=item.number)
        elif isinstance(widget, GameApp):
            widget.pace = 0
            widget.new_button.click()
            assert widget.table is not None
            widget.table.pace = 0
            steps = _play(widget.table, seed=item.number)
        for _ in steps:
            assert _english_in(widget) == [], (index, type(widget).__name__)
    if item.kind.value == "practice":
        practice = next(w for w in shown if isinstance(w, PracticeApp))
        for row in practice.debrief.children[1:]:
            row.children[0].click()
            assert _english_in(practice) == []


@pytest.mark.parametrize(("text", "found"), [
    ("<p>Tu dois couper : <b>V♥</b></p>", 0),
    ('<button aria-label="jack of hearts">V♥</button>', 3),
    ("<p>Your partner is winning</p>", 3),
    ("<style>.the-and { color: red }</style><p>Nous</p>", 0),
])
def test_the_english_check_of_the_apps_reads_what_a_learner_reads(text: str,
                                                                   found: int) -> None:
    assert len(_english_in(widgets.HTML(text))) == found
    assert len(_english_in(widgets.VBox([widgets.Button(description="Indice"),
                                         widgets.HTML(text)]))) == found
    assert _english_in(widgets.Dropdown(options=[("Donne", "deal")])) == []
    assert len(_english_in(widgets.Dropdown(options=[("Deal", "donne")]))) == 1
