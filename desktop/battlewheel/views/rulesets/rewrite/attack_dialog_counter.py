"""Counterattacks: a charm's answer to an attack that reached step 9 (000 §Counterattacks).

The GM first says who answers whom, and with which weapon (``CounterattackChooser``;
skipped when there is only one choice), then resolves it as steps 1-8 of a single
attack in the attack dialog (``CounterattackDialog``): no flurry, so no
multiple-action penalty, no onslaught and no Block step. The charm that grants it is
not named to the engine; its motes are spent by hand on the sheet.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.rulesets.rewrite.actions import ResolveCounterattack
from battlewheel.engine.rulesets.rewrite.block import ready_weapons
from battlewheel.engine.rulesets.rewrite.handlers.counter import counterattack_openings
from battlewheel.engine.rulesets.rewrite.handlers.flurry import weapon_named
from battlewheel.engine.rulesets.rewrite.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import FaceSource
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.attack_dialog_block import GetPastForm

CHARM_NOTE = (
    "A charm grants the counterattack: spend its motes on the sheet. It resolves as "
    "steps 1-8 of one attack, with no multiple-action penalty and no onslaught."
)


class CounterattackDialog(AttackDialog):
    """Resolve ``attacker``'s counterattack on ``target`` with the weapon named ``weapon``."""

    TITLE = "Counterattack"
    RESOLVE_TEXT = "&Resolve counterattack"
    GOES_ON = False  # a counterattack answers one attack; the tick's attacks are not its

    def __init__(self, model: CombatModel, attacker: str, target: str, weapon: str,
                 parent: QWidget | None = None, *, face_source: FaceSource | None = None) -> None:
        QDialog.__init__(self, parent)
        self.index = -1  # outside any flurry
        chosen = weapon_named(model.state.combatants[attacker], weapon)
        self._open_on(model, attacker, target, chosen, face_source)

    def _headline(self, state: Combat) -> str:
        return (f"{state.name(self.attacker_id)} counterattacks {state.name(self.defender_id)} "
                f"with {self.weapon.name}")

    def multiple_action_penalty(self) -> int:
        return 0

    def off_hand(self) -> bool:
        return False

    def onslaught(self) -> int:
        return 0

    def _block_form(self, state: Combat, source: FaceSource | None) -> GetPastForm | None:
        return None

    def action(self) -> ResolveCounterattack:
        """The counterattack as the GM has filled the dialog in so far."""
        return self.with_inputs(
            ResolveCounterattack,
            attacker=self.attacker_id,
            target=self.defender_id,
            weapon=self.weapon.name,
            attack=self.attack_dice.entry(),
        )


class CounterattackChooser(QDialog):
    """Who answers whom, and with which of their ready weapons."""

    def __init__(self, state: Combat, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Counterattack")
        self.state = state
        self.opening = QComboBox(self)
        for answering, attacker in counterattack_openings(state):
            self.opening.addItem(f"{state.name(answering)} answers {state.name(attacker)}",
                                 (answering, attacker))
        self.weapon = QComboBox(self)
        self.opening.currentIndexChanged.connect(self._fill_weapons)
        self._fill_weapons()
        note = QLabel(CHARM_NOTE, self)
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Who answers whom:", self.opening)
        form.addRow("&Weapon:", self.weapon)
        buttons, _ok = ok_cancel(self, "&Roll the counterattack…")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)

    def _fill_weapons(self) -> None:
        self.weapon.clear()
        answering, _attacker = self.choice()[:2]
        for weapon in ready_weapons(self.state.combatants[answering].character):
            self.weapon.addItem(f"{weapon.name} (Accuracy {weapon.accuracy:+d}, "
                                f"Damage {weapon.damage}{weapon.damage_type.value})", weapon.name)

    def choice(self) -> tuple[str, str, str]:
        """(who answers, whom, weapon name) as chosen."""
        answering, attacker = self.opening.currentData()
        return answering, attacker, str(self.weapon.currentData() or "")

    def only_one_choice(self) -> bool:
        """Whether there is nothing to choose: one opening, one ready weapon."""
        return self.opening.count() == 1 and self.weapon.count() == 1
