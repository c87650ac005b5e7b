"""The worked examples of the score (R6): a finished deal's summary as the engine scores
it, and the score sheet of a game played by club players. Each is a
:class:`~belote_teach.ui.board.StaticBoard` for a lesson cell to display.

    >>> board = show_score("NS", {"NS": 92, "EW": 70}, {"NS": 5, "EW": 3})
    >>> "Nous" in board.table_html
    True

``lang=None`` is the lesson's language (:func:`~belote_teach.ui.language.use_language`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from belote_teach.engine.cards import Suit, Team
from belote_teach.engine.rules import RuleSet
from belote_teach.engine.scoring import score_deal
from belote_teach.players.replay import club_game
from belote_teach.render.score_sheet import render_deal_breakdown, render_score_sheet
from belote_teach.ui.arguments import announcements as announcement_list
from belote_teach.ui.board import StaticBoard
from belote_teach.ui.examples import LEARNER
from belote_teach.ui.language import resolve_language

__all__ = ["show_score", "show_score_sheet"]


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
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidScoreError: as :func:`~belote_teach.engine.scoring.score_deal` (points not
            adding up to 162, plis not to 8, an unknown team...).
        FalseAnnouncementError: an announcement's cards make none.
        InvalidRuleSetError, InvalidCardError: bad rules or trump.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    declared = None
    if announcements is not None:
        declared = {team: announcement_list(items, f"announcements of {team}")
                    for team, items in announcements.items()}
    score = score_deal(takers=takers, card_points=card_points, tricks=tricks, belote=belote,
                       announcements=declared, reserve=reserve, revoke=revoke, trump=trump,
                       rules=rules)
    return StaticBoard(table_html=render_deal_breakdown(score, lang=lang, nous=LEARNER.team))


def show_score_sheet(seed: int, *, deals: int | None = None,
                     rules: RuleSet | str | Mapping[str, object] | None = None,
                     lang: str | None = None) -> StaticBoard:
    """The score sheet (Nous / Eux) of a game played by four club players from ``seed``
    (:func:`~belote_teach.players.replay.club_game`, first dealer South): one row per deal
    with the contract, the outcome and the marks, each deal's summary on demand, the
    running totals and the reserve (R6, R6.6), and the winner once a team reaches the
    target (R6.8). All in points.

    Args:
        seed: the whole-number seed of the game.
        deals: stop after this many deals (passed-out ones included), or ``None`` to play
            to the end of the game.
        rules: a RuleSet, preset name or options mapping (``{"target": 501}``).
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language.

    Raises:
        InvalidSeedError: ``seed`` is not a whole number.
        InvalidPositionError: ``deals`` is not a whole number of 1 or more.
        InvalidRuleSetError: bad rules.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    game = club_game(seed, deals=deals, first_dealer=LEARNER, rules=rules)
    return StaticBoard(table_html=render_score_sheet(game.sheet, lang=lang))
