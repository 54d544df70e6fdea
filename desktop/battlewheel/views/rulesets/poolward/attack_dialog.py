"""The attack dialog: the pool shrinking term by term, the odds, the roll, where the damage goes.

The pool is worked out as the seed's Edward example does it (002 §Attack Roll Dice
Pools): base + stat + skill + modifiers, then minus Armour (after Armour Piercing),
Shield and Dodge, each step with its running total. Before the roll the odds dock
shows the chance of each success count and damage total; after it, the dialog shows
Ward, DR, Vigor and Health taking their share, the triggers fired and the Dodge or
Parry the target loses. Apply records the one ``Attack`` as one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.attack import (
    AttackOutcome,
    preview_attack,
    resolve_attack,
)
from battlewheel.engine.rulesets.poolward.options import MORTAL_BEFORE_WARD, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.pool import PoolPreview
from battlewheel.engine.rulesets.poolward.state import Fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import FaceSource
from battlewheel.views.rulesets.poolward.attack_dialog_inputs import AttackInputs
from battlewheel.views.rulesets.poolward.base import PoolWardDialog, change_line
from battlewheel.views.rulesets.poolward.base_dice import (
    damage_chances,
    dice_entry,
    die_words,
    pool_odds,
    set_pool,
)

NEED_ROLL = "Roll the pool, or type the successes (or faces) the table rolled."


class AttackDialog(PoolWardDialog):
    """The actor attacks: inputs, the pool step by step, odds, the roll and the damage."""

    APPLY_TEXT = "&Resolve attack"
    oddsChanged = Signal(object)  # the contract's Odds, for the main window's odds dock

    def __init__(self, model: CombatModel, attacker: str, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        state: Fight = model.state
        super().__init__(model, f"{state.name(attacker)} attacks", parent)
        self.attacker = attacker
        self._preview: PoolPreview | None = None
        self._odds: Odds | None = None
        self.inputs = AttackInputs(state, attacker, self.form, self)
        self.dice = dice_entry("Attack roll", state.options, self, face_source=face_source)
        self.steps_label = _plain_label(self)
        self.steps_label.setObjectName("poolSteps")
        self.odds_label = _plain_label(self)
        self.inputs.changed.connect(self.update_preview)
        self.dice.entryChanged.connect(self.update_preview)
        self.finish(self._side())
        self.resize(self.fontMetrics().averageCharWidth() * 150,
                    self.fontMetrics().height() * 36)
        self.dice.focus_entry()  # keyboard first: type the successes, or Ctrl+R to roll

    def _side(self) -> QWidget:
        side = QWidget(self)
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        steps = QGroupBox("The pool, step by step", side)
        QVBoxLayout(steps).addWidget(self.steps_label)
        odds = QGroupBox("Before the roll", side)
        QVBoxLayout(odds).addWidget(self.odds_label)
        column.addWidget(steps)
        column.addWidget(odds)
        column.addWidget(self.dice)
        column.addStretch(1)
        return side

    # -- the pool and the odds, before any roll -------------------------------------------
    def pool_preview(self) -> PoolPreview | None:
        """The pool against the target as the fight stands (None: refused or incomplete)."""
        return self._preview

    def odds(self) -> Odds | None:
        """The odds last sent to the dock."""
        return self._odds

    def update_preview(self) -> None:
        """Work the pool out, show the steps and the odds, then try the attack with its roll."""
        self._work_out_pool()
        super().update_preview()

    def _work_out_pool(self) -> None:
        action = self.inputs.action()
        self._preview = None
        if action is None:
            self.steps_label.setText("Choose a target and a weapon or spell.")
        else:
            try:
                self._preview = preview_attack(self.state, action)
            except RulesError as refusal:
                self.steps_label.setText(f"No pool: {refusal}")
        self._show_pool(action)

    def _show_pool(self, action: a.Attack | None) -> None:
        preview = self._preview
        rolls = preview is not None and preview.rolls
        self.dice.setVisible(rolls)
        set_pool(self.dice, preview.pool if preview else 0, self.state.options)
        if preview is None or action is None:
            self.odds_label.setText("")
            return
        text = steps_text(preview)
        self.steps_label.setText(text)
        # A wrapped label in a stretching column was squeezed until its last lines
        # overlapped (seen under Xvfb): keep room for every line and a wrapped one.
        lines = text.count("\n") + 2
        self.steps_label.setMinimumHeight(lines * self.fontMetrics().lineSpacing())
        target = self.state.fighters[action.target]
        self.odds_label.setText(damage_chances(preview, self.state.options, ward=target.ward,
                                               mortal=action.mortal))
        self._odds = pool_odds(self._odds_title(action, preview), preview, self.state.options,
                               ward=target.ward, mortal=action.mortal)
        self.oddsChanged.emit(self._odds)

    def _odds_title(self, action: a.Attack, preview: PoolPreview) -> str:
        state = self.state
        return (f"{state.name(action.attacker)} → {state.name(action.target)}, "
                f"{action.attack}: {max(preview.pool, 0)} dice "
                f"({die_words(state.options)}); a hit is 1+ success"
                + (f" past cover's {preview.cover_successes}" if preview.cover_successes
                   else ""))

    # -- the attack with its roll ----------------------------------------------------------
    def action(self) -> a.Attack | None:
        """The attack with its roll (None while the pool is unknown or not yet rolled)."""
        action, preview = self.inputs.action(), self._preview
        if action is None or preview is None:
            return None
        if not preview.rolls:
            return action
        entry = self.dice.entry()
        return None if entry is None else replace(action, dice=entry)

    def engine_actions(self) -> Sequence[Action] | None:
        action = self.action()
        return None if action is None else [action]

    def missing(self) -> str:
        if self._preview is None:
            return self.steps_label.text()
        return self.dice.error() or NEED_ROLL

    def preview(self, before: Fight, after: Fight) -> str:
        action = self.action()
        assert action is not None  # the base class previews only complete actions
        outcome = resolve_attack(before, action)
        lines = damage_lines(before, action, outcome)
        lines.append(change_line(before, after, action.target))
        return "\n".join(lines)

    def steps(self) -> str:
        return self.steps_label.text()

    def damage(self) -> str:
        """Where the rolled damage goes ("" before the roll)."""
        return self.preview_label.text()


def _plain_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def steps_text(preview: PoolPreview) -> str:
    """Each step of the pool with its running total, then the dice rolled (002 Edward)."""
    lines = []
    for step in preview.steps:
        if step.label == "base":
            lines.append(f"base {step.change} = {step.total}")
        else:
            lines.append(f"{step.label}: {step.change:+d} = {step.total}")
    raw, defence = preview.raw.total, preview.terms.total
    cover_dice = raw - defence - preview.pool
    lines.append(f"{raw} dice - {defence} defence"
                 + (f" - {cover_dice} cover" if cover_dice else "") + f" = {preview.pool}")
    if not preview.rolls:
        lines.append("0 dice or less: not rolled, no damage.")
    elif preview.cover_successes:
        lines.append(f"Cover takes {preview.cover_successes} successes after the roll.")
    return "\n".join(lines)


def damage_lines(state: Fight, action: a.Attack, outcome: AttackOutcome) -> list[str]:
    """Where the damage goes: the roll, Mortal doubling, Ward, DR, Vigor, Health, triggers."""
    result, target = outcome.result, state.fighters[action.target]
    rolled = outcome.roll.successes
    lines = [f"Roll: {rolled} successes" + (
        f" - {outcome.preview.cover_successes} for cover = {outcome.successes}"
        if outcome.preview.cover_successes else "") + f" → {outcome.successes} damage"]
    if not result.hit:
        lines.append("A miss: no damage.")
    else:
        lines.extend(_hit_lines(action, outcome, target.ward, state.options))
    lines.extend(_defence_line(state, action, outcome.dodge_loss))
    return lines


def _mortal_line(outcome: AttackOutcome, options: PoolWardOptions) -> str:
    """Mortal doubling, before Ward or after Ward and DR (002 §Mortal Damage, ruling
    ``mortal_timing``)."""
    if options.mortal_timing == MORTAL_BEFORE_WARD:
        return f"Mortal: {outcome.successes} doubles to {outcome.result.damage} before Ward"
    return "Mortal: what gets past Ward and DR doubles"


def _hit_lines(action: a.Attack, outcome: AttackOutcome, ward: int,
               options: PoolWardOptions) -> list[str]:
    result = outcome.result
    lines = []
    if action.mortal:
        lines.append(_mortal_line(outcome, options))
    if ward or result.ward_absorbed:
        lines.append(f"Ward absorbs {result.ward_absorbed}; {result.past_ward} gets past")
    if result.converted:
        lines.append(f"DR turns {result.converted} lethal into non-lethal")
    lines.append(f"Vigor takes {result.to_vigor}, Health takes {result.to_health}")
    if outcome.triggers:
        lines.append("Fires: " + ", ".join(t.name for t in outcome.triggers))
    return lines


def _defence_line(state: Fight, action: a.Attack, loss: str) -> list[str]:
    name = state.name(action.target)
    if loss == "parry":
        return [f"{name} spends a Parry use (Dodge holds)"]
    if loss == "dodge":
        return [f"{name} loses 1 Dodge this round"]
    return []
