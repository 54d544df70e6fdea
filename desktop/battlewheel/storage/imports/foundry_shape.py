"""The names of Foundry VTT's Exalted 3rd Edition system (``exaltedthird``) and ours.

Read from the system's data models (``module/template/*.js``; ``template.json`` before
2024): each trait is ``{"value": n}``, health levels are counted per penalty, weapons and
armour are items, and an export keeps the data under ``system`` (``data`` before
Foundry 10).
"""

from __future__ import annotations

from battlewheel.engine.rulesets.ex3.block import ABILITIES

SYSTEM_ID = "exaltedthird"
ACTOR_TYPES = ("character", "npc")
FLAGS = "battlewheel"  # our own flag scope: Foundry keeps every module's flags as they are

# Foundry's Ability keys are one word; ours are snake_case.
ABILITY_KEYS = {ability: ability.replace("_", "") for ability in ABILITIES}
FOUNDRY_ABILITIES = {key: ability for ability, key in ABILITY_KEYS.items()}

# health.levels.<key>.value counts the levels of each penalty.
HEALTH_KEYS = {"zero": 0, "one": 1, "two": 2, "four": 4}
DEFAULT_HEALTH = {"zero": 1, "one": 2, "two": 2, "four": 1}  # the system's default person

# details.exalt of a player character; "other" (the default) is no Exalt.
EXALT_TYPES = frozenset({
    "solar", "lunar", "dragonblooded", "sidereal", "abyssal", "alchemical", "infernal",
    "exigent", "getimian", "liminal", "dreamsouled", "hearteater", "umbral",
})
DRILLS = ("poor", "average", "elite")  # system.drill.value 0, 1, 2

# Items this program reads; every other item type is listed as not used.
WEAPON, ARMOUR, SPECIALTY = "weapon", "armor", "specialty"
NOT_USED_ITEMS = {
    "charm": "Charm", "spell": "spell", "merit": "merit", "intimacy": "Intimacy",
    "martialart": "Martial Arts style", "craft": "Craft", "item": "item",
    "customability": "custom ability", "specialability": "special ability",
    "ritual": "ritual", "destiny": "destiny", "shape": "shape", "action": "action",
    "initiation": "initiation", "modifier": "modifier", "craftproject": "craft project",
}
RANGE_TAGS = ("short", "medium", "long", "extreme")
MELEE, THROWN, RANGED = "melee", "thrown", "ranged"
