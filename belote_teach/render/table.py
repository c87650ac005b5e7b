"""The card table a learner plays at, as pure HTML: engine values in, a string out.

:func:`render_table` draws one seat's :class:`~belote_teach.engine.observation.Observation` on
a felt table seen from that seat (at the bottom), its partner at the top, the
opponents left and right: the dealer button, the turned card during bidding, the atout
and the taker once known, the pli being played with each card in front of its player,
the other hands as card backs with their counts (never their faces), what each player
said, the card points of the deal so far and the game score. :func:`render_last_trick`
draws the previous pli. Nothing here decides a rule: the engine's objects say who won
what; this module only lays them out.

Every card carries its spoken name (``aria-label``) and is drawn with its suit symbol,
so colour is never the only signal; every text is escaped; learner text comes from the
``table`` section of the ``explain`` catalogs.

    >>> from belote_teach.engine.cards import Seat
    >>> from belote_teach.engine.deal import Deal
    >>> page = render_table(Deal.new(Seat.SOUTH, rng=7).observation(Seat.SOUTH), lang="en")
    >>> 'data-area="N"' in page and "North: 5 hidden cards" in page
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from belote_teach import explain
from belote_teach.engine.cards import DECK, DIX_DE_DER, Card, Seat, Team, hand_order
from belote_teach.engine.deal import Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.trick import Trick
from belote_teach.explain.calls import announcement_name, announcement_type_name, bid_words
from belote_teach.render import card_picture, lead_tag
from belote_teach.render.html import escape, sr_only, suit_html

__all__ = ["NOTHING_SAID", "dealer_chip_html", "render_last_trick", "render_table", "seat_area",
           "spoken_words"]

#: No words said: the default of ``spoken`` (read-only, so it can be a default).
NOTHING_SAID: Mapping[Seat, str] = MappingProxyType({})

# where each seat sits, seen from the learner: bottom, right, top, left
_AREAS = ("S", "E", "N", "W")


# ---------------------------------------------------------------------------- helpers
def seat_area(seat: Seat, me: Seat) -> str:
    """Where ``seat`` sits on the table drawn for ``me`` (R1.1, counter-clockwise): ``S``
    (``me``, at the bottom), ``E`` (on the right, plays after ``me``), ``N`` (the
    partner, at the top) or ``W``; the ``data-area`` of the seats and cards drawn there.
    Raises nothing."""
    seat_at = me
    for area in _AREAS:
        if seat_at is seat:
            return area
        seat_at = seat_at.next
    raise AssertionError(seat)  # pragma: no cover - four seats, four areas


def _plis(n: int, lang: str) -> str:
    """``n`` plis as the language counts them: "0 plis" / "0 pli", "1 pli", "2 plis"."""
    return explain.say(explain.plural_key("table.plis", n, lang), lang, n=n)


# ---------------------------------------------------------------------------- words said
def spoken_words(obs: Observation, lang: str) -> dict[Seat, str]:
    """What each player has just said, as the table shows it by their seat: their last
    bid while bidding (R2.4, R2.5), the taker's bid until the first card, the kinds of
    announcement declared during pli 1 (R4.4), the announcements shown during pli 2 with
    their cards, and "belote" / "rebelote" said with a card of the pli on the table (R5).

    Pass the result (or your own words) as ``spoken`` to :func:`render_table`.

    Args:
        obs: the learner's observation.
        lang: ``"en"`` or ``"fr"``.

    Returns:
        A seat → words mapping, only for the seats that said something.

    Raises:
        ValueError: unknown language.
    """
    explain.check_language(lang)
    said: dict[Seat, list[str]] = {}
    if obs.phase.is_bidding or obs.phase is Phase.PASSED_OUT:
        for seat, bid in obs.bids:
            said[seat] = [bid_words(bid, lang)]
    elif obs.phase is Phase.PLAY:
        trick = obs.trick
        if not obs.tricks:
            if trick is not None and not trick.plays and obs.bids:
                seat, bid = obs.bids[-1]
                said[seat] = [bid_words(bid, lang)]
            for seat, kind in obs.announcements_heard:
                said.setdefault(seat, []).append(announcement_type_name(kind, lang))
        elif len(obs.tricks) == 1:
            for declared in obs.shown_announcements:
                said.setdefault(declared.seat, []).append(
                    announcement_name(declared.announcement, lang))
        on_table = set(trick.cards) if trick is not None else set()
        for call in obs.belote_calls:
            if call.card in on_table:
                said.setdefault(call.seat, []).append(explain.say(f"table.{call.word}", lang))
    return {seat: ", ".join(words) for seat, words in said.items()}


# ---------------------------------------------------------------------------- pieces
def _hidden_count(obs: Observation, seat: Seat) -> int:
    """How many cards ``seat`` still holds: everyone received as many as the learner
    (5 while bidding, 8 once completed, R2.2, R2.7), less the cards they played."""
    played: dict[Seat, int] = dict.fromkeys(Seat, 0)
    tricks: list[Trick] = list(obs.tricks)
    if obs.trick is not None:
        tricks.append(obs.trick)
    for trick in tricks:
        for play in trick.plays:
            played[play.seat] += 1
    received = len(obs.hand) + played[obs.seat]
    return max(received - played[seat], 0)


def _backs(seat: Seat, count: int, lang: str) -> str:
    """A fan of card backs with the count: no face, no card name."""
    name = explain.seat_name(seat, lang)
    if count == 0:
        label = explain.say("table.hidden_none", lang, seat=name)
    elif count == 1:
        label = explain.say("table.hidden_one", lang, seat=name)
    else:
        label = explain.say("table.hidden", lang, seat=name, n=count)
    if count == 0:
        return (f'<div class="bt-table-hidden bt-table-hidden-empty" data-count="0">'
                f"{sr_only(label)}</div>")
    backs = '<span class="bt-table-back"></span>' * count
    return (f'<div class="bt-table-hidden" role="img" aria-label="{escape(label)}" '
            f'data-count="{count}"><span class="bt-table-fan" aria-hidden="true">{backs}'
            f'</span><span class="bt-table-count" aria-hidden="true">{count}</span></div>')


def dealer_chip_html(lang: str) -> str:
    """The dealer button by the donneur's name (R2.1): the letter of the catalog's
    ``table.dealer_chip`` (``D``), with the word ``table.dealer`` (« Donneur » / "Dealer
    (donneur)") as its accessible name (``role="img"``, ``aria-label``) and as its tooltip
    (``title``), so that the letter never stands alone.

    Raises:
        ValueError: unknown language.
    """
    name = escape(explain.say("table.dealer", lang))
    return (f'<span class="bt-table-dealer" role="img" aria-label="{name}" title="{name}">'
            f'<span aria-hidden="true">{escape(explain.say("table.dealer_chip", lang))}'
            "</span></span>")


def _seat_html(obs: Observation, seat: Seat, lang: str, words: str, *, show_hand: bool) -> str:
    me = obs.seat
    area = seat_area(seat, me)
    role = explain.seat_role(seat, me, lang)
    team = explain.team_column(seat.team, me.team, lang)
    name = explain.seat_name(seat, lang)
    chips = []
    if seat is obs.dealer:
        chips.append(dealer_chip_html(lang))
    if obs.taker is seat and obs.trump is not None:
        chips.append(f'<span class="bt-table-taker">{escape(explain.say("table.taker", lang))} '
                     f'{suit_html(obs.trump, lang, name=False)}</span>')
    turn = obs.turn is seat and not obs.phase.is_over
    if turn:
        key = "your_turn" if seat is me else (
            "turn_bid" if obs.phase.is_bidding else "turn_play")
        chips.append(f'<span class="bt-table-turn-chip">'
                     f'{escape(explain.say(f"table.{key}", lang))}</span>')
    role_css = {"S": "you", "N": "partner"}.get(area, "opponent")
    plate = (f'<div class="bt-table-plate"><b class="bt-table-name">{escape(name)}</b>'
             f'<span class="bt-table-role bt-table-role-{role_css}">{escape(role)} · '
             f'<span class="bt-table-team">{escape(team)}</span></span>{"".join(chips)}</div>')
    bubble = ""
    if words:
        says = explain.say("table.says", lang, seat=name, words="")
        bubble = (f'<div class="bt-table-says">{sr_only(says)}'
                  f"«\u00a0{escape(words)}\u00a0»</div>")
    if seat is me:
        body = _hand_html(obs, lang) if show_hand else ""
        parts = [bubble, plate, body]
    else:
        parts = [plate, _backs(seat, _hidden_count(obs, seat), lang), bubble]
    css = "bt-table-seat" + (" bt-table-turn" if turn else "")
    label = explain.say("table.seat_group", lang, seat=name, role=role, team=team)
    return (f'<div class="{css} bt-table-seat-{area}" role="group" aria-label="{escape(label)}" '
            f'data-seat="{seat}" data-area="{area}">{"".join(parts)}</div>')


def _hand_html(obs: Observation, lang: str) -> str:
    """The learner's cards as pictures (not clickable), in hand order: the atouts grouped
    first, then each suit, strongest first; one group per suit."""
    groups: list[list[Card]] = []
    for card in hand_order(obs.hand, obs.trump):
        if groups and groups[-1][0].suit is card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    parts = []
    for group in groups:
        suit = group[0].suit
        is_trump = suit is obs.trump
        label = explain.suit_name(suit, lang)
        tag = ""
        if is_trump:
            colon = explain.say("label_separator", lang)
            label = f"{explain.text('trump', lang)}{colon}{label}"
            tag = (f'<span class="bt-table-atout-tag" aria-hidden="true">'
                   f'{escape(explain.say("table.atout", lang))}</span>')
        cards = "".join(card_picture(c, lang) for c in group)
        css = "bt-table-suit" + (" bt-table-suit-atout" if is_trump else "")
        parts.append(f'<div class="{css}" role="group" aria-label="{escape(label)}">{tag}'
                     f'<div class="bt-table-suit-cards">{cards}</div></div>')
    title = explain.say("table.your_hand", lang, n=len(obs.hand))
    return (f'<div class="bt-table-hand" role="group" aria-label="{escape(title)}">'
            f'{"".join(parts)}</div>')


def _compass(trick: Trick, me: Seat, lang: str, *, show_master: bool, entame: bool) -> str:
    """The cards of ``trick``, each in front of its player (N, E, S, W seen from ``me``)."""
    master = trick.master if show_master else None
    plays = []
    for index, play in enumerate(trick.plays, start=1):
        area = seat_area(play.seat, me)
        is_master = master is not None and master.seat is play.seat
        name = explain.seat_name(play.seat, lang)
        said = explain.say("table.played", lang, seat=name, card=explain.card_name(play.card, lang))
        extra = [lead_tag(entame, lang)] if index == 1 else []
        if is_master:
            extra.append(explain.text("master", lang))
        if extra:
            said += f" ({', '.join(extra)})"
        badge = (f'<span class="bt-table-order" aria-hidden="true">{index}</span>')
        tag = ""
        if is_master:
            tag = (f'<span class="bt-table-master" aria-hidden="true">'
                   f'{escape(explain.text("master", lang))}</span>')
        picture = card_picture(play.card, lang, "master" if is_master else "")
        plays.append(
            f'<li class="bt-table-play bt-table-play-{area}" data-seat="{play.seat}" '
            f'data-card="{play.card}" data-order="{index}">{sr_only(said)}'
            f'<span aria-hidden="true">{picture}</span>{badge}{tag}</li>')
    return f'<ul class="bt-table-compass">{"".join(plays)}</ul>'


def _centre(obs: Observation, lang: str, *, show_master: bool) -> str:
    me = obs.seat
    parts: list[str] = []
    if obs.phase.is_bidding or obs.phase is Phase.PASSED_OUT:
        stock = 32 - 4 * len(obs.hand) - 1
        round_no = 2 if obs.phase is Phase.BIDDING_2 else 1
        caption = (explain.say("table.passed_out", lang) if obs.phase is Phase.PASSED_OUT
                   else explain.say("table.bidding", lang, round=round_no))
        stack = '<span class="bt-table-back"></span>' * 3
        label = explain.say("table.turned", lang)
        parts.append(
            f'<div class="bt-table-deck"><figure class="bt-table-turned">'
            f'{card_picture(obs.turned, lang)}<figcaption>{escape(label)}'
            f"</figcaption></figure>"
            f'<div class="bt-table-stock" role="img" '
            f'aria-label="{escape(explain.say("table.stock", lang, n=stock))}">'
            f'<span class="bt-table-stack" aria-hidden="true">{stack}</span>'
            f'<span class="bt-table-count" aria-hidden="true">{stock}</span></div></div>'
            f'<p class="bt-table-caption">{escape(caption)}</p>')
        label = explain.say("table.turned", lang)
    else:
        trick = obs.trick
        if obs.phase is Phase.SCORED or trick is None:
            shown = obs.tricks[-1] if obs.tricks else None
            caption = explain.say("table.deal_over", lang)
            if shown is not None:
                winner = explain.seat_name(shown.winner, lang)
                caption += (f" · {explain.say('table.last_trick', lang)}, "
                            f"{explain.say('table.won_by_seat', lang, seat=winner)}")
        else:
            shown = trick
            number = len(obs.tricks) + 1
            caption = explain.say("table.trick_no", lang, n=number)
            if not trick.plays:
                leader = explain.seat_name(trick.leader, lang)
                first = "_entame" if number == 1 else ""
                lead = (explain.say(f"table.you_lead{first}", lang) if trick.leader is me
                        else explain.say(f"table.leads{first}", lang, seat=leader))
                caption += f" · {lead}"
        if shown is not None:
            entame = shown is trick and not obs.tricks      # the deal's first pli (R8)
            parts.append(_compass(shown, me, lang, show_master=show_master, entame=entame))
        parts.append(f'<p class="bt-table-caption">{escape(caption)}</p>')
        label = explain.say("table.trick_group", lang)
    return (f'<div class="bt-table-centre" role="group" aria-label="{escape(label)}">'
            f'{"".join(parts)}</div>')


def _deal_points(obs: Observation) -> tuple[dict[Team, int], dict[Team, int]]:
    """Card points and plis won by each team so far: the engine's score once the deal is
    scored (dix de der included, R1.4), else the sum of the plis won."""
    if obs.score is not None:
        return dict(obs.score.card_points), dict(obs.score.tricks)
    won = dict.fromkeys(Team, 0)
    count = dict.fromkeys(Team, 0)
    for trick in obs.tricks:
        team = trick.winner.team
        won[team] += trick.points
        count[team] += 1
    return won, count


def _bar(obs: Observation, lang: str, game_totals: Mapping[Team, int] | None,
         target: int | None) -> str:
    """The strip above the felt: atout and taker (or the turned card), the deal's points,
    the game score with the target, the reserve."""
    nous, eux = obs.seat.team, obs.seat.team.other
    us, them = explain.text("team_us", lang), explain.text("team_them", lang)
    items = []
    if obs.contract is not None:
        contract = obs.contract
        taken = explain.say("table.taken_by", lang, seat=explain.seat_name(contract.taker, lang),
                   round=contract.round)
        items.append(
            f'<div class="bt-table-box bt-table-box-atout"><span class="bt-table-key">'
            f'{escape(explain.say("table.atout", lang))}</span><span class="bt-table-big">'
            f'{suit_html(contract.trump, lang)}</span><span class="bt-table-small">'
            f"{escape(taken)}</span></div>")
    else:
        items.append(
            f'<div class="bt-table-box"><span class="bt-table-key">'
            f'{escape(explain.say("table.turned", lang))}</span>'
            f'<span class="bt-table-big">{escape(explain.card_short(obs.turned, lang))}'
            f'{sr_only(" " + explain.card_name(obs.turned, lang))}</span></div>')
    if obs.contract is not None:
        points, plis = _deal_points(obs)
        cells = "".join(
            f'<span class="bt-table-score"><span class="bt-table-team">{escape(word)}</span> '
            f'<b data-team="{team}" data-points="{points[team]}">'
            f'{escape(explain.say("table.points_short", lang, points=points[team]))}</b> '
            f'<span class="bt-table-small">{escape(_plis(plis[team], lang))}</span></span>'
            for team, word in ((nous, us), (eux, them)))
        items.append(f'<div class="bt-table-box bt-table-box-deal"><span class="bt-table-key">'
                     f'{escape(explain.say("table.deal_points", lang))}</span>{cells}</div>')
    if game_totals is not None:
        cells = "".join(
            f'<span class="bt-table-score"><span class="bt-table-team">{escape(word)}</span> '
            f'<b data-team="{team}" data-total="{int(game_totals[team])}">'
            f"{explain.number(int(game_totals[team]), lang)}</b></span>"
            for team, word in ((nous, us), (eux, them)))
        shown = explain.number(target, lang) if target is not None else ""
        goal = (f'<span class="bt-table-small">'
                f'{escape(explain.say("table.target", lang, target=shown))}</span>'
                if target is not None else "")
        items.append(f'<div class="bt-table-box bt-table-box-game"><span class="bt-table-key">'
                     f'{escape(explain.say("table.game", lang))}</span>{cells}{goal}</div>')
    if obs.reserve:
        reserve = explain.say("table.reserve", lang, points=explain.number(obs.reserve, lang))
        items.append(f'<div class="bt-table-box bt-table-box-reserve">{escape(reserve)}</div>')
    return f'<div class="bt-table-bar">{"".join(items)}</div>'


# ---------------------------------------------------------------------------- public
def render_table(obs: Observation, *, lang: str, game_totals: Mapping[Team, int] | None = None,
                 target: int | None = None, last_trick_shown: bool = False,
                 spoken: Mapping[Seat, str] = NOTHING_SAID, show_hand: bool = True,
                 show_master: bool = False) -> str:
    """The card table seen from ``obs.seat``, as an HTML string (no widget, no click).

    The learner sits at the bottom, the partner at the top, the opponents left and right
    (the player on the right plays after the learner, R1.1, counter-clockwise). Each seat
    shows its name, role and team (Nous / Eux, R8), the dealer button (R2.1), the taker
    with the atout (R2.4, R2.5), whose turn it is, what it said (``spoken``) and, for
    the three other players, their cards as backs with the count (never a face: the
    observation holds no hidden card). The centre shows the turned card and the stock
    while bidding (R2.3), then the pli being played with each card in front of its
    player (R2.8). A strip above the felt shows the atout, the card points and plis won
    by each team in this deal (points; dix de der included once scored, R1.4), the game
    score with the target (R6.8) and the reserve of a litige (R6.6).

    Args:
        obs: what the learner's seat sees (``Deal.observation(seat)``).
        lang: ``"en"`` or ``"fr"``.
        game_totals: each team's total on the score sheet (points), or ``None`` to leave
            the game score out.
        target: the points that end the game (R6.8), shown with the game score.
        last_trick_shown: also draw the previous pli in a corner (:func:`render_last_trick`)
            while a pli is being played.
        spoken: words said by each seat (a bid, an announcement, "belote"), drawn as a
            speech bubble by the seat; escaped here. :func:`spoken_words` gives the words
            the observation implies.
        show_hand: draw the learner's hand (pictures, not buttons) sorted by suit with the
            atouts first; ``False`` when a clickable hand is drawn elsewhere.
        show_master: ring the card currently winning the pli and tag it "maître" (R1.5).

    Returns:
        An HTML fragment, to show inside an element of class ``bt-root`` with
        :data:`belote_teach.render.STYLE` loaded.

    Raises:
        ValueError: unknown language.
    """
    explain.check_language(lang)
    me = obs.seat
    seats = [_seat_html(obs, seat, lang, spoken.get(seat, ""), show_hand=show_hand)
             for seat in (me.partner, me.previous, me.next, me)]
    centre = _centre(obs, lang, show_master=show_master)
    last = ""
    if last_trick_shown and obs.tricks and obs.phase is Phase.PLAY:
        previous = render_last_trick(obs.tricks[-1], lang=lang, me=me,
                                     entame=len(obs.tricks) == 1)
        last = f'<div class="bt-table-corner">{previous}</div>'
    title = explain.say("table.title", lang)
    return (f'<section class="bt-table-wrap" aria-label="{escape(title)}" data-seat="{me}" '
            f'data-phase="{obs.phase.value}"><h3 class="bt-table-sr">{escape(title)}</h3>'
            f"{_bar(obs, lang, game_totals, target)}"
            f'<div class="bt-table-felt">{seats[0]}{seats[1]}{centre}{seats[2]}{last}'
            f"{seats[3]}</div></section>")


def render_last_trick(trick: Trick, *, lang: str, me: Seat | None = None,
                      dix_de_der: bool = False, number: int | None = None,
                      entame: bool = False) -> str:
    """The previous pli, small: its four cards in play order with their players, the
    winner (R1.5) and its card points (R1.2, R1.3). Titled "Last pli", or "Pli 3" when
    ``number`` says which pli of the deal it is (the review of a whole deal).

    Args:
        trick: a complete pli.
        lang: ``"en"`` or ``"fr"``.
        me: the learner's seat, to name the winner's team (Nous / Eux); ``None``: seat only.
        dix_de_der: it was the eighth pli: add the 10 points of the dix de der (R1.4).
        number: the pli's place in the deal, 1 to 8; ``None``: the title is "Last pli".
        entame: it was the deal's first pli (always so when ``number`` is 1): its first
            card is tagged "entame" (R8), else "card 1".

    Returns:
        An HTML fragment (a ``<section>`` with a heading and a list of the cards).

    Raises:
        ValueError: unknown language.
        PhaseError: the pli is not complete (a ``ValueError`` too).
        ValueError: ``number`` is not a whole number from 1 to 8.
    """
    explain.check_language(lang)
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                               or not 1 <= number <= len(DECK) // 4):
        raise ValueError(f"number must be the pli's place in the deal, 1 to "
                         f"{len(DECK) // 4}, got {number!r}")
    winner = trick.winner  # PhaseError when incomplete
    items = []
    for index, play in enumerate(trick.plays, start=1):
        won = play.seat is winner
        name = explain.seat_name(play.seat, lang)
        said = explain.say("table.played", lang, seat=name, card=explain.card_name(play.card, lang))
        if index == 1:
            said += f" ({lead_tag(entame or number == 1, lang)})"
        mark = '<span class="bt-table-win" aria-hidden="true">✓</span>' if won else ""
        items.append(
            f'<li class="bt-table-last-play{" bt-table-last-won" if won else ""}" '
            f'data-seat="{play.seat}" data-card="{play.card}">{sr_only(said)}'
            f'<span aria-hidden="true">{card_picture(play.card, lang, "master" if won else "")}'
            f'</span><span class="bt-table-last-seat" aria-hidden="true">{escape(name)}{mark}'
            "</span></li>")
    seat = explain.seat_name(winner, lang)
    if me is None:
        who = explain.say("table.won_by_seat", lang, seat=seat)
    else:
        who = explain.say("table.won_by", lang, seat=seat,
                          team=explain.team_column(winner.team, me.team, lang))
    worth = explain.say(explain.plural_key("table.trick_points", trick.points, lang), lang,
                        points=trick.points)
    summary = f"{who} · {worth}"
    if dix_de_der:
        summary += f" {explain.say('table.dix_de_der', lang, points=DIX_DE_DER)}"
    title = (explain.say("table.last_trick", lang) if number is None
             else explain.say("table.review_trick", lang, n=number))
    return (f'<section class="bt-table-last" aria-label="{escape(title)}" data-winner="{winner}" '
            f'data-points="{trick.points}"><h4 class="bt-table-last-title">{escape(title)}</h4>'
            f'<ol class="bt-table-last-cards">{"".join(items)}</ol>'
            f'<p class="bt-table-last-sum">{escape(summary)}</p></section>')

