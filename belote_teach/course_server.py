"""Serve the whole course with Voilà, opening on the welcome page (``make run``).

Voilà serving a directory shows a file list at ``/`` and each notebook as an app at
``/voila/render/<path>``. A learner should land on the course map instead: this launcher
is Voilà's own application with one more route, ``/`` redirecting to the welcome lesson
(:data:`WELCOME`). Every other URL is Voilà's, so the welcome page's relative links open
each lesson app in the same server, and the file list stays at ``/voila/tree``.

    python -m belote_teach.course_server notebooks --port=8866 --no-browser

Arguments are Voilà's (``voila --help-all``); the first positional one is the directory
served (default: the current directory).
"""

from __future__ import annotations

from tornado.web import RedirectHandler
from voila.app import Voila

__all__ = ["WELCOME", "CourseVoila", "main"]

#: The page ``/`` opens, relative to the served directory (lesson 00 of the course).
WELCOME = "en/00-welcome.ipynb"


class CourseVoila(Voila):
    """Voilà serving the course directory, with ``/`` redirected to :data:`WELCOME`.

    Raises:
        traitlets.TraitError: a bad Voilà option, as ``voila`` itself would.
    """

    name = "belote-teach"
    description = "Serve the belote-teach course with Voilà, opening on the welcome page."

    def init_handlers(self) -> list:
        """Voilà's routes, preceded by the redirection of ``/`` (and ``/voila``) to the
        welcome page when a directory is served (a single notebook keeps Voilà's routes)."""
        handlers = list(super().init_handlers())
        if self.notebook_path:
            return handlers
        target = f"{self.server_url.rstrip('/')}/voila/render/{WELCOME}"
        root = self.server_url.rstrip("/")
        redirect = {"url": target, "permanent": False}   # the course map may move
        return [(rf"{root}/?", RedirectHandler, redirect),
                (rf"{root}/voila/?", RedirectHandler, redirect), *handlers]


#: Start the course server from the command line (``python -m belote_teach.course_server``).
main = CourseVoila.launch_instance

if __name__ == "__main__":
    main()
