"""Engine units for rules.py: every R3 rule and option on hand-made positions, the
LegalPlays view, bad positions, RuleSet presets and specs (R7), Rule.parse.

Each position gives the trump, the leader, the cards already played (leader first; the
seats follow counter-clockwise S -> E -> N -> W) and the hand of the seat to play, with
the verdict expected on every card of that hand.
"""

from __future__ import annotations

import pytest

from belote_teach.engine.cards import Card, Seat, Suit
from belote_teach.engine.errors import (
    IllegalPlayError,
    InvalidCardError,
    InvalidPositionError,
    InvalidRuleSetError,
    PhaseError,
)
from belote_teach.engine.rules import (
    CLASSIC,
    FFB2016,
    PRESETS,
    CardVerdict,
    LegalPlays,
    Reason,
    Rule,
    RuleSet,
    legal_plays,
)
from belote_teach.engine.trick import Play, Trick

C = Card.parse
FREE = CLASSIC.replace(undertrump="free")
NO_OVER_PARTNER = CLASSIC.replace(overtrump_partner_on_trump_lead=False)
RULESETS = {"classic": CLASSIC, "ffb2016": FFB2016, "free": FREE, "no_over": NO_OVER_PARTNER}

LEGAL_REASONS = {Reason.ANY_CARD, Reason.FOLLOWS_SUIT, Reason.TRUMP, Reason.HIGHER_TRUMP}


def decide(trump: str, leader: str, played: str, hand: str, rules: RuleSet = CLASSIC
           ) -> LegalPlays:
    return legal_plays(hand.split(), Trick(trump, leader, played.split()), rules)


# (id, trump, leader, played, hand, ruleset, rule, {card: reason} for every card of the hand)
POSITIONS = [
    # R3.0 LEAD_ANY -------------------------------------------------------------------
    ("lead-any-mixed", "H", "S", "", "7S JH AC", "classic", Rule.LEAD_ANY,
     "7S:ANY_CARD JH:ANY_CARD AC:ANY_CARD"),
    ("lead-any-one-card", "D", "W", "", "9D", "classic", Rule.LEAD_ANY, "9D:ANY_CARD"),
    ("lead-any-free-undertrump", "C", "N", "", "JC 7H 8S AD", "free", Rule.LEAD_ANY,
     "JC:ANY_CARD 7H:ANY_CARD 8S:ANY_CARD AD:ANY_CARD"),
    # R3.1 FOLLOW_SUIT ----------------------------------------------------------------
    ("follow-plain", "H", "S", "KD", "7D AS JH", "classic", Rule.FOLLOW_SUIT,
     "7D:FOLLOWS_SUIT AS:MUST_FOLLOW JH:MUST_FOLLOW"),
    ("follow-after-a-ruff", "H", "S", "KD 7H", "8D 9H AC", "classic", Rule.FOLLOW_SUIT,
     "8D:FOLLOWS_SUIT 9H:MUST_FOLLOW AC:MUST_FOLLOW"),
    ("follow-before-partner-master", "H", "N", "AD 7D", "8D JH 10D", "classic",
     Rule.FOLLOW_SUIT, "8D:FOLLOWS_SUIT JH:MUST_FOLLOW 10D:FOLLOWS_SUIT"),
    ("follow-free-undertrump-changes-nothing", "S", "E", "10C 9S", "7C AC 7S JD", "free",
     Rule.FOLLOW_SUIT, "7C:FOLLOWS_SUIT AC:FOLLOWS_SUIT 7S:MUST_FOLLOW JD:MUST_FOLLOW"),
    # R3.2 TRUMP_LEAD_GO_HIGHER -------------------------------------------------------
    ("trump-lead-go-higher", "H", "S", "10H", "7H AH KS", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "7H:MUST_GO_HIGHER AH:HIGHER_TRUMP KS:MUST_FOLLOW"),
    ("trump-lead-over-partner", "H", "S", "10H 7H", "8H 9H AC", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "8H:MUST_GO_HIGHER 9H:HIGHER_TRUMP AC:MUST_FOLLOW"),
    ("trump-lead-over-partner-third-seat", "H", "S", "7H 10H QH", "KH AH 9S", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "KH:MUST_GO_HIGHER AH:HIGHER_TRUMP 9S:MUST_FOLLOW"),
    ("trump-lead-cannot-beat-any-trump", "H", "S", "JH", "7H QH AS", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "7H:TRUMP QH:TRUMP AS:MUST_FOLLOW"),
    ("trump-lead-cannot-beat-after-nine", "C", "W", "8C 9C", "AC 10C 7C JD", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "AC:TRUMP 10C:TRUMP 7C:TRUMP JD:MUST_FOLLOW"),
    ("trump-lead-several-higher", "D", "E", "QD", "KD 8D AD 9S", "classic",
     Rule.TRUMP_LEAD_GO_HIGHER, "KD:HIGHER_TRUMP 8D:MUST_GO_HIGHER AD:HIGHER_TRUMP "
     "9S:MUST_FOLLOW"),
    # option overtrump_partner_on_trump_lead = false
    ("trump-lead-option-partner-master", "H", "S", "10H 7H", "8H 9H AC", "no_over",
     Rule.TRUMP_LEAD_GO_HIGHER, "8H:TRUMP 9H:TRUMP AC:MUST_FOLLOW"),
    ("trump-lead-option-partner-master-third", "H", "S", "7H 10H QH", "KH AH 9S", "no_over",
     Rule.TRUMP_LEAD_GO_HIGHER, "KH:TRUMP AH:TRUMP 9S:MUST_FOLLOW"),
    ("trump-lead-option-partner-not-master", "H", "S", "10H 9H", "8H JH", "no_over",
     Rule.TRUMP_LEAD_GO_HIGHER, "8H:MUST_GO_HIGHER JH:HIGHER_TRUMP"),
    ("trump-lead-option-second-seat", "H", "S", "10H", "7H AH", "no_over",
     Rule.TRUMP_LEAD_GO_HIGHER, "7H:MUST_GO_HIGHER AH:HIGHER_TRUMP"),
    # R3.3 PARTNER_MASTER -------------------------------------------------------------
    ("partner-master-discard", "H", "N", "AD 7D", "7S 8H KC", "classic",
     Rule.PARTNER_MASTER, "7S:ANY_CARD 8H:ANY_CARD KC:ANY_CARD"),
    ("partner-master-low-trump", "H", "S", "KD 9H 7C", "7H AS 8C", "classic",
     Rule.PARTNER_MASTER, "7H:ANY_CARD AS:ANY_CARD 8C:ANY_CARD"),
    ("partner-master-high-trump-not-needed", "S", "E", "AC 10C", "7S JS KD", "classic",
     Rule.PARTNER_MASTER, "7S:ANY_CARD JS:ANY_CARD KD:ANY_CARD"),
    # R3.4 MUST_TRUMP -----------------------------------------------------------------
    ("must-trump-second-seat", "H", "S", "AD", "7H JH AS 10C", "classic", Rule.MUST_TRUMP,
     "7H:TRUMP JH:TRUMP AS:MUST_PLAY_TRUMP 10C:MUST_PLAY_TRUMP"),
    ("must-trump-partner-beaten", "S", "S", "7C 8C", "8S KD", "classic", Rule.MUST_TRUMP,
     "8S:TRUMP KD:MUST_PLAY_TRUMP"),
    ("must-trump-fourth-seat", "D", "W", "AH KH 7H", "7D QC", "free", Rule.MUST_TRUMP,
     "7D:TRUMP QC:MUST_PLAY_TRUMP"),
    # R3.5 MUST_OVERTRUMP -------------------------------------------------------------
    ("overtrump-single", "H", "N", "KD AD 8H", "7H JH AC 10S", "classic",
     Rule.MUST_OVERTRUMP,
     "7H:MUST_GO_HIGHER JH:HIGHER_TRUMP AC:MUST_PLAY_TRUMP 10S:MUST_PLAY_TRUMP"),
    ("overtrump-only-the-jack", "C", "S", "AH 9C", "JC 7C 10C KD", "classic",
     Rule.MUST_OVERTRUMP,
     "JC:HIGHER_TRUMP 7C:MUST_GO_HIGHER 10C:MUST_GO_HIGHER KD:MUST_PLAY_TRUMP"),
    ("overtrump-several", "C", "S", "AH 8C", "9C AC 7C", "free", Rule.MUST_OVERTRUMP,
     "9C:HIGHER_TRUMP AC:HIGHER_TRUMP 7C:MUST_GO_HIGHER"),
    # R3.6 MUST_UNDERTRUMP ------------------------------------------------------------
    ("undertrump-required", "H", "S", "AD JH", "7H 8H KS", "classic", Rule.MUST_UNDERTRUMP,
     "7H:TRUMP 8H:TRUMP KS:MUST_PLAY_TRUMP"),
    ("undertrump-required-partner-beaten", "S", "N", "10C 9S", "AS QS 7D", "classic",
     Rule.MUST_UNDERTRUMP, "AS:TRUMP QS:TRUMP 7D:MUST_PLAY_TRUMP"),
    ("undertrump-required-ffb", "S", "N", "10C 9S", "AS QS 7D", "ffb2016",
     Rule.MUST_UNDERTRUMP, "AS:TRUMP QS:TRUMP 7D:MUST_PLAY_TRUMP"),
    ("undertrump-free", "H", "S", "AD JH", "7H 8H KS", "free", Rule.MUST_UNDERTRUMP,
     "7H:TRUMP 8H:TRUMP KS:ANY_CARD"),
    ("undertrump-free-partner-beaten", "S", "N", "10C 9S", "AS QS 7D", "free",
     Rule.MUST_UNDERTRUMP, "AS:TRUMP QS:TRUMP 7D:ANY_CARD"),
    # R3.7 FREE_DISCARD ---------------------------------------------------------------
    ("discard-no-trumps", "H", "S", "AD", "7S AC KC", "classic", Rule.FREE_DISCARD,
     "7S:ANY_CARD AC:ANY_CARD KC:ANY_CARD"),
    ("discard-after-a-ruff", "H", "S", "AD JH", "7S 8C", "classic", Rule.FREE_DISCARD,
     "7S:ANY_CARD 8C:ANY_CARD"),
    ("discard-on-trump-lead", "H", "S", "7H", "AS 10D", "classic", Rule.FREE_DISCARD,
     "AS:ANY_CARD 10D:ANY_CARD"),
    ("discard-on-trump-lead-partner-master", "C", "E", "JC 8C", "AH KD 7S", "no_over",
     Rule.FREE_DISCARD, "AH:ANY_CARD KD:ANY_CARD 7S:ANY_CARD"),
]


@pytest.mark.parametrize(
    ("trump", "leader", "played", "hand", "ruleset", "rule", "expected"),
    [p[1:] for p in POSITIONS],
    ids=[p[0] for p in POSITIONS],
)
def test_position(trump: str, leader: str, played: str, hand: str, ruleset: str, rule: Rule,
                  expected: str) -> None:
    lp = decide(trump, leader, played, hand, RULESETS[ruleset])
    reasons = {C(k): Reason[v] for k, v in (item.split(":") for item in expected.split())}
    assert list(reasons) == list(lp.hand)  # every card of the hand is described, in order
    assert lp.rule is rule
    assert {v.card: v.reason for v in lp.verdicts} == reasons
    assert all(v.rule is rule for v in lp.verdicts)
    expected_legal = tuple(c for c, r in reasons.items() if r in LEGAL_REASONS)
    assert lp.cards == expected_legal
    assert len(lp) == len(expected_legal) >= 1


def test_every_rule_has_at_least_two_positions() -> None:
    counts = {rule: sum(1 for p in POSITIONS if p[6] is rule) for rule in Rule}
    assert all(n >= 2 for n in counts.values()), counts


def test_rules_cover_all_eight_ids() -> None:
    assert [r.rule_id for r in Rule] == [f"R3.{i}" for i in range(8)]


# --------------------------------------------------------------------- the LegalPlays view
def test_legal_plays_view_protocol() -> None:
    lp = decide("H", "N", "KD AD 8H", "7H JH AC 10S")
    assert C("JH") in lp
    assert "JH" in lp and "J♥" in lp
    assert C("7H") not in lp and "AC" not in lp
    assert C("QS") not in lp  # not even in the hand
    assert list(lp) == [C("JH")]
    assert len(lp) == 1
    assert repr(lp) == "<LegalPlays MUST_OVERTRUMP: JH>"
    assert lp.seat is Seat.EAST
    assert lp.trump is Suit.HEARTS
    assert lp.master == Play(Seat.SOUTH, C("8H"))
    assert lp.highest_trump == Play(Seat.SOUTH, C("8H"))
    assert not lp.partner_is_master
    assert lp.rules is CLASSIC
    assert lp.hand == (C("7H"), C("JH"), C("AC"), C("10S"))


def test_legal_plays_iterate_in_hand_order() -> None:
    lp = decide("S", "E", "10C", "KC 7S 7C AC")
    assert list(lp) == [C("KC"), C("7C"), C("AC")]
    assert repr(lp) == "<LegalPlays FOLLOW_SUIT: KC 7C AC>"
    assert [v.card for v in lp.verdicts] == list(lp.hand)


def test_partner_is_master() -> None:
    assert decide("H", "N", "AD 7D", "7S 8H KC").partner_is_master
    assert not decide("H", "S", "AD", "7S").partner_is_master
    assert not decide("H", "S", "", "7S").partner_is_master


def test_verdict_and_check() -> None:
    lp = decide("H", "N", "KD AD 8H", "7H JH AC 10S")
    assert lp.verdict("7H") == CardVerdict(C("7H"), Rule.MUST_OVERTRUMP, Reason.MUST_GO_HIGHER)
    assert not lp.verdict("7H").legal
    assert lp.check("JH") == CardVerdict(C("JH"), Rule.MUST_OVERTRUMP, Reason.HIGHER_TRUMP)
    assert lp.check(C("JH")).legal
    with pytest.raises(IllegalPlayError) as info:
        lp.check("AC")
    assert (info.value.card, info.value.rule, info.value.legal) == (
        C("AC"), Rule.MUST_OVERTRUMP, (C("JH"),))
    assert "R3.5" in str(info.value)


def test_verdict_of_a_card_not_in_the_hand_raises() -> None:
    lp = decide("H", "N", "KD AD 8H", "7H JH AC 10S")
    with pytest.raises(IllegalPlayError, match="not in the hand") as info:
        lp.verdict("QS")
    assert info.value.card == C("QS")
    assert info.value.rule is Rule.MUST_OVERTRUMP
    assert info.value.legal == (C("JH"),)
    with pytest.raises(IllegalPlayError):
        lp.check("KD")  # a card of the trick
    with pytest.raises(InvalidCardError, match="'XX'"):
        lp.verdict("XX")


def test_reason_is_legal_flags() -> None:
    assert {r for r in Reason if r.is_legal} == LEGAL_REASONS
    assert {r for r in Reason if not r.is_legal} == {
        Reason.MUST_FOLLOW, Reason.MUST_PLAY_TRUMP, Reason.MUST_GO_HIGHER}


def test_legal_plays_leave_the_trick_unchanged_and_keep_a_copy() -> None:
    trick = Trick("H", "S", ["KD", "AD"])
    before = trick.copy()
    lp = legal_plays(["8H", "7S"], trick)
    assert trick == before
    assert lp.trick == trick and lp.trick is not trick
    trick._push_unchecked(C("8H"))
    assert len(lp.trick) == 2
    assert lp.seat is Seat.NORTH


def test_default_rules_are_classic() -> None:
    trick = Trick("H", "S", ["AD", "JH"])
    assert legal_plays(["7H", "KS"], trick).rules is CLASSIC
    assert set(legal_plays(["7H", "KS"], trick)) == {C("7H")}


# ------------------------------------------------------------------------- bad positions
def test_card_both_in_hand_and_trick_raises() -> None:
    trick = Trick("H", "S", ["KD", "AD"])
    with pytest.raises(InvalidPositionError, match="AD"):
        legal_plays(["7D", "AD"], trick)


def test_empty_hand_raises() -> None:
    with pytest.raises(InvalidPositionError, match="got 0"):
        legal_plays([], Trick("H", "S"))


def test_nine_cards_raise() -> None:
    hand = ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H"]
    with pytest.raises(InvalidPositionError, match="got 9"):
        legal_plays(hand, Trick("H", "S"))
    assert len(legal_plays(hand[:8], Trick("H", "S"))) == 8


def test_complete_trick_raises_phase_error() -> None:
    with pytest.raises(PhaseError, match="complete"):
        legal_plays(["7C"], Trick("H", "S", ["KD", "AD", "7H", "QH"]))


def test_duplicate_or_unreadable_hand_raises_invalid_card() -> None:
    with pytest.raises(InvalidCardError, match="twice"):
        legal_plays(["7C", "7♣"], Trick("H", "S"))
    with pytest.raises(InvalidCardError, match="'7X'"):
        legal_plays(["7X"], Trick("H", "S"))
    with pytest.raises(InvalidCardError):
        legal_plays("7C", Trick("H", "S"))  # a string is not a list of cards


# ---------------------------------------------------------------------------- RuleSet (R7)
R7_TABLE = {
    # option: (classic, ffb2016), as in RULES.md R7
    "direction": ("counter-clockwise", "counter-clockwise"),
    "announcements": (True, False),
    "undertrump": ("required", "required"),
    "overtrump_partner_on_trump_lead": (True, True),
    "capot_points": (250, 252),
    "litige": ("reserve", "reserve"),
    "rounding": (False, False),
    "target": (1000, 1000),
}


@pytest.mark.parametrize(("preset", "column"), [("classic", 0), ("ffb2016", 1)])
def test_presets_match_the_r7_table(preset: str, column: int) -> None:
    rules = RuleSet.preset(preset)
    assert rules is PRESETS[preset]
    assert str(rules) == preset
    for option, values in R7_TABLE.items():
        assert getattr(rules, option) == values[column], option
        assert type(getattr(rules, option)) is type(values[column]), option
    # the only option outside the R7 table is R2.6's redeal, default next dealer
    assert set(RuleSet.option_names()) - set(R7_TABLE) == {"redeal"}
    assert rules.redeal == "next_dealer"


def test_preset_constants_and_default() -> None:
    assert RuleSet() == CLASSIC
    assert CLASSIC is PRESETS["classic"] and FFB2016 is PRESETS["ffb2016"]
    assert CLASSIC != FFB2016
    assert RuleSet.preset(" FFB2016 ") is FFB2016


def test_preset_name_ignores_the_target_but_not_other_options() -> None:
    assert FFB2016.replace(target=501).name == "custom"
    assert FFB2016.replace(target=501).preset_name == "ffb2016"
    assert CLASSIC.replace(target=2000).preset_name == "classic"
    assert CLASSIC.preset_name == "classic"
    assert CLASSIC.replace(undertrump="free").preset_name is None


def test_from_spec() -> None:
    assert RuleSet.from_spec(None) is CLASSIC
    assert RuleSet.from_spec("classic") is CLASSIC
    assert RuleSet.from_spec("ffb2016") is FFB2016
    assert RuleSet.from_spec(FFB2016) is FFB2016
    free = RuleSet.from_spec({"undertrump": "free"})
    assert free.undertrump == "free"
    assert free == CLASSIC.replace(undertrump="free")
    assert free.name == "custom"
    assert all(getattr(free, o) == getattr(CLASSIC, o)
               for o in RuleSet.option_names() if o != "undertrump")
    assert RuleSet.from_spec({"rounding": True}).rounding is True
    assert RuleSet.from_spec({"rounding": "on"}).rounding is True
    assert RuleSet.from_spec({"rounding": "off"}) == CLASSIC
    assert RuleSet.from_spec({"target": "501"}).target == 501
    assert RuleSet.from_spec({"overtrump_partner_on_trump_lead": False}) == NO_OVER_PARTNER
    assert RuleSet.from_spec({}) == CLASSIC


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ({"sous_couper": "free"}, "'sous_couper'"),
        ({"undertrump": "sometimes"}, "'sometimes'"),
        ({"undertrump": "sometimes"}, "'undertrump'"),
        ({"rounding": "maybe"}, "'maybe'"),
        ({"rounding": 1}, "'rounding'"),
        ({"capot_points": 300}, "300"),
        ({"target": 1500}, "1500"),
        ({"direction": "clockwise"}, "'clockwise'"),
        ("contree", "'contree'"),
        (42, "42"),
    ],
)
def test_bad_spec_raises_naming_it(spec: object, named: str) -> None:
    with pytest.raises(InvalidRuleSetError) as info:
        RuleSet.from_spec(spec)  # type: ignore[arg-type]
    assert named in str(info.value)


def test_bad_constructor_value_raises() -> None:
    with pytest.raises(InvalidRuleSetError, match="'undertrump'"):
        RuleSet(undertrump="never")
    with pytest.raises(InvalidRuleSetError, match="'capot_points'"):
        RuleSet(capot_points=250.0)  # type: ignore[arg-type]


def test_replace_leaves_the_original_unchanged() -> None:
    free = CLASSIC.replace(undertrump="free")
    assert CLASSIC.undertrump == "required" and CLASSIC.name == "classic"
    assert free.undertrump == "free" and free.name == "custom"
    assert FFB2016.replace(rounding="yes").rounding is True
    assert FFB2016.rounding is False and FFB2016.name == "ffb2016"
    assert CLASSIC.replace() == CLASSIC and CLASSIC.replace().name == "classic"
    with pytest.raises(InvalidRuleSetError, match="'dix_de_der'"):
        CLASSIC.replace(dix_de_der=100)
    with pytest.raises(InvalidRuleSetError, match="'name'"):
        CLASSIC.replace(name="mine")  # the name is not an option
    assert RuleSet() == CLASSIC


def test_ruleset_is_frozen() -> None:
    with pytest.raises(AttributeError):
        CLASSIC.undertrump = "free"  # type: ignore[misc]
    assert CLASSIC.undertrump == "required"


# --------------------------------------------------------------------------------- Rule
@pytest.mark.parametrize("rule", list(Rule))
def test_rule_parse_by_name_and_id(rule: Rule) -> None:
    assert Rule.parse(rule.name) is rule
    assert Rule.parse(rule.name.lower()) is rule
    assert Rule.parse(rule.rule_id) is rule
    assert Rule.parse(f" {rule.rule_id.lower()} ") is rule


def test_rule_parse_examples_and_errors() -> None:
    assert Rule.parse("MUST_OVERTRUMP") is Rule.MUST_OVERTRUMP
    assert Rule.parse("R3.5") is Rule.MUST_OVERTRUMP
    assert Rule.parse("R3.0") is Rule.LEAD_ANY
    for bad in ("R3.8", "RENONCE", "", "R1.5"):
        with pytest.raises(ValueError, match=repr(bad).replace(".", r"\.")):
            Rule.parse(bad)


def test_legal_plays_takes_a_rules_spec_like_scenario_files() -> None:
    trick = Trick.before(Seat.SOUTH, "H", ["AC", "9H"])
    assert len(legal_plays(["AH", "8H", "KS"], trick, {"undertrump": "free"})) == 3
    assert len(legal_plays(["AH", "8H", "KS"], trick, "ffb2016")) == 2
    with pytest.raises(InvalidRuleSetError, match="'maybe'"):
        legal_plays(["AH", "8H", "KS"], trick, {"undertrump": "maybe"})
