"""Scoring a finished deal (RULES.md R6, with R5.3 belote and R3.8 revoke): the contract,
capot, litige and its reserve, rounding, and every figure a score sheet shows.

    >>> from belote_teach.engine.cards import Team
    >>> deal = score_deal(takers=Team.EW, card_points={Team.NS: 88, Team.EW: 74},
    ...                   tricks={Team.NS: 4, Team.EW: 4}, belote=Team.EW)
    >>> deal.outcome, deal.totals[Team.EW], dict(deal.marks)
    (<Outcome.MADE: 'made'>, 94, {<Team.NS: 'NS'>: 88, <Team.EW: 'EW'>: 94})

All numbers are points. No learner text lives here (it belongs to
:mod:`belote_teach.explain`); a :class:`ScoreBreakdown` holds enough fields for a score
sheet and its explanation.

Readings of RULES.md fixed here:

* R6.4 / R6.5 "every announcement scored in this deal" is the R4.6 winner's total, once.
* Capot (R6.5): the capot team scores ``capot_points`` + every scored announcement + its
  belote; the other team only its belote (it won no trick, so its announcements go over).
  A capot by the takers is a made contract, one by the defenders a dedans.
* Revoke (R3.8) overrides the card count: the offending team scores only its belote,
  the other team 162 (or ``capot_points`` if it really won all 8 tricks) + every scored
  announcement + its belote. The outcome is ``dedans`` (takers revoked) or ``made``
  (defenders revoked), ``capot`` only when the offended team won all 8 tricks: a
  revoking team's capot is cancelled.
* The reserve (R6.6) goes to the team that wins this deal: the takers when made (capot
  by the takers, revoke by the defenders included), the defenders when dedans (capot by
  the defenders, revoke by the takers included); a new litige adds to it.
* Rounding (R6.7) applies to each team's whole mark, the reserve won included; the
  reserve itself and the contract stay exact.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeAlias, TypeVar

from belote_teach.engine.announcements import BELOTE_POINTS, Announcement, compare_announcements
from belote_teach.engine.cards import DECK_POINTS, DIX_DE_DER, Suit, Team
from belote_teach.engine.errors import InvalidCardError, InvalidScoreError
from belote_teach.engine.rules import RuleSet

V = TypeVar("V")

__all__ = [
    "DEAL_POINTS",
    "Outcome",
    "PerTeam",
    "ScoreBreakdown",
    "points_to_make",
    "round_mark",
    "score_deal",
]

#: Card points of a deal, the 10 of the dix de der included (R1.4); what a dedans scores.
DEAL_POINTS = DECK_POINTS + DIX_DE_DER

#: A value per team as :func:`score_deal` reads it, ``{team: value}``: teams as
#: :class:`Team` or notation (``"NS"``, ``"EW"``). Three alternatives because a mapping's
#: key type is exact: ``{Team.NS: ...}``, ``{"NS": ...}`` and a mix are all accepted.
PerTeam: TypeAlias = Mapping[Team, V] | Mapping[str, V] | Mapping[Team | str, V]


class Outcome(enum.Enum):
    """How a deal ended (R6.2, R6.5). The value is the word of scenario files."""

    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"
    CAPOT = "capot"

    def __str__(self) -> str:
        return self.value


def round_mark(points: int) -> int:
    """``points`` to the nearest ten, 5 rounding up (R6.7): 85 → 90, 84 → 80, 162 → 160.

    Raises:
        InvalidScoreError: ``points`` is negative or not a whole number.
    """
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise InvalidScoreError(f"a mark is a whole number of points, 0 or more, got "
                                f"{points!r}")
    return (points + 5) // 10 * 10


def _per_team() -> Any:
    """A per-team mapping field: read-only, left out of the hash."""
    return field(hash=False)


@dataclass(frozen=True, kw_only=True)
class ScoreBreakdown:
    """Everything the score sheet of one deal shows (R6), all in points.

    Built by :func:`score_deal`; every mapping is read-only and holds both teams.

    Attributes:
        takers: the team that took (le preneur's team).
        outcome: made, dedans, litige or capot (:class:`Outcome`).
        card_points: card points won per team, the dix de der included (R1.4).
        tricks: tricks won per team.
        dix_de_der: the team that won the last trick, ``None`` if not given (inferred
            for a capot).
        belote: the team that said belote-rebelote (R5), ``None`` if nobody did.
        announcements: the announcements declared per team, as given (they score nothing
            when ``rules.announcements`` is off).
        announcement_winner: the team whose announcements are scored (R4.5, R4.6) before
            any capot transfer, ``None`` when nobody's are.
        announcement_points: announcement points scored per team, after the capot
            transfer (R6.5).
        totals: each team's total (R6.1): card points + belote + announcement points;
            the contract is decided on these, exact (R6.2, R6.7).
        capot: the team that scored a capot (R6.5), ``None`` if none (or cancelled by its
            own revoke).
        revoke: the team that revoked (R3.8), ``None`` if none.
        exact_marks: the marks before rounding.
        marks: what is written on the score sheet this deal (Nous / Eux), the reserve
            included when won; rounded when ``rounded`` (R6.7).
        reserve_before: points waiting from earlier litiges before this deal (R6.6).
        reserve_after: points waiting after this deal (0 once won).
        reserve_won_by: the team that won the waiting reserve this deal, ``None`` if no
            reserve was won.
        rounded: whether the marks were rounded (option ``rounding``, R6.7).
        rules: the :class:`~belote_teach.engine.rules.RuleSet` used.
    """

    takers: Team
    outcome: Outcome
    card_points: Mapping[Team, int] = _per_team()
    tricks: Mapping[Team, int] = _per_team()
    dix_de_der: Team | None
    belote: Team | None
    announcements: Mapping[Team, tuple[Announcement, ...]] = _per_team()
    announcement_winner: Team | None
    announcement_points: Mapping[Team, int] = _per_team()
    totals: Mapping[Team, int] = _per_team()
    capot: Team | None
    revoke: Team | None
    exact_marks: Mapping[Team, int] = _per_team()
    marks: Mapping[Team, int] = _per_team()
    reserve_before: int
    reserve_after: int
    reserve_won_by: Team | None
    rounded: bool
    rules: RuleSet

    @property
    def defenders(self) -> Team:
        """The team that did not take."""
        return self.takers.other

    @property
    def winner(self) -> Team | None:
        """The team that won the deal: the takers when made (or their capot), the
        defenders when dedans (or their capot); ``None`` on a litige."""
        if self.outcome is Outcome.LITIGE:
            return None
        if self.outcome is Outcome.CAPOT:
            return self.capot
        return self.takers if self.outcome is Outcome.MADE else self.defenders

    @property
    def mark_limit(self) -> int:
        """The most points a team can mark for this deal, whatever its outcome, in points:
        the deal's points (162, or ``capot_points`` when one team won all 8 tricks, R6.5)
        + every announcement scored + the belote (R5.3) + the reserve waiting (R6.6),
        rounded when the table rounds (R6.7). Both :attr:`marks` are between 0 and this
        limit: an answer outside is impossible for this deal, not merely wrong."""
        base = (self.rules.capot_points if any(self.tricks[t] == 8 for t in Team)
                else DEAL_POINTS)
        belote = BELOTE_POINTS if self.belote is not None else 0
        limit = base + sum(self.announcement_points.values()) + belote + self.reserve_before
        return round_mark(limit) if self.rounded else limit

    @property
    def belote_points(self) -> Mapping[Team, int]:
        """Belote points per team (R5.1, R5.3): 20 for the team that said it."""
        return MappingProxyType({t: BELOTE_POINTS if self.belote is t else 0 for t in Team})


def _team(value: object, what: str, *, none_ok: bool = False) -> Team | None:
    if value is None and none_ok:
        return None
    if isinstance(value, Team):
        return value
    if isinstance(value, str) and value.strip().upper() in ("NS", "EW"):
        return Team(value.strip().upper())
    expected = "NS or EW" + (" or None" if none_ok else "")
    raise InvalidScoreError(f"{what}: unknown team {value!r}, expected {expected}")


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidScoreError(f"{what}: expected a whole number from {low} to {high}, got "
                                f"{value!r}")
    return value


def _per_team_numbers(values: object, what: str, high: int) -> dict[Team, int]:
    if not isinstance(values, Mapping):
        raise InvalidScoreError(f"{what}: expected {{NS: n, EW: m}}, got {values!r}")
    numbers: dict[Team, int] = {}
    for key, value in values.items():
        team = _team(key, what)
        assert team is not None
        if team in numbers:
            raise InvalidScoreError(f"{what}: team {team} given twice in {values!r}")
        numbers[team] = _whole(value, f"{what} of {team}", 0, high)
    missing = [str(t) for t in Team if t not in numbers]
    if missing:
        raise InvalidScoreError(f"{what}: missing team {missing[0]} in {dict(values)!r}")
    return numbers


def _read_announcements(value: object) -> dict[Team, tuple[Announcement, ...]]:
    found: dict[Team, tuple[Announcement, ...]] = {t: () for t in Team}
    if value is None:
        return found
    if not isinstance(value, Mapping):
        raise InvalidScoreError(f"announcements: expected {{NS: [...], EW: [...]}}, got "
                                f"{value!r}")
    for key, items in value.items():
        team = _team(key, "announcements")
        assert team is not None
        if isinstance(items, str | bytes | Announcement) or not hasattr(items, "__iter__"):
            raise InvalidScoreError(f"announcements of {team}: expected a list of "
                                    f"Announcement, got {items!r}")
        items = tuple(items)
        for item in items:
            if not isinstance(item, Announcement):
                raise InvalidScoreError(f"announcements of {team}: {item!r} is not an "
                                        "Announcement")
        found[team] = items
    return found


def _announcement_result(declared: Mapping[Team, tuple[Announcement, ...]],
                         trump: Suit | None) -> tuple[Team | None, int]:
    """R4.5/R4.6 on both teams; with the trump unknown, the result must not depend on it."""
    if trump is not None:
        return compare_announcements(declared[Team.NS], declared[Team.EW], trump)
    results = {compare_announcements(declared[Team.NS], declared[Team.EW], suit)
               for suit in Suit}
    if len(results) > 1:
        raise InvalidScoreError(
            "the trump is needed to compare equal sequences (same points and top card, "
            "R4.5): NS " + ", ".join(str(a) for a in declared[Team.NS]) + "; EW "
            + ", ".join(str(a) for a in declared[Team.EW]))
    return results.pop()


def points_to_make(*, takers: Team | str, belote: Team | str | None = None,
                   announcements: PerTeam[Iterable[Announcement]] | None = None,
                   trump: Suit | str | None = None,
                   rules: RuleSet | str | Mapping[str, object] | None = None) -> int:
    """The fewest card points (dix de der included, R1.4) with which the takers make the
    contract (R6.2): their total (R6.1: card points, belote, scored announcements) must
    exceed the defenders'; a litige (equal totals, R6.6) is not made. What a bid is
    judged on before any card is played.

    >>> points_to_make(takers="NS")
    82
    >>> points_to_make(takers="NS", belote="EW")
    92

    Args:
        takers: the team that took.
        belote: the team holding belote-rebelote (R5), or None.
        announcements: the announcements declared per team, as :func:`score_deal` reads
            them (R4.5, R4.6: only the better team's score; none with ``announcements``
            off in ``rules``).
        trump: the trump suit, as :func:`score_deal`.
        rules: a RuleSet, a preset name or a mapping of options over ``classic``.

    Returns:
        Card points, 1 to 162 or more (more than 162: the contract cannot be made).

    Raises:
        InvalidScoreError: an unknown team; announcements that are not
            :class:`Announcement`; equal sequences to compare with ``trump`` unknown.
        InvalidRuleSetError: ``rules`` names an unknown preset, option or value.
        InvalidCardError: ``trump`` names no suit.
    """
    ruleset = RuleSet.from_spec(rules)
    taking = _team(takers, "takers")
    assert taking is not None
    said = _team(belote, "belote", none_ok=True)
    try:
        suit = None if trump is None else Suit.parse(trump)
    except InvalidCardError as err:
        raise InvalidCardError(f"trump: {err}") from None
    bonus = {t: BELOTE_POINTS if said is t else 0 for t in Team}
    if ruleset.announcements:
        winner, won_points = _announcement_result(_read_announcements(announcements), suit)
        if winner is not None:
            bonus[winner] += won_points
    # p + bonus[takers] > DEAL_POINTS - p + bonus[defenders]
    return (DEAL_POINTS + bonus[taking.other] - bonus[taking]) // 2 + 1


def score_deal(*, takers: Team | str, card_points: PerTeam[int],
               tricks: PerTeam[int], belote: Team | str | None = None,
               announcements: PerTeam[Sequence[Announcement]] | None = None,
               reserve: int = 0, revoke: Team | str | None = None,
               trump: Suit | str | None = None,
               rules: RuleSet | str | Mapping[str, object] | None = None,
               dix_de_der: Team | str | None = None) -> ScoreBreakdown:
    """Score a finished deal (R6.1–R6.7, R5.3, R3.8).

    * R6.1 each team's total = card points + belote + scored announcements (R4.5, R4.6;
      ignored when the rules turn announcements off, preset ``ffb2016``).
    * R6.2 the contract, on exact totals: takers' total above the defenders' is made,
      below is dedans, equal is litige.
    * R6.3 made: each team scores its total.
    * R6.4 dedans: the defenders score 162 + every scored announcement (whichever team
      declared it) + their belote; the takers only their belote.
    * R6.5 capot (a team won all 8 tricks): ``capot_points`` (250 or 252) instead of 162
      for that team, + every scored announcement + its belote; the other team only its
      belote.
    * R6.6 litige: the defenders score their total; the takers score their belote and
      the rest of their total goes into the reserve, added to any reserve waiting. A
      waiting reserve is won by the team that wins the deal.
    * R3.8 revoke: the offending team scores only its belote; the other team scores as
      if it had won (162, or ``capot_points`` if it won all 8 tricks) + every scored
      announcement + its belote.
    * R6.7 rounding (option): each mark to the nearest ten, 5 up; contract and reserve
      exact.

    Args:
        takers: the team that took.
        card_points: card points per team, dix de der included: they add up to 162.
        tricks: tricks per team: they add up to 8.
        belote: the team that said belote-rebelote (R5.2: not said, not scored), or None.
        announcements: the announcements declared per team (a missing team: none).
        reserve: points waiting from earlier litiges (R6.6), 0 or more.
        revoke: the team that revoked (R3.8), or None.
        trump: the trump suit; needed only when two equal sequences (same points, same
            top card) must be compared (R4.5).
        rules: a RuleSet, a preset name or a mapping of options over ``classic``.
        dix_de_der: the team that won the last trick, if known (a capot implies it).

    Returns:
        The :class:`ScoreBreakdown`.

    Raises:
        InvalidScoreError: an unknown team; card points not adding up to 162 or tricks
            not to 8; a team without a trick holding card points; a dix de der team
            without a trick, with fewer than 10 card points, or not the capot team; a
            negative reserve; announcements that are not :class:`Announcement`; equal
            sequences to compare with ``trump`` unknown.
        InvalidRuleSetError: ``rules`` names an unknown preset, option or value.
        InvalidCardError: ``trump`` names no suit.
    """
    rules = RuleSet.from_spec(rules)
    taking = _team(takers, "takers")
    assert taking is not None
    defenders = taking.other
    points = _per_team_numbers(card_points, "card_points", DEAL_POINTS)
    if sum(points.values()) != DEAL_POINTS:
        raise InvalidScoreError(
            f"card_points {{NS: {points[Team.NS]}, EW: {points[Team.EW]}}} add up to "
            f"{sum(points.values())}, expected {DEAL_POINTS} (152 + 10 of the dix de der, "
            "R1.4)")
    won = _per_team_numbers(tricks, "tricks", 8)
    if sum(won.values()) != 8:
        raise InvalidScoreError(f"tricks {{NS: {won[Team.NS]}, EW: {won[Team.EW]}}} add up "
                                f"to {sum(won.values())}, expected 8")
    for team in Team:
        if won[team] == 0 and points[team]:
            raise InvalidScoreError(f"{team} won no trick but has {points[team]} card points")
    capot = next((t for t in Team if won[t] == 8), None)
    last = _team(dix_de_der, "dix_de_der", none_ok=True)
    if last is not None:
        if won[last] == 0 or points[last] < DIX_DE_DER:
            raise InvalidScoreError(
                f"{last} won the last trick (dix de der) but has {won[last]} tricks and "
                f"{points[last]} card points (the dix de der alone is {DIX_DE_DER})")
        if capot is not None and last is not capot:
            raise InvalidScoreError(f"{capot} won all 8 tricks, so the dix de der is theirs, "
                                    f"not {last}'s")
    last = last or capot
    said = _team(belote, "belote", none_ok=True)
    offender = _team(revoke, "revoke", none_ok=True)
    if isinstance(reserve, bool) or not isinstance(reserve, int) or reserve < 0:
        raise InvalidScoreError(f"reserve: expected a whole number, 0 or more, got {reserve!r}")
    try:
        suit = None if trump is None else Suit.parse(trump)
    except InvalidCardError as err:
        raise InvalidCardError(f"trump: {err}") from None
    declared = _read_announcements(announcements)

    # R4.5, R4.6, R6.5: which announcements score, and for whom.
    winner, won_points = (_announcement_result(declared, suit) if rules.announcements
                          else (None, 0))
    scored = {t: won_points if t is winner else 0 for t in Team}
    if capot is not None and scored[capot.other]:
        scored[capot] += scored[capot.other]
        scored[capot.other] = 0
    every = sum(scored.values())
    belote_points = {t: BELOTE_POINTS if said is t else 0 for t in Team}
    totals = {t: points[t] + belote_points[t] + scored[t] for t in Team}

    def won_by(team: Team, base: int) -> dict[Team, int]:
        return {team: base + every + belote_points[team],
                team.other: belote_points[team.other]}

    reserve_after = reserve
    scored_capot: Team | None = None
    deal_winner: Team | None
    if offender is not None:                                              # R3.8
        deal_winner = offender.other
        if capot is deal_winner:
            scored_capot, outcome = capot, Outcome.CAPOT
        else:
            outcome = Outcome.DEDANS if offender is taking else Outcome.MADE
        exact = won_by(deal_winner, rules.capot_points if scored_capot else DEAL_POINTS)
    elif capot is not None:                                               # R6.5
        deal_winner = scored_capot = capot
        outcome = Outcome.CAPOT
        exact = won_by(capot, rules.capot_points)
    elif totals[taking] > totals[defenders]:                              # R6.3
        deal_winner, outcome = taking, Outcome.MADE
        exact = dict(totals)
    elif totals[taking] < totals[defenders]:                              # R6.4
        deal_winner, outcome = defenders, Outcome.DEDANS
        exact = won_by(defenders, DEAL_POINTS)
    else:                                                                 # R6.6
        deal_winner, outcome = None, Outcome.LITIGE
        exact = {defenders: totals[defenders], taking: belote_points[taking]}
        reserve_after = reserve + totals[taking] - belote_points[taking]
    reserve_won_by = None
    if deal_winner is not None:
        exact[deal_winner] += reserve
        reserve_after = 0
        reserve_won_by = deal_winner if reserve else None
    marks = {t: round_mark(exact[t]) for t in Team} if rules.rounding else dict(exact)

    def view(values: Mapping[Team, V]) -> Mapping[Team, V]:
        return MappingProxyType({t: values[t] for t in Team})

    return ScoreBreakdown(
        takers=taking, outcome=outcome, card_points=view(points), tricks=view(won),
        dix_de_der=last, belote=said, announcements=view(declared),
        announcement_winner=winner, announcement_points=view(scored), totals=view(totals),
        capot=scored_capot, revoke=offender, exact_marks=view(exact), marks=view(marks),
        reserve_before=reserve, reserve_after=reserve_after, reserve_won_by=reserve_won_by,
        rounded=rules.rounding, rules=rules)
