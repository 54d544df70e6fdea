"""A test ruleset whose stat block declares a form: the character editor's own system.

It plays like the contract's round-based test system (``tests/contract/rounds_ruleset``)
but its block, a ``Gladiator``, has every kind of field the editor must build: numbers
with bounds, a choice, a flag, words, a nested key (``gear.armour``), rows of weapons and
rows of bare numbers (health levels), a check across fields (Guard at most twice Might,
named by the block's own ``TraitValueError``), two templates and a preview with each
kind of contract section. ``replace_block`` gives a fighter a hit track as long as Might,
refused when more hits are marked than the new track holds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.block_form import (
    BlockSchema,
    BlockTemplate,
    FormField,
    FormGroup,
    FormRows,
)
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import get_ruleset, register_ruleset
from tests.contract.rounds_ruleset import EMPTY, HIT, LEGEND, Join, RoundsRuleset, Token

NAME = "test-editor"
BLOCK_RULE = "test §Blocks"
STANCES = ("low", "high", "open")
_KEYS = ("name", "might", "guard", "stance", "veteran", "motto", "gear", "weapons", "levels")


@dataclass(frozen=True)
class Weapon:
    name: str
    accuracy: int = 0
    damage: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "accuracy": self.accuracy, "damage": self.damage}


@dataclass(frozen=True)
class Gladiator:
    """The test block: every value bounded, Guard at most twice Might."""

    name: str
    might: int = 2
    guard: int = 1
    stance: str = "low"
    veteran: bool = False
    motto: str = ""
    armour: int = 0
    weapons: tuple[Weapon, ...] = ()
    levels: tuple[int, ...] = (0, 1, 2)

    def __post_init__(self) -> None:
        _bounded("might", self.might, 1, 5)
        _bounded("guard", self.guard, 0, 10)
        _bounded("gear.armour", self.armour, 0, 5)
        if self.guard > 2 * self.might:
            raise TraitValueError("guard", f"at most twice Might (0-{2 * self.might})",
                                  self.guard)
        if self.stance not in STANCES:
            raise TraitValueError("stance", "one of " + ", ".join(STANCES), self.stance)
        for index, weapon in enumerate(self.weapons):
            _bounded(f"weapons[{index}].accuracy", weapon.accuracy, -3, 5)
            _bounded(f"weapons[{index}].damage", weapon.damage, 0, 10)
        if not 1 <= len(self.levels) <= 8:
            raise TraitValueError("levels", "1-8 health levels", len(self.levels))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "might": self.might, "guard": self.guard,
                "stance": self.stance, "veteran": self.veteran, "motto": self.motto,
                "gear": {"armour": self.armour},
                "weapons": [w.to_json() for w in self.weapons], "levels": list(self.levels)}

    @classmethod
    def from_json(cls, obj: object) -> Gladiator:
        if not isinstance(obj, dict) or set(obj) - set(_KEYS):
            raise TraitValueError("gladiator", "an object with " + ", ".join(_KEYS), obj)
        gear = obj.get("gear", {})
        return cls(
            name=_typed(obj, "name", str), might=_typed(obj, "might", int, 2),
            guard=_typed(obj, "guard", int, 1), stance=_typed(obj, "stance", str, "low"),
            veteran=_typed(obj, "veteran", bool, False), motto=_typed(obj, "motto", str, ""),
            armour=_typed(gear if isinstance(gear, dict) else {}, "armour", int, 0),
            weapons=tuple(Weapon(_typed(w, "name", str), _typed(w, "accuracy", int, 0),
                                 _typed(w, "damage", int, 1))
                          for w in obj.get("weapons", [])),
            levels=tuple(_number("levels", v) for v in obj.get("levels", [0, 1, 2])),
        )


def _bounded(field: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise TraitValueError(field, f"{low}-{high}", value)


def _number(field: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TraitValueError(field, "whole numbers", value)
    return value


def _typed(obj: object, key: str, kind: type, *default: Any) -> Any:
    if not isinstance(obj, dict):
        raise TraitValueError(key, "an object", obj)
    if key not in obj and default:
        return default[0]
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TraitValueError(key, kind.__name__, value)
    return value


SCHEMA = BlockSchema((
    FormGroup("Traits", (
        FormField("might", "Might", low=1, high=5, default=2, help="test §Might"),
        FormField("guard", "Guard", low=0, high=10, default=1, help="test §Guard"),
        FormField("stance", "Stance", "choice", choices=STANCES,
                  labels=("Low guard", "High guard", "Open"), default="low",
                  help="test §Stances"),
        FormField("veteran", "Veteran", "flag", default=False, help="test §Veterans"),
        FormField("gear.armour", "Armour", low=0, high=5, default=0, help="test §Armour"),
    ), columns=2),
    FormGroup("Weapons", (
        FormRows("weapons", "Weapons", (
            FormField("name", "Weapon", "text", default="Club"),
            FormField("accuracy", "Accuracy", low=-3, high=5, default=0),
            FormField("damage", "Damage", low=0, high=10, default=1),
        ), help="test §Weapons", most=4),
    )),
    FormGroup("Health", (
        FormRows("levels", "Health levels", (
            FormField("", "Penalty", low=0, high=4, default=0),
        ), least=1, most=8, help="test §Health"),
        FormField("motto", "Motto", "text", default="", help="test §Mottos"),
    )),
))

TEMPLATES = (
    BlockTemplate("brawler", "Brawler", Gladiator("Brawler", might=3, guard=2,
                                                  weapons=(Weapon("Fists", 0, 2),)),
                  "a street fighter"),
    BlockTemplate("duelist", "Duelist", Gladiator("Duelist", might=2, guard=4, stance="high",
                                                  veteran=True,
                                                  weapons=(Weapon("Sword", 2, 3),
                                                           Weapon("Dagger", 1, 1))),
                  "a trained blade"),
)
# Characters as a campaign would hold them, to be typed again from a template.
SAMPLES = (
    Gladiator("Ash Wolf", might=4, guard=6, stance="open", motto="No quarter",
              armour=2, weapons=(Weapon("Axe", 1, 4),), levels=(0, 1, 1, 2, 4)),
    Gladiator("Reed Dancer", might=2, guard=4, stance="high", veteran=True,
              weapons=(Weapon("Sword", 3, 3), Weapon("Dagger", 1, 1), Weapon("Net", 0, 0))),
)


class EditorRuleset(RoundsRuleset):
    """The rounds test system with a block the editor can build a form for."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Test arena"
    block_type: ClassVar[type[Any]] = Gladiator

    def block_schema(self) -> BlockSchema:
        return SCHEMA

    def block_templates(self) -> tuple[BlockTemplate, ...]:
        return TEMPLATES

    def block_side(self, block: Any) -> str:
        return "ally" if block.veteran else "enemy"

    def block_card(self, block: Any) -> c.Card:
        track = c.BoxTrack("hits", "Hits", EMPTY * block.might,
                           tuple(str(i + 1) for i in range(block.might)), LEGEND)
        return c.Card(block.name, "test arena", (
            c.Values("Defence", (c.Value("Guard", block.guard),
                                 c.Value("Soak", block.might + block.armour))),
            track,
            c.Table("Weapons", ("Weapon", "Acc", "Dmg"),
                    tuple((w.name, str(w.accuracy), str(w.damage)) for w in block.weapons)),
            c.Text("Motto", block.motto),
        ))

    def join_action(self, combatant_id: str, character: Any, side: str) -> Action:
        return Join(combatant_id, Token(character.name), side)

    def replace_block(self, state: Any, combatant_id: str, block: Any) -> list[Event]:
        who = state.fighters[combatant_id]
        if who.hits.count(HIT) > block.might:
            raise IllegalAction(BLOCK_RULE, f"{who.name} has more hits marked than a Might of "
                                f"{block.might} holds")
        hits = (who.hits.replace(EMPTY, "") + EMPTY * block.might)[:block.might]
        state.fighters[combatant_id] = dataclasses.replace(who, hits=hits)
        return [Event("block_changed", combatant_id)]


def editor_ruleset() -> EditorRuleset:
    """The test system, registered once per test run."""
    try:
        found = get_ruleset(NAME)
    except IllegalAction:
        found = register_ruleset(EditorRuleset())
    assert isinstance(found, EditorRuleset)
    return found
