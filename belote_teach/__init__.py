"""belote-teach: an interactive course of classic French belote on an exact rules engine.

The subpackages are layers, each importing only the ones below it: ``serve`` (and
``cli``), ``ui``, ``render``, ``course``, ``coach``, ``players``, ``search``, ``explain``,
``engine``. The README's "How the code is laid out" says what each holds.
"""
