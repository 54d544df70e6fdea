"""The shared dice entry set up for Pool & Ward's dice ruling, and the odds dock's values.

Seed 002 never names its die (ruling ``dice``): d10s at 7+, 004's d10s with double
10s, a custom die, or typed successes only. The shared ``DiceEntryWidget`` rolls and
reads d10 faces; here it gets the ruling's target, a die of the custom sides to roll,
or only its typed field under the typed ruling.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QWidget

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.poolward.odds import attack_odds, success_odds
from battlewheel.engine.rulesets.poolward.options import DICE_CUSTOM, DICE_TYPED, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.pool import PoolPreview
from battlewheel.engine.rulesets.poolward.rules.rolls import die_of
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource

TYPED_ONLY = "The dice ruling is 'typed': type the successes the table rolled."


class SidedDice:
    """Faces of a custom die (ruling ``dice`` = custom); stored once rolled, so replay
    never needs this source again."""

    def __init__(self, sides: int, rng: random.Random | None = None) -> None:
        self.sides = sides
        self._rng = rng or random.Random(random.SystemRandom().randrange(2**32))

    def faces(self, count: int) -> tuple[int, ...]:
        """``count`` faces of 1 to ``sides``."""
        return tuple(self._rng.randint(1, self.sides) for _ in range(count))


def dice_entry(title: str, options: PoolWardOptions, parent: QWidget, *,
               face_source: FaceSource | None = None, compact: bool = False) -> DiceEntryWidget:
    """A dice entry that rolls and reads dice the way the ruling says."""
    if options.dice == DICE_CUSTOM and face_source is None:
        face_source = SidedDice(options.custom_sides)
    entry = DiceEntryWidget(title, parent, face_source=face_source, compact=compact)
    if options.dice == DICE_TYPED:
        entry.typed_mode.setChecked(True)
        for widget in (entry.roll_mode, entry.roll_button):
            widget.setEnabled(False)
            widget.setToolTip(TYPED_ONLY)
    return entry


def set_pool(entry: DiceEntryWidget, dice: int, options: PoolWardOptions) -> None:
    """The pool to roll, with the ruling's die and target and whether a 10 counts twice."""
    sides, target, doubled = die_of(options)
    entry.set_pool(max(dice, 0), target=target, double_tens=doubled, sides=sides)


def die_words(options: PoolWardOptions) -> str:
    """The die in words for titles: 'd10, 7+'."""
    sides, target, doubled = die_of(options)
    text = f"d{sides}, {target}+" + (", 10s count twice" if doubled else "")
    return text + (" (typed successes; odds as d10 at 7+)" if options.dice == DICE_TYPED else "")


def pool_odds(title: str, preview: PoolPreview, options: PoolWardOptions, *, ward: int = 0,
              mortal: bool = False) -> Odds:
    """The odds dock's values: successes, the chance to hit (a success past cover), and
    the damage a hit deals before Ward (rules/pool-and-ward.md; the engine's ``attack_odds``).
    """
    chances = attack_odds(preview, options, ward=ward, mortal=mortal)
    successes = tuple(float(p) for p in success_odds(preview.pool, options))
    given_hit = tuple(0.0 if k == 0 or chances.hit == 0 else p / chances.hit
                      for k, p in enumerate(chances.damage))
    return Odds(title, dv=preview.cover_successes, successes=successes or (1.0,),
                hit_chance=chances.hit, levels=given_hit, damage_label="damage",
                defence_label="cover", damage_axis="Damage dealt by a hit (before Ward)")


def damage_chances(preview: PoolPreview, options: PoolWardOptions, *, ward: int = 0,
                   mortal: bool = False) -> str:
    """Each damage total's chance before the roll, and what gets past Ward, as text."""
    chances = attack_odds(preview, options, ward=ward, mortal=mortal)
    lines = [f"Chance to hit: {chances.hit:.0%} · average damage "
             f"{chances.expected_damage:.1f}",
             "Damage: " + _spread(chances.damage)]
    if ward:
        lines.append(f"Past Ward {ward}: " + _spread(chances.past_ward))
    return "\n".join(lines)


def _spread(chances: tuple[float, ...]) -> str:
    # Totals under half a percent are left out: a long pool would fill the line with 0%.
    shown = [f"{k}: {p:.0%}" for k, p in enumerate(chances) if p >= 0.005]
    return ", ".join(shown)
