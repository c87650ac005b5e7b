"""A deal as a compact text transcript, and back (STYLE.md "Golden transcripts"; the
course's practice deals).

:func:`to_transcript` writes a :class:`~belote_teach.engine.deal.Deal` (finished or not) as text;
:func:`parse_transcript` replays such a text through the checked Deal API
(:meth:`~belote_teach.engine.deal.Deal.bid`, :meth:`~belote_teach.engine.deal.Deal.play`)
and returns
the identical deal: same cards, same actions, same score (``==``). Any line the rules or
the replay refuse raises :class:`~belote_teach.engine.errors.TranscriptError` naming the source,
the line number and the token; nothing partial is returned.

The format
----------
One statement per line: a keyword, then words separated by spaces. Blank lines and lines
starting with ``#`` are ignored. In order:

``rules <preset> [option=value ...]``
    the :class:`~belote_teach.engine.rules.RuleSet` (R7): a preset, then the options that differ
    from it (``rules classic undertrump=free rounding=on``). Default ``classic``.
``dealer <seat>``
    the dealer, ``N E S W`` (R2.1). Required.
``reserve <points>``
    points waiting from earlier litiges (R6.6). Default 0.
``seed <int>`` and ``cut <cards>``
    optional: the deal is ``Deal.new(dealer, seed, rules, reserve=..., cut=...)``; the
    cut (R2.1, 3 to 29 cards) is kept by a deal that was shuffled and cut, or built from
    hands with a known cut (``Deal.from_hands(..., cut=...)``). :func:`to_transcript`
    writes the seed a deal remembers (:attr:`Deal.seed <belote_teach.engine.deal.Deal.seed>`).
``hand <seat> <5 cards>`` (four lines), ``turned <card>``, ``stock <11 cards>``
    the distribution (R2.2, R2.3): each hand in the order dealt, the turned card, the 11
    cards of completion in dealing order (R2.7). Required without ``seed``; with a seed,
    each line given is checked against the seed's deal.
``bids <seat>:<bid> ...``
    the bids in order, one line per round (R2.4, R2.5): ``take``, ``pass`` or a suit
    letter ``S H D C`` named in round 2.
``trick <n> <seat>:<card>[+<announcement>...][!belote|!rebelote] ... [> <seat> <points>]``
    trick ``n`` (1 to 8) in play order, leader first (R2.8). An announcement is declared
    with the player's first card (R4.4): ``+tierce:KH`` (a sequence: type, top card),
    ``+cinquante:AS``, ``+cent:10C``, ``+carre:J`` (a carré: its rank). ``!belote`` /
    ``!rebelote`` is said with the trump king or queen (R5): ``belote`` with the first of
    the two played, ``rebelote`` with the second. A complete trick ends with its winner and
    card points (R1.5; without the 10 of the dix de der): ``> E 34``, checked when given
    (:func:`to_transcript` always writes it). An announcement is written by its type and
    top card only: the replay checks it against the hand (R4.1–R4.3).
``score <outcome> NS:<mark> EW:<mark> reserve:<points>``
    required once the deal is over, checked against the replayed deal: outcome ``made``,
    ``dedans``, ``litige``, ``capot`` (R6.2–R6.6) or ``passed_out`` (R2.6), the marks of
    the score sheet (R6), the reserve handed to the next deal (R6.6).

An example: ``tests/data/transcripts/litige.txt`` (a golden transcript), its first
tricks and its score line::

    rules classic
    dealer N
    reserve 0
    seed 1641
    cut 13
    hand W 8H QD 10H 7S KH
    hand S JS KC KD 8C 7C
    hand E 7D JC 9D AC JH
    hand N 10D 9C QC AD 8D
    turned QS
    stock 9H AH 7H KS JD QH AS 8S 9S 10C 10S
    bids W:pass S:take
    trick 1 W:8H+cinquante:10H S:KS+tierce:KS!belote E:QH N:8D > S 7
    trick 2 S:KC E:JC N:10C W:7S > W 16
    trick 3 W:10H S:QS!rebelote E:JH N:10S > N 25
    ...
    score litige NS:20 EW:116 reserve:96

North deals; West speaks first and passes, South takes spades (R2.4). West declares a
cinquante with its first card, South a tierce and "belote" with the KS (R4.4, R5.1).

A transcript round-trips::

    >>> from belote_teach.engine.cards import Seat
    >>> from belote_teach.engine.deal import Deal
    >>> deal = Deal.new(Seat.SOUTH, rng=7)
    >>> deal.bid("take")
    >>> deal.play(deal.legal_plays.cards[0])
    >>> text = to_transcript(deal)             # the deal remembers its seed
    >>> text.splitlines()[3], text.splitlines()[-2], text.splitlines()[-1]
    ('seed 7', 'bids E:take', 'trick 1 E:QC')
    >>> parse_transcript(text) == deal
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from belote_teach.engine.announcements import Announcement, AnnouncementType
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import DECK, Card, Rank, Seat, Team
from belote_teach.engine.deal import CUT_MIN, Action, Deal, Phase
from belote_teach.engine.errors import BeloteError, TranscriptError
from belote_teach.engine.rules import PRESETS, RuleSet

__all__ = ["OUTCOME_PASSED_OUT", "parse_transcript", "read_transcript", "to_transcript"]

#: The outcome word of the score line of a passed-out deal (R2.6).
OUTCOME_PASSED_OUT = "passed_out"
#: The outcome words of a scored deal (R6.2–R6.6), as :class:`~belote_teach.engine.scoring.Outcome`.
_OUTCOMES = ("made", "dedans", "litige", "capot")
_CUT_MAX = len(DECK) - CUT_MIN
_HEADER_KEYS = ("rules", "dealer", "reserve", "seed", "cut", "hand", "turned", "stock")
_PLAY_TOKEN = re.compile(
    r"^(?P<seat>[^:+!]+):(?P<card>[^:+!]+)(?P<announce>(?:\+[^+!]*)*)(?:!(?P<call>.*))?$")
_BELOTE_WORDS = ("belote", "rebelote")


# ------------------------------------------------------------------------------ writing
def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _rules_text(rules: RuleSet) -> str:
    """``classic``, ``ffb2016`` or the nearest preset with the options that differ."""
    def differences(preset: RuleSet) -> list[str]:
        return [f"{name}={_option_text(getattr(rules, name))}"
                for name in RuleSet.option_names()
                if getattr(rules, name) != getattr(preset, name)]

    name, preset = min(PRESETS.items(), key=lambda item: (len(differences(item[1])),
                                                          item[0] != "classic"))
    return " ".join([name, *differences(preset)])


def _announcement_text(announcement: Announcement) -> str:
    if announcement.suit is None:
        return f"+{announcement.type}:{announcement.top}"
    return f"+{announcement.type}:{announcement.top}{announcement.suit}"


def _play_text(action: Action, words: dict[tuple[Seat, Card], str]) -> str:
    assert action.card is not None
    text = f"{action.seat}:{action.card}"
    text += "".join(_announcement_text(a) for a in action.announce)
    if action.belote:
        text += "!" + words[(action.seat, action.card)]
    return text


def _same_distribution(one: Deal, other: Deal) -> bool:
    return (one.turned == other.turned and one.initial_stock == other.initial_stock
            and one.cut == other.cut and one.dealt_hands == other.dealt_hands)


def to_transcript(deal: Deal, *, seed: int | None = None) -> str:
    """The transcript of ``deal`` as text (the format of this module's docstring), one
    statement per line, ending with a newline. The deal is not changed.

    Args:
        deal: any deal, finished or not: a finished one ends with its ``score`` line.
        seed: the int seed that dealt it, written as a ``seed`` line. Default:
            :attr:`deal.seed <belote_teach.engine.deal.Deal.seed>`, the seed :meth:`Deal.new
            <belote_teach.engine.deal.Deal.new>` remembers (no ``seed`` line when ``None``).
            A seed given here is checked: ``Deal.new(deal.dealer, seed, deal.rules,
            reserve=deal.reserve, cut=deal.cut)`` must deal the same cards (R2.1–R2.3).

    Raises:
        TranscriptError: ``deal`` is not a :class:`Deal`, or ``seed`` is not an int or
            does not deal these cards with this cut.
    """
    if not isinstance(deal, Deal):
        raise TranscriptError(f"to_transcript needs a Deal, got {deal!r}")
    lines = [f"rules {_rules_text(deal.rules)}", f"dealer {deal.dealer}",
             f"reserve {deal.reserve}"]
    if seed is None:
        seed = deal.seed
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise TranscriptError(f"seed {seed!r} refused: a seed is a whole number")
    elif seed != deal.seed and (deal.cut is None or not _same_distribution(
            deal, Deal.new(deal.dealer, seed, deal.rules, reserve=deal.reserve,
                           cut=deal.cut))):
        raise TranscriptError(
            f"seed {seed} does not deal this deal's cards (dealer {deal.dealer}, "
            f"cut {deal.cut}): Deal.new(dealer, {seed}) gives another distribution")
    if seed is not None:
        lines.append(f"seed {seed}")
    if deal.cut is not None:
        lines.append(f"cut {deal.cut}")
    for seat, cards in deal.dealt_hands.items():                    # from dealer.next
        lines.append(f"hand {seat} " + " ".join(str(c) for c in cards))
    lines.append(f"turned {deal.turned}")
    lines.append("stock " + " ".join(str(c) for c in deal.initial_stock))

    actions = deal.actions
    bids = [a for a in actions if a.is_bid]
    for first in range(0, len(bids), 4):                                   # R2.4, R2.5
        lines.append("bids " + " ".join(f"{a.seat}:{a.bid}" for a in bids[first:first + 4]))
    plays = [a for a in actions if not a.is_bid]
    words = {(call.seat, call.card): call.word for call in deal.belote_calls}
    tricks = deal.tricks
    for first in range(0, len(plays), 4):
        number = first // 4 + 1
        words_of_trick = [f"trick {number}"]
        words_of_trick += [_play_text(a, words) for a in plays[first:first + 4]]
        if number <= len(tricks):
            trick = tricks[number - 1]
            words_of_trick += [">", str(trick.winner), str(trick.points)]
        lines.append(" ".join(words_of_trick))

    if deal.phase is Phase.PASSED_OUT:
        lines.append(f"score {OUTCOME_PASSED_OUT} NS:0 EW:0 reserve:{deal.reserve_after}")
    elif deal.score is not None:
        score = deal.score
        lines.append(f"score {score.outcome} NS:{score.marks[Team.NS]} "
                     f"EW:{score.marks[Team.EW]} reserve:{score.reserve_after}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ reading
@dataclass
class _Header:
    """The header statements read so far: value and line number of each."""

    rules: tuple[RuleSet, int] | None = None
    dealer: tuple[Seat, int] | None = None
    reserve: tuple[int, int] | None = None
    seed: tuple[int, int] | None = None
    cut: tuple[int, int] | None = None
    hands: dict[Seat, tuple[tuple[Card, ...], int]] = field(default_factory=dict)
    turned: tuple[Card, int] | None = None
    stock: tuple[tuple[Card, ...], int] | None = None


class _Replay:
    """Reads a transcript line by line and replays it on a new deal."""

    def __init__(self, source: str):
        self.source = source
        self.header = _Header()
        self.deal: Deal | None = None
        self.bids_lines = 0
        self.trick_line = 0          # line of the last trick statement
        self.score_line = 0          # line of the score statement, 0 before it

    # -- errors ------------------------------------------------------------------
    def error(self, line: int | None, token: str | None, detail: str) -> TranscriptError:
        where = f"{self.source}, line {line}" if line is not None else self.source
        if token is not None:
            where += f", {token!r}"
        return TranscriptError(f"{where}: {detail}", source=self.source, line=line,
                               token=token)

    # -- values ------------------------------------------------------------------
    def whole(self, line: int, token: str, what: str, low: int, high: int | None) -> int:
        try:
            value = int(token)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            upper = f" to {high}" if high is not None else " or more"
            raise self.error(line, token, f"{what} is a whole number from {low}{upper}")
        return value

    def cards(self, line: int, tokens: list[str], what: str, count: int
              ) -> tuple[Card, ...]:
        parsed: list[Card] = []
        for token in tokens:
            try:
                card = Card.parse(token)
            except BeloteError as err:
                raise self.error(line, token, str(err)) from err
            if card in parsed:
                raise self.error(line, token, f"{what} names {card} twice")
            parsed.append(card)
        if len(parsed) != count:
            raise self.error(line, None, f"{what} holds {count} cards, got {len(parsed)}: "
                             f"{' '.join(tokens) or '(none)'}")
        return tuple(parsed)

    def seat(self, line: int, token: str, text: str) -> Seat:
        try:
            return Seat.parse(text)
        except BeloteError as err:
            raise self.error(line, token, str(err)) from err

    # -- statements ---------------------------------------------------------------
    def feed(self, line: int, tokens: list[str]) -> None:
        keyword = tokens[0].lower()
        if self.score_line:
            raise self.error(line, tokens[0], f"nothing may follow the score line "
                             f"(line {self.score_line})")
        if keyword in _HEADER_KEYS:
            if self.deal is not None:
                raise self.error(line, tokens[0], "the header (rules, dealer, reserve, "
                                 "seed, cut, hand, turned, stock) comes before the bids")
            self.header_line(line, keyword, tokens)
        elif keyword == "bids":
            self.bids(line, tokens)
        elif keyword == "trick":
            self.trick(line, tokens)
        elif keyword == "score":
            self.score(line, tokens)
        else:
            raise self.error(line, tokens[0], "unknown statement: expected one of "
                             f"{', '.join(_HEADER_KEYS)}, bids, trick, score")

    def header_line(self, line: int, keyword: str, tokens: list[str]) -> None:
        h = self.header
        args = tokens[1:]
        if keyword == "hand":
            if not args:
                raise self.error(line, tokens[0], "a hand line names a seat, then 5 cards")
            seat = self.seat(line, args[0], args[0])
            if seat in h.hands:
                raise self.error(line, args[0], f"{seat}'s hand is already given on line "
                                 f"{h.hands[seat][1]}")
            h.hands[seat] = (self.cards(line, args[1:], f"{seat}'s hand", 5), line)
            return
        if getattr(h, keyword) is not None:
            raise self.error(line, tokens[0], f"{keyword!r} is already given on line "
                             f"{getattr(h, keyword)[1]}")
        if keyword == "rules":
            h.rules = (self.rules(line, args), line)
            return
        if keyword == "stock":
            h.stock = (self.cards(line, args, "the stock", 11), line)
            return
        if len(args) != 1:
            raise self.error(line, None, f"{keyword!r} takes exactly one value, got "
                             f"{' '.join(args) or 'none'}")
        value = args[0]
        if keyword == "dealer":
            h.dealer = (self.seat(line, value, value), line)
        elif keyword == "reserve":
            h.reserve = (self.whole(line, value, "the reserve (R6.6)", 0, None), line)
        elif keyword == "seed":
            try:
                h.seed = (int(value), line)
            except ValueError:
                raise self.error(line, value, "a seed is a whole number") from None
        elif keyword == "cut":
            h.cut = (self.whole(line, value, "the cut (R2.1)", CUT_MIN, _CUT_MAX), line)
        else:  # turned
            h.turned = (self.cards(line, args, "the turned card", 1)[0], line)

    def rules(self, line: int, args: list[str]) -> RuleSet:
        if not args:
            raise self.error(line, "rules", "name a preset: " + ", ".join(PRESETS))
        try:
            base = RuleSet.preset(args[0])
        except BeloteError as err:
            raise self.error(line, args[0], str(err)) from err
        options: dict[str, str] = {}
        for token in args[1:]:
            name, equals, value = token.partition("=")
            if not equals or not name or not value:
                raise self.error(line, token, "an option is written name=value, e.g. "
                                 "undertrump=free")
            if name in options:
                raise self.error(line, token, f"option {name!r} is given twice")
            try:
                base.replace(**{name: value})
            except BeloteError as err:
                raise self.error(line, token, str(err)) from err
            options[name] = value
        return base.replace(**options) if options else base

    # -- the deal ----------------------------------------------------------------
    def build(self, line: int | None) -> Deal:
        """The deal of the header, once the first bid, trick or score line comes."""
        if self.deal is not None:
            return self.deal
        h = self.header
        if h.dealer is None:
            raise self.error(line, None, "no 'dealer' line before the bids (R2.1)")
        dealer = h.dealer[0]
        rules = h.rules[0] if h.rules else RuleSet()
        reserve = h.reserve[0] if h.reserve else 0
        cut = h.cut[0] if h.cut else None
        if h.seed is not None:
            deal = Deal.new(dealer, h.seed[0], rules, reserve=reserve, cut=cut)
            for seat, (cards, at) in h.hands.items():
                dealt = deal.dealt_hands[seat]
                if dealt != cards:
                    raise self.error(at, None, f"seed {h.seed[0]} deals {seat} "
                                     f"{' '.join(str(c) for c in dealt)}, not "
                                     f"{' '.join(str(c) for c in cards)}")
            if h.turned is not None and h.turned[0] != deal.turned:
                raise self.error(h.turned[1], str(h.turned[0]),
                                 f"seed {h.seed[0]} turns {deal.turned}")
            if h.stock is not None and h.stock[0] != deal.initial_stock:
                raise self.error(h.stock[1], None, f"seed {h.seed[0]} leaves the stock "
                                 f"{' '.join(str(c) for c in deal.initial_stock)}")
        else:
            missing = [f"hand {s}" for s in Seat if s not in h.hands]
            missing += [k for k in ("turned", "stock") if getattr(h, k) is None]
            if missing:
                raise self.error(line, None, "without a seed the transcript gives the "
                                 f"distribution; missing: {', '.join(missing)} (R2.2, R2.3)")
            assert h.turned is not None and h.stock is not None
            first = min(at for _, at in h.hands.values())
            try:
                deal = Deal.from_hands(dealer, {s: cards for s, (cards, _) in h.hands.items()},
                                       h.turned[0], h.stock[0], rules, reserve=reserve,
                                       cut=cut)
            except BeloteError as err:
                raise self.error(first, None, f"the distribution (hands, turned, stock): "
                                 f"{err}") from err
        self.deal = deal
        return deal

    def bids(self, line: int, tokens: list[str]) -> None:
        deal = self.build(line)
        if not tokens[1:]:
            raise self.error(line, tokens[0], "a bids line holds one or more seat:bid")
        for token in tokens[1:]:
            seat_text, colon, bid_text = token.partition(":")
            if not colon:
                raise self.error(line, token, "a bid is written seat:bid, e.g. E:pass, "
                                 "N:take, W:H")
            seat = self.seat(line, token, seat_text)
            try:
                bid = Bid.parse(bid_text)
                deal.bid(bid, seat=seat)
            except BeloteError as err:
                raise self.error(line, token, str(err)) from err

    def trick(self, line: int, tokens: list[str]) -> None:
        deal = self.build(line)
        if deal.phase is not Phase.PLAY:
            raise self.error(line, tokens[0], f"no trick to play: the deal is in phase "
                             f"{deal.phase.name} (bidding goes first, R2.4–R2.7)")
        current = deal.trick
        assert current is not None
        if len(current):
            raise self.error(line, tokens[0], f"trick {len(deal.tricks) + 1} on line "
                             f"{self.trick_line} is not finished ({len(current)} cards)")
        expected = len(deal.tricks) + 1
        if len(tokens) < 2 or tokens[1] != str(expected):
            shown = tokens[1] if len(tokens) > 1 else tokens[0]
            raise self.error(line, shown, f"expected trick number {expected}")
        self.trick_line = line
        words = tokens[2:]
        if ">" in words:
            at = words.index(">")
            plays, trailer = words[:at], words[at + 1:]
        else:
            plays, trailer = words, None
        if not plays:
            raise self.error(line, tokens[1], "a trick line holds 1 to 4 seat:card")
        for index, token in enumerate(plays):
            if index and len(deal.tricks) >= expected:
                raise self.error(line, token, f"trick {expected} already has 4 cards")
            self.play(line, token, deal)
        if trailer is not None:
            self.check_trailer(line, trailer, deal, expected)

    def play(self, line: int, token: str, deal: Deal) -> None:
        match = _PLAY_TOKEN.match(token)
        if match is None:
            raise self.error(line, token, "a card is written seat:card, then +announcement "
                             "and !belote if any, e.g. E:JH+tierce:KH or W:KH!belote")
        seat = self.seat(line, token, match["seat"])
        try:
            card = Card.parse(match["card"])
            announce = tuple(self.announcement(part) for part in
                             match["announce"].split("+")[1:])
        except BeloteError as err:
            raise self.error(line, token, str(err)) from err
        call = match["call"]
        if call is not None and call.lower() not in _BELOTE_WORDS:
            raise self.error(line, token, f"unknown call {call!r}: expected !belote or "
                             "!rebelote (R5.1)")
        try:
            deal.play(card, seat=seat, announce=announce, belote=call is not None)
        except BeloteError as err:
            raise self.error(line, token, str(err)) from err
        if call is not None:
            said = deal.belote_calls[-1].word
            if call.lower() != said:
                raise self.error(line, token, f"{seat} says {said!r} with {card}: "
                                 "'belote' goes with the first of the trump king and queen "
                                 "played, 'rebelote' with the second (R5.1)")

    @staticmethod
    def announcement(text: str) -> Announcement:
        kind_text, colon, top_text = text.partition(":")
        kind = AnnouncementType.parse(kind_text)
        if not colon or not top_text:
            raise TranscriptError(f"announcement {text!r}: write type:top, e.g. tierce:KH "
                                  "or carre:J")
        if kind is AnnouncementType.CARRE:
            return Announcement.of(kind, Rank.parse(top_text))
        top = Card.parse(top_text)
        return Announcement.of(kind, top.rank, top.suit)

    def check_trailer(self, line: int, trailer: list[str], deal: Deal, number: int) -> None:
        if len(deal.tricks) < number:
            raise self.error(line, ">", f"trick {number} is not complete: the winner comes "
                             "after its 4 cards")
        if len(trailer) != 2:
            raise self.error(line, ">", "write the winner and the card points after '>', "
                             "e.g. > E 34")
        trick = deal.tricks[number - 1]
        winner = self.seat(line, trailer[0], trailer[0])
        if winner is not trick.winner:
            raise self.error(line, trailer[0], f"trick {number} {trick} is won by "
                             f"{trick.winner}, not {winner} (R1.5)")
        if trailer[1] != str(trick.points):
            raise self.error(line, trailer[1], f"trick {number} {trick} holds {trick.points} "
                             "card points (R1.2, R1.3)")

    def score(self, line: int, tokens: list[str]) -> None:
        deal = self.build(line)
        form = "score <outcome> NS:<mark> EW:<mark> reserve:<points>"
        if not deal.phase.is_over:
            raise self.error(line, tokens[0], f"the deal is not over (phase "
                             f"{deal.phase.name}): the score line comes last")
        if len(tokens) != 5:
            raise self.error(line, None, f"the score line is written {form}")
        self.score_line = line
        if deal.phase is Phase.PASSED_OUT:
            outcome = OUTCOME_PASSED_OUT
            marks = {Team.NS: 0, Team.EW: 0}
        else:
            assert deal.score is not None
            outcome = deal.score.outcome.value
            marks = dict(deal.score.marks)
        if tokens[1] not in (*_OUTCOMES, OUTCOME_PASSED_OUT):
            raise self.error(line, tokens[1], "unknown outcome: expected one of "
                             f"{', '.join((*_OUTCOMES, OUTCOME_PASSED_OUT))}")
        if tokens[1] != outcome:
            raise self.error(line, tokens[1], f"the replayed deal is {outcome!r}")
        expected = {"NS": marks[Team.NS], "EW": marks[Team.EW],
                    "reserve": deal.reserve_after}
        for token, key in zip(tokens[2:], expected, strict=True):
            name, colon, value = token.partition(":")
            if name != key or not colon:
                raise self.error(line, token, f"expected {key}:<points>; the score line is "
                                 f"written {form}")
            if value != str(expected[key]):
                what = "the reserve left (R6.6)" if key == "reserve" else f"{key}'s mark"
                raise self.error(line, token, f"the replayed deal gives {what} "
                                 f"{expected[key]}")

    def finish(self, last_line: int) -> Deal:
        deal = self.build(None)
        if deal.phase.is_over and not self.score_line:
            raise self.error(None, None, f"the deal is over ({deal.phase.name}) but the "
                             f"transcript ends at line {last_line} without its score line")
        return deal


def _statements(text: str) -> Iterator[tuple[int, list[str]]]:
    for number, raw in enumerate(text.splitlines(), 1):
        tokens = raw.split()
        if tokens and not tokens[0].startswith("#"):
            yield number, tokens


def parse_transcript(text: str, *, source: str = "<transcript>") -> Deal:
    """Replay a transcript (this module's format) through the checked Deal API.

    Args:
        text: the transcript.
        source: how to name it in error messages (a file name).

    Returns:
        The deal, equal (``==``) to the one :func:`to_transcript` wrote: same cards, cut,
        bids, cards played with their announcements and belote calls, and score. A
        transcript that stops before the end gives the deal at that point.

    Raises:
        TranscriptError: a line or token cannot be read; the header is incomplete or
            contradicts its seed; an action is refused when replayed (out of turn, an
            illegal bid, a revoke, a false announcement or belote...: the Deal API's
            error is the ``__cause__``); a trick number, winner or points, or the score
            line disagrees with the replayed deal; a finished deal without its score
            line. The message names ``source``, the line number and the token.
    """
    if not isinstance(text, str):
        raise TranscriptError(f"{source}: a transcript is text, got {text!r}", source=source)
    replay = _Replay(source)
    last = 0
    for number, tokens in _statements(text):
        replay.feed(number, tokens)
        last = number
    return replay.finish(last)


def read_transcript(path: str) -> Deal:
    """Read a transcript file (UTF-8) and replay it (:func:`parse_transcript`, with the
    path as ``source``).

    Raises:
        OSError: the file cannot be read.
        TranscriptError: as :func:`parse_transcript`.
    """
    with open(path, encoding="utf-8") as handle:
        return parse_transcript(handle.read(), source=str(path))
