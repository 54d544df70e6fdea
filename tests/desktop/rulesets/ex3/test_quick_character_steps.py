"""The attack dialog's step 8 for a Quick Character: its listed Damage, no Strength."""

from __future__ import annotations

from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.handlers.attack import plan_attack
from battlewheel.views.rulesets.ex3.attack_dialog_steps import withering_text
from tests.engine.rulesets.ex3.helpers import fight, fighter, typed
from tests.engine.rulesets.ex3.test_quick_characters import BANDIT


def test_withering_step_reads_a_quick_characters_listed_damage() -> None:
    """Damage 12 + threshold 2 - soak 2 = 12: the Sabre's listed Damage, Strength in it."""
    session = fight(("q", BANDIT, "enemy", 4), ("b", fighter("B"), "ally", 3))
    plan = plan_attack(session.state, a.Attack("q", "b", "withering", "Sabre", typed(5)))
    text = withering_text(session.state, plan, threshold=2, post_soak=0)
    assert text.startswith("Damage 12 + threshold 2 \u2212 soak 2 = 12")
