"""2e Rewrite fights set up for the kinds a random walk rarely reaches (seeds 000 and 004),
and makers that build each from the fight as it stands (see
``tests/engine/rulesets/recipes.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import actions as r
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.handlers.counter import counterattack_openings
from battlewheel.engine.rulesets.rewrite.rules.values import COMBAT_OVERRIDES, mote_pool_size
from battlewheel.engine.rulesets.rewrite.state import Combat

from ..recipes import SHARED, Maker, Recipe, anyone, pick, typed
from .helpers import person
from .test_properties import SKILLS, TRAITS, _effects, _flurry, _resolve

# -- reading the fight ---------------------------------------------------------------------


def _state(session: CombatSession) -> Combat:
    state: Combat = session.state
    return state


def _others(session: CombatSession, cid: str) -> list[str]:
    return [c for c in _state(session).combatants if c != cid]


# -- makers: before the fight --------------------------------------------------------------


def declare_concealment(data: st.DataObject, session: CombatSession) -> Action:
    """Someone hides from the others, in cover or unseen (000 §Determine if there is an
    Ambush)."""
    ambusher = anyone(data, session)
    situation = data.draw(st.sampled_from(("cover", "invisible")), label="situation")
    return r.DeclareConcealment(ambusher, tuple(r.Concealment(other, situation)
                                                for other in _others(session, ambusher)))


def roll_ambush(data: st.DataObject, session: CombatSession) -> Action | None:
    hidden = pick(data, _state(session).concealment, "ambusher")
    return r.RollAmbush(hidden, typed(data, 5, 9)) if hidden else None


def reduce_surprise(data: st.DataObject, session: CombatSession) -> Action | None:
    hidden = pick(data, sorted({h for _, h in _state(session).unaware}), "hidden")
    return r.ReduceSurprise(hidden, data.draw(st.integers(1, 3), label="amount")) \
        if hidden else None


def raise_alarm(data: st.DataObject, session: CombatSession) -> Action:
    return r.RaiseAlarm(anyone(data, session))


def add_combatant(data: st.DataObject, session: CombatSession) -> Action:
    joined = len(_state(session).combatants)
    side = data.draw(st.sampled_from(("ally", "enemy")), label="side")
    return r.AddCombatant(f"new{joined}", person(f"New {joined}"), side)


def roll_join_battle(data: st.DataObject, session: CombatSession) -> Action | None:
    waiting = [c for c, who in _state(session).combatants.items() if who.join_battle is None]
    who = pick(data, waiting, "joiner")
    return r.RollJoinBattle(who, typed(data, 0, 4)) if who else None


def start(data: st.DataObject, session: CombatSession) -> Action:
    return r.StartCombat()


# -- makers: a tick (000 §Each tick) -------------------------------------------------------


def next_tick(data: st.DataObject, session: CombatSession) -> Action:
    return r.NextTick()


def declare_movement(data: st.DataObject, session: CombatSession) -> Action:
    return r.DeclareMovement(anyone(data, session), data.draw(st.integers(0, 6), label="yards"))


def declare_flurry(data: st.DataObject, session: CombatSession) -> Action | None:
    """The next to declare punches someone (now and then a flurry of the walk's own)."""
    waiting = _state(session).awaiting_flurry()
    if not waiting:
        return None
    if data.draw(st.integers(0, 3), label="own") == 3:
        return _flurry(data, session, waiting[0])
    target = pick(data, _others(session, waiting[0]), "target")
    punch = r.DeclaredManoeuvre("attack", weapon="Punch", target=target)
    return r.DeclareFlurry(waiting[0], (punch,))


def resolve_attack(data: st.DataObject, session: CombatSession) -> Action | None:
    return _resolve(data, session) if _state(session).pending_attacks() else None


def apply_tick_effects(data: st.DataObject, session: CombatSession) -> Action:
    return _effects(data, session)


def advance(data: st.DataObject, session: CombatSession) -> Action:
    return r.Advance()


def resolve_counterattack(data: st.DataObject, session: CombatSession) -> Action | None:
    """At someone whose attack reached step 9 this tick (000 §Counterattacks)."""
    opening = pick(data, counterattack_openings(_state(session)), "opening")
    if opening is None:
        return None
    defender, attacker = opening
    return r.ResolveCounterattack(attacker=defender, target=attacker, weapon="Punch",
                                  attack=typed(data, 0, 6), defence=r.Defence("dodge"))


# -- makers: the GM's hand -----------------------------------------------------------------


def _pool(cls: type[r.SpendMotes] | type[r.RegainMotes]) -> Maker:
    """Motes spent from a pool that holds some, or regained into one with room."""
    def maker(data: st.DataObject, session: CombatSession) -> Action | None:
        spend = cls is r.SpendMotes
        pools = [(cid, pool) for cid, who in _state(session).combatants.items()
                 for pool in ("personal", "peripheral")
                 if (getattr(who, f"{pool}_motes") > 0 if spend else
                     getattr(who, f"{pool}_motes") < mote_pool_size(who, pool))]
        chosen = pick(data, pools, "pool")
        return cls(chosen[0], data.draw(st.integers(1, 4)), chosen[1]) if chosen else None
    return maker


def _willpower(cls: type[r.SpendWillpower] | type[r.RegainWillpower]) -> Maker:
    def maker(data: st.DataObject, session: CombatSession) -> Action:
        return cls(anyone(data, session), data.draw(st.integers(1, 2), label="amount"))
    return maker


def set_override(data: st.DataObject, session: CombatSession) -> Action:
    """A value of the fight or the sheet fixed by hand, with a reason, or cleared."""
    field = data.draw(st.sampled_from((*COMBAT_OVERRIDES, "dodge_dv")), label="field")
    value = data.draw(st.one_of(st.none(), st.integers(0, 12)), label="value")
    return r.SetOverride(anyone(data, session), field, value, "a blessing")


def award_stunt(data: st.DataObject, session: CombatSession) -> Action:
    reward = data.draw(st.sampled_from(("motes", "willpower")), label="reward")
    return r.AwardStunt(anyone(data, session), data.draw(st.integers(1, 3)), reward)


def cycle_box(data: st.DataObject, session: CombatSession) -> Action:
    return r.CycleHealthBox(anyone(data, session), data.draw(st.integers(0, 6), label="box"))


def set_health(data: st.DataObject, session: CombatSession) -> Action | None:
    """A whole track by hand, as long as the fighter's: clean, bashing or lethal boxes."""
    who = _state(session).combatants.get(anyone(data, session))
    if who is None:
        return None
    size = who.health.size
    marks = data.draw(st.lists(st.sampled_from("./X"), min_size=size, max_size=size),
                      label="marks")
    return r.SetHealth(who.id, "".join(sorted(marks, key="X/.".index)))


def move_counter(data: st.DataObject, session: CombatSession) -> Action:
    who = anyone(data, session)
    if data.draw(st.booleans(), label="by segment"):
        return r.MoveCounter(who, segment=data.draw(st.integers(0, 6)))
    return r.MoveCounter(who, tick=data.draw(st.integers(0, 20)))


def remove_combatant(data: st.DataObject, session: CombatSession) -> Action:
    return r.RemoveCombatant(anyone(data, session))


def end_combat(data: st.DataObject, session: CombatSession) -> Action:
    return r.EndCombat("the foes flee")


# -- scenes --------------------------------------------------------------------------------


def _gathered() -> CombatSession:
    """Ana (a Solar with motes and Willpower) against Bo and Cy, Dexterity 3, Stealth 2,
    Awareness 2 each; no Join Battle rolled yet."""
    session = CombatSession.new()
    solar = person("Ana", kind=CharacterKind.SOLAR, personal=10, peripheral=20, willpower=6,
                   attributes=TRAITS, abilities=SKILLS)
    session.apply(r.AddCombatant("ana", solar, "ally"))
    for cid in ("bo", "cy"):
        who = person(cid.title(), attributes=TRAITS, abilities=SKILLS)
        session.apply(r.AddCombatant(cid, who, "enemy"))
    return session


def _started(join: int = 2) -> CombatSession:
    """The three of ``_gathered``, all acting on one tick."""
    session = _gathered()
    for cid in ("ana", "bo", "cy"):
        session.apply(r.RollJoinBattle(cid, r.DiceEntry.of_successes(join)))
    session.apply(r.StartCombat())
    return session


def _struck() -> CombatSession:
    """Ana's punch reached Bo this tick: Bo may counterattack (000 §Counterattacks)."""
    session = _started()
    session.apply(r.NextTick())
    punch = r.DeclaredManoeuvre("attack", weapon="Punch", target="bo")
    session.apply(r.DeclareFlurry("ana", (punch,)))
    session.apply(r.ResolveAttack("ana", 0, attack=r.DiceEntry.of_successes(4),
                                  defence=r.Defence("dodge")))
    return session


RECIPES = [
    Recipe("an ambush being set", _gathered,
           (("declare_concealment", declare_concealment), ("roll_ambush", roll_ambush),
            ("reduce_surprise", reduce_surprise), ("raise_alarm", raise_alarm),
            ("add_combatant", add_combatant), ("roll_join_battle", roll_join_battle),
            ("roll_join_battle", roll_join_battle), ("roll_join_battle", roll_join_battle),
            ("roll_join_battle", roll_join_battle), ("start", start))),
    Recipe("a tick to play", _started,
           (("next_tick", next_tick), ("declare_movement", declare_movement),
            ("declare_flurry", declare_flurry), ("declare_flurry", declare_flurry),
            ("declare_flurry", declare_flurry), ("resolve_attack", resolve_attack),
            ("resolve_attack", resolve_attack), ("resolve_attack", resolve_attack),
            ("apply_tick_effects", apply_tick_effects), ("advance", advance))),
    Recipe("a counterattack", _struck, (("resolve_counterattack", resolve_counterattack),)),
    Recipe("a Solar's pools", _started,
           (("spend_motes", _pool(r.SpendMotes)), ("regain_motes", _pool(r.RegainMotes)),
            ("spend_willpower", _willpower(r.SpendWillpower)),
            ("regain_willpower", _willpower(r.RegainWillpower)),
            ("set_override", set_override), ("award_stunt", award_stunt))),
    Recipe("the GM's hand", _started,
           (("cycle_box", cycle_box), ("set_health", set_health),
            ("move_counter", move_counter), ("add_condition", SHARED["add_condition"]),
            ("remove_condition", SHARED["remove_condition"]),
            ("change_block", SHARED["change_block"]), ("change_ruling", SHARED["change_ruling"]),
            ("remove_combatant", remove_combatant), ("end_combat", end_combat))),
]
