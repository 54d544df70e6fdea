"""A refusal the GM reads cites the seed's section ("003 §Crash"), never the program's own
rules pages ("rules/3e.md §5"), which the GM does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.ex3 import actions as ex3
from battlewheel.engine.rulesets.ex3 import demo_fight as ex3_fight
from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight

ENGINE = Path(__file__).parents[2] / "desktop" / "battlewheel" / "engine"
# A rule handed to IllegalAction or DropVerdict, or a rule constant.
RULE_TEXT = re.compile(r'(IllegalAction\(|rule=|^[A-Z_]+ = )"(rules/[^"]*)"', re.MULTILINE)


def test_no_refusal_in_the_engine_names_a_rules_page() -> None:
    found = [f"{path.relative_to(ENGINE)}: {match.group(2)}"
             for path in ENGINE.rglob("*.py")
             for match in RULE_TEXT.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize(("make", "act"), [
    (ex3_fight, lambda s: s.apply(ex3.SetInitiative("nobody", 3))),
    (ex3_fight, lambda s: s.ruleset.drop(s.state, "nobody", 0)),
    (impulse_fight, lambda s: s.ruleset.drop(s.state, "jade", 99)),
])
def test_refusals_seen_in_the_window_cite_a_seed_section(make: object, act: object) -> None:
    session = make()  # type: ignore[operator]
    try:
        verdict = act(session)  # type: ignore[operator]
        rule = verdict.rule
    except IllegalAction as refusal:
        rule = refusal.rule
    assert re.match(r"00\d §", rule), rule
