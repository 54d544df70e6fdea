"""The 2e tick's dialogs, built by name for the shared turn menu.

The engine's contract (``engine/rulesets/rewrite/menu.py``) lists the entries and
why each is idle; this module builds the dialog an entry names: set-up, the flurry
builder (one fighter's, or the whole tick's), the attack and counterattack dialogs,
the tick's damage summary, the GM's override. ``apply`` with nothing to roll pushes
the effects at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.engine.rulesets.rewrite.actions import ApplyTickEffects
from battlewheel.engine.rulesets.rewrite.state import PHASE_EFFECTS
from battlewheel.models.combat_model import CombatModel

if TYPE_CHECKING:
    from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
    from battlewheel.views.window_parts import WindowParts

STATUS_MS = 10_000


def open_dialog(
    window: QWidget, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog an entry of the 2e turn menu (or a sheet's button) names."""
    if name == "override":
        return override(window, combat, subject)
    builders: dict[str, Callable[[WindowParts, CombatModel], QDialog | None]] = {
        "set_up": set_up,
        "declare": declare,
        "declare_tick": declare_tick,
        "roll": roll,
        "counterattack": counterattack,
        "apply": apply,
    }
    return builders[name](cast("WindowParts", window), combat)


def set_up(window: WindowParts, combat: CombatModel) -> QDialog:
    """Ambush and Join Battle, or the late Join Battle of those no longer surprised."""
    from battlewheel.views.rulesets.rewrite.combat_setup import CombatSetupDialog

    return CombatSetupDialog(combat, window)


def declare(window: WindowParts, combat: CombatModel) -> QDialog:
    """The flurry builder for the selected acting combatant (else the first waiting)."""
    from battlewheel.views.rulesets.rewrite.flurry_builder import FlurryBuilderDialog

    waiting = combat.state.awaiting_flurry()
    selected = window.scene.selected_counter()
    chosen = selected if selected is not None and selected in waiting else waiting[0]
    return FlurryBuilderDialog(combat, chosen, window)


def declare_tick(window: WindowParts, combat: CombatModel) -> QDialog:
    """Everyone still to declare this tick, one row each (Space's step)."""
    from battlewheel.views.rulesets.rewrite.tick_flurries import TickFlurriesDialog

    return TickFlurriesDialog(combat, window)


def roll(window: WindowParts, combat: CombatModel) -> QDialog:
    """The attack dialog for the next declared attack, its odds in the odds dock."""
    from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog

    attacker, index = combat.state.pending_attacks()[0]
    return with_odds(window, AttackDialog(combat, attacker, index, window))


def counterattack(window: WindowParts, combat: CombatModel) -> QDialog:
    """Who answers whom with what (asked only when there is a choice), then steps 1-8."""
    from battlewheel.views.rulesets.rewrite.counterattack import CounterattackChooser

    chooser = CounterattackChooser(combat.state, window)
    if chooser.only_one_choice():
        choice = chooser.choice()
        chooser.deleteLater()
        return _counterattack_dialog(window, combat, *choice)
    chooser.accepted.connect(
        lambda: window.turn.show(_counterattack_dialog(window, combat, *chooser.choice()))
    )
    return chooser


def _counterattack_dialog(
    window: WindowParts, combat: CombatModel, attacker: str, target: str, weapon: str
) -> QDialog:
    from battlewheel.views.rulesets.rewrite.counterattack import CounterattackDialog

    return with_odds(window, CounterattackDialog(combat, attacker, target, weapon, window))


def with_odds(window: WindowParts, dialog: AttackDialog) -> QDialog:
    """Show an attack dialog's odds in the odds dock while it is open."""
    dialog.oddsChanged.connect(window.show_odds)
    # The dialog worked out its first odds while being built, before we listened.
    window.show_odds_now(dialog.odds.odds())
    # The odds dock came to the front over the log; once the roll is recorded
    # the log, which says what the attack did, is what the GM wants to read.
    dialog.accepted.connect(window.log_dock.raise_)
    return dialog


def apply(window: WindowParts, combat: CombatModel) -> QDialog | None:
    """Apply the tick's effects; damage to roll first opens the tick's damage summary."""
    from battlewheel.views.rulesets.rewrite.tick_damage import TickDamageDialog, needs_rolls

    if combat.state.phase == PHASE_EFFECTS and needs_rolls(combat.state):
        dialog = TickDamageDialog(combat, window)
        # The summary closes as accepted only once the engine applied the effects.
        dialog.accepted.connect(lambda: _say_applied(window, combat))
        return dialog
    if combat.push(ApplyTickEffects()) is None:
        _say_applied(window, combat)
    return None


def override(parent: QWidget, combat: CombatModel, subject: str | None) -> QDialog | None:
    """The GM's override of one derived value of a sheet; the choice is one undo step."""
    from battlewheel.views.rulesets.rewrite.override_dialog import OverrideDialog

    who = combat.state.combatants.get(subject) if subject else None
    if who is None:
        return None
    dialog = OverrideDialog(who, parent)
    dialog.accepted.connect(lambda: combat.push(dialog.action()))
    return dialog


def _say_applied(window: WindowParts, combat: CombatModel) -> None:
    log = combat.session.log
    if log:
        window.statusBar().showMessage(log[-1].sentence, STATUS_MS)
