"""Commanding battle groups: Order, Rally, Rally for Numbers (003 §Commanding Battle Groups).

Each is a Simple action, never flurried, -1 Defence, rolling an Attribute + War with
the group's Drill: Poor -2 (not on Rally), Elite +2.
"""

from __future__ import annotations

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import groups
from battlewheel.views.rulesets.ex3.base import choice_box, chosen, combatant_box
from battlewheel.views.rulesets.ex3.base_roll import RollDialog

ATTRIBUTES = {"charisma": "Charisma", "appearance": "Appearance", "intelligence": "Intelligence"}


class CommandDialog(RollDialog):
    """Pick the group and the Attribute, roll it + War (subclasses name the command)."""

    FLURRIES = False
    ALLOWED: tuple[str, ...] = ("charisma", "appearance")
    POOR_APPLIES = True

    def build(self) -> None:
        mine = [cid for cid, w in self.state.combatants.items()
                if w.is_group and w.side == self.who().side and not w.dissolved]
        self.group = self.add("&Battle group", combatant_box(self.state, mine, self.body))
        self.attribute = self.add("&Roll", choice_box(
            ((f"{ATTRIBUTES[k]} + War", k) for k in self.ALLOWED), self.body))
        self.note(self.explanation())
        self.roll = self.dice("Command roll")

    def explanation(self) -> str:
        """What the command does (subclasses)."""
        return ""

    def refresh_pools(self) -> None:
        group = self.state.combatants.get(chosen(self.group))
        if group is None:
            return
        pool = groups.command_pool(self.state, self.actor, group, chosen(self.attribute),
                                   self.POOR_APPLIES)
        self.roll.set_pool(pool, double_tens=self.who().block.double_tens)

    def difficulty(self) -> int:
        """The command's difficulty (1 unless a subclass says)."""
        return 1

    def current_odds(self) -> Odds | None:
        return self.difficulty_odds(self.roll, self.difficulty(), self.TITLE)

    def engine_actions(self) -> list[Action] | None:
        if not chosen(self.group):
            self.missing = "No battle group follows this side."
            return None
        if not self.need(self.roll, "the command roll"):
            return None
        entry = self.roll.entry()
        assert entry is not None
        return [self.KIND(self.actor, chosen(self.group), chosen(self.attribute), entry)]

    KIND: type[a.Order | a.Rally | a.RallyForNumbers] = a.Order


class OrderDialog(CommandDialog):
    """The group adds the successes to its rolls on its next turn (003 §Order)."""

    TITLE = "Order"
    ALLOWED = a.COMMAND_ATTRIBUTES
    KIND = a.Order

    def explanation(self) -> str:
        return "Difficulty 1: the group adds the successes to its rolls on its next turn."


class RallyDialog(CommandDialog):
    """Beat the failed rout check's difficulty: the group holds at one Size less (003 §Rally)."""

    TITLE = "Rally"
    KIND = a.Rally
    POOR_APPLIES = False

    def explanation(self) -> str:
        return "Only a group that failed its rout check; beat that check's difficulty."

    def difficulty(self) -> int:
        group = self.state.combatants.get(chosen(self.group))
        return group.rout_difficulty if group is not None and group.rout_failed else 1


class RallyForNumbersDialog(CommandDialog):
    """+successes ÷ 2 Magnitude, once plus once per Size lost (003 §Rally for Numbers)."""

    TITLE = "Rally for Numbers"
    KIND = a.RallyForNumbers

    def explanation(self) -> str:
        group = self.state.combatants.get(chosen(self.group))
        if group is None or group.block.group is None:
            return "Half the successes come back as Magnitude."
        most = r.magnitude_max(group.block, group.size)
        return (f"Half the successes come back as Magnitude (now {group.magnitude} of {most});"
                f" used {group.rfn_used} of {1 + group.size_lost} times.")
