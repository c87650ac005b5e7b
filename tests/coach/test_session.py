"""The table session (belote_teach.coach.session): the learner's decisions through the checked
engine, computer players one decision at a time, the coach's comments, undo, restart,
a whole game."""

from __future__ import annotations

import json
import random

import pytest

from belote_teach.coach.errors import ReplayError
from belote_teach.coach.plays import Verdict
from belote_teach.coach.session import Event, TableSession
from belote_teach.engine.bidding import PASS
from belote_teach.engine.cards import DECK, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import IllegalPlayError
from belote_teach.engine.game import Game
from belote_teach.engine.transcript import parse_transcript
from belote_teach.players import make_player

S = Seat.SOUTH
CLUB = make_player("club")


def _learner_acts(session: TableSession) -> None:
    """The learner decides as the club player would (announcing everything)."""
    obs = session.observation
    if session.deal.phase.is_bidding:
        assert session.bid(CLUB.choose_bid(obs, random.Random(0)).action).accepted
    else:
        card = CLUB.choose_card(obs, random.Random(0)).action
        assert session.play(card, announce=obs.announcements_available).accepted


def _play_out(session: TableSession) -> list[Event]:
    events: list[Event] = []
    start = session.deal
    while not start.phase.is_over:
        events += session.run_computers()
        if session.learner_to_act and session.deal is start:
            _learner_acts(session)
    return events


def test_a_whole_deal_with_the_coach() -> None:
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1)
    deal = session.deal
    comments = 0
    while not deal.phase.is_over:
        session.run_computers()
        if not session.learner_to_act:
            continue
        obs = session.observation
        if deal.phase.is_bidding:
            feedback = session.bid(CLUB.choose_bid(obs, random.Random(0)).action)
        else:
            illegal = [c for c in obs.hand if c not in obs.legal_plays]
            if illegal:                                   # refused, nothing changes
                before = deal.actions
                refused = session.play(illegal[0])
                assert not refused.accepted and refused.reviews == ()
                assert "R3" in refused.text or "must" in refused.text
                assert deal.actions == before and session.learner_to_act
            card = CLUB.choose_card(obs, random.Random(0)).action
            feedback = session.play(card, announce=obs.announcements_available)
        assert feedback.accepted and feedback.text and feedback.reviews
        comments += 1
    assert deal.phase is Phase.SCORED and comments >= 9       # a bid and 8 cards
    assert all(m.review.verdict in (Verdict.INACCURACY, Verdict.MISTAKE)
               for m in session.mistakes)


def test_computers_act_one_decision_at_a_time() -> None:
    session = TableSession(Deal.new(S, rng=5), rng=2, coaching=False)
    assert session.computer_to_act                       # East bids first (dealer South)
    event = session.step()
    assert event.kind == "bid" and event.seat is S.next and event.reason is not None
    assert len(session.deal.actions) == 1
    session.run_computers()
    assert session.learner_to_act
    with pytest.raises(ValueError, match="no computer player to act"):
        session.step()
    with pytest.raises(ValueError, match="cannot play now"):
        session.play(session.observation.hand[0])


def test_undo_takes_back_the_learner_card_and_what_followed() -> None:
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1)
    while session.deal.phase.is_bidding:
        assert not session.can_undo and not session.undo()      # a bid is not taken back
        session.run_computers()
        if session.learner_to_act:
            _learner_acts(session)
    session.run_computers()
    assert session.learner_to_act and not session.can_undo
    hand = session.observation.hand
    before = session.deal.actions
    _learner_acts(session)
    session.run_computers()
    assert session.can_undo
    assert session.undo()
    assert session.deal.actions == before and session.observation.hand == hand
    assert session.learner_to_act and not session.can_undo


def test_no_undo_without_the_coach_and_restart() -> None:
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1, coaching=False)
    _play_out(session)
    assert not session.can_undo and not session.undo()
    session.restart()
    assert session.deal.actions == () and session.deal.phase.is_bidding


def passed_out_seed() -> int:
    """The first seed whose deal (dealer South) club players pass out in both rounds."""
    for seed in range(200):
        probe = Deal.new(S, rng=seed)
        while probe.phase.is_bidding:
            probe.bid(CLUB.choose_bid(probe.observation(probe.turn), random.Random(0)).action)
        if probe.phase is Phase.PASSED_OUT:
            return seed
    pytest.fail("no passed-out deal among 200 seeds")


def test_a_passed_out_deal() -> None:
    """Everybody passes both rounds: the deal is passed out, no crash, nothing to score."""
    session = TableSession(Deal.new(S, rng=passed_out_seed()), rng=0, coaching=False)
    while not session.deal.phase.is_over:
        session.run_computers()
        if session.learner_to_act:
            session.bid(PASS)
    assert session.deal.phase is Phase.PASSED_OUT and session.deal.score is None


def test_the_same_seed_gives_the_same_table() -> None:
    runs = []
    for _ in range(2):
        session = TableSession(Deal.new(Seat.NORTH, rng=8), rng=4, coaching=False)
        runs.append(_play_out(session))
    assert runs[0] == runs[1]


def test_a_whole_game_to_501() -> None:
    game = Game({"target": 501}, rng=11)
    session = TableSession(game, rng=3, coaching=False)
    for _ in range(60):
        if game.is_over:
            break
        _play_out(session)
        if not game.is_over:
            session.next_deal()
    assert game.is_over and game.winner is not None
    assert max(game.totals.values()) >= 501


def test_errors() -> None:
    with pytest.raises(ValueError, match="Deal or a Game"):
        TableSession("deal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="language"):
        TableSession(Deal.new(S, rng=1), lang="de")
    with pytest.raises(ValueError, match="cannot bid"):
        TableSession(Deal.new(S, rng=1)).bid(PASS)       # East's turn, not South's
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1, coaching=False)
    while not (session.deal.phase is Phase.PLAY and session.learner_to_act):
        session.run_computers()
        if session.learner_to_act and session.deal.phase.is_bidding:
            _learner_acts(session)
    assert session.deal.phase is Phase.PLAY and session.learner_to_act
    elsewhere = next(c for c in DECK if c not in session.observation.hand)
    with pytest.raises(IllegalPlayError):
        session.play(elsewhere)


def test_a_wrong_belote_is_refused_in_the_learner_language_without_the_coach() -> None:
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1, coaching=False, lang="fr")
    while not (session.deal.phase is Phase.PLAY and session.learner_to_act):
        session.run_computers()
        if session.learner_to_act and session.deal.phase.is_bidding:
            _learner_acts(session)
    obs = session.observation
    trump = obs.trump
    card = next(c for c in obs.legal_plays if c.suit is not trump)
    before = session.deal.actions
    refused = session.play(card, belote=True)
    assert not refused.accepted and session.deal.actions == before
    assert "belote" in refused.text.lower() and "R5" in refused.text
    assert "refused" not in refused.text                   # not the engine's English


@pytest.mark.parametrize("coaching", [True, False])
def test_an_illegal_bid_is_refused_in_the_learner_language(coaching: bool) -> None:
    """Naming a suit in round 1 (R2.4) is refused with the rule in French, coach or not,
    and changes nothing."""
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1, coaching=coaching, lang="fr")
    session.run_computers()
    assert session.learner_to_act and session.deal.phase is Phase.BIDDING_1
    before = session.deal.actions
    other = next(s for s in "SHDC" if s != session.deal.turned.suit.value)
    refused = session.bid(other)
    assert not refused.accepted and session.deal.actions == before
    assert "Au premier tour (R2.4)" in refused.text
    assert "not" not in refused.text.split() and "round" not in refused.text


def test_every_position_has_its_own_token() -> None:
    """The token changes with every action, undo and restart, never coming back to an
    earlier one, even where the position itself comes back."""
    session = TableSession(Deal.new(Seat.WEST, rng=3), rng=1)
    seen = [session.position]
    while session.deal.phase.is_bidding:
        session.run_computers()
        if session.learner_to_act:
            _learner_acts(session)
        seen.append(session.position)
    session.run_computers()
    seen.append(session.position)
    _learner_acts(session)
    seen.append(session.position)
    assert session.undo()
    seen.append(session.position)
    session.restart()
    seen.append(session.position)
    changes = [token for i, token in enumerate(seen) if i == 0 or token != seen[i - 1]]
    assert len(changes) >= 5 and len(set(changes)) == len(changes), seen


def test_a_replay_in_a_game_is_practice_beside_it() -> None:
    """In a game a deal is replayed once over, beside the game: the game's deal and score
    sheet stay as first played; a saved replay of another deal is refused."""
    game = Game({"target": 501}, rng=11, auto_advance=False)
    session = TableSession(game, rng=3, coaching=False)
    with pytest.raises(ReplayError, match="in progress"):
        session.restart()
    _play_out(session)
    first, sheet = game.deal.copy(), game.sheet
    session.restart()
    assert session.replaying and session.deal is not game.deal and session.deal.actions == ()
    _play_out(session)
    assert game.deal == first and game.sheet == sheet and session.deal.phase.is_over
    kept = session.practice_transcript()
    assert kept is not None
    other = TableSession(game.copy(), rng=3, coaching=False)
    other.resume_practice(kept)
    assert other.deal == session.deal
    session.next_deal()
    assert not session.replaying and game.number == 2
    with pytest.raises(ReplayError, match="whose deal is over"):
        session.resume_practice(kept)


# ---------------------------------------------------------------------------- saved hands
RANDOM = make_player("random")


def _hand_with_a_mistake() -> tuple[int, TableSession]:
    """A practice hand (dealer South) half played, the learner playing random legal
    cards, with at least one mistake in its debrief: its seed and its session."""
    for seed in range(20):
        session = TableSession(Deal.new(S, rng=seed), rng=1)
        rng = random.Random(seed)
        deal = session.deal
        while not deal.phase.is_over and len(deal.tricks) < 4:
            session.run_computers()
            if session.learner_to_act and deal.phase.is_bidding:
                session.bid(CLUB.choose_bid(session.observation, rng).action)
            elif session.learner_to_act:
                session.play(RANDOM.choose_card(session.observation, rng).action)
        if session.mistakes and not deal.phase.is_over:
            return seed, session
    raise AssertionError("no half-played hand with a mistake")


def test_a_practice_hand_is_saved_and_put_back_with_its_debrief() -> None:
    """The record of a half-played hand, through JSON as the store keeps it, puts back
    the same position and the same mistakes (their positions and words in both
    languages, the coach not asked again) on a new session of the same hand, which then
    plays on to the end."""
    seed, session = _hand_with_a_mistake()
    record = json.loads(json.dumps(session.hand_record()))
    again = TableSession(Deal.new(S, rng=seed), rng=1)
    again.resume_hand(record)
    assert again.deal == session.deal and again.position != session.position
    assert [(m.actions, m.observation, m.review.verdict) for m in again.mistakes] == \
        [(m.actions, m.observation, m.review.verdict) for m in session.mistakes]
    for lang in ("en", "fr"):
        assert [(m.review.verdict_text(lang), m.review.details_text(lang))
                for m in again.mistakes] == \
            [(m.review.verdict_text(lang), m.review.details_text(lang))
             for m in session.mistakes]
    with pytest.raises(ValueError, match="language"):
        again.mistakes[0].review.verdict_text("de")
    _play_out(again)
    assert again.deal.phase.is_over and again.deal.actions[:len(session.deal.actions)] \
        == session.deal.actions


def _spoilt(record: dict[str, object], how: str) -> dict[str, object]:
    spoilt = json.loads(json.dumps(record))
    mistakes = spoilt["mistakes"]
    if how == "transcript":
        spoilt["transcript"] = "rules classic"
    elif how == "unreadable":
        spoilt["transcript"] = ["rules classic", "dealer Z"]
    elif how == "mistakes":
        spoilt["mistakes"] = {"actions": 9}
    elif how == "computer's action":
        mistakes[0]["actions"] = json_actions(spoilt).index(False)
    elif how == "verdict":
        mistakes[0]["verdict"] = "best"
    elif how == "words":
        del mistakes[0]["words"]["fr"]
    elif how == "unreviewed computer's action":
        spoilt["unreviewed"] = [json_actions(spoilt).index(False)]
    elif how == "unreviewed twice":
        mine = json_actions(spoilt).index(True)
        spoilt["unreviewed"] = [mine, mine]
    elif how == "unreviewed not a list":
        spoilt["unreviewed"] = 3
    return spoilt


def json_actions(record: dict[str, object]) -> list[bool]:
    """Per action of a record's hand: whether it is the learner's (South's)."""
    transcript = record["transcript"]
    assert isinstance(transcript, list)
    deal = parse_transcript("\n".join(transcript) + "\n")
    return [a.seat is S for a in deal.actions]


@pytest.mark.parametrize("how", ["transcript", "unreadable", "mistakes", "computer's action",
                                 "verdict", "words", "another hand",
                                 "unreviewed computer's action", "unreviewed twice",
                                 "unreviewed not a list"])
def test_a_bad_saved_hand_is_refused_and_changes_nothing(how: str) -> None:
    seed, session = _hand_with_a_mistake()
    record = session.hand_record()
    other = TableSession(Deal.new(S, rng=seed + (1 if how == "another hand" else 0)), rng=1)
    other.run_computers()
    before = (other.deal.actions, other.mistakes, other.position)
    with pytest.raises(ReplayError, match="saved"):
        other.resume_hand(_spoilt(record, how))
    assert (other.deal.actions, other.mistakes, other.position) == before


def test_the_coach_turned_off_and_on_mid_deal_leaves_out_the_decisions_between() -> None:
    """set_coaching(False) mid-deal: the learner's next decisions get no review and are
    listed as unreviewed (kept through the saved record, and a record without the list
    has none); an undo takes back the unreviewed card with it; set_coaching(True) reviews
    again from the next decision."""
    seed, session = _hand_with_a_mistake()
    mistakes = session.mistakes
    session.set_coaching(False)
    assert not session.think_ahead()            # no background work with the coach off
    rng = random.Random(4)
    done = []
    while len(done) < 2 and not session.deal.phase.is_over:
        session.run_computers()
        if session.learner_to_act:
            feedback = session.play(RANDOM.choose_card(session.observation, rng).action)
            assert feedback.accepted and feedback.reviews == ()
            done.append(len(session.deal.actions) - 1)
    assert session.unreviewed == tuple(done) and session.mistakes == mistakes
    mine = sum(a.seat is S for a in session.deal.actions)
    assert session.reviewed == mine - len(done)

    record = json.loads(json.dumps(session.hand_record()))
    again = TableSession(Deal.new(S, rng=seed), rng=1, coaching=False)
    again.resume_hand(record)
    assert again.unreviewed == tuple(done)
    older = dict(record)
    del older["unreviewed"]                     # saved before the list existed: none
    oldest = TableSession(Deal.new(S, rng=seed), rng=1)
    oldest.resume_hand(older)
    assert oldest.unreviewed == ()

    again.set_coaching(True)
    assert again.undo()                         # the last card, unreviewed, taken back
    assert again.unreviewed == tuple(done[:-1])
    again.run_computers()
    feedback = again.play(RANDOM.choose_card(again.observation, rng).action)
    assert feedback.reviews and again.unreviewed == tuple(done[:-1])
    with pytest.raises(TypeError, match="coaching"):
        again.set_coaching("off")               # type: ignore[arg-type]
    assert again.coaching is True


def test_a_game_is_not_saved_as_a_practice_hand() -> None:
    session = TableSession(Game("classic", rng=1), rng=1)
    with pytest.raises(ReplayError, match="game"):
        session.hand_record()
    with pytest.raises(ReplayError, match="game"):
        session.resume_hand({"transcript": [], "mistakes": []})
