"""The sentences of the lessons' worked examples (belote_teach.explain.lessons), in both
languages, each fact checked against the engine."""

from __future__ import annotations

import pytest

from belote_teach import explain
from belote_teach.engine.announcements import BELOTE_POINTS
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Seat, Suit, Team
from belote_teach.engine.deal import COMPLETION_OTHERS, COMPLETION_TAKER, Deal, Phase
from belote_teach.engine.rules import legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.explain import lessons
from belote_teach.explain.calls import bid_name
from belote_teach.players.replay import replay_until

LANGS = ("en", "fr")


def _played(seed: int, dealer: str, cards: int) -> Deal:
    """The deal of ``seed`` played by club players until ``cards`` cards are played."""
    return replay_until(Deal.new(dealer, rng=seed),
                        lambda d: d.phase in (Phase.PLAY, Phase.SCORED)
                        and len(d.played_cards) == cards, f"{cards} cards played")


def _bid(seed: int, bids: list[str]) -> Deal:
    deal = Deal.new("S", rng=seed)
    for bid in bids:
        deal.bid(bid)
    return deal


@pytest.mark.parametrize(("lang", "expected"), [("en", "North and South"),
                                                ("fr", "Nord et Sud")])
def test_a_team_is_named_by_its_two_seats(lang: str, expected: str) -> None:
    assert explain.team_seats(Team.NS, lang) == expected
    east, west = (explain.seat_name(s, lang) for s in (Seat.EAST, Seat.WEST))
    word = explain.say("and", lang)
    assert explain.team_seats(Team.EW, lang) in (f"{east} {word} {west}", f"{west} {word} {east}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_position_is_headed_by_its_rule_and_lists_the_legal_cards(lang: str) -> None:
    legal = legal_plays(["8C", "QC", "KH", "AS"], Trick.before(Seat.SOUTH, "C", ["7D", "AD"]))
    head, lines = lessons.position_example(legal, lang)
    assert head == explain.position_title(legal, lang) and legal.rule.rule_id in head
    assert lines[0] == explain.explain_rule(legal, lang)
    assert explain.join_cards(legal.cards, lang, legal.trump) in lines[1]
    assert lines[1].startswith({"en": "May be played", "fr": "Cartes permises"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_a_trick_names_its_winner_card_and_points(lang: str) -> None:
    trick = Trick("H", Seat.SOUTH, ["KD", "AD", "7H", "QH"])
    head, lines = lessons.trick_example(trick, Seat.SOUTH, lang)
    assert explain.seat_name(trick.winner, lang) in head
    assert f"({trick.points} " in head and trick.points == 18
    assert {"en": "wins the trick with Q♥", "fr": "remporte le pli avec la D♥"}[lang] in head
    assert lines == [explain.explain_trick(trick, Seat.SOUTH, lang)]


@pytest.mark.parametrize(("lang", "word"), [("en", "card points"), ("fr", "point de cartes")])
def test_a_trick_of_no_points_takes_the_languages_plural(lang: str, word: str) -> None:
    head, _ = lessons.trick_example(Trick("H", Seat.SOUTH, ["7S", "8S", "7C", "8C"]),
                                    Seat.SOUTH, lang)
    assert f"(0 {word})" in head            # English "0 card points", French "0 point"


@pytest.mark.parametrize("lang", LANGS)
def test_round_one_names_dealer_cutter_packets_retourne_and_first_speaker(lang: str) -> None:
    deal = _bid(7, [])
    head, lines = lessons.deal_status(deal, lang)
    assert head == {"en": "Bidding, round 1", "fr": "Les enchères, tour 1"}[lang]
    text = " ".join(lines)
    for seat in (deal.dealer, deal.cutter, deal.bidding.first_to_speak):
        assert explain.seat_name(seat, lang) in text
    assert f"{deal.cut} " in lines[0] and explain.card_short(deal.turned, lang) in lines[1]
    assert f" {len(deal.stock)} " in lines[1]
    assert explain.suit_name(deal.turned.suit, lang) in lines[2]


@pytest.mark.parametrize(("lang", "named"), [("en", "spades, hearts or clubs"),
                                             ("fr", "pique, cœur ou trèfle")])
def test_round_two_names_the_three_other_suits(lang: str, named: str) -> None:
    deal = _bid(7, ["pass"] * 5)
    assert deal.turned.suit is Suit.DIAMONDS
    head, lines = lessons.deal_status(deal, lang)
    assert head.endswith("2") and named in lines[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_take_names_the_atout_the_completion_and_the_leader(lang: str) -> None:
    deal = _bid(2, ["pass", "pass", "pass", "take"])
    contract = deal.contract
    assert contract is not None and deal.turn is not None
    head, lines = lessons.deal_status(deal, lang)
    taker, suit = explain.seat_name(contract.taker, lang), explain.suit_name(contract.trump, lang)
    assert taker in head and suit in head
    assert f" {COMPLETION_TAKER} " in lines[1] and f" {COMPLETION_OTHERS}" in lines[1]
    assert explain.seat_name(deal.turn, lang) in lines[2]
    started = _played(2, "S", 1)
    assert len(lessons.deal_status(started, lang)[1]) == 2   # who leads: before the 1st card


@pytest.mark.parametrize("lang", LANGS)
def test_a_passed_out_deal_names_the_next_dealer(lang: str) -> None:
    deal = _bid(5, ["pass"] * 8)
    head, lines = lessons.deal_status(deal, lang)
    assert head == {"en": "Passed out", "fr": "Tout le monde passe"}[lang]
    assert lines == [lessons.deal_status(deal, lang)[1][0]]
    assert explain.seat_name(deal.next_dealer, lang) in lines[0]


@pytest.mark.parametrize(("lang", "advice", "choice"), [
    ("en", "The coach's advice", "Your choice: "), ("fr", "Le conseil du coach", "Ton choix : ")])
def test_the_bidding_heads(lang: str, advice: str, choice: str) -> None:
    assert lessons.advice_head(lang) == advice
    take = Bid.parse("take")
    head = lessons.bid_review_head(take, lang)
    assert head.replace("\xa0", " ") == choice + bid_name(take, lang)


@pytest.mark.parametrize(("lang", "over"), [("en", "The deal is over"),
                                            ("fr", "La donne est finie")])
def test_the_play_head_names_the_pli_then_the_end(lang: str, over: str) -> None:
    assert lessons.play_head(_played(1, "S", 5), lang) == "Pli 2"
    assert lessons.play_head(_played(1, "S", 32), lang) == over


@pytest.mark.parametrize("lang", LANGS)
def test_announcements_are_told_as_declared_then_as_shown(lang: str) -> None:
    declared = _played(1, "S", 3)
    [line] = lessons.play_lines(declared, declared.observation(Seat.SOUTH), lang)
    for seat, kind in declared.observation(Seat.SOUTH).announcements_heard:
        assert explain.seat_name(seat, lang) in line and str(kind) in line
    assert "R4.4" in line
    shown = _played(1, "S", 5)
    [line] = lessons.play_lines(shown, shown.observation(Seat.SOUTH), lang)
    team, points = shown.announcement_winner
    assert team is not None
    assert line.startswith(explain.team_seats(team, lang)) and f"{points} points" in line
    later = _played(1, "S", 9)
    assert lessons.play_lines(later, later.observation(Seat.SOUTH), lang) == []


@pytest.mark.parametrize(("lang", "word"), [("en", "“belote”"), ("fr", "« belote »")])
def test_belote_is_told_while_its_card_is_on_the_table(lang: str, word: str) -> None:
    deal = _played(16, "W", 17)
    [call] = deal.belote_calls
    [line] = lessons.play_lines(deal, deal.observation(Seat.SOUTH), lang)
    assert explain.seat_name(call.seat, lang) in line
    assert explain.card_short(call.card, lang) in line and f"{BELOTE_POINTS} points" in line
    assert word in line.replace("\xa0", " ")
    before = _played(16, "W", 16)
    assert lessons.play_lines(before, before.observation(Seat.SOUTH), lang) == []
