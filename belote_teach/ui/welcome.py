"""The welcome page (``notebooks/en/00-welcome.ipynb`` and
``notebooks/fr/00-bienvenue.ipynb``): the course map with the learner's progress in every
lesson and a link opening each lesson app of the page's edition, the link to the other
edition's welcome page, how to use the apps, an EN / FR switch that redraws the page, and
the progress file: download it, load one (added to the progress or replacing it), or
reset the progress after a confirmation. The progress is the same in both editions (kept
by lesson id and scenario id, see :mod:`belote_teach.course.lessons`).

A thin controller: the progress comes from
:class:`~belote_teach.course.progress.CourseProgress`, the map's lines from
:func:`~belote_teach.course.overview.course_overview`, the HTML from
:mod:`belote_teach.render.course_map`, the words from the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import ipywidgets as widgets

from belote_teach import explain, render
from belote_teach.course.errors import InvalidProgressError
from belote_teach.course.files import FileProblem
from belote_teach.course.overview import course_ids, course_overview
from belote_teach.course.progress import IMPORT_MODES, CourseProgress, ProgressRead
from belote_teach.render.course_map import (
    COURSE_STYLE,
    course_map_html,
    download_link_html,
    edition_links_html,
    help_html,
    overall_text,
)
from belote_teach.render.html import escape
from belote_teach.ui.language import language_toggle, resolve_language

__all__ = ["WelcomePage"]

#: The id of this page on the course map.
HERE = "00-welcome"
#: How many of the entries an imported file named beyond this course are listed.
_LEFT_OUT_SHOWN = 5


class WelcomePage(widgets.VBox):
    """The course map, the help and the progress file, in one widget.

    Args:
        course_dir: ``None`` (the default): the course's own lessons and data (found in
            the package wherever the kernel starts), every lesson linked; or a course
            folder of one's own holding ``en/``, ``fr/`` (a lesson whose notebook is
            missing is shown without a link), ``scenarios/`` and ``deals/``
            (:func:`~belote_teach.course.overview.course_overview`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language
            (:func:`~belote_teach.ui.language.use_language`). The learner can switch.
        edition: the edition the page belongs to, ``"en"`` or ``"fr"``: its lessons are
            linked (``../<edition>/``), and the other edition's welcome page
            is linked at the top. ``None``: the page's first language. Switching the
            language changes the words, not the edition.
        progress: the progress store (default: the learner's data directory).

    Raises:
        UnknownLanguageError: ``lang`` or ``edition`` is not ``"en"`` or ``"fr"``.

    Attributes:
        language: the EN / FR toggle (set ``.value`` to switch).
        edition: the edition of the page (fixed).
        editions: the links to the other edition's welcome page (HTML).
        course_map: the lessons with their progress (HTML).
        message: at the top of the page, a damaged progress file set aside, in the
            page's language; empty when there is nothing to say.
        file_message: right under the file picker, above the reset button, where the
            learner acted: a file loaded or refused, a reset. One of the two says what
            happened last, the other is empty.
        download: the link downloading the progress file (HTML).
        upload: the file picker of a progress file to load, labelled by the catalog's
            ``welcome.load`` (its tooltip too: the page shows no file counter).
        load_mode: ``"merge"`` (add to the progress) or ``"replace"``.
        reset_button: asks to reset the progress; ``reset_yes`` / ``reset_no`` in
            ``confirm_box`` (shown only while asking) answer.
    """

    def __init__(self, course_dir: str | Path | None = None, *, lang: str | None = None,
                 edition: str | None = None,
                 progress: CourseProgress | None = None) -> None:
        lang = resolve_language(lang)
        self.edition = lang if edition is None else resolve_language(edition)
        self.course_dir = None if course_dir is None else Path(course_dir)
        self.store = progress if progress is not None else CourseProgress()
        self.lang = lang
        self._notice: tuple[str, str, dict[str, object]] | ProgressRead | None = None

        self.style_sheet = widgets.HTML(f"<style>{render.STYLE}\n{COURSE_STYLE}</style>")
        self.header = widgets.HTML()
        self.editions = widgets.HTML(edition_links_html(self.edition))
        self.language = language_toggle(lang)
        self.message = widgets.HTML()
        self.file_message = widgets.HTML()
        self.map_title = widgets.HTML()
        self.course_map = widgets.HTML()
        self.help = widgets.HTML()
        self.keep = widgets.HTML()
        self.download = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         icon="upload", layout=widgets.Layout(width="auto"))
        # ipywidgets writes "<description> (0)" on the button: course.css shows the label
        # alone, drawn from the tooltip, so that no file counter reads as a bug
        self.upload.add_class("bt-upload")
        self.load_mode = widgets.ToggleButtons(value="merge", options=list(IMPORT_MODES),
                                               style={"button_width": "auto"})
        self.reset_button = widgets.Button(icon="trash", layout=widgets.Layout(width="auto",
                                                                            margin="8px 0 0 0"))
        self.confirm_text = widgets.HTML()
        self.reset_yes = widgets.Button(button_style="danger",
                                        layout=widgets.Layout(width="auto"))
        self.reset_no = widgets.Button(layout=widgets.Layout(width="auto"))
        self.confirm_box = widgets.VBox(
            [self.confirm_text, widgets.HBox([self.reset_yes, self.reset_no])],
            layout=widgets.Layout(display="none"))

        self.language.observe(self._on_language, names="value")
        self.upload.observe(self._on_upload, names="value")
        self.reset_button.on_click(lambda _: self.ask_reset())
        self.reset_yes.on_click(lambda _: self.confirm_reset())
        self.reset_no.on_click(lambda _: self.cancel_reset())

        top = widgets.HBox([self.header, self.language],
                           layout=widgets.Layout(justify_content="space-between",
                                                 align_items="flex-start"))
        self.header.layout.flex = "1 1 auto"
        files = widgets.HBox([self.upload, self.load_mode],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                   margin="8px 0 0 0"))
        super().__init__([self.style_sheet, self.editions, top, self.message, self.map_title,
                          self.course_map, self.help, self.keep, self.download, files,
                          self.file_message, widgets.HBox([self.reset_button]),
                          self.confirm_box],
                         layout=widgets.Layout(max_width="860px"))
        self.add_class("bt-welcome")
        self.refresh()

    # ------------------------------------------------------------------ learner actions
    def refresh(self) -> None:
        """Read the progress again and redraw the whole page in :attr:`lang`. A damaged
        progress file is set aside by the store and said in :attr:`message`."""
        found = self.store.read(lang=self.lang)
        if found.problem is not None:
            self._notice = found
        self._draw(found)

    def load_file(self, content: bytes | str, name: str) -> bool:
        """Load a progress file (what picking a file in :attr:`upload` does), merged with
        the progress or replacing it as :attr:`load_mode` says.

        Args:
            content: the file's content (JSON, UTF-8).
            name: the file's name, for the message.

        Returns:
            True when loaded; False when refused (the message names the problem and the
            progress is unchanged).
        """
        try:
            done = self.store.import_json(content, mode=self.load_mode.value, lang=self.lang,
                                          known=course_ids(self.course_dir))
        except (InvalidProgressError, OSError) as err:
            cause = (err.problem() if isinstance(err, InvalidProgressError)
                     else FileProblem.of_error(err))
            cause.log(Path(name))
            where = err.where if isinstance(err, InvalidProgressError) else None
            values: dict[str, object] = {"name": name, "reason": cause}
            if where is not None:
                assert isinstance(err, InvalidProgressError)
                values.update(where=where, value=err.value)
            self._notice = ("bad", "load_failed" if where is None else "load_failed_at",
                            values)
            self._draw(self.store.read(lang=self.lang))
            return False
        if done.left_out:
            shown = ", ".join(done.left_out[:_LEFT_OUT_SHOWN])
            more = len(done.left_out) - _LEFT_OUT_SHOWN
            self._notice = ("ok", "loaded_left_out",
                            {"name": name, "count": len(done.left_out),
                             "ids": shown + (f", … (+{more})" if more > 0 else "")})
        else:
            self._notice = ("ok", "loaded", {"name": name})
        self._draw(self.store.read(lang=self.lang))
        return True

    def ask_reset(self) -> None:
        """Show the confirmation of a reset (nothing is erased yet)."""
        self.confirm_box.layout.display = "flex"
        self.reset_button.disabled = True

    def confirm_reset(self) -> None:
        """Erase the progress (the learner confirmed) and redraw."""
        self.store.reset()
        self.cancel_reset()
        self._notice = ("ok", "reset_done", {})
        self._draw(self.store.read(lang=self.lang))

    def cancel_reset(self) -> None:
        """Hide the confirmation; nothing is erased."""
        self.confirm_box.layout.display = "none"
        self.reset_button.disabled = False

    # ------------------------------------------------------------------ events
    def _on_language(self, change: Mapping[str, object]) -> None:
        self.lang = str(change["new"])
        self._draw(self.store.read(lang=self.lang))

    def _on_upload(self, change: Mapping[str, object]) -> None:
        files = change["new"]
        if not files:
            return                      # the picker was cleared below
        assert isinstance(files, (tuple, list))
        picked = files[0]
        self.load_file(bytes(picked["content"]), str(picked["name"]))
        self.upload.value = ()          # ready for the same file again

    # ------------------------------------------------------------------ drawing
    def _notice_html(self) -> str:
        notice = self._notice
        if notice is None:
            return ""
        if isinstance(notice, ProgressRead):
            text = notice.problem_in(self.lang)
            return render.message_html("bad", text) if text else ""
        kind, key, values = notice      # a file's problem is worded in the page's language
        count = values.get("count")
        if isinstance(count, int):
            key = explain.plural_key(key, count, self.lang)
        worded = {name: value.told(self.lang) if isinstance(value, FileProblem) else value
                  for name, value in values.items()}
        return render.message_html(kind, explain.say(f"welcome.{key}", self.lang, **worded))

    def _draw(self, found: ProgressRead) -> None:
        lang = self.lang
        lines = course_overview(found.record, self.course_dir, lang=self.edition)
        self.header.value = (f"<h1>{escape(explain.say('welcome.title', lang))}</h1>"
                             f"<p class='bt-intro'>{escape(explain.say('welcome.intro', lang))}</p>"
                             f"<p class='bt-overall'>{escape(overall_text(lines, lang))}</p>")
        worded = self._notice_html()            # one notice, where the learner looks
        near_files = isinstance(self._notice, tuple)    # a file loaded, refused, a reset
        self.message.value = "" if near_files else worded
        self.file_message.value = worded if near_files else ""
        self.map_title.value = f"<h2>{escape(explain.say('welcome.map_title', lang))}</h2>"
        self.course_map.value = course_map_html(lines, lang, here=HERE, edition=self.edition)
        self.help.value = (f"<h2>{escape(explain.say('welcome.help_title', lang))}</h2>"
                           f"{help_html(lang)}")
        self.keep.value = (f"<h2>{escape(explain.say('welcome.keep_title', lang))}</h2>"
                           f"<p>{escape(explain.say('welcome.keep_help', lang))}</p>")
        self.download.value = download_link_html(found.record.to_json(), lang)
        self.upload.description = explain.say("welcome.load", lang)
        self.upload.tooltip = self.upload.description      # the label course.css shows
        mode = self.load_mode.value
        self.load_mode.options = [(explain.say(f"welcome.load_{m}", lang), m) for m in IMPORT_MODES]
        self.load_mode.value = mode
        self.reset_button.description = explain.say("welcome.reset", lang)
        confirm = explain.say("welcome.reset_confirm", lang)
        self.confirm_text.value = f"<p><b>{escape(confirm)}</b></p>"
        self.reset_yes.description = explain.say("welcome.reset_yes", lang)
        self.reset_no.description = explain.say("welcome.reset_no", lang)
