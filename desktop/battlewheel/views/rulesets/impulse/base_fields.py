"""Fields the Impulse dialogs share: a fighter chooser and the stunt effect form.

The stunt form offers the effects of 001 §Stunting Maneuvers (and, for a strike, of
§Stunting Decisive Strikes), and shows only what the chosen effect needs: whom it falls
on, which way a knockback goes, the GM's scenery difficulty, the cover found, the hazard.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from battlewheel.engine.rulesets.impulse.actions import (
    DECISIVE_EFFECTS,
    DIRECTIONS,
    MANOEUVRE_EFFECTS,
    StuntEffect,
)
from battlewheel.engine.rulesets.impulse.card import EFFECT_TEXT
from battlewheel.engine.rulesets.impulse.handlers.effects import DIFFICULTY, ON_SELF
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

NO_STUNT = ""
SCENERY_MOST = 20
TARGET_DEFAULT = ""


def words(name: str) -> str:
    """An engine name as the GM reads it ("smash_scenery" -> "smash scenery")."""
    return name.replace("_", " ")


def foes_first(state: ImpulseCombat, actor: str) -> list[str]:
    """Everyone else still in the fight, the actor's foes first: a default points at a foe."""
    others = [cid for cid in state.combatants if cid != actor and state.can_act(cid)]
    return sorted(others, key=lambda cid: not state.hostile(actor, cid))


def fighter_combo(
    parent: QWidget, state: ImpulseCombat, ids: Iterable[str], *, blank: str = ""
) -> QComboBox:
    """A drop-down of fighters by name, their ids as data; ``blank`` adds an empty first choice."""
    combo = QComboBox(parent)
    if blank:
        combo.addItem(blank, "")
    for cid in ids:
        combo.addItem(state.name(cid), cid)
    return combo


def against(effect: str) -> str:
    """What an effect must beat, in words."""
    kind = DIFFICULTY[effect]
    if kind is None:
        return "no roll needed"
    if kind == "scenery":
        return "the GM's scenery difficulty"
    return "DV" if kind == "dv" else kind.title()


class StuntForm(QGroupBox):
    """One stunt effect and what it needs; ``stunt()`` is the engine's ``StuntEffect``."""

    changed = Signal()

    def __init__(
        self,
        state: ImpulseCombat,
        actor: str,
        parent: QWidget | None = None,
        *,
        decisive: bool = False,
        default_target: str = "",
    ) -> None:
        super().__init__("Stunt effect (ticks Stunted: +2 dice)", parent)
        self.decisive = decisive
        self.effect = QComboBox(self)
        self.effect.addItem("no effect", NO_STUNT)
        effects = (*DECISIVE_EFFECTS, *MANOEUVRE_EFFECTS) if decisive else MANOEUVRE_EFFECTS
        for name in effects:
            self.effect.addItem(f"{words(name).title()}: {EFFECT_TEXT[name]}", name)
        others = foes_first(state, actor)
        blank = f"the struck target ({state.name(default_target)})" if default_target else ""
        self.target = fighter_combo(self, state, others, blank=blank)
        self.direction = QComboBox(self)
        for direction in DIRECTIONS:
            self.direction.addItem(direction, direction)
        self.direction.setCurrentIndex(DIRECTIONS.index("away"))
        self.scenery = QSpinBox(self)
        self.scenery.setRange(0, SCENERY_MOST)
        self.scenery.setToolTip("The GM's difficulty for the scenery (001 gives none)")
        self.cover = QComboBox(self)
        self.cover.addItems(["partial", "full"])
        self.hazard = QLineEdit(self)
        self.hazard.setPlaceholderText("what the smashed scenery becomes, e.g. burning oil")
        self._lay_out()
        for combo in (self.effect, self.target, self.direction, self.cover):
            combo.currentIndexChanged.connect(self._changed)
        self.scenery.valueChanged.connect(self._changed)
        self.hazard.textChanged.connect(self._changed)
        self._reserve_room()
        self._show_needed()

    def _reserve_room(self) -> None:
        # As tall from the start as the effect with the most rows makes it, so choosing
        # an effect moves nothing below it (the damage roll, the buttons).
        tallest = 0
        for index in range(self.effect.count()):
            self.effect.setCurrentIndex(index)
            self._show_needed()
            self.layout_.activate()
            tallest = max(tallest, self.sizeHint().height())
        self.effect.setCurrentIndex(0)
        self.setMinimumHeight(tallest)

    def _lay_out(self) -> None:
        self.layout_ = QFormLayout(self)
        self.layout_.addRow("&Effect:", self.effect)
        self.layout_.addRow("Falls &on:", self.target)
        self.layout_.addRow("Knockback &goes:", self.direction)
        self.layout_.addRow("&Scenery difficulty:", self.scenery)
        self.layout_.addRow("Cover &found:", self.cover)
        self.layout_.addRow("&Hazard:", self.hazard)

    def _changed(self) -> None:
        self._show_needed()
        self.changed.emit()

    def _show_needed(self) -> None:
        name = self.chosen()
        needs = {
            self.target: bool(name) and name not in ON_SELF,
            self.direction: name == "knockback",
            self.scenery: bool(name) and DIFFICULTY[name] == "scenery",
            self.cover: name == "seek_cover",
            self.hazard: name == "smash_scenery",
        }
        for field, shown in needs.items():
            self.layout_.setRowVisible(field, shown)

    def chosen(self) -> str:
        """The effect's engine name ("" for none)."""
        return str(self.effect.currentData())

    def choose(self, name: str, target: str = "") -> None:
        """Pick an effect (and whom it falls on), as the GM would."""
        self.effect.setCurrentIndex(self.effect.findData(name))
        if target:
            self.target.setCurrentIndex(self.target.findData(target))

    def stunt(self) -> StuntEffect | None:
        """The effect as the engine takes it, or None."""
        name = self.chosen()
        if not name:
            return None
        return StuntEffect(
            effect=name,
            target="" if name in ON_SELF else str(self.target.currentData() or ""),
            direction=str(self.direction.currentData()),
            scenery=self.scenery.value(),
            cover=self.cover.currentText(),
            hazard=self.hazard.text().strip(),
        )
