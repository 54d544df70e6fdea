"""The built-in demo combat: what the program shows when no campaign is given.

The roster lives in ``resources/demo/demo_combat.json``: characters, their side,
weapons and armour by table name, and the Join Battle successes typed for each, then
a few actions played after the start so the wheel shows badges and a lap marker.
"""

import json
from typing import Any

from battlewheel.bundled import resource
from battlewheel.engine import tables
from battlewheel.engine.character import Character
from battlewheel.engine.combat.actions import (
    AddCombatant,
    RollJoinBattle,
    StartCombat,
    action_from_json,
)
from battlewheel.engine.combat.session import CombatSession
from battlewheel.engine.dice import DiceEntry

DEMO_FORMAT = "battlewheel-demo-combat"


def demo_roster() -> dict[str, Any]:
    """The demo combat's JSON, as shipped."""
    text = resource("demo", "demo_combat.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != DEMO_FORMAT:
        raise ValueError(f"demo_combat.json: format must be {DEMO_FORMAT!r}")
    return data


def character_of(entry: dict[str, Any]) -> Character:
    """One roster entry's character, armed and armoured from the rules tables."""
    character = Character.from_json(entry["character"])
    weapons = [tables.weapon(name) for name in entry.get("weapons", [])]
    character = character.with_weapons(weapons)
    if entry.get("armour"):
        character = character.with_armour(tables.armour(entry["armour"]))
    return character


def demo_session(roster: dict[str, Any] | None = None) -> CombatSession:
    """A started combat from the roster: everyone joined battle and stands on the wheel."""
    data = roster if roster is not None else demo_roster()
    session = CombatSession.new()
    for entry in data["combatants"]:
        session.apply(
            AddCombatant(id=entry["id"], character=character_of(entry), side=entry["side"])
        )
    for entry in data["combatants"]:
        dice = DiceEntry.of_successes(int(entry["join_battle"]))
        session.apply(RollJoinBattle(combatant=entry["id"], dice=dice))
    session.apply(StartCombat())
    for item in data.get("after_start", []):
        session.apply(action_from_json(item))
    return session
