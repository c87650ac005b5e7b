"""The worked examples of the lessons (``belote_teach.ui.lesson``, drawn by
``belote_teach.render.examples``): every number, card, winner and score they show is the
engine's, in English and in French, and bad input is refused with a precise error."""

from __future__ import annotations

import random
import re

import pytest

from belote_teach.coach import plays
from belote_teach.coach.calls import hint_bid
from belote_teach.engine.announcements import (
    Announcement,
    compare_announcements,
    find_announcements,
)
from belote_teach.engine.cards import DECK, Seat, Suit, Team, parse_cards, points
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import (
    FalseAnnouncementError,
    IllegalBidError,
    InvalidCardError,
    InvalidPositionError,
    InvalidScoreError,
    OutOfTurnError,
    PhaseError,
)
from belote_teach.engine.game import Game
from belote_teach.engine.scoring import score_deal
from belote_teach.explain.calls import announcement_name
from belote_teach.players import ClubPlayer, play_deal, replay
from belote_teach.render import examples
from belote_teach.ui import lesson


def _text(html: str) -> str:
    """The words of an HTML fragment, tags dropped and entities read."""
    import html as html_lib

    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _all(board: object) -> str:
    return "".join(getattr(board, part) for part in ("table_html", "hand_html",
                                                      "feedback_html"))


# ---------------------------------------------------------------------------- lesson 1
def test_the_deck_shows_the_32_cards_once_each_by_suit() -> None:
    page = lesson.show_deck().table_html
    shown = re.findall(r'data-card="(\w+)"', page)
    assert sorted(shown) == sorted(str(c) for c in DECK)
    assert len(re.findall(r'data-suit="[SHDC]"', page)) == 4
    assert "The 32 cards of the deck: 8 in each of the 4 suits" in _text(page)


def test_the_seats_are_numbered_in_counter_clockwise_order() -> None:
    page = lesson.show_seats().table_html
    order = re.findall(r'data-seat="(\w)" data-order="(\d)"', page)
    seat = Seat.SOUTH
    for letter, _number in order:
        assert letter == str(seat), order
        seat = seat.next
    assert [n for _, n in order] == ["1", "2", "3", "4"]
    assert "South → East → North → West → South" in _text(page)


def test_counting_the_rules_page_trick() -> None:
    cards = parse_cards(["KD", "AD", "7H", "QH"])
    page = lesson.show_count("H", cards).table_html
    total = sum(points(c, Suit.HEARTS) for c in cards)
    assert f'data-points="{total}"' in page
    assert "4 + 11 + 0 + 3 = 18 card points" in _text(page)
    assert "4 + 11 + 0 + 3 = 18 points de cartes" in _text(
        lesson.show_count("H", cards, lang="fr").table_html)


@pytest.mark.parametrize("trump", list(Suit))
def test_every_deal_is_worth_152_plus_10_whatever_the_trump(trump: Suit) -> None:
    page = lesson.show_deck_points(trump).table_html
    worth = {suit: sum(points(c, trump) for c in DECK if c.suit is suit) for suit in Suit}
    assert worth[trump] == 62 and sum(worth.values()) == 152
    for suit, value in worth.items():
        assert re.search(rf'data-suit="{suit}">.*?<td>{value}</td>', page)
    assert 'data-total="162"' in page
    assert "152" in _text(page) and "+ 10" in _text(page)


def test_counting_refuses_bad_cards() -> None:
    with pytest.raises(InvalidPositionError, match="at least one card"):
        lesson.show_count("H", [])
    with pytest.raises(InvalidCardError, match="'1H'"):
        lesson.show_count("H", ["1H"])
    with pytest.raises(InvalidCardError, match="twice"):
        lesson.show_count("H", ["7H", "7H"])


# ---------------------------------------------------------------------------- lesson 2
def test_the_deal_names_dealer_cutter_cut_packets_and_retourne() -> None:
    deal = Deal.new("S", rng=7)
    board = lesson.show_deal(7, "S")
    words = _text(board.feedback_html)
    assert f"{deal.cut} cards lifted, at least 3 in each packet (R2.1)" in words
    assert "South deals" in words and "West, on the dealer's left, cuts" in words
    assert "starting with East, the player after the dealer (R2.2)" in words
    assert f"the retourne, {deal.turned.rank}{deal.turned.suit.symbol}" in words
    assert "East speaks first" in words
    assert f'data-card="{deal.turned}"' in board.table_html


def test_the_open_deal_shows_each_packet_as_dealt() -> None:
    deal = Deal.new("S", rng=7)
    page = lesson.show_deal(7, "S", open_hands=True).hand_html
    for seat, cards in deal.dealt_hands.items():
        row = re.search(rf'<tr data-seat="{seat}">(.*?)</tr>', page)
        assert row is not None
        assert re.findall(r'data-card="(\w+)"', row.group(1)) == [str(c) for c in cards]
    seats = re.findall(r'<tr data-seat="(\w)">', page)
    assert seats == ["E", "N", "W", "S"]            # served from the player after the dealer


def test_round_two_names_the_three_other_suits() -> None:
    turned = Deal.new("S", rng=7).turned
    words = _text(lesson.show_deal(7, "S", ["pass"] * 5).feedback_html)
    others = [name for suit, name in (("S", "spades"), ("H", "hearts"), ("D", "diamonds"),
                                      ("C", "clubs")) if suit != str(turned.suit)]
    assert f"{others[0]}, {others[1]} or {others[2]} as atout" in words
    assert "round 2 begins (R2.5), East first" in words


@pytest.mark.parametrize("bids", [["pass"] * 3, ["pass"] * 7])
def test_the_first_speaker_is_the_player_after_the_dealer_whoever_speaks_now(
        bids: list[str]) -> None:
    deal = Deal.new("S", rng=7)
    for bid in bids:
        deal.bid(bid)
    assert deal.turn is Seat.SOUTH                     # the dealer is to speak now
    first = deal.bidding.first_to_speak
    assert first is Seat.EAST
    english = _text(lesson.show_deal(7, "S", bids, lang="en").feedback_html)
    french = _text(lesson.show_deal(7, "S", bids, lang="fr").feedback_html)
    if deal.bidding.round == 1:
        assert "East speaks first" in english and "South speaks first" not in english
        assert "Est parle en premier" in french and "Sud parle en premier" not in french
    else:
        assert "(R2.5), East first" in english and "South first" not in english
        assert "(R2.5), Est en premier" in french and "Sud en premier" not in french


def test_completion_gives_the_retourne_to_the_taker() -> None:
    deal = Deal.new("S", rng=2)
    for bid in ["pass", "pass", "pass", "take"]:
        deal.bid(bid)
    board = lesson.show_deal(2, "S", ["pass", "pass", "pass", "take"], open_hands=True)
    words = _text(board.feedback_html)
    assert "South took the retourne's suit in round 1 (R2.4)" in words
    assert "receives the retourne" in words and "everyone now holds 8 cards" in words
    assert "East, the player after the dealer South, leads the first pli" in words
    taker_row = re.search(r'<tr data-seat="S" data-received="3">(.*?)</tr>', board.hand_html)
    assert taker_row is not None
    assert f'data-card="{deal.turned}"' in taker_row.group(1)
    for seat in Seat:
        assert len(deal.start_hand(seat) or ()) == 8
        assert f'<tr data-seat="{seat}" data-received="3">' in board.hand_html


def test_a_passed_out_deal_names_the_next_dealer() -> None:
    deal = Deal.new("S", rng=5)
    for _ in range(8):
        deal.bid("pass")
    words = _text(lesson.show_deal(5, "S", ["pass"] * 8).feedback_html)
    assert deal.phase is Phase.PASSED_OUT
    assert f"{deal.next_dealer.name.capitalize()} deals the next deal (R2.6, R2.9)" in words


def test_the_deal_refuses_bad_input() -> None:
    with pytest.raises(InvalidPositionError, match="seed '7'"):
        lesson.show_deal("7")  # type: ignore[arg-type]
    with pytest.raises(IllegalBidError, match=r"R2\.4"):
        lesson.show_deal(7, "S", ["H"])
    with pytest.raises(PhaseError):
        lesson.show_deal(7, "S", ["take", "pass"])


def test_the_bidding_advice_is_the_coachs() -> None:
    hand, turned = ["JH", "9H", "AS", "7C", "8D"], "10H"
    board = lesson.show_bidding(hand, turned, seed=3, samples=8)
    deal = replay.deal_at_bid(hand, turned, (), 3)
    expected = hint_bid(deal.observation(Seat.SOUTH), rng=random.Random(3), samples=8)
    assert expected.text("en") in _text(board.feedback_html)
    assert expected.bid.kind.value == "take"
    assert "The coach's advice" in _text(board.feedback_html)


def test_taking_with_weak_trumps_is_a_mistake_and_naming_the_retourne_suit_illegal() -> None:
    weak = lesson.show_bidding(["QH", "8H", "KS", "7C", "8D"], "7H", bid="take", seed=0)
    words = _text(weak.feedback_html)
    assert "is a mistake" in words and "tip 1" in words
    illegal = lesson.show_bidding(["QH", "8H", "KS", "7C", "8D"], "7H", ["pass"] * 4,
                                  bid="H", seed=0, samples=4)
    assert "R2.5" in _text(illegal.feedback_html)
    assert "Bidding, round 2" in _text(illegal.table_html)


def test_the_bidding_refuses_bad_hands_and_histories() -> None:
    with pytest.raises(InvalidPositionError, match="5 cards"):
        lesson.show_bidding(["JH", "9H", "AS", "7C"], "10H")
    with pytest.raises(InvalidPositionError, match="retourne 10H"):
        lesson.show_bidding(["JH", "9H", "AS", "7C", "10H"], "10H")
    with pytest.raises(PhaseError, match="ends the bidding"):
        lesson.show_bidding(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass", "take"])
    with pytest.raises(PhaseError, match="ends the bidding"):
        lesson.show_bidding(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass"] * 3 + ["take"])
    with pytest.raises(PhaseError, match="8 bids"):
        lesson.show_bidding(["JH", "9H", "AS", "7C", "8D"], "10H", ["pass"] * 8)


# ---------------------------------------------------------------------------- lesson 4
@pytest.mark.parametrize(("hand", "trump", "points_", "belote"), [
    (["8C", "9C", "10C", "JC", "QS", "KS", "QH", "KH"], "H", 50, True),
    (["7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"], "S", 100, False),   # one cent
    (["8S", "8H", "8D", "8C", "9S", "10S", "AH", "KD"], "C", 20, False),   # four 8s: free
    (["QS", "QH", "QD", "QC", "JS", "KS", "7H", "8D"], "H", 100, False),  # R4.3
    (["7S", "9S", "JH", "KH", "AD", "10C", "8C", "QD"], "D", 0, False),
])
def test_announcements_are_the_engines(hand: list[str], trump: str, points_: int,
                                       belote: bool) -> None:
    page = lesson.show_announcements(hand, trump).table_html
    found = find_announcements(hand, trump)
    assert sum(a.points for a in found) == points_
    assert f'data-points="{points_}"' in page
    assert f'data-belote="{str(belote).lower()}"' in page
    for announcement in found:
        assert announcement_name(announcement, "en") in _text(page)
    marked = set(re.findall(r'class="bt-card [^"]*bt-legal"[^>]*data-card="(\w+)"', page))
    assert marked == {str(c) for a in found for c in a.cards}
    if not found:
        assert "Nothing to announce" in _text(page)


def test_announcements_need_the_8_cards_of_the_first_pli() -> None:
    with pytest.raises(InvalidPositionError, match="8 cards"):
        lesson.show_announcements(["8C", "9C", "10C"], "H")


@pytest.mark.parametrize(("ns", "ew", "trump", "reason"), [
    ([["7S", "8S", "9S", "10S"]], [["QD", "KD", "AD"]], "H", "points"),
    ([["QS", "QH", "QD", "QC"]], [["7D", "8D", "9D", "10D", "JD"]], "H", "carre"),
    ([["7S", "8S", "9S"]], [["9D", "10D", "JD"]], "H", "higher"),
    ([["8S", "9S", "10S"]], [["8H", "9H", "10H"]], "H", "trump"),
    ([["8S", "9S", "10S"]], [["8D", "9D", "10D"]], "H", "tie"),
    ([["8S", "9S", "10S"], ["QD", "KD", "AD"]], [["7C", "8C", "9C"]], "H", "higher"),
    ([], [["7C", "8C", "9C"]], "H", "alone"),
])
def test_comparing_announcements_follows_the_engine(ns: list[list[str]], ew: list[list[str]],
                                                    trump: str, reason: str) -> None:
    page = lesson.show_compare(trump, ns, ew).table_html
    ns_list = [Announcement.from_cards(a) for a in ns]
    ew_list = [Announcement.from_cards(a) for a in ew]
    winner, scored = compare_announcements(ns_list, ew_list, trump)
    assert f'data-winner="{winner or "none"}"' in page
    assert f'data-points="{scored}"' in page
    assert examples.lesson_text(f"compare.reason_{reason}", "en",
                                order="J, 9, A, 10, K, Q") in _text(page)
    if winner is Team.NS and len(ns_list) == 2:
        assert scored == sum(a.points for a in ns_list)   # R4.6: all its announcements


def test_comparing_refuses_what_is_not_an_announcement() -> None:
    with pytest.raises(FalseAnnouncementError, match="make no announcement"):
        lesson.show_compare("H", [["7S", "9S", "JS"]])
    with pytest.raises(FalseAnnouncementError, match="not an announcement"):
        lesson.show_compare("H", ["tierce"])


def _club_deal(seed: int, dealer: str, cards: int) -> Deal:
    played = Deal.new(dealer, rng=seed)
    play_deal(played, {s: ClubPlayer() for s in Seat}, random.Random(0))
    deal = Deal.new(dealer, rng=seed)
    for action in played.actions:
        if not deal.phase.is_bidding and len(deal.played_cards) == cards:
            break
        deal.push(action)
    return deal


def test_announcements_are_declared_in_pli_one_and_shown_in_pli_two() -> None:
    declared = _text(lesson.show_play(1, "S", cards=3).feedback_html)
    deal = _club_deal(1, "S", 3)
    for item in deal.declarations:
        name = item.seat.name.capitalize()
        assert f"{name}: {item.announcement.type}" in declared
    shown = _text(lesson.show_play(1, "S", cards=5).feedback_html)
    deal = _club_deal(1, "S", 5)
    team, scored = deal.announcement_winner
    assert team is not None
    assert f"{scored} points (R4.5, R4.6)" in shown
    for item in deal.shown_announcements:
        assert announcement_name(item.announcement, "en") in shown


def test_belote_is_said_with_the_card() -> None:
    deal = _club_deal(16, "W", 17)
    call = deal.belote_calls[0]
    words = _text(lesson.show_play(16, "W", cards=17).feedback_html)
    assert f"{call.seat.name.capitalize()} plays" in words and "“belote”" in words
    assert "20 points" in words


def test_the_played_deal_ends_with_its_summary() -> None:
    deal = _club_deal(16, "W", 32)
    board = lesson.show_play(16, "W", cards=32)
    assert deal.score is not None
    assert f'data-outcome="{deal.score.outcome.value}"' in board.hand_html
    assert "The deal is over" in _text(board.feedback_html)


def test_the_played_deal_refuses_bad_input() -> None:
    with pytest.raises(InvalidPositionError, match="0 to 32"):
        lesson.show_play(16, "W", cards=33)
    with pytest.raises(InvalidPositionError, match="never reaches"):
        lesson.show_play(5, "S", cards=0)                  # passed out
    with pytest.raises(ValueError, match="review="):
        lesson.show_play(16, "W", cards=1, belote=False)
    with pytest.raises(OutOfTurnError):
        lesson.show_play(16, "W", cards=1, hint=True)      # East to play, not South


def test_forgetting_belote_is_a_mistake_the_coach_names() -> None:
    deal = _club_deal(16, "W", 16)
    assert deal.turn is Seat.SOUTH
    board = lesson.show_play(16, "W", cards=16, review="QS", belote=False)
    words = _text(board.feedback_html)
    assert "say “belote” with the first one you play (R5.1)" in words
    card_review = plays.review(deal.observation(Seat.SOUTH), "QS", rng=random.Random(16))
    assert card_review.explanation("en") not in words      # the belote alone is reviewed
    reviewed = _text(lesson.show_play(16, "W", cards=16, review="QS").feedback_html)
    assert card_review.explanation("en") in reviewed


# ---------------------------------------------------------------------------- lesson 5
def _cell_values(page: str, line: str) -> list[str]:
    row = re.search(rf'data-line="{line}">(.*?)</tr>', page)
    assert row is not None, line
    return re.findall(r'<td class="bt-sheet-num">(\d+)', row.group(1))


@pytest.mark.parametrize("kwargs", [
    {"takers": "NS", "card_points": {"NS": 92, "EW": 70}, "tricks": {"NS": 5, "EW": 3}},
    {"takers": "NS", "card_points": {"NS": 70, "EW": 92}, "tricks": {"NS": 3, "EW": 5},
     "belote": "NS"},
    {"takers": "EW", "card_points": {"NS": 0, "EW": 162}, "tricks": {"NS": 0, "EW": 8},
     "announcements": {"NS": [["7S", "8S", "9S"]]}},
    {"takers": "NS", "card_points": {"NS": 81, "EW": 81}, "tricks": {"NS": 4, "EW": 4}},
    {"takers": "NS", "card_points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3},
     "revoke": "NS"},
    {"takers": "EW", "card_points": {"NS": 77, "EW": 85}, "tricks": {"NS": 4, "EW": 4},
     "rules": {"rounding": True}, "reserve": 81},
])
def test_the_score_is_the_engines(kwargs: dict[str, object]) -> None:
    board = lesson.show_score(**kwargs)  # type: ignore[arg-type]
    announcements = kwargs.get("announcements")
    declared = None
    if isinstance(announcements, dict):
        declared = {t: [Announcement.from_cards(a) for a in items]
                    for t, items in announcements.items()}
    score = score_deal(**{**kwargs, "announcements": declared})  # type: ignore[arg-type]
    page = board.table_html
    assert f'data-outcome="{score.outcome.value}"' in page
    assert _cell_values(page, "marks") == [str(score.marks[Team.NS]),
                                           str(score.marks[Team.EW])]


def test_the_score_refuses_points_that_do_not_add_up() -> None:
    with pytest.raises(InvalidScoreError, match="162"):
        lesson.show_score("NS", {"NS": 90, "EW": 70}, {"NS": 5, "EW": 3})
    with pytest.raises(FalseAnnouncementError):
        lesson.show_score("NS", {"NS": 92, "EW": 70}, {"NS": 5, "EW": 3},
                          announcements={"NS": [["7S", "9S", "JS"]]})


def test_the_score_sheet_is_the_games() -> None:
    board = lesson.show_score_sheet(48)
    game = Game(None, Seat.SOUTH, rng=48)
    rng = random.Random(48)
    players = {seat: ClubPlayer() for seat in Seat}
    while not game.is_over:
        play_deal(game.deal, players, rng)
    page = board.table_html
    for team in Team:
        assert f'data-team="{team}" data-total="{game.sheet.totals[team]}"' in page
    assert f'data-winner="{game.winner}"' in page
    assert len(re.findall(r'class="bt-sheet-row" data-deal=', page)) == len(game.sheet)
    short = lesson.show_score_sheet(48, deals=2).table_html
    assert len(re.findall(r'class="bt-sheet-row" data-deal=', short)) == 2
    assert "data-winner" not in short


def test_the_score_sheet_refuses_bad_counts() -> None:
    with pytest.raises(InvalidPositionError, match="deals 0"):
        lesson.show_score_sheet(48, deals=0)


# ---------------------------------------------------------------------------- lesson 6
def test_a_tip_shows_the_coachs_card_at_the_practice_moment() -> None:
    board = lesson.show_tip("draw-trumps-as-taker")
    words = _text(board.feedback_html)
    assert "As taker, draw the atouts" in words
    assert "(tip 2)" in words and "Play J♥" in words
    assert len(re.findall(r"bt-mark-ok", board.hand_html)) == 8   # the lead: any card


def test_a_tip_reviews_the_common_error_of_not_overtrumping() -> None:
    board = lesson.show_tip("must-overtrump", review="8C")
    words = _text(board.feedback_html)
    assert "monter à l'atout" in words or "overtrump" in words
    assert "8♣" in words


def test_a_tip_at_a_bidding_moment_reviews_a_bid() -> None:
    words = _text(lesson.show_tip("take-the-turned-jack", review="pass").feedback_html)
    assert "tip 1" in words


def test_a_tip_reviews_the_announcements_left_out() -> None:
    words = _text(lesson.show_tip("announce-and-belote", declare=[], hint=False).feedback_html)
    assert "You left out tierce" in words and "20 more points" in words
    assert "Play " not in words
    declared = _text(lesson.show_tip("announce-and-belote", declare=[["JS", "QS", "KS"]],
                                     hint=False).feedback_html)
    assert "You declared all your announcements" in declared


def test_a_tip_refuses_an_unknown_deal() -> None:
    with pytest.raises(InvalidPositionError, match="no practice deal 'nope'"):
        lesson.show_tip("nope")
    with pytest.raises(PhaseError, match="South's bid"):
        lesson.show_tip("take-the-turned-jack", declare=[])


# ---------------------------------------------------------------------------- French
def test_every_example_speaks_french() -> None:
    boards = [
        lesson.show_deck(lang="fr"), lesson.show_seats(lang="fr"),
        lesson.show_deck_points("S", lang="fr"),
        lesson.show_deal(7, "S", ["pass"] * 5, open_hands=True, lang="fr"),
        lesson.show_deal(2, "S", ["pass", "pass", "pass", "take"], open_hands=True, lang="fr"),
        lesson.show_deal(5, "S", ["pass"] * 8, lang="fr"),
        lesson.show_announcements(["8C", "9C", "10C", "JC", "QS", "KS", "QH", "KH"], "H",
                                  lang="fr"),
        lesson.show_compare("H", [["8S", "9S", "10S"]], [["8D", "9D", "10D"]], lang="fr"),
        lesson.show_play(1, "S", cards=5, lang="fr"),
        lesson.show_score("NS", {"NS": 81, "EW": 81}, {"NS": 4, "EW": 4}, lang="fr"),
    ]
    words = " ".join(_text(_all(b)) for b in boards)
    for french in ("Les 32 cartes du jeu", "sens inverse des aiguilles d'une montre",
                   "Une donne entière", "voici le second (R2.5)", "On complète les mains",
                   "Les quatre ont passé deux fois", "En tout : 50 points d'annonces",
                   "personne ne marque d'annonce", "ont la meilleure annonce", "litige"):
        assert french in words, french
    assert "Card points" not in words and "Everyone" not in words


def test_a_card_that_cannot_be_read_is_refused() -> None:
    with pytest.raises(InvalidCardError):
        lesson.show_announcements(["XX"] * 8, "H")
    with pytest.raises(InvalidCardError):
        lesson.show_bidding(["JH", "9H", "AS", "7C", "8D"], "ZZ")


def test_the_announcement_values_are_the_engines_tables() -> None:
    from belote_teach.engine.announcements import CARRE_POINTS, SEQUENCE_POINTS

    page = lesson.show_announcement_values().table_html
    for kind, worth in SEQUENCE_POINTS.items():
        assert re.search(rf'data-type="{kind}">.*?<td>{worth}</td></tr>', page)
    for rank, worth in CARRE_POINTS.items():
        assert re.search(rf'data-rank="{rank}">.*?<td>{worth}</td></tr>', page)
    assert re.search(r'data-rank="8">.*?<td>nothing</td>', page)
    assert "V♠ V♥ V♦ V♣" in _text(lesson.show_announcement_values(lang="fr").table_html)


# ---------------------------------------------------------------------------- the lessons
# What the lessons' prose says about their seeded examples, checked against the engine so
# that a change of the engine or of the computer players cannot leave the prose wrong.
def test_lesson_two_prose_matches_its_deals_and_the_coach() -> None:
    deal = Deal.new("S", rng=2)
    assert {"9C", "AC"} <= {str(c) for c in deal.dealt_hands[Seat.SOUTH]}
    assert str(deal.turned) == "QC"
    other = Deal.new("S", rng=13)
    assert other.turned.suit is not Suit.DIAMONDS
    for _ in range(7):
        other.bid("pass")
    other.bid("D")
    assert other.taker is Seat.SOUTH and other.turned in (other.start_hand(Seat.SOUTH) or ())
    for hand, turned, history, advice in [
            (["JH", "AH", "10C", "AS", "7D"], "8H", [], "take"),
            (["9S", "AS", "KD", "AC", "8H"], "10S", [], "take"),
            (["QH", "8H", "KS", "7C", "8D"], "7H", [], "pass"),
            (["JS", "9S", "AS", "8D", "7C"], "7H", ["pass"] * 4, "S")]:
        obs = replay.deal_at_bid(hand, turned, history, 0).observation(Seat.SOUTH)
        assert str(hint_bid(obs, rng=random.Random(0)).bid) == advice, hand


def test_lesson_four_prose_matches_its_deal() -> None:
    deal = _club_deal(1, "S", 32)
    assert deal.contract is not None and deal.taker is Seat.WEST
    assert str(deal.trump) == "H"
    kinds = [(d.seat, str(d.announcement.type)) for d in deal.declarations]
    assert kinds == [(Seat.EAST, "cinquante"), (Seat.NORTH, "cinquante"), (Seat.WEST, "tierce")]
    assert deal.announcement_winner == (Team.NS, 50)
    calls = [(c.seat, str(c.card), c.word) for c in deal.belote_calls]
    assert calls == [(Seat.SOUTH, "QH", "belote"), (Seat.SOUTH, "KH", "rebelote")]
    assert [str(c) for c in deal.played_cards[7:10:2]] == ["QH", "KH"]   # cards 8 and 10


def test_lesson_six_prose_matches_its_deals() -> None:
    litige = Deal.new("S", rng=103, rules="ffb2016")
    play_deal(litige, {s: ClubPlayer() for s in Seat}, random.Random(0))
    assert litige.score is not None and litige.score.outcome.value == "litige"
    last = litige.tricks[-1]
    assert str(last.cards[0]) == "AS" and last.winner is Seat.WEST
    belote = _club_deal(16, "W", 16)
    assert {"KS", "QS"} <= {str(c) for c in belote.hand(Seat.SOUTH)}
    assert str(belote.trump) == "S"
    # §4 "charge your partner": East leads the 7 of clubs, North wins with the ace.
    table = _text(lesson.show_tip("charge-your-partner", lang="en").table_html)
    assert "East: seven of clubs (entame)" in table     # the deal's first pli (R8)
    assert "North: ace of clubs (maître)" in table
