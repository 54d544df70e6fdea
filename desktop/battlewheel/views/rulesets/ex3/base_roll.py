"""The frame of a 3e action with a roll: the flurry choice, the pool, opposed rolls, odds.

The pools mirror the engine's (``moves.trait_pool`` less the flurry and rough-ground
penalties, plus a mount's speed), so a typed set of faces fits the pool the engine
checks; a roll against a fixed difficulty shows its chance in the odds dock.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QCheckBox

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.ex3 import odds as o
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers.moves import rough, speed, trait_pool
from battlewheel.engine.rulesets.ex3.state import Combatant
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, align_titles
from battlewheel.views.rulesets.ex3.base import Ex3Dialog, opposed_odds

FLURRY_TEXT = "&Flurry: another, different action follows this turn (-3 to both, -1 Defence)"


class RollDialog(Ex3Dialog):
    """An action with a flurry option, a roll of its own and maybe opposed rolls."""

    FLURRIES = True
    MOVEMENT = False  # rough ground and a mount's speed count (Disengage, Rush, Withdraw)

    def add_flurry(self) -> QCheckBox:
        """The flurry choice, offered only for the turn's first Simple action."""
        self.flurry = self.check(FLURRY_TEXT)
        turn = self.state.turn
        first = turn is not None and not turn.simple
        self.flurry.setVisible(self.FLURRIES and first)
        if turn is not None and turn.flurry and len(turn.simple) == 1:
            self.note("Second action of the flurry: -3 to the roll.")
        return self.flurry

    def flurried(self) -> bool:
        """Whether this action is declared as the first of a flurry."""
        return hasattr(self, "flurry") and self.flurry.isVisibleTo(self) \
            and self.flurry.isChecked()

    def flurry_penalty(self) -> int:
        """-3 on the roll for either action of a flurry (003 §Flurries)."""
        turn = self.state.turn
        second = turn is not None and turn.flurry and len(turn.simple) == 1
        return r.FLURRY_ROLL_PENALTY if self.flurried() or second else 0

    def trait_dice(self, attribute: str, ability: str, bonus: int = 0) -> int:
        """The actor's Attribute + Ability with the penalties the engine applies."""
        who = self.who()
        pool = trait_pool(who, attribute, ability) - self.flurry_penalty() + bonus
        if self.MOVEMENT:
            pool += speed(self.state, who) - rough(self.state, who)
        return pool

    def opposed_rows(self, foes: list[str], title: str) -> dict[str, DiceEntryWidget]:
        """One opposing roll per foe, titled by name."""
        rows = {foe: self.dice(f"{self.state.name(foe)}: {title}") for foe in foes}
        align_titles(list(rows.values()))
        return rows

    def set_opposed_pools(self, rows: Mapping[str, DiceEntryWidget], attribute: str,
                          ability: str, penalty: int = 0) -> None:
        """Each opposing roll's pool: the foe's Attribute + Ability."""
        for foe, row in rows.items():
            other: Combatant = self.who(foe)
            row.set_pool(trait_pool(other, attribute, ability) - penalty,
                         double_tens=other.block.double_tens)

    def entries(self, rows: Mapping[str, DiceEntryWidget], *,
                every: bool) -> dict[str, DiceEntry] | None:
        """The opposing rolls entered; None (with what is missing) if ``every`` is needed."""
        given = {foe: entry for foe, row in rows.items() if (entry := row.entry()) is not None}
        if every and len(given) < len(rows):
            names = ", ".join(self.state.name(f) for f in rows if f not in given)
            self.missing = f"Enter the opposing rolls of: {names}."
            return None
        return given

    def against_rows(self, what: str, roll: DiceEntryWidget,
                     rows: Mapping[str, DiceEntryWidget]) -> Odds | None:
        """The odds dock for the actor's ``roll`` against the foes' opposing rows."""
        if not rows:
            return None
        theirs = [(row.pool(), self.who(foe).block.double_tens) for foe, row in rows.items()]
        mine = (roll.pool(), self.who().block.double_tens)
        return opposed_odds(f"{self.state.name(self.actor)}: {what} ({mine[0]} dice)", mine,
                            theirs)

    def difficulty_odds(self, row: DiceEntryWidget, difficulty: int, what: str) -> Odds:
        """The chance a roll meets a difficulty, for the odds dock."""
        spread = o.successes_odds(row.pool(), double_tens=self.who().block.double_tens)
        chance = sum(spread[difficulty:]) if difficulty >= 0 else 1.0
        return Odds(f"{self.state.name(self.actor)}: {what} ({row.pool()} dice, "
                    f"difficulty {difficulty})", difficulty, tuple(spread), chance,
                    defence_label="difficulty", defence_row="&Difficulty:",
                    hits_at=difficulty)
