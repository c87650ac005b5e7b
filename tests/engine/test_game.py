"""The game (game.py): deals in sequence with the dealer rotating (R2.9) and passed-out deals
redealt (R2.6), the litige reserve carried across deals (R6.6), the score sheet Nous / Eux,
and the end of the game at 1000 / 501 / 2000 (R6.8).

Every random choice comes from ``random.Random(seed)``: the games are reproducible."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from belote_teach.engine.bidding import PASS, Contract
from belote_teach.engine.cards import Card, Rank, Seat, Suit, Team
from belote_teach.engine.deal import Action, Deal, Phase
from belote_teach.engine.errors import (
    IllegalPlayError,
    InvalidPositionError,
    InvalidRuleSetError,
    InvalidScoreError,
    OutOfTurnError,
    PhaseError,
)
from belote_teach.engine.game import COLUMNS, Game, ScoreRow, ScoreSheet
from belote_teach.engine.rules import CLASSIC, FFB2016
from belote_teach.engine.scoring import Outcome, score_deal
from belote_teach.engine.transcript import parse_transcript, read_transcript

GOLDEN = Path(__file__).parents[1] / "data" / "transcripts"
SAME_DEALER = CLASSIC.replace(redeal="same_dealer")


# ------------------------------------------------------------------------- helpers
def act(game: Game, rng: random.Random, *, pass_rate: float = 0.5) -> None:
    """One random legal action on the current deal, with announcements and belote."""
    deal = game.deal
    if deal.phase.is_bidding:
        legal = sorted(deal.legal_bids, key=str)
        game.bid(PASS if rng.random() < pass_rate else rng.choice(legal))
        return
    seat = deal.turn
    assert seat is not None
    card = rng.choice(deal.legal_plays.cards)
    trump, start = deal.trump, deal.start_hand(seat)
    assert trump is not None and start is not None
    pair = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
    game.play(card, announce=deal.announcements_available(seat),
              belote=card in pair and pair <= start)


def finish_deal(game: Game, rng: random.Random) -> None:
    """Act until the current deal is over (its row is on the sheet)."""
    rows = len(game.sheet)
    while len(game.sheet) == rows:
        act(game, rng)


def pass_out(game: Game) -> None:
    for _ in range(8):
        game.bid("pass")


def play_game(seed: int, rules=CLASSIC, **options) -> Game:
    rng = random.Random(seed)
    game = Game(rules, rng=seed, **options)
    while not game.is_over:
        act(game, rng)
    return game


def golden(name: str) -> Deal:
    return read_transcript(str(GOLDEN / f"{name}.txt"))


def row(number: int, ns: int, ew: int, *, passed_out: bool = False, reserve: int = 0
        ) -> ScoreRow:
    """A made row (or a passed-out one) with the given marks."""
    if passed_out:
        return ScoreRow(number, Seat.SOUTH, None, None, {Team.NS: 0, Team.EW: 0}, reserve)
    contract = Contract(taker=Seat.SOUTH, trump=Suit.HEARTS, round=1)
    return ScoreRow(number, Seat.SOUTH, contract, Outcome.MADE, {Team.NS: ns, Team.EW: ew},
                    reserve)


def sheet(marks: list[tuple[int, int] | None], target: int = 1000) -> ScoreSheet:
    return ScoreSheet([row(i, *m) if m else row(i, 0, 0, passed_out=True)
                       for i, m in enumerate(marks, 1)], target=target)


# ------------------------------------------------------------------------- dealing
def test_a_new_game_deals_deal_one() -> None:
    game = Game(first_dealer="E", rng=11)
    assert game.number == 1 and game.deal.dealer is Seat.EAST
    assert game.deal.phase is Phase.BIDDING_1 and game.deal.reserve == 0
    assert len(game.sheet) == 0 and dict(game.totals) == {Team.NS: 0, Team.EW: 0}
    assert not game.is_over and game.winner is None and game.last_deal is None
    assert game.rules == CLASSIC and game.sheet.target == 1000
    # each deal has its own seed: the same rng gives the same game
    assert Game(first_dealer="E", rng=11).deal == game.deal
    assert Game(first_dealer="E", rng=random.Random(11)).deal == game.deal
    assert game.deal == Deal.new(Seat.EAST, game.seeds[0])
    assert Game(first_dealer="E", rng=12).deal != game.deal


def test_dealer_rotates_every_deal() -> None:
    """R2.9: the player after the dealer deals the next deal (counter-clockwise S E N W);
    with the default redeal option a passed-out deal moves on too (R2.6)."""
    game = Game(first_dealer=Seat.SOUTH, rng=5)
    rng = random.Random(5)
    for _ in range(9):
        finish_deal(game, rng)
    dealers = [r.dealer for r in game.sheet]
    expected = [Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST] * 3
    assert dealers == expected[:9]
    assert game.deal.dealer is Seat.EAST and game.number == 10
    for previous, current in zip(game.sheet, list(game.sheet)[1:], strict=False):
        assert current.dealer is previous.dealer.next


def test_passed_out_deal_next_dealer_by_default() -> None:
    """R2.6: all pass twice, nobody scores, the next dealer deals."""
    game = Game(first_dealer=Seat.NORTH, rng=1)
    pass_out(game)
    first = game.sheet[0]
    assert first.passed_out and first.outcome is None and first.taker is None
    assert dict(first.marks) == {Team.NS: 0, Team.EW: 0} and first.breakdown is None
    assert first.dealer is Seat.NORTH and first.seed == game.seeds[0]
    assert game.number == 2 and game.deal.dealer is Seat.WEST
    assert game.deal.phase is Phase.BIDDING_1
    assert game.last_deal is not None and game.last_deal.phase is Phase.PASSED_OUT


def test_passed_out_deal_same_dealer_option() -> None:
    """R2.6 option ``redeal: same_dealer``: the same dealer shuffles and deals again; a
    played deal still moves the deal on (R2.9)."""
    game = Game(SAME_DEALER, first_dealer=Seat.NORTH, rng=1)
    pass_out(game)
    pass_out(game)
    assert [r.dealer for r in game.sheet] == [Seat.NORTH, Seat.NORTH]
    assert game.deal.dealer is Seat.NORTH and game.number == 3
    assert game.deals[1] != game.deals[2]               # a new shuffle each time
    game.bid("take")
    rng = random.Random(3)
    finish_deal(game, rng)
    assert game.sheet[2].dealer is Seat.NORTH and not game.sheet[2].passed_out
    assert game.deal.dealer is Seat.WEST


# ------------------------------------------------------------------------- the reserve
def test_litige_reserve_goes_to_the_next_deal_and_its_winner() -> None:
    """R6.6 with the golden transcripts: the litige leaves 96 waiting, the next deal (West
    deals, R2.9) is a dedans, and its winners EW take the 96."""
    game = Game(first_dealer=Seat.NORTH, rng=2)
    game.new_deal(golden("litige"))                 # replaces the untouched deal 1
    assert len(game.sheet) == 1 and game.reserve == 96 and game.seeds == (None, game.seeds[1])
    litige = game.sheet[0]
    assert litige.outcome is Outcome.LITIGE and litige.reserve == 96
    assert game.deal.dealer is Seat.WEST and game.deal.reserve == 96
    game.new_deal(golden("dedans_belote"))
    dedans = game.sheet[1]
    assert dedans.outcome is Outcome.DEDANS and dedans.reserve == 0
    assert dedans.breakdown is not None and dedans.breakdown.reserve_won_by is Team.EW
    assert dict(dedans.marks) == {Team.NS: 20, Team.EW: 278}
    # 20 + 20 for NS (two belotes), 116 + 278 for EW
    assert dict(game.totals) == {Team.NS: 40, Team.EW: 394}
    assert game.reserve == 0 and game.deal.reserve == 0 and game.deal.dealer is Seat.SOUTH


def test_reserve_waits_across_a_passed_out_deal() -> None:
    """R6.6: "Passed-out deals leave the reserve waiting"; the next PLAYED deal's winner
    takes it (a new litige adds to it)."""
    game = Game(first_dealer=Seat.NORTH, rng=4)
    game.new_deal(golden("litige"))
    waiting = game.reserve
    assert waiting == 96
    pass_out(game)
    passed = game.sheet[1]
    assert passed.passed_out and passed.reserve == 96 and game.deal.reserve == 96
    assert game.deal.dealer is Seat.SOUTH                  # W passed out, S deals
    rng = random.Random(8)
    while True:
        pass_rate = 0.0 if game.deal.phase is Phase.BIDDING_1 else 0.5
        finish_deal_rate(game, rng, pass_rate)
        last = game.sheet[-1]
        if last.passed_out:
            assert last.reserve == waiting
            continue
        breakdown = last.breakdown
        assert breakdown is not None and breakdown.reserve_before == waiting
        if last.outcome is Outcome.LITIGE:                  # a new litige adds to it
            assert last.reserve > waiting
            waiting = last.reserve
            continue
        break
    winner = breakdown.winner
    assert winner is not None and breakdown.reserve_won_by is winner and last.reserve == 0
    without = score_deal(takers=breakdown.takers, card_points=breakdown.card_points,
                         tricks=breakdown.tricks, belote=breakdown.belote,
                         announcements=breakdown.announcements, reserve=0,
                         rules=breakdown.rules, dix_de_der=breakdown.dix_de_der,
                         trump=game.last_deal.trump)  # type: ignore[union-attr]
    assert last.marks[winner] == without.marks[winner] + waiting
    assert last.marks[winner.other] == without.marks[winner.other]
    assert game.deal.reserve == 0


def finish_deal_rate(game: Game, rng: random.Random, pass_rate: float) -> None:
    rows = len(game.sheet)
    while len(game.sheet) == rows:
        act(game, rng, pass_rate=pass_rate)


# ------------------------------------------------------------------------- the sheet
def test_sheet_rows_and_totals_are_the_sum_of_the_marks() -> None:
    game = play_game(21)
    rows = game.sheet.rows
    assert [r.number for r in rows] == list(range(1, len(rows) + 1))
    for team in Team:
        assert game.totals[team] == sum(r.marks[team] for r in rows)
    running = {Team.NS: 0, Team.EW: 0}
    for entry, deal in zip(game.sheet.entries, game.deals, strict=True):
        r = entry.row
        for team in Team:
            running[team] += r.marks[team]
        assert (entry.nous, entry.eux) == (r.marks[Team.NS], r.marks[Team.EW])
        assert (entry.nous_total, entry.eux_total) == (running[Team.NS], running[Team.EW])
        assert r.dealer is deal.dealer and r.contract == deal.contract
        if r.passed_out:
            assert deal.phase is Phase.PASSED_OUT
        else:
            assert r.breakdown == deal.score and r.taker is deal.taker
            assert dict(r.marks) == dict(deal.score.marks)  # type: ignore[union-attr]
        assert r.reserve == deal.reserve_after
    assert COLUMNS == ("Nous", "Eux")


def test_nous_is_the_team_of_the_given_seat() -> None:
    ns = play_game(21)
    ew = play_game(21, nous=Seat.WEST)
    assert ns.sheet.nous is Team.NS and ew.sheet.nous is Team.EW and ew.sheet.eux is Team.NS
    assert [(e.nous, e.eux) for e in ew.sheet.entries] == \
        [(e.eux, e.nous) for e in ns.sheet.entries]
    assert (ew.sheet.nous_total, ew.sheet.eux_total) == \
        (ns.sheet.eux_total, ns.sheet.nous_total)
    assert Game(nous="EW").sheet.nous is Team.EW and Game(nous=Team.NS).sheet.nous is Team.NS


def test_sheet_refuses_bad_rows() -> None:
    with pytest.raises(InvalidScoreError, match="numbered 3"):
        ScoreSheet([row(1, 10, 0), row(3, 0, 10)])
    with pytest.raises(InvalidScoreError, match="not a ScoreRow"):
        ScoreSheet(["1 NS 90 EW 72"])  # type: ignore[list-item]
    with pytest.raises(InvalidRuleSetError, match="1500"):
        ScoreSheet(target=1500)
    with pytest.raises(InvalidPositionError, match="'X'"):
        ScoreSheet(nous="X")
    with pytest.raises(InvalidScoreError, match="-5"):
        row(1, -5, 0)
    with pytest.raises(InvalidScoreError, match="passed out"):
        ScoreRow(1, Seat.SOUTH, None, None, {Team.NS: 20, Team.EW: 0})
    with pytest.raises(InvalidScoreError, match="NS and EW"):
        ScoreRow(1, Seat.SOUTH, None, None, {Team.NS: 0})
    with pytest.raises(PhaseError, match="not over"):
        ScoreSheet().add(Deal.new(Seat.SOUTH, 1))
    litige = golden("litige")
    with pytest.raises(InvalidScoreError, match="reserve of 96"):
        ScoreSheet().add(golden("dedans_belote"))
    assert ScoreSheet().add(litige).add(golden("dedans_belote")).totals[Team.EW] == 394
    with pytest.raises(PhaseError, match="no row"):
        ScoreSheet().without_last()


# ------------------------------------------------------------------------- end of game
@pytest.mark.parametrize("target", [1000, 501, 2000])
def test_first_team_to_reach_the_target_wins(target: int) -> None:
    """R6.8: the first team to reach or pass the target wins."""
    under = target - 100
    s = sheet([(under, 300), (99, 0)], target)
    assert not s.is_over and s.winner is None and s.totals[Team.NS] == target - 1
    s = sheet([(under, 300), (100, 0)], target)                       # reaches exactly
    assert s.is_over and s.winner is Team.NS
    s = sheet([(300, under), (0, 150)], target)                       # passes
    assert s.winner is Team.EW
    with pytest.raises(InvalidScoreError, match="follows the end of the game"):
        sheet([(300, under), (0, 150), (10, 0)], target)


@pytest.mark.parametrize("target", [1000, 501, 2000])
def test_both_teams_pass_the_target_in_one_deal(target: int) -> None:
    """R6.8: both reach the target in one deal: the higher total wins, even if the other
    team won that deal."""
    s = sheet([(target - 100, target - 50), (120, 62)], target)      # NS 1020, EW 1012
    assert s.is_over and s.winner is Team.NS
    s = sheet([(target - 10, target - 100), (20, 142)], target)
    assert s.winner is Team.EW


@pytest.mark.parametrize("target", [1000, 501, 2000])
def test_equal_totals_over_the_target_play_another_deal(target: int) -> None:
    """R6.8: equal totals over the target: another deal; a passed-out deal changes
    nothing; the next deal that breaks the tie ends the game."""
    s = sheet([(target - 60, target - 10), (70, 20)], target)
    assert s.totals[Team.NS] == s.totals[Team.EW] == target + 10
    assert not s.is_over and s.winner is None and s.tied_over_target
    s = sheet([(target - 60, target - 10), (70, 20), None], target)
    assert not s.is_over and s.tied_over_target
    s = sheet([(target - 60, target - 10), (70, 20), None, (81, 81)], target)
    assert not s.is_over                                               # tied again
    s = sheet([(target - 60, target - 10), (70, 20), None, (81, 81), (0, 162)], target)
    assert s.winner is Team.EW and not s.tied_over_target


@pytest.mark.parametrize(("target", "seed", "winner"), [
    (501, 236, Team.EW),     # NS 502, EW 508 in the last deal, which NS won by 82
    (1000, 78, Team.NS),     # NS 1007, EW 1005 in the last deal, which EW won by 54
])
def test_game_where_both_pass_the_target_in_the_last_deal(target: int, seed: int,
                                                          winner: Team) -> None:
    game = play_game(seed, CLASSIC.replace(target=target))
    entries = game.sheet.entries
    before, last = entries[-2], entries[-1]
    assert max(before.nous_total, before.eux_total) < target
    assert min(last.nous_total, last.eux_total) >= target
    assert game.winner is winner
    assert game.totals[winner] > game.totals[winner.other]
    assert last.row.marks[winner] < last.row.marks[winner.other]   # lost the last deal


@pytest.mark.parametrize(("target", "seed"), [(1000, 1), (501, 2), (2000, 3)])
def test_seeded_random_game_to_the_end(target: int, seed: int) -> None:
    rules = (CLASSIC if target == 1000 else FFB2016).replace(target=target)
    game = play_game(seed, rules)
    s = game.sheet
    winner = game.winner
    assert winner is not None and game.is_over and s.is_over and s.winner is winner
    totals = s.totals
    assert totals[winner] >= target and totals[winner] > totals[winner.other]
    # no earlier row had ended the game
    for entry in s.entries[:-1]:
        assert ScoreSheet([r for r in s.rows if r.number <= entry.row.number],
                          target=target).winner is None
    # the game is over: acting is refused and changes nothing
    last = game.deal
    assert last.phase.is_over and game.number == len(s)
    before = (game.deals, game.sheet)
    with pytest.raises(PhaseError, match="the game is over"):
        game.bid("pass")
    with pytest.raises(PhaseError, match="the game is over"):
        game.play("JH")
    with pytest.raises(PhaseError, match="the game is over"):
        game.push(Action(Seat.SOUTH, bid=PASS))
    with pytest.raises(PhaseError, match="the game is over"):
        game.new_deal()
    with pytest.raises(PhaseError):
        last.bid("pass")                                  # the deal itself is over too
    assert (game.deals, game.sheet) == before
    # every deal replays from its transcript, with its seed
    for number, deal in enumerate(game.deals, 1):
        assert parse_transcript(game.transcript(number)) == deal


# ------------------------------------------------------------------------- acting
def test_bad_actions_change_nothing() -> None:
    game = Game(rng=9)
    before = game.copy()
    with pytest.raises(OutOfTurnError):
        game.bid("pass", seat=game.deal.turn.next)  # type: ignore[union-attr]
    with pytest.raises(PhaseError):
        game.play("JH")
    game.bid("take")
    turn = game.deal.turn
    assert turn is not None
    refused = game.deal.hand(turn.next)[0]                # someone else's card
    snapshot = game.deal.copy()
    with pytest.raises(IllegalPlayError):
        game.play(refused)
    assert game.deal == snapshot and len(game.sheet) == 0
    assert before.deal != game.deal                    # the copy did not follow
    with pytest.raises(PhaseError, match="in progress"):
        game.new_deal()


@pytest.mark.parametrize(("kwargs", "error", "quoted"), [
    ({"rng": "seven"}, InvalidPositionError, "'seven'"),
    ({"first_dealer": "X"}, InvalidPositionError, "'X'"),
    ({"nous": "Q"}, InvalidPositionError, "'Q'"),
    ({"rules": "belote"}, InvalidRuleSetError, "'belote'"),
    ({"rules": {"target": 700}}, InvalidRuleSetError, "700"),
])
def test_bad_game_arguments(kwargs: dict, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        Game(**kwargs)


def test_new_deal_refuses_a_deal_that_does_not_fit() -> None:
    game = Game(first_dealer=Seat.SOUTH, rng=6)
    current = game.deal
    assert game.new_deal() is current                   # untouched: kept as it is
    with pytest.raises(InvalidPositionError, match="dealer N"):
        game.new_deal(Deal.new(Seat.NORTH, 1))
    with pytest.raises(InvalidPositionError, match="reserve 81"):
        game.new_deal(Deal.new(Seat.SOUTH, 1, reserve=81))
    with pytest.raises(InvalidPositionError, match="rules"):
        game.new_deal(Deal.new(Seat.SOUTH, 1, FFB2016))
    with pytest.raises(InvalidPositionError, match="'deal'"):
        game.new_deal("deal")  # type: ignore[arg-type]
    assert game.deal is current and game.number == 1
    prepared = Deal.new(Seat.SOUTH, 1)
    started = game.new_deal(prepared)
    assert started == prepared and started is not prepared and game.deal is started
    assert game.seeds == (None,) and game.number == 1
    # the game did not deal it, but the deal knows its seed: the transcript gives it
    assert started.seed == 1 and "\nseed 1\n" in game.transcript()


def test_manual_advance_and_undo() -> None:
    """``auto_advance=False``: the finished deal stays until new_deal(); pop takes the last
    card back and its row leaves the sheet; undo never crosses into an earlier deal."""
    game = Game(first_dealer=Seat.WEST, rng=12, auto_advance=False)
    rng = random.Random(12)
    game.bid("take")
    finish_deal(game, rng)
    finished = game.deal
    assert finished.phase is Phase.SCORED and game.number == 1 and len(game.sheet) == 1
    with pytest.raises(PhaseError):
        game.play("7H")                                   # the deal is over
    card = game.pop()
    assert card.card is not None and len(game.sheet) == 0 and game.deal.phase is Phase.PLAY
    game.push(card)
    assert len(game.sheet) == 1
    started = game.new_deal()
    assert game.number == 2 and started.dealer is Seat.SOUTH
    assert started.reserve == game.sheet[0].reserve
    with pytest.raises(PhaseError, match="undo does not go back"):
        game.pop()
    assert game.new_deal() is started


def test_acting_on_the_deal_directly_is_noticed() -> None:
    game = Game(first_dealer=Seat.SOUTH, rng=13)
    deal = game.deal
    for _ in range(8):
        deal.bid("pass")
    assert game.number == 2 and game.sheet[0].passed_out and game.deal is not deal


def test_copy_is_independent() -> None:
    game = Game(rng=14)
    rng = random.Random(14)
    finish_deal(game, rng)
    clone = game.copy()
    assert clone.sheet == game.sheet and clone.deals == game.deals
    finish_deal(clone, random.Random(15))
    assert len(clone.sheet) == len(game.sheet) + 1
    assert game.deal.actions == () and len(game.sheet) == 1
    # the copied generator goes on the same way: the next deals are the same
    twin = game.copy()
    pass_out(game)
    pass_out(twin)
    assert game.deal == twin.deal
    assert "deal 3" in repr(game) and "NS" in repr(game.sheet)


def test_transcript_of_a_game_deal() -> None:
    game = Game(first_dealer=Seat.EAST, rng=16)
    game.bid("take")
    text = game.transcript()
    assert f"seed {game.seeds[0]}" in text and "bids N:take" in text
    assert game.deal.seed == game.seeds[0]                   # the deal remembers it
    assert parse_transcript(text) == game.deal
    with pytest.raises(InvalidPositionError, match="deals 1 to 1"):
        game.transcript(2)


def test_a_prepared_deal_keeps_its_seed_and_the_random_state_round_trips() -> None:
    """What a saved game needs to resume identically: the seed of a prepared deal is
    recorded, and the generator of the next deals can be read and restored."""
    game = Game("classic", Seat.SOUTH, rng=3, auto_advance=False)
    state = game.random_state
    prepared = Deal.new(Seat.SOUTH, 77)
    game.new_deal(prepared, seed=77)
    assert game.seeds == (77,) and game.deal == prepared
    other = Game("classic", Seat.SOUTH, rng=99)
    other.restore_random_state(state)
    assert other.random_state == state
    with pytest.raises(InvalidPositionError, match="seed 77, not 5"):
        Game("classic", Seat.SOUTH, rng=3).new_deal(prepared, seed=5)
    with pytest.raises(InvalidPositionError, match="random generator state"):
        other.restore_random_state(("nonsense",))
