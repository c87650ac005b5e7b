"""YAML read with its line numbers, so that the course's file errors can say
``file:line``: the scenario files (:mod:`belote_teach.course.scenarios.load`) and the
practice deals (:mod:`belote_teach.course.practice`).

:func:`read_yaml` reads a text as PyYAML's safe loader does (``N`` stays a string), with
every mapping a :class:`LineDict` and every sequence a :class:`LineList` that remember
their lines; a key written twice in a mapping is recorded (:func:`duplicates`) instead of
silently overwritten.

    >>> document = read_yaml('''
    ... - id: first
    ...   moment: {trick: 2}
    ... - id: second
    ...   moment:
    ...     trick: 3
    ...     trick: 4
    ... ''')
    >>> document.line_of((1, "moment", "trick")), document.line_of((0, "moment", "rule"))
    (7, 3)
    >>> [tuple(found) for found in duplicates(document.root)]
    [((1, 'moment'), 'trick', 7, 6)]
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

__all__ = ["Duplicate", "LineDict", "LineList", "YamlDocument", "duplicates", "read_yaml"]


class LineDict(dict[Any, Any]):
    """A YAML mapping that remembers its lines (1-based).

    Attributes:
        line: the line where the mapping starts.
        key_lines: the line of each key.
        duplicates: ``(key as written, line, first line)`` of each key written twice, in
            file order; the last value is the one kept in the mapping.
    """

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.key_lines: dict[Any, int] = {}
        self.duplicates: list[tuple[str, int, int]] = []


class LineList(list[Any]):
    """A YAML sequence that remembers its lines (1-based).

    Attributes:
        line: the line where the sequence starts.
        item_lines: the line where each item starts.
    """

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.item_lines: list[int] = []


class Duplicate(NamedTuple):
    """A key written twice in a mapping (:func:`duplicates`).

    Attributes:
        path: the keys and list indices from the value searched to the mapping.
        key: the key as written.
        line: the line of its second writing.
        first: the line of its first writing.
    """

    path: tuple[Any, ...]
    key: str
    line: int
    first: int


class YamlDocument(NamedTuple):
    """A YAML document read by :func:`read_yaml`.

    Attributes:
        root: the document's value: a :class:`LineDict`, a :class:`LineList`, a scalar,
            or ``None`` for an empty document.
        line: the line where the root starts, ``None`` for an empty document.
    """

    root: object
    line: int | None

    def line_of(self, path: Sequence[Any]) -> int | None:
        """The line of the deepest node on ``path`` (keys and list indices from the
        root): a key's line for a mapping's value, an item's line for a list's; the
        root's line when not even the first step is found."""
        node, line = self.root, self.line
        for step in path:
            if isinstance(node, LineDict) and _hashable(step) and step in node:
                line, node = node.key_lines.get(step, line), node[step]
            elif isinstance(node, LineList) and isinstance(step, int) \
                    and 0 <= step < len(node):
                line, node = node.item_lines[step], node[step]
            else:
                break
        return line


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def duplicates(value: object, path: tuple[Any, ...] = ()) -> Iterator[Duplicate]:
    """Every key written twice in a mapping, in ``value`` and below it: a mapping's own
    first, then those below each of its values in turn (``path`` is prepended to each
    :attr:`Duplicate.path`)."""
    if isinstance(value, LineDict):
        for key, line, first in value.duplicates:
            yield Duplicate(path, key, line, first)
        for key, item in value.items():
            yield from duplicates(item, (*path, key))
    elif isinstance(value, LineList):
        for index, item in enumerate(value):
            yield from duplicates(item, (*path, index))


# ---------------------------------------------------------------------------- loading
class _LineLoader(yaml.SafeLoader):
    """PyYAML's safe loader building :class:`LineDict` and :class:`LineList`."""


class _FastLineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """:class:`_LineLoader` on libyaml's parser (C) when PyYAML has it: the same values
    and lines, read some ten times faster (a lesson reads its scenario file for each of
    its exercise players). A text it refuses is read again by :class:`_LineLoader`,
    whose error messages are PyYAML's usual ones."""


_MERGE_TAG = "tag:yaml.org,2002:merge"


def _construct_mapping(loader: yaml.SafeLoader, node: MappingNode) -> Iterator[LineDict]:
    data = LineDict()
    data.line = node.start_mark.line + 1
    yield data
    seen: dict[tuple[str, str], int] = {}
    for key_node, _ in node.value:
        if isinstance(key_node, ScalarNode) and key_node.tag != _MERGE_TAG:
            token = (key_node.tag, key_node.value)
            if token in seen:
                data.duplicates.append((key_node.value, key_node.start_mark.line + 1,
                                        seen[token]))
            else:
                seen[token] = key_node.start_mark.line + 1
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=False)
        if not _hashable(key):
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                "found an unhashable key", key_node.start_mark)
        data[key] = loader.construct_object(value_node, deep=False)
        data.key_lines[key] = key_node.start_mark.line + 1


def _construct_sequence(loader: yaml.SafeLoader, node: SequenceNode) -> Iterator[LineList]:
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
    _loader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def _read(text: str, loader_class: type[yaml.SafeLoader]) -> YamlDocument:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlDocument(None, None)
        return YamlDocument(loader.construct_document(node), node.start_mark.line + 1)
    finally:
        loader.dispose()


def read_yaml(text: str) -> YamlDocument:
    """The YAML document of ``text``, read as PyYAML's safe loader reads it, with its
    lines (:class:`LineDict`, :class:`LineList`).

    Raises:
        yaml.YAMLError: ``text`` is not one YAML document; PyYAML's message, with the
            line and column (``problem_mark``) of a syntax error.
    """
    with contextlib.suppress(yaml.YAMLError):
        return _read(text, _FastLineLoader)
    return _read(text, _LineLoader)
