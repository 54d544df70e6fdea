"""The shipped 3e example logs: each is what its builder makes, replays, and tells its story."""

from __future__ import annotations

import io
import json

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.core.session import CombatSession

from ..shipped import EXAMPLES, load, read
from .examples import BUILDERS


def _texts(session: CombatSession) -> list[str]:
    return [event.text for entry in session.log for event in entry.events]


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_shipped_example_is_what_its_builder_makes(name: str) -> None:
    """resources/examples/ex3-*.json replay and equal tests/engine/rulesets/ex3/examples.py."""
    shipped = read(name)
    assert shipped["ruleset"] == "3e"
    assert shipped == BUILDERS[name]().to_json()
    assert load(name).state == BUILDERS[name]().state


def test_the_duel_goes_through_crash_break_and_shift() -> None:
    """Blade crashes Heron (Break to 15i); Heron crashes Blade back and Shifts to 20i."""
    session = load("ex3-duel-crash-break-shift.json")
    texts = _texts(session)
    assert "Moon Heron is in Crash at -1i." in texts
    assert "Ashen Blade gains 5i Break." in texts
    assert "Moon Heron Shifts to 20i; the turn starts over against Ashen Blade." in texts
    assert session.state.combatants["blade"].health.lethal == 5


def test_the_clash_example_sets_up_a_clash_by_delay_and_wins_it() -> None:
    """Blade delays 8 → 6 onto Heron's tick, wins the clash, and crashes Heron for a Break."""
    texts = _texts(load("ex3-clash.json"))
    assert "Moon Heron loses the clash: -2 Defence." in texts
    assert "Ashen Blade gains 5i Break." in texts


def test_the_battle_group_routs_after_carrying_damage_over() -> None:
    """12 damage on Magnitude 9: a pass, Size 1 at 8 - 3 = 5; then a failed check, scattered."""
    session = load("ex3-battle-group-routs.json")
    texts = _texts(session)
    assert "Spear Wall holds but drops to Size 1, Magnitude 5." in texts
    assert "Spear Wall fails its rout check: it breaks at its next turn." in texts
    assert session.state.combatants["wall"].dissolved


def test_replay_prints_the_3e_final_state() -> None:
    """``battlewheel replay`` prints round, tick and each combatant's Initiative and health."""
    out, err = io.StringIO(), io.StringIO()
    code = replay_command(EXAMPLES / "ex3-duel-crash-break-shift.json", out=out, err=err)
    assert code == 0, err.getvalue()
    printed = json.loads(out.getvalue())
    assert printed["combatants"]["heron"]["initiative"] == 1
    assert printed["combatants"]["blade"]["health"].startswith("XXXXX")
