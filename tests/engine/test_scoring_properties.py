"""Property tests (hypothesis, deterministic) for announcements (R4, R5.1) and scoring (R6).

find_announcements never uses a card twice and only finds real runs and carrés of the
hand; the marks of random deals obey R6.3–R6.7 and R3.8.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine.announcements import (
    BELOTE_POINTS,
    CARRE_POINTS,
    Announcement,
    compare_announcements,
    find_announcements,
    has_belote,
    validate_declaration,
)
from belote_teach.engine.cards import DECK, SEQUENCE_ORDER, Card, Rank, Suit, Team
from belote_teach.engine.rules import CLASSIC, FFB2016
from belote_teach.engine.scoring import (
    DEAL_POINTS,
    Outcome,
    points_to_make,
    round_mark,
    score_deal,
)

PROPERTIES = settings(derandomize=True, max_examples=200, deadline=None, database=None)


# ---------------------------------------------------------------------------- hands
@st.composite
def hands(draw: st.DrawFn) -> frozenset[Card]:
    """Any-size hands, biased towards carrés (8s and 7s included) and runs."""
    cards: set[Card] = set()
    for rank in draw(st.lists(st.sampled_from(list(Rank)), max_size=2, unique=True)):
        cards.update(Card(rank, suit) for suit in Suit)
    for _ in range(draw(st.integers(0, 2))):
        suit = draw(st.sampled_from(list(Suit)))
        start = draw(st.integers(0, 7))
        length = draw(st.integers(1, 8 - start))
        cards.update(Card(SEQUENCE_ORDER[i], suit) for i in range(start, start + length))
    cards.update(draw(st.sets(st.sampled_from(DECK), max_size=5)))
    return frozenset(cards)


@PROPERTIES
@given(hands(), st.sampled_from(list(Suit)))
def test_find_announcements_uses_real_combinations_of_the_hand_once(hand, trump) -> None:
    found = find_announcements(hand, trump)
    used: list[Card] = [card for a in found for card in a.cards]
    assert len(used) == len(set(used)), "a card counts in one combination only (R4.3)"
    for announcement in found:
        assert announcement.cards <= hand
        assert Announcement.from_cards(announcement.cards) == announcement   # R4.1, R4.2
        if announcement.is_carre:
            assert announcement.top in CARRE_POINTS                          # never 8s, 7s
    validate_declaration(hand, trump, found)


@PROPERTIES
@given(hands(), st.sampled_from(list(Suit)))
def test_runs_are_announced_whole(hand, trump) -> None:
    found = find_announcements(hand, trump)
    used = {card for a in found for card in a.cards}
    for announcement in found:
        if announcement.is_sequence:
            indexes = sorted(SEQUENCE_ORDER.index(c.rank) for c in announcement.cards)
            for neighbour in (indexes[0] - 1, indexes[-1] + 1):
                if 0 <= neighbour < 8:
                    card = Card(SEQUENCE_ORDER[neighbour], announcement.suit)
                    # a card continuing the run is either absent or taken by a carré
                    assert card not in hand or (card in used and card not in announcement.cards)


@PROPERTIES
@given(hands(), st.sampled_from(list(Suit)))
def test_the_reading_is_worth_at_least_the_plain_ones(hand, trump) -> None:
    total = sum(a.points for a in find_announcements(hand, trump))
    # without any carré: the runs alone
    no_carre = frozenset(c for c in hand if c.rank not in CARRE_POINTS
                         or not all(Card(c.rank, s) in hand for s in Suit))
    runs_only = [a for a in find_announcements(no_carre, trump) if a.is_sequence]
    assert total >= sum(a.points for a in runs_only)
    carres = [r for r in CARRE_POINTS if all(Card(r, s) in hand for s in Suit)]
    assert total >= sum(CARRE_POINTS[r] for r in carres)
    assert has_belote(hand, trump) == ({Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
                                       <= hand)


# ---------------------------------------------------------------------------- scoring
POOL = [Announcement.of("tierce", "K", "H"), Announcement.of("tierce", "A", "S"),
        Announcement.of("cinquante", "J", "D"), Announcement.of("cent", "A", "C"),
        Announcement.of("carre", "Q"), Announcement.of("carre", "9"),
        Announcement.of("carre", "J")]


@st.composite
def deals(draw: st.DrawFn) -> dict[str, object]:
    takers = draw(st.sampled_from(list(Team)))
    ns_tricks = draw(st.integers(0, 8))
    if ns_tricks == 0:
        ns_points = 0
    elif ns_tricks == 8:
        ns_points = DEAL_POINTS
    else:
        ns_points = draw(st.integers(0, DEAL_POINTS))
    return {
        "takers": takers,
        "card_points": {Team.NS: ns_points, Team.EW: DEAL_POINTS - ns_points},
        "tricks": {Team.NS: ns_tricks, Team.EW: 8 - ns_tricks},
        "belote": draw(st.sampled_from([None, Team.NS, Team.EW])),
        "announcements": {team: draw(st.lists(st.sampled_from(POOL), max_size=2))
                          for team in Team},
        "reserve": draw(st.sampled_from([0, 0, 71, 81, 162])),
        "trump": draw(st.sampled_from(list(Suit))),
    }


def belote_of(deal: dict[str, object], team: Team) -> int:
    return BELOTE_POINTS if deal["belote"] is team else 0


@PROPERTIES
@given(deals(), st.sampled_from([CLASSIC, FFB2016]))
def test_marks_obey_r6(deal, rules) -> None:
    result = score_deal(**deal, rules=rules)
    takers, defenders = result.takers, result.defenders
    reserve = deal["reserve"]
    every = sum(result.announcement_points.values())
    winner, points = compare_announcements(deal["announcements"][Team.NS],
                                           deal["announcements"][Team.EW], deal["trump"])
    assert every == (points if rules.announcements else 0)                      # R4.6
    assert result.announcement_winner is (winner if rules.announcements else None)
    for team in Team:                                                            # R6.1
        assert result.totals[team] == (deal["card_points"][team] + belote_of(deal, team)
                                       + result.announcement_points[team])
    if result.outcome is Outcome.CAPOT:                                          # R6.5
        capot = result.capot
        assert capot is not None and deal["tricks"][capot] == 8
        assert result.announcement_points[capot.other] == 0
        assert result.marks[capot] == (rules.capot_points + every + belote_of(deal, capot)
                                       + reserve)
        assert result.marks[capot.other] == belote_of(deal, capot.other)
    elif result.outcome is Outcome.MADE:                                         # R6.3
        assert result.totals[takers] > result.totals[defenders]
        assert result.marks[takers] == result.totals[takers] + reserve
        assert result.marks[defenders] == result.totals[defenders]
    elif result.outcome is Outcome.DEDANS:                                       # R6.4
        assert result.totals[takers] < result.totals[defenders]
        assert result.marks[defenders] == (DEAL_POINTS + every + belote_of(deal, defenders)
                                           + reserve)
        assert result.marks[takers] == belote_of(deal, takers)
    else:                                                                        # R6.6
        assert result.totals[takers] == result.totals[defenders]
        assert result.marks[takers] == belote_of(deal, takers)
        assert (result.marks[defenders] + result.reserve_after + result.marks[takers]
                == result.totals[Team.NS] + result.totals[Team.EW] + reserve)
    if result.outcome is Outcome.LITIGE:
        assert result.reserve_won_by is None and result.reserve_after >= reserve
    else:
        assert result.reserve_after == 0
        assert result.reserve_won_by is (result.winner if reserve else None)


@PROPERTIES
@given(deals(), st.sampled_from(list(Team)))
def test_revoke_r3_8(deal, offender) -> None:
    result = score_deal(**deal, revoke=offender)
    offended = offender.other
    every = sum(result.announcement_points.values())
    assert result.marks[offender] == belote_of(deal, offender)
    base = 250 if deal["tricks"][offended] == 8 else DEAL_POINTS
    assert result.marks[offended] == base + every + belote_of(deal, offended) + deal["reserve"]
    assert result.winner is offended and result.reserve_after == 0
    expected = (Outcome.CAPOT if base == 250 else
                Outcome.DEDANS if offender is result.takers else Outcome.MADE)
    assert result.outcome is expected


@PROPERTIES
@given(deals())
def test_rounding_r6_7(deal) -> None:
    exact = score_deal(**deal)
    rounded = score_deal(**deal, rules={"rounding": True})
    assert rounded.outcome is exact.outcome                     # contract on exact points
    assert rounded.reserve_after == exact.reserve_after         # reserve kept exact
    assert dict(rounded.exact_marks) == dict(exact.marks)
    for team in Team:
        assert rounded.marks[team] == round_mark(exact.marks[team])
        assert rounded.marks[team] % 10 == 0 and abs(rounded.marks[team] - exact.marks[team]) <= 5


@PROPERTIES
@given(st.sampled_from(list(Team)), st.sampled_from([None, *Team]),
       st.lists(hands(), min_size=4, max_size=4), st.sampled_from(list(Suit)),
       st.sampled_from([CLASSIC, FFB2016]))
def test_points_to_make_is_where_the_score_says_made(takers, belote, four, trump,
                                                     rules) -> None:
    """With the takers' card points at ``points_to_make`` the deal is made (R6.2), with
    one point fewer it is not (dedans or litige): belote and the announcements of the
    team whose best wins (R4.5, R4.6) counted, as :func:`score_deal` counts them."""
    declared = {team: tuple(a for hand in four[k::2] for a in find_announcements(hand, trump))
                for k, team in enumerate(Team)}
    need = points_to_make(takers=takers, belote=belote, announcements=declared, trump=trump,
                          rules=rules)

    def outcome(points: int) -> Outcome:
        return score_deal(takers=takers, card_points={takers: points, takers.other: 162 - points},
                          tricks={takers: 4, takers.other: 4}, belote=belote,
                          announcements=declared, trump=trump, rules=rules).outcome

    if 0 <= need <= DEAL_POINTS:
        assert outcome(need) is Outcome.MADE
    if 0 <= need - 1 <= DEAL_POINTS:
        assert outcome(need - 1) is not Outcome.MADE
    if belote is None and not (rules.announcements and any(declared.values())):
        assert need == 82
