"""The Decisive Strike and the Flurry Strike: every number from accuracy to Endurance lost.

The dialog shows, before the dice, the accuracy pool as the engine builds it (Attribute
+ Ability + the weapon class's Accuracy, +2 stunted, -2 stunned) and the DV to beat
(the highest of a flurry's targets, ranged into melee by the ruling), with the odds of
hitting and of each Endurance loss in the odds dock. Once the accuracy roll is in, it
works the threshold and the damage pool (Impulse + Base Damage + threshold), and on a
hit the damage roll, the split of a flurry, the Endurance left, the Impulse spent and
the stunt effect against the damage successes (001 §Decisive Strike, §Flurry Strikes,
§Stunting Decisive Strikes). A miss says what it costs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.block import (
    UNARMED,
    WEAPON_TABLE,
    Weapon,
    weapon_base_damage,
)
from battlewheel.engine.rulesets.impulse.handlers import strikes
from battlewheel.engine.rulesets.impulse.handlers.effects import effect_target, resolve_effect
from battlewheel.engine.rulesets.impulse.rules import (
    BANDS,
    MISS_COST,
    STUN_DICE,
    STUNT_DICE,
    beats,
    damage_pool,
    rolled_successes,
    threshold,
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
from battlewheel.views.rulesets.impulse.odds import strike_odds


@dataclass(frozen=True)
class Accuracy:
    """The accuracy roll worked out: pool, DV, successes lost, and the result once rolled."""

    pool: int
    dv: int
    lost: int
    successes: int | None = None

    @property
    def net(self) -> int | None:
        """Successes after the ranged-into-melee loss."""
        return None if self.successes is None else max(0, self.successes - self.lost)


class StrikeDialog(ActingDialog):
    """A Decisive Strike on one target by the acting fighter (001 §Decisive Strike)."""

    TITLE = "Decisive Strike"
    RECORD_TEXT = "&Record strike"
    FLURRY = False

    def acting_headline(self, who: Fighter) -> str:
        return f"<b>{who.name}</b> strikes: {who.impulse} Impulse"

    def first_field(self) -> QWidget:
        """The accuracy roll: type it, or Ctrl+R."""
        return self.accuracy_dice.typed

    # -- fields ------------------------------------------------------------------------
    def build(self) -> None:
        state: ImpulseCombat = self.state
        form = QFormLayout()
        self.weapon = QComboBox(self.form_widget)
        for weapon in self._weapons():
            self.weapon.addItem(f"{weapon.name} ({weapon.weight}, {_reach(weapon)})", weapon.name)
        form.addRow("&Weapon:", self.weapon)
        if self.actor().has("disarmed"):  # the weapon is on the ground: fists by default
            self.weapon.setCurrentIndex(max(self.weapon.findData(UNARMED.name), 0))
        # Unarmed and medium weapons strike with Dexterity or Strength (001 §Weapons and Armor).
        self.attribute = QComboBox(self.form_widget)
        form.addRow("Attrib&ute:", self.attribute)
        self._attribute_form = form
        self._fill_attributes()
        self._build_targets(state, form)
        self.stunted = QCheckBox("S&tunted (+2 dice)", self.form_widget)
        form.addRow("", self.stunted)
        self.form.addLayout(form)
        first = self.targets()[0] if self.targets() else ""
        self.stunt_form = StuntForm(
            state, self.actor_id, self.form_widget, decisive=True, default_target=first
        )
        self.form.addWidget(self.stunt_form)
        self.accuracy_dice = DiceEntryWidget(
            "Accuracy roll", self.form_widget, face_source=self.face_source
        )
        self.damage_dice = DiceEntryWidget(
            "Damage roll", self.form_widget, face_source=self.face_source
        )
        self.form.addWidget(self.accuracy_dice)
        self.form.addWidget(self.damage_dice)
        # A roll that no longer fits its pool (a stunt's +2 dice) says so on the dialog's
        # line, not on a line of its own that pushes the damage roll down.
        for dice in (self.accuracy_dice, self.damage_dice):
            dice.keep_height()
        self._connect()

    def _build_targets(self, state: ImpulseCombat, form: QFormLayout) -> None:
        self.target = fighter_combo(self.form_widget, state, self._foes())
        self.target.setCurrentIndex(self._first_in_reach())
        form.addRow("&Target:", self.target)
        self.target.currentIndexChanged.connect(self.refresh)

    def _first_in_reach(self) -> int:
        """The first fighter of the list the chosen weapon reaches (001 §Attack Ranges), so
        the default is never one out of range; the first if nobody is in reach."""
        weapon, actor = self.chosen_weapon(), self.actor()
        for index in range(self.target.count()):
            try:
                strikes.check_target(self.state, actor, str(self.target.itemData(index)),
                                     weapon, strikes.DECISIVE)
            except IllegalAction:
                continue
            return index
        return 0

    def _fill_attributes(self) -> None:
        """The Attributes the weapon's class allows, the character's better one first chosen
        for an unarmed strike, the weapon's own otherwise; the row shows only with a choice."""
        name = self.weapon.currentData()
        weapon = next((w for w in self._weapons() if w.name == name), UNARMED)
        allowed = WEAPON_TABLE[weapon.weight][0]
        character = self.actor().character
        self.attribute.blockSignals(True)
        self.attribute.clear()
        for attribute in allowed:
            self.attribute.addItem(f"{attribute.title()} {character.trait(attribute)}", attribute)
        chosen = weapon.attribute
        if weapon.weight == "unarmed":
            chosen = max(allowed, key=lambda t: (character.trait(t), t == weapon.attribute))
        self.attribute.setCurrentIndex(max(0, self.attribute.findData(chosen)))
        self.attribute.blockSignals(False)
        self._attribute_form.setRowVisible(self.attribute, len(allowed) > 1)

    def chosen_attribute(self) -> str:
        """The Attribute rolled: empty when it is the weapon's own (older logs' reading)."""
        name = self.weapon.currentData()
        weapon = next((w for w in self._weapons() if w.name == name), UNARMED)
        picked = str(self.attribute.currentData() or weapon.attribute)
        return "" if picked == weapon.attribute else picked

    def _connect(self) -> None:
        self.weapon.currentIndexChanged.connect(self._fill_attributes)
        self.weapon.currentIndexChanged.connect(self.refresh)
        self.attribute.currentIndexChanged.connect(self.refresh)
        self.stunted.toggled.connect(self.refresh)
        self.stunt_form.changed.connect(self._stunt_changed)
        self.accuracy_dice.entryChanged.connect(self.refresh)
        self.damage_dice.entryChanged.connect(self.refresh)

    def _stunt_changed(self) -> None:
        if self.stunt_form.chosen():
            self.stunted.setChecked(True)  # an effect is a stunt: ticked, the GM may untick it
        self.refresh()

    def _weapons(self) -> list[Weapon]:
        carried = list(self.actor().character.weapons)
        return carried if any(w.name == UNARMED.name for w in carried) else [*carried, UNARMED]

    def _foes(self) -> list[str]:
        """Foes on the field first (the usual target), then anyone else standing."""
        return foes_first(self.state, self.actor_id)

    # -- reading the fields -------------------------------------------------------------
    def chosen_weapon(self) -> Weapon:
        """The weapon as struck with: its class's other Attribute if the GM picked it."""
        name = self.weapon.currentData()
        weapon = next((w for w in self._weapons() if w.name == name), UNARMED)
        return strikes.with_attribute(weapon, self.chosen_attribute())

    def targets(self) -> tuple[str, ...]:
        """The struck fighters."""
        return (str(self.target.currentData()),) if self.target.count() else ()

    def is_stunted(self) -> bool:
        """The +2 dice come with the Stunted tick alone (001 §Decisive Strike); choosing an
        effect ticks it, and the GM may untick it."""
        return self.stunted.isChecked()

    def accuracy(self) -> Accuracy | None:
        """Pool, DV and the roll's successes; None when the targets cannot be struck."""
        state: ImpulseCombat = self.state
        targets = self.targets()
        if not targets:
            return None
        weapon = self.chosen_weapon()
        pool = strikes.strike_pool(self.actor(), weapon, self.is_stunted())
        bands = [state.band(self.actor_id, t) for t in targets]
        dv, lost = strikes.strike_dv(state, targets, bands, weapon)
        self.accuracy_dice.set_pool(pool)
        entry = self.accuracy_dice.entry()
        rolled = None if entry is None else rolled_successes(pool, entry)
        return Accuracy(pool, dv, lost, rolled)

    def hit(self, accuracy: Accuracy) -> bool | None:
        if accuracy.net is None:
            return None
        return beats(accuracy.net, accuracy.dv, self.state.options.beat_rule)

    def damage_dice_count(self, accuracy: Accuracy) -> int:
        """Impulse + Base Damage + threshold (001 §Decisive Strike)."""
        over = threshold(accuracy.net or 0, accuracy.dv)
        return damage_pool(self.actor().impulse, self.base_damage(), over)

    def base_damage(self) -> int:
        return weapon_base_damage(
            self.actor().character, self.chosen_weapon(), self.state.options.table_modifiers
        )

    def damage(self) -> int | None:
        """The damage roll's successes, once rolled."""
        entry = self.damage_dice.entry()
        if entry is None:
            return None
        tens = self.state.options.damage_tens
        return rolled_successes(self.damage_dice.pool(), entry, double_tens=tens)

    # -- the actions -----------------------------------------------------------------------
    def engine_actions(self) -> list[Action]:
        accuracy = self.accuracy()
        if accuracy is None:
            raise Incomplete("There is nobody on the field to strike.")
        self._sync_damage(accuracy)
        entry = self.accuracy_dice.entry()
        if entry is None:
            raise Incomplete(_wrong_roll(self.accuracy_dice)
                             or "Roll the accuracy, or type what the player rolled.")
        damage = self.damage_dice.entry() if self.hit(accuracy) else None
        if self.hit(accuracy) and damage is None:
            raise Incomplete(_wrong_roll(self.damage_dice)
                             or "A hit: roll the damage, or type what the player rolled.")
        return [self.strike(entry, damage)]

    def probe(self) -> list[Action]:
        if not self.targets():
            return []
        return [self.strike(DiceEntry.of_successes(0), None)]

    def _sync_damage(self, accuracy: Accuracy) -> None:
        hit = bool(self.hit(accuracy))
        self.damage_dice.setEnabled(hit)
        tens = self.state.options.damage_tens
        self.damage_dice.set_pool(self.damage_dice_count(accuracy), double_tens=tens)

    def strike(self, accuracy: DiceEntry, damage: DiceEntry | None) -> Action:
        return a.DecisiveStrike(
            actor=self.actor_id,
            target=self.targets()[0],
            weapon=self.chosen_weapon().name,
            accuracy=accuracy,
            damage=damage,
            stunted=self.is_stunted(),
            stunt=self.stunt_form.stunt(),
            attribute=self.chosen_attribute(),
        )

    # -- the worked steps ---------------------------------------------------------------------
    def steps(self, after: Any | None) -> list[str]:
        accuracy = self.accuracy()
        if accuracy is None:
            return []
        lines = [self._pool_line(accuracy), self._dv_line(accuracy)]
        if accuracy.net is None:
            return lines
        lines.append(self._roll_line(accuracy))
        if not self.hit(accuracy):
            impulse = self.actor().impulse
            lines.append(
                f"4. A miss costs {MISS_COST} Impulse: {impulse} \u2192 {impulse - MISS_COST}"
            )
            return lines
        lines.append(self._damage_pool_line(accuracy))
        lines += self._damage_lines(after)
        return lines

    def _pool_line(self, accuracy: Accuracy) -> str:
        who, weapon = self.actor(), self.chosen_weapon()
        character = who.character
        parts = (
            f"{weapon.attribute.title()} {character.trait(weapon.attribute)} + "
            f"{weapon.ability.title()} {character.trait(weapon.ability)} + "
            f"{weapon.weight} Accuracy {weapon.accuracy:+d}"
        )
        extras = ""
        if self.is_stunted():
            extras += f", stunt +{STUNT_DICE}"
        if who.has("stunned"):
            extras += f", stunned \u2212{STUN_DICE}"
        return f"1. Accuracy pool: {parts}{extras} = {accuracy.pool} dice"

    def _dv_line(self, accuracy: Accuracy) -> str:
        state: ImpulseCombat = self.state
        shown = ", ".join(
            f"{state.name(t)} DV {state.combatants[t].dv} at {BANDS[state.band(self.actor_id, t)]}"
            for t in self.targets()
        )
        which = "the highest DV" if len(self.targets()) > 1 else "DV"
        line = f"2. To beat: {which} {accuracy.dv} ({shown})"
        if accuracy.lost:
            line += f"; ranged into melee: \u2212{accuracy.lost} successes"
        return line

    def _roll_line(self, accuracy: Accuracy) -> str:
        lost = f" \u2212 {accuracy.lost} = {accuracy.net}" if accuracy.lost else ""
        head = f"3. Accuracy: {accuracy.successes} successes{lost} against DV {accuracy.dv}"
        if not self.hit(accuracy):
            return f"{head}: a miss"
        return f"{head}: a hit, threshold {threshold(accuracy.net or 0, accuracy.dv)}"

    def _damage_pool_line(self, accuracy: Accuracy) -> str:
        typed = self.actor().character.base_damage
        over = threshold(accuracy.net or 0, accuracy.dv)
        return (
            f"4. Damage pool: Impulse {self.actor().impulse} + Base Damage {self.base_damage()} "
            f"(typed {typed}, {self.chosen_weapon().weight} class) + threshold {over} = "
            f"{self.damage_dice_count(accuracy)} dice"
        )

    def _damage_lines(self, after: Any | None) -> list[str]:
        dealt = self.damage()
        if dealt is None:
            return []
        tens = "10s count twice" if self.state.options.damage_tens else "10s count once"
        lines = [f"5. Damage roll: {dealt} successes ({tens})"]
        lines += self._endurance_lines(dealt, after)
        lines.append(self._impulse_line(after))
        lines += self._stunt_lines(dealt)
        return lines

    def _endurance_lines(self, dealt: int, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        target = self.targets()[0]
        before = state.combatants[target].endurance
        line = f"6. {state.name(target)} loses {dealt} Endurance: {before} \u2192 {before - dealt}"
        if after is not None and after.combatants[target].defeated:
            line += ": out of the fight"
        return [line]

    def _impulse_line(self, after: Any | None) -> str:
        now = self.actor().impulse
        ruling = self.state.options.impulse_after_hit
        then = after.combatants[self.actor_id].impulse if after is not None else "?"
        return f"7. Impulse afterwards: {now} \u2192 {then} (ruling impulse_after_hit: {ruling})"

    def _stunt_lines(self, dealt: int) -> list[str]:
        stunt = self.stunt_form.stunt()
        if stunt is None:
            return []
        state: ImpulseCombat = self.state
        lines = []
        for target in self.stunt_targets(stunt):
            try:
                found = resolve_effect(state, stunt, target, dealt)
            except (IllegalAction, KeyError):
                continue
            against = "" if found.difficulty is None else f" against {found.difficulty}"
            lands = "lands" if found.landed else "does not land"
            lines.append(
                f"8. {words(stunt.effect).title()} on {state.name(target)}: "
                f"{dealt} damage successes{against}: {lands}"
            )
        return lines

    def stunt_targets(self, stunt: a.StuntEffect) -> tuple[str, ...]:
        return (effect_target(stunt, self.actor_id, self.targets()[0]),)

    # -- odds -------------------------------------------------------------------------------
    def odds_provider(self) -> tuple[OddsProvider, int] | None:
        accuracy = self.accuracy()
        if accuracy is None:
            return None
        options = self.state.options
        title = f"{self.TITLE}: {self.actor().name} with {self.chosen_weapon().name}"
        impulse, base = self.actor().impulse, self.base_damage()

        def provider(dv: int) -> Any:
            return strike_odds(
                title,
                accuracy.pool,
                dv,
                impulse,
                base,
                beat_rule=options.beat_rule,
                lost=accuracy.lost,
                damage_tens=options.damage_tens,
            )

        return provider, accuracy.dv


class FlurryDialog(StrikeDialog):
    """Several targets, one roll against the highest DV, the damage split by the GM."""

    TITLE = "Flurry Strike"
    RECORD_TEXT = "&Record flurry"

    def _build_targets(self, state: ImpulseCombat, form: QFormLayout) -> None:
        box = QGroupBox("Targets and the damage each takes", self.form_widget)
        grid = QGridLayout(box)
        self.picks: dict[str, QCheckBox] = {}
        self.shares: dict[str, QSpinBox] = {}
        aimed = self._aimed_group(state)
        for row, cid in enumerate(self._foes()):
            pick = QCheckBox(state.name(cid), box)
            pick.setChecked(cid in aimed)
            share = QSpinBox(box)
            share.setRange(0, 99)
            grid.addWidget(pick, row, 0)
            grid.addWidget(QLabel(f"DV {state.combatants[cid].dv}", box), row, 1)
            grid.addWidget(share, row, 2)
            pick.toggled.connect(self._picks_changed)
            share.valueChanged.connect(self._share_edited)
            self.picks[cid], self.shares[cid] = pick, share
        self.split_label = QLabel(box)
        self.even_button = QPushButton("Split &evenly", box)
        self.even_button.clicked.connect(self.split_evenly)
        grid.addWidget(self.split_label, len(self.picks), 0, 1, 2)
        grid.addWidget(self.even_button, len(self.picks), 2)
        self._split_for: int | None = None
        self.form.addWidget(box)

    def _aimed_group(self, state: ImpulseCombat) -> set[str]:
        """Ticked to begin with: the foes the weapon reaches (001 §Attack Ranges), not every
        foe on the field (the out-of-range would only be refused)."""
        weapon, actor = self.chosen_weapon(), self.actor()
        reached = set()
        for cid in self._foes():
            if not state.hostile(self.actor_id, cid):
                continue
            try:
                strikes.check_target(state, actor, cid, weapon, strikes.DECISIVE)
            except IllegalAction:
                continue
            reached.add(cid)
        return reached

    def _picks_changed(self) -> None:
        self._split_for = None  # a new set of targets shares the damage afresh
        self.refresh()

    def _share_edited(self) -> None:
        self.refresh()

    def targets(self) -> tuple[str, ...]:
        return tuple(cid for cid, pick in self.picks.items() if pick.isChecked())

    def split(self) -> tuple[int, ...]:
        return tuple(self.shares[cid].value() for cid in self.targets())

    def split_evenly(self) -> None:
        """The damage shared as evenly as it goes, the first targets taking the odd ones."""
        self._fill_split(self.damage() or 0)
        self.refresh()

    def _fill_split(self, dealt: int) -> None:
        chosen = self.targets()
        for cid in self.shares:
            self.shares[cid].blockSignals(True)
            self.shares[cid].setValue(0)
        for index, cid in enumerate(chosen):
            share = dealt // len(chosen) + (1 if index < dealt % len(chosen) else 0)
            self.shares[cid].setValue(share)
        for cid in self.shares:
            self.shares[cid].blockSignals(False)
        self._split_for = dealt

    def accuracy(self) -> Accuracy | None:
        if len(self.targets()) < 2:
            return None
        return super().accuracy()

    def engine_actions(self) -> list[Action]:
        if len(self.targets()) < 2:
            raise Incomplete("A Flurry Strike names two or more targets.")
        actions = super().engine_actions()
        dealt = self.damage()
        if dealt is not None and self._split_for != dealt:
            # A new damage roll: an even split to start from; the GM moves damage about.
            self._fill_split(dealt)
            return super().engine_actions()
        return actions

    def strike(self, accuracy: DiceEntry, damage: DiceEntry | None) -> Action:
        stunt = self.stunt_form.stunt()
        if stunt is not None and not stunt.target and stunt.effect != "defend_other":
            stunt = replace(stunt, target=self.targets()[0])
        return a.FlurryStrike(
            actor=self.actor_id,
            targets=self.targets(),
            weapon=self.chosen_weapon().name,
            accuracy=accuracy,
            damage=damage,
            split=self.split() if damage is not None else (),
            stunted=self.is_stunted(),
            stunt=stunt,
            attribute=self.chosen_attribute(),
        )

    def steps(self, after: Any | None) -> list[str]:
        self._show_split()
        return super().steps(after)

    def _show_split(self) -> None:
        dealt = self.damage()
        placed = sum(self.split())
        self.split_label.setText(
            "damage to split: roll it first" if dealt is None else f"placed {placed} of {dealt}"
        )

    def _endurance_lines(self, dealt: int, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        lines = []
        for cid, share in zip(self.targets(), self.split(), strict=True):
            before = state.combatants[cid].endurance
            line = f"6. {state.name(cid)} takes {share}: Endurance {before} \u2192 {before - share}"
            if after is not None and after.combatants[cid].defeated:
                line += ": out of the fight"
            lines.append(line)
        return lines

    def stunt_targets(self, stunt: a.StuntEffect) -> tuple[str, ...]:
        every = self.state.options.flurry_stunt == "every_target"
        if every and stunt.effect not in ("seek_cover", "smash_scenery", "defend_other"):
            return self.targets()
        return (effect_target(stunt, self.actor_id, self.targets()[0]),)


def _reach(weapon: Weapon) -> str:
    return "ranged" if weapon.ranged else "close"


def _wrong_roll(dice: DiceEntryWidget) -> str:
    """What is wrong with a typed roll, named by its field ("" when nothing is)."""
    return f"{dice.title_label.text()}: {dice.error()}" if dice.error() else ""
