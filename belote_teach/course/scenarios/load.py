"""Load scenario files (SCENARIOS.md) with strict validation and ``file:line`` errors.

A file is a YAML list of scenarios, or a mapping whose only key ``scenarios`` holds
that list, read with its lines (:mod:`belote_teach.course.yaml_lines`). Every scenario is
validated before anything is returned: a malformed file raises
:class:`~belote_teach.course.errors.ScenarioFileError` and yields nothing, not even its
good scenarios.

    >>> scenarios = load_text('''
    ... - id: follow
    ...   kind: play
    ...   trump: S
    ...   trick: [QD]
    ...   hand: [7D, KD, JS]
    ...   legal: [7D, KD]
    ... ''', file="demo.yaml")
    >>> scenarios[0].id, scenarios[0].line, sorted(str(c) for c in scenarios[0].legal)
    ('follow', 2, ['7D', 'KD'])
    >>> load_text("- {id: x, kind: play, trump: S, trick: [], hand: [11H], legal: [11H]}",
    ...           file="bad.yaml")
    Traceback (most recent call last):
    ...
    belote_teach.course.errors.ScenarioFileError: bad.yaml:1: scenario 'x', key 'hand': \
unknown card '11H' (unknown rank '11': expected one of 7, 8, 9, 10 (or T), J, Q, K, A)

Every kind is validated against its keys in :data:`~.model.KIND_KEYS` (allowed and
required keys, cards, suits, seats, teams, numbers, positions that cannot occur). Kinds
``trick``, ``play``, ``bid``, ``announce``, ``compare``, ``score`` and ``solve`` are read
into :class:`~.model.TrickScenario`, :class:`~.model.PlayScenario`,
:class:`~.model.BidScenario`, :class:`~.model.AnnounceScenario`,
:class:`~.model.CompareScenario`, :class:`~.model.ScoreScenario` and
:class:`~.model.SolveScenario`; a kind without a model would be kept as
:class:`~.model.UnsupportedScenario` with its validated values in ``data``:

    >>> [solve] = load_text("- {id: s, kind: solve, trump: H, leader: S, trick: [], "
    ...                     "hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 20}}")
    >>> solve.kind, solve.leader, solve.values
    ('solve', <Seat.SOUTH: 'S'>, {Card.parse('9H'): 20})
    >>> load_text("- {id: b, kind: bid, turned: ZZ, round: 1, hand: [], legal_bids: [pass]}",
    ...           file="bad.yaml")
    Traceback (most recent call last):
    ...
    belote_teach.course.errors.ScenarioFileError: bad.yaml:1: scenario 'b', key 'turned': \
unknown card 'ZZ' (unknown rank 'Z': expected one of 7, 8, 9, 10 (or T), J, Q, K, A)

The course's own kinds ``deal`` and ``game`` (:data:`~.model.COURSE_KINDS`, documented in
:mod:`~belote_teach.course.scenarios.model`) are read into :class:`~.model.DealScenario` and
:class:`~.model.GameScenario`, validated the same way (which keys go with which
``question``, seats, teams, the target, a game not over before its last deal):

    >>> [deal] = load_text("- {id: d, kind: deal, dealer: S, question: cutter, answer: W}")
    >>> deal.kind, deal.dealer, deal.answer
    ('deal', <Seat.SOUTH: 'S'>, <Seat.WEST: 'W'>)
    >>> load_text("- {id: d, kind: deal, dealer: S, question: cut, valid: true}",
    ...           file="bad.yaml")
    Traceback (most recent call last):
    ...
    belote_teach.course.errors.ScenarioFileError: bad.yaml:1: scenario 'd', key 'cut': \
missing key 'cut': question 'cut' asks whether the cutter may lift that many cards (R2.1)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from belote_teach.course.banks import find_bank
from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.scenarios.model import (
    ANNOUNCEMENT_TYPES,
    BIDS,
    COMMON_KEYS,
    COURSE_KIND_KEYS,
    COURSE_KINDS,
    DEAL_QUESTIONS,
    KIND_KEYS,
    KINDS,
    OUTCOMES,
    PROMPT_LANGUAGES,
    AnnounceScenario,
    BidScenario,
    CompareScenario,
    DealScenario,
    GameScenario,
    PlayScenario,
    Scenario,
    ScoreScenario,
    SolveScenario,
    TrickScenario,
    UnsupportedScenario,
)
from belote_teach.course.yaml_lines import LineDict, LineList, duplicates, read_yaml
from belote_teach.engine.announcements import (
    CARRE_POINTS,
    SEQUENCE_LENGTH,
    SEQUENCE_POINTS,
    Announcement,
    AnnouncementType,
)
from belote_teach.engine.cards import (
    DECK,
    DECK_POINTS,
    DIX_DE_DER,
    SEQUENCE_ORDER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
)
from belote_teach.engine.errors import BeloteError, InvalidCardError, InvalidRuleSetError
from belote_teach.engine.game import game_winner
from belote_teach.engine.rules import CLASSIC, OPTION_CHOICES, Rule, RuleSet
from belote_teach.engine.scoring import Outcome, score_deal

__all__ = ["COMMON_KEYS", "COURSE_KINDS", "ID_PATTERN", "SUPPORTED_KINDS", "load_bank",
           "load_file", "load_text"]

#: What an ``id`` must look like (SCENARIOS.md).
ID_PATTERN = re.compile(r"[a-z0-9-]+")


# ------------------------------------------------------------------------- YAML with lines
def _parse_yaml(text: str, file: str) -> object:
    """The YAML document of ``text`` (:func:`~belote_teach.course.yaml_lines.read_yaml`);
    syntax errors become :class:`~belote_teach.course.errors.ScenarioFileError`."""
    try:
        return read_yaml(text).root
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = "; ".join(str(part) for part in (err.context, err.problem) if part)
        if mark is None:
            raise ScenarioFileError(f"YAML error: {problem}", file=file) from None
        raise ScenarioFileError(f"YAML error (column {mark.column + 1}): {problem}",
                                file=file, line=mark.line + 1) from None
    except yaml.YAMLError as err:
        raise ScenarioFileError(f"YAML error: {err}", file=file) from None


# ------------------------------------------------------------------------- validation
def _duplicate_detail(key: object, first: int) -> str:
    return f"duplicate key {key!r} (first on line {first}): YAML keeps only the last value"


class _Reader:
    """Reads one scenario mapping, raising :class:`ScenarioFileError` at the right line.

    Each reader method takes the scenario key it reads; an error inside a nested value
    (an announcement, a team's number, a seat's hand) names that key and the line of the
    nested item.
    """

    def __init__(self, raw: LineDict, file: str, scenario_id: str | None = None,
                 default_rules: RuleSet = CLASSIC):
        self.raw = raw
        self.file = file
        self.scenario_id = scenario_id
        self.default_rules = default_rules

    def fail(self, key: str | None, detail: str, line: int | None = None) -> ScenarioFileError:
        """The error to raise for ``key`` (at the key's line unless ``line`` is given)."""
        if line is None:
            line = self.raw.key_lines.get(key, self.raw.line)
        return ScenarioFileError(detail, file=self.file, line=line,
                                 scenario_id=self.scenario_id, key=key)

    def get(self, key: str) -> Any:
        """The value of a required key, as YAML read it."""
        if key not in self.raw:
            raise self.fail(key, f"missing key {key!r}", line=self.raw.line)
        return self.raw[key]

    # -- scalars ----------------------------------------------------------------------
    def text(self, key: str, *, required: bool = True) -> str | None:
        """A string value (``None`` when absent and not required)."""
        if key not in self.raw:
            if required:
                raise self.fail(key, f"missing key {key!r}", line=self.raw.line)
            return None
        value = self.raw[key]
        if not isinstance(value, str):
            raise self.fail(key, f"expected text, got {value!r}")
        return value

    def suit(self, key: str) -> Suit:
        """A suit letter (``S H D C``) or symbol."""
        return self._suit(key, self.get(key), None)

    def _suit(self, key: str, value: object, line: int | None) -> Suit:
        if not isinstance(value, str):
            raise self.fail(key, f"expected a suit (S, H, D, C), got {value!r}", line=line)
        try:
            return Suit.parse(value)
        except InvalidCardError as err:
            raise self.fail(key, str(err), line=line) from None

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        """An integer (not a boolean) between ``low`` and ``high`` included."""
        return self._number(key, self.get(key), low, high, None)

    def _number(self, key: str, value: object, low: int, high: int | None,
                line: int | None, what: str = "") -> int:
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"{what}expected a whole number {bounds}, got {value!r}",
                            line=line)
        if value < low or (high is not None and value > high):
            raise self.fail(key, f"{what}expected a whole number {bounds}, got {value}",
                            line=line)
        return value

    def boolean(self, key: str) -> bool:
        """``true`` or ``false``."""
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        """One word among ``options``."""
        value = self.get(key)
        if not isinstance(value, str) or value not in options:
            raise self.fail(key, f"expected one of {', '.join(options)}, got {value!r}")
        return value

    def team(self, key: str, *, null_ok: bool = False, none_word: str | None = None
             ) -> Team | None:
        """A team, ``NS`` or ``EW``; ``None`` for YAML ``null`` if ``null_ok``, or for the
        word ``none_word`` (``compare``'s ``winner: none``)."""
        return self._team(key, self.get(key), None, null_ok=null_ok, none_word=none_word)

    def _team(self, key: str, value: object, line: int | None, *, null_ok: bool = False,
              none_word: str | None = None) -> Team | None:
        if value is None and null_ok:
            return None
        if none_word is not None and value == none_word:
            return None
        if isinstance(value, str) and value in _TEAMS:
            return _TEAMS[value]
        expected = "NS or EW" + (f" or {none_word}" if none_word else "") + (
            " or null" if null_ok else "")
        raise self.fail(key, f"unknown team {value!r}: expected {expected}", line=line)

    def seat(self, key: str) -> Seat:
        """A seat, ``N E S W``."""
        value = self.get(key)
        if not isinstance(value, str) or value not in _SEATS:
            raise self.fail(key, f"unknown seat {value!r}: expected one of N, E, S, W")
        return _SEATS[value]

    def prompt(self) -> dict[str, str]:
        """``prompt``: a mapping of language (``en``, ``fr``) to text (may be absent or
        empty)."""
        value = self.raw.get("prompt")
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail("prompt", f"expected a mapping such as {{en: ..., fr: ...}}, "
                                      f"got {value!r}")
        prompt: dict[str, str] = {}
        for lang, text in value.items():
            line = value.key_lines.get(lang) if isinstance(value, LineDict) else None
            if lang not in PROMPT_LANGUAGES:
                raise self.fail("prompt", f"unknown language {lang!r}: a prompt has the "
                                          f"languages {' and '.join(PROMPT_LANGUAGES)} only",
                                line=line)
            if not isinstance(text, str):
                raise self.fail("prompt", f"the {lang!r} text must be a string, got {text!r}",
                                line=line)
            prompt[lang] = text
        return prompt

    def rules(self) -> RuleSet:
        """``rules``: a preset name or a mapping of options over ``classic`` (R7); the
        loader's default rules (``classic`` unless given) when absent or null."""
        spec = self.raw.get("rules")
        if spec is None:
            return self.default_rules
        try:
            return RuleSet.from_spec(spec)
        except InvalidRuleSetError as err:
            raise self.fail("rules", str(err)) from None

    def rule(self) -> Rule | None:
        """``rule``: an R3 rule name (``MUST_OVERTRUMP``) or ID (``R3.5``), optional."""
        value = self.text("rule", required=False)
        if value is None:
            return None
        try:
            return Rule.parse(value)
        except ValueError as err:
            raise self.fail("rule", str(err)) from None

    # -- cards ------------------------------------------------------------------------
    def _card(self, key: str, item: object, line: int | None) -> Card:
        try:
            return Card.parse(item)  # type: ignore[arg-type]
        except InvalidCardError as err:
            detail = str(err)
            prefix = f"invalid card {item!r}: "
            if detail.startswith(prefix):
                detail = detail[len(prefix):]
            raise self.fail(key, f"unknown card {item!r} ({detail})", line=line) from None

    def card(self, key: str) -> Card:
        """One card in RULES.md notation."""
        return self._card(key, self.get(key), None)

    def cards(self, key: str, *, single_ok: bool = False) -> tuple[Card, ...]:
        """A list of distinct cards in RULES.md notation (one card if ``single_ok``)."""
        return self._card_list(key, self.get(key), None, single_ok=single_ok)

    def _card_list(self, key: str, value: object, line: int | None, *,
                   single_ok: bool = False) -> tuple[Card, ...]:
        if single_ok and isinstance(value, str):
            items: list[object] = [value]
            lines: list[int | None] = [line]
        elif isinstance(value, LineList):
            items, lines = list(value), list(value.item_lines)
        else:
            raise self.fail(key, f"expected a list of cards such as [7H, JH], got {value!r}",
                            line=line)
        cards: list[Card] = []
        for item, item_line in zip(items, lines, strict=True):
            card = self._card(key, item, item_line)
            if card in cards:
                raise self.fail(key, f"duplicate card {str(card)!r}: it appears twice in "
                                     f"{key!r}", line=item_line)
            cards.append(card)
        return tuple(cards)

    def count(self, key: str, cards: tuple[Card, ...], low: int, high: int, why: str,
              line: int | None = None) -> None:
        """Check that ``cards`` holds ``low`` to ``high`` cards."""
        if not low <= len(cards) <= high:
            wanted = f"exactly {low}" if low == high else f"{low} to {high}"
            raise self.fail(key, f"wrong number of cards: {why} holds {wanted} cards, got "
                                 f"{len(cards)} {_show(cards)}", line=line)

    def within_hand(self, key: str, cards: tuple[Card, ...], hand: tuple[Card, ...]) -> None:
        """Check that every card of ``key`` is in the hand."""
        stray = [c for c in cards if c not in hand]
        if stray:
            raise self.fail(key, f"card {str(stray[0])!r} is not in the hand {_show(hand)}")

    def hands(self, key: str) -> dict[Seat, tuple[Card, ...]]:
        """``{N: [...], E: [...], S: [...], W: [...]}``: 0 to 8 distinct cards per seat."""
        value = self._mapping(key, "{N: [...], E: [...], S: [...], W: [...]}")
        for seat_key in value:
            if seat_key not in _SEATS:
                raise self.fail(key, f"unknown seat {seat_key!r}: expected the seats N, E, S, "
                                     "W", line=value.key_lines.get(seat_key))
        hands: dict[Seat, tuple[Card, ...]] = {}
        for seat_key, seat in _SEATS.items():
            if seat_key not in value:
                raise self.fail(key, f"missing seat {seat_key!r}: give the cards of N, E, S "
                                     "and W (an empty list for a seat without cards)")
            line = value.key_lines.get(seat_key)
            cards = self._card_list(key, value[seat_key], line)
            self.count(key, cards, 0, 8, f"the hand of {seat_key}", line=line)
            hands[seat] = cards
        return hands

    def card_values(self, key: str, hand: tuple[Card, ...], seat: Seat) -> dict[Card, int]:
        """``{card: points}`` for cards of ``hand`` (the seat to play), points 0–162."""
        value = self._mapping(key, "{9H: 29, 8H: 56}")
        if not value:
            raise self.fail(key, "expected at least one card: the seat to play always has a "
                                 "legal card")
        values: dict[Card, int] = {}
        for item, points in value.items():
            line = value.key_lines.get(item)
            card = self._card(key, item, line)
            if card in values:
                raise self.fail(key, f"duplicate card {str(card)!r}: it appears twice in "
                                     f"{key!r}", line=line)
            if card not in hand:
                raise self.fail(key, f"card {str(card)!r} is not in the hand of {seat}, the "
                                     f"seat to play {_show(hand)}", line=line)
            values[card] = self._number(key, points, 0, _TOTAL_POINTS, line, f"{card}: ")
        return values

    # -- mappings and lists -----------------------------------------------------------
    def _mapping(self, key: str, example: str) -> LineDict:
        value = self.get(key)
        if not isinstance(value, LineDict):
            raise self.fail(key, f"expected a mapping such as {example}, got {value!r}")
        return value

    def per_team(self, key: str, low: int, high: int | None) -> dict[Team, int]:
        """``{NS: n, EW: m}``: a whole number per team."""
        value = self._mapping(key, "{NS: 80, EW: 82}")
        numbers: dict[Team, int] = {}
        for team_key in value:
            if team_key not in _TEAMS:
                raise self.fail(key, f"unknown team {team_key!r}: expected the teams NS and EW",
                                line=value.key_lines.get(team_key))
        for team_key, team in _TEAMS.items():
            if team_key not in value:
                raise self.fail(key, f"missing team {team_key!r}: expected {{NS: n, EW: m}}")
            numbers[team] = self._number(key, value[team_key], low, high,
                                         value.key_lines.get(team_key), f"{team_key}: ")
        return numbers

    def bids(self, key: str, *, distinct: bool) -> tuple[str, ...]:
        """A list of bids among :data:`~.model.BIDS` (suits also as symbols, read as
        their letter)."""
        value = self.get(key)
        if not isinstance(value, LineList):
            raise self.fail(key, f"expected a list of bids such as [pass, take], got {value!r}")
        bids: list[str] = []
        for item, line in zip(value, value.item_lines, strict=True):
            bid = self._bid(key, item, line)
            if distinct and bid in bids:
                raise self.fail(key, f"duplicate bid {bid!r}: it appears twice in {key!r}",
                                line=line)
            bids.append(bid)
        return tuple(bids)

    def bid(self, key: str) -> str:
        """One bid among :data:`~.model.BIDS`."""
        return self._bid(key, self.get(key), None)

    def _bid(self, key: str, item: object, line: int | None) -> str:
        if item in BIDS:
            return str(item)
        if isinstance(item, str) and item.lower() not in ("take", "pass"):
            try:
                return Suit.parse(item).value
            except InvalidCardError:
                pass
        raise self.fail(key, f"unknown bid {item!r}: expected one of {', '.join(BIDS)}",
                        line=line)

    def announcements(self, key: str) -> tuple[Announcement, ...]:
        """A list of announcements ``{type, top, suit, points}`` (may be empty)."""
        return self._announcement_list(key, self.get(key), None,
                                       key if key in _TEAMS else None)

    def team_announcements(self, key: str) -> dict[Team, tuple[Announcement, ...]]:
        """``{NS: [...], EW: [...]}``: a list of announcements per team; a team left out
        announced nothing."""
        value = self._mapping(key, "{NS: [{type: tierce, top: K, suit: H, points: 20}], "
                                   "EW: []}")
        for team_key in value:
            if team_key not in _TEAMS:
                raise self.fail(key, f"unknown team {team_key!r}: expected the teams NS and EW",
                                line=value.key_lines.get(team_key))
        found: dict[Team, tuple[Announcement, ...]] = {}
        for team_key, team in _TEAMS.items():
            if team_key not in value:
                found[team] = ()
                continue
            found[team] = self._announcement_list(key, value[team_key],
                                                  value.key_lines.get(team_key), team_key)
        return found

    def _announcement_list(self, key: str, value: object, line: int | None,
                           team: str | None) -> tuple[Announcement, ...]:
        if not isinstance(value, LineList):
            whose = f" of {team}" if team else ""
            raise self.fail(key, f"expected the list of announcements{whose}, such as "
                                 f"[{{type: tierce, top: K, suit: H, points: 20}}] (or [] for "
                                 f"none), got {value!r}", line=line)
        return tuple(self._announcement(key, item, item_line)
                     for item, item_line in zip(value, value.item_lines, strict=True))

    def _announcement(self, key: str, item: object, line: int) -> Announcement:
        """One ``{type, top, suit, points}`` mapping, its points checked (R4.1, R4.2)."""
        if not isinstance(item, LineDict):
            raise self.fail(key, "expected an announcement such as {type: tierce, top: K, "
                                 f"suit: H, points: 20}}, got {item!r}", line=line)

        def at(field: str) -> int:
            return item.key_lines.get(field, line)

        for field in item:
            if field not in _ANNOUNCEMENT_KEYS:
                raise self.fail(key, f"unknown announcement key {field!r} (allowed: "
                                     f"{', '.join(_ANNOUNCEMENT_KEYS)})", line=at(field))
        for field in ("type", "top", "points"):
            if field not in item:
                raise self.fail(key, f"the announcement lacks {field!r}: write "
                                     "{type, top, suit, points} (no suit for a carre)",
                                line=line)
        kind_text = item["type"]
        kind_text = "carre" if kind_text == "carré" else kind_text
        if kind_text not in ANNOUNCEMENT_TYPES:
            raise self.fail(key, f"unknown announcement type {item['type']!r}: expected one "
                                 f"of {', '.join(ANNOUNCEMENT_TYPES)}", line=at("type"))
        kind = AnnouncementType(kind_text)
        top_text = item["top"]
        if isinstance(top_text, int) and not isinstance(top_text, bool):
            top_text = str(top_text)
        try:
            top = Rank.parse(top_text)
        except InvalidCardError as err:
            raise self.fail(key, f"announcement 'top': {err}", line=at("top")) from None
        suit: Suit | None = None
        if kind is AnnouncementType.CARRE:
            if "suit" in item:
                raise self.fail(key, "a carre has no suit: remove 'suit' (its 'top' is the "
                                     "rank of the four cards)", line=at("suit"))
            if top not in CARRE_POINTS:
                raise self.fail(key, f"four {top}s are not announced (R4.2: only four "
                                     "jacks, nines, aces, 10s, kings or queens)", line=at("top"))
            worth = CARRE_POINTS[top]
        else:
            if "suit" not in item:
                raise self.fail(key, f"the announcement lacks 'suit': a {kind} is in one suit",
                                line=line)
            suit = self._suit(key, item["suit"], at("suit"))
            length = SEQUENCE_LENGTH[kind]
            if SEQUENCE_ORDER.index(top) < length - 1:
                raise self.fail(key, f"no {kind} can end at the {top}: a {kind} holds at least "
                                     f"{length} cards in a row, 7 8 9 10 J Q K A without "
                                     "wrap-around (R1.6)", line=at("top"))
            worth = SEQUENCE_POINTS[kind]
        points = self._number(key, item["points"], 0, None, at("points"), "'points': ")
        if points != worth:
            carre = kind is AnnouncementType.CARRE
            what = f"a carre of {top}s" if carre else f"a {kind} to the {top}"
            rule = "R4.2" if carre else "R4.1"
            raise self.fail(key, f"{what} is worth {worth} points ({rule}), got {points}",
                            line=at("points"))
        return Announcement(kind, top, suit, points)


def _show(cards: tuple[Card, ...]) -> str:
    return "[" + ", ".join(str(c) for c in cards) + "]"


def _n_cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


_TEAMS: dict[str, Team] = {team.value: team for team in Team}
_SEATS: dict[str, Seat] = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
#: Card points of a deal, the dix de der included (R1.4).
_TOTAL_POINTS = DECK_POINTS + DIX_DE_DER
_ANNOUNCEMENT_KEYS = ("type", "top", "suit", "points")


# ------------------------------------------------------------------------- kinds
# One reader per kind: it reads the kind's keys of KIND_KEYS (inputs first, then expected
# answers) into a dict of values, checking that the position can occur.
_Data = dict[str, Any]


def _optional(reader: _Reader, data: _Data, key: str, read: Callable[[], object]) -> None:
    if key in reader.raw:
        data[key] = read()


def _read_trick(reader: _Reader) -> _Data:
    trump = reader.suit("trump")
    cards = reader.cards("cards")
    reader.count("cards", cards, 4, 4, "a trick scenario's 'cards'")
    return {"trump": trump, "cards": cards, "winner": reader.integer("winner", 1, 4),
            "points": reader.integer("points", 0)}


def _read_play(reader: _Reader) -> _Data:
    trump = reader.suit("trump")
    trick = reader.cards("trick")
    reader.count("trick", trick, 0, 3,
                 "the learner is next to play, so the trick")
    hand = reader.cards("hand")
    reader.count("hand", hand, 1, 8, "a hand")
    shared = [c for c in hand if c in trick]
    if shared:
        raise reader.fail("hand", f"card {str(shared[0])!r} is both in the hand and in the "
                                  f"trick {_show(trick)}")
    legal = reader.cards("legal")
    if not legal:
        raise reader.fail("legal", "expected at least one card: a legal play always exists")
    reader.within_hand("legal", legal, hand)
    data: _Data = {"trump": trump, "trick": trick, "hand": hand, "legal": legal}
    if "best" in reader.raw:
        best = reader.cards("best", single_ok=True)
        if not best:
            raise reader.fail("best", "expected a card or a non-empty list of cards")
        reader.within_hand("best", best, hand)
        data["best"] = best
    _optional(reader, data, "rule", reader.rule)
    return data


def _read_bid(reader: _Reader) -> _Data:
    turned = reader.card("turned")
    bidding_round = reader.integer("round", 1, 2)
    hand = reader.cards("hand")
    reader.count("hand", hand, 5, 5, "a bid scenario's hand (before the completion, R2.2)")
    if turned in hand:
        raise reader.fail("hand", f"card {str(turned)!r} is both in the hand and the turned "
                                  "card")
    data: _Data = {"turned": turned, "round": bidding_round, "hand": hand}
    if "history" in reader.raw:
        history = reader.bids("history", distinct=False)
        said = [bid for bid in history if bid != "pass"]
        if said:
            raise reader.fail("history", f"{said[0]!r} ends the bidding (R2.4, R2.5): the "
                                         "speakers before the learner can only have passed")
        low, high = (0, 3) if bidding_round == 1 else (4, 7)
        if not low <= len(history) <= high:
            raise reader.fail("history", f"round {bidding_round} comes after {low} to {high} "
                                         f"earlier passes (R2.4, R2.5; round-1 passes "
                                         f"included), got {len(history)}")
        data["history"] = history
    legal_bids = reader.bids("legal_bids", distinct=True)
    if not legal_bids:
        raise reader.fail("legal_bids", "expected at least one bid: 'pass' is always allowed")
    data["legal_bids"] = legal_bids
    if "advice" in reader.raw:
        advice = reader.bid("advice")
        if advice not in legal_bids:
            raise reader.fail("advice", f"the advice {advice!r} is not among the legal_bids "
                                        f"[{', '.join(legal_bids)}]")
        data["advice"] = advice
    if "reason" in reader.raw:
        if "advice" not in reader.raw:
            raise reader.fail("reason", "a reason explains an advice: add 'advice' or remove "
                                        "'reason'")
        data["reason"] = reader.integer("reason", 1, _R9_TIPS)
    return data


def _read_announce(reader: _Reader) -> _Data:
    trump = reader.suit("trump")
    hand = reader.cards("hand")
    reader.count("hand", hand, 8, 8, "an announce scenario's hand (announced during the "
                                     "first trick, R4.4)")
    return {"trump": trump, "hand": hand, "announcements": reader.announcements("announcements"),
            "belote": reader.boolean("belote")}


def _read_compare(reader: _Reader) -> _Data:
    data: _Data = {"trump": reader.suit("trump"), "NS": reader.announcements("NS"),
                   "EW": reader.announcements("EW")}
    _optional(reader, data, "first", lambda: reader.team("first"))
    data["winner"] = reader.team("winner", none_word="none")
    data["points"] = reader.integer("points", 0)
    return data


def _read_score(reader: _Reader) -> _Data:
    data: _Data = {"takers": reader.team("takers")}
    card_points = reader.per_team("card_points", 0, _TOTAL_POINTS)
    if sum(card_points.values()) != _TOTAL_POINTS:
        raise reader.fail("card_points", f"the card points add up to "
                                         f"{sum(card_points.values())}, expected "
                                         f"{_TOTAL_POINTS} (the dix de der included, R1.4)")
    tricks = reader.per_team("tricks", 0, 8)
    if sum(tricks.values()) != 8:
        raise reader.fail("tricks", f"the tricks add up to {sum(tricks.values())}, expected 8")
    for team, won in tricks.items():
        if won == 0 and card_points[team] != 0:
            raise reader.fail("card_points", f"{team} won no trick but has "
                                             f"{card_points[team]} card points")
    data.update(card_points=card_points, tricks=tricks)
    _optional(reader, data, "trump", lambda: reader.suit("trump"))
    _optional(reader, data, "belote", lambda: reader.team("belote", null_ok=True))
    _optional(reader, data, "announcements",
              lambda: reader.team_announcements("announcements"))
    _optional(reader, data, "reserve", lambda: reader.integer("reserve", 0))
    _optional(reader, data, "revoke", lambda: reader.team("revoke", null_ok=True))
    if "announcements" in data:
        announced = data["announcements"]
        try:  # with the trump unknown, equal sequences cannot be compared (R4.5)
            score_deal(takers=data["takers"], card_points=card_points, tricks=tricks,
                       announcements=announced, trump=data.get("trump"),
                       rules=reader.rules())
        except BeloteError as err:
            raise reader.fail("announcements", str(err)) from None
    data["outcome"] = reader.choice("outcome", OUTCOMES)
    data["marks"] = reader.per_team("marks", 0, None)
    _optional(reader, data, "reserve_after", lambda: reader.integer("reserve_after", 0))
    return data


def _read_solve(reader: _Reader) -> _Data:
    trump = reader.suit("trump")
    hands = reader.hands("hands")
    trick = reader.cards("trick")
    reader.count("trick", trick, 0, 3, "the current trick, with a seat still to play,")
    leader = reader.seat("leader")
    seen: dict[Card, str] = {}
    for seat, cards in hands.items():
        for card in cards:
            if card in seen:
                raise reader.fail("hands", f"card {str(card)!r} is in the hands of both "
                                           f"{seen[card]} and {seat}")
            seen[card] = str(seat)
    for card in trick:
        if card in seen:
            raise reader.fail("trick", f"card {str(card)!r} is both in the trick and in the "
                                       f"hand of {seen[card]}")
    played: list[Seat] = []
    to_play = leader
    for _ in trick:
        played.append(to_play)
        to_play = to_play.next
    size = len(hands[to_play])
    situation = (f"{to_play} is to play after {_n_cards(len(trick))} led by {leader}"
                 if trick else f"{leader} leads")
    if size == 0:
        raise reader.fail("hands", f"{situation} but holds no card")
    for seat, cards in hands.items():
        wanted = size - 1 if seat in played else size
        if len(cards) != wanted:
            rest = (f"; {', '.join(str(s) for s in played)}, who played to this trick, hold "
                    "one card fewer" if played else ", and so does every seat")
            raise reader.fail("hands", f"{seat} holds {_n_cards(len(cards))}, expected "
                                       f"{wanted}: {situation} and holds {_n_cards(size)}"
                                       f"{rest}",
                              line=reader.raw["hands"].key_lines.get(str(seat)))
    return {"trump": trump, "hands": hands, "trick": trick, "leader": leader,
            "values": reader.card_values("values", hands[to_play], to_play)}


def _question_keys(reader: _Reader, question: str, keys: dict[str, str]) -> None:
    """Refuse the keys of ``keys`` (key -> the question it goes with) present in a ``deal``
    scenario whose question is another one."""
    for key, owner in keys.items():
        if key in reader.raw and owner != question:
            raise reader.fail(key, f"key {key!r} goes with question {owner!r} only, not with "
                                   f"question {question!r}")


def _needed(reader: _Reader, key: str, question: str, why: str) -> None:
    """Refuse a ``deal`` scenario of ``question`` without ``key``."""
    if key not in reader.raw:
        raise reader.fail(key, f"missing key {key!r}: question {question!r} {why}",
                          line=reader.raw.line)


def _read_deal(reader: _Reader) -> _Data:
    dealer = reader.seat("dealer")
    question = reader.choice("question", tuple(DEAL_QUESTIONS))
    _question_keys(reader, question, {"cut": "cut", "taker": "leader"})
    if question == "cut" and "answer" in reader.raw:
        raise reader.fail("answer", "question 'cut' is answered by 'valid: true' or 'valid: "
                                    "false' (the cut is allowed or not), not by a seat")
    if question != "cut" and "valid" in reader.raw:
        raise reader.fail("valid", f"key 'valid' goes with question 'cut' only; question "
                                   f"{question!r} is answered by a seat: write 'answer'")
    data: _Data = {"dealer": dealer, "question": question}
    if question == "cut":
        _needed(reader, "cut", question, f"asks whether the cutter may lift that many cards "
                                         f"({DEAL_QUESTIONS['cut']})")
        data["cut"] = reader.integer("cut", 0, len(DECK))
        _needed(reader, "valid", question, "is answered by 'valid: true' or 'valid: false'")
        data["valid"] = reader.boolean("valid")
        return data
    if question == "leader":
        _needed(reader, "taker", question, f"asks who leads once the taker (preneur) has "
                                           f"taken: give the taker's seat "
                                           f"({DEAL_QUESTIONS['leader']})")
        data["taker"] = reader.seat("taker")
    _needed(reader, "answer", question, "is answered by a seat: write 'answer: N', 'E', "
                                        "'S' or 'W'")
    data["answer"] = reader.seat("answer")
    return data


_TARGETS: tuple[int, ...] = OPTION_CHOICES["target"]


def _read_game(reader: _Reader) -> _Data:
    rules = reader.rules()
    if "target" in reader.raw:
        target = reader.get("target")
        if isinstance(target, bool) or target not in _TARGETS:
            raise reader.fail("target", f"expected one of {', '.join(map(str, _TARGETS))} "
                                        f"(R6.8), got {target!r}")
        if reader.raw.get("rules") is not None and rules.target != target:
            raise reader.fail("target", f"target {target} disagrees with the rules' target "
                                        f"{rules.target}: give one of them, or the same")
    else:
        target = rules.target
    before = reader.per_team("before", 0, None)
    already = game_winner(before, target)
    if already is not None:
        raise reader.fail("before", f"{already} had already won the game before this deal "
                                    f"(NS {before[Team.NS]}, EW {before[Team.EW]}, target "
                                    f"{target}, R6.8): give the totals before the deal that "
                                    "ends it")
    return {"target": target, "before": before, "marks": reader.per_team("marks", 0, None),
            "winner": reader.team("winner", none_word="none"),
            "totals": reader.per_team("totals", 0, None)}


#: The tips of RULES.md R9 (``bid``'s ``reason``).
_R9_TIPS = 7

#: The reader of each kind (:data:`~.model.KINDS`): it validates the kind's keys.
_READERS: dict[str, Callable[[_Reader], _Data]] = {
    "trick": _read_trick, "play": _read_play, "bid": _read_bid, "announce": _read_announce,
    "compare": _read_compare, "score": _read_score, "solve": _read_solve,
    "deal": _read_deal, "game": _read_game,
}


def _trick_model(data: _Data, common: _Data) -> TrickScenario:
    return TrickScenario(**data, **common)


def _play_model(data: _Data, common: _Data) -> PlayScenario:
    return PlayScenario(trump=data["trump"], trick_cards=data["trick"], hand=data["hand"],
                        legal=frozenset(data["legal"]), rule=data.get("rule"),
                        best=data.get("best", ()), **common)


def _bid_model(data: _Data, common: _Data) -> BidScenario:
    return BidScenario(turned=data["turned"], round=data["round"], hand=data["hand"],
                       history=data.get("history", ()),
                       legal_bids=frozenset(data["legal_bids"]), advice=data.get("advice"),
                       reason=data.get("reason"), **common)


def _announce_model(data: _Data, common: _Data) -> AnnounceScenario:
    return AnnounceScenario(**data, **common)


def _compare_model(data: _Data, common: _Data) -> CompareScenario:
    return CompareScenario(trump=data["trump"], ns=data["NS"], ew=data["EW"],
                           first=data.get("first"), winner=data["winner"],
                           points=data["points"], **common)


def _score_model(data: _Data, common: _Data) -> ScoreScenario:
    return ScoreScenario(
        takers=data["takers"], card_points=data["card_points"], tricks=data["tricks"],
        trump=data.get("trump"), belote=data.get("belote"),
        announcements=data.get("announcements", {Team.NS: (), Team.EW: ()}),
        reserve=data.get("reserve", 0), revoke=data.get("revoke"),
        outcome=Outcome(data["outcome"]), marks=data["marks"],
        reserve_after=data.get("reserve_after"), **common)


def _solve_model(data: _Data, common: _Data) -> SolveScenario:
    return SolveScenario(trump=data["trump"], hands=data["hands"], trick_cards=data["trick"],
                         leader=data["leader"], values=data["values"], **common)


def _deal_model(data: _Data, common: _Data) -> DealScenario:
    return DealScenario(**data, **common)


def _game_model(data: _Data, common: _Data) -> GameScenario:
    return GameScenario(**data, **common)


#: The kinds read into checked scenarios; add a model here (and a checker) to support a
#: kind. The others are kept as :class:`~.model.UnsupportedScenario` with their data.
_MODELS: dict[str, Callable[[_Data, _Data], Scenario]] = {
    "trick": _trick_model,
    "play": _play_model,
    "bid": _bid_model,
    "announce": _announce_model,
    "compare": _compare_model,
    "score": _score_model,
    "solve": _solve_model,
    "deal": _deal_model,
    "game": _game_model,
}
#: The kinds of SCENARIOS.md fully loaded (the others of :data:`~.model.KINDS` are kept
#: unsupported); the course's own kinds (:data:`~.model.COURSE_KINDS`) are always loaded.
SUPPORTED_KINDS: tuple[str, ...] = tuple(kind for kind in KINDS if kind in _MODELS)
assert all(kind in _MODELS for kind in COURSE_KINDS)
#: The keys of every kind the loader knows, standard and course ones.
_KIND_KEYS = {**KIND_KEYS, **COURSE_KIND_KEYS}


def _read_scenario(raw: LineDict, file: str, rules: RuleSet) -> Scenario:
    reader = _Reader(raw, file, default_rules=rules)
    scenario_id = reader.text("id")
    assert scenario_id is not None
    if not ID_PATTERN.fullmatch(scenario_id):
        raise reader.fail("id", f"invalid id {scenario_id!r}: use lowercase letters, digits "
                                "and '-' only ([a-z0-9-]+)")
    reader.scenario_id = scenario_id
    kind = reader.text("kind")
    if kind not in _KIND_KEYS:
        raise reader.fail("kind", f"unknown kind {kind!r} (expected one of {', '.join(KINDS)}, "
                                  f"or a course kind: {', '.join(COURSE_KINDS)})")
    for found in duplicates(raw):
        top_key = found.path[0] if found.path else found.key
        raise reader.fail(str(top_key), _duplicate_detail(found.key, found.first),
                          line=found.line)
    keys = _KIND_KEYS[kind]
    allowed = keys.allowed
    for key in raw:
        if key not in allowed:
            raise reader.fail(str(key), f"unknown key {key!r} for kind {kind!r} (allowed: "
                                        f"{', '.join(sorted(allowed))})",
                              line=raw.key_lines.get(key))
    for key in keys.required:
        if key not in raw:
            raise reader.fail(key, f"missing key {key!r} (kind {kind!r} needs "
                                   f"{', '.join(keys.required)})", line=raw.line)
    source = reader.text("source", required=False)
    common: dict[str, Any] = {"id": scenario_id, "prompt": reader.prompt(), "source": source,
                              "rules": reader.rules(), "file": file, "line": raw.line}
    data = _READERS[kind](reader)
    model = _MODELS.get(kind)
    if model is None:
        return UnsupportedScenario(kind=kind, data=data, **common)
    return model(data, common)


def _read_document(document: object, file: str, rules: RuleSet) -> tuple[Scenario, ...]:
    if isinstance(document, LineDict):
        for key, line, first in document.duplicates:
            raise ScenarioFileError(_duplicate_detail(key, first), file=file, line=line,
                                    key=str(key))
        for key in document:
            if key != "scenarios":
                raise ScenarioFileError(
                    f"unknown top-level key {key!r}: a scenario file is a list of scenarios or "
                    "a mapping with the single key 'scenarios'",
                    file=file, line=document.key_lines.get(key), key=str(key))
        if "scenarios" not in document:
            raise ScenarioFileError("missing top-level key 'scenarios'", file=file,
                                    line=document.line, key="scenarios")
        items = document["scenarios"]
        if not isinstance(items, LineList):
            raise ScenarioFileError(f"expected a list of scenarios, got {items!r}", file=file,
                                    line=document.key_lines.get("scenarios"), key="scenarios")
    elif isinstance(document, LineList):
        items = document
    elif document is None:
        raise ScenarioFileError("the file holds no scenarios", file=file)
    else:
        raise ScenarioFileError(
            f"expected a list of scenarios or a mapping with key 'scenarios', got {document!r}",
            file=file, line=1)
    if not items:
        raise ScenarioFileError("the file holds no scenarios", file=file, line=items.line)

    scenarios: list[Scenario] = []
    first_line: dict[str, int] = {}
    for index, (raw, line) in enumerate(zip(items, items.item_lines, strict=True), start=1):
        if not isinstance(raw, LineDict):
            raise ScenarioFileError(
                f"scenario #{index} is not a mapping of keys (id, kind, ...): {raw!r}",
                file=file, line=line)
        scenario = _read_scenario(raw, file, rules)
        if scenario.id in first_line:
            raise ScenarioFileError(
                f"duplicate id {scenario.id!r} (first used on line {first_line[scenario.id]})",
                file=file, line=raw.key_lines.get("id", raw.line), scenario_id=scenario.id,
                key="id")
        first_line[scenario.id] = raw.line
        scenarios.append(scenario)
    return tuple(scenarios)


# ------------------------------------------------------------------------- public API
def load_text(text: str, file: str = "<string>", *,
              rules: RuleSet | str | Mapping[str, object] | None = None
              ) -> tuple[Scenario, ...]:
    """Read the scenarios of a YAML text in the SCENARIOS.md format.

    Args:
        text: the YAML source.
        file: the name used in error messages and stored on each scenario.
        rules: the rules of the scenarios that set no ``rules`` key (or ``rules: null``):
            a RuleSet, a preset name or a mapping of options over ``classic`` (R7);
            default ``classic``.

    Returns:
        The scenarios in file order: :class:`~.model.TrickScenario`,
        :class:`~.model.PlayScenario`, :class:`~.model.BidScenario`,
        :class:`~.model.AnnounceScenario`, :class:`~.model.CompareScenario`,
        :class:`~.model.ScoreScenario` or :class:`~.model.SolveScenario` (a kind
        without a model would give a validated :class:`~.model.UnsupportedScenario`),
        and for the course kinds :class:`~.model.DealScenario` or
        :class:`~.model.GameScenario`.

    Raises:
        ScenarioFileError: YAML syntax error (with its line); not a list of scenarios;
            a missing, unknown or ill-typed key (:data:`~.model.KIND_KEYS`); an id not
            matching ``[a-z0-9-]+`` or used twice; an unknown kind; a ``prompt`` language
            other than ``en``/``fr``; an unknown suit, seat, team, bid, outcome or
            announcement; an unknown or duplicate card; a card in two places at once
            (hand and trick, hand and turned card, two hands of ``solve``); a wrong number
            of cards (trick: 4; play: trick 0–3, hand 1–8; bid: hand 5; announce: hand 8;
            solve: trick 0–3, hands that do not fit the trick); ``legal``/``best`` cards
            not in the hand, ``values`` cards not in the hand of the seat to play;
            numbers out of range (``winner`` 1–4, ``round`` 1–2, card points not adding up
            to 162, tricks not adding up to 8); a bidding history that cannot occur; an
            announcement whose points do not match its type and top (R4.1, R4.2);
            equal sequences of ``score`` to compare without its ``trump`` (R4.5); invalid
            ``rules`` (R7) or ``rule`` (R3); a ``deal`` whose keys do not fit its
            ``question`` (``cut`` 0–32 and ``valid`` for ``cut`` only, ``taker`` for
            ``leader`` only, ``answer`` for the others); a ``game`` whose ``target`` is not
            1000, 501 or 2000 or disagrees with its ``rules``, or whose ``before`` totals
            had already ended the game (R6.8). Nothing is returned on error.
        InvalidRuleSetError: the ``rules`` argument names an unknown preset, option or
            value.
    """
    default = RuleSet.from_spec(rules)
    return _read_document(_parse_yaml(text, file), file, default)


def load_file(path: str | os.PathLike[str], *,
              rules: RuleSet | str | Mapping[str, object] | None = None
              ) -> tuple[Scenario, ...]:
    """Read a scenario file (UTF-8 YAML, SCENARIOS.md format); see :func:`load_text`.

    The path is kept as given (``os.fspath``) in error messages and on each scenario.

    Raises:
        ScenarioFileError: the file cannot be read or decoded, or is malformed.
        InvalidRuleSetError: the ``rules`` argument is invalid (checked first).
    """
    default = RuleSet.from_spec(rules)
    file = os.fspath(path)
    return load_text(_read(file, Path(file).read_text), file, rules=default)


def load_bank(bank: str | os.PathLike[str], *,
              rules: RuleSet | str | Mapping[str, object] | None = None
              ) -> tuple[Scenario, ...]:
    """Read a scenario bank: one of the course's by its name (``"03-play-a-trick"``), or a
    file of one's own by its path (:func:`~belote_teach.course.banks.find_bank`); see
    :func:`load_text`. Messages and scenarios name the file where it was found.

    Raises:
        UnknownBankError: no bank has that name and no file that path (a
            ``ScenarioFileError``; the message lists the banks).
        ScenarioFileError: the file cannot be read or decoded, or is malformed.
        InvalidRuleSetError: the ``rules`` argument is invalid (checked first).
    """
    default = RuleSet.from_spec(rules)
    found = find_bank(bank)
    return load_text(_read(found.file, found.read_text), found.file, rules=default)


def _read(file: str, read: Callable[..., str]) -> str:
    """``read(encoding="utf-8")``, the text of ``file``.

    Raises:
        ScenarioFileError: the file cannot be read or is not UTF-8 (naming ``file``).
    """
    try:
        return read(encoding="utf-8")
    except OSError as err:
        raise ScenarioFileError(f"cannot read the file: {err.strerror or err}",
                                file=file) from None
    except UnicodeDecodeError as err:
        raise ScenarioFileError(f"not UTF-8 text: {err}", file=file) from None
