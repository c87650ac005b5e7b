"""The pictures of the course's own scenario kinds, as pure HTML: the table around a
donneur for kind ``deal`` (who cuts, who is served first, who leads, who deals next: R2.1,
R2.2, R2.8, R2.9) and the score sheet of a deal that may end the game for kind ``game``
(R6.8). Engine values in, a string out; nothing here decides a rule.

The table uses the classes of :mod:`belote_teach.render.table` (same felt, seats and
dealer button), without cards: the learner sits at the bottom, the partner at the top,
the opponents left and right. Learner text comes from the ``exercises`` and ``table``
sections of the ``explain`` catalogs; every text is escaped; a seat marked after an
answer says it in words (✓ / ✗ with a text), never by colour alone.

    >>> from belote_teach.engine.cards import Seat, Team
    >>> page = deal_table_html(Seat.NORTH, lang="en", cut=2)
    >>> 'data-seat="N" data-area="N" data-dealer="true"' in page
    True
    >>> "The cut: 2 cards lifted off the top, 30 left below." in page
    True
    >>> sheet = game_sheet_html(501, {Team.NS: 430, Team.EW: 380},
    ...                         {Team.NS: 90, Team.EW: 72}, lang="fr")
    >>> "La partie se joue en 501 points (R6.8)." in sheet and "?" in sheet
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from belote_teach import explain
from belote_teach.engine.cards import DECK, Seat, Team
from belote_teach.render.exercises import say, team_word
from belote_teach.render.html import escape
from belote_teach.render.table import dealer_chip_html, seat_area  # the card table's seats

__all__ = ["NO_MARKS", "deal_table_html", "game_sheet_html"]

#: No seat marked: the default of ``marked`` (read-only, so it can be a default).
NO_MARKS: Mapping[Seat, bool] = MappingProxyType({})


def _seat_html(seat: Seat, me: Seat, lang: str, *, dealer: Seat, taker: Seat | None,
               mark: bool | None) -> str:
    area = seat_area(seat, me)
    role = explain.seat_role(seat, me, lang)
    team = explain.team_column(seat.team, me.team, lang)
    chips = []
    if seat is dealer:
        chips.append(dealer_chip_html(lang))          # the card table's dealer button
    if seat is taker:
        chips.append(f'<span class="bt-table-taker">{escape(explain.say("table.taker", lang))}'
                     "</span>")
    if mark is not None:
        words = say("deal_mark_right" if mark else "deal_mark_wrong", lang)
        chips.append(f'<span class="bt-table-turn-chip" data-mark="{"right" if mark else "wrong"}">'
                     f"{escape(words)}</span>")
    role_css = {"S": "you", "N": "partner"}.get(area, "opponent")
    name = explain.seat_name(seat, lang)
    plate = (f'<div class="bt-table-plate"><b class="bt-table-name">{escape(name)}</b>'
             f'<span class="bt-table-role bt-table-role-{role_css}">{escape(role)} · '
             f'<span class="bt-table-team">{escape(team)}</span></span>{"".join(chips)}</div>')
    label = explain.say("table.seat_group", lang, seat=name, role=role, team=team)
    is_dealer = "true" if seat is dealer else "false"
    return (f'<div class="bt-table-seat bt-table-seat-{area}" role="group" '
            f'aria-label="{escape(label)}" data-seat="{seat}" data-area="{area}" '
            f'data-dealer="{is_dealer}">{plate}</div>')


def deal_table_html(dealer: Seat, *, lang: str, me: Seat = Seat.SOUTH,
                    taker: Seat | None = None, cut: int | None = None, played: bool = False,
                    marked: Mapping[Seat, bool] = NO_MARKS) -> str:
    """The four seats around the table, without cards, seen from ``me``: each seat's name,
    role and team (Nous / Eux, R8), the dealer button on ``dealer`` (R2.1) and the taker's
    tag; in the centre, who deals, who took, the cut and whether the deal was played.

    Args:
        dealer: the seat that deals (le donneur).
        lang: ``"en"`` or ``"fr"``.
        me: the learner's seat, drawn at the bottom (default South).
        taker: the seat that took (le preneur), tagged, or ``None``.
        cut: the cards lifted off the top of the 32 by the cutter (0 to 32), or ``None``;
            the centre says how many are lifted and how many stay below.
        played: say in the centre that this deal has been played and scored.
        marked: seats the learner answered, ``True`` for a right answer (tagged "✓ right")
            and ``False`` for a wrong one (tagged "✗ not this seat").

    Returns:
        An HTML fragment, to show inside an element of class ``bt-root`` with
        :data:`belote_teach.render.STYLE` loaded.

    Raises:
        ValueError: unknown language, or ``cut`` not a whole number from 0 to 32.
    """
    explain.check_language(lang)
    total = len(DECK)
    if cut is not None and (isinstance(cut, bool) or not isinstance(cut, int)
                            or not 0 <= cut <= total):
        raise ValueError(f"cut: expected a whole number of cards from 0 to {total}, "
                         f"got {cut!r}")
    seats = [_seat_html(seat, me, lang, dealer=dealer, taker=taker, mark=marked.get(seat))
             for seat in (me.partner, me.previous, me.next, me)]
    lines = [say("deal_centre_dealer", lang, dealer=explain.seat_name(dealer, lang))]
    if taker is not None:
        lines.append(say("deal_centre_taker", lang, taker=explain.seat_name(taker, lang)))
    if cut is not None:
        lines.append(say(explain.plural_key("deal_centre_cut", cut, lang), lang, cut=cut,
                         rest=total - cut))
    if played:
        lines.append(say("deal_centre_played", lang))
    captions = "".join(f'<p class="bt-table-caption">{escape(line)}</p>' for line in lines)
    stack = '<span class="bt-table-back"></span>' * 3
    deck = (f'<div class="bt-table-deck"><div class="bt-table-stock" aria-hidden="true">'
            f'<span class="bt-table-stack">{stack}</span></div></div>')
    centre = f'<div class="bt-table-centre" role="group">{deck}{captions}</div>'
    title = say("deal_table_title", lang)
    return (f'<section class="bt-table-wrap bt-deal-table" aria-label="{escape(title)}" '
            f'data-seat="{me}" data-dealer="{dealer}"><h3 class="bt-table-sr">{escape(title)}</h3>'
            f'<div class="bt-table-felt">{seats[0]}{seats[1]}{centre}{seats[2]}{seats[3]}'
            "</div></section>")


def game_sheet_html(target: int, before: Mapping[Team, int], marks: Mapping[Team, int], *,
                    lang: str, totals: Mapping[Team, int] | None = None,
                    nous: Team = Team.NS) -> str:
    """The score sheet around one deal (R6.8): a column per team (Nous / Eux, R8), the
    totals before the deal, the marks of the deal and the totals after it (``?`` until
    ``totals`` is given), under the target of the game.

    Args:
        target: the points that end the game (1000, 501 or 2000).
        before: each team's total before the deal (points).
        marks: each team's marks of the deal (points).
        lang: ``"en"`` or ``"fr"``.
        totals: each team's total after the deal, to show once the learner has found it;
            ``None`` shows ``?``.
        nous: the learner's team, the column "Nous".

    Returns:
        An HTML fragment (a titled table).

    Raises:
        ValueError: unknown language.
        KeyError: a team missing from ``before``, ``marks`` or ``totals``.
    """
    explain.check_language(lang)
    order = (nous, nous.other)
    unknown = say("game_unknown", lang)

    def row(key: str, values: Mapping[Team, int] | None) -> str:
        shown = {team: unknown if values is None else explain.number(values[team], lang)
                 for team in order}
        cells = "".join(f'<td data-team="{team}">{escape(shown[team])}</td>' for team in order)
        label = escape(say(f"game_{key}", lang))
        return f'<tr data-row="{key}"><th scope="row">{label}</th>{cells}</tr>'

    head = "".join(f'<th scope="col">{escape(team_word(t, lang, nous=nous))}</th>' for t in order)
    rows = row("before", before) + row("marks", marks) + row("after", totals)
    title = say("game_title", lang)
    note = say("game_target", lang, target=explain.number(target, lang))
    return (f'<section class="bt-quiz-panel bt-quiz-facts bt-game-sheet" '
            f'aria-label="{escape(title)}" '
            f'data-target="{target}"><h4 class="bt-quiz-title">{escape(title)}</h4>'
            f'<table class="bt-quiz-table"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table><p class="bt-quiz-note">{escape(note)}</p></section>')
