"""The errors of the search: a solve stopped by its node limit
(:func:`belote_teach.search.solver.solve`, and the worlds it leaves out in
:mod:`belote_teach.search.evaluation`)."""

from __future__ import annotations

__all__ = ["NodeLimitError"]


class NodeLimitError(Exception):
    """A solve searched more positions than its ``node_limit`` before it had every value:
    the position is left unsolved (a caller with a time budget skips it).

    Attributes:
        node_limit: the limit that was passed (positions).
    """

    def __init__(self, node_limit: int) -> None:
        super().__init__(f"the solve needs more than {node_limit} positions searched "
                         "(node_limit)")
        self.node_limit = node_limit
