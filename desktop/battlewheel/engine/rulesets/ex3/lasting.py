"""What an Exalted 3e fight leaves on a character, and healing between fights.

Rules page rules/between-fights.md §Exalted 3e (003): health levels by kind, Willpower,
personal, peripheral and committed motes (committed are the stat block's) carry;
Initiative, onslaught, Crash and a battle group's Magnitude never do (003 §The Flow of
Combat: every fight starts from Join Battle). The GM heals N levels of one kind, deepest
first, regains motes or Willpower, or restores to full. The shared rules are
engine/core/lasting_pools.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import lasting_pools as lp
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.state import Combat, pool_most

PAGE = "between fights, the GM's healing (003 gives no healing times)"


@dataclass(frozen=True)
class Lasting(lp.HealthAndPools):
    """A 3e character's current condition: damage by kind, Willpower and motes spent
    (negative Willpower spent: temporary Willpower above the rating)."""


LASTING = Lasting


def _track(block: Character, options: Any = None) -> HealthTrack:
    chosen = options if isinstance(options, Ex3Options) else Ex3Options()
    return r.health_for(block, chosen.health_track)


def _read(state: Combat, cid: str) -> tuple[HealthTrack, dict[str, int]] | None:
    who = state.combatants.get(cid)
    if who is None:
        return None
    return who.health, {pool: int(getattr(who, f"{pool}_spent")) for pool in lp.POOLS}


RULES = lp.PoolRules(Lasting, _track, pool_most, _read, "003 §Health Levels")


def joined(block: Character, lasting: Lasting, options: Ex3Options) -> dict[str, Any]:
    """The fight record's track (under the fight's ``health_track`` ruling) and spent pools
    for a fighter joining at ``lasting``."""
    kept: Lasting = lp.fitted(RULES, block, lasting).lasting
    track = _track(block, options).mark(bashing=kept.bashing, lethal=kept.lethal,
                                        aggravated=kept.aggravated)
    return {"health": track, **{f"{pool}_spent": lp.spent(kept, pool) for pool in lp.POOLS}}



RULES_OF_LASTING = lp.PooledLasting(RULES, PAGE)
"""The ruleset's ``lasting_module``: the shared rules bound to this system's."""
