"""3e's log sentences: the action's own words, plus what it led to, read from the states around it.

A refused action (``after`` None) gets its plain sentence.
"""

from __future__ import annotations

from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.state import Combat


def describe(before: Combat, action: a.Action, after: Combat | None) -> str:
    """The log line of ``action`` from ``before`` to ``after``."""
    plain = action.sentence(before.name)
    if after is None:
        return plain
    tail = _outcome(before, action, after)
    return f"{plain[:-1]}; {tail}." if tail else plain


def _outcome(before: Combat, action: a.Action, after: Combat) -> str:
    if isinstance(action, a.Attack | a.Clash):
        return _initiative_changes(before, after)
    if isinstance(action, a.NextTurn | a.StartCombat | a.Delay) and after.actor:
        return f"{after.name(after.actor)} acts on tick {after.tick}"
    if isinstance(action, a.RollJoinBattle):
        who = after.combatants.get(action.combatant)
        return f"{who.initiative}i" if who is not None else ""
    return ""


def _initiative_changes(before: Combat, after: Combat) -> str:
    """Who went from what Initiative, Magnitude or health to what."""
    parts = []
    for cid, now in after.combatants.items():
        then = before.combatants.get(cid)
        if then is None:
            continue
        if then.initiative != now.initiative and not now.is_group:
            parts.append(f"{now.name} {then.initiative}i \u2192 {now.initiative}i")
        if then.magnitude != now.magnitude or then.size != now.size:
            parts.append(f"{now.name} Magnitude {now.magnitude}, Size {now.size}")
        if then.health != now.health:
            parts.append(f"{now.name} health "
                         f"{r.track_words(now.health, after.options.health_track)}")
    return ", ".join(parts)
