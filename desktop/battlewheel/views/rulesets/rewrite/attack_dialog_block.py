"""The step before a close attack's roll: getting past a Blocker (000 §Block).

When someone Blocks for the target of a close attack, the attacker first rolls their
movement against the Blocker's. The form shows the pool and the Blocker's external
penalty as the engine works them out, takes the optional modifiers (confined space,
knockback, a Blocker whose movement does not count), the roll itself (rolled or
typed, like every other roll) and what happens on a failure: the attack is aborted,
or turned on the Blocker. It reads back the ``GetPast`` the ``ResolveAttack`` carries.
For a missile the form is smaller: the cover is in the DV, and with several Blockers
the GM names the one a shot stopped only by the cover strikes.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from battlewheel.engine.core.dice import success_distribution
from battlewheel.engine.rulesets.rewrite.actions import GetPast
from battlewheel.engine.rulesets.rewrite.handlers import block
from battlewheel.engine.rulesets.rewrite.rules.attack import roll_entry
from battlewheel.engine.rulesets.rewrite.rules.derived import gets_double_tens
from battlewheel.engine.rulesets.rewrite.rules.flurry import BlockRoll
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource
from battlewheel.views.rulesets.rewrite.attack_dialog_inputs import Extras

ABORT, RETARGET = "abort", "retarget"


def _yards(parent: QWidget, tip: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(0, 99)
    spin.setSuffix(" yd")
    spin.setToolTip(tip)
    return spin


def chance_to_pass(plan: BlockRoll, *, double_tens: bool) -> float:
    """The chance the roll keeps a success after the Blocker's penalty (000 §Block)."""
    odds = success_distribution(max(plan.pool, 0), double_tens=double_tens)
    return sum(p for successes, p in enumerate(odds) if plan.passes(successes))


def plan_text(attacker: str, blocker: str, plan: BlockRoll, *, double_tens: bool) -> str:
    """The roll to get past in words: the pool, what shaped it, what it must beat, the odds."""
    changes = [f"{attacker}'s movement {plan.attacker_movement}"]
    for amount, name in ((-plan.confined_space, "confined space"),
                         (-plan.attacker_knockback, "knocked back"),
                         (plan.blocker_knockback, f"{blocker} knocked back")):
        if amount:
            changes.append(f"{amount:+d} {name}")
    dice = max(plan.pool, 0)
    text = " ".join(changes) + f" → {dice} {'die' if dice == 1 else 'dice'}"
    if plan.blocker_movement_applicable:
        penalty = (f"{blocker}'s movement {plan.blocker_movement} ÷ 2: "
                   f"external penalty {plan.external_penalty}")
    else:
        penalty = f"{blocker}'s movement does not count: no external penalty"
    need = plan.external_penalty + 1
    chance = chance_to_pass(plan, double_tens=double_tens)
    needed = f"{need} success{'es' if need != 1 else ''} to get past ({chance:.0%} chance)"
    return "\n".join((text, penalty, needed))


class GetPastForm(QGroupBox):
    """The roll to get past the Blocker of ``target`` (000 §Block); hidden when none."""

    changed = Signal()

    def __init__(self, state: Combat, attacker: str, ward: block.Ward,
                 parent: QWidget | None = None, *, face_source: FaceSource | None = None) -> None:
        title = ("Before the attack roll: get past the Blocker" if ward.melee
                 else "A Block covers the target")
        super().__init__(title, parent)
        self.state, self.attacker_id, self.ward = state, attacker, ward
        self.blocker = QComboBox(self)
        for who in ward.blockers:
            self.blocker.addItem(who.name, who.id)
        self.plan_label = QLabel(self)  # short lines, unwrapped: a wrapped label gets clipped
        self.confined = QSpinBox(self)
        self.confined.setRange(0, 10)
        self.confined.setSuffix(" dice off")
        self.confined.setToolTip("Confined space costs the attacker 1-10 dice (0: open ground)")
        self.attacker_knockback = _yards(
            self, "Yards the attacker was knocked back since their last action")
        self.blocker_knockback = _yards(
            self, "Yards the Blocker was knocked back since the attacker's last action")
        self.extras = Extras("Confined space, &knockback, fliers", self)
        self.movement_inapplicable = QCheckBox(
            "The Blocker's movement does not count (on the ground against a flier)", self)
        self.dice = DiceEntryWidget("Movement roll", self, face_source=face_source,
                                    compact=True)
        self.on_failure = QComboBox(self)
        self.on_failure.addItem("abort the attack", ABORT)
        self.on_failure.addItem("attack the Blocker instead", RETARGET)
        self.on_failure.setToolTip("What the attacker does if the roll fails")
        self.result_label = QLabel(self)
        self.result_label.setWordWrap(True)
        self._lay_out()
        self._connect()
        self._sync()

    def _lay_out(self) -> None:
        form = QFormLayout(self)
        form.addRow("&Blocker:" if self.ward.melee else "A stopped shot &strikes:", self.blocker)
        form.setRowVisible(self.blocker, len(self.ward.blockers) > 1)
        if not self.ward.melee:
            self.blocker.setToolTip("The Blocker a shot stopped only by the cover strikes")
            cover = QLabel(f"Missiles at {self.ward.target.name} meet +{self.ward.missile_cover} "
                           "cover (in the DV); a shot only the cover stops strikes the "
                           "Blocker instead.", self)
            cover.setWordWrap(True)
            form.addRow(cover)
            for widget in (self.plan_label, self.confined, self.attacker_knockback,
                           self.blocker_knockback, self.movement_inapplicable, self.dice,
                           self.on_failure, self.result_label, self.extras):
                widget.hide()
            return
        form.addRow(self.plan_label)
        form.addRow(self.dice)
        form.addRow("If it &fails:", self.on_failure)
        form.addRow(self.result_label)
        # Confined space and knockback are the rare case: folded away like the charms.
        self.extras.add_row("Confined space:", self.confined)
        self.extras.add_row("Attacker knocked back:", self.attacker_knockback)
        self.extras.add_row("Blocker knocked back:", self.blocker_knockback)
        self.extras.add_row(self.movement_inapplicable)
        form.addRow(self.extras)

    def _connect(self) -> None:
        self.blocker.currentIndexChanged.connect(self._sync)
        for spin in (self.confined, self.attacker_knockback, self.blocker_knockback):
            spin.valueChanged.connect(self._sync)
        self.movement_inapplicable.toggled.connect(self._sync)
        self.on_failure.currentIndexChanged.connect(self._sync)
        self.dice.entryChanged.connect(self._sync)

    # -- reading the form ---------------------------------------------------------
    def attacker(self) -> Combatant:
        return self.state.combatants[self.attacker_id]

    def chosen_blocker(self) -> Combatant:
        return self.ward.blocker(self.state, str(self.blocker.currentData()))

    def get_past(self) -> GetPast:
        """What the ``ResolveAttack`` carries: the roll and every choice around it."""
        chosen = str(self.blocker.currentData())
        if not self.ward.melee:
            # Naming the first Blocker is the engine's default; leave it unsaid.
            first = len(self.ward.blockers) < 2 or chosen == self.ward.blockers[0].id
            return GetPast() if first else GetPast(blocker=chosen)
        return GetPast(
            roll=self.dice.entry(),
            blocker=chosen,
            confined_space=self.confined.value(),
            attacker_knockback=self.attacker_knockback.value(),
            blocker_knockback=self.blocker_knockback.value(),
            blocker_movement_applicable=not self.movement_inapplicable.isChecked(),
            retarget=self.on_failure.currentData() == RETARGET,
        )

    def plan(self) -> BlockRoll:
        """The pool and external penalty of the roll, as the engine works them out."""
        _, plan = block.movement_plan(self.state, self.attacker(), self.ward, self.get_past())
        return plan

    def passage(self) -> block.Passage | None:
        """The roll's result, or None while it has not been rolled or typed."""
        plan = self.plan()
        entry = self.dice.entry()
        if entry is None and plan.pool > 0:
            return None
        double = gets_double_tens(self.attacker().character)
        successes = roll_entry(max(plan.pool, 0), entry, double_tens=double).rolled_successes
        return block.Passage(self.chosen_blocker(), plan, successes)

    def struck(self) -> Combatant | None:
        """Whom the attack goes on: the ward, the Blocker, or nobody (aborted)."""
        passage = self.passage() if self.ward.melee else None
        if passage is None or passage.passed:
            return self.ward.target
        if self.on_failure.currentData() == RETARGET:
            return passage.blocker
        return None

    def result_text(self) -> str:
        """The engine's sentence for the roll ("" until it is rolled)."""
        passage = self.passage() if self.ward.melee else None
        if passage is None:
            return ""
        retarget = self.on_failure.currentData() == RETARGET
        return block.passage_event(self.state, self.attacker(), passage, retarget).text

    # -- updating -----------------------------------------------------------------
    def _sync(self) -> None:
        if self.ward.melee:
            plan = self.plan()
            blocker = self.chosen_blocker().name
            double = gets_double_tens(self.attacker().character)
            self.plan_label.setText(
                plan_text(self.attacker().name, blocker, plan, double_tens=double))
            self.dice.set_pool(max(plan.pool, 0), double_tens=double)
            self.dice.setVisible(plan.pool > 0)
            self.result_label.setText(self.result_text() or "Roll or type the movement roll.")
        self.changed.emit()


__all__ = ["ABORT", "RETARGET", "GetPastForm", "chance_to_pass", "plan_text"]
