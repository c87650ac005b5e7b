"""The YAML line reader shared by the scenario files and the practice deals
(belote_teach.course.yaml_lines): the values of PyYAML's safe loader with the line of
every key and item, keys written twice recorded, and through it the line each kind of
course file names for a bad value."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from test_practice import GOOD_ENTRY

from belote_teach.course.errors import PracticeFileError, ScenarioFileError
from belote_teach.course.practice import parse_practice_deals
from belote_teach.course.scenarios import load_text
from belote_teach.course.yaml_lines import (
    Duplicate,
    LineDict,
    LineList,
    duplicates,
    read_yaml,
)

PROPERTY = settings(max_examples=150, deadline=None, derandomize=True, database=None)

SCENARIO = """\
# two exercises
- id: follow
  kind: play
  trump: S
  trick: [QD]
  hand: [7D, KD, JS]
  legal: [7D, KD]
- id: lead
  kind: play
  trump: H
  trick: []
  hand: [JH, 7S]
  legal: [JH, 7S]
"""



# ---------------------------------------------------------------------------- the reader
def test_values_are_the_safe_loaders_with_their_lines() -> None:
    document = read_yaml(SCENARIO)
    assert document.root == yaml.safe_load(SCENARIO)
    root = document.root
    assert isinstance(root, LineList) and (document.line, root.line) == (2, 2)
    assert root.item_lines == [2, 8]
    second = root[1]
    assert isinstance(second, LineDict) and second.line == 8
    assert second.key_lines == {"id": 8, "kind": 9, "trump": 10, "trick": 11, "hand": 12,
                                "legal": 13}
    assert read_yaml("- {N: 1}").root == [{"N": 1}]          # N stays a string


def test_line_of_names_the_deepest_node_found() -> None:
    document = read_yaml(SCENARIO)
    assert document.line_of(()) == 2
    assert document.line_of((1,)) == 8
    assert document.line_of((1, "hand")) == 12
    assert document.line_of((0, "hand", 2)) == 6                # a flow list's item
    assert document.line_of((1, "rules")) == 8                  # no such key: the mapping
    assert document.line_of((5, "id")) == 2                     # no such item: the root
    assert document.line_of((0, "hand", "x")) == 6              # a list has no key
    assert document.line_of((0, ["unhashable"])) == 2


def test_a_scalar_or_empty_document() -> None:
    assert read_yaml("# a comment\nhello\n") == ("hello", 2)
    assert read_yaml("# nothing\n") == (None, None)
    assert read_yaml("").line_of(("deals",)) is None


def test_keys_written_twice_are_found_where_they_are() -> None:
    text = "a: 1\nb:\n  - {x: 1, x: 2}\n  - y: 1\n    y: 2\na: 3\n"
    root = read_yaml(text).root
    assert root == {"a": 3, "b": [{"x": 2}, {"y": 2}]}         # the last value is kept
    assert list(duplicates(root)) == [Duplicate((), "a", 6, 1),
                                      Duplicate(("b", 0), "x", 3, 3),
                                      Duplicate(("b", 1), "y", 5, 4)]
    assert list(duplicates(root["b"], ("b",))) == list(duplicates(root))[1:]
    assert list(duplicates(read_yaml(SCENARIO).root)) == []


def test_a_syntax_error_is_pyyamls_with_its_line() -> None:
    with pytest.raises(yaml.MarkedYAMLError) as err:
        read_yaml("- id: x\n  hand: [7D\n- id: y\n")
    assert err.value.problem_mark is not None and err.value.problem_mark.line + 1 == 3


@given(st.lists(st.lists(st.text("abcdefgh", min_size=1, max_size=6), min_size=1,
                         max_size=5, unique=True), min_size=1, max_size=6),
       st.lists(st.sampled_from(["", "# note", "   "]), max_size=12))
@PROPERTY
def test_every_key_and_item_line_as_written(items: list[list[str]],
                                            fillers: list[str]) -> None:
    lines: list[str] = []
    expected: dict[tuple[int, str], int] = {}
    starts: list[int] = []
    for index, keys in enumerate(items):
        for number, key in enumerate(keys):
            if fillers:
                lines.append(fillers.pop())
            lines.append(f"{'- ' if number == 0 else '  '}{key}: {index}")
            if number == 0:
                starts.append(len(lines))
            expected[(index, key)] = len(lines)
    document = read_yaml("\n".join(lines) + "\n")
    assert document.line == starts[0]
    for (index, key), line in expected.items():
        assert document.line_of((index, key)) == line
        assert document.line_of((index,)) == starts[index]


# ---------------------------------------------------------------------------- through the files
def test_a_bad_line_of_a_scenario_file_is_named() -> None:
    with pytest.raises(ScenarioFileError) as err:
        load_text(SCENARIO.replace("hand: [JH, 7S]", "hand: [JH, 11S]"), file="s.yaml")
    assert (err.value.line, err.value.scenario_id, err.value.key) == (12, "lead", "hand")
    assert str(err.value).startswith("s.yaml:12: scenario 'lead', key 'hand': ")
    with pytest.raises(ScenarioFileError) as err:
        load_text(SCENARIO + "  trump: D\n", file="s.yaml")
    assert (err.value.line, err.value.key) == (14, "trump")
    assert "duplicate key 'trump' (first on line 10)" in str(err.value)
    with pytest.raises(ScenarioFileError) as err:
        load_text(SCENARIO.replace("trick: []", "trick: [}"), file="s.yaml")
    assert err.value.line == 11 and err.value.detail.startswith("YAML error (column")


def test_a_bad_line_of_a_practice_file_is_named() -> None:
    text = GOOD_ENTRY.format(id="first") + GOOD_ENTRY.format(id="second")
    with pytest.raises(PracticeFileError) as err:
        parse_practice_deals(GOOD_ENTRY.format(id="first")
                             + GOOD_ENTRY.format(id="second").replace("trick: 1", "trick: 9"),
                             file="p.yaml")
    assert (err.value.line, err.value.deal_id, err.value.key) == (15, "second",
                                                                  "moment.trick")
    assert str(err.value) == "p.yaml:15: deal 'second', key 'moment.trick': expected a " \
                             "whole number from 1 to 8, got 9"
    with pytest.raises(PracticeFileError) as err:
        parse_practice_deals(text.replace("  seed: 81\n", "  seed: 81\n  seed: 82\n"),
                             file="p.yaml")
    assert (err.value.line, err.value.deal_id, err.value.key) == (4, "first", "seed")
    with pytest.raises(PracticeFileError) as err:
        parse_practice_deals("deals: []\ndeals:\n" + text, file="p.yaml")
    assert (err.value.line, err.value.key) == (2, "deals")
    assert err.value.detail == "key written twice"
    with pytest.raises(PracticeFileError) as err:
        parse_practice_deals("# the deals\nnot a list\n", file="p.yaml")
    assert err.value.line == 2 and "non-empty list of deals" in err.value.detail
