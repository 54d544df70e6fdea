"""The derived values refreshed after every action, worked out only where they may change.

A combatant's ``Derived`` follows from its own frozen record, the rulings, whether it
is in a grapple, and where everyone stands (zones and close pairs, or the GM's bands).
The state remembers the records as the last refresh left them and those inputs
(``Combat.refreshed``); the next refresh works out again only the records an action
replaced, and everyone's ranges only when someone's place changed. The result is the
same as working out everyone whole (tests/engine/rulesets/ex3/test_refresh.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping

from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Derived, Refreshed


def derived(state: Combat, who: Combatant) -> Derived:
    """Parry, Evasion, soak, Hardness, wound penalty and standing Defence modifier.

    003 §Defending Against Attacks, §Resisting Attacks.
    """
    return own_values(state, who, ranges(state, who.id))


def own_values(state: Combat, who: Combatant, ranges: tuple[tuple[str, str], ...]) -> Derived:
    """The values that follow from the record itself (003 §Defending Against Attacks)."""
    rounding = state.options.static_rounding
    wound = 0 if who.is_group else r.wound_penalty(who.health)
    return Derived(
        parry=d.best_parry(who, rounding) or 0, evasion=r.evasion(who.block, rounding),
        soak=r.soak(who.block, who.size), hardness=r.hardness(who.block, who.in_crash),
        wound_penalty=wound, defence_mod=sum(v for _, v in d.standing_modifiers(state, who)),
        ranges=ranges)


def ranges(state: Combat, cid: str) -> tuple[tuple[str, str], ...]:
    """The band to everyone else, in the roster's order (003 §Positioning and Movement)."""
    return tuple((other, d.band(state, cid, other)) for other in state.combatants
                 if other != cid)


def refresh(state: Combat) -> None:
    """Store each combatant's derived values, working out only what may have changed."""
    known = state.refreshed
    grappling = _grappling(state)
    if known is not None and (known.options is not state.options
                              or known.grappling != grappling):
        known = None  # a ruling or a grapple changed: every record is worked out again
    zones = tuple((cid, who.zone) for cid, who in state.combatants.items())
    known_close: frozenset[frozenset[str]]
    known_bands: Mapping[frozenset[str], str]
    if known is None or _moved(state, known, zones):
        _work_out(state, lambda who: derived(state, who))
        known_close, known_bands = frozenset(state.close), dict(state.bands)
    else:
        last = known.records
        _work_out(state, lambda who: _own_values_again(state, last[who.id], who),
                  unless=lambda who: last.get(who.id) is who)
        known_close, known_bands = known.close, known.bands
    state.refreshed = Refreshed(dict(state.combatants), state.options, grappling, zones,
                                known_close, known_bands)


OWN_INPUTS = ("block", "health", "size", "initiative", "onslaught", "clash_penalty",
              "flurry_penalty", "action_defence", "cover", "conditions", "rout_failed", "ready")
"""The fields of a record that ``own_values`` reads (besides the id, the rulings and the
grapples); tests/engine/rulesets/ex3/test_refresh.py changes each other field and finds
the values the same."""

_own_inputs = operator.attrgetter(*OWN_INPUTS)


def _own_values_again(state: Combat, last: Combatant, who: Combatant) -> Derived:
    """``who``'s values, where ``last`` is its record as last refreshed: the same values
    when the action changed none of the fields they are worked out from (most turns
    change only whether it has acted, its Crash count, its aim)."""
    if _own_inputs(last) == _own_inputs(who):
        return last.derived
    return own_values(state, who, last.derived.ranges)


def _work_out(state: Combat, values: Callable[[Combatant], Derived],
              unless: Callable[[Combatant], bool] = lambda who: False) -> None:
    """Each record's derived ``values`` stored where they differ (skipping ``unless``)."""
    for cid, who in state.combatants.items():
        if unless(who):
            continue
        fresh = values(who)
        if fresh != who.derived:
            state.combatants[cid] = who.replace(derived=fresh)


def _moved(state: Combat, known: Refreshed, zones: tuple[tuple[str, int], ...]) -> bool:
    """Whether any range may differ: someone joined, left or moved, or a pair's band changed."""
    return known.zones != zones or known.close != state.close or known.bands != state.bands


def _grappling(state: Combat) -> frozenset[str]:
    """Everyone holding or held in a grapple (a standing Defence modifier)."""
    return frozenset(state.grapples) | {grip.target for grip in state.grapples.values()}
