"""Every backend of the learner's store keeps the same record the same way
(belote_teach.course.store.LearnerStore): in memory, in SQLite and in plain files. The
log's numbers, the resets, transactions (undone by an exception, nested ones joining the
outer), documents and documents set aside, bad input refused with nothing kept; the file
backends read back by a new store on the same folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from belote_teach.course.errors import StoreValueError
from belote_teach.course.store import RESET, LearnerStore, MemoryStore
from belote_teach.course.store_files import FileStore
from belote_teach.course.store_sqlite import SqliteStore

Opener = Callable[[], LearnerStore]


@pytest.fixture(params=["memory", "sqlite", "files"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens the learner's store of one place: a new store object on the same folder for
    the file backends (as a reload does), the same object in memory."""
    if request.param == "memory":
        memory = MemoryStore()
        return lambda: memory
    kind = SqliteStore if request.param == "sqlite" else FileStore
    return lambda: kind(tmp_path)


def _seen(store: LearnerStore, kinds: tuple[str, ...] = ("answer", "drill"),
          scope: str | None = None) -> list[tuple[int, str, str, str, dict[str, object]]]:
    return [(a.number, a.kind, a.scope, a.item, dict(a.data))
            for a in store.actions(kinds, scope)]


def test_actions_are_numbered_in_order_and_read_by_kind_and_scope(opener: Opener) -> None:
    store = opener()
    assert store.actions(["answer"]) == [] and store.document_names() == ()
    assert store.append("answer", "03", "lead", {"solved": False, "n": [1, "é"]}) == 1
    assert store.append("drill", "must-overtrump", "page") == 2
    assert store.append("answer", "05", "made", {"solved": True}) == 3
    again = opener()
    assert _seen(again) == [(1, "answer", "03", "lead", {"solved": False, "n": [1, "é"]}),
                            (2, "drill", "must-overtrump", "page", {}),
                            (3, "answer", "05", "made", {"solved": True})]
    assert _seen(again, ("answer",), "05") == [(3, "answer", "05", "made", {"solved": True})]
    assert again.actions([]) == [] and again.actions(["other"]) == []
    action = again.actions(["drill"])[0]
    assert action.at.endswith("Z") and len(action.at) == 24
    with pytest.raises(TypeError):
        action.data["x"] = 1                                    # type: ignore[index]


def test_only_the_actions_after_the_last_reset_count(opener: Opener) -> None:
    store = opener()
    store.append("answer", "03", "a")
    store.append(RESET, "", "", {"why": "reset"})
    store.append("answer", "03", "b")
    store.append(RESET, "", "")
    assert opener().actions(["answer", RESET]) == []
    assert store.append("answer", "03", "c") == 5
    assert _seen(opener()) == [(5, "answer", "03", "c", {})]


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.append("", "x"), "action kind ''"),
    (lambda s: s.append("answer", "x" * 201), "action scope 'xxx"),
    (lambda s: s.append("answer", "x", 3), "action item 3"),
    (lambda s: s.append("answer", "x", "", ["a"]), "expected a mapping"),
    (lambda s: s.append("answer", "x", "", {"bad": object()}), "not plain JSON"),
    (lambda s: s.append("answer", "x", "", {"nan": float("nan")}), "not plain JSON"),
    (lambda s: s.put_document("", "x"), "document name ''"),
    (lambda s: s.put_document("game/x", b"{}"), "expected a text"),
])
def test_bad_input_is_refused_and_nothing_kept(opener: Opener,
                                               call: Callable[[LearnerStore], object],
                                               message: str) -> None:
    store = opener()
    with pytest.raises(StoreValueError, match=message):
        call(store)
    assert opener().actions(["answer"]) == [] and opener().document_names() == ()


def test_an_exception_in_a_transaction_keeps_nothing_of_it(opener: Opener) -> None:
    store = opener()
    store.append("answer", "03", "kept")
    store.put_document("game/kept", "1")
    store.put_document("game/aside", "2")
    with pytest.raises(RuntimeError, match="undo"), store.transaction():
        assert store.append("answer", "03", "lost") == 2
        store.put_document("game/kept", "changed")
        store.put_document("game/new", "3")
        assert store.delete_document("game/aside")
        store.put_document("game/aside", "back")
        store.set_document_aside("game/aside")
        assert [a.item for a in store.actions(["answer"])] == ["kept", "lost"]  # its own
        assert store.document_names() == ("game/kept", "game/new")
        raise RuntimeError("undo")
    for seen in (store, opener()):
        assert [a.item for a in seen.actions(["answer"])] == ["kept"]
        assert seen.document_names() == ("game/aside", "game/kept")
        assert (seen.document("game/kept"), seen.document("game/aside")) == ("1", "2")
        assert seen.aside_documents() == {}
    assert store.append("answer", "03", "next") == 2      # the undone number used again


def test_a_nested_transaction_joins_the_outer_one(opener: Opener) -> None:
    store = opener()
    with store.transaction():
        store.append("answer", "03", "a")
        with pytest.raises(KeyError), store.transaction():
            store.append("answer", "03", "b")
            store.set_document_aside("game/none")           # raises KeyError inside
        with store.transaction():
            store.put_document("game/x", "{}")
    assert [a.item for a in opener().actions(["answer"])] == ["a", "b"]
    assert opener().document("game/x") == "{}"
    with pytest.raises(ValueError), store.transaction():
        with store.transaction():
            store.append("answer", "03", "c")
        raise ValueError("the outer one fails")
    assert [a.item for a in opener().actions(["answer"])] == ["a", "b"]


def test_documents_are_kept_replaced_and_deleted_by_name(opener: Opener) -> None:
    store = opener()
    names = ["game/Partie", "game/partie", "practice/practice", "migrated", "a b/é.ç",
             "x" * 200, "game/" + "É" * 195, "..", ".hidden", "~"]
    for number, name in enumerate(names):
        store.put_document(name, f"text {number}\nline 2 ✓")
    store.put_document("game/partie", "")                      # replaced, empty
    again = opener()
    assert again.document_names() == tuple(sorted(names))
    assert [again.document(name) for name in names] == [
        "" if name == "game/partie" else f"text {number}\nline 2 ✓"
        for number, name in enumerate(names)]
    assert again.document("game/none") is None
    assert again.delete_document("game/Partie") and not again.delete_document("game/Partie")
    assert not again.delete_document("game/none")
    assert opener().document("game/Partie") is None and opener().document("game/partie") == ""


def test_a_document_set_aside_is_kept_under_a_new_name(opener: Opener) -> None:
    store = opener()
    with pytest.raises(KeyError):
        store.set_document_aside("game/x")
    store.put_document("game/x", "{broken")
    first = store.set_document_aside("game/x")
    store.put_document("game/x", "{broken again")
    second = opener().set_document_aside("game/x")
    assert first.startswith("game/x.corrupt-") and second.startswith("game/x.corrupt-")
    assert first != second
    again = opener()
    assert again.document("game/x") is None and again.document_names() == ()
    assert again.aside_documents() == {first: "{broken", second: "{broken again"}


def test_reading_an_empty_place_creates_nothing(tmp_path: Path) -> None:
    files = FileStore(tmp_path / "b")
    for store in (SqliteStore(tmp_path / "a"), files):
        assert store.actions(["answer"]) == [] and store.document("x") is None
        assert store.document_names() == () and store.aside_documents() == {}
        assert not store.delete_document("x")
    with files.transaction():                  # nor a transaction that writes nothing
        files.document("x")
    assert list(tmp_path.iterdir()) == []
