"""The sentences of the lessons' worked examples, in the learner's language: a position
and the rule that decides it (R3), a trick and its winner (R1.5), where a deal stands
(R2), what was announced, shown and said during play (R4, R5), and the heads of the
coach's boxes.

Each function takes engine values and returns text; the words are the catalogs'
(``lessons`` section of ``en.yaml`` and ``fr.yaml``) and every fact is the engine's.

    >>> from belote_teach.engine.cards import Seat
    >>> from belote_teach.engine.trick import Trick
    >>> head, lines = trick_example(Trick("H", Seat.SOUTH, ["KD", "AD", "7H", "QH"]),
    ...                             Seat.SOUTH, "en")
    >>> head
    'West wins the trick with Q♥ (18 card points).'
"""

from __future__ import annotations

from belote_teach import explain
from belote_teach.engine.announcements import BELOTE_POINTS
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Seat, Suit
from belote_teach.engine.deal import (
    COMPLETION_OTHERS,
    COMPLETION_TAKER,
    CUT_MIN,
    PACKETS,
    Deal,
    Phase,
)
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import LegalPlays
from belote_teach.engine.trick import Trick
from belote_teach.explain.calls import announcement_name, bid_name

__all__ = [
    "advice_head",
    "bid_review_head",
    "deal_status",
    "play_head",
    "play_lines",
    "position_example",
    "trick_example",
]


def _say(key: str, lang: str, **values: object) -> str:
    """The sentence ``key`` of the catalog's ``lessons`` section (``"deal.dealt"``), with
    ``values`` filled in."""
    return explain.say(f"lessons.{key}", lang, **values)


def position_example(legal: LegalPlays, lang: str) -> tuple[str, list[str]]:
    """The head and the sentences of a worked position (R3): the title of the rule that
    decides it with its ID, why, and the cards that may be played.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    return explain.position_title(legal, lang), [
        explain.explain_rule(legal, lang),
        explain.text("example_legal", lang,
                     legal=explain.join_cards(legal.cards, lang, legal.trump)),
    ]


def trick_example(trick: Trick, me: Seat, lang: str) -> tuple[str, list[str]]:
    """The head and the sentences of a complete trick seen from ``me``: who wins it, with
    which card and how many card points (R1.5), then why it wins, card by card (R1.2,
    R1.3).

    Raises:
        PhaseError: ``trick`` is not complete.
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    winner = trick.winner
    master = trick.master
    assert master is not None                    # a complete trick has its master card
    head = explain.text(explain.plural_key("trick_winner", trick.points, lang), lang,
                        winner=explain.seat_name(winner, lang),
                        card=explain.card_short(master.card, lang),
                        the_card=explain.the_card(master.card, lang), points=trick.points)
    return head, [explain.explain_trick(trick, me, lang)]


def deal_status(deal: Deal, lang: str) -> tuple[str, list[str]]:
    """The head and the sentences that say where ``deal`` stands: while bidding, who
    dealt and cut (R2.1), the packets and the retourne (R2.2, R2.3) and who speaks with
    what they may say (R2.4, R2.5); after a take, the contract, the completion (R2.7)
    and, before the first card, who leads (R2.8); after eight passes, who deals next
    (R2.6, R2.9).

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    def seat(s: Seat) -> str:
        return explain.seat_name(s, lang)

    def suit(s: Suit) -> str:
        return explain.suit_name(s, lang)

    if deal.phase is Phase.PASSED_OUT:
        return _say("deal.head_passed", lang), [
            _say("deal.passed_out", lang, next=seat(deal.next_dealer))]
    if deal.phase.is_bidding:
        first, second = PACKETS
        opener = deal.bidding.first_to_speak
        lines = [
            _say("deal.dealt", lang, dealer=seat(deal.dealer), cutter=seat(deal.cutter),
                 cut=deal.cut, min=CUT_MIN),
            _say("deal.packets", lang, first=first, second=second,
                 first_seat=seat(next(iter(deal.dealt_hands))),
                 turned=explain.card_short(deal.turned, lang), stock=len(deal.stock)),
        ]
        if deal.phase is Phase.BIDDING_1:
            lines.append(_say("deal.round1", lang, seat=seat(opener),
                              suit=suit(deal.turned.suit)))
        else:
            named = {b.suit for b in deal.legal_bids if b.suit is not None}
            lines.append(_say("deal.round2", lang, seat=seat(opener),
                              suits=explain.join_words(
                                  [suit(s) for s in Suit if s in named], lang, "or"),
                              turned_suit=suit(deal.turned.suit)))
        return _say("deal.head_bidding", lang, round=deal.bidding.round), lines
    contract = deal.contract
    assert contract is not None                  # neither bidding nor passed out: taken
    start = deal.start_hand(contract.taker)
    assert start is not None
    taker = seat(contract.taker)
    lines = [
        _say(f"deal.taken_round{contract.round}", lang, taker=taker,
             suit=suit(contract.trump)),
        _say("deal.completion", lang, taker=taker, turned=explain.card_short(deal.turned, lang),
             n_taker=COMPLETION_TAKER, n_other=COMPLETION_OTHERS, hand=len(start)),
    ]
    if not deal.played_cards:
        leader = deal.turn
        assert leader is not None
        lines.append(_say("deal.leads", lang, seat=seat(leader), dealer=seat(deal.dealer)))
    return _say("deal.head_taken", lang, taker=taker, suit=suit(contract.trump)), lines


def advice_head(lang: str) -> str:
    """The head of the coach's advice at a bid: ``"The coach's advice"``.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    return _say("bidding.head_hint", lang)


def bid_review_head(bid: Bid, lang: str) -> str:
    """The head of the coach's review of the learner's ``bid``: ``"Your choice: I take"``.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    return _say("bidding.head_review", lang, bid=bid_name(bid, lang))


def play_head(deal: Deal, lang: str) -> str:
    """The head of a deal in play: the pli being played (``"Pli 3"``), or that the deal is
    over once scored.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    if deal.score is not None:
        return _say("play.head_over", lang)
    return _say("play.head", lang, n=len(deal.tricks) + 1)


def play_lines(deal: Deal, obs: Observation, lang: str) -> list[str]:
    """What was announced, shown and said in ``deal`` as ``obs``'s seat has seen it: the
    kinds declared with the first card (R4.4), during pli 2 the announcements shown by
    the team that scores them with their points (R4.5, R4.6), and "belote" or
    "rebelote" said with a card still on the table (R5.1). Empty when nothing was.

    Raises:
        UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
    """
    lines = []
    heard = list(obs.announcements_heard)
    if heard and not obs.tricks:
        said = [_say("play.seat_said", lang, seat=explain.seat_name(s, lang),
                     words=explain.say(f"calls.types.{k.value}", lang)) for s, k in heard]
        lines.append(_say("play.declared", lang, said=explain.join_words(said, lang)))
    if obs.shown_announcements and len(obs.tricks) == 1:
        team, scored = deal.announcement_winner
        assert team is not None                  # shown: a team scores them (R4.5)
        shown = [announcement_name(d.announcement, lang) for d in obs.shown_announcements]
        lines.append(_say("play.shown", lang, team=explain.team_seats(team, lang),
                          shown=explain.join_words(shown, lang), points=scored))
    on_table = set(obs.trick.cards) if obs.trick is not None else set()
    for call in obs.belote_calls:
        if call.card in on_table:
            lines.append(_say(f"play.{call.word}", lang, seat=explain.seat_name(call.seat, lang),
                              card=explain.card_short(call.card, lang), points=BELOTE_POINTS))
    return lines
