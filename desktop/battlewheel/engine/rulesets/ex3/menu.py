"""The Combat menu for a 3e turn: each entry with its dialog, or its action, or why not now."""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.kept import SameAsLast, fingerprint
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.handlers import clash as clashes
from battlewheel.engine.rulesets.ex3.handlers import gm
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Turn

DIALOG = "ex3."


def turn_actions(state: Combat) -> tuple[c.TurnAction, ...]:
    """Every entry, always the same keys in the same order; ``why_not`` says what is idle.

    The window makes its menu and shortcuts once per ruleset, so an entry that appeared
    only once the fight started would have no key to press. The window asks it, and
    Space's entry, of each state: an equal state answers from the last time.
    """
    return _MENU.get((), (fingerprint(state),), lambda: _turn_actions(state))


_MENU: SameAsLast[tuple[c.TurnAction, ...]] = SameAsLast()


def _turn_actions(state: Combat) -> tuple[c.TurnAction, ...]:
    turn = state.turn
    who = state.combatants.get(turn.actor) if turn else None
    idle = _idle_reason(state)
    next_why = idle if state.ended or not state.started else _pending_stealth(who)
    entries = [*_setup(state),
               c.TurnAction("next_turn", "Next turn", "N", action=a.NextTurn(),
                            toolbar=True, why_not=next_why, group=1)]
    gm_entries = _gm_entries(state)
    if turn is None or who is None or idle:
        return tuple(entries + [_idle(entry, idle or "between turns")
                                for entry in _turn_entries(state, Turn(actor=""), None)]
                     + gm_entries)
    return tuple(entries + _turn_entries(state, turn, who) + gm_entries)


def next_step(state: Combat) -> c.TurnAction | None:
    """Space: roll Join Battle, start, a concealment roll owed, else the next turn.

    The turn's own actions are the GM's choice from the menu; Space moves the fight on
    (003 §The Flow of Combat).
    """
    if state.ended:
        return None
    entries = turn_actions(state)
    if not state.started:
        return c.first_enabled(entries, ("join_battle", "start"))
    owed = c.first_enabled(entries, ("concealment",))
    step = owed or next(entry for entry in entries if entry.key == "next_turn")
    turn = state.turn
    if step.key == "next_turn" and step.enabled and turn is not None and _idle_turn(turn):
        name = state.combatants[turn.actor].name
        step = _ask(step, f"{name} has done nothing this turn. End the turn?")
    return step


def _idle_turn(turn: Turn) -> bool:
    """Whether the actor has taken no Simple action and made no move this turn."""
    return bool(turn.actor) and not turn.simple and not turn.movement and not turn.moved


def _ask(entry: c.TurnAction, question: str) -> c.TurnAction:
    return dataclasses.replace(entry, confirm=question)


def _idle_reason(state: Combat) -> str:
    if state.ended:
        return "the combat is over"
    return "" if state.started else "the battle has not begun"


def _idle(entry: c.TurnAction, why: str) -> c.TurnAction:
    return dataclasses.replace(entry, why_not=why)


def _setup(state: Combat) -> tuple[c.TurnAction, ...]:
    unrolled = [w for w in state.combatants.values() if not w.joined]
    joined = sum(1 for w in state.combatants.values() if w.joined)
    begun = "the battle has begun" if state.started else ""
    return (
        # A late joiner rolls Join Battle once the fight has begun (003 §The Flow of Combat).
        c.TurnAction("join_battle", "Roll Join Battle…", "Ctrl+J", dialog=DIALOG + "join_battle",
                     why_not=_idle_reason(state) if state.ended else (
                         "" if unrolled else "everyone has rolled")),
        c.TurnAction("start", "Start the battle", "Ctrl+Return", action=a.StartCombat(),
                     toolbar=True, why_not=begun or (
                         "" if joined >= 2 else "two combatants must roll Join Battle")),
    )


def _pending_stealth(who: Combatant | None) -> str:
    if who is not None and who.stealth_check:
        return "roll concealment after moving while hidden"
    return ""


def _simple_left(turn: Turn, who: Combatant) -> str:
    """Why the turn has no Simple action left (003 §Combat Actions)."""
    if who.restrained:
        return "restrained: reflexive actions only"
    if not turn.simple or turn.extra:
        return ""
    if len(turn.simple) == 1 and turn.flurry:
        return ""
    return "the Simple action is used"


# key, label, shortcut, on the toolbar, menu group (the turn's actions, then commands)
TURN_ENTRIES = (
    ("concealment", "Concealment roll…", "", False, 2),
    ("attack", "Attack…", "Ctrl+A", True, 2),
    ("clash", "Clash…", "Ctrl+Shift+A", False, 2),
    ("delay", "Delay…", "Ctrl+D", False, 2),
    ("aim", "Aim…", "", False, 2),
    ("defend_other", "Defend Other…", "", False, 2),
    ("full_defense", "Full Defense…", "", False, 2),
    ("move", "Move…", "V", False, 3),
    ("disengage", "Disengage…", "", False, 3),
    ("rush", "Rush…", "", False, 3),
    ("withdraw", "Withdraw…", "", False, 3),
    ("take_cover", "Take Cover…", "", False, 3),
    ("rise", "Rise From Prone…", "", False, 3),
    ("ready_weapon", "Ready Weapon…", "", False, 4),
    ("establish_surprise", "Establish Surprise…", "", False, 4),
    ("go_to_ground", "Go to Ground…", "", False, 4),
    ("other", "Other action…", "", False, 4),
    ("grapple", "Grapple manoeuvre…", "", False, 4),
    ("order", "Order a battle group…", "", False, 5),
    ("rally", "Rally…", "", False, 5),
    ("rally_for_numbers", "Rally for Numbers…", "", False, 5),
)


def _turn_entries(state: Combat, turn: Turn, who: Combatant | None) -> list[c.TurnAction]:
    why = _reasons(state, turn, who) if who is not None else {}
    return [c.TurnAction(key, label, shortcut, dialog=DIALOG + key, why_not=why.get(key, ""),
                         toolbar=toolbar, group=group)
            for key, label, shortcut, toolbar, group in TURN_ENTRIES]


def _reasons(state: Combat, turn: Turn, who: Combatant) -> dict[str, str]:
    """Why each entry cannot be used now ("" when it can)."""
    simple = _simple_left(turn, who)
    crash = "in Crash: not allowed" if who.in_crash else ""
    moved = "the Movement action is used" if turn.movement else ""
    group = "" if any(g.is_group and g.side == who.side for g in state.combatants.values()) \
        else "no battle group follows this side"
    return {
        "concealment": "" if who.stealth_check else "owed only after moving while hidden",
        "attack": simple,
        "clash": simple or _clash_why(state, who),
        "delay": "" if not turn.simple and not turn.movement else "already acted this turn",
        "aim": simple or moved,
        "defend_other": simple,
        "full_defense": simple or crash,
        "move": moved or _close_foe(state, who),
        "disengage": simple or moved or _no_close_foe(state, who),
        "rush": simple,
        "withdraw": simple or moved,
        "take_cover": simple or moved,
        "rise": simple or ("" if who.prone else "not prone"),
        "ready_weapon": simple,
        "establish_surprise": simple,
        "go_to_ground": simple or moved,
        "other": simple,
        "grapple": "" if who.id in state.grapples else "holds no one",
        "order": simple or group,
        "rally": simple or group,
        "rally_for_numbers": simple or group,
    }


# key, label: what happens out of anyone's turn, then the GM's edits (rules/3e.md §4-5)
GM_ENTRIES = (
    ("escape", "Escape from a hold at bay…", 6),
    ("end_hold", "A hold at bay runs out…", 6),
    ("rejoin", "Rejoin from hiding…", 6),
    ("award_break", "GM: Award the Break for a self-Crash…", 7),
    ("set_range", "GM: Range…", 7),
    ("set_condition", "GM: Condition…", 7),
    ("mark_rough", "GM: Rough terrain…", 7),
    ("remove", "GM: Take someone out of the fight…", 7),
)


# The GM's edits that have a key: ranges are set pair by pair, often, by keys alone.
GM_KEYS = {"set_range": "Ctrl+G"}


def _gm_entries(state: Combat) -> list[c.TurnAction]:
    why = _gm_reasons(state)
    return [c.TurnAction(key, label, GM_KEYS.get(key, ""), dialog=DIALOG + key,
                         why_not=why[key], group=group)
            for key, label, group in GM_ENTRIES] + [_extra_action(state)]


def _extra_action(state: Combat) -> c.TurnAction:
    """The GM grants the actor one more Simple action, as a Charm may (rules/3e.md §4)."""
    actor = state.actor if state.started and not state.ended else None
    return c.TurnAction(
        "extra_action", "GM: Grant an extra action (a Charm's)", group=7,
        action=a.GrantExtraAction(actor) if actor else None,
        tip="One more Simple action this turn; an extra attack on a clash partner "
            "resolves normally (003 §Clashes)",
        why_not="" if actor else "nobody is acting")


def _gm_reasons(state: Combat) -> dict[str, str]:
    """Why each GM entry is idle: the edits need combatants, the rulings someone to rule on."""
    over = "the combat is over" if state.ended else ""
    nobody = over or ("" if state.combatants else "nobody is in the fight")
    begun = over or ("" if state.started else "the battle has not begun")
    return {
        "escape": begun or ("" if gm.held(state) else "nobody is held at bay"),
        "end_hold": begun or ("" if gm.hold_over(state) else "no hold at bay has run its course"),
        "rejoin": begun or ("" if gm.gone(state) else "nobody has gone to ground"),
        "award_break": begun or ("" if gm.self_crashed(state) else
                                 "nobody is in a Crash of their own making with a Break to give"),
        "set_range": nobody,
        "set_condition": nobody,
        "mark_rough": over,
        "remove": nobody,
    }


def _clash_why(state: Combat, who: Combatant) -> str:
    """Why no foe can clash now (003 §Clashes)."""
    able = [o for o in state.foes(who.id) if not clashes.can_answer(state, who.id, o)]
    return "" if able else "no foe acts on this tick"


def _close_foe(state: Combat, who: Combatant) -> str:
    """Move cannot leave a foe at close range (003 §Move)."""
    return "a foe is at close range: Disengage" if d.foes_at_close(state, who.id) else ""


def _no_close_foe(state: Combat, who: Combatant) -> str:
    return "" if d.foes_at_close(state, who.id) else "no foe at close range"
