"""The combat set-up dialog: ambushes, Join Battle for everyone, and a wheel preview.

It follows the pre-combat steps (000 §Pre-combat Procedure): who hides from whom and
how well, the ambusher's Dexterity + Stealth roll, everyone's Wits + Awareness (typed
or rolled), then where each counter would stand. The preview comes from the engine
itself, run on a copy of the combat; nothing changes until the GM presses Start,
and then every step goes on the undo stack as one entry.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.rulesets.rewrite.actions import (
    Action,
    Concealment,
    DeclareConcealment,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.state import TOTALLY, Combat
from battlewheel.engine.rulesets.rewrite.wheel.view import turn_track
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import Trial, push_all, trial
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource, align_titles
from battlewheel.views.dialogs.scrolling import guard_wheel
from battlewheel.views.rulesets.rewrite.base import trait_pool
from battlewheel.views.theme import tint
from battlewheel.views.wheel.scene import WheelScene
from battlewheel.views.wheel.view import WheelView

SITUATIONS = (
    ("cover", "in cover (SDV +0)"),
    ("visible", "clearly visible (SDV +2)"),
    ("hard_to_see", "hard to see (SDV -1)"),
    ("invisible", "impossible to see (SDV -2)"),
)
ROLL_ALL_SHORTCUT = "Ctrl+Shift+R"
TITLE_BAR = 40  # pixels a window manager's title bar may take above the dialog
START_SHORTCUT = "Ctrl+Return"


class _TargetRow:
    """One character an ambusher may hide from: hidden?, how, taken for an ally?"""

    def __init__(self, name: str, parent: QWidget) -> None:
        self.hidden = QCheckBox(name, parent)
        self.hidden.setChecked(True)
        self.situation = QComboBox(parent)
        for key, text in SITUATIONS:
            self.situation.addItem(text, key)
        self.as_ally = QCheckBox("taken for an ally (-2)", parent)
        self.hidden.toggled.connect(self.situation.setEnabled)
        self.hidden.toggled.connect(self.as_ally.setEnabled)
        # After the roll: did this character notice the ambusher, or by how much not.
        self.outcome = QLabel(parent)
        self.outcome.setMinimumWidth(self.outcome.fontMetrics().horizontalAdvance(
            "not noticed: Totally Surprised (by 10)"))


class AmbusherPanel(QGroupBox):
    """One ambusher: the characters hidden from, and the Dexterity + Stealth roll."""

    changed = Signal()
    removeRequested = Signal(str)

    def __init__(
        self, state: Combat, ambusher: str, source: FaceSource | None, parent: QWidget | None
    ) -> None:
        super().__init__(f"{state.name(ambusher)} hides", parent)
        self.ambusher = ambusher
        self.rows: dict[str, _TargetRow] = {}
        grid = QGridLayout()
        for line, other in enumerate(c for c in state.combatants.values() if c.id != ambusher):
            row = _TargetRow(other.name, self)
            row.hidden.setChecked(other.side != state.combatants[ambusher].side)
            for column, widget in enumerate((row.hidden, row.situation, row.as_ally,
                                             row.outcome)):
                grid.addWidget(widget, line, column)
            for signal in (row.hidden.toggled, row.situation.currentIndexChanged,
                           row.as_ally.toggled):
                signal.connect(self.changed)
            self.rows[other.id] = row
        pool = trait_pool(state.combatants[ambusher], "dexterity", "stealth")
        self.dice = DiceEntryWidget(pool.text, self, face_source=source, compact=True)
        self.dice.set_pool(pool.dice, double_tens=pool.double_tens)
        self.dice.entryChanged.connect(self.changed)
        remove = QPushButton("Remove ambush", self)
        remove.clicked.connect(lambda: self.removeRequested.emit(self.ambusher))
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.dice)
        layout.addWidget(remove, 0, Qt.AlignmentFlag.AlignRight)

    def show_outcome(self, state: Combat) -> None:
        """Who noticed the ambusher once the roll is in (000 §Roll Surprise Checks)."""
        rolled = self.dice.entry() is not None
        for target, row in self.rows.items():
            row.outcome.setText(noticed_text(state, target, self.ambusher)
                                if rolled and row.hidden.isChecked() else "")

    def concealment(self) -> DeclareConcealment | None:
        """The hiding as declared, or None while nobody is ticked."""
        hidden = tuple(
            Concealment(target, row.situation.currentData(), row.as_ally.isChecked())
            for target, row in self.rows.items()
            if row.hidden.isChecked()
        )
        return DeclareConcealment(self.ambusher, hidden) if hidden else None

    def engine_actions(self) -> list[Action]:
        """The declaration, then the roll once it is entered."""
        declared = self.concealment()
        if declared is None:
            return []
        entry = self.dice.entry()
        return [declared] if entry is None else [declared, RollAmbush(self.ambusher, entry)]


class CombatSetupDialog(QDialog):
    """Set up the battlewheel for the combatants already in the fight.

    Once the battle has begun the same dialog serves a late Join Battle: only those
    who have just stopped being Totally Surprised roll, against the Reaction Count
    (000 §Reassess Surprise), and no ambush or start is offered.
    """

    def __init__(
        self,
        model: CombatModel,
        parent: QWidget | None = None,
        *,
        face_source: FaceSource | None = None,
    ) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self._source = face_source
        self.late = model.state.started
        self.setWindowTitle("Late Join Battle" if self.late else "Set up the battle")
        self.ambushers: dict[str, AmbusherPanel] = {}
        self.join_rows: dict[str, DiceEntryWidget] = {}
        self._last: Trial | None = None
        self._problem = ""
        self._build()
        self._update()
        first = next(iter(self.join_rows.values()), None)
        if first is not None:
            first.focus_entry()

    # -- layout -------------------------------------------------------------------
    def _build(self) -> None:
        state = self.model.state
        ambush_box = QGroupBox("1. Ambush", self)
        ambush_box.setToolTip("000 §Determine if there is an Ambush, §Roll Surprise Checks")
        self.ambusher_choice = QComboBox(ambush_box)
        for who in state.combatants.values():
            self.ambusher_choice.addItem(who.name, who.id)
        add = QPushButton("&Add ambusher", ambush_box)
        add.setToolTip("Someone hides before the fight and forces surprise checks")
        add.clicked.connect(self._add_current_ambusher)
        self.ambush_layout = QVBoxLayout(ambush_box)
        chooser = QHBoxLayout()
        chooser.addWidget(QLabel("Who hides:", ambush_box))
        chooser.addWidget(self.ambusher_choice, 1)
        chooser.addWidget(add)
        self.ambush_layout.addLayout(chooser)
        ambush_box.setVisible(not self.late)
        join_box = self._build_join(state)
        preview_box = QGroupBox("The wheel (preview)" if self.late else "3. The wheel (preview)",
                                self)
        preview_box.setToolTip("000 §Set Up the Battlewheel, worked out by the engine")
        self.preview_label = QLabel(preview_box)
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_scene = WheelScene(preview_box)
        self.preview_wheel = WheelView(self.preview_scene, preview_box)
        self.preview_wheel.setInteractive(False)  # a preview: nothing to drag yet
        self.preview_wheel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        side = self.fontMetrics().height() * 16
        self.preview_wheel.setMinimumSize(side, side)
        self.preview_wheel.setMaximumSize(side, side)
        preview = QVBoxLayout(preview_box)
        preview.addWidget(self.preview_wheel, 0, Qt.AlignmentFlag.AlignHCenter)
        preview.addWidget(self.preview_label, 1)
        self.problem_label = QLabel(self)
        self.problem_label.setWordWrap(True)
        tint(self.problem_label, "refusal")
        self._lay_out(ambush_box, join_box, preview_box)

    def _build_join(self, state: Combat) -> QGroupBox:
        if self.late:
            box = QGroupBox(f"Join Battle against Reaction Count {state.reaction_count}", self)
            box.setToolTip("000 §Reassess Surprise: success lands on the next segment, "
                           "each success short one segment further")
            joining = [state.combatants[cid] for cid in state.awaiting_join_battle()]
        else:
            box = QGroupBox("2. Join Battle", self)
            box.setToolTip("000 §Roll Join Battle: Wits + Awareness for all not Totally Surprised")
            joining = list(state.combatants.values())
        layout = QVBoxLayout(box)
        for who in joining:
            pool = trait_pool(who, "wits", "awareness")
            row = DiceEntryWidget(f"{who.name}: {pool.text}", box, face_source=self._source,
                                  compact=True)
            row.set_pool(pool.dice, double_tens=pool.double_tens)
            row.keep_height()  # its error goes to the dialog's line: no row moves
            row.entryChanged.connect(self._update)
            layout.addWidget(row)
            self.join_rows[who.id] = row
        align_titles(list(self.join_rows.values()))
        roll_all = QPushButton("Roll for everyone &not typed", box)
        roll_all.setToolTip(f"Roll every Join Battle still empty ({ROLL_ALL_SHORTCUT})")
        roll_all.clicked.connect(self.roll_all)
        QShortcut(QKeySequence(ROLL_ALL_SHORTCUT), self, self.roll_all)
        layout.addWidget(roll_all, 0, Qt.AlignmentFlag.AlignRight)
        return box

    def _lay_out(self, ambush_box: QGroupBox, join_box: QGroupBox,
                 preview_box: QGroupBox) -> None:
        # Two columns: the rolls scroll on the left if a big fight needs it; the wheel
        # preview stands on the right, always in view (a laptop's 768 pixels are few).
        content = QWidget(self)
        inner = QVBoxLayout(content)
        for box in (ambush_box, join_box):
            inner.addWidget(box)
        inner.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidget(content)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll, self._content = scroll, content
        guard_wheel(scroll)
        self.buttons, self.start_button = ok_cancel(
            self, "&Place the counters" if self.late else "&Start the battle",
            tip="Place the counters and begin", shortcut=START_SHORTCUT)
        columns = QHBoxLayout()
        columns.addWidget(scroll, 3)
        columns.addWidget(preview_box, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        # Two lines kept for the red words, shown or not, so nothing above them moves.
        self.problem_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        self.problem_label.setAlignment(Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)
        self._fit_width()
        self.resize(self.sizeHint().width(), self._opening_height())

    def _opening_height(self) -> int:
        """Tall enough that the rolls need no scrolling, if the screen allows it."""
        frame = 2 * self._scroll.frameWidth()
        wanted = self.sizeHint().height() - self._scroll.sizeHint().height() \
            + self._content.sizeHint().height() + frame
        screen = self.screen().availableGeometry().height() if self.screen() else wanted
        return min(wanted, screen - TITLE_BAR)

    def _fit_width(self) -> None:
        # The scroll area only scrolls down: it is as wide as its widest row.
        bar = self._scroll.verticalScrollBar().sizeHint().width()
        self._scroll.setMinimumWidth(self._content.sizeHint().width() + bar + 4)

    # -- ambushers ----------------------------------------------------------------
    def add_ambusher(self, combatant_id: str) -> AmbusherPanel:
        """Open (or return) the panel where ``combatant_id`` hides from others."""
        if combatant_id not in self.ambushers:
            panel = AmbusherPanel(self.model.state, combatant_id, self._source, self)
            panel.changed.connect(self._update)
            panel.removeRequested.connect(self.remove_ambusher)
            self.ambush_layout.addWidget(panel)
            self.ambushers[combatant_id] = panel
            guard_wheel(self._scroll)
            self._update()
            # The panel's rows count once laid out: then widen and heighten to show them.
            QTimer.singleShot(0, self._grow_for_content)
        return self.ambushers[combatant_id]

    def _grow_for_content(self) -> None:
        self._content.adjustSize()
        self._fit_width()
        self.resize(max(self.width(), self.sizeHint().width()),
                    max(self.height(), self._opening_height()))

    def remove_ambusher(self, combatant_id: str) -> None:
        panel = self.ambushers.pop(combatant_id, None)
        if panel is not None:
            panel.deleteLater()
            self._update()

    def _add_current_ambusher(self) -> None:
        combatant_id = self.ambusher_choice.currentData()
        if combatant_id is not None:
            self.add_ambusher(str(combatant_id))

    def roll_all(self) -> None:
        """Roll Join Battle for every enabled row with nothing typed."""
        for row in self.join_rows.values():
            if row.isEnabled() and row.entry() is None and not row.typed.text().strip():
                row.roll_now()

    # -- the actions and the preview ----------------------------------------------
    def ambush_actions(self) -> list[Action]:
        return [action for panel in self.ambushers.values() for action in panel.engine_actions()]

    def join_actions(self, state: Combat) -> list[Action]:
        """Join Battle rolls entered for everyone who may roll in ``state``."""
        actions: list[Action] = []
        for cid, row in self.join_rows.items():
            entry = row.entry()
            who = state.combatants.get(cid)
            if entry is not None and who is not None and who.surprise != TOTALLY:
                actions.append(RollJoinBattle(cid, entry))
        return actions

    def _start(self) -> list[Action]:
        return [] if self.late else [StartCombat()]

    def engine_actions(self) -> list[Action]:
        """Everything the dialog would do, in the order of the pre-combat steps."""
        ambush = self.ambush_actions()
        after_ambush = trial(self.model.session, ambush).state
        return [*ambush, *self.join_actions(after_ambush), *self._start()]

    def _update(self) -> None:
        ambush = self.ambush_actions()
        after_ambush = trial(self.model.session, ambush)
        for panel in self.ambushers.values():
            panel.show_outcome(after_ambush.state)
        self._enable_join_rows(after_ambush.state)
        joins = self.join_actions(after_ambush.state)
        actions = [*ambush, *joins, *self._start()]
        self._last = trial(self.model.session, actions)
        refusal = after_ambush.refusal or self._last.refusal
        if self.late:
            self.preview_label.setText(late_preview_text(self._last.state, list(self.join_rows)))
            if not joins and refusal is None:
                refusal = RulesError("Type or roll a Join Battle first.")
        else:
            self.preview_label.setText(preview_text(self._last.state, self._last.refusal))
        self.preview_scene.set_wheel(turn_track(self._last.state))
        self._problem = "" if refusal is None else str(refusal)
        # Rolls not yet entered are the dialog's normal state, not a mistake: the
        # preview already names who is still to roll, so no red text for that.
        waiting = refusal is not None and self._last.applied == len(actions) - 1 and bool(
            _still_to_roll(self._last.state)
        )
        self.problem_label.setText(self._row_error() or ("" if waiting else self._problem))
        self.start_button.setEnabled(refusal is None)
        self.start_button.setToolTip(self._problem)

    def _enable_join_rows(self, state: Combat) -> None:
        for cid, row in self.join_rows.items():
            who = state.combatants.get(cid)
            surprised = who is not None and who.surprise == TOTALLY
            row.setEnabled(not surprised)
            row.setToolTip("Totally Surprised: joins once aware of a foe" if surprised else "")
            if surprised:
                row.result_label.setText("Totally Surprised")

    def _row_error(self) -> str:
        """The first roll typed wrong, with whose it is ("" when none is)."""
        state = self.model.state
        for cid, row in self.join_rows.items():
            if row.error():
                return f"{state.name(cid)}'s Join Battle: {row.error()}"
        return ""

    def problem(self) -> str:
        """Why the battle cannot start yet ("" when it can)."""
        return self._problem

    def accept(self) -> None:
        """Push every step as one undo entry; stay open if the engine refuses."""
        if not self.start_button.isEnabled():
            return
        text = "Late Join Battle" if self.late else "Set up the battle"
        refusal = push_all(self.model, self.engine_actions(), text)
        if refusal is not None:
            self._problem = str(refusal)
            self.problem_label.setText(self._problem)
            return
        super().accept()


def noticed_text(state: Combat, observer: str, ambusher: str) -> str:
    """Whether ``observer`` noticed the hidden ``ambusher``, and how badly not."""
    if observer not in state.combatants or state.is_aware(observer, ambusher):
        return "noticed them"
    margin = state.margin_of_surprise(observer, ambusher)
    totally = state.combatants[observer].surprise == TOTALLY
    return f"not noticed: {'Totally Surprised' if totally else 'surprised'} (by {margin})"


def preview_text(state: Combat, refusal: RulesError | None) -> str:
    """Where each counter would stand, tick by tick, or what is still missing."""
    if refusal is not None or not state.started:
        waiting = _still_to_roll(state)
        if waiting:
            return "Still to roll Join Battle: " + ", ".join(waiting)
        return "The wheel cannot be set up yet."
    lines = [f"Reaction Count {state.reaction_count}."]
    by_tick: dict[int, list[str]] = {}
    for who in state.combatants.values():
        if who.next_tick is not None:
            by_tick.setdefault(who.next_tick, []).append(who.name)
    for tick in sorted(by_tick):
        first = " (First Actors)" if tick == min(by_tick) else ""
        lines.append(f"Tick {tick}{first}: {', '.join(by_tick[tick])}")
    lines.extend(_not_placed(state))
    return "\n".join(lines)


def _still_to_roll(state: Combat) -> list[str]:
    """Who may Join Battle (not Totally Surprised) and has no roll yet."""
    return [c.name for c in state.combatants.values()
            if c.surprise != TOTALLY and c.join_battle is None]


def _not_placed(state: Combat) -> Sequence[str]:
    names = [c.name for c in state.combatants.values() if c.next_tick is None]
    return [f"Not on the wheel (Totally Surprised): {', '.join(names)}"] if names else []


def late_preview_text(state: Combat, joining: Sequence[str]) -> str:
    """Where each late joiner's counter would go (000 §Reassess Surprise)."""
    lines = []
    for cid in joining:
        who = state.combatants.get(cid)
        if who is None:
            continue
        where = "still to roll" if who.next_tick is None else f"tick {who.next_tick}"
        lines.append(f"{who.name}: {where}")
    return "\n".join(lines) or "Nobody is waiting to Join Battle."
