"""Fixtures shared by the course's tests."""

from __future__ import annotations

import pytest

from belote_teach.course import progress


@pytest.fixture(params=["sqlite", "files"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The learner's store the course opens (:func:`progress.open_store`): SQLite, or the
    plain files it takes where there is no ``sqlite3`` (the browser)."""
    if request.param == "files":
        monkeypatch.setattr(progress, "sqlite_works", lambda: False)
    return str(request.param)
