"""The encounter forecast (engine/core/forecast.py) and each system's autopilot."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.session import CombatSession, DecodedLog
from battlewheel.engine.core.system import FORECAST
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.conformance import demo_session, piece
from tests.engine.forecast_fights import SYSTEMS, mirror, solar_against_mortal

EXAMPLES = sorted((Path(__file__).parents[2] / "resources" / "examples").glob("*.json"))


def _example(path: Path) -> DecodedLog:
    return DecodedLog.from_json(json.loads(path.read_text(encoding="utf-8")))


def _fights() -> list[tuple[str, DecodedLog]]:
    found = [(path.stem, _example(path)) for path in EXAMPLES]
    campaign = load_demo_campaign()
    found += [(record.id, DecodedLog.from_json(record.session.to_json()))
              for record in campaign.combats if record.session.ruleset.can(FORECAST)]
    return found


FIGHTS = _fights()


def _forecast(session: CombatSession, runs: int, seed: int | str = 7,
              tactics: fc.Tactics | None = None) -> fc.Forecast:
    chosen = tactics or {}
    played = fc.run_playouts(session.ruleset, session.state, seed, range(runs), chosen)
    return fc.summarise(session.ruleset, session.state, played, seed, chosen)


def test_every_system_and_example_has_an_autopilot() -> None:
    assert {log.ruleset.name for _, log in FIGHTS} == set(SYSTEMS)
    assert all(log.ruleset.can(FORECAST) for _, log in FIGHTS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fight=st.sampled_from(FIGHTS), cut=st.floats(0, 1), seed=st.integers(0, 10**6),
       steps=st.integers(0, 60),
       stance=st.sampled_from(fc.STANCES), side=st.sampled_from(("ally", "enemy")))
def test_the_autopilot_never_makes_a_refused_action(
        fight: tuple[str, DecodedLog], cut: float, seed: int, steps: int, stance: str,
        side: str) -> None:
    """From a random point of every example fight, each action the autopilot picks is
    accepted by the session itself, and it always has one until the fight is over."""
    _, log = fight
    kept = int(cut * len(log.actions))
    session = CombatSession.replay(DecodedLog(log.ruleset, log.options, log.actions[:kept], ()))
    ruleset, rng = session.ruleset, random.Random(seed)
    for _ in range(steps):
        if ruleset.outcome(session.state).over:
            break
        action = ruleset.autopilot(session.state, rng, {side: stance})
        assert action is not None, f"the autopilot is stuck at {session.log[-1:]}"
        session.apply(action)  # raises IllegalAction if the rules refuse it


MIRROR_RUNS = 800


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_mirror_match_with_a_rolled_order_is_even(system: str) -> None:
    """Two copies of one fighter, the ally joining first, sides never swapped, the order
    rolled: each side wins within three standard errors of half the decided playouts.
    800 runs: a tie left to the joining order (57% in Pool & Ward) is 4.4 errors off."""
    session = mirror(system, rolled=True)
    played = fc.run_playouts(session.ruleset, session.state, "mirror", range(MIRROR_RUNS), {})
    wins = sum(p.winner == "ally" for p in played)
    decided = sum(p.winner is not None for p in played)
    assert decided >= 0.9 * MIRROR_RUNS
    standard_error = (0.25 / decided) ** 0.5
    assert abs(wins / decided - 0.5) <= 3 * standard_error, wins / decided


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_solar_beats_an_unarmed_mortal_every_time(system: str) -> None:
    result = _forecast(solar_against_mortal(system), 60)
    assert result.side("ally").wins == 60
    assert result.side("ally").low > 0.9
    mortal = next(f for f in result.fighters if f.id == "mortal")
    assert mortal.taken_out == 1.0


def _won(session: CombatSession) -> CombatSession:
    """Play the fight to its end with the autopilot (a fight already won)."""
    rng = random.Random(1)
    while not session.ruleset.outcome(session.state).over:
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        session.apply(action)
    return session


def test_a_fight_already_won_is_certain_without_a_playout() -> None:
    session = _won(solar_against_mortal("pool-and-ward"))
    result = _forecast(session, 500)
    assert result.side("ally").share == 1.0
    assert result.side("enemy").wins == 0
    assert result.mean_steps == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_forecast_changes_nothing_in_the_combat(system: str) -> None:
    session = demo_session(system)
    session.apply(session.ruleset.autopilot(session.state, random.Random(1), {}))
    session.undo()  # something to redo, to see the redo list is kept too
    before = session.to_json()
    undo_text, redo_text = session.undo_text, session.redo_text
    _forecast(session, 5)
    assert session.to_json() == before
    assert (session.undo_text, session.redo_text) == (undo_text, redo_text)


def test_the_same_seed_gives_the_same_forecast_and_another_seed_another() -> None:
    session = poolward_demo()
    first, again = _forecast(session, 80, seed=7), _forecast(session, 80, seed=7)
    assert first == again
    assert _forecast(session, 80, seed=8) != first


def test_the_forecast_reads_as_json_and_a_table() -> None:
    result = _forecast(poolward_demo(), 40)
    document = json.loads(json.dumps(result.to_json()))
    assert document["runs"] == 40
    assert sum(s["wins"] for s in document["sides"].values()) + document["stalemates"] == 40
    assert sum(document["length"]["spread"].values()) == 40
    rows = result.table_rows()
    assert rows[0][:3] == ["Fighter", "Side", "Taken out %"]
    assert [row[0] for row in rows[1:]] == ["Edward Sumner", "Cutthroat 1", "Cutthroat 2",
                                            "Archer"]
    assert document["endings"][0]["playouts"] >= document["endings"][-1]["playouts"]


@pytest.mark.parametrize(("wins", "runs"), [(0, 10), (10, 10), (50, 100), (3, 1000)])
def test_the_interval_holds_the_share_and_stays_within_0_and_1(wins: int, runs: int) -> None:
    low, high = fc.wilson(wins, runs)
    assert 0.0 <= low <= wins / runs <= high <= 1.0
    assert high - low < 0.5


def test_bad_tactics_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="tactics: stance"):
        fc.check_tactics({"ally": "reckless"})
    with pytest.raises(ValueError, match="tactics: side"):
        fc.check_tactics({"neutral": "cautious"})


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_playout_stops_at_its_next_few_steps_once_told(system: str) -> None:
    """Cancel is asked every few steps (``STOP_EVERY``) and stops the playout at the first
    asking after it was pressed: a few actions, a few milliseconds even in 2e. (A demo
    fight over in fewer steps is over before the asking.)"""
    session = demo_session(system)
    ruleset, rng = session.ruleset, fc.playout_random(7, 0)
    whole = fc.playout(ruleset, session.state, fc.playout_random(7, 0), {})
    asked_at: list[int] = []

    def stop() -> bool:
        asked_at.append(len(asked_at))
        return len(asked_at) > 1  # pressed just after the first asking

    played = fc.playout(ruleset, session.state, rng, {}, stop=stop)
    if whole.steps > fc.STOP_EVERY:
        assert len(asked_at) == 2
        assert played.steps == fc.STOP_EVERY
        assert played.winner is None and played.stalled
    else:
        assert played == whole


def test_with_rolls_equals_the_action_made_whole_and_names_a_wrong_field() -> None:
    """The autopilots' shortcut gives the very action ``dataclasses.replace`` would make
    (and check), leaves the template as it was, and refuses a field the action lacks."""
    import dataclasses

    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite import actions as aa

    template = aa.ResolveAttack(attacker="one", index=0, defence=aa.Defence(dv="dodge"))
    faces = DiceEntry.of_faces([7, 2, 10], rolled=True)
    made = fc.with_rolls(template, attack=faces)
    assert made == dataclasses.replace(template, attack=faces)
    assert template.attack is None
    with pytest.raises(TypeError, match="no field 'dice'"):
        fc.with_rolls(template, dice=faces)


# -- double knockouts and stalls --------------------------------------------------------------


def _everyone_out(system: str) -> CombatSession:
    """The system's conformance fight with every fighter of both sides knocked out."""
    session = piece(system, "fight")()
    knock_out = piece(system, "knock_out")
    for cid in list(session.ruleset.combatants(session.state)):
        knock_out(session, cid)
    return session


@pytest.mark.parametrize("system", SYSTEMS)
def test_both_sides_out_is_a_double_knockout_not_a_stall(system: str) -> None:
    session = _everyone_out(system)
    verdict = session.ruleset.outcome(session.state)
    assert (verdict.over, verdict.winner, verdict.nobody_standing) == (True, None, True)
    result = _forecast(session, 3)
    assert (result.double_knockouts, result.stalls, result.stalemates) == (3, 0, 3)
    assert result.endings[0][0].startswith("Both sides fall together; ")
    document = result.to_json()
    assert (document["double_knockouts"], document["stalls"]) == (3, 0)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_playout_stopped_by_the_limit_is_a_stall(system: str) -> None:
    session = piece(system, "fight")()
    ruleset = session.ruleset
    stopped = fc.playout(ruleset, session.state, fc.playout_random(7, 0), {}, most_steps=1)
    assert stopped.winner is None and stopped.stalled and not stopped.double_knockout
    result = fc.summarise(ruleset, session.state, [stopped], 7, {})
    assert (result.double_knockouts, result.stalls, result.stalemates) == (0, 1, 1)
    assert result.endings[0][0].startswith("Nobody wins (the fight stalls); ")


def test_one_side_all_out_with_nobody_against_it_is_no_double_knockout() -> None:
    from battlewheel.engine.core.outcome import last_side_standing

    alone = last_side_standing({"a": "ally", "b": "ally"}, (), 3)
    assert alone.over and alone.winner is None and not alone.nobody_standing
    both = last_side_standing({"a": "ally", "b": "enemy"}, (), 3)
    assert both.over and both.nobody_standing
    one_up = last_side_standing({"a": "ally", "b": "enemy"}, ("b",), 3)
    assert one_up.winner == "enemy" and not one_up.nobody_standing
