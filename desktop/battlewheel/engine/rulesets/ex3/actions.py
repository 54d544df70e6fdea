"""3e's actions: each change to a fight is one frozen value carrying its dice.

Dice are typed (successes or faces the GM entered) or rolled (faces from a seeded
source), stored in the action, so replaying the log rebuilds the fight exactly.
``sentence`` is the plain log line; ``sentences.describe`` adds what the state knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core.actions import FIGHTER, Action, Joining, Names, Term
from battlewheel.engine.core.actions import AddCombatant as AddCombatant
from battlewheel.engine.core.actions import EndCombat as EndCombat
from battlewheel.engine.core.actions import RemoveCombatant as RemoveCombatant
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.lasting import LASTING_TERM, ROSTER_TERM
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.lasting import Lasting

WITHERING, DECISIVE, GAMBIT = "withering", "decisive", "gambit"
MODES = (WITHERING, DECISIVE, GAMBIT)
GAMBITS = ("disarm", "distract", "grapple", "engage", "unhorse", "special")


def dice_text(entry: DiceEntry | None) -> str:
    """Faces rolled or successes typed, for a log line."""
    if entry is None:
        return "no roll"
    if entry.faces is not None:
        return "rolled " + (" ".join(map(str, entry.faces)) or "no dice")
    return f"{entry.successes} typed"


@dataclass(frozen=True)
class Rolled(Action):
    """Base of a 3e action whose log line shows a roll, as ``{roll:dice}`` in its words."""

    spoken: ClassVar[Mapping[str, Callable[[Any], str]]] = {"dice": dice_text}


@dataclass(frozen=True)
class OpposedRoll(Rolled):
    """A fighter's roll that each foe who may see it answers (``opposed``, by id)."""

    combatant: str = field(metadata=FIGHTER)
    roll: DiceEntry
    opposed: Mapping[str, DiceEntry] = field(default_factory=dict, metadata=FIGHTER)


@dataclass(frozen=True)
class Command(Rolled):
    """A commander's roll on a battle group's behalf (003 §Commanding Battle Groups)."""

    commander: str = field(metadata=FIGHTER)
    group: str = field(metadata=FIGHTER)
    attribute: str
    roll: DiceEntry


# -- set-up and the GM's hand -------------------------------------------------------------

JOINING = Joining(Character, {
    # The zone a fighter joins in (003 §Positioning and Movement).
    "zone": Term(int, 0),
    # Caught unawares: no weapon in hand yet (003 §Ready Weapon).
    "unready": Term(bool, False),
    # The roster character the fighter came from ("": a one-off foe), and the condition
    # they bring (rules/between-fights.md §Exalted 3e; None: fresh).
    ROSTER_TERM: Term(str, ""),
    LASTING_TERM: Term(Lasting | None, None),
})
"""What a 3e fighter joins on beyond id, block and side."""


@dataclass(frozen=True)
class RollJoinBattle(Rolled):
    """Wits + Awareness, +3 successes, at the start or late (003 §The Flow of Combat)."""

    kind: ClassVar[str] = "roll_join_battle"
    words: ClassVar[str] = "{combatant:name} rolls Join Battle: {dice:dice}."
    combatant: str = field(metadata=FIGHTER)
    dice: DiceEntry


@dataclass(frozen=True)
class StartCombat(Action):
    """Round 1 begins (003 §The Flow of Combat)."""

    kind: ClassVar[str] = "start"
    words: ClassVar[str] = "The battle begins."


@dataclass(frozen=True)
class NextTurn(Action):
    """End the turn in progress and begin the next one (003 §The Flow of Combat)."""

    kind: ClassVar[str] = "next_turn"
    words: ClassVar[str] = "Next turn."


@dataclass(frozen=True)
class Delay(Action):
    """Wait to a later tick this round for 2i (003 §The Flow of Combat)."""

    kind: ClassVar[str] = "delay"
    words: ClassVar[str] = "{combatant:name} delays to tick {tick}."
    combatant: str = field(metadata=FIGHTER)
    tick: int


@dataclass(frozen=True)
class SetInitiative(Action):
    """GM edit of a combatant's Initiative: no rule cost (rules/3e.md §5)."""

    kind: ClassVar[str] = "set_initiative"
    words: ClassVar[str] = "GM sets {combatant:name}'s Initiative to {value}."
    combatant: str = field(metadata=FIGHTER)
    value: int


POOLS = ("personal", "peripheral", "willpower")
POOL_WORDS = {"personal": "personal motes", "peripheral": "peripheral motes",
              "willpower": "Willpower"}


@dataclass(frozen=True)
class AdjustPool(Action):
    """GM spends (negative ``amount``) or restores motes or Willpower (3e reading §4:
    what Charms cost is the GM's input)."""

    kind: ClassVar[str] = "adjust_pool"
    combatant: str = field(metadata=FIGHTER)
    pool: str
    amount: int

    def sentence(self, names: Names) -> str:
        verb = "spends" if self.amount < 0 else "restores"
        return (f"GM {verb} {abs(self.amount)} of {names(self.combatant)}'s "
                f"{POOL_WORDS.get(self.pool, self.pool)}.")


@dataclass(frozen=True)
class CycleHealthBox(Action):
    """GM click on one health box."""

    kind: ClassVar[str] = "cycle_box"
    words: ClassVar[str] = "GM changes {combatant:name}'s health box {index:nth}."
    combatant: str = field(metadata=FIGHTER)
    index: int


@dataclass(frozen=True)
class SetMagnitude(Action):
    """GM edit of a battle group's Magnitude."""

    kind: ClassVar[str] = "set_magnitude"
    words: ClassVar[str] = "GM sets {combatant:name}'s Magnitude to {value}."
    combatant: str = field(metadata=FIGHTER)
    value: int


@dataclass(frozen=True)
class AwardBreak(Action):
    """The GM gives the Break for a self-Crash to whoever caused it most (003 §Crash)."""

    kind: ClassVar[str] = "award_break"
    words: ClassVar[str] = "GM awards {to:name} the Break for {crashed:name}'s Crash."
    to: str = field(metadata=FIGHTER)
    crashed: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class GrantExtraAction(Action):
    """The GM grants the actor one more Simple action this turn, as a Charm may
    (rules/3e.md §4 GM input); an extra attack on a clash partner resolves normally
    (003 §Clashes)."""

    kind: ClassVar[str] = "grant_extra_action"
    combatant: str = field(metadata=FIGHTER)
    source: str = ""

    def sentence(self, names: Names) -> str:
        source = f" ({self.source})" if self.source else ""
        return f"GM grants {names(self.combatant)} an extra action this turn{source}."


@dataclass(frozen=True)
class SetCondition(Action):
    """GM sets a condition: prone, cover (0-3), mounted, leader_killed, concealed_from."""

    kind: ClassVar[str] = "set_condition"
    combatant: str = field(metadata=FIGHTER)
    condition: str
    value: int
    other: str = field(default="", metadata=FIGHTER)

    def sentence(self, names: Names) -> str:
        if self.condition == "concealed":
            how = "hides" if self.value else "reveals"
            return f"GM {how} {names(self.combatant)} {'from' if self.value else 'to'} " \
                   f"{names(self.other)}."
        return f"GM sets {names(self.combatant)}'s {self.condition.replace('_', ' ')} " \
               f"to {self.value}."


@dataclass(frozen=True)
class SetRange(Action):
    """GM places two combatants at a range band (per-pair bands) or a zone (003 §Positioning)."""

    kind: ClassVar[str] = "set_range"
    combatant: str = field(metadata=FIGHTER)
    other: str = field(default="", metadata=FIGHTER)
    band: str = ""
    zone: int = 0

    def sentence(self, names: Names) -> str:
        if self.other:
            return f"GM puts {names(self.combatant)} at {self.band} range of {names(self.other)}."
        return f"GM puts {names(self.combatant)} in zone {self.zone}."


@dataclass(frozen=True)
class MarkRough(Action):
    """GM marks a zone as difficult terrain (or clears it) (003 §Positioning and Movement)."""

    kind: ClassVar[str] = "mark_rough"
    zone: int
    rough: bool = True

    def sentence(self, names: Names) -> str:
        return f"Zone {self.zone} is {'difficult terrain' if self.rough else 'open ground'}."


# -- attacks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AlsoHit:
    """Another target a battle group's attack reaches, with its own damage roll."""

    target: str = field(metadata=FIGHTER)
    damage: DiceEntry | None = None


@dataclass(frozen=True)
class Attack(Action):
    """One attack through 003 §Resolution Steps: withering, decisive or a gambit.

    ``damage`` is the damage (or gambit) roll, present exactly when the attack hits;
    ``control`` and ``resist`` the grapple's opposed roll; ``shift_dice`` the Join
    Battle roll when the hit makes the attacker Shift; ``rout`` the rout checks a
    battle group makes. ``grapple`` marks a Savage or Throw manoeuvre. ``others`` are
    the further foes a battle group's attack reaches, one roll for all.
    """

    kind: ClassVar[str] = "attack"
    attacker: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    mode: str
    weapon: str
    attack: DiceEntry
    damage: DiceEntry | None = None
    gambit: str = ""
    difficulty: int = 0
    ally: str = field(default="", metadata=FIGHTER)
    disarm_weapon: str = ""
    control: DiceEntry | None = None
    resist: DiceEntry | None = None
    resist_pool: int = 0
    defence: str = ""
    flurry: bool = False
    specialty: int = 0
    bonus_dice: int = 0
    bonus_successes: int = 0
    post_soak: int = 0
    automatic_damage: int = 0
    defence_modifier: int = 0
    unblockable: bool = False
    undodgeable: bool = False
    magical_area: bool = False
    spread: bool = False
    at_ward: bool = False
    hold_at_bay: bool = False
    escape: bool = False
    grapple: str = ""
    shift_dice: DiceEntry | None = None
    rout: tuple[DiceEntry, ...] = ()
    others: tuple[AlsoHit, ...] = ()

    def sentence(self, names: Names) -> str:
        if self.hold_at_bay:
            return f"{names(self.attacker)} holds {names(self.target)} at bay from ambush."
        what = f"{self.gambit} gambit" if self.mode == GAMBIT else f"{self.mode} attack"
        if self.escape:
            return (f"{names(self.target)} tries to escape; {names(self.attacker)} strikes "
                    f"with {self.weapon}: {dice_text(self.attack)}.")
        return (f"{names(self.attacker)} makes a {what} on {names(self.target)} "
                f"with {self.weapon}: {dice_text(self.attack)}.")


@dataclass(frozen=True)
class ClashSide:
    """One side of a clash: the attack it makes and, if it wins, its damage roll.

    ``flurry``: the attack is one of two different Flurry actions this side takes on its
    turn (-3 to the roll, -1 Defence; 003 §Combat Actions). For the answer, made out of
    turn, the flurry's other action comes on its own turn on this tick.
    """

    attacker: str = field(metadata=FIGHTER)
    mode: str
    weapon: str
    attack: DiceEntry
    damage: DiceEntry | None = None
    specialty: int = 0
    bonus_dice: int = 0
    bonus_successes: int = 0
    post_soak: int = 0
    flurry: bool = False


@dataclass(frozen=True)
class Clash(Action):
    """Two attacks on each other on one tick, as opposed rolls (003 §Clashes).

    ``first`` is the actor; ``second`` a foe acting on the same tick who has not acted.
    """

    kind: ClassVar[str] = "clash"
    first: ClashSide
    second: ClashSide
    shift_dice: DiceEntry | None = None
    rout: tuple[DiceEntry, ...] = ()

    def sentence(self, names: Names) -> str:
        return (f"{names(self.first.attacker)} and {names(self.second.attacker)} clash: "
                f"{dice_text(self.first.attack)} against {dice_text(self.second.attack)}.")


# -- the other combat actions ---------------------------------------------------------------


@dataclass(frozen=True)
class Aim(Action):
    """Aim at a target for +3 on the next attack (003 §Aim)."""

    kind: ClassVar[str] = "aim"
    words: ClassVar[str] = "{combatant:name} aims at {target:name}."
    combatant: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    weapon: str


@dataclass(frozen=True)
class DefendOther(Action):
    """Parry for an ally at close range (003 §Defend Other)."""

    kind: ClassVar[str] = "defend_other"
    words: ClassVar[str] = "{combatant:name} defends {ward:name}."
    combatant: str = field(metadata=FIGHTER)
    ward: str = field(metadata=FIGHTER)
    flurry: bool = False


@dataclass(frozen=True)
class Disengage(OpposedRoll):
    """Leave close range against the foes who try to stop it, for 2i (003 §Disengage)."""

    kind: ClassVar[str] = "disengage"
    words: ClassVar[str] = "{combatant:name} tries to disengage: {roll:dice}."
    flurry: bool = False
    bonus_dice: int = 0


@dataclass(frozen=True)
class EstablishSurprise(OpposedRoll):
    """A concealment roll against every aware foe (003 §Establish Surprise)."""

    kind: ClassVar[str] = "establish_surprise"
    words: ClassVar[str] = "{combatant:name} tries to hide: {roll:dice}."
    in_combat: bool = True


@dataclass(frozen=True)
class ConcealmentRoll(OpposedRoll):
    """The concealment roll owed after moving while concealed (003 §Stealth in Combat)."""

    kind: ClassVar[str] = "concealment_roll"
    words: ClassVar[str] = "{combatant:name} stays hidden while moving? {roll:dice}."


@dataclass(frozen=True)
class FullDefense(Action):
    """1i for +2 Defence to the next turn (003 §Full Defense)."""

    kind: ClassVar[str] = "full_defense"
    words: ClassVar[str] = "{combatant:name} takes a full defence."
    combatant: str = field(metadata=FIGHTER)
    flurry: bool = False


@dataclass(frozen=True)
class GoToGround(OpposedRoll):
    """One of three concealment rolls to vanish (003 §Go to Ground)."""

    kind: ClassVar[str] = "go_to_ground"
    words: ClassVar[str] = "{combatant:name} goes to ground: {roll:dice}."


@dataclass(frozen=True)
class Rejoin(Action):
    """A combatant who went to ground comes back at -10i (003 §Go to Ground)."""

    kind: ClassVar[str] = "rejoin"
    words: ClassVar[str] = "{combatant:name} rejoins the fight."
    combatant: str = field(metadata=FIGHTER)


MOVE_STEPS = ("close", "leave", "zone", "toward", "away")


@dataclass(frozen=True)
class Move(Action):
    """Cover ground 1: in or out of close range, to a zone, a band nearer or farther (003 §Move)."""

    kind: ClassVar[str] = "move"
    combatant: str = field(metadata=FIGHTER)
    step: str
    other: str = field(default="", metadata=FIGHTER)
    zone: int = 0
    # A battle group whose ranks the move goes through.
    through_group: str = field(default="", metadata=FIGHTER)

    def sentence(self, names: Names) -> str:
        if self.step == "zone":
            return f"{names(self.combatant)} moves towards zone {self.zone}."
        words = {"close": "closes with", "leave": "steps away from", "toward": "moves towards",
                 "away": "moves away from"}
        return f"{names(self.combatant)} {words.get(self.step, self.step)} {names(self.other)}."


@dataclass(frozen=True)
class ReadyWeapon(Action):
    """Ready or put away weapons (003 §Ready Weapon)."""

    kind: ClassVar[str] = "ready_weapon"
    combatant: str = field(metadata=FIGHTER)
    ready: tuple[str, ...] = ()
    unready: tuple[str, ...] = ()
    flurry: bool = False

    def sentence(self, names: Names) -> str:
        parts = [f"readies {', '.join(self.ready)}"] if self.ready else []
        parts += [f"puts away {', '.join(self.unready)}"] if self.unready else []
        return f"{names(self.combatant)} {' and '.join(parts) or 'handles weapons'}."


@dataclass(frozen=True)
class RiseFromProne(Action):
    """Stand up; Dexterity + Dodge, difficulty 2, with a foe close (003 §Rise From Prone)."""

    kind: ClassVar[str] = "rise"
    words: ClassVar[str] = "{combatant:name} tries to get up."
    combatant: str = field(metadata=FIGHTER)
    roll: DiceEntry | None = None
    flurry: bool = False


@dataclass(frozen=True)
class Rush(Action):
    """Dexterity + Athletics against a target at short range to follow it (003 §Rush)."""

    kind: ClassVar[str] = "rush"
    words: ClassVar[str] = "{combatant:name} rushes {target:name}."
    combatant: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    roll: DiceEntry
    opposed: DiceEntry
    flurry: bool = False
    bonus_dice: int = 0


@dataclass(frozen=True)
class TakeCover(Action):
    """Dexterity + Dodge at the GM's difficulty: light, heavy or total cover (003 §Take Cover)."""

    kind: ClassVar[str] = "take_cover"
    words: ClassVar[str] = "{combatant:name} takes cover."
    combatant: str = field(metadata=FIGHTER)
    roll: DiceEntry
    difficulty: int
    cover: int
    flurry: bool = False


@dataclass(frozen=True)
class Withdraw(Rolled):
    """One roll of the extended Withdraw, 10i each (003 §Withdraw)."""

    kind: ClassVar[str] = "withdraw"
    words: ClassVar[str] = "{combatant:name} withdraws: {roll:dice}."
    combatant: str = field(metadata=FIGHTER)
    roll: DiceEntry
    flurry: bool = False
    bonus_dice: int = 0


@dataclass(frozen=True)
class OtherAction(Action):
    """Any other Simple action, -1 Defence (003 §Other Simple Action)."""

    kind: ClassVar[str] = "other_action"
    combatant: str = field(metadata=FIGHTER)
    description: str = ""
    social: bool = False
    perilous: bool = False
    flurry: bool = False

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)}: {self.description or 'another action'}."


COMMAND_ATTRIBUTES = ("charisma", "appearance", "intelligence")


@dataclass(frozen=True)
class Order(Command):
    """Command a battle group: its next turn adds the successes (003 §Order)."""

    kind: ClassVar[str] = "order"
    words: ClassVar[str] = "{commander:name} orders {group:name}: {roll:dice}."


@dataclass(frozen=True)
class Rally(Command):
    """Rally a group that failed its rout check (003 §Rally)."""

    kind: ClassVar[str] = "rally"
    words: ClassVar[str] = "{commander:name} rallies {group:name}: {roll:dice}."


@dataclass(frozen=True)
class RallyForNumbers(Command):
    """Restore Magnitude: successes ÷ 2 (003 §Rally for Numbers)."""

    kind: ClassVar[str] = "rally_for_numbers"
    words: ClassVar[str] = "{commander:name} rallies {group:name} for numbers: {roll:dice}."


@dataclass(frozen=True)
class EndHold(Action):
    """A hold at bay runs out: both roll Join Battle, the target -2 (003 §Attacks From Stealth)."""

    kind: ClassVar[str] = "end_hold"
    words: ClassVar[str] = "{holder:name}'s hold on {target:name} runs out."
    holder: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    holder_roll: DiceEntry
    target_roll: DiceEntry


GRAPPLE_MOVES = ("maintain", "restrain", "release")


@dataclass(frozen=True)
class GrappleMove(Action):
    """Maintain a grapple (Simple, Movement), Restrain/Drag, or release it (003 §Grapple)."""

    kind: ClassVar[str] = "grapple_move"
    grappler: str = field(metadata=FIGHTER)
    move: str

    def sentence(self, names: Names) -> str:
        words = {"maintain": "keeps hold", "restrain": "restrains the target",
                 "release": "lets go"}
        return f"{names(self.grappler)} {words.get(self.move, self.move)}."
