"""Shared by the tests, the doctests and the notebooks that pytest runs: saved games
and progress go to a temporary folder (``BELOTE_TEACH_DATA``, read by
:class:`belote_teach.course.saved_games.GameStore`), never to the user's data directory. Set at
import, so the notebook kernels that nbval starts inherit it."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

_DATA = tempfile.mkdtemp(prefix="belote-teach-test-data-")
os.environ["BELOTE_TEACH_DATA"] = _DATA
atexit.register(shutil.rmtree, _DATA, ignore_errors=True)
