"""How fast the odds dock's numbers come: chance to hit and damage spread per DV change.

Run: .venv/bin/python -m tests.benchmarks.bench_odds
"""

from __future__ import annotations

import timeit

from battlewheel.engine.rulesets.rewrite import odds


def _per_call_ms(statement: object, repeat: int) -> float:
    """Best of five runs, in milliseconds per call."""
    best = min(timeit.repeat(statement, number=repeat, repeat=5))  # type: ignore[arg-type]
    return best / repeat * 1000


def _cold(dice: int, dv: int) -> None:
    odds._pool_odds.cache_clear()
    odds.damage_level_distribution(dice, 2, dv, strength_dice=4, weapon_levels=3, soak=5)


def main() -> None:
    """Print the figures for small, typical and huge attacks."""
    for dice in (5, 12, 30):
        hit = _per_call_ms(lambda dice=dice: odds.hit_chances(dice, 2, 4), 200)
        cold = _per_call_ms(lambda dice=dice: _cold(dice, 4), 5)
        warm = _per_call_ms(
            lambda dice=dice: odds.damage_level_distribution(
                dice, 2, 4, strength_dice=4, weapon_levels=3, soak=5
            ),
            50,
        )
        print(
            f"{dice:2d} attack dice: hit_chances {hit:7.3f} ms; damage_level_distribution "
            f"{cold:7.2f} ms first call, {warm:7.3f} ms per later DV change"
        )


if __name__ == "__main__":
    main()
