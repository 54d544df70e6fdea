"""Pool & Ward's actions: every change to a fight is one frozen, JSON-serialisable value.

Each action carries what it needs, dice included (a ``DiceEntry`` of faces rolled from a
seeded source, or faces or successes the GM typed), so replaying the log rebuilds the
fight. ``sentence`` is the plain log line; ``sentences.py`` writes richer ones from the
states around an action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from battlewheel.engine.core.actions import FIGHTER, Action, Joining, Names, Term
from battlewheel.engine.core.actions import AddCombatant as AddCombatant
from battlewheel.engine.core.actions import EndCombat as EndCombat
from battlewheel.engine.core.actions import RemoveCombatant as RemoveCombatant
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.lasting import LASTING_TERM, ROSTER_TERM
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.lasting import Lasting
from battlewheel.engine.rulesets.poolward.rules.pool import NO_COVER, PHYSICAL
from battlewheel.engine.rulesets.poolward.state import STANDARD


def dice_words(entry: DiceEntry | None) -> str:
    """A roll as the log prints it."""
    if entry is None:
        return "no roll"
    if entry.faces is not None:
        return "faces " + (" ".join(str(face) for face in entry.faces) or "none")
    return f"{entry.successes} successes typed"


# -- the roster and the order -------------------------------------------------------------

JOINING = Joining(StatBlock, {
    # A player's character rather than one of the GM's.
    "player": Term(bool, False),
    # Health, Vigor and Ward as they stand when the fighter joins; None: full.
    "health": Term(int | None, None),
    "vigor": Term(int | None, None),
    "ward": Term(int | None, None),
    # The roster character the fighter came from ("": a one-off foe), and the condition
    # they bring (rules/between-fights.md §Pool & Ward; None: fresh).
    ROSTER_TERM: Term(str, ""),
    LASTING_TERM: Term(Lasting | None, None),
})
"""What a Pool & Ward fighter joins on beyond id, block and side."""

EndFight = EndCombat
"""Pool & Ward's name for the shared end of a fight; recovery and healing open after it."""


@dataclass(frozen=True)
class SetOrder(Action):
    """The GM sets the round's order (ruling ``turn_order``: a GM-set list)."""

    kind: ClassVar[str] = "set_order"
    order: tuple[str, ...] = field(metadata=FIGHTER)

    def sentence(self, names: Names) -> str:
        return "GM sets the order: " + ", ".join(names(cid) for cid in self.order) + "."


@dataclass(frozen=True)
class RollOrder(Action):
    """A fighter rolls the GM-chosen pool for the order (ruling ``turn_order``: rolled)."""

    kind: ClassVar[str] = "roll_order"
    combatant: str = field(metadata=FIGHTER)
    pool: int
    dice: DiceEntry

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} rolls {self.pool} dice for the order: " \
               f"{dice_words(self.dice)}."


@dataclass(frozen=True)
class StartFight(Action):
    """The first round begins."""

    kind: ClassVar[str] = "start_fight"
    words: ClassVar[str] = "The fight begins: round 1."


@dataclass(frozen=True)
class NextTurn(Action):
    """The actor's turn ends; after the last turn the round starts over."""

    kind: ClassVar[str] = "next_turn"
    words: ClassVar[str] = "Next turn."


# -- the turn ------------------------------------------------------------------------------


@dataclass(frozen=True)
class UseAction(Action):
    """Spend an action slot of the turn: free, fast, move, standard or full (002 §Types of
    Actions); ``what`` says what was done."""

    kind: ClassVar[str] = "use_action"
    combatant: str = field(metadata=FIGHTER)
    slot: str
    what: str = ""

    def sentence(self, names: Names) -> str:
        doing = f": {self.what}" if self.what else ""
        return f"{names(self.combatant)} takes a {self.slot} action{doing}."


@dataclass(frozen=True)
class GrantAction(Action):
    """A power grants one more fast, move or standard action this turn (Alacrity, Tactical
    Retreat: GM input)."""

    kind: ClassVar[str] = "grant_action"
    combatant: str = field(metadata=FIGHTER)
    slot: str
    power: str = ""

    def sentence(self, names: Names) -> str:
        by = f" ({self.power})" if self.power else ""
        return f"{names(self.combatant)} gains an extra {self.slot} action this turn{by}."


@dataclass(frozen=True)
class DelayTurn(Action):
    """A Delayed action: the counter moves later in the round's order (a GM move, free)."""

    kind: ClassVar[str] = "delay_turn"
    words: ClassVar[str] = "{combatant:name} delays to place {position:nth} in the order."
    combatant: str = field(metadata=FIGHTER)
    position: int


@dataclass(frozen=True)
class ReadyAction(Action):
    """A Readied action: the actor holds its action for a trigger (rules elsewhere: GM)."""

    kind: ClassVar[str] = "ready_action"
    words: ClassVar[str] = "{combatant:name} readies an action: {trigger}."
    combatant: str = field(metadata=FIGHTER)
    trigger: str


@dataclass(frozen=True)
class TriggerReadied(Action):
    """The trigger happens: the readied fighter acts now, then the round goes on."""

    kind: ClassVar[str] = "trigger_readied"
    words: ClassVar[str] = "{combatant:name}'s readied action is triggered."
    combatant: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class Attack(Action):
    """One attack or spell: pool less defence, rolled; every success is damage.

    ``attack`` names a weapon or spell on the attacker's sheet; ``dice`` is the roll
    (None when the pool is 0 or less). The GM's inputs: ``extra_dice`` (situational flat
    dice), ``ignore_dodge``, ``steady_shot`` (the example power: a Full action ignoring
    up to 3 Dodge), ``shield_facing``, ``cover``, ``meets`` (the defence terms a spell
    meets), ``mortal`` (the source is inimical to the target).
    """

    kind: ClassVar[str] = "attack"
    attacker: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    attack: str
    dice: DiceEntry | None = None
    slot: str = STANDARD
    extra_dice: int = 0
    ignore_dodge: int = 0
    steady_shot: bool = False
    shield_facing: bool = True
    cover: str = NO_COVER
    meets: tuple[str, ...] = PHYSICAL
    mortal: bool = False

    def sentence(self, names: Names) -> str:
        return f"{names(self.attacker)} attacks {names(self.target)} with {self.attack} " \
               f"({dice_words(self.dice)})."


# -- the GM's hand -------------------------------------------------------------------------


@dataclass(frozen=True)
class SetTrack(Action):
    """The GM sets Health, Vigor or Ward by hand (a box click, a pool button)."""

    kind: ClassVar[str] = "set_track"
    combatant: str = field(metadata=FIGHTER)
    track: str
    value: int

    def sentence(self, names: Names) -> str:
        return f"GM sets {names(self.combatant)}'s {self.track.title()} to {self.value}."


@dataclass(frozen=True)
class AdjustRound(Action):
    """The GM changes this round's Dodge losses or Parry uses by ``amount``."""

    kind: ClassVar[str] = "adjust_round"
    combatant: str = field(metadata=FIGHTER)
    field: str
    amount: int

    def sentence(self, names: Names) -> str:
        word = self.field.replace("_", " ")
        return f"GM changes {names(self.combatant)}'s {word} by {self.amount:+d}."


@dataclass(frozen=True)
class SetCondition(Action):
    """The GM marks or clears a condition: ``flat_footed`` (caught unaware) or ``stable``
    (bleeding stopped)."""

    kind: ClassVar[str] = "set_condition"
    combatant: str = field(metadata=FIGHTER)
    condition: str
    on: bool = True

    def sentence(self, names: Names) -> str:
        word = self.condition.replace("_", "-" if self.condition == "flat_footed" else " ")
        verb = "marks" if self.on else "clears"
        return f"GM {verb} {names(self.combatant)} {word}."


@dataclass(frozen=True)
class Backlash(Action):
    """Sorcerous Backlash hurts the caster; it heals only naturally (002 §Health and Vigor
    Recovery)."""

    kind: ClassVar[str] = "backlash"
    combatant: str = field(metadata=FIGHTER)
    amount: int
    lethal: bool = False

    def sentence(self, names: Names) -> str:
        kind = "lethal" if self.lethal else "non-lethal"
        return f"{names(self.combatant)} suffers {self.amount} {kind} Backlash."


@dataclass(frozen=True)
class Sleep(Action):
    """A night's restful sleep, with the Medicine roll if someone tends the sleeper."""

    kind: ClassVar[str] = "sleep"
    combatant: str = field(metadata=FIGHTER)
    medicine: DiceEntry | None = None
    medicine_pool: int = 0

    def sentence(self, names: Names) -> str:
        tended = f", Medicine {dice_words(self.medicine)}" if self.medicine else ""
        return f"{names(self.combatant)} sleeps the night{tended}."


@dataclass(frozen=True)
class Rest(Action):
    """Rest out of the fight: one Vigor per 15 minutes."""

    kind: ClassVar[str] = "rest"
    combatant: str = field(metadata=FIGHTER)
    quarter_hours: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} rests {self.quarter_hours * 15} minutes."


@dataclass(frozen=True)
class Heal(Action):
    """Lethal (magical) healing of ``points`` (002 §Magical/Lethal Healing)."""

    kind: ClassVar[str] = "heal"
    words: ClassVar[str] = "{combatant:name} receives {points} points of lethal healing."
    combatant: str = field(metadata=FIGHTER)
    points: int

