"""A started combat for the desktop tests and benchmarks (the program opens the demo campaign).

The demo campaign's combat waits to be set up; these tests need one already on the
wheel, with badges and a lap marker. The roster lives in ``data/started_combat.json``:
characters, their side, weapons and armour by table name, and the Join Battle
successes typed for each, then a few actions played after the start.
"""

import json
from pathlib import Path
from typing import Any

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    AddCombatant,
    RollJoinBattle,
    StartCombat,
    action_from_json,
)
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import tables

STARTED_FORMAT = "battlewheel-demo-combat"


def started_roster() -> dict[str, Any]:
    """The started combat's JSON."""
    text = (Path(__file__).parent / "data" / "started_combat.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != STARTED_FORMAT:
        raise ValueError(f"started_combat.json: format must be {STARTED_FORMAT!r}")
    return data


def character_of(entry: dict[str, Any]) -> Character:
    """One roster entry's character, armed and armoured from the rules tables."""
    character = Character.from_json(entry["character"])
    weapons = [tables.weapon(name) for name in entry.get("weapons", [])]
    character = character.with_weapons(weapons)
    if entry.get("armour"):
        character = character.with_armour(tables.armour(entry["armour"]))
    return character


def started_session(roster: dict[str, Any] | None = None) -> CombatSession:
    """A started combat from the roster: everyone joined battle and stands on the wheel."""
    data = roster if roster is not None else started_roster()
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
