"""A seeded fuzz of the files the program opens, small enough for every test run.

The long run is its own command: ``.venv/bin/python -m tests.fuzz.run`` (10,000 mutants).
"""

from tests.fuzz.run import run


def test_mutated_campaigns_and_logs_are_refused_or_reopen_unchanged() -> None:
    """800 mutants: no traceback, no hang, no file touched, every accepted one reopens equal."""
    tally = run(cases=400, first=100_000)
    assert tally.failures == 0, tally.first
    assert tally.counts["accepted"] > 0 and tally.counts["refused"] > 0
