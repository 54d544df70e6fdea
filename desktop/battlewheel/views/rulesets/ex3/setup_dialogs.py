"""Join Battle, before the fight or late in it (003 §The Flow of Combat)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource, align_titles
from battlewheel.views.rulesets.ex3.base import Ex3Dialog


class JoinBattleDialog(Ex3Dialog):
    """Wits + Awareness for everyone yet to roll, +3 successes each, as one undo step."""

    TITLE = "Join Battle"
    APPLY_TEXT = "&Record the rolls"

    def __init__(self, model: CombatModel, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        super().__init__(model, "", parent, face_source=face_source)
        self.setWindowTitle(self.TITLE)

    def headline(self) -> str:
        if not self.state.started:
            return "Join Battle: Wits + Awareness, +3 successes (003 §The Flow of Combat)"
        bonus = ", +3 successes" if self.state.options.late_join_bonus else ""
        return (f"Join Battle mid-fight: Wits + Awareness, unopposed{bonus} "
                "(003 §The Flow of Combat)")

    def build(self) -> None:
        self.rows: dict[str, DiceEntryWidget] = {}
        for cid, who in self.state.combatants.items():
            if not who.joined:
                row = self.dice(who.name)
                row.set_pool(ini.join_pool(who), double_tens=who.block.double_tens)
                self.rows[cid] = row
        align_titles(list(self.rows.values()))
        if self.state.started:
            self.note("The result is the starting Initiative: a late joiner acts the next "
                      "time its tick comes up (this round if that tick is still to come).")
        else:
            self.note("A row left empty is rolled later; Start the battle needs two who rolled.")

    def engine_actions(self) -> list[Action] | None:
        """One Join Battle roll for each row filled in."""
        done: list[Action] = [a.RollJoinBattle(cid, entry) for cid, row in self.rows.items()
                              if (entry := row.entry()) is not None]
        if not done:
            self.missing = "Enter at least one roll: type the successes or press Roll."
            return None
        return done

    def undo_text(self) -> str:
        return "Join Battle rolls"
