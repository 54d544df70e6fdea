"""Print, per ruleset, how many of its action kinds the walks applied at least once, and
under which rulings they walked.

Two walks count: the recipes' walks of tests/engine/test_walks_reach_every_kind.py (from
fights set up for the rare kinds, under rotated rulings; the test holds them to every
kind) and the plain walk of tests/engine/test_every_action.py (from the demo fight or the
ruleset's own random start), each with three times the test's examples.

    .venv/bin/python -m tests.engine.walk_report
"""

from __future__ import annotations

from collections import Counter

from battlewheel.engine.core.ruleset import get_ruleset

from .rulesets.every_action import fights, kinds
from .test_every_action import EXAMPLES as PLAIN_EXAMPLES
from .test_every_action import walk
from .test_walks_reach_every_kind import EXAMPLES, RULESETS, Tally, walk_all

TIMES = 3  # examples: three times the tests'


def applied_line(what: str, every: list[str], applied: Counter[str]) -> str:
    missing = [kind for kind in every if not applied[kind]]
    return (f"  {what}: {len(every) - len(missing)} of {len(every)} action kinds applied"
            + (f"; never: {', '.join(missing)}" if missing else ""))


def rulings_lines(name: str, tally: Tally) -> list[str]:
    """Each option's values the recipes' walks took (the default marked)."""
    lines = []
    for spec in get_ruleset(name).options_type.specs():
        taken = sorted(tally.rulings.get(spec.name, ()), key=repr)
        shown = ", ".join(f"{value!r}{' (default)' if value == spec.default else ''}"
                          for value in taken)
        lines.append(f"    {spec.name}: {shown}")
    return lines


def main() -> None:
    for name in sorted(RULESETS):
        every = sorted(kinds(get_ruleset(name)))
        tally = walk_all(name, examples=EXAMPLES * TIMES)
        plain: Counter[str] = Counter()
        walk(name, plain, examples=PLAIN_EXAMPLES * TIMES)
        both = tally.applied + plain
        print(f"{name}: {len(every) - sum(not both[k] for k in every)} of {len(every)} "
              "action kinds applied")
        print(applied_line("recipes' walks", every, tally.applied))
        print(applied_line("plain walk", every, plain))
        print("  rulings walked (recipes' walks):")
        print("\n".join(rulings_lines(name, tally)))


if __name__ == "__main__":
    assert sorted(RULESETS) == sorted(fights())
    main()
