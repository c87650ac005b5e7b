"""Serve the whole course with Voilà, opening on the welcome page (``make run``).

Voilà serving a directory shows a file list at ``/`` and each notebook as an app at
``/voila/render/<path>``. A learner should land on the course map instead: this launcher
is Voilà's own application with a few more routes: ``/`` redirecting to the welcome
lesson of the English edition (:data:`WELCOME`), ``/fr`` to the French edition's
(:data:`WELCOME_FR`). Every other URL is Voilà's, so the welcome page's relative links
open each lesson app in the same server, and the file list stays at ``/voila/tree``.

    python -m belote_teach.serve.server notebooks --port=8866 --no-browser

Arguments are Voilà's (``voila --help-all``); the first positional one is the directory
served (default: the current directory).

Fast start: each notebook of :data:`POOLS` gets a kernel prepared in advance
(Voilà's preheated kernels, :data:`PREHEAT`), one kernel at a time whenever the server is
quiet, the welcome pages first. A learner opening a lesson is handed a kernel that has
already started, imported the course and drawn the lesson's first examples; the kernel
stopped at the first read of the learner's data (their progress, their saved game:
:mod:`belote_teach.course.arrival`) and runs the rest of the notebook for them, so the page
shows the progress on disk when it is opened, never the one of the moment the kernel was
prepared. ``benchmarks/start.py`` measures it in a real browser.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType

from tornado.ioloop import IOLoop
from tornado.web import RedirectHandler
from traitlets import Dict, Int
from traitlets.config import Config
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler

from belote_teach.course.lessons import COURSE
from belote_teach.explain import LANGUAGES

__all__ = ["HEAT_TIMEOUT", "KERNEL_CULLING", "POOLS", "PREHEAT", "QUIET_SECONDS", "QUIET_WAIT",
           "TEMPLATE", "WELCOME", "WELCOME_FR", "CourseVoila", "main"]

#: The page ``/`` opens, relative to the served directory (lesson 00 of the course,
#: English edition): ``en/00-welcome.ipynb``.
WELCOME = f"en/{COURSE[0].notebook('en')}"
#: The page ``/fr`` opens: the French edition's welcome page, ``fr/00-bienvenue.ipynb``.
WELCOME_FR = f"fr/{COURSE[0].notebook('fr')}"


#: The safety net for kernels whose page is gone: shut down after this many seconds
#: without activity. A page that is left shuts its own kernel down: Voilà's front end asks
#: for it on "beforeunload", with the ``_xsrf`` cookie that the course's template sets
#: (:data:`TEMPLATE`; without that cookie Voilà's server refuses the shutdown request).
#: What that misses is culled: a page left before its widgets were drawn (its front end
#: not connected yet), a tab the browser discards or a browser that crashes (no
#: "beforeunload"), a request lost with the network. A page that is open keeps its
#: kernel: connected kernels are never culled, nor are the kernels waiting in a pool of
#: :data:`PREHEAT` (Voilà's pooling kernel manager skips them), and a kernel handed from its
#: pool to a page is idle from that moment only (:meth:`CourseVoila._hand_over`).
#: Options given on the command line override these.
KERNEL_CULLING = Config({"MappingKernelManager": {
    "cull_idle_timeout": 300, "cull_interval": 60, "cull_connected": False}})


#: The course's Voilà template, ``belote-teach`` (``share/jupyter/voila/templates/``,
#: installed with the package): Voilà's lab template with the page's language taken from
#: the notebook's metadata (``<html lang="fr">`` for the French edition, so that a screen
#: reader reads it in French), and the ``_xsrf`` cookie that lets a page left shut its
#: kernel down, among other repairs. Under ``jupyter server`` (Binder, JupyterHub) the
#: same template is selected by ``etc/jupyter/voila.json``, which Voilà's server extension
#: reads too.
TEMPLATE = Config({"VoilaConfiguration": {"template": "belote-teach"}})


def _pools() -> dict[str, int]:
    """Every notebook of the course, one kernel each: both welcome pages, then the
    lessons in course order, each in both editions."""
    welcome, *lessons = COURSE
    order = [f"{lang}/{welcome.notebook(lang)}" for lang in LANGUAGES]
    order += [f"{lang}/{item.notebook(lang)}" for item in lessons for lang in LANGUAGES]
    return dict.fromkeys(order, 1)


#: The kernels prepared in advance, per notebook (a path under the served directory), in
#: the order they are prepared: one for each of the course's 18 notebooks, welcome pages
#: first, then the lessons in course order (a learner goes through them in that order),
#: English and French side by side. One each is enough for one learner (``make run``): a
#: kernel handed over is replaced once the server is quiet again. A prepared kernel holds
#: 65 to 185 MiB resident (benchmarks/start.py prints the figures): some 1.5 GiB in all.
POOLS: Mapping[str, int] = MappingProxyType(_pools())

#: Seconds without any kernel activity (no page being run or drawn, no learner clicking)
#: before the next kernel is prepared: on 2 cores, preparing one while a learner's page
#: comes up would slow that page down.
QUIET_SECONDS = 2.0
#: Seconds a kernel waits for that quiet at most (a game of the computer players is never
#: quiet for long): then it is prepared anyway.
QUIET_WAIT = 30.0
#: Seconds a kernel may take to be prepared before the next one is started anyway.
HEAT_TIMEOUT = 60.0

#: Voilà's preheated kernels, on, with Voilà's own filling of the pools off
#: (``default_pool_size`` 0: it would start the 18 kernels at once, and the welcome page
#: would wait for all of them on 2 cores, then refill each pool a second after its kernel
#: is taken, while the learner's page is still coming up). :class:`CourseVoila` fills
#: :data:`POOLS` itself, one kernel at a time and when the server is quiet.
#: ``--VoilaConfiguration.preheat_kernel=False`` turns it off (needed with
#: ``progressive_rendering``, which Voilà refuses with preheated kernels).
PREHEAT = Config({"VoilaConfiguration": {"preheat_kernel": True, "default_pool_size": 0}})


class CourseVoila(Voila):
    """Voilà serving the course directory, with ``/`` redirected to :data:`WELCOME` and
    ``/fr`` to :data:`WELCOME_FR`, and kernels prepared in advance for the notebooks of
    :attr:`pools` (when Voilà's ``preheat_kernel`` is on, :data:`PREHEAT`).

    Raises:
        traitlets.TraitError: a bad Voilà option, as ``voila`` itself would.
    """

    name = "belote-teach"
    description = "Serve the belote-teach course with Voilà, opening on the welcome page."

    pools = Dict(value_trait=Int(), default_value=dict(POOLS), config=True,
                 help="Kernels prepared in advance per notebook (a path under the served "
                      "directory), filled in this order once the server listens "
                      "(default: POOLS, one per notebook of the course). On the command "
                      "line: --CourseVoila.pools en/03-play-a-trick.ipynb=2, once per "
                      "notebook; --VoilaConfiguration.preheat_kernel=False for none.")

    def initialize(self, argv: list[str] | None = None) -> None:
        """Voilà's initialisation with :data:`KERNEL_CULLING`, :data:`TEMPLATE` and
        :data:`PREHEAT` as defaults (the command line, read by ``super().initialize``,
        overrides them)."""
        self.update_config(KERNEL_CULLING)
        self.update_config(TEMPLATE)
        self.update_config(PREHEAT)
        super().initialize(argv)

    def init_settings(self) -> dict:
        """Voilà's settings and kernel manager, with the hand-over of a prepared kernel
        counted as that kernel's activity (:meth:`_hand_over`) when kernels are prepared
        in advance."""
        settings = super().init_settings()
        if self.voila_configuration.preheat_kernel:
            manager = self.kernel_manager
            self._voila_hand_over = manager.get_rendered_notebook
            manager.get_rendered_notebook = self._hand_over
        return settings

    async def _hand_over(self, notebook_name: str, **kwargs: object) -> tuple:
        """Voilà's hand-over of a prepared kernel of ``notebook_name`` to the page being
        opened, the kernel then marked active. Jupyter's culler counts a kernel's idle
        time from its last activity, which for a kernel that waited in its pool (where it
        is never culled) is the end of its preparation, minutes ago: without this, the
        kernel could be culled before the page's front end connects to it (a page with
        no widgets, its kernel shut down)."""
        rendering, rendered, kernel_id = await self._voila_hand_over(
            notebook_name=notebook_name, **kwargs)
        now = datetime.now(timezone.utc)
        self.kernel_manager.get_kernel(kernel_id).last_activity = now
        self.kernel_manager.last_kernel_activity = now
        return rendering, rendered, kernel_id

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

    def listen(self) -> None:
        """Voilà's listening (it runs the event loop until the server stops), with the
        filling of :attr:`pools` scheduled first when kernels are prepared in advance."""
        if self.voila_configuration.preheat_kernel and not self.notebook_path:
            self.start_filling()
            IOLoop.current().add_callback(self.fill_pools)
        super().listen()

    def start_filling(self) -> None:
        """Queue the notebooks of :attr:`pools` in order, and Voilà's refills too: Voilà
        asks for one (``VoilaKernelManager.fill_if_needed``) when it hands a prepared
        kernel over; it goes first in the queue, before notebooks never prepared yet."""
        manager = self.kernel_manager
        self._voila_fill = manager.fill_if_needed
        manager.fill_if_needed = self._refill
        self._queued: deque[str] = deque(name for name, size in self.pools.items() if size)
        self._filling = True                 # fill_pools is scheduled by listen

    def _refill(self, delay: float | None = None, notebook_name: str | None = None,
                **kwargs: object) -> None:
        """Voilà's refill of ``notebook_name``'s pool, queued first (Voilà's ``delay``
        gives way to :meth:`_until_quiet`)."""
        if notebook_name is None:
            return
        if notebook_name in self._queued:
            self._queued.remove(notebook_name)
        self._queued.appendleft(notebook_name)
        if not self._filling:
            self._filling = True
            self._filler = asyncio.get_running_loop().create_task(self.fill_pools())

    async def fill_pools(self) -> None:
        """Fill the pools of the queued notebooks, one kernel at a time: each once the
        server is quiet (:meth:`_until_quiet`), and prepared (:meth:`_until_prepared`)
        before the next one is started, so that a learner's page shares the 2 cores with
        one kernel being prepared at most, and never does for long. A notebook missing
        from the served directory is skipped with a warning. Returns when the queue is
        empty (a refill starts it again)."""
        self._filling = True
        manager = self.kernel_manager
        try:
            while self._queued:
                notebook = self._queued.popleft()
                if not (Path(self.root_dir) / notebook).is_file():
                    self.log.warning("No kernel prepared for %s: no such notebook in %s",
                                     notebook, self.root_dir)
                    continue
                await self._until_quiet()
                started = asyncio.get_running_loop().time()
                manager.kernel_pools_config[notebook] = {"pool_size": self.pools[notebook]}
                self._voila_fill(delay=0, notebook_name=notebook)
                # voila 0.5 keeps a notebook's pool as a list of tasks, each giving a kernel
                for task in list(manager._pools.get(notebook, ())):
                    await self._until_prepared(task)
                self.log.debug("Kernel(s) prepared for %s in %.1f s", notebook,
                               asyncio.get_running_loop().time() - started)
        finally:
            self._filling = False

    async def _until_quiet(self) -> None:
        """Return once no kernel of the server did anything for :data:`QUIET_SECONDS`
        (Jupyter's ``last_kernel_activity``), or after :data:`QUIET_WAIT` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + QUIET_WAIT
        while True:
            last = self.kernel_manager.last_kernel_activity      # UTC, as Jupyter's
            quiet = (datetime.now(timezone.utc) - last).total_seconds()
            left = min(QUIET_SECONDS - quiet, deadline - loop.time())
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def _until_prepared(self, pooled: asyncio.Future) -> None:
        """Return once the pooled kernel of ``pooled`` (a task of Voilà's pool) is
        prepared: waiting for its learner (connected to Voilà's request websocket), done
        with its notebook, handed to a learner meanwhile, failed, or after
        :data:`HEAT_TIMEOUT` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HEAT_TIMEOUT
        await asyncio.wait({pooled}, timeout=HEAT_TIMEOUT)
        if not pooled.done() or pooled.cancelled() or pooled.exception() is not None:
            return
        kernel_id = pooled.result()["kernel_id"]
        rendering = pooled.result()["task"]
        while (not rendering.done() and loop.time() < deadline
               and kernel_id not in RequestInfoSocketHandler._waiters):
            await asyncio.sleep(0.1)


#: Start the course server from the command line (``python -m belote_teach.serve.server``).
main = CourseVoila.launch_instance

if __name__ == "__main__":
    main()
