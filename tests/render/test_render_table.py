"""The card table, the last pli, the score sheet and the end-of-deal summary
(render/table.py, render/score_sheet.py): pure HTML drawn from seeded deals and from
games played by club players, checked through ``html.parser`` (structure, attributes,
text), never by comparing whole strings."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import pytest

from belote_teach import explain
from belote_teach.engine.cards import DIX_DE_DER, Card, Seat, Suit, Team, hand_order
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.errors import PhaseError
from belote_teach.engine.game import Game, ScoreSheet
from belote_teach.engine.rules import CLASSIC, FFB2016
from belote_teach.engine.scoring import Outcome, ScoreBreakdown, score_deal
from belote_teach.engine.trick import Trick
from belote_teach.players import make_player, play_game
from belote_teach.render import card_button, hand_html, table_html
from belote_teach.render.score_sheet import render_deal_breakdown, render_score_sheet
from belote_teach.render.table import render_last_trick, render_table, spoken_words

VOID = {"br", "img", "hr", "meta", "input", "link", "wbr", "col", "source"}


# ------------------------------------------------------------------------- a tiny DOM
class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def has(self, css: str) -> bool:
        return css in self.classes

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.walk()

    def all(self, pred: Callable[[Node], bool] | str) -> list[Node]:
        """Descendants (self included) matching ``pred``, or having the class ``pred``."""
        test = (lambda n: n.has(pred)) if isinstance(pred, str) else pred
        return [n for n in self.walk() if test(n)]

    def one(self, pred: Callable[[Node], bool] | str) -> Node:
        found = self.all(pred)
        assert len(found) == 1, (pred, len(found))
        return found[0]

    def child(self, tag: str) -> Node:
        """The only child element named ``tag``."""
        found = [c for c in self.children if isinstance(c, Node) and c.tag == tag]
        assert len(found) == 1, (tag, len(found))
        return found[0]

    def text(self) -> str:
        parts = [c if isinstance(c, str) else c.text() for c in self.children]
        return " ".join(" ".join(parts).split())

    def ancestors(self) -> Iterator[Node]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag: str) -> None:
        assert self.current.tag == tag, f"</{tag}> closes <{self.current.tag}>"
        assert self.current.parent is not None
        self.current = self.current.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(page: str) -> Node:
    tree = Tree()
    tree.feed(page)
    tree.close()
    assert tree.current is tree.root, "unclosed element"
    return tree.root


# ------------------------------------------------------------------------- positions
CLUB = {seat: make_player("club") for seat in Seat}


def advance(deal: Deal, cards: int, rng: random.Random) -> Deal:
    """Club players bid, then play ``cards`` cards (with announcements and belote)."""
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        deal.bid(CLUB[seat].choose_bid(deal.observation(seat), rng).action, seat=seat)
    for _ in range(cards):
        seat = deal.turn
        assert seat is not None and deal.phase is Phase.PLAY
        obs = deal.observation(seat)
        said = (tuple(CLUB[seat].choose_announcements(obs, rng).action)
                if obs.announcements_available else ())
        card = CLUB[seat].choose_card(obs, rng).action
        deal.play(card, seat=seat, announce=said, belote=deal.may_say_belote(seat, card))
    return deal


def mid_play(seed: int = 11, cards: int = 10, dealer: Seat = Seat.WEST,
             players_seed: int | None = 5) -> Deal:
    """Deal ``seed`` by ``dealer``, club players drawing from ``players_seed`` (default:
    North takes spades; pli 3 has two cards after 10 cards)."""
    rng = random.Random(seed if players_seed is None else players_seed)
    return advance(Deal.new(dealer, rng=seed), cards, rng)


def club_game(seed: int, rules=CLASSIC) -> Game:
    return play_game({seat: make_player("club") for seat in Seat}, random.Random(seed), rules)


@pytest.fixture(scope="module")
def game_99() -> Game:
    """Club players, seed 99: a capot (deal 4), a passed-out deal (6), and a final litige
    whose reserve is left waiting (9); EW win."""
    return club_game(99)


def seat_group(root: Node, seat: Seat) -> Node:
    return root.one(lambda n: n.has("bt-table-seat") and n.attrs.get("data-seat") == str(seat))


def numbers(node: Node) -> list[int]:
    return [int(t) for t in node.text().replace("→", " ").split() if t.isdigit()]


# ------------------------------------------------------------------------- the table
@pytest.mark.parametrize("me", list(Seat))
def test_partner_sits_at_the_top_and_opponents_at_the_sides(me: Seat) -> None:
    deal = mid_play()
    root = parse(render_table(deal.observation(me), lang="en"))
    areas = {n.attrs["data-area"]: n for n in root.all("bt-table-seat")}
    assert set(areas) == {"N", "E", "S", "W"}
    assert areas["S"].attrs["data-seat"] == str(me)
    assert areas["N"].attrs["data-seat"] == str(me.partner)
    assert areas["E"].attrs["data-seat"] == str(me.next)        # plays after me: my right
    assert areas["W"].attrs["data-seat"] == str(me.previous)
    partner, right = areas["N"].text(), areas["E"].text()
    assert explain.seat_name(me.partner, "en") in partner
    assert "Partner" in partner and "Nous" in partner and "Eux" not in partner
    assert "Opponent" in right and "Eux" in right and "Nous" not in right
    assert "You" in areas["S"].text() and "Nous" in areas["S"].text()
    # the felt's grid areas come from these classes
    assert areas["N"].has("bt-table-seat-N") and areas["W"].has("bt-table-seat-W")


def test_hidden_hands_are_backs_with_their_counts_and_never_their_faces() -> None:
    deal = mid_play(cards=10)        # pli 3, two cards on the table
    page = render_table(deal.observation(Seat.SOUTH), lang="en", last_trick_shown=True)
    root = parse(page)
    for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
        hidden = seat_group(root, seat).one("bt-table-hidden")
        held = deal.hand(seat)
        assert int(hidden.attrs["data-count"]) == len(held)
        assert len(hidden.all("bt-table-back")) == len(held)
        assert hidden.one("bt-table-count").text() == str(len(held))
        assert hidden.attrs["aria-label"] == (f"{explain.seat_name(seat, 'en')}: "
                                              f"{len(held)} hidden cards")
        assert not hidden.all(lambda n: "data-card" in n.attrs)
        for card in held:
            assert f'data-card="{card}"' not in page
            assert explain.card_name(card, "en") not in page
    # every card face on the table is a public card or the learner's
    public = {*deal.hand(Seat.SOUTH), *deal.played_cards}
    faces = root.all("bt-card")
    assert faces and {Card.parse(n.attrs["data-card"]) for n in faces} <= public


def test_counts_follow_the_deal_from_bidding_to_the_end() -> None:
    bidding = Deal.new(Seat.SOUTH, rng=3)
    root = parse(render_table(bidding.observation(Seat.SOUTH), lang="fr"))
    assert [int(n.attrs["data-count"]) for n in root.all("bt-table-hidden")] == [5, 5, 5]
    assert root.one("bt-table-stock").attrs["aria-label"] == "Talon\u00a0: 11 cartes"
    over = mid_play(cards=32)
    assert over.phase is Phase.SCORED
    root = parse(render_table(over.observation(Seat.SOUTH), lang="en"))
    assert [int(n.attrs["data-count"]) for n in root.all("bt-table-hidden")] == [0, 0, 0]
    assert not root.all("bt-table-back")
    assert "Deal over" in root.one("bt-table-centre").text()


def test_the_trick_cards_lie_in_front_of_their_players() -> None:
    deal = mid_play(cards=10)
    trick = deal.trick
    assert trick is not None and len(trick.plays) == 2
    for me in (Seat.SOUTH, Seat.EAST):
        root = parse(render_table(deal.observation(me), lang="en", show_master=True))
        plays = root.one("bt-table-compass").all("bt-table-play")
        assert [(p.attrs["data-seat"], p.attrs["data-card"]) for p in plays] == [
            (str(p.seat), str(p.card)) for p in trick.plays]
        for node, play in zip(plays, trick.plays, strict=True):
            area = seat_group(root, play.seat).attrs["data-area"]
            assert node.has(f"bt-table-play-{area}")
            assert node.one("bt-card").attrs["data-card"] == str(play.card)
            spoken = node.one("bt-table-sr").text()
            assert explain.seat_name(play.seat, "en") in spoken
            assert explain.card_name(play.card, "en") in spoken
        master = trick.master
        assert master is not None
        ringed = root.one("bt-table-compass").all("bt-master")
        assert [n.attrs["data-card"] for n in ringed] == [str(master.card)]
    assert "Pli 3 of 8" in root.one("bt-table-centre").text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_only_the_first_pli_of_the_deal_is_the_entame(lang: str) -> None:
    """R8: the entame is the opening lead. The first card of the deal's first pli is tagged
    "entame" and its leader's turn says so; a later pli's first card is "card 1", like
    the others by their place, and its lead is no entame."""
    entame, card_1 = explain.text("lead_badge", lang), explain.text("order", lang, n=1)

    def first_tag(page: str, kind: str) -> str:
        node = parse(page).all(kind)[0].one("bt-table-sr").text()
        return node.rsplit("(", 1)[1].split(")")[0].split(",")[0]

    said_entame = entame if lang == "en" else "l'entame"    # fr: the verb entamer for any pli
    for cards, first in ((0, True), (1, True), (4, False), (8, False), (9, False)):
        deal = mid_play(cards=cards)
        obs = deal.observation(Seat.SOUTH)
        page = render_table(obs, lang=lang, last_trick_shown=True)
        caption = parse(page).one("bt-table-caption").text()
        if cards % 4 == 0:                      # nobody has played to this pli yet
            assert deal.trick is not None
            leader, suffix = deal.trick.leader, "_entame" if first else ""
            said = (explain.say(f"table.you_lead{suffix}", lang) if leader is Seat.SOUTH
                    else explain.say(f"table.leads{suffix}", lang,
                                     seat=explain.seat_name(leader, lang)))
            assert caption.endswith(f" · {said}"), (cards, caption)
            assert (said_entame in said) is first, said
        if cards % 4:
            assert first_tag(page, "bt-table-play") == (entame if first else card_1)
        elif obs.tricks:                        # the last pli, in its corner
            last = first_tag(page, "bt-table-last-play")
            assert last == (entame if len(obs.tricks) == 1 else card_1), (cards, last)
    review = [render_last_trick(t, lang=lang, number=i)
              for i, t in enumerate(mid_play(cards=12).tricks, start=1)]
    assert [first_tag(p, "bt-table-last-play") for p in review] == [entame, card_1, card_1]

def test_the_taker_the_atout_and_the_dealer_are_marked() -> None:
    deal = mid_play(cards=4)
    contract = deal.contract
    assert contract is not None
    for lang in ("en", "fr"):
        root = parse(render_table(deal.observation(Seat.SOUTH), lang=lang))
        taker = seat_group(root, contract.taker)
        assert taker.one("bt-table-taker").text().startswith(
            "taker" if lang == "en" else "preneur")
        assert len(root.all("bt-table-taker")) == 1
        atout = root.one("bt-table-box-atout").text()
        assert explain.suit_name(contract.trump, lang) in atout
        assert contract.trump.symbol in atout
        assert explain.seat_name(contract.taker, lang) in atout
        dealer = root.one("bt-table-dealer")
        assert seat_group(root, deal.dealer) in dealer.ancestors()
        name = "Dealer (donneur)" if lang == "en" else "Donneur"
        assert dealer.attrs["role"] == "img"                      # named, and a tooltip
        assert dealer.attrs["aria-label"] == dealer.attrs["title"] == name
        assert dealer.text() == "D"


def test_bidding_shows_the_turned_card_and_who_said_what() -> None:
    deal = Deal.new(Seat.WEST, rng=11)
    deal.bid("pass")            # South
    deal.bid("pass")            # East
    obs = deal.observation(Seat.SOUTH)
    said = spoken_words(obs, "fr")
    assert said == {Seat.SOUTH: "Je passe", Seat.EAST: "Je passe"}
    root = parse(render_table(obs, lang="fr", spoken=said))
    turned = root.one("bt-table-turned").one("bt-card")
    assert turned.attrs["data-card"] == str(deal.turned)
    assert turned.attrs["aria-label"] == explain.card_name(deal.turned, "fr")
    assert "Enchères, tour 1" in root.one("bt-table-centre").text()
    assert "Je passe" in seat_group(root, Seat.EAST).one("bt-table-says").text()
    assert "Je passe" in seat_group(root, Seat.SOUTH).one("bt-table-says").text()
    assert not seat_group(root, Seat.NORTH).all("bt-table-says")
    assert "à parler" in seat_group(root, Seat.NORTH).one("bt-table-turn-chip").text()
    assert not root.all("bt-table-box-atout")  # no atout before a take


def test_spoken_words_name_announcements_and_belote() -> None:
    # North declared a cent in pli 1
    deal = mid_play(seed=3, cards=3, dealer=Seat.SOUTH, players_seed=None)
    said = spoken_words(deal.observation(Seat.SOUTH), "en")
    assert said[Seat.NORTH] == "cent"
    # belote said with a card of the pli on the table
    deal = mid_play(seed=1, cards=10, dealer=Seat.SOUTH, players_seed=None)
    trick = deal.trick
    assert trick is not None
    call = next(c for c in deal.belote_calls if c.card in trick.cards)
    said = spoken_words(deal.observation(Seat.SOUTH), "fr")
    assert said[call.seat].endswith(f"{call.word.capitalize()}\u00a0!")


def test_spoken_words_are_escaped_and_drawn_by_their_seat() -> None:
    deal = mid_play()
    nasty = '<script>alert("x")</script> & co'
    page = render_table(deal.observation(Seat.SOUTH), lang="en",
                        spoken={Seat.WEST: nasty, Seat.NORTH: "Belote!"})
    assert "<script>" not in page and "&lt;script&gt;" in page
    root = parse(page)
    assert not root.all(lambda n: n.tag == "script")
    assert nasty in seat_group(root, Seat.WEST).one("bt-table-says").text()
    assert "Belote!" in seat_group(root, Seat.NORTH).one("bt-table-says").text()


def test_the_hand_is_sorted_with_the_atouts_first_and_not_clickable() -> None:
    deal = mid_play(cards=4)
    obs = deal.observation(Seat.SOUTH)
    root = parse(render_table(obs, lang="en"))
    hand = root.one("bt-table-hand")
    shown = [Card.parse(n.attrs["data-card"]) for n in hand.all("bt-card")]
    assert shown == hand_order(obs.hand, obs.trump)
    assert not root.all(lambda n: n.tag == "button")
    groups = hand.all("bt-table-suit")
    assert [len(g.all("bt-card")) for g in groups] == [
        sum(1 for c in obs.hand if c.suit is s) for s in dict.fromkeys(c.suit for c in shown)]
    trumps = [g for g in groups if g.has("bt-table-suit-atout")]
    assert any(c.suit is obs.trump for c in obs.hand)       # South holds the 7♠
    assert trumps == groups[:1] and "Atout" in trumps[0].text()
    assert trumps[0].attrs["aria-label"] == f"Trump (atout): {explain.suit_name(obs.trump, 'en')}"
    assert hand.attrs["aria-label"] == f"Your hand ({len(obs.hand)})"
    hidden_hand = parse(render_table(obs, lang="en", show_hand=False))
    assert not hidden_hand.all("bt-table-hand")
    assert all(Card.parse(n.attrs["data-card"]) in deal.played_cards
               for n in hidden_hand.all("bt-card"))


def test_deal_points_and_game_score_with_the_target() -> None:
    deal = mid_play(cards=12)   # three plis played
    obs = deal.observation(Seat.SOUTH)
    root = parse(render_table(obs, lang="en", game_totals={Team.NS: 420, Team.EW: 380},
                              target=1000))
    box = root.one("bt-table-box-deal")
    won = {n.attrs["data-team"]: int(n.attrs["data-points"]) for n in box.all(
        lambda n: "data-points" in n.attrs)}
    assert won == {str(t): v for t, v in deal.card_points.items()}
    assert f"{deal.tricks_won[Team.NS]} pli" in box.text()
    game = root.one("bt-table-box-game")
    assert "Nous 420" in game.text() and "Eux 380" in game.text() and "target 1000" in game.text()
    # seen from West, Nous is EW
    root = parse(render_table(deal.observation(Seat.WEST), lang="en",
                              game_totals={Team.NS: 420, Team.EW: 380}))
    assert root.one("bt-table-box-game").text().startswith("Game Nous 380 Eux 420")


def test_the_last_trick() -> None:
    deal = mid_play(cards=10)
    last = deal.tricks[-1]
    root = parse(render_last_trick(last, lang="en", me=Seat.SOUTH))
    items = root.all(lambda n: n.has("bt-table-last-play"))
    assert [(n.attrs["data-seat"], n.attrs["data-card"]) for n in items] == [
        (str(p.seat), str(p.card)) for p in last.plays]
    won = [n for n in items if n.has("bt-table-last-won")]
    assert [n.attrs["data-seat"] for n in won] == [str(last.winner)]
    section = root.one(lambda n: n.tag == "section")
    assert section.attrs["data-points"] == str(last.points)
    team = "Nous" if last.winner.team is Team.NS else "Eux"
    summary = root.one("bt-table-last-sum").text()
    assert summary == (f"won by {explain.seat_name(last.winner, 'en')} ({team}) · "
                       f"{last.points} card points")
    assert root.one(lambda n: n.tag == "h4").text() == "Last pli"
    french = parse(render_last_trick(last, lang="fr", dix_de_der=True))
    assert french.one("bt-table-last-sum").text().endswith(f"+ {DIX_DE_DER} (dix de der)")
    with pytest.raises(PhaseError):
        render_last_trick(Trick("H", Seat.SOUTH, ["7H"]), lang="en")
    # in the review of a whole deal, each pli is titled by its place
    numbered = parse(render_last_trick(last, lang="fr", number=3))
    assert numbered.one(lambda n: n.tag == "h4").text() == "Pli 3"
    assert numbered.one(lambda n: n.tag == "section").attrs["aria-label"] == "Pli 3"
    for bad in (0, 9, True, "3"):
        with pytest.raises(ValueError, match="number must be the pli's place"):
            render_last_trick(last, lang="en", number=bad)  # type: ignore[arg-type]
    # shown in a corner of the table on demand
    table = parse(render_table(deal.observation(Seat.SOUTH), lang="en", last_trick_shown=True))
    corner = table.one("bt-table-corner")
    assert [n.attrs["data-card"] for n in corner.all("bt-table-last-play")] == [
        str(c) for c in last.cards]
    assert not parse(render_table(deal.observation(Seat.SOUTH), lang="en")).all(
        "bt-table-corner")


def test_every_card_has_a_spoken_label_and_a_suit_symbol() -> None:
    deal = mid_play(cards=9)
    for lang in ("en", "fr"):
        root = parse(render_table(deal.observation(Seat.SOUTH), lang=lang,
                                  last_trick_shown=True))
        section = root.one(lambda n: n.tag == "section" and n.has("bt-table-wrap"))
        assert section.attrs["aria-label"] == ("Card table" if lang == "en" else "Table de jeu")
        assert root.all(lambda n: n.tag == "h3")
        cards = root.all("bt-card")
        assert len(cards) >= 8
        for node in cards:
            card = Card.parse(node.attrs["data-card"])
            assert node.attrs["role"] == "img"
            assert node.attrs["aria-label"] == explain.card_name(card, lang)
            assert card.suit.symbol in node.text()
        for group in root.all("bt-table-seat"):
            assert group.attrs["role"] == "group" and group.attrs["aria-label"]


def test_passed_out_deal() -> None:
    deal = Deal.new(Seat.SOUTH, rng=3)
    for _ in range(8):
        deal.bid("pass")
    assert deal.phase is Phase.PASSED_OUT
    root = parse(render_table(deal.observation(Seat.SOUTH), lang="en"))
    assert "nobody scores (R2.6)" in root.one("bt-table-centre").text()
    assert not root.all("bt-table-turn-chip")


# ------------------------------------------------------------------------- the score sheet
def breakdown_lines(node: Node) -> dict[str, list[str]]:
    """The lines of one deal summary: key → its [Nous, Eux] cells as text."""
    lines = {}
    for row in node.all(lambda n: n.tag == "tr" and "data-line" in n.attrs):
        cells = [c for c in row.children if isinstance(c, Node) and c.tag == "td"]
        lines[row.attrs["data-line"]] = [c.text() for c in cells]
    return lines


def first_number(text: str) -> int | None:
    words = text.replace("→", " ").split()
    return int(words[0]) if words and words[0].isdigit() else None


def check_breakdown(node: Node, score: ScoreBreakdown, nous: Team) -> None:
    order = (nous, nous.other)
    lines = breakdown_lines(node)
    assert node.attrs["data-outcome"] == score.outcome.value

    def column(key: str) -> list[int | None]:
        return [first_number(cell) for cell in lines[key]]

    assert column("tricks") == [score.tricks[t] for t in order]
    assert column("total") == [score.totals[t] for t in order]
    assert column("marks") == [score.marks[t] for t in order]
    cards = column("cards") if "cards" in lines else column("cards_with_der")
    der = column("dix_de_der") if "dix_de_der" in lines else [None, None]
    assert [c + (d or 0) for c, d in zip(cards, der, strict=True)] == [
        score.card_points[t] for t in order]
    if score.belote is not None:
        assert column("belote")[order.index(score.belote)] == 20
    if "announcements" in lines:
        assert [n or 0 for n in column("announcements")] == [
            score.announcement_points[t] for t in order]
    # the marked lines add up to the exact marks (R6.3–R6.6)
    marked = node.one("bt-sheet-marked")
    rows = [r for r in marked.all(lambda n: n.tag == "tr" and "data-line" in n.attrs)
            if r.attrs["data-line"] not in ("marks", "exact", "rounded", "to_reserve")]
    sums = [0, 0]
    for row in rows:
        cells = [c for c in row.children if isinstance(c, Node) and c.tag == "td"]
        for i, cell in enumerate(cells):
            sums[i] += first_number(cell.text()) or 0
    assert sums == [score.exact_marks[t] for t in order]
    if score.outcome is Outcome.LITIGE:
        put = score.reserve_after - score.reserve_before
        assert lines["to_reserve"][order.index(score.takers)] == f"→ {put}"
    if score.outcome is Outcome.CAPOT:
        assert score.capot is not None
        assert column("capot")[order.index(score.capot)] == score.rules.capot_points
    if score.rounded:
        assert column("exact") == [score.exact_marks[t] for t in order]
        assert column("rounded") == [score.marks[t] for t in order]


def check_sheet(sheet: ScoreSheet, lang: str) -> Node:
    root = parse(render_score_sheet(sheet, lang=lang, target=sheet.target))
    nous, eux = sheet.nous, sheet.eux
    bodies = root.all("bt-sheet-deal-rows")
    assert len(bodies) == len(sheet)
    for body, entry in zip(bodies, sheet.entries, strict=True):
        row = entry.row
        main = body.one("bt-sheet-row")
        assert main.attrs["data-deal"] == str(row.number)
        marks = {n.attrs["data-team"]: n for n in main.all(lambda n: "data-mark" in n.attrs)}
        assert int(marks[str(nous)].attrs["data-mark"]) == entry.nous
        assert int(marks[str(eux)].attrs["data-mark"]) == entry.eux
        assert int(marks[str(nous)].attrs["data-total"]) == entry.nous_total
        assert int(marks[str(eux)].attrs["data-total"]) == entry.eux_total
        assert numbers(marks[str(nous)]) == [entry.nous, entry.nous_total]
        contract = main.one("bt-sheet-contract").text()
        if row.breakdown is None:
            assert "R2.6" in contract and not body.all(lambda n: n.tag == "details")
            continue
        assert row.contract is not None and row.outcome is not None
        assert explain.seat_name(row.contract.taker, lang) in contract
        assert explain.suit_name(row.contract.trump, lang) in contract
        details = body.one(lambda n: n.tag == "details")
        assert "open" not in details.attrs               # on demand
        assert details.one(lambda n: n.tag == "summary").text().endswith(str(row.number))
        check_breakdown(details.one("bt-sheet-deal"), row.breakdown, nous)
    total = root.one("bt-sheet-total")
    assert {n.attrs["data-team"]: int(n.attrs["data-total"])
            for n in total.all(lambda n: "data-total" in n.attrs)} == {
        str(t): v for t, v in sheet.totals.items()}
    assert root.one("bt-sheet-target").attrs["data-target"] == str(sheet.target)
    head = root.one("bt-sheet-table").child("thead").text()
    assert head.index("Nous") < head.index("Eux")
    return root


def test_score_sheet_of_a_club_game_with_a_capot_and_a_litige(game_99: Game) -> None:
    sheet = game_99.sheet
    outcomes = [row.outcome for row in sheet]
    assert Outcome.CAPOT in outcomes and Outcome.LITIGE in outcomes and None in outcomes
    for lang in ("en", "fr"):
        root = check_sheet(sheet, lang)
        winner = root.one("bt-sheet-winner")
        assert winner.attrs["data-winner"] == str(sheet.winner)
        assert "R6.8" in winner.text()
        assert str(sheet.totals[Team.EW]) in winner.text()
        reserve = root.one("bt-sheet-reserve")
        assert int(reserve.attrs["data-reserve"]) == sheet.reserve > 0
        badges = [n.text() for n in root.all("bt-sheet-badge")
                  if not any(a.tag == "details" for a in n.ancestors())]
        assert "capot" in badges and "litige" in badges and "dedans" in badges
        assert ("Eux win" if lang == "en" else "l'équipe Eux l'emporte") in winner.text()


def test_score_sheet_of_many_club_games_rounding_and_ffb2016() -> None:
    for seed, rules in ((17, CLASSIC), (1, CLASSIC.replace(rounding=True)), (8, FFB2016)):
        game = club_game(seed, rules)
        root = check_sheet(game.sheet, "en")
        if rules.rounding:
            assert root.all(lambda n: n.attrs.get("data-line") == "rounded")
        if not rules.announcements:
            assert not root.all(lambda n: n.attrs.get("data-line") == "announcements")


def test_score_sheet_from_the_other_team(game_99: Game) -> None:
    sheet = ScoreSheet(game_99.sheet.rows, nous=Seat.WEST, target=1000)
    root = check_sheet(sheet, "fr")
    heads = root.one("bt-sheet-table").child("thead").all(lambda n: "data-team" in n.attrs)
    assert [n.attrs["data-team"] for n in heads] == ["EW", "NS"]
    assert "l'équipe Nous l'emporte" in root.one("bt-sheet-winner").text()
    assert "Ouest" in heads[0].text()


def test_empty_sheet_and_a_wrong_target() -> None:
    root = parse(render_score_sheet(ScoreSheet(), lang="en", target=1000))
    assert "No deal played yet." in root.text()
    assert root.one("bt-sheet-total").text() == "Total 0 0"
    assert not root.all("bt-sheet-winner")
    assert "Target: 501 points" in render_score_sheet(ScoreSheet(target=501), lang="en")
    with pytest.raises(ValueError, match="target 501"):
        render_score_sheet(ScoreSheet(), lang="en", target=501)


# ------------------------------------------------------------------------- one deal
@pytest.mark.parametrize(("kwargs", "line", "expected"), [
    # dedans: the defenders NS score 162 + their belote (R6.4)
    ({"takers": "EW", "card_points": {"NS": 100, "EW": 62}, "tricks": {"NS": 5, "EW": 3},
      "belote": "NS", "dix_de_der": "NS"}, "dedans", [162, None]),
    # capot by the takers (R6.5)
    ({"takers": "NS", "card_points": {"NS": 162, "EW": 0}, "tricks": {"NS": 8, "EW": 0}},
     "capot", [250, None]),
    # a revoke by the takers EW: NS score as if they had won (R3.8)
    ({"takers": "EW", "card_points": {"NS": 40, "EW": 122}, "tricks": {"NS": 2, "EW": 6},
      "revoke": "EW", "belote": "EW", "dix_de_der": "EW"}, "revoke", [162, None]),
    # a litige with a reserve of 40 waiting: the reserve grows (R6.6)
    ({"takers": "NS", "card_points": {"NS": 81, "EW": 81}, "tricks": {"NS": 4, "EW": 4},
      "reserve": 40, "dix_de_der": "EW"}, "litige", [None, 81]),
    # made, winning the reserve; rounding on (R6.6, R6.7)
    ({"takers": "NS", "card_points": {"NS": 97, "EW": 65}, "tricks": {"NS": 5, "EW": 3},
      "reserve": 81, "dix_de_der": "NS", "rules": {"rounding": True}}, "reserve_won",
     [81, None]),
])
def test_deal_breakdown_lines(kwargs: dict, line: str, expected: list[int | None]) -> None:
    score = score_deal(**kwargs)
    for lang in ("en", "fr"):
        root = parse(render_deal_breakdown(score, lang=lang))
        node = root.one("bt-sheet-deal")
        check_breakdown(node, score, Team.NS)
        assert [first_number(c) for c in breakdown_lines(node)[line]] == expected
        verdict = node.one("bt-sheet-verdict").text()
        assert verdict.endswith(")."), verdict          # names its rule
    eux_first = parse(render_deal_breakdown(score, lang="en", nous=Team.EW))
    check_breakdown(eux_first.one("bt-sheet-deal"), score, Team.EW)


def test_deal_breakdown_words() -> None:
    score = score_deal(takers="EW", card_points={"NS": 88, "EW": 74},
                       tricks={"NS": 4, "EW": 4}, belote="EW", dix_de_der="NS")
    en = parse(render_deal_breakdown(score, lang="en")).text()
    assert ("The takers (Eux) have 94, the defenders (Nous) 88: the contract is made" in en)
    fr = parse(render_deal_breakdown(score, lang="fr")).text()
    assert "Les preneurs (Eux) ont 94, la défense (Nous) 88 : le contrat est fait" in fr
    assert "Bilan de la donne" in fr and "Dix de der (R1.4)" in fr and "Marqué" in fr


def test_announcements_in_the_breakdown_say_which_score(game_99: Game) -> None:
    rows = [r for r in game_99.sheet
            if r.breakdown is not None and any(r.breakdown.announcements.values())]
    assert rows
    for row in rows:
        score = row.breakdown
        assert score is not None
        lines = breakdown_lines(parse(render_deal_breakdown(score, lang="en")))
        for team, cell in zip((Team.NS, Team.EW), lines["announcements"], strict=True):
            if score.announcements[team]:
                assert ("not scored" in cell) == (team is not score.announcement_winner)


# ------------------------------------------------------------------------- languages
def test_unknown_language_is_refused(game_99: Game) -> None:
    deal = mid_play()
    score = game_99.sheet[0].breakdown
    assert score is not None
    calls: list[Callable[[], object]] = [
        lambda: render_table(deal.observation(Seat.SOUTH), lang="de"),
        lambda: render_last_trick(deal.tricks[0], lang="de"),
        lambda: render_score_sheet(game_99.sheet, lang="de", target=1000),
        lambda: render_deal_breakdown(score, lang="de"),
        lambda: spoken_words(deal.observation(Seat.SOUTH), "de"),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="unknown language 'de'"):
            call()


def test_both_languages_use_their_catalog() -> None:
    deal = mid_play(cards=9)
    en = parse(render_table(deal.observation(Seat.SOUTH), lang="en")).text()
    fr = parse(render_table(deal.observation(Seat.SOUTH), lang="fr")).text()
    assert "Partner" in en and "Partenaire" in fr and "Partner" not in fr
    assert "North" in en and "Nord" in fr
    assert "Atout" in en and "Atout" in fr          # French terms stay French
    sheet_fr = parse(render_score_sheet(ScoreSheet(), lang="fr", target=1000)).text()
    assert "Feuille de marque" in sheet_fr and "Nous" in sheet_fr and "Eux" in sheet_fr


# ------------------------------------------------------------------------- accessibility
def _css_rules() -> list[tuple[list[str], str]]:
    """The innermost rules of the course's stylesheet: (selectors, declarations)."""
    from belote_teach.render import STYLE

    text = re.sub(r"/\*.*?\*/", "", STYLE, flags=re.DOTALL)
    return [([s.strip() for s in selectors.split(",")], body)
            for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text)]


def _declared(selector: str, prop: str) -> list[str]:
    """The values the stylesheet gives ``prop`` in the rules that list ``selector``."""
    return [value.strip()
            for selectors, body in _css_rules() if selector in selectors
            for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+)", body) if name == prop]


def _custom_colour(name: str) -> str:
    """The first #rrggbb the stylesheet gives the custom property ``name``."""
    from belote_teach.render import STYLE

    match = re.search(rf"{re.escape(name)}:\s*(#[0-9a-fA-F]{{6}})\b", STYLE)
    assert match, f"style.css gives {name} no #rrggbb colour"
    return match[1].lower()


def _contrast(one: str, two: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours (1 to 21)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        red, green, blue = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                            for c in channels)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_four_colour_deck_gives_each_suit_its_own_readable_colour() -> None:
    from belote_teach.render import FOUR_COLOUR_CLASS

    four = {"S": _custom_colour("--bt-black"), "H": _custom_colour("--bt-red"),
            "D": _custom_colour("--bt-diamonds"), "C": _custom_colour("--bt-clubs")}
    assert len(set(four.values())) == 4, four
    for suit, colour in four.items():            # on the card's face, white to cream
        for face in ("#ffffff", "#f6f4ee", "#fbf7ea"):
            assert _contrast(colour, face) >= 4.5, (suit, colour, face)
    scope = f".{FOUR_COLOUR_CLASS}"
    for suit, prop in (("D", "--bt-diamonds"), ("C", "--bt-clubs")):
        for selector in (f'{scope} .bt-card[data-card$="{suit}"]', f"{scope} .bt-suit-{suit}"):
            assert _declared(selector, "color") == [f"var({prop})"], selector
    assert not _declared(f'{scope} .bt-card[data-card$="H"]', "color")   # ♥ stays red


def test_cards_and_suit_symbols_carry_the_suit_the_four_colour_rules_read() -> None:
    deal = mid_play(cards=9)
    obs = deal.observation(Seat.SOUTH)
    page = parse(render_table(obs, lang="en", show_hand=True))
    cards = page.all(lambda n: n.has("bt-card"))
    assert cards
    for card in cards:
        notation = card.attrs["data-card"]
        assert notation is not None and Card.parse(notation).suit.value == notation[-1]
    symbols = page.all("bt-table-sym")
    assert symbols
    for symbol in symbols:
        suits = [c for c in symbol.classes if c.startswith("bt-suit-")]
        assert len(suits) == 1 and Suit.parse(symbol.text()).value == suits[0][-1]
    chip = parse(table_html(Trick(Suit.DIAMONDS, Seat.WEST, []), Seat.SOUTH, "en"))
    assert chip.all(lambda n: n.has("bt-big") and n.has("bt-suit-D"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_that_may_not_be_played_says_so_besides_its_colour(lang: str) -> None:
    card = Card.parse("7D")
    name = explain.card_name(card, lang)
    dim = parse(card_button(card, lang, "dim")).one("bt-card")
    assert dim.tag == "button" and dim.has("bt-dim")
    assert dim.attrs["aria-label"] == name                      # the name stays the card's
    assert dim.attrs["title"] == explain.text("card_not_playable", lang, card=name)
    assert dim.attrs["title"] != name and name in dim.attrs["title"]
    plain = parse(card_button(card, lang)).one("bt-card")
    assert plain.attrs["title"] == plain.attrs["aria-label"] == name
    assert any("dashed" in value for value in _declared(".bt-card.bt-dim", "border"))


@pytest.mark.parametrize("interactive", [True, False])
def test_a_hand_is_a_group_of_named_cards(interactive: bool) -> None:
    cards = [Card.parse(c) for c in ("JH", "9H", "AS", "7D")]
    hand = parse(hand_html(cards, "fr", interactive=interactive)).one("bt-hand")
    assert hand.attrs["role"] == "group"                 # a list would need list items
    assert hand.attrs["aria-label"] == explain.text("your_hand", "fr")
    shown = hand.all("bt-card")
    assert len(shown) == 4
    for node in shown:
        assert node.tag == ("button" if interactive else "div")
        assert interactive or node.attrs["role"] == "img"
        notation = node.attrs["data-card"]
        assert notation is not None
        assert node.attrs["aria-label"] == explain.card_name(Card.parse(notation), "fr")


@pytest.mark.parametrize(("lang", "none", "one"), [("en", "0 plis", "1 pli"),
                                                   ("fr", "0 pli", "1 pli")])
def test_the_bar_counts_plis_as_the_language_does(lang: str, none: str, one: str) -> None:
    """French takes the singular for 0 and 1 ("0 pli"), English for 1 only ("0 plis")."""
    deal = Deal.new(Seat.SOUTH, rng=3)
    deal.bid("take")
    while len(deal.tricks) < 1:
        deal.play(next(iter(deal.legal_plays)))
    text = re.sub(r"<[^>]+>", " ", render_table(deal.observation(Seat.SOUTH), lang=lang))
    text = re.sub(r"\s+", " ", text.replace("\u00a0", " "))
    counts = re.findall(r"\b[01] plis?\b", text)
    assert set(counts) == {none, one}
