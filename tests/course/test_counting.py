"""A finished deal counted together with its save (belote_teach.course.counting): both
kept or neither, in the SQLite store the course uses, in its plain files and in
memory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from belote_teach.course.counting import count_with_save
from belote_teach.course.store import LearnerStore, MemoryStore
from belote_teach.course.store_files import FileStore
from belote_teach.course.store_sqlite import SqliteStore

SAVED = "practice/practice"


def _stores(tmp_path: Path) -> list[LearnerStore]:
    return [SqliteStore(tmp_path), FileStore(tmp_path), MemoryStore()]


def _count(store: LearnerStore, problem: str | None = None) -> Callable[[], str | None]:
    def record() -> str | None:
        store.append("practice", "charge-your-partner")
        return problem
    return record


def _save(store: LearnerStore, saved: bool) -> Callable[[], bool]:
    def save() -> bool:
        store.put_document(SAVED, '{"counted": true}')
        return saved
    return save


def _kept(store: LearnerStore) -> tuple[int, str | None]:
    return len(store.actions(["practice"])), store.document(SAVED)


@pytest.mark.parametrize("which", [0, 1, 2])
def test_both_are_kept_when_both_work(tmp_path: Path, which: int) -> None:
    store = _stores(tmp_path)[which]
    assert count_with_save(store, _count(store), _save(store, True), saved_in=store)
    assert _kept(store) == (1, '{"counted": true}')


@pytest.mark.parametrize("which", [0, 1, 2])
@pytest.mark.parametrize("fails", ["save refused", "count refused", "kernel gone"])
def test_neither_is_kept_when_one_fails(tmp_path: Path, which: int, fails: str) -> None:
    """A save refused (another page holds the hand), a count that cannot be logged, or
    the process stopped between the two (an exception out of the save): nothing of
    either is kept."""
    store = _stores(tmp_path)[which]
    record = _count(store, "the disk is full" if fails == "count refused" else None)
    save = _save(store, fails != "save refused")
    if fails == "kernel gone":
        def save() -> bool:
            store.put_document(SAVED, '{"counted": true}')
            raise KeyboardInterrupt
        with pytest.raises(KeyboardInterrupt):
            count_with_save(store, record, save, saved_in=store)
    else:
        assert not count_with_save(store, record, save, saved_in=store)
    assert _kept(store) == (0, None)
    if which < 2:                                   # on disk too: a new store
        assert _kept(_stores(tmp_path)[which]) == (0, None)


def test_two_stores_are_written_one_after_the_other(tmp_path: Path) -> None:
    """The save in another store than the count: both written, each on its own."""
    counts, saves = MemoryStore(), MemoryStore()
    assert count_with_save(counts, _count(counts), _save(saves, False), saved_in=saves)
    assert _kept(counts)[0] == 1 and _kept(saves)[1] is not None
    assert not count_with_save(counts, _count(counts, "busy"), _save(saves, True),
                               saved_in=saves)
    assert _kept(counts)[0] == 2
