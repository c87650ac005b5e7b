"""Learner text in English and French for every verdict of the engine.

Nothing else in the project holds learner-facing sentences: the sentences live in
one catalog per language (``en.yaml``, ``fr.yaml`` beside this module) that a
translator edits without reading code. :func:`say` reads the sentence at a dotted path
of a catalog (``say("welcome.title", "fr")``); the other functions pick the sentence
that fits the position and fill in the cards, seats, suits and teams.

    >>> from belote_teach.engine.cards import Card, Seat, Suit
    >>> from belote_teach.engine.rules import legal_plays
    >>> from belote_teach.engine.trick import Trick
    >>> legal = legal_plays(["7H", "JH", "AC"], Trick.before(Seat.SOUTH, "H", ["KD", "8H"]))
    >>> explain_rule(legal, "en")
    "You must overtrump (monter à l'atout): West's 8♥ is winning this trick and your J♥ beats it."
    >>> card_name(Card.parse("JH"), "fr")
    'valet de cœur'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any, Protocol

import yaml

from belote_teach.engine.cards import Card, Rank, Seat, Suit, Team, hand_order, points
from belote_teach.engine.rules import LegalPlays, Reason, Rule
from belote_teach.engine.trick import Play, Trick
from belote_teach.explain.errors import MissingTextError, UnknownLanguageError

__all__ = [
    "LANGUAGES",
    "CardText",
    "CoachDifference",
    "MissingTextError",
    "UnknownLanguageError",
    "after_colon",
    "capitalised",
    "card_name",
    "card_short",
    "card_with",
    "check_language",
    "coach_hint",
    "coach_review",
    "coach_review_parts",
    "explain_card",
    "explain_rule",
    "explain_trick",
    "explain_trick_card",
    "hint",
    "join_cards",
    "join_words",
    "number",
    "plural_key",
    "position_title",
    "rule_title",
    "say",
    "seat_name",
    "seat_of",
    "seat_role",
    "suit_name",
    "team_column",
    "team_seats",
    "technique",
    "text",
    "trick_hint",
    "trick_title",
    "your_card",
]

#: The languages of the course, in the order the language switch shows them.
LANGUAGES: tuple[str, ...] = ("en", "fr")

#: PyYAML's safe loader, libyaml's (C) when PyYAML has it: the same values, read some ten
#: times faster (each lesson's kernel reads a catalog before its first widget).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check_language(lang: str, *, asked: str = "") -> None:
    """Refuse a language the catalogs do not have.

    Args:
        lang: the language to check.
        asked: what was asked in that language (``"the text 'welcome.title'"``), named
            in the message; ``""``: nothing named.

    Raises:
        UnknownLanguageError: ``lang`` is not one of :data:`LANGUAGES` (``"en"``,
            ``"fr"``); the message quotes it, names ``asked`` and lists the languages.
    """
    if lang not in LANGUAGES:
        where = f" for {asked}" if asked else ""
        raise UnknownLanguageError(f"unknown language {lang!r}{where}: expected one of "
                                   f"{', '.join(LANGUAGES)}")


@functools.cache
def catalog(lang: str) -> dict[str, Any]:
    """The text catalog of ``lang`` (``"en"`` or ``"fr"``), read once from its YAML file.

    Raises:
        UnknownLanguageError: ``lang`` is not one of :data:`LANGUAGES`.
    """
    check_language(lang)
    path = resources.files("belote_teach.explain").joinpath(f"{lang}.yaml")
    source = path.read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.load(source, Loader=_SAFE_LOADER)  # a safe loader
    return data


def say(path: str, lang: str, /, **values: object) -> str:
    """The catalog sentence of ``lang`` at the dotted ``path``, with ``values`` filled in
    (:meth:`str.format`): the one look-up of the learner's text.

    Each part of ``path`` names a key of the section before it (``"table.story.made"``:
    the sentence ``made`` of the section ``story`` of the section ``table``); a key that
    itself holds dots is found whole (``"exercises.rules.R2.5"``: the key ``R2.5`` of
    ``exercises.rules``).

        >>> say("welcome.title", "en")
        'Classic French belote, step by step'
        >>> say("table.story.made", "fr", takers="Nous")
        "Contrat fait pour l'équipe Nous."

    Args:
        path: the sentence's dotted path in the catalog.
        lang: ``"en"`` or ``"fr"``.
        values: the sentence's placeholders (``{seat}``) and what to write there; a
            placeholder may be called ``path`` or ``lang`` (the two arguments before
            are positional only).

    Raises:
        UnknownLanguageError: ``lang`` is not one of :data:`LANGUAGES`; the message
            names ``path``.
        MissingTextError: no sentence at ``path`` (no such key, or a section rather than
            a sentence); the message names ``path``, the language and the missing key.
        KeyError: the sentence needs a value that ``values`` lacks.
    """
    check_language(lang, asked=f"the text {path!r}")
    node: Any = catalog(lang)
    parts = path.split(".")
    while parts:
        if not isinstance(node, dict):
            raise MissingTextError(f"no text {path!r} in the {lang!r} catalog: "
                                   f"{'.'.join(parts)!r} is past a sentence",
                                   path=path, lang=lang)
        whole = ".".join(parts)
        if whole in node:                       # the rest is one key, such as "R2.5"
            node, parts = node[whole], []
        elif parts[0] in node:
            node, parts = node[parts[0]], parts[1:]
        else:
            raise MissingTextError(f"no text {path!r} in the {lang!r} catalog: "
                                   f"no key {parts[0]!r} there", path=path, lang=lang)
    if isinstance(node, dict):
        raise MissingTextError(f"no text {path!r} in the {lang!r} catalog: it is a "
                               "section, not a sentence", path=path, lang=lang)
    return str(node).format(**values)


def text(key: str, lang: str, /, **values: object) -> str:
    """An interface sentence of the catalog's ``ui`` section, with ``values`` filled in:
    :func:`say` of ``"ui." + key``.

    Raises:
        UnknownLanguageError: unknown language.
        MissingTextError: no such sentence (a programming error, caught by the catalog
            tests).
    """
    return say(f"ui.{key}", lang, **values)


def plural_key(key: str, n: int, lang: str) -> str:
    """The catalog key of the sentence about ``n`` things (exercises, decisions,
    positions, points): ``key + "_one"`` when ``lang`` puts ``n`` in the singular, else
    ``key`` itself (the plural form). English takes the singular for 1 only ("1 point",
    "0 points"); French for 0 and 1 ("0 point", "1 point", "2 points"). Both catalogs
    hold both forms, so the caller need not know the language's rule.

    Args:
        key: the key of the plural sentence (``"all_done"``); its singular is
            ``key + "_one"``.
        n: how many things the sentence counts, a whole number >= 0.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        ValueError: ``n`` is not a whole number >= 0, or ``lang`` is unknown.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number >= 0 (how many things {key!r} counts), "
                         f"got {n!r}")
    check_language(lang, asked=f"the plural of {key!r}")
    singular = n <= 1 if lang == "fr" else n == 1
    return f"{key}_one" if singular else key


def capitalised(sentence: str) -> str:
    """The sentence starting with a capital letter, the rest as it is: ``"le V♦ gagne
    le pli"`` -> ``"Le V♦ gagne le pli"`` (a sentence of the catalog that may also stand
    inside another one is written in lower case there). The inverse of
    :func:`after_colon`. Raises nothing (an empty sentence stays empty)."""
    return sentence[:1].upper() + sentence[1:]


#: The smallest number written with a thousands separator. French typography (the rules
#: of the Imprimerie nationale) groups the digits by three from five digits on and lets a
#: four-digit number stand whole, as belote players write their targets ("une partie en
#: 1000"); the course applies the same rule in both languages: "1000", "12 500" /
#: "12,500".
THOUSANDS_FROM = 10_000


def number(value: int | float, lang: str, *, digits: int = 0) -> str:
    """A number as the learner reads it in ``lang``: the catalog's decimal separator
    (``"0,6"`` / ``"0.6"``) and, from :data:`THOUSANDS_FROM` on, its thousands separator
    (a narrow no-break space in French, ``"12 500"``; a comma in English, ``"12,500"``);
    a four-digit number stays whole (``"1000"``, ``"2000"``). Every score, target and
    setting the course shows goes through this function.

    Args:
        value: the number (points, seconds...).
        lang: ``"en"`` or ``"fr"``.
        digits: decimals to show, 0 or more (``value`` is rounded to them).

    Raises:
        ValueError: unknown language, ``digits`` not a whole number >= 0, or ``value``
            not a finite number.
    """
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits must be a whole number >= 0, got {digits!r}")
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or value != value or value in (float("inf"), float("-inf"))):
        raise ValueError(f"value must be a finite number, got {value!r}")
    cat = catalog(lang)
    shown = f"{abs(value):.{digits}f}"
    whole, _, decimals = shown.partition(".")
    if int(whole) >= THOUSANDS_FROM:
        groups: list[str] = []
        while whole:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = str(cat["thousands_separator"]).join(groups)
    sign = "-" if value < 0 and float(shown) != 0 else ""
    return sign + whole + (str(cat["decimal_separator"]) + decimals if decimals else "")


# ---------------------------------------------------------------------------- names
def card_short(card: Card, lang: str) -> str:
    """The card as printed in text: rank letter of ``lang`` and suit symbol (``J♥`` / ``V♥``)."""
    return f"{catalog(lang)['ranks'][card.rank.value]}{card.suit.symbol}"


def rank_short(rank: Rank, lang: str) -> str:
    """The rank as printed on a card face in ``lang`` (``J`` in English, ``V`` in French)."""
    return str(catalog(lang)["ranks"][rank.value])


def card_name(card: Card, lang: str) -> str:
    """The spoken name of a card: ``"jack of hearts"`` / ``"valet de cœur"`` (screen readers)."""
    cat = catalog(lang)
    return str(cat["card_name"]).format(rank=cat["rank_names"][card.rank.value],
                                        suit=cat["suit_names"][card.suit.value])


def suit_name(suit: Suit, lang: str) -> str:
    """The name of a suit in ``lang``: ``"hearts"`` / ``"cœur"``."""
    return str(catalog(lang)["suit_names"][suit.value])


def seat_name(seat: Seat, lang: str) -> str:
    """The name of a seat in ``lang``: ``"East"`` / ``"Est"``."""
    return str(catalog(lang)["seats"][seat.value])


def seat_of(seat: Seat, lang: str) -> str:
    """The seat as the owner of something named before it: ``"d'Ouest"`` in French (the
    catalog's ``seat_of``), the seat's name where the language needs no such form
    (``"West"``). Raises ValueError for an unknown language."""
    return str(catalog(lang).get("seat_of", {}).get(seat.value, seat_name(seat, lang)))


def team_seats(team: Team, lang: str) -> str:
    """A team by its two seats (R1.1): ``"North and South"`` / ``"Nord et Sud"``.

    Raises:
        UnknownLanguageError: unknown language.
    """
    return join_words([seat_name(seat, lang) for seat in team.seats], lang)


def seat_role(seat: Seat, me: Seat, lang: str) -> str:
    """What ``seat`` is to the learner sitting at ``me``: ``"You"`` (``me``),
    ``"Partner"`` (the seat across, R1.1) or ``"Opponent"`` / ``"Toi"``,
    ``"Partenaire"``, ``"Adversaire"`` (catalog ``ui.you``, ``ui.partner``,
    ``ui.opponent``).

    Raises:
        UnknownLanguageError: unknown language.
    """
    if seat is me:
        return text("you", lang)
    return text("partner" if seat is me.partner else "opponent", lang)


def team_column(team: Team, nous: Team, lang: str) -> str:
    """The score sheet's column of ``team`` when ``nous`` is the learner's team (R8):
    ``"Nous"`` for ``nous``, ``"Eux"`` for the other (catalog ``ui.team_us``,
    ``ui.team_them``), the words that name a team everywhere at the table.

    Raises:
        UnknownLanguageError: unknown language.
    """
    return text("team_us" if team is nous else "team_them", lang)


def the_card(card: Card, lang: str) -> str:
    """The card with its article: ``"the 8♥"`` / ``"le 8♥"``, ``"l'A♦"``."""
    articles = catalog(lang)["card_article"]
    return f"{articles.get(card.rank.value, articles['default'])}{card_short(card, lang)}"


def your_card(card: Card, lang: str) -> str:
    """The card as the learner's own: ``"your 8♥"`` / ``"ton 8♥"``, ``"ta D♥"``."""
    possessives = catalog(lang)["card_possessive"]
    return f"{possessives.get(card.rank.value, possessives['default'])}{card_short(card, lang)}"


def join_cards(cards: Iterable[Card], lang: str, trump: Suit | None = None,
               word: str = "or") -> str:
    """Cards in the order the hand shows them (trumps first, each suit strongest first),
    as alternatives to choose from: ``"8♣"``, ``"8♣ or Q♣"``, ``"A♦, K♦ or 7♦"``; with
    ``word="and"``, as cards held or played together: ``"J♠, 9♠ and A♠"``."""
    return join_words([card_short(c, lang) for c in hand_order(cards, trump)], lang, word)


def join_words(items: Sequence[str], lang: str, word: str = "and") -> str:
    """Words listed in ``lang``: ``"a"``, ``"a and b"``, ``"a, b and c"`` / ``"a, b et
    c"``; ``word="or"`` lists alternatives (``"a, b or c"``). ``""`` for no words.

    Raises:
        UnknownLanguageError: unknown language.
        MissingTextError: ``word`` is neither ``"and"`` nor ``"or"``.
    """
    if len(items) <= 1:
        return "".join(items)
    return f"{say('list_separator', lang).join(items[:-1])} {say(word, lang)} {items[-1]}"


def card_with(card: Card, word: str, lang: str) -> str:
    """The card after ``word`` as the language writes it: ``"the"`` gives the card with
    its article (``"the 8♥"`` / ``"le 8♥"``, ``"l'A♦"``); a preposition the catalog's
    ``card_article`` contracts with the article gives the contracted form (French
    ``"to"``: ``"au V♦"``, ``"à l'A♦"``, ``"à la D♦"``; ``"of"``: ``"du V♦"``,
    ``"de l'A♦"``); any other word is written before the card with its article."""
    if word == "the":
        return the_card(card, lang)
    articles = catalog(lang)["card_article"]
    prefix = articles.get(f"{word} {card.rank.value}", articles.get(word))
    if prefix is None:
        prefix = f"{word} {articles.get(card.rank.value, articles['default'])}"
    return f"{prefix}{card_short(card, lang)}"


class CardText(str):
    """A card's short name as a value of a catalog sentence (``{best}``: ``"V♦"``), which
    the sentence may also ask for after a word, with its article (``{best:the}``: ``"le
    V♦"``; ``{best:to}``: ``"au V♦"``, see :func:`card_with`): the translator decides in
    the sentence how the card is written.

        >>> "{card} / {card:the} / {card:to}".format(card=CardText(Card.parse("AD"), "fr"))
        "A♦ / l'A♦ / à l'A♦"

    Args:
        card: the card.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        UnknownLanguageError: unknown language.
    """

    card: Card
    lang: str

    def __new__(cls, card: Card, lang: str) -> CardText:
        self = super().__new__(cls, card_short(card, lang))
        self.card = card
        self.lang = lang
        return self

    def __format__(self, spec: str) -> str:
        return card_with(self.card, spec, self.lang) if spec else str(self)


def rule_title(rule: Rule, lang: str) -> str:
    """The learner's title of an R3 rule: ``"Must overtrump (surcouper, monter à l'atout)"``."""
    return say(f"rule_titles.{rule.name}", lang)


def position_title(legal: LegalPlays, lang: str) -> str:
    """The title of the rule that decided this position, followed by its ID, with the
    table's option when one changes what the rule demands (R3.2, R3.6 options):
    ``"Must overtrump (surcouper, monter à l'atout) (R3.5)"``."""
    key = legal.rule.name
    if legal.rule is Rule.MUST_UNDERTRUMP and legal.rules.undertrump == "free":
        key = "MUST_UNDERTRUMP_FREE"
    elif "TRUMP_LEAD_PARTNER_OPTION" in _explanation_key(legal):
        key = "TRUMP_LEAD_GO_HIGHER_PARTNER_OPTION"
    title = say(f"rule_titles.{key}", lang)
    return text("correct_rule", lang, title=title, rule_id=legal.rule.rule_id)


# ---------------------------------------------------------------------------- positions
def _played(play: Play, me: Seat, lang: str) -> str:
    """A card in the trick with its player: "East's 8♥", "your partner North's A♥"."""
    values = {
        "seat": seat_name(play.seat, lang),
        "card": card_short(play.card, lang),
        "the_card": the_card(play.card, lang),
        "your_card": your_card(play.card, lang),
        "seat_of": seat_of(play.seat, lang),
    }
    if play.seat is me:
        key = "played_by_you"
    elif play.seat is me.partner:
        key = "played_by_partner"
    else:
        key = "played_by_opponent"
    return say(key, lang, **values)


def _facts(legal: LegalPlays, lang: str) -> dict[str, str]:
    """The pieces every sentence may use, written in ``lang``."""
    me = legal.seat
    facts = {"legal": join_cards(legal.cards, lang, legal.trump),
             "your_legal": your_card(legal.cards[0], lang)}
    trick = legal.trick
    if trick.plays:
        lead = trick.plays[0]
        facts["leader"] = say("leader_partner" if lead.seat is me.partner else "leader_opponent",
                              lang, seat=seat_name(lead.seat, lang))
        facts["led_card"] = the_card(lead.card, lang)
        facts["led_suit"] = suit_name(lead.card.suit, lang)
    if legal.master is not None:
        facts["master"] = _played(legal.master, me, lang)
    if legal.highest_trump is not None:
        facts["top"] = _played(legal.highest_trump, me, lang)
    return facts


def _explanation_key(legal: LegalPlays) -> list[str]:
    """The catalog keys of the sentences explaining this position (first is the main one)."""
    rule = legal.rule
    many = len(legal.cards) > 1
    if rule is Rule.FOLLOW_SUIT:
        if legal.highest_trump is not None:
            return ["FOLLOW_SUIT_RUFFED"]
        lead_wins = legal.master is not None and legal.master == legal.trick.plays[0]
        return ["FOLLOW_SUIT" if lead_wins else "FOLLOW_SUIT_OVERTAKEN"]
    if rule is Rule.TRUMP_LEAD_GO_HIGHER:
        reasons = {v.reason for v in legal.verdicts}
        if Reason.HIGHER_TRUMP in reasons:
            keys = ["TRUMP_LEAD_HIGHER_many" if many else "TRUMP_LEAD_HIGHER_one"]
            if legal.partner_is_master:
                keys.append("TRUMP_LEAD_HIGHER_OVER_PARTNER")
            return keys
        if legal.partner_is_master and not legal.rules.overtrump_partner_on_trump_lead:
            return ["TRUMP_LEAD_PARTNER_OPTION"]
        return ["TRUMP_LEAD_CANNOT_BEAT"]
    if rule is Rule.MUST_OVERTRUMP:
        return ["MUST_OVERTRUMP_many" if many else "MUST_OVERTRUMP_one"]
    if rule is Rule.MUST_UNDERTRUMP:
        return ["MUST_UNDERTRUMP_FREE" if legal.rules.undertrump == "free" else "MUST_UNDERTRUMP"]
    if rule is Rule.FREE_DISCARD and legal.trick.led_suit is legal.trump:
        return ["FREE_DISCARD_TRUMP_LEAD"]
    return [rule.name]


def explain_rule(legal: LegalPlays, lang: str) -> str:
    """Why the legal cards of this position are what they are, naming the rule, the card
    currently winning with its seat, and the cards of the hand that satisfy the rule.

    Args:
        legal: the position's :class:`~belote_teach.engine.rules.LegalPlays`.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        One or two sentences, e.g. "You must overtrump (monter à l'atout): East's 8♥ is
        winning this trick and your J♥ beats it." (R3.0–R3.7).

    Raises:
        ValueError: unknown language.
    """
    facts = _facts(legal, lang)
    return " ".join(capitalised(say(f"explanations.{key}", lang, **facts))
                    for key in _explanation_key(legal))


def explain_card(legal: LegalPlays, card: Card | str, lang: str) -> str:
    """Why one card of the hand may not be played (the reason, then the rule's explanation),
    or, for a legal card, the rule's explanation alone.

    Raises:
        ValueError: unknown language.
        IllegalPlayError: ``card`` is not in the hand.
        InvalidCardError: ``card`` cannot be read.
    """
    verdict = legal.verdict(card)
    explanation = explain_rule(legal, lang)
    if verdict.legal:
        return explanation
    facts = _facts(legal, lang)
    facts["card"] = card_short(verdict.card, lang)
    facts["your_card"] = your_card(verdict.card, lang)
    reason = capitalised(say(f"reasons.{verdict.reason.name}", lang, **facts))
    return f"{reason} {explanation}"


def hint(legal: LegalPlays, lang: str) -> str:
    """A question pointing at the fact that decides this position, without the answer.

    Raises:
        ValueError: unknown language.
    """
    facts = _facts(legal, lang)
    return say(f"hints.{legal.rule.name}", lang, **facts)


# ---------------------------------------------------------------------------- whole tricks
def explain_trick(trick: Trick, me: Seat, lang: str, *, with_points: bool = True) -> str:
    """Who wins a complete trick and why (R1.5), and its card points with the detail
    (R1.2, R1.3): "A trump was played, so the highest trump wins: West's Q♥. The trick
    holds 18 card points: K♦ 4 + A♦ 11 + 7♥ 0 + Q♥ 3."

    Args:
        trick: a complete trick.
        me: the learner's seat (their cards are "your ...").
        lang: ``"en"`` or ``"fr"``.
        with_points: add the card points sentence (``False`` while the learner still has
            to count them).

    Raises:
        PhaseError: the trick is not complete.
        ValueError: unknown language.
    """
    winner = trick.winner  # raises PhaseError on an incomplete trick
    master = trick.master
    assert master is not None and master.seat is winner
    facts = _trick_facts(trick, me, lang)
    key = "trumped" if trick.highest_trump is not None else "plain"
    parts = [say(f"trick.{key}", lang, **facts)]
    if any(c.suit not in (trick.led_suit, trick.trump) for c in trick.cards):
        parts.append(say("trick.discards", lang))
    if with_points:
        parts.append(say(plural_key("trick.points", trick.points, lang), lang, **facts))
    return " ".join(capitalised(p) for p in parts)


def explain_trick_card(trick: Trick, card: Card | str, me: Seat, lang: str, *,
                       with_points: bool = True) -> str:
    """Why ``card`` of a complete trick does not win it (a discard, or beaten by the
    winning card), followed by :func:`explain_trick` (``with_points`` as there). For the
    winning card, the explanation alone.

    Raises:
        InvalidCardError: ``card`` cannot be read.
        ValueError: ``card`` is not in the trick, or unknown language.
        PhaseError: the trick is not complete.
    """
    chosen = Card.parse(card)
    plays = {play.card: play for play in trick.plays}
    if chosen not in plays:
        raise ValueError(f"{chosen} is not in the trick {trick}")
    explanation = explain_trick(trick, me, lang, with_points=with_points)
    master = trick.master
    assert master is not None
    if chosen == master.card:
        return explanation
    facts = _trick_facts(trick, me, lang)
    facts["card"] = _played(plays[chosen], me, lang)
    is_discard = chosen.suit not in (trick.led_suit, trick.trump)
    key = "not_winner_discard" if is_discard else "not_winner_beaten"
    return f"{capitalised(say(f'trick.{key}', lang, **facts))} {explanation}"


def trick_hint(lang: str) -> str:
    """The hint of a "who wins this trick?" exercise: what to look at first (R1.5)."""
    return say("trick.hint", lang)


def trick_title(lang: str) -> str:
    """The title of the rule of a trick's winner (R1.5) in ``lang``."""
    return say("trick.title", lang)


def _trick_facts(trick: Trick, me: Seat, lang: str) -> dict[str, str]:
    master = trick.master
    assert master is not None and trick.led_suit is not None
    detail = " + ".join(f"{card_short(c, lang)} {points(c, trick.trump)}" for c in trick.cards)
    return {
        "winner": _played(master, me, lang),
        "winner_card": _played(master, me, lang),
        "led_suit": suit_name(trick.led_suit, lang),
        "points": str(trick.points),
        "detail": detail,
    }


# ---------------------------------------------------------------------------- techniques
def technique(reason: enum.Enum, lang: str, cards: Iterable[Card] = (),
              trump: Suit | None = None) -> str:
    """Why an action is good, in one sentence: the R9 tip or club technique ``reason``
    (a member of ``belote_teach.players.Technique``), naming ``cards`` when given
    (cards held or played together: ``"J♠, 9♠ and A♠"``; the sentence ``<reason>_many``
    of the catalog, when there is one, for two cards or more). A technique that plays a
    small card (:data:`LOW_CARD_TECHNIQUES`) says "small" only of a card worth no point:
    for a K it takes the sentence ``<reason>_few`` ("a card worth few points (K♠, 4
    points)"), for a 10 the sentence ``<reason>_high``, which names the card and its
    points (:func:`low_card_suffix`, R1.2, R1.3).

    Args:
        reason: the technique; its value is the catalog key.
        lang: ``"en"`` or ``"fr"``.
        cards: the cards the reason refers to (may be empty).
        trump: the trump suit, to list the cards in hand order.

    Raises:
        ValueError: unknown language.
        KeyError: a technique without a sentence (caught by the catalog tests).
    """
    sentences = catalog(lang)["techniques"]
    cards = list(cards)
    key = reason.value
    worth = 0
    if len(cards) > 1 and f"{key}_many" in sentences:
        key = f"{key}_many"                     # "your master cards", plural
    elif len(cards) == 1 and trump is not None and key in LOW_CARD_TECHNIQUES:
        worth = points(cards[0], trump)
        key += low_card_suffix(cards[0], trump)
    # the cards a technique names are held or played together: "and", never "or"
    shown = join_cards(cards, lang, trump, "and") if cards else ""
    said = say(f"techniques.{key}", lang, cards=shown, points=worth)
    return said.replace(" ()", "").replace("() ", "")


#: The techniques whose sentence calls the card played a small one ("Lead a low card",
#: "throw your lowest card"): :func:`technique` says so only of a card worth no point.
LOW_CARD_TECHNIQUES: frozenset[str] = frozenset(
    {"lead_low", "play_low_under_partner", "discard_low", "play_low"})

#: The card points (R1.2, R1.3) from which a card is no longer "worth few points": the
#: 10 and the ace, and the J and the 9 of atout.
MANY_POINTS = 10


def low_card_suffix(card: Card, trump: Suit) -> str:
    """How a technique of :data:`LOW_CARD_TECHNIQUES` may speak of ``card`` with ``trump``
    as atout, as the suffix of its catalog key (R1.2, R1.3): ``""`` for a card worth no
    point, a small card (7, 8, a plain 9: "a low card"); ``"_few"`` for a card worth 2 to
    4 points (a plain J, a Q, a K: "a card worth few points", never a small card);
    ``"_high"`` for a card worth :data:`MANY_POINTS` or more (a 10, an ace, the J or 9 of
    atout: the sentence names the card and its points). Raises nothing."""
    worth = points(card, trump)
    if worth == 0:
        return ""
    return "_high" if worth >= MANY_POINTS else "_few"


# ---------------------------------------------------------------------------- coach
def _loss_text(loss: float, tolerance: float, lang: str) -> str:
    """A loss in card points as the coach prints it: whole from 10 on, else one decimal
    (two when one would put it on the other side of ``tolerance`` or of 10), without a
    trailing zero: ``"9.6"`` / ``"9,6"``, ``"3"``, ``"4.03"``, ``"12"``. A loss printed
    under 10 is thus never above the tolerance when the verdict says "within" it."""
    if loss >= 10:
        shown = f"{loss:.0f}"
    else:
        for digits in (1, 2):
            rounded = round(loss, digits)
            if (rounded > tolerance) == (loss > tolerance) and rounded < 10:
                break
        shown = f"{rounded:.{digits}f}".rstrip("0").rstrip(".")
    return shown.replace(".", str(catalog(lang)["decimal_separator"]))


def _uncap(sentence: str) -> str:
    """The sentence continuing another one after a colon: ``"Keep…"`` -> ``"keep…"``,
    ``"C'est…"`` -> ``"c'est…"`` (a word in capitals, or a card, is left as it is)."""
    if len(sentence) < 2 or not sentence[0].isupper():
        return sentence
    second = sentence[1]
    elided = second in "'’" and len(sentence) > 2 and sentence[2].islower()   # C'est, L'as
    if second.islower() or elided:
        return sentence[:1].lower() + sentence[1:]
    return sentence


def after_colon(sentence: str) -> str:
    """A whole sentence written after a colon, which starts in lower case in both
    languages: ``"Prendre à carreau est une faute…"`` -> ``"prendre à carreau est une
    faute…"``. A first word whose second character is not a lower-case letter (``"OK"``,
    a card ``"V♥"``) is left as it is. Raises nothing (an empty sentence stays empty)."""
    return _uncap(sentence)


class CoachDifference(Protocol):
    """What :func:`coach_review_parts` reads of a difference between two cards
    (``belote_teach.coach.plays.Difference``): ``fact`` (an enum whose value names the
    sentence), the two cards, the card still out, the case and the numbers."""

    @property
    def fact(self) -> enum.Enum: ...
    @property
    def best(self) -> Card: ...
    @property
    def card(self) -> Card: ...
    @property
    def other(self) -> Card | None: ...
    @property
    def case(self) -> str: ...
    @property
    def numbers(self) -> tuple[int, ...]: ...


def _points_text(n: int, lang: str) -> str:
    """``"4 points"`` / ``"1 point"`` in ``lang`` (R1.2, R1.3 card points)."""
    return say(plural_key("coach.n_points", n, lang), lang, n=number(n, lang))


def _difference_text(difference: CoachDifference, samples: int, lang: str) -> str:
    """One difference between the recommended card and the learner's, in words: the
    sentence ``diff_<fact>`` of the catalog's ``coach`` section, ``diff_<fact>_<case>``
    when the fact depends on how the trick stands, ``diff_<fact>_none`` when it counts
    deals and one of the two cards has none of them."""
    key = f"diff_{difference.fact.value}"
    if difference.case:
        key += f"_{difference.case}"
    if len(difference.numbers) == 3 and 0 in difference.numbers[:2]:
        key += "_none"
    values: dict[str, object] = {
        "best": CardText(difference.best, lang), "card": CardText(difference.card, lang),
        "your_card": your_card(difference.card, lang), "samples": number(samples, lang),
        "card_suit": suit_name(difference.card.suit, lang)}
    if difference.other is not None:
        values["other"] = CardText(difference.other, lang)
    numbers = difference.numbers
    if len(numbers) == 2:
        values["best_points"] = _points_text(numbers[0], lang)
        values["card_points"] = _points_text(numbers[1], lang)
    elif len(numbers) == 3:
        values["best_deals"] = number(numbers[0], lang)
        values["card_deals"] = number(numbers[1], lang)
        values["samples"] = number(numbers[2], lang)
    return capitalised(say(f"coach.{key}", lang, **values))


def coach_review_parts(*, verdict: str, card: Card, best: tuple[Card, ...], loss: float,
                       samples: int, tolerance: float, success: tuple[float, float],
                       outcome_changed: bool, reason: enum.Enum | None,
                       reason_cards: Iterable[Card], trump: Suit, lang: str,
                       differences: Iterable[CoachDifference] = (),
                       noisy: bool = False) -> tuple[str, str]:
    """The coach's review of a legal card in words (``belote_teach.coach.plays.Review``), as
    (the verdict sentence, the rest): ``("A♣ is a mistake.", "It loses about 7 points on
    average against K♣, … Your A♣ can be beaten by …")``.

    Args:
        verdict: ``"best"``, ``"also_good"``, ``"inaccuracy"`` or ``"mistake"``.
        card: the card played; ``best``: the good cards, the recommended one first.
        loss: expected loss in card points; ``samples``: deals sampled;
            ``tolerance``: card points within which cards are equal.
        success: the success rates (0.0–1.0) of the recommended card and of ``card``.
        outcome_changed: True to say that the card changes the contract's outcome (R6.2).
            An ``"also_good"`` card with ``samples`` 0 is equivalent to the recommended one
            (nothing needed sampling): the review says so.
        reason: for ``"best"`` and ``"also_good"``, the technique ``card`` itself applies
            (R9 tip), with ``reason_cards``; ignored for the other verdicts, whose
            explanation is the loss and the ``differences``.
        trump: the trump suit; ``lang``: ``"en"`` or ``"fr"``.
        differences: the facts that hold for the recommended card and not for ``card``
            (``belote_teach.coach.plays.Difference``), worded in this order.
        noisy: an ``"also_good"`` card whose loss is above ``tolerance`` but within the
            sampling noise: the review says the deals cannot tell the cards apart.

    Raises:
        ValueError: unknown language.
        KeyError: unknown verdict.
    """
    first = best[0] if best else card
    decimal = str(catalog(lang)["decimal_separator"])
    facts = {"card": CardText(card, lang), "best": CardText(first, lang),
             "loss": _loss_text(loss, tolerance, lang), "samples": str(samples),
             "tolerance": f"{tolerance:g}".replace(".", decimal),
             "best_rate": f"{100 * success[0]:.0f}", "card_rate": f"{100 * success[1]:.0f}"}
    if verdict not in ("best", "also_good", "inaccuracy", "mistake"):
        raise KeyError(f"unknown verdict {verdict!r}")
    head = say(f"coach.{verdict}", lang, **facts)
    parts: list[str] = []
    if verdict == "also_good":
        key = "equivalent" if samples == 0 else "also_good_noise" if noisy else "also_good_within"
        parts.append(say(f"coach.{key}", lang, **facts))
    elif verdict != "best":
        parts.append(say("coach.loss", lang, **facts))
    if outcome_changed:
        parts.append(say("coach.outcome", lang, **facts))
    if verdict in ("best", "also_good"):
        if reason is not None:
            parts.append(technique(reason, lang, reason_cards, trump))
    else:
        parts += [_difference_text(d, samples, lang) for d in differences]
    return capitalised(head), " ".join(capitalised(p) for p in parts)


def coach_review(*, verdict: str, card: Card, best: tuple[Card, ...], loss: float,
                 samples: int, tolerance: float, success: tuple[float, float],
                 outcome_changed: bool, reason: enum.Enum | None,
                 reason_cards: Iterable[Card], trump: Suit, lang: str,
                 differences: Iterable[CoachDifference] = (), noisy: bool = False) -> str:
    """The coach's review of a legal card in words: :func:`coach_review_parts` joined by
    a space (same arguments).

    Raises:
        ValueError: unknown language.
        KeyError: unknown verdict.
    """
    head, rest = coach_review_parts(
        verdict=verdict, card=card, best=best, loss=loss, samples=samples,
        tolerance=tolerance, success=success, outcome_changed=outcome_changed,
        reason=reason, reason_cards=reason_cards, trump=trump, lang=lang,
        differences=differences, noisy=noisy)
    return f"{head} {rest}" if rest else head


def coach_hint(card: Card, reason: enum.Enum, reason_cards: Iterable[Card], trump: Suit,
               lang: str) -> str:
    """The coach's hint in one line: "Play J♥: <reason>", the reason continuing the
    sentence in lower case ("Play 7♠: keep your master card (J♥) for the last trick…",
    ``belote_teach.coach.plays.Hint``).

    Raises:
        ValueError: unknown language.
    """
    why = _uncap(technique(reason, lang, reason_cards, trump))
    return capitalised(say("coach.hint", lang, card=CardText(card, lang), reason=why))
