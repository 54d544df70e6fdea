"""Pool & Ward's dialogs, built by name for the shared turn menu and the sheets' button.

The engine's contract (``engine/rulesets/poolward/menu.py``) lists the Combat menu's
entries and why each is idle; this module builds the dialog an entry names. The
attack dialog's odds go to the window's odds dock while it is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import DialogHost

Builder = Callable[[DialogHost, CombatModel, "str | None"], "QDialog | None"]


def open_dialog(
    where: QWidget | DialogHost, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog a Pool & Ward menu entry (or a sheet's button) names."""
    return BUILDERS[name](DialogHost.of(where), combat, subject)


def _actor(combat: CombatModel) -> str | None:
    actor: str | None = combat.state.actor()
    return actor


def _chosen(host: DialogHost, subject: str | None) -> str | None:
    """The sheet's fighter, else the counter selected on the wheel."""
    return subject if subject is not None else host.selected()


def attack(host: DialogHost, combat: CombatModel, _subject: str | None) -> QDialog | None:
    """The attack dialog for the actor, its odds in the window's odds dock."""
    from battlewheel.views.rulesets.poolward.attack_dialog import AttackDialog

    actor = _actor(combat)
    if actor is None:
        return None
    dialog = AttackDialog(combat, actor, host.parent)
    show_odds = host.show_odds_now
    if show_odds is not None:
        dialog.oddsChanged.connect(show_odds)
        show_odds(dialog.odds())  # worked out while the dialog was built, before we listened
        # Once the roll is recorded the log, which says what the attack did, is worth reading.
        dialog.accepted.connect(host.raise_log)
    return dialog


def roll_order(host: DialogHost, combat: CombatModel, _subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.setup_dialogs import RollOrderDialog

    return RollOrderDialog(combat, host.parent)


def use_action(host: DialogHost, combat: CombatModel, _subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.turn_dialogs import UseActionDialog

    actor = _actor(combat)
    return None if actor is None else UseActionDialog(combat, actor, host.parent)


def ready_action(host: DialogHost, combat: CombatModel, _subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.turn_dialogs import ReadyActionDialog

    actor = _actor(combat)
    return None if actor is None else ReadyActionDialog(combat, actor, host.parent)


def trigger_readied(host: DialogHost, combat: CombatModel, _subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.turn_dialogs import TriggerReadiedDialog

    return TriggerReadiedDialog(combat, host.parent)


def heal(host: DialogHost, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.gm_dialogs import HealDialog

    return HealDialog(combat, _chosen(host, subject), host.parent)


def backlash(host: DialogHost, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.gm_dialogs import BacklashDialog

    return BacklashDialog(combat, _chosen(host, subject), host.parent)


def recovery(host: DialogHost, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.gm_dialogs import RecoveryDialog

    return RecoveryDialog(combat, _chosen(host, subject), host.parent)


def conditions(host: DialogHost, combat: CombatModel, subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.gm_dialogs import ConditionsDialog

    if subject is None or subject not in combat.state.fighters:
        return None
    return ConditionsDialog(combat, subject, host.parent)


BUILDERS: dict[str, Builder] = {
    "attack": attack,
    "roll_order": roll_order,
    "use_action": use_action,
    "ready_action": ready_action,
    "trigger_readied": trigger_readied,
    "heal": heal,
    "backlash": backlash,
    "recovery": recovery,
    "conditions": conditions,
}
