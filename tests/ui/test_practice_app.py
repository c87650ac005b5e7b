"""The practice app (belote_teach.ui.practice_app.PracticeApp) without a browser: a
curated deal played by clicks with the coach, then the debrief, each mistake clickable;
the EN / FR toggle switching the whole app mid-deal."""

from __future__ import annotations

import html
import json
import random
from collections.abc import Mapping
from pathlib import Path

import pytest
from test_table_widget import english_in, table_shows

from belote_teach import explain
from belote_teach.coach.calls import BidHint
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_practice import PRACTICE_PREFIX, PracticeStore
from belote_teach.course.store import MemoryStore
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Suit
from belote_teach.engine.deal import Phase
from belote_teach.engine.transcript import to_transcript
from belote_teach.players import make_player
from belote_teach.ui.practice_app import SAVED, PracticeApp
from belote_teach.ui.table import DEFAULT_PACE, TableApp

DEALS = load_practice_deals()
RANDOM = make_player("random")


def test_a_practice_deal_played_badly_gets_a_debrief(tmp_path: Path) -> None:
    """South plays random legal cards: the coach finds mistakes, listed at the end, and
    each one shows its position."""
    app = PracticeApp(DEALS, pace=0, progress=CourseProgress(tmp_path))
    assert app.coaching.value
    app.choice.value = next(i for i, d in enumerate(DEALS) if d.id == "charge-your-partner")
    for seed in range(8):                          # random play errs sooner or later
        app.start_button.click()
        assert "charge" in app.goal.value.lower()
        table = app.table
        assert table is not None
        rng = random.Random(seed)
        for _ in range(40):
            session = table.session
            if session.deal.phase.is_over:
                break
            if table.bids:
                table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
            else:
                table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
        assert table.session.deal.phase.is_over
        if table.session.mistakes:
            break
    rows = app.debrief.children
    assert rows and "Debrief" in rows[0].value
    mistakes = table.session.mistakes
    assert len(rows) == len(mistakes) + 1 and mistakes
    rows[1].children[0].click()
    assert "bt-table" in app.position.value
    for row in rows[1:]:            # each button as wide as its words, never squeezed
        button, review = row.children
        assert (button.layout.width, button.layout.flex) == ("auto", "0 0 auto")
        assert row.layout.flex_flow == "row wrap" and review.layout.min_width == "0"


def test_errors() -> None:
    with pytest.raises(ValueError, match="at least one"):
        PracticeApp(())
    with pytest.raises(ValueError, match="language"):
        PracticeApp(DEALS, lang="de")


def _play_to_the_end(table: TableApp, rng: random.Random) -> None:
    session = table.session
    for _ in range(40):
        if session.deal.phase.is_over:
            return
        if table.bids:
            table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
        else:
            table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
    raise AssertionError("the deal did not end")


def test_the_practice_app_switches_language_mid_deal_and_back(tmp_path: Path) -> None:
    """The toggle at the top right words the settings, the goal, the table and, once the
    deal is over, the debrief and the position shown in French, then back in English; the
    deal goes on and is recorded once."""
    progress = CourseProgress(tmp_path)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=progress)
    chosen = next(i for i, d in enumerate(DEALS) if d.id == "charge-your-partner")
    app.choice.value = chosen
    app.start_button.click()
    table = app.table
    assert table is not None and app.language.value == "en"
    top = app.children[0]
    assert top.children[-1] is app.language                   # top right
    rng = random.Random(1)
    while table.bids:
        table.bids[str(RANDOM.choose_bid(table.session.observation, rng).action)].click()
    table.board.selected = str(RANDOM.choose_card(table.session.observation, rng).action)
    actions = table.session.deal.actions
    app.language.value = "fr"
    assert app.lang == table.session.lang == "fr" and table.session.deal.actions == actions
    assert app.choice.value == chosen and app.choice.label == DEALS[chosen].title("fr")
    assert app.start_button.description == explain.text("practice_start", "fr")
    assert app.coaching.description == explain.text("coach_label", "fr")
    assert html.escape(DEALS[chosen].goal("fr"), quote=True) in app.goal.value
    assert explain.text("turn_card", "fr") in html.unescape(table.status.value)
    assert english_in(app) == []
    played = 0
    for seed in range(8):                                     # until the coach finds one
        _play_to_the_end(table, rng)
        played += 1
        if table.session.mistakes:
            break
        app.start_button.click()
        table = app.table
        assert table is not None
        rng = random.Random(seed)
    mistakes = table.session.mistakes
    assert mistakes and app.debrief.children
    app.debrief.children[1].children[0].click()
    assert "bt-table" in app.position.value and english_in(app) == []
    french_position = app.position.value
    title = explain.plural_key("debrief_title", len(mistakes), "fr")
    assert explain.text(title, "fr", n=len(mistakes)) in html.unescape(
        app.debrief.children[0].value)
    app.language.value = "en"
    title = explain.plural_key("debrief_title", len(mistakes), "en")
    assert explain.text(title, "en", n=len(mistakes)) in html.unescape(
        app.debrief.children[0].value)
    assert app.debrief.children[1].children[0].description == explain.text(
        "debrief_show", "en", n=1)
    assert app.position.value != french_position and "bt-table" in app.position.value
    assert "The deal is over" in html.unescape(table.status.value)
    assert dict(progress.read().record.practice) == {DEALS[chosen].id: played}  # once each
    app.language.value = "fr"
    app.start_button.click()                                  # a new deal, in French
    assert app.table is not None and app.table.session.lang == "fr"
    assert english_in(app) == []


# ---------------------------------------------------------------------------- saved hands
CHARGE = next(i for i, d in enumerate(DEALS) if d.id == "charge-your-partner")


def _half_played_with_a_mistake(app: PracticeApp) -> TableApp:
    """Deal "charge your partner" again until random cards make a mistake within the
    first four plis; the table, the deal not over."""
    app.choice.value = CHARGE
    for seed in range(20):
        app.start_button.click()
        table = app.table
        assert table is not None
        session, rng = table.session, random.Random(seed)
        while not session.deal.phase.is_over and len(session.deal.tricks) < 4:
            if table.bids:
                table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
            else:
                table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
        if session.mistakes and not session.deal.phase.is_over:
            return table
    raise AssertionError("random cards made no mistake in the first four plis")


def _words(table: TableApp) -> list[tuple[int, str, str, str]]:
    return [(m.actions, m.review.verdict_text("en"), m.review.details_text("en"),
             m.review.details_text("fr")) for m in table.session.mistakes]


def test_a_reload_mid_deal_brings_the_hand_and_its_debrief_back(tmp_path: Path) -> None:
    """A new app on the same store (a page reload) shows the hand where it stood, with
    the mistakes made so far, and says so; the page opened before can no longer play it;
    played to the end, the hand is counted once and its debrief lists every mistake, the
    ones from before the reload included; a reload then shows the hand over, its
    debrief, and counts nothing again."""
    progress = CourseProgress(tmp_path)
    first = PracticeApp(DEALS, pace=0, lang="en", progress=progress)
    played = _half_played_with_a_mistake(first)
    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    table = again.table
    assert table is not None and again.choice.value == CHARGE
    assert table.session.deal == played.session.deal and _words(table) == _words(played)
    assert explain.text("practice_resumed", "en") in html.unescape(again.message.value)
    again.language.value = "fr"
    assert explain.text("practice_resumed", "fr") in html.unescape(again.message.value)
    again.language.value = "en"

    before = table.session.deal.actions
    session = played.session                             # the older page acts: refused
    if played.bids:
        played.bids[str(RANDOM.choose_bid(session.observation, random.Random(0)).action)].click()
    else:
        played.board.selected = str(RANDOM.choose_card(session.observation,
                                                       random.Random(0)).action)
    assert first.table is None and first.table_box.children == ()
    assert explain.text("practice_taken", "en") in html.unescape(first.message.value)
    latest = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    table = latest.table
    assert table is not None and table.session.deal.actions == before   # nothing written
    _play_to_the_end(table, random.Random(1))
    mistakes = _words(table)
    assert mistakes[:len(_words(played))] == _words(played)
    assert len(latest.debrief.children) == len(mistakes) + 1
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}

    over = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert over.table is not None and over.table.session.deal.phase.is_over
    assert _words(over.table) == mistakes and len(over.debrief.children) == len(mistakes) + 1
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}
    over.start_button.click()                            # dealt again: a new hand
    assert over.table is not None and not over.table.session.deal.phase.is_over
    assert over.message.value == "" and over.debrief.children == ()


@pytest.mark.parametrize("spoil", ["not json", "another hand"])
def test_a_saved_hand_that_cannot_be_put_back_is_set_aside_and_told(
        tmp_path: Path, spoil: str) -> None:
    progress = CourseProgress(tmp_path)
    played = _half_played_with_a_mistake(PracticeApp(DEALS, pace=0, progress=progress))
    store = PracticeStore(store=progress.store)
    saved = store.store.document(PRACTICE_PREFIX + SAVED)
    assert saved is not None
    if spoil == "not json":
        spoilt = saved[:-20]
    else:                                                # the cards of another deal
        document = json.loads(saved)
        document["hand"]["transcript"] = to_transcript(
            DEALS[(CHARGE + 1) % len(DEALS)].new_deal()).splitlines()
        spoilt = json.dumps(document)
    store.store.put_document(PRACTICE_PREFIX + SAVED, spoilt)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert app.table is not None and app.table.session.deal != played.session.deal
    told = html.unescape(app.message.value)
    reason = "not_json" if spoil == "not json" else "bad_deal"
    assert "could not be brought back" in told
    assert explain.catalog("en")["storage"]["reason"][reason] in told
    assert list(store.store.aside_documents().values()) == [spoilt]     # never deleted


class _Busy(MemoryStore):
    """A store that another page keeps busy while the saved hand is read."""

    def __init__(self) -> None:
        super().__init__()
        self.busy = True

    def document(self, name: str) -> str | None:
        if self.busy:
            raise TimeoutError("database is locked")
        return super().document(name)


def test_a_store_busy_at_the_start_deals_nothing_over_the_hand(tmp_path: Path) -> None:
    """The saved hand cannot be read when the page opens: no hand is dealt (it would be
    saved over the one in progress), the page says so in the learner's language; "Deal
    it" then deals the chosen deal."""
    busy = _Busy()
    busy.put_document(PRACTICE_PREFIX + SAVED, "kept")
    app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path),
                      store=PracticeStore(store=busy))
    assert app.table is None and app.table_box.children == ()
    told = html.unescape(app.message.value)
    assert "could not be read just now" in told
    assert explain.catalog("en")["storage"]["reason"]["busy"] in told
    app.language.value = "fr"
    assert explain.catalog("fr")["storage"]["reason"]["busy"] in html.unescape(
        app.message.value)
    busy.busy = False
    assert busy.document(PRACTICE_PREFIX + SAVED) == "kept"        # nothing written over
    app.start_button.click()
    assert app.table is not None and app.message.value == ""
    assert app.store.load(SAVED).deal == DEALS[app.choice.value].id


def test_the_pace_chosen_is_kept_for_the_next_deal_and_over_a_reload(tmp_path: Path) -> None:
    """Without a pace asked for, the table starts at the default; the slider's choice is
    saved with the hand at once, kept by "Deal it" and brought back by a reload; a pace
    asked for (tests: 0) wins."""
    app = PracticeApp(DEALS, progress=CourseProgress(tmp_path))
    assert app.table is not None and app.table.pace == DEFAULT_PACE
    app.table.pace_slider.value = 1.2
    assert app.store.load(SAVED).meta["pace"] == 1.2
    app.start_button.click()
    assert app.table is not None and app.table.pace == 1.2
    again = PracticeApp(DEALS, progress=CourseProgress(tmp_path))
    assert again.table is not None and again.table.pace == 1.2
    assert PracticeApp(DEALS, pace=0, progress=CourseProgress(tmp_path)).table.pace == 0


def test_replaying_a_deal_leaves_its_debrief_and_the_notice(tmp_path: Path) -> None:
    """A hand brought back over, its debrief and a position shown: "Replay this deal"
    deals it again with no debrief, no position and no notice left, as a reload then
    shows it."""
    progress = CourseProgress(tmp_path)
    table = _half_played_with_a_mistake(PracticeApp(DEALS, pace=0, progress=progress))
    _play_to_the_end(table, random.Random(3))
    app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert app.table is not None and app.debrief.children and app.message.value
    app.debrief.children[1].children[0].click()
    assert "bt-table" in app.position.value
    app.table.replay_button.click()
    assert not app.table.session.deal.phase.is_over
    assert app.debrief.children == () and app.position.value == "" and app.message.value == ""
    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert again.table is not None and again.debrief.children == ()
    assert again.table.session.deal.actions == app.table.session.deal.actions
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}


def _learner_decisions(table: TableApp) -> int:
    session = table.session
    return sum(a.seat is session.learner for a in session.deal.actions)


def test_the_coach_unticked_mid_deal_stops_at_once_and_the_debrief_says_so(
        tmp_path: Path) -> None:
    """"Coach on" unticked in the middle of a deal: the learner's next decisions get no
    comment and no review; the setting is saved with the hand (a reload shows the box
    unticked and the decisions left out); the debrief keeps the mistakes made with the
    coach on and says how many decisions it leaves out, in EN and FR. Ticked again,
    the coach reviews from the next decision on."""
    progress = CourseProgress(tmp_path)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=progress)
    table = _half_played_with_a_mistake(app)
    kept = _words(table)
    before = _learner_decisions(table)
    app.coaching.value = False
    assert table.session.coaching is False and table.undo_button.disabled
    rng = random.Random(5)
    session = table.session
    while _learner_decisions(table) < before + 2 and not session.deal.phase.is_over:
        if table.bids:
            table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
        else:
            table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
        assert table.comment == ""                    # nothing said with the coach off
    off = session.unreviewed
    assert len(off) == _learner_decisions(table) - before >= 1 and _words(table) == kept

    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    table = again.table
    assert table is not None and again.coaching.value is False
    assert table.session.coaching is False and table.session.unreviewed == off
    assert _words(table) == kept
    again.coaching.value = True                       # on again: the next card reviewed
    session = table.session
    assert session.coaching
    if not session.deal.phase.is_over:
        reviewed = len(session.unreviewed)
        _play_to_the_end(table, random.Random(2))
        assert len(session.unreviewed) == reviewed
    rows = again.debrief.children
    assert rows and session.reviewed == _learner_decisions(table) - len(off)
    heads = [html.unescape(row.value) for row in rows[:2]]
    n = len(off)
    assert explain.text(explain.plural_key("debrief_coach_off", n, "en"), "en", n=n) in heads[1]
    assert len(rows) == len(session.mistakes) + 2
    again.language.value = "fr"
    line = html.unescape(again.debrief.children[1].value)
    assert explain.text(explain.plural_key("debrief_coach_off", n, "fr"), "fr", n=n) in line


def test_the_coach_ticked_mid_deal_reviews_from_the_next_decision(tmp_path: Path) -> None:
    """A deal dealt with the coach off, the box ticked after the learner's first
    decisions: the decisions before are left out of the debrief, every one after is
    reviewed; with no mistake after, the debrief says none was made while the coach was
    on, not that the deal had none."""
    app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    app.choice.value = CHARGE
    app.coaching.value = False
    app.start_button.click()
    table = app.table
    assert table is not None and table.session.coaching is False
    session, rng = table.session, random.Random(3)
    club = make_player("club")
    while _learner_decisions(table) < 2:
        if table.bids:
            table.bids[str(club.choose_bid(session.observation, rng).action)].click()
        else:
            table.board.selected = str(club.choose_card(session.observation, rng).action)
    app.coaching.value = True
    off = session.unreviewed
    assert len(off) == 2 and session.coaching
    while not session.deal.phase.is_over:             # the coach's own advice: no mistake
        advice = session.advice()
        if isinstance(advice, BidHint):
            table.bids[str(advice.bid)].click()
        else:
            table.board.selected = str(advice.card)
    assert session.unreviewed == off and session.reviewed == _learner_decisions(table) - 2
    assert not session.mistakes
    head = html.unescape(app.debrief.children[0].value)
    assert head == f"<h3>{explain.text('debrief_none_part', 'en')}</h3>"
    line = html.unescape(app.debrief.children[1].value)
    assert explain.text("debrief_coach_off", "en", n=2) in line


class _FullAtTheCount(PracticeStore):
    """A store whose disk is full when the hand is saved marked counted."""

    def save(self, name: str, deal: str, hand: Mapping[str, object], *,
             meta: Mapping[str, object] | None = None, holder: str | None = None,
             take: bool = False) -> None:
        if (meta or {}).get("counted") is True:
            raise OSError(28, "No space left on device")
        super().save(name, deal, hand, meta=meta, holder=holder, take=take)


def test_a_deal_whose_counted_save_fails_is_counted_once_at_the_next_opening(
        tmp_path: Path) -> None:
    """The deal over, the save marking it counted fails (disk full): the count is undone
    with it and the page says the hand was not saved; the next opening finds the deal
    over and not counted, counts it, and a later one does not count it again."""
    progress = CourseProgress(tmp_path)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=progress,
                      store=_FullAtTheCount(store=progress.store))
    app.choice.value = CHARGE
    app.start_button.click()
    assert app.table is not None
    _play_to_the_end(app.table, random.Random(1))
    assert app.table.session.deal.phase.is_over
    assert dict(progress.read().record.practice) == {}
    assert "No space left on device" in html.unescape(app.message.value)
    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert again.table is not None and again.table.session.deal.phase.is_over
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}
    PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}


@pytest.mark.parametrize("on", [False, True])
def test_the_coach_box_changed_after_the_deal_holds_for_its_replay(tmp_path: Path,
                                                                   on: bool) -> None:
    """"Coach on" changed once the deal is over: the debrief stays as it was, the box is
    kept over a reload, and "Replay this deal" is coached as the box says (comments and
    Undo, or neither)."""
    app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    app.choice.value = CHARGE
    app.coaching.value = not on
    app.start_button.click()
    table = app.table
    assert table is not None
    _play_to_the_end(table, random.Random(1))
    debrief = [child.value if hasattr(child, "value") else child for child in
               app.debrief.children]
    app.coaching.value = on
    assert [child.value if hasattr(child, "value") else child
            for child in app.debrief.children] == debrief
    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    assert again.coaching.value is on and again.table is not None
    table = again.table
    table.replay_button.click()
    session = table.session
    assert not session.deal.phase.is_over and session.coaching is on
    rng = random.Random(2)
    while not (session.deal.phase is Phase.PLAY and table.learner_may_act):
        table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
    table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
    assert (table.comment != "") is on
    assert (not table.undo_button.disabled) is on


PASSED_OUT = next(i for i, d in enumerate(DEALS) if d.id == "passed-out-then-redeal")


def _advised(table: TableApp) -> None:
    """Play the deal on ``table`` to its end on the coach's advice."""
    session = table.session
    while not session.deal.phase.is_over:
        advice = session.advice()
        if isinstance(advice, BidHint):
            table.bids[str(advice.bid)].click()
        else:
            table.board.selected = str(advice.card)


def test_a_passed_out_practice_deal_is_followed_by_its_redeal(tmp_path: Path) -> None:
    """The pass-out lesson: both rounds passed, the deal lies passed out and is counted;
    "Deal the next deal" deals the redeal its goal speaks of (the next dealer, R2.6,
    R2.9), saved as the practice hand (a reload mid-redeal puts it back, the button
    hidden), played to its end without counting the practice deal twice; "Deal it"
    deals the pass-out again."""
    progress = CourseProgress(tmp_path)
    app = PracticeApp(DEALS, pace=0, lang="en", progress=progress)
    app.choice.value = PASSED_OUT
    app.start_button.click()
    practice = DEALS[PASSED_OUT]
    assert app.table is not None and app.redeal_button.layout.display == "none"
    _advised(app.table)
    assert app.table.session.deal.phase is Phase.PASSED_OUT
    assert app.redeal_button.layout.display == ""
    assert app.redeal_button.description == "Deal the next deal"
    assert dict(progress.read().record.practice) == {"passed-out-then-redeal": 1}

    app.redeal_button.click()
    table = app.table
    expected = practice.new_redeal()
    assert expected is not None and table is not None
    assert table.session.deal.dealer is practice.new_deal().dealer.next
    assert table.session.deal.hand(table.session.learner) == expected.hand(
        table.session.learner)
    assert app.redeal_button.layout.display == "none" and app.debrief.children == ()
    session = table.session
    table.bids["pass"].click()                          # round 1, then a reload

    again = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
    table = again.table
    assert table is not None and again.choice.value == PASSED_OUT
    assert table.session.deal.actions == session.deal.actions
    assert again.redeal_button.layout.display == "none"
    spades = str(Bid.naming(Suit.SPADES))               # as the goal says, in round 2
    table.bids[spades].click()
    assert table.session.mistakes == ()                 # the coach agrees: also fine
    _advised(table)
    assert table.session.deal.phase is Phase.SCORED and table.session.deal.contract
    assert table.session.deal.contract.taker is table.session.learner
    assert dict(progress.read().record.practice) == {"passed-out-then-redeal": 1}
    again.language.value = "fr"
    assert again.redeal_button.description == "Distribuer la donne suivante"
    again.start_button.click()                          # the pass-out dealt again
    assert again.table is not None
    assert again.table.session.deal.dealer is practice.new_deal().dealer


def test_a_reload_on_the_learners_lead_after_a_trick_gathered_shows_that_lead(
        tmp_path: Path) -> None:
    """The learner to lead just after a trick: saved while that trick is held on the
    table, a reload shows it again (nobody to click yet); saved once it is gathered, a
    reload shows the lead as the page did (the table empty, the hand clickable at once)."""
    import asyncio

    for seed in range(20):
        app = PracticeApp(DEALS, pace=0, lang="en", progress=CourseProgress(tmp_path))
        table, rng = app.table, random.Random(seed)
        assert table is not None
        session = table.session
        while not session.deal.phase.is_over and not (session.trick_complete
                                                       and session.learner_to_act):
            if table.bids:
                table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
            else:
                table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
        if session.trick_complete:
            break
    else:
        raise AssertionError("the learner never led just after a trick")
    number = len(session.deal.tricks)

    held = PracticeApp(DEALS, pace=0.05, lang="en", progress=CourseProgress(tmp_path))
    assert held.table is not None and not held.table.gathered
    assert table_shows(held.table)[0] == f"Pli {number} of 8"
    assert len(table_shows(held.table)[1]) == 4 and held.table.board.position == ""

    async def gather() -> None:             # the page shows the board, the pace passes
        assert held.table is not None
        held.table.board.shown = True
        await asyncio.sleep(0.3)

    asyncio.run(gather())
    assert held.table is not None and held.table.gathered
    assert held.store.load(SAVED).meta["gathered"] is True
    again = PracticeApp(DEALS, pace=0.5, lang="en", progress=CourseProgress(tmp_path))
    assert again.table is not None
    assert table_shows(again.table) == (f"Pli {number + 1} of 8 · You lead", ())
    assert again.table.learner_may_act
