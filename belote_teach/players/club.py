"""Level ``club``: a heuristic player applying the rules page's tips (RULES.md R9) and
standard club technique, every decision carrying its :class:`Technique`.

Bidding (tip 1): take with the J of trumps and support (3 trumps, or 2 and a plain ace),
or with the 9 and 3 trumps plus the ace of trumps or a plain ace; in round 1 the turned
card counts (the taker receives it, R2.7); otherwise pass (taking with weak trumps is a
common error). Play: the taker draws trumps while the opponents may hold some (tip 2);
masters are cashed, plain aces first (tip 3); defenders never lead trumps; a master
partner is fed aces and tens (tip 4); under an opponent's winning trick the cheapest
card goes; tricks are taken with the cheapest sure card, trumping when void; a master
card is kept for the dix de der (tip 5). Card knowledge comes from
:func:`~belote_teach.search.tracking.track` (cards out, voids, masters).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import PASS, TAKE, Bid
from belote_teach.engine.cards import Card, Rank, Seat, Suit, points, strength
from belote_teach.engine.observation import Observation
from belote_teach.players.base import Decision, Technique, declare_all
from belote_teach.search.tracking import Tracking, track

__all__ = ["ClubPlayer", "bid_strength"]


def _trumps(cards: Sequence[Card], trump: Suit) -> list[Card]:
    return [c for c in cards if c.suit is trump]


def bid_strength(cards: Sequence[Card], trump: Suit) -> tuple[Technique, tuple[Card, ...]]:
    """Whether ``cards`` (the hand the taker would hold before completion, with the
    turned card in round 1) is worth taking with ``trump`` as trumps (R9 tip 1).

    Returns:
        ``(TAKE_WITH_JACK | TAKE_WITH_NINE, trumps)`` when it is, else
        ``(PASS_WEAK_TRUMPS, trumps)``; ``trumps`` are the trumps counted.
    """
    trumps = _trumps(cards, trump)
    ranks = {c.rank for c in trumps}
    plain_aces = sum(1 for c in cards if c.rank is Rank.ACE and c.suit is not trump)
    shown = tuple(trumps)
    if Rank.JACK in ranks and (len(trumps) >= 3 or (len(trumps) == 2 and plain_aces >= 1)):
        return Technique.TAKE_WITH_JACK, shown
    if Rank.NINE in ranks and len(trumps) >= 3 and (Rank.ACE in ranks or plain_aces >= 1
                                                   or Rank.JACK in ranks):
        return Technique.TAKE_WITH_NINE, shown
    return Technique.PASS_WEAK_TRUMPS, shown


def _order_value(card: Card, trump: Suit) -> tuple[int, int]:
    """Cheapness of a card to give away: points first, then strength (R1.2, R1.3)."""
    return points(card, trump), strength(card, trump)


class ClubPlayer:
    """Level ``club`` (heuristic, see the module docstring). Deterministic: it never
    draws from ``rng`` and breaks ties by hand order."""

    name = "club"

    # ------------------------------------------------------------------ bidding
    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """Take with the J or the 9 of trumps and support, else pass (R9 tip 1; R2.4,
        R2.5).

        Raises:
            ValueError: it is not this seat's turn to bid.
        """
        legal = obs.legal_bids
        if legal is None:
            raise ValueError(f"no bid to choose in {obs!r}")
        hand = list(obs.hand)
        if TAKE in legal:                                                   # round 1
            reason, trumps = bid_strength([*hand, obs.turned], obs.turned.suit)
            if reason is not Technique.PASS_WEAK_TRUMPS:
                return Decision(TAKE, reason, trumps)
            return Decision(PASS, reason, trumps)
        best: tuple[int, Suit, Technique, tuple[Card, ...]] | None = None
        for suit in Suit:                                                   # round 2
            bid = Bid.naming(suit)
            if bid not in legal:
                continue
            reason, trumps = bid_strength(hand, suit)
            if reason is Technique.PASS_WEAK_TRUMPS:
                continue
            score = sum(points(c, suit) for c in trumps) + 10 * len(trumps)
            if best is None or score > best[0]:
                best = (score, suit, reason, trumps)
        if best is not None:
            return Decision(Bid.naming(best[1]), best[2], best[3])
        return Decision(PASS, Technique.PASS_WEAK_TRUMPS)

    # ------------------------------------------------------------------ announcements
    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """Declare every announcement available (R4.4; R9 tip 6 counts them)."""
        return declare_all(obs)

    # ------------------------------------------------------------------ play
    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """A legal card by club technique (R9 tips 2–5), with its reason.

        Raises:
            ValueError: it is not this seat's turn to play.
        """
        if obs.legal_plays is None or obs.trick is None:
            raise ValueError(f"no card to choose in {obs!r}")
        if len(obs.legal_plays) == 1:
            return Decision(obs.legal_plays.cards[0], Technique.ONLY_CHOICE)
        return self.choose_tracked(obs, track(obs))

    def choose_tracked(self, obs: Observation, info: Tracking) -> Decision[Card]:
        """As :meth:`choose_card`, given ``info == track(obs)`` already inferred: the
        playouts of :mod:`belote_teach.search.evaluation` keep the tracking up to date
        card by card rather than reading the whole observation again.

        Raises:
            ValueError: it is not this seat's turn to play.
        """
        if obs.legal_plays is None or obs.trick is None:
            raise ValueError(f"no card to choose in {obs!r}")
        legal = list(obs.legal_plays)
        if len(legal) == 1:
            return Decision(legal[0], Technique.ONLY_CHOICE)
        if obs.trick.plays:
            decision = self._follow(obs, info, legal)
        else:
            decision = self._lead(obs, info, legal)
        return self._keep_for_last(obs, info, legal, decision)

    def play_tracked(self, obs: Observation, info: Tracking) -> Card:
        """The card of :meth:`choose_tracked`, without its reason: the club player as a
        :data:`~belote_teach.search.evaluation.Policy` for playouts."""
        return self.choose_tracked(obs, info).action

    # -- helpers -----------------------------------------------------------------
    @staticmethod
    def _opponents(seat: Seat) -> tuple[Seat, Seat]:
        return seat.next, seat.partner.next

    def _sure_master(self, info: Tracking, card: Card) -> bool:
        """True if no other player can beat ``card`` led now: it is the highest of its
        suit left out, and, for a plain card, no opponent can trump it (void known)."""
        trump = info.trump
        higher_out = any(c.suit is card.suit and strength(c, trump) > strength(card, trump)
                         for c in info.unseen)
        if higher_out:
            return False
        if card.suit is trump:
            return True
        for opp in self._opponents(info.seat):
            possible = info.possible(opp)
            if (not any(c.suit is card.suit for c in possible)
                    and any(c.suit is trump for c in possible)):
                return False
        return True

    def _opponents_may_have_trumps(self, info: Tracking) -> bool:
        return any(any(c.suit is info.trump for c in info.possible(opp))
                   for opp in self._opponents(info.seat))

    def _lead(self, obs: Observation, info: Tracking, legal: list[Card]) -> Decision[Card]:
        trump = info.trump
        taker = obs.taker
        my_trumps = sorted(_trumps(legal, trump), key=lambda c: -strength(c, trump))
        plain = [c for c in legal if c.suit is not trump]
        # Tip 2: the taker draws trumps while the opponents may hold some.
        if obs.seat is taker and my_trumps and self._opponents_may_have_trumps(info):
            top = my_trumps[0]
            if info.master(trump) == top:
                return Decision(top, Technique.DRAW_TRUMPS, (top,))
            if len(my_trumps) >= max(2, info.trumps_out()):
                low = my_trumps[-1]
                return Decision(low, Technique.DRAW_TRUMPS, (low,))
        # Tip 3: cash the plain masters, aces first.
        masters = [c for c in plain if self._sure_master(info, c)]
        if masters:
            aces = [c for c in masters if c.rank is Rank.ACE]
            if aces:
                return Decision(aces[0], Technique.CASH_PLAIN_ACE, (aces[0],))
            best = max(masters, key=lambda c: points(c, trump))
            return Decision(best, Technique.CASH_MASTER, (best,))
        defender = taker is not None and obs.seat.team is not taker.team
        if plain:
            low = min(plain, key=lambda c: self._lead_cost(info, c))
            reason = Technique.NO_TRUMP_LEAD if defender and my_trumps else Technique.LEAD_LOW
            return Decision(low, reason)
        # only trumps left
        if info.master(trump) == my_trumps[0]:
            return Decision(my_trumps[0], Technique.DRAW_TRUMPS, (my_trumps[0],))
        return Decision(my_trumps[-1], Technique.LEAD_LOW)

    def _lead_cost(self, info: Tracking, card: Card) -> tuple[int, int, int]:
        """How much leading ``card`` gives away: a 10 whose ace is still out is kept
        (led, it would fall to the ace), then points, then strength; a longer suit is
        preferred on ties."""
        trump = info.trump
        exposed_ten = (card.rank is Rank.TEN and info.master(card.suit) != card)
        length = sum(1 for c in info.hand if c.suit is card.suit)
        return int(exposed_ten), points(card, trump) * 10 + strength(card, trump), -length

    def _follow(self, obs: Observation, info: Tracking, legal: list[Card]) -> Decision[Card]:
        trick = obs.trick
        assert trick is not None
        trump = info.trump
        led = trick.led_suit
        assert led is not None
        master = trick.master
        assert master is not None
        to_play_after: list[Seat] = []
        seat = obs.seat.next
        while seat is not trick.leader:
            to_play_after.append(seat)
            seat = seat.next
        opponents_after = [s for s in to_play_after if s.team is not obs.seat.team]
        partner_master = master.seat is obs.seat.partner
        partner_safe = partner_master and not info.can_be_beaten(master.card, led,
                                                                 opponents_after)
        if partner_safe:
            return self._feed(info, legal, master.card, led)
        winners = [c for c in legal if info.beats(c, master.card, led)]
        sure = [c for c in winners if not info.can_be_beaten(c, led, opponents_after)]
        at_stake = trick.points
        if sure and not (partner_master and at_stake == 0):
            card = min(sure, key=lambda c: _order_value(c, trump))
            return Decision(card, self._win_reason(card, master.card, led, trump),
                            (master.card,))
        if partner_master:
            card = min(legal, key=lambda c: self._discard_cost(info, c))
            return Decision(card, Technique.PLAY_LOW_UNDER_PARTNER, (master.card,))
        card = min(legal, key=lambda c: self._discard_cost(info, c))
        if card.suit is led or card.suit is trump:
            reason = (self._win_reason(card, master.card, led, trump)
                      if card.suit is trump and info.beats(card, master.card, led)
                      and led is not trump else Technique.PLAY_LOW)
        else:
            reason = Technique.DISCARD_LOW
        return Decision(card, reason, (master.card,))

    @staticmethod
    def _win_reason(card: Card, master: Card, led: Suit, trump: Suit) -> Technique:
        if card.suit is trump and led is not trump:
            return Technique.OVERTRUMP if master.suit is trump else Technique.TRUMP_IN
        return Technique.WIN_TRICK

    def _feed(self, info: Tracking, legal: list[Card], partner_card: Card,
              led: Suit) -> Decision[Card]:
        """Tip 4: the partner is master for sure: give the most points, aces and tens,
        keeping trump honours and lone masters that win tricks of their own."""
        trump = info.trump

        def value(card: Card) -> tuple[int, int]:
            pts = points(card, trump)
            if card.suit is trump:
                return (-1, -strength(card, trump))      # trumps keep control: never fed
            unguarded_ten = card.rank is Rank.TEN and info.master(card.suit) != card
            return (pts + (3 if unguarded_ten else 0), -strength(card, trump))

        best = max(legal, key=value)
        if points(best, trump) >= 10 and best.suit is not trump:
            return Decision(best, Technique.CHARGE_PARTNER, (partner_card,))
        card = min(legal, key=lambda c: self._discard_cost(info, c))
        if points(card, trump) > 0 and card.suit is not trump:
            return Decision(card, Technique.CHARGE_PARTNER, (partner_card,))
        return Decision(card, Technique.PLAY_LOW_UNDER_PARTNER, (partner_card,))

    def _discard_cost(self, info: Tracking, card: Card) -> tuple[int, int, int, int]:
        """How much giving ``card`` away costs: trumps, masters and the guard of a 10
        are kept; then points, strength; from the longest suit on ties."""
        trump = info.trump
        is_trump = card.suit is trump
        is_master = info.master(card.suit) == card
        suit_cards = [c for c in info.hand if c.suit is card.suit]
        guards_ten = (not is_trump and len(suit_cards) == 2
                      and any(c.rank is Rank.TEN for c in suit_cards)
                      and card.rank is not Rank.TEN
                      and info.master(card.suit) != Card(Rank.TEN, card.suit))
        return (int(is_trump) * 2 + int(is_master) + int(guards_ten),
                points(card, trump) * 20 + strength(card, trump), -len(suit_cards), 0)

    def _keep_for_last(self, obs: Observation, info: Tracking, legal: list[Card],
                       decision: Decision[Card]) -> Decision[Card]:
        """Tip 5: with two cards left, keep a card sure to win the last trick (the dix
        de der) and play the other one when both are legal."""
        if len(obs.hand) != 2 or len(legal) != 2:
            return decision
        other = legal[1] if decision.action == legal[0] else legal[0]
        card = decision.action
        keeps = (card.suit is info.trump and info.master(info.trump) == card
                 and other.suit is not info.trump)
        if keeps and decision.reason is not Technique.CHARGE_PARTNER:
            return Decision(other, Technique.KEEP_MASTER_FOR_DIX_DE_DER, (card,))
        return decision
