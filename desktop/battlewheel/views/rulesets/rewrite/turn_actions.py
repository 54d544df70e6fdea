"""The 2e tick's dialogs, built by name for the shared turn menu.

The engine's contract (``engine/rulesets/rewrite/menu.py``) lists the entries and
why each is idle; this module builds the dialog an entry names: set-up, the flurry
builder (one fighter's, or the whole tick's), the attack and counterattack dialogs,
the tick's damage summary, the GM's override. ``apply`` with nothing to roll pushes
the effects at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.engine.rulesets.rewrite.actions import ApplyTickEffects
from battlewheel.engine.rulesets.rewrite.state import PHASE_EFFECTS
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import DialogHost

if TYPE_CHECKING:
    from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog


def open_dialog(
    where: QWidget | DialogHost, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog an entry of the 2e turn menu (or a sheet's button) names."""
    host = DialogHost.of(where)
    if name == "override":
        return override(host.parent, combat, subject)
    builders: dict[str, Callable[[DialogHost, CombatModel], QDialog | None]] = {
        "set_up": set_up,
        "declare": declare,
        "declare_tick": declare_tick,
        "roll": roll,
        "counterattack": counterattack,
        "apply": apply,
    }
    return builders[name](host, combat)


def set_up(host: DialogHost, combat: CombatModel) -> QDialog:
    """Ambush and Join Battle, or the late Join Battle of those no longer surprised."""
    from battlewheel.views.rulesets.rewrite.setup_dialogs import CombatSetupDialog

    return CombatSetupDialog(combat, host.parent)


def declare(host: DialogHost, combat: CombatModel) -> QDialog:
    """The flurry builder for the selected acting combatant (else the first waiting)."""
    from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog

    waiting = combat.state.awaiting_flurry()
    selected = host.selected()
    chosen = selected if selected is not None and selected in waiting else waiting[0]
    return FlurryBuilderDialog(combat, chosen, host.parent)


def declare_tick(host: DialogHost, combat: CombatModel) -> QDialog:
    """Everyone still to declare this tick, one row each (Space's step)."""
    from battlewheel.views.rulesets.rewrite.turn_dialogs_tick import TickFlurriesDialog

    return TickFlurriesDialog(combat, host.parent)


def roll(host: DialogHost, combat: CombatModel) -> QDialog:
    """The attack dialog for the next declared attack, its odds in the odds dock."""
    from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog

    attacker, index = combat.state.pending_attacks()[0]
    return with_odds(host, AttackDialog(combat, attacker, index, host.parent))


def counterattack(host: DialogHost, combat: CombatModel) -> QDialog:
    """Who answers whom with what (asked only when there is a choice), then steps 1-8."""
    from battlewheel.views.rulesets.rewrite.attack_dialog_counter import CounterattackChooser

    chooser = CounterattackChooser(combat.state, host.parent)
    if chooser.only_one_choice():
        choice = chooser.choice()
        chooser.deleteLater()
        return _counterattack_dialog(host, combat, *choice)
    keep_open = host.keep_open or QDialog.open
    chooser.accepted.connect(
        lambda: keep_open(_counterattack_dialog(host, combat, *chooser.choice()))
    )
    return chooser


def _counterattack_dialog(
    host: DialogHost, combat: CombatModel, attacker: str, target: str, weapon: str
) -> QDialog:
    from battlewheel.views.rulesets.rewrite.attack_dialog_counter import CounterattackDialog

    dialog = CounterattackDialog(combat, attacker, target, weapon, host.parent)
    return with_odds(host, dialog)


def with_odds(host: DialogHost, dialog: AttackDialog) -> QDialog:
    """Show an attack dialog's odds in the odds dock while it is open."""
    if host.show_odds is None or host.show_odds_now is None:
        return dialog  # opened with a bare parent: no odds dock to fill
    dialog.oddsChanged.connect(host.show_odds)
    # The dialog worked out its first odds while being built, before we listened.
    host.show_odds_now(dialog.odds.odds())
    # The odds dock came to the front over the log; once the roll is recorded
    # the log, which says what the attack did, is what the GM wants to read.
    dialog.accepted.connect(host.raise_log)
    return dialog


def apply(host: DialogHost, combat: CombatModel) -> QDialog | None:
    """Apply the tick's effects; damage to roll first opens the tick's damage summary."""
    from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog, needs_rolls

    if combat.state.phase == PHASE_EFFECTS and needs_rolls(combat.state):
        dialog = TickDamageDialog(combat, host.parent)
        # The summary closes as accepted only once the engine applied the effects.
        dialog.accepted.connect(lambda: _say_applied(host, combat))
        return dialog
    if combat.push(ApplyTickEffects()) is None:
        _say_applied(host, combat)
    return None


def override(parent: QWidget, combat: CombatModel, subject: str | None) -> QDialog | None:
    """The GM's override of one derived value of a sheet; the choice is one undo step."""
    from battlewheel.views.rulesets.rewrite.gm_dialogs import OverrideDialog

    who = combat.state.combatants.get(subject) if subject else None
    if who is None:
        return None
    dialog = OverrideDialog(who, parent)
    dialog.accepted.connect(lambda: combat.push(dialog.action()))
    return dialog


def _say_applied(host: DialogHost, combat: CombatModel) -> None:
    log = combat.session.log
    if log:
        host.say(log[-1].sentence)
