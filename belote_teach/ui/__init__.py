"""Widgets of the course (presentation layer): they call the engine and ``explain``,
draw with ``render``, and decide no rule themselves."""

from belote_teach.ui.board import CardBoard
from belote_teach.ui.lesson import exercises, show_orders, show_position, show_trick
from belote_teach.ui.scenario_player import ScenarioPlayer

__all__ = ["CardBoard", "ScenarioPlayer", "exercises", "show_orders", "show_position", "show_trick"]
