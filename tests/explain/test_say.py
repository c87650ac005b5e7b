"""explain.say, the one look-up of the learner's text: a dotted path into the catalog of
a language, its values filled in, and a clear error for a path or a language the
catalogs do not have."""

from __future__ import annotations

import string

import pytest
from test_explain import catalog_sentences

from belote_teach import explain
from belote_teach.explain import MissingTextError, UnknownLanguageError


@pytest.mark.parametrize("lang", explain.LANGUAGES)
def test_say_reads_the_sentence_at_a_dotted_path_in_both_languages(lang: str) -> None:
    catalog = explain.catalog(lang)
    assert explain.say("welcome.title", lang) == catalog["welcome"]["title"]
    assert explain.say("table.story.title", lang) == catalog["table"]["story"]["title"]


def test_say_fills_the_values_in_each_language() -> None:
    assert explain.say("table.hidden", "en", seat="North", n=5) == "North: 5 hidden cards"
    assert explain.say("table.hidden", "fr", seat="Nord", n=5) == "Nord\u00a0: 5 cartes cachées"
    assert explain.say("table.story.made", "fr", takers="Nous") == \
        "Contrat fait pour l'équipe Nous."


def test_a_value_may_be_called_path_or_lang() -> None:
    """The path and the language are positional: a sentence may ask for ``{path}``."""
    said = explain.say("progress.set_aside", "en", name="Game 1", reason="damaged",
                       path="/tmp/x.json")
    assert "Game 1" in said and "/tmp/x.json" in said


def test_say_finds_a_key_that_holds_dots() -> None:
    """The rule titles of the exercises are keyed by rule ID (``R2.5``)."""
    for lang in explain.LANGUAGES:
        assert explain.say("exercises.rules.R2.5", lang) == \
            explain.catalog(lang)["exercises"]["rules"]["R2.5"]


def test_text_is_say_of_the_ui_section() -> None:
    for lang in explain.LANGUAGES:
        assert explain.text("hint", lang) == explain.say("ui.hint", lang)


class _Value:
    """A value for any placeholder, whatever its format spec (``{best:the}``)."""

    def __format__(self, spec: str) -> str:
        return f"<{spec}>"


@pytest.mark.parametrize("lang", explain.LANGUAGES)
def test_say_finds_every_sentence_of_the_catalog(lang: str) -> None:
    """Each sentence at its dotted path, keys with dots included, filled in as
    ``str.format`` fills it."""
    sentences = catalog_sentences(explain.catalog(lang))
    for path, sentence in sentences.items():
        names = {name.split(".")[0].split("[")[0]
                 for _, name, _, _ in string.Formatter().parse(sentence) if name}
        values = dict.fromkeys(names, _Value())
        assert explain.say(path, lang, **values) == sentence.format(**values), path


@pytest.mark.parametrize("path, missing", [
    ("welcome.no_such_sentence", "no_such_sentence"),
    ("no_such_section.title", "no_such_section"),
    ("welcome", "section"),                         # a section, not a sentence
    ("welcome.title.more", "past a sentence"),
])
def test_a_missing_path_is_named_with_the_language(path: str, missing: str) -> None:
    with pytest.raises(MissingTextError) as raised:
        explain.say(path, "fr")
    message = str(raised.value)
    assert repr(path) in message and "'fr'" in message and missing in message
    assert raised.value.path == path and raised.value.lang == "fr"
    # a missing text is a missing key of the catalog, and a bad value given to say
    assert isinstance(raised.value, KeyError) and isinstance(raised.value, ValueError)


def test_an_unknown_language_is_named_with_the_path() -> None:
    with pytest.raises(UnknownLanguageError) as raised:
        explain.say("welcome.title", "de")
    message = str(raised.value)
    assert "'de'" in message and "'welcome.title'" in message and "en, fr" in message


def test_a_missing_value_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="seat"):
        explain.say("table.hidden", "en", n=5)
