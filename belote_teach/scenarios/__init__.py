"""Scenario files (SCENARIOS.md): the model, YAML loading with ``file:line`` errors, and
the checker behind ``belote-teach check``.

    >>> from belote_teach.scenarios import check_scenarios, load_text
    >>> report = check_scenarios(load_text('''
    ... - {id: lead, kind: play, trump: H, trick: [], hand: [JH, 7S], legal: [JH, 7S],
    ...    rule: LEAD_ANY}
    ... - {id: tierce, kind: announce, trump: H, hand: [8C, 9C, 10C, AS, QS, KD, JD, 7H],
    ...    announcements: [{type: tierce, top: 10, suit: C, points: 20}], belote: false}
    ... - {id: a-solve, kind: solve, trump: H, leader: S, trick: [],
    ...    hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 41}}
    ... '''), file="demo.yaml")
    >>> print(report.summary())
    demo.yaml: 3 scenarios checked, 0 disagreements
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
    AnnounceScenario,
    BidScenario,
    CheckedScenario,
    CompareScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    UnsupportedScenario,
)

__all__ = [
    "CHECKERS",
    "KINDS",
    "LEARNER",
    "SUPPORTED_KINDS",
    "AnnounceScenario",
    "BidScenario",
    "CheckReport",
    "CheckedScenario",
    "CompareScenario",
    "Disagreement",
    "PlayScenario",
    "Scenario",
    "ScenarioFileError",
    "ScoreScenario",
    "SolveScenario",
    "TrickScenario",
    "UnsupportedScenario",
    "check_file",
    "check_scenario",
    "check_scenarios",
    "load_file",
    "load_text",
    "not_checked_message",
]
