"""The coach evaluates the learner's card while the learner thinks (TableSession.think_ahead):
the reviews and hints are those of an evaluation made on the spot, whatever the timing."""

from __future__ import annotations

import random

from belote_teach.coach.session import TableSession
from belote_teach.engine.cards import Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.players import make_player

CLUB = make_player("club")


def _to_first_card(seed: int, *, coaching: bool = True) -> TableSession:
    """A session on deal ``seed`` driven to the learner's first card (club decisions)."""
    session = TableSession(Deal.new(Seat.WEST, rng=seed), rng=seed, coaching=coaching)
    while session.deal.phase is not Phase.PLAY or not session.learner_to_act:
        session.run_computers()
        if session.deal.phase.is_over:
            raise AssertionError(f"deal {seed} was passed out")
        if session.learner_to_act and session.deal.phase.is_bidding:
            obs = session.observation
            session.bid(CLUB.choose_bid(obs, random.Random(0)).action)
    return session


def _taken_seed() -> int:
    for seed in range(40):
        try:
            _to_first_card(seed)
        except AssertionError:
            continue
        return seed
    raise AssertionError("no deal of seeds 0-39 was taken")


def test_a_review_after_thinking_ahead_is_the_review_made_on_the_spot() -> None:
    seed = _taken_seed()
    ahead = _to_first_card(seed)
    assert ahead.think_ahead()
    assert ahead.think_ahead()                # the same work, not a second one
    assert ahead.coach_ready is not None
    hint_ahead = ahead.advice()
    on_the_spot = _to_first_card(seed)
    assert hint_ahead == on_the_spot.advice()
    card = next(c for c in ahead.observation.legal_plays.cards
                if c != hint_ahead.card)       # not the hint's card: a real verdict
    assert ahead.coach_ready == 1.0           # the hint completed it
    reviewed = ahead.play(card).reviews
    assert reviewed == on_the_spot.play(card).reviews
    assert ahead.coach_ready is None          # the table has moved on


def test_nothing_is_evaluated_ahead_when_the_learner_is_not_to_play() -> None:
    seed = _taken_seed()
    off = _to_first_card(seed, coaching=False)
    assert not off.think_ahead()              # no coach, no evaluation
    bidding = TableSession(Deal.new(Seat.WEST, rng=seed), rng=seed)   # South speaks first
    while not bidding.learner_to_act:
        bidding.run_computers()
    assert bidding.deal.phase.is_bidding and not bidding.think_ahead()


def test_an_undo_leaves_the_evaluation_behind_and_finds_it_again() -> None:
    seed = _taken_seed()
    session = _to_first_card(seed)
    assert session.think_ahead() and session.coach_ready is not None
    hint = session.advice()
    session.play(hint.card)
    assert session.undo()                     # a new epoch: another position token
    assert session.learner_to_act and session.coach_ready is None
    assert session.think_ahead()
    assert session.advice() == hint           # the same cards, the same chance


def test_work_stopped_when_the_table_is_left_still_gives_the_same_verdicts() -> None:
    seed = _taken_seed()
    left = _to_first_card(seed)
    assert left.think_ahead()
    left.stop_thinking()
    left.stop_thinking()                      # twice: nothing more
    on_the_spot = _to_first_card(seed)
    assert left.advice() == on_the_spot.advice()
    assert left.coach_ready == 1.0
    untouched = _to_first_card(seed)
    untouched.stop_thinking()                 # nothing started: nothing made or stopped
    assert untouched.coach_ready is None
    assert untouched.think_ahead() and untouched.advice() == on_the_spot.advice()
