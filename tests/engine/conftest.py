"""Hypothesis profiles for the engine's property tests.

`make test` (and so CI) uses "repeatable": derandomized, so a run on a clean checkout tries the
same examples as the run before it and a failure is never down to the luck of the draw.
`make fuzz` uses "explore": fresh random examples and ten times as many, to look for cases the
repeatable run never tries. A failure there prints a `@reproduce_failure` line to replay it.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", max_examples=200, derandomize=True, database=None)
settings.register_profile("explore", max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
