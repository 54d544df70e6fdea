"""Each system's autopilot plays by the situation: what it chooses, and what a stance changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward.actions import DelayTurn, SetOrder
from battlewheel.engine.rulesets.poolward.block import MELEE, AttackProfile, StatBlock
from battlewheel.engine.rulesets.poolward.demo import cutthroat
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from battlewheel.engine.rulesets.rewrite import actions as rewrite_actions
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.conformance import demo_session
from tests.engine.forecast_fights import SYSTEMS, fight


def _demo(system: str) -> CombatSession:
    return demo_session(system)


def _forecast(session: CombatSession, runs: int, tactics: fc.Tactics) -> fc.Forecast:
    played = fc.run_playouts(session.ruleset, session.state, 7, range(runs), tactics)
    return fc.summarise(session.ruleset, session.state, played, 7, tactics)


def _autopilot_until(session: CombatSession, wanted: type, rng: random.Random,
                     tactics: fc.Tactics | None = None, most: int = 200) -> Any:
    """Apply the autopilot's actions until it offers one of type ``wanted``; return it."""
    for _ in range(most):
        action = session.ruleset.autopilot(session.state, rng, tactics or {})
        assert action is not None
        if isinstance(action, wanted):
            return action
        session.apply(action)
    raise AssertionError(f"the autopilot never offered a {wanted.__name__}")


# -- 2e Rewrite ----------------------------------------------------------------------------------


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
        declared = _autopilot_until(session, rewrite_actions.DeclareFlurry, rng)
        if declared.combatant == "kestrel":
            break
        session.apply(declared)
    attacks = [m for m in declared.manoeuvres if m.kind == "attack"]
    assert len(attacks) >= 2
    assert {m.target for m in attacks} == {"amaranth"}


def test_2e_demo_fight_rarely_stalls() -> None:
    """The demo's Exalts no longer trade blows their resilience shrugs off until the
    300-tick limit (80% of the playouts stalled before)."""
    result = _forecast(_demo("2e-rewrite"), 60, {})
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
    awarded = _autopilot_until(session, rewrite_actions.AwardStunt, rng)
    session.apply(awarded)
    attack = _autopilot_until(session, rewrite_actions.ResolveAttack, rng)
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
    result = _forecast(_demo("2e-rewrite"), 200, {})
    assert result.stalemates <= 7


# -- Pool & Ward -------------------------------------------------------------------------------


def test_poolward_archer_delays_behind_a_blade() -> None:
    """An archer first in the order waits until just after a cutthroat, whose melee blow
    wears Edward's Dodge down; an aggressive archer shoots at once."""
    session = poolward_demo()
    session.apply(SetOrder(("archer", "cutthroat1", "cutthroat2", "edward")))
    rng = random.Random(1)
    delay = _autopilot_until(session, DelayTurn, rng)
    assert (delay.combatant, delay.position) == ("archer", 1)
    aggressive = session.ruleset.autopilot(session.state, rng, {"enemy": "aggressive"})
    assert type(aggressive).__name__ == "Attack"


def _knight() -> StatBlock:
    """Heavy armour and one point of Dodge, and nothing to strike with (so the fight waits
    on his foes): a plain club rolls no dice against him until a blade has worn the Dodge
    away."""
    return StatBlock(name="Knight", stats={"strength": 3, "dexterity": 2, "constitution": 4},
                     armour=6, dodge=1)


def _clubman() -> StatBlock:
    """1 + Strength 3 + skill 3 = 7 dice: none left against the knight's defence of 7."""
    return StatBlock(name="Clubman", stats={"strength": 3, "dexterity": 2, "constitution": 3},
                     skills={"Melee Weapons": 3},
                     attacks=(AttackProfile("Club", MELEE, 1, stat="strength"),))


def test_poolward_fighter_with_no_dice_readies_and_acts_when_the_guard_drops() -> None:
    """A clubman who would roll no dice readies an action; when the cutthroat's blow takes
    the knight's Dodge, the clubman's readied action fires and he strikes."""
    session = fight("pool-and-ward", [("knight", _knight(), "ally"),
                                      ("clubman", _clubman(), "enemy"),
                                      ("cutthroat", cutthroat(1), "enemy")])
    session.apply(SetOrder(("clubman", "knight", "cutthroat")))
    rng, kinds = random.Random(5), []
    for _ in range(8):
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        kinds.append((type(action).__name__, getattr(action, "combatant", None)
                      or getattr(action, "attacker", None)))
        session.apply(action)
    ready = kinds.index(("ReadyAction", "clubman"))
    struck = kinds.index(("Attack", "cutthroat"))
    fired = kinds.index(("TriggerReadied", "clubman"))
    assert ready < struck < fired
    assert kinds[fired + 1] == ("Attack", "clubman")


# -- stances in every system -------------------------------------------------------------------


def _play(forecast: fc.Forecast) -> str:
    """What a forecast says of the play: each fighter's fate, the actions, the lengths."""
    return repr((forecast.fighters, forecast.mean_steps, forecast.lengths))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("stance", ["cautious", "aggressive"])
def test_a_stance_changes_the_play_of_the_demo(system: str, stance: str) -> None:
    """In every system's demo fight, cautious and aggressive each make one side play
    otherwise than balanced: the same seeds give another forecast."""
    session = _demo(system)
    balanced = _play(_forecast(session, 30, {}))
    assert any(_play(_forecast(session, 30, {side: stance})) != balanced
               for side in ("ally", "enemy"))


@pytest.mark.parametrize(("system", "side", "stance"),
                         [("2e-rewrite", "enemy", "cautious"), ("3e", "ally", "aggressive")])
def test_a_stance_moves_the_odds(system: str, side: str, stance: str) -> None:
    """A side's stance changes who wins by more than three standard errors."""
    session = _demo(system)
    runs = 80
    balanced = _forecast(session, runs, {}).side("ally").share
    chosen = _forecast(session, runs, {side: stance}).side("ally").share
    spread = (balanced * (1 - balanced) / runs + chosen * (1 - chosen) / runs) ** 0.5
    assert abs(chosen - balanced) > 3 * spread


# -- 3e ----------------------------------------------------------------------------------------


def _group_could_strike(state: Any) -> bool:
    """It is a battle group's turn, it has not acted, and a withering attack is allowed on
    a foe still standing (a fallen one, still at close range in the demo, is no target)."""
    from battlewheel.engine.core.errors import RulesError
    from battlewheel.engine.rulesets.ex3 import actions as ex3_actions
    from battlewheel.engine.rulesets.ex3.handlers import attack as ex3_attack

    actor = state.actor
    if actor is None or state.turn is None or state.turn.simple:
        return False
    group = state.combatants[actor]
    if not group.is_group:
        return False
    for foe in state.combatants.values():
        if foe.out:
            continue
        for weapon in group.block.all_weapons:
            attack = ex3_actions.Attack(group.id, foe.id, ex3_actions.WITHERING, weapon.name,
                                        DiceEntry.of_successes(0))
            try:
                ex3_attack.plan_attack(state, attack)
            except RulesError:
                continue
            return True
    return False


def test_3e_battle_group_strikes_whenever_it_can() -> None:
    """A battle group makes only withering attacks (003 §Battle Groups): with a foe in
    Crash before it, it strikes that foe's health instead of passing its turn (it tried a
    decisive attack, which groups may not make, and then did nothing)."""
    session, turns = _demo("3e"), 0
    for seed in range(6):
        rng, state = fc.playout_random(seed, 0), session.state
        while not session.ruleset.outcome(state).over:
            chosen = fc.first_legal(session.ruleset, state,
                                    session.ruleset.autopilot_candidates(state, rng, {}))
            assert chosen is not None
            if _group_could_strike(state):
                turns += 1
                assert type(chosen[0]).__name__ == "Attack", f"the group passed: {chosen[0]}"
            state = chosen[1]
    assert turns >= 6
