"""The course and the learner's record: lesson map, scenarios, practice deals, drills, the store."""
