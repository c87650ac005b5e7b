"""The coach's contrastive explanations (belote_teach.coach.plays): a worse card is told from
the recommended one by facts of the position that hold for the recommended card and not
for the learner's (plays.Difference), never by a technique that fits both; the verdict
sentence stands apart from the rest; a hint and the reviews made from one evaluation agree.

The property test reviews every legal card of seeded random positions (club players bid
and play to a random moment) in both languages, and checks each stated difference on the
engine's state, independently of the coach's own reading: tricks completed in sampled
worlds by every legal continuation, card points, cards still out."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Iterator, Mapping

import pytest
from test_coach_plays import S, _cards, build
from test_editions import ENGLISH_WORDS
from test_table_widget import ENGLISH

from belote_teach import explain
from belote_teach.coach import plays
from belote_teach.coach.plays import Difference, Fact, Review, Verdict
from belote_teach.course.practice import load_practice_deals
from belote_teach.engine.cards import DECK, Card, Seat, Suit, points, strength
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.players.club import ClubPlayer
from belote_teach.search.sampling import sample_worlds

CLUB = ClubPlayer()
LANGS = ("en", "fr")

#: French words that never belong in the English coach's sentences (whole words, any
#: case); the French belote terms the course keeps in English (atout, pli, charger, dix
#: de der, maître...) are not among them.
FRENCH_WORDS = ("tu", "ton", "ta", "tes", "est", "une", "avec", "sur", "donnes", "carte",
                "cartes", "équipe", "partenaire", "adversaire", "adversaires", "gagne",
                "perds", "moyenne", "faute", "aussi", "meilleure", "garde", "encore", "jeu",
                "contre", "quelles", "peut", "dépense")
_FRENCH = re.compile(r"(?<!\w)(?:" + "|".join(FRENCH_WORDS) + r")(?!\w)", re.IGNORECASE)
_ENGLISH_PROSE = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in ENGLISH_WORDS) + r")\b",
                            re.IGNORECASE)

#: The verdict sentence's words per verdict and language (the mark the table shows).
MARKS = {
    "en": {Verdict.BEST: "is the best card here", Verdict.ALSO_GOOD: "is also good",
           Verdict.INACCURACY: "is a small inaccuracy", Verdict.MISTAKE: "is a mistake"},
    "fr": {Verdict.BEST: "est la meilleure carte ici", Verdict.ALSO_GOOD: "est bien aussi",
           Verdict.INACCURACY: "est une petite imprécision", Verdict.MISTAKE: "est une faute"},
}


# ------------------------------------------------------------------------ the engine's view
def _unseen(obs: Observation) -> set[Card]:
    """The cards neither played nor in the learner's hand."""
    return set(DECK) - set(obs.hand) - set(obs.played_cards)


def _after(obs: Observation, card: Card) -> Trick:
    assert obs.trick is not None and obs.trump is not None
    return Trick(obs.trump, obs.trick.leader, [*obs.trick.cards, card])


def _still_to_play(obs: Observation, card: Card) -> list[Seat]:
    """The seats that play to the current trick after the learner's ``card``."""
    seats, seat = [], obs.seat
    for _ in range(4 - len(_after(obs, card).cards)):
        seat = seat.next
        seats.append(seat)
    return seats


def _completions(obs: Observation, card: Card, worlds: int = 24) -> Iterator[Trick]:
    """The current trick completed after ``card`` by every legal continuation (R3) of the
    seats still to play, in ``worlds`` sampled worlds (the hidden hands consistent with
    the observation)."""
    assert obs.trump is not None
    for world in sample_worlds(obs, random.Random(7), worlds):
        tricks = [_after(obs, card)]
        for seat in _still_to_play(obs, card):
            tricks = [Trick(obs.trump, t.leader, [*t.cards, c]) for t in tricks
                      for c in legal_plays(world[seat], t, obs.rules).cards]
        yield from tricks


def _team_always_wins(obs: Observation, card: Card) -> bool:
    return all(t.winner.team is obs.seat.team for t in _completions(obs, card))


def _winning_card(trick: Trick) -> Card:
    """The card that wins the complete ``trick`` (R1.5)."""
    master = trick.master
    assert master is not None
    return master.card


def _beats(other: Card, master: Card, trump: Suit) -> bool:
    """``other`` played after ``master`` takes the trick (R1.5)."""
    if other.suit is master.suit:
        return strength(other, trump) > strength(master, trump)
    return other.suit is trump


def _is_master(obs: Observation, card: Card) -> bool:
    assert obs.trump is not None
    return not any(c.suit is card.suit and strength(c, obs.trump) > strength(card, obs.trump)
                   for c in _unseen(obs))


def _trick_case_holds(obs: Observation, d: Difference) -> bool:
    """How the trick stands after the learner's card is as ``d.case`` and ``d.other`` say."""
    assert obs.trump is not None
    after = _after(obs, d.card)
    master = after.master
    assert master is not None
    later = _still_to_play(obs, d.card)
    ours = master.seat.team is obs.seat.team
    if d.case in ("beaten_card", "beaten_trick"):
        expected = d.card if d.case == "beaten_card" else None
        return (ours and d.other is not None and d.other in _unseen(obs)
                and any(s.team is not obs.seat.team for s in later)
                and _beats(d.other, master.card, obs.trump)
                and (master.card == expected if expected else master.seat is obs.seat.partner))
    if d.case == "lost":
        return not ours and obs.seat.partner not in later and d.other is None
    if d.case == "behind":
        return not ours and obs.seat.partner in later and d.other is None
    return False


def difference_holds(obs: Observation, got: Review, d: Difference) -> bool:
    """``d`` is a fact of ``obs`` that holds for the recommended card and not for the
    learner's, checked on the engine's state and the review's numbers."""
    trump = obs.trump
    assert trump is not None
    if d.best != got.best[0] or d.card != got.card or d.card == d.best:
        return False
    worth = (points(d.best, trump), points(d.card, trump))
    if d.fact is Fact.DIX_DE_DER:
        return (len(obs.hand) == 2 and d.card.suit is trump and _is_master(obs, d.card)
                and d.best.suit is not trump)
    if d.fact is Fact.MASTER_KEPT:
        master = _after(obs, d.card).master
        return _is_master(obs, d.card) and master is not None and master.card != d.card
    if d.fact is Fact.WINS_TRICK:
        return _team_always_wins(obs, d.best) and _trick_case_holds(obs, d)
    if d.fact is Fact.POINTS_AT_STAKE:
        return d.numbers == worth and worth[1] > worth[0] and _trick_case_holds(obs, d)
    if d.fact is Fact.ONLY_ATOUT:
        master, theirs = _after(obs, d.best).master, _after(obs, d.card).master
        assert master is not None and theirs is not None
        lost = [t for t in _completions(obs, d.best) if t.winner.team is not obs.seat.team]
        return (master.seat.team is obs.seat.team and master.card.suit is not trump
                and _is_master(obs, master.card)
                and all(_winning_card(t).suit is trump for t in lost)
                and (d.other is None or d.other.suit is theirs.card.suit)
                and _trick_case_holds(obs, d))
    if d.fact is Fact.FEEDS_TRICK:
        return (d.numbers == worth and worth[0] > worth[1]
                and _team_always_wins(obs, d.best) and _team_always_wins(obs, d.card))
    if d.fact is Fact.TRUMP_KEPT:
        if d.case == "higher":
            return (d.card.suit is trump and d.best.suit is trump
                    and strength(d.card, trump) > strength(d.best, trump))
        return d.card.suit is trump and d.best.suit is not trump and d.case == ""
    if d.fact is Fact.OUTCOME:
        made = tuple(round(got.success[c] * got.samples) for c in (d.best, d.card))
        return d.numbers == (*made, got.samples) and made[0] > made[1]
    if d.fact is Fact.CUT:                   # the counts: _cut_counts_hold
        trick = obs.trick
        best_cut, card_cut, deals = d.numbers
        return (trick is not None and not trick.cards and d.best.suit is not d.card.suit
                and trump not in (d.best.suit, d.card.suit) and deals == got.samples
                and card_cut - best_cut >= plays.CUT_SHARE * deals)
    if d.fact is Fact.CAPOT:                 # R6.5: every pli so far is the team's
        kept, lost, deals = d.numbers
        extra = obs.rules.capot_points - 162
        return (all(t.winner.team is obs.seat.team for t in obs.tricks)
                and deals == got.samples and (kept - lost) * extra / deals >= plays.TOLERANCE)
    return False


def _cut_counts_hold(obs: Observation, evaluation: plays.Evaluation, d: Difference) -> bool:
    """The deals ``d`` (a CUT fact) counts, read again from the evaluation's worlds: an
    opponent holds an atout and no card of the suit (R3.4), for each card."""
    worlds = evaluation.worlds
    assert worlds is not None and obs.trump is not None
    opponents = [s for s in Seat if s.team is not obs.seat.team]

    def open_to_a_cut(world: Mapping[Seat, tuple[Card, ...]], suit: Suit) -> bool:
        return any(not any(c.suit is suit for c in world[s])
                   and any(c.suit is obs.trump for c in world[s]) for s in opponents)

    deals = worlds.worlds[:d.numbers[2]]
    return d.numbers[:2] == (sum(open_to_a_cut(w, d.best.suit) for w in deals),
                             sum(open_to_a_cut(w, d.card.suit) for w in deals))


# ------------------------------------------------------------------------ random positions
def random_positions(count: int) -> Iterator[Observation]:
    """``count`` positions of seeded random deals: club players bid and play to a random
    moment; the seat to play is the learner (two legal cards or more)."""
    seed = 0
    found = 0
    while found < count:
        seed += 1
        rng = random.Random(seed)
        deal = Deal.new(Seat(rng.choice("NESW")), rng=seed)
        while deal.phase.is_bidding:
            turn = deal.turn
            assert turn is not None
            deal.bid(CLUB.choose_bid(deal.observation(turn), rng).action, seat=turn)
        if deal.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(0, 30)):
            turn = deal.turn
            assert turn is not None
            card = CLUB.choose_card(deal.observation(turn), rng).action
            deal.play(card, belote=deal.may_say_belote(turn, card))
        turn = deal.turn
        assert turn is not None
        obs = deal.observation(turn)
        assert obs.legal_plays is not None
        if len(obs.legal_plays) < 2:
            continue
        found += 1
        yield obs


_NONE_AS_ZERO = re.compile(r"\b(?:in|dans) 0\b")

def _check_words(got: Review, obs: Observation) -> None:
    assert obs.trump is not None
    for lang in LANGS:
        verdict, details = got.verdict_text(lang), got.details_text(lang)
        text = got.explanation(lang)
        assert text == f"{verdict} {details}".strip()
        marks = MARKS[lang]
        assert [v for v, words in marks.items() if words in verdict] == [got.verdict], verdict
        for other, words in marks.items():          # no second verdict in the details
            assert other is got.verdict or words not in text, text
        first = got.best[0]
        for card in {got.card, first}:
            assert explain.card_short(card, lang) in text, text
        if got.verdict in (Verdict.INACCURACY, Verdict.MISTAKE):
            # the recommended card's technique is never given as the difference
            assert got.reason is not None
            why = explain.technique(got.reason, lang, got.reason_cards, obs.trump)
            assert why not in text, text
        assert not _NONE_AS_ZERO.search(text), text     # "in none of them", "dans aucune"
        if lang == "fr":
            assert not ENGLISH.findall(text) and not _ENGLISH_PROSE.findall(text), text
        else:
            assert not _FRENCH.findall(text), text


def test_every_stated_difference_holds_over_random_positions() -> None:
    """Over random positions and each of their legal cards (520 reviews, 4 worlds each),
    in both languages: the verdict sentence's mark is the verdict's, a
    BEST card never reads as a mistake, a worse card's text names both cards, and every
    difference holds on the engine's state for the recommended card and not the
    learner's."""
    reviews = 0
    facts: set[Fact] = set()
    cases: set[tuple[Fact, str]] = set()
    for obs in random_positions(1000):
        if reviews >= 520:
            break
        evaluation = plays.evaluate(obs, rng=random.Random(reviews), samples=4)
        tip = plays.hint(obs, evaluation=evaluation)
        assert obs.legal_plays is not None
        for card in obs.legal_plays:
            got = plays.review(obs, card, evaluation=evaluation)
            reviews += 1
            assert (got.verdict is Verdict.BEST) == (card == tip.card)
            if got.verdict in (Verdict.BEST, Verdict.ALSO_GOOD):
                assert got.differences == ()
            for d in got.differences:
                assert difference_holds(obs, got, d), (d, got)
                if d.fact is Fact.CUT:
                    assert _cut_counts_hold(obs, evaluation, d), (d, got)
                facts.add(d.fact)
                cases.add((d.fact, d.case))
            assert len([d for d in got.differences if d.fact is not Fact.OUTCOME]) <= 2
            _check_words(got, obs)
    assert reviews >= 520
    assert {Fact.WINS_TRICK, Fact.POINTS_AT_STAKE, Fact.TRUMP_KEPT, Fact.OUTCOME,
            Fact.ONLY_ATOUT} <= facts
    assert {(Fact.TRUMP_KEPT, "higher"), (Fact.ONLY_ATOUT, "beaten_card"),
            (Fact.CUT, "")} <= cases


# ------------------------------------------------------------------------ reported positions
@functools.cache
def kings_and_aces_of_atout() -> Observation:
    """Trick 5, ♣ atout, South (the preneur) leads holding K♣ A♣ A♥ A♦; the J♣, the only
    atout still out, falls on any atout lead. Leading the A♣ or the K♣ both draw atouts
    (tip 2): only the A♣ gives 11 points to the J♣ instead of 4."""
    deal = build({S: "KC AC AH AD", Seat.EAST: "JC 7S 8S 9S", Seat.NORTH: "7H 8H 7D 8D",
                  Seat.WEST: "10S JS QS KS"}, "C", taker=S, leader=S)
    return deal.observation(S)


@functools.cache
def jack_and_queen_of_atout() -> Observation:
    """Trick 5, ♠ atout, South (the preneur) leads holding J♠ Q♠ A♥ A♦, the 9♠ still out:
    the J♠ wins the trick whatever the others hold, the Q♠ (or a plain ace) can be beaten
    by the 9♠."""
    deal = build({S: "JS QS AH AD", Seat.EAST: "9S 7C 8C 9C", Seat.NORTH: "7H 8H 7D 8D",
                  Seat.WEST: "10C JC QC KC"}, "S", taker=S, leader=S)
    return deal.observation(S)


def test_two_atouts_that_both_draw_trumps_are_told_apart_by_the_points_at_stake() -> None:
    obs = kings_and_aces_of_atout()
    assert obs.trump is Suit.CLUBS and obs.taker is S
    assert _unseen(obs) & {c for c in DECK if c.suit is Suit.CLUBS} == set(_cards("JC"))
    evaluation = plays.evaluate(obs, rng=random.Random(0))
    king, ace = Card.parse("KC"), Card.parse("AC")
    assert plays.hint(obs, evaluation=evaluation).card == king
    got = plays.review(obs, ace, evaluation=evaluation)
    assert got.verdict is Verdict.INACCURACY and got.loss == 7.0    # 11 - 4 in every world
    assert got.differences == (Difference(Fact.POINTS_AT_STAKE, king, ace, Card.parse("JC"),
                                          "beaten_card", (4, 11)),)
    assert got.verdict_text("en") == "A♣ is a small inaccuracy."
    assert got.details_text("en") == (
        "It loses about 7 points on average against K♣, over 32 deals consistent with what "
        "you saw. Your A♣ can be beaten by the J♣ still out: you put 11 points at stake, "
        "against 4 points with K♣.")
    assert got.explanation("fr") == (
        "L'A♣ est une petite imprécision. Tu perds environ 7 points en moyenne par rapport "
        "au R♣, sur 32 donnes compatibles avec ce que tu as vu. Le V♣, encore en jeu, peut "
        "battre ton A♣\u00a0: tu mets en jeu 11 points, contre 4 points avec le R♣.")
    for lang in LANGS:                           # "draw trumps" fits both: never the reason
        assert explain.technique(got.reason, lang, got.reason_cards, Suit.CLUBS) not in (
            got.explanation(lang))
    best = plays.review(obs, king, evaluation=evaluation)
    assert best.verdict_text("en") == "K♣ is the best card here."
    assert best.details_text("fr") == (
        "Preneur, fais tomber les atouts tôt (R♣) pour que la défense ne coupe pas tes cartes "
        "maîtresses (conseil 2).")


def test_the_master_jack_against_the_queen_and_a_plain_ace_that_falls_to_an_atout() -> None:
    obs = jack_and_queen_of_atout()
    evaluation = plays.evaluate(obs, rng=random.Random(0))
    jack, queen, ace, nine = (Card.parse(c) for c in ("JS", "QS", "AH", "9S"))
    assert plays.hint(obs, evaluation=evaluation).card == jack
    got = plays.review(obs, queen, evaluation=evaluation)
    assert got.verdict is Verdict.MISTAKE
    assert got.differences == (Difference(Fact.WINS_TRICK, jack, queen, nine, "beaten_card"),)
    assert got.explanation("en") == (
        "Q♠ is a mistake. It loses about 24 points on average against J♠, over 32 deals "
        "consistent with what you saw. With J♠ your team wins this trick whatever the others "
        "hold, while your Q♠ can be beaten by the 9♠ still out.")
    assert got.explanation("fr") == (
        "La D♠ est une faute. Tu perds environ 24 points en moyenne par rapport au V♠, sur 32 "
        "donnes compatibles avec ce que tu as vu. Avec le V♠, ton équipe gagne ce pli quelles "
        "que soient les cartes des autres, alors que le 9♠, encore en jeu, peut battre ta D♠.")
    # the plain ace: nobody has shown a void in ♥, but the 9♠ may be with a player who has
    # no heart left, so the ace may be trumped
    plain = plays.review(obs, ace, evaluation=evaluation)
    assert plain.verdict is Verdict.MISTAKE
    assert plain.differences == (Difference(Fact.WINS_TRICK, jack, ace, nine, "beaten_card"),)
    assert plain.details_text("en").endswith(
        "With J♠ your team wins this trick whatever the others hold, while your A♥ can be "
        "beaten by the 9♠ still out.")
    assert plain.details_text("fr").endswith(
        "alors que le 9♠, encore en jeu, peut battre ton A♥.")
    assert any(t.winner.team is not S.team for t in _completions(obs, ace))


def test_the_practice_deal_announce_and_belote_tells_the_queen_from_the_jack() -> None:
    """The reported position: the practice deal ``announce-and-belote``, South's first
    card (the preneur at ♠ holds J♠ Q♠ K♠ 7♠). The J♠ and the Q♠ both draw atouts; the
    review of the Q♠ says what differs (the J♠ wins the pli whatever the others hold, the
    9♠ still out can beat the Q♠), never "draw trumps", and the hint of the same
    evaluation names the card the review calls best."""
    practice = next(d for d in load_practice_deals() if d.id == "announce-and-belote")
    deal = practice.new_deal()
    while deal.phase.is_bidding:
        turn = deal.turn
        assert turn is not None
        deal.bid(CLUB.choose_bid(deal.observation(turn), random.Random(0)).action, seat=turn)
    assert deal.turn is S and deal.trick.cards == ()            # South leads the first pli
    obs = deal.observation(S)
    jack, queen, nine = Card.parse("JS"), Card.parse("QS"), Card.parse("9S")
    assert obs.taker is S and obs.trump is Suit.SPADES and {jack, queen} <= set(obs.hand)
    evaluation = plays.evaluate(obs, rng=random.Random(0), samples=24)
    tip = plays.hint(obs, evaluation=evaluation)
    assert tip.card == jack and plays.review(obs, jack, evaluation=evaluation).verdict is (
        Verdict.BEST)
    got = plays.review(obs, queen, evaluation=evaluation)
    assert got.verdict in (Verdict.INACCURACY, Verdict.MISTAKE)
    assert got.differences[0] == Difference(Fact.WINS_TRICK, jack, queen, nine, "beaten_card")
    assert all(difference_holds(obs, got, d) for d in got.differences)
    assert ("With J♠ your team wins this trick whatever the others hold, while your Q♠ can be "
            "beaten by the 9♠ still out.") in got.details_text("en")
    assert ("Avec le V♠, ton équipe gagne ce pli quelles que soient les cartes des autres, "
            "alors que le 9♠, encore en jeu, peut battre ta D♠.") in got.details_text("fr")
    assert "draw trumps" not in got.explanation("en")
    assert "fais tomber les atouts" not in got.explanation("fr")
    assert "draw trumps" in tip.text("en")                      # the hint's own reason


# ------------------------------------------------------------------------ one evaluation
def test_the_hint_and_the_review_of_one_evaluation_agree() -> None:
    """Advice then play, as at the table: one evaluation for both, so the card the hint
    names is the BEST of the review, whatever the seed."""
    for obs in itertools.islice(random_positions(12), 12):
        for seed in range(3):
            evaluation = plays.evaluate(obs, rng=random.Random(seed), samples=4)
            tip = plays.hint(obs, evaluation=evaluation)
            got = plays.review(obs, tip.card, evaluation=evaluation)
            assert got.verdict is Verdict.BEST and got.samples == tip.samples == evaluation.samples
            assert plays.hint(obs, evaluation=evaluation) == tip       # nothing resampled


def test_an_evaluation_of_another_position_is_refused() -> None:
    one, two = kings_and_aces_of_atout(), jack_and_queen_of_atout()
    evaluation = plays.evaluate(one, rng=random.Random(0), samples=3)
    assert isinstance(evaluation, plays.Evaluation) and evaluation.observation == one
    with pytest.raises(ValueError, match="evaluation"):
        plays.review(two, "JS", evaluation=evaluation)
    with pytest.raises(ValueError, match="evaluation"):
        plays.hint(two, evaluation=evaluation)
    with pytest.raises(ValueError, match="evaluation"):
        plays.review(one, "KC", evaluation=evaluation, samples=5)
    with pytest.raises(TypeError, match="rng"):
        plays.review(one, "KC")
    # the same evaluation, or the same seed, gives the same review
    assert plays.review(one, "AC", evaluation=evaluation) == plays.review(
        one, "AC", rng=random.Random(0), samples=3)


def test_a_plain_master_that_only_an_atout_can_take_against_a_lower_card_of_its_suit() -> None:
    """Trick 5, ♣ atout, South (the preneur) leads holding A♠ K♠ 7♥ 8♥, the 10♠ and the
    9♣ still out: after the A♠ only a cut (R3.4) can take the trick from South's team,
    after the K♠ the 10♠ can too. The review of the K♠ says so, with the cards."""
    deal = build({S: "AS KS 7H 8H", Seat.EAST: "9C 7S 8D 9D", Seat.NORTH: "QH KH 10D JD",
                  Seat.WEST: "10S JS QS AD"}, "C", taker=S, leader=S)
    obs = deal.observation(S)
    evaluation = plays.evaluate(obs, rng=random.Random(0))
    ace, king, ten = (Card.parse(c) for c in ("AS", "KS", "10S"))
    assert plays.hint(obs, evaluation=evaluation).card == ace
    got = plays.review(obs, king, evaluation=evaluation)
    assert got.verdict is Verdict.INACCURACY
    assert got.differences[0] == Difference(Fact.ONLY_ATOUT, ace, king, ten, "beaten_card")
    assert difference_holds(obs, got, got.differences[0])
    assert ("With A♠ only an atout can still take this trick from your team (couper), "
            "while the 10♠ still out can beat your K♠.") in got.details_text("en")
    assert ("Avec l'A♠, seul un atout peut encore prendre ce pli à ton équipe (couper), "
            "alors que le 10♠, encore en jeu, peut battre ton R♠.") in got.details_text("fr")
    assert plays.review(obs, ace, evaluation=evaluation).differences == ()
