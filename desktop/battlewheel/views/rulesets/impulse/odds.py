"""The Impulse engine's exact odds as the contract's ``Odds`` the odds dock draws.

The numbers are the engine's (``engine/rulesets/impulse/odds.py``); this only names the
charts: a strike's accuracy against DV and its spread of Endurance lost, a manoeuvre's
Impulse gained against a stunt's difficulty, a foe's roll to keep up with a Disengage.
(The dock colours the bars above the DV as hits, as the default ruling "above" reads
them; the chance it prints follows the ruling.)
"""

from __future__ import annotations

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.impulse import odds as engine


def strike_odds(
    title: str,
    dice: int,
    dv: int,
    impulse: int,
    base_damage: int,
    *,
    beat_rule: str,
    lost: int,
    damage_tens: bool,
) -> Odds:
    """Accuracy against DV, and the Endurance a hit takes (001 §Decisive Strike)."""
    found = engine.decisive_odds(
        dice,
        dv,
        impulse,
        base_damage,
        beat_rule=beat_rule,
        lost=lost,
        damage_tens=damage_tens,
    )
    return Odds(
        title=title,
        dv=dv,
        successes=engine.net_successes(dice, lost),
        hit_chance=found.hit.chance_to_hit,
        levels=found.endurance_loss if found.hit.chance_to_hit else (),
        damage_label="Endurance",
        damage_axis="Endurance lost by a hit",
        hits_at=_least_hit(dv, beat_rule),
    )


def manoeuvre_odds(title: str, dice: int, difficulty: int, beat_rule: str) -> Odds:
    """Impulse gained (every success) and the chance to beat a stunt's difficulty."""
    found = engine.manoeuvre_odds(dice, difficulty, beat_rule)
    return Odds(
        title=title,
        dv=difficulty,
        successes=found.impulse_gain,
        hit_chance=found.chance_effect,
        defence_label="difficulty",
        defence_row="&Difficulty:",
        hits_at=_least_hit(difficulty, beat_rule),
    )


def contest_odds(title: str, dice: int, evasion: int, beat_rule: str) -> Odds:
    """A foe's Dex + Athletics against the Evasion of the one disengaging (001 §Disengage)."""
    return Odds(
        title=title,
        dv=evasion,
        successes=engine.net_successes(dice),
        hit_chance=engine.contest_odds(dice, evasion, beat_rule),
        defence_label="Evasion",
        defence_row="Their &Evasion:",
        hits_at=_least_hit(evasion, beat_rule),
    )


def _least_hit(difficulty: int, beat_rule: str) -> int:
    """The fewest successes that beat ``difficulty`` under the ruling (001: above it)."""
    return difficulty if beat_rule == "at_least" else difficulty + 1
