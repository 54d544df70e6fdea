"""Actions: every change to a combat is one frozen, JSON-serialisable value.

Each action carries everything it needs, dice included (faces or successes the GM
typed, or faces a seeded roll produced when the GM pressed "roll"), so replaying the
log rebuilds the state exactly. ``sentence`` renders an action for the combat log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from battlewheel.engine.core.actions import (
    FIGHTER,
    Action,
    ChangeRuling,
    Joining,
    Names,
    Term,
    decode_action,
)
from battlewheel.engine.core.actions import AddCombatant as AddCombatant
from battlewheel.engine.core.actions import EndCombat as EndCombat
from battlewheel.engine.core.actions import RemoveCombatant as RemoveCombatant
from battlewheel.engine.core.actions import action_to_json as action_to_json
from battlewheel.engine.core.conditions import AddCondition, RemoveCondition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.lasting import LASTING_TERM, ROSTER_TERM
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.lasting import Lasting
from battlewheel.engine.rulesets.rewrite.rules.flurry import manoeuvre_table
from battlewheel.engine.rulesets.rewrite.sentences.wording import dice_text, override_name, plural

SIDES = ("ally", "enemy")
JOINING = Joining(Character, {
    # The roster character the fighter came from ("": a one-off foe), and the condition
    # they bring (rules/between-fights.md §2e Rewrite; None: fresh).
    ROSTER_TERM: Term(str, ""),
    LASTING_TERM: Term(Lasting | None, None),
})
"""A 2e fighter joins on its id, block and side, and as they are when carried."""


@dataclass(frozen=True)
class Concealment:
    """One character an ambusher hides from, and how well (000 §Roll Surprise Checks)."""

    target: str = field(metadata=FIGHTER)
    situation: str = "cover"
    seen_as_ally: bool = False


@dataclass(frozen=True)
class DeclareConcealment(Action):
    """An ambusher hides from some characters (000 §Determine if there is an Ambush)."""

    kind: ClassVar[str] = "declare_concealment"
    ambusher: str = field(metadata=FIGHTER)
    hidden_from: tuple[Concealment, ...]

    def sentence(self, names: Names) -> str:
        targets = ", ".join(names(item.target) for item in self.hidden_from)
        return f"{names(self.ambusher)} hides from {targets}."


@dataclass(frozen=True)
class RollAmbush(Action):
    """The ambusher's single Dexterity + Stealth roll (000 §Roll Surprise Checks)."""

    kind: ClassVar[str] = "roll_ambush"
    ambusher: str = field(metadata=FIGHTER)
    dice: DiceEntry

    def sentence(self, names: Names) -> str:
        return f"{names(self.ambusher)} rolls to stay hidden: {dice_text(self.dice)}."


@dataclass(frozen=True)
class RollJoinBattle(Action):
    """A Wits + Awareness Join Battle roll, at set-up or late (000 §Roll Join Battle)."""

    kind: ClassVar[str] = "roll_join_battle"
    combatant: str = field(metadata=FIGHTER)
    dice: DiceEntry

    def sentence(self, names: Names) -> str:
        return f"{names(self.combatant)} rolls Join Battle: {dice_text(self.dice)}."


@dataclass(frozen=True)
class StartCombat(Action):
    """Place the counters on the wheel from the Join Battle rolls (000 §Set Up the Battlewheel)."""

    kind: ClassVar[str] = "start"
    words: ClassVar[str] = "The battle begins: counters go on the wheel."


@dataclass(frozen=True)
class NextTick(Action):
    """Move the tick counter one segment and refresh the actors' DVs (000 §Move Tick Counter)."""

    kind: ClassVar[str] = "next_tick"
    words: ClassVar[str] = "Next tick."


@dataclass(frozen=True)
class Advance(Action):
    """Move the tick counter on to the next tick on which someone acts (000 §Move Tick Counter)."""

    kind: ClassVar[str] = "advance"
    words: ClassVar[str] = "Advance to the next action."


@dataclass(frozen=True)
class DeclareMovement(Action):
    """How far a combatant moves this tick, in yards (000 §All Characters Declare Movement)."""

    kind: ClassVar[str] = "declare_movement"
    words: ClassVar[str] = "{combatant:name} moves {yards} yards."
    combatant: str = field(metadata=FIGHTER)
    yards: int


@dataclass(frozen=True)
class RaiseAlarm(Action):
    """Someone raises the alarm; the hearers stop being Totally Surprised (000 §Raising the Alarm).

    ``hearers`` empty means everyone in the fight hears it.
    """

    kind: ClassVar[str] = "raise_alarm"
    by: str | None = field(default=None, metadata=FIGHTER)
    hearers: tuple[str, ...] = field(default=(), metadata=FIGHTER)

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
    words: ClassVar[str] = "{combatant:name}'s margin of surprise drops by {amount}."
    combatant: str = field(metadata=FIGHTER)
    amount: int
    observers: tuple[str, ...] = field(default=(), metadata=FIGHTER)


@dataclass(frozen=True)
class MoveCounter(Action):
    """The GM drags a counter: to a segment (next tick that shows it) or to an absolute tick."""

    kind: ClassVar[str] = "move_counter"
    combatant: str = field(metadata=FIGHTER)
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
    words: ClassVar[str] = "GM changes {combatant:name}'s box {index:nth} by hand."
    combatant: str = field(metadata=FIGHTER)
    index: int


@dataclass(frozen=True)
class SetHealth(Action):
    """The GM sets a whole health track by hand, as a string of ``.``, ``/``, ``X``, ``*``."""

    kind: ClassVar[str] = "set_health"
    words: ClassVar[str] = "GM sets {combatant:name}'s health track to {marks}."
    combatant: str = field(metadata=FIGHTER)
    marks: str


@dataclass(frozen=True)
class MoteChange(Action):
    """Motes into or out of the personal or peripheral pool; ``verb`` says which way."""

    verb: ClassVar[str] = ""
    combatant: str = field(metadata=FIGHTER)
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
    words: ClassVar[str] = "{combatant:name} {verb} {amount} Willpower."
    combatant: str = field(metadata=FIGHTER)
    amount: int = 1


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
    combatant: str = field(metadata=FIGHTER)
    field: str
    value: int | None
    reason: str = ""

    def sentence(self, names: Names) -> str:
        what = f"{names(self.combatant)}'s {override_name(self.field)}"
        if self.value is None:
            return f"GM clears the override of {what}."
        why = f" ({self.reason})" if self.reason else ""
        return f"GM sets {what} to {self.value}{why}."


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
    return decode_action(obj, ACTION_TYPES, path, JOINING)


# The actions of a tick's fighting: flurries, attacks, the tick's effects and stunts.
# Weapons are named as the character carries them (or a brawl weapon: Punch, Kick,
# Headbutt, Clinch), so the log reads like the table talk and replays against the
# character sheet stored in the log.


@dataclass(frozen=True)
class DeclaredManoeuvre:
    """One manoeuvre of a declared flurry (000 §Manoeuvres).

    ``kind`` is a manoeuvre id (``attack``, ``aim``, ``guard``, ``dash``, ``block``,
    ``raise_alarm``, ``activate_charm``, ``inactive``, ``miscellaneous``). An attack names
    its ``weapon`` and ``target``; a Block names in ``target`` the combatant it defends
    (none: an item or place, in ``label``), and ``tower_shield`` when the Blocker
    carries one. ``speed``, ``dv_penalty`` and
    ``dice_action`` fill in what the table leaves open (a Simple charm's Speed, a
    Miscellaneous roll).
    """

    kind: str
    weapon: str | None = None
    target: str | None = field(default=None, metadata=FIGHTER)
    off_hand: bool = False
    speed: int | None = None
    dv_penalty: int | None = None
    dice_action: bool | None = None
    simple: bool = True
    label: str = ""
    tower_shield: bool = False

    def text(self, names: Names) -> str:
        """A few words for the log."""
        if self.kind == "attack":
            return f"Attack {names(self.target or '?')} with {self.weapon}"
        shield = " with a tower shield" if self.tower_shield else ""
        if self.kind == "block" and self.target is not None:
            return f"Block, guarding {names(self.target)}{shield}"
        if self.kind == "block" and self.label:
            return f"Block, guarding {self.label}{shield}"
        spec = manoeuvre_table().get(self.kind)
        name = spec.name if spec is not None else self.kind.replace("_", " ")
        return f"{name} ({self.label})" if self.label else name


@dataclass(frozen=True)
class DeclareFlurry(Action):
    """Step 3: an acting character's flurry, attacks in the order they resolve (000 §Manoeuvres).

    ``magical`` marks a magical flurry from an Extra Action charm.
    """

    kind: ClassVar[str] = "declare_flurry"
    combatant: str = field(metadata=FIGHTER)
    manoeuvres: tuple[DeclaredManoeuvre, ...]
    magical: bool = False

    def sentence(self, names: Names) -> str:
        parts = ", ".join(m.text(names) for m in self.manoeuvres)
        magic = "magical " if self.magical else ""
        return f"{names(self.combatant)} declares a {magic}flurry: {parts}."


@dataclass(frozen=True)
class AttackCharms:
    """What the attacker declared at step 1 besides the weapon (000 §Declaration of Attack).

    Excellencies: ``charm_dice`` (1st), ``charm_successes`` (2nd), ``reroll`` (3rd);
    ``target_number`` and ``all_dice_succeed`` (Fateful). Their motes are charged.
    ``charm_levels``, ``charm_damage_dice``, ``post_soak_dice``, ``post_soak_levels``
    come from other charms whose cost the GM spends by hand.
    """

    charm_dice: int = 0
    charm_successes: int = 0
    reroll: bool = False
    target_number: int = 7
    all_dice_succeed: bool = False
    battle_maiden: bool = False
    charm_levels: int = 0
    charm_damage_dice: int = 0
    post_soak_dice: int = 0
    post_soak_levels: int = 0
    inapplicable_dvs: tuple[str, ...] = ()
    ignores_natural_soak: bool = False
    unexpected: bool = False


@dataclass(frozen=True)
class Defence:
    """What the defender declared at step 2 (000 §Declaration of Defence).

    ``dv`` names the DV chosen (``"dodge"`` or ``"parry:<weapon>"``). A perfect defence
    (``seven_shadows_evasion``, ``heavenly_guardian_defense``) or ``adamant_skin`` is
    charged in motes and any Willpower surcharge.
    """

    dv: str = "dodge"
    stunt: int = 0
    virtue_dice: int = 0
    charm_dice: int = 0
    charm_dv_bonus: int = 0
    perfect_defence: str | None = None
    adamant_skin: bool = False


@dataclass(frozen=True)
class GetPast:
    """The attacker's movement roll to reach a Blocker's ward in close combat (000 §Block).

    ``roll`` is the roll of the attacker's movement in yards; ``blocker`` names which
    Blocker when several defend the target (default: the first), and also which one a
    missile stopped by the cover strikes. ``confined_space`` (1-10 dice off),
    ``attacker_knockback`` and ``blocker_knockback`` (yards since the attacker's last
    action) shape the pool; ``blocker_movement_applicable`` is false where the
    Blocker's movement does not count (ground against flight). On a failed roll the
    attack is aborted, or struck at the Blocker when ``retarget``.
    """

    roll: DiceEntry | None = None
    blocker: str | None = field(default=None, metadata=FIGHTER)
    confined_space: int = 0
    attacker_knockback: int = 0
    blocker_knockback: int = 0
    blocker_movement_applicable: bool = True
    retarget: bool = False


@dataclass(frozen=True, kw_only=True)
class AttackInputs(Action):
    """What every attack carries besides who, whom and the attack roll (000 §Attack Resolution).

    Dice: the 3rd Excellency's reroll, the stunt dice, the defender's virtue and charm
    dice. ``stunt`` is the attacker's stunt rating; ``willpower`` spends one for a success.
    ``bonus_dice`` (Aim, equipment) and ``penalty_dice`` (darkness, footing) are the
    GM's non-magical dice; ``external_penalty`` comes off the successes. Keyword-only, so
    each attack keeps its own fields first when built positionally.
    """

    stunt: int = 0
    stunt_dice: DiceEntry | None = None
    willpower: bool = False
    specialty: str | None = None
    bonus_dice: int = 0
    penalty_dice: int = 0
    external_penalty: int = 0
    charms: AttackCharms = AttackCharms()
    defence: Defence = Defence()
    reroll: DiceEntry | None = None
    virtue: DiceEntry | None = None
    charm_defence: DiceEntry | None = None


@dataclass(frozen=True)
class ResolveAttack(AttackInputs):
    """Step 5: one declared attack through the nine steps (000 §Attack Resolution).

    ``index`` is the attack's place among the flurry's manoeuvres; ``attack`` the attack
    roll. ``block`` is the roll to get past a Blocker, when the target is blocked
    (000 §Block). The other inputs are those of ``AttackInputs``.
    """

    kind: ClassVar[str] = "resolve_attack"
    attacker: str = field(metadata=FIGHTER)
    index: int
    attack: DiceEntry | None = None
    block: GetPast = GetPast()

    def sentence(self, names: Names) -> str:
        dice = f": {dice_text(self.attack)}" if self.attack is not None else ""
        return f"{names(self.attacker)} resolves attack {self.index + 1}{dice}."


@dataclass(frozen=True)
class ResolveCounterattack(AttackInputs):
    """Step 9: a charm's counterattack on someone who attacked this tick (000 §Counterattacks).

    Steps 1-8 of a single attack with ``weapon``, outside any flurry: no multiple-action
    penalty and no onslaught. Its damage is applied with the tick's effects, on its own.
    The other inputs are those of ``AttackInputs``.
    """

    kind: ClassVar[str] = "resolve_counterattack"
    attacker: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    weapon: str
    attack: DiceEntry | None = None

    def sentence(self, names: Names) -> str:
        dice = f": {dice_text(self.attack)}" if self.attack is not None else ""
        who, target = names(self.attacker), names(self.target)
        return f"{who} counterattacks {target} with {self.weapon}{dice}."


@dataclass(frozen=True)
class DamageRoll:
    """The damage dice of one flurry (or counterattack) against one target (000 §Roll Damage)."""

    attacker: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    bashing: DiceEntry | None = None
    lethal: DiceEntry | None = None
    aggravated: DiceEntry | None = None
    counterattack: bool = False

    @classmethod
    def by_type(
        cls,
        attacker: str,
        target: str,
        rolls: Mapping[str, DiceEntry],
        *,
        counterattack: bool = False,
    ) -> DamageRoll:
        """A damage roll from entries keyed by damage type ``B``, ``L``, ``A``."""
        return cls(
            attacker,
            target,
            rolls.get("B"),
            rolls.get("L"),
            rolls.get("A"),
            counterattack,
        )


@dataclass(frozen=True)
class ApplyTickEffects(Action):
    """Steps 6-9: damage, surprise, DV penalties, counters (000 §Apply Effects).

    ``damage`` holds the damage rolls of each flurry and target that hit.
    """

    kind: ClassVar[str] = "apply_tick_effects"
    words: ClassVar[str] = "The tick's effects are applied."
    damage: tuple[DamageRoll, ...] = ()


@dataclass(frozen=True)
class AwardStunt(Action):
    """The GM rates a stunt; its reward comes when the DV refreshes (004 §Stunts).

    ``reward`` is ``"motes"`` or ``"willpower"`` (the latter for 2-3 die stunts).
    """

    kind: ClassVar[str] = "award_stunt"
    combatant: str = field(metadata=FIGHTER)
    rating: int
    reward: str = "motes"

    def sentence(self, names: Names) -> str:
        reward = "Willpower" if self.reward == "willpower" else "motes"
        return (
            f"{names(self.combatant)} earns a {self.rating}-die stunt: "
            f"{reward} at their next DV refresh."
        )


for _fighting in (DeclareFlurry, ResolveAttack, ResolveCounterattack, ApplyTickEffects, AwardStunt):
    register_action(_fighting)
