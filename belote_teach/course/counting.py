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
    >>> count_with_save(store, count, refused)
    False
    >>> len(store.actions(["practice"])), store.document("practice/practice")
    (0, None)
    >>> count_with_save(store, count, lambda: True)
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
                    save: Callable[[], bool], *, joint: bool = True) -> bool:
    """Log a count with ``record`` then save the hand or game marked counted with
    ``save``, in one transaction of ``store`` (the learner's store both write to): when
    the save is refused or fails (``save`` returns False: another page holds the hand,
    the disk is full), or the count cannot be logged (``record`` returns a learner's
    sentence, or raises OSError), neither is kept, so the count is made at the next
    opening that finds the deal over and not counted.

    Args:
        store: the store both ``record`` and ``save`` write to.
        record: logs the count; returns ``None`` when logged, else why not (a sentence).
        save: saves the hand or game, marked counted; returns whether it was saved
            (it tells the learner why not itself).
        joint: ``False`` when the save goes to another store than the count: then one
            after the other, both always called, as two separate writes.

    Returns:
        Whether the count was kept (with ``joint=False``: whether it was logged).
    """
    if not joint:
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
