"""A fighter's stat block changed mid-fight (the character editor's ``ChangeBlock``).

The new block counts from now on; what the fight did stays: the points of Health,
Vigor and Ward lost (and the Backlash among them), this round's Dodge losses and Parry
uses, the actions spent, the conditions. A track whose maximum shrank below what was
lost is held at its least (002 §Damage Tracking: Health to minus its maximum).
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.state import Fight


def _kept(most: int, lost: int, least: int) -> int:
    return max(least, min(most, most - lost))


def replace_block(state: Fight, cid: str, block: StatBlock) -> list[Event]:
    """Give fighter ``cid`` the block ``block``, keeping the damage the fight dealt."""
    who = state.fighters[cid]
    old = who.block
    if block == old:
        raise IllegalAction("character editor", f"{who.name}'s traits are unchanged")
    health = _kept(block.health_max, old.health_max - who.health, -block.health_max)
    vigor = _kept(block.vigor_max, old.vigor_max - who.vigor, 0)
    ward = _kept(block.ward, old.ward - who.ward, 0)
    state.fighters[cid] = who.replace(
        block=block, health=health, vigor=vigor, ward=ward,
        backlash_health=min(who.backlash_health, block.health_max - health),
        backlash_vigor=min(who.backlash_vigor, block.vigor_max - vigor),
        parry_used=min(who.parry_used, block.parry),
        player=who.player or block.player,  # marked a player character: one from now on
    )
    renamed = f" (now {block.name})" if block.name != old.name else ""
    return [Event("block_changed", cid, f"{old.name}'s traits change from now on{renamed}.")]
