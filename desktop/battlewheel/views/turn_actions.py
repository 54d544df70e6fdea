"""The tick's keyboard steps: set up, declare a flurry, roll an attack or a
counterattack, apply effects.

Each step opens the dialog that gathers what the engine needs (or, for the effects,
pushes the action at once). The tick's effects, once applied, are told in the status
bar in the engine's own words (the combat log's newest sentence). When there is nothing
to do the status bar says so, so a key pressed at the wrong moment is never silently
ignored.
"""

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog

from battlewheel.engine.rulesets.rewrite.actions_attack import ApplyTickEffects
from battlewheel.engine.rulesets.rewrite.rewrite_counter import counterattack_openings
from battlewheel.engine.rulesets.rewrite.state import PHASE_EFFECTS
from battlewheel.models.combat_model import CombatModel

if TYPE_CHECKING:
    from battlewheel.views.dialogs.attack_dialog import AttackDialog
    from battlewheel.views.main_window import MainWindow

STATUS_MS = 10_000
# What the status bar says to any step tried once the combat has ended.
COMBAT_OVER = (
    "this combat is over (Ctrl+Z takes the ending back; "
    "File > New combat, Ctrl+Shift+N, starts the next fight)"
)


class TurnActions:
    """Opens the dialogs of a tick for the window; keeps the open one alive."""

    def __init__(self, window: "MainWindow", combat: CombatModel) -> None:
        self.window = window
        self.combat = combat
        self.dialog: QDialog | None = None

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)

    def _over(self) -> bool:
        # An ended combat refuses every step; say so before a dialog opens for nothing.
        if not self.combat.state.ended:
            return False
        self._say(f"Not allowed: {COMBAT_OVER}")
        return True

    def _say_applied(self) -> None:
        """The engine's sentence for the newest log entry: what was just applied."""
        log = self.combat.session.log
        if log:
            self._say(log[-1].sentence)

    def _open(self, dialog: QDialog) -> QDialog:
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()
        return dialog

    def _closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def set_up(self) -> QDialog | None:
        """Ambush and Join Battle for a combat not yet on the wheel; once it has begun,
        the late Join Battle of those who are no longer Totally Surprised."""
        if self._over():
            return None
        state = self.combat.state
        if state.started and not state.awaiting_join_battle():
            self._say("The battle has already begun and nobody is waiting to Join Battle.")
            return None
        from battlewheel.views.dialogs.combat_setup import CombatSetupDialog

        return self._open(CombatSetupDialog(self.combat, self.window))

    def declare(self) -> QDialog | None:
        """The flurry builder for the selected acting combatant (else the first waiting)."""
        if self._over():
            return None
        waiting = self.combat.state.awaiting_flurry()
        if not waiting:
            self._say("Nobody acting this tick still has a flurry to declare.")
            return None
        selected = self.window.scene.selected_counter()
        chosen = selected if selected in waiting else waiting[0]
        from battlewheel.views.dialogs.flurry_builder import FlurryBuilderDialog

        return self._open(FlurryBuilderDialog(self.combat, chosen, self.window))

    def roll(self) -> QDialog | None:
        """The attack dialog for the next declared attack, its odds in the odds dock."""
        if self._over():
            return None
        pending = self.combat.state.pending_attacks()
        if not pending:
            self._say("No declared attack is waiting to be rolled.")
            return None
        attacker, index = pending[0]
        from battlewheel.views.dialogs.attack_dialog import AttackDialog

        return self._open_attack(AttackDialog(self.combat, attacker, index, self.window))

    def counterattack(self) -> QDialog | None:
        """A charm's counterattack: who answers whom and with what, then its steps 1-8."""
        if self._over():
            return None
        if not counterattack_openings(self.combat.state):
            self._say(
                "No attack this tick has reached step 9: only an attack that has not "
                "Failed opens a counterattack."
            )
            return None
        from battlewheel.views.dialogs.counterattack import CounterattackChooser

        chooser = CounterattackChooser(self.combat.state, self.window)
        if chooser.only_one_choice():
            choice = chooser.choice()
            chooser.deleteLater()
            return self._open_counterattack(*choice)
        chooser.accepted.connect(lambda: self._open_counterattack(*chooser.choice()))
        return self._open(chooser)

    def _open_counterattack(self, attacker: str, target: str, weapon: str) -> QDialog:
        from battlewheel.views.dialogs.counterattack import CounterattackDialog

        dialog = CounterattackDialog(self.combat, attacker, target, weapon, self.window)
        return self._open_attack(dialog)

    def _open_attack(self, dialog: "AttackDialog") -> QDialog:
        dialog.oddsChanged.connect(self.window.show_odds)
        # The dialog worked out its first odds while being built, before we listened.
        self.window.show_odds_now(dialog.odds.odds())
        # The odds dock came to the front over the log; once the roll is recorded
        # the log, which says what the attack did, is what the GM wants to read.
        dialog.accepted.connect(self.window.log_dock.raise_)
        return self._open(dialog)

    def apply(self) -> QDialog | None:
        """Apply the tick's effects (surprise, DV penalties, counters); the engine says
        what is missing, such as attacks to resolve. Damage to roll first opens the
        tick's damage summary, where the rolls are typed or rolled."""
        if self._over():
            return None
        from battlewheel.views.dialogs.tick_damage import TickDamageDialog, needs_rolls

        if self.combat.state.phase == PHASE_EFFECTS and needs_rolls(self.combat.state):
            dialog = TickDamageDialog(self.combat, self.window)
            # The summary closes as accepted only once the engine applied the effects.
            dialog.accepted.connect(self._say_applied)
            return self._open(dialog)
        if self.combat.push(ApplyTickEffects()) is None:
            self._say_applied()
        return None
