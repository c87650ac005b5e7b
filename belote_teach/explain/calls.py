"""Learner text of the coach's reviews of calls: bids (R2.4, R2.5), announcements (R4)
and belote-rebelote (R5), in English and French (:mod:`belote_teach.coach.calls`).

As in :mod:`belote_teach.explain`, the sentences live in the ``calls`` section of the
catalogs (``en.yaml``, ``fr.yaml``); these functions only pick the sentences that fit the
review and fill in the cards, suits and percentages. French belote words (prendre,
passer, atout, retourne, dedans, belote, tierce, ...) stay French in both languages.

    >>> from belote_teach.engine.bidding import PASS, TAKE, Bid
    >>> bid_name(TAKE, "en"), bid_name(PASS, "fr"), bid_name(Bid.parse("D"), "fr")
    ('prendre (take)', 'passer', 'prendre à carreau')
    >>> from belote_teach.engine.announcements import Announcement, AnnouncementType
    >>> announcement_name(Announcement.from_cards(["8C", "9C", "10C"]), "fr")
    'tierce 10♣ 9♣ 8♣ (20 points)'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence

from belote_teach.engine.announcements import Announcement, AnnouncementType, belote_cards
from belote_teach.engine.bidding import Bid, BidKind
from belote_teach.engine.cards import SEQUENCE_ORDER, Card, Rank, Seat, Suit
from belote_teach.engine.rules import PRESETS, RuleSet
from belote_teach.explain import (
    CardText,
    capitalised,
    card_short,
    join_cards,
    join_words,
    plural_key,
    say,
    seat_name,
    seat_of,
    suit_name,
    technique,
    text,
    the_card,
)

__all__ = [
    "announcement_hint",
    "announcement_name",
    "announcement_review",
    "announcement_type_name",
    "belote_review",
    "bid_hint",
    "bid_name",
    "bid_review",
    "bid_words",
    "first_sentence",
    "list_cards",
    "trump_sentences",
]


#: Where a sentence ends in the catalogs' text: a full stop, ! or ? followed by a space
#: and the next sentence's first letter, quote or bracket ("(R4.1). Declared…"); a
#: decimal point or a rule ID ("R4.1") has no space after it.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ«“\"(])")


def first_sentence(text: str) -> tuple[str, str]:
    """A review split into its first sentence, the verdict, and the rest, the reasons
    (``("You left out tierce K♠ Q♠ J♠ (20 points) (R4.1).", "Declared with…")``); the
    rest is ``""`` for a one-sentence review. Raises nothing."""
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _say(key: str, lang: str, **values: object) -> str:
    """The sentence ``key`` of the ``calls`` section, filled in and capitalised."""
    return capitalised(say(f"calls.{key}", lang, **values))


def _percent(rate: float) -> str:
    """A probability 0.0-1.0 as a whole percentage: ``0.85`` -> ``"85"``."""
    return f"{100 * rate:.0f}"


def list_cards(cards: Iterable[Card], lang: str, trump: Suit | None = None) -> str:
    """Cards held together, in hand order (trumps first, each suit strongest first):
    ``"J♥, 9♥ and A♥"`` / ``"V♥, 9♥ et A♥"``."""
    return join_cards(cards, lang, trump, "and")


# ---------------------------------------------------------------------------- bids
def bid_name(bid: Bid, lang: str) -> str:
    """The bid as a learner says it: ``"prendre (take)"``, ``"passer (pass)"``, ``"naming
    diamonds as atout"`` / ``"prendre"``, ``"passer"``, ``"prendre à carreau"`` (R2.4, R2.5).

    Raises:
        ValueError: unknown language.
    """
    if bid.kind is BidKind.SUIT:
        assert bid.suit is not None
        return say("calls.bids.suit", lang, suit=suit_name(bid.suit, lang))
    return say(f"calls.bids.{bid.kind.value}", lang)


def bid_words(bid: Bid, lang: str) -> str:
    """The bid as the player says it at the table, in the first person: ``"Je prends"``,
    ``"Je passe"``, ``"Je prends à cœur ♥"`` / ``"I take"``, ``"I pass"``, ``"I take
    hearts ♥"`` (R2.4, R2.5; catalog ``calls.said``). The one wording of a bid on every
    bidding button (the lessons' exercises and the table) and in the words each seat
    says; :func:`bid_name` names the bid inside a sentence.

    Raises:
        ValueError: unknown language.
    """
    if bid.kind is BidKind.SUIT:
        assert bid.suit is not None
        return say("calls.said.suit", lang, suit=suit_name(bid.suit, lang),
                   symbol=bid.suit.symbol)
    return say(f"calls.said.{bid.kind.value}", lang)


def _bid_list(bids: Iterable[Bid], lang: str) -> str:
    return join_words([bid_name(b, lang) for b in bids], lang, "or")


def trump_sentences(suit: Suit, trumps: Sequence[Card], turned: Card, round_: int,
                    lang: str) -> list[str]:
    """The atouts the learner would hold with ``suit`` as atout, and whether the J or the
    9 is among them (R9 tip 1), as the sentences of a bid's review: ``["With hearts as
    atout, your atouts would be J♥, 9♥ and A♥.", "You hold the J♥ and the 9♥, the two
    best atouts (tip 1: …)."]``.

    Args:
        suit: the atout suit the sentences describe.
        trumps: the cards of that suit the learner would hold (the retourne included in
            round 1 when of that suit, R2.7).
        turned: the retourne; ``round_``: the bidding round, 1 or 2.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        UnknownLanguageError: unknown language.
    """
    jack, nine = Card(Rank.JACK, suit), Card(Rank.NINE, suit)
    if not trumps:
        return [_say("trumps_none", lang, suit=suit_name(suit, lang))]
    shown = list_cards(trumps, lang, suit)
    if round_ == 1 and turned in trumps:
        key = "trumps_round1_only" if len(trumps) == 1 else "trumps_round1"
        parts = [_say(key, lang, trumps=shown, turned=card_short(turned, lang))]
    else:
        key = "trumps_one" if len(trumps) == 1 else "trumps"
        parts = [_say(key, lang, trumps=shown, suit=suit_name(suit, lang))]
    key = {(True, True): "honours_both", (True, False): "honours_jack",
           (False, True): "honours_nine", (False, False): "honours_none"}[
        (jack in trumps, nine in trumps)]
    parts.append(_say(key, lang, jack=the_card(jack, lang), nine=the_card(nine, lang)))
    return parts


def bid_review(*, verdict: str, bid: Bid, recommended: Bid | None, round_: int,
               turned: Card, legal: Sequence[Bid], chance: float | None,
               recommended_chance: float | None, candidate: Bid | None,
               candidate_chance: float | None, samples: int, threshold: float,
               tolerance: float, min_trumps: int, suit: Suit | None,
               trumps: Sequence[Card], club_reason: enum.Enum | None,
               club_cards: Sequence[Card], club_trump: Suit | None, lang: str,
               club_bid: Bid | None = None) -> str:
    """The coach's review of a bid in words (``belote_teach.coach.calls.BidReview``).

    Args:
        verdict: ``"illegal"``, ``"best"``, ``"also_good"``, ``"inaccuracy"`` or
            ``"mistake"``.
        bid: the learner's bid; ``recommended``: the coach's (``None`` when illegal).
        round_: the bidding round, 1 or 2; ``turned``: the retourne; ``legal``: the bids
            allowed.
        chance: probability 0.0-1.0 that the learner's taking bid makes the contract
            (``None`` for a pass); ``recommended_chance``: the same for the recommended
            bid (``None`` for a pass).
        candidate: the simulated taking bid with the best chance, ``candidate_chance``
            its chance (``None`` when no suit was worth simulating).
        samples: deals simulated; ``threshold``: probability from which the coach takes;
            ``tolerance``: probability within which sampling cannot tell two bids apart;
            ``min_trumps``: atouts needed for a suit to be simulated.
        suit: the atout suit the cards sentence describes, ``trumps``: the atouts the
            learner would hold with it (``None``: no sentence).
        club_reason, club_cards, club_trump: the club player's reason for the same
            position (a ``Technique``), the cards it names, the suit to order them by.
        lang: ``"en"`` or ``"fr"``.
        club_bid: the club player's bid for the same position. Its reason is quoted
            ("A club player would tell you: ...") only when it agrees with the verdict:
            the club player chose the recommended bid, or, for a bid that is also good,
            the learner's. Otherwise the review says instead that tip 1 alone would
            choose ``club_bid`` and that the simulated deals favour the recommended bid
            (R9 tip 1), so that the quote never contradicts the grade. ``None``: the
            reason is quoted as it is (callers that know no bid).

    Raises:
        ValueError: unknown language.
        KeyError: unknown verdict.
    """
    name = bid_name(bid, lang)
    facts: dict[str, object] = {
        "bid": name, "samples": samples, "threshold": _percent(threshold),
        "tolerance": _percent(tolerance), "min_trumps": min_trumps,
        "turned": card_short(turned, lang), "turned_suit": suit_name(turned.suit, lang),
    }
    if verdict == "illegal":
        if round_ == 1:
            key = "illegal_round1"
        elif bid.kind is BidKind.SUIT and bid.suit is turned.suit:
            key = "illegal_round2_turned"
        else:
            key = "illegal_round2_take"
        return " ".join([_say("illegal", lang, **facts), _say(key, lang, **facts),
                         _say("legal", lang, legal=_bid_list(legal, lang))])
    assert recommended is not None
    facts["best"] = bid_name(recommended, lang)
    parts = [_say(verdict, lang, **facts)]
    if suit is not None:
        parts += trump_sentences(suit, trumps, turned, round_, lang)
    if chance is not None:                                          # the learner took
        parts.append(_say("rate_take", lang, rate=_percent(chance), **facts))
        if recommended != bid and recommended_chance is not None:
            parts.append(_say("rate_best", lang, best_rate=_percent(recommended_chance),
                              **facts))
        if verdict in ("inaccuracy", "mistake") and chance < threshold:
            parts.append(_say("dedans", lang, fail=_percent(1.0 - chance)))
    elif recommended_chance is not None:                            # passed, should take
        parts.append(_say("rate_pass", lang, best_rate=_percent(recommended_chance),
                          **facts))
        if verdict == "mistake":
            parts.append(_say("pass_gives_away", lang))
    elif candidate is not None and candidate_chance is not None:    # passed, right
        parts.append(_say("rate_pass_right", lang, candidate=bid_name(candidate, lang),
                          rate=_percent(candidate_chance), **facts))
    else:
        parts.append(_say("no_candidate", lang, **facts))
    if club_reason is not None:
        agrees = (club_bid is None or club_bid == recommended
                  or (verdict == "also_good" and club_bid == bid))
        if agrees:
            reason = technique(club_reason, lang, club_cards, club_trump)
            parts.append(_say("club", lang, reason=reason))
        else:
            assert club_bid is not None
            parts.append(_say("club_differs", lang, club_bid=bid_name(club_bid, lang),
                              **facts))
    return " ".join(parts)


def bid_hint(*, bid: Bid, trumps: Sequence[Card], suit: Suit | None,
             chance: float | None, candidate: Bid | None, samples: int,
             threshold: float, min_trumps: int, lang: str) -> str:
    """The coach's bid hint in one line (``belote_teach.coach.calls.BidHint``).

    Args:
        bid: the recommended bid; ``trumps`` the atouts it gives (suit ``suit``).
        chance: probability 0.0-1.0 of making the contract with ``bid`` when it takes,
            else with ``candidate`` (the best simulated taking bid, ``None`` if none).
        samples, threshold, min_trumps: as for :func:`bid_review`.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        ValueError: unknown language.
    """
    facts: dict[str, object] = {"samples": samples, "threshold": _percent(threshold),
                                "min_trumps": min_trumps}
    if bid.ends_bidding:
        assert chance is not None
        return _say("hint_take", lang, best=bid_name(bid, lang),
                    trumps=list_cards(trumps, lang, suit), best_rate=_percent(chance),
                    **facts)
    if candidate is None or chance is None:
        return _say("hint_pass_hopeless", lang, **facts)
    return _say("hint_pass", lang, candidate=bid_name(candidate, lang),
                rate=_percent(chance), **facts)


# ---------------------------------------------------------------------------- announcements
def _announcement_cards(announcement: Announcement) -> list[Card]:
    """The cards of an announcement as shown: a run from its top card down (R1.6), a
    carré suit by suit."""
    cards = announcement.implied_cards
    if announcement.is_carre:
        return [c for s in Suit for c in cards if c.suit is s]
    return sorted(cards, key=lambda c: -SEQUENCE_ORDER.index(c.rank))


def announcement_type_name(kind: AnnouncementType, lang: str) -> str:
    """The name of a kind of announcement, the word a player says when declaring it
    (R4.1, R4.2, R4.4): ``"tierce"``, ``"cinquante"``, ``"cent"``, ``"carré"``
    (catalog ``calls.types``).

    Raises:
        UnknownLanguageError: unknown language.
    """
    return say(f"calls.types.{kind.value}", lang)


def announcement_name(announcement: Announcement, lang: str) -> str:
    """An announcement with its cards and points: ``"tierce 10♣ 9♣ 8♣ (20 points)"``,
    ``"carré V♠ V♥ V♦ V♣ (200 points)"`` (R4.1, R4.2).

    Raises:
        ValueError: unknown language.
    """
    cards = " ".join(card_short(c, lang) for c in _announcement_cards(announcement))
    kind = announcement_type_name(announcement.type, lang)
    return say("calls.announcement", lang, name=kind, cards=cards, points=announcement.points)


class _Announced(str):
    """Announcements as a sentence value: ``{missed}`` names them alone (``"tierce 10♣ 9♣
    8♣ (20 points)"``), ``{missed:a}`` and ``{other:the}`` each with the article of its
    type from the catalog's ``calls.articles`` (``"une tierce …"``, ``"la cinquante …"``)."""

    items: tuple[Announcement, ...]
    lang: str

    def __new__(cls, items: Iterable[Announcement], lang: str) -> _Announced:
        items = tuple(items)
        self = super().__new__(cls, join_words([announcement_name(a, lang) for a in items], lang))
        self.items = items
        self.lang = lang
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return join_words([say(f"calls.articles.{spec}.{a.type.value}", self.lang)
                     + announcement_name(a, self.lang) for a in self.items], self.lang)


def _announcements(items: Iterable[Announcement], lang: str) -> _Announced:
    return _Announced(items, lang)


def _table(rules: RuleSet | None, lang: str) -> str:
    """Why the table plays no announcements: its preset (``"preset ffb2016"``), else the
    option (R7)."""
    if rules is not None and rules.name in PRESETS:
        return say("calls.ann_table_preset", lang, preset=rules.name)
    return say("calls.ann_table_option", lang)


def announcement_review(*, verdict: str, declared: Sequence[Announcement],
                        available: Sequence[Announcement], missed: Sequence[Announcement],
                        lost: int, problem: str | None, fault: Announcement | None,
                        missing: Sequence[Card], other: Announcement | None,
                        card: Card | None, lang: str, rules: RuleSet | None = None,
                        heard: Sequence[tuple[Seat, AnnouncementType]] = (),
                        outranked_by: tuple[Seat, AnnouncementType] | None = None,
                        partner: Seat | None = None, partner_to_play: bool = False,
                        sure: bool = False) -> str:
    """The coach's review of the announcements declared with the first card in words
    (``belote_teach.coach.calls.AnnouncementReview``).

    Args:
        verdict: ``"best"``, ``"mistake"`` or ``"illegal"``.
        declared: what the learner declared; ``available``: the best reading of the hand
            (R4.1-R4.3); ``missed``: the available announcements not declared; ``lost``:
            announcement points left undeclared.
        problem: for ``"illegal"``: ``"off"`` (announcements off), ``"not_held"``,
            ``"card_twice"`` (R4.3), ``"split"`` (R4.1) or ``"other"``; ``fault``: the
            announcement at fault, ``missing``: the cards the hand lacks for it,
            ``other``/``card``: the announcement it collides with and the shared card.
        lang: ``"en"`` or ``"fr"``.
        rules: the table's rules. With announcements off (preset ``ffb2016``, R4, R7), a
            review with nothing declared says that the table does not play them (the
            observation then lists none available, whatever the hand holds), and a
            refused declaration names the preset.
        heard: what the opponents declared before the learner's first card, as
            ``(seat, type)`` (R4.4); ``outranked_by``: the one of them that beats every
            announcement of the learner's team whatever its cards (R4.5), else ``None``;
            ``partner``: the learner's partner, ``partner_to_play``: True when the
            partner may still declare; ``sure``: True when the points left out were sure
            to score (nothing the opponents declared can beat them, both have played).
            With ``verdict`` ``"best"`` or ``"inaccuracy"`` and ``outranked_by`` set, the
            review says that the announcements cannot score (or only if the partner
            declares better) and that declaring them costs nothing.

    Raises:
        ValueError: unknown language.
    """
    if outranked_by is not None and verdict in ("best", "inaccuracy"):
        return _outranked(verdict, declared, available, missed, outranked_by, partner,
                          partner_to_play, lang)
    if verdict == "illegal":
        parts = []
        if problem == "off":
            parts.append(_say("ann_illegal_off", lang, fault=_announcements(declared, lang),
                              table=_table(rules, lang)))
        elif fault is None:
            parts.append(_say("ann_illegal_other", lang, fault=_announcements(declared, lang)))
        else:
            parts.append(_say(
                f"ann_illegal_{problem}", lang, fault=_announcements([fault], lang),
                missing=list_cards(missing, lang),
                other=_announcements([other] if other is not None else [], lang),
                card=CardText(card, lang) if card is not None else ""))
        if problem != "off":
            parts.append(_say("ann_available", lang, available=_announcements(available, lang))
                         if available else _say("ann_available_none", lang))
        return " ".join(parts)
    if verdict == "mistake":
        rule_ids = sorted({"R4.2" if a.is_carre else "R4.1" for a in missed})
        parts = [_say("ann_missed", lang, missed=_announcements(missed, lang),
                      rules=", ".join(rule_ids))]
        if declared:
            parts.append(_say("ann_declared", lang, declared=_announcements(declared, lang)))
        if sure:
            parts.append(_say("ann_worth_sure" if heard else "ann_worth_sure_silent", lang,
                              lost=lost))
        elif heard:
            parts.append(_say("ann_worth_heard", lang, lost=lost,
                              theirs=join_words([_theirs(h, lang) for h in heard], lang)))
        else:
            parts.append(_say("ann_worth", lang, lost=lost))
        return " ".join(parts)
    if not declared:
        if rules is not None and not rules.announcements:
            return _say("ann_off", lang, table=_table(rules, lang))
        return _say("ann_none", lang)
    return _say("ann_all", lang, declared=_announcements(declared, lang))


def _theirs(heard: tuple[Seat, AnnouncementType], lang: str) -> str:
    """An opponent's declaration by its kind: ``"West's cinquante"`` / ``"la cinquante
    d'Ouest"`` (R4.4: the kind is heard, the cards are shown during the second pli)."""
    seat, kind = heard
    words = announcement_type_name(kind, lang)
    return say("declared_by_opponent", lang, seat=seat_name(seat, lang), kind=words,
               the_kind=say(f"calls.articles.the.{kind.value}", lang) + words,
               seat_of=seat_of(seat, lang))


def _outranked(verdict: str, declared: Sequence[Announcement],
               available: Sequence[Announcement], missed: Sequence[Announcement],
               outranked_by: tuple[Seat, AnnouncementType], partner: Seat | None,
               partner_to_play: bool, lang: str) -> str:
    """The review of announcements that an opponent's declaration beats whatever its
    cards (R4.5): they cannot score (or only if the partner declares better, R4.6), so
    declaring them or not costs nothing."""
    theirs = _theirs(outranked_by, lang)
    mine = _announcements(available, lang)
    n = len(missed) if missed else len(declared)
    if verdict == "inaccuracy":
        rule_ids = sorted({"R4.2" if a.is_carre else "R4.1" for a in missed})
        first = _say("ann_missed", lang, missed=_announcements(missed, lang),
                     rules=", ".join(rule_ids))
        who = seat_name(partner, lang) if partner is not None else ""
        return " ".join([first, _say(plural_key("ann_dead_partner", n, lang), lang,
                                     theirs=theirs, mine=mine, partner=who)])
    key = "ann_dead_missed" if missed else "ann_dead_declared"
    # their announcement starts the second sentence: "… in this deal. West's cinquante …"
    return _say(plural_key(key, n, lang), lang, theirs=capitalised(theirs), mine=mine)


def announcement_hint(*, available: Sequence[Announcement], points: int,
                      outranked_by: tuple[Seat, AnnouncementType] | None, partner: Seat,
                      partner_to_play: bool, sure: bool, lang: str) -> str:
    """The coach's advice on the announcements of the learner's first card in words
    (``belote_teach.coach.calls.AnnouncementHint``): tick them in the table's box
    "Declare with your first card" (R4.4), named as the table names it; or, when an
    opponent's declaration beats them whatever its cards (R4.5), that they cannot score
    (or only if the partner declares better, R4.6) and that declaring costs nothing.

    Raises:
        ValueError: unknown language.
    """
    box = text("declare_with_card", lang).rstrip().rstrip(":").rstrip()
    mine = _announcements(available, lang)
    n = len(available)
    if outranked_by is not None:
        theirs = _theirs(outranked_by, lang)
        if partner_to_play:
            return _say(plural_key("ann_hint_partner", n, lang), lang, theirs=theirs,
                        mine=mine, partner=seat_name(partner, lang), box=box)
        return _say(plural_key("ann_hint_dead", n, lang), lang, theirs=theirs, mine=mine)
    key = "ann_hint_sure" if sure else "ann_hint_declare"
    return _say(plural_key(key, n, lang), lang, mine=mine, box=box, points=points)


# ---------------------------------------------------------------------------- belote
def belote_review(*, case: str, card: Card, trump: Suit, word: str | None,
                  points: int, other: Card | None, first: Card | None, lang: str) -> str:
    """The coach's review of "belote" / "rebelote" said or not with ``card`` in words
    (``belote_teach.coach.calls.BeloteReview``, R5).

    Args:
        case: ``"said"``, ``"missed_first"``, ``"missed_last"``, ``"already"``,
            ``"illegal_card"``, ``"illegal_pair"`` or ``"nothing"``.
        card: the card played; ``trump``: the atout suit; ``word``: ``"belote"`` or
            ``"rebelote"``; ``points``: what belote-rebelote is worth (R5.1).
        other: the other card of the pair, still to play; ``first``: the card belote
            was already said with.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        ValueError: unknown language.
        KeyError: unknown case.
    """
    king, queen = belote_cards(trump)
    facts = {"card": the_card(card, lang), "king": the_card(king, lang),
             "queen": the_card(queen, lang), "word": word or "belote", "points": points,
             "other": the_card(other, lang) if other is not None else "",
             "first": the_card(first, lang) if first is not None else ""}
    return _say(f"belote_{case}", lang, **facts)
