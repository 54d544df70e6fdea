"""The Impulse dialogs, built by name for the shared turn menu and the sheet's button.

The engine's contract (``engine/rulesets/impulse/menu.py``) lists the entries and why
each is idle; this module builds the dialog an entry names. A dialog with a roll sends
its odds to the window's odds dock while it is open, and gives the log back the front
once the roll is recorded.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import DialogHost
from battlewheel.views.rulesets.impulse.base import ImpulseDialog


def _builders() -> dict[str, Callable[[CombatModel, QWidget], ImpulseDialog]]:
    from battlewheel.views.rulesets.impulse import (
        attack_dialog,
        setup_dialogs,
        turn_dialogs,
        turn_dialogs_manoeuvre,
        turn_dialogs_movement,
    )

    return {
        "impulse_order": setup_dialogs.OrderDialog,
        "impulse_ambush": setup_dialogs.AmbushDialog,
        "impulse_tie": setup_dialogs.TieDialog,
        "impulse_manoeuvre": turn_dialogs_manoeuvre.ManoeuvreDialog,
        "impulse_decisive": attack_dialog.StrikeDialog,
        "impulse_flurry": attack_dialog.FlurryDialog,
        "impulse_hold": turn_dialogs.HoldDialog,
        "impulse_fire_hold": turn_dialogs.FireHoldDialog,
        "impulse_change_initiative": turn_dialogs.ChangeInitiativeDialog,
        "impulse_villain_escapes": turn_dialogs.VillainEscapesDialog,
        "impulse_move": turn_dialogs_movement.MoveDialog,
        "impulse_dash": turn_dialogs_movement.DashDialog,
        "impulse_disengage": turn_dialogs_movement.DisengageDialog,
    }


def dialog_names() -> tuple[str, ...]:
    """Every dialog name this package opens (the sheet's button included)."""
    return (*_builders(), "impulse_gm", "impulse_ranges")


def open_dialog(
    where: QWidget | DialogHost, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog an entry of the Impulse turn menu (or a sheet's button) names."""
    host = DialogHost.of(where)
    if name == "impulse_gm":
        return _gm(host.parent, combat, subject)
    if name == "impulse_ranges":
        from battlewheel.views.rulesets.impulse.gm_dialogs import RangeBandsDialog

        return RangeBandsDialog(combat, subject or host.selected(), host.parent)
    return with_odds(host, _builders()[name](combat, host.parent))


def _gm(window: QWidget, combat: CombatModel, subject: str | None) -> QDialog | None:
    from battlewheel.views.rulesets.impulse.gm_dialogs import GmEditDialog

    if subject is None or not combat.has_combatant(subject):
        return None
    return GmEditDialog(combat, subject, window)


def with_odds(host: DialogHost, dialog: ImpulseDialog) -> ImpulseDialog:
    """Show a dialog's odds in the odds dock while it is open (when it has a roll)."""
    if host.show_odds is None:  # opened with a bare parent: no odds dock to fill
        return dialog
    offered = dialog.odds_provider()
    if offered is None:
        return dialog
    dialog.oddsChanged.connect(host.show_odds)
    host.show_odds(*offered)
    # Once the roll is recorded, the log (which says what came of it) is what the GM reads.
    dialog.accepted.connect(host.raise_log)
    return dialog
