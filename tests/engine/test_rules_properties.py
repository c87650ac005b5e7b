"""Property tests (hypothesis) for R1.5 and R3: random positions checked against a
brute-force oracle written here from RULES.md, and random whole deals played out.

The oracle does not use rules.py, trick.py or the tables of cards.py: it reads each
card's notation (``str(card)``, e.g. ``"10H"``) and uses its own rank orders copied from
RULES.md R1.2 / R1.3. For every card of the hand it asks which obligation of R3 playing
that card would break.

Runs are reproducible: every property uses ``derandomize=True`` and no example database.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.engine.cards import DECK, Card, Seat, Suit, points
from belote_teach.engine.rules import CLASSIC, Reason, Rule, RuleSet, legal_plays
from belote_teach.engine.trick import Trick

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, database=None)

# ------------------------------------------------------------------------------ the oracle
# RULES.md R1.2 / R1.3, high to low, with points; R2.8 play order.
ORACLE_TRUMP = ["J", "9", "A", "10", "K", "Q", "8", "7"]
ORACLE_PLAIN = ["A", "10", "K", "Q", "J", "9", "8", "7"]
ORACLE_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
ORACLE_PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ORACLE_ORDER = "SENW"


def rank_of(card: Card) -> str:
    return str(card)[:-1]


def suit_of(card: Card) -> str:
    return str(card)[-1]


def oracle_winning_index(played: list[Card], trump: str) -> int:
    """Index of the card winning ``played`` (R1.5), by looking at every card."""
    trump_plays = [i for i, c in enumerate(played) if suit_of(c) == trump]
    if trump_plays:
        return min(trump_plays, key=lambda i: ORACLE_TRUMP.index(rank_of(played[i])))
    led = suit_of(played[0])
    followers = [i for i, c in enumerate(played) if suit_of(c) == led]
    return min(followers, key=lambda i: ORACLE_PLAIN.index(rank_of(played[i])))


def oracle_points(card: Card, trump: str) -> int:
    table = ORACLE_TRUMP_POINTS if suit_of(card) == trump else ORACLE_PLAIN_POINTS
    return table[rank_of(card)]


def oracle_seat(leader: Seat, index: int) -> str:
    return ORACLE_ORDER[(ORACLE_ORDER.index(leader.value) + index) % 4]


def oracle(trump: str, played: list[Card], hand: list[Card], *, undertrump_free: bool,
           over_partner: bool) -> tuple[Rule, dict[Card, Reason]]:
    """The deciding rule and each card's reason, asking for each card which obligation
    of RULES.md R3 playing it would break."""
    if not played:
        return Rule.LEAD_ANY, dict.fromkeys(hand, Reason.ANY_CARD)
    led = suit_of(played[0])
    me = len(played)
    partner_winning = me >= 2 and oracle_winning_index(played, trump) == me - 2
    my_trumps = [c for c in hand if suit_of(c) == trump]
    trick_trumps = [c for c in played if suit_of(c) == trump]

    def beats_every_trump_in_trick(card: Card) -> bool:
        mine = ORACLE_TRUMP.index(rank_of(card))
        return all(mine < ORACLE_TRUMP.index(rank_of(t)) for t in trick_trumps)

    holds_led = any(suit_of(c) == led for c in hand)
    can_beat = any(beats_every_trump_in_trick(c) for c in my_trumps)
    void_and_opponents_win = not holds_led and not partner_winning and bool(my_trumps)

    # obligations
    must_follow = holds_led                                    # R3.1, and R3.2 on a trump lead
    must_trump = void_and_opponents_win and led != trump       # R3.4 - R3.6
    if must_trump and trick_trumps and not can_beat and undertrump_free:
        must_trump = False                                     # R3.6 option `free`
    go_higher = (                                              # R3.2 and R3.5
        (led == trump and bool(my_trumps) and can_beat
         and (over_partner or not partner_winning))
        or (void_and_opponents_win and led != trump and bool(trick_trumps) and can_beat)
    )

    if led == trump:
        rule = Rule.TRUMP_LEAD_GO_HIGHER if my_trumps else Rule.FREE_DISCARD
    elif holds_led:
        rule = Rule.FOLLOW_SUIT
    elif partner_winning:
        rule = Rule.PARTNER_MASTER
    elif not my_trumps:
        rule = Rule.FREE_DISCARD
    elif not trick_trumps:
        rule = Rule.MUST_TRUMP
    elif can_beat:
        rule = Rule.MUST_OVERTRUMP
    else:
        rule = Rule.MUST_UNDERTRUMP

    reasons: dict[Card, Reason] = {}
    for card in hand:
        is_trump = suit_of(card) == trump
        if must_follow and suit_of(card) != led:
            reasons[card] = Reason.MUST_FOLLOW
        elif must_trump and not is_trump:
            reasons[card] = Reason.MUST_PLAY_TRUMP
        elif go_higher and is_trump and not beats_every_trump_in_trick(card):
            reasons[card] = Reason.MUST_GO_HIGHER
        # no obligation broken: the card is legal; say how
        elif rule in (Rule.LEAD_ANY, Rule.PARTNER_MASTER, Rule.FREE_DISCARD):
            reasons[card] = Reason.ANY_CARD
        elif suit_of(card) == led and led != trump:
            reasons[card] = Reason.FOLLOWS_SUIT
        elif is_trump:
            reasons[card] = Reason.HIGHER_TRUMP if go_higher else Reason.TRUMP
        else:
            reasons[card] = Reason.ANY_CARD  # a discard allowed by `undertrump: free`
    return rule, reasons


# ---------------------------------------------------------------------------- strategies
def build_position(trump: Suit, leader: Seat, deck: list[Card], n_trick: int, n_hand: int,
                   *, ruff: bool, void: bool) -> tuple[Suit, Seat, list[Card], list[Card]]:
    """A trick of ``n_trick`` cards and a disjoint hand of up to ``n_hand`` cards from
    ``deck``. ``ruff`` puts a trump in the trick after a plain lead and ``void`` takes the
    led suit out of the hand, so that R3.3-R3.6 come up often, not once in a hundred."""
    played = list(deck[:n_trick])
    if ruff and n_trick >= 2 and played[0].suit is not trump:
        trump_left = next((c for c in deck[n_trick:] if c.suit is trump), None)
        if trump_left is not None:
            played[n_trick - 1] = trump_left
    rest = [c for c in deck if c not in played]
    if void and played:
        rest = [c for c in rest if c.suit is not played[0].suit]
    return trump, leader, played, rest[:n_hand]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Suit, Seat, list[Card], list[Card]]:
    """A trump, a leader, a trick of 0-3 cards and a disjoint hand of 1-8 cards."""
    return build_position(
        draw(st.sampled_from(list(Suit))),
        draw(st.sampled_from(list(Seat))),
        list(draw(st.permutations(DECK))),
        draw(st.integers(0, 3)),
        draw(st.integers(1, 8)),
        ruff=draw(st.booleans()),
        void=draw(st.booleans()),
    )


rulesets = st.builds(
    lambda undertrump, over: CLASSIC.replace(undertrump=undertrump,
                                             overtrump_partner_on_trump_lead=over),
    st.sampled_from(["required", "free"]),
    st.booleans(),
)


def check_against_oracle(trump: Suit, leader: Seat, played: list[Card], hand: list[Card],
                         rules: RuleSet) -> tuple[Rule, frozenset[Card]]:
    trick = Trick(trump, leader, played)
    before = trick.copy()
    lp = legal_plays(hand, trick, rules)
    assert trick == before
    legal = set(lp)

    # a legal play always exists, and only cards of the hand are legal
    assert legal
    assert legal <= set(hand)
    assert len(lp) == len(legal) == len(lp.cards)
    # exactly the cards with a legal reason are legal
    assert legal == {v.card for v in lp.verdicts if v.reason.is_legal}
    assert all(v.rule is lp.rule for v in lp.verdicts)
    assert all((c in lp) == lp.verdict(c).legal for c in hand)
    # fournir: holding the led suit, every legal card is of it
    if played and any(c.suit is played[0].suit for c in hand):
        assert all(c.suit is played[0].suit for c in legal)
    # the independent oracle agrees on the rule and on every card's reason
    rule, reasons = oracle(
        trump.value, played, hand,
        undertrump_free=rules.undertrump == "free",
        over_partner=rules.overtrump_partner_on_trump_lead,
    )
    assert lp.rule is rule
    assert {v.card: v.reason for v in lp.verdicts} == reasons
    return lp.rule, frozenset(legal)


# ---------------------------------------------------------------------------- properties
@PROPERTY
@given(positions(), rulesets)
def test_legal_plays_agree_with_the_oracle(position, rules: RuleSet) -> None:
    check_against_oracle(*position, rules)


@PROPERTY
@given(positions(), st.booleans())
def test_free_undertrump_only_widens_the_legal_set(position, over: bool) -> None:
    trump, leader, played, hand = position
    trick = Trick(trump, leader, played)
    required = CLASSIC.replace(overtrump_partner_on_trump_lead=over)
    free = required.replace(undertrump="free")
    strict, loose = legal_plays(hand, trick, required), legal_plays(hand, trick, free)
    assert set(loose) >= set(strict)
    assert loose.rule is strict.rule
    if set(loose) != set(strict):
        assert strict.rule is Rule.MUST_UNDERTRUMP
        assert set(loose) == set(hand)


@PROPERTY
@given(positions())
def test_legal_plays_do_not_depend_on_announcement_or_scoring_options(position) -> None:
    trump, leader, played, hand = position
    trick = Trick(trump, leader, played)
    classic, ffb = legal_plays(hand, trick, CLASSIC), legal_plays(hand, trick, RuleSet.preset(
        "ffb2016"))
    assert (classic.rule, classic.cards) == (ffb.rule, ffb.cards)


@PROPERTY
@given(st.sampled_from(list(Suit)), st.sampled_from(list(Seat)),
       st.permutations(DECK).map(lambda deck: list(deck[:4])))
def test_complete_trick_winner_and_points(trump: Suit, leader: Seat, played: list[Card]
                                          ) -> None:
    trick = Trick(trump, leader, played)
    expected = oracle_seat(leader, oracle_winning_index(played, trump.value))
    assert trick.winner.value == expected
    assert trick.master is not None and trick.master.seat.value == expected
    # the winner holds the highest trump if any, else the highest card of the led suit
    winning = trick.master.card
    if any(c.suit is trump for c in played):
        assert winning.suit is trump
        assert trick.highest_trump == trick.master
    else:
        assert winning.suit is played[0].suit
        assert trick.highest_trump is None
    assert trick.points == sum(oracle_points(c, trump.value) for c in played)
    assert trick.points == sum(points(c, trump) for c in played)
    assert [p.seat.value for p in trick] == [oracle_seat(leader, i) for i in range(4)]


@PROPERTY
@given(st.permutations(DECK), st.sampled_from(list(Suit)), st.sampled_from(list(Seat)),
       rulesets, st.randoms(use_true_random=False))
def test_random_whole_deal(deck, trump: Suit, first_leader: Seat, rules: RuleSet,
                           rng: random.Random) -> None:
    seats = list(Seat)
    hands = {seat: list(deck[8 * i: 8 * i + 8]) for i, seat in enumerate(seats)}
    assert len(set(deck)) == 32 and sum(points(c, trump) for c in deck) == 152

    leader = first_leader
    played: list[Card] = []
    trick_points: list[int] = []
    won = Counter()
    for number in range(8):
        trick = Trick(trump, leader)
        for _ in range(4):
            seat = trick.next_seat
            hand = hands[seat]
            assert len(hand) == 8 - number
            _, legal = check_against_oracle(trump, leader, list(trick.cards), hand, rules)
            card = rng.choice(sorted(legal, key=str))
            lp = trick.play(card, hand, rules)  # the checked path: raises on a revoke
            assert lp.seat is seat and card in lp
            hand.remove(card)
            played.append(card)
        assert trick.is_complete and len(trick) == 4
        bonus = 10 if number == 7 else 0  # dix de der (R1.4)
        trick_points.append(trick.points)
        won[trick.winner.team] += trick.points + bonus
        leader = trick.winner  # the winner leads the next trick (R2.8)

    assert all(not hand for hand in hands.values())
    assert sorted(played, key=str) == sorted(DECK, key=str)
    assert sum(trick_points) == 152
    assert sum(trick_points) + 10 == sum(won.values()) == 162


# ------------------------------------------------------------- coverage of the oracle check
def test_seeded_sweep_reaches_every_rule_and_reason() -> None:
    """A fixed-seed sweep through the same oracle check, asserting that it exercised every
    rule, every reason and both options, so the properties above cannot pass vacuously."""
    rng = random.Random(20240611)
    rules_seen: Counter[Rule] = Counter()
    reasons_seen: Counter[Reason] = Counter()
    option_mattered = Counter()
    for _ in range(600):
        deck = list(DECK)
        rng.shuffle(deck)
        trump, leader, played, hand = build_position(
            rng.choice(list(Suit)), rng.choice(list(Seat)), deck, rng.randint(0, 3),
            rng.randint(1, 8), ruff=rng.random() < 0.5, void=rng.random() < 0.5)
        for undertrump in ("required", "free"):
            for over in (True, False):
                rules = CLASSIC.replace(undertrump=undertrump,
                                        overtrump_partner_on_trump_lead=over)
                rule, _ = check_against_oracle(trump, leader, played, hand, rules)
                rules_seen[rule] += 1
                lp = legal_plays(hand, Trick(trump, leader, played), rules)
                reasons_seen.update(v.reason for v in lp.verdicts)
        trick = Trick(trump, leader, played)
        if trick.cards:
            strict = set(legal_plays(hand, trick, CLASSIC))
            if set(legal_plays(hand, trick, CLASSIC.replace(undertrump="free"))) != strict:
                option_mattered["undertrump"] += 1
            no_over = CLASSIC.replace(overtrump_partner_on_trump_lead=False)
            if set(legal_plays(hand, trick, no_over)) != strict:
                option_mattered["overtrump_partner_on_trump_lead"] += 1
    assert set(rules_seen) == set(Rule), rules_seen
    assert set(reasons_seen) == set(Reason), reasons_seen
    assert set(option_mattered) == {"undertrump", "overtrump_partner_on_trump_lead"}, (
        option_mattered)
