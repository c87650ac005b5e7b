"""What was said at the table, counted by the coach (R4.4-R4.6, R5.1), and one verdict per
part of a decision at the table: the card, its announcements and belote each get their own
mark, so a right card is never marked wrong for an announcement left out. Positions are
real deals (club players) found by their seed; each test checks first that its deal is the
situation it is about."""

from __future__ import annotations

import html
import random
import re

import pytest

from belote_teach.coach import calls, plays
from belote_teach.coach.plays import Verdict
from belote_teach.coach.session import TableSession
from belote_teach.engine.announcements import (
    Announcement,
    AnnouncementType,
    beats_every,
    outranks,
    possible_announcements,
)
from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.players.club import ClubPlayer
from belote_teach.search import evaluation
from belote_teach.search.tracking import track
from belote_teach.ui.table import TableApp

S, E, N, W = Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST
CINQUANTE = AnnouncementType.CINQUANTE


def _first_card(seed: int, dealer: Seat) -> TableSession:
    """The session of ``Deal.new(dealer, rng=seed)`` at South's first card, the bids made
    by club players (South's too)."""
    session = TableSession(Deal.new(dealer, rng=seed), rng=seed)
    club = ClubPlayer()
    while True:
        session.run_computers()
        if session.deal.phase is not Phase.BIDDING_1 and session.deal.phase is not Phase.BIDDING_2:
            break
        session.deal.bid(club.choose_bid(session.observation, random.Random(0)).action, seat=S)
    assert session.deal.phase is Phase.PLAY and not session.deal.tricks
    assert session.learner_to_act
    return session


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


# ------------------------------------------------------------------ the engine's facts
def test_a_cinquante_beats_any_tierce_and_a_tierce_no_tierce_for_sure() -> None:
    tierce = Announcement.of("tierce", "A", "S")                    # the strongest tierce
    assert outranks(CINQUANTE, [tierce], Suit.SPADES)
    # a tierce to the K may lose to a tierce to the A, or beat one to the Q
    assert not outranks(AnnouncementType.TIERCE, [Announcement.of("tierce", "K", "C")],
                        Suit.HEARTS)
    # the lowest plain tierce (7-8-9) at best ties another 7-8-9: nobody scores (R4.5)
    assert outranks(AnnouncementType.TIERCE, [Announcement.of("tierce", "9", "C")],
                    Suit.HEARTS)
    assert not outranks(CINQUANTE, [Announcement.of("cinquante", "10", "H")], Suit.HEARTS)
    # a carré beats a cent at equal points, whatever its rank (R4.5)
    assert outranks(AnnouncementType.CARRE, [Announcement.of("cent", "A", "H")], Suit.HEARTS)
    assert not outranks("cent", [Announcement.of("carre", "Q")], Suit.HEARTS)
    # a partner's declaration heard stands for any announcement of its kind
    assert not outranks(CINQUANTE, [tierce, AnnouncementType.CENT], Suit.SPADES)
    assert outranks("cent", [tierce, AnnouncementType.CINQUANTE], Suit.SPADES)
    assert not outranks(CINQUANTE, [], Suit.SPADES)
    # the other way round: an announcement that wins whichever one was declared
    assert beats_every(Announcement.of("cinquante", "10", "S"), "tierce", Suit.HEARTS)
    assert not beats_every(Announcement.of("tierce", "K", "C"), "tierce", Suit.HEARTS)


def test_the_observer_s_own_cards_rule_announcements_out() -> None:
    assert len(possible_announcements("carre")) == 6
    jacks = possible_announcements("carre", [Card.parse("JS")])
    assert Announcement.of("carre", "J") not in jacks and len(jacks) == 5
    # a carré of nines beats a carré of aces, unless the observer holds a 9 (and a J):
    # then only weaker carrés are left to the declarer
    aces = [Announcement.of("carre", "A")]
    assert not outranks("carre", aces, Suit.HEARTS)
    assert not outranks("carre", aces, Suit.HEARTS, ["9S", "JS"])
    assert outranks("carre", [Announcement.of("carre", "Q")], Suit.HEARTS, ["JS", "9S", "AS",
                                                                           "10S", "KS"])
    for run in possible_announcements("tierce", ["8H"]):
        assert Card.parse("8H") not in run.implied_cards
    assert len(possible_announcements("tierce", ["8H"])) == 24 - 2     # 7-8-9, 8-9-10 of ♥


def test_belote_said_tells_where_the_other_card_is() -> None:
    """After "belote" with the K of atout, the Q is known to be in the same hand (R5.1):
    every sampled world puts it there."""
    for seed in range(400):
        deal = Deal.new(S, rng=seed)
        session = TableSession(deal, players={s: ClubPlayer() for s in Seat if s is not S},
                               rng=seed, coaching=False)
        club = ClubPlayer()
        while not deal.phase.is_over:
            session.run_computers()
            if deal.phase.is_over:
                break
            obs = session.observation
            calls = [c for c in obs.belote_calls if c.seat is not S and c.word == "belote"]
            if calls and deal.phase is Phase.PLAY:
                call = calls[0]
                other = next(c for c in (Card(r, call.card.suit) for r in
                                         (call.card.rank.__class__.KING,
                                          call.card.rank.__class__.QUEEN))
                             if c != call.card)
                if other in track(obs).unseen:
                    assert other in track(obs).known[call.seat]
                    return
            if deal.phase.is_bidding:
                deal.bid(club.choose_bid(obs, random.Random(0)).action, seat=S)
            else:
                deal.play(club.choose_card(obs, random.Random(0)).action, seat=S)
    raise AssertionError("no deal with a 'belote' said by another seat found")


# ------------------------------------------------------------------ announcements (R4.4-R4.6)
def test_an_announcement_a_cinquante_beats_cannot_score_and_costs_nothing() -> None:
    session = _first_card(8, E)
    obs = session.observation
    assert (W, CINQUANTE) in obs.announcements_heard
    assert {p.seat for p in obs.trick.plays} == {N, W}              # the partner has played
    tierce = Announcement.of("tierce", "Q", "D")
    assert obs.announcements_available == (tierce,)
    left_out = calls.review_announcements(obs, ())
    assert left_out.verdict is Verdict.BEST and left_out.outranked_by == (W, CINQUANTE)
    assert left_out.explanation("en") == (
        "Your tierce Q♦ J♦ 10♦ (20 points) cannot score in this deal. West's cinquante beats "
        "it whatever its cards (R4.5): leaving it out costs nothing, and declaring it would "
        "cost nothing either.")
    assert left_out.verdict_text("en") == ("Your tierce Q♦ J♦ 10♦ (20 points) cannot score "
                                           "in this deal.")
    assert left_out.explanation("fr") == (
        "Ta tierce D♦ V♦ 10♦ (20 points) ne peut pas marquer à cette donne. La cinquante "
        "d'Ouest bat ton annonce quelles que soient ses cartes (R4.5)\u00a0: ne pas la "
        "déclarer ne coûte rien, et la déclarer ne coûterait rien non plus.")
    declared = calls.review_announcements(obs, (tierce,))
    assert declared.verdict is Verdict.BEST
    assert declared.explanation("en").endswith("whatever its cards (R4.5): declaring it "
                                               "cost nothing.")
    advice = calls.hint_announcements(obs)
    assert advice is not None and advice.outranked_by == (W, CINQUANTE)
    assert "declaring it costs nothing" in advice.text("en")
    assert "la déclarer ne coûte rien" in advice.text("fr")


def test_while_the_partner_may_declare_better_leaving_it_out_could_be_better() -> None:
    session = _first_card(274, N)
    obs = session.observation
    assert (W, CINQUANTE) in obs.announcements_heard
    assert N not in {p.seat for p in obs.trick.plays}               # North plays after South
    review = calls.review_announcements(obs, ())
    assert review.verdict is Verdict.INACCURACY and review.partner_to_play
    en = review.explanation("en")
    assert en.startswith("You left out tierce Q♣ J♣ 10♣ (20 points) (R4.1). West's "
                         "cinquante beats your tierce Q♣ J♣ 10♣ (20 points) whatever its "
                         "cards (R4.5), but your partner North has not played yet")
    assert en.endswith("Declaring costs nothing: declare it.")
    fr = review.explanation("fr")
    assert "mais ton partenaire Nord n'a pas encore joué\u00a0:" in fr
    assert fr.endswith("La déclarer ne coûte rien\u00a0: déclare-la.")


def test_points_left_out_when_nobody_can_beat_them_are_lost_for_sure() -> None:
    session = _first_card(3, S)
    obs = session.observation
    assert {p.seat for p in obs.trick.plays} == {E, N, W}           # South plays last
    review = calls.review_announcements(obs, ())
    assert review.verdict is Verdict.MISTAKE and review.sure
    assert "would have scored 20 more points for your team for sure" in review.explanation("en")
    assert "auraient rapporté 20 points de plus à ton équipe à coup sûr" in (
        review.explanation("fr"))


def test_an_opponent_s_declaration_that_may_not_win_is_named() -> None:
    session = _first_card(1, N)
    obs = session.observation
    review = calls.review_announcements(obs, ())
    assert review.verdict is Verdict.MISTAKE and review.heard and not review.sure
    assert review.outranked_by is None
    heard = review.heard[0]
    assert heard[0].team is not S.team
    assert "What the opponents declared (" in review.explanation("en")
    assert "Ce qu'ont annoncé les adversaires (" in review.explanation("fr")


# ------------------------------------------------------------------ one verdict per part
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_best_card_keeps_its_mark_when_an_announcement_is_left_out(lang: str) -> None:
    """A first card with a tierce left out: the card's line is marked right, the
    announcement's line wrong, each with its own verdict in bold; the hint and the box
    of the first card both point at the announcement before the card is played."""
    session = _first_card(1, N)
    session.lang = lang
    app = TableApp(session, pace=0)
    advice = session.announcement_advice()
    assert advice is not None
    box = _text(app.announce_advice.value)
    assert box == _text(advice.text(lang)) and app.announce_advice in app.announce_box.children
    app.hint_button.click()
    hint = _text(app.board.feedback_html)
    assert _text(session.advice().text(lang)) in hint and _text(advice.text(lang)) in hint
    best = session.advice().card
    app.board.selected = str(best)
    comment = app.board.feedback_html
    lines = re.findall(r'<p class="bt-part bt-part-(\w+)">(.*?)</p>', comment)
    assert [mark for mark, _ in lines] == ["ok", "bad"]             # card, announcements
    assert 'class="bt-msg bt-info bt-coach"' in comment             # mixed: a neutral box
    card_line = _text(lines[0][1])
    assert card_line.startswith("✓")
    verdict = re.search(r"<b>(.*?)</b>", lines[0][1])
    assert verdict is not None
    words = {"en": "is the best card here", "fr": "est la meilleure carte ici"}[lang]
    assert words in html.unescape(verdict.group(1))
    assert _text(lines[1][1]).startswith("✗")
    assert "✗" not in card_line


def test_the_hint_and_the_review_of_one_position_agree() -> None:
    """The card the hint recommends is the best card of the review of the same position
    (the coach samples the same deals for both)."""
    for seed, dealer in ((1, N), (3, S), (8, E), (274, N)):
        session = _first_card(seed, dealer)
        card = session.advice().card
        feedback = session.play(card, announce=session.observation.announcements_available)
        assert feedback.reviews[0].verdict is Verdict.BEST, (seed, dealer)


def test_after_a_hint_another_card_is_measured_against_the_hinted_one() -> None:
    """Deal 2 (North deals), South's card at trick 4, every card before it played by club
    players: the hint names the K♥ on the first 32 worlds, which leave it out of doubt,
    where three other cards need 64; on those 64 the 9♥ averages a little more than the
    K♥. Every other card reviewed after the hint, as the table reviews the card played, is
    measured against the K♥ (the coach never names two best cards), and the K♥ played is
    ``BEST``."""
    session = TableSession(Deal.new(N, rng=2), rng=2)
    club = ClubPlayer()
    while True:
        session.run_computers()
        obs = session.observation
        if session.deal.phase.is_bidding:
            session.deal.bid(club.choose_bid(obs, random.Random(0)).action, seat=S)
        elif len(obs.tricks) < 3:
            session.play(club.choose_card(obs, random.Random(0)).action,
                         announce=obs.announcements_available)
        else:
            break
    hinted = session.advice().card
    assert hinted == Card.parse("KH")
    for card in obs.legal_plays.cards:
        if card != hinted:
            review = plays.review(obs, card, evaluation=session._evaluation(card))
            assert review.best[0] == hinted and review.verdict is not Verdict.BEST, card
    assert session.play(hinted).reviews[0].verdict is Verdict.BEST


def test_every_sampled_world_gives_a_declarer_what_was_declared() -> None:
    """West said « cinquante » during the first pli (R4.4): in every world the coach
    samples, West's hand at the start of play holds a cinquante (R4.1)."""
    from belote_teach.engine.announcements import find_announcements
    from belote_teach.search.sampling import sample_worlds

    obs = _first_card(8, E).observation
    assert (W, CINQUANTE) in obs.announcements_heard and not obs.shown_announcements
    played = [p.card for p in obs.trick.plays if p.seat is W]
    for world in sample_worlds(obs, random.Random(0), 40):
        start = [*world[W], *played]
        kinds = {a.type for a in find_announcements(start, obs.trump)}
        assert CINQUANTE in kinds or AnnouncementType.CENT in kinds


def test_the_parts_of_a_first_card_with_a_cinquante_left_out_word_for_word() -> None:
    """The exact texts of the case above in both languages: the card right, then the
    cinquante left out, which West's cinquante heard may or may not beat (R4.5)."""
    session = _first_card(1, N)
    advice = session.announcement_advice()
    assert advice is not None
    assert advice.text("en") == (
        "You hold a cinquante A♠ K♠ Q♠ J♠ (50 points): to declare it, tick its box under "
        "“Declare with your first card” before you play your card (R4.4).")
    assert advice.text("fr") == (
        "Tu as une cinquante A♠ R♠ D♠ V♠ (50 points)\u00a0: pour l'annoncer, coche sa case "
        "sous «\u00a0Annonce avec ta première carte\u00a0» avant de jouer ta carte (R4.4).")
    card = session.advice().card
    feedback = session.play(card)
    en, fr = feedback.parts("en"), feedback.parts("fr")
    assert [p.mark for p in en] == [p.mark for p in fr] == ["ok", "bad"]
    assert en[0].verdict == f"{card.rank.value}{card.suit.symbol} is the best card here."
    assert en[1].verdict == "You left out cinquante A♠ K♠ Q♠ J♠ (50 points) (R4.1)."
    assert en[1].details.endswith(
        "What the opponents declared (West's cinquante) may or may not beat yours, depending "
        "on its cards, but undeclared points are lost for sure.")
    assert fr[1].verdict == ("Tu as oublié d'annoncer une cinquante A♠ R♠ D♠ V♠ (50 points) "
                             "(R4.1).")
    assert fr[1].details.endswith(
        "Ce qu'ont annoncé les adversaires (la cinquante d'Ouest) peut battre tes annonces ou "
        "non, selon ses cartes, mais des points non annoncés sont perdus à coup sûr.")


def _capot_at_trick_4() -> tuple[Deal, Observation, dict[Seat, tuple[Card, ...]],
                                   dict[Card, int], int]:
    """The curated capot deal at trick 4, South to lead, Nous having won the first three
    plis: the deal, South's view, the real hands, the solver's value of each of South's
    cards on them (card points from here) and the card points left."""
    from belote_teach.course.practice import load_practice_deals
    from belote_teach.engine.cards import DECK_POINTS, DIX_DE_DER
    from belote_teach.search.solver import solve

    practice = next(d for d in load_practice_deals() if d.id == "capot")
    session = TableSession(practice.new_deal(), rng=0)
    while len(session.deal.tricks) < 3 or not session.learner_to_act:
        session.run_computers()
        if session.deal.phase.is_bidding:
            session.bid(session.advice().bid)
        elif session.learner_to_act and len(session.deal.tricks) < 3:
            session.play(session.advice().card,
                         announce=session.observation.announcements_available)
    deal, obs = session.deal, session.observation
    assert all(t.winner.team is S.team for t in obs.tricks) and not obs.trick.plays
    left = DECK_POINTS + DIX_DE_DER - sum(t.points for t in obs.tricks)
    real = {seat: tuple(deal.hand(seat)) for seat in Seat}
    exact = dict(solve(real, deal.trump, (), S, deal.rules).values)
    return deal, obs, real, exact, left


def test_a_capot_in_reach_is_worth_what_it_adds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The curated capot deal at trick 4, South's lead, Nous having won the first three
    plis, valued on the real hidden hands: the cards that still take every pli (the
    solver: all 100 card points left) are worth the capot's 250 instead of 162 (R6.5),
    88 points more; a card that lets a pli go is worth its card points only."""
    from belote_teach.engine.cards import DECK_POINTS, DIX_DE_DER

    deal, obs, real, exact, left = _capot_at_trick_4()
    monkeypatch.setattr(evaluation, "sample_worlds",
                        lambda _obs, _rng, count, **_kw: [real] * count)
    values = plays.evaluate(obs, rng=random.Random(0), samples=2).values
    bonus = deal.rules.capot_points - DECK_POINTS - DIX_DE_DER
    assert bonus == 88 and any(v == left for v in exact.values())
    for card, points in exact.items():
        assert values[card] == points + (bonus if points == left else 0), card


def test_a_capot_in_reach_counts_in_the_margin_of_marks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The curated capot deal at trick 4, South's lead, on the real hidden hands: the
    margin of marks (what the expert plays by) of a card that still takes every pli is
    the capot's (R6.5: 250 and every announcement to Nous, Eux their belote alone); a card
    that lets a pli go is a contract made (R6.3), each team its total: the capot is worth
    more than the card points it keeps."""
    deal, obs, real, exact, left = _capot_at_trick_4()
    assert any(v < left for v in exact.values())
    monkeypatch.setattr(evaluation, "sample_worlds",
                        lambda _obs, _rng, count, **_kw: [real] * count)
    margin = plays.evaluate(obs, rng=random.Random(0), samples=2).margin
    nous = S.team
    belote = evaluation.belote_points(obs, real)
    announced = evaluation.announced_points(obs)
    before = obs.points_won
    for card, points in exact.items():
        if points == left:
            want = (deal.rules.capot_points + sum(announced.values()) + belote[nous]
                    - belote[nous.other])
        else:
            total = {nous: before[nous] + points, nous.other: before[nous.other] + left - points}
            want = ((total[nous] + belote[nous] + announced[nous])
                    - (total[nous.other] + belote[nous.other] + announced[nous.other]))
        assert margin[card] == want, card
    keeps = max(exact, key=lambda c: exact[c])
    loses = max((c for c in exact if exact[c] < left), key=lambda c: exact[c])
    assert margin[keeps] - margin[loses] > 2 * (exact[keeps] - exact[loses])


def test_a_card_that_gives_up_the_capot_is_told_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The curated capot deal at trick 4, South's lead, on the real hidden hands: a card
    that lets a pli go loses the capot (R6.5) as well as card points, and the review
    says so first, with the deals: the capot is most of what it loses."""
    _deal, obs, real, exact, left = _capot_at_trick_4()
    monkeypatch.setattr(evaluation, "sample_worlds",
                        lambda _obs, _rng, count, **_kw: [real] * count)
    ev = plays.evaluate(obs, rng=random.Random(0), samples=2)
    best = ev.best[0]
    loses = max((c for c in exact if exact[c] < left), key=lambda c: exact[c])
    assert exact[best] == left
    found = plays.review(obs, loses, evaluation=ev)
    assert found.verdict is Verdict.MISTAKE
    capot = found.differences[0]
    assert (capot.fact, capot.best, capot.card, capot.numbers) == (
        plays.Fact.CAPOT, best, loses, (2, 0, 2))
    b, c = (f"{x.rank.value}{x.suit.symbol}" for x in (best, loses))
    assert (f"With {b} your team takes every pli (capot, R6.5) in 2 of these 2 deals, "
            f"with {c} in none of them.") in found.details_text("en")
    assert "ton équipe fait tous les plis (capot, R6.5) dans 2 de ces 2 donnes, avec " in (
        found.details_text("fr"))
    assert found.details_text("fr").count("dans aucune.") == 1
    assert all(d.fact is not plays.Fact.CAPOT
               for d in plays.review(obs, best, evaluation=ev).differences)
