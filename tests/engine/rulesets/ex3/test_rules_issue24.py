"""3e rules a GM met at the table (issue 24): Break after a decisive hit on a group, late
joiners, extra attacks on one tick, the Rule of 10 for battle groups, the off-hand penalty."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo
from battlewheel.engine.rulesets.ex3.block import Weapon
from battlewheel.engine.rulesets.ex3.handlers.attack import damage_plan, plan_attack
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.wheel import slot_of

from .helpers import decisive, fight, fighter, group, init, state_of, typed, withering

RULESET = get_ruleset("3e")


def _texts(session: object) -> list[str]:
    return [e.text for e in session.log[-1].events]  # type: ignore[attr-defined]


def test_a_decisive_hit_that_costs_a_group_size_resets_then_breaks() -> None:
    """003 §Resolution Steps 8: the attacker resets to base (3), then the Size lost earns
    its Break (+5): 10i ends at 8i, in the log, the state the sheet reads, and on the ring."""
    guard = dataclasses.replace(demo.guard(), group=dataclasses.replace(
        demo.guard().group, perfect_morale=True))  # type: ignore[arg-type]
    lark = fighter("Swift Lark")
    session = fight(("lark", lark, "ally", 7), ("guard", guard, "enemy", 0))
    assert init(session, "lark") == 10
    session.apply(decisive("lark", "guard", 9, 10))
    state = state_of(session)
    assert state.combatants["guard"].size == 1
    assert init(session, "lark") == 8
    texts = _texts(session)
    assert texts.index("Swift Lark gains 5i Break.") > texts.index(
        "Ashen Guard holds but drops to Size 1, Magnitude 11.")
    assert "Swift Lark 10i \u2192 8i" in session.log[-1].sentence
    pools = RULESET.sheet(state, "lark").pools()
    assert next(p for p in pools if p.key == "initiative").current == 8
    track = RULESET.turn_track(state)
    counter = next(c for c in track.counters if c.id == "lark")
    assert counter.slot == slot_of(state, 8)


def test_an_extra_attack_after_a_clash_resolves_normally() -> None:
    """003 §Clashes: A wins a clash with B (B 8 → 1, -2 Defence). Without an extra action A
    cannot attack again; the GM grants one (a Charm's): a second Clash with B is refused, as
    only the first pair clashes, and the attack resolves against B's Defence 3 - 2 = 1 with
    the onslaught a normal attack brings; 0 damage successes give A 1i (16 → 17). The extra
    is used up: a third attack is refused."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Clash(a.ClashSide("a", "withering", "Sword", typed(5), typed(4)),
                          a.ClashSide("b", "withering", "Sword", typed(3))))
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(withering("a", "b", 2, 0))
    session.apply(a.GrantExtraAction("a", "Iron Whirlwind Attack"))
    with pytest.raises(IllegalAction, match="only the first pair"):
        session.apply(a.Clash(a.ClashSide("a", "withering", "Sword", typed(5), typed(4)),
                              a.ClashSide("b", "withering", "Sword", typed(3))))
    attack = withering("a", "b", 2, 0)
    plan = plan_attack(state_of(session), attack)
    assert plan.defence.value == 1 and not plan.flurry
    session.apply(attack)
    assert state_of(session).combatants["b"].onslaught == 1
    assert init(session, "a") == 17
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(withering("a", "b", 2, 0))


def test_the_extra_action_entry_pushes_the_grant_for_the_actor_and_waits_otherwise() -> None:
    """rules/3e.md §4 (GM input): the Combat menu's entry grants the actor an extra action;
    before the battle it is greyed."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 4))
    entry = next(e for e in RULESET.turn_actions(state_of(session)) if e.key == "extra_action")
    assert entry.action == a.GrantExtraAction("a") and entry.enabled
    session.apply(withering("a", "b", 1, None))
    attack = next(e for e in RULESET.turn_actions(state_of(session)) if e.key == "attack")
    assert not attack.enabled
    session.apply(entry.action)
    attack = next(e for e in RULESET.turn_actions(state_of(session)) if e.key == "attack")
    assert attack.enabled
    fresh = RULESET.new_state(state_of(session).options)
    idle = next(e for e in RULESET.turn_actions(fresh) if e.key == "extra_action")
    assert not idle.enabled


@pytest.mark.parametrize(("kind", "successes"), [("exalt", 5), ("heroic", 5), ("mortal", 3)])
def test_a_battle_groups_attack_roll_counts_tens_by_its_kind(kind: str, successes: int) -> None:
    """004 §The Rule of 10, 003 §Battle Groups: a group of magical beings or heroic mortals
    counts a 10 twice on its attack roll (10 10 7: 5 successes, a mortal group's 3); only the
    damage it deals never doubles 10s."""
    troop = dataclasses.replace(group("Troop"), kind=kind)
    session = fight(("g", troop, "enemy", 3), ("a", fighter("A"), "ally", 1))
    attack = a.Attack("g", "a", "withering", "Sword",
                      DiceEntry.of_faces((10, 10, 7, 1, 1, 1, 1, 1)), typed(0))
    state = state_of(session)
    plan = plan_attack(state, attack)
    assert plan.pool == 8 and plan.defence.value == 3
    assert not damage_plan(state, plan, attack, 0).double_tens
    session.apply(attack)
    assert f"8 dice against Defence 3 (parry): {successes} successes." in _texts(session)


KNIFE = Weapon("Knife", ability="melee", accuracy=1, damage=2, defence=0, minimum=1,
               off_hand=True)


@pytest.mark.parametrize(("on", "withering", "decisive"), [(True, 6, 5), (False, 7, 6)])
def test_the_off_hand_penalty_shows_on_the_sheet_and_card(on: bool, withering: int,
                                                          decisive: int) -> None:
    """Ruling off_hand_penalty: a Knife in the off hand (Dex 3 + Melee 3 + accuracy 1) is
    withering 7 - 1 = 6, decisive 5 on the sheet and the printed card, the pool the attack
    dialog counts; with the ruling off, 7 and 6."""
    knifer = fighter("K", weapons=(KNIFE,))
    session = fight(("k", knifer, "ally", 5), ("b", fighter("B"), "enemy", 4),
                    options=Ex3Options(off_hand_penalty=on))
    state = state_of(session)
    table = next(s for s in RULESET.sheet(state, "k").sections if isinstance(s, c.Table))
    row = next(row for row in table.rows if row[0].startswith("Knife"))
    assert row[1:3] == (str(withering), str(decisive))
    assert ("off hand" in row[0]) is on
    line = next(s.text for s in RULESET.card(state, "k").sections
                if isinstance(s, c.Text) and s.title == "Knife")
    assert line.startswith(f"withering {withering} / decisive {decisive} dice")
    plan = plan_attack(state, a.Attack("k", "b", "withering", "Knife", typed(0)))
    assert plan.pool == withering
