"""The scenario player and the lesson examples, driven without a browser: a test sets the
trait a click sets (or clicks a button) and checks the feedback and the state."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import (
    PlayScenario,
    SolveScenario,
    TrickScenario,
    load_bank,
    load_file,
)
from belote_teach.course.store import MemoryStore
from belote_teach.engine.cards import Card, Suit
from belote_teach.engine.rules import Rule
from belote_teach.ui import (
    CardBoard,
    ScenarioPlayer,
    show_orders,
    show_position,
    show_trick,
)
from belote_teach.ui.board import StaticBoard

ROOT = Path(__file__).resolve().parents[2]
LESSON = "03-play-a-trick"


def _scenario(id_: str, trump: str, trick: list[str], hand: list[str], legal: list[str],
              best: list[str] | None = None, prompt: dict[str, str] | None = None
              ) -> PlayScenario:
    return PlayScenario(id=id_, trump=Suit.parse(trump),
                        trick_cards=tuple(Card.parse(c) for c in trick),
                        hand=tuple(Card.parse(c) for c in hand),
                        legal=frozenset(Card.parse(c) for c in legal),
                        best=tuple(Card.parse(c) for c in best or ()),
                        prompt=prompt or {})


@pytest.fixture
def player() -> ScenarioPlayer:
    return ScenarioPlayer([
        _scenario("overtrump", "S", ["10H", "8S"], ["7S", "AS", "KD"], ["AS"],
                  prompt={"en": "Your partner's 10♥ was trumped.",
                          "fr": "Le 10♥ de ton partenaire a été coupé."}),
        _scenario("feed", "S", ["7H", "AH", "8H"], ["7S", "KC", "10D"], ["7S", "KC", "10D"],
                  best=["10D"]),
        _scenario("lead", "H", [], ["JH", "7S"], ["JH", "7S"]),
    ])


def test_first_exercise_is_drawn_with_prompt_table_and_clickable_hand(player) -> None:
    assert "Exercise 1 of 3" in player.counter.value
    assert "Your partner's 10♥ was trumped." in html.unescape(player.prompt.value)
    hand = player.board.hand_html
    for card, name in (("7S", "seven of spades"), ("AS", "ace of spades"),
                       ("KD", "king of diamonds")):
        assert '<button type="button" class="bt-card' in hand
        assert f'data-card="{card}"' in hand and f'aria-label="{name}"' in hand
    table = player.board.table_html
    assert "maître" in table  # West's 8♠ is currently winning
    assert "Partner" in table and "Opponent" in table and "Trump (atout)" in table
    assert player.board.feedback_html == ""
    assert player.score == (0, 0, 3)


def test_illegal_card_explains_the_rule_highlights_legal_cards_and_allows_retry(player) -> None:
    player.click("KD")
    text = player.feedback_text
    assert "K♦ is not allowed here." in text
    assert explain.rule_title(Rule.MUST_OVERTRUMP, "en") in text
    assert "West's 8♠ is winning this trick and your A♠ beats it." in text
    assert "Your K♦ is not a trump." in text
    hand = player.board.hand_html
    assert 'bt-card bt-black bt-legal" data-card="AS"' in hand
    assert 'bt-card bt-red bt-wrong" data-card="KD"' in hand
    assert 'bt-card bt-black bt-dim" data-card="7S"' in hand
    assert player.board.selected == ""  # ready for the next click
    assert player.score == (0, 0, 3)

    player.click("AS")
    assert player.feedback_text.startswith("✓ Right! A♠ is allowed.")
    assert "R3.5" in player.feedback_text
    # the learner's card now lies on the table as South's, and it is master
    assert 'data-card="AS"' in player.board.table_html
    assert 'data-card="AS"' not in player.board.hand_html
    assert player.score == (0, 1, 3)


def test_right_at_first_try_counts(player) -> None:
    player.click("AS")
    assert player.score == (1, 1, 3)
    player.click("7S")  # exploring after solving does not change the score
    assert "not allowed" in player.feedback_text
    assert player.score == (1, 1, 3)


def test_the_same_wrong_card_clicked_twice_is_one_try(player) -> None:
    player.click("7S")
    first = player.feedback_text
    player.click("7S")                       # a double click, or a click again: no new try
    assert player.feedback_text == first
    assert player._progress[0].tries == [Card.parse("7S")]
    assert player.results["overtrump"] == {"solved": False, "first_try": False, "tries": 1}


def test_legal_but_not_best_card_names_the_better_one_and_is_a_wrong_try(player) -> None:
    player.next_button.click()
    player.click("7S")
    assert player.feedback_text.startswith("⚠ Allowed, but the better card here is 10♦.")
    assert player.feedback_text.endswith("Allowed is not enough: this exercise asks for "
                                         "what the lesson teaches. Try again.")
    assert "✓" not in player.feedback_text
    assert 'data-card="7S"' in player.board.hand_html   # not played: try again
    assert player.score == (0, 0, 3)  # not done: not the card the lesson teaches
    assert player.results["feed"] == {"solved": False, "first_try": False, "tries": 1}
    player.click("10D")
    assert player.feedback_text.startswith(
        "✓ Right! 10♦ is allowed, and it is the card this lesson teaches here.")
    assert 'data-card="10D"' in player.board.table_html
    assert player.score == (0, 1, 3)
    assert player.results["feed"] == {"solved": True, "first_try": False, "tries": 2}


def test_navigation_buttons_and_their_limits(player) -> None:
    assert player.previous_button.disabled and not player.next_button.disabled
    player.next_button.click()
    player.next_button.click()
    assert player.index == 2 and player.next_button.disabled
    assert "Exercise 3 of 3" in player.counter.value
    player.previous_button.click()
    assert player.index == 1
    player.go(99)
    assert player.index == 2
    player.go(-5)
    assert player.index == 0


def test_progress_is_kept_per_exercise(player) -> None:
    player.click("KD")
    player.next_button.click()
    assert player.feedback_text == ""
    player.previous_button.click()
    assert "K♦ is not allowed here." in player.feedback_text


def test_hint_points_at_the_decisive_fact(player) -> None:
    player.hint_button.click()
    assert player.feedback_text.startswith("Hint")
    assert "Someone has already trumped" in player.feedback_text
    assert player.score == (0, 0, 3)


def test_language_switch_redraws_everything_in_french(player) -> None:
    player.click("KD")
    player.language.value = "fr"
    assert "Exercice 1 sur 3" in player.counter.value
    assert "Le 10♥ de ton partenaire a été coupé." in player.prompt.value
    assert "Tu n'as pas le droit de jouer le R♦ ici." in player.feedback_text
    assert "Tu dois surcouper" in player.feedback_text
    assert 'aria-label="as de pique"' in player.board.hand_html
    assert player.next_button.description == "Suivant"
    player.language.value = "en"
    assert "K♦ is not allowed here." in player.feedback_text


def test_all_done_message(player) -> None:
    for index, card in enumerate(("AS", "10D", "JH")):
        player.go(index)
        player.click(card)
    assert player.score == (3, 3, 3)
    assert "All 3 exercises done: 3 right at first try." in player.feedback_text


def test_a_card_not_in_the_hand_changes_nothing(player) -> None:
    player.board.selected = "QH"
    assert player.feedback_text == ""
    assert player.board.selected == ""
    assert player.score == (0, 0, 3)


def test_player_refuses_no_scenarios_and_unknown_language() -> None:
    with pytest.raises(ValueError, match="at least one scenario"):
        ScenarioPlayer([])
    with pytest.raises(ValueError, match="'xx'"):
        ScenarioPlayer([_scenario("lead", "H", [], ["JH"], ["JH"])], lang="xx")


def test_player_from_the_lesson_file() -> None:
    player = ScenarioPlayer.from_file(LESSON)
    everything = load_bank(LESSON)
    scenarios = [s for s in everything if isinstance(s, PlayScenario)]
    assert len(scenarios) >= 12
    assert [e.id for e in player.exercises] == [s.id for s in everything]  # file order
    first = scenarios[0]
    legal = first.legal_plays()
    illegal = next(c for c in first.hand if c not in legal)
    player.click(illegal)
    assert "not allowed" in player.feedback_text
    assert explain.rule_title(legal.rule, "en") in player.feedback_text
    player.click(legal.cards[0])
    assert "Right!" in player.feedback_text or "Allowed, but" in player.feedback_text


def test_malformed_file_is_reported_by_the_player(tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {id: x, kind: play, trump: H, trick: [], hand: [11H], legal: [11H]}\n")
    with pytest.raises(ScenarioFileError, match="11H"):
        ScenarioPlayer.from_file(bad)


def test_examples_draw_the_engine_verdict() -> None:
    board = show_position("H", trick=["KD", "AD"], hand=["7H", "AS", "10C", "KS"])
    assert isinstance(board, StaticBoard)  # a drawing to look at: no widget model
    assert "Must trump (couper) (R3.4)" in board.feedback_html
    assert 'bt-legal" role="img" aria-label="seven of hearts"' in board.hand_html
    assert "<button" not in board.hand_html  # examples are pictures, not controls
    trick = show_trick("H", ["KD", "AD", "7H", "QH"])
    assert "West wins the trick with Q♥ (18 card points)." in trick.feedback_html
    french = show_position("H", trick=["AC", "9H"], hand=["AH", "8H"], rules={"undertrump": "free"},
                           lang="fr")
    assert "on ne pisse pas" in french.feedback_html
    orders = show_orders("en").table_html
    assert "<b>20</b>" not in orders and "62" in orders and "30" in orders and "162" in orders


def _trick_scenario(id_: str, trump: str, cards: list[str], winner: int, points: int
                    ) -> TrickScenario:
    return TrickScenario(id=id_, trump=Suit.parse(trump),
                         cards=tuple(Card.parse(c) for c in cards), winner=winner, points=points)


def test_trick_exercise_asks_for_the_winning_card_on_the_table() -> None:
    player = ScenarioPlayer([_trick_scenario("ruffed", "H", ["KD", "AD", "7H", "QH"], 4, 18)])
    table = player.board.table_html
    assert table.count("<button") == 4 and 'aria-label="queen of hearts"' in table
    assert "maître" not in table  # the answer is not shown before the learner's click
    assert player.board.hand_html == ""
    assert "Who wins this trick?" in player.prompt.value
    player.click("AD")
    text = player.feedback_text
    assert "A♦ does not win this trick." in text
    assert "East's A♦ is beaten by West's Q♥." in text
    assert 'bt-wrong" data-card="AD"' in player.board.table_html
    player.click("QH")
    text = player.feedback_text
    assert text.startswith("✓ Right! West wins the trick.")
    assert "The trick holds" not in text  # the learner counts the points next
    assert "Now count the card points of this trick" in text
    assert player.score == (0, 0, 1)  # the points are still to be found
    player.language.value = "fr"
    assert "Bravo ! Ouest remporte le pli." in player.feedback_text
    assert "la D♥ d'Ouest" in player.feedback_text


def test_trick_exercise_discard_explained() -> None:
    player = ScenarioPlayer([_trick_scenario("discard", "H", ["8D", "AS", "9D", "AC"], 3, 22)])
    player.click("AS")
    assert "East's A♠ is neither diamonds nor a trump: it is a discard." in player.feedback_text
    player.hint_button.click()
    assert "Was a trump played?" in player.feedback_text


def test_your_turn_marks_only_the_learner_seat(player) -> None:
    assert "your turn" in player.board.table_html
    player.click("AS")  # now East is to play: the learner's turn is over
    assert "your turn" not in player.board.table_html


def test_after_solving_hint_still_shows_and_wrong_cards_do_not_say_try_again(player) -> None:
    player.click("AS")
    player.hint_button.click()
    assert "Hint" in player.feedback_text
    player.click("KD")
    assert "K♦ is not allowed here." in player.feedback_text
    assert "Try again" not in player.feedback_text
    assert player.score == (1, 1, 3)


# ---------------------------------------------------------------- every kind, one player
PUBLIC = ROOT / "tests" / "data" / "public.yaml"


def test_the_player_shows_every_kind_but_solve_in_file_order() -> None:
    player = ScenarioPlayer.from_file(PUBLIC)
    everything = load_file(PUBLIC)
    shown = [s for s in everything if not isinstance(s, SolveScenario)]
    assert len(shown) < len(everything)  # the file holds solve scenarios, left out
    assert [e.id for e in player.exercises] == [s.id for s in shown]
    kinds = {s.kind for s in shown}
    assert kinds == {"trick", "play", "bid", "announce", "compare", "score"}
    assert player.score == (0, 0, len(shown))
    for index, scenario in enumerate(shown):  # each kind draws its situation and question
        player.go(index)
        assert player.prompt.value
        assert player.board.table_html or player.board.hand_html
        click_only = scenario.kind in ("play",)
        assert (player.controls is None) == click_only, scenario.id
        player.language.value = "fr"
        assert player.board.table_html or player.board.hand_html
        player.language.value = "en"


def test_a_file_with_only_solve_scenarios_is_refused(tmp_path) -> None:
    solve = next(s for s in PUBLIC.read_text(encoding="utf-8").split("\n- ")
                 if "kind: solve" in s)
    only = tmp_path / "solve.yaml"
    only.write_text("- " + solve.strip() + "\n", encoding="utf-8")
    assert len(load_file(only)) == 1
    with pytest.raises(ValueError, match="no scenario to show"):
        ScenarioPlayer.from_file(only)


def _record(results: dict[str, dict[str, object]]) -> CourseProgress:
    """A learner's record in memory holding an earlier session's ``results`` of the
    lesson ``lesson``."""
    record = CourseProgress(store=MemoryStore())
    for scenario_id, result in results.items():
        record.store.append("result", "lesson", scenario_id, result)
    return record


def test_earlier_results_show_as_done_and_count_in_the_score(player) -> None:
    record = _record({"overtrump": {"solved": True, "first_try": True, "tries": 1},
                      "feed": {"solved": False, "first_try": False, "tries": 2},
                      "not-in-this-file": {"solved": True, "first_try": False, "tries": 4}})
    earlier = ScenarioPlayer([e.scenario for e in player.exercises], progress=record)
    assert earlier.score == (1, 1, 3)
    assert "Right at first try: 1 · Done: 1 of 3" in earlier.score_label.value
    text = earlier.feedback_text
    assert text.startswith("✓ Done in an earlier session, right at first try.")
    assert "The answer: May be played: A♠" in text  # the engine's legal card
    earlier.go(1)
    assert "Tried in an earlier session (2 answers), not solved yet." in earlier.feedback_text
    assert earlier.results == {
        "overtrump": {"solved": True, "first_try": True, "tries": 1},
        "feed": {"solved": False, "first_try": False, "tries": 2}}


def test_a_retry_after_an_earlier_session_is_not_a_first_try(player) -> None:
    record = _record({"overtrump": {"solved": False, "first_try": False, "tries": 2}})
    earlier = ScenarioPlayer([e.scenario for e in player.exercises], progress=record)
    earlier.click("AS")
    assert earlier.results["overtrump"] == {"solved": True, "first_try": False, "tries": 3}
    assert earlier.score == (0, 1, 3)


def test_a_record_attached_later_is_shown_as_on_a_page_opened_fresh(player) -> None:
    """A lesson drawn before its learner came gets their record then (attach): from
    there every figure is the record's, the answers given before it included only if they
    were logged in it."""
    player.go(1)
    player.click("10D")                      # "feed" solved on the record in memory
    record = _record({"overtrump": {"solved": True, "first_try": True, "tries": 1},
                      "feed": {"solved": False, "first_try": False, "tries": 5}})
    player.attach(record)
    assert player.results == {"overtrump": {"solved": True, "first_try": True, "tries": 1},
                              "feed": {"solved": False, "first_try": False, "tries": 5}}
    assert player.score == (1, 1, 3)
    assert "Right at first try: 1 · Done: 1 of 3" in player.score_label.value
    player.go(0)
    assert player.feedback_text.startswith("✓ Done in an earlier session, right at first try.")
    player.go(1)
    player.click("10D")                      # the record's 6th try: solved, not first try
    assert player.results["feed"] == {"solved": True, "first_try": False, "tries": 6}
    assert fresh_page(player, record).results == player.results


def fresh_page(player: ScenarioPlayer, record: CourseProgress) -> ScenarioPlayer:
    """The same lesson opened again on ``record`` (a reload)."""
    return ScenarioPlayer([e.scenario for e in player.exercises], progress=record)


def test_every_answer_until_solved_is_logged_in_the_record(player) -> None:
    record = CourseProgress(store=MemoryStore())
    player.attach(record)
    player.board.selected = "QH"  # not a card of the exercise: no answer
    assert player.results == {} and record.store.actions(["answer"]) == []
    player.click("KD")
    player.click("AS")
    player.click("7S")  # exploring after solving changes no result and logs nothing
    logged = [(a.item, dict(a.data)) for a in record.store.actions(["answer"])]
    assert logged == [
        ("overtrump", {"solved": False, "first_try": False, "answer": "KD"}),
        ("overtrump", {"solved": True, "first_try": False, "answer": "AS"})]
    assert player.results == {"overtrump": {"solved": True, "first_try": False, "tries": 2}}


def test_two_pages_of_one_lesson_count_each_others_answers(player) -> None:
    record = CourseProgress(store=MemoryStore())
    player.attach(record)
    other = fresh_page(player, record)
    player.click("KD")                       # wrong on the first page
    other.click("AS")                        # right on the second: not at the first try
    assert other.results["overtrump"] == {"solved": True, "first_try": False, "tries": 2}
    player.click("AS")                       # the first page learns it is solved
    assert player.results == other.results
    assert player.score == other.score == (0, 1, 3)


def test_scenario_ids_must_be_distinct() -> None:
    lead = _scenario("lead", "H", [], ["JH"], ["JH"])
    with pytest.raises(ValueError, match="'lead' more than once"):
        ScenarioPlayer([lead, lead])


def test_a_click_message_from_the_browser_reaches_the_owner_every_time() -> None:
    """The browser reports a click as a message {"card": ...}: the same card twice is two
    clicks, and other messages change nothing."""
    board = CardBoard()
    clicks: list[str] = []

    def handle(change: dict[str, object]) -> None:
        if change["new"]:
            clicks.append(str(change["new"]))
            board.selected = ""

    board.observe(handle, names="selected")
    board._handle_custom_msg({"card": "JH"}, [])
    board._handle_custom_msg({"card": "JH"}, [])
    board._handle_custom_msg({"other": "x"}, [])
    board._handle_custom_msg("JH", [])
    assert clicks == ["JH", "JH"]
    assert "selected" not in board.keys       # an event, not a synced state


def test_a_board_answers_each_click_once_handled_even_a_refused_one(monkeypatch) -> None:
    """The browser marks a card clicked until the kernel answers ``{"handled": True}``:
    the answer comes after the owner has handled the click, whatever it did with it,
    and a message that is no click gets none."""
    board = CardBoard(position="p1")
    sent: list[object] = []
    seen: list[tuple[str, list[object]]] = []
    monkeypatch.setattr(board, "send", sent.append)

    def handle(change: dict[str, object]) -> None:
        if change["new"]:
            seen.append((str(change["new"]), list(sent)))
            raise ValueError("the owner refused the card")

    board.observe(handle, "selected")
    with pytest.raises(ValueError, match="refused"):
        board._on_message(board, {"card": "JH", "position": "p1"}, [])
    assert seen == [("JH", [])]                   # handled before the answer is sent
    assert sent == [{"handled": True}]
    board._on_message(board, {"shown": True}, [])
    board._on_message(board, "noise", [])
    assert sent == [{"handled": True}] and board.clicked_position is None
