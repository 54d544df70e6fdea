"""A fighter's character changed mid-fight (the character editor's ``ChangeBlock``).

The new character counts from now on; the fight keeps what it did: the damage on the
health track (laid on the new track's levels, 000 §Health Levels), the Willpower and
motes spent, the counter's place on the wheel, penalties, stunts, the GM's fight
overrides and conditions.
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite.block import Character, health_track_for
from battlewheel.engine.rulesets.rewrite.state import Combat


def _kept(most: int, now: int, before: int) -> int:
    """What is left of a pool whose size went from ``before`` to ``most``, spent kept."""
    return max(0, min(most, most - (before - now)))


def replace_block(state: Combat, cid: str, character: Character) -> list[Event]:
    """Give combatant ``cid`` the character ``character`` from now on."""
    who = state.combatants[cid]
    old = who.character
    if character == old:
        raise IllegalAction("character editor", f"{who.name}'s traits are unchanged")
    track = health_track_for(character)
    state.combatants[cid] = who.replace(
        character=character,
        health=who.health.with_levels(track.penalties, track.dying),
        willpower=_kept(character.willpower, who.willpower, old.willpower),
        personal_motes=_kept(character.personal_motes, who.personal_motes, old.personal_motes),
        peripheral_motes=_kept(character.peripheral_motes, who.peripheral_motes,
                               old.peripheral_motes),
    )
    renamed = f" (now {character.name})" if character.name != old.name else ""
    return [Event("block_changed", cid, f"{old.name}'s traits change from now on{renamed}.")]
