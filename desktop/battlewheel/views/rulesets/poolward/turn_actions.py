"""Pool & Ward's dialogs, built by name for the shared turn menu and the sheets' button.

The engine's contract (``engine/rulesets/poolward/menu.py``) lists the Combat menu's
entries and why each is idle; this module builds the dialog an entry names. The
attack dialog's odds go to the window's odds dock while it is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.models.combat_model import CombatModel

Builder = Callable[[QWidget, CombatModel, "str | None"], "QDialog | None"]


def open_dialog(
    window: QWidget, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog a Pool & Ward menu entry (or a sheet's button) names."""
    return BUILDERS[name](window, combat, subject)


def _actor(combat: CombatModel) -> str | None:
    actor: str | None = combat.state.actor()
    return actor


def _chosen(window: QWidget, subject: str | None) -> str | None:
    """The sheet's fighter, else the counter selected on the wheel."""
    if subject is not None:
        return subject
    scene = getattr(window, "scene", None)
    chosen: str | None = scene.selected_counter() if scene is not None else None
    return chosen


def attack(window: QWidget, combat: CombatModel, _subject: str | None) -> QDialog | None:
    """The attack dialog for the actor, its odds in the window's odds dock."""
    from battlewheel.views.rulesets.poolward.attack_dialog import AttackDialog

    actor = _actor(combat)
    if actor is None:
        return None
    dialog = AttackDialog(combat, actor, window)
    show_odds = getattr(window, "show_odds_now", None)
    if show_odds is not None:
        dialog.oddsChanged.connect(show_odds)
        show_odds(dialog.odds())  # worked out while the dialog was built, before we listened
        dialog.accepted.connect(_raise_log(window))
    return dialog


def _raise_log(window: QWidget) -> Callable[[], None]:
    # Once the roll is recorded the log, which says what the attack did, is worth reading.
    def raise_log() -> None:
        log = getattr(window, "log_dock", None)
        if log is not None:
            log.raise_()
    return raise_log


def roll_order(window: QWidget, combat: CombatModel, _subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.order_dialog import RollOrderDialog

    return RollOrderDialog(combat, window)


def use_action(window: QWidget, combat: CombatModel, _subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.turn_dialogs import UseActionDialog

    actor = _actor(combat)
    return None if actor is None else UseActionDialog(combat, actor, window)


def ready_action(window: QWidget, combat: CombatModel, _subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.turn_dialogs import ReadyActionDialog

    actor = _actor(combat)
    return None if actor is None else ReadyActionDialog(combat, actor, window)


def trigger_readied(window: QWidget, combat: CombatModel, _subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.turn_dialogs import TriggerReadiedDialog

    return TriggerReadiedDialog(combat, window)


def heal(window: QWidget, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.care_dialogs import HealDialog

    return HealDialog(combat, _chosen(window, subject), window)


def backlash(window: QWidget, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.care_dialogs import BacklashDialog

    return BacklashDialog(combat, _chosen(window, subject), window)


def recovery(window: QWidget, combat: CombatModel, subject: str | None) -> QDialog:
    from battlewheel.views.rulesets.poolward.care_dialogs import RecoveryDialog

    return RecoveryDialog(combat, _chosen(window, subject), window)


def conditions(window: QWidget, combat: CombatModel, subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.poolward.care_dialogs import ConditionsDialog

    if subject is None or subject not in combat.state.fighters:
        return None
    return ConditionsDialog(combat, subject, window)


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
