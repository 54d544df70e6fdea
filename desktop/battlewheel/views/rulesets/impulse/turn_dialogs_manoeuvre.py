"""The manoeuvre: Attribute + Ability, every success gained as Impulse, a stunt's effect.

Before the roll the dialog shows the pool (+2 stunted, -2 stunned) and the odds of each
Impulse gain and of beating the stunt effect's difficulty (its target's DV, Resolve or
Soak, or the GM's scenery number); after it, the Impulse gained and whether the effect
lands, and what it did (001 §Maneuvers, §Stunting Maneuvers). Aimed at someone, it also
says whether the manoeuvre hits: successes above their DV, no Endurance lost.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLineEdit, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.effects import (
    check_effect,
    difficulty,
    resolve_effect,
)
from battlewheel.engine.rulesets.impulse.handlers.strikes import manoeuvre_pool
from battlewheel.engine.rulesets.impulse.rules import (
    BANDS,
    STUN_DICE,
    STUNT_DICE,
    beats,
    rolled_successes,
)
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget
from battlewheel.views.rulesets.impulse.base import ActingDialog, Incomplete, OddsProvider
from battlewheel.views.rulesets.impulse.base_fields import (
    StuntForm,
    fighter_combo,
    foes_first,
    words,
)
from battlewheel.views.rulesets.impulse.odds import manoeuvre_odds

ATTRIBUTES = (
    "strength",
    "dexterity",
    "stamina",
    "charisma",
    "manipulation",
    "appearance",
    "perception",
    "intelligence",
    "wits",
    "cunning",
)
ABILITIES = (
    "athletics",
    "awareness",
    "brawl",
    "melee",
    "archery",
    "presence",
    "stealth",
    "performance",
    "larceny",
    "integrity",
    "resistance",
    "survival",
)


class ManoeuvreDialog(ActingDialog):
    """The acting fighter's manoeuvre (001 §Maneuvers)."""

    TITLE = "Manoeuvre"
    RECORD_TEXT = "&Record manoeuvre"

    def acting_headline(self, who: Fighter) -> str:
        return f"<b>{who.name}</b> manoeuvres: {who.impulse} Impulse now"

    def first_field(self) -> QWidget:
        """The roll: type it, or Ctrl+R."""
        return self.dice.typed

    def build(self) -> None:
        character = self.actor().character
        form = QFormLayout()
        self.attribute = self._trait_combo(ATTRIBUTES, character.traits, "dexterity")
        self.ability = self._trait_combo(ABILITIES, character.traits, "athletics")
        self.description = QLineEdit(self.form_widget)
        self.description.setPlaceholderText("what the character does, in a few words")
        self.stunted = QCheckBox("S&tunted (+2 dice)", self.form_widget)
        self.target = fighter_combo(self.form_widget, self.state, self._foes(),
                                    blank="nobody (not an attack)")
        form.addRow("&Attribute:", self.attribute)
        form.addRow("A&bility:", self.ability)
        form.addRow("&Description:", self.description)
        form.addRow("Aimed a&t:", self.target)
        form.addRow("", self.stunted)
        self.form.addLayout(form)
        self.stunt_form = StuntForm(self.state, self.actor_id, self.form_widget)
        self.form.addWidget(self.stunt_form)
        self.dice = DiceEntryWidget(
            "Manoeuvre roll", self.form_widget, face_source=self.face_source
        )
        self.form.addWidget(self.dice)
        for combo in (self.attribute, self.ability):
            combo.currentIndexChanged.connect(self.refresh)
        self.stunted.toggled.connect(self.refresh)
        self.target.currentIndexChanged.connect(self._aimed)
        # "Falls on" follows "Aimed at" until the GM picks it by hand.
        self._falls_on_picked = False
        self.stunt_form.target.activated.connect(self._falls_on_chosen)
        self.description.textChanged.connect(self.refresh)
        self.stunt_form.changed.connect(self._stunt_changed)
        self.dice.entryChanged.connect(self.refresh)

    def _trait_combo(self, names: tuple[str, ...], traits: Any, first: str) -> QComboBox:
        combo = QComboBox(self.form_widget)
        known = [n for n in names if n in traits] + [n for n in names if n not in traits]
        for name in known:
            combo.addItem(f"{name.title()} {traits.get(name, 0)}", name)
        combo.setCurrentIndex(max(0, combo.findData(first)))
        return combo

    def _aimed(self) -> None:
        """A stunt's effect falls on whom the manoeuvre is aimed at (an Intimidate aimed
        at one hero fell on another, taking Impulse from the wrong player)."""
        falls_on = self.stunt_form.target
        found = falls_on.findData(self.aimed_at())
        if not self._falls_on_picked and self.aimed_at() and found >= 0:
            falls_on.setCurrentIndex(found)
        self.refresh()

    def _falls_on_chosen(self) -> None:
        self._falls_on_picked = True

    def _stunt_changed(self) -> None:
        if self.stunt_form.chosen():
            self.stunted.setChecked(True)
        self.refresh()

    def _foes(self) -> list[str]:
        """Whom a manoeuvre can be aimed at: foes on the field first, then anyone else."""
        return foes_first(self.state, self.actor_id)

    def aimed_at(self) -> str:
        return str(self.target.currentData() or "")

    def is_stunted(self) -> bool:
        """The +2 dice come with the Stunted tick alone (001 §Stunting Maneuvers); choosing an
        effect ticks it, and the GM may untick it."""
        return self.stunted.isChecked()

    def pool(self) -> int:
        attribute, ability = str(self.attribute.currentData()), str(self.ability.currentData())
        dice = manoeuvre_pool(self.actor(), attribute, ability, self.is_stunted())
        self.dice.set_pool(dice)
        return dice

    def successes(self) -> int | None:
        entry = self.dice.entry()
        return None if entry is None else rolled_successes(self.pool(), entry)

    def engine_actions(self) -> list[Action]:
        self.pool()
        entry = self.dice.entry()
        if entry is None:
            raise Incomplete("Roll the manoeuvre, or type what the player rolled.")
        return [self.manoeuvre(entry)]

    def probe(self) -> list[Action]:
        return [self.manoeuvre(DiceEntry.of_successes(0))]

    def manoeuvre(self, entry: DiceEntry) -> Action:
        return a.Manoeuvre(
            actor=self.actor_id,
            attribute=str(self.attribute.currentData()),
            ability=str(self.ability.currentData()),
            dice=entry,
            stunt=self.stunt_form.stunt(),
            stunted=self.is_stunted(),
            description=self.description.text().strip(),
            target=self.aimed_at(),
        )

    # -- the steps -----------------------------------------------------------------------
    def steps(self, after: Any | None) -> list[str]:
        lines = [self._pool_line()]
        found = self._difficulty()
        if found is not None:
            lines.append(found[1])
        rolled = self.successes()
        if rolled is None:
            return lines
        impulse = self.actor().impulse
        lines.append(
            f"Roll: {rolled} successes: Impulse {impulse} \u2192 {impulse + rolled} "
            "(every success is Impulse)"
        )
        lines += self._hit_lines(rolled)
        lines += self._effect_lines(rolled, after)
        return lines

    def _hit_lines(self, rolled: int) -> list[str]:
        """Aimed at someone: a hit when the successes beat their DV, no Endurance lost."""
        target = self.aimed_at()
        if not target:
            return []
        state: ImpulseCombat = self.state
        dv = state.combatants[target].dv
        hit = beats(rolled, dv, state.options.beat_rule)
        verdict = "a hit (powers that work on a hit apply; no Endurance lost)" if hit \
            else "a miss"
        return [f"Against {state.name(target)}'s DV {dv}: {verdict}"]

    def _pool_line(self) -> str:
        character = self.actor().character
        attribute, ability = str(self.attribute.currentData()), str(self.ability.currentData())
        line = (
            f"Pool: {attribute.title()} {character.trait(attribute)} + "
            f"{ability.title()} {character.trait(ability)}"
        )
        if self.is_stunted():
            line += f", stunt +{STUNT_DICE}"
        if self.actor().has("stunned"):
            line += f", stunned \u2212{STUN_DICE}"
        return f"{line} = {self.pool()} dice"

    def _difficulty(self) -> tuple[int | None, str] | None:
        """The effect's difficulty and a line saying what it is (None: no effect chosen)."""
        stunt = self.stunt_form.stunt()
        if stunt is None:
            return None
        state: ImpulseCombat = self.state
        try:
            target = check_effect(state, self.actor_id, stunt, decisive=False,
                                  default=self.aimed_at())
        except IllegalAction as refusal:
            return None, f"{words(stunt.effect).title()}: {refusal.reason}"
        needed = difficulty(state, stunt, target)
        if needed is None:
            return None, f"{words(stunt.effect).title()} on {state.name(target)}: no roll needed"
        rule = "more than" if state.options.beat_rule == "above" else "at least"
        return needed, (
            f"{words(stunt.effect).title()} on {state.name(target)}: "
            f"needs {rule} {needed} successes"
        )

    def _effect_lines(self, rolled: int, after: Any | None) -> list[str]:
        stunt = self.stunt_form.stunt()
        if stunt is None:
            return []
        state: ImpulseCombat = self.state
        try:
            target = check_effect(state, self.actor_id, stunt, decisive=False,
                                  default=self.aimed_at())
        except IllegalAction:
            return []
        found = resolve_effect(state, stunt, target, rolled)
        line = f"Effect: {'lands' if found.landed else 'does not land'}"
        if found.landed and after is not None:
            line += self._consequence(stunt.effect, target, after)
        return [line]

    def _consequence(self, effect: str, target: str, after: Any) -> str:
        before: Fighter = self.state.combatants[target]
        now: Fighter = after.combatants[target]
        if effect == "intimidate":
            return f": {now.name}'s Impulse {before.impulse} \u2192 {now.impulse}"
        if effect in ("seek_cover", "counter_cover"):
            return f": {now.name}'s cover {before.cover} \u2192 {now.cover}"
        if effect == "knockback":
            return f": {now.name} is now at {_band(after, self.actor_id, target)}"
        return ""

    def odds_provider(self) -> tuple[OddsProvider, int] | None:
        dice = self.pool()
        found = self._difficulty()
        needed = found[0] if found is not None and found[0] is not None else 0
        title = f"Manoeuvre: {self.actor().name}, Impulse gained"
        beat_rule = self.state.options.beat_rule

        def provider(dv: int) -> Any:
            return manoeuvre_odds(title, dice, dv, beat_rule)

        return provider, needed


def _band(state: ImpulseCombat, one: str, other: str) -> str:
    return BANDS[state.band(one, other)]
