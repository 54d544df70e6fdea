"""A clash: two foes attacking each other on one tick, as opposed rolls (003 §Clashes).

Both sides pick a withering or decisive attack and roll; the dialog shows each pool,
who wins by how much, and asks the winner's damage roll (withering +3 successes,
decisive +1). The loser's attack ends and it takes -2 Defence. One ``Clash`` is
recorded as one undo step.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import DiceEntry, roll
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import odds as o
from battlewheel.engine.rulesets.ex3.handlers import attack as atk
from battlewheel.engine.rulesets.ex3.handlers import clash as clashes
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget
from battlewheel.views.rulesets.ex3 import attack_dialog_steps as steps
from battlewheel.views.rulesets.ex3.base import (
    Ex3Dialog,
    Rehearsal,
    choice_box,
    chosen,
    combatant_box,
    spin,
)

MODES = (("Withering", a.WITHERING), ("Decisive", a.DECISIVE))
PLACEHOLDER = DiceEntry.of_successes(0)


@dataclass
class SideForm:
    """One side's inputs: mode, weapon, bonus dice, flurry, the attack and damage rolls."""

    mode: QComboBox
    weapon: QComboBox
    bonus: QSpinBox
    flurry: QCheckBox
    attack: DiceEntryWidget
    damage: DiceEntryWidget


class ClashDialog(Ex3Dialog):
    """The actor and a foe on the same tick strike at each other."""

    TITLE = "Clash"
    APPLY_TEXT = "&Resolve the clash"

    def build(self) -> None:
        able = [f for f in self.state.foes(self.actor)
                if not clashes.can_answer(self.state, self.actor, f)]
        self.foe = self.add("&Clashes with", combatant_box(self.state, able, self.body))
        self.plans: tuple[atk.AttackPlan, atk.AttackPlan] | None = None
        self.plan_error: RulesError | None = None
        self.winner_damage: atk.DamagePlan | None = None
        self.mine = self._side(self.actor, "Attacker")
        self.theirs = self._side(chosen(self.foe), "Answer")
        self.foe.currentIndexChanged.connect(self._fill_foe_weapons)
        self.shift_roll = self.dice("Shift: Join Battle roll")
        turn = self.state.turn
        # The actor can open a flurry only with its first action; as the flurry's second
        # action the clash takes the -3 without asking.
        self.mine.flurry.setVisible(turn is not None and not turn.simple)
        if turn is not None and turn.flurry and len(turn.simple) == 1:
            self.note("Second action of the flurry: -3 to the attacker's roll.")

    def _side(self, cid: str, word: str) -> SideForm:
        weapons = [(w.name, w.name) for w in d.ready_weapons(self.who(cid))] if cid else []
        mode = self.add(f"{word}: mode", choice_box(MODES, self.body))
        weapon = self.add(f"{word}: weapon", choice_box(weapons, self.body))
        bonus = self.add(f"{word}: bonus dice", spin(-10, 20, 0, self.body))
        flurry = self.check(f"{word}: flurry (another, different action follows on its turn: "
                            "-3 to both rolls, -1 Defence)", "003 §Combat Actions")
        attack = self.dice(f"{word}: attack roll")
        damage = self.dice(f"{word} wins: damage roll")
        return SideForm(mode, weapon, bonus, flurry, attack, damage)

    def _fill_foe_weapons(self) -> None:
        box = self.theirs.weapon
        box.clear()
        for weapon in d.ready_weapons(self.who(chosen(self.foe))):
            box.addItem(weapon.name, weapon.name)

    # -- the action ------------------------------------------------------------------------
    def side(self, form: SideForm, cid: str, *, rolled: bool = True) -> a.ClashSide:
        """One side of the clash as filled in (``rolled`` False: placeholders for planning)."""
        attack = form.attack.entry() if rolled else None
        damage = form.damage.entry() if rolled and form.damage.isVisibleTo(self) else None
        return a.ClashSide(cid, chosen(form.mode), chosen(form.weapon), attack or PLACEHOLDER,
                           damage, bonus_dice=form.bonus.value(),
                           flurry=form.flurry.isVisibleTo(self) and form.flurry.isChecked())

    def declaration(self, *, rolled: bool = True) -> a.Clash:
        """The clash as filled in."""
        shift = self.shift_roll.entry() if self.shift_roll.isVisibleTo(self) else None
        return a.Clash(self.side(self.mine, self.actor, rolled=rolled),
                       self.side(self.theirs, chosen(self.foe), rolled=rolled), shift)

    def refresh_pools(self) -> None:
        """Both attacks planned; the winner's damage pool once both rolls are in."""
        try:
            self.plans = clashes.plans(self.state, self.declaration(rolled=False))
            self.plan_error = None
        except RulesError as refusal:
            self.plans, self.plan_error = None, refusal
            return
        for plan, form in zip(self.plans, (self.mine, self.theirs), strict=True):
            form.attack.set_pool(plan.pool, double_tens=plan.double_tens)
        winning = self._winner_pool()
        for form in (self.mine, self.theirs):
            # Shown or hidden only when that changes: hiding the row being typed in
            # (every keystroke refreshes) took its focus after one key.
            form.damage.setVisible(form is winning)
        foe = chosen(self.foe)
        pending = bool(foe) and (ini.shift_pending(self.state, self.actor, foe)
                                 or ini.shift_pending(self.state, foe, self.actor))
        self.shift_roll.setVisible(pending)

    def successes(self) -> tuple[int, int] | None:
        """Both attack rolls' successes, once entered."""
        if self.plans is None:
            return None
        got = []
        for plan, form in zip(self.plans, (self.mine, self.theirs), strict=True):
            entry = form.attack.entry()
            if entry is None:
                return None
            try:
                got.append(roll(plan.pool, entry, double_tens=plan.double_tens).successes)
            except RulesError:
                return None
        return got[0], got[1]

    def _winner_pool(self) -> SideForm | None:
        """The winner's damage pool set on its row; the winner's form (None: no winner yet)."""
        self.winner_damage = None
        rolled = self.successes()
        if rolled is None or rolled[0] == rolled[1] or self.plans is None:
            return None
        won = 0 if rolled[0] > rolled[1] else 1
        plan, form = self.plans[won], (self.mine, self.theirs)[won]
        side = self.side(form, plan.attacker, rolled=False)
        damage = atk.damage_plan(self.state, plan, clashes.as_attack(side, plan.target),
                                 abs(rolled[0] - rolled[1]), clash=True)
        form.damage.set_pool(damage.pool, double_tens=damage.double_tens)
        self.winner_damage = damage
        return form

    def engine_actions(self) -> list[Action] | None:
        if self.plan_error is not None:
            return [self.declaration(rolled=False)]
        if not self.need(self.mine.attack, "the attacker's roll") or \
                not self.need(self.theirs.attack, "the answering roll"):
            return None
        for form in (self.mine, self.theirs):
            if form.damage.isVisibleTo(self) and not self.need(form.damage, "the damage roll"):
                return None
        return [self.declaration()]

    # -- what the GM reads -------------------------------------------------------------------
    def headline(self) -> str:
        return f"{self.state.name(self.actor)} clashes (003 §Clashes)"

    def extra_lines(self, rehearsal: Rehearsal) -> list[str]:
        """Each pool, the opposed result and the winner's damage pool."""
        if self.plans is None:
            return []
        first, second = clashes.declaring_order(self.state, *(p.attacker for p in self.plans))
        lines = [f"Effects are declared in turn, {self.state.name(first)} first, then "
                 f"{self.state.name(second)}, until neither adds one"]
        lines += [f"{self.state.name(p.attacker)}: {steps.parts_text(p.pool_parts)} = "
                  f"{p.pool} dice ({p.mode})" for p in self.plans]
        rolled = self.successes()
        if rolled is None:
            return [*lines, "Opposed rolls: enter both"]
        if rolled[0] == rolled[1]:
            return [*lines, f"Opposed rolls: {rolled[0]} each, a tie: both miss as usual"]
        won = 0 if rolled[0] > rolled[1] else 1
        winner, loser = self.plans[won], self.plans[1 - won]
        pool = self.winner_damage.pool if self.winner_damage is not None else 0
        bonus = "+3 successes" if winner.mode == a.WITHERING else "+1 success"
        return [*lines,
                f"Opposed rolls: {rolled[0]} against {rolled[1]}: "
                f"{self.state.name(winner.attacker)} wins by {abs(rolled[0] - rolled[1])}",
                f"{self.state.name(loser.attacker)}'s attack ends: -2 Defence to its next turn",
                f"Winner's damage ({bonus}): {pool} dice"]

    def current_odds(self) -> Odds | None:
        """The actor's successes, and its chance to win the opposed roll."""
        if self.plans is None:
            return None
        mine, theirs = self.plans
        ours = o.successes_odds(mine.pool, double_tens=mine.double_tens)
        foe = o.successes_odds(theirs.pool, double_tens=theirs.double_tens)
        win = sum(p * sum(foe[:k]) for k, p in enumerate(ours))
        tie = sum(p * (foe[k] if k < len(foe) else 0.0) for k, p in enumerate(ours))
        middle = round(sum(k * p for k, p in enumerate(foe)))
        title = (f"Clash: {self.state.name(self.actor)} {mine.pool} dice against "
                 f"{self.state.name(theirs.attacker)} {theirs.pool} dice: wins {win:.0%}, "
                 f"ties {tie:.0%}; the line marks the foe's average roll")
        return Odds(title, middle, tuple(ours), win, defence_label="foe's roll",
                    defence_row="Foe's average &roll:")
