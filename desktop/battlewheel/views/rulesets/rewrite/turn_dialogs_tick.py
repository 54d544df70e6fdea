"""The tick's flurries in one dialog: a row for each acting fighter still to declare.

Each row starts as the commonest flurry, one attack with the fighter's first ready
weapon at the first target they may attack (what Add attack, Ctrl+T, gives in the
flurry builder), so on a plain tick the GM only checks the rows and presses
Ctrl+Return. A row can be another single manoeuvre (Guard, Aim, Dash...) or, with
More…, any flurry the builder makes. Every row shows its cost or the engine's
refusal in the same place, so nothing moves under the mouse (000 §Manoeuvres).
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.actions import DeclaredManoeuvre, DeclareFlurry
from battlewheel.engine.rulesets.rewrite.block import ready_weapons
from battlewheel.engine.rulesets.rewrite.rules.flurry import manoeuvre_table
from battlewheel.engine.rulesets.rewrite.sentences.wording import penalty_text
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import push_all
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.refusals import rule_tip, split_refusal
from battlewheel.views.rulesets.rewrite.turn_dialogs import (
    DECLARE_SHORTCUT,
    OPEN_VALUES,
    FlurryBuilderDialog,
    describe_manoeuvre,
    fill_targets,
    plan_for,
)
from battlewheel.views.theme import tint

ATTACK, BUILT = "attack", "built"
# Manoeuvres a row offers as they are: nothing to fill in (a Block names whom it guards).
SINGLE_KINDS = tuple(kind for kind in manoeuvre_table()
                     if kind not in (ATTACK, "block", *OPEN_VALUES))


class FlurryRow:
    """One fighter's flurry as a row of the grid: what, with what, at whom, its cost."""

    def __init__(self, model: CombatModel, combatant_id: str, parent: QWidget) -> None:
        self.model, self.combatant_id = model, combatant_id
        self.built: tuple[DeclaredManoeuvre, ...] = ()
        self.magical = False
        state = model.state
        self.name = QLabel(f"<b>{state.name(combatant_id)}</b>", parent)
        self.kind = QComboBox(parent)
        table = manoeuvre_table()
        self.kind.addItem("Attack", ATTACK)
        for kind in SINGLE_KINDS:
            self.kind.addItem(table[kind].name, kind)
        self.weapon = QComboBox(parent)
        for weapon in ready_weapons(state.combatants[combatant_id].character):
            self.weapon.addItem(f"{weapon.name} (Speed {weapon.speed})", weapon.name)
        self.target = QComboBox(parent)
        fill_targets(self.target, state, combatant_id)
        self.more = QPushButton("More…", parent)
        self.more.setToolTip("Build any flurry for this fighter: several attacks, a Block, "
                             "a charm…")
        self.cost = QLabel(parent)
        self.cost.setWordWrap(True)  # a refusal or a built flurry may need two lines
        self.cost.setMinimumWidth(  # a plain row's cost on one line
            self.cost.fontMetrics().horizontalAdvance("Speed 5 (acts on tick 17), DV -1 "))

    def widgets(self) -> tuple[QWidget, ...]:
        """The row's cells, left to right."""
        return (self.name, self.kind, self.weapon, self.target, self.cost, self.more)

    def declared(self) -> tuple[DeclaredManoeuvre, ...]:
        """The manoeuvres this row declares, as the GM has set it."""
        kind = str(self.kind.currentData())
        if kind == BUILT:
            return self.built
        if kind != ATTACK:
            return (DeclaredManoeuvre(kind),)
        weapon, target = self.weapon.currentData(), self.target.currentData()
        if weapon is None or target is None:
            return ()
        return (DeclaredManoeuvre(ATTACK, weapon=str(weapon), target=str(target)),)

    def action(self) -> DeclareFlurry:
        return DeclareFlurry(self.combatant_id, self.declared(), self.magical)

    def use_built(self, declared: tuple[DeclaredManoeuvre, ...], magical: bool) -> None:
        """Take the flurry the builder made; the row shows it in words."""
        self.built, self.magical = declared, magical
        if self.kind.findData(BUILT) < 0:
            self.kind.addItem("Flurry from More…", BUILT)
        self.kind.setCurrentIndex(self.kind.findData(BUILT))

    def refresh(self) -> str:
        """Show the cost, or the refusal; return the refusal ("" if the row is fine)."""
        kind = self.kind.currentData()
        if kind != BUILT:
            self.magical = False
        self.weapon.setEnabled(kind == ATTACK)
        self.target.setEnabled(kind == ATTACK)
        declared = self.declared()
        refusal = self.model.session.refusal(self.action()) if declared else "nothing declared"
        if refusal is not None:
            reason, rule = split_refusal(refusal)
            self.cost.setText(reason)
            self.cost.setToolTip(rule_tip(rule))
            tint(self.cost, "refusal")
            return reason
        self.cost.setText(self._cost_words(declared))
        self.cost.setToolTip("")
        tint(self.cost, None)
        return ""

    def _cost_words(self, declared: tuple[DeclaredManoeuvre, ...]) -> str:
        state = self.model.state
        try:
            plan = plan_for(state, self.combatant_id, declared, magical=self.magical)
        except IllegalAction as refused:
            return str(refused)
        now = state.current_tick or 0
        words = f"Speed {plan.speed} (acts on tick {now + plan.speed}), " \
                f"{penalty_text(plan.dv_penalty)}"
        if self.kind.currentData() == BUILT:
            what = "; ".join(describe_manoeuvre(state, m) for m in declared)
            words = f"{what}. {words}"
        return words


class TickFlurriesDialog(QDialog):
    """Declare the flurries of everyone still to act this tick, as one undo step."""

    def __init__(self, model: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        state = model.state
        self.setWindowTitle(f"Flurries on tick {state.current_tick}")
        self.rows = [FlurryRow(model, cid, self) for cid in state.awaiting_flurry()]
        self.builder: FlurryBuilderDialog | None = None
        self._lay_out()
        for row in self.rows:
            for combo in (row.kind, row.weapon, row.target):
                combo.currentIndexChanged.connect(self._update)
            row.more.clicked.connect(lambda _=False, r=row: self.open_builder(r))
        QShortcut(QKeySequence(DECLARE_SHORTCUT), self, self.accept)
        self._update()

    def _lay_out(self) -> None:
        grid = QGridLayout()
        for column, title in enumerate(("Fighter", "Manoeuvre", "Weapon", "Target",
                                        "Speed and DV")):
            grid.addWidget(QLabel(f"<i>{title}</i>", self), 0, column)
        for index, row in enumerate(self.rows, start=1):
            for column, widget in enumerate(row.widgets()):
                grid.addWidget(widget, index, column)
        grid.setColumnStretch(4, 1)
        # Its key is set with the dialog's others, above.
        self.buttons, self.declare_button = ok_cancel(
            self, "&Declare all", tip=f"Declare every row's flurry ({DECLARE_SHORTCUT})")
        hint = QLabel("Each row starts as one attack at the first target the fighter may "
                      "attack; change what differs, or More… for any other flurry.", self)
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>Flurries on tick {self.model.state.current_tick}</b>",
                                self))
        layout.addLayout(grid)
        layout.addWidget(hint)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 110)
        if self.rows:
            self.rows[0].kind.setFocus()

    def _update(self) -> None:
        refused = [row.refresh() for row in self.rows]
        self.declare_button.setEnabled(bool(self.rows) and not any(refused))

    def open_builder(self, row: FlurryRow) -> FlurryBuilderDialog:
        """More…: the full flurry builder for this row's fighter, starting from the row."""
        builder = FlurryBuilderDialog(self.model, row.combatant_id, self,
                                      start=row.declared(), collect=True)
        builder.magical.setChecked(row.magical)
        builder.accepted.connect(lambda: self._built(row, builder))
        self.builder = builder
        builder.open()
        return builder

    def _built(self, row: FlurryRow, builder: FlurryBuilderDialog) -> None:
        action = builder.action()
        row.use_built(action.manoeuvres, action.magical)
        self._update()

    def flurries(self) -> list[DeclareFlurry]:
        return [row.action() for row in self.rows]

    def accept(self) -> None:
        """Declare every row's flurry as one undo step; stay open if the engine refuses."""
        if not self.declare_button.isEnabled():
            return
        tick = self.model.state.current_tick
        if push_all(self.model, self.flurries(), f"Flurries on tick {tick}") is not None:
            self._update()
            return
        super().accept()
