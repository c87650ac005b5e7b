"""The story of a finished deal, told at the top of the card table, as pure HTML.

:func:`render_deal_story` words what the engine's :class:`~belote_teach.engine.scoring.
ScoreBreakdown` holds in a few short sentences, in the columns' words Nous / Eux (R8): who
took and in which
atout, how the contract went (made, dedans, capot, litige and the reserve, R6.2–R6.6; a
renonce, R3.8), the card points and plis of each team (dix de der included, R1.4), the
announcements and the belote that scored (R4.5, R4.6, R5), the marks written for this deal
(R6.7) and, in a game, the running totals and the target; once the game is over (R6.8) a
banner names its winner above the story.

All numbers are points and come from the engine's objects (through
:func:`~belote_teach.explain.number`); this module decides no rule. Every text is escaped;
learner text comes from the ``table.story`` section of the ``explain`` catalogs.

    >>> from belote_teach.engine.cards import Team
    >>> from belote_teach.engine.scoring import score_deal
    >>> score = score_deal(takers=Team.EW, card_points={Team.NS: 88, Team.EW: 74},
    ...                    tricks={Team.NS: 4, Team.EW: 4}, belote=Team.EW)
    >>> page = render_deal_story(score, lang="en")
    >>> 'data-outcome="made"' in page, 'data-nous="88" data-eux="94"' in page
    (True, True)
    >>> "Team Eux made the contract." in page
    True
"""

from __future__ import annotations

from belote_teach import explain
from belote_teach.engine.bidding import Contract
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.game import ScoreSheet
from belote_teach.engine.scoring import DEAL_POINTS, Outcome, ScoreBreakdown
from belote_teach.explain.calls import announcement_name
from belote_teach.render.html import escape, suit_html

__all__ = ["render_deal_story"]


def _fill(template: str, values: dict[str, str]) -> str:
    """``template`` with each place marked ``\\1name\\1`` replaced by ``values[name]``."""
    for name, value in values.items():
        template = template.replace(f"\1{name}\1", value)
    return template


def _sentence(key: str, lang: str, **values: str) -> str:
    """The sentence ``table.story.<key>`` as HTML, each value HTML already."""
    marked = explain.say(f"table.story.{key}", lang, **{name: f"\1{name}\1" for name in values})
    return _fill(escape(marked), values)


def _n(points: int, lang: str) -> str:
    """Points as the learner reads them (:func:`~belote_teach.explain.number`), escaped."""
    return escape(explain.number(points, lang))


def _plis(n: int, lang: str) -> str:
    """``1 pli`` / ``8 plis``, ``0 pli`` in French (:func:`~belote_teach.explain.plural_key`)."""
    return escape(explain.say(explain.plural_key("table.story.plis", n, lang), lang,
                              n=explain.number(n, lang)))


def _head(score: ScoreBreakdown, team: dict[Team, str], lang: str) -> str:
    """The outcome in one sentence (R6.2, R6.5, R6.6, R3.8)."""
    if score.revoke is not None:
        return _sentence("revoke", lang, offender=team[score.revoke])
    if score.outcome is Outcome.CAPOT:
        assert score.capot is not None
        return _sentence("capot", lang, capot=team[score.capot])
    if score.outcome is Outcome.LITIGE:
        return _sentence("litige", lang, t=_n(score.totals[score.takers], lang))
    return _sentence(score.outcome.value, lang, takers=team[score.takers])


def _took(contract: Contract, me: Seat, team: dict[Team, str], lang: str) -> str:
    """Who took and in which atout."""
    suit = f'<span class="bt-story-suit">{suit_html(contract.trump, lang)}</span>'
    if contract.taker is me:
        return _sentence("took_you", lang, suit=suit)
    return _sentence("took", lang, seat=escape(explain.seat_name(contract.taker, lang)),
                     team=team[contract.taker.team], suit=suit)


def _announcements(score: ScoreBreakdown, team: dict[Team, str], lang: str) -> str | None:
    """The announcements that scored (R4.5, R4.6) and who marks them (R6.3–R6.6, R3.8)."""
    declarer = score.announcement_winner
    if not score.rules.announcements or declarer is None \
            or not sum(score.announcement_points.values()):
        return None
    names = escape(", ".join(announcement_name(a, lang) for a in score.announcements[declarer]))
    if score.outcome is Outcome.LITIGE and declarer is score.takers:
        return _sentence("announcements_reserve", lang, names=names, team=team[declarer])
    marker = (score.revoke.other if score.revoke is not None
              else declarer if score.outcome in (Outcome.MADE, Outcome.LITIGE)
              else score.winner)              # a dedans or a capot takes them all
    if marker is not None and marker is not declarer:
        return _sentence("announcements_to", lang, names=names, team=team[declarer],
                         to=team[marker])
    return _sentence("announcements", lang, names=names, team=team[declarer])


def _why(score: ScoreBreakdown, team: dict[Team, str], nous: Team, lang: str) -> str:
    """Why the marks are what they are (R6.2–R6.6, R3.8)."""
    if score.revoke is not None:
        return escape(explain.say("table.breakdown.verdict_revoke", lang,
                     offender=explain.team_column(score.revoke, nous, lang)))
    if score.outcome is Outcome.CAPOT:
        return _sentence("why_capot", lang, points=_n(score.rules.capot_points, lang),
                         deal=_n(DEAL_POINTS, lang))
    t, d = (_n(score.totals[side], lang) for side in (score.takers, score.defenders))
    if score.outcome is Outcome.LITIGE:
        put = score.reserve_after - score.reserve_before
        return _sentence("why_litige", lang, t=t, d=d, put=_n(put, lang))
    if score.outcome is Outcome.DEDANS:
        return _sentence("why_dedans", lang, t=t, d=d, deal=_n(DEAL_POINTS, lang))
    return _sentence("why_made", lang, t=t, d=d)


def _banner(sheet: ScoreSheet, lang: str) -> str:
    """The game's winner (R6.8), or the extra deal of a tie over the target; empty while
    the game goes on."""
    nous, eux = sheet.nous, sheet.eux
    totals = sheet.totals
    if sheet.winner is not None:
        key = "sheet.winner_us" if sheet.winner is nous else "sheet.winner_them"
        words = explain.say(f"table.{key}", lang, nous=explain.number(totals[nous], lang),
                   eux=explain.number(totals[eux], lang))
        kind = "won" if sheet.winner is nous else "lost"
        return (f'<p class="bt-story-banner bt-story-{kind}" role="status" '
                f'data-winner="{sheet.winner}">'
                f"{escape(words)}</p>")
    if sheet.tied_over_target:
        tied = explain.say("table.sheet.tied", lang)
        return f'<p class="bt-story-banner bt-story-tied">{escape(tied)}</p>'
    return ""


def render_deal_story(score: ScoreBreakdown | None, *, lang: str,
                      contract: Contract | None = None, me: Seat = Seat.SOUTH,
                      sheet: ScoreSheet | None = None, counted: bool = True,
                      status: str = "") -> str:
    """The story of a finished deal, for the top of the table, in points.

    A headline with the outcome (contract made R6.3, dedans R6.4, capot with the team that
    won all 8 plis R6.5, litige R6.6, renonce R3.8) and who took in which atout; the card
    points of each team, dix de der included (R1.4), with its plis; the announcements that
    scored (R4.5, R4.6) and who marks them; the belote (R5.3); why the marks follow (R6.2
    and the outcome's rule, the reserve put or won, R6.6); the marks written for this deal
    (rounded, R6.7) and, in a game, the running totals and the target (R6.8). Once the game
    is over, a banner with its winner (R6.8) comes first. A passed-out deal (``score``
    ``None``, R2.6) says that nobody scores.

    Args:
        score: the deal's :class:`~belote_teach.engine.scoring.ScoreBreakdown` (``deal.score``),
            ``None`` for a passed-out deal.
        lang: ``"en"`` or ``"fr"``.
        contract: the deal's contract (``deal.contract``): who took and the atout; ``None``
            leaves that sentence out.
        me: the learner's seat: "you" when the learner took, and its team is "Nous".
        sheet: the game's :class:`~belote_teach.engine.game.ScoreSheet` (``game.sheet``), for the
            running totals, the target and the winner; ``None`` for a practice hand.
        counted: False for a practice replay that counts in no score: the marks written and
            the running totals are left out (the banner of a game over stays).
        status: HTML put first inside the story, under the banner (the table's status
            line).

    Returns:
        An HTML fragment: a ``<div class="bt-story">`` with ``data-outcome`` (``made``,
        ``dedans``, ``litige``, ``capot``, ``passed``) and, when counted, ``data-nous`` /
        ``data-eux`` holding the marks written.

    Raises:
        ValueError: unknown language.
    """
    explain.check_language(lang)
    nous = me.team
    team = {t: escape(explain.team_column(t, nous, lang)) for t in Team}
    banner = _banner(sheet, lang) if sheet is not None else ""
    lines: list[str] = []
    marks = ""
    if score is None:
        outcome = "passed"
        lines.append(f'<p class="bt-story-head">'
                     f'{escape(explain.say("table.passed_out", lang))}</p>')
    else:
        outcome = score.outcome.value
        took = f" {_took(contract, me, team, lang)}" if contract is not None else ""
        lines.append(f'<p class="bt-story-head"><strong>{_head(score, team, lang)}</strong>'
                     f"{took}</p>")
        eux = nous.other
        points, plis = score.card_points, score.tricks
        lines.append("<p>" + _sentence(
            "cards", lang, nous=team[nous], eux=team[eux],
            nous_points=_n(points[nous], lang), nous_plis=_plis(plis[nous], lang),
            eux_points=_n(points[eux], lang), eux_plis=_plis(plis[eux], lang)) + "</p>")
        said = _announcements(score, team, lang)
        if said is not None:
            lines.append(f"<p>{said}</p>")
        if score.belote is not None:
            lines.append("<p>" + _sentence("belote", lang, team=team[score.belote],
                                           points=_n(score.belote_points[score.belote], lang))
                         + "</p>")
        lines.append(f"<p>{_why(score, team, nous, lang)}</p>")
        if score.reserve_won_by is not None:
            lines.append("<p>" + _sentence("reserve_won", lang, team=team[score.reserve_won_by],
                                           points=_n(score.reserve_before, lang)) + "</p>")
        elif score.outcome is Outcome.LITIGE and score.reserve_before:
            lines.append("<p>" + _sentence("reserve_held", lang,
                                           points=_n(score.reserve_after, lang)) + "</p>")
        if counted:
            key = ("written_rounded" if score.rounded
                   and dict(score.exact_marks) != dict(score.marks) else "written")
            lines.append('<p class="bt-story-marks">' + _sentence(
                key, lang, nous=team[nous], eux=team[eux],
                nous_mark=f"<b>{_n(score.marks[nous], lang)}</b>",
                eux_mark=f"<b>{_n(score.marks[eux], lang)}</b>") + "</p>")
            marks = f' data-nous="{score.marks[nous]}" data-eux="{score.marks[eux]}"'
    if sheet is not None and counted:
        totals = sheet.totals
        lines.append('<p class="bt-story-game">' + _sentence(
            "game", lang, target=_n(sheet.target, lang),
            nous=escape(explain.team_column(sheet.nous, sheet.nous, lang)),
            eux=escape(explain.team_column(sheet.eux, sheet.nous, lang)),
            nous_total=_n(totals[sheet.nous], lang), eux_total=_n(totals[sheet.eux], lang))
            + "</p>")
    title = escape(explain.say("table.story.title", lang))
    return (f'<div class="bt-story bt-story-{outcome}" role="group" aria-label="{title}" '
            f'data-outcome="{outcome}"{marks}>{banner}{status}'
            f'<div class="bt-story-body">{"".join(lines)}</div></div>')
