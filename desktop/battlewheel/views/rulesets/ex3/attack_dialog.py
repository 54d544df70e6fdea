"""The 3e attack dialog: withering, decisive or a gambit through 003 §Resolution Steps.

The GM picks target, weapon and mode; the dialog shows Defence with every modifier and
the attack pool as the engine plans them, and the odds in the odds dock before any die
is rolled. Once the attack roll is in, it says hit or miss and asks for the damage (or
gambit) roll with its pool worked out; a battle group's other targets, a Shift's Join
Battle roll and rout checks get their own rows when the fight needs them. Resolve
pushes one ``Attack`` as one undo step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import DiceEntry, Roll, roll
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import attack as atk
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource
from battlewheel.views.rulesets.ex3 import attack_dialog_steps as steps
from battlewheel.views.rulesets.ex3.base import (
    Ex3Dialog,
    Rehearsal,
    choice_box,
    chosen,
    combatant_box,
    rehearse,
    spin,
)

MODES = (("Withering: strike at Initiative", a.WITHERING),
         ("Decisive: roll Initiative as damage", a.DECISIVE), ("Gambit", a.GAMBIT))
GAMBIT_NAMES = {"disarm": "Disarm (3)", "distract": "Distract (3-5)", "grapple": "Grapple (2)",
                "unhorse": "Unhorse (4)", "special": "Special (GM's difficulty)",
                "engage": "Engage (2)"}
ROUT_ROWS = 2
PLACEHOLDER = DiceEntry.of_successes(0)


class AttackDialog(Ex3Dialog):
    """One attack by the actor, every step's figures shown before it is recorded."""

    TITLE = "Attack"
    APPLY_TEXT = "&Resolve attack"

    def __init__(self, model: CombatModel, actor: str, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        self.plan: atk.AttackPlan | None = None
        self.plan_error: RulesError | None = None
        super().__init__(model, actor, parent, face_source=face_source)

    # -- the form ------------------------------------------------------------------------
    def build(self) -> None:
        self._build_declaration()
        self._build_gambit()
        self._build_rolls()
        self.note("<b>Modifiers</b>")
        self._build_modifiers()
        self._show_rows()

    def _build_declaration(self) -> None:
        state, body = self.state, self.body
        self.mode = self.add("&Attack", choice_box(MODES, body))
        self.target = self.add("&Target", combatant_box(state, self._targets(), body))
        weapons = [(w.name, w.name) for w in d.ready_weapons(self.who())]
        self.weapon = self.add("&Weapon", choice_box(weapons, body))
        self.flurry = self.check("&Flurry: another, different action follows this turn "
                                 "(-3 to both rolls, -1 Defence)")
        turn = state.turn
        self.flurry.setVisible(turn is not None and not turn.simple)
        if turn is not None and turn.flurry and len(turn.simple) == 1:
            self.note("Second action of the flurry: -3 to the roll.")
        self.declared = self.add("Target defends with", choice_box(
            (("Parry", "parry"), ("Evasion", "evasion")), body))
        held = state.grapples.get(self.actor)
        self.grapple = self.add("Grapple manoeuvre", choice_box(
            (("none: a plain attack", ""), ("Savage", "savage"), ("Throw / Slam", "throw")),
            body))
        self.form.setRowVisible(self.grapple, held is not None)
        self.form.setRowVisible(self.declared, state.options.defence_choice == "declared")

    def _targets(self) -> list[str]:
        turn = self.state.turn
        foes = self.state.foes(self.actor)
        if turn is not None and turn.shift_target in foes:
            return [turn.shift_target]  # after a Shift only that target (003 §Crash)
        return foes

    def _build_gambit(self) -> None:
        names = ["engage"] if self.who().is_group else \
            ["disarm", "distract", "grapple", "unhorse", "special"]
        body = self.body
        self.gambit = self.add("&Gambit", choice_box(((GAMBIT_NAMES[n], n) for n in names), body))
        self.disarm_weapon = self.add("Weapon to knock away", QComboBox(body))
        allies = [cid for cid, w in self.state.combatants.items()
                  if w.side == self.who().side and cid != self.actor and not w.out]
        self.ally = self.add("Ally to distract for", combatant_box(self.state, allies, body))
        self.difficulty = self.add("Difficulty", spin(1, 10, 3, body))
        self.target.currentIndexChanged.connect(self._fill_disarm)
        self._fill_disarm()

    def _fill_disarm(self) -> None:
        target = self.state.combatants.get(chosen(self.target))
        self.disarm_weapon.clear()
        for name in target.ready if target else ():
            self.disarm_weapon.addItem(name, name)

    def _build_modifiers(self) -> None:
        body = self.body
        self.specialty = self.add("Specialty dice", spin(0, 3, 0, body))
        self.bonus_dice = self.add("Bonus dice (Charms, stunt)", spin(-10, 20, 0, body))
        self.bonus_successes = self.add("Automatic successes", spin(0, 10, 0, body))
        self.post_soak = self.add("Post-soak damage dice", spin(0, 20, 0, body))
        self.automatic_damage = self.add("Automatic damage levels", spin(0, 10, 0, body))
        self.defence_modifier = self.add("GM modifier to Defence", spin(-10, 10, 0, body))
        self.unblockable = self.check("Unblockable (no Parry)")
        self.undodgeable = self.check("Undodgeable (no Evasion)")
        self.magical_area = self.check("Magical area attack (+1 to the rout check)",
                                       "003 §Battle Groups")
        self.past_ward = self.add("Past the defender's Parry, strike", choice_box(
            (("the defender (threshold over its Parry)", "defender"),
             ("the original target (decisive: -Parry ÷ 2 dice)", "target")), body))
        self.resist_pool = self.add("Grapple: the target's pool (GM)", spin(0, 30, 0, body))
        self.spread = self.check("Spread out over 10 yards or more: no Size on the attack",
                                 "003 §Battle Groups")
        self.spread.setVisible(self.who().is_group)
        self.hold = self.check("Hold the ambushed target at bay instead of striking",
                               "003 §Attacks From Stealth: no roll; lasts your Initiative "
                               "less theirs in rounds")

    def _build_rolls(self) -> None:
        self.attack_roll = self.dice("5. Attack roll")
        self.control = self.dice("Grapple: attacker's control roll")
        self.resist = self.dice("Grapple: target resists")
        self.damage_roll = self.dice("8. Damage roll")
        self.other_rows: dict[str, DiceEntryWidget] = {}
        if self.who().is_group:
            for foe in self.state.foes(self.actor):
                self.other_rows[foe] = self.dice(f"8. Damage to {self.state.name(foe)}")
        self.shift_roll = self.dice("Shift: Join Battle roll")
        self.rout_rows = [self.dice(f"Rout check {n + 1}") for n in range(ROUT_ROWS)]
        self.mode.currentIndexChanged.connect(self._show_rows)
        self.gambit.currentIndexChanged.connect(self._show_rows)
        self.target.currentIndexChanged.connect(self._show_rows)
        self.weapon.currentIndexChanged.connect(self._show_rows)

    def _show_rows(self) -> None:
        mode, gambit = chosen(self.mode), chosen(self.gambit)
        is_gambit = mode == a.GAMBIT
        for field, shown in ((self.gambit, is_gambit),
                             (self.disarm_weapon, is_gambit and gambit == "disarm"),
                             (self.ally, is_gambit and gambit == "distract"),
                             (self.difficulty, is_gambit and gambit in ("distract", "special")),
                             (self.post_soak, mode == a.WITHERING),
                             (self.automatic_damage, mode == a.DECISIVE)):
            self.form.setRowVisible(field, shown)
        grappling = is_gambit and gambit in ("grapple", "engage")
        self.control.setVisible(grappling)
        self.resist.setVisible(grappling and gambit == "grapple")
        self.form.setRowVisible(self.resist_pool, grappling and gambit == "grapple"
                                and self.state.options.grapple_defender_pool == "gm")
        target = self.state.combatants.get(chosen(self.target))
        self.magical_area.setVisible(target is not None and target.is_group)
        self.hold.setVisible(target is not None and d.is_ambush(self.state, target, self.who()))
        self.shift_roll.setVisible(target is not None and
                                   ini.shift_pending(self.state, self.actor, target.id))
        self._show_rout_rows()
        self.update_preview()

    def _show_rout_rows(self) -> None:
        struck = [chosen(self.target), *self._reached()]
        routing = any(_may_rout(self.state, cid) for cid in struck)
        for row in self.rout_rows:
            row.setVisible(routing)

    # -- the action ------------------------------------------------------------------------
    def declaration(self, attack: DiceEntry = PLACEHOLDER) -> a.Attack:
        """The attack as declared (steps 1-4), with ``attack`` as its roll."""
        mode = chosen(self.mode)
        gambit = chosen(self.gambit) if mode == a.GAMBIT else ""
        return a.Attack(
            attacker=self.actor, target=chosen(self.target), mode=mode,
            weapon=chosen(self.weapon), attack=attack, gambit=gambit,
            difficulty=self.difficulty.value() if gambit in ("distract", "special") else 0,
            ally=chosen(self.ally) if gambit == "distract" else "",
            disarm_weapon=chosen(self.disarm_weapon) if gambit == "disarm" else "",
            defence=chosen(self.declared) if self.form.isRowVisible(self.declared) else "",
            flurry=self.flurry.isVisibleTo(self) and self.flurry.isChecked(),
            specialty=self.specialty.value(), bonus_dice=self.bonus_dice.value(),
            bonus_successes=self.bonus_successes.value(),
            post_soak=self.post_soak.value() if mode == a.WITHERING else 0,
            automatic_damage=self.automatic_damage.value() if mode == a.DECISIVE else 0,
            defence_modifier=self.defence_modifier.value(),
            unblockable=self.unblockable.isChecked(), undodgeable=self.undodgeable.isChecked(),
            hold_at_bay=self.hold.isVisibleTo(self) and self.hold.isChecked(),
            spread=self.spread.isVisibleTo(self) and self.spread.isChecked(),
            magical_area=self.magical_area.isVisibleTo(self) and self.magical_area.isChecked(),
            at_ward=chosen(self.past_ward) == "target" and self.form.isRowVisible(self.past_ward),
            resist_pool=self.resist_pool.value()
            if self.form.isRowVisible(self.resist_pool) else 0,
            grapple=chosen(self.grapple) if self.form.isRowVisible(self.grapple) else "",
        )

    def refresh_pools(self) -> None:
        """Plan the attack and give every roll its pool (003 §Resolution Steps 5, 8)."""
        declared = self.declaration()
        try:
            # An escape from a hold is struck out of turn (003 §Attacks From Stealth).
            self.plan = atk.plan_attack(self.state, declared, own_turn=not declared.escape)
            self.plan_error = None
        except RulesError as refusal:
            self.plan, self.plan_error = None, refusal
            return
        plan = self.plan
        # Defend Other: the attacker chooses whom to strike once past the defender's Parry.
        self.form.setRowVisible(self.past_ward, bool(plan.ward))
        self.attack_roll.set_pool(plan.pool, double_tens=plan.double_tens)
        self.attack_roll.setVisible(not self.declaration().hold_at_bay)
        self._damage_pool()
        for foe, row in self.other_rows.items():
            pool = self._other_pool(foe)
            row.setVisible(pool is not None)
            row.set_pool(pool or 0, double_tens=r.damage_double_tens(self.who().block))
        self._grapple_pools()
        who = self.who()
        self.shift_roll.set_pool(ini.join_pool(who), double_tens=who.block.double_tens)
        self._rout_pools()

    def _damage_pool(self) -> None:
        plan = self.plan
        assert plan is not None
        threshold = self.threshold()
        damage = None if threshold is None else self.damage()
        self.damage_roll.setVisible(damage is not None)
        if damage is not None:
            self.damage_roll.set_pool(damage.pool, double_tens=damage.double_tens)

    def _grapple_pools(self) -> None:
        who = self.who()
        engage = chosen(self.gambit) == "engage"
        weapon = self.plan.weapon.ability if self.plan is not None and engage else ""
        self.control.set_pool(atk.grapple_pool(who, weapon), double_tens=who.block.double_tens)
        target = self.state.combatants.get(chosen(self.target))
        if target is not None:
            gm_pool = self.state.options.grapple_defender_pool == "gm"
            pool = self.resist_pool.value() if gm_pool else atk.grapple_pool(target, "")
            self.resist.set_pool(pool, double_tens=target.block.double_tens)

    def _rout_pools(self) -> None:
        struck = [chosen(self.target), *self._reached()]
        group = next((self.state.combatants[c] for c in struck if _may_rout(self.state, c)), None)
        if group is None:
            return
        pool = r.rout_pool(group.block, self.state.options.rout_drill_dice)
        for row in self.rout_rows:
            row.set_pool(pool, double_tens=group.block.double_tens)

    def attack_result(self) -> Roll | None:
        """The attack roll as the engine reads it (automatic successes added)."""
        entry = self.attack_roll.entry()
        if entry is None or self.plan is None:
            return None
        try:
            return roll(self.plan.pool, entry, double_tens=self.plan.double_tens,
                        automatic_successes=self.bonus_successes.value())
        except RulesError:
            return None

    def threshold(self) -> int | None:
        """Successes over Defence on a hit; None before the roll or on a miss."""
        rolled = self.attack_result()
        if rolled is None or self.plan is None:
            return None
        excess = rolled.successes - self.plan.defence.value
        return excess if excess >= 0 else None

    def damage(self) -> atk.DamagePlan | None:
        """The damage (or gambit) roll's plan once the attack has hit (step 8)."""
        threshold = self.threshold()
        engage = chosen(self.gambit) == "engage"
        if self.plan is None or threshold is None or (engage and self.plan.mode == a.GAMBIT):
            return None
        return atk.damage_plan(self.state, self.plan, self.declaration(), threshold)

    def _reached(self) -> list[str]:
        if not self.who().is_group or not chosen(self.target):
            return []
        try:
            return atk.reached_by(self.state, self.declaration())
        except RulesError:
            return []

    def _other_pool(self, foe: str) -> int | None:
        """The damage pool against another foe the group's attack reaches, if it hits."""
        rolled = self.attack_result()
        if foe not in self._reached() or rolled is None:
            return None
        variant = dataclasses.replace(self.declaration(), target=foe)
        try:
            plan = atk.plan_attack(self.state, variant)
        except RulesError:
            return None
        excess = rolled.successes - plan.defence.value
        if excess < 0:
            return None
        return atk.damage_plan(self.state, plan, variant, excess).pool

    def engine_actions(self) -> list[Action] | None:
        """The attack with every roll entered; a refused plan is shown by the engine."""
        if self.plan_error is not None:
            return [self.declaration()]
        declared = self.declaration()
        if declared.hold_at_bay:
            return [declared]
        if not self.need(self.attack_roll, "the attack roll"):
            return None
        rolled = self.attack_roll.entry()
        assert rolled is not None
        attack = dataclasses.replace(declared, attack=rolled)
        hit = self.damage_roll.isVisibleTo(self)
        if hit and not self.need(self.damage_roll, "the damage roll"):
            return None
        attack = dataclasses.replace(
            attack, damage=self.damage_roll.entry() if self.damage_roll.isVisibleTo(self) else None,
            control=self.control.entry(), resist=self.resist.entry(),
            shift_dice=self.shift_roll.entry() if self.shift_roll.isVisibleTo(self) else None,
            others=tuple(a.AlsoHit(foe, self.other_rows[foe].entry()
                                   if self.other_rows[foe].isVisibleTo(self) else None)
                         for foe in self._reached()))
        return [self._with_rout(attack)]

    def _with_rout(self, attack: a.Attack) -> a.Attack:
        """Give the rout checks the fight makes: the fewest entered rolls that suffice."""
        given = tuple(row.entry() for row in self.rout_rows if row.isVisibleTo(self))
        rolls = tuple(entry for entry in given if entry is not None)
        for count in range(len(rolls) + 1):
            candidate = dataclasses.replace(attack, rout=rolls[:count])
            if rehearse(self.model.session, [candidate]).refusal is None:
                return candidate
        return dataclasses.replace(attack, rout=rolls)

    # -- what the GM reads -------------------------------------------------------------------
    def headline(self) -> str:
        return f"{self.state.name(self.actor)} attacks (003 §Resolution Steps)"

    def extra_lines(self, rehearsal: Rehearsal) -> list[str]:
        """Steps 1-9 with their figures, as the engine plans them."""
        plan = self.plan
        if plan is None:
            return []
        declared = self.declaration()
        target = self.state.name(plan.target)
        kind = f"{declared.gambit} gambit" if plan.mode == a.GAMBIT else plan.mode
        lines = [f"1. {kind} attack on {target} with {plan.weapon.name} at {plan.band} range"]
        lines.append("2-3. Effects: " + ("flurry (-3 to the roll, -1 Defence)" if plan.flurry
                                         else "none declared"))
        if plan.ward:
            lines.append(f"4. {self.state.name(plan.ward)} defends {target}: Parry "
                         f"{plan.ward_parry} first")
        lines.append(f"4. Defence of {target}: {steps.defence_text(plan.defence)}")
        lines.append(f"5. Attack: {steps.pool_text(plan, declared.bonus_successes)}")
        lines.append(f"   Roll: {steps.roll_text(self.attack_result(), plan.defence.value)}")
        lines.append(f"6. Onslaught: {target} -1 Defence until its next turn, hit or miss")
        lines.append(f"7. Miss: {steps.miss_text(self.state, plan)}")
        lines += self._damage_lines(plan)
        lines.append("9. Then (the engine's account):")
        return lines

    def _damage_lines(self, plan: atk.AttackPlan) -> list[str]:
        threshold = self.threshold()
        if threshold is None:
            return ["8. Damage: only on a hit"]
        if plan.mode == a.GAMBIT and chosen(self.gambit) == "engage":
            return ["8. Engage: completes without a roll"]
        damage = self.damage()
        assert damage is not None
        text = steps.damage_text(self.state, plan, damage, threshold, self.post_soak.value(),
                                 escape=self.declaration().escape)
        got = self._damage_successes(damage)
        return [f"8. Damage: {text}", f"   Roll: {steps.effect_text(self.state, plan, got)}"]

    def _damage_successes(self, damage: atk.DamagePlan) -> int | None:
        entry = self.damage_roll.entry()
        if entry is None:
            return None
        try:
            return roll(damage.pool, entry, double_tens=damage.double_tens,
                        automatic_successes=damage.automatic).successes
        except RulesError:
            return None

    def current_odds(self) -> Odds | None:
        """Chance to hit and the spread of damage (engine ``odds.attack_odds``)."""
        provider = self.odds_provider()
        return provider(None) if provider is not None else None

    def odds_provider(self) -> Callable[[int | None], Odds] | None:
        """Odds at any Defence, on a snapshot of the fight (the dock's "what if" box)."""
        if self.plan is None or self.declaration().hold_at_bay:
            return None
        snapshot, declared = self.state.clone(), self.declaration()
        title = (f"{self.state.name(self.actor)}: {declared.mode} on "
                 f"{self.state.name(declared.target)}")
        return lambda defence: steps.contract_odds(snapshot, declared, title, defence)


def _may_rout(state: Combat, cid: str) -> bool:
    """A battle group that rolls its rout checks (perfect morale never does)."""
    who = state.combatants.get(cid)
    group = who.block.group if who is not None else None
    return group is not None and not group.perfect_morale
