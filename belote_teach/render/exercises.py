"""The pieces of the scenario player's exercises that are not cards on a table, as pure
HTML: the bidding so far (R2.4, R2.5), the combinations the learner builds from a hand
(R4.1, R4.2), both teams' announcements (R4.5, R4.6) and the facts of a finished deal
(R6). Engine values in, a string out; nothing here decides a rule.

Learner text comes from the ``exercises`` section of the ``explain`` catalogs
(:func:`say`); every text is escaped; suits are written with their symbol and their name,
so colour is never the only signal.

    >>> from belote_teach.engine.bidding import PASS
    >>> from belote_teach.engine.cards import Seat
    >>> page = bidding_html([(Seat.EAST, PASS)], lang="en")
    >>> 'data-seat="E"' in page, "I pass" in page
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from belote_teach import explain
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat, Suit, Team
from belote_teach.engine.scoring import ScoreBreakdown
from belote_teach.explain import join_words
from belote_teach.explain.calls import announcement_name, bid_words
from belote_teach.render.html import escape

__all__ = [
    "bid_words",
    "bidding_html",
    "combinations_html",
    "join_words",
    "rule_heading",
    "say",
    "score_facts_html",
    "team_announcements_html",
    "team_word",
]


def say(key: str, lang: str, /, **values: object) -> str:
    """A sentence of the catalogs' ``exercises`` section, with ``values`` filled in:
    :func:`~belote_teach.explain.say` of ``"exercises." + key`` (``"rules.R2.5"``).

    Raises:
        UnknownLanguageError: unknown language.
        MissingTextError: no such sentence (a programming error, caught by the tests).
    """
    return explain.say(f"exercises.{key}", lang, **values)


def rule_heading(rule_id: str, lang: str) -> str:
    """The title of a RULES.md rule followed by its ID: ``"Round 2: name one of the three
    other suits, or pass (R2.5)"``.

    Raises:
        ValueError: unknown language.
        KeyError: a rule without a title in the ``exercises.rules`` section.
    """
    return explain.text("correct_rule", lang, title=say(f"rules.{rule_id}", lang),
                        rule_id=rule_id)


def team_word(team: Team | None, lang: str, *, nous: Team = Team.NS) -> str:
    """A team as the score sheet names it, with its seats: ``"Nous (North-South)"``,
    ``"Eux (East-West)"``; ``None`` is ``"nobody"`` (R8: Nous / Eux)."""
    if team is None:
        return say("nobody", lang)
    seats = say(f"seats_{team.value}", lang)
    return say("team_nous" if team is nous else "team_eux", lang, seats=seats)


def bidding_html(calls: Sequence[tuple[Seat, Bid]], *, lang: str, round_: int = 1) -> str:
    """The bidding so far, speaker by speaker (R2.4, R2.5): each earlier bid with its seat,
    grouped by round (the first four bids are round 1).

    Args:
        calls: the bids already made this deal, first speaker first, each with its seat.
        lang: ``"en"`` or ``"fr"``.
        round_: the round now being bid (1 or 2), for the line "you speak first".

    Returns:
        An HTML fragment (a titled ordered list per round).

    Raises:
        ValueError: unknown language.
    """
    title = say("bid_history", lang)
    if not calls:
        body = f'<p class="bt-quiz-note">{escape(say("bid_history_none", lang))}</p>'
    else:
        rounds: list[str] = []
        colon = escape(explain.say("label_separator", lang))
        for number, start in ((1, 0), (2, 4)):
            items = "".join(
                f'<li data-seat="{seat}" data-bid="{bid}">'
                f"<b>{escape(explain.seat_name(seat, lang))}</b>{colon}"
                f"{escape(bid_words(bid, lang))}</li>"
                for seat, bid in calls[start:start + 4])
            if items:
                rounds.append(f'<div class="bt-quiz-round"><span class="bt-quiz-key">'
                              f'{escape(say("bid_round", lang, round=number))}</span>'
                              f'<ol class="bt-quiz-calls">{items}</ol></div>')
        body = "".join(rounds)
        if round_ == 2 and len(calls) == 4:
            body += f'<p class="bt-quiz-note">{escape(say("bid_round2_first", lang))}</p>'
    return (f'<section class="bt-quiz-panel bt-quiz-bidding" aria-label="{escape(title)}">'
            f'<h4 class="bt-quiz-title">{escape(title)}</h4>{body}</section>')


def _suit_tag(suit: Suit, lang: str) -> str:
    colour = "bt-table-red" if suit.is_red else "bt-table-black"
    return (f'<span class="bt-table-sym {colour} bt-suit-{suit}" aria-hidden="true">'
            f"{suit.symbol}</span> "
            f"{escape(explain.suit_name(suit, lang))}")


def _trump_line(trump: Suit | None, lang: str) -> str:
    if trump is None:
        return ""
    return (f'<p class="bt-quiz-trump"><span class="bt-quiz-key">'
            f'{escape(explain.text("trump", lang))}</span> {_suit_tag(trump, lang)}</p>')


def _cards_text(cards: Sequence[Card], lang: str) -> str:
    return " ".join(explain.card_short(c, lang) for c in cards)


def combinations_html(built: Sequence[Sequence[Card]], picked: Sequence[Card], trump: Suit, *,
                      lang: str) -> str:
    """The announcements a learner is building from their hand (R4.1, R4.2): the atout,
    each combination added so far (its cards, numbered) and the cards picked for the next.

    Args:
        built: the combinations added, in order, each a list of cards.
        picked: the cards picked but not added yet.
        trump: the atout.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        An HTML fragment (a titled panel).

    Raises:
        ValueError: unknown language.
    """
    title = say("ann_built_title", lang)
    if built:
        items = "".join(
            f'<li data-cards="{" ".join(str(c) for c in cards)}">{escape(_cards_text(cards, lang))}'
            "</li>" for cards in built)
        body = f'<ol class="bt-quiz-combos">{items}</ol>'
    else:
        body = f'<p class="bt-quiz-note">{escape(say("ann_built_none", lang))}</p>'
    if picked:
        body += (f'<p class="bt-quiz-picked">'
                 f'{escape(say("ann_picked", lang, cards=_cards_text(picked, lang)))}</p>')
    return (f'<section class="bt-quiz-panel bt-quiz-announce" aria-label="{escape(title)}">'
            f'{_trump_line(trump, lang)}<h4 class="bt-quiz-title">{escape(title)}</h4>{body}'
            "</section>")


def team_announcements_html(announcements: Mapping[Team, Sequence[Announcement]],
                            trump: Suit, *, lang: str, nous: Team = Team.NS) -> str:
    """Both teams' announcements side by side, in the order declared, each with its cards
    and points (R4.1, R4.2), under the atout (which breaks ties between sequences, R4.5).

    Args:
        announcements: the announcements of each team (a missing team: none).
        trump: the atout.
        lang: ``"en"`` or ``"fr"``.
        nous: the learner's team, the column "Nous" (R8).

    Returns:
        An HTML fragment (a panel with one list per team).

    Raises:
        ValueError: unknown language.
    """
    columns = []
    for team in (nous, nous.other):
        items = announcements.get(team, ())
        if items:
            body = "".join(f"<li>{escape(announcement_name(a, lang))}</li>" for a in items)
            body = f'<ul class="bt-quiz-list">{body}</ul>'
        else:
            body = f'<p class="bt-quiz-note">{escape(say("nothing_announced", lang))}</p>'
        columns.append(f'<div class="bt-quiz-team" data-team="{team}"><h4 class="bt-quiz-title">'
                       f"{escape(team_word(team, lang, nous=nous))}</h4>{body}</div>")
    title = say("cmp_title", lang)
    return (f'<section class="bt-quiz-panel bt-quiz-compare" aria-label="{escape(title)}">'
            f'{_trump_line(trump, lang)}<div class="bt-quiz-teams">{"".join(columns)}</div>'
            "</section>")


def score_facts_html(score: ScoreBreakdown, *, lang: str, trump: Suit | None = None,
                     nous: Team = Team.NS) -> str:
    """The facts of a finished deal that the marks follow from, one row each, a column per
    team (Nous / Eux, R8): the takers (preneur), the card points won (dix de der
    included, R1.4), the plis, belote-rebelote (R5), the announcements declared (R4), the
    renonce (R3.8); then the reserve waiting from a litige (R6.6), the atout and whether
    the table rounds the marks (R6.7). The marks themselves are not shown.

    Args:
        score: the deal's :class:`~belote_teach.engine.scoring.ScoreBreakdown` (only its inputs
            are read).
        lang: ``"en"`` or ``"fr"``.
        trump: the atout, when known.
        nous: the learner's team.

    Returns:
        An HTML fragment (a titled table).

    Raises:
        ValueError: unknown language.
    """
    order = (nous, nous.other)
    yes = say("fact_yes", lang)

    def row(key: str, cells: Mapping[Team, str]) -> str:
        tds = "".join(f'<td data-team="{t}">{escape(cells.get(t, ""))}</td>' for t in order)
        head = escape(say(f"fact_{key}", lang))
        return f'<tr data-fact="{key}"><th scope="row">{head}</th>{tds}</tr>'

    rows = [
        row("takers", {score.takers: yes}),
        row("card_points", {t: str(score.card_points[t]) for t in Team}),
        row("tricks", {t: str(score.tricks[t]) for t in Team}),
    ]
    if score.belote is not None:
        rows.append(row("belote", {score.belote: yes}))
    if any(score.announcements[t] for t in Team):
        rows.append(row("announcements", {
            t: ", ".join(announcement_name(a, lang) for a in score.announcements[t])
            for t in Team}))
    if score.revoke is not None:
        rows.append(row("revoke", {score.revoke: yes}))
    head = "".join(f'<th scope="col">{escape(team_word(t, lang, nous=nous))}</th>' for t in order)
    notes = []
    if trump is not None:
        notes.append(_trump_line(trump, lang))
    if score.reserve_before:
        notes.append(f'<p class="bt-quiz-note" data-reserve="{score.reserve_before}">'
                     f'{escape(say("fact_reserve", lang, points=score.reserve_before))}</p>')
    rounding = say("fact_rounding_on" if score.rounded else "fact_rounding_off", lang)
    notes.append(f'<p class="bt-quiz-note">{escape(rounding)}</p>')
    title = say("fact_title", lang)
    return (f'<section class="bt-quiz-panel bt-quiz-facts" aria-label="{escape(title)}">'
            f'<h4 class="bt-quiz-title">{escape(title)}</h4>'
            f'<table class="bt-quiz-table"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{"".join(notes)}</section>')
