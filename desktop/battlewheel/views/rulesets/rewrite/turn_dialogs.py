"""The flurry builder: an acting character's manoeuvres, with their cost shown live.

The GM adds manoeuvres (attacks name a weapon and a target), orders them (attacks
resolve in this order), and sees the flurry's Speed, DV penalty and each dice
action's multiple-action penalty as the engine works them out (000 §Manoeuvres). A
Block names whom it guards (a combatant, or an item or place) and whether the Blocker
carries a tower shield (000 §Block). A flurry the rules refuse shows the engine's
reason and cannot be declared.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.actions import DeclaredManoeuvre, DeclareFlurry
from battlewheel.engine.rulesets.rewrite.block import ready_weapons
from battlewheel.engine.rulesets.rewrite.handlers.flurry import weapon_named
from battlewheel.engine.rulesets.rewrite.rules.flurry import (
    FlurryPlan,
    Manoeuvre,
    manoeuvre_table,
    plan_flurry,
)
from battlewheel.engine.rulesets.rewrite.sentences.wording import helpless_word, penalty_text
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.refusals import rule_tip, show_on, went_through
from battlewheel.views.theme import tint

DECLARE_SHORTCUT = "Ctrl+Return"
ADD_ATTACK_SHORTCUT = "Ctrl+T"
# Manoeuvres whose Speed, DV penalty and dice are the GM's to give (000 §Manoeuvres).
OPEN_VALUES = ("activate_charm", "miscellaneous", "inactive")
# The rule that refuses an attack on someone the attacker has not noticed.
AWARE_RULE = "000 §Attack Roll"


def plan_for(state: Combat, combatant_id: str, declared: Sequence[DeclaredManoeuvre],
             *, magical: bool) -> FlurryPlan:
    """The plan of a declared flurry: Speed, DV and dice penalties (000 §Manoeuvres)."""
    who = state.combatants[combatant_id]
    manoeuvres = [
        Manoeuvre.attack(weapon_named(who, m.weapon), off_hand=m.off_hand, label=m.label)
        if m.kind == "attack"
        else Manoeuvre(m.kind, speed=m.speed, dv_penalty=m.dv_penalty,
                       dice_action=m.dice_action, simple=m.simple, label=m.label)
        for m in declared
    ]
    return plan_flurry(manoeuvres, magical=magical, essence=who.character.essence,
                       first_penalty=state.options.multiple_action_first_penalty,
                       tower_shield=any(m.tower_shield for m in declared))


def target_note(state: Combat, attacker: str, target: Combatant) -> str:
    """What the GM should know when picking a target: out of the fight, or unseen."""
    helpless = helpless_word(target.health)
    if helpless is not None:
        return f" ({helpless})"
    return "" if state.is_aware(attacker, target.id) else " (not aware of them)"


def unaware_reason(state: Combat, attacker: str, target: str) -> str:
    """Why ``attacker`` cannot pick ``target`` now ("" if they can): unseen (000 §Attack Roll)."""
    if state.is_aware(attacker, target):
        return ""
    return (f"{state.name(attacker)} has not noticed {state.name(target)} (an ambush): "
            "nobody can attack what they are not aware of")


def fill_targets(combo: QComboBox, state: Combat, attacker: str) -> None:
    """The targets ``attacker`` may attack, enemies first; the unseen greyed, with why.

    The first target that can be picked and still fights is chosen, as Add attack
    (Ctrl+T) will use it: never a corpse or the incapacitated while a foe stands (they stay
    in the list for a GM who means them).
    """
    combo.clear()
    who = state.combatants[attacker]
    others = sorted((c for c in state.combatants.values() if c.id != attacker),
                    key=lambda c: c.side == who.side)
    items = combo.model()
    assert isinstance(items, QStandardItemModel)
    first, fallen = -1, -1
    for other in others:
        combo.addItem(f"{other.name}{target_note(state, attacker, other)}", other.id)
        reason = unaware_reason(state, attacker, other.id)
        item = items.item(combo.count() - 1)
        item.setToolTip(f"{reason}. {rule_tip(AWARE_RULE)}" if reason else "")
        item.setEnabled(not reason)
        if reason:
            continue
        if helpless_word(other.health):
            fallen = combo.count() - 1 if fallen < 0 else fallen
        elif first < 0:
            first = combo.count() - 1
    combo.setCurrentIndex(first if first >= 0 else fallen)


def describe_manoeuvre(state: Combat, manoeuvre: DeclaredManoeuvre) -> str:
    """A manoeuvre in words: "Attack Bandit with Straight sword", "Dash"."""
    table = manoeuvre_table()
    if manoeuvre.kind == "attack":
        hand = " (off hand)" if manoeuvre.off_hand else ""
        return f"Attack {state.name(manoeuvre.target or '?')} with {manoeuvre.weapon}{hand}"
    if manoeuvre.kind == "block":
        return describe_block(state, manoeuvre)
    name = table[manoeuvre.kind].name if manoeuvre.kind in table else manoeuvre.kind
    return f"{name}: {manoeuvre.label}" if manoeuvre.label else name


def describe_block(state: Combat, manoeuvre: DeclaredManoeuvre) -> str:
    """A Block in words: "Block — guarding Tamsin (tower shield)" (000 §Block)."""
    if manoeuvre.target is None:
        guarded, note = manoeuvre.label or "an item or place", ""
    else:
        guarded = state.name(manoeuvre.target)
        note = f": {manoeuvre.label}" if manoeuvre.label else ""
    shield = " (tower shield)" if manoeuvre.tower_shield else ""
    return f"Block — guarding {guarded}{shield}{note}"


def cost_text(plan: FlurryPlan, index: int) -> str:
    """What one manoeuvre costs in the plan: Speed, DV and its dice penalty."""
    manoeuvre = plan.manoeuvres[index]
    parts = [f"Speed {manoeuvre.resolved_speed()}", penalty_text(manoeuvre.resolved_dv_penalty())]
    if plan.action_penalties[index] is not None:
        penalty = plan.internal_penalty(index)
        parts.append(f"-{penalty} dice" if penalty else "no dice penalty")
    if manoeuvre.kind == "block":
        parts.append(f"+{plan.block_cover_bonus} cover against missiles")
    return ", ".join(parts)


class FlurryBuilderDialog(QDialog):
    """Declare one acting character's flurry for this tick."""

    def __init__(self, model: CombatModel, combatant_id: str,
                 parent: QWidget | None = None, *,
                 start: Sequence[DeclaredManoeuvre] = (), collect: bool = False) -> None:
        """``start``: manoeuvres already chosen; ``collect``: on OK hand the flurry back
        (``action()``) instead of declaring it, for the tick's declaration dialog."""
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self.combatant_id = combatant_id
        self.collect = collect
        self.declared: list[DeclaredManoeuvre] = list(start)
        self.plan: FlurryPlan | None = None
        self.setWindowTitle(f"Flurry of {model.state.name(combatant_id)}")
        self._build()
        self._update()

    # -- layout -------------------------------------------------------------------
    def _build(self) -> None:
        attack_box = self._build_attack_box()
        other_box = self._build_other_box()
        self.list = QListWidget(self)
        self.list.setToolTip("Attacks resolve in this order. Alt+Up/Alt+Down move, Delete removes.")
        self.magical = QCheckBox("&Magical flurry (an Extra Action charm: no multiple-action "
                                 "penalties, higher Rate)", self)
        self.magical.toggled.connect(self._update)
        self.summary = QLabel(self)
        self.summary.setObjectName("flurrySummary")
        bold = self.summary.font()
        bold.setBold(True)
        self.summary.setFont(bold)
        self.refusal_label = QLabel(self)
        self.refusal_label.setWordWrap(True)
        tint(self.refusal_label, "refusal")
        self._build_buttons()
        self._lay_out(attack_box, other_box)
        self._shortcuts()

    def _build_attack_box(self) -> QGroupBox:
        box = QGroupBox("Attack", self)
        state, who = self.model.state, self.model.state.combatants[self.combatant_id]
        self.weapon = QComboBox(box)
        for weapon in ready_weapons(who.character):
            self.weapon.addItem(f"{weapon.name} (Speed {weapon.speed}, Rate {weapon.rate})",
                                weapon.name)
        self.target = QComboBox(box)
        fill_targets(self.target, state, who.id)
        self.off_hand = QCheckBox("Off hand (-1 die)", box)
        add = QPushButton("Add &attack", box)
        add.setToolTip(f"Add an attack with this weapon at this target ({ADD_ATTACK_SHORTCUT})")
        add.clicked.connect(self.add_attack)
        form = QFormLayout(box)
        form.addRow("&Weapon:", self.weapon)
        form.addRow("&Target:", self.target)
        form.addRow(self.off_hand, add)
        return box

    def _build_other_box(self) -> QGroupBox:
        box = QGroupBox("Other manoeuvre", self)
        self.kind = QComboBox(box)
        for spec in manoeuvre_table().values():
            if spec.id != "attack":
                self.kind.addItem(spec.name, spec.id)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.speed = QSpinBox(box)
        self.speed.setRange(0, 20)
        self.dv_penalty = QSpinBox(box)
        self.dv_penalty.setRange(0, 10)
        self.dv_penalty.setPrefix("DV -")  # as the list and the summary write it
        self.dice_action = QCheckBox("Rolls dice", box)
        self.note = QLineEdit(box)
        self.note.setPlaceholderText("what it is, e.g. the charm's name")
        self.guarded = self._guarded_choice(box)
        self.tower_shield = QCheckBox("Tower &shield (cover +2 instead of +1)", box)
        add = QPushButton("Add ma&noeuvre", box)
        add.clicked.connect(self.add_other)
        self.other_form = form = QFormLayout(box)
        form.addRow("&Manoeuvre:", self.kind)
        form.addRow("&Guarding:", self.guarded)
        form.addRow(self.tower_shield)
        form.addRow("Speed:", self.speed)
        form.addRow("DV penalty:", self.dv_penalty)
        form.addRow(self.dice_action)
        form.addRow("Note:", self.note)
        form.addRow(add)
        self._kind_changed()
        return box

    def _guarded_choice(self, parent: QWidget) -> QComboBox:
        """Whom a Block defends: the Blocker's own side first, then an item or place."""
        state, who = self.model.state, self.model.state.combatants[self.combatant_id]
        combo = QComboBox(parent)
        others = sorted((c for c in state.combatants.values() if c.id != who.id),
                        key=lambda c: c.side != who.side)
        for other in others:
            combo.addItem(other.name, other.id)
        combo.addItem("an item or place (say which in the note)", None)
        combo.setToolTip("Whom this Block defends until the Blocker's next action: "
                         "missiles at them meet cover, close attacks must get past")
        return combo

    def _build_buttons(self) -> None:
        # Its key is among the builder's own shortcuts (``_lay_out``).
        self.buttons, self.declare_button = ok_cancel(
            self, "&Use this flurry" if self.collect else "&Declare flurry",
            tip=f"Declare this flurry ({DECLARE_SHORTCUT})")

    def _lay_out(self, attack_box: QGroupBox, other_box: QGroupBox) -> None:
        moves = QHBoxLayout()
        for text, tip, slot in (("Move &up", "Alt+Up", lambda: self.move_selected(-1)),
                                ("Move do&wn", "Alt+Down", lambda: self.move_selected(1)),
                                ("&Remove", "Delete", self.remove_selected)):
            button = QPushButton(text, self)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            moves.addWidget(button)
        adders = QHBoxLayout()
        adders.addWidget(attack_box)
        adders.addWidget(other_box)
        layout = QVBoxLayout(self)
        # The window title says whose flurry this is, but not every desktop shows titles
        # plainly, and several actors declare one after another on a tick.
        state = self.model.state
        heading = QLabel(f"<b>{state.name(self.combatant_id)}'s flurry on tick "
                         f"{state.current_tick}</b>", self)
        heading.setObjectName("flurryHeading")
        layout.addWidget(heading)
        layout.addLayout(adders)
        layout.addWidget(QLabel("Manoeuvres, in the order they resolve:", self))
        layout.addWidget(self.list, 1)
        layout.addLayout(moves)
        layout.addWidget(self.magical)
        layout.addWidget(self.summary)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)

    def _shortcuts(self) -> None:
        shortcuts = (
            (DECLARE_SHORTCUT, self.accept),
            (ADD_ATTACK_SHORTCUT, self.add_attack),
            ("Alt+Up", lambda: self.move_selected(-1)),
            ("Alt+Down", lambda: self.move_selected(1)),
        )
        for keys, slot in shortcuts:
            QShortcut(QKeySequence(keys), self, slot)
        remove = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.list)
        remove.setContext(Qt.ShortcutContext.WidgetShortcut)
        remove.activated.connect(self.remove_selected)

    def _kind_changed(self) -> None:
        kind = str(self.kind.currentData())
        spec = manoeuvre_table()[kind]
        open_values = kind in OPEN_VALUES
        for widget in (self.speed, self.dv_penalty, self.dice_action):
            widget.setEnabled(open_values)
        self.speed.setValue(spec.speed if spec.speed is not None else spec.default_speed)
        fixed_dv = spec.dv_penalty if spec.dv_penalty is not None else spec.default_dv_penalty
        self.dv_penalty.setValue(fixed_dv)
        self.dice_action.setChecked(bool(spec.dice_action or spec.default_dice_action))
        self.speed.setEnabled(open_values and spec.speed is None)
        self.dv_penalty.setEnabled(open_values and spec.dv_penalty is None)
        self.dice_action.setEnabled(spec.dice_action is None)
        blocking = kind == "block"
        self.other_form.setRowVisible(self.guarded, blocking)
        self.other_form.setRowVisible(self.tower_shield, blocking)
        self.note.setPlaceholderText("which item or place, or why" if blocking
                                     else "what it is, e.g. the charm's name")

    # -- editing the flurry -------------------------------------------------------
    def add_attack(self) -> None:
        """Add an attack with the chosen weapon at the chosen target."""
        weapon, target = self.weapon.currentData(), self.target.currentData()
        if weapon is None or target is None:
            return
        self._add(DeclaredManoeuvre("attack", weapon=str(weapon), target=str(target),
                                    off_hand=self.off_hand.isChecked()))

    def add_other(self) -> None:
        """Add the chosen non-attack manoeuvre with the values the GM gave."""
        kind = str(self.kind.currentData())
        spec = manoeuvre_table()[kind]
        blocking = kind == "block"
        guarded = self.guarded.currentData() if blocking else None
        self._add(DeclaredManoeuvre(
            kind,
            target=None if guarded is None else str(guarded),
            speed=self.speed.value() if spec.speed is None else None,
            dv_penalty=self.dv_penalty.value() if spec.dv_penalty is None else None,
            dice_action=self.dice_action.isChecked() if spec.dice_action is None else None,
            label=self.note.text().strip(),
            tower_shield=blocking and self.tower_shield.isChecked(),
        ))

    def _add(self, manoeuvre: DeclaredManoeuvre) -> None:
        self.declared.append(manoeuvre)
        self._update()
        self.list.setCurrentRow(len(self.declared) - 1)

    def move_selected(self, step: int) -> None:
        """Move the selected manoeuvre earlier (-1) or later (+1) in the flurry."""
        row = self.list.currentRow()
        new = row + step
        if 0 <= row < len(self.declared) and 0 <= new < len(self.declared):
            self.declared[row], self.declared[new] = self.declared[new], self.declared[row]
            self._update()
            self.list.setCurrentRow(new)

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.declared):
            del self.declared[row]
            self._update()
            self.list.setCurrentRow(min(row, len(self.declared) - 1))

    # -- what the engine says -----------------------------------------------------
    def action(self) -> DeclareFlurry:
        return DeclareFlurry(self.combatant_id, tuple(self.declared), self.magical.isChecked())

    def refusal(self) -> str:
        """The engine's reason this flurry cannot be declared ("" if it can)."""
        return self.refusal_label.text()

    def _update(self) -> None:
        state = self.model.state
        try:
            self.plan = plan_for(state, self.combatant_id, self.declared,
                                 magical=self.magical.isChecked()) if self.declared else None
        except IllegalAction:
            self.plan = None
        self._fill_list(state)
        refusal = self.model.session.refusal(self.action()) if self.declared else None
        show_on(self.refusal_label, refusal)
        self.summary.setText(self._summary_text(state))
        self.declare_button.setEnabled(bool(self.declared) and refusal is None)

    def _fill_list(self, state: Combat) -> None:
        self.list.clear()
        for index, manoeuvre in enumerate(self.declared):
            cost = "" if self.plan is None else f"  —  {cost_text(self.plan, index)}"
            self.list.addItem(f"{index + 1}. {describe_manoeuvre(state, manoeuvre)}{cost}")

    def _summary_text(self, state: Combat) -> str:
        if not self.declared:
            return "Add at least one manoeuvre."
        if self.plan is None:
            return "This flurry breaks a rule (see below)."
        plan = self.plan
        now = state.current_tick or 0
        text = (f"Speed {plan.speed} (next action tick {now + plan.speed}), "
                f"{penalty_text(plan.dv_penalty)}")
        if plan.extra_yards_per_tick:
            text += f", +{plan.extra_yards_per_tick} yards per tick"
        return text

    def accept(self) -> None:
        """Declare the flurry as one undo step; stay open if the engine refuses."""
        if not self.declare_button.isEnabled():
            return
        if self.collect:  # checked live by _update: the tick's dialog declares it
            super().accept()
            return
        if went_through(self.refusal_label, self.model.push(self.action())):
            super().accept()
