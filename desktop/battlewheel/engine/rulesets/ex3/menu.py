"""The Combat menu for a 3e turn: each entry with its dialog, or its action, or why not now."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import clash as clashes
from battlewheel.engine.rulesets.ex3 import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Turn

DIALOG = "ex3."


def turn_actions(state: Combat) -> tuple[c.TurnAction, ...]:
    """Set-up entries before the fight, the turn's actions during it."""
    if state.ended:
        return ()
    if not state.started:
        return _setup(state)
    turn = state.turn
    who = state.combatants.get(turn.actor) if turn else None
    entries = [c.TurnAction("next_turn", "Next turn", "Space", action=a.NextTurn(),
                            toolbar=True, why_not=_pending_stealth(who))]
    if turn is None or who is None:
        return tuple(entries)
    return tuple(entries + _turn_entries(state, turn, who))


def _setup(state: Combat) -> tuple[c.TurnAction, ...]:
    unrolled = [w for w in state.combatants.values() if not w.joined]
    joined = sum(1 for w in state.combatants.values() if w.joined)
    return (
        c.TurnAction("join_battle", "Roll Join Battle…", "Ctrl+J", dialog=DIALOG + "join_battle",
                     why_not="" if unrolled else "everyone has rolled"),
        c.TurnAction("start", "Start the battle", "Ctrl+Return", action=a.StartCombat(),
                     toolbar=True,
                     why_not="" if joined >= 2 else "two combatants must roll Join Battle"),
    )


def _pending_stealth(who: Combatant | None) -> str:
    if who is not None and who.stealth_check:
        return "roll concealment after moving while hidden"
    return ""


def _simple_left(turn: Turn, who: Combatant) -> str:
    if who.restrained:
        return "restrained: reflexive actions only"
    if not turn.simple:
        return ""
    if len(turn.simple) == 1 and turn.flurry:
        return ""
    return "the Simple action is used"


def _turn_entries(state: Combat, turn: Turn, who: Combatant) -> list[c.TurnAction]:
    simple = _simple_left(turn, who)
    crash = "in Crash: not allowed" if who.in_crash else ""
    moved = "the Movement action is used" if turn.movement else ""
    group = "" if any(g.is_group and g.side == who.side for g in state.combatants.values()) \
        else "no battle group follows this side"
    entries = [
        _entry("concealment", "Concealment roll…", "",
               "" if who.stealth_check else "owed only after moving while hidden"),
        _entry("attack", "Attack…", "Ctrl+A", simple, toolbar=True),
        _entry("clash", "Clash…", "Ctrl+Shift+A", simple or _clash_why(state, who)),
        _entry("delay", "Delay…", "Ctrl+D",
               "" if not turn.simple and not turn.movement else "already acted this turn"),
        _entry("aim", "Aim…", "", simple or moved),
        _entry("defend_other", "Defend Other…", "", simple),
        _entry("full_defense", "Full Defense", "", simple or crash),
        _entry("move", "Move…", "M", moved or _close_foe(state, who)),
        _entry("disengage", "Disengage…", "", simple or moved or _no_close_foe(state, who)),
        _entry("rush", "Rush…", "", simple),
        _entry("withdraw", "Withdraw…", "", simple or moved),
        _entry("take_cover", "Take Cover…", "", simple or moved),
        _entry("rise", "Rise From Prone…", "", simple or ("" if who.prone else "not prone")),
        _entry("ready_weapon", "Ready Weapon…", "", simple),
        _entry("establish_surprise", "Establish Surprise…", "", simple),
        _entry("go_to_ground", "Go to Ground…", "", simple or moved),
        _entry("other", "Other action…", "", simple),
        _entry("order", "Order a battle group…", "", simple or group),
        _entry("rally", "Rally…", "", simple or group),
        _entry("rally_for_numbers", "Rally for Numbers…", "", simple or group),
        _entry("grapple", "Grapple manoeuvre…", "",
               "" if who.id in state.grapples else "holds no one"),
    ]
    return entries


def _entry(key: str, label: str, shortcut: str, why_not: str, *,
           toolbar: bool = False) -> c.TurnAction:
    return c.TurnAction(key, label, shortcut, dialog=DIALOG + key, why_not=why_not,
                        toolbar=toolbar)


def _clash_why(state: Combat, who: Combatant) -> str:
    able = [o for o in state.foes(who.id) if not clashes.can_answer(state, who.id, o)]
    return "" if able else "no foe acts on this tick"


def _close_foe(state: Combat, who: Combatant) -> str:
    return "a foe is at close range: Disengage" if d.foes_at_close(state, who.id) else ""


def _no_close_foe(state: Combat, who: Combatant) -> str:
    return "" if d.foes_at_close(state, who.id) else "no foe at close range"
