"""Pure functions from engine values to HTML strings: cards, the table with the trick,
the hand and feedback messages. No rules are decided here: callers pass what the
engine said (legal cards, the master) and the learner text from ``explain``.

Every card carries its spoken name (``aria-label``) and is drawn with rank and suit
symbol, so colour is never the only signal. The four-colour deck's stylesheet rules (a
class :data:`FOUR_COLOUR_CLASS` on an ancestor: ♠ black, ♥ red, ♦ blue, ♣ green) find a
card's suit at the end of its ``data-card`` and a suit symbol's in its class
``bt-suit-D``. A card's state has a
sign besides its colour: a mark (✓ ✗ ●), the "maître" tag, or, for a card that may not be
played now (``"dim"``), a dashed border and a tooltip and accessible description saying so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import resources

from belote_teach import explain
from belote_teach.engine.cards import Card, Rank, Seat, Suit, hand_order
from belote_teach.engine.trick import Trick
from belote_teach.render.html import escape

__all__ = [
    "FOUR_COLOUR_CLASS",
    "STYLE",
    "card_button",
    "card_picture",
    "hand_html",
    "message_html",
    "notice_html",
    "table_html",
]

#: The stylesheet the widgets load once per page (``style.css`` beside this module).
STYLE: str = (resources.files("belote_teach.render").joinpath("style.css")
              .read_text(encoding="utf-8"))

#: The class that switches the cards and suit symbols inside an element to the four-colour
#: deck: ♠ black, ♥ red, ♦ blue, ♣ green (rules at the end of ``style.css``, which read a
#: card's suit from the end of its ``data-card`` and a suit symbol's from its class
#: ``bt-suit-D``).
FOUR_COLOUR_CLASS = "bt-four-colour"

_FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)
# card states a caller may ask for, with their CSS class and corner mark
_STATE_CLASS = {"legal": "bt-legal", "dim": "bt-dim", "wrong": "bt-wrong", "right": "bt-right",
                "untaught": "bt-untaught", "master": "bt-master", "picked": "bt-picked",
                "": ""}
_STATE_MARK = {"wrong": ("bt-mark-bad", "✗"), "right": ("bt-mark-ok", "✓"),
               "legal": ("bt-mark-ok", "✓"), "untaught": ("bt-mark-better", "⚠"),
               "picked": ("bt-mark-pick", "●")}


def _card_inside(card: Card, lang: str, state: str) -> str:
    # The rank letters are drawn by the stylesheet (content: attr(data-rank)): the face of
    # a card is a picture whose one name is the card's aria-label ("jack of hearts"),
    # not a text label "J J J" that the name would have to repeat (WCAG 2.5.3, label in
    # name, which axe-core checks on buttons named by aria-label).
    rank = escape(explain.rank_short(card.rank, lang))
    suit = card.suit.symbol
    corner = f'<span class="bt-r" data-rank="{rank}"></span><span class="bt-s">{suit}</span>'
    if card.rank in _FACE_RANKS:
        centre = (f'<span class="bt-face" data-rank="{rank}"><span class="bt-s">{suit}</span>'
                  "</span>")
    else:
        centre = f'<span class="bt-pip">{suit}</span>'
    mark = ""
    if state in _STATE_MARK:
        css, symbol = _STATE_MARK[state]
        mark = f'<span class="bt-mark {css}">{symbol}</span>'
    return (f'<span class="bt-corner" aria-hidden="true">{corner}</span>'
            f'<span aria-hidden="true">{centre}</span>'
            f'<span class="bt-corner bt-br" aria-hidden="true">{corner}</span>{mark}')


def _card_classes(card: Card, state: str) -> str:
    colour = "bt-red" if card.suit.is_red else "bt-black"
    return " ".join(c for c in ("bt-card", colour, _STATE_CLASS.get(state, "")) if c)


def card_picture(card: Card, lang: str, state: str = "") -> str:
    """A card drawn as an image (not clickable), labelled with its spoken name; its
    ``data-card`` is its notation.

    Args:
        card: the card.
        lang: ``"en"`` or ``"fr"`` (rank letters and label).
        state: ``""``, ``"legal"``, ``"dim"``, ``"wrong"``, ``"right"``, ``"untaught"``
            (allowed, but not the card the lesson teaches: ⚠), ``"master"`` or
            ``"picked"`` (selected by the learner, e.g. for an announcement).
    """
    return (f'<div class="{_card_classes(card, state)}" role="img" '
            f'aria-label="{escape(explain.card_name(card, lang))}" data-card="{card}">'
            f"{_card_inside(card, lang, state)}</div>")


def card_button(card: Card, lang: str, state: str = "", *, disabled: bool = False,
                pressed: bool | None = None) -> str:
    """A clickable, keyboard-operable card: a ``<button>`` whose accessible name is the
    card's spoken name ("jack of hearts" / "valet de cœur") and ``data-card`` its
    notation. Its tooltip (``title``) repeats the name; for a
    ``"dim"`` card it says "jack of hearts: not playable now", which screen readers read
    as the button's description.

    Args and states as :func:`card_picture`; ``disabled`` greys nothing but refuses clicks;
    ``pressed`` makes it a toggle button (``aria-pressed`` true/false, read out by screen
    readers), ``None`` a plain button.

    Raises:
        ValueError: unknown language.
    """
    name = explain.card_name(card, lang)
    title = explain.text("card_not_playable", lang, card=name) if state == "dim" else name
    extra = " disabled" if disabled else ""
    if pressed is not None:
        extra += f' aria-pressed="{"true" if pressed else "false"}"'
    return (f'<button type="button" class="{_card_classes(card, state)}" data-card="{card}" '
            f'aria-label="{escape(name)}" title="{escape(title)}"{extra}>'
            f"{_card_inside(card, lang, state)}</button>")


def hand_html(cards: Sequence[Card], lang: str, *, states: Mapping[Card, str] | None = None,
              interactive: bool = True, trump: Suit | None = None, toggles: bool = False) -> str:
    """The learner's hand, sorted by suit (trumps first), with a small gap between suits.

    Args:
        cards: the cards of the hand.
        lang: the language of labels.
        states: optional state per card (see :func:`card_picture`).
        interactive: buttons (clickable) when True, pictures otherwise.
        trump: the trump suit, grouped first.
        toggles: the buttons are toggles (pick a card, click again to put it back): each
            says ``aria-pressed``, true for the cards whose state is ``"picked"``.
    """
    states = states or {}
    parts: list[str] = []
    previous: Suit | None = None
    for card in hand_order(cards, trump):
        if previous is not None and card.suit is not previous:
            parts.append('<span class="bt-gap" aria-hidden="true"></span>')
        previous = card.suit
        state = states.get(card, "")
        pressed = (state == "picked") if toggles else None
        parts.append(card_button(card, lang, state, pressed=pressed) if interactive
                     else card_picture(card, lang, state))
    title = escape(explain.text("your_hand", lang))
    # a group, not a list: its children are buttons or pictures (role="img"), which a
    # list may not hold without list items
    return (f'<div class="bt-hand-wrap"><div class="bt-hand-title">{title}</div>'
            f'<div class="bt-hand" role="group" aria-label="{title}">{"".join(parts)}</div>'
            "</div>")


def _suit_chip(label: str, suit: Suit, lang: str, muted: bool = False) -> str:
    colour = " bt-red" if suit.is_red else ""
    muted_css = " bt-chip-muted" if muted else ""
    name = escape(explain.suit_name(suit, lang))
    return (f'<span class="bt-chip{colour}{muted_css}">{escape(label)} '
            f'<span class="bt-big bt-suit-{suit}" aria-hidden="true">{suit.symbol}</span> '
            f"{name}</span>")


def lead_tag(entame: bool, lang: str) -> str:
    """The tag of a pli's first card: "entame" when the pli is the deal's first (R8: the
    opening lead), else "card 1", as the other cards are tagged by their place."""
    return explain.text("lead_badge", lang) if entame else explain.text("order", lang, n=1)


def table_html(trick: Trick, me: Seat, lang: str, *, master_state: bool = True,
               show_turn: bool = True, clickable: bool = False,
               states: Mapping[Card, str] | None = None, entame: bool = False) -> str:
    """The table seen from ``me`` (at the bottom, partner at the top, opponents left and
    right), the cards of ``trick`` by their players, the trump and the led suit.

    Args:
        trick: the trick so far (its master card is ringed in gold and tagged "maître").
        me: the learner's seat, drawn at the bottom.
        lang: the language of labels.
        master_state: mark the card currently winning.
        show_turn: mark the learner's empty slot as "your turn" when it is their turn.
        clickable: draw the played cards as buttons (a "who wins?" question).
        states: optional state per played card (see :func:`card_picture`); it replaces
            the master marking for that card.
        entame: ``trick`` is the deal's first pli: its first card is tagged "entame"
            (R8), else "card 1".
    """
    states = states or {}
    master = trick.master if master_state else None
    order = {play.seat: i for i, play in enumerate(trick.plays, start=1)}
    played = {play.seat: play.card for play in trick.plays}
    positions = {me: "S", me.partner: "N", me.next: "E", me.previous: "W"}
    next_seat = None if trick.is_complete else trick.next_seat
    seats_html = []
    for seat, area in positions.items():
        if seat is me:
            role_css, role = "bt-role-you", explain.text("you", lang)
        elif seat is me.partner:
            role_css, role = "bt-role-partner", explain.text("partner", lang)
        else:
            role_css, role = "bt-role-opponent", explain.text("opponent", lang)
        team = explain.team_column(seat.team, me.team, lang)
        label = (f'<span class="bt-label"><b>{escape(explain.seat_name(seat, lang))}</b>'
                 f'<span class="{role_css}">{escape(role)} · {escape(team)}</span></span>')
        tags = []
        if seat in played:
            is_master = master is not None and master.seat is seat
            state = states.get(played[seat], "master" if is_master else "")
            card = (card_button(played[seat], lang, state) if clickable
                    else card_picture(played[seat], lang, state))
            slot = f'<div class="bt-slot">{card}</div>'
            badge = (lead_tag(entame, lang) if order[seat] == 1
                     else explain.text("order", lang, n=order[seat]))
            tags.append(f'<span class="bt-tag">{escape(badge)}</span>')
            if is_master:
                tags.append(f'<span class="bt-tag bt-tag-master">'
                            f'{escape(explain.text("master", lang))}</span>')
        elif seat is next_seat and seat is me and show_turn:
            slot = f'<div class="bt-slot bt-turn">{escape(explain.text("to_play", lang))}</div>'
        else:
            slot = f'<div class="bt-slot">{escape(explain.text("waiting", lang))}</div>'
        tags_html = f'<div>{" ".join(tags)}</div>' if tags else ""
        parts = [slot, tags_html, label] if area != "N" else [label, slot, tags_html]
        seats_html.append(f'<div class="bt-seat bt-seat-{area}">{"".join(parts)}</div>')
    centre = [_suit_chip(explain.text("trump", lang), trick.trump, lang)]
    if trick.led_suit is not None:
        centre.append(_suit_chip(explain.text("led_suit", lang), trick.led_suit, lang, muted=True))
    return (f'<div class="bt-table">{"".join(seats_html)}'
            f'<div class="bt-centre">{"".join(centre)}</div></div>')


def message_html(kind: str, head: str, paragraphs: Iterable[str] = ()) -> str:
    """A feedback message box.

    Args:
        kind: ``"ok"`` (✓), ``"bad"`` (✗), ``"info"`` or ``"better"`` (⚠, amber: allowed
            but not what is taught, never the check of ``"ok"``); colour and icon, the
            head text always says the same in words.
        head: the first line, in bold.
        paragraphs: further lines (plain text, escaped here).
    """
    icon = {"ok": "✓ ", "bad": "✗ ", "better": "⚠ "}.get(kind, "")
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs if p)
    return (f'<div class="bt-msg bt-{escape(kind)}"><p class="bt-head">{icon}{escape(head)}</p>'
            f"{body}</div>")


def notice_html(kind: str, words: str) -> str:
    """A notice above an app's table (a game or a practice hand resumed, a save that
    failed): ``words`` (plain text, escaped here) in a box of ``kind`` (``"info"``,
    ``"bad"``), without the bold head of :func:`message_html`."""
    return f'<div class="bt-msg bt-{escape(kind)}"><p>{escape(words)}</p></div>'


def orders_html(lang: str) -> str:
    """A table of the trump order and the plain-suit order, high to low, with the card
    points of each rank (R1.2, R1.3) and the totals (62, 30, 152 + 10)."""
    from belote_teach.engine.cards import (
        DECK_POINTS,
        DIX_DE_DER,
        PLAIN_ORDER,
        PLAIN_POINTS,
        TRUMP_ORDER,
        TRUMP_POINTS,
    )

    def row(title: str, order: tuple[Rank, ...], table: Mapping[Rank, int]) -> str:
        cells = "".join(
            f"<td><b>{escape(explain.rank_short(r, lang))}</b><br><small>{table[r]}</small></td>"
            for r in order)
        total = sum(table.values())
        return f"<tr><th scope='row'>{escape(title)}</th>{cells}<td><b>{total}</b></td></tr>"

    caption = explain.text("orders_caption", lang, deck=DECK_POINTS, der=DIX_DE_DER,
                           total=DECK_POINTS + DIX_DE_DER)
    return (
        f"<table class='bt-orders'><caption>{escape(caption)}</caption>"
        f"{row(explain.text('trump_order', lang), TRUMP_ORDER, TRUMP_POINTS)}"
        f"{row(explain.text('plain_order', lang), PLAIN_ORDER, PLAIN_POINTS)}"
        "</table>"
    )
