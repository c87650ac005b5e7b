"""Scoring a deal (RULES.md R6, R5.3 belote, R3.8 revoke): hand-made cases per rule ID."""

from __future__ import annotations

import dataclasses

import pytest

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.cards import Suit, Team
from belote_teach.engine.errors import (
    BeloteError,
    InvalidCardError,
    InvalidRuleSetError,
    InvalidScoreError,
)
from belote_teach.engine.rules import CLASSIC, FFB2016
from belote_teach.engine.scoring import (
    DEAL_POINTS,
    Outcome,
    ScoreBreakdown,
    points_to_make,
    round_mark,
    score_deal,
)

NS, EW = Team.NS, Team.EW


def pts(ns: int, ew: int) -> dict[Team, int]:
    return {NS: ns, EW: ew}


def score(takers: Team, ns: int, ew: int, tricks: tuple[int, int] = (4, 4), **options
          ) -> ScoreBreakdown:
    return score_deal(takers=takers, card_points=pts(ns, ew), tricks=pts(*tricks), **options)


def tierce(top: str, suit: str) -> Announcement:
    return Announcement.of("tierce", top, suit)


def cinquante(top: str, suit: str) -> Announcement:
    return Announcement.of("cinquante", top, suit)


def marks(deal: ScoreBreakdown) -> tuple[int, int]:
    return deal.marks[NS], deal.marks[EW]


# ---------------------------------------------------------------------------- R6.1 - R6.3
def test_r6_2_made_with_82_and_r6_3_each_team_scores_its_total() -> None:
    deal = score(EW, 80, 82)
    assert deal.outcome is Outcome.MADE and deal.winner is EW
    assert marks(deal) == (80, 82) and dict(deal.totals) == pts(80, 82)
    assert (deal.takers, deal.defenders, deal.capot, deal.revoke) == (EW, NS, None, None)
    assert DEAL_POINTS == 162


def test_r6_1_total_counts_belote_and_announcements() -> None:
    deal = score(NS, 75, 87, announcements={NS: [tierce("10", "C")], EW: []}, belote=NS)
    assert dict(deal.totals) == pts(75 + 20 + 20, 87)
    assert deal.outcome is Outcome.MADE and marks(deal) == (115, 87)
    assert deal.announcement_winner is NS and dict(deal.announcement_points) == pts(20, 0)
    assert dict(deal.belote_points) == pts(20, 0)


def test_r5_3_belote_counts_in_the_contract() -> None:
    deal = score(EW, 88, 74, belote=EW)                          # public: made thanks to it
    assert deal.outcome is Outcome.MADE and marks(deal) == (88, 94)


def test_r6_3_made_defenders_keep_their_announcements() -> None:
    deal = score(NS, 110, 52, announcements={NS: [tierce("9", "H")], EW: [cinquante("K", "S")]})
    assert deal.outcome is Outcome.MADE                          # 110 > 52 + 50
    assert marks(deal) == (110, 102)


# ---------------------------------------------------------------------------- R6.4
def test_r6_4_dedans_belote_kept_by_takers() -> None:
    deal = score(NS, 66, 96, tricks=(3, 5), belote=NS)           # public scenario
    assert deal.outcome is Outcome.DEDANS and deal.winner is EW
    assert marks(deal) == (20, 162)


def test_r6_4_dedans_defenders_score_every_announcement_of_the_deal() -> None:
    # the takers' cinquante is the best announcement: the defenders score it
    deal = score(NS, 50, 112, tricks=(2, 6),
                 announcements={NS: [cinquante("Q", "H")], EW: [tierce("K", "S")]})
    assert deal.announcement_winner is NS and dict(deal.totals) == pts(100, 112)
    assert deal.outcome is Outcome.DEDANS and marks(deal) == (0, 212)


def test_r6_4_dedans_with_defenders_belote_and_takers_belote() -> None:
    deal = score(EW, 100, 62, belote=NS, announcements={EW: [tierce("A", "D")]})
    assert deal.outcome is Outcome.DEDANS                        # 62 + 20 < 100 + 20
    assert marks(deal) == (162 + 20 + 20, 0)
    deal = score(EW, 100, 62, belote=EW)
    assert marks(deal) == (162, 20)


def test_r5_2_belote_not_said_is_not_scored() -> None:
    assert marks(score(NS, 76, 86)) == (0, 162)


# ---------------------------------------------------------------------------- R6.5 capot
def test_r6_5_capot_by_takers_with_belote() -> None:
    deal = score(NS, 162, 0, tricks=(8, 0), belote=NS)
    assert deal.outcome is Outcome.CAPOT and deal.capot is NS and deal.winner is NS
    assert marks(deal) == (270, 0) and deal.dix_de_der is NS


def test_r6_5_capot_by_takers_with_announcements_on_both_sides() -> None:
    # EW (no trick) have the best announcement: it goes to NS; EW keep their belote
    deal = score(NS, 162, 0, tricks=(8, 0), belote=EW,
                 announcements={NS: [tierce("9", "D")], EW: [cinquante("A", "C")]})
    assert deal.announcement_winner is EW
    assert dict(deal.announcement_points) == pts(50, 0)
    assert dict(deal.totals) == pts(212, 20)
    assert deal.outcome is Outcome.CAPOT and marks(deal) == (300, 20)
    # NS have the best announcement: 250 + every scored announcement (both of theirs)
    deal = score(NS, 162, 0, tricks=(8, 0), belote=NS,
                 announcements={NS: [cinquante("A", "C"), tierce("9", "D")],
                                EW: [tierce("K", "S")]})
    assert marks(deal) == (250 + 70 + 20, 0)


def test_r6_5_capot_by_defenders_with_announcements_on_both_sides() -> None:
    deal = score(EW, 162, 0, tricks=(8, 0), belote=EW)          # public scenario
    assert deal.outcome is Outcome.CAPOT and deal.capot is NS and deal.winner is NS
    assert marks(deal) == (250, 20)
    # the takers' best announcement is transferred to the defenders who made the capot
    deal = score(EW, 162, 0, tricks=(8, 0), belote=EW,
                 announcements={NS: [tierce("10", "H")], EW: [Announcement.of("carre", "J")]})
    assert deal.announcement_winner is EW and dict(deal.announcement_points) == pts(200, 0)
    assert marks(deal) == (250 + 200, 20)


def test_r6_5_ffb2016_capot_252_and_no_announcements() -> None:
    deal = score(EW, 0, 162, tricks=(0, 8), belote=NS, rules="ffb2016",
                 announcements={NS: [tierce("K", "S")], EW: [cinquante("A", "H")]})
    assert deal.outcome is Outcome.CAPOT and marks(deal) == (20, 252)   # public + ignored
    assert deal.announcement_winner is None and dict(deal.announcement_points) == pts(0, 0)
    assert deal.announcements[EW] == (cinquante("A", "H"),) and deal.rules == FFB2016
    assert marks(score(EW, 0, 162, tricks=(0, 8), rules={"capot_points": 252})) == (0, 252)


def test_ffb2016_announcements_ignored_in_the_contract() -> None:
    # with announcements the takers would make it (70 + 50 > 92); without, dedans
    options = {"announcements": {NS: [cinquante("K", "S")]}}
    assert score(NS, 70, 92, **options).outcome is Outcome.MADE
    deal = score(NS, 70, 92, rules=FFB2016, **options)
    assert deal.outcome is Outcome.DEDANS and marks(deal) == (0, 162)


# ---------------------------------------------------------------------------- R6.6 litige
def test_r6_6_litige_81_81() -> None:
    deal = score(NS, 81, 81)
    assert deal.outcome is Outcome.LITIGE and deal.winner is None
    assert marks(deal) == (0, 81) and deal.reserve_after == 81
    assert (deal.reserve_before, deal.reserve_won_by) == (0, None)


def test_r6_6_litige_with_takers_belote() -> None:
    deal = score(EW, 91, 71, tricks=(5, 3), belote=EW)            # public scenario
    assert deal.outcome is Outcome.LITIGE
    assert marks(deal) == (91, 20) and deal.reserve_after == 71


def test_r6_6_litige_with_defenders_belote_and_announcements() -> None:
    deal = score(NS, 91, 71, belote=EW, announcements={NS: [tierce("K", "H")]})
    assert dict(deal.totals) == pts(111, 91) and deal.outcome is Outcome.MADE
    deal = score(NS, 71, 91, belote=EW, announcements={NS: [tierce("K", "H")]})
    assert dict(deal.totals) == pts(91, 111) and deal.outcome is Outcome.DEDANS
    deal = score(NS, 81, 81, belote=EW, announcements={NS: [tierce("K", "H")]}, tricks=(3, 5))
    assert deal.outcome is Outcome.LITIGE                          # 101 = 101
    assert marks(deal) == (0, 101) and deal.reserve_after == 101


def test_r6_6_new_litige_adds_to_the_reserve() -> None:
    deal = score(EW, 81, 81, reserve=81)
    assert deal.outcome is Outcome.LITIGE
    assert marks(deal) == (81, 0) and deal.reserve_after == 162 and deal.reserve_won_by is None


def test_r6_6_reserve_won_by_the_takers_when_made() -> None:
    deal = score(EW, 70, 92, tricks=(3, 5), reserve=81)            # public scenario
    assert marks(deal) == (70, 173) and deal.reserve_after == 0
    assert (deal.reserve_before, deal.reserve_won_by) == (81, EW)
    assert deal.exact_marks == deal.marks


def test_r6_6_reserve_won_by_the_defenders_when_dedans() -> None:
    deal = score(EW, 92, 70, tricks=(5, 3), reserve=81, belote=EW)
    assert deal.outcome is Outcome.DEDANS
    assert marks(deal) == (162 + 81, 20) and deal.reserve_won_by is NS


def test_r6_6_reserve_won_by_a_capot() -> None:
    deal = score(EW, 162, 0, tricks=(8, 0), reserve=71)
    assert marks(deal) == (250 + 71, 0) and deal.reserve_won_by is NS
    deal = score(NS, 162, 0, tricks=(8, 0), reserve=71)
    assert marks(deal) == (250 + 71, 0) and deal.reserve_won_by is NS


def test_no_reserve_no_winner_of_it() -> None:
    assert score(NS, 100, 62).reserve_won_by is None


# ---------------------------------------------------------------------------- R3.8 revoke
def test_r3_8_revoke_by_takers_is_dedans() -> None:
    deal = score(NS, 102, 60, tricks=(6, 2), belote=EW, revoke=NS)   # public scenario
    assert deal.outcome is Outcome.DEDANS and deal.winner is EW and deal.revoke is NS
    assert marks(deal) == (0, 182)


def test_r3_8_revoke_by_takers_with_announcements_and_belote() -> None:
    deal = score(NS, 102, 60, tricks=(6, 2), belote=NS, revoke=NS,
                 announcements={NS: [cinquante("A", "S")], EW: [tierce("K", "D")]})
    assert marks(deal) == (20, 162 + 50)


def test_r3_8_revoke_by_defenders() -> None:
    deal = score(NS, 60, 102, tricks=(2, 6), belote=EW, revoke=EW,
                 announcements={NS: [tierce("9", "S")], EW: [cinquante("A", "D")]})
    assert deal.outcome is Outcome.MADE and deal.winner is NS
    assert marks(deal) == (162 + 50, 20)


def test_r3_8_revoke_and_capot() -> None:
    # the offended team made a capot: it keeps it
    deal = score(NS, 162, 0, tricks=(8, 0), revoke=EW, belote=EW)
    assert deal.outcome is Outcome.CAPOT and deal.capot is NS and marks(deal) == (250, 20)
    deal = score(EW, 162, 0, tricks=(8, 0), revoke=EW)
    assert deal.outcome is Outcome.CAPOT and deal.capot is NS and marks(deal) == (250, 0)
    # the revoking team's capot is cancelled
    deal = score(NS, 162, 0, tricks=(8, 0), revoke=NS, belote=NS)
    assert deal.outcome is Outcome.DEDANS and deal.capot is None
    assert marks(deal) == (20, 162)
    deal = score(EW, 162, 0, tricks=(8, 0), revoke=NS)
    assert deal.outcome is Outcome.MADE and deal.capot is None and marks(deal) == (0, 162)


def test_r3_8_revoke_wins_no_litige_and_takes_the_reserve() -> None:
    deal = score(NS, 81, 81, revoke=EW, reserve=40)
    assert deal.outcome is Outcome.MADE and marks(deal) == (162 + 40, 0)
    assert deal.reserve_after == 0 and deal.reserve_won_by is NS


# ---------------------------------------------------------------------------- R6.7 rounding
@pytest.mark.parametrize(("points", "mark"), [(85, 90), (84, 80), (162, 160), (0, 0), (5, 10),
                                              (4, 0), (250, 250), (252, 250), (255, 260),
                                              (81, 80), (173, 170)])
def test_r6_7_round_mark(points, mark) -> None:
    assert round_mark(points) == mark


def test_r6_7_round_mark_errors() -> None:
    for bad in (-1, 8.5, True, "80"):
        with pytest.raises(InvalidScoreError):
            round_mark(bad)  # type: ignore[arg-type]


def test_r6_7_rounding_marks() -> None:
    deal = score(NS, 96, 66, rules={"rounding": True})                # public scenario
    assert marks(deal) == (100, 70) and deal.rounded
    assert dict(deal.exact_marks) == pts(96, 66)
    deal = score(NS, 85, 77, rules={"rounding": "on"})
    assert marks(deal) == (90, 80)
    assert not score(NS, 85, 77).rounded


def test_r6_7_contract_on_exact_points() -> None:
    # 83 against 79: both round to 80, but the contract is decided on exact points
    deal = score(NS, 83, 79, rules={"rounding": True})
    assert deal.outcome is Outcome.MADE and marks(deal) == (80, 80)
    deal = score(NS, 79, 83, rules={"rounding": True})
    assert deal.outcome is Outcome.DEDANS and marks(deal) == (0, 160)


def test_r6_7_reserve_kept_exact_and_rounded_when_won() -> None:
    deal = score(NS, 81, 81, rules={"rounding": True})
    assert marks(deal) == (0, 80) and deal.reserve_after == 81
    deal = score(EW, 70, 92, tricks=(3, 5), reserve=81, rules={"rounding": True})
    assert marks(deal) == (70, 170) and dict(deal.exact_marks) == pts(70, 173)


# ---------------------------------------------------------------------------- trump
def test_trump_breaks_a_tie_between_equal_sequences() -> None:
    options = {"announcements": {NS: [tierce("K", "H")], EW: [tierce("K", "C")]}}
    assert score(NS, 100, 62, trump=Suit.HEARTS, **options).announcement_winner is NS
    assert score(NS, 100, 62, trump="C", **options).announcement_winner is EW
    assert score(NS, 100, 62, trump=Suit.SPADES, **options).announcement_winner is None
    with pytest.raises(InvalidScoreError, match="the trump is needed"):
        score(NS, 100, 62, **options)
    with pytest.raises(InvalidCardError, match="trump"):
        score(NS, 100, 62, trump="X", **options)
    # no trump needed when the result does not depend on it
    assert score(NS, 100, 62, announcements={NS: [tierce("A", "H")], EW: [tierce("K", "C")]}
                 ).announcement_winner is NS


# ---------------------------------------------------------------------------- errors
@pytest.mark.parametrize(("options", "fragment"), [
    ({"card_points": pts(80, 80)}, "add up to 160, expected 162"),
    ({"tricks": pts(4, 3)}, "add up to 7, expected 8"),
    ({"tricks": pts(8, 0)}, "EW won no trick but has 80 card points"),
    ({"card_points": {NS: 162}}, "missing team EW"),
    ({"card_points": {"NS": 82, "XY": 80}}, "unknown team 'XY'"),
    ({"card_points": pts(-2, 164)}, "from 0 to 162"),
    ({"tricks": pts(4.0, 4)}, "tricks of NS"),
    ({"takers": "N"}, "takers: unknown team 'N'"),
    ({"belote": "both"}, "belote: unknown team"),
    ({"revoke": 1}, "revoke: unknown team"),
    ({"reserve": -1}, "reserve"),
    ({"reserve": True}, "reserve"),
    ({"announcements": {NS: ["tierce"]}}, "is not an Announcement"),
    ({"announcements": {NS: tierce("K", "H")}}, "expected a list of Announcement"),
    ({"announcements": [tierce("K", "H")]}, "expected {NS: [...], EW: [...]}"),
    ({"dix_de_der": EW, "card_points": pts(162, 0), "tricks": pts(8, 0)},
     "EW won the last trick"),
    ({"dix_de_der": NS, "card_points": pts(5, 157)}, "the dix de der alone is 10"),
    ({"card_points": pts(0, 162), "tricks": pts(1, 7), "dix_de_der": NS},
     "NS won the last trick"),
])
def test_impossible_inputs(options, fragment) -> None:
    args = {"takers": NS, "card_points": pts(82, 80), "tricks": pts(4, 4)}
    args.update(options)
    with pytest.raises(InvalidScoreError) as info:
        score_deal(**args)
    assert fragment in str(info.value)
    assert isinstance(info.value, BeloteError)


def test_dix_de_der_capot_team_and_inference() -> None:
    assert score_deal(takers=NS, card_points=pts(152, 10), tricks=pts(7, 1),
                      dix_de_der=EW).dix_de_der is EW
    with pytest.raises(InvalidScoreError, match="EW won the last trick"):
        score_deal(takers=NS, card_points=pts(162, 0), tricks=pts(8, 0), dix_de_der=EW)
    assert score(NS, 100, 62, dix_de_der="EW").dix_de_der is EW
    assert score(NS, 100, 62).dix_de_der is None
    assert score(EW, 0, 162, tricks=(0, 8)).dix_de_der is EW


def test_bad_rules() -> None:
    with pytest.raises(InvalidRuleSetError):
        score(NS, 100, 62, rules="belotte")
    assert score(NS, 100, 62, rules=None).rules == CLASSIC


def test_errors_leave_inputs_unchanged() -> None:
    card_points, tricks = pts(80, 80), pts(4, 4)
    announced = {NS: [tierce("K", "H")], EW: []}
    with pytest.raises(InvalidScoreError):
        score_deal(takers=NS, card_points=card_points, tricks=tricks, announcements=announced)
    assert card_points == pts(80, 80) and tricks == pts(4, 4)
    assert announced == {NS: [tierce("K", "H")], EW: []}


def test_teams_given_as_text() -> None:
    deal = score_deal(takers="ew", card_points={"NS": 80, "EW": 82}, tricks={"NS": 4, "EW": 4},
                      belote="EW", announcements={"NS": [], "EW": [tierce("K", "H")]})
    assert deal.takers is EW and deal.belote is EW and marks(deal) == (80, 122)


# ---------------------------------------------------------------------------- breakdown
def test_breakdown_is_frozen_and_read_only() -> None:
    deal = score(NS, 100, 62)
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.outcome = Outcome.DEDANS  # type: ignore[misc]
    with pytest.raises(TypeError):
        deal.marks[NS] = 0  # type: ignore[index]
    assert hash(deal) == hash(score(NS, 100, 62))
    assert deal == score(NS, 100, 62)
    assert list(deal.marks) == [NS, EW] and list(deal.totals) == [NS, EW]
    assert dict(deal.card_points) == pts(100, 62) and dict(deal.tricks) == pts(4, 4)
    assert deal.announcements == {NS: (), EW: ()}
    assert str(Outcome.LITIGE) == "litige"


def test_mark_limit_bounds_every_mark_of_the_deal() -> None:
    """The most a team can mark: 162 (or the capot's points) + the announcements scored +
    the belote + the reserve, rounded when the table rounds (R6.3-R6.7)."""
    tierce = Announcement.from_cards(["8C", "9C", "10C"])
    plain = score_deal(takers="NS", card_points={"NS": 90, "EW": 72}, tricks={"NS": 5, "EW": 3})
    assert plain.mark_limit == DEAL_POINTS
    dedans = score_deal(takers="NS", card_points={"NS": 60, "EW": 102},
                        tricks={"NS": 3, "EW": 5}, belote="EW", announcements={"EW": [tierce]},
                        reserve=81)
    assert dedans.mark_limit == 162 + 20 + 20 + 81
    assert max(dedans.marks.values()) == dedans.mark_limit     # the defenders take it all
    capot = score_deal(takers="EW", card_points={"NS": 0, "EW": 162},
                       tricks={"NS": 0, "EW": 8}, rules=FFB2016)
    assert capot.mark_limit == 252 == capot.marks[Team.EW]
    rounded = score_deal(takers="NS", card_points={"NS": 87, "EW": 75},
                         tricks={"NS": 5, "EW": 3}, belote="EW",
                         rules=CLASSIC.replace(rounding=True))
    assert rounded.mark_limit == round_mark(182) == 180
    for score in (plain, dedans, capot, rounded):
        assert all(0 <= score.marks[t] <= score.mark_limit for t in Team)


def test_points_to_make_names_bad_input() -> None:
    assert points_to_make(takers=Team.EW, belote="EW") == 72
    assert points_to_make(takers="NS", rules=FFB2016, announcements={
        "EW": [Announcement.from_cards(["AS", "KS", "QS", "JS"])]}) == 82          # R4 off
    with pytest.raises(InvalidScoreError, match="takers"):
        points_to_make(takers="NE")
    with pytest.raises(InvalidScoreError, match="is not an Announcement"):
        points_to_make(takers="NS", announcements={"NS": ["tierce"]})
    with pytest.raises(InvalidCardError, match="trump"):
        points_to_make(takers="NS", trump="X")
