"""An answer the rules allow but the lesson does not teach (a bid other than the
scenario's ``advice``, a card other than its ``best``), in lesson 6's exercises on a
learner's record: marked ⚠ (never the green ✓), told with what the lesson teaches and
why, and a wrong try: not solved, the tries go up, and the answer taught then solves it,
not right at the first try; the record and the welcome page's figures follow."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.course.overview import course_overview
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import SolveScenario, load_bank
from belote_teach.engine.cards import Card
from belote_teach.ui import ScenarioPlayer
from belote_teach.ui.exercise_bid import BidExercise
from belote_teach.ui.exercises import PlayExercise
from belote_teach.ui.lesson import exercises
from belote_teach.ui.welcome import WelcomePage

LESSON = "06-tips"
TIPS = LESSON                                           # the lesson's bank, by its name
#: Round 2 on the 8♠ with 10♦ Q♦ 7♦ but neither the J♦ nor the 9♦: the tip says pass.
BID = "error-naming-a-suit-without-jack-or-nine"
#: Partner maître, South plays last: the lesson teaches to charge the 10♥ (R9 tip 4).
PLAY = "charge-the-ten-as-last-player"
TOTAL = sum(not isinstance(s, SolveScenario) for s in load_bank(TIPS))

BID_AGAINST_THE_TIP = {
    "en": "⚠ Allowed, but this lesson teaches passer (pass) here, not naming diamonds as "
          "atout. Round 2: name one of the three other suits or pass (R2.5) With diamonds "
          "as atout, your atouts would be 10♦, Q♦ and 7♦. You hold neither the J♦ nor the "
          "9♦: taking without them is a common error (tip 1). Allowed is not enough: this "
          "exercise asks for what the lesson teaches. Try again.",
    "fr": "⚠ C'est permis, mais ici cette leçon conseille de passer, pas de prendre à "
          "carreau. Second tour : nommer une des trois autres couleurs ou passer (R2.5) À "
          "carreau, tes atouts seraient 10♦, D♦ et 7♦. Tu n'as ni le V♦ ni le 9♦ : prendre "
          "sans eux est une erreur fréquente (conseil 1). Être permis ne suffit pas : cet "
          "exercice demande ce que la leçon enseigne. Essaie encore.",
}
CARD_NOT_TAUGHT = {
    "en": "⚠ Allowed, but the better card here is 10♥. Partner winning (partenaire maître) "
          "(R3.3) You have no spades and your partner North's A♠ is winning this trick "
          "(partenaire maître): you may play any card, a low trump or a discard included. "
          "Tip 4: feed your partner (charger) aces and tens when he is maître. Allowed is "
          "not enough: this exercise asks for what the lesson teaches. Try again.",
    "fr": "⚠ C'est permis, mais la meilleure carte ici est 10♥. Partenaire maître (R3.3) "
          "Tu n'as pas de pique et l'A♠ de ton partenaire Nord est maître (partenaire "
          "maître) : tu peux jouer n'importe quelle carte, même un petit atout ou une "
          "défausse. Conseil 4 : charge ton partenaire (as et dix) quand il est maître. "
          "Être permis ne suffit pas : cet exercice demande ce que la leçon enseigne. "
          "Essaie encore.",
}
DONE = {"en": "The exercise is done: 0 right at first try.",
        "fr": "L'exercice est fait : 0 du premier coup."}


@pytest.fixture
def record(tmp_path: Path) -> CourseProgress:
    return CourseProgress(tmp_path / "data")


def _player(record: CourseProgress, scenario_id: str) -> ScenarioPlayer:
    """Lesson 6's player of one exercise, as its notebook cell shows it, on ``record``."""
    player = exercises(TIPS, ids=[scenario_id], lang="en", progress=record)
    player.attach(record)
    return player


def _plain(text: str) -> str:
    """A feedback text with French no-break spaces as plain spaces."""
    return text.replace("\u00a0", " ")


def _feedback_in(player: ScenarioPlayer, lang: str) -> str:
    player.language.value = lang
    return _plain(player.feedback_text)


def _saved(record: CourseProgress, scenario_id: str) -> dict[str, object]:
    """The exercise's result as a new page would read it from the learner's files."""
    fresh = CourseProgress(record.directory)
    return dict(fresh.read().record.results(LESSON)[scenario_id])


def test_a_bid_against_the_tip_is_a_wrong_try_then_the_advice_solves_it(
        record: CourseProgress) -> None:
    player = _player(record, BID)
    exercise = player.current
    assert isinstance(exercise, BidExercise)
    exercise.buttons["D"].click()                                # "I take diamonds"
    for lang in ("en", "fr"):
        assert _feedback_in(player, lang) == BID_AGAINST_THE_TIP[lang]
        assert "✓" not in player.board.feedback_html and "bt-ok" not in player.board.feedback_html
        assert DONE[lang] not in _feedback_in(player, lang)
    diamonds = exercise.buttons["D"]
    assert (diamonds.icon, diamonds.button_style) == ("exclamation", "warning")
    assert all(b.button_style != "success" for b in exercise.buttons.values())
    assert player.score == (0, 0, 1)
    assert player.results[BID] == {"solved": False, "first_try": False, "tries": 1}
    assert _saved(record, BID) == {"solved": False, "first_try": False, "tries": 1}

    exercise.buttons["pass"].click()
    assert _feedback_in(player, "en").startswith(
        "✓ Right: passer (pass) is allowed, and it is what this lesson teaches.")
    assert _feedback_in(player, "en").endswith(DONE["en"])
    assert _feedback_in(player, "fr").startswith(
        "✓ Bravo : tu as le droit de passer, et c'est ce que cette leçon conseille.")
    assert _feedback_in(player, "fr").endswith(DONE["fr"])
    assert (exercise.buttons["pass"].button_style, diamonds.button_style) == ("success", "")
    assert player.score == (0, 1, 1)
    assert _saved(record, BID) == {"solved": True, "first_try": False, "tries": 2}


def test_a_card_other_than_the_one_taught_is_a_wrong_try_then_the_best_solves_it(
        record: CourseProgress) -> None:
    player = _player(record, PLAY)
    exercise = player.current
    assert isinstance(exercise, PlayExercise)
    assert exercise.best == (Card.parse("10H"),)
    other = next(card for card in exercise.legal.cards if card not in exercise.best)
    player.click(other)
    for lang in ("en", "fr"):
        assert _feedback_in(player, lang) == CARD_NOT_TAUGHT[lang]
        assert "✓" not in player.board.feedback_html
    assert f'data-card="{other}"' in player.board.hand_html          # not played
    assert f'data-card="{other}"' not in player.board.table_html
    tried = re.search(rf'<button[^>]*data-card="{other}".*?</button>', player.board.hand_html)
    assert tried is not None and "bt-untaught" in tried.group(0)     # ⚠, not ✗
    assert "⚠" in tried.group(0) and "✗" not in tried.group(0)
    assert exercise.solution("en") == (
        f"The card to play: 10♥ (may be played: "
        f"{explain.join_cards(exercise.legal.cards, 'en', exercise.legal.trump)}).")
    assert player.score == (0, 0, 1)
    assert _saved(record, PLAY) == {"solved": False, "first_try": False, "tries": 1}

    player.click("10H")
    assert _feedback_in(player, "en").startswith(
        "✓ Right! 10♥ is allowed, and it is the card this lesson teaches here.")
    assert _feedback_in(player, "fr").startswith(
        "✓ Bravo ! Tu as le droit de jouer le 10♥, et c'est la carte que cette leçon "
        "conseille ici.")
    assert 'data-card="10H"' in player.board.table_html              # played now
    assert player.score == (0, 1, 1)
    assert _saved(record, PLAY) == {"solved": True, "first_try": False, "tries": 2}


def _lesson_line(page: WelcomePage) -> str:
    """The welcome page's course-map item of lesson 6, as plain text."""
    found = re.search(rf'<li class="[^"]*" data-lesson="{LESSON}">.*?</li>',
                      page.course_map.value)
    assert found, LESSON
    return _plain(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))))


def test_the_welcome_page_counts_an_untaught_answer_as_not_done(
        record: CourseProgress) -> None:
    page = WelcomePage(lang="en", progress=record)
    player = _player(record, BID)
    exercise = player.current
    assert isinstance(exercise, BidExercise)
    exercise.buttons["D"].click()

    def figures() -> tuple[int, int]:
        line = next(item for item in course_overview(record.read().record)
                    if item.lesson.id == LESSON)
        assert line.exercises is not None
        return line.exercises.done, line.exercises.first_try

    assert figures() == (0, 0)
    page.refresh()
    assert f"0 of {TOTAL} exercises done · 0 right at the first try" in _lesson_line(page)
    assert f'<progress value="0" max="{TOTAL}"' in page.course_map.value

    exercise.buttons["pass"].click()
    assert figures() == (1, 0)
    page.refresh()
    assert f"1 of {TOTAL} exercises done · 0 right at the first try" in _lesson_line(page)
    page.language.value = "fr"
    assert (f"Exercices faits : 1 sur {TOTAL} · justes du premier coup : 0"
            in _lesson_line(page))
