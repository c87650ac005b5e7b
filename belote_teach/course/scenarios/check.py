"""Check scenarios against the engine and report every disagreement.

The expected-answer keys of SCENARIOS.md are compared with what the engine computes:

* ``trick``: ``winner`` (position 1–4 in play order) and ``points`` (R1.2, R1.3, R1.5);
* ``play``: ``legal`` (as a set), ``rule`` if given, and ``best`` if given, which must
  be a subset of the engine's legal cards (R3);
* ``bid``: ``legal_bids`` (as a set, R2.4, R2.5) and ``advice`` if given, which must be
  one of the engine's legal bids;
* ``announce``: ``announcements`` (a multiset compared on type, top, suit and points,
  R4.1–R4.3) and ``belote`` (R5.1);
* ``compare``: ``winner`` (``NS``, ``EW`` or ``none``) and ``points`` (R4.5, R4.6);
* ``score``: ``outcome``, ``marks`` and ``reserve_after`` if given (R6, R5.3, R3.8);
* ``solve``: ``values``, an exact mapping from every legal card of the seat to play to
  its double-dummy card points (:func:`belote_teach.search.solver.solve`; R1, R3);
* ``deal`` (a course kind): ``answer`` (a seat: who cuts R2.1, who receives the first
  packet R2.2, who leads R2.8, who deals next R2.9) or ``valid`` (whether a cut is allowed,
  R2.1), from a :class:`~belote_teach.engine.deal.Deal`;
* ``game`` (a course kind): ``winner`` (``NS``, ``EW`` or ``none``) and ``totals`` after
  the deal (:func:`belote_teach.engine.game.game_winner`, R6.8).

With the rules' ``announcements`` off (preset ``ffb2016``, R7) a hand announces nothing
and nobody scores announcements; belote is still played.

Kinds without a checker yet are counted as *not checked* in the :class:`CheckReport`,
never passed silently.

    >>> from belote_teach.course.scenarios.load import load_text
    >>> [scenario] = load_text('''
    ... - {id: follow, kind: play, trump: S, trick: [QD], hand: [7D, KD, JS], legal: [7D]}
    ... ''', file="demo.yaml")
    >>> for disagreement in check_scenario(scenario):
    ...     print(disagreement)
    demo.yaml:2: follow: legal: expected [7D], got [7D, KD]
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from belote_teach.course.scenarios.load import load_bank
from belote_teach.course.scenarios.model import (
    BIDS,
    COURSE_KINDS,
    KINDS,
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
    in_hand_order,
)
from belote_teach.engine.announcements import Announcement, announcement_key
from belote_teach.engine.cards import Card, Team
from belote_teach.engine.rules import Rule, RuleSet

__all__ = [
    "CHECKERS",
    "CheckReport",
    "Disagreement",
    "check_file",
    "check_scenario",
    "check_scenarios",
    "not_checked_message",
]


@dataclass(frozen=True)
class Disagreement:
    """One expected answer of a scenario that the engine does not give.

    Attributes:
        file: the scenario file, as given to the loader.
        line: the line of the scenario's mapping.
        scenario_id: the scenario's ``id``.
        key: the expected-answer key (``winner``, ``points``, ``legal``, ``rule``, ``best``).
        expected: the file's answer, as printed (cards in notation, in hand order).
        got: the engine's answer, printed the same way.

    ``str()`` gives the one-line report of ``belote-teach check``:
    ``public.yaml:118: play-follow-suit: legal: expected [7D, KD], got [7D, KD, JS]``.
    """

    file: str
    line: int
    scenario_id: str
    key: str
    expected: str
    got: str

    def __str__(self) -> str:
        return (f"{self.file}:{self.line}: {self.scenario_id}: {self.key}: "
                f"expected {self.expected}, got {self.got}")


def _cards(cards: Iterable[Card], hand: Iterable[Card]) -> str:
    return "[" + ", ".join(str(c) for c in in_hand_order(cards, hand)) + "]"


def _rule(rule: Rule) -> str:
    return f"{rule.name} ({rule.rule_id})"


def _check_trick(scenario: TrickScenario) -> list[Disagreement]:
    """``winner`` and ``points`` of a complete trick (R1.5; R1.2, R1.3)."""
    def differ(key: str, expected: object, got: object) -> Disagreement:
        return Disagreement(scenario.file, scenario.line, scenario.id, key, str(expected),
                            str(got))

    trick = scenario.trick()
    winner = [play.seat for play in trick.plays].index(trick.winner) + 1
    found = []
    if winner != scenario.winner:
        found.append(differ("winner", scenario.winner, winner))
    if trick.points != scenario.points:
        found.append(differ("points", scenario.points, trick.points))
    return found


def _check_play(scenario: PlayScenario) -> list[Disagreement]:
    """``legal`` (a set), ``rule`` if given, ``best`` (a subset of legal) if given (R3)."""
    def differ(key: str, expected: str, got: str) -> Disagreement:
        return Disagreement(scenario.file, scenario.line, scenario.id, key, expected, got)

    hand = scenario.hand
    engine = scenario.legal_plays()
    legal = frozenset(engine.cards)
    found = []
    if legal != scenario.legal:
        found.append(differ("legal", _cards(scenario.legal, hand), _cards(legal, hand)))
    if scenario.rule is not None and engine.rule is not scenario.rule:
        found.append(differ("rule", _rule(scenario.rule), _rule(engine.rule)))
    illegal_best = [c for c in scenario.best if c not in legal]
    if illegal_best:
        found.append(differ(
            "best", f"{_cards(scenario.best, hand)} among the legal cards",
            f"{', '.join(str(c) for c in illegal_best)} not legal under "
            f"{_rule(engine.rule)} (legal: {_cards(legal, hand)})"))
    return found


def _differ(scenario: CheckedScenario, key: str, expected: object, got: object
            ) -> Disagreement:
    return Disagreement(scenario.file, scenario.line, scenario.id, key, str(expected),
                        str(got))


def _announcements(announcements: Iterable[Announcement], scenario: AnnounceScenario) -> str:
    ordered = sorted(announcements, key=lambda a: announcement_key(a, scenario.trump),
                     reverse=True)
    return "[" + ", ".join(str(a) for a in ordered) + "]"


def _check_announce(scenario: AnnounceScenario) -> list[Disagreement]:
    """``announcements`` as a multiset on type, top, suit, points (R4.1–R4.3) and
    ``belote`` (R5.1)."""
    found = []
    engine = scenario.found()
    if Counter(engine) != Counter(scenario.announcements):
        found.append(_differ(scenario, "announcements",
                             _announcements(scenario.announcements, scenario),
                             _announcements(engine, scenario)))
    belote = scenario.has_belote()
    if belote is not scenario.belote:
        found.append(_differ(scenario, "belote", str(scenario.belote).lower(),
                             str(belote).lower()))
    return found


def _bids(bids: Iterable[str]) -> str:
    wanted = set(bids)
    return "[" + ", ".join(b for b in BIDS if b in wanted) + "]"


def _check_bid(scenario: BidScenario) -> list[Disagreement]:
    """``legal_bids`` (a set) and ``advice`` (one of the legal bids) if given (R2.4, R2.5)."""
    legal = scenario.legal()
    found = []
    if legal != scenario.legal_bids:
        found.append(_differ(scenario, "legal_bids", _bids(scenario.legal_bids), _bids(legal)))
    if scenario.advice is not None and scenario.advice not in legal:
        found.append(_differ(scenario, "advice", f"{scenario.advice} among the legal bids",
                             f"{scenario.advice} not legal (legal: {_bids(legal)})"))
    return found


def _team(team: Team | None) -> str:
    return "none" if team is None else team.value


def _check_compare(scenario: CompareScenario) -> list[Disagreement]:
    """``winner`` (``NS``/``EW``/``none``) and ``points`` (R4.5, R4.6)."""
    winner, points = scenario.result()
    found = []
    if winner is not scenario.winner:
        found.append(_differ(scenario, "winner", _team(scenario.winner), _team(winner)))
    if points != scenario.points:
        found.append(_differ(scenario, "points", scenario.points, points))
    return found


def _marks(marks: Mapping[Team, int]) -> str:
    return "{" + ", ".join(f"{team.value}: {marks[team]}" for team in Team) + "}"


def _check_score(scenario: ScoreScenario) -> list[Disagreement]:
    """``outcome``, ``marks`` and ``reserve_after`` if given (R6, R5.3, R3.8)."""
    deal = scenario.score()
    found = []
    if deal.outcome is not scenario.outcome:
        found.append(_differ(scenario, "outcome", scenario.outcome, deal.outcome))
    if dict(deal.marks) != dict(scenario.marks):
        found.append(_differ(scenario, "marks", _marks(scenario.marks), _marks(deal.marks)))
    if scenario.reserve_after is not None and deal.reserve_after != scenario.reserve_after:
        found.append(_differ(scenario, "reserve_after", scenario.reserve_after,
                             deal.reserve_after))
    return found


def _values(values: Mapping[Card, int], hand: Iterable[Card]) -> str:
    return "{" + ", ".join(f"{card}: {values[card]}"
                           for card in in_hand_order(values, hand)) + "}"


def _check_solve(scenario: SolveScenario) -> list[Disagreement]:
    """``values``: every legal card of the seat to play and its double-dummy card points
    (R1.2–R1.4, R3), compared as an exact mapping."""
    result = scenario.solve()
    if dict(result.values) == dict(scenario.values):
        return []
    hand = scenario.hands[result.seat]
    return [_differ(scenario, "values", _values(scenario.values, hand),
                    _values(result.values, hand))]


def _answer(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _check_deal(scenario: DealScenario) -> list[Disagreement]:
    """``answer`` (a seat) or, for question ``cut``, ``valid`` (R2.1, R2.2, R2.8, R2.9)."""
    key = "valid" if scenario.question == "cut" else "answer"
    expected, got = scenario.expected, scenario.result()
    if got == expected:
        return []
    return [_differ(scenario, key, _answer(expected), _answer(got))]


def _check_game(scenario: GameScenario) -> list[Disagreement]:
    """``winner`` (``NS``/``EW``/``none``) and ``totals`` after the deal (R6.8)."""
    winner, totals = scenario.result()
    found = []
    if winner is not scenario.winner:
        found.append(_differ(scenario, "winner", _team(scenario.winner), _team(winner)))
    if totals != dict(scenario.totals):
        found.append(_differ(scenario, "totals", _marks(scenario.totals), _marks(totals)))
    return found


#: The checker of each supported kind; add one here to support a new kind.
CHECKERS: dict[str, Callable[[Scenario], list[Disagreement]]] = {
    "trick": _check_trick,  # type: ignore[dict-item]
    "play": _check_play,  # type: ignore[dict-item]
    "bid": _check_bid,  # type: ignore[dict-item]
    "announce": _check_announce,  # type: ignore[dict-item]
    "compare": _check_compare,  # type: ignore[dict-item]
    "score": _check_score,  # type: ignore[dict-item]
    "solve": _check_solve,  # type: ignore[dict-item]
    "deal": _check_deal,  # type: ignore[dict-item]
    "game": _check_game,  # type: ignore[dict-item]
}


def _supported() -> str:
    return ", ".join(kind for kind in KINDS + COURSE_KINDS if kind in CHECKERS)


def not_checked_message(scenario: UnsupportedScenario) -> str:
    """The line reporting a scenario whose kind is not checked yet, e.g.
    ``public.yaml:722: new-x: kind 'new' is not checked yet (supported kinds: trick,
    play, bid, announce, compare, score, solve, deal, game)``."""
    return (f"{scenario.location}: {scenario.id}: kind {scenario.kind!r} is not checked yet "
            f"(supported kinds: {_supported()})")


def check_scenario(scenario: Scenario) -> list[Disagreement]:
    """The disagreements between a scenario's expected answers and the engine.

    Args:
        scenario: a scenario of a checked kind (from the loader).

    Returns:
        One :class:`Disagreement` per differing key, in the order winner, points
        (``trick``); legal, rule, best (``play``); legal_bids, advice (``bid``);
        announcements, belote (``announce``);
        winner, points (``compare``); outcome, marks, reserve_after (``score``); values
        (``solve``); answer or valid (``deal``); winner, totals (``game``); empty when
        the engine agrees.

    Raises:
        NotImplementedError: an :class:`UnsupportedScenario` (its kind has no checker
            yet); use :func:`check_scenarios` or :func:`check_file` to count those.
    """
    checker = CHECKERS.get(scenario.kind)
    if checker is None or isinstance(scenario, UnsupportedScenario):
        raise NotImplementedError(
            f"{scenario.location}: {scenario.id}: kind {scenario.kind!r} is not checked yet")
    return checker(scenario)


@dataclass(frozen=True)
class CheckReport:
    """The result of checking one file.

    Attributes:
        file: the file, as given.
        checked: the scenarios compared with the engine, in file order.
        disagreements: every disagreement found, in file order.
        unsupported: the scenarios of kinds not checked yet, in file order.
    """

    file: str
    checked: tuple[CheckedScenario, ...]
    disagreements: tuple[Disagreement, ...]
    unsupported: tuple[UnsupportedScenario, ...]

    @property
    def ok(self) -> bool:
        """True when the engine agrees with every checked scenario."""
        return not self.disagreements

    def summary(self) -> str:
        """One line, e.g. ``public.yaml: 61 scenarios checked, 0 disagreements``, with
        ``, N not checked (kinds not supported yet: ...)`` when some kinds have no
        checker."""
        def count(n: int, word: str) -> str:
            return f"{n} {word}" + ("" if n == 1 else "s")

        text = (f"{self.file}: {count(len(self.checked), 'scenario')} checked, "
                f"{count(len(self.disagreements), 'disagreement')}")
        if self.unsupported:
            kinds = ", ".join(sorted({s.kind for s in self.unsupported}))
            text += f", {len(self.unsupported)} not checked (kinds not supported yet: {kinds})"
        return text


def check_scenarios(scenarios: Iterable[Scenario], file: str = "<string>") -> CheckReport:
    """Check loaded scenarios; unsupported kinds are collected, not checked.

    Returns:
        A :class:`CheckReport` for ``file``.
    """
    checked: list[CheckedScenario] = []
    unsupported: list[UnsupportedScenario] = []
    found: list[Disagreement] = []
    for scenario in scenarios:
        if isinstance(scenario, UnsupportedScenario):
            unsupported.append(scenario)
            continue
        found.extend(check_scenario(scenario))
        checked.append(scenario)
    return CheckReport(file, tuple(checked), tuple(found), tuple(unsupported))


def check_file(path: str | os.PathLike[str], *,
               rules: RuleSet | str | Mapping[str, object] | None = None) -> CheckReport:
    """Load a scenario bank and check every scenario of a supported kind.

    Args:
        path: the file, or the name of one of the course's banks
            (:func:`~belote_teach.course.scenarios.load_bank`).
        rules: the rules of the scenarios that set no ``rules`` themselves (a RuleSet, a
            preset name or a mapping of options over ``classic``); default ``classic``.

    Raises:
        ScenarioFileError: the file is missing or malformed, or no bank has that name
            (nothing is checked).
        InvalidRuleSetError: ``rules`` is invalid.
    """
    return check_scenarios(load_bank(path, rules=rules), os.fspath(path))
