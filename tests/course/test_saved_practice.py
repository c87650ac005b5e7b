"""The practice hand in progress in the learner's store
(belote_teach.course.saved_practice.PracticeStore): saved whole, refused to a page that
no longer holds it, a document that cannot be read told and set aside, never deleted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote_teach.course.errors import GameTakenError, InvalidGameNameError, InvalidMetaError
from belote_teach.course.saved_practice import FORMAT, PRACTICE_PREFIX, PracticeStore

HAND = {"transcript": ["rules classic", "dealer S"], "mistakes": []}


@pytest.fixture
def store(tmp_path: Path, backend: str) -> PracticeStore:
    return PracticeStore(tmp_path)


def test_a_saved_hand_comes_back_whole(store: PracticeStore) -> None:
    store.save("practice", "charge-your-partner", HAND, meta={"level": "club",
                                                              "four_colour": (True,)})
    saved = store.load("practice")
    assert (saved.deal, dict(saved.hand), dict(saved.meta), saved.problem) == (
        "charge-your-partner", HAND, {"level": "club", "four_colour": [True]}, None)
    assert store.load("other").deal is None and store.load("other").problem is None


def test_the_page_opened_last_holds_the_hand(store: PracticeStore) -> None:
    store.save("practice", "a", HAND, holder="one", take=True)
    store.save("practice", "a", HAND, holder="one")
    store.save("practice", "b", HAND, holder="two", take=True)       # a second tab
    with pytest.raises(GameTakenError, match="practice hand 'practice' is held by"):
        store.save("practice", "c", HAND, holder="one")
    assert store.load("practice").deal == "b"                     # nothing written over
    store.save("practice", "d", HAND, holder="one", take=True)     # reloaded: taken back
    assert store.load("practice").deal == "d"


@pytest.mark.parametrize(("document", "reason"), [
    ("{not json", "not_json"),
    (json.dumps({"format": "something else"}), "not_ours"),
    (json.dumps({"format": FORMAT, "version": 2}), "other_version"),
    (json.dumps({"format": FORMAT, "version": 1, "deal": 3, "hand": {}, "meta": {}}),
     "bad_value"),
])
def test_a_document_that_cannot_be_read_is_told_and_set_aside(
        store: PracticeStore, document: str, reason: str) -> None:
    store.store.put_document(PRACTICE_PREFIX + "practice", document)
    saved = store.load("practice")
    assert saved.deal is None and saved.problem is not None
    assert saved.problem.reason == reason
    assert store.load("practice").problem == saved.problem       # left where it was
    aside = store.set_aside("practice")
    assert aside is not None and aside.startswith(PRACTICE_PREFIX + "practice.corrupt-")
    assert store.store.aside_documents()[aside] == document         # never deleted
    assert store.load("practice").problem is None and store.set_aside("practice") is None


@pytest.mark.parametrize(("name", "deal", "hand", "meta", "error"), [
    ("a/b", "a", HAND, {}, InvalidGameNameError),
    ("practice", 3, HAND, {}, InvalidMetaError),
    ("practice", "a", {"transcript": {1, 2}}, {}, InvalidMetaError),
    ("practice", "a", HAND, {"pace": float("nan")}, InvalidMetaError),
])
def test_bad_input_is_refused_and_changes_nothing(store: PracticeStore, name: str,
                                                  deal: object, hand: object, meta: object,
                                                  error: type[Exception]) -> None:
    store.save("practice", "kept", HAND)
    with pytest.raises(error):
        store.save(name, deal, hand, meta=meta)  # type: ignore[arg-type]
    assert store.load("practice").deal == "kept"
