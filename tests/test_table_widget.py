"""The table widget (belote_teach.ui.table.TableApp) played by clicks, without a browser:
a whole deal, illegal clicks, clicks out of turn and double clicks, the last trick, undo,
a passed-out deal and a game."""

from __future__ import annotations

import random

from test_session import passed_out_seed

from belote_teach.cards import DECK, Seat
from belote_teach.deal import Deal, Phase
from belote_teach.game import Game
from belote_teach.players import make_player
from belote_teach.session import TableSession
from belote_teach.ui.table import TableApp

CLUB = make_player("club")


def _app(seed: int = 3, *, coaching: bool = True, dealer: Seat = Seat.WEST) -> TableApp:
    return TableApp(TableSession(Deal.new(dealer, rng=seed), rng=1, coaching=coaching),
                    pace=0)


def _click_bid(app: TableApp) -> None:
    bid = CLUB.choose_bid(app.session.observation, random.Random(0)).action
    app.bids[str(bid)].click()


def _click_card(app: TableApp) -> None:
    card = CLUB.choose_card(app.session.observation, random.Random(0)).action
    for box in app.announce:
        box.value = True
    app.board.selected = str(card)


def test_a_whole_deal_by_clicks() -> None:
    app = _app()
    deal = app.session.deal
    assert "Your turn to bid" in app.status.value and set(app.bids) == {"take", "pass"}
    _click_bid(app)
    assert deal.phase is Phase.PLAY and app.bids == {}
    assert "right bid" in app.board.feedback_html or "bid" in app.board.feedback_html
    for _ in range(8):
        if deal.phase.is_over:
            break
        assert "Your turn: click a card" in app.status.value
        assert 'data-card="' in app.board.hand_html
        _click_card(app)
        assert app.board.feedback_html                     # the coach comments each card
    assert deal.phase is Phase.SCORED and "The deal is over" in app.status.value
    assert 'data-card="' not in app.board.hand_html
    assert app.review_button.layout.display == "" and app.review.value == ""
    app.review_button.value = True                       # the whole deal, trick by trick
    review = app.review.value
    assert review.count("bt-table-last ") + review.count('bt-table-last"') >= 8
    for trick in deal.tricks:
        for play in trick.plays:
            assert f'data-card="{play.card}"' in review
    assert "dix de der" in review


def test_illegal_double_and_out_of_turn_clicks_change_nothing() -> None:
    app = _app()
    deal = app.session.deal
    app.board.selected = str(app.session.observation.hand[0])     # a card while bidding
    assert deal.actions == () and deal.phase.is_bidding
    _click_bid(app)
    for _ in range(8):
        obs = app.session.observation
        illegal = [c for c in obs.hand if c not in obs.legal_plays]
        if illegal:
            break
        _click_card(app)
    else:
        raise AssertionError("no position with an illegal card in this deal")
    before = deal.actions
    app.board.selected = str(illegal[0])
    assert deal.actions == before and app.board.selected == ""
    assert "bt-bad" in app.board.feedback_html and "R3" in app.board.feedback_html
    elsewhere = next(c for c in DECK if c not in obs.hand)
    app.board.selected = str(elsewhere)                           # a stale card
    assert deal.actions == before
    card = next(iter(obs.legal_plays))
    app.board.selected = str(card)
    after = deal.actions
    app.board.selected = str(card)                                # double click
    assert deal.actions == after


def test_last_trick_and_undo() -> None:
    app = _app()
    app.pace_slider.value = 1.2                        # the learner slows the computers
    assert app.pace == 1.2
    app.pace_slider.value = 0.0                        # (no event loop in this test)
    _click_bid(app)
    _click_card(app)
    assert not app.last_button.disabled
    app.last_button.value = True
    assert "bt-table-last" in app.board.table_html or "last" in app.board.table_html.lower()
    app.last_button.value = False
    hand = app.session.observation.hand
    before = app.session.deal.actions
    _click_card(app)
    app.undo_button.click()
    assert app.session.deal.actions == before and app.session.observation.hand == hand


def test_a_passed_out_deal_is_announced() -> None:
    app = _app(passed_out_seed(), dealer=Seat.SOUTH, coaching=False)
    while app.session.deal.phase.is_bidding:
        app.bids["pass"].click()
    assert app.session.deal.phase is Phase.PASSED_OUT
    assert "The deal is over" in app.status.value


def test_a_game_by_clicks_deal_after_deal() -> None:
    """A game to 501 (no auto advance): each finished deal stays on the table, the app
    calls back (the game app saves there) and "Next deal" deals the next one."""
    over: list[int] = []
    game = Game({"target": 501}, rng=5, auto_advance=False)
    app = TableApp(TableSession(game, rng=2, coaching=False), pace=0,
                   on_deal_over=lambda a: over.append(len(game.sheet)))
    for _ in range(400):
        if game.is_over:
            break
        if app.session.deal.phase.is_over:
            assert app.next_button.layout.display == ""
            app.next_button.click()
        elif app.bids:
            _click_bid(app)
        else:
            _click_card(app)
    assert game.is_over and game.winner is not None
    assert over == list(range(1, len(game.sheet) + 1))
    assert app.next_button.layout.display == "none"


def test_a_litige_deal_by_clicks() -> None:
    """The curated litige deal (81 all, preset ffb2016) played by clicks: the deal is
    scored as a litige and the table says the deal is over (R6.6)."""
    from pathlib import Path

    from belote_teach.practice import load_practice_deals
    from belote_teach.scoring import Outcome

    deals = load_practice_deals(Path(__file__).resolve().parents[1] / "notebooks" / "deals"
                                / "practice.yaml")
    litige = next(d for d in deals if d.id == "litige-81-all")
    app = TableApp(TableSession(litige.new_deal(), rng=0, coaching=False), pace=0)
    deal = app.session.deal
    for _ in range(20):
        if deal.phase.is_over:
            break
        if app.bids:
            _click_bid(app)
        else:
            _click_card(app)
    assert deal.score is not None and deal.score.outcome is Outcome.LITIGE
    assert "The deal is over" in app.status.value
