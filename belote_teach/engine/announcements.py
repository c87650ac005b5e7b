"""Announcements (annonces, RULES.md R4) and belote-rebelote (R5): what a hand holds,
which team scores its announcements, which of two wins and by what (R4.5), whether a
declaration is true and, when it is not, why (:class:`AnnouncementFault`).

    >>> from belote_teach.engine.cards import Suit
    >>> hand = parse_cards(["8C", "9C", "10C", "AS", "QS", "KD", "JD", "7H"])
    >>> [str(a) for a in find_announcements(hand, Suit.HEARTS)]
    ['tierce to 10C (20)']
    >>> has_belote(["KH", "QH", "7S"], Suit.HEARTS)
    True
    >>> ns = [Announcement.of("tierce", "K", "H")]
    >>> ew = [Announcement.of("tierce", "K", "C")]
    >>> compare_announcements(ns, ew, Suit.SPADES)
    (None, 0)
    >>> stronger_announcement(Announcement.of("carre", "K"), Announcement.of("carre", "A"),
    ...                       Suit.SPADES)
    (Announcement.of('carre', 'A'), <Criterion.CARRE_ORDER: 'carre_order'>)
    >>> try:
    ...     Announcement.from_cards(["8S", "8H", "8D", "8C"])
    ... except FalseAnnouncementError as err:
    ...     print(err.reason, err.rule)
    AnnouncementFault.CARRE_NOT_COUNTED R4.2

Points are announcement points, added to a team's total (R6.1). The tables below are
module-level constants, so the lessons and the engine cannot disagree.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from belote_teach.engine.cards import SEQUENCE_ORDER, Card, Rank, Suit, Team, parse_cards
from belote_teach.engine.errors import FalseAnnouncementError, InvalidCardError

__all__ = [
    "BELOTE_POINTS",
    "CARRE_ORDER",
    "CARRE_POINTS",
    "SEQUENCE_LENGTH",
    "SEQUENCE_POINTS",
    "Announcement",
    "AnnouncementFault",
    "AnnouncementType",
    "Criterion",
    "announcement_key",
    "beats_every",
    "belote_cards",
    "best_announcement",
    "compare_announcements",
    "find_announcements",
    "has_belote",
    "may_say_belote",
    "outranks",
    "possible_announcements",
    "stronger_announcement",
    "validate_declaration",
]


class AnnouncementFault(enum.Enum):
    """Why the engine refuses an announcement, named after the rule it breaks (RULES.md
    R4.1-R4.3, R1.6): :attr:`FalseAnnouncementError.reason
    <belote_teach.engine.errors.FalseAnnouncementError>`. The value is a stable identifier."""

    # cards that make no announcement (R4.1, R4.2)
    TOO_SHORT = "too_short"                  # fewer than 3 cards, and not a carré (R4.1)
    MIXED_SUITS = "mixed_suits"              # several suits, not four of a rank (R4.1, R4.2)
    NOT_IN_SEQUENCE = "not_in_sequence"      # one suit, not in a row: no wrap-around (R1.6)
    CARRE_NOT_COUNTED = "carre_not_counted"  # four 8s or four 7s are worth nothing (R4.2)
    # an announcement whose parts disagree (R4.1, R4.2, R1.6)
    UNKNOWN_TYPE = "unknown_type"            # not tierce, cinquante, cent or carré
    UNREADABLE = "unreadable"                # a rank, suit or card that cannot be read
    CARRE_WITH_SUIT = "carre_with_suit"      # a carré is four suits (R4.2)
    SEQUENCE_WITHOUT_SUIT = "sequence_without_suit"  # a sequence is in one suit (R4.1)
    TOP_TOO_LOW = "top_too_low"              # no run of that length ends there (R1.6)
    WRONG_CARDS = "wrong_cards"              # the cards are not that combination
    WRONG_POINTS = "wrong_points"            # not the points of the tables (R4.1, R4.2)
    # a declaration (R4.1-R4.3)
    NOT_HELD = "not_held"                    # the hand lacks a card of it (R4.1, R4.2)
    CARD_TWICE = "card_twice"                # a card counts in one combination only (R4.3)
    RUN_SPLIT = "run_split"                  # an unbroken run is announced whole (R4.1)
    NOT_AN_ANNOUNCEMENT = "not_an_announcement"  # a value that is no Announcement at all


def _rule_of(kind: AnnouncementType) -> str:
    """The rule that defines ``kind``: R4.2 for a carré, R4.1 for a sequence."""
    return "R4.1" if kind.is_sequence else "R4.2"


class AnnouncementType(enum.Enum):
    """The kinds of announcement (R4.1, R4.2). The value is the word of scenario files
    (``carre`` without its accent)."""

    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE = "carre"

    @property
    def is_sequence(self) -> bool:
        """True for a tierce, a cinquante or a cent (a run in one suit, R4.1)."""
        return self is not AnnouncementType.CARRE

    @classmethod
    def parse(cls, text: str | AnnouncementType) -> AnnouncementType:
        """Read a type: ``tierce``, ``cinquante``, ``cent``, ``carre`` or ``carré``
        (case-insensitive).

        Raises:
            FalseAnnouncementError: no such type; the message quotes it.
        """
        if isinstance(text, AnnouncementType):
            return text
        key = str(text).strip().lower().replace("é", "e")
        try:
            return cls(key)
        except ValueError:
            raise FalseAnnouncementError(
                f"unknown announcement type {text!r}: expected one of "
                f"{', '.join(t.value for t in cls)}",
                reason=AnnouncementFault.UNKNOWN_TYPE) from None

    def __str__(self) -> str:
        return self.value


#: Points of each sequence (R4.1): tierce 20, quarte « cinquante » 50, quinte « cent » 100.
SEQUENCE_POINTS: dict[AnnouncementType, int] = {
    AnnouncementType.TIERCE: 20, AnnouncementType.CINQUANTE: 50, AnnouncementType.CENT: 100}
#: Number of cards of each sequence (R4.1): a cent holds 5 cards or more.
SEQUENCE_LENGTH: dict[AnnouncementType, int] = {
    AnnouncementType.TIERCE: 3, AnnouncementType.CINQUANTE: 4, AnnouncementType.CENT: 5}
#: Points of a carré by rank (R4.2); four 8s or four 7s are worth nothing and are absent.
CARRE_POINTS: dict[Rank, int] = {Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100,
                                 Rank.TEN: 100, Rank.KING: 100, Rank.QUEEN: 100}
#: The order of carrés, strongest first (R4.5): J > 9 > A > 10 > K > Q.
CARRE_ORDER: tuple[Rank, ...] = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING,
                                 Rank.QUEEN)
#: Points of belote-rebelote, the king and queen of trumps in one hand (R5.1).
BELOTE_POINTS = 20

_SEQ_INDEX = {rank: i for i, rank in enumerate(SEQUENCE_ORDER)}
_CARRE_STRENGTH = {rank: len(CARRE_ORDER) - i for i, rank in enumerate(CARRE_ORDER)}


def _type_of_run(length: int) -> AnnouncementType:
    """The announcement of an unbroken run of ``length`` cards (>= 3): a run of 5 or more
    is one cent (R4.1)."""
    if length >= 5:
        return AnnouncementType.CENT
    return AnnouncementType.CINQUANTE if length == 4 else AnnouncementType.TIERCE


@dataclass(frozen=True)
class Announcement:
    """One announcement (R4.1, R4.2): a sequence (tierce, cinquante, cent) or a carré.

    Equality and hashing use ``type``, ``top``, ``suit`` and ``points`` only, so an
    announcement found in a hand (with its cards) equals the same one written in a
    scenario file (without cards).

    Attributes:
        type: the :class:`AnnouncementType` (a string such as ``"tierce"`` or ``"carré"``
            is read into one).
        top: the highest rank of a sequence in R1.6 order (7 8 9 10 J Q K A), or the rank
            of a carré (a string such as ``"10"`` is read into a :class:`Rank`).
        suit: the suit of a sequence; ``None`` for a carré.
        points: what it is worth in announcement points (R4.1, R4.2).
        cards: the cards it uses; empty when unknown (scenario data).

    Raises:
        FalseAnnouncementError: the fields disagree: a carré with a suit or of 8s/7s, a
            sequence without a suit or ending too low (no wrap-around, R1.6), points other
            than the tables say, or cards that are not that combination. The message
            quotes the announcement.
    """

    type: AnnouncementType
    top: Rank
    suit: Suit | None
    points: int
    cards: frozenset[Card] = field(default=frozenset(), compare=False)

    def __post_init__(self) -> None:
        shown = (f"{{type: {self.type}, top: {self.top}, suit: {self.suit}, "
                 f"points: {self.points}}}")
        try:
            kind = AnnouncementType.parse(self.type)
            top = Rank.parse(str(self.top)) if not isinstance(self.top, Rank) else self.top
            suit = (None if self.suit is None else
                    self.suit if isinstance(self.suit, Suit) else Suit.parse(self.suit))
            cards = frozenset(Card.parse(c) for c in self.cards)
        except InvalidCardError as err:
            raise FalseAnnouncementError(f"invalid announcement {shown}: {err}",
                                         reason=AnnouncementFault.UNREADABLE) from None
        object.__setattr__(self, "type", kind)
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "cards", cards)
        rule = _rule_of(kind)

        def refuse(why: str, reason: AnnouncementFault, rule: str = rule) -> NoReturn:
            raise FalseAnnouncementError(f"invalid announcement {shown}: {why}",
                                         reason=reason, rule=rule,
                                         cards=tuple(_sorted(cards)))

        if isinstance(self.points, bool) or not isinstance(self.points, int):
            refuse("points must be a whole number", AnnouncementFault.WRONG_POINTS)
        if kind is AnnouncementType.CARRE:
            if suit is not None:
                refuse("a carré has no suit (R4.2)", AnnouncementFault.CARRE_WITH_SUIT)
            if top not in CARRE_POINTS:
                refuse(f"four {top}s are not announced (R4.2: only jacks, nines, aces, 10s, "
                       "kings or queens)", AnnouncementFault.CARRE_NOT_COUNTED)
            worth = CARRE_POINTS[top]
            if cards and cards != frozenset(Card(top, s) for s in Suit):
                refuse(f"its cards {_show(cards)} are not the four {top}s (R4.2)",
                       AnnouncementFault.WRONG_CARDS)
        else:
            if suit is None:
                refuse(f"a {kind} is a run in one suit (R4.1)",
                       AnnouncementFault.SEQUENCE_WITHOUT_SUIT)
            low = _SEQ_INDEX[top] - SEQUENCE_LENGTH[kind] + 1
            if low < 0:
                refuse(f"no {kind} ends at the {top} (7 8 9 10 J Q K A, no wrap-around, "
                       "R1.6)", AnnouncementFault.TOP_TOO_LOW, "R1.6")
            worth = SEQUENCE_POINTS[kind]
            if cards:
                indexes = sorted(_SEQ_INDEX[c.rank] for c in cards)
                run = (all(c.suit is suit for c in cards) and indexes[-1] == _SEQ_INDEX[top]
                       and indexes == list(range(indexes[0], indexes[-1] + 1)))
                if not run or _type_of_run(len(cards)) is not kind:
                    refuse(f"its cards {_show(cards)} are not a {kind} to the {top} of "
                           f"{suit} (R4.1)", AnnouncementFault.WRONG_CARDS)
        if self.points != worth:
            what = f"a carré of {top}s" if kind is AnnouncementType.CARRE else \
                f"a {kind} to the {top}"
            refuse(f"{what} is worth {worth} points ({rule})", AnnouncementFault.WRONG_POINTS)

    # -- building --------------------------------------------------------------------
    @classmethod
    def of(cls, type: AnnouncementType | str, top: Rank | str, suit: Suit | str | None = None,
           ) -> Announcement:
        """The announcement of ``type`` to ``top`` (in ``suit``), its points from the tables
        (R4.1, R4.2), without cards.

        Raises:
            FalseAnnouncementError: as the constructor (e.g. a tierce to the 8).
        """
        kind = AnnouncementType.parse(type)
        rank = Rank.parse(top)
        if kind is AnnouncementType.CARRE:
            worth = CARRE_POINTS.get(rank, 0)
        else:
            worth = SEQUENCE_POINTS[kind]
        return cls(kind, rank, suit, worth)  # type: ignore[arg-type]

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str]) -> Announcement:
        """The announcement that exactly ``cards`` make: a run of 3+ in one suit or the four
        cards of a rank (R4.1, R4.2).

        Raises:
            InvalidCardError: a card cannot be read or is given twice.
            FalseAnnouncementError: the cards make no announcement; ``.reason`` says why:
                four 8s or four 7s (``CARRE_NOT_COUNTED``, R4.2), fewer than 3 cards
                (``TOO_SHORT``, R4.1), one suit but not in a row (``NOT_IN_SEQUENCE``,
                R1.6, R4.1), or several suits (``MIXED_SUITS``); ``.cards`` holds them.
        """
        parsed = parse_cards(list(cards), what="announcement cards")
        ranks = {c.rank for c in parsed}
        suits = {c.suit for c in parsed}
        if len(parsed) == 4 and len(ranks) == 1:
            [rank] = ranks
            if rank in CARRE_POINTS:
                return cls(AnnouncementType.CARRE, rank, None, CARRE_POINTS[rank],
                           frozenset(parsed))
            reason, rule = AnnouncementFault.CARRE_NOT_COUNTED, "R4.2"
        elif len(parsed) < 3:
            reason, rule = AnnouncementFault.TOO_SHORT, "R4.1"
        elif len(suits) == 1:
            indexes = sorted(_SEQ_INDEX[c.rank] for c in parsed)
            if indexes == list(range(indexes[0], indexes[-1] + 1)):
                kind = _type_of_run(len(parsed))
                return cls(kind, SEQUENCE_ORDER[indexes[-1]], suits.pop(),
                           SEQUENCE_POINTS[kind], frozenset(parsed))
            reason, rule = AnnouncementFault.NOT_IN_SEQUENCE, "R1.6"
        else:
            reason, rule = AnnouncementFault.MIXED_SUITS, "R4.1"
        raise FalseAnnouncementError(
            f"the cards {_show(parsed)} make no announcement: a tierce, cinquante or cent is "
            "3, 4, 5 or more cards in a row in one suit (R4.1), a carré the four jacks, "
            "nines, aces, 10s, kings or queens (R4.2)", reason=reason, rule=rule,
            cards=tuple(_sorted(parsed)))

    # -- reading ---------------------------------------------------------------------
    @property
    def is_sequence(self) -> bool:
        """True for a tierce, a cinquante or a cent (R4.1)."""
        return self.type.is_sequence

    @property
    def is_carre(self) -> bool:
        """True for a carré (R4.2)."""
        return self.type is AnnouncementType.CARRE

    @property
    def length(self) -> int:
        """The number of cards: ``len(cards)`` when known, else 4 for a carré and the
        fewest cards of the type for a sequence (3, 4, 5 for a cent)."""
        if self.cards:
            return len(self.cards)
        return 4 if self.is_carre else SEQUENCE_LENGTH[self.type]

    @property
    def implied_cards(self) -> frozenset[Card]:
        """The cards it surely uses: ``cards`` when known, else the four cards of a carré,
        or the ``length`` cards of the run ending at ``top`` (a cent: its five top cards)."""
        if self.cards:
            return self.cards
        if self.suit is None:
            return frozenset(Card(self.top, s) for s in Suit)
        end = _SEQ_INDEX[self.top]
        return frozenset(Card(SEQUENCE_ORDER[i], self.suit)
                         for i in range(end - self.length + 1, end + 1))

    def __repr__(self) -> str:
        if self.cards:
            return f"Announcement.from_cards({[str(c) for c in _sorted(self.cards)]!r})"
        suit = "" if self.suit is None else f", {self.suit.value!r}"
        return f"Announcement.of({self.type.value!r}, {self.top.value!r}{suit})"

    def __str__(self) -> str:
        """``tierce to 10C (20)``, ``carre of J (200)``."""
        if self.suit is None:
            return f"{self.type} of {self.top} ({self.points})"
        return f"{self.type} to {self.top}{self.suit} ({self.points})"


def _sorted(cards: Iterable[Card]) -> list[Card]:
    """Cards suit by suit (S H D C), each suit in sequence order (R1.6)."""
    suits = list(Suit)
    return sorted(cards, key=lambda c: (suits.index(c.suit), _SEQ_INDEX[c.rank]))


def _show(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(str(c) for c in _sorted(cards)) + "]"


# ------------------------------------------------------------------ comparison (R4.5)
def announcement_key(announcement: Announcement, trump: Suit | None) -> tuple[int, int, int, int]:
    """The R4.5 strength of an announcement: a larger key is a better announcement.

    In order: more points; at equal points a carré beats a sequence; two carrés rank
    J > 9 > A > 10 > K > Q; two sequences: the higher top card; same top card: the
    trump sequence (``trump=None``: no sequence counts as trump). Equal keys: nobody wins.
    """
    if announcement.is_carre:
        return (announcement.points, 1, _CARRE_STRENGTH[announcement.top], 0)
    return (announcement.points, 0, _SEQ_INDEX[announcement.top],
            int(trump is not None and announcement.suit is trump))


class Criterion(enum.Enum):
    """What decides between two announcements, in the order of RULES.md R4.5 (the first
    that tells them apart): :func:`stronger_announcement`. The order of declaration plays
    no part (R4.5 gives none)."""

    POINTS = "points"                    # more points wins
    CARRE_OVER_SEQUENCE = "carre_over_sequence"  # at equal points a carré beats a sequence
    CARRE_ORDER = "carre_order"          # two carrés: J > 9 > A > 10 > K > Q
    TOP_CARD = "top_card"                # equal sequences: the higher top card wins
    TRUMP = "trump"                      # same top card: the trump sequence wins
    TIE = "tie"                          # still equal: nobody scores any announcement


def stronger_announcement(first: Announcement, second: Announcement, trump: Suit | str | None
                          ) -> tuple[Announcement | None, Criterion]:
    """Which of two announcements wins under R4.5, and the criterion that decided.

    The criteria are tried in the order of R4.5 (:class:`Criterion`): points, then a
    carré over a sequence, then the carré order J > 9 > A > 10 > K > Q or the higher top
    card of two sequences, then the sequence in trumps (``trump=None``: no sequence is in
    trumps). When none tells them apart, nobody wins (``Criterion.TIE``).

    Returns:
        ``(winner, criterion)``: ``first`` or ``second``, or ``None`` with ``TIE``.

    Raises:
        FalseAnnouncementError: ``first`` or ``second`` is not an :class:`Announcement`.
        InvalidCardError: ``trump`` names no suit.
    """
    for item in (first, second):
        if not isinstance(item, Announcement):
            raise FalseAnnouncementError(f"not an announcement: {item!r}",
                                         reason=AnnouncementFault.NOT_AN_ANNOUNCEMENT)
    suit = None if trump is None else Suit.parse(trump)
    keys = announcement_key(first, suit), announcement_key(second, suit)
    decided = next((i for i in range(len(keys[0])) if keys[0][i] != keys[1][i]), None)
    if decided is None:
        return None, Criterion.TIE
    # what each part of announcement_key means; past the second part both are one kind
    criteria = (Criterion.POINTS, Criterion.CARRE_OVER_SEQUENCE,
                Criterion.CARRE_ORDER if first.is_carre else Criterion.TOP_CARD,
                Criterion.TRUMP)
    return (first if keys[0] > keys[1] else second), criteria[decided]


def best_announcement(announcements: Iterable[Announcement], trump: Suit
                      ) -> Announcement | None:
    """The strongest announcement under R4.5 (:func:`announcement_key`), ``None`` if there
    is none; between equal ones, the first given."""
    best: Announcement | None = None
    for announcement in announcements:
        if best is None or announcement_key(announcement, trump) > announcement_key(best, trump):
            best = announcement
    return best


def compare_announcements(ns: Sequence[Announcement], ew: Sequence[Announcement],
                          trump: Suit | str) -> tuple[Team | None, int]:
    """Which team scores its announcements, and how many points (R4.5, R4.6).

    Each team's best announcement is compared (:func:`announcement_key`); the better team
    scores ALL its announcements, both partners' (R4.6). Declaration order plays no part:
    RULES.md gives no priority to the first declarer, so an exact tie (same points, same
    kind, same top card, neither or both in trumps) means nobody scores (R4.5).

    Args:
        ns, ew: the announcements of North-South and East-West (possibly empty).
        trump: the trump suit (breaks a tie between sequences with the same top card).

    Returns:
        ``(team, points)``: the scoring team and its announcement points; ``(None, 0)``
        when nobody announced or on an exact tie.

    The announcements are taken as declared: nothing checks here that they could all be
    held at one table (a scenario may set a cent to the ace of diamonds against the four
    kings); :func:`validate_declaration` checks one player's hand.

    Raises:
        FalseAnnouncementError: an item is not an :class:`Announcement`.
        InvalidCardError: ``trump`` names no suit.
    """
    trump = Suit.parse(trump)
    for item in (*ns, *ew):
        if not isinstance(item, Announcement):
            raise FalseAnnouncementError(f"not an announcement: {item!r}",
                                         reason=AnnouncementFault.NOT_AN_ANNOUNCEMENT)
    best_ns, best_ew = best_announcement(ns, trump), best_announcement(ew, trump)
    winner: Team | None
    if best_ns is None and best_ew is None:
        return None, 0
    if best_ew is None:
        winner = Team.NS
    elif best_ns is None:
        winner = Team.EW
    else:
        stronger, _ = stronger_announcement(best_ns, best_ew, trump)
        winner = None if stronger is None else (Team.NS if stronger is best_ns else Team.EW)
    if winner is None:
        return None, 0
    return winner, sum(a.points for a in (ns if winner is Team.NS else ew))


def possible_announcements(kind: AnnouncementType | str, unavailable: Iterable[Card | str] = ()
                           ) -> tuple[Announcement, ...]:
    """Every announcement of ``kind`` a player may hold when none of the cards
    ``unavailable`` is in their hand (R4.1, R4.2): for a sequence, each run of its
    fewest cards (3, 4, 5 for a cent) in each suit; for a carré, the four cards of each
    rank of :data:`CARRE_ORDER`. What a seat that declared ``kind`` may hold, seen by a
    player who holds ``unavailable`` (R4.4: the kind is heard, the cards are not).

    Raises:
        FalseAnnouncementError: ``kind`` names no announcement type.
        InvalidCardError: a card of ``unavailable`` cannot be read.
    """
    kind = AnnouncementType.parse(kind)
    gone = frozenset(Card.parse(c) for c in unavailable)
    if kind is AnnouncementType.CARRE:
        found = [Announcement.of(kind, rank) for rank in CARRE_ORDER]
    else:
        length = SEQUENCE_LENGTH[kind]
        found = [Announcement.of(kind, SEQUENCE_ORDER[end], suit) for suit in Suit
                 for end in range(length - 1, len(SEQUENCE_ORDER))]
    return tuple(a for a in found if not a.implied_cards & gone)


def outranks(heard: AnnouncementType | str, others: Iterable[Announcement | AnnouncementType],
             trump: Suit | str, unavailable: Iterable[Card | str] = ()) -> bool:
    """True when an announcement of kind ``heard``, whichever one the declarer holds, is
    at least as strong under R4.5 as every one of ``others`` (:func:`announcement_key`):
    the team of ``others`` then cannot score them (R4.5: weaker, or an exact tie where
    nobody scores; R4.6). An item of ``others`` given as an :class:`AnnouncementType`
    (a partner's declaration, heard but not shown) stands for any announcement of that
    kind. The declarer's possible announcements are :func:`possible_announcements` of
    ``heard`` without the cards ``unavailable`` (the observer's own); ``False`` when no
    announcement of ``heard`` is possible, or ``others`` is empty.

    Raises:
        FalseAnnouncementError: a kind names no announcement type, or an item of
            ``others`` is neither an Announcement nor an AnnouncementType.
        InvalidCardError: ``trump`` or a card cannot be read.
    """
    suit = Suit.parse(trump)
    gone = [Card.parse(c) for c in unavailable]
    theirs = possible_announcements(heard, gone)
    ours: list[Announcement] = []
    for item in others:
        if isinstance(item, AnnouncementType):
            ours.extend(possible_announcements(item, gone))
        elif isinstance(item, Announcement):
            ours.append(item)
        else:
            raise FalseAnnouncementError(f"not an announcement: {item!r}",
                                         reason=AnnouncementFault.NOT_AN_ANNOUNCEMENT)
    if not theirs or not ours:
        return False
    weakest = min(announcement_key(a, suit) for a in theirs)
    return all(announcement_key(a, suit) <= weakest for a in ours)


def beats_every(announcement: Announcement, heard: AnnouncementType | str, trump: Suit | str,
                unavailable: Iterable[Card | str] = ()) -> bool:
    """True when ``announcement`` is stronger under R4.5 (:func:`announcement_key`) than
    every announcement of kind ``heard`` a player may hold without the cards
    ``unavailable`` (:func:`possible_announcements`): whichever one the declarer holds,
    ``announcement`` wins. ``True`` when no announcement of ``heard`` is possible.

    Raises:
        FalseAnnouncementError: ``heard`` names no announcement type.
        InvalidCardError: ``trump`` or a card cannot be read.
    """
    suit = Suit.parse(trump)
    mine = announcement_key(announcement, suit)
    return all(announcement_key(a, suit) < mine
               for a in possible_announcements(heard, unavailable))

# ------------------------------------------------------------------ a hand (R4.1-R4.3)
def _runs(cards: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """The maximal unbroken runs of 3 or more cards per suit (R1.6 order), low to high."""
    by_suit: dict[Suit, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(_SEQ_INDEX[card.rank])
    for suit in Suit:
        indexes = sorted(by_suit.get(suit, ()))
        start = 0
        for i in range(1, len(indexes) + 1):
            if i == len(indexes) or indexes[i] != indexes[i - 1] + 1:
                if i - start >= 3:
                    yield tuple(Card(SEQUENCE_ORDER[j], suit) for j in indexes[start:i])
                start = i


def _sequences(cards: Iterable[Card]) -> list[Announcement]:
    found = []
    for run in _runs(cards):
        kind = _type_of_run(len(run))
        found.append(Announcement(kind, run[-1].rank, run[-1].suit, SEQUENCE_POINTS[kind],
                                  frozenset(run)))
    return found


def _read_hand(hand: Iterable[Card | str], trump: Suit | str) -> tuple[tuple[Card, ...], Suit]:
    cards = parse_cards(list(hand), what="hand")
    return cards, Suit.parse(trump)


def find_announcements(hand: Iterable[Card | str], trump: Suit | str
                       ) -> tuple[Announcement, ...]:
    """What ``hand`` can announce: the best reading of the hand (R4.1–R4.3), strongest first.

    Every way of reading the hand is tried: each carré of J, 9, A, 10, K or Q (R4.2) may
    be taken or left (four 8s or 7s are nothing and stay free); the cards left form runs,
    each unbroken run announced whole (8 in a row: one cent, R4.1); a card counts in one
    combination only (R4.3). The reading worth the most points wins; on equal points the
    stronger under R4.5 (its best announcement, then the next, ...). Belote is apart:
    see :func:`has_belote`.

    Args:
        hand: any number of distinct cards (8 during the first trick, R4.4).
        trump: the trump suit (it only breaks ties between readings).

    Returns:
        The announcements with their ``cards``, strongest first (:func:`announcement_key`);
        empty if the hand holds none.

    Raises:
        InvalidCardError: a card or the trump cannot be read, or a card is given twice.
    """
    cards, trump = _read_hand(hand, trump)
    held = set(cards)
    carres = [Announcement(AnnouncementType.CARRE, rank, None, CARRE_POINTS[rank],
                           frozenset(Card(rank, s) for s in Suit))
              for rank in CARRE_ORDER if all(Card(rank, s) in held for s in Suit)]
    best: tuple[Announcement, ...] = ()
    best_key: tuple[int, tuple[tuple[int, int, int, int], ...]] = (0, ())
    for size in range(len(carres) + 1):
        for taken in itertools.combinations(carres, size):
            used = set().union(*(c.cards for c in taken))
            reading = sorted([*taken, *_sequences(held - used)],
                             key=lambda a: announcement_key(a, trump), reverse=True)
            key = (sum(a.points for a in reading),
                   tuple(announcement_key(a, trump) for a in reading))
            if key > best_key:
                best, best_key = tuple(reading), key
    return best


def has_belote(hand: Iterable[Card | str], trump: Suit | str) -> bool:
    """True when ``hand`` holds the king and the queen of trumps (R5.1), worth
    :data:`BELOTE_POINTS` if said (R5.2).

    Raises:
        InvalidCardError: a card or the trump cannot be read, or a card is given twice.
    """
    cards, trump = _read_hand(hand, trump)
    king, queen = belote_cards(trump)
    return king in cards and queen in cards


def belote_cards(trump: Suit | str) -> tuple[Card, Card]:
    """The king and the queen of trumps, the two cards belote-rebelote is said with (R5.1).

    Raises:
        InvalidCardError: ``trump`` names no suit.
    """
    suit = Suit.parse(trump)
    return Card(Rank.KING, suit), Card(Rank.QUEEN, suit)


def may_say_belote(start_hand: Iterable[Card | str], trump: Suit | str, card: Card | str
                   ) -> bool:
    """True when "belote" (or "rebelote") may be said with ``card`` by a player who held
    ``start_hand`` when play began: ``card`` is the king or the queen of trumps and
    ``start_hand`` holds both (R5.1; not said, not scored, R5.2). Which of the two words
    is said depends only on the order the two cards are played.

    Raises:
        InvalidCardError: a card or the trump cannot be read, or a card is given twice.
    """
    return Card.parse(card) in belote_cards(trump) and has_belote(start_hand, trump)


def _held_cards(announcement: Announcement, held: set[Card]) -> frozenset[Card] | None:
    """The cards of the hand ``announcement`` uses (:attr:`Announcement.implied_cards`),
    ``None`` if the hand lacks one of them."""
    needed = announcement.implied_cards
    return needed if needed <= held else None


def validate_declaration(hand: Iterable[Card | str], trump: Suit | str,
                         declared: Sequence[Announcement]) -> None:
    """Check that a player's declared announcements are true (R4.1–R4.3).

    Each announcement must be held by the hand (its ``cards`` when given, else the run
    ending at its top card with the fewest cards of its type, or the four cards of a
    carré); no card may serve twice
    (R4.3; belote is not an announcement, so the trump K and Q may also make belote);
    two sequences of one suit may not touch, since an unbroken run is announced whole
    (R4.1: 8 in a row are one cent, not a cent and a tierce). A player may declare
    fewer announcements, or fewer points, than the hand holds (declaring a tierce out of
    a cinquante is a loss for the declarer, not a false announcement).

    Args:
        hand: the player's cards (8 during the first trick, R4.4).
        trump: the trump suit.
        declared: what the player declares (possibly empty).

    Raises:
        InvalidCardError: a card or the trump cannot be read, or a card is given twice.
        FalseAnnouncementError: the first announcement refused, ``.announcement`` and
            ``.index`` (its position in ``declared``); ``.reason`` says why: the hand
            does not hold it (``NOT_HELD``, ``.cards`` the cards it lacks), a card is used
            twice (``CARD_TWICE``, R4.3: ``.other`` the earlier announcement that uses
            ``.cards``), a run is split (``RUN_SPLIT``, R4.1: ``.other`` the one it
            continues), or an item is not an Announcement (``NOT_AN_ANNOUNCEMENT``). The
            message quotes the announcement and the hand.
    """
    cards, trump = _read_hand(hand, trump)
    held = set(cards)
    accepted: list[tuple[Announcement, frozenset[Card]]] = []
    for index, announcement in enumerate(declared):
        if not isinstance(announcement, Announcement):
            raise FalseAnnouncementError(f"not an announcement: {announcement!r}",
                                         reason=AnnouncementFault.NOT_AN_ANNOUNCEMENT,
                                         index=index)
        own = _held_cards(announcement, held)
        if own is None:
            missing = _sorted(announcement.implied_cards - held)
            raise FalseAnnouncementError(
                f"false announcement {announcement}: the hand {_show(cards)} does not hold "
                f"{', '.join(str(c) for c in missing)} (R4.1, R4.2)",
                reason=AnnouncementFault.NOT_HELD, rule=_rule_of(announcement.type),
                announcement=announcement, cards=tuple(missing), index=index)
        for other, other_cards in accepted:
            shared = _sorted(own & other_cards)
            if shared:
                raise FalseAnnouncementError(
                    f"false announcement {announcement}: the {shared[0]} is already used by "
                    f"{other}; a card counts in one combination only (R4.3)",
                    reason=AnnouncementFault.CARD_TWICE, rule="R4.3",
                    announcement=announcement, cards=tuple(shared), other=other,
                    index=index)
        if announcement.is_sequence:
            indexes = {_SEQ_INDEX[c.rank] for c in own}
            for other, other_cards in accepted:
                if other.is_sequence and other.suit is announcement.suit and (
                        min(indexes) - 1 in {_SEQ_INDEX[c.rank] for c in other_cards}
                        or max(indexes) + 1 in {_SEQ_INDEX[c.rank] for c in other_cards}):
                    raise FalseAnnouncementError(
                        f"false announcement {announcement}: it continues {other}, and an "
                        "unbroken run is announced whole as one announcement (R4.1)",
                        reason=AnnouncementFault.RUN_SPLIT, rule="R4.1",
                        announcement=announcement, other=other, index=index)
        accepted.append((announcement, own))
