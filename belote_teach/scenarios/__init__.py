"""Scenario files (SCENARIOS.md): the model, YAML loading with ``file:line`` errors, and
the checker behind ``belote-teach check``.

    >>> from belote_teach.scenarios import check_scenarios, load_text
    >>> report = check_scenarios(load_text('''
    ... - {id: lead, kind: play, trump: H, trick: [], hand: [JH, 7S], legal: [JH, 7S],
    ...    rule: LEAD_ANY}
    ... - {id: a-bid, kind: bid, turned: JH, round: 1, hand: [9H, AH, 7S, KD, 8C],
    ...    legal_bids: [take, pass]}
    ... '''), file="demo.yaml")
    >>> print(report.summary())
    demo.yaml: 1 scenario checked, 0 disagreements, 1 not checked (kinds not supported yet: bid)
"""

from belote_teach.scenarios.check import (
    CHECKERS,
    CheckReport,
    Disagreement,
    check_file,
    check_scenario,
    check_scenarios,
    not_checked_message,
)
from belote_teach.scenarios.load import (
    SUPPORTED_KINDS,
    ScenarioFileError,
    load_file,
    load_text,
)
from belote_teach.scenarios.model import (
    KINDS,
    LEARNER,
    PlayScenario,
    Scenario,
    TrickScenario,
    UnsupportedScenario,
)

__all__ = [
    "CHECKERS",
    "KINDS",
    "LEARNER",
    "SUPPORTED_KINDS",
    "CheckReport",
    "Disagreement",
    "PlayScenario",
    "Scenario",
    "ScenarioFileError",
    "TrickScenario",
    "UnsupportedScenario",
    "check_file",
    "check_scenario",
    "check_scenarios",
    "load_file",
    "load_text",
    "not_checked_message",
]
