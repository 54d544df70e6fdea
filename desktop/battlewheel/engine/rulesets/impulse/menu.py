"""The Combat menu of an Impulse fight: each entry, the dialog it opens and why it is greyed out.

The later views package opens the named dialogs; the engine says only what each needs
and whether the rules allow it now, so a greyed entry always gives its reason.
"""

from __future__ import annotations

from dataclasses import replace

from battlewheel.engine.core.contract import TurnAction, first_enabled
from battlewheel.engine.core.kept import SameAsLast, fingerprint
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.common import in_melee_with_foe
from battlewheel.engine.rulesets.impulse.rules import (
    DASH_COST,
    DISENGAGE_COST,
    HOLD_COST,
    STRIKE_MINIMUM,
)
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat, counter_key

NOT_BEGUN = "the fight has not begun: roll for the order, then Begin round 1 (Ctrl+Return)"
BEGUN = "the fight has begun"
OVER = "the fight is over"
# Entries that stay open whether or not the fight has begun (a reinforcement rolls late).
ANY_TIME = ("roll_order", "settle_tie", "villain_escapes", "range_bands")
SETUP, TURN, GM_HAND = 0, 1, 2


def turn_actions(state: ImpulseCombat) -> tuple[TurnAction, ...]:
    """Every entry, always the same ones in the same order, greyed with the reason.

    The window makes its menu keys once per system, so set-up and turn entries are all
    listed in every phase: the set-up ones greyed once the fight has begun, the turn's
    before it, everything once it is over. The window asks it, and Space's entry, of
    each state: an equal state answers from the last time.
    """
    return _MENU.get((), (fingerprint(state),), lambda: _turn_actions(state))


_MENU: SameAsLast[tuple[TurnAction, ...]] = SameAsLast()


def _turn_actions(state: ImpulseCombat) -> tuple[TurnAction, ...]:
    setup = [replace(e, group=SETUP) for e in _setup(state)]
    fight = [replace(e, group=GM_HAND if e.key in ANY_TIME else TURN) for e in _fight(state)]
    entries = [*setup, *fight]
    if state.ended:
        return tuple(replace(e, why_not=OVER) for e in entries)
    closed = BEGUN if state.started else NOT_BEGUN
    phase_keys = {e.key for e in (fight if state.started else setup)}
    return tuple(
        e if e.key in phase_keys or e.key in ANY_TIME else replace(e, why_not=closed)
        for e in entries
    )


def _setup(state: ImpulseCombat) -> tuple[TurnAction, ...]:
    unrolled = [f for f in state.combatants.values() if not f.orders]
    unplaced = [
        f
        for f in state.combatants.values()
        if len(f.orders) != f.character.actions and not state.in_reserve(f.id)
    ]
    return (
        TurnAction(
            "roll_order",
            "Roll for the order\u2026",
            "R",
            "1d10 + Initiative per action",
            dialog="impulse_order",
            why_not="" if unrolled else "everyone has rolled",
        ),
        TurnAction(
            "ambush",
            "Ambush\u2026",
            "",
            "who is caught unawares; Cunning + Awareness contests",
            dialog="impulse_ambush",
        ),
        TurnAction(
            "start",
            "Begin round 1",
            "Ctrl+Return",
            action=a.StartCombat(),
            toolbar=True,
            why_not=(""
                     if len(state.combatants) >= 2 and not unplaced
                     else "every combatant on the field needs all their order values")
            or _player_tie_why(state),
        ),
    )


def _player_tie_why(state: ImpulseCombat) -> str:
    """A tie with a player character in it is settled by asking, never by the tracker."""
    asking = player_ties(state)
    if not asking:
        return ""
    chooser = tie_chooser(state, asking[0])
    how = "flip a coin" if chooser == "coin" else "the player picks who goes first"
    return f"settle the tie first (Settle a tie: {how}; 001 §Turn Order)"


def _tie_entry(state: ImpulseCombat) -> TurnAction:
    tied = unsettled_ties(state)
    return TurnAction(
        "settle_tie",
        "Settle a tie\u2026",
        "",
        "the player picks, or a coin flip",
        dialog="impulse_tie",
        why_not="" if tied else "no tie to settle",
    )


def tie_chooser(state: ImpulseCombat, keys: tuple[str, ...]) -> str:
    """Who breaks a tie (001 §Turn Order): two or more players flip a coin ("coin"); a
    player against NPCs picks ("player"); NPCs alone are the GM's call ("gm"), the tracker
    proposing the higher Initiative score (rules/impulse.md §4)."""
    players = {k.partition("#")[0] for k in keys if state.combatants[k.partition("#")[0]].player}
    if len(players) > 1:
        return "coin"
    return "player" if players else "gm"


def player_ties(state: ImpulseCombat) -> tuple[tuple[str, ...], ...]:
    """The unsettled ties a player character is in: these are asked, never assumed."""
    return tuple(keys for keys in unsettled_ties(state) if tie_chooser(state, keys) != "gm")


def unsettled_ties(state: ImpulseCombat) -> tuple[tuple[str, ...], ...]:
    """Groups of tied counters of different fighters that the GM has not put in order:
    this round's counters yet to act, then the coming round's values (a Change Initiative
    or a later order roll can make a tie after the fight began; 001 §Turn Order).

    The menu, the next step and the status ask it several times of one state; unchanged
    records (and turn) answer from the last time."""
    keys = (state.round, state.tie_breaks, state.started, state.done, state.acting_key,
            *state.combatants)
    return _TIES.get(tuple(state.combatants.values()), keys, lambda: _unsettled_ties(state))


def _unsettled_ties(state: ImpulseCombat) -> tuple[tuple[str, ...], ...]:
    found: list[tuple[str, ...]] = []
    for groups in (_groups(_yet_to_act(state)), _groups(_coming(state))):
        for keys in groups:
            if keys not in found and _unsettled(state, keys):
                found.append(keys)
    return tuple(found)


_TIES: SameAsLast[tuple[tuple[str, ...], ...]] = SameAsLast()


def tie_value(state: ImpulseCombat, keys: tuple[str, ...]) -> int:
    """The value a tie's counters share (this round's, else the coming round's)."""
    now = dict(_yet_to_act(state))
    return now[keys[0]] if all(now.get(k) == now.get(keys[0]) for k in keys) \
        else dict(_coming(state))[keys[0]]


def _yet_to_act(state: ImpulseCombat) -> list[tuple[str, int]]:
    # Before the fight, everyone; after, the counters this round still has to come to.
    return [(e.key, e.value) for e in state.order()
            if not state.started or (e.key not in state.done and e.key != state.acting_key)]


def _coming(state: ImpulseCombat) -> list[tuple[str, int]]:
    # The coming round's values, for those on the field (Change Initiative sets them).
    if not state.started:
        return []
    keys = {e.key for e in state.order()}
    return [(counter_key(cid, i), value) for cid, who in state.combatants.items()
            for i, value in enumerate(who.next_orders) if counter_key(cid, i) in keys]


def _groups(values: list[tuple[str, int]]) -> list[tuple[str, ...]]:
    groups: dict[int, list[str]] = {}
    for key, value in values:
        groups.setdefault(value, []).append(key)
    return [tuple(keys) for keys in groups.values()]


def _unsettled(state: ImpulseCombat, keys: tuple[str, ...]) -> bool:
    return len({k.partition("#")[0] for k in keys}) > 1 \
        and not all(k in state.tie_breaks for k in keys)


def _fight(state: ImpulseCombat) -> tuple[TurnAction, ...]:
    cid = state.acting_id()
    who = state.combatants[cid] if cid else None
    simple = _simple_why(state, who)
    holders = [f for f in state.combatants.values()
               if f.hold is not None and not f.hold.after_turn]
    return (
        _opens("manoeuvre", "Manoeuvre\u2026", "M", "roll for Impulse; stunts add effects",
               simple, toolbar=True),
        _opens("decisive", "Decisive Strike\u2026", "D", "spend Impulse on damage",
               simple or _strike_why(who), toolbar=True),
        _opens("flurry", "Flurry Strike\u2026", "F",
               "one roll against the highest DV, damage split", simple or _strike_why(who)),
        _opens("hold", "Hold action\u2026", "H", "2 Impulse; wait for a trigger",
               simple or _cost_why(who, HOLD_COST, "holding")
               or ("a firing hold cannot be held again" if state.paused else "")),
        _opens("fire_hold", "Fire a held action\u2026", "Shift+H", "",
               "" if holders and not state.paused else "nobody is holding an action"),
        _opens("change_initiative", "Change Initiative\u2026", "I",
               "+1 order per Impulse, from next round", _free_why(who, "change_initiative")),
        _opens("move", "Move\u2026", "V", "one band",
               _move_why(state, who) or _melee_why(state, who)),
        _opens("dash", "Dash\u2026", "Shift+V", "two bands, 2 Impulse, \u22121 DV",
               _move_why(state, who) or _melee_why(state, who) or _dash_why(state, who)),
        _opens("disengage", "Disengage\u2026", "G", "2 Impulse, back to short",
               _move_why(state, who) or _disengage_why(state, who)),
        TurnAction(
            "end_turn",
            "End turn",
            "N",
            action=a.EndTurn(),
            toolbar=True,
            why_not=("" if state.acting_key else "nobody is acting") or _player_tie_why(state),
        ),
        _tie_entry(state),
        _opens("villain_escapes", "Villain escapes\u2026", "", "each player gains a Strife Point"),
        _opens("range_bands", "Range bands\u2026", "Ctrl+Shift+B",
               "one band between a fighter and several others (001 \u00a7Range Bands)",
               "" if len(state.combatants) >= 2 else "two fighters are needed",
               dialog="impulse_ranges"),
    )


def _opens(key: str, label: str, shortcut: str, tip: str, why_not: str = "", *,
           toolbar: bool = False, dialog: str = "") -> TurnAction:
    """An entry that opens its own dialog: ``impulse_<key>`` unless ``dialog`` names it."""
    return TurnAction(key, label, shortcut, tip, dialog=dialog or f"impulse_{key}",
                      why_not=why_not, toolbar=toolbar)


def _simple_why(state: ImpulseCombat, who: Fighter | None) -> str:
    if who is None:
        return "nobody is acting"
    return "this turn's Simple action is taken" if state.simple_done else ""


def _strike_why(who: Fighter | None) -> str:
    return _cost_why(who, STRIKE_MINIMUM, "a Decisive Strike")


def _cost_why(who: Fighter | None, cost: int, what: str) -> str:
    if who is None:
        return "nobody is acting"
    return f"{what} needs {cost} Impulse ({who.impulse} now)" if who.impulse < cost else ""


def _free_why(who: Fighter | None, kind: str) -> str:
    if who is None:
        return "nobody is acting"
    return "already used this turn" if kind in who.free_used else ""


def _move_why(state: ImpulseCombat, who: Fighter | None) -> str:
    if who is None:
        return "nobody is acting"
    if who.moved:
        return f"this round's movement is used ({who.moved})"
    return "restrained this round" if who.has("restrained") else ""


def _melee_why(state: ImpulseCombat, who: Fighter | None) -> str:
    if who is not None and in_melee_with_foe(state, who.id):
        return "in melee with a foe: Disengage instead"
    return ""


def _dash_why(state: ImpulseCombat, who: Fighter | None) -> str:
    if who is not None and who.dash_round is not None and who.dash_round == state.round - 1:
        return "dashed last round"
    return _cost_why(who, DASH_COST, "a Dash")


def _disengage_why(state: ImpulseCombat, who: Fighter | None) -> str:
    if who is not None and not in_melee_with_foe(state, who.id):
        return "not in melee with a foe"
    return _cost_why(who, DISENGAGE_COST, "a Disengage")


# -- the window's status line and its Help > Reading the wheel ------------------------------

WHEEL_LEGEND = (
    "<p>The ring is this round's order, highest order value at the top, one slot per "
    "action counter (an NPC with extra actions has more). The hub gives the round.</p>"
    "<p>Each counter shows its Impulse (top left) and an arc of Endurance left; "
    "<b>\u2192n</b> (top right) is a changed order value that takes effect next round, "
    "and a faint dashed copy of the counter stands where that puts it; "
    "P or F (bottom left) is partial or full cover. Ambushed counters sit in the shaded "
    "trailing slots in round 1; held actions wait in the pocket at the lower right, "
    "labelled with their trigger; reinforcements wait under the ring.</p>"
    "<p>Drag the acting counter to an earlier slot: Change Initiative, its Impulse cost "
    "asked first. Drag it into the pocket to hold its action (2 Impulse; you type the "
    "trigger); drag a held counter out onto the acting slot (or the one before) to act "
    "before the trigger, onto the next slot to act after it. Any other drag is a GM edit "
    "at no cost. Ctrl+Z undoes any of them.</p>"
)


def status_line(state: ImpulseCombat) -> str:
    """The round, who acts with how much Impulse, and the GM's next step."""
    if state.ended:
        return "The fight is over"
    if not state.started:
        step = ("roll for the order (R)" if _unrolled(state)
                else "settle the tie (the player picks, or a coin)" if player_ties(state)
                else "Begin round 1 (Ctrl+Return)")
        return f"Not started: {step}"
    cid = state.acting_id()
    if cid is None:
        return f"Round {state.round} \u00b7 nobody can act"
    who = state.combatants[cid]
    taken = "Simple action taken: End turn (N)" if state.simple_done else "a Simple action"
    held = " \u00b7 a held action is firing" if state.paused else ""
    return f"Round {state.round} \u00b7 {who.name}, {who.impulse} Impulse \u00b7 {taken}{held}"


def _unrolled(state: ImpulseCombat) -> bool:
    return any(not f.orders for f in state.combatants.values() if not state.in_reserve(f.id))


def next_step(state: ImpulseCombat) -> TurnAction | None:
    """Space: roll for the order, settle a tie a player is in, begin round 1, then end
    the acting turn (001 §Rounds, §Turn Order).

    What the acting fighter does is the GM's choice from the menu; Space moves play on.
    """
    if state.ended:
        return None
    if player_ties(state):
        return first_enabled(turn_actions(state), ("roll_order", "settle_tie"))
    keys = ("roll_order", "start") if not state.started else ("end_turn", "roll_order")
    entry = first_enabled(turn_actions(state), keys)
    if entry is not None and entry.key == "end_turn" and _idle_turn(state):
        who = state.combatants[state.acting_id() or ""]
        entry = replace(entry, confirm=f"{who.name} has done nothing this turn. End the turn?")
    return entry


def _idle_turn(state: ImpulseCombat) -> bool:
    """Whether the acting fighter has taken no action, free or Simple, nor moved."""
    cid = state.acting_id()
    if cid is None or state.simple_done:
        return False
    who = state.combatants[cid]
    return not who.free_used and not who.moved and who.hold is None
