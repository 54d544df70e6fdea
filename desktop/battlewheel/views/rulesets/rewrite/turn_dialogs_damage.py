"""The tick's damage summary: every flurry's damage to every target, before it is marked.

Once all flurries of a tick have resolved, each flurry-and-target pair has its ping,
its dice and levels per damage type (000 §Applying Effects). The GM rolls (or types)
the damage dice here and sees each target's health track as it will be, then the DV
penalties and counter moves that close the tick. One press applies it all as one undo
step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.rulesets.rewrite.actions import ApplyTickEffects, DamageRoll
from battlewheel.engine.rulesets.rewrite.handlers.effects import (
    PendingDamage,
    damage_outcomes,
    damage_rolls_needed,
    needs_damage_rolls,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.rules.damage import resilience_text
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
from battlewheel.engine.rulesets.rewrite.sentences.wording import penalty_text
from battlewheel.engine.rulesets.rewrite.sheet import condition_text, health_section
from battlewheel.engine.rulesets.rewrite.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import trial
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource, align_titles
from battlewheel.views.refusals import show_on, went_through
from battlewheel.views.sheets.health_track import HealthTrackWidget
from battlewheel.views.theme import tint

APPLY_SHORTCUT = "Ctrl+Return"
ROLL_ALL_SHORTCUT = "Ctrl+Shift+R"
TYPE_NAMES = {"B": "Bashing", "L": "Lethal", "A": "Aggravated"}


def needs_rolls(state: Combat) -> bool:
    """Whether some flurry's damage must be rolled before the tick's effects apply."""
    return needs_damage_rolls(state)


def _rolls_needed(state: Combat, item: PendingDamage) -> list[str]:
    """The damage types to roll for one flurry and target (none against an extra)."""
    return damage_rolls_needed(state, item)


def pools_text(item: PendingDamage) -> str:
    """One line for a flurry's damage on a target: ping, then dice and levels per type."""
    pools = item.pools
    if pools.all_failed:
        if pools.attacks == 1:
            return "The attack Failed: no damage."
        return f"All {pools.attacks} attacks Failed: no damage."
    parts = [
        f"{TYPE_NAMES[kind].lower()} {pools.dice[kind]} dice + {pools.levels[kind]} levels"
        for kind in ("B", "L", "A")
        if pools.dice[kind] or pools.levels[kind]
    ]
    ping = f" ({pools.ping_dice} bashing dice from ping)" if pools.ping_dice else ""
    return f"Ping {pools.ping}: {', '.join(parts) or 'nothing'}{ping}."


class _PairPanel(QGroupBox):
    """One flurry's damage on one target: the rolls and the track it will leave."""

    def __init__(self, state: Combat, item: PendingDamage, source: FaceSource | None,
                 parent: QWidget) -> None:
        what = "counterattack" if item.counterattack else "flurry"
        title = f"{state.name(item.attacker)}'s {what} → {state.name(item.target)}"
        super().__init__(title, parent)
        self.item = item
        self.rolls: dict[str, DiceEntryWidget] = {}
        target = state.combatants[item.target]
        extra = target.character.kind is CharacterKind.EXTRA
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(pools_text(item), self))
        if extra and not item.pools.all_failed:
            layout.addWidget(QLabel("An extra: every damage die is a level, nothing to roll.",
                                    self))
        for kind in _rolls_needed(state, item):
            row = DiceEntryWidget(f"{TYPE_NAMES[kind]} damage roll", self,
                                  face_source=source, compact=True, unit="levels")
            row.set_pool(item.pools.dice[kind], double_tens=False)
            layout.addWidget(row)
            self.rolls[kind] = row
        align_titles(list(self.rolls.values()))
        self.after = HealthTrackWidget(self)
        self.after.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.after.set_track(health_section(target.health))
        self.after_label = QLabel(self)
        layout.addWidget(QLabel("Health after this tick:", self))
        layout.addWidget(self.after)
        layout.addWidget(self.after_label)

    def damage_roll(self) -> DamageRoll:
        entries = {kind: row.entry() for kind, row in self.rolls.items()}
        return DamageRoll(self.item.attacker, self.item.target, bashing=entries.get("B"),
                          lethal=entries.get("L"), aggravated=entries.get("A"),
                          counterattack=self.item.counterattack)


class TickDamageDialog(QDialog):
    """Roll the tick's damage, preview the health tracks, then mark them and end the tick."""

    def __init__(self, model: CombatModel, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self.setWindowTitle(f"Tick {model.state.current_tick}: damage and effects")
        state = model.state
        self.panels = [_PairPanel(state, item, face_source, self) for item in pending_damage(state)]
        for panel in self.panels:
            for row in panel.rolls.values():
                row.entryChanged.connect(self._update)
        self.effects_label = QLabel(self)
        self.effects_label.setWordWrap(True)
        self.effects_label.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal_label = QLabel(self)
        self.refusal_label.setWordWrap(True)
        tint(self.refusal_label, "refusal")
        self._lay_out()
        self._update()
        first = next((row for p in self.panels for row in p.rolls.values()), None)
        if first is not None:
            first.focus_entry()

    def _lay_out(self) -> None:
        content = QWidget(self)
        inner = QVBoxLayout(content)
        if not self.panels:
            inner.addWidget(QLabel("No attack struck anyone this tick.", content))
        for panel in self.panels:
            inner.addWidget(panel)
        effects = QGroupBox("Then the tick ends", content)
        QVBoxLayout(effects).addWidget(self.effects_label)
        inner.addWidget(effects)
        inner.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        roll_all = QPushButton("Roll all &damage", self)
        roll_all.setToolTip(f"Roll every damage roll not typed ({ROLL_ALL_SHORTCUT})")
        roll_all.clicked.connect(self.roll_all)
        QShortcut(QKeySequence(ROLL_ALL_SHORTCUT), self, self.roll_all)
        buttons, self.apply_button = ok_cancel(
            self, "&Mark damage and end the tick",
            tip="Apply the damage, DV penalties and moves", shortcut=APPLY_SHORTCUT)
        buttons.addButton(roll_all, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.refusal_label)
        layout.addWidget(buttons)
        metrics = self.fontMetrics()
        self.resize(metrics.averageCharWidth() * 80, metrics.height() * 36)

    def roll_all(self) -> None:
        """Roll every damage roll with nothing typed."""
        for panel in self.panels:
            for row in panel.rolls.values():
                if row.entry() is None and not row.typed.text().strip():
                    row.roll_now()

    def action(self) -> ApplyTickEffects:
        return ApplyTickEffects(tuple(panel.damage_roll() for panel in self.panels))

    def refusal(self) -> str:
        return self.refusal_label.text()

    def _update(self) -> None:
        result = trial(self.model.session, [self.action()])
        missing = any(row.entry() is None for p in self.panels for row in p.rolls.values())
        if result.refusal is not None:
            show_on(self.refusal_label, "Enter every damage roll." if missing
                    else result.refusal)
            self.effects_label.setText("")
            self.apply_button.setEnabled(False)
            return
        self.refusal_label.setText("")
        self.apply_button.setEnabled(True)
        arithmetic = {
            (item.attacker, item.target, item.counterattack): resilience_text(outcome)
            for item, outcome in damage_outcomes(self.model.state, self.action().damage)
        }
        for panel in self.panels:
            after = result.state.combatants[panel.item.target].health
            panel.after.set_track(health_section(after))
            item = panel.item
            why = arithmetic.get((item.attacker, item.target, item.counterattack), "")
            text = condition_text(after)
            panel.after_label.setText(f"{why}\n{text}" if why else text)
        self.effects_label.setText(effects_text(self.model.state, result.state))

    def accept(self) -> None:
        """Mark the damage and end the tick as one undo step."""
        if not self.apply_button.isEnabled():
            return
        if went_through(self.refusal_label, self.model.push(self.action())):
            super().accept()


def effects_text(before: Combat, after: Combat) -> str:
    """The actors' DV penalties and next actions once the tick is over (000 §Move Counters)."""
    lines = []
    for cid in before.acting_ids():
        who = after.combatants.get(cid)
        if who is None:
            continue
        penalty = penalty_text(who.dv_penalty)
        lines.append(f"{who.name}: {penalty}, next action on tick {who.next_tick}")
    for cid, who in after.combatants.items():
        old = before.combatants.get(cid)
        if old is not None and old.surprise != who.surprise:
            lines.append(f"{who.name} is now {who.surprise.replace('_', ' ')}")
    return "\n".join(lines) or "Nobody acted this tick."
