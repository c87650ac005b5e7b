"""The worked examples of real deals (R2, R4.4, R5, R9): the deal and its bidding, South's
bid with the coach's advice, a deal played on by club players, and the key moment of a
curated practice deal. Each is a :class:`~belote_teach.ui.board.StaticBoard` for a lesson
cell to display; the position is reached by :mod:`belote_teach.players.replay`, worded by
:mod:`belote_teach.explain.lessons` and the coach, drawn by :mod:`belote_teach.render`.

    >>> "Bidding, round 1" in show_deal(7, "S").feedback_html
    True

``lang=None`` is the lesson's language (:func:`~belote_teach.ui.language.use_language`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Mapping, Sequence

from belote_teach import render
from belote_teach.coach import plays
from belote_teach.coach.calls import (
    hint_announcements,
    hint_bid,
    review_announcements,
    review_belote,
    review_bid,
)
from belote_teach.coach.session import Review, parts
from belote_teach.course.practice import load_practice_deals
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import InvalidPositionError, PhaseError
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import RuleSet
from belote_teach.explain import lessons
from belote_teach.players.replay import check_seed, deal_at_bid, replay_until
from belote_teach.render.comment import comment_html
from belote_teach.render.examples import completion_html, packets_html
from belote_teach.render.score_sheet import render_deal_breakdown
from belote_teach.render.table import render_table, spoken_words
from belote_teach.ui.arguments import announcements, cards_played, check_belote
from belote_teach.ui.board import StaticBoard
from belote_teach.ui.examples import LEARNER
from belote_teach.ui.language import resolve_language

__all__ = ["show_bidding", "show_deal", "show_play", "show_tip"]


def _table(obs: Observation, lang: str, *, during_play: bool = False,
           show_hand: bool = True) -> str:
    """The table seen from the learner's seat, with what each player has just said; during
    play the card winning the pli is marked and the last pli shown."""
    return render_table(obs, lang=lang, spoken=spoken_words(obs, lang), show_hand=show_hand,
                        show_master=during_play, last_trick_shown=during_play)


def _coach_box(head: str, lines: Iterable[str]) -> str:
    return render.message_html("info", head, list(lines))


def _reviews_html(reviews: Sequence[Review], lang: str, head: str = "") -> str:
    """The coach's reviews of one decision, one marked line per part (the card, its
    announcements, belote), as the table shows them."""
    return comment_html(parts(reviews, lang), lang, head=head)


def show_deal(seed: int, dealer: Seat | str = LEARNER, bids: Iterable[Bid | str] = (), *,
              open_hands: bool = False, lang: str | None = None) -> StaticBoard:
    """A real deal dealt by the engine (``Deal.new(dealer, rng=seed)``, R2.1–R2.3) and
    the bids said so far, seen from South: the table with the dealer's button, the
    turned card (retourne) and the stock, or the atout and the taker once somebody took;
    under it, where the deal stands (:func:`~belote_teach.explain.lessons.deal_status`:
    R2.1–R2.9).

    Args:
        seed: the whole-number seed of the shuffle and the cut.
        dealer: the dealer (donneur), a :class:`Seat` or its letter.
        bids: the bids said so far, first speaker first (``"pass"``, ``"take"``, a suit
            letter in round 2), each checked by the engine.
        open_hands: also show every hand face up: the packets as dealt while bidding
            (or after a pass-out), what each player received at completion after a take.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidPositionError: ``dealer`` names no seat.
        InvalidBidError, IllegalBidError, PhaseError: a bid cannot be read, is not legal
            when said (R2.4, R2.5), or comes after the bidding ended.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    deal = Deal.new(dealer, rng=check_seed(seed))
    for bid in bids:
        deal.bid(bid)
    head, lines = lessons.deal_status(deal, lang)
    more = ""
    if open_hands:
        more = (completion_html(deal, lang) if deal.contract is not None
                else packets_html(deal, lang))
    return StaticBoard(table_html=_table(deal.observation(LEARNER), lang), hand_html=more,
                       feedback_html=render.message_html("info", head, lines))


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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidCardError: a card cannot be read or is given twice.
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidPositionError: ``hand`` is not 5 cards or holds the retourne.
        InvalidBidError, IllegalBidError: a bid of ``history`` (or ``bid``) cannot be read,
            or a bid of ``history`` was not legal (R2.4, R2.5).
        PhaseError: ``history`` ends the bidding before South's turn.
        ValueError: bad ``samples`` or unknown language.
    """
    lang = resolve_language(lang)
    obs = deal_at_bid(hand, turned, history, seed, seat=LEARNER).observation(LEARNER)
    advice = _coach_box(lessons.advice_head(lang),
                        [hint_bid(obs, rng=random.Random(seed), samples=samples).text(lang)])
    reviewed = ""
    if bid is not None:
        review = review_bid(obs, bid, rng=random.Random(seed), samples=samples)
        reviewed = _reviews_html([review], lang, lessons.bid_review_head(review.bid, lang))
    return StaticBoard(table_html=_table(obs, lang), feedback_html=reviewed + advice)


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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidPositionError: ``cards`` is not a whole number from 0 to 32.
        PositionNotReachedError: the deal never gets there (passed out, R2.6).
        BeloteWithoutReviewError: ``belote`` without ``review``.
        OutOfTurnError: ``hint`` or ``review`` when it is not South's turn to play.
        IllegalPlayError: ``review`` is not in South's hand.
        ValueError: bad rules, unknown language.
    """
    lang = resolve_language(lang)
    played = cards_played(cards)
    check_belote(belote, review)
    deal = Deal.new(dealer, rng=check_seed(seed), rules=rules)
    replay_until(deal, lambda d: (d.phase in (Phase.PLAY, Phase.SCORED)
                                  and len(d.played_cards) == played),
                 f"{played} cards played")
    obs = deal.observation(LEARNER)
    lines = lessons.play_lines(deal, obs, lang)
    if hint:
        lines.append(plays.hint(obs, rng=random.Random(seed)).text(lang))
    reviews: list[Review] = []
    if review is not None and belote is not None:
        reviews.append(review_belote(obs, review, belote))
    elif review is not None:
        reviews.append(plays.review(obs, review, rng=random.Random(seed)))
    more = ""
    if deal.score is not None:
        more = render_deal_breakdown(deal.score, lang=lang, nous=LEARNER.team)
    return StaticBoard(table_html=_table(obs, lang, during_play=True), hand_html=more,
                       feedback_html=_coach_box(lessons.play_head(deal, lang), lines)
                       + _reviews_html(reviews, lang))


def show_tip(practice_id: str, *, review: Card | Bid | str | None = None,
             belote: bool | None = None, declare: Iterable[object] | None = None,
             hint: bool = True, lang: str | None = None,
             deals: str | os.PathLike[str] | None = None) -> StaticBoard:
    """The key moment of a curated practice deal (the course's ``"practice"``), where
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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.
        deals: the practice deals: ``None``, the course's (found in the package wherever
            the kernel starts); a name or a file of one's own
            (:func:`~belote_teach.course.practice.load_practice_deals`).

    Raises:
        InvalidPositionError: no practice deal has that id.
        PracticeFileError: the practice file cannot be read (``UnknownDealsError``: no
            practice deals of that name and no file of that path).
        InvalidCardError, InvalidBidError, IllegalPlayError: ``review`` cannot be read or
            is not in South's hand.
        FalseAnnouncementError: an item of ``declare`` makes no announcement.
        PhaseError: ``declare`` at a moment that is not South's first card (R4.4), or
            ``review`` of a card at a bidding moment.
        BeloteWithoutReviewError: ``belote`` without a card to review.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    by_id = {d.id: d for d in load_practice_deals(deals)}
    if practice_id not in by_id:
        raise InvalidPositionError(f"no practice deal {practice_id!r}: expected one of "
                                   f"{', '.join(by_id)}")
    check_belote(belote, review)
    practice = by_id[practice_id]
    moment = practice.moment
    deal = practice.new_deal()
    rng_seed = practice.seed or 0
    reviews: list[Review] = []
    if moment.bidding is not None:
        if declare is not None or belote is not None:
            raise PhaseError(f"practice deal {practice_id!r} stops at South's bid: there is "
                             "no card to declare announcements or belote with (R4.4, R5.1)")
        phase = Phase.BIDDING_1 if moment.bidding == 1 else Phase.BIDDING_2
        replay_until(deal, lambda d: d.phase is phase and d.turn is LEARNER,
                     f"South's bid in round {moment.bidding}")
        obs = deal.observation(LEARNER)
        lines = [hint_bid(obs, rng=random.Random(rng_seed)).text(lang)] if hint else []
        if review is not None:
            reviews.append(review_bid(obs, Bid.parse(review), rng=random.Random(rng_seed)))
        return StaticBoard(table_html=_table(obs, lang),
                           feedback_html=_coach_box(practice.title(lang), lines)
                           + _reviews_html(reviews, lang))
    replay_until(deal, lambda d: (d.phase is Phase.PLAY and d.turn is LEARNER
                                  and len(d.tricks) + 1 == moment.trick),
                 f"South's card in pli {moment.trick}")
    obs = deal.observation(LEARNER)
    legal = obs.legal_plays
    assert legal is not None                     # South is to play
    states = {card: ("legal" if card in legal else "dim") for card in legal.hand}
    lines = lessons.play_lines(deal, obs, lang)
    card_reviewed = review is not None and belote is None      # belote needs no worlds
    evaluation = (plays.evaluate(obs, rng=random.Random(rng_seed))
                  if hint or card_reviewed else None)
    if hint:
        lines.append(plays.hint(obs, evaluation=evaluation).text(lang))
        declarable = hint_announcements(obs)
        if declarable is not None and declare is None:
            lines.append(declarable.text(lang))
    if review is not None:
        card = Card.parse(str(review))
        if belote is not None:
            reviews.append(review_belote(obs, card, belote))
        else:
            reviews.append(plays.review(obs, card, evaluation=evaluation))
    if declare is not None:
        reviews.append(review_announcements(obs, announcements(declare, "declare")))
    return StaticBoard(
        table_html=_table(obs, lang, during_play=True, show_hand=False),
        hand_html=render.hand_html(legal.hand, lang, states=states, interactive=False,
                                   trump=legal.trump),
        feedback_html=_coach_box(practice.title(lang), lines) + _reviews_html(reviews, lang))
