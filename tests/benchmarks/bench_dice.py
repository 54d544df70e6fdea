"""How fast the dice and health layers answer: exact odds and track marking.

Run: .venv/bin/python -m tests.benchmarks.bench_dice
"""

from __future__ import annotations

import random
import timeit

from battlewheel.engine.core.dice import _distribution, effective_pool, success_distribution
from battlewheel.engine.core.health import HealthTrack


def _per_call_ms(statement: object, repeat: int) -> float:
    """Best of five runs, in milliseconds per call."""
    best = min(timeit.repeat(statement, number=repeat, repeat=5))  # type: ignore[arg-type]
    return best / repeat * 1000


def _cold_distribution(dice: int) -> list[float]:
    _distribution.cache_clear()
    return success_distribution(dice)


def main() -> None:
    """Print the figures."""
    for dice in (10, 30, 100):
        cold = _per_call_ms(lambda dice=dice: _cold_distribution(dice), 20)
        warm = _per_call_ms(lambda dice=dice: success_distribution(dice), 200)
        print(
            f"success_distribution({dice:3d} dice): {cold:8.3f} ms first call, "
            f"{warm * 1000:6.2f} us cached"
        )
    rng = random.Random(1)
    damage = [(rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 2)) for _ in range(1000)]
    track = HealthTrack.standard(3)

    def mark_all() -> None:
        for bashing, lethal, aggravated in damage:
            track.mark(bashing, lethal, aggravated)

    ms = _per_call_ms(mark_all, 5)
    print(f"HealthTrack.mark, 1000 flurries of damage: {ms:8.3f} ms in all, {ms:.2f} us each")
    ms = _per_call_ms(lambda: effective_pool(9, essence=3, bonus_dice=2, wound_penalty=2), 10000)
    print(f"effective_pool: {ms * 1000:8.3f} us per call")


if __name__ == "__main__":
    main()
