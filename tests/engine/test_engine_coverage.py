"""Refusals and edge paths of the engine that the other test files do not reach, so that
the engine's coverage (``make test``, at least 95%) measures tested behaviour: each
test checks the error raised or the value returned, and that a refusal changed nothing.
"""

from __future__ import annotations

import random

import pytest

from belote_teach.coach import plays
from belote_teach.coach.session import TableSession
from belote_teach.course.files import REASONS, FileProblem
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.deal import Deal
from belote_teach.engine.errors import InvalidPositionError, InvalidScoreError
from belote_teach.engine.game import Game, ScoreSheet
from belote_teach.players import make_player
from belote_teach.players.club import ClubPlayer
from belote_teach.search import sampling, solver
from belote_teach.search.tracking import track

#: A position of the solver's own docstring: South to play the third card of the trick.
HANDS = {"N": ["QD"], "E": ["10S"], "S": ["9H", "8H"], "W": ["KH"]}


def _play_observation() -> tuple[Deal, Seat]:
    """A deal of seed 3 where South took in round 1, and the seat to play the first card."""
    deal = Deal.new(Seat.WEST, rng=3)
    while deal.phase.is_bidding:
        deal.bid("take" if deal.turn is Seat.SOUTH else "pass")
    assert deal.turn is not None
    return deal, deal.turn


# ------------------------------------------------------------------------------ solver
def test_solve_refuses_a_seat_given_twice() -> None:
    hands: solver.Hands = {**HANDS, Seat.NORTH: ["QD"]}
    with pytest.raises(InvalidPositionError, match="seat N is given twice"):
        solver.solve(hands, "H", ["AC", "KC", "9C"], "E")


def test_warm_up_solves_a_position() -> None:
    seconds = solver.warm_up()
    assert isinstance(seconds, float) and seconds > 0
    assert solver.solve(HANDS, "H", ["AC", "KC", "9C"], "E").values  # the core still works


# ------------------------------------------------------------------------------- coach
def test_coach_checks_its_arguments() -> None:
    deal, seat = _play_observation()
    obs = deal.observation(seat)
    card = next(iter(obs.legal_plays or ()))
    before = deal.actions
    with pytest.raises(TypeError, match="review takes an Observation"):
        plays.review(deal, card, rng=random.Random(0))
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        plays.review(obs, card, rng=0)
    with pytest.raises(ValueError, match="samples must be a whole number, 1 or more"):
        plays.hint(obs, rng=random.Random(0), samples=0)
    assert deal.actions == before


def test_the_playouts_club_plays_a_forced_card() -> None:
    # The last trick: one legal card, played for that reason, as ClubPlayer does.
    deal, seat = _play_observation()
    while len(deal.hand(seat)) > 1 or deal.turn is not seat:
        deal.play(sorted(deal.legal_plays, key=str)[0])
        seat = deal.turn
    obs = deal.observation(seat)
    assert obs.legal_plays is not None and len(obs.legal_plays) == 1
    decision = ClubPlayer().choose_tracked(obs, track(obs))
    assert decision.action == obs.hand[0]
    assert decision.reason is plays.Technique.ONLY_CHOICE
    assert decision == make_player("club").choose_card(obs, random.Random(0))


# ----------------------------------------------------------------------------- storage
def test_a_file_problem_names_a_known_reason() -> None:
    assert FileProblem(REASONS[0], "detail").reason == REASONS[0]
    with pytest.raises(ValueError, match="reason 'lost': expected one of"):
        FileProblem("lost", "detail")


# -------------------------------------------------------------------------------- game
def test_the_nous_column_from_a_seat_notation() -> None:
    assert ScoreSheet(nous="e").nous is Team.EW
    assert Game("classic", rng=1, nous="N").sheet.nous is Team.NS
    with pytest.raises(InvalidPositionError, match=r"expected a seat .* or a team"):
        ScoreSheet(nous="X")


def test_the_score_sheet_takes_only_deals() -> None:
    sheet = ScoreSheet()
    with pytest.raises(InvalidScoreError, match="only a Deal goes on the score sheet"):
        sheet.add("deal 1")
    assert sheet.rows == ()
    assert sheet != "a sheet" and sheet == ScoreSheet()


def test_new_deal_seed_needs_the_deal() -> None:
    game = Game("classic", rng=1, auto_advance=False)
    for _ in range(8):                                   # passed out (R2.6): deal over
        game.bid("pass")
    before = game.deal
    assert before.phase.is_over
    with pytest.raises(InvalidPositionError, match=r"new_deal\(seed=\.\.\.\) needs"):
        game.new_deal(seed=4)
    assert game.deal is before and len(game.deals) == 1


# ---------------------------------------------------------------------------- sampling
def test_hand_sizes_need_a_contract() -> None:
    deal = Deal.new(Seat.WEST, rng=3)
    with pytest.raises(ValueError, match="no contract in"):
        sampling.hand_sizes(deal.observation(Seat.SOUTH))


# ----------------------------------------------------------------------------- session
def test_no_hint_and_no_undo_out_of_turn() -> None:
    session = TableSession(Deal.new(Seat.SOUTH, rng=3), rng=1)
    assert not session.learner_to_act                    # West speaks first
    with pytest.raises(ValueError, match="no hint: it is not your turn"):
        session.hint()
    assert session.undo() is False                       # no card of the learner yet
    assert session.deal.actions == ()
