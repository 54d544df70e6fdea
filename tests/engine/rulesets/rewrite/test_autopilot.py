"""The 2e autopilot plays by the situation: an Exalt's resilience, stunts for motes."""

from __future__ import annotations

import random

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import actions as rewrite_actions
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.conformance import demo_session
from tests.engine.forecast_fights import autopilot_until, fight, forecast_of


def _duel_with_a_wounded_exalt(lethal: int) -> CombatSession:
    """Kestrel (Solar, ally) alone against Sesus Amaranth (Dragon-Blooded), who already
    carries ``lethal`` levels of lethal damage; the battle begun."""
    campaign = load_demo_campaign()
    blocks = [campaign.character(name).block("2e-rewrite")
              for name in ("Kestrel of the Burning Road", "Sesus Amaranth")]
    session = fight("2e-rewrite", [("kestrel", blocks[0], "ally"),
                                   ("amaranth", blocks[1], "enemy")])
    state = session.state
    amaranth = state.combatants["amaranth"]
    state.combatants["amaranth"] = amaranth.replace(health=amaranth.health.mark(lethal=lethal))
    return session


def test_2e_stacks_attacks_to_get_past_an_exalts_resilience() -> None:
    """Against an Exalt already carrying lethal damage, one daiklave blow adds nothing
    (Exalted resilience takes off as many lethal levels as the track holds): Kestrel puts
    several attacks in one flurry, whose damage is marked as one."""
    session = _duel_with_a_wounded_exalt(lethal=5)
    rng = random.Random(3)
    while True:
        declared = autopilot_until(session, rewrite_actions.DeclareFlurry, rng)
        if declared.combatant == "kestrel":
            break
        session.apply(declared)
    attacks = [m for m in declared.manoeuvres if m.kind == "attack"]
    assert len(attacks) >= 2
    assert {m.target for m in attacks} == {"amaranth"}


def test_2e_demo_fight_rarely_stalls() -> None:
    """The demo's Exalts no longer trade blows their resilience shrugs off until the
    300-tick limit (80% of the playouts stalled before)."""
    result = forecast_of(demo_session("2e-rewrite"), 60, {})
    assert result.stalemates <= 6


def test_2e_exalts_stunt_their_attacks_for_motes() -> None:
    """An Exalt with no motes left describes each attack as a one-die stunt: the GM awards
    it before the roll (2 motes at the next DV refresh, 004 §Stunts) and the attack rolls
    the stunt's die; the motes are back when its next action comes round."""
    session = _duel_with_a_wounded_exalt(lethal=0)
    state = session.state
    for cid, who in list(state.combatants.items()):
        state.combatants[cid] = who.replace(personal_motes=0, peripheral_motes=0)
    rng = random.Random(5)
    awarded = autopilot_until(session, rewrite_actions.AwardStunt, rng)
    session.apply(awarded)
    attack = autopilot_until(session, rewrite_actions.ResolveAttack, rng)
    assert (awarded.rating, awarded.reward) == (1, "motes")
    assert attack.attacker == awarded.combatant
    assert attack.stunt == 1 and attack.stunt_dice is not None
    assert len(attack.stunt_dice.faces) == 1
    session.apply(attack)
    stunter = awarded.combatant
    while session.state.combatants[stunter].stunt_reward.rating:
        session.apply(session.ruleset.autopilot(session.state, rng, {}))
    who = session.state.combatants[stunter]
    assert who.personal_motes + who.peripheral_motes == 2


def test_2e_demo_fight_stalls_less_when_exalts_stunt() -> None:
    """Counted on 200 seeded playouts of the demo: with no stunts the Exalts spent their
    motes on the First Excellency and, each carrying lethal its resilience shrugs off,
    traded harmless blows to the 300-tick limit in 11 of them (the 2e forecast's slow
    part); stunting, they get motes back and 6 end without a winner."""
    result = forecast_of(demo_session("2e-rewrite"), 200, {})
    assert result.stalemates <= 7
