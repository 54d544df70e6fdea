"""Every change to an Impulse fight is one of these frozen, JSON-serialisable actions.

Rolls travel inside the action as ``DiceEntry`` values (faces from a seeded roll or
typed by the GM, or a success count typed), so replaying a log rebuilds the fight.
``sentence`` is the plain log line; ``sentences.describe`` adds what came of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core.actions import FIGHTER, Action, Joining, Names, Term
from battlewheel.engine.core.actions import AddCombatant as AddCombatant
from battlewheel.engine.core.actions import EndCombat as EndCombat
from battlewheel.engine.core.actions import RemoveCombatant as RemoveCombatant
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.lasting import LASTING_TERM, ROSTER_TERM
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.lasting import Lasting

MANOEUVRE_EFFECTS = (
    "knockback",
    "intimidate",
    "stun",
    "smash_scenery",
    "seek_cover",
    "counter_cover",
    "defend_other",
)
DECISIVE_EFFECTS = ("disarm", "restrain", "maim", "humiliate", "terrorize")
DIRECTIONS = ("toward", "away")
# "after_turn": after the trigger, once the turn in progress ends; "after" (older logs):
# now, the trigger having already been entered.
TIMINGS = ("before", "after", "after_turn")
REWARDS = ("willpower", "motes")


def _list(names: Names, ids: tuple[str, ...]) -> str:
    return ", ".join(names(i) for i in ids)


# -- set-up and roster -------------------------------------------------------------------


def _where(terms: Mapping[str, Any]) -> str:
    """Where a newcomer stands, for the log line."""
    if terms["reserve"] is None:
        return "a reinforcement if the fight has begun"
    return "waits at Extreme as a reinforcement" if terms["reserve"] \
        else f"at {terms['band']} range"


JOINING = Joining(ImpulseCharacter, {
    # The range band to everyone present, or the one a reserve arrives at later.
    "band": Term(str, "short"),
    # A reinforcement (a round at Extreme first); None: one if the fight has begun
    # (001 §Range Bands).
    "reserve": Term(bool | None, False),
    # The roster character the fighter came from ("": a one-off foe), and the condition
    # they bring (rules/between-fights.md §Impulse; None: fresh).
    ROSTER_TERM: Term(str, ""),
    LASTING_TERM: Term(Lasting | None, None),
}, _where)
"""What an Impulse fighter joins on beyond id, block and side."""


@dataclass(frozen=True)
class SetRange(Action):
    """The GM puts two combatants at a range band (001 §Range Bands)."""

    kind: ClassVar[str] = "set_range"
    words: ClassVar[str] = "GM sets {a:name} and {b:name} at {band} range."
    a: str = field(metadata=FIGHTER)
    b: str = field(metadata=FIGHTER)
    band: str


@dataclass(frozen=True)
class RollOrder(Action):
    """The order roll, 1d10 + Initiative read by its face, one die per counter (001 §Turn Order)."""

    kind: ClassVar[str] = "roll_order"
    words: ClassVar[str] = "{combatant:name} rolls for the order: {dice}."
    combatant: str = field(metadata=FIGHTER)
    dice: DiceEntry


@dataclass(frozen=True)
class SetOrderValue(Action):
    """The GM places a counter at an order value (extra NPC actions, or a drag)."""

    kind: ClassVar[str] = "set_order_value"
    combatant: str = field(metadata=FIGHTER)
    value: int
    index: int = 0

    def sentence(self, names: Names) -> str:
        which = f" action {self.index + 1}" if self.index else ""
        return f"GM places {names(self.combatant)}{which} at order {self.value}."


@dataclass(frozen=True)
class MarkAmbushed(Action):
    """The GM declares a combatant ambushed, or not (001 §Ambush Round)."""

    kind: ClassVar[str] = "mark_ambushed"
    combatant: str = field(metadata=FIGHTER)
    ambushed: bool = True

    def sentence(self, names: Names) -> str:
        state = "is caught in an ambush" if self.ambushed else "is not ambushed"
        return f"{names(self.combatant)} {state}."


@dataclass(frozen=True)
class AmbushContest(Action):
    """A player character's Cunning + Awareness against an ambusher's Cunning + Stealth."""

    kind: ClassVar[str] = "ambush_contest"
    victim: str = field(metadata=FIGHTER)
    ambusher: str = field(metadata=FIGHTER)
    awareness: DiceEntry
    stealth: DiceEntry

    def sentence(self, names: Names) -> str:
        return (
            f"{names(self.victim)} watches for {names(self.ambusher)}'s ambush: "
            f"{self.awareness} against {self.stealth}."
        )


@dataclass(frozen=True)
class StartCombat(Action):
    """Round 1 begins: starting Impulse and the first counter acts (001 §Turn Order)."""

    kind: ClassVar[str] = "start"
    words: ClassVar[str] = "The fight begins: round 1."


@dataclass(frozen=True)
class SettleTie(Action):
    """Tied counters in the order the player, a coin or the GM chose (001 §Turn Order)."""

    kind: ClassVar[str] = "settle_tie"
    keys: tuple[str, ...]

    def sentence(self, names: Names) -> str:
        who = [names(k.partition("#")[0]) for k in self.keys]
        return "Tie settled: " + " before ".join(who) + "."


# -- the turn ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EndTurn(Action):
    """The acting counter is done; the next one acts, or the next round begins."""

    kind: ClassVar[str] = "end_turn"
    words: ClassVar[str] = "End of turn."


@dataclass(frozen=True)
class StuntEffect:
    """One stunt effect and what it needs (001 §Stunting Maneuvers, §Stunting Decisive Strikes).

    ``target`` is whom it falls on (the strike's target when empty, the acting
    character for Seek Cover, the ally for Defend Other); ``scenery`` is the GM's
    difficulty for scenery effects; ``cover`` the level Seek Cover finds; ``hazard`` the
    GM's words for what smashed scenery creates.
    """

    effect: str
    target: str = field(default="", metadata=FIGHTER)
    direction: str = "away"
    scenery: int = 0
    cover: str = "partial"
    hazard: str = ""


def is_stunted(action: Manoeuvre | DecisiveStrike | FlurryStrike) -> bool:
    """Whether the roll is stunted (+2 dice, 001 §Stunting Maneuvers): as the GM ticked it;
    a log written before the tick was recorded (``None``) counted a chosen effect as one."""
    if action.stunted is None:
        return action.stunt is not None
    return action.stunted


@dataclass(frozen=True)
class Manoeuvre(Action):
    """A manoeuvre: Attribute + Ability, successes become Impulse (001 §Maneuvers).

    ``target``: a manoeuvre aimed at someone, which hits when its successes beat their DV
    (for powers that work on a hit) and never costs them Endurance.
    """

    kind: ClassVar[str] = "manoeuvre"
    actor: str = field(metadata=FIGHTER)
    attribute: str
    ability: str
    dice: DiceEntry
    stunt: StuntEffect | None = None
    stunted: bool | None = None
    description: str = ""
    reward: str = "willpower"
    target: str = field(default="", metadata=FIGHTER)

    def sentence(self, names: Names) -> str:
        how = " (stunted)" if is_stunted(self) else ""
        at = f" at {names(self.target)}" if self.target else ""
        what = f": {self.description}" if self.description else ""
        return (
            f"{names(self.actor)} manoeuvres{at} with {self.attribute.title()} + "
            f"{self.ability.title()}{how}{what}; rolls {self.dice}."
        )


@dataclass(frozen=True)
class DecisiveStrike(Action):
    """A Decisive Strike: accuracy, then Impulse-fuelled damage (001 §Decisive Strike).

    ``attribute``: the Attribute rolled when the weapon's class allows two (unarmed and
    medium: Dexterity or Strength, 001 §Weapons and Armor); empty, the weapon's own.
    """

    kind: ClassVar[str] = "decisive_strike"
    actor: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    weapon: str
    accuracy: DiceEntry
    damage: DiceEntry | None = None
    stunted: bool | None = None
    stunt: StuntEffect | None = None
    reward: str = "willpower"
    attribute: str = ""

    def sentence(self, names: Names) -> str:
        how = " (stunted)" if self.stunted else ""
        return (
            f"{names(self.actor)} makes a Decisive Strike{how} on {names(self.target)} "
            f"with {self.weapon}: accuracy {self.accuracy}."
        )


@dataclass(frozen=True)
class FlurryStrike(Action):
    """Several targets, the highest DV, the damage split (001 §Flurry Strikes)."""

    kind: ClassVar[str] = "flurry_strike"
    actor: str = field(metadata=FIGHTER)
    targets: tuple[str, ...] = field(metadata=FIGHTER)
    weapon: str
    accuracy: DiceEntry
    damage: DiceEntry | None = None
    split: tuple[int, ...] = ()
    stunted: bool | None = None
    stunt: StuntEffect | None = None
    reward: str = "willpower"
    attribute: str = ""

    def sentence(self, names: Names) -> str:
        how = " (stunted)" if self.stunted else ""
        return (
            f"{names(self.actor)} makes a Flurry Strike{how} on {_list(names, self.targets)} "
            f"with {self.weapon}: accuracy {self.accuracy}."
        )


@dataclass(frozen=True)
class HoldAction(Action):
    """Spend 2 Impulse and wait for a named trigger (001 §Holding Action)."""

    kind: ClassVar[str] = "hold_action"
    words: ClassVar[str] = "{actor:name} holds their action until: {trigger}."
    actor: str = field(metadata=FIGHTER)
    trigger: str


@dataclass(frozen=True)
class FireHold(Action):
    """The trigger came: the held counter acts before or after it (001 §Holding Action)."""

    kind: ClassVar[str] = "fire_hold"
    actor: str = field(metadata=FIGHTER)
    timing: str = "before"

    def sentence(self, names: Names) -> str:
        if self.timing == "after_turn":
            return f"{names(self.actor)}'s trigger comes; they act after it, once this turn ends."
        return f"{names(self.actor)}'s trigger comes; they act {self.timing} it."


@dataclass(frozen=True)
class ChangeInitiative(Action):
    """A new order value from next round: +1 per Impulse, lowering free (001 §Change Initiative)."""

    kind: ClassVar[str] = "change_initiative"
    words: ClassVar[str] = "{actor:name} changes their order to {value} from next round."
    actor: str = field(metadata=FIGHTER)
    value: int
    index: int = 0


@dataclass(frozen=True)
class Move(Action):
    """One band toward or away from targets (a group moves together) (001 §Move)."""

    kind: ClassVar[str] = "move"
    actor: str = field(metadata=FIGHTER)
    targets: tuple[str, ...] = field(metadata=FIGHTER)
    direction: str = "toward"
    drag: str = field(default="", metadata=FIGHTER)

    def sentence(self, names: Names) -> str:
        dragged = f", dragging {names(self.drag)}" if self.drag else ""
        return f"{names(self.actor)} moves {self.direction} {_list(names, self.targets)}{dragged}."


@dataclass(frozen=True)
class Dash(Action):
    """Two bands for 2 Impulse and -1 DV for a round (001 §Dash)."""

    kind: ClassVar[str] = "dash"
    actor: str = field(metadata=FIGHTER)
    targets: tuple[str, ...] = field(metadata=FIGHTER)
    direction: str = "toward"

    def sentence(self, names: Names) -> str:
        return f"{names(self.actor)} dashes {self.direction} {_list(names, self.targets)}."


@dataclass(frozen=True)
class Contest:
    """One foe's attempt to keep up with a Disengage: Dex + Athletics, or no roll (None)."""

    foe: str = field(metadata=FIGHTER)
    dice: DiceEntry | None = None


@dataclass(frozen=True)
class Disengage(Action):
    """Leave melee for short range for 2 Impulse; foes may contest (001 §Disengage)."""

    kind: ClassVar[str] = "disengage"
    words: ClassVar[str] = "{actor:name} tries to disengage."
    actor: str = field(metadata=FIGHTER)
    contests: tuple[Contest, ...] = ()


# -- the GM's hand ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AdjustImpulse(Action):
    """Impulse spent (negative) or gained by hand: a power, a correction."""

    kind: ClassVar[str] = "adjust_impulse"
    combatant: str = field(metadata=FIGHTER)
    amount: int

    def sentence(self, names: Names) -> str:
        verb = "gains" if self.amount > 0 else "spends"
        return f"{names(self.combatant)} {verb} {abs(self.amount)} Impulse."


@dataclass(frozen=True)
class SetEndurance(Action):
    """Endurance set by hand (a click on the boxes)."""

    kind: ClassVar[str] = "set_endurance"
    words: ClassVar[str] = "GM sets {combatant:name}'s Endurance to {value}."
    combatant: str = field(metadata=FIGHTER)
    value: int


@dataclass(frozen=True)
class SetCover(Action):
    """A situational defence: none, partial or full (001 §Situational Defenses, §Cover)."""

    kind: ClassVar[str] = "set_cover"
    words: ClassVar[str] = "{combatant:name} now has {level} cover."
    combatant: str = field(metadata=FIGHTER)
    level: str


@dataclass(frozen=True)
class CounterDefence(Action):
    """A power or an act strips one level of a situational defence (001 §Situational Defenses)."""

    kind: ClassVar[str] = "counter_defence"
    words: ClassVar[str] = "{combatant:name}'s situational defence is countered one level."
    combatant: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class ClearStatus(Action):
    """The GM ends a status early."""

    kind: ClassVar[str] = "clear_status"
    combatant: str = field(metadata=FIGHTER)
    name: str

    def sentence(self, names: Names) -> str:
        return f"GM clears {self.name.replace('_', ' ')} from {names(self.combatant)}."


@dataclass(frozen=True)
class ChooseDeath(Action):
    """A fallen character dies: a player's choice for a PC (001 §Death and Dying)."""

    kind: ClassVar[str] = "choose_death"
    words: ClassVar[str] = "{combatant:name} dies."
    combatant: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class VillainEscapes(Action):
    """A recurring villain gets away; each PC gains Strife (001 §Recurring Antagonist Defeat)."""

    kind: ClassVar[str] = "villain_escapes"
    words: ClassVar[str] = "{combatant:name} escapes to fight another day."
    combatant: str = field(metadata=FIGHTER)

