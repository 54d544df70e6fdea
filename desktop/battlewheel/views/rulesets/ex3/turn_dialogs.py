"""The other actions of a 3e turn (003 §Combat Actions, Delay from §The Flow of Combat),
one small dialog each.

Each builds its engine action from the form; the shared frame rehearses it, shows what
happens or the refusal, and records it as one undo step.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3 import wheel
from battlewheel.engine.rulesets.ex3.handlers.moves import trait_pool
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.views.rulesets.ex3.base import (
    Ex3Dialog,
    Rehearsal,
    choice_box,
    chosen,
    combatant_box,
    spin,
)
from battlewheel.views.rulesets.ex3.base_roll import RollDialog

# -- no roll -----------------------------------------------------------------------------------


class DelayDialog(Ex3Dialog):
    """Wait to a later tick this round for 2i (003 §The Flow of Combat)."""

    TITLE = "Delay"
    APPLY_TEXT = "&Delay"

    def build(self) -> None:
        state = self.state
        now = state.tick or 0
        low = wheel.scale(state)[1]
        self.tick = self.add("Act on &tick", spin(low, now - 1, max(now - 2, low), self.body))
        initiative = self.who().initiative or 0
        self.note(f"Costs {r.DELAY_COST}i: Initiative {initiative} → "
                  f"{initiative - r.DELAY_COST}. The wheel does the same when the acting "
                  "counter is dragged to a later tick.")

    def engine_actions(self) -> list[Action] | None:
        return [a.Delay(self.actor, self.tick.value())]

    def extra_lines(self, rehearsal: Rehearsal) -> list[str]:
        """A Crash warning when the cost empties the Initiative (003 §Crash)."""
        who = self.who()
        after = (who.initiative or 0) - r.DELAY_COST
        if not who.in_crash and after <= 0:
            return [f"Warning: this Crashes {who.name} ({r.SELF_CRASH_EXTRA}i more for "
                    "crashing itself)."]
        return []


class AimDialog(Ex3Dialog):
    """+3 to the next attack on one target; two turns at medium range or farther (003 §Aim)."""

    TITLE = "Aim"

    def build(self) -> None:
        self.target = self.add("&Target", combatant_box(self.state, self.state.foes(self.actor),
                                                        self.body))
        names = [(w.name, w.name) for w in d.ready_weapons(self.who())]
        self.weapon = self.add("&Weapon", choice_box(names, self.body))
        self.note("No Movement on a turn spent aiming; the bonus is lost if the target escapes.")

    def engine_actions(self) -> list[Action] | None:
        return [a.Aim(self.actor, chosen(self.target), chosen(self.weapon))]


class DefendOtherDialog(RollDialog):
    """Parry for an ally at close range until your next turn (003 §Defend Other)."""

    TITLE = "Defend Other"

    def build(self) -> None:
        allies = [cid for cid, w in self.state.combatants.items()
                  if w.side == self.who().side and cid != self.actor and not w.out]
        self.ward = self.add("&Ward", combatant_box(self.state, allies, self.body))
        self.add_flurry()

    def engine_actions(self) -> list[Action] | None:
        return [a.DefendOther(self.actor, chosen(self.ward), flurry=self.flurried())]


class FullDefenseDialog(RollDialog):
    """1i for +2 Defence to the next turn; Perilous (003 §Full Defense)."""

    TITLE = "Full Defense"

    def build(self) -> None:
        self.note(f"Costs {r.FULL_DEFENCE_COST}i for +2 Defence until the next turn; not in "
                  "Crash. It flurries only with social influence.")
        self.add_flurry()

    def engine_actions(self) -> list[Action] | None:
        return [a.FullDefense(self.actor, flurry=self.flurried())]


class OtherActionDialog(RollDialog):
    """Any other Simple action, -1 Defence (003 §Other Simple Action)."""

    TITLE = "Other action"

    def build(self) -> None:
        self.description = QLineEdit(self.body)
        self.description.setPlaceholderText("what the character does")
        self.form.addRow("&Action", self.description)
        self.description.textChanged.connect(self.update_preview)
        self.social = self.check("Social influence")
        self.perilous = self.check("Perilous (not in Crash)")
        self.add_flurry()

    def engine_actions(self) -> list[Action] | None:
        return [a.OtherAction(self.actor, self.description.text().strip(),
                              social=self.social.isChecked(), perilous=self.perilous.isChecked(),
                              flurry=self.flurried())]


class ReadyWeaponDialog(RollDialog):
    """Ready or put away weapons, -1 Defence (003 §Ready Weapon)."""

    TITLE = "Ready Weapon"
    CHOICES = (("keep as it is", ""), ("ready it", "ready"), ("put it away", "unready"))

    def build(self) -> None:
        self.choices: dict[str, QComboBox] = {}
        for weapon in self.who().block.carried:
            state = "ready" if weapon.name in self.who().ready else "not ready"
            box = self.add(f"{weapon.name} ({state})", choice_box(self.CHOICES, self.body))
            self.choices[weapon.name] = box
        self.add_flurry()

    def engine_actions(self) -> list[Action] | None:
        ready = tuple(n for n, box in self.choices.items() if chosen(box) == "ready")
        unready = tuple(n for n, box in self.choices.items() if chosen(box) == "unready")
        if not ready and not unready:
            self.missing = "Choose a weapon to ready or put away."
            return None
        return [a.ReadyWeapon(self.actor, ready, unready, flurry=self.flurried())]


class GrappleDialog(Ex3Dialog):
    """Keep hold, Restrain/Drag, or let go (003 §Grapple)."""

    TITLE = "Grapple manoeuvre"
    MOVES = (("Maintain the hold (Simple, Movement)", "maintain"),
             ("Restrain / Drag (2 control rounds)", "restrain"), ("Let go", "release"))

    def build(self) -> None:
        grip = self.state.grapples.get(self.actor)
        if grip is not None:
            self.note(f"Holding {self.state.name(grip.target)}: {grip.rounds} control rounds "
                      "left. Savage and Throw are attacks: use Attack… with its manoeuvre.")
        self.manoeuvre = self.add("&Manoeuvre", choice_box(self.MOVES, self.body))

    def engine_actions(self) -> list[Action] | None:
        return [a.GrappleMove(self.actor, chosen(self.manoeuvre))]


# -- moving ----------------------------------------------------------------------------------


class MoveDialog(Ex3Dialog):
    """Cover ground 1 as the Movement action (003 §Move)."""

    TITLE = "Move"

    def _whom(self) -> list[str]:
        """Standing foes first (the default), then the fallen, then the actor's side."""
        state = self.state
        others = [cid for cid in state.combatants if cid != self.actor]
        return sorted(others, key=lambda cid: (not state.hostile(self.actor, cid),
                                               state.combatants[cid].out))

    def build(self) -> None:
        zones = self.state.options.range_model == "zones"
        steps = [("Close in with someone at short range", "close"),
                 ("Step out of close range", "leave")]
        steps += [("Move to an adjacent zone", "zone")] if zones else \
            [("One band nearer", "toward"), ("One band farther", "away")]
        self.step = self.add("&Step", choice_box(steps, self.body))
        self.other = self.add("&Whom", combatant_box(self.state, self._whom(), self.body))
        here = self.who().zone
        self.zone = self.add("&Zone", spin(here - 5, here + 5, self._toward_zone(), self.body))
        groups = [cid for cid, w in self.state.combatants.items() if w.is_group and not w.out]
        self.crowd = self.add("&Through the ranks of", choice_box(
            [("nobody", ""), *((self.state.name(g), g) for g in groups)], self.body))
        self.crowd.setToolTip("003 §Interacting with Battle Groups: difficult terrain, and 1i "
                              "each round of it")
        self.step.setCurrentIndex(max(self.step.findData(self._usual_step(zones)), 0))
        self.step.currentIndexChanged.connect(self._show_rows)
        self._show_rows()

    def _first_foe(self) -> str | None:
        standing = [cid for cid in self._whom()
                    if self.state.hostile(self.actor, cid) and not self.who(cid).out]
        return standing[0] if standing else None

    def _usual_step(self, zones: bool) -> str:
        """Close in when the first standing foe is at short range; else move toward them."""
        foe = self._first_foe()
        if foe is None:
            return "close"
        now = d.band(self.state, self.actor, foe)
        if now in ("short", "close"):
            return "close"
        return "zone" if zones else "toward"

    def _toward_zone(self) -> int:
        """The adjacent zone toward the first standing foe (the next one up if none)."""
        here = self.who().zone
        foe = self._first_foe()
        there = self.who(foe).zone if foe is not None else here + 1
        return here + (1 if there > here else -1 if there < here else 1)

    def _show_rows(self) -> None:
        zone = chosen(self.step) == "zone"
        self.form.setRowVisible(self.zone, zone)
        self.form.setRowVisible(self.crowd, zone and self.crowd.count() > 1
                                and not self.who().is_group)
        self.form.setRowVisible(self.other, not zone)

    def engine_actions(self) -> list[Action] | None:
        step = chosen(self.step)
        if step == "zone":
            crowd = chosen(self.crowd) if self.form.isRowVisible(self.crowd) else ""
            return [a.Move(self.actor, step, zone=self.zone.value(), through_group=crowd)]
        return [a.Move(self.actor, step, other=chosen(self.other))]

    def extra_lines(self, rehearsal: Rehearsal) -> list[str]:
        """Where everyone stands from the actor, before the move."""
        bands = [f"{self.state.name(f)} {d.band(self.state, self.actor, f)}"
                 for f in self.state.foes(self.actor)]
        return ["Foes now: " + ", ".join(bands)] if bands else []


class DisengageDialog(RollDialog):
    """2i, Dexterity + Dodge against each close foe's Dexterity + Athletics (003 §Disengage)."""

    TITLE = "Disengage"
    MOVEMENT = True

    def build(self) -> None:
        self.close_foes = d.foes_at_close(self.state, self.actor)
        self.add_flurry()
        self.bonus = self.add("Bonus dice", spin(-10, 20, 0, self.body))
        self.roll = self.dice("Dexterity + Dodge")
        self.note("Foes who try to stop it roll Dexterity + Athletics; leave a row empty for "
                  "a foe who lets it go. It must beat every roll.")
        self.opposed = self.opposed_rows(self.close_foes, "Dexterity + Athletics")

    def refresh_pools(self) -> None:
        self.roll.set_pool(self.trait_dice("dexterity", "dodge", self.bonus.value()),
                           double_tens=self.who().block.double_tens)
        self.set_opposed_pools(self.opposed, "dexterity", "athletics")

    def engine_actions(self) -> list[Action] | None:
        if not self.need(self.roll, "the Disengage roll"):
            return None
        opposed = self.entries(self.opposed, every=False) or {}
        entry = self.roll.entry()
        assert entry is not None
        return [a.Disengage(self.actor, entry, opposed, flurry=self.flurried(),
                            bonus_dice=self.bonus.value())]

    def current_odds(self) -> Odds | None:
        """The chance to beat every close foe who tries to stop it."""
        return self.against_rows("Disengage against every close foe", self.roll,
                                 self.opposed)


class RushDialog(RollDialog):
    """Dexterity + Athletics against a target at short range, to follow it (003 §Rush)."""

    TITLE = "Rush"
    MOVEMENT = True

    def build(self) -> None:
        short = [f for f in self.state.foes(self.actor)
                 if d.band(self.state, self.actor, f) == "short"]
        self.target = self.add("&Target", combatant_box(self.state, short or
                                                        self.state.foes(self.actor), self.body))
        self.add_flurry()
        self.bonus = self.add("Bonus dice", spin(-10, 20, 0, self.body))
        self.roll = self.dice("Dexterity + Athletics")
        self.opposed = self.dice("Target: Dexterity + Athletics")

    def refresh_pools(self) -> None:
        self.roll.set_pool(self.trait_dice("dexterity", "athletics", self.bonus.value()),
                           double_tens=self.who().block.double_tens)
        target = self.state.combatants.get(chosen(self.target))
        if target is not None:
            self.opposed.set_pool(trait_pool(target, "dexterity", "athletics"),
                                  double_tens=target.block.double_tens)

    def engine_actions(self) -> list[Action] | None:
        if not self.need(self.roll, "the Rush roll") or \
                not self.need(self.opposed, "the target's roll"):
            return None
        mine, theirs = self.roll.entry(), self.opposed.entry()
        assert mine is not None and theirs is not None
        return [a.Rush(self.actor, chosen(self.target), mine, theirs, flurry=self.flurried(),
                       bonus_dice=self.bonus.value())]

    def current_odds(self) -> Odds | None:
        """The chance to beat the target's Dexterity + Athletics."""
        target = chosen(self.target)
        return self.against_rows("Rush", self.roll, {target: self.opposed}) if target else None


class WithdrawDialog(RollDialog):
    """One roll of the extended Withdraw, 10i each, towards 10 successes (003 §Withdraw)."""

    TITLE = "Withdraw"
    MOVEMENT = True

    def build(self) -> None:
        progress = self.who().withdraw_progress
        self.note(f"Costs {r.WITHDRAW_COST}i a roll; {progress} of {r.WITHDRAW_GOAL} "
                  "successes so far. Every foe must be at medium range or farther.")
        self.add_flurry()
        self.bonus = self.add("Bonus dice", spin(-10, 20, 0, self.body))
        self.roll = self.dice("Dexterity + Athletics")

    def refresh_pools(self) -> None:
        self.roll.set_pool(self.trait_dice("dexterity", "athletics", self.bonus.value()),
                           double_tens=self.who().block.double_tens)

    def engine_actions(self) -> list[Action] | None:
        if not self.need(self.roll, "the Withdraw roll"):
            return None
        entry = self.roll.entry()
        assert entry is not None
        return [a.Withdraw(self.actor, entry, flurry=self.flurried(),
                           bonus_dice=self.bonus.value())]

    def current_odds(self) -> Odds | None:
        """Each roll of the extended Withdraw counts at difficulty 1."""
        return self.difficulty_odds(self.roll, r.WITHDRAW_DIFFICULTY, "Withdraw")


class TakeCoverDialog(RollDialog):
    """Dexterity + Dodge at the GM's difficulty: light, heavy or total cover (003 §Take Cover)."""

    TITLE = "Take Cover"
    COVERS = (("Light cover (+1 Defence)", "1"), ("Heavy cover (+2 Defence)", "2"),
              ("Total cover (cannot be targeted)", "3"))

    def build(self) -> None:
        self.cover = self.add("&Cover", choice_box(self.COVERS, self.body))
        self.difficulty = self.add("GM's &difficulty", spin(1, 10, 1, self.body))
        self.add_flurry()
        self.roll = self.dice("Dexterity + Dodge")

    def refresh_pools(self) -> None:
        self.roll.set_pool(self.trait_dice("dexterity", "dodge"),
                           double_tens=self.who().block.double_tens)

    def engine_actions(self) -> list[Action] | None:
        if not self.need(self.roll, "the Take Cover roll"):
            return None
        entry = self.roll.entry()
        assert entry is not None
        return [a.TakeCover(self.actor, entry, self.difficulty.value(), int(chosen(self.cover)),
                            flurry=self.flurried())]

    def current_odds(self) -> Odds | None:
        return self.difficulty_odds(self.roll, self.difficulty.value(), "Take Cover")


class RiseDialog(RollDialog):
    """Stand up; Dexterity + Dodge at difficulty 2 with a foe close (003 §Rise From Prone)."""

    TITLE = "Rise From Prone"
    DIFFICULTY = 2

    def build(self) -> None:
        self.threatened = bool(d.foes_at_close(self.state, self.actor))
        self.add_flurry()
        self.roll = self.dice("Dexterity + Dodge (difficulty 2)")
        self.roll.setVisible(self.threatened)
        if not self.threatened:
            self.note("No foe is at close range: no roll.")

    def refresh_pools(self) -> None:
        self.roll.set_pool(self.trait_dice("dexterity", "dodge"),
                           double_tens=self.who().block.double_tens)

    def engine_actions(self) -> list[Action] | None:
        if self.threatened and not self.need(self.roll, "the roll to rise"):
            return None
        entry = self.roll.entry() if self.threatened else None
        return [a.RiseFromProne(self.actor, entry, flurry=self.flurried())]

    def current_odds(self) -> Odds | None:
        if not self.threatened:
            return None
        return self.difficulty_odds(self.roll, self.DIFFICULTY, "Rise From Prone")
