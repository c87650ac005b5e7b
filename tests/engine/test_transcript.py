"""Transcripts (transcript.py): golden deals stored as text and compared on every run, the
round trip ``parse_transcript(to_transcript(deal)) == deal`` on seeded random deals, and
transcripts the replay refuses with an error naming the line and the token.

Every random choice comes from ``random.Random(seed)``; the hypothesis property uses
``derandomize=True`` and no database, so runs are reproducible."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_teach.engine.bidding import PASS
from belote_teach.engine.cards import Card, Rank, Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import (
    BeloteError,
    FalseAnnouncementError,
    FalseBeloteError,
    IllegalBidError,
    IllegalPlayError,
    InvalidRuleSetError,
    OutOfTurnError,
    PhaseError,
    TranscriptError,
)
from belote_teach.engine.rules import CLASSIC, FFB2016, RuleSet
from belote_teach.engine.scoring import Outcome
from belote_teach.engine.transcript import parse_transcript, read_transcript, to_transcript

GOLDEN = Path(__file__).parents[1] / "data" / "transcripts"
ORDER = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)
RULESETS: tuple[RuleSet, ...] = (
    CLASSIC,
    FFB2016,
    CLASSIC.replace(undertrump="free", redeal="same_dealer", rounding=True),
    FFB2016.replace(announcements=True, capot_points=250, target=501),
)


# ------------------------------------------------------------------------- helpers
def random_deal(seed: int, rules: RuleSet = CLASSIC, *, stop: int | None = None) -> Deal:
    """A seeded random deal: random legal bids and cards, announcements declared (all,
    some or none) and belote said most of the time; ``stop``: after that many actions."""
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(ORDER), rng.randrange(10**6), rules,
                    reserve=rng.choice((0, 0, 0, 81, 96, 162)))
    while not deal.phase.is_over and (stop is None or len(deal.actions) < stop):
        if deal.phase.is_bidding:
            legal = sorted(deal.legal_bids, key=str)
            deal.bid(PASS if rng.random() < 0.5 else rng.choice(legal))
            continue
        seat = deal.turn
        assert seat is not None
        card = rng.choice(deal.legal_plays.cards)
        available = deal.announcements_available(seat)
        roll = rng.random()
        announce = (available if roll < 0.8 else
                    tuple(a for a in available if rng.random() < 0.5) if roll < 0.9 else ())
        trump, start = deal.trump, deal.start_hand(seat)
        assert trump is not None and start is not None
        pair = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
        deal.play(card, announce=announce, belote=card in pair and pair <= start
                  and rng.random() < 0.85)
    return deal


def without_comments(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("#"))


def replace_line(text: str, start: str, new: str) -> tuple[str, int]:
    """``text`` with its line starting with ``start`` replaced by ``new``, and that line's
    number (1-based)."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines) + "\n", index + 1


# ------------------------------------------------------------------------- golden files
#: name: (seed, outcome, NS mark, EW mark, reserve left), checked by hand in each file's
#: comment against RULES.md.
GOLDENS = {
    "litige": (1641, Outcome.LITIGE, 20, 116, 96),
    "capot": (195, Outcome.CAPOT, 20, 300, 0),
    "announcements": (854, Outcome.MADE, 162, 20, 0),
    "dedans_belote": (424, Outcome.DEDANS, 20, 278, 0),
}


def test_every_golden_file_is_listed() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(GOLDENS)


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_transcript(name: str) -> None:
    seed, outcome, ns, ew, reserve = GOLDENS[name]
    path = GOLDEN / f"{name}.txt"
    text = path.read_text(encoding="utf-8")
    deal = read_transcript(str(path))
    assert deal.phase is Phase.SCORED and deal.score is not None
    assert deal.score.outcome is outcome
    assert dict(deal.score.marks) == {Team.NS: ns, Team.EW: ew}
    assert deal.score.reserve_after == reserve == deal.reserve_after
    # re-serialising gives the identical text: an accidental rule change shows as a diff
    assert to_transcript(deal, seed=seed) == without_comments(text)
    # the seed deals these cards; replaying the actions on it gives the same deal
    fresh = Deal.new(deal.dealer, seed, deal.rules, reserve=deal.reserve)
    for action in deal.actions:
        fresh.push(action)
    assert fresh == deal


def test_golden_details_checked_by_hand() -> None:
    """The figures of each file's comment, beyond the marks."""
    litige = read_transcript(str(GOLDEN / "litige.txt")).score
    assert litige is not None
    assert dict(litige.card_points) == {Team.NS: 96, Team.EW: 66}
    assert litige.announcement_winner is Team.EW and litige.belote is Team.NS
    assert dict(litige.totals) == {Team.NS: 116, Team.EW: 116}

    capot = read_transcript(str(GOLDEN / "capot.txt")).score
    assert capot is not None and capot.capot is Team.EW and capot.takers is Team.NS
    assert capot.announcement_winner is Team.NS                     # before the transfer
    assert dict(capot.announcement_points) == {Team.NS: 0, Team.EW: 50}   # R6.5
    assert capot.belote is Team.NS and dict(capot.tricks) == {Team.NS: 0, Team.EW: 8}

    both = read_transcript(str(GOLDEN / "announcements.txt"))
    score = both.score
    assert score is not None
    assert {t: len(score.announcements[t]) for t in Team} == {Team.NS: 1, Team.EW: 1}
    assert score.announcement_winner is Team.NS                    # the trump tierce
    assert dict(score.card_points) == {Team.NS: 142, Team.EW: 20}

    dedans = read_transcript(str(GOLDEN / "dedans_belote.txt")).score
    assert dedans is not None and dedans.takers is Team.NS and dedans.belote is Team.NS
    assert dict(dedans.totals) == {Team.NS: 100, Team.EW: 102}
    assert dedans.reserve_before == 96 and dedans.reserve_won_by is Team.EW


# ------------------------------------------------------------------------- round trip
@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: str(r))
def test_round_trip_of_seeded_random_deals(rules: RuleSet) -> None:
    """``parse_transcript(to_transcript(d)) == d`` (same cards, actions, calls and score),
    and writing it again gives the same text; with and without the seed line."""
    kinds: set[str] = set()
    for seed in range(60):
        deal = random_deal(seed, rules)
        kinds.add(deal.score.outcome.value if deal.score else "passed_out")
        text = to_transcript(deal)
        again = parse_transcript(text)
        assert again == deal and again.actions == deal.actions
        assert again.score == deal.score and to_transcript(again) == text
    assert {"made", "dedans"} <= kinds


def test_round_trip_with_the_seed() -> None:
    for seed in range(40):
        deal = Deal.new(ORDER[seed % 4], seed, CLASSIC)
        rng = random.Random(seed)
        while not deal.phase.is_over:
            if deal.phase.is_bidding:
                deal.bid(rng.choice(sorted(deal.legal_bids, key=str)))
            else:
                deal.play(rng.choice(deal.legal_plays.cards))
        text = to_transcript(deal, seed=seed)
        assert f"\nseed {seed}\n" in text
        assert parse_transcript(text) == deal
        # the seed alone (no distribution lines) is enough
        short = "\n".join(line for line in text.splitlines()
                          if not line.startswith(("hand ", "turned ", "stock ", "cut ")))
        assert parse_transcript(short) == deal


@settings(max_examples=60, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULESETS),
       stop=st.one_of(st.none(), st.integers(0, 40)))
def test_round_trip_property(seed: int, rules: RuleSet, stop: int | None) -> None:
    """Any deal, finished or stopped after any number of actions, round-trips."""
    deal = random_deal(seed, rules, stop=stop)
    before = deal.copy()
    text = to_transcript(deal)
    assert deal == before                                  # writing changes nothing
    again = parse_transcript(text)
    assert again == deal and to_transcript(again) == text
    if not deal.phase.is_over:
        assert "\nscore " not in text


def test_the_deal_writes_its_own_seed() -> None:
    """``Deal.new`` remembers an int seed and ``to_transcript`` writes it untold; a deal
    shuffled by a Random, or built from hands, has none unless one is given (checked)."""
    deal = Deal.new(Seat.NORTH, 9)
    deal.bid("pass")
    text = to_transcript(deal)
    assert text == to_transcript(deal, seed=9) and "\nseed 9\ncut " in text
    assert parse_transcript(text).seed == 9
    shuffled = Deal.new(Seat.NORTH, random.Random(9), cut=5)
    assert shuffled.seed is None and "\nseed " not in to_transcript(shuffled)
    # a given seed is checked with the deal's own cut, as parse_transcript deals it
    text = to_transcript(shuffled, seed=9)
    assert "\nseed 9\ncut 5\n" in text and parse_transcript(text) == shuffled
    with pytest.raises(TranscriptError, match="seed 8 does not deal"):
        to_transcript(shuffled, seed=8)
    with pytest.raises(TranscriptError, match="whole number"):
        to_transcript(Deal.new(Seat.NORTH, 1), seed=True)


def test_distribution_with_a_cut_and_no_seed() -> None:
    """Hands, turned card, stock and a cut, no seed: ``Deal.from_hands(..., cut=...)``."""
    lines = [line for line in without_comments(LITIGE).splitlines()
             if not line.startswith("seed")]
    text = "\n".join(lines) + "\n"
    deal = parse_transcript(text)
    golden = read_transcript(str(GOLDEN / "litige.txt"))
    assert deal == golden and deal.cut == 13 and deal.seed is None
    assert deal.dealt_hands == golden.dealt_hands
    assert to_transcript(deal) == text
    assert to_transcript(deal, seed=1641) == without_comments(LITIGE)


def test_passed_out_deal_keeps_the_reserve() -> None:
    deal = Deal.new(Seat.WEST, 3, reserve=96)
    for _ in range(8):
        deal.bid("pass")
    text = to_transcript(deal)
    assert text.endswith("bids S:pass E:pass N:pass W:pass\n"
                         "score passed_out NS:0 EW:0 reserve:96\n")
    assert parse_transcript(text) == deal


def test_rules_line_names_the_nearest_preset() -> None:
    assert to_transcript(Deal.new(Seat.SOUTH, 1, FFB2016)).startswith("rules ffb2016\n")
    custom = FFB2016.replace(rounding=True)
    text = to_transcript(Deal.new(Seat.SOUTH, 1, custom))
    assert text.startswith("rules ffb2016 rounding=on\n")
    assert parse_transcript(text).rules == custom
    # one option away from both presets: classic is named
    text = to_transcript(Deal.new(Seat.SOUTH, 1, FFB2016.replace(announcements=True)))
    assert text.startswith("rules classic capot_points=252\n")
    text = to_transcript(Deal.new(Seat.SOUTH, 1, CLASSIC.replace(undertrump="free",
                                                                 target=501)))
    assert text.startswith("rules classic undertrump=free target=501\n")


# ------------------------------------------------------------------------- refusals
LITIGE = (GOLDEN / "litige.txt").read_text(encoding="utf-8")


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def refused(text: str, line: int | None, token: str | None, match: str,
            cause: type[BaseException] | None = None) -> TranscriptError:
    with pytest.raises(TranscriptError, match=match) as info:
        parse_transcript(text, source="lesson.txt")
    err = info.value
    assert isinstance(err, BeloteError) and isinstance(err, ValueError)
    assert (err.line, err.token, err.source) == (line, token, "lesson.txt")
    assert str(err).startswith("lesson.txt")
    if line is not None:
        assert f"line {line}" in str(err)
    if token is not None:
        assert repr(token) in str(err)
    if cause is not None:
        assert isinstance(err.__cause__, cause)
    return err


@pytest.mark.parametrize(("old", "new", "token", "match", "cause"), [
    # a revoke (R3.8): South holds no heart in trick 1 and must trump (R3.4)
    ("trick 1 W:8H+cinquante:10H S:KS+tierce:KS!belote", "trick 1 W:8H+cinquante:10H S:KC",
     "S:KC", "MUST_TRUMP", IllegalPlayError),
    # a card the player does not hold
    ("trick 2 S:KC", "trick 2 S:AS", "S:AS", "not in the hand", IllegalPlayError),
    # the seat tag is not the seat to play
    ("trick 2 S:KC", "trick 2 E:KC", "E:KC", "S's turn", OutOfTurnError),
    # a suit named in round 1 (R2.4)
    ("bids W:pass S:take", "bids W:pass S:H", "S:H", "R2.4", IllegalBidError),
    # a false announcement (R4)
    ("trick 1 W:8H+cinquante:10H", "trick 1 W:8H+cinquante:JH", "W:8H+cinquante:JH",
     "JH", FalseAnnouncementError),
    # belote said by a player without the trump king and queen (R5.1)
    ("trick 1 W:8H+cinquante:10H S:KS+tierce:KS!belote E:QH",
     "trick 1 W:8H+cinquante:10H S:KS+tierce:KS!belote E:QH!belote",
     "E:QH!belote", "belote", FalseBeloteError),
])
def test_refused_action_names_line_and_token(old: str, new: str, token: str, match: str,
                                             cause: type[BaseException]) -> None:
    lines = LITIGE.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(old))
    lines[index] = lines[index].replace(old, new, 1)
    text = "\n".join(lines) + "\n"
    refused(text, index + 1, token, match, cause)


@pytest.mark.parametrize(("start", "new", "token", "match"), [
    ("score", "score made NS:20 EW:116 reserve:96", "made", "'litige'"),
    ("score", "score litige NS:0 EW:116 reserve:96", "NS:0", "NS's mark 20"),
    ("score", "score litige NS:20 EW:117 reserve:96", "EW:117", "EW's mark 116"),
    ("score", "score litige NS:20 EW:116 reserve:0", "reserve:0", "reserve left"),
    ("score", "score litige EW:116 NS:20 reserve:96", "EW:116", "expected NS"),
    ("score", "score won NS:20 EW:116 reserve:96", "won", "unknown outcome"),
    ("score", "score litige NS:20 EW:116", None, "score line is written"),
    ("trick 2", "trick 2 S:KC E:JC N:10C W:7S > S 16", "S", "won by W"),
    ("trick 2", "trick 2 S:KC E:JC N:10C W:7S > W 15", "15", "16 card points"),
    ("trick 2", "trick 3 S:KC E:JC N:10C W:7S > W 16", "3", "trick number 2"),
    ("trick 2", "trick 2 S:KC E:JC N:10C W:7S W:8H", "W:8H", "already has 4"),
    ("trick 2", "trick 2 S:KC E:JC > W 16", ">", "not complete"),
    ("trick 3", "trick 3 W:10H S:QS!belote E:JH N:10S > N 25", "S:QS!belote", "'rebelote'"),
    ("trick 3", "trick 3 W:10H S:QS!bravo E:JH N:10S > N 25", "S:QS!bravo", "unknown call"),
    ("trick 2", "trick 2 S-KC E:JC N:10C W:7S > W 16", "S-KC", "seat:card"),
    ("trick 2", "trick 2 S:KX E:JC N:10C W:7S > W 16", "S:KX", "unknown suit"),
    ("trick 2", "trick 2 Z:KC E:JC N:10C W:7S > W 16", "Z:KC", "unknown seat"),
    ("trick 1", "trick 1 W:8H+cinquante E:QH", "W:8H+cinquante", "type:top"),
    ("trick 1", "trick 1 W:8H+sixte:10H", "W:8H+sixte:10H", "unknown announcement"),
    ("bids", "bids W:pass S-take", "S-take", "seat:bid"),
    ("bids", "bids W:pass S:prise", "S:prise", "invalid bid"),
    ("rules", "rules belote", "belote", "unknown rules preset"),
    ("rules", "rules classic target=700", "target=700", "700"),
    ("rules", "rules classic undertrump", "undertrump", "name=value"),
    ("rules", "rules classic rounding=on rounding=off", "rounding=off", "twice"),
    ("dealer", "dealer X", "X", "unknown seat"),
    ("dealer", "dealer N S", None, "exactly one value"),
    ("reserve", "reserve -5", "-5", "reserve"),
    ("cut", "cut 30", "30", "3 to 29"),
    ("seed", "seed seven", "seven", "whole number"),
    ("hand W", "hand W 8H QD 10H 7S", None, "5 cards, got 4"),
    ("hand W", "hand W 8H QD 10H 7S 8H", "8H", "twice"),
    ("turned", "turned 11S", "11S", "invalid card"),
    ("stock", "stock 9H AH 7H KS JD QH AS 8S 9S 10C", None, "11 cards"),
    ("hand S", "hand W JS KC KD 8C 7C", "W", "already given on line"),
    ("trick 1", "dealer N", "dealer", "comes before the bids"),
    ("trick 1", "deal W:8H", "deal", "unknown statement"),
])
def test_bad_line_names_line_and_token(start: str, new: str, token: str | None,
                                       match: str) -> None:
    text, line = replace_line(LITIGE, start, new)
    refused(text, line, token, match)


def test_rules_option_refused_with_its_cause() -> None:
    text, line = replace_line(LITIGE, "rules", "rules classic capot=300")
    err = refused(text, line, "capot=300", "unknown rules option")
    assert isinstance(err.__cause__, InvalidRuleSetError)


def test_seed_that_contradicts_the_cards() -> None:
    text, _ = replace_line(LITIGE, "seed", "seed 1642")
    refused(text, line_of(LITIGE, "hand W"), None, "seed 1642 deals W")
    text, _ = replace_line(LITIGE, "turned", "turned QC")
    refused(text, line_of(LITIGE, "turned"), "QC", "seed 1641 turns QS")


def test_cards_dealt_twice() -> None:
    text, _ = replace_line(LITIGE, "seed", "# no seed")
    text, _ = replace_line(text, "hand S", "hand S JS KC KD 8C 8H")
    refused(text, line_of(text, "hand W"), None, "8H dealt twice")


def test_missing_header() -> None:
    text, _ = replace_line(LITIGE, "dealer", "# no dealer")
    refused(text, line_of(text, "bids"), None, "no 'dealer' line")
    text, _ = replace_line(LITIGE, "seed", "# no seed")
    text, _ = replace_line(text, "stock", "# no stock")
    refused(text, line_of(text, "bids"), None, "missing: stock")


def test_score_line_is_required_once_over_and_only_then() -> None:
    text = "\n".join(LITIGE.splitlines()[:-1]) + "\n"
    refused(text, None, None, "without its score line")
    cut = [line for line in LITIGE.splitlines() if not line.startswith("trick 8")]
    refused("\n".join(cut) + "\n", len(cut), "score", "not over")
    refused(LITIGE + "trick 9 N:7H\n", len(LITIGE.splitlines()) + 1, "trick",
            "nothing may follow")


def test_unfinished_trick_before_the_next() -> None:
    text, line = replace_line(LITIGE, "trick 2", "trick 2 S:KC E:JC")
    refused(text, line + 1, "trick", f"trick 2 on line {line} is not finished")


def test_trick_before_the_end_of_bidding() -> None:
    text, line = replace_line(LITIGE, "bids", "bids W:pass")
    refused(text, line + 1, "trick", "BIDDING_1")


def test_comments_blank_lines_and_defaults() -> None:
    """Comments and blank lines are skipped; ``rules`` and ``reserve`` default to classic
    and 0; a transcript may stop anywhere before the end."""
    lines = [line for line in without_comments(LITIGE).splitlines()
             if not line.startswith(("rules", "reserve", "seed"))]
    spaced = "# a comment\n\n" + "\n\n".join(lines[:10]) + "\n   # indented comment\n"
    deal = parse_transcript(spaced)
    assert deal.phase is Phase.PLAY and len(deal.played_cards) == 4 and deal.reserve == 0
    assert parse_transcript("dealer E\nseed 5\n") == Deal.new(Seat.EAST, 5)


def test_not_text_and_not_a_deal() -> None:
    with pytest.raises(TranscriptError, match="a transcript is text, got 42"):
        parse_transcript(42)  # type: ignore[arg-type]
    with pytest.raises(TranscriptError, match="needs a Deal"):
        to_transcript("deal")  # type: ignore[arg-type]
    deal = Deal.new(Seat.SOUTH, 9)
    with pytest.raises(TranscriptError, match="seed 8 does not deal"):
        to_transcript(deal, seed=8)
    with pytest.raises(TranscriptError, match="whole number"):
        to_transcript(deal, seed="9")  # type: ignore[arg-type]
    built = Deal.from_hands(Seat.SOUTH, {s: deal.hand(s) for s in Seat}, deal.turned,
                            deal.stock)
    with pytest.raises(TranscriptError, match="seed 9 does not deal"):
        to_transcript(built, seed=9)                       # no cut: not Deal.new's
    assert "\ncut " not in to_transcript(built)
    assert parse_transcript(to_transcript(built)) == built


def test_play_error_phase_is_wrapped() -> None:
    text = LITIGE.replace("bids W:pass S:take\n", "bids W:pass S:take N:pass\n")
    err = refused(text, line_of(LITIGE, "bids"), "N:pass", "not bidding")
    assert isinstance(err.__cause__, PhaseError)
