"""World sampling: deal the cards one seat cannot see to the three other seats,
consistently with everything that seat's :class:`~belote_teach.engine.observation.Observation`
shows (the coach's "hands consistent with what the learner could see").

A *world* is one full assignment of the unseen cards. It respects:

- hand sizes: every seat holds 8 cards after completion (R2.7) minus the cards it has
  played (the seats that already played to the current trick hold one fewer);
- the voids shown by the play (R3.1, R3.2, R3.4) and the trump ceilings (R3.2, R3.5,
  R3.6), as inferred by :func:`~belote_teach.search.tracking.track`;
- known cards: the taker holds the turned card until played (R2.7); the declarers hold
  the cards of the shown announcements (R4.4) until played; a seat that said "belote"
  holds the other card of the pair (R5.1);
- what was declared and not shown: a seat heard declaring a kind of announcement
  (R4.4: "cinquante" during the first pli, its cards shown during the second only by
  the team that scores) holds one announcement of that kind. Each world draws one at
  random among those the seat may hold (its cards played by the seat, or unseen and
  possible for it) and gives the seat its unplayed cards, drawn anew at each restart
  (the last restarts place none: a close approximation rather than no world).

The observing seat's own hand and every played card are never moved: they are not
unseen. Sampling reads the observation only, never a deal's hidden hands.

Method (rejection-free where possible): the known cards are placed first; then the
other unseen cards, the most constrained first (fewest seats that may hold them, ties
broken at random), each goes to a seat that may hold it, drawn with probability
proportional to the seat's free places. If a card finds no seat with a free place (rare:
a flexible card took a place that a constrained one needed), the draw is restarted,
at most :data:`MAX_RESTARTS` times. Worlds are not exactly uniform over the consistent
deals; they are a close, cheap approximation, good for averaging.

    >>> import random
    >>> from belote_teach.engine.cards import Seat
    >>> from belote_teach.engine.deal import Deal
    >>> deal = Deal.new(Seat.SOUTH, rng=7)
    >>> deal.bid("take")
    >>> world = sample_world(deal.observation(Seat.SOUTH), random.Random(1))
    >>> sorted(len(cards) for cards in world.values())
    [8, 8, 8, 8]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from belote_teach.engine.announcements import possible_announcements
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.observation import Observation
from belote_teach.search.tracking import Tracking, track

__all__ = ["MAX_RESTARTS", "hand_sizes", "sample_world", "sample_worlds"]

#: Restarts of one draw before giving up (see the module docstring).
MAX_RESTARTS = 200

#: The last draws of :data:`MAX_RESTARTS` place no announcement that was declared and not
#: shown: a world where the declarers' other constraints leave it no room is still
#: drawn, a close approximation rather than no world.
_UNFORCED = 20

#: Cards a seat holds once play begins (R2.7).
_FULL_HAND = 8


def hand_sizes(obs: Observation) -> dict[Seat, int]:
    """How many cards each seat holds now: 8 (R2.7) minus the cards it has played.

    Raises:
        ValueError: the observation has no contract (play has not begun).
    """
    if obs.contract is None:
        raise ValueError(f"no contract in {obs!r}: the cards are dealt out at completion")
    sizes = dict.fromkeys(Seat, _FULL_HAND)
    tricks = list(obs.tricks) + ([obs.trick] if obs.trick is not None else [])
    for trick in tricks:
        for play in trick.plays:
            sizes[play.seat] -= 1
    return sizes


def _eligible(info: Tracking, others: list[Seat]) -> dict[Card, list[Seat]]:
    """Unseen card -> the other seats that may hold it (voids, ceilings, known cards)."""
    possible = {seat: info.possible(seat) for seat in others}
    return {card: [s for s in others if card in possible[s]]
            for card in sorted(info.unseen, key=str)}


def sample_world(obs: Observation, rng: random.Random, *,
                 info: Tracking | None = None) -> Mapping[Seat, tuple[Card, ...]]:
    """One world: the current hand of every seat, consistent with ``obs``.

    Args:
        obs: the observing seat's view, in phase PLAY (a contract is needed).
        rng: the only source of chance (seeded by the caller).
        info: ``track(obs)`` if already computed (saves time when sampling often).

    Returns:
        A read-only mapping seat -> cards: ``obs.hand`` unchanged for ``obs.seat``; for
        every other seat its sampled hand (known cards first, then sorted by notation).

    Raises:
        ValueError: no contract yet.
        InvalidPositionError: no consistent world exists, or none was found in
            :data:`MAX_RESTARTS` draws (the observation contradicts itself).
    """
    info = track(obs) if info is None else info
    sizes = hand_sizes(obs)
    me = obs.seat
    others = [s for s in Seat if s is not me]
    if sum(sizes[s] for s in others) != len(info.unseen):
        raise InvalidPositionError(
            f"{len(info.unseen)} unseen cards for {sum(sizes[s] for s in others)} places "
            f"in the other hands: {obs!r} is inconsistent")
    eligible = _eligible(info, others)
    sure = {card: seat for seat, cards in info.known.items() for card in cards}
    for card, seat in sure.items():
        if seat not in eligible[card]:
            raise InvalidPositionError(f"{seat} is known to hold {card} but cannot")
    for attempt in range(MAX_RESTARTS):
        known = dict(sure)
        if attempt < MAX_RESTARTS - _UNFORCED:   # what was declared, drawn anew each time
            for seat, cards in _declared(obs, info, sizes, sure, rng).items():
                known.update(dict.fromkeys(cards, seat))
        free_cards = [c for c in eligible if c not in known]
        hands: dict[Seat, list[Card]] = {s: [] for s in others}
        room = {s: sizes[s] for s in others}
        for card, seat in sorted(known.items(), key=lambda kv: str(kv[0])):
            hands[seat].append(card)
            room[seat] -= 1
        keyed = [(len(eligible[c]), rng.random(), c) for c in free_cards]
        keyed.sort(key=lambda k: (k[0], k[1]))
        failed = False
        for _n, _tie, card in keyed:
            seats = [s for s in eligible[card] if room[s] > 0]
            if not seats:
                failed = True
                break
            pick = rng.random() * sum(room[s] for s in seats)
            for seat in seats:
                pick -= room[seat]
                if pick < 0:
                    break
            hands[seat].append(card)
            room[seat] -= 1
        if not failed and all(n == 0 for n in room.values()):
            world = {s: tuple(hands[s]) for s in others}
            world[me] = tuple(obs.hand)
            return MappingProxyType({s: world[s] for s in Seat})
    raise InvalidPositionError(
        f"no world consistent with {obs!r} found in {MAX_RESTARTS} draws")


def _declared(obs: Observation, info: Tracking, sizes: Mapping[Seat, int],
              known: Mapping[Card, Seat], rng: random.Random) -> dict[Seat, set[Card]]:
    """For each announcement heard but not shown (R4.4), the unplayed cards of one
    announcement of its kind that the declarer may hold, drawn at random: every card of
    it played by the declarer, or unseen, possible for the declarer and not known
    elsewhere, and room for them in the declarer's hand. A declaration with no such
    announcement left forces nothing."""
    shown = {(d.seat, d.announcement.type) for d in obs.shown_announcements}
    played: dict[Seat, set[Card]] = {seat: set() for seat in Seat}
    for trick in (*obs.tricks, *((obs.trick,) if obs.trick is not None else ())):
        for play in trick.plays:
            played[play.seat].add(play.card)
    taken = dict(known)
    forced: dict[Seat, set[Card]] = {}
    for seat, kind in obs.announcements_heard:
        if seat is obs.seat or (seat, kind) in shown:
            continue
        possible = info.possible(seat)
        room = sizes[seat] - sum(1 for s in taken.values() if s is seat)
        candidates = []
        for announcement in possible_announcements(kind):
            cards = {c for c in announcement.implied_cards if c not in played[seat]}
            if len(cards) <= room and all(c in possible and c not in taken for c in cards):
                candidates.append(cards)
        if candidates:
            cards = rng.choice(candidates)
            forced.setdefault(seat, set()).update(cards)
            taken.update(dict.fromkeys(cards, seat))
    return forced


def sample_worlds(obs: Observation, rng: random.Random, count: int
                  ) -> Iterator[Mapping[Seat, tuple[Card, ...]]]:
    """``count`` worlds drawn by :func:`sample_world` (tracking computed once).

    Raises:
        As :func:`sample_world`; ValueError also for a negative ``count``.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    info = track(obs)
    for _ in range(count):
        yield sample_world(obs, rng, info=info)
