"""Load scenario files (SCENARIOS.md) with strict validation and ``file:line`` errors.

A file is a YAML list of scenarios, or a mapping whose only key ``scenarios`` holds
that list. Every scenario is validated before anything is returned: a malformed file
raises :class:`ScenarioFileError` and yields nothing, not even its good scenarios.

    >>> scenarios = load_text('''
    ... - id: follow
    ...   kind: play
    ...   trump: S
    ...   trick: [QD]
    ...   hand: [7D, KD, JS]
    ...   legal: [7D, KD]
    ... ''', file="demo.yaml")
    >>> scenarios[0].id, scenarios[0].line, sorted(str(c) for c in scenarios[0].legal)
    ('follow', 2, ['7D', 'KD'])
    >>> load_text("- {id: x, kind: play, trump: S, trick: [], hand: [11H], legal: [11H]}",
    ...           file="bad.yaml")
    Traceback (most recent call last):
    ...
    belote_teach.scenarios.load.ScenarioFileError: bad.yaml:1: scenario 'x', key 'hand': \
unknown card '11H' (unknown rank '11': expected one of 7, 8, 9, 10 (or T), J, Q, K, A)

Kinds ``trick`` and ``play`` are read into :class:`~.model.TrickScenario` and
:class:`~.model.PlayScenario`; the other kinds of SCENARIOS.md are recognised and kept
as :class:`~.model.UnsupportedScenario` (only ``id`` and ``kind`` validated).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from belote_teach.cards import Card, Suit
from belote_teach.errors import BeloteError, InvalidCardError, InvalidRuleSetError
from belote_teach.rules import Rule, RuleSet
from belote_teach.scenarios.model import (
    KINDS,
    PlayScenario,
    Scenario,
    TrickScenario,
    UnsupportedScenario,
)

__all__ = ["COMMON_KEYS", "ID_PATTERN", "SUPPORTED_KINDS", "ScenarioFileError", "load_file",
           "load_text"]

#: What an ``id`` must look like (SCENARIOS.md).
ID_PATTERN = re.compile(r"[a-z0-9-]+")
#: Keys every kind may have (SCENARIOS.md, "Keys common to every kind").
COMMON_KEYS: frozenset[str] = frozenset({"id", "kind", "rules", "prompt", "source"})


class ScenarioFileError(BeloteError):
    """A scenario file that cannot be read or is malformed.

    The message starts with ``FILE:LINE:`` and names the scenario and the key when
    known, e.g. ``bad.yaml:12: scenario 'play-x', key 'hand': unknown card '11H' (...)``.

    Attributes:
        file: the path of the file, as given to the loader.
        line: the 1-based line of the problem, or ``None`` (e.g. a missing file).
        scenario_id: the ``id`` of the scenario at fault, or ``None``.
        key: the key at fault (``'hand'``, ``'kind'``, ...), or ``None``.
        detail: the message without its location prefix.
    """

    def __init__(self, detail: str, *, file: str, line: int | None = None,
                 scenario_id: str | None = None, key: str | None = None):
        self.detail = detail
        self.file = file
        self.line = line
        self.scenario_id = scenario_id
        self.key = key
        where = file if line is None else f"{file}:{line}"
        context = []
        if scenario_id is not None:
            context.append(f"scenario {scenario_id!r}")
        if key is not None:
            context.append(f"key {key!r}")
        prefix = f"{where}: " + (", ".join(context) + ": " if context else "")
        super().__init__(prefix + detail)


# ------------------------------------------------------------------------- YAML with lines
class _LineDict(dict):  # type: ignore[type-arg]
    """A YAML mapping that remembers its line and the line of each key (1-based)."""

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.key_lines: dict[Any, int] = {}
        #: ``(key, line, first line)`` of each key written twice (reported by validation,
        #: which knows the scenario; the last value wins in the mapping meanwhile).
        self.duplicates: list[tuple[Any, int, int]] = []


class _LineList(list):  # type: ignore[type-arg]
    """A YAML sequence that remembers its line and the line of each item (1-based)."""

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.item_lines: list[int] = []


class _LineLoader(yaml.SafeLoader):
    """PyYAML's safe loader (``N`` stays a string), building :class:`_LineDict` and
    :class:`_LineList` so that errors can say ``file:line``; duplicate keys are recorded
    (see :func:`_duplicates`) instead of silently overwritten."""


_MERGE_TAG = "tag:yaml.org,2002:merge"


def _construct_mapping(loader: _LineLoader, node: MappingNode) -> Iterator[_LineDict]:
    data = _LineDict()
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
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                "found an unhashable key", key_node.start_mark) from None
        data[key] = loader.construct_object(value_node, deep=False)
        data.key_lines[key] = key_node.start_mark.line + 1


def _construct_sequence(loader: _LineLoader, node: SequenceNode) -> Iterator[_LineList]:
    data = _LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield data
    data.extend(loader.construct_object(child, deep=False) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def _parse_yaml(text: str, file: str) -> object:
    """The YAML document of ``text``; syntax errors become :class:`ScenarioFileError`."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # a SafeLoader subclass: safe
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = "; ".join(str(part) for part in (err.context, err.problem) if part)
        if mark is None:
            raise ScenarioFileError(f"YAML error: {problem}", file=file) from None
        raise ScenarioFileError(f"YAML error (column {mark.column + 1}): {problem}",
                                file=file, line=mark.line + 1) from None
    except yaml.YAMLError as err:
        raise ScenarioFileError(f"YAML error: {err}", file=file) from None


# ------------------------------------------------------------------------- validation
def _duplicates(value: object) -> Iterator[tuple[Any, int, int]]:
    """Every ``(key, line, first line)`` written twice in a mapping, in ``value`` and
    below it."""
    if isinstance(value, _LineDict):
        yield from value.duplicates
        for item in value.values():
            yield from _duplicates(item)
    elif isinstance(value, _LineList):
        for item in value:
            yield from _duplicates(item)


def _duplicate_detail(key: object, first: int) -> str:
    return f"duplicate key {key!r} (first on line {first}): YAML keeps only the last value"


class _Reader:
    """Reads one scenario mapping, raising :class:`ScenarioFileError` at the right line."""

    def __init__(self, raw: _LineDict, file: str, scenario_id: str | None = None):
        self.raw = raw
        self.file = file
        self.scenario_id = scenario_id

    def fail(self, key: str | None, detail: str, line: int | None = None) -> ScenarioFileError:
        """The error to raise for ``key`` (at the key's line unless ``line`` is given)."""
        if line is None:
            line = self.raw.key_lines.get(key, self.raw.line)
        return ScenarioFileError(detail, file=self.file, line=line,
                                 scenario_id=self.scenario_id, key=key)

    # -- scalars ----------------------------------------------------------------------
    def text(self, key: str, *, required: bool = True) -> str | None:
        """A string value (``None`` when absent and not required)."""
        if key not in self.raw:
            if required:
                raise self.fail(key, f"missing key {key!r}", line=self.raw.line)
            return None
        value = self.raw[key]
        if not isinstance(value, str):
            raise self.fail(key, f"expected text, got {value!r}")
        return value

    def suit(self, key: str) -> Suit:
        """A suit letter (``S H D C``) or symbol."""
        value = self.text(key)
        assert value is not None
        try:
            return Suit.parse(value)
        except InvalidCardError as err:
            raise self.fail(key, str(err)) from None

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        """An integer (not a boolean) between ``low`` and ``high`` included."""
        if key not in self.raw:
            raise self.fail(key, f"missing key {key!r}", line=self.raw.line)
        value = self.raw[key]
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number {bounds}, got {value!r}")
        if value < low or (high is not None and value > high):
            raise self.fail(key, f"expected a whole number {bounds}, got {value}")
        return value

    def prompt(self) -> dict[str, str]:
        """``prompt``: a mapping of language code to text (may be absent or empty)."""
        value = self.raw.get("prompt")
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail("prompt", f"expected a mapping such as {{en: ..., fr: ...}}, "
                                      f"got {value!r}")
        prompt: dict[str, str] = {}
        for lang, text in value.items():
            line = value.key_lines.get(lang) if isinstance(value, _LineDict) else None
            if not isinstance(lang, str) or not re.fullmatch(r"[a-z]{2,3}", lang):
                raise self.fail("prompt", f"expected a language code such as 'en' or 'fr', "
                                          f"got {lang!r}", line=line)
            if not isinstance(text, str):
                raise self.fail("prompt", f"the {lang!r} text must be a string, got {text!r}",
                                line=line)
            prompt[lang] = text
        return prompt

    def rules(self) -> RuleSet:
        """``rules``: a preset name or a mapping of options over ``classic`` (R7)."""
        try:
            return RuleSet.from_spec(self.raw.get("rules"))
        except InvalidRuleSetError as err:
            raise self.fail("rules", str(err)) from None

    def rule(self) -> Rule | None:
        """``rule``: an R3 rule name (``MUST_OVERTRUMP``) or ID (``R3.5``), optional."""
        value = self.text("rule", required=False)
        if value is None:
            return None
        try:
            return Rule.parse(value)
        except ValueError as err:
            raise self.fail("rule", str(err)) from None

    # -- cards ------------------------------------------------------------------------
    def cards(self, key: str, *, single_ok: bool = False) -> tuple[Card, ...]:
        """A list of distinct cards in RULES.md notation (one card if ``single_ok``)."""
        if key not in self.raw:
            raise self.fail(key, f"missing key {key!r}", line=self.raw.line)
        value = self.raw[key]
        if single_ok and isinstance(value, str):
            items: list[object] = [value]
            lines: list[int | None] = [None]
        elif isinstance(value, _LineList):
            items, lines = list(value), list(value.item_lines)
        else:
            raise self.fail(key, f"expected a list of cards such as [7H, JH], got {value!r}")
        cards: list[Card] = []
        for item, line in zip(items, lines, strict=True):
            try:
                card = Card.parse(item)  # type: ignore[arg-type]
            except InvalidCardError as err:
                detail = str(err)
                prefix = f"invalid card {item!r}: "
                if detail.startswith(prefix):
                    detail = detail[len(prefix):]
                raise self.fail(key, f"unknown card {item!r} ({detail})", line=line) from None
            if card in cards:
                raise self.fail(key, f"duplicate card {str(card)!r}: it appears twice in "
                                     f"{key!r}", line=line)
            cards.append(card)
        return tuple(cards)

    def count(self, key: str, cards: tuple[Card, ...], low: int, high: int, why: str) -> None:
        """Check that ``cards`` holds ``low`` to ``high`` cards."""
        if not low <= len(cards) <= high:
            wanted = f"exactly {low}" if low == high else f"{low} to {high}"
            raise self.fail(key, f"wrong number of cards: {why} holds {wanted} cards, got "
                                 f"{len(cards)} {_show(cards)}")

    def within_hand(self, key: str, cards: tuple[Card, ...], hand: tuple[Card, ...]) -> None:
        """Check that every card of ``key`` is in the hand."""
        stray = [c for c in cards if c not in hand]
        if stray:
            raise self.fail(key, f"card {str(stray[0])!r} is not in the hand {_show(hand)}")


def _show(cards: tuple[Card, ...]) -> str:
    return "[" + ", ".join(str(c) for c in cards) + "]"


@dataclass(frozen=True)
class _KindSpec:
    """How to read one supported kind: its keys and its builder."""

    required: frozenset[str]
    optional: frozenset[str]
    build: Callable[[_Reader, dict[str, Any]], Scenario]


def _build_trick(reader: _Reader, common: dict[str, Any]) -> TrickScenario:
    trump = reader.suit("trump")
    cards = reader.cards("cards")
    reader.count("cards", cards, 4, 4, "a trick scenario's 'cards'")
    return TrickScenario(trump=trump, cards=cards, winner=reader.integer("winner", 1, 4),
                         points=reader.integer("points", 0), **common)


def _build_play(reader: _Reader, common: dict[str, Any]) -> PlayScenario:
    trump = reader.suit("trump")
    trick = reader.cards("trick")
    reader.count("trick", trick, 0, 3,
                 "the learner is next to play, so the trick")
    hand = reader.cards("hand")
    reader.count("hand", hand, 1, 8, "a hand")
    shared = [c for c in hand if c in trick]
    if shared:
        raise reader.fail("hand", f"card {str(shared[0])!r} is both in the hand and in the "
                                  f"trick {_show(trick)}")
    legal = reader.cards("legal")
    if not legal:
        raise reader.fail("legal", "expected at least one card: a legal play always exists")
    reader.within_hand("legal", legal, hand)
    best: tuple[Card, ...] = ()
    if "best" in reader.raw:
        best = reader.cards("best", single_ok=True)
        if not best:
            raise reader.fail("best", "expected a card or a non-empty list of cards")
        reader.within_hand("best", best, hand)
    return PlayScenario(trump=trump, trick_cards=trick, hand=hand, legal=frozenset(legal),
                        rule=reader.rule(), best=best, **common)


#: The kinds read into checked scenarios; add a kind here (and a checker) to support it.
_KIND_SPECS: dict[str, _KindSpec] = {
    "trick": _KindSpec(frozenset({"trump", "cards", "winner", "points"}), frozenset(),
                       _build_trick),
    "play": _KindSpec(frozenset({"trump", "trick", "hand", "legal"}),
                      frozenset({"rule", "best"}), _build_play),
}
#: The kinds fully loaded (the others of :data:`~.model.KINDS` are kept unsupported).
SUPPORTED_KINDS: tuple[str, ...] = tuple(_KIND_SPECS)


def _read_scenario(raw: _LineDict, file: str) -> Scenario:
    reader = _Reader(raw, file)
    scenario_id = reader.text("id")
    assert scenario_id is not None
    if not ID_PATTERN.fullmatch(scenario_id):
        raise reader.fail("id", f"invalid id {scenario_id!r}: use lowercase letters, digits "
                                "and '-' only ([a-z0-9-]+)")
    reader.scenario_id = scenario_id
    kind = reader.text("kind")
    if kind not in KINDS:
        raise reader.fail("kind", f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
    for key, line, first in raw.duplicates:
        raise reader.fail(str(key), _duplicate_detail(key, first), line=line)
    for top_key, value in raw.items():
        for key, line, first in _duplicates(value):
            raise reader.fail(str(top_key), _duplicate_detail(key, first), line=line)
    spec = _KIND_SPECS.get(kind)
    if spec is None:
        return UnsupportedScenario(id=scenario_id, kind=kind, file=file, line=raw.line)
    allowed = COMMON_KEYS | spec.required | spec.optional
    for key in raw:
        if key not in allowed:
            raise reader.fail(str(key), f"unknown key {key!r} for kind {kind!r} (allowed: "
                                        f"{', '.join(sorted(allowed))})",
                              line=raw.key_lines.get(key))
    for key in sorted(spec.required):
        if key not in raw:
            raise reader.fail(key, f"missing key {key!r} (kind {kind!r} needs "
                                   f"{', '.join(sorted(spec.required))})", line=raw.line)
    source = reader.text("source", required=False)
    common = {"id": scenario_id, "prompt": reader.prompt(), "source": source,
              "rules": reader.rules(), "file": file, "line": raw.line}
    return spec.build(reader, common)


def _read_document(document: object, file: str) -> tuple[Scenario, ...]:
    if isinstance(document, _LineDict):
        for key, line, first in document.duplicates:
            raise ScenarioFileError(_duplicate_detail(key, first), file=file, line=line,
                                    key=str(key))
        for key in document:
            if key != "scenarios":
                raise ScenarioFileError(
                    f"unknown top-level key {key!r}: a scenario file is a list of scenarios or "
                    "a mapping with the single key 'scenarios'",
                    file=file, line=document.key_lines.get(key), key=str(key))
        if "scenarios" not in document:
            raise ScenarioFileError("missing top-level key 'scenarios'", file=file,
                                    line=document.line, key="scenarios")
        items = document["scenarios"]
        if not isinstance(items, _LineList):
            raise ScenarioFileError(f"expected a list of scenarios, got {items!r}", file=file,
                                    line=document.key_lines.get("scenarios"), key="scenarios")
    elif isinstance(document, _LineList):
        items = document
    elif document is None:
        raise ScenarioFileError("the file holds no scenarios", file=file)
    else:
        raise ScenarioFileError(
            f"expected a list of scenarios or a mapping with key 'scenarios', got {document!r}",
            file=file, line=1)
    if not items:
        raise ScenarioFileError("the file holds no scenarios", file=file, line=items.line)

    scenarios: list[Scenario] = []
    first_line: dict[str, int] = {}
    for index, (raw, line) in enumerate(zip(items, items.item_lines, strict=True), start=1):
        if not isinstance(raw, _LineDict):
            raise ScenarioFileError(
                f"scenario #{index} is not a mapping of keys (id, kind, ...): {raw!r}",
                file=file, line=line)
        scenario = _read_scenario(raw, file)
        if scenario.id in first_line:
            raise ScenarioFileError(
                f"duplicate id {scenario.id!r} (first used on line {first_line[scenario.id]})",
                file=file, line=raw.key_lines.get("id", raw.line), scenario_id=scenario.id,
                key="id")
        first_line[scenario.id] = raw.line
        scenarios.append(scenario)
    return tuple(scenarios)


# ------------------------------------------------------------------------- public API
def load_text(text: str, file: str = "<string>") -> tuple[Scenario, ...]:
    """Read the scenarios of a YAML text in the SCENARIOS.md format.

    Args:
        text: the YAML source.
        file: the name used in error messages and stored on each scenario.

    Returns:
        The scenarios in file order: :class:`~.model.TrickScenario`,
        :class:`~.model.PlayScenario`, or :class:`~.model.UnsupportedScenario` for the
        kinds ``bid``, ``announce``, ``compare``, ``score`` and ``solve``.

    Raises:
        ScenarioFileError: YAML syntax error (with its line); not a list of scenarios;
            a missing, unknown or ill-typed key; an id not matching ``[a-z0-9-]+`` or
            used twice; an unknown kind; an unknown or duplicate card; a card both in the
            hand and the trick; a wrong number of cards (trick: 4; play: trick 0–3, hand
            1–8); ``legal``/``best`` cards not in the hand; ``winner`` outside 1–4;
            invalid ``rules`` (R7) or ``rule`` (R3). Nothing is returned on error.
    """
    return _read_document(_parse_yaml(text, file), file)


def load_file(path: str | os.PathLike[str]) -> tuple[Scenario, ...]:
    """Read a scenario file (UTF-8 YAML, SCENARIOS.md format); see :func:`load_text`.

    The path is kept as given (``os.fspath``) in error messages and on each scenario.

    Raises:
        ScenarioFileError: the file cannot be read or decoded, or is malformed.
    """
    file = os.fspath(path)
    try:
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as err:
        raise ScenarioFileError(f"cannot read the file: {err.strerror or err}",
                                file=file) from None
    except UnicodeDecodeError as err:
        raise ScenarioFileError(f"not UTF-8 text: {err}", file=file) from None
    return load_text(text, file)
