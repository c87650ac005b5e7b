"""A game (une partie): deals in sequence until a team reaches the target (RULES.md R6.8),
the dealer rotating (R2.9, R2.6), the litige reserve carried from deal to deal (R6.6),
and the score sheet with its columns Nous / Eux, one row per deal.

    >>> from belote_teach.engine.cards import Seat, Team
    >>> game = Game(first_dealer=Seat.SOUTH, rng=3)
    >>> game.number, game.deal.dealer
    (1, <Seat.SOUTH: 'S'>)
    >>> for _ in range(8):                  # all pass twice: passed out (R2.6)
    ...     game.bid("pass")
    >>> game.number, game.deal.dealer, game.sheet[0].passed_out
    (2, <Seat.EAST: 'E'>, True)
    >>> game.bid("take")
    >>> while game.number == 2:             # the game moves on when the deal is scored
    ...     game.play(game.deal.legal_plays.cards[0])
    >>> row = game.sheet[1]
    >>> row.taker, row.outcome, row.marks[Team.NS], row.marks[Team.EW], game.deal.dealer
    (<Seat.NORTH: 'N'>, <Outcome.DEDANS: 'dedans'>, 0, 162, <Seat.NORTH: 'N'>)
    >>> game.sheet.nous, game.sheet.nous_total, game.sheet.eux_total
    (<Team.NS: 'NS'>, 0, 162)

All numbers are points. Readings of RULES.md fixed here:

* A passed-out deal (R2.6) is a row of the score sheet with no taker, no outcome and
  0 / 0, so the deal numbers follow the deals dealt; the reserve waits (R6.6).
* R6.8 is checked after every deal (:func:`game_winner`, a pure function of the totals
  and the target): the game ends when exactly one team has reached the
  target, or both have with different totals (the higher wins); both on the target with
  equal totals: another deal is played, and the check is made again after it.
* Each deal is shuffled with its own int seed drawn from the game's ``rng``, so every deal
  can be written as a transcript with its seed (:meth:`Game.transcript`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid, Contract
from belote_teach.engine.cards import Card, Seat, Team
from belote_teach.engine.deal import Action, Deal
from belote_teach.engine.errors import (
    InvalidPositionError,
    InvalidRuleSetError,
    InvalidScoreError,
    PhaseError,
)
from belote_teach.engine.rules import OPTION_CHOICES, RuleSet
from belote_teach.engine.scoring import Outcome, ScoreBreakdown

__all__ = ["COLUMNS", "Game", "ScoreRow", "ScoreSheet", "SheetEntry", "game_winner",
           "teams_at_target"]

#: The column headings of the score sheet (R8): the sheet's own team, then the others.
COLUMNS: tuple[str, str] = ("Nous", "Eux")


def _team_of(value: object, what: str) -> Team:
    """A team from a Team, a seat (its team) or their notation (``NS``, ``S``)."""
    if isinstance(value, Team):
        return value
    if isinstance(value, Seat):
        return value.team
    if isinstance(value, str):
        key = value.strip().upper()
        if key in ("NS", "EW"):
            return Team(key)
        if key in ("N", "E", "S", "W"):
            return Seat(key).team
    raise InvalidPositionError(f"{what}: expected a seat (N, E, S, W) or a team (NS, EW), "
                               f"got {value!r}")


def _points(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidScoreError(f"{what}: expected a whole number of points, 0 or more, "
                                f"got {value!r}")
    return value


def _check_target(target: object) -> int:
    """``target`` if it is a target of R6.8 (1000, 501 or 2000), else InvalidRuleSetError."""
    choices = OPTION_CHOICES["target"]
    if isinstance(target, bool) or target not in choices:
        raise InvalidRuleSetError(f"target takes one of {', '.join(map(str, choices))} "
                                  f"(R6.8), got {target!r}")
    return target  # type: ignore[return-value]


def teams_at_target(totals: Mapping[Team, int], target: int) -> tuple[Team, ...]:
    """The teams whose total has reached or passed the target (R6.8), NS first.

        >>> teams_at_target({Team.NS: 1000, Team.EW: 998}, 1000)
        (<Team.NS: 'NS'>,)

    Args:
        totals: each team's total, in points (``{Team.NS: n, Team.EW: m}``, whole numbers,
            0 or more).
        target: the points that end the game: 1000, 501 or 2000 (R6.8, R7).

    Raises:
        InvalidScoreError: ``totals`` does not give exactly NS and EW, or a total is not a
            whole number of points, 0 or more (the message quotes it).
        InvalidRuleSetError: ``target`` is not 1000, 501 or 2000.
    """
    target = _check_target(target)
    if not isinstance(totals, Mapping) or set(totals) != set(Team):
        raise InvalidScoreError(f"totals give NS and EW, got {totals!r}")
    return tuple(team for team in Team
                 if _points(totals[team], f"total of {team}") >= target)


def game_winner(totals: Mapping[Team, int], target: int) -> Team | None:
    """Who wins the game after a deal, from the totals on the score sheet (R6.8).

    The first team to reach or pass the target wins; if both reach it in the same deal,
    the higher total wins; both on or over it with equal totals: nobody yet, another deal
    is played (and the check is made again after it).

        >>> game_winner({Team.NS: 1012, Team.EW: 988}, 1000)
        <Team.NS: 'NS'>
        >>> game_winner({Team.NS: 1020, Team.EW: 1052}, 1000)
        <Team.EW: 'EW'>
        >>> game_winner({Team.NS: 1010, Team.EW: 1010}, 1000) is None
        True

    Args:
        totals: each team's total after the deal, in points (``{Team.NS: n, Team.EW: m}``,
            whole numbers, 0 or more).
        target: the points that end the game: 1000, 501 or 2000 (R6.8, R7).

    Returns:
        The winning team, or ``None`` while the game goes on (nobody on the target, or
        both on it with equal totals).

    Raises:
        InvalidScoreError: ``totals`` does not give exactly NS and EW, or a total is not a
            whole number of points, 0 or more (the message quotes it).
        InvalidRuleSetError: ``target`` is not 1000, 501 or 2000.
    """
    reached = teams_at_target(totals, target)
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2 and totals[Team.NS] != totals[Team.EW]:
        return max(reached, key=lambda team: totals[team])
    return None


# ---------------------------------------------------------------------------- one row
@dataclass(frozen=True)
class ScoreRow:
    """One row of the score sheet: one deal, scored or passed out (R6, R2.6).

    Attributes:
        number: the deal's number in the game, from 1.
        dealer: who dealt it (R2.9).
        contract: taker, trump and round (R2.4, R2.5); ``None`` for a passed-out deal.
        outcome: made, dedans, litige or capot (R6.2–R6.6); ``None`` when passed out.
        marks: the points written this deal for each team (R6.3–R6.7), the reserve won
            included; 0 / 0 when passed out.
        reserve: the points left waiting in the reserve after this deal (R6.6).
        breakdown: the deal's :class:`~belote_teach.engine.scoring.ScoreBreakdown` (card points,
            announcements, belote, totals...), ``None`` when passed out.
        seed: the int seed that dealt it (``Deal.new``), ``None`` if unknown.

    Raises:
        InvalidScoreError: a field of the wrong kind (a number below 1, negative marks or
            reserve), marks for a passed-out deal, or a breakdown that disagrees with the
            outcome, marks or reserve. The message quotes the value.
        InvalidPositionError: ``dealer`` names no seat.
    """

    number: int
    dealer: Seat
    contract: Contract | None
    outcome: Outcome | None
    marks: Mapping[Team, int] = field(hash=False)
    reserve: int = 0
    breakdown: ScoreBreakdown | None = field(default=None, compare=False, hash=False)
    seed: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) \
                or self.number < 1:
            raise InvalidScoreError(f"a deal number is a whole number from 1, got "
                                    f"{self.number!r}")
        object.__setattr__(self, "dealer", Seat.parse(self.dealer))
        if not isinstance(self.marks, Mapping) or set(self.marks) != set(Team):
            raise InvalidScoreError(f"deal {self.number}: marks give NS and EW, got "
                                    f"{self.marks!r}")
        marks = {t: _points(self.marks[t], f"deal {self.number}: mark of {t}") for t in Team}
        object.__setattr__(self, "marks", MappingProxyType(marks))
        _points(self.reserve, f"deal {self.number}: reserve")
        if (self.contract is None) != (self.outcome is None):
            raise InvalidScoreError(
                f"deal {self.number}: a contract and an outcome go together (both None for a "
                f"passed-out deal), got {self.contract!r} and {self.outcome!r}")
        if self.outcome is None and any(marks.values()):
            raise InvalidScoreError(f"deal {self.number} was passed out: nobody scores "
                                    f"(R2.6), got marks {marks}")
        b = self.breakdown
        if b is not None and (b.outcome is not self.outcome or dict(b.marks) != marks
                              or b.reserve_after != self.reserve):
            raise InvalidScoreError(
                f"deal {self.number}: the breakdown says {b.outcome} {dict(b.marks)} with "
                f"reserve {b.reserve_after}, the row {self.outcome} {marks} with reserve "
                f"{self.reserve}")

    @classmethod
    def from_deal(cls, number: int, deal: Deal, *, seed: int | None = None) -> ScoreRow:
        """The row of a finished ``deal``.

        Raises:
            PhaseError: the deal is neither scored nor passed out.
            InvalidScoreError: ``number`` is below 1.
        """
        if not deal.phase.is_over:
            raise PhaseError(f"deal {number} is not over (phase {deal.phase.name}): only a "
                             "scored or passed-out deal goes on the score sheet")
        score = deal.score
        if score is None:                                                   # R2.6
            return cls(number, deal.dealer, None, None, {Team.NS: 0, Team.EW: 0},
                       deal.reserve_after, None, seed)
        return cls(number, deal.dealer, deal.contract, score.outcome, score.marks,
                   score.reserve_after, score, seed)

    @property
    def passed_out(self) -> bool:
        """True for a deal all passed twice (R2.6)."""
        return self.outcome is None

    @property
    def taker(self) -> Seat | None:
        """The taker (le preneur), ``None`` when passed out."""
        return self.contract.taker if self.contract is not None else None

    def __repr__(self) -> str:
        what = "passed out" if self.contract is None else f"{self.contract} {self.outcome}"
        return (f"<ScoreRow {self.number} dealer={self.dealer} {what} "
                f"NS {self.marks[Team.NS]} EW {self.marks[Team.EW]} reserve {self.reserve}>")


class SheetEntry(NamedTuple):
    """One row seen from the sheet's team: this deal's marks and the running totals in the
    columns Nous / Eux (:data:`COLUMNS`)."""

    row: ScoreRow
    nous: int
    eux: int
    nous_total: int
    eux_total: int


# ---------------------------------------------------------------------------- the sheet
class ScoreSheet:
    """The score sheet of a game: one :class:`ScoreRow` per deal, the totals, the reserve
    waiting and the end of the game (R6.6, R6.8). Immutable: :meth:`add` returns a new
    sheet.

    Args:
        rows: the rows, numbered 1, 2, 3... in order.
        nous: the team written in the column "Nous": a team, or a seat for its team
            (default ``NS``, South's team); the other team is "Eux".
        target: the points that end the game (R6.8): 1000, 501 or 2000.

    Raises:
        InvalidScoreError: a row that is not a :class:`ScoreRow`, numbers out of order, a
            row whose breakdown starts from another reserve than the one waiting, or a row
            after the deal that ended the game (R6.8).
        InvalidPositionError: ``nous`` names no seat or team.
        InvalidRuleSetError: ``target`` is not an R6.8 target.
    """

    __slots__ = ("_decided", "_rows", "_running", "nous", "target")

    def __init__(self, rows: Iterable[ScoreRow] = (), *, nous: Team | Seat | str = Team.NS,
                 target: int = 1000):
        self.nous: Team = _team_of(nous, "nous")
        self.target: int = _check_target(target)
        self._rows: tuple[ScoreRow, ...] = tuple(rows)
        totals = {Team.NS: 0, Team.EW: 0}
        running: list[Mapping[Team, int]] = []
        reserve = 0
        self._decided: tuple[Team, int] | None = None
        for index, row in enumerate(self._rows, 1):
            if not isinstance(row, ScoreRow):
                raise InvalidScoreError(f"row {index} is not a ScoreRow: {row!r}")
            if row.number != index:
                raise InvalidScoreError(f"row {index} is numbered {row.number}: the deals "
                                        "are numbered 1, 2, 3... in order")
            if self._decided is not None:
                won_by, at = self._decided
                raise InvalidScoreError(
                    f"deal {index} follows the end of the game: {won_by} won at deal {at} "
                    f"(R6.8)")
            if row.breakdown is not None and row.breakdown.reserve_before != reserve:
                raise InvalidScoreError(
                    f"deal {index} starts from a reserve of {row.breakdown.reserve_before}, "
                    f"but {reserve} was waiting (R6.6)")
            reserve = row.reserve
            for team in Team:
                totals[team] += row.marks[team]
            running.append(MappingProxyType(dict(totals)))
            winner = game_winner(totals, self.target)
            if winner is not None:
                self._decided = (winner, index)
        self._running: tuple[Mapping[Team, int], ...] = tuple(running)

    # -- reading ----------------------------------------------------------------
    @property
    def rows(self) -> tuple[ScoreRow, ...]:
        """The rows, deal 1 first."""
        return self._rows

    @property
    def eux(self) -> Team:
        """The team of the column "Eux"."""
        return self.nous.other

    @property
    def totals(self) -> Mapping[Team, int]:
        """Each team's total: the sum of its marks."""
        if self._running:
            return self._running[-1]
        return MappingProxyType({Team.NS: 0, Team.EW: 0})

    @property
    def nous_total(self) -> int:
        """The total of the column "Nous"."""
        return self.totals[self.nous]

    @property
    def eux_total(self) -> int:
        """The total of the column "Eux"."""
        return self.totals[self.eux]

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        """The rows as the sheet shows them: marks and running totals, Nous then Eux."""
        return tuple(SheetEntry(row, row.marks[self.nous], row.marks[self.eux],
                                totals[self.nous], totals[self.eux])
                     for row, totals in zip(self._rows, self._running, strict=True))

    @property
    def reserve(self) -> int:
        """Points waiting in the reserve for the next deal (R6.6)."""
        return self._rows[-1].reserve if self._rows else 0

    @property
    def winner(self) -> Team | None:
        """The team that won the game (R6.8), ``None`` while it goes on."""
        return self._decided[0] if self._decided else None

    @property
    def is_over(self) -> bool:
        """True once a team has won (R6.8)."""
        return self._decided is not None

    @property
    def tied_over_target(self) -> bool:
        """True when both teams stand on or over the target with equal totals: another deal
        is played (R6.8)."""
        totals = self.totals
        return (not self.is_over and totals[Team.NS] == totals[Team.EW] >= self.target)

    # -- changing ---------------------------------------------------------------
    def add(self, deal: Deal, *, seed: int | None = None) -> ScoreSheet:
        """A new sheet with the row of ``deal`` added (:meth:`ScoreRow.from_deal`).

        Raises:
            PhaseError: the game is over (R6.8), or the deal is not.
            InvalidScoreError: ``deal`` is not a Deal, or it started from another reserve
                than the one waiting (R6.6).
        """
        if not isinstance(deal, Deal):
            raise InvalidScoreError(f"only a Deal goes on the score sheet, got {deal!r}")
        if self._decided is not None:
            raise PhaseError(f"the game is over: {self._decided[0]} won at deal "
                             f"{self._decided[1]} (R6.8); no deal follows")
        if deal.reserve != self.reserve:
            raise InvalidScoreError(f"the deal starts from a reserve of {deal.reserve}, but "
                                    f"{self.reserve} is waiting on the sheet (R6.6)")
        row = ScoreRow.from_deal(len(self._rows) + 1, deal, seed=seed)
        return ScoreSheet((*self._rows, row), nous=self.nous, target=self.target)

    def without_last(self) -> ScoreSheet:
        """A new sheet without its last row (used when a deal's last action is taken back).

        Raises:
            PhaseError: the sheet has no row.
        """
        if not self._rows:
            raise PhaseError("the score sheet has no row to take back")
        return ScoreSheet(self._rows[:-1], nous=self.nous, target=self.target)

    # -- protocol ---------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self) -> Iterator[ScoreRow]:
        return iter(self._rows)

    def __getitem__(self, index: int) -> ScoreRow:
        return self._rows[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        return (self._rows, self.nous, self.target) == (other._rows, other.nous, other.target)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = f" won by {self.winner}" if self.winner else ""
        return (f"<ScoreSheet {len(self._rows)} deals {COLUMNS[0]} ({self.nous}) "
                f"{self.nous_total} {COLUMNS[1]} ({self.eux}) {self.eux_total} "
                f"reserve {self.reserve} target {self.target}{state}>")


# ---------------------------------------------------------------------------- the game
class Game:
    """A game of belote (une partie) to the target of the rules (R6.8).

    The game deals (:meth:`Deal.new <belote_teach.engine.deal.Deal.new>`), each deal with its own
    seed drawn from ``rng``; you act through :meth:`bid`, :meth:`play` or :meth:`push`
    (checked as on the deal; acting on :attr:`deal` directly works too, the game notices at
    its next call). When a deal is scored or passed out its row goes on the :attr:`sheet`;
    the next deal is dealt by the next dealer (R2.9; after a passed-out deal, the same
    dealer with the option ``redeal: same_dealer``, R2.6), with the reserve waiting
    (R6.6) — at once with ``auto_advance`` (the default), else at :meth:`new_deal`. The
    game ends when a team reaches the target (R6.8); then every action raises
    :class:`~belote_teach.engine.errors.PhaseError`.

    Args:
        rules: a RuleSet, preset name or options mapping (default ``classic``); its
            ``target`` ends the game, its ``redeal`` says who deals after a pass-out.
        first_dealer: the dealer of deal 1 (default South).
        rng: a :class:`random.Random` (used, not copied) or an int seed; ``None``: seed 0,
            so a game is always reproducible.
        nous: the seat (or team) whose team is the column "Nous" (default South: NS).
        auto_advance: start the next deal as soon as one is over (default True).

    Raises:
        InvalidRuleSetError: bad rules.
        InvalidPositionError: ``first_dealer`` or ``nous`` names no seat, ``rng`` is
            neither a Random nor an int.
    """

    __slots__ = ("_deals", "_rng", "_seeds", "_sheet", "auto_advance", "rules")

    def __init__(self, rules: RuleSet | str | Mapping[str, object] | None = None,
                 first_dealer: Seat | str = Seat.SOUTH,
                 rng: random.Random | int | None = None, *,
                 nous: Seat | Team | str = Seat.SOUTH, auto_advance: bool = True):
        self.rules: RuleSet = RuleSet.from_spec(rules)
        dealer = Seat.parse(first_dealer)
        if isinstance(rng, random.Random):
            self._rng = rng
        elif rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
            self._rng = random.Random(rng or 0)
        else:
            raise InvalidPositionError(f"rng {rng!r} refused: a game takes a random.Random "
                                       "or an int seed")
        #: Whether the next deal starts as soon as one is over.
        self.auto_advance: bool = bool(auto_advance)
        self._sheet = ScoreSheet(nous=_team_of(nous, "nous"), target=self.rules.target)
        self._deals: list[Deal] = []
        self._seeds: list[int | None] = []
        self._deal_next(dealer, 0)

    # -- internals -------------------------------------------------------------
    def _deal_next(self, dealer: Seat, reserve: int) -> Deal:
        deal = Deal.new(dealer, self._rng.getrandbits(32), self.rules, reserve=reserve)
        self._deals.append(deal)
        self._seeds.append(deal.seed)
        return deal

    def _sync(self) -> None:
        """Put the current deal on the sheet once over (and move on with
        ``auto_advance``); take its row back if an action was taken back."""
        deal = self._deals[-1]
        recorded = len(self._sheet) == len(self._deals)
        if deal.phase.is_over and not recorded:
            self._sheet = self._sheet.add(deal, seed=self._seeds[-1])
            if self.auto_advance and not self._sheet.is_over:
                self._deal_next(deal.next_dealer, deal.reserve_after)
        elif recorded and not deal.phase.is_over:
            self._sheet = self._sheet.without_last()

    def _check_playing(self, what: str) -> Deal:
        self._sync()
        if self._sheet.is_over:
            raise PhaseError(f"{what} refused: the game is over, {self._sheet.winner} won "
                             f"{self._sheet.totals[Team.NS]} (NS) to "
                             f"{self._sheet.totals[Team.EW]} (EW) (R6.8)")
        return self._deals[-1]

    # -- reading ----------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The current deal (the live one: acting on it acts on the game). After the end
        of the game, the last deal."""
        self._sync()
        return self._deals[-1]

    @property
    def number(self) -> int:
        """The number of the current deal, from 1."""
        self._sync()
        return len(self._deals)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every deal of the game so far, deal 1 first (copies)."""
        self._sync()
        return tuple(d.copy() for d in self._deals)

    @property
    def seeds(self) -> tuple[int | None, ...]:
        """The seed of each deal (``None`` for a deal given to :meth:`new_deal`)."""
        return tuple(self._seeds)

    @property
    def last_deal(self) -> Deal | None:
        """The last finished deal (a copy), ``None`` before the first is over."""
        self._sync()
        if not self._sheet:
            return None
        return self._deals[len(self._sheet) - 1].copy()

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet: one row per finished deal, the totals, Nous / Eux."""
        self._sync()
        return self._sheet

    @property
    def totals(self) -> Mapping[Team, int]:
        """Each team's total so far (the sheet's)."""
        return self.sheet.totals

    @property
    def reserve(self) -> int:
        """Points waiting in the reserve (R6.6) for the deal being played, or for the next
        one once the current deal is over."""
        return self.sheet.reserve

    @property
    def is_over(self) -> bool:
        """True once a team has won (R6.8)."""
        return self.sheet.is_over

    @property
    def winner(self) -> Team | None:
        """The team that won the game (R6.8), ``None`` while it goes on."""
        return self.sheet.winner

    # -- acting ------------------------------------------------------------------
    def bid(self, bid: Bid | str, *, seat: Seat | str | None = None) -> None:
        """Bid on the current deal (:meth:`Deal.bid <belote_teach.engine.deal.Deal.bid>`, R2.4,
        R2.5); a pass-out goes on the sheet (R2.6).

        Raises:
            PhaseError: the game is over, or the deal is not bidding.
            Others: as :meth:`Deal.bid`; on error nothing changes.
        """
        self._check_playing(f"bid {bid}").bid(bid, seat=seat)
        self._sync()

    def play(self, card: Card | str, *, seat: Seat | str | None = None,
             announce: Sequence[Announcement] = (), belote: bool = False) -> None:
        """Play on the current deal (:meth:`Deal.play <belote_teach.engine.deal.Deal.play>`, R3,
        R4, R5); the eighth trick puts the deal's score on the sheet (R6).

        Raises:
            PhaseError: the game is over, or the deal is not in play.
            Others: as :meth:`Deal.play`; on error nothing changes.
        """
        self._check_playing(f"card {card}").play(card, seat=seat, announce=announce,
                                                 belote=belote)
        self._sync()

    def push(self, action: Action) -> None:
        """Replay ``action`` on the current deal (:meth:`Deal.push
        <belote_teach.engine.deal.Deal.push>`).

        Raises:
            PhaseError: the game is over. Others: as :meth:`Deal.push`.
        """
        self._check_playing(f"action {action}").push(action)
        self._sync()

    def pop(self) -> Action:
        """Take back the last action of the current deal (:meth:`Deal.pop
        <belote_teach.engine.deal.Deal.pop>`). If that deal was over, its row leaves the sheet
        (and a game it had ended goes on).

        Raises:
            PhaseError: the current deal has no action yet: undo does not cross deals.
        """
        deal = self.deal
        if not deal.actions:
            raise PhaseError(f"deal {len(self._deals)} has no bid or card to take back; "
                             "undo does not go back into an earlier deal")
        action = deal.pop()
        self._sync()
        return action

    def new_deal(self, deal: Deal | None = None, *, seed: int | None = None) -> Deal:
        """Start the next deal, or put a prepared one (a lesson's, a transcript's) in place.

        With ``auto_advance`` off, a finished deal stays :attr:`deal` until this is called.
        When the current deal has no action yet, ``new_deal()`` returns it unchanged and
        ``new_deal(prepared)`` puts ``prepared`` in its place.

        Args:
            deal: a prepared deal to play next, or ``None`` to shuffle and deal one. It
                must have this game's rules, the dealer whose turn it is (R2.9, R2.6) and
                the reserve waiting (R6.6); it is copied, and may be finished already (its
                row then goes on the sheet at once).
            seed: the seed ``deal`` was dealt with (``Deal.new(..., rng=seed)``), recorded
                in :attr:`seeds` as for a deal the game shuffled itself (a saved game
                being resumed); ``None`` records none. Only with ``deal``.

        Returns:
            The deal started (the live one).

        Raises:
            PhaseError: the game is over, or the current deal is in progress.
            InvalidPositionError: ``deal`` is not a Deal, or its rules, dealer or reserve
                are not the ones expected; the message quotes both.
        """
        current = self._check_playing("a new deal")
        if current.phase.is_over:
            dealer, reserve = current.next_dealer, current.reserve_after
        elif current.actions:
            raise PhaseError(f"deal {len(self._deals)} is in progress (phase "
                             f"{current.phase.name}): finish it before the next one")
        elif deal is None:
            return current
        else:
            dealer, reserve = current.dealer, current.reserve
        if deal is None:
            if seed is not None:
                raise InvalidPositionError("new_deal(seed=...) needs the prepared deal too")
            return self._deal_next(dealer, reserve)
        if not isinstance(deal, Deal):
            raise InvalidPositionError(f"new_deal takes a Deal or None, got {deal!r}")
        if seed is not None and deal.seed != seed:
            raise InvalidPositionError(f"the prepared deal was dealt with seed {deal.seed}, "
                                       f"not {seed}")
        expected: dict[str, Any] = {"rules": self.rules, "dealer": dealer, "reserve": reserve}
        for name, value in expected.items():
            if getattr(deal, name) != value:
                raise InvalidPositionError(
                    f"the prepared deal has {name} {getattr(deal, name)}, but deal "
                    f"{len(self._sheet) + 1} of this game needs {name} {value} (R2.9, R2.6, "
                    "R6.6)")
        if not current.phase.is_over:
            self._deals.pop()
            self._seeds.pop()
        started = deal.copy()
        self._deals.append(started)
        self._seeds.append(seed)
        self._sync()
        return started

    def transcript(self, number: int | None = None) -> str:
        """The transcript of deal ``number`` (default: the current deal), with the seed the
        deal remembers (:attr:`Deal.seed <belote_teach.engine.deal.Deal.seed>`,
        :func:`~belote_teach.engine.transcript.to_transcript`).

        Raises:
            InvalidPositionError: no deal has that number.
        """
        from belote_teach.engine.transcript import to_transcript

        self._sync()
        count = len(self._deals)
        if number is None:
            number = count
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise InvalidPositionError(f"deal {number!r} refused: the game has deals 1 to "
                                       f"{count}")
        return to_transcript(self._deals[number - 1])

    @property
    def random_state(self) -> tuple[object, ...]:
        """The state of the generator that shuffles the next deals
        (:meth:`random.Random.getstate`), to save a game and resume it identically."""
        return self._rng.getstate()

    def restore_random_state(self, state: tuple[object, ...]) -> None:
        """Set the generator that shuffles the next deals to ``state`` (from
        :attr:`random_state`).

        Raises:
            InvalidPositionError: ``state`` is not a state of :class:`random.Random`.
        """
        try:
            self._rng.setstate(state)
        except (TypeError, ValueError) as err:
            raise InvalidPositionError(f"not a random generator state: {err}") from err

    def copy(self) -> Game:
        """An independent copy (deals, sheet and random generator): changing one never
        changes the other."""
        self._sync()
        clone = object.__new__(Game)
        clone.rules, clone.auto_advance, clone._sheet = self.rules, self.auto_advance, \
            self._sheet
        clone._rng = random.Random()
        clone._rng.setstate(self._rng.getstate())
        clone._deals = [d.copy() for d in self._deals]
        clone._seeds = list(self._seeds)
        return clone

    def __repr__(self) -> str:
        sheet = self.sheet
        state = (f"won by {sheet.winner}" if sheet.winner
                 else f"deal {len(self._deals)} dealer={self._deals[-1].dealer}")
        return (f"<Game {state} NS {sheet.totals[Team.NS]} EW {sheet.totals[Team.EW]} "
                f"reserve {sheet.reserve} target {sheet.target}>")
