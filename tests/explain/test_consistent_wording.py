"""One wording per thing across the course (what a French-speaking beginner reads):
an announcement, a bid, a number are written the same way in the lessons' exercises, on
the table, by the coach and on the score sheet; the French prompts treat Nous and Eux as
team names; the table's pace and dealer button say what they are in the learner's
language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.coach.session import TableSession
from belote_teach.course.banks import find_bank, scenario_banks
from belote_teach.course.scenarios import BidScenario, load_bank
from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import DECK, Seat, Suit, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.game import ScoreSheet
from belote_teach.engine.scoring import score_deal
from belote_teach.explain.calls import announcement_name, bid_words
from belote_teach.players import make_player
from belote_teach.render.deal_game import deal_table_html, game_sheet_html
from belote_teach.render.exercises import bidding_html
from belote_teach.render.score_sheet import render_deal_breakdown, render_score_sheet
from belote_teach.render.table import render_table, spoken_words
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_bid import BidExercise
from belote_teach.ui.game_app import TARGETS, GameApp
from belote_teach.ui.table import TableApp

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CLUB = make_player("club")
LANGS = ("en", "fr")


def _deal_in_pli_two(seed: int = 3, dealer: Seat = Seat.SOUTH) -> Deal:
    """Club players bid and play the first pli with their announcements, then the first
    card of pli 2: the best announcements are shown (R4.4)."""
    deal = Deal.new(dealer, rng=seed)
    rng = random.Random(0)
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        deal.bid(CLUB.choose_bid(deal.observation(seat), rng).action, seat=seat)
    while len(deal.tricks) < 1 or (deal.trick is not None and not deal.trick.plays):
        seat = deal.turn
        assert seat is not None and deal.phase is Phase.PLAY
        obs = deal.observation(seat)
        said = (tuple(CLUB.choose_announcements(obs, rng).action)
                if obs.announcements_available else ())
        card = CLUB.choose_card(obs, rng).action
        deal.play(card, seat=seat, announce=said, belote=deal.may_say_belote(seat, card))
    return deal


# ------------------------------------------------------------------ announcements
def test_the_table_shows_an_announcement_as_the_coach_and_the_exercises_name_it() -> None:
    deal = _deal_in_pli_two()
    obs = deal.observation(Seat.SOUTH)
    assert obs.shown_announcements                      # North's cent, shown in pli 2
    for lang in LANGS:
        said = spoken_words(obs, lang)
        for declared in obs.shown_announcements:
            name = announcement_name(declared.announcement, lang)
            assert name in said[declared.seat]
            assert name in render_table(obs, lang=lang, spoken=said)
        assert "points)" in said[obs.shown_announcements[0].seat]


def test_the_score_sheet_names_announcements_with_the_same_function() -> None:
    tierce = Announcement.from_cards(["8C", "9C", "10C"])
    cinquante = Announcement.from_cards(["9H", "10H", "JH", "QH"])
    score = score_deal(takers=Team.NS, card_points={Team.NS: 100, Team.EW: 62},
                       tricks={Team.NS: 5, Team.EW: 3},
                       announcements={Team.NS: [cinquante], Team.EW: [tierce]}, trump="S")
    for lang in LANGS:
        page = render_deal_breakdown(score, lang=lang)
        for announcement in (tierce, cinquante):
            assert announcement_name(announcement, lang) in page
    assert "tierce 10♣ 9♣ 8♣ (20 points)" in render_deal_breakdown(score, lang="fr")
    for lang in LANGS:                  # the one format lives in the calls section alone
        assert "announcement" not in explain.catalog(lang)["table"]


def test_the_announcement_boxes_of_the_table_use_the_same_name() -> None:
    # South holds the tierce 8-9-10 of clubs and leads the first pli
    mine = ["8C", "9C", "10C", "AS", "AD"]
    rest = [str(c) for c in DECK if str(c) not in mine]
    hands = {Seat.SOUTH: mine, Seat.EAST: rest[0:5],
             Seat.NORTH: rest[5:10], Seat.WEST: rest[10:15]}
    deal = Deal.from_hands(Seat.WEST, hands, rest[15], rest[16:], "classic")
    app = TableApp(TableSession(deal, rng=1, coaching=False), pace=0)
    app.bids["take"].click()
    assert app.session.deal.phase is Phase.PLAY and app.announce
    tierce = Announcement.from_cards(["8C", "9C", "10C"])
    for lang in LANGS:
        app.set_language(lang)
        offered = app.session.observation.announcements_available
        assert [box.description for box in app.announce] == [
            announcement_name(a, lang) for a in offered]
        assert announcement_name(tierce, lang) in [box.description for box in app.announce]


# ------------------------------------------------------------------ bids
def _bid_player(round_: int) -> tuple[ScenarioPlayer, BidExercise]:
    scenarios = [s for s in load_bank("02-deal-and-bidding")
                 if isinstance(s, BidScenario) and s.round == round_]
    player = ScenarioPlayer(scenarios[:1])
    exercise = player.current
    assert isinstance(exercise, BidExercise)
    return player, exercise


@pytest.mark.parametrize("lang", LANGS)
def test_a_bid_is_worded_alike_in_the_exercises_and_at_the_table(lang: str) -> None:
    expected = {"en": {"take": "I take", "pass": "I pass", "H": "I take hearts ♥"},
                "fr": {"take": "Je prends", "pass": "Je passe", "H": "Je prends à cœur ♥"}}
    for notation, words in expected[lang].items():
        assert bid_words(Bid.parse(notation), lang) == words
    player, exercise = _bid_player(1)
    player.language.value = lang
    app = TableApp(TableSession(Deal.new(Seat.WEST, rng=3), rng=1, lang=lang), pace=0)
    assert set(app.bids) == {"take", "pass"}
    for notation in ("take", "pass"):
        words = bid_words(Bid.parse(notation), lang)
        assert exercise.buttons[notation].description == words      # the lesson's box
        assert app.bids[notation].description == words              # the table's box
    deal = Deal.new(Seat.WEST, rng=3)                                # said at the table
    deal.bid("pass")
    deal.bid("pass")
    said = spoken_words(deal.observation(Seat.SOUTH), lang)
    assert said == {Seat.SOUTH: bid_words(PASS, lang), Seat.EAST: bid_words(PASS, lang)}
    history = bidding_html([(Seat.EAST, PASS), (Seat.NORTH, TAKE)], lang=lang)
    assert bid_words(PASS, lang) in history and bid_words(TAKE, lang) in history
    _, second = _bid_player(2)
    for notation, button in second.buttons.items():
        assert button.description == bid_words(Bid.parse(notation), "en")


def test_no_catalog_keeps_a_second_wording_of_the_bids() -> None:
    for lang in LANGS:
        cat = explain.catalog(lang)
        for section in ("table", "exercises"):
            assert not {"bid_take", "bid_pass", "bid_suit"} & set(cat[section])
    fr = explain.catalog("fr")["calls"]["said"]
    assert fr["take"] == "Je prends" and fr["pass"] == "Je passe"


# ------------------------------------------------------------------ numbers
def test_scores_and_targets_go_through_explain_number() -> None:
    sheet = ScoreSheet(target=1000)
    for lang in LANGS:
        assert f"{explain.number(1000, lang)} points" in render_score_sheet(sheet, lang=lang)
    assert explain.number(1000, "fr") == "1000"          # four digits stay whole
    big = game_sheet_html(12000, {Team.NS: 11950, Team.EW: 10400},
                          {Team.NS: 90, Team.EW: 72}, lang="fr")
    assert "12\u202f000 points" in big and "11\u202f950" in big and "10\u202f400" in big
    assert "12,000 points" in game_sheet_html(12000, {Team.NS: 0, Team.EW: 0},
                                              {Team.NS: 0, Team.EW: 0}, lang="en")


def test_the_game_app_targets_are_labelled_by_explain_number(tmp_path: Path) -> None:
    from belote_teach.course.progress import CourseProgress
    from belote_teach.course.saved_games import GameStore

    app = GameApp(GameStore(tmp_path / "games"), lang="fr", pace=0,
                  progress=CourseProgress(tmp_path / "progress.json"))
    assert app.target.options == tuple((explain.number(t, "fr"), t) for t in TARGETS)
    app.set_language("en")
    assert [label for label, _ in app.target.options] == [explain.number(t, "en")
                                                          for t in TARGETS]
    assert app.target.value == 1000


_GROUPED_FOUR_DIGITS = re.compile("\\b\\d[ \u00a0\u202f,]\\d{3}\\b")


def _markdown(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_a_four_digit_number_is_written_whole_for_the_learner() -> None:
    """The course's one rule (explain.THOUSANDS_FROM): "1000", never "1 000" / "1,000"."""
    texts = {path.name: _markdown(path) for path in sorted((NOTEBOOKS / "fr").glob("*.ipynb"))}
    texts.update({path.name: _markdown(path)
                  for path in sorted((NOTEBOOKS / "en").glob("*.ipynb"))})
    for lang in LANGS:
        texts[f"{lang}.yaml"] = (ROOT / "belote_teach" / "explain" / f"{lang}.yaml").read_text(
            encoding="utf-8")
    for bank in scenario_banks():
        texts[f"{bank}.yaml"] = find_bank(bank).read_text()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    texts["README, En français"] = readme.split("## En français")[1].split("\n## ")[0]
    texts["README, The course"] = readme.split("## The course")[1].split("\n## ")[0]
    for name, text in texts.items():
        assert _GROUPED_FOUR_DIGITS.findall(text) == [], name


# ------------------------------------------------------------------ Nous / Eux
#: A verb in the first or third person plural after the team name Nous or Eux ("Nous
#: avons pris", "Eux ont pris"): as team names they take the singular, "l'équipe Nous a
#: pris".
_PLURAL_TEAM = re.compile(
    r"\b(Nous|Eux)( \([^)]*\))?( en| n'| l')? ?(avons|avions|ont|avaient|marquons|"
    r"prenons|faisons|font|prennent|marquent|emportons|emportent)\b")


def test_nous_and_eux_are_team_names_in_the_french_prompts() -> None:
    prompts = []
    for bank in scenario_banks():
        prompts += [s.prompt["fr"] for s in load_bank(bank) if "fr" in s.prompt]
    for text in prompts:                  # the scenarios keep their no-break spaces
        assert not re.search(r"\w [?!;:»]", text), text
    texts = [*prompts, *(str(v) for v in explain.catalog("fr")["table"]["sheet"].values()),
             *(_markdown(path) for path in sorted((NOTEBOOKS / "fr").glob("*.ipynb")))]
    assert [t for t in texts if _PLURAL_TEAM.search(t.replace("\u00a0", " "))] == []
    first = load_bank("05-scoring")[0]
    assert first.prompt["fr"].startswith("L'équipe Nous (Nord-Sud) a pris")


# ------------------------------------------------------------------ the table's controls
def test_the_pace_is_shown_in_the_learners_language() -> None:
    app = TableApp(TableSession(Deal.new(Seat.WEST, rng=3), rng=1, lang="fr"), pace=0)
    assert app.pace_slider.readout is False              # no "0.6" of ipywidgets
    app.pace_slider.value = 0.6
    assert app.pace == 0.6 and app.pace_value.value == "0,6\u00a0s"
    app.set_language("en")
    assert app.pace_value.value == "0.6 s"
    app.pace_slider.value = 1.5
    assert app.pace_value.value == "1.5 s" and app.pace == 1.5
    assert "bt-pace" in app.pace_slider._dom_classes
    assert app.pace_value in app.children[5].children    # beside the slider


def test_the_pace_slider_track_stands_out_from_the_page() -> None:
    from belote_teach.render import STYLE

    rule = re.search(r"\.bt-table-app \.bt-pace \.noUi-connects \{([^}]*)\}", STYLE)
    assert rule is not None and "background: #6b7280" in rule.group(1)
    handle = re.search(r"\.bt-table-app \.bt-pace \.noUi-handle \{([^}]*)\}", STYLE)
    assert handle is not None and "border: 2px solid" in handle.group(1)


@pytest.mark.parametrize(("lang", "name"), [("en", "Dealer (donneur)"), ("fr", "Donneur")])
def test_the_dealer_button_says_what_it_is(lang: str, name: str) -> None:
    deal = Deal.new(Seat.EAST, rng=5)
    for page in (render_table(deal.observation(Seat.SOUTH), lang=lang),
                 deal_table_html(Seat.EAST, lang=lang)):
        chip = re.search(r'<span class="bt-table-dealer"[^>]*>', page)
        assert chip is not None
        assert f'role="img" aria-label="{name}" title="{name}"' in chip.group()
        assert page.count("bt-table-dealer") == 1
    assert explain.catalog(lang)["table"]["dealer_chip"] == "D"
    assert Suit.HEARTS.symbol == "♥"
