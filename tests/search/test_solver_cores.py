"""The two cores of the double-dummy solver: the compiled one (numba,
:mod:`belote_teach.search._solver_core`) and the pure-Python one
(:mod:`belote_teach.search._solver_py`, for Pyodide, where neither numba nor numpy exists).

Both must give exactly the same value to every legal card (R1.2-R1.5, R3 with the options
R3.2 and R3.6), on full deals and endings, with and without a trick in progress, for
``reaches`` at any target, and honour node limits the same way; the pure core also agrees
with the brute force of ``test_solver.py``. A new interpreter where numpy and numba cannot
be imported then solves, samples and values worlds and reviews a card: the same answers as
here.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import OPTION_IDS, OPTIONS, brute_force, random_ending

from belote_teach.engine.bitmask import POINTS, legal_mask, trick_winner
from belote_teach.engine.rules import RuleSet
from belote_teach.search import _solver_py, pace, solver
from belote_teach.search.errors import NodeLimitError

compiled = pytest.importorskip("belote_teach.search._solver_core",
                               reason="numba is not installed: no compiled core to compare")

ROOT = Path(__file__).resolve().parents[2]

#: One raw position of the cores: (hands by seat index, trump, trick, leader).
Raw = tuple[list[int], int, list[int], int]


def raw_position(rng: random.Random, tricks: int, free: bool, partner: bool,
                 partial: bool = True) -> Raw:
    """A full deal played at random (uniform among the legal cards, R3 under the options)
    until every seat holds ``tricks`` cards, then 0 to 3 cards of the next trick when
    ``partial``."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[8 * i:8 * i + 8]) for i in range(4)]
    trump = rng.randrange(4)
    leader = rng.randrange(4)
    trick: list[int] = []
    played = 4 * (8 - tricks) + (rng.randrange(4) if partial else 0)
    for _ in range(played):
        seat = (leader + len(trick)) & 3
        legal = legal_mask(hands[seat], trick, trump, free, partner)
        card = rng.choice([c for c in range(32) if legal >> c & 1])
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, trump)) & 3
            trick = []
    return hands, trump, trick, leader


def both(position: Raw, free: bool, partner: bool, wanted: int = -1
         ) -> tuple[object, object]:
    """The compiled and the pure core's ``solve`` of ``position`` (groups sorted: the
    order of search is not part of the answer)."""
    hands, trump, trick, leader = position
    answers = []
    for core in (compiled.Core(), _solver_py.Core()):
        result = core.solve(list(hands), trump, list(trick), leader, free, partner, 0, wanted)
        assert result is not None
        groups, upper, _nodes = result
        answers.append((sorted(groups), upper))
    return answers[0], answers[1]


# ------------------------------------------------------------------------ the same values
@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=40, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 6), some=st.booleans())
def test_both_cores_value_every_card_of_endings_alike(rules: RuleSet, seed: int, tricks: int,
                                                      some: bool) -> None:
    """Endings of 1 to 6 tricks, a trick in progress or not, every card valued or some
    (``wanted``): the same groups of equivalent cards with the same values."""
    free, partner = rules.undertrump == "free", rules.overtrump_partner_on_trump_lead
    rng = random.Random(seed)
    position = raw_position(rng, tricks, free, partner)
    wanted = rng.getrandbits(32) if some else -1
    ours, theirs = both(position, free, partner, wanted)
    assert theirs == ours


@pytest.mark.parametrize(("rules", "partial"), [(r, k % 2 == 1) for k, r in enumerate(OPTIONS)],
                         ids=OPTION_IDS)
@settings(max_examples=1, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_both_cores_value_every_card_of_full_deals_alike(rules: RuleSet, partial: bool,
                                                        seed: int) -> None:
    """Full deals: the first lead (8 cards a hand), or 0 to 3 cards of the first trick
    played."""
    free, partner = rules.undertrump == "free", rules.overtrump_partner_on_trump_lead
    position = raw_position(random.Random(seed), 8, free, partner, partial)
    ours, theirs = both(position, free, partner)
    assert theirs == ours


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=6, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 8))
def test_both_cores_answer_reaches_alike(rules: RuleSet, seed: int, tricks: int) -> None:
    """``reaches`` at the start of a trick, 1 to 8 cards a hand: the same answer at the
    value, one point either side, a random target and the targets out of range."""
    free, partner = rules.undertrump == "free", rules.overtrump_partner_on_trump_lead
    rng = random.Random(seed)
    hands, trump, _trick, leader = raw_position(rng, tricks, free, partner, partial=False)
    every = hands[0] | hands[1] | hands[2] | hands[3]
    total = 10 + sum(POINTS[trump][c] for c in range(32) if every >> c & 1)
    solved = compiled.Core().solve(list(hands), trump, [], leader, free, partner)
    assert solved is not None
    value_ns = max(v for _, v in solved[0]) if leader & 1 == 0 else min(
        v for _, v in solved[0])
    for target in (value_ns - 1, value_ns, value_ns + 1, rng.randint(1, total), 0, -3,
                   total, total + 1):
        answers = [core.reaches(list(hands), trump, leader, target, free, partner)
                   for core in (compiled.Core(), _solver_py.Core())]
        assert answers[0] is not None and answers[1] is not None
        assert answers[1][0] is answers[0][0] is (value_ns >= target), target


def test_the_pure_cores_groups_are_the_compiled_cores() -> None:
    """Every suit of each kind, every cards in play and hand: the same equivalent cards
    (R1.2, R1.3: adjacent in play and worth the same points)."""
    for is_trump in (True, False):
        for in_play in range(256):
            mine = in_play
            while True:
                assert _solver_py.group_leaders(is_trump, in_play, mine) == \
                    compiled.group_leaders(is_trump, in_play, mine)
                if mine == 0:
                    break
                mine = (mine - 1) & in_play


# ------------------------------------------------------------------------ the pure core
@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`~belote_teach.search.solver.solve` and ``reaches`` on the pure-Python core."""
    monkeypatch.setattr(solver, "CORE", "pure")


@pytest.mark.parametrize("rules", OPTIONS, ids=OPTION_IDS)
@settings(max_examples=20, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(2, 3))
def test_the_pure_core_equals_brute_force(rules: RuleSet, seed: int, tricks: int) -> None:
    hands, trump, trick, leader = random_ending(random.Random(seed), tricks, rules)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "CORE", "pure")
        result = solver.solve(hands, trump, trick, leader, rules)
        assert isinstance(solver._core(), _solver_py.Core)
    assert result.values == brute_force(hands, trump, trick, leader, rules)


def test_the_pure_core_honours_node_limits_as_the_compiled_one() -> None:
    """A limited solve starts on an empty table: with its own node count as the limit it
    gives the values, with one fewer it refuses (``None``), whatever was solved before;
    ``reaches`` alike; a table not kept gives the same values."""
    rng = random.Random(3)
    position = raw_position(rng, 6, False, True, partial=False)
    hands, trump, trick, leader = position
    core = _solver_py.Core()
    exact = core.solve(list(hands), trump, trick, leader, False, True)
    cold = core.solve(list(hands), trump, trick, leader, False, True, 10**9)
    assert exact is not None and cold is not None and cold[:2] == exact[:2]
    for warm in (0, 1):
        if warm:
            core.solve(*raw_position(rng, 6, False, True)[:4], False, True)
        again = core.solve(list(hands), trump, trick, leader, False, True, cold[2])
        assert again is not None and again[:2] == exact[:2]
        assert core.solve(list(hands), trump, trick, leader, False, True, cold[2] - 1) is None
    reached = core.reaches(list(hands), trump, leader, 40, False, True, 10**9)
    assert reached is not None
    assert core.reaches(list(hands), trump, leader, 40, False, True, reached[1]) == reached
    assert core.reaches(list(hands), trump, leader, 40, False, True, reached[1] - 1) is None
    core.keep = False
    assert (cold_again := core.solve(list(hands), trump, trick, leader, False, True))
    assert cold_again[:2] == exact[:2]


def test_solve_and_reaches_use_the_core_chosen(pure: None) -> None:
    """``solver.CORE`` picks the core of every thread: with ``"pure"`` the public API
    solves (and refuses over a node limit) on the pure core; :func:`warm_up` works."""
    assert solver.warm_up() > 0
    hands = {"N": ["QD", "7D"], "E": ["10S", "7S"], "S": ["9H", "8H"], "W": ["KH", "7C"]}
    assert solver.reaches(hands, "H", "S", "NS", 20)
    result = solver.solve(hands, "H", [], "S")
    assert result.values and result.nodes > 0
    with pytest.raises(NodeLimitError):
        solver.solve(hands, "H", [], "S", node_limit=1)
    assert isinstance(solver._core(), _solver_py.Core)
    assert isinstance(solver._core("compiled"), compiled.Core)


# ------------------------------------------------------------------------ no numpy at all
#: A position of 3 cards a hand, West having led the A of clubs, hearts trump.
POSITION = {"N": ["QD", "AS", "7S"], "E": ["10S", "7C", "8C"], "S": ["9H", "8H", "JD"],
            "W": ["KH", "AD"]}

#: Imports the package with numpy and numba unimportable (as in Pyodide), then solves a
#: position, values the legal cards of a club-played deal over sampled worlds weighted by
#: the club model, reviews a card and judges a contract; prints the answers as JSON.
_WITHOUT_NUMPY = r"""
import json, random, sys

class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("numpy", "numba"):
            raise ImportError(f"{name} is not importable here (as in Pyodide)")
        return None

sys.meta_path.insert(0, NoNumpy())
sys.path.insert(0, sys.argv[1])
from club_deals import club_bid, club_play
from belote_teach.coach import plays
from belote_teach.engine.cards import Seat
from belote_teach.search import solver
from belote_teach.search.evaluation import value_cards
from belote_teach.search.inference import CLUB_MODEL
from belote_teach.search.pace import DEFAULT_PACE

assert solver.CORE == "pure" and solver.is_pure(), solver.CORE
solver.warm_up()
POSITION = json.loads(sys.argv[2])
result = solver.solve(POSITION, "H", ["AC"], "W")
deal = club_bid(4)
club_play(deal, 17)
obs = deal.observation(deal.turn)
worlds = value_cards(obs, random.Random(1), 6, model=CLUB_MODEL)
card = sorted(obs.legal_plays, key=str)[0]
review = plays.review(obs, card, rng=random.Random(2), samples=6)
reached = solver.reaches({"N": ["QD", "7D"], "E": ["10S", "7S"], "S": ["9H", "8H"],
                          "W": ["KH", "7C"]}, "H", "S", "NS", 20)
print(json.dumps({
    "values": {str(c): v for c, v in result.values.items()},
    "worth": {str(c): list(v) for c, v in worlds.worth.items()},
    "worlds": [{str(s): [str(c) for c in w[s]] for s in w} for w in worlds.worlds],
    "review": [str(review.card), review.verdict.name, review.loss,
               [str(c) for c in review.best]],
    "reached": reached,
    "pace": DEFAULT_PACE,
    "modules": sorted(m for m in sys.modules if m.partition(".")[0] in ("numpy", "numba")),
}))
"""


def test_the_course_runs_without_numpy_and_numba() -> None:
    """In a new interpreter that cannot import numpy nor numba, the solver (pure core),
    the weighted world sampling and valuation and the coach give exactly what they give
    here (the compiled core and numpy); the pace assumed before any solve is the pure
    core's."""
    from club_deals import club_bid, club_play

    from belote_teach.coach import plays
    from belote_teach.search.evaluation import value_cards
    from belote_teach.search.inference import CLUB_MODEL

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _WITHOUT_NUMPY, str(ROOT / "tests" / "search"),
                           json.dumps(POSITION)],
                          capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    there = json.loads(done.stdout.strip().splitlines()[-1])
    assert there["modules"] == []
    assert there["pace"] < pace.DEFAULT_PACE        # a slower core: shorter first limits
    result = solver.solve(POSITION, "H", ["AC"], "W")
    assert there["values"] == {str(c): v for c, v in result.values.items()}
    deal = club_bid(4)
    assert deal is not None
    club_play(deal, 17)
    assert deal.turn is not None
    obs = deal.observation(deal.turn)
    worlds = value_cards(obs, random.Random(1), 6, model=CLUB_MODEL)
    assert there["worlds"] == [{str(s): [str(c) for c in w[s]] for s in w}
                               for w in worlds.worlds]
    assert there["worth"] == {str(c): list(v) for c, v in worlds.worth.items()}
    assert obs.legal_plays is not None
    card = sorted(obs.legal_plays, key=str)[0]
    review = plays.review(obs, card, rng=random.Random(2), samples=6)
    assert there["review"] == [str(review.card), review.verdict.name, review.loss,
                               [str(c) for c in review.best]]
    assert there["reached"] is True
