"""Between fights in the window (issue 33): the carry dialog and the Rest dialog.

Both are built from what the engine's ``LastingRules`` give (``engine/core/lasting.py``),
never from a system's own words, so every system's dialog is the same frame:

- ``CarryDialog``: per roster character who fought, each ``CarryLine`` the fight would
  leave on them, each ticked; the GM unticks what should not carry. ``ticked()`` is the
  keys kept per character.
- ``RestDialog``: one character's ``RestOffer``s (a night of sleep, heal N levels,
  restore to full...) as radio choices, each with its inputs (a number, a choice, or a
  roll typed or rolled); an offer that cannot be used now is greyed with its reason.
  ``choice()`` is the ``RestChoice`` the GM made.

Imported when first opened (never by start-up: tests/desktop/test_startup_reads.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.lasting import CarryLine, RestChoice, RestInput, RestOffer
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget

CARRY_KEY = "Ctrl+Return"
# Rest rolls (Pool & Ward's Medicine) are a handful of dice; the GM sets the pool.
MOST_REST_DICE = 30


@dataclass(frozen=True)
class CarryOffer:
    """What one roster character would take from the fight: their lines, in order."""

    name: str
    system: str  # the system's title, as the GM reads it
    lines: tuple[CarryLine, ...]


class CarryDialog(QDialog):
    """Carry to the roster: every line of every roster fighter, ticked; one step on OK."""

    def __init__(self, fight: str, offers: Sequence[CarryOffer], parent: QWidget | None = None,
                 *, before_end: bool = False, carried_before: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("carryDialog")
        self.setWindowTitle(f"Carry to the roster \u2014 {fight}")
        self.offers = tuple(offers)
        layout = QVBoxLayout(self)
        intro = ("What the fight leaves on each roster character who fought. Untick what "
                 "should not carry; one-off foes carry nothing, and the fight's tempo and "
                 "places never do.")
        if before_end:
            intro += " The fight is not over: this carries it as it stands (the party fled)."
        if carried_before:
            intro += (" This fight was carried before: carrying again replaces what it "
                      "carried then (you are asked first).")
        words = QLabel(intro, self)
        words.setWordWrap(True)
        layout.addWidget(words)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("carryLines")
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self._items: dict[tuple[str, str], QTreeWidgetItem] = {}
        self._fill()
        layout.addWidget(self.tree, 1)
        buttons, ok = ok_cancel(self, "&Carry to the roster", shortcut=CARRY_KEY,
                                tip="Write the ticked lines on the roster (one undo step)")
        ok.setObjectName("carryButton")
        self.tree.itemChanged.connect(lambda *_: ok.setEnabled(self.anything_ticked()))
        layout.addWidget(buttons)
        self.resize(560, min(600, 160 + 28 * len(self._items) + 34 * len(self.offers)))

    def _fill(self) -> None:
        for offer in self.offers:
            head = QTreeWidgetItem(self.tree, [f"{offer.name}  \u00b7  {offer.system}"])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            if not offer.lines:
                quiet = QTreeWidgetItem(head, ["    nothing to carry: as they joined"])
                quiet.setFlags(Qt.ItemFlag.NoItemFlags)
            for line in offer.lines:
                item = QTreeWidgetItem(head, [line.label])
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable
                              | Qt.ItemFlag.ItemIsSelectable)
                item.setCheckState(0, Qt.CheckState.Checked)
                self._items[(offer.name, line.key)] = item
            head.setExpanded(True)
        self.tree.setIndentation(18)

    def set_ticked(self, name: str, key: str, ticked: bool) -> None:
        """Tick or untick one line (as a click would)."""
        state = Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked
        self._items[(name, key)].setCheckState(0, state)

    def ticked(self) -> dict[str, frozenset[str]]:
        """The keys kept per character (every character listed, perhaps with none)."""
        kept: dict[str, set[str]] = {offer.name: set() for offer in self.offers}
        for (name, key), item in self._items.items():
            if item.checkState(0) == Qt.CheckState.Checked:
                kept[name].add(key)
        return {name: frozenset(keys) for name, keys in kept.items()}

    def anything_ticked(self) -> bool:
        """Whether OK would carry anything at all."""
        return any(self.ticked().values())


class RestDialog(QDialog):
    """Rest and healing for one character in one system, from the engine's offers."""

    def __init__(self, name: str, system: str, condition: str, offers: Sequence[RestOffer],
                 parent: QWidget | None = None, *,
                 trial: Callable[[RestChoice], str] | None = None) -> None:
        """``trial``: what the chosen rest would do, in words, or its refusal raised
        (``RulesError``; the Rest button waits until the choice would change something)."""
        super().__init__(parent)
        self.setObjectName("restDialog")
        self.trial = trial
        self.setWindowTitle(f"Rest \u2014 {name} ({system})")
        self.offers = tuple(offers)
        layout = QVBoxLayout(self)
        now = QLabel(f"<b>{name}</b> now: {condition or 'at full'}", self)
        now.setObjectName("restCondition")
        now.setWordWrap(True)
        layout.addWidget(now)
        self.group = QButtonGroup(self)
        self.radios: dict[str, QRadioButton] = {}
        self.fields: dict[tuple[str, str], QWidget] = {}
        for offer in self.offers:
            layout.addWidget(self._offer(offer))
        layout.addStretch(1)
        self.outcome = QLabel(self)
        self.outcome.setObjectName("restOutcome")
        self.outcome.setWordWrap(True)
        layout.addWidget(self.outcome)
        buttons, self.ok = ok_cancel(self, "&Rest", shortcut=CARRY_KEY,
                                     tip="Apply the chosen rest (one undo step)")
        layout.addWidget(buttons)
        usable = [o for o in self.offers if not o.why_not]
        if usable:
            self.radios[usable[0].key].setChecked(True)
        self.usable = bool(usable)
        self.group.buttonToggled.connect(lambda *_: self._sync())
        for field in self.fields.values():
            _on_change(field, self._judge)
        self._sync()
        # Wide enough that the condition reads on one line or two (3e's wrapped in four).
        self.setMinimumWidth(480)

    def _offer(self, offer: RestOffer) -> QWidget:
        box = QWidget(self)
        form = QFormLayout(box)
        form.setContentsMargins(0, 4, 0, 4)
        radio = QRadioButton(offer.label, box)
        radio.setObjectName(f"rest_{offer.key}")
        radio.setToolTip(offer.why_not or offer.help)
        radio.setEnabled(not offer.why_not)
        self.group.addButton(radio)
        self.radios[offer.key] = radio
        form.addRow(radio)
        if offer.why_not:
            why = QLabel(f"    not now: {offer.why_not}", box)
            why.setEnabled(False)
            form.addRow(why)
        for wanted in offer.inputs:
            field = self._input(wanted, box)
            self.fields[(offer.key, wanted.key)] = field
            form.addRow(f"    {wanted.label}", field)
        self._link_pools(offer)
        return box

    def _link_pools(self, offer: RestOffer) -> None:
        """A roll's pool given as its own number ("medicine_pool") sizes the roll."""
        for wanted in offer.inputs:
            dice = self.fields.get((offer.key, wanted.key))
            spin = self.fields.get((offer.key, f"{wanted.key}_pool"))
            if isinstance(dice, DiceEntryWidget) and isinstance(spin, QSpinBox):
                spin.valueChanged.connect(dice.set_pool)
                dice.set_pool(spin.value())

    def _input(self, wanted: RestInput, parent: QWidget) -> QWidget:
        field: QWidget
        if wanted.kind == "choice":
            combo = QComboBox(parent)
            combo.addItems(list(wanted.choices))
            if isinstance(wanted.default, str) and wanted.default in wanted.choices:
                combo.setCurrentText(wanted.default)
            field = combo
        elif wanted.kind == "roll":
            dice = DiceEntryWidget("", parent, compact=True)  # the form row names it
            dice.set_pool(int(wanted.default) if isinstance(wanted.default, int) else 0)
            field = dice
        else:
            spin = QSpinBox(parent)
            spin.setRange(wanted.low, max(wanted.low, wanted.high))
            spin.setValue(int(wanted.default) if isinstance(wanted.default, int) else wanted.low)
            field = spin
        field.setToolTip(wanted.help)
        return field

    def _sync(self) -> None:
        chosen = self.chosen_offer()
        for (offer, _key), field in self.fields.items():
            field.setEnabled(chosen is not None and offer == chosen.key)
        self._judge()

    def _judge(self) -> None:
        """Say what the chosen rest would do, or why not, and allow Rest only when it
        would change something (a Limit set to what it is now was a refusal box)."""
        choice = self.choice() if self.usable else None
        if choice is None:
            self.outcome.setText("Choose a rest and give its roll." if self.usable else "")
            self.ok.setEnabled(False)
            return
        if self.trial is None:
            self.outcome.setText("")
            self.ok.setEnabled(True)
            return
        try:
            words = self.trial(choice)
        except (RulesError, ValueError, KeyError) as refusal:  # as Roster > Rest refuses
            self.outcome.setText(f"Not now: {getattr(refusal, 'reason', refusal)}")
            self.ok.setEnabled(False)
            return
        self.outcome.setText(words)
        self.ok.setEnabled(True)

    def outcome_text(self) -> str:
        """What the chosen rest would do, or why it cannot be done (shown above Rest)."""
        return self.outcome.text()

    def chosen_offer(self) -> RestOffer | None:
        """The offer whose radio is checked, if any."""
        return next((o for o in self.offers if self.radios[o.key].isChecked()), None)

    def choose(self, key: str) -> None:
        """Pick an offer (as a click on its radio would)."""
        self.radios[key].setChecked(True)

    def field(self, offer: str, key: str) -> QWidget:
        """One offer's input widget (spin box, combo or dice entry)."""
        return self.fields[(offer, key)]

    def choice(self) -> RestChoice | None:
        """What the GM chose, or None (nothing chosen, or a roll not yet given)."""
        chosen = self.chosen_offer()
        if chosen is None:
            return None
        values: dict[str, int | str | DiceEntry] = {}
        for wanted in chosen.inputs:
            field = self.fields[(chosen.key, wanted.key)]
            if isinstance(field, QSpinBox):
                values[wanted.key] = field.value()
            elif isinstance(field, QComboBox):
                values[wanted.key] = field.currentText()
            elif isinstance(field, DiceEntryWidget):
                entry = field.entry()
                if entry is None and field.pool() > 0:
                    return None  # a roll asked for and not yet given
                if entry is not None and field.pool() > 0:
                    values[wanted.key] = entry
        return RestChoice(chosen.key, values)


def _on_change(field: QWidget, judge: Callable[[], None]) -> None:
    """Call ``judge`` whenever the GM changes ``field``."""
    if isinstance(field, QSpinBox):
        field.valueChanged.connect(lambda *_: judge())
    elif isinstance(field, QComboBox):
        field.currentTextChanged.connect(lambda *_: judge())
    elif isinstance(field, DiceEntryWidget):
        field.entryChanged.connect(judge)


def words_of(values: Mapping[str, object]) -> str:
    """A short "key: value" list, for the undo text of a rest."""
    return ", ".join(f"{key} {value}" for key, value in values.items()
                     if not isinstance(value, DiceEntry))
