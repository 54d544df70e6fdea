"""Impulse fights set up for the kinds a random walk rarely reaches (seed 001), and makers
that build each from the fight as it stands (see ``tests/engine/rulesets/recipes.py``)."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.rules import BANDS
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

from ..recipes import SHARED, Maker, Recipe, anyone, pick, typed, whose_turn
from .helpers import ana_against_two, block, fight

# -- reading the fight ---------------------------------------------------------------------


def _state(session: CombatSession) -> ImpulseCombat:
    state: ImpulseCombat = session.state
    return state


def _foes(session: CombatSession, cid: str, band: int | None = None) -> list[str]:
    """Foes of ``cid`` still able to act, at ``band`` if given (0 is melee)."""
    state = _state(session)
    if cid not in state.combatants:
        return []
    return [f for f in state.combatants if f != cid and state.hostile(cid, f)
            and state.can_act(f) and (band is None or state.band(cid, f) == band)]


# -- makers --------------------------------------------------------------------------------


def settle_tie(data: st.DataObject, session: CombatSession) -> Action | None:
    """Counters with the same order value, in an order drawn (001 §Turn Order)."""
    tied: dict[int, list[str]] = defaultdict(list)
    for entry in _state(session).order():
        tied[entry.value].append(entry.key)
    chosen = pick(data, [keys for keys in tied.values() if len(keys) > 1], "tie")
    return a.SettleTie(tuple(data.draw(st.permutations(chosen), label="order"))) \
        if chosen else None


def mark_ambushed(data: st.DataObject, session: CombatSession) -> Action:
    players = [c for c, who in _state(session).combatants.items() if who.character.player]
    return a.MarkAmbushed(pick(data, players, "ambushed") or anyone(data, session))


def ambush_contest(data: st.DataObject, session: CombatSession) -> Action | None:
    """An ambushed player's Awareness against a foe's Stealth (001 §Ambush Round)."""
    state = _state(session)
    victims = [c for c, who in state.combatants.items() if who.ambushed and who.character.player]
    victim = pick(data, victims, "victim")
    if victim is None:
        return None
    ambusher = pick(data, _foes(session, victim), "ambusher")
    return a.AmbushContest(victim, ambusher, typed(data, 0, 5), typed(data, 0, 5)) \
        if ambusher else None


def set_order_value(data: st.DataObject, session: CombatSession) -> Action:
    return a.SetOrderValue(anyone(data, session), data.draw(st.integers(1, 14), label="value"))


def roll_order(data: st.DataObject, session: CombatSession) -> Action | None:
    waiting = [who for who in _state(session).combatants.values() if not who.orders]
    who = pick(data, waiting, "roller")
    if who is None:
        return None
    faces = data.draw(st.lists(st.integers(1, 10), min_size=who.character.actions,
                               max_size=who.character.actions), label="faces")
    return a.RollOrder(who.id, a.DiceEntry.of_faces(tuple(faces)))


def add_combatant(data: st.DataObject, session: CombatSession) -> Action:
    joined = len(_state(session).combatants)
    side = data.draw(st.sampled_from(("ally", "enemy")), label="side")
    return a.AddCombatant(f"new{joined}", block(f"New {joined}"), side,
                          band=data.draw(st.sampled_from(BANDS[:4]), label="band"))


def start(data: st.DataObject, session: CombatSession) -> Action:
    return a.StartCombat()


def flurry_strike(data: st.DataObject, session: CombatSession) -> Action | None:
    """At two foes in melee, the damage split between them (001 §Flurry Strikes)."""
    actor = whose_turn(session)
    foes = _foes(session, actor, band=0)
    if len(foes) < 2:
        return None
    targets = tuple(data.draw(st.permutations(foes), label="targets")[:2])
    damage = data.draw(st.integers(0, 6), label="damage")
    first = data.draw(st.integers(0, damage), label="split")
    # Accuracy enough to hit DV 3 (a miss rolls no damage).
    return a.FlurryStrike(actor, targets, "Sword", typed(data, 5, 9), a.DiceEntry.of_successes(
        damage), split=(first, damage - first))


def decisive_strike(data: st.DataObject, session: CombatSession) -> Action | None:
    actor = whose_turn(session)
    target = pick(data, _foes(session, actor, band=0), "target")
    if target is None:
        return None
    damage = data.draw(st.one_of(st.none(), st.integers(0, 6).map(a.DiceEntry.of_successes)))
    return a.DecisiveStrike(actor, target, "Sword", typed(data, 0, 8), damage)


def manoeuvre(data: st.DataObject, session: CombatSession) -> Action:
    return a.Manoeuvre(whose_turn(session), "dexterity", "melee", typed(data, 0, 5))


def disengage(data: st.DataObject, session: CombatSession) -> Action:
    """Every foe in melee contests, or declines (001 §Disengage)."""
    actor = whose_turn(session)
    contests = tuple(a.Contest(foe, data.draw(st.one_of(st.none(), st.integers(0, 4).map(
        a.DiceEntry.of_successes)), label="contest")) for foe in _foes(session, actor, band=0))
    return a.Disengage(actor, contests)


def _movement(cls: type[a.Move] | type[a.Dash]) -> Maker:
    def maker(data: st.DataObject, session: CombatSession) -> Action | None:
        actor = whose_turn(session)
        foe = pick(data, _foes(session, actor), "foe")
        way = data.draw(st.sampled_from(a.DIRECTIONS), label="way")
        return cls(actor, (foe,), way) if foe else None
    return maker


def clear_status(data: st.DataObject, session: CombatSession) -> Action | None:
    worn = [(c, status.name) for c, who in _state(session).combatants.items()
            for status in who.statuses]
    chosen = pick(data, worn, "status")
    return a.ClearStatus(*chosen) if chosen else None


def set_cover(data: st.DataObject, session: CombatSession) -> Action:
    return a.SetCover(whose_turn(session), data.draw(st.sampled_from(("partial", "full"))))


def counter_defence(data: st.DataObject, session: CombatSession) -> Action | None:
    covered = [c for c, who in _state(session).combatants.items() if who.cover != "none"]
    chosen = pick(data, covered, "covered")
    return a.CounterDefence(chosen) if chosen else None


def set_endurance(data: st.DataObject, session: CombatSession) -> Action:
    return a.SetEndurance(anyone(data, session), data.draw(st.integers(-1, 10), label="value"))


def choose_death(data: st.DataObject, session: CombatSession) -> Action | None:
    fallen = [c for c, who in _state(session).combatants.items() if who.defeated]
    chosen = pick(data, fallen, "fallen")
    return a.ChooseDeath(chosen) if chosen else None


def villain_escapes(data: st.DataObject, session: CombatSession) -> Action | None:
    villains = [c for c, who in _state(session).combatants.items()
                if not who.character.player and not who.gone]
    chosen = pick(data, villains, "villain")
    return a.VillainEscapes(chosen) if chosen else None


def hold_action(data: st.DataObject, session: CombatSession) -> Action:
    return a.HoldAction(whose_turn(session), "the foe moves")


def fire_hold(data: st.DataObject, session: CombatSession) -> Action | None:
    holders = [c for c, who in _state(session).combatants.items() if who.hold is not None]
    chosen = pick(data, holders, "holder")
    timing = data.draw(st.sampled_from(a.TIMINGS), label="timing")
    return a.FireHold(chosen, timing) if chosen else None


def adjust_impulse(data: st.DataObject, session: CombatSession) -> Action:
    return a.AdjustImpulse(anyone(data, session), data.draw(st.sampled_from((-2, -1, 1, 3))))


def change_initiative(data: st.DataObject, session: CombatSession) -> Action:
    return a.ChangeInitiative(whose_turn(session), data.draw(st.integers(0, 14), label="value"))


def set_range(data: st.DataObject, session: CombatSession) -> Action | None:
    first = anyone(data, session)
    other = pick(data, [c for c in _state(session).combatants if c != first], "other")
    band = data.draw(st.sampled_from(BANDS[:4]), label="band")
    return a.SetRange(first, other, band) if other else None


def remove_combatant(data: st.DataObject, session: CombatSession) -> Action:
    return a.RemoveCombatant(anyone(data, session))


def end_turn(data: st.DataObject, session: CombatSession) -> Action:
    return a.EndTurn()


def end_combat(data: st.DataObject, session: CombatSession) -> Action:
    return a.EndCombat()


# -- scenes --------------------------------------------------------------------------------


def _tied() -> CombatSession:
    """Ana (a player, Initiative 3, face 5) and Bo (5, face 3) tie at 8; not begun."""
    return fight(("ana", block("Ana", player=True), "ally", 5),
                 ("bo", block("Bo", initiative=5), "enemy", 3), start=False)


def _three() -> CombatSession:
    """Ana (a player, 4 Impulse, acting) in melee with Bo and Cy (001 §Flurry Strikes)."""
    session = ana_against_two()
    session.apply(a.AdjustImpulse("ana", 5 - session.state.combatants["ana"].impulse))
    return session


def _defeated() -> CombatSession:
    """Ana, a player, fell at Endurance -1 (out under either endurance_out); Cy stands;
    Bo a villain (001 §Defeat)."""
    session = fight(("ana", block("Ana", player=True), "ally", 8),
                    ("cy", block("Cy", player=True), "ally", 6), ("bo", block("Bo"), "enemy", 4))
    session.apply(a.SetEndurance("ana", -1))
    return session


def _at_short() -> CombatSession:
    """Ana and Bo at short range, Ana to act with Impulse to spend."""
    session = fight(("ana", block("Ana", player=True), "ally", 8), ("bo", block("Bo"), "enemy", 4),
                    band="short")
    session.apply(a.AdjustImpulse("ana", 4))
    return session


RECIPES = [
    Recipe("a tie before the start", _tied,
           (("settle_tie", settle_tie), ("mark_ambushed", mark_ambushed),
            ("ambush_contest", ambush_contest), ("set_order_value", set_order_value),
            ("add_combatant", add_combatant), ("roll_order", roll_order), ("start", start))),
    Recipe("a flurry at two foes", _three, (("flurry_strike", flurry_strike),)),
    Recipe("two foes to break away from", _three, (("disengage", disengage),)),
    Recipe("a decisive strike", _three, (("decisive_strike", decisive_strike),
                                         ("end_turn", end_turn))),
    Recipe("a fallen player and a villain", _defeated,
           (("choose_death", choose_death), ("villain_escapes", villain_escapes),
            ("end_combat", end_combat))),
    Recipe("cover to take and counter", _at_short,
           (("set_cover", set_cover), ("counter_defence", counter_defence),
            ("manoeuvre", manoeuvre))),
    Recipe("a dash and its status", _at_short,
           (("dash", _movement(a.Dash)), ("clear_status", clear_status))),
    Recipe("a move and a held action", _at_short,
           (("move", _movement(a.Move)), ("hold_action", hold_action),
            ("fire_hold", fire_hold))),
    Recipe("the GM's hand", _three,
           (("adjust_impulse", adjust_impulse), ("set_endurance", set_endurance),
            ("change_initiative", change_initiative), ("set_range", set_range),
            ("add_condition", SHARED["add_condition"]),
            ("remove_condition", SHARED["remove_condition"]),
            ("change_block", SHARED["change_block"]), ("change_ruling", SHARED["change_ruling"]),
            ("remove_combatant", remove_combatant))),
]
