"""The rules of play: the RuleSet options and presets (R7), the ``Rule`` IDs of R3, and
legal plays with a verdict for every card of the hand.

    >>> from belote_teach.engine.cards import Seat, Suit
    >>> from belote_teach.engine.trick import Trick
    >>> trick = Trick(Suit.HEARTS, leader=Seat.NORTH, cards=["KD", "AD", "8H"])
    >>> legal = legal_plays(["7H", "JH", "AC", "10S"], trick)
    >>> legal
    <LegalPlays MUST_OVERTRUMP: JH>
    >>> Card.parse("7H") in legal, legal.verdict("7H").reason
    (False, <Reason.MUST_GO_HIGHER: 'must_go_higher'>)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from belote_teach.engine.cards import Card, Seat, Suit, parse_cards, strength
from belote_teach.engine.errors import (
    IllegalPlayError,
    InvalidCardError,
    InvalidPositionError,
    InvalidRuleSetError,
)
from belote_teach.engine.trick import Play, Trick

__all__ = [
    "CLASSIC",
    "FFB2016",
    "PRESETS",
    "CardVerdict",
    "LegalPlays",
    "Reason",
    "Rule",
    "RuleSet",
    "legal_plays",
]


# ---------------------------------------------------------------------------- RuleSet (R7)
_BOOL_WORDS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}


def _as_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
        return _BOOL_WORDS[value.strip().lower()]
    raise InvalidRuleSetError(f"option {name!r} takes on/off (true/false), got {value!r}")


def _as_choice(name: str, value: object, choices: tuple[Any, ...]) -> Any:
    for choice in choices:
        if value == choice and type(value) is type(choice):
            return choice
        if isinstance(choice, int) and isinstance(value, str) and value.strip() == str(choice):
            return choice
    shown = ", ".join(str(c) for c in choices)
    raise InvalidRuleSetError(f"option {name!r} takes one of {shown}, got {value!r}")


#: The choices of each non-boolean option, with its RULES.md rule.
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "direction": ("counter-clockwise",),
    "redeal": ("next_dealer", "same_dealer"),
    "undertrump": ("required", "free"),
    "capot_points": (250, 252),
    "litige": ("reserve",),
    "target": (1000, 501, 2000),
}


@dataclass(frozen=True)
class RuleSet:
    """The options a table can choose (RULES.md R7); defaults are preset ``classic``.

    Attributes:
        direction: ``"counter-clockwise"`` (the only direction of RULES.md, R2.8).
        redeal: who deals after a passed-out deal (R2.6): ``"next_dealer"`` (default)
            or ``"same_dealer"``.
        announcements: whether announcements are played (R4): on in ``classic``,
            off in ``ffb2016``.
        undertrump: ``"required"`` (R3.6 default) or ``"free"`` (every card legal
            when R3.6 decides, the rule stays MUST_UNDERTRUMP).
        overtrump_partner_on_trump_lead: R3.2: must go over a winning partner on a
            trump lead (default True).
        capot_points: points of a capot instead of 162 (R6.5): 250 or 252.
        litige: how a litige is settled (R6.6): ``"reserve"``.
        rounding: marks rounded to the nearest ten (R6.7), off by default.
        target: points that end the game (R6.8): 1000, 501 or 2000.

    Build one with :meth:`preset`, :meth:`from_spec` or :meth:`replace`; all of them
    validate names and values and raise :class:`InvalidRuleSetError`.
    """

    direction: str = "counter-clockwise"
    redeal: str = "next_dealer"
    announcements: bool = True
    undertrump: str = "required"
    overtrump_partner_on_trump_lead: bool = True
    capot_points: int = 250
    litige: str = "reserve"
    rounding: bool = False
    target: int = 1000
    name: str = field(default="classic", compare=False)

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            if f.name in OPTION_CHOICES:
                checked = _as_choice(f.name, value, OPTION_CHOICES[f.name])
            else:
                checked = _as_bool(f.name, value)
            object.__setattr__(self, f.name, checked)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The names of the options, in RULES.md R7 order."""
        return tuple(f.name for f in fields(cls) if f.name != "name")

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The preset ``classic`` or ``ffb2016`` of RULES.md R7.

        Raises:
            InvalidRuleSetError: unknown preset name.
        """
        try:
            return PRESETS[str(name).strip().lower()]
        except KeyError:
            raise InvalidRuleSetError(
                f"unknown rules preset {name!r}: expected one of {', '.join(PRESETS)}"
            ) from None

    def replace(self, **options: object) -> RuleSet:
        """A copy with some options changed, named after the preset it equals, else ``custom``.

        Raises:
            InvalidRuleSetError: an unknown option name or a value the option does not take.
        """
        known = self.option_names()
        for key in options:
            if key not in known:
                raise InvalidRuleSetError(
                    f"unknown rules option {key!r}: expected one of {', '.join(known)}"
                )
        changed = replace(self, **options)  # type: ignore[arg-type]
        name = next((n for n, preset in PRESETS.items() if preset == changed), "custom")
        object.__setattr__(changed, "name", name)
        return changed

    @property
    def preset_name(self) -> str | None:
        """The R7 preset these rules follow whatever the game's target (R6.8):
        ``"classic"`` or ``"ffb2016"``, ``None`` when some other option differs from both
        (``FFB2016.replace(target=501).preset_name == "ffb2016"``, while its
        :attr:`name` is ``"custom"``)."""
        return next((n for n, preset in PRESETS.items()
                     if replace(preset, target=self.target) == self), None)

    @classmethod
    def from_spec(cls, spec: RuleSet | str | Mapping[str, object] | None) -> RuleSet:
        """Read the ``rules`` key of a scenario (SCENARIOS.md): ``None`` → ``classic``, a
        preset name, or a mapping of options over ``classic``.

        Raises:
            InvalidRuleSetError: unknown preset, option or value; a spec of another type.
        """
        if spec is None:
            return CLASSIC
        if isinstance(spec, RuleSet):
            return spec
        if isinstance(spec, str):
            return cls.preset(spec)
        if isinstance(spec, Mapping):
            return CLASSIC.replace(**{str(k): v for k, v in spec.items()})
        raise InvalidRuleSetError(
            f"rules must be a preset name or a mapping of options, got {spec!r}"
        )

    def __str__(self) -> str:
        return self.name


CLASSIC = RuleSet()
FFB2016 = RuleSet(announcements=False, capot_points=252, name="ffb2016")
#: The presets of RULES.md R7 by name.
PRESETS: dict[str, RuleSet] = {"classic": CLASSIC, "ffb2016": FFB2016}


# ---------------------------------------------------------------------------- Rule IDs (R3)
class Rule(enum.Enum):
    """The R3 rule that fixes the legal cards, decided in this order (RULES.md R3)."""

    LEAD_ANY = "R3.0"
    FOLLOW_SUIT = "R3.1"
    TRUMP_LEAD_GO_HIGHER = "R3.2"
    PARTNER_MASTER = "R3.3"
    MUST_TRUMP = "R3.4"
    MUST_OVERTRUMP = "R3.5"
    MUST_UNDERTRUMP = "R3.6"
    FREE_DISCARD = "R3.7"

    @property
    def rule_id(self) -> str:
        """The RULES.md ID, e.g. ``"R3.5"``."""
        return self.value

    @classmethod
    def parse(cls, text: str) -> Rule:
        """Read a rule from its name (``MUST_OVERTRUMP``) or ID (``R3.5``).

        Raises:
            ValueError: no such rule.
        """
        key = str(text).strip()
        if key.upper() in cls.__members__:
            return cls[key.upper()]
        for rule in cls:
            if rule.value == key.upper():
                return rule
        raise ValueError(
            f"unknown rule {text!r}: expected one of {', '.join(cls.__members__)}"
        )


class Reason(enum.Enum):
    """Why one card of the hand is legal or not under the deciding :class:`Rule`."""

    # legal
    ANY_CARD = "any_card"            # the rule lets any card be played
    FOLLOWS_SUIT = "follows_suit"    # a card of the led plain suit
    TRUMP = "trump"                  # a trump, as the rule asks
    HIGHER_TRUMP = "higher_trump"    # a trump above the highest trump in the trick
    # illegal
    MUST_FOLLOW = "must_follow"      # not of the led suit, while the hand holds it
    MUST_PLAY_TRUMP = "must_play_trump"  # not a trump, while a trump is required
    MUST_GO_HIGHER = "must_go_higher"    # a trump too low, while a higher one is held

    @property
    def is_legal(self) -> bool:
        """Whether a card with this reason may be played."""
        return self in (Reason.ANY_CARD, Reason.FOLLOWS_SUIT, Reason.TRUMP, Reason.HIGHER_TRUMP)


@dataclass(frozen=True)
class CardVerdict:
    """The verdict on one card of the hand: legal or not, under which rule, and why."""

    card: Card
    rule: Rule
    reason: Reason

    @property
    def legal(self) -> bool:
        """Whether the card may be played now."""
        return self.reason.is_legal


class LegalPlays:
    """The legal cards of a position, with the deciding rule and a verdict per card.

    A view like python-chess's ``Board.legal_moves``: ``card in legal``, iteration
    (hand order), ``len``, a readable ``repr``. Built by :func:`legal_plays`.

    Attributes:
        rule: the :class:`Rule` that decided (R3, first that applies).
        rules: the :class:`RuleSet` used.
        trick: a copy of the trick before the card is played.
        hand: the cards of the seat to play, in the given order.
        seat: the seat to play.
        cards: the legal cards, in hand order.
        master: the play winning the trick before this card (``None`` on a lead).
        highest_trump: the highest trump in the trick (``None`` if none).
    """

    __slots__ = ("_verdicts", "cards", "hand", "highest_trump", "master", "rule", "rules",
                 "seat", "trick")

    def __init__(self, *, rule: Rule, rules: RuleSet, trick: Trick, hand: tuple[Card, ...],
                 verdicts: dict[Card, CardVerdict]):
        self.rule = rule
        self.rules = rules
        self.trick = trick
        self.hand = hand
        self.seat: Seat = trick.next_seat
        self._verdicts = verdicts
        self.cards: tuple[Card, ...] = tuple(c for c in hand if verdicts[c].legal)
        self.master: Play | None = trick.master
        self.highest_trump: Play | None = trick.highest_trump

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.trick.trump

    @property
    def partner_is_master(self) -> bool:
        """True when the seat's partner is currently winning the trick."""
        return self.master is not None and self.master.seat is self.seat.partner

    def verdict(self, card: Card | str) -> CardVerdict:
        """The verdict on one card of the hand.

        Raises:
            InvalidCardError: ``card`` cannot be read.
            IllegalPlayError: ``card`` is not in the hand.
        """
        parsed = Card.parse(card)
        try:
            return self._verdicts[parsed]
        except KeyError:
            raise IllegalPlayError(
                f"{parsed} is not in the hand {[str(c) for c in self.hand]}",
                card=parsed, rule=self.rule, legal=self.cards,
            ) from None

    @property
    def verdicts(self) -> tuple[CardVerdict, ...]:
        """The verdict on every card of the hand, in hand order."""
        return tuple(self._verdicts[c] for c in self.hand)

    def check(self, card: Card | str) -> CardVerdict:
        """The verdict on ``card`` if it may be played now.

        Raises:
            InvalidCardError: ``card`` cannot be read.
            IllegalPlayError: ``card`` is not in the hand, or R3 forbids it (a revoke,
                R3.8). The message names the rule and the legal cards.
        """
        verdict = self.verdict(card)
        if not verdict.legal:
            legal = ", ".join(str(c) for c in self.cards)
            raise IllegalPlayError(
                f"{verdict.card} may not be played: {self.rule.name} ({self.rule.rule_id}) "
                f"allows only {legal} (trick {self.trick}, trump {self.trump.value})",
                card=verdict.card, rule=self.rule, legal=self.cards,
            )
        return verdict

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except InvalidCardError:
                return False
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<LegalPlays {self.rule.name}: {' '.join(str(c) for c in self.cards)}>"


def legal_plays(hand: Iterable[Card | str], trick: Trick,
                rules: RuleSet | str | Mapping[str, object] | None = None) -> LegalPlays:
    """The cards the seat to play may play, the deciding R3 rule, and a verdict per card.

    Applies R3.0–R3.7 in order (the first rule that applies fixes the legal cards),
    with the options ``undertrump`` (R3.6) and ``overtrump_partner_on_trump_lead``
    (R3.2). The seat to play is ``trick.next_seat``; its partner is two places back.

    Args:
        hand: the cards of the seat to play (1 to 8, notation or :class:`Card`).
        trick: the trick so far (0 to 3 cards).
        rules: a RuleSet, a preset name or a mapping of options over ``classic``
            (:meth:`RuleSet.from_spec`); default preset ``classic``.

    Raises:
        InvalidRuleSetError: ``rules`` names an unknown preset, option or value.
        InvalidCardError: a card cannot be read, or the hand names a card twice.
        InvalidPositionError: the hand is empty or holds more than 8 cards, or shares
            a card with the trick.
        PhaseError: the trick is complete.
    """
    rules = RuleSet.from_spec(rules)
    cards = parse_cards(list(hand), what="hand")
    if not 1 <= len(cards) <= 8:
        raise InvalidPositionError(f"a hand holds 1 to 8 cards, got {len(cards)}")
    shared = [str(c) for c in cards if c in trick.cards]
    if shared:
        raise InvalidPositionError(
            f"card(s) {', '.join(shared)} are both in the hand and in the trick {trick}"
        )
    seat = trick.next_seat  # raises PhaseError on a complete trick
    rule, reasons = _decide(cards, trick, seat, rules)
    verdicts = {card: CardVerdict(card, rule, reasons(card)) for card in cards}
    return LegalPlays(rule=rule, rules=rules, trick=trick.copy(), hand=cards, verdicts=verdicts)


def _decide(hand: tuple[Card, ...], trick: Trick, seat: Seat, rules: RuleSet
            ) -> tuple[Rule, Callable[[Card], Reason]]:
    """R3 in order: return the deciding rule and a function card -> Reason."""
    trump = trick.trump
    led = trick.led_suit
    if led is None:                                                         # R3.0
        return Rule.LEAD_ANY, lambda card: Reason.ANY_CARD

    trumps_held = [c for c in hand if c.suit is trump]
    top = trick.highest_trump
    top_strength = strength(top.card, trump) if top is not None else 0
    higher = {c for c in trumps_held if strength(c, trump) > top_strength}
    master = trick.master
    partner_master = master is not None and master.seat is seat.partner

    if led is trump:
        if not trumps_held:                                                 # R3.7
            return Rule.FREE_DISCARD, lambda card: Reason.ANY_CARD
        must_go_higher = bool(higher) and not (
            partner_master and not rules.overtrump_partner_on_trump_lead)

        def on_trump_lead(card: Card) -> Reason:                           # R3.2
            if card.suit is not trump:
                return Reason.MUST_FOLLOW
            if not must_go_higher:
                return Reason.TRUMP
            return Reason.HIGHER_TRUMP if card in higher else Reason.MUST_GO_HIGHER

        return Rule.TRUMP_LEAD_GO_HIGHER, on_trump_lead

    if any(c.suit is led for c in hand):                                    # R3.1
        return Rule.FOLLOW_SUIT, lambda card: (
            Reason.FOLLOWS_SUIT if card.suit is led else Reason.MUST_FOLLOW)
    if partner_master:                                                      # R3.3
        return Rule.PARTNER_MASTER, lambda card: Reason.ANY_CARD
    if not trumps_held:                                                     # R3.7
        return Rule.FREE_DISCARD, lambda card: Reason.ANY_CARD
    if top is None:                                                         # R3.4
        return Rule.MUST_TRUMP, lambda card: (
            Reason.TRUMP if card.suit is trump else Reason.MUST_PLAY_TRUMP)
    if higher:                                                              # R3.5
        def overtrump(card: Card) -> Reason:
            if card.suit is not trump:
                return Reason.MUST_PLAY_TRUMP
            return Reason.HIGHER_TRUMP if card in higher else Reason.MUST_GO_HIGHER

        return Rule.MUST_OVERTRUMP, overtrump
    free = rules.undertrump == "free"                                       # R3.6

    def undertrump(card: Card) -> Reason:
        if card.suit is trump:
            return Reason.TRUMP
        return Reason.ANY_CARD if free else Reason.MUST_PLAY_TRUMP

    return Rule.MUST_UNDERTRUMP, undertrump
