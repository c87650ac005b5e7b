"""Observation: what one seat may see. The leak tests walk the whole object graph of an
observation (every attribute, slot, container item, mapping key and value), collect every
Card reachable, and check that each is the seat's own card or a public one: played, the
turned card, or shown in an announcement (R4.4)."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Iterator, Mapping

import pytest
from test_deal import LAYOUT, ORDER, arranged, finish, layout_deal

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import PASS, TAKE
from belote_teach.engine.cards import DECK, Card, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import LegalPlays

C = Card.parse


def reachable_cards(root: object) -> set[Card]:
    """Every Card reachable from ``root`` through attributes, slots and containers."""
    found: set[Card] = set()
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Card):
            found.add(obj)
            continue
        if obj is None or isinstance(obj, str | bytes | int | float | bool | enum.Enum | type):
            continue
        if isinstance(obj, Mapping):
            stack.extend(obj.keys())
            stack.extend(obj.values())
            continue
        if isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
            continue
        stack.extend(_attributes(obj))
    return found


def _attributes(obj: object) -> Iterator[object]:
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield getattr(obj, f.name)
    if hasattr(obj, "__dict__"):
        yield from vars(obj).values()
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(obj, slot):
                yield getattr(obj, slot)


def public_cards(deal: Deal) -> set[Card]:
    """Cards every seat may see: played, turned, shown announcements."""
    public = set(deal.played_cards) | {deal.turned}
    for declared in deal.shown_announcements:
        public |= declared.announcement.cards
    return public


def assert_no_leak(deal: Deal) -> None:
    public = public_cards(deal)
    for seat in ORDER:
        observation = deal.observation(seat)
        allowed = public | set(deal.hand(seat))
        leaked = reachable_cards(observation) - allowed
        assert not leaked, f"{seat} sees hidden {sorted(map(str, leaked))} in {deal!r}"


# ------------------------------------------------------------------ the walker works
def test_walker_finds_every_card_of_a_deal() -> None:
    deal = Deal.new(Seat.SOUTH, 3)
    assert reachable_cards(deal) == set(DECK)   # the deal itself holds all 32
    deal.bid("take")
    assert reachable_cards(deal) == set(DECK)
    assert reachable_cards(deal.legal_plays) == set(deal.hand(Seat.EAST))
    nested = {"x": [(1, {C("JH"): frozenset({C("7S")})})]}
    assert reachable_cards(nested) == {C("JH"), C("7S")}


# ------------------------------------------------------------------ no hidden card leaks
@pytest.mark.parametrize("seed", range(40))
def test_no_hidden_card_leaks_at_any_step(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(ORDER), rng)
    assert_no_leak(deal)
    while deal.phase.is_bidding:
        deal.bid(PASS if rng.random() < 0.5 else rng.choice(sorted(deal.legal_bids, key=str)))
        assert_no_leak(deal)
    while deal.phase is Phase.PLAY:
        seat = deal.turn
        assert seat is not None
        card = rng.choice(deal.legal_plays.cards)
        deal.play(card, announce=deal.announcements_available(seat))
        assert_no_leak(deal)


def test_no_leak_with_rich_announcements() -> None:
    deal = layout_deal()
    for card in ("7C", "10C", "7H", "AC"):
        seat = deal.turn
        assert seat is not None
        deal.play(card, announce=deal.announcements_available(seat))
        assert_no_leak(deal)
    # before trick 2: West heard North's carré but saw none of its cards
    west = deal.observation(Seat.WEST)
    assert (Seat.NORTH, Announcement.of("carre", "J").type) in west.announcements_heard
    assert C("JD") not in reachable_cards(west)
    deal.play("8H")                                   # trick 2: North-South show
    west = deal.observation(Seat.WEST)
    assert C("JD") in reachable_cards(west)
    assert [d.seat for d in west.shown_announcements] == [Seat.NORTH, Seat.SOUTH]
    assert_no_leak(deal)
    finish(deal)
    assert_no_leak(deal)


# ------------------------------------------------------------------ what it holds
def test_observation_content_while_bidding() -> None:
    deal = Deal.new(Seat.SOUTH, 11)
    east = deal.observation(Seat.EAST)
    assert east.seat is Seat.EAST and east.dealer is Seat.SOUTH
    assert east.phase is Phase.BIDDING_1 and east.turn is Seat.EAST and east.my_turn
    assert east.hand == deal.hand(Seat.EAST)
    assert east.turned == deal.turned
    assert east.legal_bids == {TAKE, PASS} and east.legal_plays is None
    assert east.bids == () and east.contract is None and east.trump is None
    assert east.tricks == () and east.trick is None
    north = deal.observation(Seat.NORTH)
    assert not north.my_turn and north.legal_bids is None
    deal.bid("pass")
    assert deal.observation(Seat.WEST).bids == ((Seat.EAST, PASS),)


def test_observation_content_while_playing() -> None:
    deal = layout_deal()
    east = deal.observation(Seat.EAST)
    assert east.taker is Seat.EAST and east.trump is deal.trump
    assert isinstance(east.legal_plays, LegalPlays)
    assert east.legal_plays.cards == deal.legal_plays.cards
    assert east.announcements_available == deal.announcements_available(Seat.EAST)
    assert east.legal_bids is None
    assert deal.observation(Seat.NORTH).legal_plays is None
    # North may still declare with its first card: it sees its own carré on offer
    assert deal.observation(Seat.NORTH).announcements_available == (
        Announcement.of("carre", "J"),)
    deal.play("7C", announce=deal.announcements_available(Seat.EAST), seat=Seat.EAST)
    east = deal.observation(Seat.EAST)
    assert east.announced == deal.declared(Seat.EAST)
    assert deal.observation(Seat.NORTH).announced == ()
    assert deal.observation(Seat.NORTH).played_cards == (C("7C"),)
    assert deal.observation(Seat.NORTH).team is deal.observation(Seat.SOUTH).team
    assert east.announcements_available == ()            # East played its first card


def test_observation_after_the_score() -> None:
    deal = layout_deal(reserve=30)
    finish(deal)
    seen = deal.observation(Seat.SOUTH)
    assert seen.phase is Phase.SCORED and seen.turn is None
    assert seen.score == deal.score and seen.reserve == 30
    assert seen.hand == () and len(seen.tricks) == 8
    assert [c.word for c in seen.belote_calls] == ["belote", "rebelote"]
    assert seen.legal_plays is None and seen.legal_bids is None


def test_observation_is_frozen_and_detached() -> None:
    deal = arranged(Seat.SOUTH, LAYOUT, "10H", Seat.EAST)
    deal.bid("take")
    deal.play("7C")
    seen = deal.observation(Seat.NORTH)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.hand = ()  # type: ignore[misc]
    assert seen.trick is not None
    seen.trick.pop()                                  # a copy: the deal is untouched
    assert deal.trick is not None and len(deal.trick) == 1
    fresh = deal.observation(Seat.NORTH)
    assert fresh.trick is not None and fresh.trick.cards == (C("7C"),)
    assert isinstance(seen, Observation)
    assert repr(deal.observation(Seat.NORTH)).startswith("<Observation seat=N PLAY turn=N")
