"""The story of a finished deal at the top of the table (belote_teach.render.deal_story and
the status of belote_teach.ui.table.TableApp): the curated deals made, dedans, capot and
litige of the course's practice deals, a game over, a practice replay, a passed-out deal,
a reserve won and rounded marks, in both languages, every number read from the engine's
score (R6.1–R6.8)."""

from __future__ import annotations

import html
import random
import re

import pytest

from belote_teach import explain
from belote_teach.coach.session import TableSession
from belote_teach.course.practice import load_practice_deals
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.cards import Seat, Team
from belote_teach.engine.deal import Deal
from belote_teach.engine.game import Game
from belote_teach.engine.scoring import Outcome, ScoreBreakdown, score_deal
from belote_teach.explain.calls import announcement_name
from belote_teach.players import make_player
from belote_teach.players.base import play_deal
from belote_teach.render.deal_story import render_deal_story
from belote_teach.ui.table import TableApp

NS, EW = Team.NS, Team.EW
NB = "\u00a0"                       # French typography: a no-break space before : ; ! ?
CLUB = make_player("club")
DEALS = {d.id: d for d in load_practice_deals()}


def story_lines(page: str) -> list[str]:
    """The story as the learner reads it: one string per paragraph, tags left out."""
    paragraphs = re.findall(r"<p\b[^>]*>(.*?)</p>", page, flags=re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", p)).strip() for p in paragraphs]


def curated(deal_id: str) -> Deal:
    """A curated deal played to its end by club players in all four seats (the replay that
    tests/course/test_practice.py checks against the deal's recorded ending)."""
    deal = DEALS[deal_id].new_deal()
    play_deal(deal, {seat: make_player("club") for seat in Seat}, random.Random(0))
    assert deal.score is not None
    return deal


def announced(score: ScoreBreakdown, team: Team, lang: str) -> str:
    return ", ".join(announcement_name(a, lang) for a in score.announcements[team])


# ---------------------------------------------------------------------- the curated deals
def test_a_made_contract_tells_who_took_the_points_and_the_marks() -> None:
    deal = curated("take-the-turned-jack")
    s = deal.score
    assert s is not None and s.outcome is Outcome.MADE and s.takers is NS
    assert deal.contract is not None and deal.contract.taker is Seat.SOUTH
    assert s.announcement_winner is EW and s.marks[EW] == s.card_points[EW] + 50
    cinquante = announced(s, EW, "en")
    assert story_lines(render_deal_story(s, lang="en", contract=deal.contract)) == [
        "Team Nous made the contract. You took with ♦ diamonds as atout.",
        f"Card points, dix de der included: Nous {s.card_points[NS]} ({s.tricks[NS]}{NB}plis), "
        f"Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}pli).",
        f"Announcements scored: {cinquante}, for Eux.",
        f"Totals: takers {s.totals[NS]}, defenders {s.totals[EW]}. The takers have more, so "
        "each team writes its total (R6.2, R6.3).",
        f"Written for this deal: Nous {s.marks[NS]}, Eux {s.marks[EW]}."]
    cinquante = announced(s, EW, "fr")
    assert story_lines(render_deal_story(s, lang="fr", contract=deal.contract)) == [
        "Contrat fait pour l'équipe Nous. Tu as pris à ♦ carreau.",
        f"Points de cartes, dix de der compris{NB}: Nous {s.card_points[NS]} "
        f"({s.tricks[NS]}{NB}plis), Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}pli).",
        f"Annonces comptées{NB}: {cinquante}, pour Eux.",
        f"Totaux{NB}: preneurs {s.totals[NS]}, défense {s.totals[EW]}. Les preneurs ont plus, "
        "donc chaque équipe marque son total (R6.2, R6.3).",
        f"Marqué pour cette donne{NB}: Nous {s.marks[NS]}, Eux {s.marks[EW]}."]


def test_a_dedans_gives_the_defenders_162_and_the_takers_announcement() -> None:
    deal = curated("defend-to-make-it-dedans")
    s = deal.score
    assert s is not None and s.outcome is Outcome.DEDANS and s.takers is EW
    assert s.announcement_winner is EW
    assert s.marks[NS] == 162 + s.announcement_points[EW] and s.marks[EW] == 0
    page = render_deal_story(s, lang="en", contract=deal.contract)
    assert 'data-outcome="dedans"' in page
    assert f'data-nous="{s.marks[NS]}" data-eux="{s.marks[EW]}"' in page
    assert story_lines(page) == [
        "Dedans! Team Eux did not make the contract. West (Eux) took with ♥ hearts as atout.",
        f"Card points, dix de der included: Nous {s.card_points[NS]} ({s.tricks[NS]}{NB}plis), "
        f"Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}plis).",
        f"Announcements scored: {announced(s, EW, 'en')}, declared by Eux, marked by Nous.",
        f"Totals: takers {s.totals[EW]}, defenders {s.totals[NS]}. The takers have less, so "
        "the defenders write 162 plus every announcement, and the takers only their belote "
        "(R6.2, R6.4).",
        f"Written for this deal: Nous {s.marks[NS]}, Eux 0."]
    assert story_lines(render_deal_story(s, lang="fr", contract=deal.contract)) == [
        f"Dedans{NB}! L'équipe Eux n'a pas fait son contrat. Ouest (Eux) a pris à ♥ cœur.",
        f"Points de cartes, dix de der compris{NB}: Nous {s.card_points[NS]} "
        f"({s.tricks[NS]}{NB}plis), Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}plis).",
        f"Annonces comptées{NB}: {announced(s, EW, 'fr')}, annoncées par Eux, marquées par "
        "Nous.",
        f"Totaux{NB}: preneurs {s.totals[EW]}, défense {s.totals[NS]}. Les preneurs ont moins, "
        "donc la défense marque 162 plus toutes les annonces, et les preneurs seulement leur "
        "belote (R6.2, R6.4).",
        f"Marqué pour cette donne{NB}: Nous {s.marks[NS]}, Eux 0."]


def test_a_capot_names_the_team_that_won_all_8_plis() -> None:
    deal = curated("capot")
    s = deal.score
    assert s is not None and s.outcome is Outcome.CAPOT and s.capot is NS
    assert s.tricks == {NS: 8, EW: 0} and s.card_points[NS] == 162
    assert s.marks[NS] == s.rules.capot_points + 50 and s.announcement_winner is EW
    assert story_lines(render_deal_story(s, lang="en", contract=deal.contract)) == [
        "Capot! Team Nous won all 8 plis. You took with ♥ hearts as atout.",
        f"Card points, dix de der included: Nous 162 (8{NB}plis), Eux 0 (0{NB}plis).",
        f"Announcements scored: {announced(s, EW, 'en')}, declared by Eux, marked by Nous.",
        f"A capot is worth {s.rules.capot_points} instead of 162, plus every announcement; "
        "the other team keeps only its belote (R6.5).",
        f"Written for this deal: Nous {s.marks[NS]}, Eux 0."]
    assert story_lines(render_deal_story(s, lang="fr", contract=deal.contract)) == [
        f"Capot{NB}! L'équipe Nous a fait les 8 plis. Tu as pris à ♥ cœur.",
        f"Points de cartes, dix de der compris{NB}: Nous 162 (8{NB}plis), Eux 0 (0{NB}pli).",
        f"Annonces comptées{NB}: {announced(s, EW, 'fr')}, annoncées par Eux, marquées par "
        "Nous.",
        f"Un capot vaut {s.rules.capot_points} au lieu de 162, plus toutes les annonces{NB}; "
        "l'autre équipe ne garde que sa belote (R6.5).",
        f"Marqué pour cette donne{NB}: Nous {s.marks[NS]}, Eux 0."]


def test_a_litige_puts_the_takers_points_in_reserve() -> None:
    deal = curated("litige-81-all")
    s = deal.score
    assert s is not None and s.outcome is Outcome.LITIGE and s.takers is NS
    assert s.totals[NS] == s.totals[EW] and s.reserve_before == 0
    put = s.reserve_after
    assert put == s.totals[NS] and s.marks == {NS: 0, EW: s.totals[EW]}
    assert story_lines(render_deal_story(s, lang="en", contract=deal.contract)) == [
        f"Litige: {s.totals[NS]} points each. You took with ♠ spades as atout.",
        f"Card points, dix de der included: Nous {s.card_points[NS]} ({s.tricks[NS]}{NB}plis), "
        f"Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}plis).",
        f"Totals: takers {s.totals[NS]}, defenders {s.totals[EW]}, equal. The defenders write "
        f"their total; the takers' points ({put}) go into the reserve, for the team that wins "
        "the next deal (R6.6).",
        f"Written for this deal: Nous 0, Eux {s.marks[EW]}."]
    assert story_lines(render_deal_story(s, lang="fr", contract=deal.contract)) == [
        f"Litige{NB}: {s.totals[NS]} points partout. Tu as pris à ♠ pique.",
        f"Points de cartes, dix de der compris{NB}: Nous {s.card_points[NS]} "
        f"({s.tricks[NS]}{NB}plis), Eux {s.card_points[EW]} ({s.tricks[EW]}{NB}plis).",
        f"Totaux{NB}: preneurs {s.totals[NS]}, défense {s.totals[EW]}, à égalité. La défense "
        f"marque son total{NB}; les points des preneurs ({put}) vont en réserve, pour l'équipe "
        "qui gagnera la prochaine donne (R6.6).",
        f"Marqué pour cette donne{NB}: Nous 0, Eux {s.marks[EW]}."]


# ---------------------------------------------------------------------- other endings
def test_a_reserve_won_belote_and_rounded_marks() -> None:
    """The team that wins the deal wins the reserve (R6.6); the belote is named with its
    team (R5.3); rounded marks say so (R6.7); a team's own announcement scores for it."""
    tierce = Announcement.from_cards(["8C", "9C", "10C"])
    s = score_deal(takers=EW, card_points={NS: 68, EW: 94}, tricks={NS: 3, EW: 5},
                   belote=NS, announcements={EW: [tierce]}, reserve=81,
                   rules={"rounding": True})
    assert s.outcome is Outcome.MADE and s.reserve_won_by is EW
    assert s.marks == {NS: 90, EW: 200}             # 88 -> 90, 94 + 20 + 81 = 195 -> 200
    assert story_lines(render_deal_story(s, lang="en")) == [
        "Team Eux made the contract.",
        f"Card points, dix de der included: Nous 68 (3{NB}plis), Eux 94 (5{NB}plis).",
        f"Announcements scored: {announcement_name(tierce, 'en')}, for Eux.",
        "Belote-rebelote: 20 points for Nous (R5).",
        "Totals: takers 114, defenders 88. The takers have more, so each team writes its "
        "total (R6.2, R6.3).",
        "Eux also win the reserve left by a litige (81, R6.6).",
        "Written for this deal, rounded to the ten (R6.7): Nous 90, Eux 200."]
    fr = story_lines(render_deal_story(s, lang="fr"))
    assert fr[3] == f"Belote-rebelote{NB}: 20 points pour Nous (R5)."
    assert fr[5] == "L'équipe Eux gagne aussi la réserve laissée par un litige (81, R6.6)."
    assert fr[6] == (f"Marqué pour cette donne, arrondi à la dizaine (R6.7){NB}: Nous 90, "
                     "Eux 200.")


def test_a_renonce_says_who_revoked() -> None:
    """The revoking team keeps only its belote, the other scores 162 (R3.8)."""
    s = score_deal(takers=NS, card_points={NS: 100, EW: 62}, tricks={NS: 5, EW: 3},
                   revoke=NS)
    assert s.outcome is Outcome.DEDANS and s.marks == {NS: 0, EW: 162}
    lines = story_lines(render_deal_story(s, lang="en"))
    assert lines[0] == "Renonce! Team Nous revoked."
    assert lines[2] == explain.catalog("en")["table"]["breakdown"]["verdict_revoke"].format(
        offender="Nous")
    assert lines[-1] == "Written for this deal: Nous 0, Eux 162."
    assert story_lines(render_deal_story(s, lang="fr"))[0] == (
        f"Renonce{NB}! L'équipe Nous a fait une renonce.")


def test_a_passed_out_deal_says_nobody_scores() -> None:
    page = render_deal_story(None, lang="fr")
    assert story_lines(page) == [explain.catalog("fr")["table"]["passed_out"]]
    assert 'data-outcome="passed"' in page and "data-nous" not in page


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="language"):
        render_deal_story(None, lang="de")


# ---------------------------------------------------------------------- on the table
def _play_on(app: TableApp, *, deals: int = 1) -> None:
    """Click the club player's bid or card for the learner until ``deals`` deals are over
    (the game's next deal started in between) or the game is over."""
    session = app.session
    for _ in range(60 * deals):
        game = session.game
        if session.deal.phase.is_over:
            deals -= 1
            if deals == 0 or game is None or game.is_over:
                return
            app.next_button.click()
        elif app.bids:
            app.bids[str(CLUB.choose_bid(session.observation, random.Random(0)).action)].click()
        else:
            card = CLUB.choose_card(session.observation, random.Random(0)).action
            app.board.selected = str(card)
    raise AssertionError("the deals did not end")


def test_the_table_tells_the_story_at_the_top_and_words_it_again_in_french() -> None:
    session = TableSession(DEALS["capot"].new_deal(), rng=0, coaching=False)
    app = TableApp(session, pace=0)
    assert "bt-story" not in app.status.value            # not before the deal is over
    _play_on(app)
    score = session.deal.score
    assert score is not None and score.outcome is Outcome.CAPOT
    lines = story_lines(app.status.value)
    assert lines[0] == explain.text("deal_over", "en")   # the status line heads the story
    assert lines[1] == "Capot! Team Nous won all 8 plis. You took with ♥ hearts as atout."
    assert lines[-1] == f"Written for this deal: Nous {score.marks[NS]}, Eux 0."
    assert app.children[0] is app.status                 # the top of the table
    app.set_language("fr")
    lines = story_lines(app.status.value)
    assert lines[:2] == [explain.text("deal_over", "fr"),
                         f"Capot{NB}! L'équipe Nous a fait les 8 plis. Tu as pris à ♥ cœur."]
    assert lines[-1] == f"Marqué pour cette donne{NB}: Nous {score.marks[NS]}, Eux 0."


def test_a_game_over_shows_its_winner_at_the_top_and_a_replay_counts_nowhere() -> None:
    game = Game({"target": 501}, rng=5, auto_advance=False)
    app = TableApp(TableSession(game, rng=2, coaching=False), pace=0)
    _play_on(app)
    first = game.sheet.totals
    lines = story_lines(app.status.value)
    assert lines[-1] == f"Game to 501: Nous {first[NS]}, Eux {first[EW]}."
    assert "bt-story-banner" not in app.status.value      # the game goes on
    _play_on(app, deals=50)
    assert game.is_over and game.winner is not None
    totals, winner = game.sheet.totals, game.winner
    banner = (f"Game over: Nous win, {totals[NS]} to {totals[EW]} (R6.8)." if winner is NS
              else f"Game over: Eux win, {totals[EW]} to {totals[NS]} (R6.8).")
    lines = story_lines(app.status.value)
    assert lines[:2] == [banner, explain.text("deal_over", "en")]   # the banner comes first
    assert f'data-winner="{winner}"' in app.status.value
    last = game.sheet.rows[-1].breakdown
    assert last is not None
    assert lines[-2:] == [f"Written for this deal: Nous {last.marks[NS]}, Eux {last.marks[EW]}.",
                          f"Game to 501: Nous {totals[NS]}, Eux {totals[EW]}."]
    app.set_language("fr")
    assert story_lines(app.status.value)[0] == (
        f"Partie terminée{NB}: l'équipe {'Nous' if winner is NS else 'Eux'} l'emporte, "
        f"{max(totals.values())} à {min(totals.values())} (R6.8).")
    app.set_language("en")
    app.replay_button.click()                             # practice: it counts nowhere
    _play_on(app)
    lines = story_lines(app.status.value)
    assert lines[:3] == [banner, explain.text("replay_over", "en"),
                         explain.text("replay_practice", "en", n=game.number)]
    assert not any(line.startswith(("Written", "Game to")) for line in lines)
    assert "data-nous" not in app.status.value
