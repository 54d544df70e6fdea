"""A flurry's damage to one target: ping, totals, damage rolls and marking (000 §Applying Effects).

Two steps, so the caller can roll the right number of dice in between:
``flurry_damage_pools`` totals the attacks of one flurry against one target and says
how many dice of each type to roll; ``apply_flurry_damage`` reads those rolls, turns
them into levels and marks the health track through ``health.apply_levels``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from battlewheel.engine.core.dice import DiceEntry, damage_levels
from battlewheel.engine.core.errors import DiceEntryError
from battlewheel.engine.core.health import HealthOptions, HealthTrack, apply_levels

RULE = "000 §Applying Effects"
ORDER = ("B", "L", "A")


class DamagingAttack(Protocol):
    """What the flurry damage needs from an attack outcome (``attack.AttackOutcome``)."""

    @property
    def failed(self) -> bool: ...

    @property
    def damage_type(self) -> str: ...

    @property
    def overwhelming(self) -> int: ...

    @property
    def dice(self) -> int: ...

    @property
    def levels(self) -> int: ...


@dataclass(frozen=True)
class DamagePools:
    """Steps 1-3 for one flurry and target: ping, totals per type, ping dice added.

    ``dice`` and ``levels`` map B / L / A to post-soak totals, the ping dice included
    in ``dice["B"]``; ``ping_dice`` says how many of those came from ping.
    """

    ping: int
    attacks: int
    failed_attacks: int
    all_failed: bool
    dice: Mapping[str, int]
    levels: Mapping[str, int]
    ping_dice: int

    @property
    def total(self) -> int:
        """Dice plus levels of every type, ping dice included."""
        return sum(self.dice.values()) + sum(self.levels.values())


def ping_value(attacker_essence: int, attacks: Iterable[DamagingAttack]) -> int:
    """Ping: attacker's Essence or best Overwhelming of a hit (000 §Calculate Ping Value).

    Only weapons of attacks that did not Fail count."""
    overwhelming = [a.overwhelming for a in attacks if not a.failed]
    return max([attacker_essence, *overwhelming])


def flurry_damage_pools(attacker_essence: int, attacks: Iterable[DamagingAttack]) -> DamagePools:
    """Total one flurry's attacks on one target and apply ping (000 §Total Damage, §Apply Ping).

    Nothing at all when every attack Failed; otherwise bashing dice are added until
    dice plus levels reach the ping value.
    """
    attacks = list(attacks)
    failed = sum(a.failed for a in attacks)
    dice = dict.fromkeys(ORDER, 0)
    levels = dict.fromkeys(ORDER, 0)
    if not attacks or failed == len(attacks):
        return DamagePools(0, len(attacks), failed, True, dice, levels, 0)
    for attack in attacks:
        if not attack.failed:
            dice[attack.damage_type] += attack.dice
            levels[attack.damage_type] += attack.levels
    ping = ping_value(attacker_essence, attacks)
    ping_dice = max(0, ping - sum(dice.values()) - sum(levels.values()))
    dice["B"] += ping_dice
    return DamagePools(ping, len(attacks), failed, False, dice, levels, ping_dice)


@dataclass(frozen=True)
class DamageOutcome:
    """Steps 4-6: levels rolled per type, levels marked, and the track before and after."""

    pools: DamagePools
    rolled_levels: Mapping[str, int]
    total_levels: Mapping[str, int]
    faces: Mapping[str, tuple[int, ...] | None]
    extra: bool
    exalted_resilience: bool
    ox_body: bool
    before: HealthTrack
    after: HealthTrack
    notes: tuple[str, ...] = field(default=())
    # Exalted resilience (or Ox-Body's pool): its size and the levels it took off.
    resilience: int = 0
    absorbed: Mapping[str, int] = field(default_factory=dict)

    @property
    def boxes_added(self) -> int:
        """How many more boxes hold damage than before (a box made worse adds none)."""
        return self.after.damage - self.before.damage


def damage_roll_levels(dice: int, entry: DiceEntry | None, *, extra: bool = False) -> int:
    """Levels from a damage roll: each die of 7+ is a level, no double 10s (000 §Roll Damage).

    Against an extra every die is a level, so no roll is needed (000 §Extras).
    """
    if dice <= 0 or extra:
        return max(dice, 0)
    if entry is None:
        raise DiceEntryError(f"a damage roll of {dice} dice needs its faces or its levels")
    entry.check_pool(dice, double_tens=False)
    if entry.faces is not None:
        return damage_levels(entry.faces)
    return entry.successes or 0


def apply_flurry_damage(
    pools: DamagePools,
    track: HealthTrack,
    *,
    rolls: Mapping[str, DiceEntry] | None = None,
    extra: bool = False,
    exalted_resilience: bool = False,
    ox_body: bool = False,
    options: HealthOptions | None = None,
) -> DamageOutcome:
    """Roll the damage dice, add the levels, mark the track (000 §Roll Damage).

    ``rolls`` maps B / L / A to the entry of that type's damage roll. Bashing is
    marked first, then lethal (Exalted resilience counted just before), then
    aggravated, as ``health.apply_levels`` does.
    """
    rolls = rolls or {}
    rolled = {
        kind: damage_roll_levels(pools.dice[kind], rolls.get(kind), extra=extra) for kind in ORDER
    }
    totals = {kind: rolled[kind] + pools.levels[kind] for kind in ORDER}
    after = track
    if not pools.all_failed:
        after = apply_levels(
            track,
            bashing=totals["B"],
            lethal=totals["L"],
            aggravated=totals["A"],
            exalted_resilience=exalted_resilience,
            ox_body=ox_body,
            options=options,
        )
    faces = {kind: (rolls[kind].faces if kind in rolls else None) for kind in ORDER}
    resilience, absorbed = 0, dict[str, int]()
    if not pools.all_failed:
        resilience, absorbed = _resilience(
            track, totals, exalted_resilience=exalted_resilience, ox_body=ox_body,
            options=options,
        )
    return DamageOutcome(
        pools, rolled, totals, faces, extra, exalted_resilience, ox_body, track, after,
        resilience=resilience, absorbed=absorbed,
    )


def _resilience(
    track: HealthTrack,
    totals: Mapping[str, int],
    *,
    exalted_resilience: bool,
    ox_body: bool,
    options: HealthOptions | None,
) -> tuple[int, dict[str, int]]:
    """The resilience ``apply_levels`` counts and what it takes off (000 §Applying Effects)."""
    if ox_body:
        counts_bashing = (options or HealthOptions()).ox_body_counts_bashing
        pool = track.lethal + (track.bashing if counts_bashing else 0)
        lethal = min(totals["L"], pool)
        bashing = min(totals["B"], pool - lethal)
        return pool, {kind: n for kind, n in (("L", lethal), ("B", bashing)) if n}
    if not exalted_resilience:
        return 0, {}
    pool = track.mark(bashing=totals["B"]).lethal
    lethal = min(totals["L"], pool)
    return pool, ({"L": lethal} if lethal else {})


def resilience_text(outcome: DamageOutcome) -> str:
    """The resilience arithmetic, "4 (minus) 3 resilience = 1 lethal"; empty if none applied."""
    if not outcome.absorbed:
        return ""
    name = "Ox-Body resilience" if outcome.ox_body else "resilience"
    words = {"L": "lethal", "B": "bashing"}
    parts = [
        f"{outcome.total_levels[kind]} \u2212 {outcome.absorbed[kind]} {name} = "
        f"{outcome.total_levels[kind] - outcome.absorbed[kind]} {words[kind]}"
        for kind in ("L", "B")
        if kind in outcome.absorbed
    ]
    text = "; ".join(parts)
    if all(outcome.total_levels[kind] == outcome.absorbed.get(kind, 0) for kind in ORDER):
        return f"{text}: Exalted resilience absorbed it all"
    return text
