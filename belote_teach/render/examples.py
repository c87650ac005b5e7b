"""The worked examples of the lessons as pure HTML: engine values in, a string out.

Each function draws one fact of RULES.md from what the engine computed (the deck, the
seats and the order of play, card points, the deal and its packets, completion,
announcements, their comparison); none decides a rule. Learner text comes from the
``lessons`` section of the ``explain`` catalogs (:func:`lesson_text`); every text is
escaped; every card is drawn with its rank, suit symbol and spoken name, so colour is
never the only signal. The widgets of :mod:`belote_teach.ui.lesson` show these strings.

    >>> from belote_teach.engine.cards import Suit, parse_cards
    >>> page = count_html(parse_cards(["KD", "AD", "7H", "QH"]), Suit.HEARTS, "en")
    >>> "4 + 11 + 0 + 3 = 18" in page
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from belote_teach import explain
from belote_teach.engine.announcements import (
    BELOTE_POINTS,
    CARRE_ORDER,
    CARRE_POINTS,
    SEQUENCE_LENGTH,
    SEQUENCE_POINTS,
    Announcement,
    AnnouncementType,
    Criterion,
    best_announcement,
    stronger_announcement,
)
from belote_teach.engine.cards import (
    DECK,
    DIX_DE_DER,
    SEQUENCE_ORDER,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    hand_order,
    points,
)
from belote_teach.engine.deal import PACKETS, Deal
from belote_teach.engine.errors import PhaseError
from belote_teach.explain.calls import announcement_name, announcement_type_name
from belote_teach.render import card_picture
from belote_teach.render.html import escape

__all__ = [
    "announcement_values_html",
    "announcements_html",
    "compare_html",
    "compare_reason",
    "completion_html",
    "count_html",
    "deck_html",
    "deck_points_html",
    "lesson_text",
    "packets_html",
    "seats_html",
]

#: The reason keys of :func:`compare_reason` (the catalogs' words), per criterion of R4.5
#: (:class:`~belote_teach.engine.announcements.Criterion`): the carré order and the
#: higher top card are both "higher".
COMPARE_REASONS: Mapping[Criterion, str] = {
    Criterion.POINTS: "points", Criterion.CARRE_OVER_SEQUENCE: "carre",
    Criterion.CARRE_ORDER: "higher", Criterion.TOP_CARD: "higher",
    Criterion.TRUMP: "trump", Criterion.TIE: "tie"}


def lesson_text(key: str, lang: str, /, **values: object) -> str:
    """A sentence of the catalog's ``lessons`` section, with ``values`` filled in:
    :func:`~belote_teach.explain.say` of ``"lessons." + key`` (``"deal.dealt"``).

    Raises:
        UnknownLanguageError: unknown language.
        MissingTextError: no such sentence (a programming error, caught by the catalog
            tests).
    """
    return explain.say(f"lessons.{key}", lang, **values)


def _suit_label(suit: Suit, lang: str, *, trump: Suit | None = None) -> str:
    colour = "bt-ex-red" if suit.is_red else "bt-ex-black"
    name = explain.suit_name(suit, lang)
    if suit is trump:
        name = lesson_text("atout_suit", lang, suit=name)
    return (f'<span class="bt-ex-sym {colour} bt-suit-{suit}" aria-hidden="true">'
            f"{suit.symbol}</span> {escape(name)}")


def _cards(cards: Iterable[Card], lang: str, states: Mapping[Card, str] | None = None) -> str:
    states = states or {}
    return "".join(card_picture(c, lang, states.get(c, "")) for c in cards)


def _figure(body: str, caption: str, css: str) -> str:
    return (f'<figure class="bt-ex {css}">{body}'
            f'<figcaption class="bt-ex-caption">{escape(caption)}</figcaption></figure>')


# ---------------------------------------------------------------------------- R1
def deck_html(lang: str) -> str:
    """The 32 cards of the deck (R1.1), one row per suit, each in sequence order 7 8 9 10
    J Q K A (R1.6), drawn from :data:`~belote_teach.engine.cards.DECK`.

    Args:
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<figure>`` with 4 rows of 8 card pictures and a caption.

    Raises:
        ValueError: unknown language.
    """
    rows = []
    for suit in Suit:
        cards = sorted((c for c in DECK if c.suit is suit), key=lambda c: SEQUENCE_ORDER.index(
            c.rank))
        rows.append(f'<div class="bt-ex-row" data-suit="{suit}"><span class="bt-ex-label">'
                    f'{_suit_label(suit, lang)}</span><div class="bt-ex-cards">'
                    f"{_cards(cards, lang)}</div></div>")
    caption = lesson_text("deck.caption", lang, n=len(DECK), per_suit=len(Rank),
                          suits=len(Suit))
    return _figure("".join(rows), caption, "bt-ex-deck")


def seats_html(me: Seat, lang: str) -> str:
    """The four seats around the table seen from ``me`` (at the bottom): names, roles
    (you, partner, opponent) and teams (Nous / Eux), partners facing each other (R1.1),
    each numbered in the order of play when ``me`` leads, and the order itself,
    counter-clockwise (R2.8), read from :attr:`Seat.next <belote_teach.engine.cards.Seat.next>`.

    Args:
        me: the learner's seat.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<figure>``: a compass of the seats and a caption.

    Raises:
        ValueError: unknown language.
    """
    order = [me]
    while len(order) < len(Seat):
        order.append(order[-1].next)
    areas = {me: "S", me.next: "E", me.partner: "N", me.previous: "W"}
    boxes = []
    for number, seat in enumerate(order, start=1):
        role = explain.seat_role(seat, me, lang)
        team = explain.team_column(seat.team, me.team, lang)
        css = "bt-ex-us" if seat.team is me.team else "bt-ex-them"
        boxes.append(
            f'<div class="bt-ex-seat bt-ex-seat-{areas[seat]} {css}" data-seat="{seat}" '
            f'data-order="{number}"><span class="bt-ex-order" aria-label="'
            f'{escape(lesson_text("seats.order_label", lang, n=number))}">{number}</span>'
            f"<b>{escape(explain.seat_name(seat, lang))}</b>"
            f'<span class="bt-ex-small">{escape(role)} · {escape(team)}</span></div>')
    names = [explain.seat_name(s, lang) for s in (*order, me)]
    arrow = " → ".join(names)
    centre = (f'<div class="bt-ex-seat-C"><span class="bt-ex-arrow" aria-hidden="true">↺</span>'
              f'<span class="bt-ex-small">{escape(lesson_text("seats.direction", lang))}</span>'
              "</div>")
    caption = lesson_text("seats.caption", lang, order=arrow, us=explain.team_seats(me.team, lang),
                          them=explain.team_seats(me.team.other, lang))
    return _figure(f'<div class="bt-ex-seats">{"".join(boxes)}{centre}</div>', caption,
                   "bt-ex-table")


def count_html(cards: Sequence[Card], trump: Suit, lang: str) -> str:
    """Cards with the card points of each under it and their sum (R1.2, R1.3), e.g. the
    four cards of a pli: "4 + 11 + 0 + 3 = 18 card points". Points come from
    :func:`~belote_teach.engine.cards.points`.

    Args:
        cards: the cards to count, in the order shown.
        trump: the atout suit.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<figure>``; its ``data-points`` is the sum.

    Raises:
        ValueError: unknown language.
    """
    values = [points(c, trump) for c in cards]
    items = "".join(
        f'<div class="bt-ex-counted">{card_picture(c, lang)}<span class="bt-ex-points">'
        f"{escape(lesson_text('count.points', lang, points=v))}</span></div>"
        for c, v in zip(cards, values, strict=True))
    total = sum(values)
    sum_text = lesson_text(explain.plural_key("count.sum", total, lang),
                           lang, detail=" + ".join(str(v) for v in values), total=total)
    body = (f'<div class="bt-ex-trump">{_suit_label(trump, lang, trump=trump)}</div>'
            f'<div class="bt-ex-cards">{items}</div>')
    return (f'<figure class="bt-ex bt-ex-count" data-points="{total}">{body}'
            f'<figcaption class="bt-ex-caption bt-ex-sum">{escape(sum_text)}</figcaption></figure>')


def deck_points_html(trump: Suit, lang: str) -> str:
    """The card points of each suit when ``trump`` is atout, their sum over the 32 cards
    and the 10 of the dix de der: 62 + 30 + 30 + 30 = 152, + 10 = 162 (R1.2–R1.4), every
    number summed from :func:`~belote_teach.engine.cards.points`.

    Args:
        trump: the atout suit.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<table>``; its ``data-total`` is the points of a whole deal.

    Raises:
        ValueError: unknown language.
    """
    rows = []
    for suit in (trump, *(s for s in Suit if s is not trump)):
        worth = sum(points(c, trump) for c in DECK if c.suit is suit)
        rows.append(f'<tr data-suit="{suit}"><th scope="row">'
                    f"{_suit_label(suit, lang, trump=trump)}</th><td>{worth}</td></tr>")
    cards = sum(points(c, trump) for c in DECK)
    rows.append(f'<tr class="bt-ex-sum"><th scope="row">'
                f'{escape(lesson_text("points.cards", lang, n=len(DECK)))}</th>'
                f"<td>{cards}</td></tr>")
    rows.append(f'<tr><th scope="row">{escape(lesson_text("points.dix_de_der", lang))}</th>'
                f"<td>+ {DIX_DE_DER}</td></tr>")
    rows.append(f'<tr class="bt-ex-sum"><th scope="row">{escape(lesson_text("points.deal", lang))}'
                f"</th><td>{cards + DIX_DE_DER}</td></tr>")
    head = (f'<thead><tr><th scope="col">{escape(lesson_text("points.suit", lang))}</th>'
            f'<th scope="col">{escape(lesson_text("points.head", lang))}</th></tr></thead>')
    caption = lesson_text("points.caption", lang, suit=explain.suit_name(trump, lang))
    return (f'<table class="bt-orders bt-ex-points-table" data-total="{cards + DIX_DE_DER}">'
            f"<caption>{escape(caption)}</caption>{head}<tbody>{''.join(rows)}</tbody></table>")


# ---------------------------------------------------------------------------- R2
def _seat_cell(seat: Seat, deal: Deal, lang: str) -> str:
    tags = []
    if seat is deal.dealer:
        tags.append(lesson_text("deal.dealer_tag", lang))
    if seat is deal.cutter:
        tags.append(lesson_text("deal.cutter_tag", lang))
    if seat is deal.taker:
        tags.append(lesson_text("deal.taker_tag", lang))
    small = f'<span class="bt-ex-small">{escape(", ".join(tags))}</span>' if tags else ""
    return f'<th scope="row"><b>{escape(explain.seat_name(seat, lang))}</b>{small}</th>'


def packets_html(deal: Deal, lang: str) -> str:
    """How ``deal`` was dealt (R2.2, R2.3), every hand face up: one row per seat in the
    order served (the player after the dealer first), its packet of 3 then its packet of
    2 (:data:`~belote_teach.engine.deal.PACKETS`), then the turned card.

    Args:
        deal: any deal (its :attr:`~belote_teach.engine.deal.Deal.dealt_hands` are read).
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<table>``.

    Raises:
        ValueError: unknown language.
    """
    first, second = PACKETS
    rows = []
    for seat, cards in deal.dealt_hands.items():
        rows.append(f'<tr data-seat="{seat}">{_seat_cell(seat, deal, lang)}'
                    f'<td><div class="bt-ex-cards bt-ex-small-cards">{_cards(cards[:first], lang)}'
                    f'</div></td><td><div class="bt-ex-cards bt-ex-small-cards">'
                    f"{_cards(cards[first:], lang)}</div></td></tr>")
    rows.append(f'<tr class="bt-ex-turned-row"><th scope="row">'
                f'{escape(lesson_text("deal.turned", lang))}</th><td colspan="2">'
                f'<div class="bt-ex-cards bt-ex-small-cards">{card_picture(deal.turned, lang)}'
                "</div></td></tr>")
    head = (f'<thead><tr><th scope="col">{escape(lesson_text("deal.seat", lang))}</th>'
            f'<th scope="col">{escape(lesson_text("deal.packet", lang, n=first))}</th>'
            f'<th scope="col">{escape(lesson_text("deal.packet", lang, n=second))}</th>'
            "</tr></thead>")
    caption = lesson_text("deal.open", lang)
    return (f'<table class="bt-ex-deal"><caption>{escape(caption)}</caption>{head}'
            f"<tbody>{''.join(rows)}</tbody></table>")


def completion_html(deal: Deal, lang: str) -> str:
    """The completion of ``deal`` (R2.7), every hand face up: for each seat in the order
    served, the cards received at completion (the turned card marked for the taker) and
    the 8 cards it then held.

    Args:
        deal: a deal past its bidding with a taker (phase PLAY or SCORED).
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<table>``.

    Raises:
        PhaseError: nobody took yet (or the deal was passed out): no completion.
        ValueError: unknown language.
    """
    if deal.trump is None or deal.start_hand(deal.dealer) is None:
        raise PhaseError(f"completion_html needs a deal with a taker, got phase "
                         f"{deal.phase.name}: completion follows the take (R2.7)")
    trump = deal.trump
    rows = []
    for seat, dealt in deal.dealt_hands.items():
        start = deal.start_hand(seat)
        assert start is not None
        received = hand_order([c for c in start if c not in dealt], trump)
        states = {deal.turned: "master"} if seat is deal.taker else {}
        rows.append(f'<tr data-seat="{seat}" data-received="{len(received)}">'
                    f"{_seat_cell(seat, deal, lang)}"
                    f'<td><div class="bt-ex-cards bt-ex-small-cards">'
                    f"{_cards(received, lang, states)}</div></td>"
                    f'<td><div class="bt-ex-cards bt-ex-small-cards">'
                    f"{_cards(hand_order(start, trump), lang)}</div></td></tr>")
    head = (f'<thead><tr><th scope="col">{escape(lesson_text("deal.seat", lang))}</th>'
            f'<th scope="col">{escape(lesson_text("deal.received", lang))}</th>'
            f'<th scope="col">{escape(lesson_text("deal.now_holds", lang))}</th></tr></thead>')
    caption = lesson_text("deal.open_completion", lang,
                          turned=explain.card_short(deal.turned, lang))
    return (f'<table class="bt-ex-deal"><caption>{escape(caption)}</caption>{head}'
            f"<tbody>{''.join(rows)}</tbody></table>")


# ---------------------------------------------------------------------------- R4, R5
def announcement_values_html(lang: str) -> str:
    """What each announcement is worth (R4.1, R4.2), drawn from the engine's tables
    (:data:`~belote_teach.engine.announcements.SEQUENCE_LENGTH`,
    :data:`~belote_teach.engine.announcements.SEQUENCE_POINTS`,
    :data:`~belote_teach.engine.announcements.CARRE_POINTS`): the sequences by cards in a row,
    the carrés by rank, strongest first (:data:`~belote_teach.engine.announcements.CARRE_ORDER`),
    and the ranks whose carré is worth nothing.

    Args:
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<div>`` holding two ``<table>`` elements, in points.

    Raises:
        ValueError: unknown language.
    """
    order = " ".join(explain.rank_short(rank, lang) for rank in SEQUENCE_ORDER)
    sequences = []
    for kind, length in SEQUENCE_LENGTH.items():
        key = "values.run_more" if kind is AnnouncementType.CENT else "values.run"
        run = lesson_text(key, lang, n=length)
        sequences.append(f'<tr data-type="{kind}"><td>{escape(run)}</td>'
                         f"<td><i>{escape(announcement_type_name(kind, lang))}</i></td>"
                         f"<td>{SEQUENCE_POINTS[kind]}</td></tr>")
    carres = []
    for rank in (*CARRE_ORDER, *(r for r in reversed(SEQUENCE_ORDER) if r not in CARRE_POINTS)):
        four = " ".join(explain.card_short(Card(rank, suit), lang) for suit in Suit)
        worth = (str(CARRE_POINTS[rank]) if rank in CARRE_POINTS
                 else escape(lesson_text("values.nothing", lang)))
        carres.append(f'<tr data-rank="{rank}"><td>{escape(four)}</td><td>{worth}</td></tr>')

    def table(caption: str, head: list[str], rows: list[str]) -> str:
        cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
        return (f'<table class="bt-orders bt-ex-values"><caption>{escape(caption)}</caption>'
                f"<thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody></table>")

    return ('<div class="bt-ex-values-wrap">'
            + table(lesson_text("values.sequences", lang, order=order),
                    [lesson_text("values.cards", lang), lesson_text("values.name", lang),
                     lesson_text("values.points", lang)], sequences)
            + table(lesson_text("values.carres", lang),
                    [lesson_text("values.carre", lang), lesson_text("values.points", lang)],
                    carres)
            + "</div>")


def announcements_html(hand: Sequence[Card], trump: Suit, found: Sequence[Announcement],
                       belote: bool, lang: str) -> str:
    """A hand and what it can announce, as the engine found it (R4.1–R4.3, R5.1): the
    cards of each combination marked ✓, one line per announcement with its cards and
    points, the total, and belote-rebelote.

    Args:
        hand: the cards of the hand (8 during the first pli, R4.4).
        trump: the atout suit.
        found: the announcements (:func:`~belote_teach.engine.announcements.find_announcements`).
        belote: whether the hand holds the K and Q of atout
            (:func:`~belote_teach.engine.announcements.has_belote`).
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<figure>``; its ``data-points`` is the announcement points.

    Raises:
        ValueError: unknown language.
    """
    used = {c for a in found for c in a.cards}
    states = {c: "legal" for c in used}
    total = sum(a.points for a in found)
    lines = [f"<li>{escape(announcement_name(a, lang))}</li>" for a in found]
    if found:
        summary = lesson_text("announce.total", lang, points=total)
    else:
        summary = lesson_text("announce.none", lang)
    key = "announce.belote" if belote else "announce.no_belote"
    belote_line = lesson_text(key, lang, points=BELOTE_POINTS)
    body = (f'<div class="bt-ex-trump">{_suit_label(trump, lang, trump=trump)}</div>'
            f'<div class="bt-ex-cards">{_cards(hand_order(hand, trump), lang, states)}</div>'
            f'<ul class="bt-ex-list">{"".join(lines)}</ul>'
            f'<p class="bt-ex-sum">{escape(summary)}</p><p>{escape(belote_line)}</p>')
    return (f'<figure class="bt-ex bt-ex-announce" data-points="{total}" '
            f'data-belote="{str(belote).lower()}">{body}</figure>')


def compare_reason(ns_best: Announcement | None, ew_best: Announcement | None,
                   trump: Suit) -> str:
    """Which step of R4.5 separates the two teams' best announcements (the engine's
    :func:`~belote_teach.engine.announcements.stronger_announcement`), named by
    :data:`COMPARE_REASONS`: ``"points"`` (more points), ``"carre"`` (at equal points a
    carré beats a sequence), ``"higher"`` (the higher carré, J > 9 > A > 10 > K > Q, or
    the higher top card), ``"trump"`` (same top card: the atout sequence) or ``"tie"``;
    ``"alone"`` when only one team announced, ``"none"`` when neither did.
    """
    if ns_best is None and ew_best is None:
        return "none"
    if ns_best is None or ew_best is None:
        return "alone"
    return COMPARE_REASONS[stronger_announcement(ns_best, ew_best, trump)[1]]


def compare_html(ns: Sequence[Announcement], ew: Sequence[Announcement], trump: Suit,
                 winner: Team | None, scored: int, lang: str) -> str:
    """Each team's announcements side by side, the best of each (R4.5) and the verdict:
    which team scores all its announcements and how many points (R4.6), with the step of
    R4.5 that decided (:func:`compare_reason`).

    Args:
        ns, ew: the announcements of North-South and East-West.
        trump: the atout suit.
        winner: the scoring team as the engine said
            (:func:`~belote_teach.engine.announcements.compare_announcements`), or ``None``.
        scored: the announcement points the winner scores.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML ``<figure>`` with a table and the verdict; ``data-winner`` is the team
        (``none`` for nobody), ``data-points`` the points.

    Raises:
        ValueError: unknown language.
    """
    teams = {Team.NS: ns, Team.EW: ew}
    best = {team: best_announcement(items, trump) for team, items in teams.items()}
    head = "".join(f'<th scope="col">{escape(explain.team_seats(t, lang))}</th>' for t in teams)

    def names(items: Iterable[Announcement]) -> str:
        shown = [f"<li>{escape(announcement_name(a, lang))}</li>" for a in items]
        return f'<ul class="bt-ex-list">{"".join(shown)}</ul>' if shown else "—"

    rows = (f'<tr><th scope="row">{escape(lesson_text("compare.declared", lang))}</th>'
            + "".join(f"<td>{names(items)}</td>" for items in teams.values()) + "</tr>"
            f'<tr><th scope="row">{escape(lesson_text("compare.best", lang))}</th>'
            + "".join(f"<td>{escape(announcement_name(b, lang)) if b else '—'}</td>"
                      for b in best.values()) + "</tr>")
    reason = compare_reason(best[Team.NS], best[Team.EW], trump)
    order = ", ".join(explain.rank_short(rank, lang) for rank in CARRE_ORDER)
    because = lesson_text(f"compare.reason_{reason}", lang, order=order)
    if winner is None:
        verdict = because
    else:
        verdict = lesson_text("compare.winner", lang, team=explain.team_seats(winner, lang),
                              points=scored, because=because)
    table = (f'<table class="bt-sheet-break bt-ex-compare"><thead><tr><td></td>{head}</tr>'
             f"</thead><tbody>{rows}</tbody></table>")
    trump_line = f'<div class="bt-ex-trump">{_suit_label(trump, lang, trump=trump)}</div>'
    return (f'<figure class="bt-ex bt-ex-compare-box" data-winner="{winner or "none"}" '
            f'data-points="{scored}">{trump_line}{table}'
            f'<figcaption class="bt-ex-caption bt-ex-sum">{escape(verdict)}</figcaption></figure>')
