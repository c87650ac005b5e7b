"""The worked examples of cards, tricks, counting and announcements (R1, R3, R4), each a
:class:`~belote_teach.ui.board.StaticBoard` for a lesson cell to display: the engine
computes, :mod:`belote_teach.explain` words it, :mod:`belote_teach.render` draws it.

    >>> board = show_position("C", trick=["7D", "AD"], hand=["8C", "QC", "KH", "AS"])
    >>> "Must trump" in board.feedback_html
    True

``lang=None`` is the lesson's language (:func:`~belote_teach.ui.language.use_language`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from belote_teach import render
from belote_teach.engine.announcements import compare_announcements, find_announcements, has_belote
from belote_teach.engine.cards import Card, Seat, Suit, parse_cards
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.rules import RuleSet, legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.explain.lessons import position_example, trick_example
from belote_teach.render.examples import (
    announcement_values_html,
    announcements_html,
    compare_html,
    count_html,
    deck_html,
    deck_points_html,
    seats_html,
)
from belote_teach.ui.arguments import announcements
from belote_teach.ui.board import StaticBoard
from belote_teach.ui.language import resolve_language

__all__ = [
    "LEARNER",
    "show_announcement_values",
    "show_announcements",
    "show_compare",
    "show_count",
    "show_deck",
    "show_deck_points",
    "show_orders",
    "show_position",
    "show_seats",
    "show_trick",
]

#: The learner's seat in every example: at the bottom of the table.
LEARNER = Seat.SOUTH


# ---------------------------------------------------------------------------- cards (R1)
def show_deck(lang: str | None = None) -> StaticBoard:
    """The 32 cards of the deck (R1.1), one row per suit in sequence order (R1.6), drawn
    from the engine's :data:`~belote_teach.engine.cards.DECK`.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        ValueError: unknown language.
    """
    return StaticBoard(table_html=deck_html(resolve_language(lang)))


def show_seats(lang: str | None = None) -> StaticBoard:
    """The four seats seen from the learner (South, at the bottom): the partner opposite,
    the opponents left and right, the two teams Nous / Eux (R1.1) and the order of play,
    counter-clockwise (R2.8), from the engine's :class:`~belote_teach.engine.cards.Seat`.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        ValueError: unknown language.
    """
    return StaticBoard(table_html=seats_html(LEARNER, resolve_language(lang)))


def show_orders(lang: str | None = None) -> StaticBoard:
    """The trump and plain-suit orders with their card points (R1.2, R1.3), drawn from the
    engine's tables so the lesson and the engine cannot disagree.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        ValueError: unknown language.
    """
    return StaticBoard(table_html=render.orders_html(resolve_language(lang)))


def show_count(trump: Suit | str, cards: Iterable[Card | str], *,
               lang: str | None = None) -> StaticBoard:
    """Cards with the card points of each (R1.2, R1.3) and their sum, in points.

    Args:
        trump: the atout suit (``"H"`` or :class:`Suit`).
        cards: the cards to count (1 to 32), e.g. the four cards of a pli.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError: ``trump`` or a card cannot be read, or a card is given twice.
        InvalidPositionError: no card given.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    suit = Suit.parse(trump)
    counted = parse_cards(cards, what="cards")
    if not counted:
        raise InvalidPositionError("show_count needs at least one card to count, got none")
    return StaticBoard(table_html=count_html(counted, suit, lang))


def show_deck_points(trump: Suit | str, *, lang: str | None = None) -> StaticBoard:
    """The card points of each suit with ``trump`` as atout, the 152 of the 32 cards and
    the 10 of the dix de der: 162 points in a deal (R1.2–R1.4), summed by the engine.

    Args:
        trump: the atout suit (``"H"`` or :class:`Suit`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError: ``trump`` names no suit.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=deck_points_html(Suit.parse(trump), lang))


# ---------------------------------------------------------------------------- tricks (R3)
def show_position(trump: Suit | str, trick: Iterable[Card | str], hand: Iterable[Card | str], *,
                  rules: RuleSet | str | Mapping[str, object] | None = None,
                  lang: str | None = None) -> StaticBoard:
    """A worked example of R3: the table with ``trick``, the learner's ``hand`` (South,
    next to play) with the legal cards marked ✓ and the others dimmed, and the engine's
    explanation under the rule's title.

    Args:
        trump: the trump suit (``"H"`` or :class:`Suit`).
        trick: the cards already played, leader first (0–3).
        hand: South's cards.
        rules: a RuleSet, preset name or options mapping (default ``classic``).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError, InvalidPositionError, InvalidRuleSetError: bad input, named.
    """
    lang = resolve_language(lang)
    position = Trick.before(LEARNER, trump, trick)
    legal = legal_plays(hand, position, RuleSet.from_spec(rules))
    states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
    head, lines = position_example(legal, lang)
    return StaticBoard(
        table_html=render.table_html(position, LEARNER, lang),
        hand_html=render.hand_html(legal.hand, lang, states=states, interactive=False,
                                   trump=legal.trump),
        feedback_html=render.message_html("info", head, lines),
    )


def show_trick(trump: Suit | str, cards: Iterable[Card | str], *, leader: Seat | str = LEARNER,
               lang: str | None = None) -> StaticBoard:
    """A complete trick on the table with its winner and card points (R1.5), and why it
    wins with the points card by card (R1.2, R1.3).

    Args:
        trump: the trump suit.
        cards: the 4 cards in play order, leader first.
        leader: the seat that led (default South, the learner).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError, InvalidPositionError: bad cards or not 4 of them.
    """
    lang = resolve_language(lang)
    played = parse_cards(list(cards), what="trick")
    if len(played) != 4:
        raise InvalidPositionError(f"show_trick needs the 4 cards of a trick, got "
                                   f"{len(played)}")
    trick = Trick(trump, leader, played)
    head, lines = trick_example(trick, LEARNER, lang)
    return StaticBoard(table_html=render.table_html(trick, LEARNER, lang),
                       feedback_html=render.message_html("info", head, lines))


# ---------------------------------------------------------------------------- announcements (R4)
def show_announcements(hand: Iterable[Card | str], trump: Suit | str, *,
                       lang: str | None = None) -> StaticBoard:
    """What an 8-card hand can announce, as the engine reads it
    (:func:`~belote_teach.engine.announcements.find_announcements`: R4.1 sequences, R4.2
    carrés, R4.3 one card in one combination, the reading worth the most), with the
    points, and whether it holds belote-rebelote (R5.1).

    Args:
        hand: the 8 cards held during the first pli (R4.4).
        trump: the atout suit.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError: a card or ``trump`` cannot be read, or a card is given twice.
        InvalidPositionError: ``hand`` does not hold 8 cards.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    cards = parse_cards(hand, what="hand")
    if len(cards) != 8:
        raise InvalidPositionError(
            f"hand must hold the 8 cards of the first pli, when announcements are declared "
            f"(R4.4), got {len(cards)}: {' '.join(str(c) for c in cards)}")
    suit = Suit.parse(trump)
    found = find_announcements(cards, suit)
    return StaticBoard(table_html=announcements_html(cards, suit, found,
                                                     has_belote(cards, suit), lang))


def show_announcement_values(lang: str | None = None) -> StaticBoard:
    """What each announcement is worth, in points: the sequences (tierce, cinquante, cent,
    R4.1) and the carrés by rank (R4.2), drawn from the engine's tables.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        ValueError: unknown language.
    """
    return StaticBoard(table_html=announcement_values_html(resolve_language(lang)))


def show_compare(trump: Suit | str, ns: Iterable[object] = (), ew: Iterable[object] = (), *,
                 lang: str | None = None) -> StaticBoard:
    """Which team scores its announcements (R4.5, R4.6), as the engine compares them
    (:func:`~belote_teach.engine.announcements.compare_announcements`): each team's
    announcements, the best of each, the winner with all its points and the step of R4.5
    that decided.

    Args:
        trump: the atout suit (it breaks a tie between sequences with the same top card).
        ns, ew: the announcements of North-South and of East-West, each given by its
            cards (``["JC", "QC", "KC"]``) or as an
            :class:`~belote_teach.engine.announcements.Announcement`.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError: a card or ``trump`` cannot be read.
        FalseAnnouncementError: an item makes no announcement (R4.1, R4.2), or is not
            given as one (:class:`~belote_teach.ui.errors.AnnouncementArgumentError`).
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    suit = Suit.parse(trump)
    ns_list, ew_list = announcements(ns, "ns"), announcements(ew, "ew")
    winner, scored = compare_announcements(ns_list, ew_list, suit)
    return StaticBoard(table_html=compare_html(ns_list, ew_list, suit, winner, scored, lang))
