"""Building blocks of the lesson notebooks: worked examples drawn by the engine and the
exercise sets. Each function returns one widget for a notebook cell to display.

    >>> board = show_position("C", trick=["7D", "AD"], hand=["8C", "QC", "KH", "AS"])
    >>> "Must trump" in board.feedback_html
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from belote_teach import explain, render
from belote_teach.cards import Card, Seat, Suit, parse_cards
from belote_teach.rules import RuleSet, legal_plays
from belote_teach.trick import Trick
from belote_teach.ui.board import CardBoard
from belote_teach.ui.scenario_player import ScenarioPlayer

__all__ = ["exercises", "show_orders", "show_position", "show_trick"]

#: The learner's seat in every example: at the bottom of the table.
LEARNER = Seat.SOUTH


def show_position(trump: Suit | str, trick: Iterable[Card | str], hand: Iterable[Card | str], *,
                  rules: RuleSet | str | Mapping[str, object] | None = None,
                  lang: str = "en") -> CardBoard:
    """A worked example of R3: the table with ``trick``, the learner's ``hand`` (South,
    next to play) with the legal cards marked ✓ and the others dimmed, and the engine's
    explanation under the rule's title.

    Args:
        trump: the trump suit (``"H"`` or :class:`Suit`).
        trick: the cards already played, leader first (0–3).
        hand: South's cards.
        rules: a RuleSet, preset name or options mapping (default ``classic``).
        lang: ``"en"`` or ``"fr"``.

    Raises:
        InvalidCardError, InvalidPositionError, InvalidRuleSetError: bad input, named.
    """
    position = Trick.before(LEARNER, trump, trick)
    legal = legal_plays(hand, position, RuleSet.from_spec(rules))
    states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
    title = explain.position_title(legal, lang)
    return CardBoard(
        table_html=render.table_html(position, LEARNER, lang),
        hand_html=render.hand_html(legal.hand, lang, states=states, interactive=False,
                                   trump=legal.trump),
        feedback_html=render.message_html("info", title, [
            explain.explain_rule(legal, lang),
            explain.text("example_legal", lang,
                         legal=explain.join_cards(legal.cards, lang, legal.trump)),
        ]),
    )


def show_trick(trump: Suit | str, cards: Iterable[Card | str], *, leader: Seat | str = LEARNER,
               lang: str = "en") -> CardBoard:
    """A complete trick on the table with its winner and card points (R1.5).

    Args:
        trump: the trump suit.
        cards: the 4 cards in play order, leader first.
        leader: the seat that led (default South, the learner).
        lang: ``"en"`` or ``"fr"``.

    Raises:
        InvalidCardError, InvalidPositionError: bad cards or not 4 of them.
    """
    played = parse_cards(list(cards), what="trick")
    if len(played) != 4:
        raise ValueError(f"show_trick needs the 4 cards of a trick, got {len(played)}")
    trick = Trick(trump, leader, played)
    master = trick.master
    assert master is not None
    line = explain.text("trick_winner", lang, winner=explain.seat_name(trick.winner, lang),
                        card=explain.card_short(master.card, lang), points=trick.points)
    return CardBoard(table_html=render.table_html(trick, LEARNER, lang),
                     feedback_html=render.message_html("info", line))


def exercises(path: str | Path, *, lang: str = "en", title: str = "") -> ScenarioPlayer:
    """The exercise player for the ``play`` scenarios of a scenario file.

    Raises:
        ScenarioFileError: the file is malformed (file, line, id and key named).
        ValueError: the file has no ``play`` scenario.
    """
    return ScenarioPlayer.from_file(path, lang=lang, title=title)


def show_orders(lang: str = "en") -> CardBoard:
    """The trump and plain-suit orders with their card points (R1.2, R1.3), drawn from the
    engine's tables so the lesson and the engine cannot disagree."""
    return CardBoard(table_html=render.orders_html(lang))
