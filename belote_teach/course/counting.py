"""A finished practice deal or game counted in the learner's progress together with its
save marked counted: both kept, or neither. Counted without the save, a reload would
count the same deal again; saved without the count, the deal would be lost to the
progress.

    >>> from belote_teach.course.store import MemoryStore
    >>> store = MemoryStore()
    >>> def count() -> None:
    ...     store.append("practice", "d1")
    >>> def refused() -> bool:
    ...     store.put_document("practice/practice", '{"counted": true}')
    ...     return False                           # another page holds the hand
    >>> count_with_save(store, count, refused, saved_in=store)
    False
    >>> len(store.actions(["practice"])), store.document("practice/practice")
    (0, None)
    >>> count_with_save(store, count, lambda: True, saved_in=store)
    True
    >>> len(store.actions(["practice"]))
    1
"""

from __future__ import annotations

from collections.abc import Callable

from belote_teach.course.store import LearnerStore

__all__ = ["count_with_save"]


class _NotKept(Exception):
    """The count or the save failed: the transaction is undone."""


def count_with_save(store: LearnerStore, record: Callable[[], object],
                    save: Callable[[], bool], *, saved_in: LearnerStore) -> bool:
    """Log a count with ``record`` into ``store`` then save the hand or game marked
    counted with ``save`` into ``saved_in``, in one transaction when both are one store
    (the learner's store, as the apps open it by default): when the save is refused or
    fails (``save`` returns False: another page holds the hand, the disk is full), or the
    count cannot be logged (``record`` returns a learner's sentence, or raises OSError),
    neither is kept, so the count is made at the next opening that finds the deal over
    and not counted.

    Args:
        store: the store ``record`` writes to.
        record: logs the count; returns ``None`` when logged, else why not (a sentence).
        save: saves the hand or game, marked counted; returns whether it was saved
            (it tells the learner why not itself).
        saved_in: the store ``save`` writes to; another one than ``store``: one after
            the other, both always called, as two separate writes.

    Returns:
        Whether the count was kept (in two stores: whether it was logged).
    """
    if saved_in is not store:
        logged = record() is None
        save()
        return logged
    try:
        with store.transaction():
            if record() is not None or not save():
                raise _NotKept
    except (_NotKept, OSError):
        return False
    return True
