"""What an autopilot decision costs in work (counted, never timed): the forecast makes
a thousand playouts of a hundred decisions each, so a decision must not work out the
same thing twice."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from battlewheel.engine.core import fields
from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import actions as r
from battlewheel.engine.rulesets.rewrite import autopilot as ap2e
from battlewheel.engine.rulesets.rewrite.block import Character as Block2e
from battlewheel.engine.rulesets.rewrite.handlers import flurry as rewrite_flurry
from battlewheel.engine.rulesets.rewrite.rules import attack as attack_rules
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.kept import KeptByIdentity
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.engine.counting import calls_of


def _demo_2e() -> CombatSession:
    return next(record.session for record in load_demo_campaign().combats
                if record.session.ruleset.name == "2e-rewrite")


def _until(session: CombatSession, wanted: type, tactics: dict[str, str]) -> Any:
    """Apply the autopilot's actions (seeded) until it offers a ``wanted``; return it."""
    rng = random.Random(7)
    for _ in range(200):
        action = session.ruleset.autopilot(session.state, rng, tactics)
        assert action is not None
        if isinstance(action, wanted):
            return action
        session.apply(action)
    raise AssertionError(f"the autopilot never offered a {wanted.__name__}")


def test_2e_planning_again_hashes_no_stat_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """The numbers of an attack are remembered by the stat blocks' identity: weighing the
    same flurries again (every clone of a fight shares its blocks) hashes none of them
    (it hashed the attacker's and the foe's whole blocks for every attack weighed)."""
    session = _demo_2e()
    _until(session, r.DeclareFlurry, {})
    first = list(ap2e.candidates(session.state, random.Random(1), {}))
    hashed = calls_of(monkeypatch, Block2e, "__hash__")
    again = list(ap2e.candidates(session.state.clone(), random.Random(1), {}))
    assert again == first
    assert hashed == []


def test_2e_a_block_changed_is_weighed_anew() -> None:
    """Remembering by identity never answers for another block: the attacker's Dexterity
    raised changes the harm its flurries are expected to do."""
    session = _demo_2e()
    _until(session, r.DeclareFlurry, {})
    state = session.state
    cid = state.awaiting_flurry()[0]
    who = state.combatants[cid]
    before = ap2e._plans(state, who, "balanced")
    attributes = dict(who.character.attributes)
    attributes["dexterity"] = min(10, attributes["dexterity"] + 4)
    stronger = dataclasses.replace(who.character, attributes=attributes)
    state.combatants[cid] = who.replace(character=stronger)
    after = ap2e._plans(state, state.combatants[cid], "balanced")
    assert [p.harm for p in after] != [p.harm for p in before]


def test_2e_each_flurry_is_weighed_once_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no flurry is worth its DV (here: nothing counts as harm), the fallback takes
    the flurries already weighed instead of weighing every one again; each foe and
    weapon's flurries of one to three attacks are weighed together, once."""
    session = _demo_2e()
    _until(session, r.DeclareFlurry, {})
    state = session.state
    who = state.combatants[state.awaiting_flurry()[0]]
    monkeypatch.setattr(ap2e, "HARMLESS", float("inf"))
    weighed = calls_of(monkeypatch, ap2e, "_harms")
    plans = ap2e._plans(state, who, "balanced")
    asked = Counter((args[2].id, args[3].name) for args in weighed)
    assert plans and len(plans) == sum(args[4] for args in weighed)
    assert set(asked.values()) == {1}


def test_2e_an_attack_without_charm_dice_is_sized_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cautious side adds no Excellency dice: the attack it rolls is the plain one, whose
    dice were just counted, so they are counted once (twice before)."""
    tactics = {"ally": "cautious", "enemy": "cautious"}
    session = _demo_2e()
    _until(session, r.ResolveAttack, tactics)
    sized = calls_of(monkeypatch, ap2e, "_attack_sizes")
    attacker, index = session.state.pending_attacks()[0]
    made = next(ap2e._resolve(session.state, attacker, index, random.Random(3), tactics))
    assert isinstance(made, r.ResolveAttack) and made.charms.charm_dice == 0
    assert len(sized) == 1


def test_2e_an_attack_pool_counted_once_is_not_counted_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same attack asked for again (the next playout, a clone of the fight) reads its
    pools from those already counted: no attack is declared again to count its dice
    (each decision declared the attack twice, plain and with the Excellency's dice: a
    sixteenth of a 2e playout), nor is the Excellency's die cap read again; the dice
    rolled are the same."""
    session = _demo_2e()
    _until(session, r.ResolveAttack, {})
    attacker, index = session.state.pending_attacks()[0]
    first = list(ap2e._resolve(session.state, attacker, index, random.Random(3), {}))
    declared = calls_of(monkeypatch, ap2e, "attack_declaration")
    capped = calls_of(monkeypatch, ap2e, "die_cap")
    again = list(ap2e._resolve(session.state.clone(), attacker, index, random.Random(3), {}))
    assert again == first and declared == [] and capped == []
    # Resolved, the defender's DV cap is read off its sheet once too.
    session.ruleset.apply(session.state.clone(), first[0])
    dv_capped = calls_of(monkeypatch, values, "_dv_cap")
    session.ruleset.apply(session.state.clone(), first[0])
    assert dv_capped == []


def test_2e_a_flurry_weighed_once_is_not_weighed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same flurries weighed again (the next decision, a clone of the fight) read their
    harm from those already weighed (weighing them was a tenth of a 2e playout); a foe
    hurt since is weighed anew, since its boxes left and resilience changed."""
    session = _demo_2e()
    _until(session, r.DeclareFlurry, {})
    state = session.state
    who = state.combatants[state.awaiting_flurry()[0]]
    first = ap2e._plans(state, who, "balanced")
    weighed = calls_of(monkeypatch, ap2e, "_work_out_harm")
    assert ap2e._plans(state.clone(), who, "balanced") == first
    assert weighed == []
    foe = first[0].foe
    state.combatants[foe.id] = foe.replace(health=foe.health.mark(lethal=2))
    ap2e._plans(state, who, "balanced")
    assert {args[2].id for args in weighed} >= {foe.id}


@pytest.mark.parametrize("wanted", [r.Advance, r.AwardStunt])
def test_2e_an_action_without_dice_is_made_once(monkeypatch: pytest.MonkeyPatch,
                                                wanted: type) -> None:
    """Moving the tick counter on and awarding an Exalt's stunt carry no dice: offered
    again, the autopilot offers the action it made before, checked once (making one was
    checking it whole, at every such step of every playout)."""
    session = _demo_2e()
    made = _until(session, wanted, {})
    checked = calls_of(monkeypatch, fields, "check_storable")
    again = next(iter(ap2e.candidates(session.state.clone(), random.Random(1), {})))
    assert again is made and checked == []


def test_2e_what_is_kept_never_changes_a_forecast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each value kept so it is not worked out again (the autopilot's harms, numbers and
    pools, a sheet's attack traits and defences, flurry plans, empty rolls) is what working
    it out again gives: seeded playouts with nothing kept end exactly as with it."""
    session = _demo_2e()
    ruleset, state = session.ruleset, session.state
    kept = fc.run_playouts(ruleset, state, 7, range(6), {})
    monkeypatch.setattr(KeptByIdentity, "get",
                        lambda self, objects, numbers, work: work())
    monkeypatch.setattr(rewrite_flurry, "_planned", rewrite_flurry._planned.__wrapped__)
    monkeypatch.setattr(attack_rules, "_nothing_rolled", attack_rules._nothing_rolled.__wrapped__)
    assert fc.run_playouts(ruleset, state.clone(), 7, range(6), {}) == kept
