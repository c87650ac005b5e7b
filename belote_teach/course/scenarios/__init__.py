"""Scenario files (SCENARIOS.md): the model, YAML loading with ``file:line`` errors, and
the checker behind ``belote-teach check``.

    >>> from belote_teach.course.scenarios import check_scenarios, load_text
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

Besides the seven kinds of SCENARIOS.md, the course uses two kinds of its own, ``deal``
(who cuts, whether a cut is allowed, who receives the first packet, who leads, who deals
next: R2.1, R2.2, R2.8, R2.9) and ``game`` (the totals after a deal and who wins the
game: R6.8); :mod:`belote_teach.course.scenarios.model` documents their keys ("Course
extensions"):

    >>> report = check_scenarios(load_text('''
    ... - {id: who-cuts, kind: deal, dealer: S, question: cutter, answer: E}
    ... - {id: to-501, kind: game, target: 501, before: {NS: 430, EW: 388},
    ...    marks: {NS: 81, EW: 81}, winner: NS, totals: {NS: 511, EW: 469}}
    ... ''', file="course.yaml"))
    >>> for disagreement in report.disagreements:
    ...     print(disagreement)
    course.yaml:2: who-cuts: answer: expected E, got W
"""

from belote_teach.course.scenarios.check import (
    CHECKERS,
    CheckReport,
    Disagreement,
    check_file,
    check_scenario,
    check_scenarios,
    not_checked_message,
)
from belote_teach.course.scenarios.load import (
    COURSE_KINDS,
    SUPPORTED_KINDS,
    load_bank,
    load_file,
    load_text,
)
from belote_teach.course.scenarios.model import (
    KINDS,
    LEARNER,
    AnnounceScenario,
    BidScenario,
    CheckedScenario,
    CompareScenario,
    DealScenario,
    GameScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    UnsupportedScenario,
)

__all__ = [
    "CHECKERS",
    "COURSE_KINDS",
    "KINDS",
    "LEARNER",
    "SUPPORTED_KINDS",
    "AnnounceScenario",
    "BidScenario",
    "CheckReport",
    "CheckedScenario",
    "CompareScenario",
    "DealScenario",
    "Disagreement",
    "GameScenario",
    "PlayScenario",
    "Scenario",
    "ScoreScenario",
    "SolveScenario",
    "TrickScenario",
    "UnsupportedScenario",
    "check_file",
    "check_scenario",
    "check_scenarios",
    "load_bank",
    "load_file",
    "load_text",
    "not_checked_message",
]
