"""Move, Dash and Disengage: the round's one movement, with each band before and after.

Move and Dash go toward or away from the fighters ticked (a group moves together);
Disengage lists each foe in melee, who may roll Dex + Athletics against the Evasion of
the one leaving, with the chance shown before the roll (001 §Movement, §Move, §Dash,
§Disengage).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.common import in_melee_with_foe
from battlewheel.engine.rulesets.impulse.handlers.movement import group_of
from battlewheel.engine.rulesets.impulse.odds import contest_odds
from battlewheel.engine.rulesets.impulse.rules import (
    BANDS,
    DASH_COST,
    DASH_DV,
    DISENGAGE_COST,
    beats,
    rolled_successes,
    step_band,
)
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, align_titles
from battlewheel.views.rulesets.impulse.base import ActingDialog, Incomplete, OddsProvider
from battlewheel.views.rulesets.impulse.base_fields import fighter_combo, foes_first
from battlewheel.views.rulesets.impulse.odds import contest_odds as contest_chart


class _Mover(ActingDialog):
    """A movement by the acting fighter."""


class MoveDialog(_Mover):
    """One band toward or away from the fighters ticked (001 §Move)."""

    TITLE = "Move"
    RECORD_TEXT = "&Move"
    STEPS = 1

    def build(self) -> None:
        state: ImpulseCombat = self.state
        box = QGroupBox("Toward or away from", self.form_widget)
        grid = QGridLayout(box)
        self.picks: dict[str, QCheckBox] = {}
        others = [c for c in state.combatants if c != self.actor_id and state.can_act(c)]
        for row, cid in enumerate(others):
            pick = QCheckBox(state.name(cid), box)
            pick.toggled.connect(lambda on, who=cid: self._with_group(who, on))
            pick.toggled.connect(self.refresh)
            grid.addWidget(pick, row, 0)
            grid.addWidget(QLabel(f"now {BANDS[state.band(self.actor_id, cid)]}", box), row, 1)
            self.picks[cid] = pick
        self.toward = QRadioButton("&toward", self.form_widget)
        self.away = QRadioButton("&away", self.form_widget)
        self.toward.setChecked(True)
        # The usual move closes on a foe: the first one standing is ticked to begin with
        # (after the direction exists: ticking one of a group ticks the group).
        first_foe = next((cid for cid in foes_first(state, self.actor_id)
                          if state.hostile(self.actor_id, cid)), None)
        if first_foe is not None:
            self.picks[first_foe].setChecked(True)
        group = QButtonGroup(self)
        row_layout = QHBoxLayout()
        for button in (self.toward, self.away):
            group.addButton(button)
            row_layout.addWidget(button)
            button.toggled.connect(self.refresh)
        form = QFormLayout()
        form.addRow("Direction:", row_layout)
        self._extra_fields(form)
        self.form.addWidget(box)
        self.form.addLayout(form)

    def _with_group(self, cid: str, on: bool) -> None:
        """Ticking a fighter in a group ticks the whole group: moving toward one of them is
        moving toward all (001 §Range Bands); each can still be unticked."""
        if not on or not self.toward.isChecked():
            return
        for other in group_of(self.state, cid, self.actor_id):
            pick = self.picks.get(other)
            if pick is not None and not pick.isChecked():
                pick.setChecked(True)

    def _extra_fields(self, form: QFormLayout) -> None:
        """Drag someone the mover restrains (001 §Stunting Decisive Strikes, Restrain)."""
        state: ImpulseCombat = self.state
        held = [
            cid
            for cid, f in state.combatants.items()
            if (s := f.status("restrained")) is not None and s.source == self.actor_id
        ]
        self.drag = fighter_combo(self.form_widget, state, held, blank="nobody")
        self.drag.currentIndexChanged.connect(self.refresh)
        if held:
            form.addRow("&Drag:", self.drag)
        else:
            self.drag.hide()

    def targets(self) -> tuple[str, ...]:
        return tuple(cid for cid, pick in self.picks.items() if pick.isChecked())

    def direction(self) -> str:
        return "toward" if self.toward.isChecked() else "away"

    def engine_actions(self) -> list[Action]:
        if not self.targets():
            raise Incomplete("Tick whom the move goes toward or away from.")
        return [self.movement()]

    def movement(self) -> Action:
        drag = str(self.drag.currentData() or "")
        return a.Move(self.actor_id, self.targets(), self.direction(), drag)

    def steps(self, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        lines = []
        for cid in self.targets():
            now = state.band(self.actor_id, cid)
            then = step_band(now, self.direction(), self.STEPS)
            lines.append(f"{state.name(cid)}: {BANDS[now]} \u2192 {BANDS[then]}")
        return lines + self.cost_lines()

    def cost_lines(self) -> list[str]:
        return ["No cost; it uses this round's movement."]


class DashDialog(MoveDialog):
    """Two bands for 2 Impulse and -1 DV for a round; not two rounds running (001 §Dash)."""

    TITLE = "Dash"
    RECORD_TEXT = "&Dash"
    STEPS = 2

    def _extra_fields(self, form: QFormLayout) -> None:
        self.drag = fighter_combo(self.form_widget, self.state, [], blank="nobody")
        self.drag.hide()

    def movement(self) -> Action:
        return a.Dash(self.actor_id, self.targets(), self.direction())

    def cost_lines(self) -> list[str]:
        who = self.actor()
        return [
            f"Cost: {DASH_COST} Impulse ({who.impulse} \u2192 {who.impulse - DASH_COST}); "
            f"DV {who.dv} \u2192 {max(0, who.dv - DASH_DV)} for a round",
            "No Dash next round.",
        ]


class DisengageDialog(_Mover):
    """Back to short for 2 Impulse; each foe in melee may contest (001 §Disengage)."""

    TITLE = "Disengage"
    RECORD_TEXT = "&Disengage"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        self.foes = in_melee_with_foe(state, self.actor_id)
        box = QGroupBox("Foes in melee: Dexterity + Athletics against Evasion", self.form_widget)
        grid = QGridLayout(box)
        self.contesting: dict[str, QCheckBox] = {}
        self.rolls: dict[str, DiceEntryWidget] = {}
        for row, foe in enumerate(self.foes):
            contest = QCheckBox("contests", box)
            contest.setChecked(True)
            roll = DiceEntryWidget(
                f"{state.name(foe)} ({self._pool(foe)} dice, {self._chance(foe):.0%} to keep up)",
                box,
                face_source=self.face_source,
                compact=True,
            )
            roll.set_pool(self._pool(foe))
            contest.toggled.connect(roll.setEnabled)
            contest.toggled.connect(self.refresh)
            roll.entryChanged.connect(self.refresh)
            grid.addWidget(contest, row, 0)
            grid.addWidget(roll, row, 1)
            self.contesting[foe], self.rolls[foe] = contest, roll
        align_titles(list(self.rolls.values()))
        self.form.addWidget(box)

    def _pool(self, foe: str) -> int:
        return self.state.combatants[foe].character.pool("dexterity", "athletics")

    def _chance(self, foe: str) -> float:
        return contest_odds(self._pool(foe), self.actor().evasion, self.state.options.beat_rule)

    def engine_actions(self) -> list[Action]:
        contests = []
        for foe in self.foes:
            if not self.contesting[foe].isChecked():
                contests.append(a.Contest(foe))
                continue
            entry = self.rolls[foe].entry()
            if entry is None:
                name = self.state.name(foe)
                raise Incomplete(f"Roll {name}'s contest, type it, or untick 'contests'.")
            contests.append(a.Contest(foe, entry))
        return [a.Disengage(self.actor_id, tuple(contests))]

    def steps(self, after: Any | None) -> list[str]:
        who = self.actor()
        lines = [
            f"Cost: {DISENGAGE_COST} Impulse ({who.impulse} \u2192 "
            f"{who.impulse - DISENGAGE_COST}); back to short range"
        ]
        for foe in self.foes:
            lines.append(self._foe_line(foe))
        return lines

    def _foe_line(self, foe: str) -> str:
        name = self.state.name(foe)
        if not self.contesting[foe].isChecked():
            return f"{name} does not contest: left behind, no melee with you for a round"
        entry = self.rolls[foe].entry()
        if entry is None:
            return f"{name}: {self._pool(foe)} dice against Evasion {self.actor().evasion}"
        rolled = rolled_successes(self._pool(foe), entry)
        kept = beats(rolled, self.actor().evasion, self.state.options.beat_rule)
        what = "keeps up" if kept else "is left behind"
        return f"{name}: {rolled} successes against Evasion {self.actor().evasion}: {what}"

    def odds_provider(self) -> tuple[OddsProvider, int] | None:
        if not self.foes:
            return None
        foe = self.foes[0]
        dice = self._pool(foe)
        title = f"Disengage: {self.state.name(foe)} keeping up"
        beat_rule = self.state.options.beat_rule

        def provider(dv: int) -> Any:
            return contest_chart(title, dice, dv, beat_rule)

        return provider, self.actor().evasion
