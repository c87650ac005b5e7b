"""Reaching a control from the keyboard alone in a real browser, as a keyboard user does:
Tab (then Shift+Tab) until the focused element is the one wanted."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: Key presses allowed to reach one control with Tab (the game page has about 40 stops).
TAB_LIMIT = 120


def focused(page: Page, predicate: str, arg: object = None) -> bool:
    """Whether the focused element satisfies ``predicate``, a JavaScript function
    ``(element, arg) => boolean``."""
    return bool(page.evaluate(
        f"""([arg]) => {{
          const element = document.activeElement;
          return !!element && element !== document.body && ({predicate})(element, arg);
        }}""", [arg]))


def tab_to(page: Page, predicate: str, arg: object = None, *, what: str) -> None:
    """Press Tab (then Shift+Tab) until the focused element satisfies ``predicate`` (see
    :func:`focused`): the way a keyboard user reaches a control.

    Raises:
        Failed: no focus stop satisfies it within :data:`TAB_LIMIT` presses each way.
    """
    for key in ("Tab", "Shift+Tab"):
        for _ in range(TAB_LIMIT):
            if focused(page, predicate, arg):
                return
            page.keyboard.press(key)
    where = page.evaluate("() => document.activeElement?.outerHTML?.slice(0, 200) ?? null")
    pytest.fail(f"Tab never reached {what}; focus is on {where}", pytrace=False)


#: A focused element that is a button (or a toggle button) with exactly these words.
BUTTON_NAMED = "(el, name) => el.tagName === 'BUTTON' && el.innerText.trim() === name"
#: A focused element that is a check box whose label says exactly these words.
CHECKBOX_NAMED = ("(el, name) => el.type === 'checkbox' && el.closest('label') !== null "
                  "&& el.closest('label').innerText.trim() === name")
#: A card of the learner's hand that may be played now.
BRIGHT_CARD = "(el) => el.matches('.bt-part-hand button.bt-card:not(.bt-dim)')"
#: The handle of the table's pace slider.
PACE_HANDLE = "(el) => el.matches('.bt-table-app .noUi-handle')"
