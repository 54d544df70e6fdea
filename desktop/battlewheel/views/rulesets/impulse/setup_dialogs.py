"""Before round 1: the order roll, the ambush and its contests, settling ties.

The order roll is 1d10 + Initiative read by the die's face, one die per action counter
(001 §Turn Order), so its row takes faces, rolled or typed, never a success count. The
ambush marks who is caught and lets each caught player roll Cunning + Awareness against
an ambusher's Cunning + Stealth (001 §Ambush Round). A tie is put in order by the
player's pick or a coin (001 §Turn Order).
"""

from __future__ import annotations

import random
import re
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.menu import tie_chooser, tie_value, unsettled_ties
from battlewheel.engine.rulesets.impulse.rules import rolled_successes
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat, split_key
from battlewheel.views.dialogs.dice_entry import (
    DiceEntryWidget,
    FaceSource,
    align_titles,
    default_face_source,
)
from battlewheel.views.rulesets.impulse.base import ImpulseDialog, Incomplete
from battlewheel.views.rulesets.impulse.base_fields import fighter_combo

_SEPARATORS = re.compile(r"[\s,;]+")


class FaceRow(QWidget):
    """One fighter's order dice: Roll, or the faces typed (``6``, or ``7 2`` for two)."""

    changed = Signal()

    def __init__(
        self, title: str, dice: int, source: FaceSource, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.dice = dice
        self._source = source
        self.title = QLabel(title, self)
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.clicked.connect(self.roll_now)
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes field to field
        self.roll_button.setAutoDefault(False)  # Return never re-rolls a row
        self.faces_field = QLineEdit(self)
        self.faces_field.setPlaceholderText("face" if dice == 1 else f"{dice} faces, e.g. 7 2")
        self.faces_field.textChanged.connect(self._edited)
        self.message = QLabel(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title, 2)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.faces_field, 1)
        layout.addWidget(self.message, 2)

    def roll_now(self) -> None:
        """Draw the faces and show them in the field (the GM can still correct them)."""
        self.faces_field.setText(" ".join(str(f) for f in self._source.faces(self.dice)))

    def _edited(self) -> None:
        self.changed.emit()

    def faces(self) -> tuple[int, ...] | None:
        """The faces, or None while the field is empty or wrong (the message says why)."""
        tokens = [t for t in _SEPARATORS.split(self.faces_field.text().strip()) if t]
        if not tokens:
            self.message.setText("")
            return None
        if not all(t.isdigit() and 1 <= int(t) <= 10 for t in tokens):
            self.message.setText("faces are whole numbers 1-10")
            return None
        if len(tokens) != self.dice:
            self.message.setText(f"{self.dice} faces, one per action")
            return None
        self.message.setText("")
        return tuple(int(t) for t in tokens)


class OrderDialog(ImpulseDialog):
    """1d10 + Initiative for everyone who has not rolled (001 §Turn Order)."""

    TITLE = "Roll for the order"
    RECORD_TEXT = "&Record the order"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        source = self.face_source or default_face_source()
        self.rows: dict[str, FaceRow] = {}
        box = QGroupBox("1d10 + Initiative, read by the face", self.form_widget)
        column = QVBoxLayout(box)
        for cid, who in state.combatants.items():
            if who.orders:
                continue
            dice = self._dice(who)
            row = FaceRow(f"{who.name} (Initiative {who.character.initiative})", dice, source, box)
            row.changed.connect(self.refresh)
            column.addWidget(row)
            self.rows[cid] = row
        self.roll_all = QPushButton("Roll &all", box)
        self.roll_all.clicked.connect(self.roll_everyone)
        column.addWidget(self.roll_all)
        self.form.addWidget(box)

    def _dice(self, who: Fighter) -> int:
        own = self.state.options.extra_npc_actions == "own_roll"
        return who.character.actions if own else 1

    def roll_everyone(self) -> None:
        for row in self.rows.values():
            if row.faces() is None:
                row.roll_now()

    def engine_actions(self) -> list[Action]:
        found = [
            a.RollOrder(cid, DiceEntry.of_faces(faces))
            for cid, row in self.rows.items()
            if (faces := row.faces()) is not None
        ]
        if not found:
            raise Incomplete("Roll, or type each die's face (Roll all rolls every row).")
        return list(found)

    def steps(self, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        lines = []
        for cid, row in self.rows.items():
            faces = row.faces()
            if faces is None:
                continue
            init = state.combatants[cid].character.initiative
            values = ", ".join(f"{face} + {init} = {face + init}" for face in faces)
            lines.append(f"{state.name(cid)}: {values}")
        if after is not None and after.order():
            order = " \u2192 ".join(f"{after.name(e.cid)} {e.value}" for e in after.order())
            lines.append(f"Order: {order}")
        return lines


class AmbushDialog(ImpulseDialog):
    """Who is caught unawares, and each caught player's contest (001 §Ambush Round)."""

    TITLE = "Ambush"
    RECORD_TEXT = "&Record the ambush"
    WIDTH_CHARS = 96

    def build(self) -> None:
        state: ImpulseCombat = self.state
        marks_box = QGroupBox("Caught unawares (0 Impulse, act after everyone in round 1)")
        marks = QGridLayout(marks_box)
        self.marks: dict[str, QCheckBox] = {}
        for index, (cid, who) in enumerate(state.combatants.items()):
            mark = QCheckBox(who.name, marks_box)
            mark.setChecked(who.ambushed)
            mark.toggled.connect(self.refresh)
            marks.addWidget(mark, index // 2, index % 2)
            self.marks[cid] = mark
        self.form.addWidget(marks_box)
        self._build_contests(state)

    def _build_contests(self, state: ImpulseCombat) -> None:
        box = QGroupBox("A caught player's contest: Cunning + Awareness against Cunning + Stealth")
        grid = QGridLayout(box)
        self.contests: dict[str, tuple[QCheckBox, Any, DiceEntryWidget, DiceEntryWidget]] = {}
        players = [cid for cid, f in state.combatants.items() if f.player]
        for row, cid in enumerate(players):
            rolls = QCheckBox(f"{state.name(cid)} rolls against", box)
            foes = [o for o in state.combatants if state.hostile(cid, o)]
            ambusher = fighter_combo(box, state, foes)
            seen = DiceEntryWidget("awareness", box, face_source=self.face_source, compact=True)
            hidden = DiceEntryWidget("stealth", box, face_source=self.face_source, compact=True)
            for widget in (seen, hidden):
                widget.entryChanged.connect(self.refresh)
            rolls.toggled.connect(self.refresh)
            ambusher.currentIndexChanged.connect(self.refresh)
            grid.addWidget(rolls, 2 * row, 0)
            grid.addWidget(ambusher, 2 * row, 1)
            grid.addWidget(seen, 2 * row + 1, 0)
            grid.addWidget(hidden, 2 * row + 1, 1)
            self.contests[cid] = (rolls, ambusher, seen, hidden)
        align_titles([w for c in self.contests.values() for w in c[2:]])
        self.form.addWidget(box)

    def _sync_pools(self) -> None:
        state: ImpulseCombat = self.state
        for cid, (rolls, ambusher, seen, hidden) in self.contests.items():
            caught = self.marks[cid].isChecked()
            rolls.setEnabled(caught)
            for widget in (seen, hidden):
                widget.setEnabled(caught and rolls.isChecked())
            seen.set_pool(state.combatants[cid].character.pool("cunning", "awareness"))
            foe = state.combatants.get(str(ambusher.currentData()))
            hidden.set_pool(foe.character.pool("cunning", "stealth") if foe else 0)

    def engine_actions(self) -> list[Action]:
        self._sync_pools()
        state: ImpulseCombat = self.state
        found: list[Action] = [
            a.MarkAmbushed(cid, mark.isChecked())
            for cid, mark in self.marks.items()
            if mark.isChecked() != state.combatants[cid].ambushed
        ]
        for cid, (rolls, ambusher, seen, hidden) in self.contests.items():
            if not (self.marks[cid].isChecked() and rolls.isChecked()):
                continue
            awareness, stealth = seen.entry(), hidden.entry()
            if awareness is None or stealth is None:
                raise Incomplete(f"Roll {state.name(cid)}'s contest, or untick it.")
            found.append(a.AmbushContest(cid, str(ambusher.currentData()), awareness, stealth))
        if not found:
            raise Incomplete("Tick who is caught unawares.")
        return found

    def steps(self, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        lines = []
        for cid, (rolls, ambusher, seen, hidden) in self.contests.items():
            if not (self.marks[cid].isChecked() and rolls.isChecked()):
                continue
            lines.append(self._contest_line(cid, str(ambusher.currentData()), seen, hidden))
        if after is not None:
            caught = [f.name for f in after.combatants.values() if f.ambushed]
            lines.append("Caught unawares: " + (", ".join(caught) or "nobody"))
        return lines or [f"{len(state.combatants)} combatants; nobody caught yet."]

    def _contest_line(
        self, cid: str, foe: str, seen: DiceEntryWidget, hidden: DiceEntryWidget
    ) -> str:
        state: ImpulseCombat = self.state
        head = (
            f"{state.name(cid)}: Cunning + Awareness {seen.pool()} dice against "
            f"{state.name(foe)}'s Cunning + Stealth {hidden.pool()} dice"
        )
        one, other = seen.entry(), hidden.entry()
        if one is None or other is None:
            return head
        mine, theirs = rolled_successes(seen.pool(), one), rolled_successes(hidden.pool(), other)
        verdict = "sees it coming" if mine > theirs else "is caught (a tie: the ambush stands)"
        return f"{head}: {mine} against {theirs}: {verdict}"


# Who breaks a tie (001 §Turn Order; rules/impulse.md §4 for NPCs).
TIE_WORDS = {
    "player": "the player picks who goes first",
    "coin": "two players: flip a coin",
    "gm": "NPCs: the GM's call (proposed: the higher Initiative)",
}


class TieDialog(ImpulseDialog):
    """Tied counters put in order: drag them, or flip a coin (001 §Turn Order)."""

    TITLE = "Settle a tie"
    RECORD_TEXT = "&Settle"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        self.lists: list[QListWidget] = []
        for keys in unsettled_ties(state):
            value = tie_value(state, keys)
            box = QGroupBox(f"Tied at {value}: {TIE_WORDS[tie_chooser(state, keys)]}; "
                            "first acts first (drag to reorder)")
            column = QVBoxLayout(box)
            listing = QListWidget(box)
            listing.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
            for key in keys:
                item = QListWidgetItem(self._label(key))
                item.setData(256, key)
                listing.addItem(item)
            listing.model().rowsMoved.connect(self.refresh)
            coin = QPushButton("&Coin flip", box)
            coin.clicked.connect(lambda _c=False, lst=listing: self.flip(lst))
            column.addWidget(listing)
            column.addWidget(coin)
            self.form.addWidget(box)
            self.lists.append(listing)

    def _label(self, key: str) -> str:
        cid, index = split_key(key)
        who: Fighter = self.state.combatants[cid]
        side = "player" if who.player else "NPC"
        extra = f" (action {index + 1})" if index else ""
        return f"{who.name}{extra}, {side}, Initiative {who.character.initiative}"

    def flip(self, listing: QListWidget, chooser: random.Random | None = None) -> None:
        """A random order for one tie (the coin of 001 for two players)."""
        items = [listing.takeItem(0) for _ in range(listing.count())]
        (chooser or random.Random()).shuffle(items)
        for item in items:
            listing.addItem(item)
        self.refresh()

    def keys(self, listing: QListWidget) -> tuple[str, ...]:
        return tuple(str(listing.item(i).data(256)) for i in range(listing.count()))

    def engine_actions(self) -> list[Action]:
        if not self.lists:
            raise Incomplete("No tie to settle.")
        return [a.SettleTie(self.keys(listing)) for listing in self.lists]

    def steps(self, after: Any | None) -> list[str]:
        return [
            " before ".join(self._label(k).split(",")[0] for k in self.keys(listing))
            for listing in self.lists
        ]
