"""Engine benchmark: legal plays per second and complete random deals per second, ours
side by side with the PyPI package ``belote-cli`` (its engine, module ``belote``) in the
same process. A script that prints figures, not a test.

    .venv/bin/python benchmarks/engine.py [--positions 20000] [--deals 5000]
        [--peer-deals 300] [--repeat 5] [--seed 1]

The peer is a benchmark-only dependency: ``pip install -e '.[bench]'`` (pinned in
pyproject.toml). Without it, our figures are still printed.

What is measured
----------------
(a) Legal plays: positions (hand, trick so far, trump, seat to play) taken from every
play of random deals dealt and played by ``play_random_deal`` (so a quarter are
leads), built beforehand in each engine's own form; the timed loop only calls:

* ``belote_teach.engine.rules.legal_plays(hand, trick, CLASSIC)``: the public API (a
  ``LegalPlays`` with the deciding rule and a verdict per card);
* ``belote_teach.engine.bitmask.legal_mask(hand_mask, trick, trump)``: the private fast core;
* ``belote.game.legal_cards(state, seat)``: the peer, on a ``GameState`` holding the same
  four hands, trump, seat and trick. Its result is memoised (``lru_cache``, 2,048
  entries): the cache is cleared before each run and the positions outnumber it, so
  every call computes, as in a game where a position comes once.

The three answers are compared on every position before timing.

(b) Complete random deals on one core (the process is pinned to one CPU when the OS
allows): shuffle, bidding at random (each bidder takes with probability
``--take-probability``, round 2 names one of the 3 other suits; both rounds passed: the
deal is passed out and the next dealer deals), completion, 32 plays drawn uniformly among
the legal cards, scoring. Deals/s counts played deals; the time of passed-out deals is
included.

* ours: ``play_random_deal`` (``tests/engine/fast_deals.py``, on the bitmask core's
  ``random_playout``): cut, belote-rebelote, made/dedans/litige/capot and
  marks; no announcements (R4).
* the peer: ``start_round`` (shuffle and deal, no cut), ``place_bid`` per bid (at the take
  it also detects every player's announcements), per play ``legal_cards`` and
  ``play_card`` (which checks the card again and returns a new immutable ``GameState``),
  then ``score_round`` (announcements, belote, capot, litige) and ``apply_round_score``
  (team scores, history, next dealer). Its ``clear_legal_cards_cache()`` is called once
  per deal, as its own ``run_round`` does; a new game starts when one ends. Neither its
  AI players nor its terminal UI run.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from machine import machine_facts, pin_to_one_core

from belote_teach.engine import bitmask
from belote_teach.engine.cards import DECK, Card
from belote_teach.engine.rules import CLASSIC, legal_plays
from belote_teach.engine.trick import Trick

# the whole random deals are the tests' (tests/engine/fast_deals.py), shared with this script
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from fast_deals import FastPosition, deal_positions, play_random_deal

PEER_DISTRIBUTION = "belote-cli"
INSTALL_HINT = "pip install -e '.[bench]'   (or: pip install belote-cli==4.9.6)"


# ---------------------------------------------------------------------------------- peer
@dataclass
class Peer:
    """The functions of belote-cli's engine that the benchmark calls."""

    version: str
    game: Any      # module belote.game
    scoring: Any   # module belote.scoring
    deck: Any      # module belote.deck


def load_peer() -> Peer | None:
    """Import belote-cli's engine, or ``None`` when it is not installed."""
    try:
        game = importlib.import_module("belote.game")
        scoring = importlib.import_module("belote.scoring")
        deck = importlib.import_module("belote.deck")
        version = metadata.version(PEER_DISTRIBUTION)
    except (ImportError, metadata.PackageNotFoundError):
        return None
    return Peer(version, game, scoring, deck)


# ----------------------------------------------------------------------------- positions
@dataclass
class Positions:
    """The same positions in each engine's form (built before any timing)."""

    fast: list[tuple[int, tuple[int, ...], int]]   # (hand mask, trick, trump)
    public: list[tuple[tuple[Card, ...], Trick]]   # (hand, Trick)
    peer: list[tuple[Any, Any]]                    # (GameState, Seat)
    deals: int
    leads: int


def make_positions(count: int, seed: int, take_probability: float, peer: Peer | None
                   ) -> Positions:
    """``count`` positions from every play of random deals (``play_random_deal``)."""
    rng = random.Random(seed)
    found: list[tuple[FastPosition, tuple[int, int, int, int]]] = []
    deals = dealer = 0
    while len(found) < count:
        deal = play_random_deal(rng, dealer, take_probability=take_probability)
        dealer = (dealer + 1) & 3
        if deal.outcome == "passed":
            continue
        deals += 1
        hands = list(deal.hands)
        for pos in deal_positions(deal):
            found.append((pos, (hands[0], hands[1], hands[2], hands[3])))
            hands[pos.seat] ^= bitmask.BIT[pos.card]
    found = found[:count]
    fast = [(p.hand, p.trick, p.trump) for p, _ in found]
    public = [(bitmask.mask_cards(p.hand),
               Trick(bitmask.SUITS[p.trump], bitmask.SEATS[p.leader], [DECK[c] for c in p.trick]))
              for p, _ in found]
    peer_positions: list[tuple[Any, Any]] = []
    if peer is not None:
        game, deck = peer.game, peer.deck
        cards = deck.make_deck()                       # same S H D C x 7..A order as DECK
        suits = deck.CARD_SUITS
        for p, hands in found:
            peer_positions.append((game.GameState(
                hands=tuple(tuple(cards[i] for i in bitmask.mask_indices(h)) for h in hands),
                trump=suits[p.trump], contract=deck.Contract.NORMAL, phase=game.Phase.PLAYING,
                leader=game.Seat(p.leader), turn=game.Seat(p.seat),
                current_trick=tuple(game.TrickCard(game.Seat((p.leader + j) & 3), cards[c])
                                    for j, c in enumerate(p.trick)),
                _rng=rng,
            ), game.Seat(p.seat)))
    leads = sum(1 for p, _ in found if not p.trick)
    return Positions(fast, public, peer_positions, deals, leads)


def check_agreement(positions: Positions, peer: Peer | None) -> str:
    """Compare the three engines' legal cards on every position."""
    fast_vs_public = 0
    for (hand, trick), (mask, cards, trump) in zip(positions.public, positions.fast,
                                                   strict=True):
        legal = bitmask.hand_mask(legal_plays(hand, trick).cards)
        if bitmask.legal_mask(mask, cards, trump) != legal:
            fast_vs_public += 1
    text = (f"legal_mask = legal_plays on {len(positions.fast) - fast_vs_public:,} of "
            f"{len(positions.fast):,} positions")
    if peer is not None:
        index = {card: i for i, card in enumerate(peer.deck.make_deck())}
        same = 0
        for (state, seat), (mask, cards, trump) in zip(positions.peer, positions.fast,
                                                       strict=True):
            theirs = sum(1 << index[c] for c in peer.game.legal_cards(state, seat))
            same += theirs == bitmask.legal_mask(mask, cards, trump)
        text += f"; the peer agrees on {same:,} of {len(positions.peer):,}"
    return text


# -------------------------------------------------------------------------------- timing
def best_time(run: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
              ) -> float:
    """The shortest wall time (s) of ``repeat`` runs of ``run``."""
    best = float("inf")
    for _ in range(repeat):
        if before is not None:
            before()
        gc.collect()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


@dataclass
class PerCall:
    """Seconds per legal-plays call (best run) of each engine; ``peer`` None if missing."""

    public: float
    fast: float
    peer: float | None


def time_legal_plays(positions: Positions, peer: Peer | None, repeat: int) -> PerCall:
    """Time each engine's legal-plays function on the same positions."""
    public, fast = positions.public, positions.fast

    def run_public() -> None:
        for hand, trick in public:
            legal_plays(hand, trick, CLASSIC)

    def run_fast() -> None:
        legal_mask = bitmask.legal_mask
        for hand, trick, trump in fast:
            legal_mask(hand, trick, trump)

    out = PerCall(public=best_time(run_public, repeat) / len(public),
                  fast=best_time(run_fast, repeat) / len(fast), peer=None)
    if peer is not None:
        peer_positions, legal_cards = positions.peer, peer.game.legal_cards

        def run_peer() -> None:
            for state, seat in peer_positions:
                legal_cards(state, seat)

        out.peer = best_time(run_peer, repeat,
                                before=peer.game.clear_legal_cards_cache) / len(peer_positions)
    return out


def play_fast_deals(count: int, seed: int, take_probability: float) -> int:
    """Play ``count`` deals through ``play_random_deal``; return the passed-out ones."""
    rng = random.Random(seed)
    play = play_random_deal
    played = passed = dealer = 0
    while played < count:
        deal = play(rng, dealer, take_probability=take_probability)
        dealer = (dealer + 1) & 3                       # R2.9, R2.6 (next dealer)
        if deal.outcome == "passed":
            passed += 1
        else:
            played += 1
    return passed


def public_deals(count: int, seed: int, take_probability: float) -> int:
    """Play ``count`` deals through the public, checked :class:`belote_teach.engine.deal.Deal`
    (every bid and card checked, announcements declared when a hand holds them, belote
    and scoring); return the passed-out ones."""
    from belote_teach.engine.bidding import PASS, TAKE, Bid
    from belote_teach.engine.cards import Seat
    from belote_teach.engine.deal import Deal, Phase

    rng = random.Random(seed)
    uniform = rng.random
    played = passed = 0
    dealer = Seat.SOUTH
    bidding = (Phase.BIDDING_1, Phase.BIDDING_2)
    while played < count:
        deal = Deal.new(dealer, int(uniform() * 2**31))
        dealer = dealer.next                              # R2.9, R2.6 (next dealer)
        while deal.phase in bidding:
            bid: Bid = PASS
            if uniform() < take_probability:
                options = sorted((b for b in deal.legal_bids if b != PASS), key=str)
                bid = TAKE if TAKE in options else options[int(uniform() * len(options))]
            deal.bid(bid)
        if deal.phase is Phase.PASSED_OUT:
            passed += 1
            continue
        while deal.phase is Phase.PLAY:
            seat = deal.turn
            announce = deal.announcements_available(seat) if deal.may_announce(seat) else ()
            legal = deal.legal_plays.cards
            deal.play(legal[int(uniform() * len(legal))], announce=announce)
        played += 1
    return passed


def peer_deals(peer: Peer, count: int, seed: int, take_probability: float) -> int:
    """Play ``count`` deals through belote-cli's engine with the same random policy;
    return the passed-out ones."""
    game, scoring = peer.game, peer.scoring
    start_round, place_bid, legal_cards, play_card = (
        game.start_round, game.place_bid, game.legal_cards, game.play_card)
    bidding, playing, over = game.Phase.BIDDING, game.Phase.PLAYING, game.Phase.GAME_OVER
    other_suits = {s: [o for o in peer.deck.CARD_SUITS if o is not s]
                   for s in peer.deck.CARD_SUITS}
    rng = random.Random(seed)
    uniform = rng.random
    state = game.new_game()
    played = passed = 0
    while played < count:
        game.clear_legal_cards_cache()
        state = start_round(state, rng)
        while state.phase is bidding:
            bid = None
            if uniform() < take_probability:
                turned = state.up_card.suit
                bid = turned if state.bidding_round == 1 else \
                    other_suits[turned][int(uniform() * 3)]
            state = place_bid(state, bid)
        if state.phase is not playing:                  # passed out: next dealer
            passed += 1
            continue
        while state.phase is playing:
            legal = legal_cards(state, state.turn)
            state = play_card(state, legal[int(uniform() * len(legal))])
        state = scoring.apply_round_score(state, scoring.score_round(state))
        if state.phase is over:
            state = game.new_game()
        played += 1
    return passed


# -------------------------------------------------------------------------------- output
def ratio(ours: float, theirs: float | None) -> str:
    return "n/a" if theirs is None else f"{ours / theirs:,.1f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20_000,
                        help="legal-plays positions (default 20000)")
    parser.add_argument("--deals", type=int, default=5_000,
                        help="played deals for our simulator per run (default 5000)")
    parser.add_argument("--peer-deals", type=int, default=300,
                        help="played deals for the peer per run (default 300)")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--take-probability", type=float, default=0.3,
                        help="chance that a bidder takes, both rounds (default 0.3)")
    args = parser.parse_args()

    pinned = pin_to_one_core()
    peer = load_peer()
    print("belote-teach engine benchmark (figures only, not a test)")
    for line in machine_facts(pinned):
        print("  " + line)
    if peer is None:
        print(f"  peer: {PEER_DISTRIBUTION} is NOT installed; to compare, install the bench "
              f"extra: {INSTALL_HINT}")
    else:
        print(f"  peer: {PEER_DISTRIBUTION} {peer.version} (module belote), same process")

    positions = make_positions(args.positions, args.seed, args.take_probability, peer)
    print()
    print(f"(a) legal plays: {len(positions.fast):,} positions from {positions.deals:,} random "
          f"deals ({positions.leads:,} leads), best of {args.repeat} runs")
    print("  check: " + check_agreement(positions, peer))
    per_call = time_legal_plays(positions, peer, args.repeat)
    peer_call = per_call.peer
    rows = [
        ("ours, public rules.legal_plays", per_call.public),
        ("ours, private bitmask.legal_mask", per_call.fast),
    ]
    print(f"  {'engine':<40}{'calls/s':>14}{'µs/call':>10}{'ours/peer':>11}")
    for name, seconds in rows:
        print(f"  {name:<40}{1 / seconds:>14,.0f}{seconds * 1e6:>10.2f}"
              f"{ratio(1 / seconds, None if peer_call is None else 1 / peer_call):>11}")
    if peer_call is not None:
        print(f"  {'peer, belote.game.legal_cards':<40}{1 / peer_call:>14,.0f}"
              f"{peer_call * 1e6:>10.2f}{'1.0x':>11}")
    print(f"  target < 5 µs per legal-plays call: bitmask.legal_mask "
          f"{'met' if per_call.fast < 5e-6 else 'NOT met'} ({per_call.fast * 1e6:.2f} µs); "
          f"public legal_plays {'met' if per_call.public < 5e-6 else 'not met'} "
          f"({per_call.public * 1e6:.1f} µs, it builds a verdict per card)")

    print()
    print(f"(b) complete random deals on one core: shuffle, bidding (take probability "
          f"{args.take_probability}), 32 plays, scoring; best of {args.repeat} runs")
    passed_ours = 0

    def run_ours() -> None:
        nonlocal passed_ours
        passed_ours = play_fast_deals(args.deals, args.seed, args.take_probability)

    ours_s = best_time(run_ours, args.repeat) / args.deals
    public_count = max(1, args.peer_deals)

    def run_public() -> None:
        public_deals(public_count, args.seed, args.take_probability)

    public_s = best_time(run_public, args.repeat) / public_count
    peer_s: float | None = None
    passed_peer = 0
    if peer is not None:
        def run_peer() -> None:
            nonlocal passed_peer
            passed_peer = peer_deals(peer, args.peer_deals, args.seed, args.take_probability)

        peer_s = best_time(run_peer, args.repeat) / args.peer_deals
    print(f"  {'engine':<40}{'deals/s':>14}{'µs/deal':>10}{'ours/peer':>11}")
    print(f"  {'ours, play_random_deal (bitmask core)':<40}{1 / ours_s:>14,.0f}"
          f"{ours_s * 1e6:>10.1f}"
          f"{ratio(1 / ours_s, None if peer_s is None else 1 / peer_s):>11}")
    print(f"  {'ours, public Deal (checked, annonces)':<40}{1 / public_s:>14,.0f}"
          f"{public_s * 1e6:>10.1f}"
          f"{ratio(1 / public_s, None if peer_s is None else 1 / peer_s):>11}")
    if peer_s is not None:
        print(f"  {'peer, belote.game + belote.scoring':<40}{1 / peer_s:>14,.0f}"
              f"{peer_s * 1e6:>10.1f}{'1.0x':>11}")
    print(f"  played deals per run: ours {args.deals:,} (+{passed_ours} passed out)"
          + ("" if peer is None else
             f", peer {args.peer_deals:,} (+{passed_peer} passed out)")
          + "; deals/s counts played deals, passed-out ones' time included")
    if peer_s is not None:
        times = peer_s / ours_s
        print(f"  target >= 20x the peer's complete deals/s: "
              f"{'met' if times >= 20 else 'NOT met'} ({times:,.1f}x)")
    print("  the fast simulator skips announcements (R4); the public Deal checks every "
          "action and declares announcements")
    if peer is not None:
        print("  the peer detects and scores announcements, copies an immutable GameState per "
              "play and checks each card twice (see the docstring)")
    if peer is None:
        print()
        print(f"The peer ({PEER_DISTRIBUTION}) is missing: {INSTALL_HINT}")


if __name__ == "__main__":
    main()
