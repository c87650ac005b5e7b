"""The score sheet (la feuille de marque) and the end-of-deal summary, as pure HTML.

:func:`render_score_sheet` draws a :class:`~belote_teach.engine.game.ScoreSheet`: the columns
Nous / Eux (R8), one row per deal with its contract and marks, each row's breakdown on
demand (an HTML ``<details>``), the totals, the target and the winner once the game is
over (R6.8). :func:`render_deal_breakdown` draws one deal's
:class:`~belote_teach.engine.scoring.ScoreBreakdown`: what each team won at the table (plis,
card points, dix de der, belote, announcements, R6.1) and what goes on the sheet (made,
dedans, capot, litige and its reserve, rounding: R6.2–R6.7).

All numbers are points and come from the engine's objects; this module decides no rule.
Every text is escaped; learner text comes from the ``table`` section of the ``explain``
catalogs.

    >>> from belote_teach.engine.cards import Team
    >>> from belote_teach.engine.scoring import score_deal
    >>> score = score_deal(takers=Team.EW, card_points={Team.NS: 88, Team.EW: 74},
    ...                    tricks={Team.NS: 4, Team.EW: 4}, belote=Team.EW)
    >>> page = render_deal_breakdown(score, lang="en")
    >>> 'data-outcome="made"' in page, "the contract is made" in page
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from belote_teach import explain
from belote_teach.engine.cards import DIX_DE_DER, Team
from belote_teach.engine.game import ScoreRow, ScoreSheet
from belote_teach.engine.scoring import DEAL_POINTS, Outcome, ScoreBreakdown
from belote_teach.explain.calls import announcement_name
from belote_teach.render.html import escape, sr_only, suit_html

__all__ = ["render_deal_breakdown", "render_score_sheet"]

# One line of a breakdown table: its catalog key, and a value (or text) per team;
# ``None`` leaves the cell empty.
_Line = tuple[str, Mapping[Team, "int | str | None"]]


def _n(points: int, lang: str) -> str:
    """Points as the sheet writes them (:func:`~belote_teach.explain.number`: ``1000``,
    ``12 500``)."""
    return explain.number(points, lang)


def _both(values: Mapping[Team, int]) -> dict[Team, int | str | None]:
    return {t: values[t] for t in Team}


# ---------------------------------------------------------------------------- one deal
def _won_lines(score: ScoreBreakdown, lang: str) -> list[_Line]:
    """What each team won at the table (R6.1)."""
    lines: list[_Line] = [("breakdown.tricks", _both(score.tricks))]
    last = score.dix_de_der
    if last is None:
        lines.append(("breakdown.cards_with_der", _both(score.card_points)))
    else:
        cards = {t: score.card_points[t] - (DIX_DE_DER if t is last else 0) for t in Team}
        lines.append(("breakdown.cards", _both(cards)))
        lines.append(("breakdown.dix_de_der", {last: DIX_DE_DER, last.other: None}))
    if score.belote is not None:
        lines.append(("breakdown.belote", {t: score.belote_points[t] or None for t in Team}))
    if score.rules.announcements and any(score.announcements[t] for t in Team):
        cells: dict[Team, int | str | None] = {}
        for team in Team:
            declared = score.announcements[team]
            if not declared:
                cells[team] = score.announcement_points[team] or None
                continue
            names = ", ".join(announcement_name(a, lang) for a in declared)
            if team is not score.announcement_winner:
                names += f" — {explain.say('table.breakdown.not_scored', lang)}"
            cells[team] = f"{score.announcement_points[team]}\n{names}"
        lines.append(("breakdown.announcements", cells))
    lines.append(("breakdown.total", _both(score.totals)))
    return lines


def _marked_lines(score: ScoreBreakdown) -> list[_Line] | None:
    """How the marks follow from the totals (R6.3–R6.6, R3.8), or ``None`` if these lines
    do not add up to the engine's exact marks (then only the marks are shown)."""
    lines: list[_Line] = []
    every = sum(score.announcement_points.values())
    belote = score.belote_points
    winner = score.revoke.other if score.revoke is not None else score.winner
    if score.outcome is Outcome.MADE and score.revoke is None:
        lines.append(("breakdown.made", _both(score.totals)))
    elif score.outcome is Outcome.LITIGE:
        lines.append(("breakdown.litige", {score.defenders: score.totals[score.defenders],
                                           score.takers: None}))
        if belote[score.takers]:
            lines.append(("breakdown.belote", {score.takers: belote[score.takers],
                                               score.defenders: None}))
    elif winner is not None:
        key = ("breakdown.revoke" if score.revoke is not None
               else "breakdown.capot" if score.capot is not None else "breakdown.dedans")
        base = score.rules.capot_points if score.capot is not None else DEAL_POINTS
        lines.append((key, {winner: base, winner.other: None}))
        if every:
            lines.append(("breakdown.every_announcement", {winner: every, winner.other: None}))
        if any(belote.values()):
            lines.append(("breakdown.belote", {t: belote[t] or None for t in Team}))
    if score.reserve_won_by is not None:
        won_by = score.reserve_won_by
        lines.append(("breakdown.reserve_won", {won_by: score.reserve_before,
                                                won_by.other: None}))
    sums = {t: sum(v for _, cells in lines if isinstance(v := cells[t], int)) for t in Team}
    if not lines or sums != dict(score.exact_marks):
        return None
    return lines


def _cell(value: int | str | None) -> str:
    """A team's cell of the deal summary: its points on the row's first line, and under
    them, for the announcements, what was declared (``"50\ncinquante …"``)."""
    if value is None:
        return '<td class="bt-sheet-num bt-sheet-none"></td>'
    if isinstance(value, int):
        return f'<td class="bt-sheet-num">{value}</td>'
    number, _, note = value.partition("\n")
    small = f'<small class="bt-sheet-note">{escape(note)}</small>' if note else ""
    return (f'<td class="bt-sheet-num"><span class="bt-sheet-points">{escape(number)}</span>'
            f"{small}</td>")


def _rows(lines: list[_Line], order: tuple[Team, Team], lang: str, css: str = "") -> str:
    out = []
    for key, cells in lines:
        row_css = f' class="{css}"' if css else ""
        if key in ("breakdown.total", "breakdown.marks"):
            row_css = ' class="bt-sheet-sum"'
        values = "".join(_cell(cells[t]) for t in order)
        out.append(f'<tr{row_css} data-line="{key.split(".")[-1]}"><th scope="row">'
                   f'{escape(explain.say(f"table.{key}", lang))}</th>{values}</tr>')
    return "".join(out)


def _verdict(score: ScoreBreakdown, nous: Team, lang: str) -> str:
    def team(t: Team) -> str:
        return explain.team_column(t, nous, lang)

    values = {"takers": team(score.takers), "defenders": team(score.defenders),
              "t": score.totals[score.takers], "d": score.totals[score.defenders],
              "deal": DEAL_POINTS}
    if score.revoke is not None:
        return explain.say("table.breakdown.verdict_revoke", lang, offender=team(score.revoke))
    if score.outcome is Outcome.CAPOT:
        assert score.capot is not None
        return explain.say("table.breakdown.verdict_capot", lang, capot=team(score.capot),
                  points=score.rules.capot_points, deal=DEAL_POINTS)
    return explain.say(f"table.breakdown.verdict_{score.outcome.value}", lang, **values)


def _outcome_badge(outcome: Outcome, lang: str) -> str:
    word = explain.say(f"table.sheet.outcomes.{outcome.value}", lang)
    return f'<span class="bt-sheet-badge bt-sheet-{outcome.value}">{escape(word)}</span>'


def render_deal_breakdown(score: ScoreBreakdown, *, lang: str, nous: Team = Team.NS) -> str:
    """The end-of-deal summary of one deal, in points, in the columns Nous / Eux (R8).

    First what each team won at the table (R6.1): plis, card points, the dix de der
    (R1.4), belote-rebelote (R5), the announcements declared, scored or not (R4.5, R4.6,
    the capot transfer of R6.5) and the totals. A sentence says how the contract went
    (R6.2: made, dedans, litige; capot R6.5; renonce R3.8). Then what goes on the score
    sheet: each team's total when made (R6.3); 162 or the capot points plus every scored
    announcement plus the belote for the team that won a dedans or a capot (R6.4,
    R6.5); the defenders' total and the points put in the reserve on a litige (R6.6);
    the reserve won (R6.6); the exact marks and the rounded ones when rounding is on
    (R6.7); and the marks written.

    Args:
        score: the deal's :class:`~belote_teach.engine.scoring.ScoreBreakdown`
            (``deal.score``, ``ScoreRow.breakdown``).
        lang: ``"en"`` or ``"fr"``.
        nous: the team of the column "Nous" (default NS, South's team).

    Returns:
        An HTML fragment: a heading, the sentence and a table with a column per team.

    Raises:
        ValueError: unknown language.
    """
    explain.check_language(lang)
    order = (nous, nous.other)
    head = "".join(f'<th scope="col">{escape(explain.team_column(t, nous, lang))}</th>'
                   for t in order)
    won = _rows(_won_lines(score, lang), order, lang)
    marked_lines = _marked_lines(score) or []
    if score.outcome is Outcome.LITIGE:
        put = score.reserve_after - score.reserve_before
        marked_lines.append(("breakdown.to_reserve", {score.takers: f"→ {put}",
                                                      score.defenders: None}))
    if score.rounded:
        marked_lines.append(("breakdown.exact", _both(score.exact_marks)))
        marked_lines.append(("breakdown.rounded", _both(score.marks)))
    marked_lines.append(("breakdown.marks", _both(score.marks)))
    marked = _rows(marked_lines, order, lang)
    title = explain.say("table.breakdown.title", lang)
    return (
        f'<div class="bt-sheet-deal" role="group" aria-label="{escape(title)}" '
        f'data-outcome="{score.outcome.value}">'
        f'<h4 class="bt-sheet-deal-title">{escape(title)} '
        f"{_outcome_badge(score.outcome, lang)}</h4>"
        f'<p class="bt-sheet-verdict">{escape(_verdict(score, nous, lang))}</p>'
        f'<table class="bt-sheet-break"><thead><tr><td></td>{head}</tr></thead>'
        f'<tbody class="bt-sheet-won"><tr class="bt-sheet-part"><th scope="rowgroup" '
        f'colspan="3">{escape(explain.say("table.breakdown.won", lang))}</th></tr>{won}</tbody>'
        f'<tbody class="bt-sheet-marked"><tr class="bt-sheet-part"><th scope="rowgroup" '
        f'colspan="3">{escape(explain.say("table.breakdown.marked", lang))}</th></tr>{marked}'
        "</tbody>"
        "</table></div>")


# ---------------------------------------------------------------------------- the sheet
def _contract_cell(row: ScoreRow, lang: str) -> str:
    if row.contract is None or row.outcome is None:
        return (f'<td class="bt-sheet-contract bt-sheet-passed">'
                f'{escape(explain.say("table.sheet.passed_out", lang))}</td>')
    contract = row.contract
    seat = explain.seat_name(contract.taker, lang)
    took = explain.say("table.sheet.took", lang, seat=seat,
                       suit=explain.suit_name(contract.trump, lang))
    return (f'<td class="bt-sheet-contract">{sr_only(took)}<span aria-hidden="true">'
            f'{escape(seat)} {suit_html(contract.trump, lang, name=False)}</span> '
            f"{_outcome_badge(row.outcome, lang)}</td>")


def render_score_sheet(sheet: ScoreSheet, *, lang: str, target: int | None = None) -> str:
    """The score sheet of a game (R6, R6.8), in points: the columns Nous / Eux (R8), one
    row per deal (passed-out deals too, R2.6) with the taker, the atout, the outcome
    (made, dedans, litige, capot), the marks and the running totals; under each scored
    row its :func:`render_deal_breakdown` in a ``<details>`` (shown on demand); then the
    totals, the target, the reserve waiting after a litige (R6.6) and, once the game is
    over, the winner (R6.8) — or the extra deal when both teams stand on or over the
    target with equal totals.

    Args:
        sheet: the :class:`~belote_teach.engine.game.ScoreSheet` (``game.sheet``); its ``nous``
            team is the column "Nous".
        lang: ``"en"`` or ``"fr"``.
        target: the points that end the game (R6.8); ``None``: the sheet's own.

    Returns:
        An HTML fragment (a ``<section>`` with a heading and a ``<table>``).

    Raises:
        ValueError: unknown language, or a ``target`` other than the sheet's (the sheet
            decides the winner with its own).
    """
    explain.check_language(lang)
    if target is None:
        target = sheet.target
    elif target != sheet.target:
        raise ValueError(f"target {target!r} differs from the score sheet's target "
                         f"{sheet.target} (R6.8): the sheet decides the winner with its own")
    nous, eux = sheet.nous, sheet.eux
    us, them = explain.text("team_us", lang), explain.text("team_them", lang)
    running = explain.say("table.sheet.running", lang)
    bodies = []
    for entry in sheet.entries:
        row = entry.row
        marks = "".join(
            f'<td class="bt-sheet-num" data-team="{team}" data-mark="{mark}" '
            f'data-total="{total}"><b>{_n(mark, lang)}</b><small class="bt-sheet-running">'
            f"{sr_only(running + ' ')}{_n(total, lang)}</small></td>"
            for team, mark, total in ((nous, entry.nous, entry.nous_total),
                                      (eux, entry.eux, entry.eux_total)))
        main = (f'<tr class="bt-sheet-row" data-deal="{row.number}">'
                f'<th scope="row" class="bt-sheet-no">{row.number}</th>'
                f"{_contract_cell(row, lang)}{marks}</tr>")
        more = ""
        if row.breakdown is not None:
            summary = explain.say("table.sheet.details", lang, n=row.number)
            more = (f'<tr class="bt-sheet-more"><td colspan="4"><details>'
                    f"<summary>{escape(summary)}</summary>"
                    f"{render_deal_breakdown(row.breakdown, lang=lang, nous=nous)}"
                    "</details></td></tr>")
        outcome = row.outcome.value if row.outcome is not None else "passed"
        bodies.append(f'<tbody class="bt-sheet-deal-rows bt-sheet-o-{outcome}">{main}{more}'
                      "</tbody>")
    if not bodies:
        bodies.append(f'<tbody><tr><td colspan="4" class="bt-sheet-empty">'
                      f'{escape(explain.say("table.sheet.empty", lang))}</td></tr></tbody>')
    totals = sheet.totals
    head = (f'<thead><tr><th scope="col">{escape(explain.say("table.sheet.deal", lang))}</th>'
            f'<th scope="col">{escape(explain.say("table.sheet.contract", lang))}</th>'
            f'<th scope="col" class="bt-sheet-num" data-team="{nous}">{escape(us)}'
            f'<small>{escape(explain.team_seats(nous, lang))}</small></th>'
            f'<th scope="col" class="bt-sheet-num" data-team="{eux}">{escape(them)}'
            f'<small>{escape(explain.team_seats(eux, lang))}</small></th></tr></thead>')
    foot = (f'<tfoot><tr class="bt-sheet-total"><th scope="row" colspan="2">'
            f'{escape(explain.say("table.sheet.total", lang))}</th>'
            f'<td class="bt-sheet-num" data-team="{nous}" data-total="{totals[nous]}">'
            f"{_n(totals[nous], lang)}</td>"
            f'<td class="bt-sheet-num" data-team="{eux}" data-total="{totals[eux]}">'
            f"{_n(totals[eux], lang)}</td></tr></tfoot>")
    bars = "".join(
        f'<div class="bt-sheet-bar" aria-hidden="true"><span class="bt-sheet-bar-team">'
        f'{escape(word)}</span><span class="bt-sheet-bar-track"><span class="bt-sheet-bar-fill '
        f'bt-sheet-bar-{css}" style="width: {min(100, round(100 * totals[team] / target))}%">'
        f"</span></span></div>"
        for team, word, css in ((nous, us, "nous"), (eux, them, "eux")))
    goal = explain.say("table.sheet.target", lang, target=_n(target, lang))
    notes = [f'<p class="bt-sheet-target" data-target="{target}">{escape(goal)}</p>{bars}']
    if sheet.reserve:
        reserve = explain.say("table.sheet.reserve", lang, points=_n(sheet.reserve, lang))
        notes.append(f'<p class="bt-sheet-reserve" data-reserve="{sheet.reserve}">'
                     f"{escape(reserve)}</p>")
    if sheet.winner is not None:
        key = "sheet.winner_us" if sheet.winner is nous else "sheet.winner_them"
        words = explain.say(f"table.{key}", lang, nous=_n(totals[nous], lang),
                            eux=_n(totals[eux], lang))
        notes.append(f'<p class="bt-sheet-winner" role="status" data-winner="{sheet.winner}">'
                     f"{escape(words)}</p>")
    elif sheet.tied_over_target:
        notes.append(f'<p class="bt-sheet-winner" role="status">'
                     f'{escape(explain.say("table.sheet.tied", lang))}</p>')
    title = explain.say("table.sheet.title", lang)
    teams = explain.say("table.sheet.teams", lang, nous=explain.team_seats(nous, lang),
                        eux=explain.team_seats(eux, lang))
    return (f'<section class="bt-sheet" aria-label="{escape(title)}">'
            f'<h3 class="bt-sheet-title">{escape(title)}</h3>'
            f'<table class="bt-sheet-table"><caption class="bt-table-sr">{escape(title)}. '
            f"{escape(teams)}</caption>{head}{''.join(bodies)}{foot}</table>"
            f'<div class="bt-sheet-notes">{"".join(notes)}</div></section>')
