"""The ``belote-teach`` command line.

``belote-teach check FILE...`` validates scenario files (SCENARIOS.md) against the
engine; ``belote-teach solve FILE...`` solves every ``solve`` position of scenario files
double dummy (:func:`belote_teach.search.solver.solve`) and prints the value of each legal
card and the time taken. A FILE is a path, or the name of one of the course's banks
(``03-play-a-trick``, :func:`~belote_teach.course.banks.find_bank`). Each subcommand is
one ``_add_<name>`` function registering its parser and a ``_run_<name>`` function
returning the exit status, listed in :data:`_SUBCOMMANDS`.

Exit status of ``check``: 0 when the engine agrees with every checked scenario,
1 when it disagrees with at least one, 2 when a file is missing or malformed, whatever
the kind of the malformed scenario (the message, on stderr, names the file, the line,
the scenario and the key), or when ``--rules`` names an unknown preset.

Exit status of ``solve``: 0 when every file was read and solved (disagreements with a
file's expected ``values`` are shown, not failed: that is ``check``'s job), 2 when a file
is missing or malformed or ``--rules`` names an unknown preset.

``belote-teach backup FILE`` copies a learner's whole record (progress and saved games,
:mod:`belote_teach.course.store_sqlite`) to the new file ``FILE``, consistent even while the
learner is answering; exit status 0, or 2 when ``FILE`` exists or cannot be written.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from importlib import metadata

from belote_teach.course.banks import scenario_banks
from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.files import data_directory
from belote_teach.course.scenarios.check import CHECKERS, check_scenarios, not_checked_message
from belote_teach.course.scenarios.load import load_bank
from belote_teach.course.scenarios.model import KINDS, Scenario, SolveScenario
from belote_teach.engine.errors import InvalidRuleSetError
from belote_teach.engine.rules import PRESETS, RuleSet

__all__ = ["EXIT_DISAGREEMENT", "EXIT_MALFORMED", "EXIT_OK", "build_parser", "main"]

#: ``check``: the engine agrees with every checked scenario.
EXIT_OK = 0
#: ``check``: at least one disagreement between a file and the engine.
EXIT_DISAGREEMENT = 1
#: A missing or malformed file, or a bad command line (argparse's usage errors).
EXIT_MALFORMED = 2


def _version() -> str:
    try:
        return metadata.version("belote-teach")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


# ------------------------------------------------------------------------- check
_CHECK_EPILOG = f"""\
what is compared:
  trick     winner (1-4, position in play order) and points (card points, R1)
  play      legal (the exact set of legal cards), rule (the deciding R3 rule) if given,
            best (must be among the legal cards) if given
  announce  announcements (compared as a multiset on type, top, suit, points; R4)
            and belote (R5.1)
  compare   winner (NS, EW or none) and points (R4.5, R4.6)
  score     outcome, marks and reserve_after if given (R6, R5.3, R3.8)
  solve     values (every legal card of the seat to play and its double-dummy card
            points, dix de der included; R1, R3)
  deal      (a course kind) answer, the seat that cuts, receives the first packet,
            leads or deals next (R2.1, R2.2, R2.8, R2.9), or valid for a cut (R2.1)
  game      (a course kind) winner (NS, EW or none) and totals after the deal (R6.8)
every scenario is validated first, whatever its kind (keys, cards, suits, teams,
numbers); kinds not checked yet ({", ".join(k for k in KINDS if k not in CHECKERS)
                                  or "none"})
are then listed and counted, never passed silently.

output: one line per disagreement, FILE:LINE: ID: KEY: expected ..., got ...;
one line per scenario not checked; a summary line per file.

exit status: 0 all checked scenarios agree with the engine, 1 at least one
disagreement, 2 a file is missing or malformed (message on stderr with
FILE:LINE, the scenario id and the key).

rules: a scenario without a 'rules' key is checked under preset classic, or
under the preset given with --rules ({", ".join(PRESETS)}); scenarios with their own
'rules' keep them.

examples:
  belote-teach check 03-play-a-trick          (a bank of the course, by its name)
  belote-teach check --rules ffb2016 tests/data/public.yaml
"""


def _add_check(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate scenario files against the rules engine",
        description="Validate scenario files (YAML, SCENARIOS.md format) against the "
                    "rules engine and print every disagreement.",
        epilog=_CHECK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_file_arguments(parser)
    parser.set_defaults(run=_run_check)


def _add_file_arguments(parser: argparse.ArgumentParser) -> None:
    """The FILE... arguments and the ``--rules PRESET`` option of the file subcommands."""
    parser.add_argument("files", metavar="FILE", nargs="+",
                        help="a scenario file (YAML list, or mapping with key 'scenarios'), "
                             "or the name of one of the course's banks ("
                             f"{', '.join(scenario_banks())})")
    parser.add_argument("--rules", metavar="PRESET", default=None,
                        help=f"rules preset ({', '.join(PRESETS)}) for the scenarios that "
                             "set no 'rules' themselves (default: classic)")


class _ScenarioFiles:
    """The FILE arguments of a subcommand, read one at a time with ``--rules`` applied.

    Iterating yields ``(file, scenarios)``; a malformed file is reported on stderr and
    skipped, and an unknown ``--rules`` preset stops before any file is read. Either
    sets :attr:`status` to exit code 2.
    """

    def __init__(self, args: argparse.Namespace):
        self.files: list[str] = args.files
        self.preset: str | None = args.rules
        self.status = EXIT_OK

    def __iter__(self) -> Iterator[tuple[str, list[Scenario]]]:
        rules = None
        if self.preset is not None:
            try:
                rules = RuleSet.preset(self.preset)
            except InvalidRuleSetError as err:
                print(f"error: --rules: {err}", file=sys.stderr)
                self.status = EXIT_MALFORMED
                return
        for file in self.files:
            try:
                scenarios = load_bank(file, rules=rules)
            except ScenarioFileError as err:
                print(f"error: {err}", file=sys.stderr)
                self.status = EXIT_MALFORMED
                continue
            yield file, list(scenarios)


def _run_check(args: argparse.Namespace) -> int:
    """Check each file in turn; a malformed file is reported and the others still run.
    An unknown ``--rules`` preset stops before any file is read (exit 2)."""
    files = _ScenarioFiles(args)
    status = EXIT_OK
    for file, scenarios in files:
        report = check_scenarios(scenarios, file)
        lines: list[tuple[int, str]] = [(d.line, str(d)) for d in report.disagreements]
        lines += [(s.line, not_checked_message(s)) for s in report.unsupported]
        for _, text in sorted(lines, key=lambda pair: pair[0]):
            print(text)
        print(report.summary())
        if not report.ok:
            status = EXIT_DISAGREEMENT
    return max(status, files.status)


# ------------------------------------------------------------------------- solve
_SOLVE_EPILOG = f"""\
output: for each 'solve' scenario, in file order, one line
  FILE:LINE: ID: SEAT to play (trump T, trick [...]): CARD VALUE, ... best CARD in MS ms
where VALUE is the card points (dix de der included, no belote, announcement or
capot bonus) the team of SEAT wins from here with best play by all four players
seeing all cards; the legal cards are in hand order. When the file's expected
values differ, a second line starts with '  file expects'. Other kinds are skipped.
A summary line per file: FILE: N positions solved in S s.

exit status: 0 every file solved, 2 a file is missing or malformed (message on
stderr with FILE:LINE, the scenario id and the key) or --rules is unknown.

rules: as for check ({", ".join(PRESETS)}; a scenario's own 'rules' wins).

example:
  belote-teach solve tests/data/public.yaml
"""


def _add_solve(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve the 'solve' positions of scenario files double dummy",
        description="Solve every 'solve' position of scenario files (YAML, SCENARIOS.md "
                    "format) double dummy: print the value of each legal card and the time "
                    "the solve took.",
        epilog=_SOLVE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_file_arguments(parser)
    parser.set_defaults(run=_run_solve)


def _solve_line(scenario: SolveScenario) -> list[str]:
    """The output lines of one solved position (see :data:`_SOLVE_EPILOG`)."""
    result = scenario.solve()
    trick = ", ".join(str(c) for c in scenario.trick_cards)
    values = ", ".join(f"{card} {value}" for card, value in result.values.items())
    best = " ".join(str(c) for c in result.best)
    lines = [f"{scenario.location}: {scenario.id}: {result.seat} to play (trump "
             f"{scenario.trump}, trick [{trick}]): {values}; best {best} in "
             f"{result.seconds * 1000:.1f} ms"]
    if dict(scenario.values) != dict(result.values):
        hand = scenario.hands[result.seat]
        expected = ", ".join(f"{card} {scenario.values[card]}"
                             for card in hand if card in scenario.values)
        lines.append(f"  file expects: {expected}")
    return lines


def _run_solve(args: argparse.Namespace) -> int:
    """Solve each file's ``solve`` scenarios; a malformed file is reported (exit 2) and
    the others still run."""
    files = _ScenarioFiles(args)
    for file, scenarios in files:
        solved = 0
        seconds = 0.0
        for scenario in scenarios:
            if isinstance(scenario, SolveScenario):
                start = time.perf_counter()
                for line in _solve_line(scenario):
                    print(line)
                seconds += time.perf_counter() - start
                solved += 1
        print(f"{file}: {solved} position{'' if solved == 1 else 's'} solved in "
              f"{seconds:.3f} s")
    return files.status


# ------------------------------------------------------------------------- backup
def _add_backup(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "backup",
        help="copy a learner's record (progress and saved games) to a file",
        description="Copy the learner's whole record (answers, drills, practice deals, "
                    "games and saved games), consistent at one moment even while the "
                    "course is in use, to a new SQLite file. To restore it, put the copy "
                    "in the data directory as learner.sqlite3 while the course is "
                    "stopped.",
    )
    parser.add_argument("target", metavar="FILE", help="the new file (never overwritten)")
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="the learner's data directory (default: BELOTE_TEACH_DATA, "
                             "else the user data directory)")
    parser.set_defaults(run=_run_backup)


def _run_backup(args: argparse.Namespace) -> int:
    """Back the record up; a target that exists or cannot be written is exit 2."""
    from belote_teach.course.store_sqlite import SqliteStore  # sqlite3: only here

    store = SqliteStore(data_directory(args.data))
    try:
        path = store.backup(args.target)
    except OSError as err:
        print(f"belote-teach backup: {err}", file=sys.stderr)
        return EXIT_MALFORMED
    finally:
        store.close()
    print(f"{store.path} backed up to {path}")
    return EXIT_OK


# ------------------------------------------------------------------------- parser
_Adder = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
#: The subcommands, in the order of ``--help``.
_SUBCOMMANDS: tuple[_Adder, ...] = (_add_check, _add_solve, _add_backup)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``belote-teach``, one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="belote-teach",
        description="belote-teach: learn classic French belote. Tools for the course's "
                    "rules engine and its scenario files.",
        epilog="Run 'belote-teach COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    subparsers.required = True
    for add in _SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``belote-teach`` with ``argv`` (default ``sys.argv[1:]``) and return the exit
    status, without calling :func:`sys.exit` (``--help``, ``--version`` and usage errors
    return argparse's status: 0, 0 and 2).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_MALFORMED
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
