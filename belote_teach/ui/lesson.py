"""What the lesson notebooks import: the worked examples, each a
:class:`~belote_teach.ui.board.StaticBoard` (a plain HTML output, no widget model for
the page to fetch), and the exercise sets and drills, each a widget on the learner's
record.

    >>> board = show_position("C", trick=["7D", "AD"], hand=["8C", "QC", "KH", "AS"])
    >>> "Must trump" in board.feedback_html
    True

The worked examples live by what they show (:mod:`belote_teach.ui.examples`: cards,
tricks, counting, announcements; :mod:`belote_teach.ui.deal_examples`: deals, bidding,
play, practice tips; :mod:`belote_teach.ui.score_examples`: scores). Every function
speaks the lesson's language when no ``lang=`` is given: the one the notebook's set-up
cell chose with :func:`use_language` (``use_language("fr")`` in the French edition),
else English (:func:`lesson_language`).

    >>> "Obligation de couper" in show_position("C", trick=["7D", "AD"], hand=["8C", "KH"],
    ...                                          lang="fr").feedback_html
    True
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from belote_teach.course.arrival import when_learner_comes
from belote_teach.course.banks import find_bank
from belote_teach.course.lessons import select_exercises
from belote_teach.course.progress import CourseProgress
from belote_teach.course.scenarios import load_bank
from belote_teach.ui.deal_examples import show_bidding, show_deal, show_play, show_tip
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.examples import (
    show_announcement_values,
    show_announcements,
    show_compare,
    show_count,
    show_deck,
    show_deck_points,
    show_orders,
    show_position,
    show_seats,
    show_trick,
)
from belote_teach.ui.language import lesson_language, resolve_language, use_language
from belote_teach.ui.scenario_player import ScenarioPlayer
from belote_teach.ui.score_examples import show_score, show_score_sheet

__all__ = [
    "drill",
    "exercises",
    "lesson_language",
    "show_announcement_values",
    "show_announcements",
    "show_bidding",
    "show_compare",
    "show_count",
    "show_deal",
    "show_deck",
    "show_deck_points",
    "show_orders",
    "show_play",
    "show_position",
    "show_score",
    "show_score_sheet",
    "show_seats",
    "show_tip",
    "show_trick",
    "use_language",
]


def _attach_record(player: ScenarioPlayer | DrillPlayer, progress: CourseProgress | None) -> None:
    """Attach the learner's record (``progress``, default: the learner's data directory) to
    ``player`` when the learner comes: at once, or on arrival in a Voilà kernel prepared
    in advance (:func:`~belote_teach.course.arrival.when_learner_comes`)."""
    def learner_came() -> None:
        player.attach(progress if progress is not None else CourseProgress())

    when_learner_comes(learner_came)


def exercises(bank: str | os.PathLike[str], *, lang: str | None = None, title: str = "",
              ids: Sequence[str] | None = None,
              progress: CourseProgress | None = None) -> ScenarioPlayer:
    """The exercise player of a lesson's scenario bank, on the learner's record: every
    answer is logged at once and every figure read from it (lesson progress,
    :mod:`belote_teach.course.progress`), so an earlier session's answers, another tab's
    and this page's all count. The lesson's id is the bank's name (``03-play-a-trick``);
    every player of a lesson shares that lesson's record.

    Args:
        bank: the course's bank by its name, ``"03-play-a-trick"`` (found in the package
            wherever the kernel starts), or a scenario file of one's own (SCENARIOS.md)
            by its path (``"./my-quiz.yaml"``); see
            :func:`~belote_teach.course.banks.find_bank`.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).
            The learner can switch.
        title: optional heading above the exercises.
        ids: show only these scenarios of the bank, in this order (a few exercises after
            a section, a short quiz at the end); ``None``: the player's choice of the
            whole bank.
        progress: where the answers are kept (default: the learner's data directory).

    When the saved progress cannot be read (a damaged file, set aside), the player opens
    with the problem said under the exercise in the learner's language, and the answers
    are saved anew.

    Raises:
        UnknownBankError: no bank has that name and no file that path (the message
            lists the banks).
        ScenarioFileError: the file is malformed (file, line, id and key named).
        UnknownExerciseError: an id of ``ids`` is not in the bank (named, with the bank's
            ids listed), is given twice, or ``ids`` is empty.
        ValueError: no scenario the player can show, or an unknown language.
    """
    lang = resolve_language(lang)
    found = find_bank(bank)
    if ids is None:
        player = ScenarioPlayer.from_file(bank, lang=lang, title=title)
    else:
        chosen = select_exercises(load_bank(bank), ids, id_of=lambda s: s.id,
                                  file=found.file)
        player = ScenarioPlayer(chosen, lang=lang, title=title, lesson_id=found.name)

    _attach_record(player, progress)
    return player


def drill(ids: str | Sequence[str] | None, *, lang: str | None = None, title: str = "",
          progress: CourseProgress | None = None) -> DrillPlayer:
    """The drill player of a lesson: endless fresh positions of the drills ``ids``
    (:data:`belote_teach.course.drills.DRILLS`), with a hint, the explanation of every answer
    and a streak counter; each drill's best streak is kept with the lesson progress, as
    :func:`exercises` keeps the answers (see :class:`~belote_teach.ui.drill.DrillPlayer`
    for how the streak counts).

    Args:
        ids: the drills offered, e.g. ``["must-overtrump", "must-undertrump"]`` (a single
            id accepted); ``None``: all of them. The first one is shown first.
        lang: ``"en"`` or ``"fr"``; ``None``: the lesson's language (:func:`use_language`).
            The learner can switch.
        title: optional heading (default: "Practice: one rule, endless positions", in
            the learner's language).
        progress: where the best streaks are kept (default: the learner's data
            directory). A progress file that cannot be read is told above the drill (and
            set aside), and the streaks are kept anew.

    Raises:
        UnknownDrillError: an id is not a drill (the message lists the ids).
        DrillChoiceError: ``ids`` is empty, not a list of texts, or names a drill twice.
        ValueError: unknown language.
    """
    lang = resolve_language(lang)
    player = DrillPlayer(ids, lang=lang, title=title)

    _attach_record(player, progress)
    return player
