"""Widgets of the course (presentation layer): they call the engine and ``explain``,
draw with ``render``, and decide no rule themselves."""

from belote_teach.ui.board import CardBoard
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.lesson import drill, exercises, show_orders, show_position, show_trick
from belote_teach.ui.scenario_player import ScenarioPlayer

__all__ = ["CardBoard", "DrillPlayer", "ScenarioPlayer", "drill", "exercises", "show_orders",
           "show_position", "show_trick"]
