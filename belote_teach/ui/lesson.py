"""Building blocks of the lesson notebooks: worked examples drawn by the engine and the
exercise sets, each returned for a notebook cell to display. A worked example is a
:class:`~belote_teach.ui.board.StaticBoard`, a plain HTML output the learner looks at (no
widget model for the page to fetch, issue 8); an exercise set or a drill is a widget.

    >>> board = show_position("C", trick=["7D", "AD"], hand=["8C", "QC", "KH", "AS"])
    >>> "Must trump" in board.feedback_html
    True

Every function speaks the lesson's language when no ``lang=`` is given: the one the
notebook's set-up cell chose with :func:`use_language` (``use_language("fr")`` in the
French edition), else English (:func:`lesson_language`).

    >>> "Obligation de couper" in show_position("C", trick=["7D", "AD"], hand=["8C", "KH"],
    ...                                          lang="fr").feedback_html
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from belote_teach import explain, render
from belote_teach.coach import plays
from belote_teach.coach.calls import (
    hint_announcements,
    hint_bid,
    review_announcements,
    review_belote,
    review_bid,
)
from belote_teach.coach.session import Review, parts
from belote_teach.course.arrival import when_learner_comes
from belote_teach.course.lessons import select_exercises
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import load_file
from belote_teach.engine.announcements import (
    BELOTE_POINTS,
    Announcement,
    compare_announcements,
    find_announcements,
    has_belote,
)
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team, parse_cards
from belote_teach.engine.deal import (
    COMPLETION_OTHERS,
    COMPLETION_TAKER,
    CUT_MIN,
    PACKETS,
    Action,
    Deal,
    Phase,
)
from belote_teach.engine.errors import FalseAnnouncementError, InvalidPositionError, PhaseError
from belote_teach.engine.game import Game
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import RuleSet, legal_plays
from belote_teach.engine.scoring import score_deal
from belote_teach.engine.trick import Trick
from belote_teach.explain.calls import announcement_name, bid_name
from belote_teach.players import ClubPlayer, play_deal
from belote_teach.render import examples
from belote_teach.render.comment import comment_html
from belote_teach.render.score_sheet import render_deal_breakdown, render_score_sheet
from belote_teach.render.table import render_table, spoken_words
from belote_teach.ui.board import StaticBoard
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.language import lesson_language, resolve_language, use_language
from belote_teach.ui.scenario_player import ScenarioPlayer

__all__ = [
    "drill",
    "exercises",
    "lesson_language",
    "show_announcement_values",
    "show_announcements",
    "show_bidding",
    "show_compare",
    "show_count",
    "show_deal",
    "show_deck",
    "show_deck_points",
    "show_orders",
    "show_play",
    "show_position",
    "show_score",
    "show_score_sheet",
    "show_seats",
    "show_tip",
    "show_trick",
    "use_language",
]

#: The learner's seat in every example: at the bottom of the table.
LEARNER = Seat.SOUTH


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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidCardError, InvalidPositionError, InvalidRuleSetError: bad input, named.
    """
    lang = resolve_language(lang)
    position = Trick.before(LEARNER, trump, trick)
    legal = legal_plays(hand, position, RuleSet.from_spec(rules))
    states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
    title = explain.position_title(legal, lang)
    return StaticBoard(
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
               lang: str | None = None) -> StaticBoard:
    """A complete trick on the table with its winner and card points (R1.5), and why it
    wins with the points card by card (R1.2, R1.3).

    Args:
        trump: the trump suit.
        cards: the 4 cards in play order, leader first.
        leader: the seat that led (default South, the learner).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidCardError, InvalidPositionError: bad cards or not 4 of them.
    """
    lang = resolve_language(lang)
    played = parse_cards(list(cards), what="trick")
    if len(played) != 4:
        raise ValueError(f"show_trick needs the 4 cards of a trick, got {len(played)}")
    trick = Trick(trump, leader, played)
    master = trick.master
    assert master is not None
    line = explain.text(explain.plural_key("trick_winner", trick.points, lang), lang,
                        winner=explain.seat_name(trick.winner, lang),
                        card=explain.card_short(master.card, lang),
                        the_card=explain.the_card(master.card, lang), points=trick.points)
    return StaticBoard(table_html=render.table_html(trick, LEARNER, lang),
                       feedback_html=render.message_html(
                           "info", line, [explain.explain_trick(trick, LEARNER, lang)]))


def exercises(path: str | Path, *, lang: str | None = None, title: str = "",
              ids: Sequence[str] | None = None,
              progress: CourseProgress | None = None) -> ScenarioPlayer:
    """The exercise player of a lesson's scenario file, on the learner's record: every
    answer is logged at once and every figure read from it (lesson progress,
    :mod:`belote_teach.course.progress`), so an earlier session's answers, another tab's
    and this page's all count. The lesson's id is the file's stem (``03-play-a-trick``);
    every player of a lesson shares that lesson's record.

    Args:
        path: the scenario file (SCENARIOS.md), e.g. ``"../scenarios/03-play-a-trick.yaml"``.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).
            The learner can switch.
        title: optional heading above the exercises.
        ids: show only these scenarios of the file, in this order (a few exercises after
            a section, a short quiz at the end); ``None``: the player's choice of the
            whole file.
        progress: where the answers are kept (default: the learner's data directory).

    When the saved progress cannot be read (a damaged file, set aside), the player opens
    with the problem said under the exercise in the learner's language, and the answers
    are saved anew.

    Raises:
        ScenarioFileError: the file is malformed (file, line, id and key named).
        UnknownExerciseError: an id of ``ids`` is not in the file (named, with the file's
            ids listed), is given twice, or ``ids`` is empty.
        ValueError: no scenario the player can show, or an unknown language.
    """
    lang = resolve_language(lang)
    lesson_id = Path(path).stem
    if ids is None:
        player = ScenarioPlayer.from_file(path, lang=lang, title=title)
    else:
        chosen = select_exercises(load_file(path), ids, id_of=lambda s: s.id, file=str(path))
        player = ScenarioPlayer(chosen, lang=lang, title=title, lesson_id=lesson_id)

    def learner_came() -> None:
        store = progress if progress is not None else CourseProgress()
        player.attach(store)

    # drawn now, the learner's record attached when they come (Voilà's kernels prepared
    # in advance: belote_teach.course.arrival); at once anywhere else
    when_learner_comes(learner_came)
    return player


def show_orders(lang: str | None = None) -> StaticBoard:
    """The trump and plain-suit orders with their card points (R1.2, R1.3), drawn from the
    engine's tables so the lesson and the engine cannot disagree.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=render.orders_html(lang))


# ---------------------------------------------------------------------------- shared
def _check_seed(seed: object) -> int:
    """``seed`` if it is a whole number, else the error naming it."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidPositionError(f"seed {seed!r} refused: a worked example is dealt from a "
                                   "whole-number seed, e.g. 7")
    return seed


def _words(items: list[str], lang: str, word: str = "or") -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"`` with the catalog's words."""
    cat = explain.catalog(lang)
    if len(items) <= 1:
        return "".join(items)
    return f"{cat['list_separator'].join(items[:-1])} {cat[word]} {items[-1]}"


def _table_of(obs: Observation, lang: str, *, during_play: bool = False) -> str:
    """The table seen from the learner's seat, with what each player has just said; during
    play the card winning the pli is marked and the last pli shown."""
    return render_table(obs, lang=lang, spoken=spoken_words(obs, lang),
                        show_master=during_play, last_trick_shown=during_play)


def _club_actions(deal: Deal) -> tuple[Action, ...]:
    """The actions four club players (the course's computer players, R9) take from
    ``deal`` to its end, through the engine's checked API with ``random.Random(0)``."""
    played = deal.copy()
    play_deal(played, {seat: ClubPlayer() for seat in Seat}, random.Random(0))
    return played.actions[len(deal.actions):]


def _replay_until(deal: Deal, stop: Callable[[Deal], bool], what: str) -> Deal:
    """``deal`` played on in place by club players until ``stop(deal)`` holds.

    Raises:
        InvalidPositionError: the deal ends before ``stop`` holds; ``what`` says where.
    """
    for action in _club_actions(deal):
        if stop(deal):
            return deal
        deal.push(action)
    if stop(deal):
        return deal
    raise InvalidPositionError(f"this deal never reaches {what}: it ends in phase "
                               f"{deal.phase.name} after {len(deal.played_cards)} cards")


def _to_announcement(item: object, what: str) -> Announcement:
    """An announcement given as itself or as its cards (``["JC", "QC", "KC"]``)."""
    if isinstance(item, Announcement):
        return item
    if isinstance(item, str) or not isinstance(item, Iterable):
        raise FalseAnnouncementError(
            f"{what}: {item!r} is not an announcement; give its cards, e.g. "
            "['8C', '9C', '10C'] for a tierce or ['JS', 'JH', 'JD', 'JC'] for a carré")
    return Announcement.from_cards(item)


def _announcements(items: object, what: str) -> tuple[Announcement, ...]:
    """A list of announcements, each as itself or as its cards."""
    if items is None:
        return ()
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise FalseAnnouncementError(f"{what}: expected a list of announcements (each a "
                                     f"list of cards), got {items!r}")
    return tuple(_to_announcement(item, what) for item in items)


def _coach_box(head: str, paragraphs: Iterable[str]) -> str:
    return render.message_html("info", head, list(paragraphs))


# ---------------------------------------------------------------------------- lesson 1 (R1)
def show_deck(lang: str | None = None) -> StaticBoard:
    """The 32 cards of the deck (R1.1), one row per suit in sequence order (R1.6), drawn
    from the engine's :data:`~belote_teach.engine.cards.DECK`.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=examples.deck_html(lang))


def show_seats(lang: str | None = None) -> StaticBoard:
    """The four seats seen from the learner (South, at the bottom): the partner opposite,
    the opponents left and right, the two teams Nous / Eux (R1.1) and the order of play,
    counter-clockwise (R2.8), from the engine's :class:`~belote_teach.engine.cards.Seat`.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=examples.seats_html(LEARNER, lang))


def show_count(trump: Suit | str, cards: Iterable[Card | str], *,
               lang: str | None = None) -> StaticBoard:
    """Cards with the card points of each (R1.2, R1.3) and their sum, in points.

    Args:
        trump: the atout suit (``"H"`` or :class:`Suit`).
        cards: the cards to count (1 to 32), e.g. the four cards of a pli.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

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
    return StaticBoard(table_html=examples.count_html(counted, suit, lang))


def show_deck_points(trump: Suit | str, *, lang: str | None = None) -> StaticBoard:
    """The card points of each suit with ``trump`` as atout, the 152 of the 32 cards and
    the 10 of the dix de der: 162 points in a deal (R1.2–R1.4), summed by the engine.

    Args:
        trump: the atout suit (``"H"`` or :class:`Suit`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidCardError: ``trump`` names no suit.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=examples.deck_points_html(Suit.parse(trump), lang))


# ---------------------------------------------------------------------------- lesson 2 (R2)
def _deal_text(deal: Deal, lang: str) -> tuple[str, list[str]]:
    """The head and the sentences that say where ``deal`` stands (R2.1–R2.9), every fact
    read from the engine."""
    t = examples.lesson_text

    def seat(s: Seat) -> str:
        return explain.seat_name(s, lang)

    if deal.phase is Phase.PASSED_OUT:
        return t("deal.head_passed", lang), [
            t("deal.passed_out", lang, next=seat(deal.next_dealer))]
    if deal.phase.is_bidding:
        first, second = PACKETS
        opener = deal.bidding.first_to_speak
        lines = [
            t("deal.dealt", lang, dealer=seat(deal.dealer), cutter=seat(deal.cutter),
              cut=deal.cut, min=CUT_MIN),
            t("deal.packets", lang, first=first, second=second,
              first_seat=seat(next(iter(deal.dealt_hands))),
              turned=explain.card_short(deal.turned, lang), stock=len(deal.stock)),
        ]
        if deal.phase is Phase.BIDDING_1:
            lines.append(t("deal.round1", lang, seat=seat(opener),
                           suit=explain.suit_name(deal.turned.suit, lang)))
        else:
            named = {b.suit for b in deal.legal_bids if b.suit is not None}
            lines.append(t("deal.round2", lang, seat=seat(opener),
                           suits=_words([explain.suit_name(s, lang) for s in Suit
                                         if s in named], lang),
                           turned_suit=explain.suit_name(deal.turned.suit, lang)))
        return t("deal.head_bidding", lang, round=deal.bidding.round), lines
    contract = deal.contract
    assert contract is not None
    start = deal.start_hand(contract.taker)
    assert start is not None
    lines = [
        t(f"deal.taken_round{contract.round}", lang, taker=seat(contract.taker),
          suit=explain.suit_name(contract.trump, lang)),
        t("deal.completion", lang, taker=seat(contract.taker),
          turned=explain.card_short(deal.turned, lang), n_taker=COMPLETION_TAKER,
          n_other=COMPLETION_OTHERS, hand=len(start)),
    ]
    if not deal.played_cards:
        leader = deal.turn
        assert leader is not None
        lines.append(t("deal.leads", lang, seat=seat(leader), dealer=seat(deal.dealer)))
    head = t("deal.head_taken", lang, taker=seat(contract.taker),
             suit=explain.suit_name(contract.trump, lang))
    return head, lines


def show_deal(seed: int, dealer: Seat | str = LEARNER, bids: Iterable[Bid | str] = (), *,
              open_hands: bool = False, lang: str | None = None) -> StaticBoard:
    """A real deal dealt by the engine (``Deal.new(dealer, rng=seed)``, R2.1–R2.3) and
    the bids said so far, seen from South: the table with the dealer's button, the
    turned card (retourne) and the stock, or the atout and the taker once somebody took;
    under it, where the deal stands: who dealt and cut and how many cards were lifted
    (R2.1), the packets of 3 then 2 from the player after the dealer (R2.2), the
    retourne (R2.3), who speaks and what may be said (R2.4, R2.5), the completion after
    a take (R2.7) and who leads (R2.8), or, after eight passes, who deals next (R2.6,
    R2.9).

    Args:
        seed: the whole-number seed of the shuffle and the cut.
        dealer: the dealer (donneur), a :class:`Seat` or its letter.
        bids: the bids said so far, first speaker first (``"pass"``, ``"take"``, a suit
            letter in round 2), each checked by the engine.
        open_hands: also show every hand face up: the packets as dealt while bidding
            (or after a pass-out), what each player received at completion after a take.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidPositionError: ``seed`` is not a whole number, ``dealer`` names no seat.
        InvalidBidError, IllegalBidError, PhaseError: a bid cannot be read, is not legal
            when said (R2.4, R2.5), or comes after the bidding ended.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    deal = Deal.new(dealer, rng=_check_seed(seed))
    for bid in bids:
        deal.bid(bid)
    head, lines = _deal_text(deal, lang)
    more = ""
    if open_hands:
        more = (examples.completion_html(deal, lang) if deal.contract is not None
                else examples.packets_html(deal, lang))
    return StaticBoard(table_html=_table_of(deal.observation(LEARNER), lang),
                       hand_html=more, feedback_html=render.message_html("info", head, lines))


def _bidding_deal(hand: Iterable[Card | str], turned: Card | str,
                  history: Sequence[Bid | str], seed: int) -> Deal:
    """A deal where South holds ``hand``, ``turned`` is the retourne and ``history`` was
    said before South's turn to bid; the other cards dealt from ``seed``."""
    mine = parse_cards(hand, what="hand")
    if len(mine) != sum(PACKETS):
        raise InvalidPositionError(
            f"hand must hold the {sum(PACKETS)} cards dealt before bidding (R2.2), got "
            f"{len(mine)}: {' '.join(str(c) for c in mine)}")
    card = Card.parse(turned)
    if card in mine:
        raise InvalidPositionError(f"the retourne {card} is also in the hand "
                                   f"{' '.join(str(c) for c in mine)}")
    said = [Bid.parse(b) for b in history]
    if len(said) > 7:
        raise PhaseError(f"history holds {len(said)} bids: after 8 bids the bidding is over "
                         "(R2.6), South has no turn to bid")
    rest = [c for c in DECK if c not in mine and c != card]
    random.Random(seed).shuffle(rest)
    first = LEARNER
    for _ in range(len(said) % len(Seat)):
        first = first.previous                 # South speaks len(said) places after first
    dealer = first.previous
    hands: dict[Seat, tuple[Card, ...]] = {LEARNER: mine}
    others = [s for s in Seat if s is not LEARNER]
    for i, seat in enumerate(others):
        hands[seat] = tuple(rest[5 * i:5 * i + 5])
    deal = Deal.from_hands(dealer, hands, card, rest[15:])
    for bid in said:
        deal.bid(bid)
    if not deal.phase.is_bidding or deal.turn is not LEARNER:
        raise PhaseError(f"history {[str(b) for b in said]} ends the bidding: South has no "
                         "turn to bid")
    return deal


def show_bidding(hand: Iterable[Card | str], turned: Card | str,
                 history: Sequence[Bid | str] = (), *, bid: Bid | str | None = None,
                 seed: int = 0, samples: int | None = None, lang: str | None = None) -> StaticBoard:
    """South's turn to bid with ``hand`` and the retourne ``turned`` (R2.4, R2.5), and what
    the coach says: its advice (:func:`~belote_teach.coach.calls.hint_bid`, R9 tip 1
    checked by simulation, with the chance of making the contract in %) and, when ``bid``
    is given, its review of that bid (:func:`~belote_teach.coach.calls.review_bid`: the
    rule for an illegal bid, else the grade and why).

    Args:
        hand: South's 5 cards (R2.2).
        turned: the retourne (R2.3).
        history: what the earlier speakers said this deal, round-1 passes included (0 to 7
            passes: 4 or more make it round 2); the dealer is placed so that South
            speaks next.
        bid: a bid to review (``"take"``, ``"pass"``, a suit letter), or ``None``.
        seed: whole number; deals the cards South cannot see and feeds the coach's
            simulation (same seed, same advice).
        samples: deals the coach simulates (default
            :data:`~belote_teach.coach.calls.BID_SAMPLES`).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidCardError: a card cannot be read or is given twice.
        InvalidPositionError: ``hand`` is not 5 cards, holds the retourne, or ``seed`` is
            not a whole number.
        InvalidBidError, IllegalBidError: a bid of ``history`` (or ``bid``) cannot be read,
            or a bid of ``history`` was not legal (R2.4, R2.5).
        PhaseError: ``history`` ends the bidding before South's turn.
        ValueError: bad ``samples`` or unknown language.
    """
    lang = resolve_language(lang)
    deal = _bidding_deal(hand, turned, history, _check_seed(seed))
    obs = deal.observation(LEARNER)
    t = examples.lesson_text
    advice = _coach_box(t("bidding.head_hint", lang),
                        [hint_bid(obs, rng=random.Random(seed), samples=samples).text(lang)])
    reviewed = ""
    if bid is not None:
        review = review_bid(obs, bid, rng=random.Random(seed), samples=samples)
        reviewed = comment_html(parts([review], lang), lang, head=t(
            "bidding.head_review", lang, bid=bid_name(review.bid, lang)))
    return StaticBoard(table_html=_table_of(obs, lang), feedback_html=reviewed + advice)


# ---------------------------------------------------------------------------- lesson 4 (R4, R5)
def show_announcements(hand: Iterable[Card | str], trump: Suit | str, *,
                       lang: str | None = None) -> StaticBoard:
    """What an 8-card hand can announce, as the engine reads it
    (:func:`~belote_teach.engine.announcements.find_announcements`: R4.1 sequences, R4.2 carrés,
    R4.3 one card in one combination, the reading worth the most), with the points, and
    whether it holds belote-rebelote (R5.1).

    Args:
        hand: the 8 cards held during the first pli (R4.4).
        trump: the atout suit.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

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
    return StaticBoard(table_html=examples.announcements_html(
        cards, suit, found, has_belote(cards, suit), lang))


def show_announcement_values(lang: str | None = None) -> StaticBoard:
    """What each announcement is worth, in points: the sequences (tierce, cinquante, cent,
    R4.1) and the carrés by rank (R4.2), drawn from the engine's tables.

    Args:
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    return StaticBoard(table_html=examples.announcement_values_html(lang))


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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidCardError: a card or ``trump`` cannot be read.
        FalseAnnouncementError: an item makes no announcement (R4.1, R4.2).
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    suit = Suit.parse(trump)
    ns_list, ew_list = _announcements(ns, "ns"), _announcements(ew, "ew")
    winner, scored = compare_announcements(ns_list, ew_list, suit)
    return StaticBoard(table_html=examples.compare_html(ns_list, ew_list, suit, winner,
                                                        scored, lang))


def _play_text(deal: Deal, obs: Observation, lang: str) -> list[str]:
    """What was announced, shown and said in ``deal`` so far (R4.4–R4.6, R5), read from
    the engine."""
    t = examples.lesson_text
    lines = []
    heard = [(seat, kind) for seat, kind in obs.announcements_heard]
    if heard and not obs.tricks:
        types = explain.catalog(lang)["calls"]["types"]
        lines.append(t("play.declared", lang, said=_words(
            [t("play.seat_said", lang, seat=explain.seat_name(s, lang), words=types[k.value])
             for s, k in heard], lang, "and")))
    if obs.shown_announcements and len(obs.tricks) == 1:
        team, scored = deal.announcement_winner
        assert team is not None
        shown = [announcement_name(d.announcement, lang) for d in obs.shown_announcements]
        lines.append(t("play.shown", lang, team=examples.team_name(team, lang),
                       shown=_words(shown, lang, "and"), points=scored))
    on_table = set(obs.trick.cards) if obs.trick is not None else set()
    for call in obs.belote_calls:
        if call.card in on_table:
            lines.append(t(f"play.{call.word}", lang, seat=explain.seat_name(call.seat, lang),
                           card=explain.card_short(call.card, lang), points=BELOTE_POINTS))
    return lines


def show_play(seed: int, dealer: Seat | str = LEARNER, *, cards: int = 0,
              rules: RuleSet | str | Mapping[str, object] | None = None, hint: bool = False,
              review: Card | str | None = None, belote: bool | None = None,
              lang: str | None = None) -> StaticBoard:
    """A real deal (``Deal.new(dealer, rng=seed, rules)``) played by four club players
    (the course's computer players) until ``cards`` cards are on the table, seen from
    South: the table with what was said (the bids, the announcements declared during
    pli 1 and shown during pli 2, R4.4; "belote" and "rebelote", R5.1), the card winning
    the pli, the last pli, and in words what was announced, shown (with the points of the
    team that scores, R4.5, R4.6) and said. Once the 32 cards are played, the deal's
    summary (R6). With South to play, the coach's advice (``hint``), its review of a card
    (``review``) or of "belote" said or not with it (``belote``).

    Args:
        seed: the whole-number seed of the shuffle.
        dealer: the dealer.
        cards: cards played so far, 0 (bidding done, nobody has played) to 32.
        rules: a RuleSet, preset name or options mapping (default ``classic``).
        hint: add the coach's advice for South (:func:`~belote_teach.coach.plays.hint`).
        review: a card of South's hand to review (:func:`~belote_teach.coach.plays.review`).
        belote: with ``review``: review instead whether South says "belote" with that
            card (:func:`~belote_teach.coach.calls.review_belote`, R5.1, R5.2).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidPositionError: ``seed`` or ``cards`` is not a whole number (0 to 32), or the
            deal never gets there (passed out, R2.6).
        OutOfTurnError: ``hint`` or ``review`` when it is not South's turn to play.
        IllegalPlayError: ``review`` is not in South's hand.
        ValueError: ``belote`` without ``review``, bad rules, unknown language.
    """
    lang = resolve_language(lang)
    if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= len(DECK):
        raise InvalidPositionError(f"cards {cards!r} refused: the cards played so far, a "
                                   f"whole number from 0 to {len(DECK)}")
    if belote is not None and review is None:
        raise ValueError("belote says whether 'belote' is said with the reviewed card: give "
                         "review= the card too")
    deal = Deal.new(dealer, rng=_check_seed(seed), rules=rules)
    _replay_until(deal, lambda d: (d.phase in (Phase.PLAY, Phase.SCORED)
                                   and len(d.played_cards) == cards),
                  f"{cards} cards played")
    obs = deal.observation(LEARNER)
    lines = _play_text(deal, obs, lang)
    if hint:
        lines.append(plays.hint(obs, rng=random.Random(seed)).text(lang))
    reviews: list[Review] = []
    if review is not None and belote is not None:
        reviews.append(review_belote(obs, review, belote))
    elif review is not None:
        reviews.append(plays.review(obs, review, rng=random.Random(seed)))
    t = examples.lesson_text
    if deal.score is not None:
        head = t("play.head_over", lang)
    else:
        head = t("play.head", lang, n=len(deal.tricks) + 1)
    more = ""
    if deal.score is not None:
        more = render_deal_breakdown(deal.score, lang=lang, nous=LEARNER.team)
    return StaticBoard(table_html=_table_of(obs, lang, during_play=True), hand_html=more,
                       feedback_html=_coach_box(head, lines) + _reviews_html(reviews, lang))


# ---------------------------------------------------------------------------- lesson 5 (R6)
def show_score(takers: Team | str, card_points: Mapping[Team | str, int],
               tricks: Mapping[Team | str, int], *, belote: Team | str | None = None,
               announcements: Mapping[Team | str, Iterable[object]] | None = None,
               reserve: int = 0, revoke: Team | str | None = None,
               trump: Suit | str | None = None,
               rules: RuleSet | str | Mapping[str, object] | None = None,
               lang: str | None = None) -> StaticBoard:
    """The score of a finished deal as the engine computes it
    (:func:`~belote_teach.engine.scoring.score_deal`: R6.1 totals, R6.2 contract, R6.3 made,
    R6.4 dedans, R6.5 capot, R6.6 litige and reserve, R6.7 rounding, R5.3 belote, R3.8
    revoke), drawn as the end-of-deal summary with the columns Nous (North-South) and
    Eux (:func:`~belote_teach.render.score_sheet.render_deal_breakdown`). All in points.

    Args:
        takers: the team that took, ``"NS"`` or ``"EW"``.
        card_points: card points won per team, dix de der included (they add up to 162).
        tricks: plis won per team (they add up to 8).
        belote: the team that said belote-rebelote, or ``None``.
        announcements: per team, its announcements, each by its cards (``["JC", "QC",
            "KC"]``) or as an :class:`~belote_teach.engine.announcements.Announcement`.
        reserve: points waiting from an earlier litige (R6.6).
        revoke: the team that revoked (renonce, R3.8), or ``None``.
        trump: the atout suit, needed only to compare equal sequences (R4.5).
        rules: a RuleSet, preset name or options mapping (e.g. ``{"rounding": True}``).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidScoreError: as :func:`~belote_teach.engine.scoring.score_deal` (points not adding
            up to 162, plis not to 8, an unknown team...).
        FalseAnnouncementError: an announcement's cards make none.
        InvalidRuleSetError, InvalidCardError: bad rules or trump.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    declared = None
    if announcements is not None:
        declared = {team: _announcements(items, f"announcements of {team}")
                    for team, items in announcements.items()}
    score = score_deal(takers=takers, card_points=card_points, tricks=tricks, belote=belote,
                       announcements=declared, reserve=reserve, revoke=revoke, trump=trump,
                       rules=rules)
    return StaticBoard(table_html=render_deal_breakdown(score, lang=lang, nous=LEARNER.team))


def show_score_sheet(seed: int, *, deals: int | None = None,
                     rules: RuleSet | str | Mapping[str, object] | None = None,
                     lang: str | None = None) -> StaticBoard:
    """The score sheet (Nous / Eux) of a game played by four club players from ``seed``
    (:class:`~belote_teach.engine.game.Game`, first dealer South): one row per deal with the
    contract, the outcome and the marks, each deal's summary on demand, the running
    totals and the reserve (R6, R6.6), and the winner once a team reaches the target
    (R6.8). All in points.

    Args:
        seed: the whole-number seed of the game.
        deals: stop after this many deals (passed-out ones included), or ``None`` to play
            to the end of the game.
        rules: a RuleSet, preset name or options mapping (``{"target": 501}``).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).

    Raises:
        InvalidPositionError: ``seed`` is not a whole number, or ``deals`` is not a whole
            number of 1 or more.
        InvalidRuleSetError: bad rules.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)
                              or deals < 1):
        raise InvalidPositionError(f"deals {deals!r} refused: a whole number of deals, 1 or "
                                   "more, or None to play the game to its end")
    game = Game(rules, LEARNER, rng=_check_seed(seed))
    players = {seat: ClubPlayer() for seat in Seat}
    rng = random.Random(seed)
    while not game.is_over and (deals is None or len(game.sheet) < deals):
        play_deal(game.deal, players, rng)
    return StaticBoard(table_html=render_score_sheet(game.sheet, lang=lang))


# ---------------------------------------------------------------------------- lesson 6 (R9)
def show_tip(practice_id: str, *, review: Card | Bid | str | None = None,
             belote: bool | None = None, declare: Iterable[object] | None = None,
             hint: bool = True, lang: str | None = None,
             deals: str | Path | None = None) -> StaticBoard:
    """The key moment of a curated practice deal (``notebooks/deals/practice.yaml``), where
    a tip of R9 or a rule decides South's move, reached with club players in all four
    seats; South's view with the cards South may play marked, and the coach's advice
    (:func:`~belote_teach.coach.plays.hint` for a card, :func:`~belote_teach.coach.calls.hint_bid`
    for a bid). With ``review``, the coach's review of that card or bid, the common error
    it may be (R9: not overtrumping, taking with weak trumps), or with ``belote`` of
    "belote" said or not with that card (R5.2); with ``declare``, of the announcements
    declared with South's first card (:func:`~belote_teach.coach.calls.review_announcements`,
    R4.4, R9 tip 6).

    Args:
        practice_id: the ``id`` of a deal of the practice file.
        review: a card (at a pli moment) or a bid (at a bidding moment) to review.
        belote: with ``review``: review instead whether South says "belote" with that card.
        declare: the announcements South declares with the first card (each by its cards;
            ``[]`` for none), or ``None`` not to review announcements.
        hint: show the coach's advice (default True).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).
        deals: the practice file; ``None``: :data:`belote_teach.course.practice.DEFAULT_PATH`,
            which only a source checkout has. A notebook passes its own relative path
            (``"../deals/practice.yaml"``), which also holds where the package is
            installed apart from the course (Binder).

    Raises:
        InvalidPositionError: no practice deal has that id.
        PracticeFileError: the practice file cannot be read.
        InvalidCardError, InvalidBidError, IllegalPlayError: ``review`` cannot be read or
            is not in South's hand.
        FalseAnnouncementError: an item of ``declare`` makes no announcement.
        PhaseError: ``declare`` at a moment that is not South's first card (R4.4), or
            ``review`` of a card at a bidding moment.
        ValueError: ``belote`` without a card to review, unknown language.
    """
    lang = resolve_language(lang)
    by_id = {d.id: d for d in load_practice_deals(deals)}
    if practice_id not in by_id:
        raise InvalidPositionError(f"no practice deal {practice_id!r}: expected one of "
                                   f"{', '.join(by_id)}")
    if belote is not None and review is None:
        raise ValueError("belote says whether 'belote' is said with the reviewed card: give "
                         "review= the card too")
    practice = by_id[practice_id]
    moment = practice.moment
    deal = practice.new_deal()
    rng_seed = practice.seed or 0
    if moment.bidding is not None:
        if declare is not None or belote is not None:
            raise PhaseError(f"practice deal {practice_id!r} stops at South's bid: there is "
                             "no card to declare announcements or belote with (R4.4, R5.1)")
        phase = Phase.BIDDING_1 if moment.bidding == 1 else Phase.BIDDING_2
        _replay_until(deal, lambda d: d.phase is phase and d.turn is LEARNER,
                      f"South's bid in round {moment.bidding}")
        obs = deal.observation(LEARNER)
        lines = [hint_bid(obs, rng=random.Random(rng_seed)).text(lang)] if hint else []
        bid_reviews: list[Review] = []
        if review is not None:
            bid_reviews.append(review_bid(obs, Bid.parse(review), rng=random.Random(rng_seed)))
        return StaticBoard(table_html=_table_of(obs, lang),
                           feedback_html=_coach_box(practice.title(lang), lines)
                           + _reviews_html(bid_reviews, lang))
    _replay_until(deal, lambda d: (d.phase is Phase.PLAY and d.turn is LEARNER
                                   and len(d.tricks) + 1 == moment.trick),
                  f"South's card in pli {moment.trick}")
    obs = deal.observation(LEARNER)
    legal = obs.legal_plays
    assert legal is not None
    states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
    lines = _play_text(deal, obs, lang)
    card_reviewed = review is not None and belote is None      # belote needs no worlds
    evaluation = (plays.evaluate(obs, rng=random.Random(rng_seed))
                  if hint or card_reviewed else None)
    if hint:
        lines.append(plays.hint(obs, evaluation=evaluation).text(lang))
        declarable = hint_announcements(obs)
        if declarable is not None and declare is None:
            lines.append(declarable.text(lang))
    reviews: list[Review] = []
    if review is not None:
        card = Card.parse(str(review))
        if belote is not None:
            reviews.append(review_belote(obs, card, belote))
        else:
            reviews.append(plays.review(obs, card, evaluation=evaluation))
    if declare is not None:
        reviews.append(review_announcements(obs, _announcements(declare, "declare")))
    return StaticBoard(
        table_html=render_table(obs, lang=lang, spoken=spoken_words(obs, lang),
                                show_hand=False, show_master=True, last_trick_shown=True),
        hand_html=render.hand_html(legal.hand, lang, states=states, interactive=False,
                                   trump=legal.trump),
        feedback_html=_coach_box(practice.title(lang), lines) + _reviews_html(reviews, lang))


def _reviews_html(reviews: Sequence[Review], lang: str) -> str:
    """The coach's reviews of one decision, one marked line per part (the card, its
    announcements, belote), as the table shows them (:func:`comment_html`)."""
    return comment_html(parts(reviews, lang), lang)


# ---------------------------------------------------------------------------- drills (issue 6)
def drill(ids: str | Sequence[str] | None, *, lang: str | None = None, title: str = "",
          progress: CourseProgress | None = None) -> DrillPlayer:
    """The drill player of a lesson: endless fresh positions of the drills ``ids``
    (:data:`belote_teach.course.drills.DRILLS`), with a hint, the explanation of every answer
    and a streak counter; each drill's best streak is kept with the lesson progress, as
    :func:`exercises` keeps the answers (see :class:`~belote_teach.ui.drill.DrillPlayer`
    for how the streak counts).

    Args:
        ids: the drills offered, e.g. ``["must-overtrump", "must-undertrump"]`` (a single
            id accepted); ``None``: all of them. The first one is shown first.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).
            The learner can switch.
        title: optional heading (default: "Practice: one rule, endless positions", in
            the learner's language).
        progress: where the best streaks are kept (default: the learner's data
            directory). A progress file that cannot be read is told above the drill (and
            set aside), and the streaks are kept anew.

    Raises:
        UnknownDrillError: an id is not a drill (the message lists the ids).
        DrillChoiceError: ``ids`` is empty, not a list of texts, or names a drill twice.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    player = DrillPlayer(ids, lang=lang, title=title)

    def learner_came() -> None:
        store = progress if progress is not None else CourseProgress()
        player.attach(store)

    # the learner's record attached when they come (as the exercises')
    when_learner_comes(learner_came)
    return player
