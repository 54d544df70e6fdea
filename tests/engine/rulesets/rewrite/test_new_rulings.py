"""The two rulings added to RULES.md §Dice: wound penalties on DVs, and the Essence minimum.

Both are options of the 2e Rewrite with their defaults; a combat changes them mid-fight
with one undoable, logged ``ChangeRuling``; a log written before they existed reads
with what the engine applied then.
"""

from __future__ import annotations

import pytest

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.dice import pool_steps
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    CombatSession,
    RewriteOptions,
    SetHealth,
)
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackDeclaration,
    Attacker,
    attack_pool,
)

from .helpers import person

# Dexterity 3, Dodge 3, mortal: Dodge DV (3 + 3) / 2 = 3 (004 §Static Values, rounded down).
DODGER = person("Dodger", attributes={"dexterity": 3, "stamina": 2}, abilities={"dodge": 3})


def _wounded(options: RewriteOptions, marks: str) -> CombatSession:
    session = CombatSession.new(options)
    session.apply(AddCombatant("d", DODGER, "ally"))
    session.apply(SetHealth("d", marks))
    return session


def _dodge(session: CombatSession) -> int:
    return int(session.state.combatants["d"].dvs["dodge"])


def test_by_default_the_wound_penalty_lowers_every_dv() -> None:
    """RULES.md §Dice, wound_penalty_on_dv on: three boxes marked reach a -1 box: Dodge 3 → 2."""
    session = _wounded(RewriteOptions(), "///" + "." * 6)
    unhurt = _wounded(RewriteOptions(wound_penalty_on_dv=False), "///" + "." * 6)
    assert session.state.combatants["d"].wound_penalty == 1
    assert _dodge(session) == 2
    dvs, before = session.state.combatants["d"].dvs, unhurt.state.combatants["d"].dvs
    assert {name: max(0, value - 1) for name, value in before.items()} == dict(dvs)


def test_the_wound_penalty_never_takes_a_dv_below_zero() -> None:
    """RULES.md §Dice: a -4 wound penalty on Dodge 3 leaves 0, not -1."""
    session = _wounded(RewriteOptions(), "//////" + "...")
    assert session.state.combatants["d"].wound_penalty == 4
    assert _dodge(session) == 0


def test_with_the_ruling_off_wounds_leave_dvs_alone() -> None:
    """wound_penalty_on_dv off: the same wounds leave Dodge at 3."""
    session = _wounded(RewriteOptions(wound_penalty_on_dv=False), "///" + "." * 6)
    assert _dodge(session) == 3


def test_changing_the_ruling_mid_fight_is_one_logged_undoable_step() -> None:
    """Combat > Rulings: off at once lifts the penalty; the log says so; undo restores it."""
    session = _wounded(RewriteOptions(), "///" + "." * 6)
    session.apply(ChangeRuling(name="wound_penalty_on_dv", value=False))
    assert _dodge(session) == 3
    assert session.log[-1].sentence == "GM changes the ruling wound penalty on dv to off."
    session.undo()
    assert _dodge(session) == 2
    again = CombatSession.from_json(session.to_json())
    assert _dodge(again) == 2


def test_a_ruling_the_ruleset_does_not_have_is_refused_and_changes_nothing() -> None:
    """A misspelt ruling, or a value it does not take, is refused with the allowed ones."""
    session = _wounded(RewriteOptions(), "." * 9)
    before = session.to_json()
    with pytest.raises(IllegalAction, match="one of"):
        session.apply(ChangeRuling(name="wound_penalty_on_dvs", value=False))
    with pytest.raises(IllegalAction, match="floor, literal"):
        session.apply(ChangeRuling(name="essence_floor", value="sometimes"))
    assert session.to_json() == before


def test_the_essence_minimum_as_a_floor_never_lowers_a_pool() -> None:
    """004 §Order of Modifiers, essence_floor "floor": pool 4, Essence 3, wound -2 → 2 dice
    after penalties, the minimum min(3 - 2, 4) = 1 would lower it, so the pool stays 2."""
    steps = pool_steps(4, essence=3, wound_penalty=2)
    assert (steps.after_magical_penalties, steps.final) == (2, 2)


def test_the_essence_minimum_read_literally_takes_its_value() -> None:
    """essence_floor "literal": the same pool takes the minimum's value, 1 die."""
    assert pool_steps(4, essence=3, wound_penalty=2, essence_floor="literal").final == 1


def test_the_attack_roll_follows_the_essence_ruling() -> None:
    """000 §Attack Roll through 004: Dex 2 + Melee 2, Essence 3, wound -2 → 2 or 1 dice."""
    sword = tables.weapon("Short sword")
    for ruling, dice in (("floor", 2), ("literal", 1)):
        attacker = Attacker(dexterity=2, ability=2, strength=2, essence=3, wound_penalty=2,
                            essence_floor=ruling)
        assert attack_pool(AttackDeclaration(attacker=attacker, weapon=sword))[1] == dice


def test_a_log_without_the_new_rulings_reads_as_the_engine_played_it() -> None:
    """A log from before the rulings (no such keys) reads with the DV ruling off."""
    session = _wounded(RewriteOptions(), "///" + "." * 6)
    old = session.to_json()
    for key in ("wound_penalty_on_dv", "essence_floor"):
        del old["options"][key]
    replayed = CombatSession.from_json(old)
    assert _dodge(replayed) == 3
    assert replayed.options.essence_floor == "floor"  # type: ignore[attr-defined]
