"""The 3e turn's dialogs, built by name for the shared turn menu.

The engine's contract (``engine/rulesets/ex3/menu.py``) lists the entries, each naming
``ex3.<key>``, and why each is idle; this module builds the dialog an entry names for
the combatant whose turn it is, and shows its odds in the window's odds dock.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.ex3.handlers.gm import held
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import DialogHost
from battlewheel.views.rulesets.ex3 import gm_dialogs as gm
from battlewheel.views.rulesets.ex3 import turn_dialogs as acts
from battlewheel.views.rulesets.ex3 import turn_dialogs_groups as cmds
from battlewheel.views.rulesets.ex3 import turn_dialogs_stealth as hide
from battlewheel.views.rulesets.ex3.attack_dialog import AttackDialog
from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
from battlewheel.views.rulesets.ex3.base import Ex3Dialog
from battlewheel.views.rulesets.ex3.setup_dialogs import JoinBattleDialog

PREFIX = "ex3."

# dialog name -> the dialog for the actor's turn
TURN_DIALOGS: dict[str, type[Ex3Dialog]] = {
    "attack": AttackDialog,
    "clash": ClashDialog,
    "delay": acts.DelayDialog,
    "aim": acts.AimDialog,
    "defend_other": acts.DefendOtherDialog,
    "full_defense": acts.FullDefenseDialog,
    "move": acts.MoveDialog,
    "disengage": acts.DisengageDialog,
    "rush": acts.RushDialog,
    "withdraw": acts.WithdrawDialog,
    "take_cover": acts.TakeCoverDialog,
    "rise": acts.RiseDialog,
    "ready_weapon": acts.ReadyWeaponDialog,
    "other": acts.OtherActionDialog,
    "grapple": acts.GrappleDialog,
    "establish_surprise": hide.EstablishSurpriseDialog,
    "concealment": hide.ConcealmentDialog,
    "go_to_ground": hide.GoToGroundDialog,
    "order": cmds.OrderDialog,
    "rally": cmds.RallyDialog,
    "rally_for_numbers": cmds.RallyForNumbersDialog,
}


# dialog name -> a dialog at no one's turn in particular (the GM's, or a ruling out of turn)
GM_DIALOGS: dict[str, type[Ex3Dialog]] = {
    "escape": gm.EscapeDialog,
    "end_hold": gm.EndHoldDialog,
    "rejoin": gm.RejoinDialog,
    "award_break": gm.AwardBreakDialog,
    "set_range": gm.RangeDialog,
    "set_condition": gm.ConditionDialog,
    "mark_rough": gm.TerrainDialog,
    "remove": gm.RemoveDialog,
}


def _gm_subject(combat: CombatModel, key: str, subject: str | None) -> str:
    """Whom a GM dialog starts on: the holder for an escape, else the one named or acting."""
    state = combat.state
    if key == "escape":
        holders = [state.combatants[cid].held_by for cid in held(state)]
        if subject and subject in holders:
            return subject
        return holders[0] if holders else ""
    return subject or state.actor or next(iter(state.combatants), "")


def open_dialog(
    where: QWidget | DialogHost, combat: CombatModel, name: str, subject: str | None
) -> QDialog | None:
    """The dialog an entry of the 3e turn menu names, its odds shown in the odds dock."""
    host = DialogHost.of(where)
    key = name.removeprefix(PREFIX)
    if key == "join_battle":
        return JoinBattleDialog(combat, host.parent)
    if key in GM_DIALOGS:
        whom = _gm_subject(combat, key, subject)
        if key == "escape" and not whom:
            return None  # nobody holds anyone at bay: the menu says so
        dialog = GM_DIALOGS[key](combat, whom, host.parent)
    else:
        actor = subject or combat.state.actor
        if key not in TURN_DIALOGS or actor is None:
            return None
        dialog = TURN_DIALOGS[key](combat, actor, host.parent)
    return with_odds(host, dialog)


def with_odds(host: DialogHost, dialog: Ex3Dialog) -> Ex3Dialog:
    """Show a dialog's odds in the odds dock while it is open (none: the dock is left be)."""
    show_odds, show_odds_now = host.show_odds, host.show_odds_now
    if show_odds is None or show_odds_now is None:
        return dialog

    def show(odds: Odds | None) -> None:
        provider = getattr(dialog, "odds_provider", lambda: None)()
        if provider is not None and odds is not None:
            show_odds(provider, odds.dv)
        elif odds is not None:
            show_odds_now(odds)

    dialog.oddsChanged.connect(show)
    show(dialog.odds)  # worked out while the dialog was built, before we listened
    # Once the roll is recorded the log, which says what it did, is what the GM reads.
    dialog.accepted.connect(host.raise_log)
    return dialog
