"""The welcome page (belote_teach.ui.welcome.WelcomePage) without a browser: the course
map with each lesson's link and progress, the EN / FR switch, the two editions (each
page links its own edition's lessons and the other edition's welcome page; the progress
is shared), the progress file downloaded, loaded (as the file picker delivers it) and
reset after a confirmation, and a damaged progress file told in the learner's language."""

from __future__ import annotations

import base64
import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from belote_teach.course.banks import find_bank, find_deals
from belote_teach.course.lessons import COURSE
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.course.record import FORMAT
from belote_teach.course.scenarios import load_bank
from belote_teach.ui.lesson import exercises
from belote_teach.ui.welcome import WelcomePage

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = "03-play-a-trick"
IDS = [s.id for s in load_bank(LESSON)]
DEALS = [d.id for d in load_practice_deals()]
RIGHT = {"solved": True, "first_try": True, "tries": 1}
LATE = {"solved": True, "first_try": False, "tries": 2}


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course folder of one's own with lessons 00, 03, 07 and 08 written (as notebooks/
    had them first), the exercises of lesson 3 and the practice deals."""
    folder = tmp_path / "notebooks"
    (folder / "en").mkdir(parents=True)
    for name in ("00-welcome", LESSON, "07-practice-hands", "08-play-a-game"):
        (folder / "en" / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    (folder / "scenarios").mkdir()
    shutil.copy(find_bank(LESSON).file, folder / "scenarios")
    (folder / "deals").mkdir()
    shutil.copy(find_deals().file, folder / "deals")
    return folder


@pytest.fixture
def store(tmp_path: Path) -> CourseProgress:
    return CourseProgress(tmp_path / "data")


def _keep(store: CourseProgress, scenario_id: str, result: dict[str, object]) -> None:
    """Put an exercise's result of lesson 3 in ``store`` (as an import does)."""
    store.store.append("result", LESSON, scenario_id, result)


def _item(page: WelcomePage, lesson_id: str) -> str:
    """The course map's list item of one lesson."""
    found = re.search(rf'<li class="[^"]*" data-lesson="{lesson_id}">.*?</li>',
                      page.course_map.value)
    assert found, lesson_id
    return found.group(0)


def _said(page: WelcomePage) -> str:
    """What the page says, as plain text: its one notice, at the top of the page or under
    the file picker (the other is empty)."""
    assert page.message.value == "" or page.file_message.value == ""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.message.value + page.file_message.value))


def _pick(page: WelcomePage, name: str, content: bytes) -> None:
    """Pick a file in the page's file picker, as the browser sends it."""
    page.upload.set_state({"value": [{"name": name, "type": "application/json",
                                      "size": len(content), "content": memoryview(content),
                                      "last_modified": 1_700_000_000_000}]})


def _downloaded(page: WelcomePage) -> str:
    """The text the download link holds."""
    found = re.search(r'download="([^"]+)" href="data:application/json;charset=utf-8;'
                      r'base64,([A-Za-z0-9+/=]+)"', page.download.value)
    assert found
    assert found.group(1).endswith(".json")
    return base64.b64decode(found.group(2)).decode("utf-8")


# ------------------------------------------------------------------------- the map
def test_the_map_lists_every_lesson_with_a_relative_link(course: Path,
                                                         store: CourseProgress) -> None:
    page = WelcomePage(course, progress=store)
    assert page.course_map.value.count("<li ") == len(COURSE) == 9
    assert "Classic French belote, step by step" in page.header.value
    for lesson_id in (LESSON, "07-practice-hands", "08-play-a-game"):
        assert f'href="{lesson_id}.ipynb"' in _item(page, lesson_id)
    here = _item(page, "00-welcome")
    assert "href" not in here and "you are here" in here and "bt-here" in here
    coming = _item(page, "05-scoring")
    assert "href" not in coming and "in preparation" in coming
    assert "Scoring a deal" in coming and "(R6)" in coming
    assert "game app" in _item(page, "08-play-a-game")
    assert "practice app" in _item(page, "07-practice-hands")
    assert f"0 of {len(IDS)} exercises done · 0 right at the first try" in _item(page, LESSON)
    assert f'<progress value="0" max="{len(IDS)}"' in _item(page, LESSON)
    assert f"0 of {len(DEALS)} practice deals played" in _item(page, "07-practice-hands")
    assert "0 games finished, 0 won" in _item(page, "08-play-a-game")
    assert "How to use the apps" in page.help.value and "Tab" in page.help.value
    assert page.message.value == ""
    assert page.confirm_box.layout.display == "none"


def test_progress_is_shown_after_answers_are_recorded(course: Path,
                                                      store: CourseProgress) -> None:
    page = WelcomePage(course, progress=store)
    _keep(store, IDS[0], RIGHT)
    _keep(store, IDS[1], LATE)
    store.record_practice(DEALS[0])
    store.record_game(won=True)
    page.refresh()
    trick = _item(page, LESSON)
    assert f"2 of {len(IDS)} exercises done · 1 right at the first try" in trick
    assert f'<progress value="2" max="{len(IDS)}"' in trick and "✓" not in trick
    assert f"1 of {len(DEALS)} practice deals played" in _item(page, "07-practice-hands")
    assert "1 game finished, 1 won" in _item(page, "08-play-a-game")
    assert f"whole course: 2 of {len(IDS)} · 1 right at the first try" in page.header.value
    for scenario_id in IDS:
        _keep(store, scenario_id, RIGHT)
    page.refresh()
    trick = _item(page, LESSON)
    assert "bt-complete" in trick and "✓ all done" in trick
    assert f"{len(IDS)} of {len(IDS)} exercises done" in trick


def test_the_language_switch_redraws_the_page(course: Path, store: CourseProgress) -> None:
    _keep(store, IDS[0], RIGHT)
    page = WelcomePage(course, progress=store)
    page.language.value = "fr"
    assert page.lang == "fr"
    assert "La belote classique, pas à pas" in page.header.value
    assert "Jouer un pli" in _item(page, LESSON) and "leçon" in _item(page, LESSON)
    assert f"Exercices faits\u00a0: 1 sur {len(IDS)} · justes du premier coup\u00a0: 1" in \
        _item(page, LESSON)
    assert "en préparation" in _item(page, "05-scoring")
    assert "tu es ici" in _item(page, "00-welcome")
    assert "Comment utiliser les applis" in page.help.value
    assert "Télécharger ma progression" in page.download.value
    assert page.upload.description == "Charger un fichier de progression"
    assert [label for label, _ in page.load_mode.options] == [
        "l'ajouter à ma progression", "remplacer ma progression"]
    assert page.reset_button.description == "Effacer ma progression"
    page.load_mode.value = "replace"
    page.language.value = "en"
    assert page.load_mode.value == "replace"                   # the choice stays
    assert "Play a trick" in _item(page, LESSON)
    assert page.reset_yes.description == "Yes, erase everything"


# ------------------------------------------------------------------------- the two editions
@pytest.fixture
def both(course: Path) -> Path:
    """The course folder with a French edition too: lessons 00, 03 and 07 translated
    (08 not yet)."""
    (course / "fr").mkdir()
    for name in ("00-bienvenue", "03-jouer-un-pli", "07-donnes-d-entrainement"):
        (course / "fr" / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    return course


def test_each_edition_links_its_own_lessons_and_the_other_welcome_page(
        both: Path, store: CourseProgress) -> None:
    english = WelcomePage(both, lang="en", progress=store)
    french = WelcomePage(both, lang="fr", progress=store)
    assert english.edition == "en" and french.edition == "fr"
    assert 'href="03-play-a-trick.ipynb"' in _item(english, LESSON)
    assert 'href="03-jouer-un-pli.ipynb"' in _item(french, LESSON)
    assert 'href="07-donnes-d-entrainement.ipynb"' in _item(french, "07-practice-hands")
    assert "Jouer un pli" in _item(french, LESSON)
    # lesson 08 exists in English only: linked there, "in preparation" in French
    assert 'href="08-play-a-game.ipynb"' in _item(english, "08-play-a-game")
    assert "href" not in _item(french, "08-play-a-game")
    assert "en préparation" in _item(french, "08-play-a-game")
    assert "tu es ici" in _item(french, "00-welcome")
    # the link to the other edition, said in that edition's language
    assert re.search(r'<a class="bt-edition" href="\.\./fr/00-bienvenue\.ipynb" lang="fr" '
                     r'hreflang="fr">Version française</a>', english.editions.value)
    assert re.search(r'<a class="bt-edition" href="\.\./en/00-welcome\.ipynb" lang="en" '
                     r'hreflang="en">English version</a>', french.editions.value)
    assert "00-welcome" not in english.editions.value
    assert english.editions in english.children and french.editions in french.children
    assert "English version" not in html.unescape(french.header.value + french.help.value)


def test_switching_the_language_keeps_the_pages_edition(both: Path,
                                                        store: CourseProgress) -> None:
    page = WelcomePage(both, lang="en", progress=store)
    links = page.editions.value
    page.language.value = "fr"
    assert page.edition == "en" and "Jouer un pli" in _item(page, LESSON)
    assert 'href="03-play-a-trick.ipynb"' in _item(page, LESSON)
    assert page.editions.value == links
    french_page = WelcomePage(both, lang="en", edition="fr", progress=store)
    assert 'href="03-jouer-un-pli.ipynb"' in _item(french_page, LESSON)
    assert "Play a trick" in _item(french_page, LESSON)


def test_the_progress_is_shared_by_the_two_editions(both: Path, store: CourseProgress) -> None:
    """An exercise answered in the French lesson counts on the English welcome page, a
    practice deal played in English on the French one: both editions keep the progress
    by lesson id, scenario id and deal id."""
    french_lesson = exercises(both / "scenarios" / f"{LESSON}.yaml", lang="fr",
                              ids=["lead-any-card"], progress=store)
    french_lesson.click("JS")
    store.record_practice(DEALS[0], lang="en")
    english = WelcomePage(both, lang="en", progress=store)
    french = WelcomePage(both, lang="fr", progress=store)
    assert f"1 of {len(IDS)} exercises done · 1 right at the first try" in \
        _item(english, LESSON)
    assert f"Exercices faits\u00a0: 1 sur {len(IDS)} · justes du premier coup\u00a0: 1" in \
        _item(french, LESSON)
    assert f"1 of {len(DEALS)} practice deals played" in _item(english, "07-practice-hands")
    assert f"Donnes d'entraînement jouées\u00a0: 1 sur {len(DEALS)}" in \
        html.unescape(_item(french, "07-practice-hands"))
    english_lesson = exercises(both / "scenarios" / f"{LESSON}.yaml", lang="en",
                               ids=["follow-suit-diamonds", "lead-any-card"], progress=store)
    assert english_lesson.results == {"lead-any-card": RIGHT}


def test_the_courses_own_page_links_every_lesson_from_any_folder(
        tmp_path: Path, store: CourseProgress, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a course folder (the notebooks' call), the lessons and their exercises are
    the course's own, found in the package wherever the kernel starts (JupyterLite starts
    it in /drive)."""
    monkeypatch.chdir(tmp_path)
    _keep(store, "lead-any-card", RIGHT)
    for lang in ("en", "fr"):
        page = WelcomePage(lang=lang, progress=store)
        assert page.course_dir is None
        for item in COURSE[1:]:
            assert f'href="{item.notebook(lang)}"' in _item(page, item.id), (lang, item.id)
    english = WelcomePage(lang="en", progress=store)
    assert f"1 of {len(IDS)} exercises done · 1 right at the first try" in \
        _item(english, LESSON)
    assert f"0 of {len(DEALS)} practice deals played" in _item(english, "07-practice-hands")


def test_an_unknown_language_is_refused(course: Path, store: CourseProgress) -> None:
    with pytest.raises(ValueError, match="'de'"):
        WelcomePage(course, lang="de", progress=store)


# ------------------------------------------------------------------------- the progress file
def test_the_download_holds_the_progress(course: Path, store: CourseProgress) -> None:
    page = WelcomePage(course, progress=store)
    assert json.loads(_downloaded(page))["lessons"] == {}
    _keep(store, IDS[0], RIGHT)
    page.refresh()
    assert _downloaded(page) == store.export_json()
    assert json.loads(_downloaded(page))["lessons"] == {LESSON: {IDS[0]: RIGHT}}


def test_a_file_picked_is_loaded_and_the_map_redrawn(course: Path, store: CourseProgress,
                                                     tmp_path: Path) -> None:
    _keep(store, IDS[0], RIGHT)
    elsewhere = CourseProgress(tmp_path / "binder")
    _keep(elsewhere, IDS[1], LATE)
    page = WelcomePage(course, progress=store)
    _pick(page, "from-binder.json", elsewhere.export_json().encode("utf-8"))
    assert "Progress loaded from from-binder.json." in page.file_message.value
    assert "bt-ok" in page.file_message.value
    assert page.message.value == ""             # said under the file picker, not at the top
    assert page.upload.value == ()                              # ready for another file
    assert f"2 of {len(IDS)} exercises done" in _item(page, LESSON)   # merged
    assert store.read().record.results(LESSON) == {IDS[0]: RIGHT, IDS[1]: LATE}
    page.load_mode.value = "replace"
    _pick(page, "from-binder.json", elsewhere.export_json().encode("utf-8"))
    assert store.read().record.results(LESSON) == {IDS[1]: LATE}
    assert f"1 of {len(IDS)} exercises done · 0 right" in _item(page, LESSON)


@pytest.mark.parametrize(("content", "fr", "en"), [
    (b"not json at all", "ce n'est pas du JSON valide (le fichier a peut-être été coupé",
     "it is not valid JSON (the file may have been cut short"),
    (json.dumps({"format": "belote-teach saved game"}).encode(),
     "ce n'est pas un fichier belote-teach du type attendu",
     "it is not a belote-teach file of the expected kind"),
    (json.dumps({"format": FORMAT, "version": 1, "lessons": {LESSON: {"a": {
        "solved": "yes", "first_try": False, "tries": 1}}}, "practice": {},
        "games": {"finished": 0, "won": 0}}).encode(),
     "le fichier est incomplet ou contient des valeurs impossibles",
     "the file is incomplete or holds impossible values"),
])
def test_a_bad_file_picked_is_refused_naming_the_problem(
        course: Path, store: CourseProgress, content: bytes, fr: str, en: str,
        caplog: pytest.LogCaptureFixture) -> None:
    _keep(store, IDS[0], RIGHT)
    before = store.read().record
    page = WelcomePage(course, progress=store, lang="fr")
    _pick(page, "mauvais.json", content)
    assert f"mauvais.json n'a pas pu être chargé\u00a0: {fr}" in _said(page)
    assert "Ta progression n'a pas changé." in _said(page)
    assert "bt-bad" in page.file_message.value
    assert store.read().record == before
    assert f"Exercices faits\u00a0: 1 sur {len(IDS)}" in _item(page, LESSON)
    assert "mauvais.json cannot be used" in caplog.text          # the detail is in the log
    page.language.value = "en"                                  # said again in English
    assert f"mauvais.json could not be loaded: {en}" in page.file_message.value
    assert ". Your progress was not changed." in page.file_message.value


def test_impossible_values_are_refused_naming_the_key_and_the_value(
        course: Path, store: CourseProgress) -> None:
    """A hand-edited file with 2,000 unknown exercise ids and 10^12 finished games."""
    _keep(store, IDS[0], RIGHT)
    before = store.read().record
    forged = {"format": FORMAT, "version": 1,
              "lessons": {LESSON: {f"made-up-{n}": RIGHT for n in range(2000)}},
              "practice": {}, "games": {"finished": 10**12, "won": 0}}
    page = WelcomePage(course, progress=store)
    _pick(page, "forged.json", json.dumps(forged).encode("utf-8"))
    said = _said(page)
    assert ("forged.json could not be loaded: the file is incomplete or holds impossible "
            "values (games.finished = 1000000000000). Your progress was not changed.") in said
    assert store.read().record == before
    assert "1000000000000" not in page.header.value + page.course_map.value
    page.language.value = "fr"
    assert "(games.finished = 1000000000000). Ta progression n'a pas changé." in _said(page)


@pytest.mark.parametrize(("field", "value"), [
    ("exported_at", "2026-02-30T10:00:00Z"), ("exported_at", "2999-01-01T00:00:00Z"),
    ("exported_at", "yesterday"), ("tries", 5000), ("tries", 2.5), ("practice", 0),
    ("drills", 10**9)])
def test_each_value_is_checked(course: Path, store: CourseProgress, field: str,
                               value: object) -> None:
    document: dict[str, object] = {"format": FORMAT, "version": 1, "lessons": {},
                                   "practice": {}, "games": {"finished": 0, "won": 0}}
    where = field
    if field == "tries":
        document["lessons"] = {LESSON: {IDS[0]: {"solved": False, "first_try": False,
                                                 "tries": value}}}
        where = f"lessons.{LESSON}.{IDS[0]}.tries"
    elif field == "practice":
        document["practice"] = {DEALS[0]: value}
        where = f"practice.{DEALS[0]}"
    elif field == "drills":
        document["drills"] = {"must-overtrump": value}
        where = "drills.must-overtrump"
    else:
        document[field] = value
    page = WelcomePage(course, progress=store)
    assert not page.load_file(json.dumps(document), "edited.json")
    assert f"({where} = {value!r})" in _said(page)
    assert store.read().record.is_empty


def test_what_this_course_does_not_have_is_left_out_and_listed(course: Path,
                                                              store: CourseProgress) -> None:
    document = {"format": FORMAT, "version": 1,
                "lessons": {LESSON: {IDS[0]: RIGHT, "renamed-since": RIGHT},
                            "99-no-such-lesson": {"x": LATE}},
                "practice": {DEALS[0]: 2, "old-deal": 1}, "games": {"finished": 2, "won": 1},
                "drills": {"must-overtrump": 3, "no-such-drill": 9}}
    page = WelcomePage(course, progress=store)
    assert page.load_file(json.dumps(document), "older.json")
    said = _said(page)
    assert ("Progress loaded from older.json. 5 entries that this course does not have "
            "were left out: 03-play-a-trick/renamed-since, 99-no-such-lesson/x, "
            "practice/old-deal, drill/no-such-drill") not in said     # only 4 are
    assert ("Progress loaded from older.json. 4 entries that this course does not have "
            "were left out: 03-play-a-trick/renamed-since, 99-no-such-lesson/x, "
            "practice/old-deal, drill/no-such-drill.") in said
    record = store.read().record
    assert record.results(LESSON) == {IDS[0]: RIGHT}
    assert dict(record.practice) == {DEALS[0]: 2}
    assert (record.games_finished, record.games_won) == (2, 1)
    assert dict(record.drills) == {"must-overtrump": 3}


def test_reset_asks_first_and_can_be_cancelled(course: Path, store: CourseProgress) -> None:
    _keep(store, IDS[0], RIGHT)
    page = WelcomePage(course, progress=store)
    page.reset_button.click()
    assert page.confirm_box.layout.display == "flex" and page.reset_button.disabled
    assert "This cannot be undone" in page.confirm_text.value
    page.reset_no.click()
    assert page.confirm_box.layout.display == "none" and not page.reset_button.disabled
    assert store.read().record.results(LESSON) == {IDS[0]: RIGHT}
    page.reset_button.click()
    page.reset_yes.click()
    assert store.read().record.is_empty
    assert "Your progress was reset." in page.file_message.value
    assert f"0 of {len(IDS)} exercises done" in _item(page, LESSON)
    assert page.confirm_box.layout.display == "none"


def test_a_damaged_progress_file_is_told_and_set_aside(course: Path,
                                                       store: CourseProgress) -> None:
    store.directory.mkdir(parents=True)
    (store.directory / "course-progress.json").write_text("{damaged", encoding="utf-8")
    page = WelcomePage(course, progress=CourseProgress(store.directory))
    assert "Your progress in the lessons could not be read" in page.message.value
    assert page.file_message.value == ""        # said at the top, where the page opens
    assert list(store.directory.glob("course-progress.corrupt-*.json"))
    assert f"0 of {len(IDS)} exercises done" in _item(page, LESSON)
    page.language.value = "fr"
    assert "Ta progression dans les leçons n'a pas pu être lue" in _said(page)


@pytest.mark.parametrize("path", ["en/00-welcome.ipynb", "fr/00-bienvenue.ipynb"])
def test_the_notebook_shows_the_page_after_its_set_up_cell(path: str) -> None:
    notebook = json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert "import WelcomePage" in "".join(code[0]["source"])
    assert all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)
    assert "WelcomePage(" in "".join(code[-1]["source"])


class _Text(HTMLParser):
    """HTML as text, the way a screen reader or a copy reads it: the text of every node in
    order, a line break after each block (``p``, ``div``, ``li``); no space is added
    between inline elements."""

    BLOCKS = frozenset({"p", "div", "li", "ol", "ul", "h1", "h2", "h3"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    @classmethod
    def lines(cls, page: str) -> list[str]:
        reader = cls()
        reader.feed(page)
        text = "".join(reader.parts).replace("\u00a0", " ")
        return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def test_the_course_map_reads_with_its_pieces_apart(course: Path, store: CourseProgress) -> None:
    for scenario_id in IDS:
        _keep(store, scenario_id, RIGHT)
    page = WelcomePage(course, progress=store, lang="fr", edition="en")
    lines = _Text.lines(page.course_map.value)
    assert "Leçon 3 : Jouer un pli (leçon)" in lines
    assert "Leçon 0 : Bienvenue (tu es ici) (leçon)" in lines
    assert f"Exercices faits : {len(IDS)} sur {len(IDS)} · justes du premier coup : " \
           f"{len(IDS)} ✓ terminée" in lines
    assert "Leçon 1 : Les cartes et les points (en préparation) (leçon)" in lines
    page.language.value = "en"
    assert "Lesson 3: Play a trick (lesson)" in _Text.lines(page.course_map.value)


def test_the_file_picker_shows_its_label_without_a_file_counter(course: Path,
                                                                store: CourseProgress) -> None:
    """ipywidgets 8 writes "<description> (0)" on a FileUpload: the page shows the label
    drawn from the tooltip instead (course.css), the same catalog words in each language."""
    from belote_teach.render.course_map import COURSE_STYLE

    page = WelcomePage(course, progress=store)
    assert "bt-upload" in page.upload._dom_classes
    for lang, label in (("en", "Load a progress file"),
                        ("fr", "Charger un fichier de progression")):
        page.language.value = lang
        assert page.upload.description == page.upload.tooltip == label
    css = re.sub(r"/\*.*?\*/", "", COURSE_STYLE, flags=re.DOTALL)
    hidden = re.search(r"\.bt-welcome \.bt-upload\.widget-upload \{([^}]*)\}", css)
    assert hidden is not None and "font-size: 0" in hidden.group(1)
    shown = re.search(r"\.bt-welcome \.bt-upload\.widget-upload::after \{([^}]*)\}", css)
    assert shown is not None and 'content: attr(title) / ""' in shown.group(1)
