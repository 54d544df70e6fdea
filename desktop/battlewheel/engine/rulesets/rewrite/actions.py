"""Actions: every change to a combat is one frozen, JSON-serialisable value.

Each action carries everything it needs, dice included (faces or successes the GM
typed, or faces a seeded roll produced when the GM pressed "roll"), so replaying the
log rebuilds the state exactly. ``sentence`` renders an action for the combat log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.actions import Action, ChangeRuling, Names, decode_action
from battlewheel.engine.core.actions import action_to_json as action_to_json
from battlewheel.engine.core.conditions import AddCondition, RemoveCondition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.character import Character
from battlewheel.engine.rulesets.rewrite.wording import dice_text, override_name, plural

SIDES = ("ally", "enemy")


@dataclass(frozen=True)
class AddCombatant(Action):
    """Bring a character into the fight, before or during the combat."""

    kind: ClassVar[str] = "add_combatant"
    joins: ClassVar[str] = "id"
    id: str
    character: Character
    side: str = "enemy"

    def sentence(self, names: Names) -> str:
        side = "an ally" if self.side == "ally" else "an enemy"
        return f"{self.character.name} joins the fight as {side}."


@dataclass(frozen=True)
class RemoveCombatant(Action):
    """Take a combatant out of the fight (fled, dead and cleared away, left the scene)."""

    kind: ClassVar[str] = "remove_combatant"
    id: str

    def sentence(self, names: Names) -> str:
        return f"{names(self.id)} leaves the fight."


@dataclass(frozen=True)
class Concealment:
    """One character an ambusher hides from, and how well (000 §Roll Surprise Checks)."""

    target: str
    situation: str = "cover"
    seen_as_ally: bool = False


@dataclass(frozen=True)
class DeclareConcealment(Action):
    """An ambusher hides from some characters (000 §Determine if there is an Ambush)."""

    kind: ClassVar[str] = "declare_concealment"
    ambusher: str
    hidden_from: tuple[Concealment, ...]

    def sentence(self, names: Names) -> str:
        targets = ", ".join(names(item.target) for item in self.hidden_from)
        return f"{names(self.ambusher)} hides from {targets}."


@dataclass(frozen=True)
class RollAmbush(Action):
    """The ambusher's single Dexterity + Stealth roll (000 §Roll Surprise Checks)."""

    kind: ClassVar[str] = "roll_ambush"
    ambusher: str
    dice: DiceEntry

    def sentence(self, names: Names) -> str:
        return f"{names(self.ambusher)} rolls to stay hidden: {dice_text(self.dice)}."


@dataclass(frozen=True)
class RollJoinBattle(Action):
    """A Wits + Awareness Join Battle roll, at set-up or late (000 §Roll Join Battle)."""

    kind: ClassVar[str] = "roll_join_battle"
    combatant: str
    dice: DiceEntry

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} rolls Join Battle: {dice_text(self.dice)}."


@dataclass(frozen=True)
class StartCombat(Action):
    """Place the counters on the wheel from the Join Battle rolls (000 §Set Up the Battlewheel)."""

    kind: ClassVar[str] = "start"

    def sentence(self, names: Names) -> str:
        return "The battle begins: counters go on the wheel."


@dataclass(frozen=True)
class NextTick(Action):
    """Move the tick counter one segment and refresh the actors' DVs (000 §Move Tick Counter)."""

    kind: ClassVar[str] = "next_tick"

    def sentence(self, names: Names) -> str:
        return "Next tick."


@dataclass(frozen=True)
class Advance(Action):
    """Move the tick counter on to the next tick on which someone acts (000 §Move Tick Counter)."""

    kind: ClassVar[str] = "advance"

    def sentence(self, names: Names) -> str:
        return "Advance to the next action."


@dataclass(frozen=True)
class DeclareMovement(Action):
    """How far a combatant moves this tick, in yards (000 §All Characters Declare Movement)."""

    kind: ClassVar[str] = "declare_movement"
    combatant: str
    yards: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} moves {self.yards} yards."


@dataclass(frozen=True)
class RaiseAlarm(Action):
    """Someone raises the alarm; the hearers stop being Totally Surprised (000 §Raising the Alarm).

    ``hearers`` empty means everyone in the fight hears it.
    """

    kind: ClassVar[str] = "raise_alarm"
    by: str | None = None
    hearers: tuple[str, ...] = ()

    def sentence(self, names: Names) -> str:
        who = names(self.by) if self.by else "Someone"
        heard = ", ".join(names(h) for h in self.hearers) if self.hearers else "everyone"
        return f"{who} raises the alarm; {heard} hears it."


@dataclass(frozen=True)
class ReduceSurprise(Action):
    """A hidden character shows themselves: margins drop (000 §Reassess Surprise).

    ``amount`` is the SDV modifier the change is worth (e.g. 2 for stepping out of
    cover into plain sight); ``observers`` empty means everyone it is hidden from.
    """

    kind: ClassVar[str] = "reduce_surprise"
    combatant: str
    amount: int
    observers: tuple[str, ...] = ()

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)}'s margin of surprise drops by {self.amount}."


@dataclass(frozen=True)
class MoveCounter(Action):
    """The GM drags a counter: to a segment (next tick that shows it) or to an absolute tick."""

    kind: ClassVar[str] = "move_counter"
    combatant: str
    segment: int | None = None
    tick: int | None = None

    def sentence(self, names: Names) -> str:
        where = f"segment {self.segment}" if self.segment is not None else f"tick {self.tick}"
        return f"GM moves {names(self.combatant)}'s counter to {where}."

    def merge_key(self) -> str:
        """Repeated drags of one counter are one undo step."""
        return f"move_counter:{self.combatant}"


@dataclass(frozen=True)
class CycleHealthBox(Action):
    """The GM clicks a health box: empty, bashing, lethal, aggravated, empty again."""

    kind: ClassVar[str] = "cycle_box"
    combatant: str
    index: int

    def sentence(self, names: Names) -> str:
        return f"GM changes {names(self.combatant)}'s box {self.index + 1} by hand."


@dataclass(frozen=True)
class SetHealth(Action):
    """The GM sets a whole health track by hand, as a string of ``.``, ``/``, ``X``, ``*``."""

    kind: ClassVar[str] = "set_health"
    combatant: str
    marks: str

    def sentence(self, names: Names) -> str:
        return f"GM sets {names(self.combatant)}'s health track to {self.marks}."


@dataclass(frozen=True)
class MoteChange(Action):
    """Motes into or out of the personal or peripheral pool; ``verb`` says which way."""

    verb: ClassVar[str] = ""
    combatant: str
    amount: int
    pool: str = "personal"

    def sentence(self, names: Names) -> str:
        motes = plural(self.amount, f"{self.pool} mote")
        return f"{names(self.combatant)} {self.verb} {motes}."


@dataclass(frozen=True)
class SpendMotes(MoteChange):
    """Spend motes from the personal or peripheral pool."""

    kind: ClassVar[str] = "spend_motes"
    verb: ClassVar[str] = "spends"


@dataclass(frozen=True)
class RegainMotes(MoteChange):
    """Regain motes into the personal or peripheral pool, up to its size."""

    kind: ClassVar[str] = "regain_motes"
    verb: ClassVar[str] = "regains"


@dataclass(frozen=True)
class WillpowerChange(Action):
    """Temporary Willpower spent or regained; ``verb`` says which way."""

    verb: ClassVar[str] = ""
    combatant: str
    amount: int = 1

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} {self.verb} {self.amount} Willpower."


@dataclass(frozen=True)
class SpendWillpower(WillpowerChange):
    """Spend temporary Willpower."""

    kind: ClassVar[str] = "spend_willpower"
    verb: ClassVar[str] = "spends"


@dataclass(frozen=True)
class RegainWillpower(WillpowerChange):
    """Regain temporary Willpower, up to the permanent rating."""

    kind: ClassVar[str] = "regain_willpower"
    verb: ClassVar[str] = "regains"


@dataclass(frozen=True)
class SetOverride(Action):
    """The GM overrides a derived value with a reason; ``value`` None clears it."""

    kind: ClassVar[str] = "set_override"
    combatant: str
    field: str
    value: int | None
    reason: str = ""

    def sentence(self, names: Names) -> str:
        what = f"{names(self.combatant)}'s {override_name(self.field)}"
        if self.value is None:
            return f"GM clears the override of {what}."
        why = f" ({self.reason})" if self.reason else ""
        return f"GM sets {what} to {self.value}{why}."


@dataclass(frozen=True)
class EndCombat(Action):
    """The fight is over; no further action changes it."""

    kind: ClassVar[str] = "end_combat"
    reason: str = ""

    def sentence(self, names: Names) -> str:
        return "The combat ends." + (f" ({self.reason})" if self.reason else "")


ACTION_TYPES: dict[str, type[Action]] = {}


def register_action(cls: type[Action]) -> type[Action]:
    """Make an action kind readable from the log (rulesets add their own)."""
    ACTION_TYPES[cls.kind] = cls
    return cls


for _cls in (
    AddCombatant,
    RemoveCombatant,
    DeclareConcealment,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
    NextTick,
    Advance,
    DeclareMovement,
    RaiseAlarm,
    ReduceSurprise,
    MoveCounter,
    CycleHealthBox,
    SetHealth,
    SpendMotes,
    RegainMotes,
    SpendWillpower,
    RegainWillpower,
    SetOverride,
    EndCombat,
    ChangeRuling,
    AddCondition,
    RemoveCondition,
):
    register_action(_cls)


def action_from_json(obj: object, path: str = "action") -> Action:
    """Read one 2e Rewrite action strictly: unknown kind, missing field or wrong type is refused."""
    return decode_action(obj, ACTION_TYPES, path)
