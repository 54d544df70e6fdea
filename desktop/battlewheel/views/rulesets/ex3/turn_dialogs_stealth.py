"""Concealment rolls against each foe's Wits + Awareness (003 §Stealth in Combat).

Establish Surprise hides from every aware foe it beats, the roll owed after moving
while hidden keeps the foes it beats, Go to Ground needs all three turns won.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget
from battlewheel.views.rulesets.ex3.base_roll import RollDialog


class ConcealmentDialog(RollDialog):
    """Dexterity + Stealth, -3 in combat, against the foes of ``foes`` (subclasses)."""

    TITLE = "Concealment roll"
    FLURRIES = False

    def foes(self) -> list[str]:
        """Whose Wits + Awareness oppose the roll."""
        return sorted(f for h, f in self.state.concealed if h == self.actor)

    def penalty(self) -> int:
        """Dice off the concealment roll: -3 in combat, more for Go to Ground."""
        return r.IN_COMBAT_STEALTH

    def build(self) -> None:
        self.in_combat: QCheckBox | None = None
        self.build_options()
        self.roll = self.dice("Dexterity + Stealth")
        self.opposed: dict[str, DiceEntryWidget] = self.opposed_rows(
            self.foes(), "Wits + Awareness")

    def build_options(self) -> None:
        """Rows above the roll (subclasses)."""
        self.note("Moving while hidden: beat a foe's Wits + Awareness to stay hidden from it.")

    def refresh_pools(self) -> None:
        who = self.who()
        pool = self.trait_dice("dexterity", "stealth") - self.penalty()
        self.roll.set_pool(pool, double_tens=who.block.double_tens)
        self.set_opposed_pools(self.opposed, "wits", "awareness")

    def rolls(self) -> tuple[DiceEntry, dict[str, DiceEntry]] | None:
        """The concealment roll and every opposing roll, or None while one is missing."""
        if not self.need(self.roll, "the concealment roll"):
            return None
        opposed = self.entries(self.opposed, every=True)
        entry = self.roll.entry()
        if opposed is None or entry is None:
            return None
        return entry, opposed

    def engine_actions(self) -> list[Action] | None:
        rolls = self.rolls()
        return None if rolls is None else [a.ConcealmentRoll(self.actor, *rolls)]

    def current_odds(self) -> Odds | None:
        """The chance to stay hidden from (or win against) every foe who rolls."""
        return self.against_rows(f"{self.TITLE} against every foe", self.roll,
                                 self.opposed)


class EstablishSurpriseDialog(ConcealmentDialog):
    """Hide from every aware foe the roll beats (003 §Establish Surprise)."""

    TITLE = "Establish Surprise"

    def foes(self) -> list[str]:
        return [f for f in self.state.foes(self.actor) if (self.actor, f) not in
                self.state.concealed]

    def build_options(self) -> None:
        self.in_combat = self.check("In combat (-3 to the roll)")
        self.in_combat.setChecked(True)

    def penalty(self) -> int:
        return r.IN_COMBAT_STEALTH if self.in_combat is None or self.in_combat.isChecked() else 0

    def engine_actions(self) -> list[Action] | None:
        rolls = self.rolls()
        if rolls is None:
            return None
        in_combat = self.in_combat is None or self.in_combat.isChecked()
        return [a.EstablishSurprise(self.actor, *rolls, in_combat=in_combat)]


class GoToGroundDialog(ConcealmentDialog):
    """Three turns of concealment at -3, -4, -5 to vanish (003 §Go to Ground)."""

    TITLE = "Go to Ground"

    def foes(self) -> list[str]:
        return self.state.foes(self.actor)

    def build_options(self) -> None:
        turns = self.who().ground_turns
        self.note(f"Turn {turns + 1} of 3: every foe's roll must be beaten; the roll is at "
                  f"-{r.IN_COMBAT_STEALTH + turns}.")

    def penalty(self) -> int:
        return r.IN_COMBAT_STEALTH + self.who().ground_turns

    def engine_actions(self) -> list[Action] | None:
        rolls = self.rolls()
        return None if rolls is None else [a.GoToGround(self.actor, *rolls)]
