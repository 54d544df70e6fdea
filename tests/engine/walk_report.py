"""Print, per ruleset, how many of its action kinds the random walk applied at least once
(the walk of tests/engine/test_every_action.py, with 60 examples of 60 steps each).

    .venv/bin/python -m tests.engine.walk_report
"""

from __future__ import annotations

from collections import Counter

from battlewheel.engine.core.ruleset import get_ruleset

from .rulesets.every_action import fights, kinds
from .test_every_action import walk

REPORT_EXAMPLES = 60  # three times the test's walks


def main() -> None:
    for name in sorted(fights()):
        applied: Counter[str] = Counter()
        walk(name, applied, examples=REPORT_EXAMPLES)
        every = sorted(kinds(get_ruleset(name)))
        missing = [kind for kind in every if not applied[kind]]
        print(f"{name}: {len(every) - len(missing)} of {len(every)} action kinds applied"
              + (f"; never: {', '.join(missing)}" if missing else ""))


if __name__ == "__main__":
    main()
