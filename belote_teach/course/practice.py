"""Curated practice deals: whole deals the learner plays as South, with computer
partner and opponents and the coach commenting, each with a title, a learning goal, the
technique it teaches and its key moment.

The course's deals are the practice deals ``"practice"`` (``data/deals/practice.yaml`` in
the package, :mod:`belote_teach.course.banks`; its header describes the format). A
deal is a seed (``Deal.new(dealer, rng=seed, rules)``) or a transcript file
(:mod:`belote_teach.engine.transcript`) taken back to its start. Each records the moment where
the learner meets the situation it teaches (``moment: {trick: 2}``, so the app can point
at it) and what then holds for South when ``club`` players play all four seats: the R3
rule fixing South's legal cards, the club player's reason (a
:class:`~belote_teach.players.base.Technique`), the trick's winner, and how the deal ends.
:func:`check_practice_deal` replays a deal that way and lists every disagreement, so the
curation stays true when the engine or the players change.

    >>> deals = load_practice_deals()
    >>> len(deals) >= 12
    True
    >>> draw = next(d for d in deals if d.id == "draw-trumps-as-taker")
    >>> draw.technique, draw.tip, draw.moment.trick
    (<Technique.DRAW_TRUMPS: 'draw_trumps'>, 2, 1)
    >>> draw.title("fr")
    'Preneur, fais tomber les atouts'
    >>> deal = draw.new_deal()
    >>> deal.phase.name, deal.dealer, deal.seed
    ('BIDDING_1', <Seat.WEST: 'W'>, 113)
    >>> check_practice_deal(draw)
    ()

A malformed file raises :class:`~belote_teach.course.errors.PracticeFileError`, naming
the file, the line, the deal and the key::

    >>> parse_practice_deals("- {id: x, dealer: W, seed: 1}", file="bad.yaml")
    Traceback (most recent call last):
    ...
    belote_teach.course.errors.PracticeFileError: bad.yaml:1: deal 'x', key 'technique': missing
"""

from __future__ import annotations

import enum
import os
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from belote_teach.course.banks import find_deals
from belote_teach.course.errors import PracticeFileError
from belote_teach.course.scenarios.load import ID_PATTERN
from belote_teach.course.yaml_lines import LineDict, YamlDocument, duplicates, read_yaml
from belote_teach.engine.bidding import PASS
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import BeloteError
from belote_teach.engine.rules import CLASSIC, Rule, RuleSet
from belote_teach.engine.transcript import read_transcript
from belote_teach.explain import LANGUAGES
from belote_teach.players import Technique, make_player, play_deal

__all__ = [
    "LEARNER",
    "OUTCOMES",
    "RULE_IDS",
    "Expected",
    "Moment",
    "PracticeDeal",
    "Redeal",
    "check_practice_deal",
    "load_practice_deals",
    "parse_practice_deals",
    "parse_technique",
]

#: The seat the learner plays in every practice deal.
LEARNER = Seat.SOUTH
#: How a deal may end: the R6 outcomes (:class:`~belote_teach.engine.scoring.Outcome` values) and
#: ``passed_out`` (R2.6).
OUTCOMES: tuple[str, ...] = ("made", "dedans", "litige", "capot", "passed_out")

#: The numbered items of each RULES.md section (R9: the rules page's tips, ``R9.1`` to
#: ``R9.7``); R7 (presets) and R8 (vocabulary) have none.
_RULE_ITEMS: dict[int, range] = {
    1: range(1, 7), 2: range(1, 10), 3: range(0, 9), 4: range(1, 7), 5: range(1, 4),
    6: range(1, 9), 7: range(0), 8: range(0), 9: range(1, 8)}
#: Every RULES.md ID a deal may name as its ``technique``: sections (``R4``) and items
#: (``R6.6``, ``R9.2`` for tip 2).
RULE_IDS: frozenset[str] = frozenset(
    {f"R{section}" for section in _RULE_ITEMS}
    | {f"R{section}.{item}" for section, items in _RULE_ITEMS.items() for item in items})

_DEAL_KEYS = ("id", "dealer", "seed", "transcript", "rules", "technique", "title", "goal",
              "moment", "expect", "redeal")
_REQUIRED_KEYS = ("id", "technique", "title", "goal", "moment", "expect")
_MOMENT_KEYS = ("trick", "bidding", "rule", "reason", "winner", "announce", "belote")
_EXPECT_KEYS = ("outcome", "taker", "last_trick", "belote", "announcements")
_REDEAL_KEYS = ("seed", "moment", "expect")
_PASSED_OUT = "passed_out"


# ------------------------------------------------------------------------------ values
@dataclass(frozen=True)
class Moment:
    """The key moment of a practice deal, and what holds for South there when club players
    play all four seats.

    Exactly one of ``trick`` and ``bidding`` is set. The other attributes are ``None``
    when the file does not state them.

    Attributes:
        trick: South's card in trick ``trick`` (1 to 8).
        bidding: South's bid in round ``bidding`` (1 or 2, R2.4, R2.5).
        rule: the R3 rule that fixes South's legal cards (trick moments only).
        reason: the club player's reason for South's card or bid.
        winner: who wins that trick (R1.5; trick moments only).
        announce: whether South declares announcements with that card (R4.4; trick 1).
        belote: whether South says belote or rebelote with that card (R5).
    """

    trick: int | None = None
    bidding: int | None = None
    rule: Rule | None = None
    reason: Technique | None = None
    winner: Seat | None = None
    announce: bool | None = None
    belote: bool | None = None


@dataclass(frozen=True)
class Expected:
    """How a practice deal ends when club players play all four seats.

    Attributes:
        outcome: one of :data:`OUTCOMES` (R6.2–R6.6, or ``passed_out``, R2.6).
        taker: the taker; ``None`` exactly when the deal is passed out.
        last_trick: who wins the last trick, the dix de der (R1.4), if stated.
        belote: who says belote-rebelote (R5), if stated.
        announcements: the team whose announcements are the best (R4.5, before any capot
            transfer, R6.5), if stated.
    """

    outcome: str
    taker: Seat | None = None
    last_trick: Seat | None = None
    belote: Seat | None = None
    announcements: Team | None = None


@dataclass(frozen=True)
class Redeal:
    """The deal that follows a passed-out practice deal (R2.6): dealt by the next dealer
    with the same rules from ``seed``, with its own key moment and ending."""

    seed: int
    moment: Moment
    expect: Expected


@dataclass(frozen=True)
class PracticeDeal:
    """One curated practice deal. Built by :func:`load_practice_deals`.

    Attributes:
        id: a unique name, ``[a-z0-9-]+``.
        dealer: the dealer (R2.1).
        technique: what the deal teaches: a :class:`~belote_teach.players.base.Technique`,
            an R3 :class:`~belote_teach.engine.rules.Rule`, or a RULES.md ID of
            :data:`RULE_IDS` (``"R6.6"``).
        titles: the title per language (``"en"``, ``"fr"``); see :meth:`title`.
        goals: the learning goal per language; see :meth:`goal`.
        moment: the key moment (:class:`Moment`).
        expect: how the deal ends with club players (:class:`Expected`).
        seed: the shuffle's seed, or ``None`` for a transcript deal.
        transcript: the transcript file's path, or ``None`` for a seeded deal.
        rules: the rules of the table (R7), ``classic`` unless the file says otherwise.
        redeal: the next deal after a pass-out (:class:`Redeal`), or ``None``.
        file: the file the deal was read from, if any (not compared).
    """

    id: str
    dealer: Seat
    technique: Technique | Rule | str
    titles: Mapping[str, str] = field(hash=False)
    goals: Mapping[str, str] = field(hash=False)
    moment: Moment
    expect: Expected
    seed: int | None = None
    transcript: str | None = None
    rules: RuleSet = CLASSIC
    redeal: Redeal | None = None
    file: str | None = field(default=None, compare=False)

    def new_deal(self) -> Deal:
        """The deal at its start, in phase ``BIDDING_1`` (R2.4): ``Deal.new(dealer,
        rng=seed, rules)``, or the transcript's deal with every action taken back.

        Raises:
            PracticeFileError: the transcript file can no longer be read or replayed.
        """
        if self.seed is not None:
            return Deal.new(self.dealer, rng=self.seed, rules=self.rules)
        assert self.transcript is not None
        try:
            deal = read_transcript(self.transcript)
        except (OSError, BeloteError) as err:
            raise PracticeFileError(f"cannot replay the transcript {self.transcript}: {err}",
                                    file=self.file or self.transcript, deal_id=self.id,
                                    key="transcript") from None
        while deal.actions:
            deal.pop()
        return deal

    def new_redeal(self) -> Deal | None:
        """The deal that follows this passed-out deal, at its start: dealt from the redeal
        seed by the next dealer (R2.9; the same dealer with the option ``redeal:
        same_dealer``, R2.6) with the same rules; ``None`` when the deal has no redeal."""
        if self.redeal is None:
            return None
        return Deal.new(_dealer_after_pass_out(self.new_deal()), rng=self.redeal.seed,
                        rules=self.rules)

    def title(self, lang: str) -> str:
        """The title in ``lang`` (``"en"`` or ``"fr"``).

        Raises:
            ValueError: unknown language.
        """
        return self.titles[_language(lang)]

    def goal(self, lang: str) -> str:
        """The learning goal in ``lang`` (``"en"`` or ``"fr"``): one or two sentences.

        Raises:
            ValueError: unknown language.
        """
        return self.goals[_language(lang)]

    @property
    def tip(self) -> int | None:
        """The RULES.md R9 tip the deal teaches, or ``None``."""
        if isinstance(self.technique, Technique):
            return self.technique.tip
        if isinstance(self.technique, str) and self.technique.startswith("R9."):
            return int(self.technique[3:])
        return None

    @property
    def rule_id(self) -> str | None:
        """The RULES.md ID of what the deal teaches (``"R3.6"``, ``"R9.2"``, ``"R6.6"``), or
        ``None`` for a club technique without a tip."""
        if isinstance(self.technique, Rule):
            return self.technique.rule_id
        if isinstance(self.technique, Technique):
            tip = self.technique.tip
            return None if tip is None else f"R9.{tip}"
        return self.technique


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return lang


def _dealer_after_pass_out(deal: Deal) -> Seat:
    """Who deals after ``deal`` (at its start) is passed out, as the engine says (R2.6)."""
    while deal.phase.is_bidding:
        deal.bid(PASS)
    return deal.next_dealer


def parse_technique(text: str) -> Technique | Rule | str:
    """Read what a deal teaches: a Technique value or name (``draw_trumps``), an R3 rule
    name or ID (``MUST_UNDERTRUMP``, ``R3.6``), or another RULES.md ID of :data:`RULE_IDS`
    (``R6.6``; ``R9.2`` for tip 2), returned upper-case.

    Raises:
        ValueError: none of those; the message quotes ``text``.
    """
    key = str(text).strip()
    for technique in Technique:
        if key in (technique.value, technique.name):
            return technique
    try:
        return Rule.parse(key)
    except ValueError:
        pass
    if key.upper() in RULE_IDS:
        return key.upper()
    raise ValueError(f"unknown technique {text!r}: expected a Technique value "
                     "(draw_trumps, ...), an R3 rule (MUST_UNDERTRUMP or R3.6) or a "
                     "RULES.md ID (R6.6, R9.2, ...)")


# ------------------------------------------------------------------------------ loading
class _Entry:
    """Reads one deal entry, raising :class:`PracticeFileError` with its location."""

    def __init__(self, file: str, document: YamlDocument, path: tuple[Any, ...],
                 deal_id: str | None):
        self.file, self.document, self.path, self.deal_id = file, document, path, deal_id

    def error(self, detail: str, key: str | None = None) -> PracticeFileError:
        keys = tuple(key.split(".")) if key else ()
        return PracticeFileError(detail, file=self.file,
                                 line=self.document.line_of(self.path + keys),
                                 deal_id=self.deal_id, key=key)

    def mapping(self, value: object, key: str | None, allowed: tuple[str, ...],
                required: tuple[str, ...] = ()) -> dict[str, Any]:
        what = f"the value of {key!r}" if key else "a deal"
        if not isinstance(value, dict):
            raise self.error(f"{what} must be a mapping, got {value!r}", key)
        for name in value:
            if name not in allowed:
                raise self.error(f"unknown key (expected one of {', '.join(allowed)})",
                                 f"{key}.{name}" if key else str(name))
        for name in required:
            if value.get(name) is None:
                raise self.error("missing", f"{key}.{name}" if key else name)
        return value

    def integer(self, value: object, key: str, low: int, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (
                high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise self.error(f"expected a whole number {bound}, got {value!r}", key)
        return value

    def seat(self, value: object, key: str) -> Seat:
        if not isinstance(value, str):
            raise self.error(f"expected a seat N, E, S or W, got {value!r}", key)
        try:
            return Seat.parse(value)
        except BeloteError as err:
            raise self.error(str(err), key) from None

    def flag(self, value: object, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, got {value!r}", key)
        return value

    def texts(self, value: object, key: str) -> Mapping[str, str]:
        texts = self.mapping(value, key, LANGUAGES, LANGUAGES)
        for lang in LANGUAGES:
            text = texts[lang]
            if not isinstance(text, str) or not text.strip():
                raise self.error(f"expected a non-empty text, got {text!r}", f"{key}.{lang}")
        return MappingProxyType({lang: texts[lang].strip() for lang in LANGUAGES})

    def moment(self, value: object, key: str) -> Moment:
        data = self.mapping(value, key, _MOMENT_KEYS)
        given = [name for name in ("trick", "bidding") if data.get(name) is not None]
        if len(given) != 1:
            raise self.error("give exactly one of 'trick' (1 to 8) and 'bidding' (1 or 2)",
                             key)
        trick = bidding = None
        if given == ["trick"]:
            trick = self.integer(data["trick"], f"{key}.trick", 1, 8)
        else:
            bidding = self.integer(data["bidding"], f"{key}.bidding", 1, 2)
            for name in ("rule", "winner", "announce", "belote"):
                if data.get(name) is not None:
                    raise self.error("only for a trick moment, not a bidding one",
                                     f"{key}.{name}")
        rule = reason = winner = announce = belote = None
        if data.get("rule") is not None:
            try:
                rule = Rule.parse(data["rule"])
            except ValueError as err:
                raise self.error(str(err), f"{key}.rule") from None
        if data.get("reason") is not None:
            reason = self.technique_member(data["reason"], f"{key}.reason")
        if data.get("winner") is not None:
            winner = self.seat(data["winner"], f"{key}.winner")
        if data.get("announce") is not None:
            announce = self.flag(data["announce"], f"{key}.announce")
            if trick != 1:
                raise self.error("announcements are declared in trick 1 only (R4.4)",
                                 f"{key}.announce")
        if data.get("belote") is not None:
            belote = self.flag(data["belote"], f"{key}.belote")
        return Moment(trick=trick, bidding=bidding, rule=rule, reason=reason, winner=winner,
                      announce=announce, belote=belote)

    def technique_member(self, value: object, key: str) -> Technique:
        for technique in Technique:
            if value in (technique.value, technique.name):
                return technique
        raise self.error(f"unknown Technique {value!r}: expected one of "
                         f"{', '.join(t.value for t in Technique)}", key)

    def expect(self, value: object, key: str) -> Expected:
        data = self.mapping(value, key, _EXPECT_KEYS, ("outcome",))
        outcome = data["outcome"]
        if outcome not in OUTCOMES:
            raise self.error(f"unknown outcome {outcome!r}: expected one of "
                             f"{', '.join(OUTCOMES)}", f"{key}.outcome")
        seats = {name: self.seat(data[name], f"{key}.{name}")
                 for name in ("taker", "last_trick", "belote") if data.get(name) is not None}
        team = None
        if data.get("announcements") is not None:
            team_text = data["announcements"]
            if team_text not in [t.value for t in Team]:
                raise self.error(f"expected a team NS or EW, got {team_text!r}",
                                 f"{key}.announcements")
            team = Team(team_text)
        if outcome == _PASSED_OUT:
            for name in ("taker", "last_trick", "belote", "announcements"):
                if data.get(name) is not None:
                    raise self.error("a passed-out deal has none (R2.6)", f"{key}.{name}")
        elif "taker" not in seats:
            raise self.error(f"missing: a deal that ends {outcome} has a taker",
                             f"{key}.taker")
        return Expected(outcome=outcome, taker=seats.get("taker"),
                        last_trick=seats.get("last_trick"), belote=seats.get("belote"),
                        announcements=team)

    def moment_fits(self, moment: Moment, expect: Expected, key: str) -> None:
        if expect.outcome == _PASSED_OUT and moment.trick is not None:
            raise self.error("a passed-out deal has no trick: use 'bidding'", f"{key}.trick")


def _technique(entry: _Entry, value: object) -> Technique | Rule | str:
    if not isinstance(value, str):
        raise entry.error(f"expected a technique name, got {value!r}", "technique")
    try:
        return parse_technique(value)
    except ValueError as err:
        raise entry.error(str(err), "technique") from None


def _read_entry(raw: object, file: str, base: Path, document: YamlDocument,
                path: tuple[Any, ...]) -> PracticeDeal:
    deal_id = raw.get("id") if isinstance(raw, dict) else None
    entry = _Entry(file, document, path, deal_id if isinstance(deal_id, str) else None)
    data = entry.mapping(raw, None, _DEAL_KEYS, _REQUIRED_KEYS)
    for found in duplicates(raw):                        # this deal or a mapping inside it
        key = ".".join(str(k) for k in (*found.path, found.key))
        raise PracticeFileError("key written twice", file=file, line=found.line,
                                deal_id=entry.deal_id, key=key)
    if not isinstance(deal_id, str) or not ID_PATTERN.fullmatch(deal_id):
        raise entry.error(f"an id is made of a-z, 0-9 and '-', got {deal_id!r}", "id")
    rules = CLASSIC
    if data.get("rules") is not None:
        try:
            rules = RuleSet.from_spec(data["rules"])
        except BeloteError as err:
            raise entry.error(str(err), "rules") from None
    sources = [name for name in ("seed", "transcript") if data.get(name) is not None]
    if len(sources) != 1:
        raise entry.error("give exactly one of 'seed' (with 'dealer') and 'transcript'",
                          "seed")
    dealer = None if data.get("dealer") is None else entry.seat(data["dealer"], "dealer")
    seed = transcript = None
    if sources == ["seed"]:
        seed = entry.integer(data["seed"], "seed", 0)
        if dealer is None:
            raise entry.error("missing: a seeded deal names its dealer", "dealer")
    else:
        transcript, dealer, rules = _read_transcript(entry, data, base, dealer, rules)
    moment = entry.moment(data["moment"], "moment")
    expect = entry.expect(data["expect"], "expect")
    entry.moment_fits(moment, expect, "moment")
    redeal = None
    if data.get("redeal") is not None:
        if expect.outcome != _PASSED_OUT:
            raise entry.error("only a passed-out deal is redealt (R2.6)", "redeal")
        spec = entry.mapping(data["redeal"], "redeal", _REDEAL_KEYS, _REDEAL_KEYS)
        redeal_moment = entry.moment(spec["moment"], "redeal.moment")
        redeal_expect = entry.expect(spec["expect"], "redeal.expect")
        entry.moment_fits(redeal_moment, redeal_expect, "redeal.moment")
        redeal = Redeal(entry.integer(spec["seed"], "redeal.seed", 0), redeal_moment,
                        redeal_expect)
    assert dealer is not None
    return PracticeDeal(
        id=deal_id, dealer=dealer, technique=_technique(entry, data["technique"]),
        titles=entry.texts(data["title"], "title"), goals=entry.texts(data["goal"], "goal"),
        moment=moment, expect=expect, seed=seed, transcript=transcript, rules=rules,
        redeal=redeal, file=file)


def _read_transcript(entry: _Entry, data: dict[str, Any], base: Path, dealer: Seat | None,
                     rules: RuleSet) -> tuple[str, Seat, RuleSet]:
    name = data["transcript"]
    if not isinstance(name, str) or not name.strip():
        raise entry.error(f"expected a file name, got {name!r}", "transcript")
    where = base / name
    try:
        deal = read_transcript(os.fspath(where))
    except (OSError, BeloteError) as err:
        raise entry.error(f"cannot replay {os.fspath(where)}: {err}", "transcript") from None
    if dealer is not None and dealer is not deal.dealer:
        raise entry.error(f"the transcript's dealer is {deal.dealer}, not {dealer}", "dealer")
    if data.get("rules") is not None and rules != deal.rules:
        raise entry.error(f"the transcript's rules are {deal.rules}, not {rules}", "rules")
    return os.fspath(where), deal.dealer, deal.rules


def parse_practice_deals(text: str, *, file: str = "<practice>",
                         base: str | os.PathLike[str] | None = None
                         ) -> tuple[PracticeDeal, ...]:
    """Read practice deals from YAML text (the format of the course's ``practice.yaml``):
    a list of deals, or a mapping whose only key ``deals`` holds it.

    Args:
        text: the YAML source, read as PyYAML's safe loader reads it, with its lines
            (:func:`~belote_teach.course.yaml_lines.read_yaml`).
        file: the name used in error messages and stored on each deal.
        base: the folder ``transcript`` files are relative to (default: the current one).

    Returns:
        The deals in file order.

    Raises:
        PracticeFileError: YAML syntax error; no deals; a missing, unknown or ill-typed
            key; an id not matching ``[a-z0-9-]+`` or used twice; a key written twice;
            both or neither of ``seed`` and ``transcript``; an unknown seat, team, rule,
            Technique, outcome or technique; a title or goal without both ``en`` and
            ``fr``; a moment with both or neither of ``trick`` (1–8) and ``bidding`` (1–2);
            ``announce`` outside trick 1; a taker missing for a scored outcome or given for
            ``passed_out``; ``redeal`` on a deal that is not passed out; bad ``rules``
            (R7); a transcript that cannot be replayed. Nothing is returned on error.
    """
    try:
        document = read_yaml(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise PracticeFileError(f"not valid YAML: {err}", file=file,
                                line=None if mark is None else mark.line + 1) from None
    root = document.root
    items: object = root
    prefix: tuple[Any, ...] = ()
    if isinstance(root, dict):
        if set(root) != {"deals"}:
            raise PracticeFileError("a practice file is a list of deals, or a mapping with "
                                    "the single key 'deals'", file=file, line=1)
        items, prefix = root["deals"], ("deals",)
    if not isinstance(items, list) or not items:
        raise PracticeFileError("expected a non-empty list of deals", file=file,
                                line=document.line_of(prefix))
    if isinstance(root, LineDict) and root.duplicates:
        name, line, _ = root.duplicates[0]
        raise PracticeFileError("key written twice", file=file, line=line, key=name)
    folder = Path(base) if base is not None else Path()
    deals: list[PracticeDeal] = []
    seen: dict[str, int | None] = {}
    for index, raw in enumerate(items):
        path = (*prefix, index)
        deal = _read_entry(raw, file, folder, document, path)
        if deal.id in seen:
            raise PracticeFileError(f"id used twice (first at line {seen[deal.id]})",
                                    file=file, line=document.line_of((*path, "id")),
                                    deal_id=deal.id, key="id")
        seen[deal.id] = document.line_of((*path, "id"))
        deals.append(deal)
    return tuple(deals)


def load_practice_deals(deals: str | os.PathLike[str] | None = None
                        ) -> tuple[PracticeDeal, ...]:
    """Read practice deals (UTF-8 YAML); see :func:`parse_practice_deals`.

    Args:
        deals: the course's by name (``"practice"``, the default) or a file of one's own
            by its path (:func:`~belote_teach.course.banks.find_deals`). Transcripts are
            read from the file's folder; messages name the file where it was found.

    Raises:
        PracticeFileError: the file cannot be read or decoded, or is malformed;
            :class:`~belote_teach.course.errors.UnknownDealsError` when no practice deals
            have that name and no file that path (the message lists the names).
    """
    found = find_deals(deals)
    file = found.file
    try:
        text = found.read_text()
    except OSError as err:
        raise PracticeFileError(f"cannot read the file: {err.strerror or err}",
                                file=file) from None
    except UnicodeDecodeError as err:
        raise PracticeFileError(f"not UTF-8 text: {err}", file=file) from None
    # transcripts are files the engine opens by path: the course's own folder is one on
    # every install the course runs from (a wheel unpacked, Pyodide's site-packages)
    return parse_practice_deals(text, file=file, base=str(found.folder))


# ------------------------------------------------------------------------------ checking
def _outcome(deal: Deal) -> str:
    if deal.phase is Phase.PASSED_OUT:
        return _PASSED_OUT
    assert deal.score is not None
    return deal.score.outcome.value


def _shown(value: object) -> str:
    """A seat or team by its letters (``N``, ``EW``), another enum member by its name."""
    if isinstance(value, enum.Enum) and not isinstance(value, Seat | Team):
        return value.name
    return str(value)


def _differs(what: str, expected: object, actual: object) -> list[str]:
    if expected is None or expected == actual:
        return []
    return [f"{what}: expected {_shown(expected)}, got {_shown(actual)}"]


def _check_one(start: Deal, moment: Moment, expect: Expected, level: str,
               label: str) -> list[str]:
    """Play ``start`` with ``level`` players in all four seats (the driver
    :func:`~belote_teach.players.base.play_deal`), then walk its actions again to read
    South's position at the moment."""
    played = start.copy()
    turns = play_deal(played, {seat: make_player(level) for seat in Seat}, random.Random(0))
    decisions = [turn for turn in turns if turn.kind != "announce"]
    replay = start.copy()
    problems: list[str] = []
    reached = False
    for turn, action in zip(decisions, played.actions, strict=True):
        if turn.seat is LEARNER and turn.kind == "bid":
            round_ = 1 if replay.phase is Phase.BIDDING_1 else 2
            if moment.bidding == round_:
                reached = True
                problems += _differs(f"{label}South's bid in round {round_}: reason",
                                     moment.reason, turn.decision.reason)
        elif turn.seat is LEARNER and moment.trick == len(replay.tricks) + 1:
            reached = True
            where = f"{label}South's card in trick {moment.trick}"
            problems += _differs(f"{where}: rule", moment.rule, replay.legal_plays.rule)
            problems += _differs(f"{where}: reason", moment.reason, turn.decision.reason)
            problems += _differs(f"{where}: announcements declared", moment.announce,
                                 bool(action.announce))
            problems += _differs(f"{where}: belote said", moment.belote, action.belote)
        replay.push(action)
    if not reached:
        at = f"trick {moment.trick}" if moment.trick else f"bidding round {moment.bidding}"
        problems.append(f"{label}South never acts at {at}")
    winners = played.trick_winners
    if moment.trick is not None and moment.winner is not None and len(winners) >= moment.trick:
        problems += _differs(f"{label}winner of trick {moment.trick}", moment.winner,
                             winners[moment.trick - 1])
    problems += _differs(f"{label}outcome", expect.outcome, _outcome(played))
    problems += _differs(f"{label}taker", expect.taker or (
        "nobody" if expect.outcome == _PASSED_OUT else None), played.taker or "nobody")
    if winners:
        problems += _differs(f"{label}last trick won by", expect.last_trick, winners[-1])
    calls = played.belote_calls
    problems += _differs(f"{label}belote said by", expect.belote,
                         calls[0].seat if calls else "nobody")
    if played.score is not None:
        problems += _differs(f"{label}best announcements", expect.announcements,
                             played.score.announcement_winner or "nobody")
    return problems


def check_practice_deal(practice: PracticeDeal, *, level: str = "club") -> tuple[str, ...]:
    """Replay ``practice`` with ``level`` players in all four seats (South included) and
    list every way it disagrees with its recorded :class:`Moment` and :class:`Expected`
    ending (and those of its :class:`Redeal`).

    Moments are recorded for level ``club``, which is deterministic; another level is
    replayed with ``random.Random(0)`` and will usually disagree.

    Args:
        practice: the deal to check.
        level: the computer players' level (``"club"``).

    Returns:
        One sentence per disagreement (for developers, not learners); empty when the
        deal plays out as recorded.

    Raises:
        ValueError: unknown level.
        PracticeFileError: a transcript deal whose file can no longer be replayed.
    """
    problems = _check_one(practice.new_deal(), practice.moment, practice.expect, level, "")
    redeal = practice.new_redeal()
    if redeal is not None and practice.redeal is not None:
        problems += _check_one(redeal, practice.redeal.moment, practice.redeal.expect, level,
                               "redeal: ")
    return tuple(problems)
