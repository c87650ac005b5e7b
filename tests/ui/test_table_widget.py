"""The table widget (belote_teach.ui.table.TableApp) played by clicks, without a browser:
a whole deal, illegal clicks, clicks out of turn and double clicks, the last trick, undo,
a passed-out deal and a game; the language switched mid-deal."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from test_session import passed_out_seed

from belote_teach import explain
from belote_teach.coach.session import TableSession
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.bidding import PASS, Bid
from belote_teach.engine.cards import DECK, Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.game import Game
from belote_teach.explain import calls as call_text
from belote_teach.explain.calls import bid_words
from belote_teach.players import make_player
from belote_teach.render import FOUR_COLOUR_CLASS
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.language import UnknownLanguageError
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.table import TableApp

CLUB = make_player("club")
PRACTICE_DEALS = load_practice_deals()


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
    titles = re.findall(r'<h4 class="bt-table-last-title">([^<]*)</h4>', review)
    assert titles == [f"Pli {n}" for n in range(1, len(deal.tricks) + 1)]
    assert 'class="bt-root bt-table-review"' in review     # the card colours apply
    app.set_language("fr")
    titles = re.findall(r'<h4 class="bt-table-last-title">([^<]*)</h4>', app.review.value)
    assert titles == [f"Pli {n}" for n in range(1, len(deal.tricks) + 1)]
    assert "Dernier pli" not in app.review.value


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
    assert app.undo_button.disabled                    # nothing to take back yet
    _click_bid(app)
    assert app.undo_button.disabled
    _click_card(app)
    assert not app.last_button.disabled and not app.undo_button.disabled
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
    from belote_teach.course.practice import load_practice_deals
    from belote_teach.engine.scoring import Outcome

    deals = load_practice_deals()
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


# ---------------------------------------------------------------------- language switch
#: English words a French table must not show (whole words, any case).
ENGLISH = re.compile(r"\b(?:the|your|you|deal|trick|hint|undo|replay|review|next|take|"
                     r"pass|game|rules|computer|coach on|score sheet|debrief|show|seconds|"
                     r"declare|is playing|is bidding|turn|north|south|east|west)\b", re.IGNORECASE)


def shown_texts(widget: object) -> list[str]:
    """The texts a learner reads in ``widget`` and its children: HTML without its tags,
    the ``aria-label`` and ``title`` a screen reader says, descriptions and the labels of
    choices."""
    texts: list[str] = []
    names = ["table_html", "hand_html", "feedback_html", "description"]
    if isinstance(widget, widgets.HTML):
        names.append("value")
    for name in names:
        value = getattr(widget, name, None)
        if isinstance(value, str):
            said = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', value))
            plain = re.sub(r"<style.*?</style>|<[^>]+>", " ", value, flags=re.DOTALL)
            texts.append(html.unescape(f"{plain} {said}"))
    if isinstance(widget, (widgets.Dropdown, widgets.ToggleButtons)):
        texts += [str(o[0] if isinstance(o, tuple) else o) for o in widget.options]
    for child in getattr(widget, "children", None) or ():
        texts += shown_texts(child)
    return texts


def english_in(widget: object) -> list[str]:
    """The words of :data:`ENGLISH` that ``widget`` shows (empty for a French widget)."""
    return [m.group(0) for text in shown_texts(widget) for m in ENGLISH.finditer(text)]


def test_the_english_check_finds_english() -> None:
    assert english_in(widgets.HTML("<p>Your turn</p>")) == ["Your", "turn"]
    assert english_in(widgets.VBox([widgets.Button(description="Hint")])) == ["Hint"]
    assert english_in(widgets.HTML('<p aria-label="jack of spades">V♠</p>')) == []
    assert english_in(widgets.HTML("<p>À toi de jouer : passe ou prends.</p>")) == []


def _status(app: TableApp) -> str:
    return html.unescape(app.status.value)


def _status_words(app: TableApp) -> str:
    """The status line's words alone (no tags)."""
    return re.sub(r"<[^>]+>", "", _status(app)).strip()


def test_the_table_switches_to_french_mid_deal_and_back() -> None:
    """Mid-deal, the status, buttons, pace label, hand and the coach's comment already
    shown turn French; the deal is untouched and goes on, the coach now in French."""
    app = _app()
    _click_bid(app)
    _click_card(app)
    deal = app.session.deal
    before, english_comment = deal.actions, app.board.feedback_html
    assert english_comment and english_in(app)
    app.set_language("fr")
    assert app.session.lang == "fr" and deal.actions == before
    assert explain.text("turn_card", "fr") in _status(app)
    for button, key in ((app.hint_button, "hint"), (app.undo_button, "undo"),
                        (app.last_button, "last_trick"), (app.replay_button, "replay_deal"),
                        (app.review_button, "review_deal"), (app.next_button, "next_deal"),
                        (app.pace_slider, "pace_label")):
        assert button.description == explain.text(key, "fr")
    assert app.board.feedback_html != english_comment       # the same comment, in French
    assert english_in(app) == []
    _click_card(app)                                         # the coach speaks French now
    assert len(deal.actions) > len(before) and app.board.feedback_html
    assert english_in(app) == []
    app.set_language("en")
    assert explain.text("turn_card", "en") in _status(app)
    assert app.hint_button.description == "Hint" and "Hint" not in english_in(
        widgets.HTML(app.board.feedback_html))
    for _ in range(8):
        if deal.phase.is_over:
            break
        _click_card(app)
    assert deal.phase is Phase.SCORED and "The deal is over" in _status(app)


def test_a_refused_card_and_a_hint_are_worded_again() -> None:
    """The rule that refused a card and the coach's hint switch language with the table
    (nothing asked of the coach again: its chance is not drawn from)."""
    app = _app()
    _click_bid(app)
    for _ in range(8):
        obs = app.session.observation
        illegal = [c for c in obs.hand if c not in obs.legal_plays]
        if illegal:
            break
        _click_card(app)
    else:
        raise AssertionError("no position with an illegal card in this deal")
    app.board.selected = str(illegal[0])
    rule = obs.legal_plays.rule
    assert explain.rule_title(rule, "en") in html.unescape(app.board.feedback_html)
    app.set_language("fr")
    refused = html.unescape(app.board.feedback_html)
    assert explain.rule_title(rule, "fr") in refused and rule.rule_id in refused
    assert english_in(app) == []
    app.hint_button.click()
    chance = app.session.coach_rng.getstate()
    assert explain.text("hint_title", "fr") in app.board.feedback_html
    app.set_language("en")
    assert explain.text("hint_title", "en") in app.board.feedback_html
    assert english_in(widgets.HTML(app.board.feedback_html))      # an English hint now
    assert app.session.coach_rng.getstate() == chance


def test_the_bidding_box_and_the_announcements_switch_language() -> None:
    """The bid buttons are named in the new language and still bid; a ticked
    announcement stays ticked, its box named in the new language."""
    app = _app()
    app.set_language("fr")
    assert explain.text("turn_bid", "fr") in _status(app)
    names = {bid: button.description for bid, button in app.bids.items()}
    assert names["take"] == call_text.bid_words(Bid.parse("take"), "fr") == "Je prends"
    assert english_in(app) == []
    _click_bid(app)
    assert app.session.deal.phase is Phase.PLAY
    for seed in range(60):                  # a deal whose first card comes with an annonce
        app = _app(seed)
        while app.bids:
            _click_bid(app)
        if app.announce:
            break
    else:
        raise AssertionError("no deal with an announcement to declare")
    app.announce[0].value = True
    offered = app.session.observation.announcements_available
    app.set_language("fr")
    assert app.announce[0].value is True and len(app.announce) == len(offered)
    assert [box.description for box in app.announce] == [
        call_text.announcement_name(a, "fr") for a in offered]
    assert html.unescape(app.announce_title.value) == explain.text("declare_with_card", "fr")
    app.board.selected = str(next(iter(app.session.observation.legal_plays)))
    assert app.session.deal.declared(Seat.SOUTH) == offered[:1]    # declared with the card
    assert english_in(app) == []


def test_a_bad_language_changes_nothing() -> None:
    app = _app()
    status = app.status.value
    with pytest.raises(UnknownLanguageError, match="'de'"):
        app.set_language("de")
    assert app.session.lang == "en" and app.status.value == status


# ---------------------------------------------------------------------------- accessibility
def test_the_four_colour_deck_check_box_paints_the_table() -> None:
    app = _app()
    assert app.four_colour.value is False and FOUR_COLOUR_CLASS not in app._dom_classes
    assert app.four_colour.description == explain.text("four_colour", "en")
    assert app.four_colour in app.children[5].children          # with the table's tools
    app.four_colour.value = True
    assert FOUR_COLOUR_CLASS in app._dom_classes
    app.set_language("fr")
    assert app.four_colour.description == explain.text("four_colour", "fr") != \
        explain.text("four_colour", "en")
    assert app.four_colour.value is True and FOUR_COLOUR_CLASS in app._dom_classes
    _click_bid(app)                                    # redraws keep the choice
    assert FOUR_COLOUR_CLASS in app._dom_classes
    app.four_colour.value = False
    assert FOUR_COLOUR_CLASS not in app._dom_classes
    ready = TableApp(TableSession(Deal.new(Seat.WEST, rng=3), rng=1), pace=0, four_colour=True)
    assert ready.four_colour.value is True and FOUR_COLOUR_CLASS in ready._dom_classes


def test_toggle_buttons_are_titled_by_their_words() -> None:
    """A toggle button without a tooltip says title="null" in the browser."""
    for seed in range(60):                     # a deal where South may say belote
        app = _app(seed)
        while app.bids:
            _click_bid(app)
        if app.belote.layout.display != "none":
            break
    else:
        raise AssertionError("no deal where South holds the atout K and Q")
    for lang in ("en", "fr"):
        app.set_language(lang)
        for toggle in (app.last_button, app.review_button, app.belote):
            assert toggle.tooltip == toggle.description != ""


def test_the_apps_keep_the_four_colour_deck_from_one_table_to_the_next(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    game = GameApp(store, pace=0)
    assert game.table is not None and game.four_colour is False
    game.table.four_colour.value = True
    assert game.four_colour is True and FOUR_COLOUR_CLASS in game._dom_classes  # the sheet too
    again = GameApp(store, pace=0)                     # saved with the game at once
    assert again.table is not None and again.table.four_colour.value is True
    assert FOUR_COLOUR_CLASS in again._dom_classes
    again.new_button.click()                           # a new game, the same deck
    assert again.table.four_colour.value is True
    again.table.four_colour.value = False
    assert FOUR_COLOUR_CLASS not in again._dom_classes
    assert GameApp(store, pace=0).four_colour is False

    practice = PracticeApp(PRACTICE_DEALS, pace=0)
    assert practice.table is not None
    practice.table.four_colour.value = True
    assert FOUR_COLOUR_CLASS in practice._dom_classes
    practice.choice.value = len(PRACTICE_DEALS) - 1
    practice.start_button.click()                      # the next deal, the same deck
    assert practice.table.four_colour.value is True
    assert FOUR_COLOUR_CLASS in practice.table._dom_classes


# ---------------------------------------------------------------------------- clicks in turn
PLAYED = re.compile(r'<li class="bt-table-play bt-table-play-\w+" data-seat="(\w)" '
                    r'data-card="(\w+)"')
CAPTION = re.compile(r'<p class="bt-table-caption">([^<]*)</p>')


def table_shows(app: TableApp) -> tuple[str, tuple[str, ...]]:
    """The caption of the table's centre and the cards in front of the players
    (``"S:JH"``, in play order)."""
    table = html.unescape(app.board.table_html)
    caption = CAPTION.search(table)
    return (caption.group(1) if caption else "",
            tuple(f"{seat}:{card}" for seat, card in PLAYED.findall(table)))


def _to_learner_card(app: TableApp) -> None:
    """Bid (the club player's choice) until the learner has a card to play (pace 0)."""
    for _ in range(10):
        if app.session.deal.phase is Phase.PLAY and app.learner_may_act:
            return
        _click_bid(app)
    raise AssertionError("the learner never got a card to play")


def test_a_click_while_a_computer_is_to_act_is_ignored_and_says_wait() -> None:
    """With a pace, the computers wait for the board to be shown in the page: a card or a
    bid clicked meanwhile (East is to bid) plays nothing and says "wait for your turn",
    in the learner's language, until the computers have played up to the learner's turn:
    then the words are gone."""
    app = TableApp(TableSession(Deal.new(Seat.SOUTH, rng=3), rng=1), pace=0.5)
    session = app.session
    assert session.computer_to_act and app.board.position == "" and app.bids == {}
    assert "East is bidding" in html.unescape(app.status.value)
    app.board.click(str(session.observation.hand[0]))
    app.bid("pass")
    assert session.deal.actions == () and app.board.selected == ""
    wait = html.escape(explain.text("wait_turn", "en"))
    assert wait in app.board.feedback_html and "Wait for your turn" in wait
    app.set_language("fr")
    assert html.escape(explain.text("wait_turn", "fr")) in app.board.feedback_html
    assert "Attends ton tour\u00a0:" in explain.text("wait_turn", "fr")
    app.pace = 0                                # the computers then play at once
    app.board.shown = True                      # the page draws the board: they bid
    assert session.learner_to_act and session.deal.actions
    assert app.notice == ""                     # "wait" no longer holds: it is gone
    assert "Attends ton tour" not in html.unescape(app.board.feedback_html)


def test_a_click_made_on_an_earlier_position_is_ignored() -> None:
    """The token of the drawing a click was made on comes back with it: a card clicked on
    an earlier drawing (the hand as it was before the computers played) is not played in
    the learner's next turn, nor is a bid button left from an earlier bidding box, and
    the page says so; a click on the drawing on screen is played."""
    app = _app()                                              # South bids first
    session = app.session
    deal = session.deal
    assert session.learner_to_act and deal.phase.is_bidding
    first_box = dict(app.bids)
    earlier = app.board.position
    _click_bid(app)
    _to_learner_card(app)
    assert app.board.position == session.position != earlier
    before = deal.actions
    hand = session.observation.hand
    app.board.click(str(hand[-1]), position=earlier)         # made on the bidding drawing
    first_box["pass"].click()                                 # a button no longer shown
    assert deal.actions == before
    assert html.escape(explain.text("stale_click", "en")) in app.board.feedback_html
    shown = app.board.position
    legal = next(iter(session.observation.legal_plays))
    app.board.click(str(legal), position=shown)               # the drawing on screen
    assert len(deal.actions) > len(before) and legal not in session.observation.hand
    assert explain.text("stale_click", "en") not in html.unescape(app.board.feedback_html)
    if session.learner_to_act:                                 # the same drawing again
        after = deal.actions
        app.board.click(str(session.observation.hand[0]), position=shown)
        assert deal.actions == after


def test_the_bidding_box_drawn_again_at_the_same_position_keeps_its_buttons() -> None:
    """A redraw of the position on screen (a hint, the language switched back, the board
    shown in the page) keeps the bidding box's buttons, so that a click the page made on
    them meanwhile is taken, not lost on a closed button; the next position gets new
    ones, and a switch of language words them again."""
    app = _app()                                              # South bids first
    box = dict(app.bids)
    app.redraw()
    app.hint_button.click()
    assert app.bids == box and all(a is b for a, b in zip(app.bids.values(), box.values(),
                                                          strict=True))
    app.set_language("fr")
    assert app.bids.keys() == box.keys() and app.bids["pass"] is not box["pass"]
    assert app.bids["pass"].description == bid_words(PASS, "fr")
    french = dict(app.bids)
    app.set_language("fr")
    assert app.bids["pass"] is french["pass"]
    before = len(app.session.deal.actions)
    box_now = app.bids
    _click_bid(app)                                           # on the buttons kept
    assert len(app.session.deal.actions) > before
    assert all(button is not box_now[name] for name, button in app.bids.items()
               if name in box_now)


def test_every_trick_is_drawn_card_by_card_at_the_pace() -> None:
    """A whole deal at a (short) pace on an event loop, the learner clicking as soon as
    the table waits for them: every card is drawn on its own, each trick stays on the
    table with its four cards before the next lead, and nothing is played before the
    board is shown in the page."""
    import asyncio

    drawn: list[tuple[str, tuple[str, ...]]] = []

    async def play() -> TableApp:
        app = TableApp(TableSession(Deal.new(Seat.SOUTH, rng=3), rng=1, coaching=False),
                       pace=0.01)
        assert app.session.deal.actions == ()                 # the board is not shown yet
        over = asyncio.Event()

        def drew(change: dict[str, object]) -> None:
            shows = table_shows(app)
            if not drawn or drawn[-1] != shows:
                drawn.append(shows)

        def learner_turn() -> None:
            if app.session.deal.phase.is_over:
                over.set()
            elif app.board.position:
                if app.bids:
                    _click_bid(app)
                else:
                    _click_card(app)

        app.board.observe(drew, names="table_html")
        app.board.observe(lambda change: asyncio.get_running_loop().call_soon(learner_turn),
                          names=["position", "table_html"])
        app.board.shown = True                                # the page has drawn it
        await asyncio.wait_for(over.wait(), timeout=60)
        return app

    app = asyncio.run(play())
    deal = app.session.deal
    assert deal.phase.is_over and len(deal.tricks) == 8
    for number, trick in enumerate(deal.tricks, 1):
        plays = tuple(f"{p.seat}:{p.card}" for p in trick.plays)
        caption = f"Pli {number} of 8"
        seen = [cards for shown, cards in drawn if cards and cards == plays[:len(cards)]
                and (shown.startswith(caption) or (number == 8 and shown.startswith("Deal over")))]
        assert sorted(set(map(len, seen))) == [1, 2, 3, 4], (number, seen)
    held = [i for i, (shown, cards) in enumerate(drawn) if len(cards) == 4
            and not shown.startswith("Deal over")]
    assert len(held) == 7                                     # the eighth: the deal over
    for i in held:                                            # then the next pli, led
        assert drawn[i + 1][0] != drawn[i][0] and len(drawn[i + 1][1]) <= 1


def test_the_coach_starts_while_the_card_before_the_learners_turn_is_still_shown() -> None:
    """At a pace, the computer's card before the learner's turn stays alone on the table
    for one pace, clicks refused: the coach's evaluation of the learner's card is already
    under way then, so that pace counts as thinking time. The status then says who played
    what, the learner's turn next (never the learner's own seat "is playing")."""
    import asyncio

    seen: list[tuple[bool, bool]] = []                       # (clicks taken, coach started)
    held: list[tuple[str, str]] = []                         # (status, the card before)

    async def play() -> TableApp:
        app = TableApp(TableSession(Deal.new(Seat.SOUTH, rng=3), rng=1), pace=0.05)
        session = app.session
        done = asyncio.Event()

        def learner_turn() -> None:
            if len(session.deal.tricks) >= 3 or session.deal.phase.is_over:
                done.set()
            elif session.deal.phase is Phase.PLAY and session.learner_to_act:
                seen.append((app.learner_may_act, session.coach_ready is not None))
                trick = session.deal.trick
                if not app.learner_may_act and trick is not None and trick.plays:
                    last = trick.plays[-1]
                    held.append((_status_words(app), f"{last.seat.name.title()} played "
                                               f"{explain.card_short(last.card, 'en')}"))
            if app.learner_may_act and not done.is_set():
                if app.bids:
                    _click_bid(app)
                else:
                    _click_card(app)

        app.board.observe(lambda change: asyncio.get_running_loop().call_soon(learner_turn),
                          names=["position", "table_html"])
        app.board.shown = True
        await asyncio.wait_for(done.wait(), timeout=120)
        return app

    asyncio.run(play()).stop()
    waiting = [started for may_act, started in seen if not may_act]
    assert waiting and all(waiting)           # the coach under way before clicks are taken
    assert any(may_act for may_act, _ in seen)
    assert held
    for status, played in held:
        assert status == f"{played}. Your turn next.", status


def test_the_deal_over_is_told_with_the_last_card() -> None:
    """At a pace, the apps hear that the deal is over (the game app writes the score
    sheet, the practice app its debrief) as the table says so, with the last card, not a
    pace later: the last card of this deal is a computer's, played 2 s after the one
    before."""
    import asyncio

    said_over: list[float] = []
    told: list[float] = []

    async def play() -> TableApp:
        loop = asyncio.get_running_loop()
        app = TableApp(TableSession(Deal.new(Seat.SOUTH, rng=3), rng=1, coaching=False),
                       pace=0.01, on_deal_over=lambda a: told.append(loop.time()))
        done = asyncio.Event()

        def on_status(change: dict[str, object]) -> None:
            if app.session.deal.phase.is_over and not said_over:
                said_over.append(loop.time())
                loop.call_later(3.0, done.set)

        def learner_turn() -> None:
            deal = app.session.deal
            if len(deal.played_cards) >= 30:
                app.pace = 2.0                     # the last two cards, 2 s apart
            if app.learner_may_act and not deal.phase.is_over:
                if app.bids:
                    _click_bid(app)
                else:
                    _click_card(app)

        app.status.observe(on_status, names="value")
        app.board.observe(lambda change: loop.call_soon(learner_turn),
                          names=["position", "table_html"])
        app.board.shown = True
        await asyncio.wait_for(done.wait(), timeout=120)
        return app

    app = asyncio.run(play())
    app.stop()
    deal = app.session.deal
    assert deal.phase.is_over and deal.tricks[-1].plays[-1].seat is not Seat.SOUTH
    assert len(told) == 1
    assert told[0] - said_over[0] < 1.0           # not the 2 s pace later


@pytest.mark.parametrize("lang, words", [("en", "West says “{bid}”. Your turn next."),
                                          ("fr", "Ouest dit «\u00a0{bid}\u00a0». À toi ensuite.")])
def test_the_bid_before_the_learners_turn_is_told_while_it_is_held(lang: str,
                                                                   words: str) -> None:
    """At a pace, the bid made just before the learner's turn is held for one pace: the
    status names who bid what, the learner's turn next, in the page's language; while a
    computer bids, it says so ("is bidding", not "is playing")."""
    import asyncio

    statuses: list[str] = []

    async def bid_round() -> TableApp:
        app = TableApp(TableSession(Deal.new(Seat.NORTH, rng=4), rng=1), pace=0.05)
        app.set_language(lang)
        statuses.append(_status_words(app))
        done = asyncio.Event()

        def on_status(change: dict[str, object]) -> None:
            statuses.append(_status_words(app))
            if app.learner_may_act:
                done.set()

        app.status.observe(on_status, names="value")
        app.board.shown = True
        await asyncio.wait_for(done.wait(), timeout=60)
        return app

    app = asyncio.run(bid_round())
    app.stop()
    (seat, bid), = app.session.deal.bids
    assert seat is Seat.WEST
    expected = words.format(bid=call_text.bid_words(bid, lang))     # as the seat says it
    assert expected in statuses
    before = statuses[:statuses.index(expected)]
    assert before and all(s == ("West is bidding…" if lang == "en" else "Ouest parle…")
                          for s in before), before
    assert not any("South" in s or "Sud" in s for s in statuses[:-1])
