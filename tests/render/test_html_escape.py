"""render.html: the one HTML escape of the course, safe in element text and in quoted
attribute values, the text for screen readers only, and a suit drawn with its name."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote_teach.engine.cards import Suit
from belote_teach.render.html import escape, sr_only, suit_html


class _Reader(HTMLParser):
    """The text and the attributes a browser reads from a fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _read(fragment: str) -> _Reader:
    reader = _Reader()
    reader.feed(fragment)
    reader.close()
    return reader


def test_escape_writes_the_five_special_characters_as_references() -> None:
    assert escape("""<b>"l'as" & le 10</b>""") == \
        "&lt;b&gt;&quot;l&#x27;as&quot; &amp; le 10&lt;/b&gt;"


def test_escape_takes_any_value_and_leaves_other_text_alone() -> None:
    assert escape(18) == "18"
    assert escape("valet de cœur, V♥\u00a0!") == "valet de cœur, V♥\u00a0!"


@given(st.text())
def test_escaped_text_reads_back_the_same_in_text_and_in_both_quotes(text: str) -> None:
    """What the learner sees is the text itself, wherever it is written."""
    shown = escape(text)
    assert "<" not in shown and ">" not in shown and '"' not in shown and "'" not in shown
    assert html.unescape(shown) == text
    in_text = _read(f"<p>{shown}</p>")
    assert "".join(in_text.text) == text
    for quote in "\"'":
        in_attribute = _read(f"<p title={quote}{shown}{quote}></p>")
        assert in_attribute.attrs == [("title", text)]


def test_sr_only_is_an_escaped_span_the_stylesheet_hides() -> None:
    assert sr_only("Nous & Eux") == '<span class="bt-table-sr">Nous &amp; Eux</span>'


@pytest.mark.parametrize("lang, word", [("en", "hearts"), ("fr", "cœur")])
def test_suit_html_draws_the_symbol_hidden_and_the_name_in_words(lang: str, word: str) -> None:
    shown = suit_html(Suit.HEARTS, lang)
    assert shown == ('<span class="bt-table-sym bt-table-red bt-suit-H" aria-hidden="true">'
                     f"♥</span> {word}")
    spoken = suit_html(Suit.SPADES, lang, name=False)
    assert 'bt-table-black bt-suit-S" aria-hidden="true">♠</span>' in spoken
    assert spoken.endswith(sr_only(f" {'spades' if lang == 'en' else 'pique'}"))
