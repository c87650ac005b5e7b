"""Serve the whole course with Voilà, opening on the welcome page (``make run``).

Voilà serving a directory shows a file list at ``/`` and each notebook as an app at
``/voila/render/<path>``. A learner should land on the course map instead: this launcher
is Voilà's own application with a few more routes: ``/`` redirecting to the welcome
lesson of the English edition (:data:`WELCOME`), ``/fr`` to the French edition's
(:data:`WELCOME_FR`). Every other URL is Voilà's, so the welcome page's relative links
open each lesson app in the same server, and the file list stays at ``/voila/tree``.

    python -m belote_teach.course_server notebooks --port=8866 --no-browser

Arguments are Voilà's (``voila --help-all``); the first positional one is the directory
served (default: the current directory).
"""

from __future__ import annotations

from tornado.web import RedirectHandler
from traitlets.config import Config
from voila.app import Voila

from belote_teach.course import COURSE

__all__ = ["KERNEL_CULLING", "TEMPLATE", "WELCOME", "WELCOME_FR", "CourseVoila", "main"]

#: The page ``/`` opens, relative to the served directory (lesson 00 of the course,
#: English edition): ``en/00-welcome.ipynb``.
WELCOME = f"en/{COURSE[0].notebook('en')}"
#: The page ``/fr`` opens: the French edition's welcome page, ``fr/00-bienvenue.ipynb``.
WELCOME_FR = f"fr/{COURSE[0].notebook('fr')}"


#: Kernels of closed pages are shut down after this many seconds without activity
#: (Voilà's own shutdown request on page close is refused with a 403, voila issue 1458,
#: so without culling every visit of a lesson would leave a kernel running). A page that
#: is open keeps its kernel: connected kernels are never culled. Options given on the
#: command line override these.
KERNEL_CULLING = Config({"MappingKernelManager": {
    "cull_idle_timeout": 300, "cull_interval": 60, "cull_connected": False}})


#: The course's Voilà template, ``belote-teach`` (``share/jupyter/voila/templates/``,
#: installed with the package): Voilà's lab template with the page's language taken from
#: the notebook's metadata (``<html lang="fr">`` for the French edition, so that a screen
#: reader reads it in French). Under ``jupyter server`` (Binder, JupyterHub) the same
#: template is selected by ``etc/jupyter/voila.json`` (installed into ``sys.prefix``).
TEMPLATE = Config({"VoilaConfiguration": {"template": "belote-teach"}})


class CourseVoila(Voila):
    """Voilà serving the course directory, with ``/`` redirected to :data:`WELCOME` and
    ``/fr`` to :data:`WELCOME_FR`.

    Raises:
        traitlets.TraitError: a bad Voilà option, as ``voila`` itself would.
    """

    name = "belote-teach"
    description = "Serve the belote-teach course with Voilà, opening on the welcome page."

    def initialize(self, argv: list[str] | None = None) -> None:
        """Voilà's initialisation with :data:`KERNEL_CULLING` and :data:`TEMPLATE` as
        defaults (the command line, read by ``super().initialize``, overrides them)."""
        self.update_config(KERNEL_CULLING)
        self.update_config(TEMPLATE)
        super().initialize(argv)

    def init_handlers(self) -> list:
        """Voilà's routes, preceded by the redirection of ``/`` (and ``/voila``) to the
        welcome page and of ``/fr`` (and ``/fr/``) to the French welcome page when a
        directory is served (a single notebook keeps Voilà's routes)."""
        handlers = list(super().init_handlers())
        if self.notebook_path:
            return handlers
        root = self.server_url.rstrip("/")
        # the course map may move: temporary redirections
        redirect = {"url": f"{root}/voila/render/{WELCOME}", "permanent": False}
        redirect_fr = {"url": f"{root}/voila/render/{WELCOME_FR}", "permanent": False}
        return [(rf"{root}/?", RedirectHandler, redirect),
                (rf"{root}/voila/?", RedirectHandler, redirect),
                (rf"{root}/fr/?", RedirectHandler, redirect_fr), *handlers]


#: Start the course server from the command line (``python -m belote_teach.course_server``).
main = CourseVoila.launch_instance

if __name__ == "__main__":
    main()
