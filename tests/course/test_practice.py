"""Curated practice deals (the course's ``"practice"``,
``belote_teach/course/data/deals/practice.yaml``).

The file must load, cover the course's topics and, above all, keep its promises: each deal
is replayed here with club players in all four seats (South included, playing "sensibly"),
by a driver of this test, independent of :func:`belote_teach.course.practice.check_practice_deal`,
and South must meet the recorded situation at the recorded moment, checked with the engine
(the legal plays' rule and verdicts, the club player's reason, the trick's winner, the
score).
"""

from __future__ import annotations

import dataclasses
import random
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from belote_teach.course.banks import find_deals, practice_files
from belote_teach.course.errors import (
    PracticeFileError,
    ScenarioFileError,
    UnknownBankError,
    UnknownDealsError,
)
from belote_teach.course.practice import (
    LEARNER,
    OUTCOMES,
    RULE_IDS,
    Moment,
    PracticeDeal,
    check_practice_deal,
    load_practice_deals,
    parse_practice_deals,
    parse_technique,
)
from belote_teach.engine.cards import Card, Rank, Seat, Team, points
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.rules import Rule
from belote_teach.engine.transcript import to_transcript
from belote_teach.explain import LANGUAGES
from belote_teach.players import Decision, Technique, make_player, play_deal

PRACTICE = (Path(__file__).resolve().parents[2] / "belote_teach" / "course" / "data" / "deals"
            / "practice.yaml")
DEALS = load_practice_deals(PRACTICE)
BY_ID = {deal.id: deal for deal in DEALS}
SOUTH = Seat.SOUTH


# ------------------------------------------------------------------ the file itself
def test_the_file_loads_with_at_least_12_deals() -> None:
    assert practice_files() == ("practice",)
    assert Path(find_deals().file) == Path(find_deals("practice.yaml").file) == PRACTICE
    assert load_practice_deals() == load_practice_deals("practice") == DEALS
    assert len(DEALS) >= 12
    assert all(isinstance(deal, PracticeDeal) and deal.file == str(PRACTICE) for deal in DEALS)


def test_ids_are_unique() -> None:
    ids = [deal.id for deal in DEALS]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9-]+", deal_id) for deal_id in ids)


def test_every_technique_and_rule_named_exists() -> None:
    for deal in DEALS:
        technique = deal.technique
        assert isinstance(technique, Technique | Rule) or technique in RULE_IDS, deal.id
        assert deal.rule_id is None or deal.rule_id in RULE_IDS, deal.id
        assert deal.moment.rule is None or isinstance(deal.moment.rule, Rule)
        assert deal.moment.reason is None or isinstance(deal.moment.reason, Technique)
        assert deal.expect.outcome in OUTCOMES


def test_both_languages_for_every_text() -> None:
    assert set(LANGUAGES) == {"en", "fr"}
    for deal in DEALS:
        for lang in LANGUAGES:
            assert deal.title(lang).strip() and deal.goal(lang).strip(), (deal.id, lang)
        assert deal.title("en") != deal.title("fr")
        assert deal.goal("en") != deal.goal("fr")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        DEALS[0].title("de")
    with pytest.raises(ValueError, match="unknown language"):
        DEALS[0].goal("EN")


def test_french_goals_use_tutoiement() -> None:
    for deal in DEALS:
        words = set(re.findall(r"\w+", deal.goal("fr").lower()))
        assert {"tu", "ton", "ta", "tes", "toi", "te"} & words, deal.id


def test_french_titles_and_goals_keep_no_break_spaces_in_french_punctuation() -> None:
    """French typography, as the catalogs: « Partenaire maître\u00a0: … », a no-break
    space before : ; ? ! % and », after «."""
    bad = [(deal.id, text) for deal in DEALS for text in (deal.title("fr"), deal.goal("fr"))
           if re.search(r"(?<=\S) [:;?!%»]|« ", text)]
    assert bad == []


def test_the_course_topics_are_covered() -> None:
    tips = {deal.tip for deal in DEALS}
    assert {1, 2, 3, 4, 5} <= tips                                  # R9 tips 1 to 5
    techniques = {deal.technique for deal in DEALS}
    assert Technique.DECLARE_ANNOUNCEMENTS in techniques            # R4, R5
    assert {Rule.MUST_OVERTRUMP, Rule.MUST_UNDERTRUMP, Rule.PARTNER_MASTER,
            Rule.MUST_TRUMP} <= techniques                           # R3.3 to R3.6
    outcomes = {deal.expect.outcome for deal in DEALS}
    assert "dedans" in outcomes and {"litige", "capot"} & outcomes and "passed_out" in outcomes
    assert any(deal.redeal is not None for deal in DEALS)
    defended = [d for d in DEALS if d.expect.outcome == "dedans"
                and d.expect.taker is not None and d.expect.taker.team is Team.EW]
    assert defended


def test_the_moment_shows_the_technique() -> None:
    """What a deal teaches is what happens at its moment."""
    by_outcome = {"R6.4": "dedans", "R6.5": "capot", "R6.6": "litige", "R2.6": "passed_out"}
    for deal in DEALS:
        technique = deal.technique
        if technique is Technique.DECLARE_ANNOUNCEMENTS:
            assert deal.moment.announce is True, deal.id
        elif isinstance(technique, Technique):
            assert deal.moment.reason is technique, deal.id
        elif isinstance(technique, Rule):
            assert deal.moment.rule is technique, deal.id
        else:
            assert deal.expect.outcome == by_outcome[technique], deal.id


def test_new_deal_is_fresh_and_ready_to_bid() -> None:
    for deal in DEALS:
        one, two = deal.new_deal(), deal.new_deal()
        assert one == two and one is not two
        assert one.phase is Phase.BIDDING_1 and not one.actions
        assert one.dealer is deal.dealer and one.rules == deal.rules and one.seed == deal.seed
        one.bid("pass")
        assert deal.new_deal() == two
        assert (deal.new_redeal() is None) == (deal.redeal is None)


# ------------------------------------------------------------------ replaying the deals
class SouthTurn(NamedTuple):
    """One South decision met while replaying: the position before it and the choice."""

    kind: str                  # "bid" or "card"
    when: int                  # bidding round, or trick number
    before: Deal
    decision: Decision[Any]
    said: Decision[Any] | None  # the announcements decision with South's first card


def replay(start: Deal) -> tuple[Deal, list[SouthTurn]]:
    """Club players in all four seats, driven here through the checked Deal API."""
    deal = start.copy()
    club = make_player("club")
    rng = random.Random(0)
    south: list[SouthTurn] = []
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        decision = club.choose_bid(deal.observation(seat), rng)
        if seat is SOUTH:
            round_ = 1 if deal.phase is Phase.BIDDING_1 else 2
            south.append(SouthTurn("bid", round_, deal.copy(), decision, None))
        deal.bid(decision.action, seat=seat)
    while deal.phase is Phase.PLAY:
        seat = deal.turn
        assert seat is not None
        obs = deal.observation(seat)
        said = club.choose_announcements(obs, rng) if obs.announcements_available else None
        decision = club.choose_card(obs, rng)
        if seat is SOUTH:
            south.append(SouthTurn("card", len(deal.tricks) + 1, deal.copy(), decision, said))
        card = decision.action
        deal.play(card, seat=seat, announce=tuple(said.action) if said else (),
                  belote=deal.may_say_belote(seat, card))
    return deal, south


def at_moment(moment: Moment, south: list[SouthTurn]) -> SouthTurn:
    kind, when = ("card", moment.trick) if moment.trick else ("bid", moment.bidding)
    [turn] = [t for t in south if t.kind == kind and t.when == when]
    return turn


def outcome(deal: Deal) -> str:
    if deal.phase is Phase.PASSED_OUT:
        return "passed_out"
    assert deal.score is not None
    return deal.score.outcome.value


def check_ending(deal: Deal, expect: Any) -> None:
    assert outcome(deal) == expect.outcome
    assert deal.taker is expect.taker
    if expect.last_trick is not None:
        assert deal.trick_winners[-1] is expect.last_trick
    if expect.belote is not None:
        assert deal.belote_calls and deal.belote_calls[0].seat is expect.belote
        assert {call.seat for call in deal.belote_calls} == {expect.belote}
    if expect.announcements is not None:
        assert deal.score is not None
        assert deal.score.announcement_winner is expect.announcements


def check_moment(moment: Moment, turn: SouthTurn, final: Deal) -> None:
    before, decision = turn.before, turn.decision
    if moment.reason is not None:
        assert decision.reason is moment.reason
    if turn.kind == "bid":
        assert decision.action in before.legal_bids
        return
    assert before.turn is LEARNER and len(before.tricks) + 1 == moment.trick
    legal = before.legal_plays
    assert decision.action in legal
    if moment.rule is not None:
        assert legal.rule is moment.rule
        assert all(v.rule is moment.rule for v in legal.verdicts)
    if moment.winner is not None:
        assert final.trick_winners[moment.trick - 1] is moment.winner
    if moment.announce is not None:
        declared = turn.said is not None and bool(turn.said.action)
        assert declared is moment.announce
        if moment.announce:
            assert turn.said is not None
            assert turn.said.reason is Technique.DECLARE_ANNOUNCEMENTS
            assert final.declared(LEARNER) == tuple(turn.said.action)
    if moment.belote is not None:
        said = any(c.seat is LEARNER and c.card == decision.action for c in final.belote_calls)
        assert said is moment.belote


# The situation each deal teaches, checked on the position (beyond the recorded fields):
# (the position before South's card, South's card, the finished deal) -> None.
Situation = Callable[[Deal, Card, Deal], None]


def _trumps(cards: tuple[Card, ...] | list[Card], deal: Deal) -> list[Card]:
    return [c for c in cards if c.suit is deal.trump]


def _number(before: Deal) -> int:
    return len(before.tricks) + 1


def _forbids_something(before: Deal, card: Card, final: Deal) -> None:
    """The rule bites: South holds a card it forbids (a lower trump, another suit)."""
    assert any(not v.legal for v in before.legal_plays.verdicts)


def _overtrump(before: Deal, card: Card, final: Deal) -> None:
    _forbids_something(before, card, final)
    trick = before.trick
    assert trick is not None and trick.led_suit is not before.trump
    assert not [c for c in before.hand(LEARNER) if c.suit is trick.led_suit]
    assert trick.master is not None and trick.master.seat.team is not LEARNER.team
    # a lower trump of South's is refused, and South's trump takes the trick
    assert any(c.suit is before.trump and c not in before.legal_plays
               for c in before.hand(LEARNER))
    assert final.trick_winners[_number(before) - 1] is LEARNER


def _undertrump(before: Deal, card: Card, final: Deal) -> None:
    _forbids_something(before, card, final)
    trick = before.trick
    assert trick is not None and trick.master is not None
    assert trick.master.card.suit is before.trump and trick.led_suit is not before.trump
    assert trick.master.seat.team is not LEARNER.team
    assert card.suit is before.trump
    assert final.trick_winners[_number(before) - 1] is not LEARNER


def _must_trump(before: Deal, card: Card, final: Deal) -> None:
    _forbids_something(before, card, final)
    trick = before.trick
    assert trick is not None and trick.master is not None
    assert not any(c.suit is before.trump for c in trick.cards)
    assert trick.master.seat.team is not LEARNER.team
    assert card.suit is before.trump
    assert final.trick_winners[_number(before) - 1] is LEARNER


def _go_higher(before: Deal, card: Card, final: Deal) -> None:
    _forbids_something(before, card, final)
    trick = before.trick
    assert trick is not None and trick.led_suit is before.trump
    assert trick.master is not None and trick.master.seat is LEARNER.partner  # over partner


def _partner_master(before: Deal, card: Card, final: Deal) -> None:
    """Void in the led suit, holding trumps, partner winning: free, and South keeps them."""
    trick = before.trick
    assert trick is not None and trick.master is not None
    assert trick.master.seat is LEARNER.partner
    assert _trumps(before.hand(LEARNER), before)
    assert all(v.legal for v in before.legal_plays.verdicts)
    assert card.suit is not before.trump
    assert final.trick_winners[_number(before) - 1] is LEARNER.partner


def _draw_trumps(before: Deal, card: Card, final: Deal) -> None:
    """The taker leads a trump while the opponents still hold some (tip 2)."""
    assert before.taker is LEARNER and before.trick is not None and not before.trick.cards
    assert card.suit is before.trump
    opponents = (LEARNER.next, LEARNER.partner.next)
    assert any(_trumps(before.hand(seat), before) for seat in opponents)


def _cash_ace(before: Deal, card: Card, final: Deal) -> None:
    """A defender leads a plain ace, which wins (tip 3)."""
    assert before.taker is not None and before.taker.team is not LEARNER.team
    assert before.trick is not None and not before.trick.cards
    assert card.rank is Rank.ACE and card.suit is not before.trump
    assert final.trick_winners[_number(before) - 1] is LEARNER


def _charge(before: Deal, card: Card, final: Deal) -> None:
    """An ace or a ten fed to the partner who wins, when a cheaper card was legal (tip 4)."""
    trick = before.trick
    assert trick is not None and trick.master is not None
    assert trick.master.seat is LEARNER.partner
    assert points(card, before.trump) >= 10 and card.suit is not before.trump
    cheaper = [c for c in before.legal_plays if points(c, before.trump) < 10]
    assert cheaper
    assert final.trick_winners[_number(before) - 1] is LEARNER.partner


def _dix_de_der(before: Deal, card: Card, final: Deal) -> None:
    """At trick 7 South keeps the master trump and wins the last trick with it (tip 5)."""
    hand = before.hand(LEARNER)
    assert _number(before) == 7 and len(hand) == 2 and card.suit is not before.trump
    [kept] = [c for c in hand if c != card]
    assert kept.suit is before.trump
    assert final.trick_winners[7] is LEARNER
    assert kept in final.tricks[7].cards


def _announce(before: Deal, card: Card, final: Deal) -> None:
    """South declares with the first card and says belote-rebelote (R4.4, R5)."""
    assert final.declared(LEARNER)
    assert [c.word for c in final.belote_calls if c.seat is LEARNER] == ["belote", "rebelote"]
    assert final.score is not None and final.score.belote is LEARNER.team


def _take(before: Deal, card: Card | None, final: Deal) -> None:
    """South takes in round 1 and receives the turned J (tip 1, the turned card counts)."""
    assert final.taker is LEARNER and final.contract is not None
    assert final.contract.round == 1
    assert before.turned.rank is Rank.JACK
    assert before.turned in (final.start_hand(LEARNER) or ())


def _dedans(before: Deal, card: Card, final: Deal) -> None:
    assert final.taker is not None and final.taker.team is not LEARNER.team
    assert final.score is not None
    assert final.score.totals[LEARNER.team] > final.score.totals[final.taker.team]


def _litige(before: Deal, card: Card, final: Deal) -> None:
    assert final.score is not None and final.score.totals[Team.NS] == final.score.totals[Team.EW]
    assert final.score.reserve_after > 0


def _capot(before: Deal, card: Card, final: Deal) -> None:
    assert final.score is not None and final.tricks_won[LEARNER.team] == 8
    # the team without a trick loses its announcements to the other (R6.5)
    assert final.score.announcement_winner is LEARNER.team.other
    assert final.score.announcement_points[LEARNER.team.other] == 0
    assert final.score.announcement_points[LEARNER.team] > 0


SITUATIONS: dict[object, Situation] = {
    Rule.MUST_OVERTRUMP: _overtrump, Rule.MUST_UNDERTRUMP: _undertrump,
    Rule.MUST_TRUMP: _must_trump, Rule.TRUMP_LEAD_GO_HIGHER: _go_higher,
    Rule.PARTNER_MASTER: _partner_master, Technique.DRAW_TRUMPS: _draw_trumps,
    Technique.CASH_PLAIN_ACE: _cash_ace, Technique.CHARGE_PARTNER: _charge,
    Technique.KEEP_MASTER_FOR_DIX_DE_DER: _dix_de_der,
    Technique.DECLARE_ANNOUNCEMENTS: _announce, "R6.4": _dedans, "R6.6": _litige,
    "R6.5": _capot,
}


@pytest.mark.parametrize("deal_id", sorted(BY_ID))
def test_replay_with_club_players_meets_the_recorded_moment(deal_id: str) -> None:
    practice = BY_ID[deal_id]
    final, south = replay(practice.new_deal())
    turn = at_moment(practice.moment, south)
    check_moment(practice.moment, turn, final)
    check_ending(final, practice.expect)
    situation = SITUATIONS.get(practice.technique)
    if turn.kind == "card":
        if situation is not None:
            situation(turn.before, turn.decision.action, final)
    elif practice.technique is Technique.TAKE_WITH_JACK:
        _take(turn.before, None, final)
    # the same replay through the players' own driver gives the same deal
    again = practice.new_deal()
    play_deal(again, {seat: make_player("club") for seat in Seat}, random.Random(0))
    assert again == final


def test_passed_out_deal_then_redeal() -> None:
    [practice] = [deal for deal in DEALS if deal.redeal is not None]
    final, south = replay(practice.new_deal())
    assert final.phase is Phase.PASSED_OUT and final.score is None
    assert [t.decision.reason for t in south] == [Technique.PASS_WEAK_TRUMPS] * 2
    redeal = practice.new_redeal()
    assert redeal is not None and practice.redeal is not None
    assert redeal.dealer is final.next_dealer and redeal.seed == practice.redeal.seed
    assert redeal.phase is Phase.BIDDING_1 and redeal.rules == practice.rules
    second, south = replay(redeal)
    turn = at_moment(practice.redeal.moment, south)
    check_moment(practice.redeal.moment, turn, second)
    check_ending(second, practice.redeal.expect)
    assert second.contract is not None and second.contract.round == 2   # a suit named (R2.5)


@pytest.mark.parametrize("deal_id", sorted(BY_ID))
def test_check_practice_deal_agrees(deal_id: str) -> None:
    assert check_practice_deal(BY_ID[deal_id]) == ()


def test_check_practice_deal_reports_disagreements() -> None:
    deal = BY_ID["undertrump-when-forced"]
    moved = dataclasses.replace(deal, moment=dataclasses.replace(deal.moment, trick=3))
    problems = check_practice_deal(moved)
    assert any("trick 3: rule: expected MUST_UNDERTRUMP" in p for p in problems)
    wrong = dataclasses.replace(deal, expect=dataclasses.replace(deal.expect, outcome="capot",
                                                                  taker=Seat.NORTH))
    problems = check_practice_deal(wrong)
    assert "outcome: expected capot, got made" in problems
    assert "taker: expected N, got W" in problems
    late = dataclasses.replace(BY_ID["take-the-turned-jack"], moment=Moment(bidding=2))
    assert check_practice_deal(late) == ("South never acts at bidding round 2",)
    redeal = BY_ID["passed-out-then-redeal"]
    assert redeal.redeal is not None
    other = dataclasses.replace(redeal, redeal=dataclasses.replace(
        redeal.redeal, moment=Moment(bidding=1, reason=Technique.TAKE_WITH_JACK)))
    assert check_practice_deal(other) == (
        "redeal: South's bid in round 1: reason: expected TAKE_WITH_JACK, got "
        "PASS_WEAK_TRUMPS",)


def test_technique_names() -> None:
    assert parse_technique("draw_trumps") is Technique.DRAW_TRUMPS
    assert parse_technique("DRAW_TRUMPS") is Technique.DRAW_TRUMPS
    assert parse_technique("R3.6") is Rule.MUST_UNDERTRUMP
    assert parse_technique("must_undertrump") is Rule.MUST_UNDERTRUMP
    assert parse_technique("r6.6") == "R6.6"
    assert parse_technique("R9.7") == "R9.7"
    for bad in ("R9.8", "R3.9", "draw", ""):
        with pytest.raises(ValueError, match="unknown technique"):
            parse_technique(bad)
    assert BY_ID["draw-trumps-as-taker"].rule_id == "R9.2"
    assert BY_ID["undertrump-when-forced"].rule_id == "R3.6"
    assert BY_ID["undertrump-when-forced"].tip is None
    assert BY_ID["litige-81-all"].rule_id == "R6.6"


# ------------------------------------------------------------------ transcripts
def test_a_deal_from_a_transcript(tmp_path: Path) -> None:
    played = Deal.new(Seat.EAST, rng=8)
    play_deal(played, {seat: make_player("club") for seat in Seat}, random.Random(0))
    (tmp_path / "jack.txt").write_text(to_transcript(played), encoding="utf-8")
    (tmp_path / "p.yaml").write_text(textwrap.dedent("""\
        - id: from-transcript
          transcript: jack.txt
          technique: take_with_jack
          title: {en: Take, fr: Prends}
          goal: {en: Take., fr: Prends.}
          moment: {bidding: 1, reason: take_with_jack}
          expect: {taker: S, outcome: made}
        """), encoding="utf-8")
    [deal] = load_practice_deals(tmp_path / "p.yaml")
    assert deal.seed is None and deal.dealer is Seat.EAST
    assert deal.transcript == str(tmp_path / "jack.txt")
    start = deal.new_deal()
    assert start == Deal.new(Seat.EAST, rng=8) and not start.actions
    assert check_practice_deal(deal) == ()
    (tmp_path / "jack.txt").unlink()
    with pytest.raises(PracticeFileError) as err:
        deal.new_deal()
    assert err.value.deal_id == "from-transcript" and err.value.key == "transcript"


# ------------------------------------------------------------------ malformed files
GOOD_ENTRY = """\
- id: {id}
  dealer: W
  seed: 81
  technique: draw_trumps
  title: {{en: Draw, fr: Tire}}
  goal: {{en: Draw trumps., fr: Fais tomber les atouts.}}
  moment: {{trick: 1, reason: draw_trumps, winner: S}}
  expect: {{taker: S, outcome: made}}
"""


def _load(tmp_path: Path, text: str) -> tuple[PracticeDeal, ...]:
    path = tmp_path / "practice.yaml"
    path.write_text(text, encoding="utf-8")
    return load_practice_deals(path)


def _error(tmp_path: Path, text: str) -> PracticeFileError:
    with pytest.raises(PracticeFileError) as err:
        _load(tmp_path, text)
    assert isinstance(err.value, ScenarioFileError) and isinstance(err.value, ValueError)
    assert err.value.file == str(tmp_path / "practice.yaml")
    assert str(err.value).startswith(str(tmp_path / "practice.yaml"))
    return err.value


def test_a_good_minimal_file(tmp_path: Path) -> None:
    [deal] = _load(tmp_path, GOOD_ENTRY.format(id="d"))
    assert deal.id == "d" and check_practice_deal(deal) == ()
    assert len(_load(tmp_path, "deals:\n" + textwrap.indent(
        GOOD_ENTRY.format(id="a") + GOOD_ENTRY.format(id="b"), "  "))) == 2


@pytest.mark.parametrize(("old", "new", "key", "message"), [
    ("  dealer: W\n", "  dealer: Q\n", "dealer", "unknown seat 'Q'"),
    ("  dealer: W\n", "", "dealer", "a seeded deal names its dealer"),
    ("  seed: 81\n", "  seed: -1\n", "seed", "whole number 0 or more"),
    ("  seed: 81\n", "  seed: '81'\n", "seed", "whole number"),
    ("  seed: 81\n", "  seed: 81\n  transcript: x.txt\n", "seed", "exactly one of 'seed'"),
    ("  seed: 81\n", "", "seed", "exactly one of 'seed'"),
    ("draw_trumps\n  title", "draw_the_trumps\n  title", "technique",
     "unknown technique 'draw_the_trumps'"),
    ("{en: Draw, fr: Tire}", "{en: Draw}", "title.fr", "missing"),
    ("{en: Draw, fr: Tire}", "{en: Draw, fr: Tire, de: Zieh}", "title.de", "unknown key"),
    ("fr: Fais tomber les atouts.}", "fr: ''}", "goal.fr", "non-empty text"),
    ("{trick: 1, reason", "{trick: 9, reason", "moment.trick", "from 1 to 8"),
    ("{trick: 1, reason", "{trick: 1, bidding: 1, reason", "moment", "exactly one of"),
    ("reason: draw_trumps, winner", "reason: drawing, winner", "moment.reason",
     "unknown Technique 'drawing'"),
    ("winner: S}", "winner: S, rule: MUST_PASS}", "moment.rule", "unknown rule 'MUST_PASS'"),
    ("winner: S}", "winner: S, announce: yes please}", "moment.announce", "true or false"),
    ("{trick: 1, reason", "{trick: 2, announce: true, reason", "moment.announce",
     "trick 1 only"),
    ("{trick: 1, reason: draw_trumps, winner: S}", "{bidding: 1, winner: S}",
     "moment.winner", "only for a trick moment"),
    ("outcome: made}", "outcome: won}", "expect.outcome", "unknown outcome 'won'"),
    ("{taker: S, outcome: made}", "{outcome: made}", "expect.taker", "has a taker"),
    ("{taker: S, outcome: made}", "{taker: S, outcome: passed_out}", "expect.taker",
     "passed-out deal has none"),
    ("outcome: made}", "outcome: made, announcements: NSEW}", "expect.announcements",
     "a team NS or EW"),
    ("outcome: made}", "outcome: made}\n  redeal: {seed: 1}", "redeal",
     "only a passed-out deal"),
    ("  seed: 81\n", "  seed: 81\n  rules: {undertrump: sometimes}\n", "rules",
     "option 'undertrump'"),
    ("  seed: 81\n", "  seed: 81\n  level: club\n", "level", "unknown key"),
    ("  seed: 81\n", "  seed: 81\n  seed: 82\n", "seed", "written twice"),
    ("{en: Draw, fr: Tire}", "{en: Draw, fr: Tire, en: Pull}", "title.en", "written twice"),
])
def test_malformed_entries_name_file_line_deal_and_key(tmp_path: Path, old: str, new: str,
                                                       key: str, message: str) -> None:
    text = GOOD_ENTRY.format(id="first") + GOOD_ENTRY.format(id="bad-one")
    head, tail = text.split("- id: bad-one\n")
    assert old in tail
    err = _error(tmp_path, head + "- id: bad-one\n" + tail.replace(old, new, 1))
    assert err.deal_id == "bad-one" and err.scenario_id == "bad-one"
    assert err.key == key
    assert message in err.detail
    assert f"deal 'bad-one', key '{key}': " in str(err)
    assert err.line is not None and err.line > 8          # within the second entry


def test_file_level_errors(tmp_path: Path) -> None:
    err = _error(tmp_path, GOOD_ENTRY.format(id="twin") + GOOD_ENTRY.format(id="twin"))
    assert (err.deal_id, err.key, err.line) == ("twin", "id", 9)
    assert "id used twice (first at line 1)" in str(err)
    err = _error(tmp_path, GOOD_ENTRY.format(id="Bad_Id"))
    assert (err.key, err.line) == ("id", 1)
    err = _error(tmp_path, "")
    assert "non-empty list of deals" in err.detail
    err = _error(tmp_path, "scenarios: []\n")
    assert "single key 'deals'" in err.detail
    err = _error(tmp_path, "- id: x\n  seed: [1\n")
    assert "not valid YAML" in err.detail and err.line is not None
    err = _error(tmp_path, "- just text\n")
    assert "a deal must be a mapping" in err.detail and err.deal_id is None
    err = _error(tmp_path, "- {id: x, dealer: W, seed: 1}\n")
    assert (err.deal_id, err.key, err.detail) == ("x", "technique", "missing")
    err = _error(tmp_path, GOOD_ENTRY.format(id="t").replace(
        "  seed: 81\n", "  transcript: missing.txt\n"))
    assert err.key == "transcript" and "cannot replay" in err.detail


def test_missing_and_undecodable_files(tmp_path: Path) -> None:
    with pytest.raises(PracticeFileError, match="cannot read the file") as err:
        load_practice_deals(tmp_path / "nope.yaml")
    assert err.value.line is None and err.value.deal_id is None
    assert isinstance(err.value, UnknownDealsError) and isinstance(err.value, UnknownBankError)
    assert "nor a practice deals file of the course (practice)" in str(err.value)
    (tmp_path / "folder.yaml").mkdir()
    with pytest.raises(PracticeFileError, match="cannot read the file") as err:
        load_practice_deals(tmp_path / "folder.yaml")
    assert not isinstance(err.value, UnknownBankError)
    path = tmp_path / "latin1.yaml"
    path.write_bytes("- id: caf\xe9\n".encode("latin-1"))
    with pytest.raises(PracticeFileError, match="not UTF-8"):
        load_practice_deals(path)


def test_parse_text_directly() -> None:
    [deal] = parse_practice_deals(GOOD_ENTRY.format(id="text"), file="inline.yaml")
    assert deal.file == "inline.yaml"
    with pytest.raises(PracticeFileError,
                       match=r"^inline\.yaml:1: deal 'x', key 'technique': missing$"):
        parse_practice_deals("- {id: x, dealer: W, seed: 1}", file="inline.yaml")
    text = GOOD_ENTRY.format(id="y").replace("dealer: W", "dealer: Q")
    with pytest.raises(PracticeFileError, match=r"^inline\.yaml:2: deal 'y', key 'dealer': "
                       "unknown seat 'Q': expected one of N, E, S, W$"):
        parse_practice_deals(text, file="inline.yaml")
