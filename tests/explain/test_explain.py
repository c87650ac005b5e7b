"""The learner text: both catalogs complete and consistent, and explanations that name the
rule, the winning card with its seat, and the cards that satisfy the rule."""

from __future__ import annotations

import re
import string

import pytest

from belote_teach import explain
from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team
from belote_teach.engine.rules import Reason, Rule, RuleSet, legal_plays
from belote_teach.engine.trick import Trick


def _keys(tree: object, prefix: str = "") -> set[str]:
    if isinstance(tree, dict):
        out: set[str] = set()
        for key, value in tree.items():
            out |= _keys(value, f"{prefix}{key}.")
        return out
    return {prefix.rstrip(".")}


def _fields(text: str) -> set[str]:
    """The placeholders of a sentence; "your 8♥" and "8♥" count as the same fact, since
    each language decides where its grammar needs the possessive."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {{"your_legal": "legal", "your_card": "card", "the_card": "card"}.get(n, n)
            for n in names}


def catalog_sentences(tree: object, prefix: str = "") -> dict[str, str]:
    """Every sentence of a catalog (or of one of its sections) by its dotted path."""
    if isinstance(tree, dict):
        out: dict[str, str] = {}
        for key, value in tree.items():
            out.update(catalog_sentences(value, f"{prefix}{key}."))
        return out
    return {prefix.rstrip("."): str(tree)}


#: An ordinary space where French typography puts a no-break space: before : ; ? ! and
#: », after «.
_BREAKING_SPACE = re.compile(r"(?<=\S) [:;?!%»]|« ")


def test_french_texts_keep_no_break_spaces_in_french_punctuation() -> None:
    """French typography: « Bravo\u00a0! », never a line break before the « ! »."""
    leaves = catalog_sentences(explain.catalog("fr"))
    bad = {key: text for key, text in leaves.items() if _BREAKING_SPACE.search(text)}
    assert not bad


def test_catalogs_have_the_same_sentences_and_placeholders() -> None:
    en, fr = explain.catalog("en"), explain.catalog("fr")
    en_leaves, fr_leaves = catalog_sentences(en), catalog_sentences(fr)
    # French has articles and "de Nord"-style phrases that English does not need
    french_only = {k for k in fr_leaves
                   if k.startswith(("seat_of.", "card_article.", "card_possessive."))
                   and not k.endswith(".default")}
    assert set(en_leaves) == set(fr_leaves) - french_only
    for key, text in en_leaves.items():
        if key.startswith(("played_by", "declared_by", "card_name")):
            continue  # each language picks the pieces its grammar needs
        assert _fields(text) == _fields(fr_leaves[key]), key


def test_every_rule_has_a_title_explanation_and_hint_in_both_languages() -> None:
    for lang in explain.LANGUAGES:
        cat = explain.catalog(lang)
        for rule in Rule:
            assert explain.rule_title(rule, lang)
            assert rule.name in cat["hints"]
        for reason in Reason:
            if not reason.is_legal:
                assert reason.name in cat["reasons"]


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'de'"):
        explain.catalog("de")


@pytest.mark.parametrize(("text", "en", "fr"), [
    ("JH", "jack of hearts", "valet de cœur"),
    ("10S", "10 of spades", "dix de pique"),
    ("AD", "ace of diamonds", "as de carreau"),
    ("QC", "queen of clubs", "dame de trèfle"),
    ("7H", "seven of hearts", "sept de cœur"),
])
def test_spoken_card_names(text: str, en: str, fr: str) -> None:
    card = Card.parse(text)
    assert explain.card_name(card, "en") == en
    assert explain.card_name(card, "fr") == fr


def test_every_card_has_a_distinct_name_in_each_language() -> None:
    for lang in explain.LANGUAGES:
        names = {explain.card_name(card, lang) for card in DECK}
        assert len(names) == 32


def test_short_names_use_the_language_rank_letters() -> None:
    assert explain.card_short(Card.parse("JH"), "en") == "J♥"
    assert explain.card_short(Card.parse("JH"), "fr") == "V♥"
    assert explain.card_short(Card.parse("KD"), "fr") == "R♦"
    assert explain.join_cards([Card.parse("8C"), Card.parse("QC")], "fr") == "D♣ ou 8♣"
    # in the order the hand shows them: trumps first, each suit strongest first
    assert explain.join_cards([Card.parse(c) for c in ("7D", "KD", "AD", "9C")], "en",
                              trump=Suit.CLUBS) == "9♣, A♦, K♦ or 7♦"


def _position(trump: str, trick: list[str], hand: list[str], **options: object):
    return legal_plays(hand, Trick.before(Seat.SOUTH, trump, trick), RuleSet().replace(**options))


def test_the_issue_example_overtrump_sentence() -> None:
    legal = _position("H", ["KD", "8H"], ["7H", "JH", "AC"])
    assert explain.explain_rule(legal, "en") == (
        "You must overtrump (monter à l'atout): West's 8♥ is winning this trick and your J♥ "
        "beats it.")
    assert explain.explain_rule(legal, "fr") == (
        "Tu dois surcouper (monter à l'atout)\u00a0: le 8♥ d'Ouest est maître et tu as plus "
        "fort\u00a0: V♥.")


def test_illegal_card_explanation_names_the_card_and_why() -> None:
    legal = _position("H", ["KD", "8H"], ["7H", "JH", "AC"])
    too_low = explain.explain_card(legal, "7H", "en")
    assert too_low.startswith("Your 7♥ is a trump, but it does not beat West's 8♥.")
    not_trump = explain.explain_card(legal, "AC", "fr")
    assert not_trump.startswith("Ton A♣ n'est pas un atout.")


@pytest.mark.parametrize(("trump", "trick", "hand", "options", "must_contain"), [
    ("H", [], ["JH", "7S"], {}, ["You lead this trick", "every card"]),
    ("S", ["QD"], ["7D", "KD", "JS"], {},
     ["West led the Q♦, which is winning", "K♦ or 7♦", "fournir"]),
    ("H", ["AC", "7H"], ["8C", "JH"], {}, ["Your partner North led the A♣", "West's 7♥",
                                           "8♣"]),
    ("C", ["10C"], ["7C", "9C", "AS"], {}, ["West's 10♣", "your 9♣ beats it"]),
    ("H", ["AH", "7H"], ["JH", "8H"], {}, ["your partner North's A♥", "even though your partner"]),
    ("H", ["AH", "7H"], ["JH", "8H"], {"overtrump_partner_on_trump_lead": False},
     ["nobody has to go over", "J♥ or 8♥"]),
    ("D", ["JD"], ["9D", "7D", "AC"], {}, ["none of your trumps beats West's J♦", "9♦ or 7♦"]),
    ("S", ["7H", "AH", "8H"], ["7S", "KC"], {}, ["your partner North's A♥", "partenaire maître"]),
    ("C", ["7D", "AD"], ["8C", "QC", "KH"], {}, ["West's A♦", "couper", "Q♣ or 8♣"]),
    ("H", ["AC", "9H"], ["AH", "8H", "KS"], {}, ["West's 9♥", "pisser", "A♥ or 8♥"]),
    ("H", ["AC", "9H"], ["AH", "8H", "KS"], {"undertrump": "free"}, ["on ne pisse pas"]),
    ("D", ["KC"], ["AH", "7S"], {}, ["no clubs and no trump", "se défausser"]),
    ("D", ["8D", "10D"], ["AS", "KH"], {}, ["Trump (atout) was led and you have none"]),
])
def test_explanations_are_specific_to_the_position(trump, trick, hand, options, must_contain):
    legal = _position(trump, trick, hand, **options)
    sentence = explain.explain_rule(legal, "en")
    for piece in must_contain:
        assert piece in sentence, (piece, sentence)
    french = explain.explain_rule(legal, "fr")
    assert french and french != sentence
    # every card named in the English sentence is written with a suit symbol
    assert not re.search(r"\{\w+\}", sentence + french)


def test_hint_names_the_led_suit_without_the_answer() -> None:
    legal = _position("S", ["QD"], ["7D", "KD", "JS"])
    text = explain.hint(legal, "en")
    assert "diamonds" in text
    assert "7♦" not in text and "K♦" not in text


def test_suit_and_seat_names() -> None:
    assert explain.suit_name(Suit.CLUBS, "fr") == "trèfle"
    assert explain.seat_name(Seat.WEST, "fr") == "Ouest"
    assert explain.rule_title(Rule.MUST_UNDERTRUMP, "en").startswith("Must undertrump")


def test_follow_suit_names_the_card_winning_when_the_lead_was_overtaken() -> None:
    legal = _position("S", ["7D", "AD"], ["8D", "KC"])
    sentence = explain.explain_rule(legal, "en")
    assert "Your partner North led the 7♦ and West's A♦ is winning this trick" in sentence
    assert "8♦" in sentence


def test_free_discard_names_the_card_winning() -> None:
    legal = _position("H", ["JH"], ["AS", "7C"])
    assert "West's J♥ is winning this trick" in explain.explain_rule(legal, "en")
    legal = _position("D", ["KC"], ["AH", "7S"])
    assert "(West's K♣)" in explain.explain_rule(legal, "en")


def test_position_title_shows_the_table_option() -> None:
    free = _position("H", ["AC", "9H"], ["AH", "8H", "KS"], undertrump="free")
    assert explain.position_title(free, "en") == (
        "Undertrumping not required at your table («\u00a0on ne pisse pas\u00a0») (R3.6)")
    required = _position("H", ["AC", "9H"], ["AH", "8H", "KS"])
    assert explain.position_title(required, "en") == (
        "Must undertrump (sous-couper, «\u00a0pisser\u00a0») (R3.6)")
    option = _position("H", ["AH", "7H"], ["JH", "8H"], overtrump_partner_on_trump_lead=False)
    assert "no need to go over your partner" in explain.position_title(option, "en")


def test_every_technique_of_the_computer_players_is_explained_in_both_languages() -> None:
    from belote_teach.players import Technique

    for technique in Technique:
        for lang in explain.LANGUAGES:
            with_cards = explain.technique(technique, lang, [Card.parse("10D")], Suit.HEARTS)
            without = explain.technique(technique, lang)
            assert with_cards and without and "{" not in with_cards + without
            assert "()" not in without
            if technique.tip is not None:
                word = "tip" if lang == "en" else "conseil"
                assert f"{word} {technique.tip}" in without, (technique, lang)
    assert explain.technique(Technique.CHARGE_PARTNER, "en", [Card.parse("10D")]) == (
        "Your partner is winning, so feed him (charger) a high card (10♦) for the points "
        "(tip 4).")
    assert explain.technique(Technique.DISCARD_LOW, "fr") == (
        "Un adversaire est maître, alors défausse-toi de ta plus petite carte sans donner de "
        "points.")


def test_a_technique_names_the_cards_held_together_with_and() -> None:
    from belote_teach.players import Technique

    trumps = [Card.parse(c) for c in ("JS", "9S", "AS", "10S")]
    assert "(J♠, 9♠, A♠ and 10♠)" in explain.technique(Technique.TAKE_WITH_JACK, "en",
                                                         trumps, Suit.SPADES)
    assert "(V♠, 9♠, A♠ et 10♠)" in explain.technique(Technique.TAKE_WITH_JACK, "fr",
                                                        trumps, Suit.SPADES)
    # two master cards kept: the plural sentence
    kept = [Card.parse("AC"), Card.parse("10D")]
    assert explain.technique(Technique.KEEP_MASTER, "en", kept).startswith(
        "Keep your master cards (10♦ and A♣)")
    # the legal cards to choose from stay alternatives
    assert explain.join_cards(kept, "en") == "10♦ or A♣"
    low = explain.technique(Technique.PLAY_LOW_UNDER_PARTNER, "en", [Card.parse("7D")])
    assert low == ("Your partner is winning, so a low card (7♦) will do; keep your strong "
                   "cards for later.")
    assert "nothing" not in low
    assert explain.technique(Technique.WIN_TRICK, "fr", [Card.parse("KD")]) == (
        "Prends le pli (R♦) et les points qu'il contient.")


def _review(lang: str, verdict: str = "inaccuracy", card: str = "AC", best: str = "JD",
            loss: float = 4.3, samples: int = 32) -> str:
    return explain.coach_review(
        verdict=verdict, card=Card.parse(card), best=(Card.parse(best),), loss=loss,
        samples=samples, tolerance=4.0, success=(1.0, 1.0), outcome_changed=False,
        reason=None, reason_cards=(), trump=Suit.SPADES, lang=lang)


def test_coach_review_french_articles_and_losses_with_one_decimal() -> None:
    assert _review("en") == (
        "A♣ is a small inaccuracy. It loses about 4.3 points on average against J♦, over 32 "
        "deals consistent with what you saw.")
    assert _review("fr") == (
        "L'A♣ est une petite imprécision. Tu perds environ 4,3 points en moyenne par rapport "
        "au V♦, sur 32 donnes compatibles avec ce que tu as vu.")
    assert "par rapport à l'A♥" in _review("fr", card="7H", best="AH")
    assert "par rapport à la D♥" in _review("fr", card="7H", best="QH")
    assert "aussi bien que l'A♥" in _review("fr", "also_good", "KH", "AH", 1.0)
    assert "about 3 points" in _review("en", loss=3.0)
    assert "about 9.96 points" in _review("en", loss=9.96)   # not "10": that is a mistake
    assert "about 4.03 points" in _review("en", loss=4.03)   # not "4": the tolerance
    assert "environ 12 points" in _review("fr", "mistake", loss=12.4)


def test_equivalent_cards_are_said_to_be_equivalent_not_sampled() -> None:
    en = _review("en", "also_good", "8H", "7H", 0.0, samples=0)
    assert en == ("8♥ is also good. It is exactly as good as 7♥: the two cards are equivalent "
                  "here (no card between them that another player could hold).")
    fr = _review("fr", "also_good", "8H", "7H", 0.0, samples=0)
    assert fr.startswith("Le 8♥ est bien aussi. Cette carte vaut tout autant que le 7♥\u00a0: les "
                         "deux cartes sont équivalentes ici")
    assert "0 deals" not in en and "0 donnes" not in fr


def test_the_coach_hint_continues_the_sentence() -> None:
    from belote_teach.players import Technique

    ace = Card.parse("AH")
    assert explain.coach_hint(ace, Technique.CASH_PLAIN_ACE, [ace], Suit.SPADES, "en") == (
        "Play A♥: cash your plain ace (A♥) early, before someone can trump it (tip 3).")
    assert explain.coach_hint(ace, Technique.CASH_PLAIN_ACE, [ace], Suit.SPADES, "fr") == (
        "Joue l'A♥\u00a0: entame ton as hors atout (A♥) tôt, avant qu'on puisse le couper "
        "(conseil 3).")
    ten = Card.parse("10C")
    assert explain.coach_hint(ten, Technique.CASH_PLAIN_ACE, [ace], Suit.SPADES,
                              "fr").startswith("Joue le 10♣\u00a0: ")


@pytest.mark.parametrize(("n", "en", "fr"), [
    (0, "all_done", "all_done_one"), (1, "all_done_one", "all_done_one"),
    (2, "all_done", "all_done"), (17, "all_done", "all_done")])
def test_plural_key_follows_each_languages_rule(n: int, en: str, fr: str) -> None:
    assert explain.plural_key("all_done", n, "en") == en
    assert explain.plural_key("all_done", n, "fr") == fr


def test_every_plural_sentence_has_its_singular_in_both_catalogs() -> None:
    for lang in explain.LANGUAGES:
        ui = explain.catalog(lang)["ui"]
        for key in ("all_done", "debrief_title", "trick_winner"):
            assert explain.plural_key(key, 1, lang) in ui
        assert explain.text(explain.plural_key("debrief_title", 1, lang), lang, n=1) == {
            "en": "Debrief: 1 decision to look at again",
            "fr": "Bilan\u00a0: 1 décision à revoir"}[lang]
    assert explain.text(explain.plural_key("debrief_title", 3, "fr"), "fr", n=3) == (
        "Bilan\u00a0: 3 décisions à revoir")


def test_plural_key_refuses_a_count_that_is_not_a_whole_number() -> None:
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="n must be a whole number >= 0"):
            explain.plural_key("all_done", bad, "fr")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown language 'de'"):
        explain.plural_key("all_done", 1, "de")


def test_after_colon_lowers_a_sentence_but_not_a_card_or_capitals() -> None:
    assert explain.after_colon("Prendre à carreau est une faute.") == (
        "prendre à carreau est une faute.")
    assert explain.after_colon("V♥ est maître.") == "V♥ est maître."
    assert explain.after_colon("OK") == "OK"
    assert explain.after_colon("") == ""


def test_english_coach_texts_use_english_quotes() -> None:
    en = explain.catalog("en")
    for section in ("techniques", "coach", "calls"):
        for key, sentence in catalog_sentences(en[section]).items():
            assert "«" not in sentence and "»" not in sentence, (section, key)


#: The catalog texts that are the same in English and in French, each with the reason.
#: Every other text must be translated: a French text equal to the English one is an
#: English sentence a French-speaking learner would meet.
SAME_IN_BOTH_LANGUAGES: dict[str, str] = {
    **{f"ranks.{rank}": "card notation: these ranks print alike in both languages"
       for rank in ("7", "8", "9", "10", "A")},
    "list_separator": "punctuation",
    "table.dealer_chip": "the dealer's button: D for dealer and for donneur",
    "exercises.game_unknown": "a question mark",
    **{key: "only placeholders and punctuation" for key in (
        "played_by_you", "leader_opponent", "ui.correct_rule", "exercises.points_card",
        "exercises.points_sum", "exercises.score_team_total", "exercises.game_sum",
        "table.seat_group", "lessons.values.run", "welcome.games")},
    "table.review_trick": "'Pli' and a number: French belote vocabulary kept in English "
                          "too (RULES.md R8)",
    **{key: "placeholders and 'points' / 'pts', the same word in both languages" for key in (
        "calls.announcement", "exercises.cmp_points", "table.points_short",
        "lessons.count.points", "lessons.values.points", "coach.n_points",
        "coach.n_points_one")},
    **{key: "'Total', 'Exact', 'expert': the same word in both languages" for key in (
        "table.sheet.total", "table.breakdown.total", "table.breakdown.exact",
        "ui.level_expert")},
    **{key: "French belote vocabulary kept in English too (RULES.md R8)" for key in (
        "ui.team_us", "ui.team_them", "ui.master", "ui.lead_badge", "ui.belote", "ui.rebelote",
        "calls.types.tierce", "calls.types.cinquante", "calls.types.cent",
        "calls.types.carre", "exercises.team_nous", "exercises.team_eux",
        "exercises.points_card_atout", "exercises.outcomes.dedans",
        "exercises.outcomes.litige", "exercises.outcomes.capot", "table.atout",
        "table.plis_one", "table.plis", "table.story.plis_one", "table.story.plis",
        "table.dix_de_der", "table.sheet.outcomes.dedans",
        "table.sheet.outcomes.litige", "table.sheet.outcomes.capot", "table.breakdown.tricks",
        "table.breakdown.dix_de_der", "table.breakdown.belote", "table.breakdown.dedans",
        "table.breakdown.capot", "lessons.atout_suit", "lessons.deal.taker_tag",
        "lessons.deal.turned", "lessons.play.head")},
}


#: The catalog texts that are whitespace in one language: French groups thousands with a
#: narrow no-break space ("12\u202f500", explain.number).
WHITESPACE_TEXTS = {"thousands_separator"}


def _raw_leaves(tree: object, prefix: str = "") -> dict[str, object]:
    if isinstance(tree, dict):
        out: dict[str, object] = {}
        for key, value in tree.items():
            out.update(_raw_leaves(value, f"{prefix}{key}."))
        return out
    return {prefix.rstrip("."): tree}


def test_every_english_text_has_a_french_translation() -> None:
    """Every text of en.yaml has a non-empty French text in fr.yaml, and a different one
    unless it is notation, a placeholder or a French term (listed above with why)."""
    en, fr = _raw_leaves(explain.catalog("en")), _raw_leaves(explain.catalog("fr"))
    unwritten = [key for key in en if not isinstance(fr.get(key), (str, int))
                 or not (str(fr[key]).strip() or key in WHITESPACE_TEXTS)]
    assert unwritten == []
    same = {key for key, text in en.items() if str(fr[key]) == str(text)}
    assert same == set(SAME_IN_BOTH_LANGUAGES)


# ---------------------------------------------------------------------------- numbers
@pytest.mark.parametrize(("value", "digits", "en", "fr"), [
    (1000, 0, "1000", "1000"),                  # four digits stay whole (a game's target)
    (2000, 0, "2000", "2000"),
    (162, 0, "162", "162"),
    (12500, 0, "12,500", "12\u202f500"),        # grouped by three from five digits on
    (1234567, 0, "1,234,567", "1\u202f234\u202f567"),
    (-20, 0, "-20", "-20"),
    (0.6, 1, "0.6", "0,6"),                     # the pace of the table, in seconds
    (2, 1, "2.0", "2,0"),
    (10000.25, 2, "10,000.25", "10\u202f000,25"),
])
def test_number_writes_points_and_seconds_as_each_language_does(value, digits, en, fr) -> None:
    assert explain.number(value, "en", digits=digits) == en
    assert explain.number(value, "fr", digits=digits) == fr


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "1000", True, None])
def test_number_refuses_what_is_not_a_finite_number(bad) -> None:
    with pytest.raises(ValueError, match="value must be a finite number"):
        explain.number(bad, "fr")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="digits must be a whole number"):
        explain.number(1, "fr", digits=-1)
    with pytest.raises(ValueError, match="unknown language"):
        explain.number(1, "de")


# ---------------------------------------------------------------------------- small cards
_SMALL_WORDS = {"en": ("low card", "lowest", "cheapest", "give no points"),
                "fr": ("petite carte", "plus petite", "sans donner de points")}


@pytest.mark.parametrize("reason", sorted(explain.LOW_CARD_TECHNIQUES))
@pytest.mark.parametrize("lang", explain.LANGUAGES)
def test_a_ten_or_a_king_is_never_called_a_small_card(reason: str, lang: str) -> None:
    from belote_teach.players.base import Technique

    technique = Technique(reason)
    trump = Suit.HEARTS
    ten, king, seven = Card.parse("10S"), Card.parse("KS"), Card.parse("7S")
    for card, worth in ((ten, 10), (king, 4), (Card.parse("AD"), 11), (Card.parse("9H"), 14)):
        said = explain.technique(technique, lang, [card], trump)
        assert explain.card_short(card, lang) in said and f"{worth} points" in said
        assert not any(word in said for word in _SMALL_WORDS[lang]), said
    few = {"en": "worth few points", "fr": "vaut peu de points"}[lang]
    assert few in explain.technique(technique, lang, [king], trump)
    assert few not in explain.technique(technique, lang, [ten], trump)   # 10 is not "few"
    small = explain.technique(technique, lang, [seven], trump)           # a 7: small indeed
    assert any(word in small for word in _SMALL_WORDS[lang]) and "points)" not in small


def test_low_card_suffix_follows_the_card_points() -> None:
    hearts = Suit.HEARTS
    assert [explain.low_card_suffix(Card.parse(c), hearts)
            for c in ("7S", "9S", "JS", "QS", "KS", "10S", "AS", "8H", "QH", "9H", "JH")] == [
        "", "", "_few", "_few", "_few", "_high", "_high", "", "_few", "_high", "_high"]


def test_the_coach_names_a_ten_fed_low_by_its_points() -> None:
    from belote_teach.players.base import Technique

    text = explain.coach_review(
        verdict="best", card=Card.parse("10D"), best=(Card.parse("10D"),), loss=0.0,
        samples=40, tolerance=2.0, success=(0.9, 0.9), outcome_changed=False,
        reason=Technique.DISCARD_LOW, reason_cards=(Card.parse("10D"),), trump=Suit.HEARTS,
        lang="fr")
    assert "défausse-toi de cette carte (10♦), même si elle lui donne 10 points" in text
    assert "petite carte" not in text and "plus petite" not in text


def test_one_line_reasons_are_whole_sentences_in_french() -> None:
    techniques = explain.catalog("fr")["techniques"]
    assert techniques["only_choice"] == "C'est le seul choix permis."
    assert techniques["random"].startswith("C'est un choix permis")
    assert techniques["no_announcement"] == "Tu n'as rien à annoncer."


def test_a_sentence_after_a_colon_starts_in_lower_case_elided_or_not() -> None:
    """« Joue le 10♥ : c'est le seul choix permis. », never « : C'est » (French and
    English alike start the rest of the sentence in lower case); a card stays as it is."""
    assert explain.after_colon("C'est le seul choix permis.") == "c'est le seul choix permis."
    assert explain.after_colon("Keep it.") == "keep it."
    assert explain.after_colon("L'A♦ tombe.") == "L'A♦ tombe."
    assert explain.after_colon("V♥ first.") == "V♥ first."
    from belote_teach.players.base import Technique
    hint = explain.coach_hint(Card.parse("10H"), Technique.ONLY_CHOICE, (), Suit.HEARTS, "fr")
    assert ": C'est" not in hint.replace("\u00a0", " ") and "c'est le seul choix" in hint


# ---------------------------------------------------------------------------- table words
@pytest.mark.parametrize("lang, us, them, seats, role", [
    ("en", "Nous", "Eux", "North and South", ("You", "Partner", "Opponent")),
    ("fr", "Nous", "Eux", "Nord et Sud", ("Toi", "Partenaire", "Adversaire")),
])
def test_the_words_of_the_table_for_teams_and_seats(lang: str, us: str, them: str,
                                                    seats: str, role: tuple[str, ...]) -> None:
    """R8: the columns Nous / Eux; R1.1: partners sit across."""
    assert explain.team_column(Team.NS, Team.NS, lang) == us
    assert explain.team_column(Team.EW, Team.NS, lang) == them
    assert explain.team_column(Team.NS, Team.EW, lang) == them
    assert explain.team_seats(Team.NS, lang) == seats
    me = Seat.SOUTH
    assert (explain.seat_role(me, me, lang), explain.seat_role(Seat.NORTH, me, lang),
            explain.seat_role(Seat.EAST, me, lang)) == role
    assert explain.seat_role(Seat.WEST, me, lang) == role[2]


def test_join_words_and_capitalised() -> None:
    assert explain.join_words([], "en") == ""
    assert explain.join_words(["a"], "fr") == "a"
    assert explain.join_words(["a", "b", "c"], "en") == "a, b and c"
    assert explain.join_words(["a", "b"], "fr", "or") == "a ou b"
    assert explain.capitalised("le V♦ gagne") == "Le V♦ gagne"
    assert explain.capitalised("") == ""
    assert explain.after_colon(explain.capitalised("prendre")) == "prendre"


def test_card_text_writes_the_card_as_the_sentence_asks() -> None:
    ace = explain.CardText(Card.parse("AD"), "fr")
    assert ace == "A♦" and f"{ace}" == "A♦"
    assert f"{ace:the} / {ace:to} / {ace:of}" == "l'A♦ / à l'A♦ / de l'A♦"
    assert f"{explain.CardText(Card.parse('JD'), 'en'):the}" == "the J♦"
