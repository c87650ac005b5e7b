"""Lesson 03 ("play a trick") as a learner meets it: served by Voilà, used in Chromium.

The first exercise of the lesson is the first scenario of its bank
``belote_teach/course/data/scenarios/03-play-a-trick.yaml``. The test reads that scenario and asks
the engine which cards are legal and which rule decides, then plays in the browser
an illegal card (the feedback must name the rule) and a legal one (the feedback must
say it is right), with the mouse and with the keyboard only.

The widget contract these tests rely on: the exercise's hand cards are
``<button class="bt-card" data-card="JH">`` elements whose accessible name is
:func:`belote_teach.explain.card_name` (``"jack of hearts"``), and the feedback is
the exercise's one ``.bt-feedback`` element (``role="status"``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import yaml

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from belote_teach.engine.cards import Card

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: The lesson under test, relative to the repository root (read by the ``voila`` fixture).
NOTEBOOK = "notebooks/en/03-play-a-trick.ipynb"
#: The scenarios of the lesson; the first one is the first exercise.
SCENARIOS = ROOT / "belote_teach" / "course" / "data" / "scenarios" / "03-play-a-trick.yaml"

#: Milliseconds for the widgets to appear once Voilà's page has loaded.
WIDGETS_TIMEOUT_MS = 60_000

#: The innermost output area around a widget: one displayed widget per app cell.
_OUTPUT_AREA = ("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '),"
                " ' jp-OutputArea-output ')][1]")


@dataclass(frozen=True)
class Exercise:
    """The first exercise as the engine sees it, and the words the page must use."""

    scenario_id: str
    hand: tuple[Card, ...]
    illegal: Card
    legal: Card
    #: The English title of the rule that decides (``explain.rule_title``).
    rule_title: str
    #: The accessible name of each card button (``explain.card_name``).
    names: Mapping[Card, str]


@pytest.fixture(scope="module")
def first_exercise() -> Exercise:
    """The first scenario of the lesson's file, with its legal and illegal cards.

    The learner is South and plays next: the leader is South stepped back once per
    card already in the trick.
    """
    # Imported here so that a missing module fails these tests, not the collection.
    from belote_teach.engine.cards import Seat
    from belote_teach.engine.rules import RuleSet, legal_plays
    from belote_teach.engine.trick import Trick
    from belote_teach.explain import card_name, rule_title

    data = yaml.safe_load(SCENARIOS.read_text(encoding="utf-8"))
    scenarios = data["scenarios"] if isinstance(data, dict) else data
    scenario = scenarios[0]
    assert scenario["kind"] == "play", (
        f"the first scenario of {SCENARIOS.name} must be a play exercise, "
        f"got kind {scenario['kind']!r}")
    played = scenario.get("trick") or []
    leader = Seat.SOUTH
    for _ in played:
        leader = leader.previous
    trick = Trick(scenario["trump"], leader, played)
    legal = legal_plays(scenario["hand"], trick, RuleSet.from_spec(scenario.get("rules")))
    illegal = [card for card in legal.hand if card not in legal]
    assert illegal, (f"scenario {scenario['id']!r} allows every card of the hand: the "
                     "first exercise needs an illegal card for this test")
    return Exercise(scenario_id=scenario["id"], hand=legal.hand, illegal=illegal[0],
                    legal=legal.cards[0], rule_title=rule_title(legal.rule, "en"),
                    names={card: card_name(card, "en") for card in legal.hand})


def open_exercise(page: Page, exercise: Exercise) -> Locator:
    """Wait for the widgets, then return the output area of the first exercise after
    checking that it shows the scenario's hand as card buttons."""
    from playwright.sync_api import expect

    first_card = page.locator("button.bt-card").first
    first_card.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    widget = first_card.locator(_OUTPUT_AREA)
    expect(widget).to_have_count(1)
    cards = widget.locator("button.bt-card")
    expect(cards).to_have_count(len(exercise.hand))
    shown = cards.evaluate_all("buttons => buttons.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(str(card) for card in exercise.hand), (
        f"the first exercise should show the hand of scenario {exercise.scenario_id!r}")
    return widget


def card_button(widget: Locator, exercise: Exercise, card: Card) -> Locator:
    """The button of ``card``, found by its accessible name as a screen reader would."""
    from playwright.sync_api import expect

    button = widget.get_by_role("button", name=exercise.names[card], exact=True)
    expect(button).to_have_attribute("data-card", str(card))
    return button


def expect_refusal(widget: Locator, exercise: Exercise) -> None:
    """The feedback says the card is not allowed and names the deciding rule."""
    from playwright.sync_api import expect

    feedback = widget.locator(".bt-feedback")
    expect(feedback).to_have_attribute("role", "status")
    expect(feedback).to_contain_text("not allowed", ignore_case=True)
    expect(feedback).to_contain_text(exercise.rule_title)


def expect_success(widget: Locator) -> None:
    """The refusal is gone and the feedback says the play is right."""
    from playwright.sync_api import expect

    feedback = widget.locator(".bt-feedback")
    expect(feedback).not_to_contain_text("not allowed", ignore_case=True)
    expect(feedback).to_contain_text("Right")


def press_enter_on(page: Page, widget: Locator, card: Card) -> None:
    """Focus the first card, Tab along to ``card`` and press Enter: keyboard only."""
    cards = widget.locator("button.bt-card")
    cards.first.focus()
    path = []
    for _ in range(cards.count()):
        focused = page.evaluate("() => document.activeElement?.dataset?.card ?? null")
        path.append(focused)
        if focused == str(card):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab from the first card never reached {card}; focus went {path}")


def test_click_illegal_then_legal_card(lesson_page: Page, first_exercise: Exercise) -> None:
    """An illegal card is refused with the rule's name; a legal one is right."""
    widget = open_exercise(lesson_page, first_exercise)
    card_button(widget, first_exercise, first_exercise.illegal).click()
    expect_refusal(widget, first_exercise)
    card_button(widget, first_exercise, first_exercise.legal).click()
    expect_success(widget)


def test_keyboard_only(lesson_page: Page, first_exercise: Exercise) -> None:
    """The same exercise from the keyboard: Tab to a card, Enter to play it."""
    widget = open_exercise(lesson_page, first_exercise)
    press_enter_on(lesson_page, widget, first_exercise.illegal)
    expect_refusal(widget, first_exercise)
    press_enter_on(lesson_page, widget, first_exercise.legal)
    expect_success(widget)


def test_no_code_is_shown(lesson_page: Page, first_exercise: Exercise) -> None:
    """Voilà strips the code cells: the learner sees prose and widgets, no source.

    Every line of code of the notebook (8 characters or more, comments aside) is looked
    for in the page text: the setup cell's ``from belote_teach... import ...`` lines
    among them. A bare word such as "import" would also match prose ("important").
    """
    open_exercise(lesson_page, first_exercise)
    notebook = json.loads((ROOT / NOTEBOOK).read_text(encoding="utf-8"))
    code_lines = {
        line.strip()
        for cell in notebook["cells"] if cell["cell_type"] == "code"
        for line in "".join(cell["source"]).splitlines()
        if len(line.strip()) >= 8 and not line.strip().startswith("#")
    }
    assert code_lines, f"{NOTEBOOK} has no code cell to check"
    text = lesson_page.locator("body").inner_text()
    shown = sorted(line for line in code_lines if line in text)
    assert not shown, f"{len(shown)} lines of code visible in the Voilà page: {shown[:5]}"
    assert lesson_page.locator(".jp-CodeCell .jp-InputArea").count() == 0, (
        "code cells have an input area in the Voilà page")
