"""Judging the learner: card reviews and hints, reviews of calls, the table session."""
