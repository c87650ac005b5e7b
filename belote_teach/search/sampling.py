"""World sampling: deal the cards one seat cannot see to the three other seats,
consistently with everything that seat's :class:`~belote_teach.engine.observation.Observation`
shows (the coach's "hands consistent with what the learner could see").

A *world* is one full assignment of the unseen cards. It respects the hard facts:

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
deals; they are a close, cheap approximation, good for averaging. :func:`sample_worlds`
reads the observation once (cards as indices, :mod:`belote_teach.engine.bitmask`) for all
its draws; the draws, and so the worlds of a seed, are those of repeated
:func:`sample_world` calls. On the development machine (2-core AMD EPYC, CPython 3.11,
one core) 48 worlds take about 1.2 ms (48 calls of :func:`sample_world`, which reads the
observation each time, 10 ms and more), and about 7 ms with ``CLUB_MODEL``.

Beyond the hard facts, ``sample_worlds(..., model=CLUB_MODEL)`` weighs what the other
seats' bids (R2) and plays (R3) reveal: a pool of worlds drawn as above is
weighted by a player model (:mod:`belote_teach.search.inference`, the club player's
technique) and resampled by weight, so that, say, a seat that named hearts in round 2 almost always
holds the J or the 9 of hearts, and one that passed with a J turned few trumps. Without
a model (the default) every world drawn is returned as drawn.

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
from belote_teach.search.inference import Evidence, ModelError, PlayerModel, resample
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

#: Worlds drawn per world returned by :func:`sample_worlds` with a model (importance
#: resampling), and the fewest drawn.
POOL_FACTOR = 4
MIN_POOL = 24
#: Below this likelihood for every world of the pool, :func:`sample_worlds` drops the
#: weights (about four decisions each against the model, in every world).
FLOOR = 1e-6

#: Position of each card index in notation order (``str(card)``), the order known cards
#: take at the head of a hand.
_NOTATION = {i: k for k, i in enumerate(sorted(range(len(DECK)), key=lambda i: str(DECK[i])))}

#: One drawn world: the card indices of each other seat (in the order of the observing
#: seat's ``others``), known cards first (notation order), then the others as drawn.
_Hands = tuple[list[int], list[int], list[int]]


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
    """Unseen card -> the other seats that may hold it (voids, ceilings, known cards),
    in notation order."""
    possible = {seat: info.possible(seat) for seat in others}
    return {card: [s for s in others if card in possible[s]]
            for card in sorted(info.unseen, key=str)}


class _Dealer:
    """The hard facts of one observation read once, as card indices and positions among
    the other seats, and draws of worlds from them (the method of the module docstring).

    Raises:
        ValueError: no contract yet.
        InvalidPositionError: the unseen cards do not fit the other hands, or a card known
            in a hand cannot be there.
    """

    def __init__(self, obs: Observation, info: Tracking) -> None:
        sizes = hand_sizes(obs)
        others = [s for s in Seat if s is not obs.seat]
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
        self.others = others
        position = {s: i for i, s in enumerate(others)}
        self.sizes = [sizes[s] for s in others]
        self.eligible = {card_index(c): [position[s] for s in seats]
                         for c, seats in eligible.items()}        # notation order
        self.sure_at = {card_index(c): position[s] for c, s in sure.items()}
        self.declarations = _declarations(obs, info, position)
        self.base = self._placed(self.sure_at)
        self._own_at = seat_index(obs.seat)          # bitmask seat indices, for masks()
        self._own_mask = hand_mask(obs.hand)
        self._others_at = [seat_index(s) for s in others]

    def _placed(self, known: Mapping[int, int]) -> tuple[_Hands, list[int], list[int]]:
        """The other seats' hands and free places once ``known`` (card -> position) is
        placed, in notation order, and the cards left to deal (notation order)."""
        hands: _Hands = ([], [], [])
        room = list(self.sizes)
        for card in sorted(known, key=_NOTATION.__getitem__):
            hands[known[card]].append(card)
            room[known[card]] -= 1
        return hands, room, [c for c in self.eligible if c not in known]

    def _forced(self, rng: random.Random) -> dict[int, int]:
        """One announcement drawn at random (``rng.choice``) for each declaration of
        :func:`_declarations` among those that still fit: room in the declarer's hand for
        its cards, none of them known or already drawn in any hand. Returns the known
        cards with them, card -> position."""
        known = dict(self.sure_at)
        taken = hand_mask(DECK[c] for c in known)
        for at, candidates in self.declarations:
            room = self.sizes[at] - sum(1 for p in known.values() if p == at)
            fits = [m for m in candidates if m.bit_count() <= room and not m & taken]
            if fits:
                cards = rng.choice(fits)
                taken |= cards
                known.update((i, at) for i in range(len(DECK)) if cards >> i & 1)
        return known

    def _deal(self, hands: _Hands, room: list[int], free: Sequence[int],
              rng: random.Random) -> bool:
        """Deal the ``free`` cards to ``hands`` in place: one ``rng.random()`` per card
        orders them (fewest possible seats first, then that draw), then each goes to a
        seat that may hold it with room, with probability proportional to its free
        places (one more draw). ``False`` when a card finds no place or a hand is not
        full at the end."""
        rand = rng.random
        eligible = self.eligible
        keyed = sorted([(len(eligible[c]), rand(), k) for k, c in enumerate(free)])
        for _n, _tie, k in keyed:
            card = free[k]
            seats = [at for at in eligible[card] if room[at]]
            if not seats:
                return False
            if len(seats) == 1:
                rand()                  # the same draws as with a choice: the same worlds
                at = seats[0]
            else:
                pick = rand() * sum([room[at] for at in seats])
                for at in seats:
                    pick -= room[at]
                    if pick < 0:
                        break
            hands[at].append(card)
            room[at] -= 1
        return not any(room)

    def draw(self, rng: random.Random) -> _Hands:
        """One world as the card indices of each other seat, from ``rng`` only.

        Raises:
            InvalidPositionError: no world found in :data:`MAX_RESTARTS` draws.
        """
        for attempt in range(MAX_RESTARTS):
            base = self.base
            if attempt < MAX_RESTARTS - _UNFORCED and self.declarations:
                known = self._forced(rng)        # what was declared, drawn anew each time
                if len(known) > len(self.sure_at):
                    base = self._placed(known)
            hands, room, free = base
            drawn: _Hands = (list(hands[0]), list(hands[1]), list(hands[2]))
            if self._deal(drawn, list(room), free, rng):
                return drawn
        raise InvalidPositionError(
            f"no world consistent with {self.obs!r} found in {MAX_RESTARTS} draws")

    def world(self, hands: _Hands) -> Mapping[Seat, tuple[Card, ...]]:
        """The read-only world of ``hands`` (from :meth:`draw`): ``obs.hand`` unchanged for
        the observing seat, the drawn hand of every other seat, in seat order."""
        drawn = {seat: tuple(DECK[c] for c in cards)
                 for seat, cards in zip(self.others, hands, strict=True)}
        drawn[self.obs.seat] = tuple(self.obs.hand)
        return MappingProxyType({s: drawn[s] for s in Seat})

    def masks(self, hands: _Hands) -> list[int]:
        """The bitmask of every seat's cards in the world of ``hands``, by bitmask seat
        index (``S E N W``), as :meth:`~belote_teach.search.inference.Evidence.likelihoods`
        reads them."""
        masks = [0, 0, 0, 0]
        masks[self._own_at] = self._own_mask
        for at, cards in zip(self._others_at, hands, strict=True):
            mask = 0
            for card in cards:
                mask |= 1 << card
            masks[at] = mask
        return masks


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
        every other seat its sampled hand (known cards first, sorted by notation, then
        the others in the order they were drawn).

    Raises:
        ValueError: no contract yet.
        InvalidPositionError: no consistent world exists, or none was found in
            :data:`MAX_RESTARTS` draws (the observation contradicts itself).
    """
    dealer = _Dealer(obs, track(obs) if info is None else info)
    return dealer.world(dealer.draw(rng))


def _declarations(obs: Observation, info: Tracking, position: Mapping[Seat, int]
                  ) -> list[tuple[int, list[int]]]:
    """For each announcement heard but not shown (R4.4): the declarer's position among the
    other seats, and the unplayed cards (as bitmasks) of every announcement of its kind
    it may hold, in :func:`~belote_teach.engine.announcements.possible_announcements`
    order: each card of it played by the declarer, or unseen and possible for it. Which
    of them still fit a draw is for :meth:`_Dealer._forced`."""
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
        found.append((position[seat], candidates))
    return found


def pool_size(count: int) -> int:
    """The worlds :func:`sample_worlds` draws with a model to resample ``count`` from:
    :data:`POOL_FACTOR` times ``count``, at least :data:`MIN_POOL`."""
    return max(MIN_POOL, POOL_FACTOR * count)


def sample_worlds(obs: Observation, rng: random.Random, count: int, *,
                  model: PlayerModel | None = None
                  ) -> Iterator[Mapping[Seat, tuple[Card, ...]]]:
    """``count`` equally weighted worlds consistent with the hard facts of ``obs``.

    With ``model=None`` (the default) they are the worlds of ``count`` calls of
    :func:`sample_world` with the same ``rng`` (tracking computed once).

    With a :class:`~belote_teach.search.inference.PlayerModel` (such as
    :data:`~belote_teach.search.inference.CLUB_MODEL`) they are drawn from the posterior
    given what the other seats bid (R2) and led (R3) under it, by importance resampling:
    :func:`pool_size` worlds are drawn as without a model, weighted by
    :meth:`~belote_teach.search.inference.Evidence.likelihoods`, and ``count`` of them are
    drawn by weight (:func:`~belote_teach.search.inference.resample`: a likely world may
    come more than once). Every world keeps the hard facts. When even the likeliest world
    of the pool is below :data:`FLOOR` (the seats do not play as the model says), the
    weights are dropped: the first ``count`` worlds of the pool are returned, those of
    ``model=None``.

    Args:
        obs: the observing seat's view, in phase PLAY.
        rng: the only source of chance: same seed, same worlds.
        count: worlds to return, 0 or more.
        model: the player model, or ``None`` for the hard facts only.

    Raises:
        As :func:`sample_world`; ValueError also for a negative ``count``;
        :class:`~belote_teach.search.inference.ModelError` (a ValueError) for a ``model``
        that is neither ``None`` nor a ``PlayerModel``.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, got {count}")
    if model is not None and not isinstance(model, PlayerModel):
        raise ModelError(f"model must be a PlayerModel or None, got {model!r}")
    info = track(obs)
    if count == 0:
        return
    dealer = _Dealer(obs, info)
    if model is None:
        for _ in range(count):
            yield dealer.world(dealer.draw(rng))
        return
    pool = [dealer.draw(rng) for _ in range(pool_size(count))]
    weights = Evidence.from_observation(obs).likelihoods([dealer.masks(h) for h in pool], model)
    refuted = max(weights) < FLOOR
    chosen = list(range(count)) if refuted else resample(weights, count, rng)
    for index in chosen:
        yield dealer.world(pool[index])
