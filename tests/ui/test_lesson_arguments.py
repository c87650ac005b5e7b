"""The arguments of the worked examples read into engine values (belote_teach.ui.arguments)
and their refusals (belote_teach.ui.errors)."""

from __future__ import annotations

import pytest

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.errors import FalseAnnouncementError, InvalidPositionError
from belote_teach.ui.arguments import announcements, cards_played, check_belote
from belote_teach.ui.errors import AnnouncementArgumentError, BeloteWithoutReviewError


def test_announcements_are_read_from_their_cards_or_taken_as_they_are() -> None:
    tierce = Announcement.from_cards(["8C", "9C", "10C"])
    read = announcements([["8C", "9C", "10C"], tierce, ["JS", "JH", "JD", "JC"]], "ns")
    assert read[:2] == (tierce, tierce) and read[2].points == 200
    assert announcements(None, "ns") == () == announcements([], "ns")


@pytest.mark.parametrize("items", ["tierce", 3, ["tierce"], [3]])
def test_what_is_not_a_list_of_announcements_is_refused_by_name(items: object) -> None:
    with pytest.raises(AnnouncementArgumentError, match=r"^declare: ") as error:
        announcements(items, "declare")
    assert isinstance(error.value, FalseAnnouncementError)


def test_cards_that_make_no_announcement_are_the_engines_refusal() -> None:
    with pytest.raises(FalseAnnouncementError, match="make no announcement"):
        announcements([["7S", "9S", "JS"]], "ns")


@pytest.mark.parametrize("cards", [0, 17, 32])
def test_a_number_of_cards_played_from_0_to_32_is_kept(cards: int) -> None:
    assert cards_played(cards) == cards


@pytest.mark.parametrize("cards", [-1, 33, True, "3", 3.0])
def test_a_number_of_cards_played_outside_0_to_32_is_refused(cards: object) -> None:
    with pytest.raises(InvalidPositionError, match=r"refused: .* from 0 to 32"):
        cards_played(cards)


def test_belote_needs_the_card_it_is_said_with() -> None:
    check_belote(None, None)
    check_belote(True, "QS")
    with pytest.raises(BeloteWithoutReviewError, match="review="):
        check_belote(False, None)
