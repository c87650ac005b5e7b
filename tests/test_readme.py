"""The README tells the truth: its rules-options table matches the RuleSet presets, and
its two set-up commands are the Makefile's targets."""

from __future__ import annotations

import re
from pathlib import Path

from belote_teach.engine.rules import CLASSIC, FFB2016, RuleSet

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _shown(value: object) -> str:
    """An option value as the README writes it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _options_table() -> dict[str, list[str]]:
    rows = {}
    for line in README.splitlines():
        match = re.match(r"\| `(\w+)` \|(.*)\|$", line)
        if match:
            rows[match.group(1)] = [cell.strip() for cell in match.group(2).split("|")]
    return rows


def test_readme_options_table_matches_the_presets() -> None:
    rows = _options_table()
    assert set(rows) == set(RuleSet.option_names())
    for name, (classic, ffb, _other, meaning, rule) in rows.items():
        expected_classic = _shown(getattr(CLASSIC, name))
        expected_ffb = _shown(getattr(FFB2016, name))
        booleans = {"on": "on", "off": "off", "true": "on", "false": "off"}
        assert booleans.get(classic, classic) == expected_classic, name
        assert booleans.get(ffb, ffb) == expected_ffb, name
        assert meaning and re.fullmatch(r"R\d(\.\d)?", rule), name


def test_readme_other_values_are_accepted_by_the_ruleset() -> None:
    for name, (_classic, _ffb, other, _meaning, _rule) in _options_table().items():
        for value in filter(None, (v.strip() for v in other.split(","))):
            RuleSet().replace(**{name: value})


def test_readme_gives_exactly_the_two_make_commands() -> None:
    commands = re.findall(r"^make (\w+)", README, flags=re.MULTILINE)
    assert commands == ["run", "test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^run:", makefile, flags=re.MULTILINE)
    assert re.search(r"^test:", makefile, flags=re.MULTILINE)
