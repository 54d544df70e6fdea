"""What a 2e Rewrite fight leaves on a character, and healing between fights.

Rules page rules/between-fights.md §2e Rewrite (000, 004): health boxes by kind in their
order, Willpower spent, personal and peripheral motes carry; the GM heals N levels of one
kind, deepest first, regains or restores motes and Willpower (004 §Stunts gives motes back
only inside a fight). The shared rules are engine/core/lasting_pools.py.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import lasting_pools as lp
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.lasting import CarryLine, Changed, RestChoice, RestOffer
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
    kept: Lasting = fitted(block, lasting).lasting
    return {"health": lp.marked(RULES, block, kept),
            **{name: _most(block, pool) - lp.spent(kept, pool)
               for pool, name in _POOL_FIELDS.items()}}


def fresh(block: Character) -> Lasting:
    """Unhurt, every pool full."""
    return Lasting()


def after(state: Combat, combatant_id: str, before: Lasting) -> Lasting:
    """What the fight as it stands leaves on a fighter."""
    return lp.after(RULES, state, combatant_id, before)  # type: ignore[return-value]


def lines(block: Character, before: Lasting, after: Lasting,
          options: Any) -> tuple[CarryLine, ...]:
    """Health, Willpower and motes, each when the fight changed it."""
    return lp.lines(RULES, block, before, after)


def carried(block: Character, before: Lasting, after: Lasting,
            keys: Collection[str]) -> Lasting:
    """``before`` with the ticked parts from ``after``."""
    return lp.carried(before, after, keys)  # type: ignore[return-value]


def fitted(block: Character, lasting: Lasting) -> Changed:
    """The condition on an edited block, marks worst first, what no longer fits said."""
    return lp.fitted(RULES, block, lasting)


def summary(block: Character, lasting: Lasting) -> str:
    """"2 lethal, 1 bashing; Willpower 3/5; Motes 4/10 personal"."""
    return lp.summary(RULES, block, lasting)


def sections(block: Character, lasting: Lasting) -> tuple[Any, ...]:
    """The sheet's and the card's "Current condition" section."""
    return lp.sections(RULES, block, lasting)


def rest_offers(block: Character, lasting: Lasting, options: Any) -> tuple[RestOffer, ...]:
    """Heal N of one kind, all bashing, regain or restore Willpower and motes."""
    return lp.rest_offers(RULES, block, lasting, PAGE)


def rested(block: Character, lasting: Lasting, choice: RestChoice, options: Any) -> Changed:
    """The condition after one rest (refused: ``IllegalAction`` saying why)."""
    return lp.rested(RULES, block, lasting, choice, PAGE)


def marked_track(block: Character, lasting: Lasting) -> str:
    """The condition's marks on the block's track, as the sheet draws them."""
    return lp.marked(RULES, block, lasting).marks
