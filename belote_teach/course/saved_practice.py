"""The practice hand in progress (lesson 7) is saved after every action, the learner's
and the computers', as a game is (:mod:`belote_teach.course.saved_games`), so that a page
reload or a kernel restart brings it back where it stood, the debrief's mistakes so far
included.

A :class:`PracticeStore` keeps it as one document of the learner's store
(:class:`~belote_teach.course.store.LearnerStore`), named ``practice/<name>``::

    {"format": "belote-teach practice hand", "version": 1, "deal": "charge-your-partner",
     "hand": {"transcript": ["rules classic", "dealer S", ...], "mistakes": [...]},
     "meta": {"level": "club", "coaching": true, ...}, "holder": "3f2a..."}

* ``deal``: the practice deal's id (:class:`~belote_teach.course.practice.PracticeDeal`);
* ``hand``: the hand as :meth:`TableSession.hand_record
  <belote_teach.coach.session.TableSession.hand_record>` writes it, checked when it is
  put back (:meth:`TableSession.resume_hand
  <belote_teach.coach.session.TableSession.resume_hand>`);
* ``meta``: what the app chose, plain JSON values;
* ``holder``: the page that holds the hand: as with a game, the page opened last holds
  it, and a save by another page is refused (two tabs never save over each other).

A document that cannot be read is never deleted: :meth:`PracticeStore.set_aside` moves it
aside in the store as ``<name>.corrupt-<UTC time>``.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = PracticeStore(folder.name)
    >>> store.save("practice", "charge-your-partner", {"transcript": [], "mistakes": []},
    ...            meta={"level": "club"})
    >>> saved = store.load("practice")
    >>> saved.deal, saved.meta["level"], saved.problem
    ('charge-your-partner', 'club', None)
    >>> store.load("other")
    SavedHand(deal=None, hand=mappingproxy({}), meta=mappingproxy({}), problem=None)
    >>> folder.cleanup()
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from belote_teach.course.errors import InvalidMetaError
from belote_teach.course.files import FileProblem, data_directory
from belote_teach.course.progress import open_store
from belote_teach.course.saved_games import GameStore, check_holder, plain_json
from belote_teach.course.store import LearnerStore

__all__ = ["FORMAT", "FORMAT_VERSION", "PRACTICE_PREFIX", "PracticeStore", "SavedHand"]

#: The ``format`` value of a saved practice hand.
FORMAT = "belote-teach practice hand"
#: The version of the document written; :meth:`PracticeStore.load` reads this one only.
FORMAT_VERSION = 1
#: How a saved practice hand's document is named in the store: ``practice/<name>``.
PRACTICE_PREFIX = "practice/"

_EMPTY: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True)
class SavedHand:
    """What :meth:`PracticeStore.load` found.

    Attributes:
        deal: the practice deal's id, ``None`` when nothing was saved or the document
            could not be read.
        hand: the hand (:meth:`TableSession.hand_record
            <belote_teach.coach.session.TableSession.hand_record>`'s plain JSON); empty
            when ``deal`` is ``None``.
        meta: the app's choices saved with it; empty when ``deal`` is ``None``.
        problem: why the document could not be read (its reason worded for the learner
            by :meth:`~belote_teach.course.files.FileProblem.told`, its detail for the
            log), ``None`` when all went well or nothing was saved.
    """

    deal: str | None
    hand: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)
    meta: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)
    problem: FileProblem | None = None


class PracticeStore:
    """The practice hand in progress of one learner, in their store.

    Args:
        directory: the data directory, as a game store's
            (:class:`~belote_teach.course.saved_games.GameStore`): ``BELOTE_TEACH_DATA``,
            else the platform's user data folder.
        store: the store to keep the hand in instead (the one a
            :class:`~belote_teach.course.progress.CourseProgress` uses).
    """

    __slots__ = ("store",)

    def __init__(self, directory: Path | str | None = None, *,
                 store: LearnerStore | None = None):
        if store is None:
            store = open_store(data_directory(directory))[0]
        #: Where the hand is kept.
        self.store: LearnerStore = store

    def save(self, name: str, deal: str, hand: Mapping[str, object], *,
             meta: Mapping[str, object] | None = None, holder: str | None = None,
             take: bool = False) -> None:
        """Save the practice hand ``hand`` of the practice deal ``deal`` under ``name``
        (replacing the one saved there), in one transaction.

        Args:
            name: the hand's name (as a game's: 1 to 64 letters, digits, ``_`` or ``-``).
            deal: the practice deal's id.
            hand: :meth:`TableSession.hand_record
                <belote_teach.coach.session.TableSession.hand_record>`'s record.
            meta: the app's choices (string keys, plain JSON values).
            holder: the page saving (an id of its own), ``None`` for no page.
            take: the page takes the hand (it has just dealt or resumed it).

        Raises:
            GameTakenError: ``holder`` no longer holds the hand (another page took it);
                nothing is saved.
            InvalidGameNameError: a bad ``name``.
            InvalidMetaError: ``hand`` or ``meta`` holds a value JSON cannot keep as it
                is, or ``deal`` is not a string.
            OSError: the store cannot be written; the previous save is left as it was.
        """
        key = PRACTICE_PREFIX + GameStore.check_name(name)
        if not isinstance(deal, str):
            raise InvalidMetaError(f"deal is a practice deal's id, got {deal!r}")
        document: dict[str, object] = {
            "format": FORMAT, "version": FORMAT_VERSION, "deal": deal,
            "hand": plain_json(dict(hand), "hand"), "meta": plain_json(dict(meta or {}), "meta")}
        if holder is not None:
            document["holder"] = holder
        text = json.dumps(document, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
        with self.store.transaction():
            check_holder(self.store, key, name, holder, take, kind="practice hand")
            self.store.put_document(key, text)

    def load(self, name: str) -> SavedHand:
        """The practice hand saved under ``name``: its deal's id, the hand and the meta;
        no deal when nothing was saved; no deal and the problem when the document cannot
        be read (it stays where it is: :meth:`set_aside` moves it). Never raises for the
        content.

        Raises:
            InvalidGameNameError: a bad ``name``.
            OSError: the store cannot be read.
        """
        text = self.store.document(PRACTICE_PREFIX + GameStore.check_name(name))
        if text is None:
            return SavedHand(None)
        try:
            document = json.loads(text)
        except ValueError as err:
            return SavedHand(None, problem=FileProblem("not_json", f"not JSON: {err}"))
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            return SavedHand(None, problem=FileProblem("not_ours", f"not a {FORMAT}"))
        if document.get("version") != FORMAT_VERSION:
            return SavedHand(None, problem=FileProblem(
                "other_version", f"version {document.get('version')!r}, this course reads "
                                 f"{FORMAT_VERSION}"))
        deal, hand, meta = document.get("deal"), document.get("hand"), document.get("meta")
        if not isinstance(deal, str) or not isinstance(hand, dict) or not isinstance(
                meta, dict):
            return SavedHand(None, problem=FileProblem(
                "bad_value", "its deal (text), hand or meta (objects) is missing or of "
                             "another kind"))
        return SavedHand(deal, MappingProxyType(hand), MappingProxyType(meta))

    def set_aside(self, name: str) -> str | None:
        """Move the hand saved under ``name`` aside (one that cannot be put back), never
        deleted; returns its new name in the store, ``None`` when there was none.

        Raises:
            InvalidGameNameError: a bad ``name``.
            OSError: the store cannot be written.
        """
        key = PRACTICE_PREFIX + GameStore.check_name(name)
        if self.store.document(key) is None:
            return None
        return self.store.set_document_aside(key)

    def __repr__(self) -> str:
        return f"PracticeStore({self.store!r})"
