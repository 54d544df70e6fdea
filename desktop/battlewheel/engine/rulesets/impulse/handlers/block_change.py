"""A fighter's stat block changed mid-fight (the character editor's ``ChangeBlock``).

The new block counts from now on; the fight keeps what it did: Endurance, Willpower and
motes lost, Impulse, order values, statuses, ranges. A lower Endurance that leaves the
fighter at the ruling's line takes them out as damage would (001 §Endurance, §Defeat).
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.handlers.common import fall, fighter, put
from battlewheel.engine.rulesets.impulse.rules import is_out
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

EDITOR = "character editor"


def _kept(most: int, lost: int, least: int) -> int:
    return max(least, min(most, most - lost))


def replace_block(state: ImpulseCombat, cid: str, block: ImpulseCharacter) -> list[Event]:
    """Give fighter ``cid`` the block ``block`` from now on."""
    who = fighter(state, cid)
    old = who.character
    if block == old:
        raise IllegalAction(EDITOR, f"{who.name}'s traits are unchanged")
    if block.actions != old.actions and who.orders:
        raise IllegalAction(
            "001 §The Combat Round",
            f"{who.name}'s order values are rolled for {old.actions} action(s) a round; "
            "change the actions a round before the order is rolled")
    endurance = _kept(block.endurance, old.endurance - who.endurance, -block.endurance)
    who = put(state, who.replace(
        character=block, endurance=endurance,
        willpower=_kept(block.willpower, old.willpower - who.willpower, 0),
        motes=_kept(block.motes, old.motes - who.motes, 0)))
    renamed = f" (now {block.name})" if block.name != old.name else ""
    events = [Event("block_changed", cid, f"{old.name}'s traits change from now on{renamed}.")]
    if not who.defeated and is_out(endurance, state.options.endurance_out):
        events.extend(fall(state, cid))
    return events
