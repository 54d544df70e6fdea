"""The attack dialog: one declared attack through the nine steps, in order.

Steps 1-2 are forms (``attack_dialog_inputs``); step 3 shows the pool as the engine builds
it and the odds against the chosen DV before any die is rolled; the rolls are typed
or rolled (``DiceEntryWidget``); steps 3-8 are then shown as the engine resolves
them on a copy of the combat (000 §Attack Resolution). A close attack on a blocked
target first rolls to get past the Blocker (``attack_dialog_block``, 000 §Block); a missile
meets the Block's cover in its DV. Resolve pushes one
``ResolveAttack`` on the undo stack; damage is rolled later, once per flurry.
"""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.conditions import dice_modifier
from battlewheel.engine.rulesets.rewrite.actions import (
    AwardStunt,
    GetPast,
    ResolveAttack,
    ResolveCounterattack,
)
from battlewheel.engine.rulesets.rewrite.handlers import block
from battlewheel.engine.rulesets.rewrite.handlers.flurry import (
    DeclaredFlurry,
    ResolvedAttack,
    flurry_stunt,
)
from battlewheel.engine.rulesets.rewrite.odds import AttackSetup
from battlewheel.engine.rulesets.rewrite.rules import attack as rules
from battlewheel.engine.rulesets.rewrite.rules import sheet_inputs, stunts, values
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
from battlewheel.engine.rulesets.rewrite.sentences import narration
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import push_all, trial
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource
from battlewheel.views.dialogs.scrolling import scroll_column
from battlewheel.views.odds_dock import OddsPanel, OddsProvider
from battlewheel.views.refusals import show_on, went_through
from battlewheel.views.rulesets.rewrite.attack_dialog_block import GetPastForm, chance_to_pass
from battlewheel.views.rulesets.rewrite.attack_dialog_inputs import (
    AttackForm,
    DefenceForm,
    dv_label,
)
from battlewheel.views.theme import tint

RESOLVE_SHORTCUT = "Ctrl+Return"
Attack = TypeVar("Attack", ResolveAttack, ResolveCounterattack)


class AttackDialog(QDialog):
    """Resolve the attack at ``index`` of ``attacker``'s declared flurry."""

    oddsChanged = Signal(object, int)  # (OddsProvider, DV) for the main window's odds dock

    def __init__(self, model: CombatModel, attacker: str, index: int,
                 parent: QWidget | None = None, *, face_source: FaceSource | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self._open_declared(model, attacker, index, face_source)

    def _open_declared(self, model: CombatModel, attacker: str, index: int,
                       face_source: FaceSource | None) -> None:
        flurry = model.state.tick.flurries[attacker]
        assert isinstance(flurry, DeclaredFlurry)
        self.flurry, self.index = flurry, index
        weapon = flurry.plan.manoeuvres[index].weapon
        assert weapon is not None
        self.carried = flurry_stunt(model.state, attacker)
        self._open_on(model, attacker, flurry.declared[index].target or "", weapon, face_source)
        self._carry_flurry_stunts()

    # The flurry's first resolved attack, whose stunt counts on each later one (000 §Attack
    # Resolution); None on a first attack or a counterattack.
    carried: ResolvedAttack | None = None

    def _carry_flurry_stunts(self) -> None:
        """On a later attack of a flurry, the stunts described before its first stand:
        shown, not asked again (000 §Attack Resolution)."""
        first = self.carried
        if first is None:
            return
        note = f"Rolled once for the flurry, with its first attack: {first.stunt_successes} " \
               "successes, added to this attack too"
        _fix(self.attack_form.stunt, first.stunt, note)
        met = [a for a in self.model.state.tick.attacks if a.attacker == self.attacker_id
               and not a.counterattack and a.reached and a.defender == self.defender().id]
        if met:
            _fix(self.defence_form.stunt, met[0].defence_stunt,
                 "Described before the flurry's first attack at this defender; it counts "
                 "against each of them")
        self._update()

    def _open_on(self, model: CombatModel, attacker: str, defender: str, weapon: Weapon,
                 face_source: FaceSource | None) -> None:
        """Build the steps for ``attacker`` striking ``defender`` with ``weapon``."""
        self.model, self.attacker_id, self.defender_id = model, attacker, defender
        self.weapon, self.face_source = weapon, face_source
        state = model.state
        self.setWindowTitle(f"{self.TITLE}: {self._headline(state)}")
        self._build(state, face_source)
        self._update()
        self._focus_first_roll()

    def _focus_first_roll(self) -> None:
        first = self.attack_dice
        if self.block_form is not None and self.block_form.ward.melee:
            first = self.block_form.dice
        first.focus_entry()  # keyboard first: type the roll, or Ctrl+R

    # What sets this attack apart; a counterattack answers them otherwise
    # (attack_dialog_counter.py).
    TITLE = "Attack"
    RESOLVE_TEXT = "&Resolve attack"
    # Once recorded, the tick's next declared attack opens in the same window.
    GOES_ON = True

    def _headline(self, state: Combat) -> str:
        return (f"{state.name(self.attacker_id)} attacks {state.name(self.defender_id)} "
                f"with {self.weapon.name}")

    def multiple_action_penalty(self) -> int:
        """The flurry's penalty on this attack's pool (000 §Manoeuvres)."""
        return self.flurry.plan.action_penalties[self.index] or 0

    def off_hand(self) -> bool:
        return self.flurry.declared[self.index].off_hand

    def onslaught(self) -> int:
        """Earlier attacks of this flurry on the defender (000 §Apply Defences)."""
        return self.model.state.onslaught(self.attacker_id, self.defender().id)

    def _block_form(self, state: Combat, source: FaceSource | None) -> GetPastForm | None:
        """The roll to get past a Blocker, when one guards the target (000 §Block)."""
        ward = block.ward_for(state, self.defender(), self.weapon, GetPast())
        if not ward.blockers:
            return None
        return GetPastForm(state, self.attacker_id, ward, self, face_source=source)

    # -- layout -------------------------------------------------------------------
    def _build(self, state: Combat, source: FaceSource | None) -> None:
        self.block_form: GetPastForm | None = None
        attacker, defender = self.attacker(), self.defender()
        specialties = attacker.character.specialties.get(self.weapon.ability, {})
        self.attack_form = AttackForm(specialties, self)
        self.defence_form = DefenceForm(self._offered_dvs(defender, stunted=False), self)
        self.block_form = self._block_form(state, source)
        self.stunt_dice = DiceEntryWidget("Stunt dice", self, face_source=source, compact=True)
        self.attack_dice = DiceEntryWidget("3. Attack roll", self, face_source=source)
        self.reroll_dice = DiceEntryWidget("4. Third Excellency reroll", self, face_source=source)
        self.virtue_dice = DiceEntryWidget("5. Defender's virtue dice", self, face_source=source,
                                           compact=True)
        self.charm_dice = DiceEntryWidget("5. Defender's charm dice", self, face_source=source,
                                          compact=True)
        self.pool_label = QLabel(self)
        self.pool_label.setWordWrap(True)
        self.steps_label = QLabel(self)
        self.steps_label.setWordWrap(True)
        self.steps_label.setTextFormat(Qt.TextFormat.PlainText)
        self.steps_label.setMinimumWidth(self.fontMetrics().averageCharWidth() * 50)
        self.refusal_label = QLabel(self)
        self.refusal_label.setWordWrap(True)
        tint(self.refusal_label, "refusal")
        self.odds = OddsPanel(self)
        self._connect()
        self._lay_out(state)

    def _connect(self) -> None:
        for form in (self.attack_form, self.defence_form):
            form.changed.connect(self._update)
        self.attack_form.changed.connect(self._resuggest_dv)
        for entry in (self.stunt_dice, self.attack_dice, self.reroll_dice, self.virtue_dice,
                      self.charm_dice):
            entry.entryChanged.connect(self._update)
        if self.block_form is not None:
            self.block_form.changed.connect(self._update)

    def _lay_out(self, state: Combat) -> None:
        roll_box = QGroupBox("Rolls", self)
        roll_layout = QVBoxLayout(roll_box)
        roll_layout.addWidget(self.pool_label)
        for entry in (self.stunt_dice, self.attack_dice, self.reroll_dice, self.virtue_dice,
                      self.charm_dice):
            roll_layout.addWidget(entry)
        steps_box = QGroupBox("Steps as the engine resolves them", self)
        QVBoxLayout(steps_box).addWidget(self.steps_label)
        declared_box = QWidget(self)
        declared = QVBoxLayout(declared_box)
        declared.setContentsMargins(0, 0, 0, 0)
        declared.addWidget(self.attack_form)
        declared.addWidget(self.defence_form)
        declared.addStretch(1)
        if self.block_form is not None:  # read in order: declared, then got past, then 3
            declared.insertWidget(2, self.block_form)
        # Opened charm rows scroll inside the column: the dialog would otherwise grow
        # past the bottom of a laptop screen, taking the Resolve button with it.
        self.declared_scroll = scroll_column(declared_box, self)
        rolls = QVBoxLayout()
        rolls.addWidget(roll_box)
        rolls.addWidget(steps_box)
        rolls.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.declared_scroll, 3)
        body.addLayout(rolls, 4)
        body.addWidget(self.odds, 4)
        # Everything lives on one page, so the next attack of the tick can replace it
        # (the shortcut too: two alike on one window would both go deaf).
        self.page = QWidget(self)
        self.buttons, self.resolve_button = ok_cancel(
            self, self.RESOLVE_TEXT, tip="Record this attack", shortcut=RESOLVE_SHORTCUT,
            shortcut_on=self.page)
        outer = self.layout()
        if outer is None:
            outer = QVBoxLayout(self)
            outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.page)
        layout = QVBoxLayout(self.page)
        layout.addWidget(QLabel(f"<b>{self._headline(state)}</b>", self))
        layout.addLayout(body, 1)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)
        width = self.fontMetrics().averageCharWidth()
        # A Block's step adds a box under the declarations; wrapped labels need the room.
        lines = 36 if self.block_form is None else 50
        self.resize(width * 190, self.fontMetrics().height() * lines)

    # -- reading the fight --------------------------------------------------------
    def attacker(self) -> Combatant:
        return self.model.state.combatants[self.attacker_id]

    def defender(self) -> Combatant:
        """Whom the attack strikes: the target, or a Blocker it was turned on (000 §Block)."""
        if self.block_form is not None:
            struck = self.block_form.struck()
            if struck is not None:
                return self.model.state.combatants[struck.id]
        return self.model.state.combatants[self.defender_id]

    def block_cover(self) -> int:
        """A Block's cover against this missile, 0 for a close attack (000 §Block)."""
        return 0 if self.block_form is None else self.block_form.ward.missile_cover

    def declaration(self) -> rules.AttackDeclaration:
        """Steps 1 and 3 as the engine sees them, without the stunt's unrolled dice."""
        who, form = self.attacker(), self.attack_form
        charms = form.charms()
        return rules.AttackDeclaration(
            attacker=sheet_inputs.attacker_for(who.character, self.weapon,
                                        wound_penalty=who.wound_penalty,
                                        specialty=form.chosen_specialty(),
                                        condition_dice=dice_modifier(who.conditions)),
            weapon=self.weapon,
            multiple_action_penalty=self.multiple_action_penalty(),
            off_hand=self.off_hand(),
            stunt_successes=self._stunt_successes(),
            willpower=form.willpower.isChecked(),
            charm_dice=charms.charm_dice,
            charm_successes=charms.charm_successes,
            reroll=charms.reroll,
            charm_levels=charms.charm_levels,
            external_penalty=form.external.value(),
            inapplicable_dvs=frozenset(charms.inapplicable_dvs),
        )

    def _stunt_successes(self) -> int:
        if self.carried is not None:
            return self.carried.stunt_successes
        entry = self.stunt_dice.entry()
        if entry is None:
            return 0
        return rules.roll_entry(self.stunt_dice.pool(), entry).rolled_successes

    def action(self) -> ResolveAttack | ResolveCounterattack:
        """The action as the GM has filled the dialog in so far."""
        return self.with_inputs(
            ResolveAttack,
            attacker=self.attacker_id,
            index=self.index,
            attack=self.attack_dice.entry(),
            block=GetPast() if self.block_form is None else self.block_form.get_past(),
        )

    def with_inputs(self, kind: type[Attack], **own: Any) -> Attack:
        """An attack action of ``kind``: its ``own`` fields, then steps 1-6 as filled in."""
        form = self.attack_form
        return kind(
            **own,
            stunt=form.stunt.value(),
            stunt_dice=None if self.carried is not None else self.stunt_dice.entry(),
            willpower=form.willpower.isChecked(),
            specialty=form.chosen_specialty(),
            external_penalty=form.external.value(),
            charms=form.charms(),
            defence=self.defence_form.defence(),
            reroll=self.reroll_dice.entry() if form.reroll.isChecked() else None,
            virtue=self.virtue_dice.entry(),
            charm_defence=self.charm_dice.entry(),
        )

    # -- updating -----------------------------------------------------------------
    def _resuggest_dv(self) -> None:
        self.defence_form.suggest(self.attack_form.inapplicable())

    def _offered_dvs(self, defender: Combatant, *, stunted: bool) -> dict[str, int]:
        """The defender's DVs this weapon allows: a bashing natural weapon's parry only
        with a stunt against lethal or aggravated damage (000 §Weapons, tag N)."""
        return values.dvs_offered(defender, defender.dvs, self.weapon.damage_type,
                                  stunted=stunted)

    def _update(self) -> None:
        defender = self.defender()
        stunted = self.defence_form.stunt.value() > 0
        self.defence_form.set_dvs(self._offered_dvs(defender, stunted=stunted),
                                  self.attack_form.inapplicable())
        self.defence_form.setTitle(f"2. {defender.name} declares the defence")
        declaration = self.declaration()
        base, dice, modifiers = rules.attack_pool(declaration)
        autos = rules.automatic_successes(declaration)
        self._set_pools(declaration, dice)
        self.pool_label.setText(pool_text(base, dice, modifiers, autos))
        provider = self.odds_provider(declaration, dice, sum(autos.values()))
        step = rules.apply_defence(declaration, planned_defence(self), rules.AttackDice())
        dv = step.final_dv
        self.defence_form.meets.setText(dv_text(step))
        self.odds.set_provider(provider, dv)
        self.oddsChanged.emit(provider, dv)
        self._preview()

    def _set_pools(self, declaration: rules.AttackDeclaration, dice: int) -> None:
        kind = self.attacker().character.kind
        double = declaration.attacker.double_tens
        self.stunt_dice.set_pool(stunts.stunt_dice(self.attack_form.stunt.value(), kind),
                                 double_tens=double)
        self.stunt_dice.setVisible(self.stunt_dice.pool() > 0 and self.carried is None)
        self.attack_dice.set_pool(dice, double_tens=double)
        self.reroll_dice.set_pool(dice, double_tens=double)
        self.reroll_dice.setVisible(self.attack_form.reroll.isChecked())
        self.virtue_dice.set_pool(self.defence_form.virtue_dice.value())
        self.virtue_dice.setVisible(self.virtue_dice.pool() > 0)
        self.charm_dice.set_pool(self.defence_form.charm_dice.value())
        self.charm_dice.setVisible(self.charm_dice.pool() > 0)

    def odds_provider(self, declaration: rules.AttackDeclaration, dice: int,
                      automatic: int) -> OddsProvider:
        """The odds of this attack at a given DV, for the panel and the odds dock."""
        defender = self.defender().character
        target = sheet_inputs.target_for(defender, self.weapon.damage_type,
                                           piercing=self.weapon.piercing)
        soak = rules.soak_parts(declaration, target)[3]
        _, levels, strength = rules.raw_damage(declaration, 0)
        setup = AttackSetup(
            title=(self._headline(self.model.state) + self._unrolled_block_note()
                   + self._perfect_defence_note()),
            attack_dice=dice,
            automatic_successes=automatic,
            external_penalty=declaration.external_penalty,
            double_tens=declaration.attacker.double_tens,
            strength_dice=strength + declaration.charm_damage_dice,
            weapon_levels=levels,
            hardness=target.hardness,
            soak=soak,
            extra=defender.kind is CharacterKind.EXTRA,
        )
        return setup.odds

    def _perfect_defence_note(self) -> str:
        """The charts show the roll as if undefended; a perfect defence stops it first."""
        chosen = self.defence_form.perfect
        if chosen.currentData() is None:
            return ""
        return f" (stopped by {chosen.currentText()} before any roll: the odds are without it)"

    def _unrolled_block_note(self) -> str:
        """The odds shown hold once past a Blocker; until the roll, say how likely that is."""
        form = self.block_form
        if form is None or not form.ward.melee or form.passage() is not None:
            return ""
        double = self.declaration().attacker.double_tens
        chance = chance_to_pass(form.plan(), double_tens=double)
        return f" (once past the Blocker: {chance:.0%} to get past)"

    def _preview(self) -> None:
        result = trial(self.model.session, [self.action(), *self.stunt_awards()])
        if result.refusal is not None:
            self.steps_label.setText("Enter the rolls to see the steps."
                                     if self.attack_dice.entry() is None else "")
            show_on(self.refusal_label, None if self.attack_dice.entry() is None
                    else result.refusal)
            self.resolve_button.setEnabled(False)
            return
        outcome = result.state.tick.attacks[-1].outcome  # the awards change no attack
        chosen = self.defence_form.chosen_dv()
        lines = nine_steps(outcome)
        passage = "" if self.block_form is None else self.block_form.result_text()
        if passage:
            lines.insert(2, f"Before the roll, get past the Blocker: {passage}")
        self.steps_label.setText("\n".join(
            line.replace(chosen, dv_label(chosen)) for line in lines
        ))
        self.refusal_label.setText("")
        self.resolve_button.setEnabled(True)

    def steps(self) -> str:
        return self.steps_label.text()

    def refusal(self) -> str:
        return self.refusal_label.text()

    def stunt_awards(self) -> list[AwardStunt]:
        """The stunts rated in this attack, each with the reward chosen (004 §Stunts)."""
        awards = []
        for who, form in ((self.attacker_id, self.attack_form),
                          (self.defender().id, self.defence_form)):
            if form.stunt.value() and form.stunt.isEnabled():  # a carried one is awarded
                awards.append(AwardStunt(who, form.stunt.value(), str(form.reward.currentData())))
        return awards

    def accept(self) -> None:
        """Record the attack (and any stunt rewards) as one undo step; stay open if the
        engine refuses."""
        if not self.resolve_button.isEnabled():
            return
        action = self.action()
        refusal = push_all(self.model, [action, *self.stunt_awards()],
                           self.model.session.describe(action))
        if went_through(self.refusal_label, refusal) and not self.go_on():
            super().accept()

    def go_on(self) -> bool:
        """Open the tick's next declared attack in this window, if one waits.

        The GM rolls every attack of a tick in a row; closing and reopening the dialog
        for each one cost a key and moved the window.
        """
        pending = self.model.state.pending_attacks()
        if not self.GOES_ON or not pending:
            return False
        old = self.page
        old.hide()
        for shortcut in old.findChildren(QShortcut):  # gone only later: deaf from now
            shortcut.setEnabled(False)
        old.deleteLater()
        attacker, index = pending[0]
        same_flurry = attacker == self.attacker_id
        specialty = self.attack_form.chosen_specialty()
        self._open_declared(self.model, attacker, index, self.face_source)
        if same_flurry and specialty is not None:  # the GM chose it for the whole flurry
            found = self.attack_form.specialty.findData(specialty)
            if found >= 0:
                self.attack_form.specialty.setCurrentIndex(found)
        self.page.show()  # a widget added to a window already on screen waits to be shown
        self._focus_first_roll()
        return True


def _fix(spin: QSpinBox, value: int, tip: str) -> None:
    """Show a value the flurry already set, unchangeable here."""
    spin.setValue(value)
    spin.setEnabled(False)
    spin.setToolTip(tip)


def planned_defence(dialog: AttackDialog) -> rules.DefenceDeclaration:
    """The defence as the engine builds it from the fight, before any defence dice."""
    state, attacker, defender = dialog.model.state, dialog.attacker(), dialog.defender()
    chosen = dialog.defence_form.defence()
    return rules.DefenceDeclaration(
        dv_name=chosen.dv,
        dv=values.standing_dvs(
            defender, wound_penalty_on_dv=state.options.wound_penalty_on_dv
        ).get(chosen.dv, 0),
        dv_kind=rules.dv_kind(chosen.dv),
        dv_penalty=defender.dv_penalty,
        stunt_bonus=stunts.stunt_dv_bonus(chosen.stunt, defender.character.kind),
        charm_dv_bonus=chosen.charm_dv_bonus,
        onslaught=dialog.onslaught(),
        surprise=state.margin_of_surprise(defender.id, attacker.id),
        cover=dialog.block_cover(),
    )


def nine_steps(outcome: rules.AttackOutcome) -> list[str]:
    """All nine steps in order (000 §Attack Resolution): the engine's account of each
    step it reached, and why any other step did nothing."""
    reached = {n: text for n, _title, text in narration.describe_steps(outcome)}
    skipped = "skipped: the attack has Failed" if outcome.failed else "nothing"
    counter = ("none: a counterattack has no step 9" if outcome.counterattack
               else "none declared (a counterattack is resolved as an attack of its own, C)")
    defaults = {6: "no defence reroll", 7: skipped, 8: skipped, 9: counter}
    return [
        f"{n}. {title}: {reached.get(n, defaults.get(n, 'nothing'))}"
        for n, title in enumerate(narration.STEP_TITLES, start=1)
    ]


def dv_text(step: rules.DefenceStep) -> str:
    """The DV met before any defence dice, and what changed it (000 §Apply Defences)."""
    parts = [f"{dv_label(step.dv_name)} {step.base_dv}"]
    for amount, name in ((-step.dv_penalty, "flurry penalty"), (step.stunt_bonus, "stunt"),
                         (step.charm_dv_bonus, "charms"), (step.cover, "cover from a Block"),
                         (-step.onslaught, "onslaught"), (-step.surprise, "surprise")):
        if amount:
            parts.append(f"{amount:+d} {name}")
    if step.inapplicable:
        parts.append("inapplicable: 0")
    return f"Meets DV {step.final_dv}: " + ", ".join(parts)


def pool_text(base: int, dice: int, modifiers: dict[str, int], autos: dict[str, int]) -> str:
    """The attack pool in words: base, what changed it, the dice, automatic successes."""
    changes = ", ".join(f"{name} {value:+d}" if name in ("bonus dice", "charm dice")
                        else f"{name} -{value}" for name, value in modifiers.items())
    text = f"Dexterity + Ability {base}"
    if changes:
        text += f" ({changes})"
    text += f" → {max(dice, 0)} dice"
    if autos:
        text += " + automatic successes: " + ", ".join(f"{k} {v}" for k, v in autos.items())
    return text


__all__ = ["AttackDialog", "dv_label", "nine_steps", "pool_text"]
