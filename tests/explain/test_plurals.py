"""Counted sentences in both catalogs: no "(s)" plural, every counted key with its
singular ``_one`` in both languages, and the exact words for 0, 1 and 2 things (English
singular for 1 only, French for 0 and 1: :func:`belote_teach.explain.plural_key`)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from belote_teach import explain
from belote_teach.course.lessons import COURSE, LessonKind
from belote_teach.course.overview import LessonProgress
from belote_teach.engine.cards import Seat
from belote_teach.engine.trick import Trick
from belote_teach.render.course_map import course_map_html, games_text
from belote_teach.render.table import render_last_trick


def _leaves(node: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """Every text of a catalog, by its dotted key (``"welcome.games_won_one"``)."""
    for key, value in node.items():
        if isinstance(value, Mapping):
            yield from _leaves(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield f"{prefix}{key}", value


CATALOGS = {lang: dict(_leaves(explain.catalog(lang))) for lang in explain.LANGUAGES}

#: A plural written with parentheses: "game(s)", "terminée(s)", "jeu(x)".
PARENTHESIS_PLURAL = re.compile(r"\w\((?:s|e|es|x)\)")

#: A count placeholder right before a plural noun ("{n} cards", "{points} points de
#: cartes"): a sentence that reads wrong for 1 (and for 0 in French) without a singular.
COUNT_BEFORE_PLURAL = re.compile(
    r"\{(?P<name>\w+)\}\s+(?:de |d')?(?:card points|points|cards|plis|exercises|games|deals"
    r"|answers|decisions|positions|entries|players|atouts|cartes|donnes|réponses|parties"
    r"|exercices|joueurs|décisions|entrées)\b")

#: Placeholders that are not counts: a seat followed by a verb ("{dealer} deals").
NOT_COUNTS = {"seat", "dealer", "next"}

#: The sections whose counts may be decimals (a loss of "0,6 point"), a plural that
#: plural_key's whole numbers do not cover: the coach's reviews and techniques.
DECIMAL_SECTIONS = ("coach", "techniques")

#: Counted sentences without a singular, each with why its count is never 0 or 1.
NEVER_ONE: dict[tuple[str, str], str] = {
    **{(key, "points"): "announcement or belote points: 20 or more (R4, R5)" for key in (
        "exercises.cmp_all", "exercises.cmp_why_carre", "exercises.cmp_why_carres",
        "exercises.cmp_why_top", "lessons.announce.belote", "lessons.announce.total",
        "lessons.compare.winner", "lessons.play.belote", "lessons.play.rebelote",
        "lessons.play.shown", "table.story.belote", "calls.announcement",
        "calls.belote_already", "calls.belote_missed_first", "calls.belote_missed_last",
        "calls.belote_said")},
    ("exercises.ann_engine", "total"): "shown for a hand with announcements: 20 or more",
    ("exercises.cmp_answer_nobody", "points"): "always 0: French writes the singular",
    **{(key, "points"): "a litige's reserve: the takers' half, 81 or more (R6.6)"
       for key in ("exercises.fact_reserve", "table.sheet.reserve")},
    ("table.story.litige", "t"): "a litige: half the deal, 81 or more (R6.3)",
    **{(key, "target"): "a game's target: 501, 1000 or 2000 (R6.8)"
       for key in ("exercises.game_target", "table.sheet.target")},
    ("exercises.points_der", "der"): "the dix de der: 10 (R1.4)",
    **{(key, name): "the cut's rule: 32 cards, at least 3 on each side, 3 to 29 lifted (R2.1)"
       for key, name in (("exercises.deal_why_cut_no", "total"),
                         ("exercises.deal_why_cut_no", "min"),
                         ("exercises.deal_why_cut_no", "high"),
                         ("exercises.deal_why_cut_yes", "total"),
                         ("exercises.deal_why_cut_yes", "high"),
                         ("exercises.deal_why_cutter", "min"),
                         ("lessons.deal.dealt", "cut"))},
    **{(key, name): "the packets of the deal: 3 then 2, 8 cards a hand, 11 in the stock, "
                    "2 or 3 to complete (R2.2, R2.7)"
       for key, name in (("exercises.deal_answer_first_packet", "first"),
                         ("exercises.deal_why_first_packet", "first"),
                         ("exercises.deal_why_first_packet", "hand"),
                         ("lessons.deal.completion", "hand"),
                         ("lessons.deal.completion", "n_taker"),
                         ("lessons.deal.packets", "first"),
                         ("lessons.deal.packets", "stock"))},
    **{(key, name): "the deck: 32 cards, 152 card points (R1.1, R1.2)"
       for key, name in (("lessons.deck.caption", "n"), ("lessons.points.cards", "n"),
                         ("ui.orders_caption", "deck"))},
    ("table.stock", "n"): "the stock while bidding: 12 or 11 cards (R2.2)",
    ("drills.prompt.before_many", "n"): "2 or 3 players (before_one says the singular)",
    ("drill_ui.exhausted", "attempts"): "the deals a drill tries before giving up: hundreds",
    **{(key, "samples"): "simulated deals: a hundred or more" for key in (
        "calls.also_good", "calls.hint_pass", "calls.hint_take", "calls.rate_pass",
        "calls.rate_pass_right", "calls.rate_take")},
    **{(key, "min_trumps"): "the fewest atouts worth simulating a bid with: 3 or more"
       for key in ("calls.hint_pass_hopeless", "calls.no_candidate")},
    ("calls.also_good", "tolerance"): "percentage points of tolerance: 2 or more",
    **{(key, "lost"): "the announcements missed: 20 points or more" for key in (
        "calls.ann_worth", "calls.ann_worth_heard", "calls.ann_worth_sure",
        "calls.ann_worth_sure_silent")},
}


def test_no_catalog_text_writes_a_plural_in_parentheses() -> None:
    found = [(lang, key, text) for lang, texts in CATALOGS.items()
             for key, text in texts.items() if PARENTHESIS_PLURAL.search(text)]
    assert not found, found


def test_every_counted_key_has_its_singular_and_plural_in_both_languages() -> None:
    """A counted key is a sentence ``key`` with its singular ``key_one`` (plural_key);
    a ``_one`` beside a ``_many`` or ``_both`` is a sentence of its own, in both
    languages too."""
    counted = {key.removesuffix("_one") for texts in CATALOGS.values() for key in texts
               if key.endswith("_one") and key.removesuffix("_one") in texts}
    assert {"welcome.games_finished", "welcome.games_won", "exercises.earlier_tried",
            "table.trick_points", "trick.points", "welcome.exercises"} <= counted
    singulars = {key for texts in CATALOGS.values() for key in texts if key.endswith("_one")}
    for lang, texts in CATALOGS.items():
        missing = sorted({f"{key} / {key}_one" for key in counted
                          if key not in texts or f"{key}_one" not in texts}
                         | (singulars - texts.keys()))
        assert not missing, f"{lang}: {missing}"


def test_a_count_before_a_plural_noun_has_a_singular_or_a_reason() -> None:
    unguarded = set()
    for texts in CATALOGS.values():
        for key, text in texts.items():
            if key.split(".")[0] in DECIMAL_SECTIONS or key.endswith("_one") \
                    or f"{key}_one" in texts:
                continue
            for match in COUNT_BEFORE_PLURAL.finditer(text):
                if match["name"] not in NOT_COUNTS and (key, match["name"]) not in NEVER_ONE:
                    unguarded.add((key, match["name"]))
    assert not unguarded, sorted(unguarded)


@pytest.mark.parametrize(("finished", "won", "en", "fr"), [
    (0, 0, "0 games finished, 0 won", "0 partie terminée, 0 gagnée"),
    (1, 1, "1 game finished, 1 won", "1 partie terminée, 1 gagnée"),
    (2, 1, "2 games finished, 1 won", "2 parties terminées, 1 gagnée"),
    (2, 2, "2 games finished, 2 won", "2 parties terminées, 2 gagnées"),
])
def test_the_games_line_puts_each_count_in_its_number(finished: int, won: int, en: str,
                                                      fr: str) -> None:
    assert games_text(finished, won, "en") == en
    assert games_text(finished, won, "fr") == fr
    game = next(lesson for lesson in COURSE if lesson.kind is LessonKind.GAME)
    line = LessonProgress(game, True, games=(finished, won))
    assert en in course_map_html([line], "en", here="", edition="en")


@pytest.mark.parametrize(("n", "en", "fr"), [
    (0, "(0 answers)", "(0 réponse)"),
    (1, "(1 answer)", "(1 réponse)"),
    (2, "(2 answers)", "(2 réponses)"),
])
def test_earlier_tries_are_counted_in_each_language(n: int, en: str, fr: str) -> None:
    for lang, words in (("en", en), ("fr", fr)):
        key = explain.plural_key("earlier_tried", n, lang)
        text = str(explain.catalog(lang)["exercises"][key]).format(tries=n)
        assert words in text, text


@pytest.mark.parametrize(("cards", "en", "fr"), [
    (["7C", "8C", "7D", "8D"], "0 card points", "0 point de cartes"),
    (["JC", "8C", "7D", "8D"], "2 card points", "2 points de cartes"),
])
def test_a_tricks_points_are_counted_in_each_language(cards: list[str], en: str,
                                                      fr: str) -> None:
    trick = Trick("H", Seat.WEST, cards)
    assert trick.points in (0, 2)
    assert en in render_last_trick(trick, lang="en", me=Seat.SOUTH)
    assert fr in render_last_trick(trick, lang="fr", me=Seat.SOUTH)
    assert f"Le pli contient {fr}\u00a0:" in explain.explain_trick(trick, Seat.SOUTH, "fr")
