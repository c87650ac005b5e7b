"""Drills: endless fresh positions that exercise one chosen rule.

A :class:`Drill` generates, from a ``random.Random``, one complete scenario of the
SCENARIOS.md model (:mod:`belote_teach.course.scenarios.model`) whose expected answers come from
the engine, so that the checker (:func:`belote_teach.course.scenarios.check.check_scenario`)
always agrees with it, with a prompt in English and French from the ``drills`` section of
the catalogs. The same generator and seed give the same scenario.

    >>> import random
    >>> from belote_teach.course.scenarios import check_scenario
    >>> undertrump = drill("must-undertrump")
    >>> scenario = undertrump.generate(random.Random(3))
    >>> scenario.kind, scenario.rule, check_scenario(scenario)
    ('play', <Rule.MUST_UNDERTRUMP: 'R3.6'>, [])
    >>> scenario == undertrump.generate(random.Random(3))
    True
    >>> undertrump.title("fr")
    'Pisser (sous-couper)'

Where the positions come from: every deal is ``Deal.new(dealer, rng=seed)``, with the
dealer and the seed drawn from the generator, preset ``classic``, bid by club players
(:class:`~belote_teach.players.ClubPlayer`); random players are
:class:`~belote_teach.players.RandomPlayer`'s choice, any legal card.

* **The rules of the pli** (R3.1–R3.7): random players play the deal up to a pli drawn
  uniformly; there every way they could play its first one to three cards is listed
  (through the fast core, ``belote_teach.engine.bitmask.legal_rule_mask``), and one that brings a
  seat to a position decided by the target rule, where the rule matters
  (:func:`rule_matters`), is drawn with the probability random players give it; when
  the pli gives none, random players play it and the next pli is searched, then a new
  deal. The seat to play becomes the learner (South); the verdict is the checked
  engine's (:func:`~belote_teach.engine.rules.legal_plays`). LEAD_ANY (R3.0) has no drill: the
  leader may play every card of the hand in every position, so each position would ask
  the same question with the same answer, and nothing in it can be got wrong.
* **The pli** (R1.5, R1.2, R1.3): pli 1 to 8, drawn uniformly, of a deal played by club
  players.
* **The bidding** (R2.4, R2.5): a turn to speak drawn among those of the round in a real
  club bidding, with the advice of :func:`~belote_teach.coach.bid_tip.bid_advice` in the
  clear cases of R9 tip 1.
* **Announcements** (R4.1–R4.3, R5.1): an 8-card hand of a real deal after completion;
  in :data:`ANNOUNCE_SOMETHING` of the draws one holding a combination or the belote,
  deals without such a hand being passed over.
* **Comparing announcements** (R4.5, R4.6): two random sets of announcements that could
  lie at one table (no card in two of them), a third of the time with a rival as strong
  or nearly so, so that the tie-breaks of R4.5 come up.
* **Scoring** (R6, R5.3): a deal played by club players, declaring all their
  announcements and saying belote-rebelote as computer players do. A contract made is
  the club players' whole deal; when it ends otherwise, and for the other outcomes
  (their share of club deals is small: dedans about 1 in 5, capot 1 in 30, litige 1 in
  80), the last four plis (five for a litige) are played by random players through the
  bitmask core (:func:`~belote_teach.engine.bitmask.random_playout`), drawn among their
  endings until one gives the outcome asked for. A capot also needs a strong
  taking team (:data:`CAPOT_TRUMPS` trumps with the jack and :data:`CAPOT_ACES` plain
  aces) that won every pli so far; other deals are passed over for it. The drill
  ``score`` draws the outcome uniformly among the four.

Generation is bounded: after :data:`MAX_ATTEMPTS` deals (or draws) without a fitting
position, :class:`~belote_teach.course.errors.DrillExhaustedError` is raised.
``benchmarks/drills.py`` prints the time each drill takes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from belote_teach.coach.bid_tip import bid_advice
from belote_teach.course.errors import DrillError, DrillExhaustedError, UnknownDrillError
from belote_teach.course.scenarios.model import (
    LEARNER,
    AnnounceScenario,
    BidScenario,
    CheckedScenario,
    CompareScenario,
    PlayScenario,
    ScoreScenario,
    TrickScenario,
)
from belote_teach.engine import bitmask
from belote_teach.engine.announcements import (
    CARRE_ORDER,
    CARRE_POINTS,
    SEQUENCE_LENGTH,
    Announcement,
    AnnouncementType,
    belote_cards,
    best_announcement,
    compare_announcements,
    find_announcements,
    has_belote,
)
from belote_teach.engine.bidding import legal_bids
from belote_teach.engine.cards import (
    SEQUENCE_ORDER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    hand_order,
)
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import LegalPlays, Rule, legal_plays
from belote_teach.engine.scoring import Outcome, score_deal
from belote_teach.engine.trick import Trick
from belote_teach.explain import LANGUAGES, card_with, catalog, suit_name
from belote_teach.players.club import ClubPlayer

__all__ = [
    "ANNOUNCE_SOMETHING",
    "CAPOT_ACES",
    "CAPOT_TRUMPS",
    "DRILLS",
    "MAX_ATTEMPTS",
    "PLAY_RULES",
    "Drill",
    "drill",
    "generate",
    "rule_matters",
]

T = TypeVar("T")

#: The most deals (or random draws) one generation tries before giving up with
#: :class:`~belote_teach.course.errors.DrillExhaustedError`. Far above what any drill
#: needs: the rarest, a capot, takes about 30 deals on average, and fewer than 200 in 100
#: draws.
MAX_ATTEMPTS = 2000

#: The share of ``announce`` scenarios whose hand is chosen among those holding at least
#: one combination or the belote (R4.1, R4.2, R5.1); the others take any hand, so that
#: "nothing to announce" comes up too.
ANNOUNCE_SOMETHING = 0.8

#: A deal is played for a capot only when the taking team holds at least this many trumps
#: between its two hands, the jack among them (R1.2) ...
CAPOT_TRUMPS = 6
#: ... and at least this many aces of the plain suits (R1.3).
CAPOT_ACES = 2

#: The R3 rules that have a drill of their own, in RULES.md order (LEAD_ANY has none: see
#: the module docstring). The drill ``trick-rules`` mixes them.
PLAY_RULES: tuple[Rule, ...] = (Rule.FOLLOW_SUIT, Rule.TRUMP_LEAD_GO_HIGHER,
                                Rule.PARTNER_MASTER, Rule.MUST_TRUMP, Rule.MUST_OVERTRUMP,
                                Rule.MUST_UNDERTRUMP, Rule.FREE_DISCARD)

#: The last plis random players play in a scoring drill, when the club players' deal does
#: not end with the outcome asked for: the rarer the outcome, the more plis it needs ...
_ENDING_TRICKS: dict[Outcome, int] = {Outcome.MADE: 4, Outcome.DEDANS: 4, Outcome.CAPOT: 4,
                                      Outcome.LITIGE: 5}
#: ... and how many random endings are tried before passing to another deal.
_ENDING_TRIES = 150
_SEATS: tuple[Seat, ...] = tuple(Seat)
_SUITS: tuple[Suit, ...] = tuple(Suit)
_CLUB = ClubPlayer()


# ---------------------------------------------------------------------------- text
def _say(path: str, lang: str, **values: object) -> str:
    """The sentence at ``path`` (dotted) of the catalog's ``drills`` section, filled in."""
    node: object = catalog(lang)["drills"]
    for part in path.split("."):
        node = node[part]  # type: ignore[index]
    return str(node).format(**values)


def _both(build: Callable[[str], str]) -> dict[str, str]:
    """A prompt in every language of the course (SCENARIOS.md ``{en: ..., fr: ...}``)."""
    return {lang: build(lang) for lang in LANGUAGES}


def _trumps(trump: Suit, lang: str) -> str:
    return _say("prompt.trumps", lang, suit=suit_name(trump, lang))


def _question(key: str, trump: Suit) -> dict[str, str]:
    """The prompt ``prompt.<key>`` of the catalogs, after the sentence naming the trump."""
    return _both(lambda lang: _say(f"prompt.{key}", lang, trumps=_trumps(trump, lang)))


def _play_prompt(trump: Suit, cards: Sequence[Card]) -> dict[str, str]:
    def build(lang: str) -> str:
        named = {key: card_with(card, "the", lang)
                 for key, card in zip(("first", "second", "third"), cards, strict=False)}
        trick = _say(f"prompt.trick_{len(cards)}", lang, **named)
        return _say("prompt.play", lang, trumps=_trumps(trump, lang), trick=trick)
    return _both(build)


# ---------------------------------------------------------------------------- drills
@dataclass(frozen=True)
class Drill:
    """One endless practice mode: fresh scenarios of one kind exercising one rule.

    Attributes:
        id: stable identifier, ``[a-z0-9-]+`` (the key of :data:`DRILLS` and of the
            catalogs' ``drills.list``).
        kind: the SCENARIOS.md kind of the scenarios it generates (``play``, ``trick``,
            ``bid``, ``announce``, ``compare``, ``score``).
        rule_ids: the RULES.md rules it exercises, e.g. ``("R3.6",)``.
        maker: ``maker(drill_id, rng)`` builds one scenario (use :meth:`generate`).
    """

    id: str
    kind: str
    rule_ids: tuple[str, ...]
    maker: Callable[[str, random.Random], CheckedScenario] = field(repr=False,
                                                                   compare=False)

    def title(self, lang: str) -> str:
        """The drill's title in ``lang`` (``"en"`` or ``"fr"``).

        Raises:
            ValueError: unknown language.
        """
        return _say(f"list.{self.id}.title", lang)

    def description(self, lang: str) -> str:
        """The drill's one-line description in ``lang``, naming its rules.

        Raises:
            ValueError: unknown language.
        """
        return _say(f"list.{self.id}.description", lang)

    def generate(self, rng: random.Random | int) -> CheckedScenario:
        """A fresh scenario of :attr:`kind`, complete and valid: its expected answers are
        the engine's, its prompt is in English and French, its rules preset ``classic``.

        Args:
            rng: the only source of chance (an int is a seed for ``random.Random``); the
                same state gives the same scenario, and it is advanced.

        Returns:
            A :class:`~belote_teach.course.scenarios.model.PlayScenario`, ``TrickScenario``,
            ``BidScenario``, ``AnnounceScenario``, ``CompareScenario`` or
            ``ScoreScenario``; its ``id`` is the drill's id followed by the deal's seed
            (and the pli), e.g. ``must-overtrump-3141592653-6``.

        Raises:
            DrillError: ``rng`` is neither a ``random.Random`` nor an int.
            DrillExhaustedError: no fitting position in :data:`MAX_ATTEMPTS` deals.
        """
        return self.maker(self.id, _generator(rng))


def _generator(rng: object) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    raise DrillError(f"rng must be a random.Random or an int seed, got {rng!r}")


# ---------------------------------------------------------------------------- real deals
def _club_bidding(deal: Deal, rng: random.Random) -> None:
    """Club players bid until the deal is taken or passed out (R2.4–R2.6, R9 tip 1)."""
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        deal.bid(_CLUB.choose_bid(deal.observation(seat), rng).action, seat=seat)


def _new_deal(rng: random.Random) -> tuple[Deal, int]:
    """A new deal of a random dealer, shuffled with a seed drawn from ``rng``."""
    seed = rng.getrandbits(32)
    return Deal.new(rng.choice(_SEATS), rng=seed), seed


def _taken_deal(rng: random.Random) -> tuple[Deal, int] | None:
    """A new deal bid by club players: ``(deal, seed)`` ready to play, ``None`` if passed
    out (R2.6)."""
    deal, seed = _new_deal(rng)
    _club_bidding(deal, rng)
    return (deal, seed) if deal.phase is Phase.PLAY else None


def _club_card(deal: Deal, rng: random.Random) -> None:
    """The seat to play plays a club player's card, declaring its announcements with its
    first card (R4.4) and saying belote-rebelote (R5.1, R5.2) as computer players do."""
    seat = deal.turn
    assert seat is not None
    seen = deal.observation(seat)
    announce = (tuple(_CLUB.choose_announcements(seen, rng).action)
                if seen.announcements_available else ())
    card = _CLUB.choose_card(seen, rng).action
    deal.play(card, seat=seat, announce=announce, belote=deal.may_say_belote(seat, card))


def _club_trick(deal: Deal, rng: random.Random) -> None:
    """Club players finish the pli being played."""
    done = len(deal.trick_winners)
    while deal.phase is Phase.PLAY and len(deal.trick_winners) == done:
        _club_card(deal, rng)


def _random_trick(deal: Deal, rng: random.Random) -> None:
    """Random players (:class:`~belote_teach.players.RandomPlayer`'s choice: any legal
    card, drawn from ``rng``) finish the pli being played."""
    done = len(deal.trick_winners)
    while deal.phase is Phase.PLAY and len(deal.trick_winners) == done:
        _play(deal, rng.choice(deal.legal_plays.cards))


def _play(deal: Deal, card: Card) -> None:
    """The seat to play plays ``card``, saying belote-rebelote when it may (R5.2)."""
    seat = deal.turn
    assert seat is not None
    deal.play(card, seat=seat, belote=deal.may_say_belote(seat, card))


def _weighted(items: Sequence[tuple[T, float]], rng: random.Random) -> int:
    """The index of an item drawn with probability proportional to its weight."""
    left = rng.random() * sum(weight for _, weight in items)
    for index, (_, weight) in enumerate(items):
        left -= weight
        if left < 0:
            return index
    return len(items) - 1


# ---------------------------------------------------------------------------- R3: play
def rule_matters(legal: LegalPlays) -> bool:
    """Whether a position exercises its deciding rule (the criterion of the play drills).

    * FOLLOW_SUIT, TRUMP_LEAD_GO_HIGHER, MUST_TRUMP, MUST_OVERTRUMP, MUST_UNDERTRUMP
      (R3.1, R3.2, R3.4–R3.6): at least one card of the hand is illegal.
    * PARTNER_MASTER (R3.3), and MUST_UNDERTRUMP with the option ``undertrump: free``:
      every card is legal by definition; the position counts when the hand holds both
      trumps and other cards, so that a learner could think a trump is required.
    * FREE_DISCARD (R3.7): every card is legal; the position counts when the hand holds
      at least two suits, so that a learner could think one of them is required.
    * LEAD_ANY (R3.0): never (the leader may play anything, whatever the hand).

    Args:
        legal: the engine's verdict on a position (:func:`belote_teach.engine.rules.legal_plays`).
    """
    hand = legal.hand
    if legal.rule is Rule.LEAD_ANY:
        return False
    free_undertrump = (legal.rule is Rule.MUST_UNDERTRUMP
                       and legal.rules.undertrump == "free")
    if legal.rule is Rule.PARTNER_MASTER or free_undertrump:
        trumps = sum(1 for card in hand if card.suit is legal.trump)
        return 0 < trumps < len(hand)
    if legal.rule is Rule.FREE_DISCARD:
        return len({card.suit for card in hand}) >= 2
    return len(legal.cards) < len(hand)


def _trick_openings(deal: Deal, target: Rule) -> list[tuple[tuple[int, ...], float]]:
    """Every way random players could play the first 1–3 cards of the pli about to start
    such that the next seat's position is decided by ``target``, each with its probability
    under random play (card indices of the fast core, leader first)."""
    trick = deal.trick
    trump = deal.trump
    assert trick is not None and trump is not None and not trick.cards
    seat = trick.leader
    masks = []
    for _ in range(4):
        masks.append(bitmask.hand_mask(deal.hand(seat)))
        seat = seat.next
    suit = bitmask.suit_index(trump)
    free = deal.rules.undertrump == "free"
    over_partner = deal.rules.overtrump_partner_on_trump_lead
    wanted = int(target.rule_id.split(".")[1])
    found: list[tuple[tuple[int, ...], float]] = []

    def walk(prefix: tuple[int, ...], weight: float) -> None:
        rule, legal = bitmask.legal_rule_mask(masks[len(prefix)], prefix, suit, free,
                                            over_partner)
        if prefix and rule == wanted:
            found.append((prefix, weight))
        if len(prefix) == 3:
            return
        cards = bitmask.mask_indices(legal)
        share = weight / len(cards)
        for card in cards:
            walk((*prefix, card), share)

    walk((), 1.0)
    return found


def _position(deal: Deal, target: Rule, rng: random.Random
              ) -> tuple[tuple[Card, ...], tuple[Card, ...], LegalPlays] | None:
    """At the start of a pli: ``(hand, trick cards, verdict)`` of a position decided by
    ``target`` where the rule matters, drawn as random players would reach it; ``None``
    when no opening of this pli gives one. The verdict is the checked engine's."""
    trump = deal.trump
    trick = deal.trick
    assert trump is not None and trick is not None
    openings = _trick_openings(deal, target)
    while openings:
        prefix, _ = openings.pop(_weighted(openings, rng))
        seat = trick.leader
        for _ in prefix:
            seat = seat.next
        cards = tuple(bitmask.index_card(index) for index in prefix)
        hand = tuple(hand_order(deal.hand(seat), trump))
        legal = legal_plays(hand, Trick.before(LEARNER, trump, cards), deal.rules)
        if legal.rule is target and rule_matters(legal):
            return hand, cards, legal
    return None


def _play_scenario(target: Rule, drill_id: str, rng: random.Random) -> PlayScenario:
    """A ``play`` scenario decided by ``target`` (R3), from a real deal (module docstring)."""
    for _ in range(MAX_ATTEMPTS):
        taken = _taken_deal(rng)
        if taken is None:
            continue
        deal, seed = taken
        for _ in range(rng.randrange(8)):
            _random_trick(deal, rng)
        while deal.phase is Phase.PLAY:
            found = _position(deal, target, rng)
            if found is not None:
                hand, cards, legal = found
                trump = legal.trump
                number = len(deal.trick_winners) + 1
                return PlayScenario(
                    id=f"{drill_id}-{seed}-{number}", trump=trump, trick_cards=cards,
                    hand=hand, legal=frozenset(legal.cards), rule=legal.rule,
                    prompt=_play_prompt(trump, cards), source=legal.rule.rule_id,
                    rules=deal.rules)
            _random_trick(deal, rng)
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, f"position decided by {target.name}")


def _mixed_play_scenario(drill_id: str, rng: random.Random) -> PlayScenario:
    """A ``play`` scenario decided by one of :data:`PLAY_RULES`, drawn uniformly."""
    return _play_scenario(rng.choice(PLAY_RULES), drill_id, rng)


# ---------------------------------------------------------------------------- R1.5: tricks
def _trick_scenario(drill_id: str, rng: random.Random) -> TrickScenario:
    """A ``trick`` scenario: pli 1–8 (drawn uniformly) of a deal played by club players."""
    for _ in range(MAX_ATTEMPTS):
        taken = _taken_deal(rng)
        if taken is None:
            continue
        deal, seed = taken
        number = rng.randrange(8) + 1
        for _ in range(number):
            _club_trick(deal, rng)
        trick = deal.tricks[number - 1]
        winner = [play.seat for play in trick.plays].index(trick.winner) + 1
        return TrickScenario(
            id=f"{drill_id}-{seed}-{number}", trump=trick.trump, cards=trick.cards,
            winner=winner, points=trick.points,
            prompt=_question("trick", trick.trump),
            source="R1.5, R1.2, R1.3", rules=deal.rules)
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, "deal taken by a club player")


# ---------------------------------------------------------------------------- R2: bidding
def _bid_prompt(turned: Card, round: int, before: int) -> dict[str, str]:
    def build(lang: str) -> str:
        if before == 0:
            said = _say("prompt.before_first", lang)
        elif before == 1:
            said = _say("prompt.before_one", lang)
        else:
            said = _say("prompt.before_many", lang, n=before)
        return _say(f"prompt.bid_{round}", lang, turned=card_with(turned, "the", lang),
                    before=said)
    return _both(build)


def _bid_scenario(round: int, drill_id: str, rng: random.Random) -> BidScenario:
    """A ``bid`` scenario of ``round``: one turn to speak of a real club bidding."""
    for _ in range(MAX_ATTEMPTS):
        deal, seed = _new_deal(rng)
        turns: list[tuple[Observation, tuple[str, ...]]] = []
        while deal.phase.is_bidding:
            seat = deal.turn
            assert seat is not None
            seen = deal.observation(seat)
            if deal.phase is (Phase.BIDDING_1 if round == 1 else Phase.BIDDING_2):
                turns.append((seen, tuple(str(bid) for _, bid in deal.bids)))
            deal.bid(_CLUB.choose_bid(seen, rng).action, seat=seat)
        if not turns:
            continue
        seen, history = turns[rng.randrange(len(turns))]
        hand = tuple(hand_order(deal.dealt_hands[seen.seat]))
        this_round = history if round == 1 else history[4:]
        allowed = frozenset(str(bid) for bid in legal_bids(deal.turned, round, this_round))
        advice, reason = bid_advice(seen)
        return BidScenario(
            id=f"{drill_id}-{seed}-{len(history) + 1}", turned=deal.turned, round=round,
            hand=hand, history=history, legal_bids=allowed, advice=advice, reason=reason,
            prompt=_bid_prompt(deal.turned, round, len(this_round)),
            source="R2.4" if round == 1 else "R2.5", rules=deal.rules)
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, f"bidding that reaches round {round}")


# ---------------------------------------------------------------------------- R4: announcements
def _announce_scenario(drill_id: str, rng: random.Random) -> AnnounceScenario:
    """An ``announce`` scenario: an 8-card hand of a real deal, holding a combination or
    the belote in :data:`ANNOUNCE_SOMETHING` of the draws."""
    wants_something = rng.random() < ANNOUNCE_SOMETHING
    for _ in range(MAX_ATTEMPTS):
        taken = _taken_deal(rng)
        if taken is None:
            continue
        deal, seed = taken
        trump = deal.trump
        assert trump is not None
        hands = {seat: tuple(hand_order(deal.hand(seat), trump)) for seat in _SEATS}
        seats = [seat for seat in _SEATS if not wants_something
                 or find_announcements(hands[seat], trump) or has_belote(hands[seat], trump)]
        if not seats:
            continue
        seat = rng.choice(seats)
        hand = hands[seat]
        return AnnounceScenario(
            id=f"{drill_id}-{seed}-{seat.value.lower()}", trump=trump, hand=hand,
            announcements=find_announcements(hand, trump), belote=has_belote(hand, trump),
            prompt=_question("announce", trump),
            source="R4.1, R4.2, R4.3, R5.1", rules=deal.rules)
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, "hand holding an announcement")


#: How often each kind of announcement is drawn for the ``compare`` drill (relative).
_KIND_WEIGHTS: dict[AnnouncementType, int] = {
    AnnouncementType.TIERCE: 45, AnnouncementType.CINQUANTE: 25, AnnouncementType.CENT: 12,
    AnnouncementType.CARRE: 18}


def _random_announcement(rng: random.Random) -> Announcement:
    kind = rng.choices(tuple(_KIND_WEIGHTS), weights=tuple(_KIND_WEIGHTS.values()))[0]
    if kind is AnnouncementType.CARRE:
        return Announcement.of(kind, rng.choice(CARRE_ORDER))
    top = SEQUENCE_ORDER[rng.randrange(SEQUENCE_LENGTH[kind] - 1, len(SEQUENCE_ORDER))]
    return Announcement.of(kind, top, rng.choice(_SUITS))


def _rival(best: Announcement, rng: random.Random) -> Announcement:
    """An announcement worth as many points as ``best`` or close, so that R4.5's
    tie-breaks decide: the same sequence in another suit, the same kind of sequence to
    another card, another carré, or a cent against a carré of 100."""
    if best.is_carre:
        options = [Announcement.of("carre", rng.choice([r for r in CARRE_ORDER
                                                         if r is not best.top]))]
        if best.points == 100:
            options.append(Announcement.of("cent", rng.choice(SEQUENCE_ORDER[4:]),
                                           rng.choice(_SUITS)))
        return rng.choice(options)
    low = SEQUENCE_LENGTH[best.type] - 1
    options = [
        Announcement.of(best.type, best.top,
                        rng.choice([s for s in _SUITS if s is not best.suit])),
        Announcement.of(best.type, rng.choice([r for r in SEQUENCE_ORDER[low:]
                                               if r is not best.top]), rng.choice(_SUITS)),
    ]
    if best.type is AnnouncementType.CENT:
        options.append(Announcement.of("carre", rng.choice(
            [rank for rank in CARRE_ORDER if CARRE_POINTS[rank] == 100])))
    return rng.choice(options)


def _compare_scenario(drill_id: str, rng: random.Random) -> CompareScenario:
    """A ``compare`` scenario: one or two announcements per team (sometimes none for one
    team), a third of the time a rival worth as much as the other team's best, never
    two announcements sharing a card (they could all lie at one table)."""
    for _ in range(MAX_ATTEMPTS):
        number = rng.getrandbits(32)
        trump = rng.choice(_SUITS)
        teams = {team: [_random_announcement(rng) for _ in range(rng.choice((1, 1, 2)))]
                 for team in Team}
        if rng.random() < 1 / 3:
            best = best_announcement(teams[Team.NS], trump)
            assert best is not None
            teams[Team.EW][0] = _rival(best, rng)
        elif rng.random() < 0.15:
            teams[rng.choice((Team.NS, Team.EW))] = []
        for announcements in teams.values():
            rng.shuffle(announcements)
        cards = [card for team in teams.values() for a in team for card in a.implied_cards]
        if len(cards) != len(set(cards)):
            continue
        ns, ew = tuple(teams[Team.NS]), tuple(teams[Team.EW])
        winner, points = compare_announcements(ns, ew, trump)
        return CompareScenario(
            id=f"{drill_id}-{number}", trump=trump, ns=ns, ew=ew, winner=winner,
            points=points,
            prompt=_question("compare", trump),
            source="R4.5, R4.6")
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, "set of announcements without a "
                              "card in two of them")


# ---------------------------------------------------------------------------- R6: scoring
def _capot_material(deal: Deal) -> bool:
    """Whether the taking team holds :data:`CAPOT_TRUMPS` trumps with the jack and
    :data:`CAPOT_ACES` plain aces between its two hands."""
    taker, trump = deal.taker, deal.trump
    assert taker is not None and trump is not None
    cards = [card for seat in taker.team.seats for card in deal.hand(seat)]
    trumps = [card for card in cards if card.suit is trump]
    aces = sum(1 for card in cards if card.rank is Rank.ACE and card.suit is not trump)
    return (len(trumps) >= CAPOT_TRUMPS and Card(Rank.JACK, trump) in trumps
            and aces >= CAPOT_ACES)


def _ending(deal: Deal, outcome: Outcome, rng: random.Random) -> tuple[Card, ...] | None:
    """The cards of an ending of ``deal`` (from the start of a pli) that gives ``outcome``:
    random players' endings are drawn
    (:func:`~belote_teach.engine.bitmask.random_playout`) until one gives it, so the one
    returned is drawn as random players would play it, given the outcome. ``None`` after
    :data:`_ENDING_TRIES` endings that do not give it."""
    trump, taker, leader = deal.trump, deal.taker, deal.turn
    assert trump is not None and taker is not None and leader is not None
    pair = set(belote_cards(trump))
    belote = next((seat.team for seat in _SEATS
                   if pair <= (deal.start_hand(seat) or frozenset())), None)
    declared: dict[Team, list[Announcement]] = {team: [] for team in Team}
    for said in deal.declarations:
        declared[said.seat.team].append(said.announcement)
    hands = [bitmask.hand_mask(deal.hand(seat)) for seat in bitmask.SEATS]
    points, tricks = deal.card_points, deal.tricks_won
    first, suit = bitmask.seat_index(leader), bitmask.suit_index(trump)
    free = deal.rules.undertrump == "free"
    over_partner = deal.rules.overtrump_partner_on_trump_lead
    outcomes: dict[tuple[int, ...], Outcome] = {}
    for _ in range(_ENDING_TRIES):
        ending = bitmask.random_playout(hands, first, suit, rng, undertrump_free=free,
                                        overtrump_partner=over_partner)
        key = (points[Team.NS] + ending.card_points[0], points[Team.EW] + ending.card_points[1],
               tricks[Team.NS] + ending.tricks[0], tricks[Team.EW] + ending.tricks[1])
        if key not in outcomes:
            outcomes[key] = score_deal(
                takers=taker.team, card_points={Team.NS: key[0], Team.EW: key[1]},
                tricks={Team.NS: key[2], Team.EW: key[3]}, belote=belote,
                announcements=declared, trump=trump, rules=deal.rules).outcome
        if outcomes[key] is outcome:
            return tuple(bitmask.index_card(index) for index in ending.plays)
    return None


def _finish(deal: Deal, outcome: Outcome, rng: random.Random) -> bool:
    """Play ``deal`` to its end towards ``outcome``: club players play the first plis and,
    for a contract made, the rest too; when that ends otherwise (and for the rarer
    outcomes at once), random players play the last ``_ENDING_TRICKS[outcome]`` plis,
    drawn among their endings that give ``outcome`` (:func:`_ending`). False (the deal
    left unfinished) when none was found."""
    kept = 8 - _ENDING_TRICKS[outcome]
    while deal.phase is Phase.PLAY and len(deal.trick_winners) < kept:
        if outcome is Outcome.CAPOT and len({seat.team for seat in deal.trick_winners}) > 1:
            return False  # both teams won a pli that is not played again: no capot
        _club_trick(deal, rng)
    if outcome is Outcome.CAPOT and len({seat.team for seat in deal.trick_winners}) > 1:
        return False
    if outcome is Outcome.MADE:
        while deal.phase is Phase.PLAY:
            _club_trick(deal, rng)
        score = deal.score
        assert score is not None
        if score.outcome is outcome:
            return True
        for _ in range(4 * (8 - kept)):
            deal.pop()
    ending = _ending(deal, outcome, rng)
    if ending is None:
        return False
    for card in ending:
        _play(deal, card)
    return True


def _score_prompt(takers: Team, trump: Suit) -> dict[str, str]:
    return _both(lambda lang: _say("prompt.score", lang,
                                   takers=_say(f"prompt.team_{takers.value}", lang),
                                   suit=suit_name(trump, lang)))


def _score_scenario(outcome: Outcome | None, drill_id: str, rng: random.Random
                    ) -> ScoreScenario:
    """A ``score`` scenario of a real deal ending in ``outcome`` (any of the four, drawn
    uniformly, when ``None``): module docstring."""
    wanted = outcome if outcome is not None else rng.choice(tuple(Outcome))
    for _ in range(MAX_ATTEMPTS):
        taken = _taken_deal(rng)
        if taken is None:
            continue
        deal, seed = taken
        if wanted is Outcome.CAPOT and not _capot_material(deal):
            continue
        if not _finish(deal, wanted, rng):
            continue
        score = deal.score
        trump = deal.trump
        assert score is not None and trump is not None
        return ScoreScenario(
            id=f"{drill_id}-{seed}", takers=score.takers, card_points=dict(score.card_points),
            tricks=dict(score.tricks), trump=trump, belote=score.belote,
            announcements={team: tuple(score.announcements[team]) for team in Team},
            outcome=score.outcome, marks=dict(score.marks),
            reserve_after=score.reserve_after, prompt=_score_prompt(score.takers, trump),
            source="R6, R5.3", rules=deal.rules)
    raise DrillExhaustedError(drill_id, MAX_ATTEMPTS, f"deal ending {wanted.value}")


# ---------------------------------------------------------------------------- registry
def _registry() -> dict[str, Drill]:
    drills = [
        *(Drill(rule.name.lower().replace("_", "-"), "play", (rule.rule_id,),
                functools.partial(_play_scenario, rule)) for rule in PLAY_RULES),
        Drill("trick-rules", "play", tuple(rule.rule_id for rule in PLAY_RULES),
              _mixed_play_scenario),
        Drill("trick-winner", "trick", ("R1.5", "R1.2", "R1.3"), _trick_scenario),
        Drill("bid-round-1", "bid", ("R2.4", "R9"), functools.partial(_bid_scenario, 1)),
        Drill("bid-round-2", "bid", ("R2.5", "R9"), functools.partial(_bid_scenario, 2)),
        Drill("announce", "announce", ("R4.1", "R4.2", "R4.3", "R5.1"), _announce_scenario),
        Drill("compare-announcements", "compare", ("R4.5", "R4.6"), _compare_scenario),
        Drill("score", "score", ("R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R5.3"),
              functools.partial(_score_scenario, None)),
        Drill("score-made", "score", ("R6.1", "R6.2", "R6.3"),
              functools.partial(_score_scenario, Outcome.MADE)),
        Drill("score-dedans", "score", ("R6.1", "R6.2", "R6.4"),
              functools.partial(_score_scenario, Outcome.DEDANS)),
        Drill("score-litige", "score", ("R6.1", "R6.2", "R6.6"),
              functools.partial(_score_scenario, Outcome.LITIGE)),
        Drill("score-capot", "score", ("R6.5",),
              functools.partial(_score_scenario, Outcome.CAPOT)),
    ]
    return {d.id: d for d in drills}


#: Every drill by id, in the order a menu shows them: the rules of the pli (R3.1–R3.7,
#: then all mixed), the pli's winner and points, the two bidding rounds, announcements,
#: their comparison, scoring (any outcome, then one outcome each).
DRILLS: Mapping[str, Drill] = MappingProxyType(_registry())


def drill(drill_id: str) -> Drill:
    """The drill ``drill_id`` of :data:`DRILLS`.

    Raises:
        UnknownDrillError: no such drill; the message lists the ids.
    """
    try:
        return DRILLS[drill_id]
    except (KeyError, TypeError):
        raise UnknownDrillError(f"unknown drill {drill_id!r}: expected one of "
                                f"{', '.join(DRILLS)}") from None


def generate(drill_id: str, rng: random.Random | int) -> CheckedScenario:
    """A fresh scenario of the drill ``drill_id``: ``drill(drill_id).generate(rng)``.

    Raises:
        UnknownDrillError, DrillError, DrillExhaustedError: as :func:`drill` and
            :meth:`Drill.generate`.
    """
    return drill(drill_id).generate(rng)
