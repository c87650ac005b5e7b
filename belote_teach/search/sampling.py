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
deals; they are a close, cheap approximation, good for averaging. The observation is read
once per call (card and seat indices, hands as bitmasks, :mod:`belote_teach.engine.bitmask`),
then each draw costs some 30 µs.

Beyond the hard facts, :func:`sample_worlds` weighs what the other seats' bids (R2) and
leads (R3) reveal: a pool of worlds drawn as above is weighted by a player model
(:mod:`belote_teach.search.inference`, the club player's technique) and resampled by
weight, so that, say, a seat that named hearts in round 2 almost always holds the J or
the 9 of hearts, and one that passed with a J turned few trumps.

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
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType

from belote_teach.engine.announcements import possible_announcements
from belote_teach.engine.bitmask import card_index, hand_mask, seat_index
from belote_teach.engine.cards import DECK, Card, Seat
from belote_teach.engine.errors import InvalidPositionError
from belote_teach.engine.observation import Observation
from belote_teach.search.inference import CLUB_MODEL, Evidence, PlayerModel, resample
from belote_teach.search.tracking import Tracking, track

__all__ = ["FLOOR", "MAX_RESTARTS", "MIN_POOL", "POOL_FACTOR", "hand_sizes", "pool_size",
           "sample_world", "sample_worlds"]

#: Restarts of one draw before giving up (see the module docstring).
MAX_RESTARTS = 200

#: The last draws of :data:`MAX_RESTARTS` place no announcement that was declared and not
#: shown: a world where the declarers' other constraints leave it no room is still
#: drawn, a close approximation rather than no world.
_UNFORCED = 20

#: Cards a seat holds once play begins (R2.7).
_FULL_HAND = 8

#: Worlds drawn per world returned by :func:`sample_worlds` (importance resampling), and
#: the fewest drawn.
POOL_FACTOR = 4
MIN_POOL = 24
#: Below this likelihood for every world of the pool, :func:`sample_worlds` drops the
#: weights (about four decisions each against the model, in every world).
FLOOR = 1e-6

#: A card index and the positions (among the other seats) that may hold it.
_Placeable = tuple[int, list[int]]

#: Card indices in notation order (the order of a world's cards).
_BY_NOTATION = sorted(range(len(DECK)), key=lambda i: str(DECK[i]))


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


class _Dealer:
    """The hard facts of one observation read once, as card and seat indices
    (:mod:`belote_teach.engine.bitmask`), and fast draws of worlds as bitmasks.

    Raises:
        ValueError: no contract yet.
        InvalidPositionError: the unseen cards do not fit the other hands, or a card known
            in a hand cannot be there.
    """

    def __init__(self, obs: Observation, info: Tracking) -> None:
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
        self.obs = obs
        self.slots = [seat_index(s) for s in others]          # bitmask seat index per other
        position = {s: i for i, s in enumerate(others)}
        self.room = [sizes[s] for s in others]
        self.eligible = {card_index(c): [position[s] for s in seats]
                         for c, seats in eligible.items()}
        self.sure_at = {card_index(c): position[s] for c, s in sure.items()}
        self.declarations = _declarations(obs, info, position)
        self.mine = hand_mask(obs.hand)
        # what every draw without a forced announcement starts from: the known cards and
        # the cards only one seat may hold placed, the others left to deal
        free = self._grouped([c for c in self.eligible if c not in self.sure_at])
        single = {card: seats[0] for group in free for card, seats in group if len(seats) == 1}
        self.known_room = self._placed(self.sure_at)[1]
        self.base_hands, self.base_room = self._placed({**self.sure_at, **single})
        self.flexible = [g for g in free if len(g[0][1]) > 1]

    def _grouped(self, free: list[int]) -> list[list[_Placeable]]:
        """The free cards with the seats that may hold them, by fewest seats first."""
        groups: dict[int, list[_Placeable]] = {}
        for card in free:
            groups.setdefault(len(self.eligible[card]), []).append((card, self.eligible[card]))
        return [groups[n] for n in sorted(groups)]

    def _placed(self, known: Mapping[int, int]) -> tuple[list[int], list[int]]:
        """The hands (bitmasks) and free places of the other seats once ``known`` (card ->
        position) is placed."""
        hands = [0, 0, 0]
        room = list(self.room)
        for card, at in known.items():
            hands[at] |= 1 << card
            room[at] -= 1
        return hands, room

    @staticmethod
    def _deal(hands: list[int], room: list[int], groups: Sequence[Sequence[_Placeable]],
              rng: random.Random) -> bool:
        """Deal the cards of ``groups`` (fewest seats first, shuffled within a group) to
        ``hands`` in place, each to a seat that may hold it with probability proportional
        to its free places; ``False`` when a card finds no place."""
        for group in groups:
            if len(group) > 1 and len(group[0][1]) > 1:
                group = list(group)
                rng.shuffle(group)
            for card, seats in group:
                total = 0
                for at in seats:
                    total += room[at]
                if total <= 0:
                    return False
                pick = rng.random() * total if len(seats) > 1 else 0.0
                for at in seats:
                    if room[at] and pick < room[at]:
                        break
                    pick -= room[at]
                else:                  # rounding: the last seat with room
                    at = next(s for s in reversed(seats) if room[s])
                hands[at] |= 1 << card
                room[at] -= 1
        return not any(room)

    def _masks(self, hands: Sequence[int]) -> tuple[int, int, int, int]:
        """The other seats' ``hands`` and the observing seat's, by bitmask seat index."""
        world = [0, 0, 0, 0]
        world[seat_index(self.obs.seat)] = self.mine
        for at, mask in zip(self.slots, hands, strict=True):
            world[at] = mask
        return (world[0], world[1], world[2], world[3])

    def draw(self, rng: random.Random) -> tuple[int, int, int, int]:
        """One world as the bitmask of every seat's cards, by bitmask seat index.

        Raises:
            InvalidPositionError: no world found in :data:`MAX_RESTARTS` draws.
        """
        for attempt in range(MAX_RESTARTS):
            if self.declarations and attempt < MAX_RESTARTS - _UNFORCED:
                forced = _forced(self.declarations, self.sure_at, self.known_room, rng)
                if forced:
                    known = {**self.sure_at, **forced}
                    groups = self._grouped([c for c in self.eligible if c not in known])
                    hands, room = self._placed(known)
                    if self._deal(hands, room, groups, rng):
                        return self._masks(hands)
                    continue
            hands, room = list(self.base_hands), list(self.base_room)
            if self._deal(hands, room, self.flexible, rng):
                return self._masks(hands)
        raise InvalidPositionError(
            f"no world consistent with {self.obs!r} found in {MAX_RESTARTS} draws")

    def world(self, masks: Sequence[int]) -> Mapping[Seat, tuple[Card, ...]]:
        """The read-only world of ``masks`` (from :meth:`draw`): ``obs.hand`` unchanged for
        the observing seat; for every other seat its known cards, then the others, each
        part sorted by notation."""
        world: dict[Seat, tuple[Card, ...]] = {}
        for seat in Seat:
            if seat is self.obs.seat:
                world[seat] = tuple(self.obs.hand)
                continue
            mask = masks[seat_index(seat)]
            known = [c for c in _BY_NOTATION if mask >> c & 1 and c in self.sure_at]
            rest = [c for c in _BY_NOTATION if mask >> c & 1 and c not in self.sure_at]
            world[seat] = tuple(DECK[c] for c in (*known, *rest))
        return MappingProxyType(world)


def sample_world(obs: Observation, rng: random.Random, *,
                 info: Tracking | None = None) -> Mapping[Seat, tuple[Card, ...]]:
    """One world: the current hand of every seat, consistent with the hard facts of ``obs``
    (drawn as the module docstring says, not weighted by the bidding and the play: see
    :func:`sample_worlds`).

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
    dealer = _Dealer(obs, info)
    return dealer.world(dealer.draw(rng))


def _declarations(obs: Observation, info: Tracking, position: Mapping[Seat, int]
                  ) -> list[tuple[int, list[int]]]:
    """For each announcement heard but not shown (R4.4): the declarer's position among the
    other seats, and the unplayed cards (as bitmasks) of every announcement of its kind
    it may hold: each card of it played by the declarer, or unseen and possible for it.
    A declaration with no such announcement is left out (it forces nothing)."""
    shown = {(d.seat, d.announcement.type) for d in obs.shown_announcements}
    played: dict[Seat, set[Card]] = {seat: set() for seat in Seat}
    for trick in (*obs.tricks, *((obs.trick,) if obs.trick is not None else ())):
        for play in trick.plays:
            played[play.seat].add(play.card)
    found: list[tuple[int, list[int]]] = []
    for seat, kind in obs.announcements_heard:
        if seat is obs.seat or (seat, kind) in shown:
            continue
        possible = info.possible(seat)
        candidates = []
        for announcement in possible_announcements(kind):
            cards = {c for c in announcement.implied_cards if c not in played[seat]}
            if all(c in possible for c in cards):
                candidates.append(hand_mask(cards))
        if candidates:
            found.append((position[seat], candidates))
    return found


def _forced(declarations: Sequence[tuple[int, list[int]]], known: Mapping[int, int],
            room: Sequence[int], rng: random.Random) -> dict[int, int]:
    """One announcement drawn at random for each declaration of :func:`_declarations`
    among those that still fit: none of its cards known or drawn in another hand, room
    in the declarer's hand for its cards not already there. Returns card -> position."""
    held = [0, 0, 0]
    for card, at in known.items():
        held[at] |= 1 << card
    free = list(room)
    forced: dict[int, int] = {}
    for at, candidates in declarations:
        elsewhere = sum(held) & ~held[at]
        fits = [c for c in candidates
                if not c & elsewhere and bin(c & ~held[at]).count("1") <= free[at]]
        if not fits:
            continue
        cards = rng.choice(fits) & ~held[at]
        held[at] |= cards
        free[at] -= bin(cards).count("1")
        forced.update(dict.fromkeys((i for i in range(32) if cards >> i & 1), at))
    return forced


def pool_size(count: int) -> int:
    """The worlds :func:`sample_worlds` draws to resample ``count`` from:
    :data:`POOL_FACTOR` times ``count``, at least :data:`MIN_POOL`."""
    return max(MIN_POOL, POOL_FACTOR * count)


def sample_worlds(obs: Observation, rng: random.Random, count: int, *,
                  model: PlayerModel | None = CLUB_MODEL
                  ) -> Iterator[Mapping[Seat, tuple[Card, ...]]]:
    """``count`` equally weighted worlds consistent with the hard facts of ``obs``, drawn
    from the posterior given what the other seats bid (R2) and led (R3) under ``model``
    (:mod:`belote_teach.search.inference`).

    Importance resampling: :func:`pool_size` worlds are drawn as :func:`sample_world`
    draws them (tracking computed once), weighted by
    :meth:`~belote_teach.search.inference.Evidence.likelihoods`, and ``count`` of them
    are drawn by weight (:func:`~belote_teach.search.inference.resample`: a likely world
    may come more than once). Every world keeps the hard facts. When even the likeliest
    world of the pool is below :data:`FLOOR` (the seats do not play as the model says),
    the weights are dropped: the first ``count`` worlds of the pool are returned.

    Args:
        obs: the observing seat's view, in phase PLAY.
        rng: the only source of chance: same seed, same worlds.
        count: worlds to return, 0 or more.
        model: the player model; ``None`` for the hard facts only (no pool, no weights).

    Raises:
        As :func:`sample_world`; ValueError also for a negative ``count``.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    if count == 0:
        return
    dealer = _Dealer(obs, track(obs))
    evidence = Evidence.from_observation(obs) if model is not None else None
    if model is None or evidence is None or not (evidence.bids or evidence.leads):
        for _ in range(count):
            yield dealer.world(dealer.draw(rng))
        return
    pool = [dealer.draw(rng) for _ in range(pool_size(count))]
    weights = evidence.likelihoods(pool, model)
    refuted = float(weights.max()) < FLOOR
    chosen = list(range(count)) if refuted else resample(weights, count, rng)
    for index in chosen:
        yield dealer.world(pool[index])
