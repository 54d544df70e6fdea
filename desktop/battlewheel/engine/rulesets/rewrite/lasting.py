"""What a 2e Rewrite fight leaves on a character, and healing between fights.

Rules page rules/between-fights.md §2e Rewrite (000, 004): health boxes by kind in their
order, Willpower spent, personal and peripheral motes carry; the GM heals N levels of one
kind, deepest first, regains or restores motes and Willpower (004 §Stunts gives motes back
only inside a fight). The shared rules are engine/core/lasting_pools.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import lasting_pools as lp
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.block import Character, health_track_for
from battlewheel.engine.rulesets.rewrite.state import Combat

PAGE = "between fights, the GM's healing (000 gives no healing times)"


@dataclass(frozen=True)
class Lasting(lp.HealthAndPools):
    """A 2e character's current condition: damage by kind, Willpower and motes spent."""


LASTING = Lasting

_POOL_FIELDS = {"willpower": "willpower", "personal": "personal_motes",
                "peripheral": "peripheral_motes"}


def _most(block: Character, pool: str) -> int:
    return int(getattr(block, _POOL_FIELDS[pool]))


def _read(state: Combat, cid: str) -> tuple[HealthTrack, dict[str, int]] | None:
    who = state.combatants.get(cid)
    if who is None:
        return None
    return who.health, {pool: _most(who.character, pool) - int(getattr(who, name))
                        for pool, name in _POOL_FIELDS.items()}


RULES = lp.PoolRules(Lasting, health_track_for, _most, _read, "000 §Health Levels")


def joined(block: Character, lasting: Lasting) -> dict[str, Any]:
    """The fight record's track and pools for a fighter joining at ``lasting``."""
    kept: Lasting = lp.fitted(RULES, block, lasting).lasting
    return {"health": lp.marked(RULES, block, kept),
            **{name: _most(block, pool) - lp.spent(kept, pool)
               for pool, name in _POOL_FIELDS.items()}}



RULES_OF_LASTING = lp.PooledLasting(RULES, PAGE)
"""The ruleset's ``lasting_module``: the shared rules bound to this system's."""

def marked_track(block: Character, lasting: Lasting) -> str:
    """The condition's marks on the block's track, as the sheet draws them."""
    return lp.marked(RULES, block, lasting).marks
