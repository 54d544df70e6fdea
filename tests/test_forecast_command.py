"""The forecast's worker processes (models/forecast_runner.py) and ``battlewheel forecast``."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from battlewheel.models.forecast_command import forecast_command
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, shutdown
from battlewheel.storage.campaign import load_demo_campaign

DEMO = Path(__file__).parents[1] / "resources" / "campaigns" / "demo.json"


@pytest.fixture(scope="module", autouse=True)
def _stop_workers() -> object:
    yield
    shutdown()


def test_workers_give_what_one_process_gives() -> None:
    request = ForecastRequest("pool-and-ward", poolward_demo().state, 60, 11)
    shared = ForecastJob(request, workers=2, chunk=7)
    shared.start()
    here = ForecastJob(request)
    here.run_here()
    assert shared.wait() == here.result()
    assert shared.poll() == 60 and shared.finished


def test_cancel_stops_the_workers_at_once() -> None:
    session = load_demo_campaign().combat("combat-1").session  # 2e: the slowest playouts
    job = ForecastJob(ForecastRequest("2e-rewrite", session.state, 2000, 3), workers=2,
                      chunk=50)
    job.start()
    deadline = time.monotonic() + 60
    while not any(f.running() for f in job._futures) and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.3)
    asked = time.monotonic()
    job.cancel()
    while not all(f.done() for f in job._futures):
        time.sleep(0.005)
    # 0.2 s is the aim; a chunk left to run would take 20 s, a busy shared machine 1-2 s
    assert time.monotonic() - asked < 3.0
    assert not job.finished


def test_closing_the_program_stops_a_forecast_under_way() -> None:
    session = load_demo_campaign().combat("combat-1").session
    job = ForecastJob(ForecastRequest("2e-rewrite", session.state, 2000, 5), workers=2,
                      chunk=50)
    job.start()
    deadline = time.monotonic() + 60
    while not any(f.running() for f in job._futures) and time.monotonic() < deadline:
        time.sleep(0.02)
    asked = time.monotonic()
    shutdown()
    while not all(f.done() for f in job._futures):
        time.sleep(0.005)
    assert time.monotonic() - asked < 3.0  # a chunk left to run would take 20 s


def test_a_fight_already_won_is_reported_at_once_without_workers() -> None:
    import random

    from tests.engine.forecast_fights import solar_against_mortal

    session = solar_against_mortal("impulse")
    rng = random.Random(2)
    while not session.ruleset.outcome(session.state).over:
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        session.apply(action)
    job = ForecastJob(ForecastRequest("impulse", session.state, 1000, 7))
    job.start()
    assert job.finished and not job._futures
    assert job.result().side("ally").share == 1.0


def test_a_bad_request_is_refused_naming_the_field() -> None:
    state = poolward_demo().state
    with pytest.raises(ValueError, match="runs"):
        ForecastJob(ForecastRequest("pool-and-ward", state, 0))
    with pytest.raises(ValueError, match="tactics"):
        ForecastJob(ForecastRequest("pool-and-ward", state, 5, tactics=(("ally", "wild"),)))


def _run(*args: str, **options: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    settings = {"runs": 30, "seed": "7", "tactics": [], "workers": 0, "compare": False}
    settings.update(options)
    code = forecast_command(DEMO, *args, out=out, err=err, **settings)  # type: ignore[arg-type]
    return code, out.getvalue(), err.getvalue()


def test_the_command_prints_the_forecast_as_json_and_the_same_seed_repeats_it() -> None:
    code, printed, _ = _run("Edward at the Crossroads (Pool & Ward)")
    assert code == 0
    document = json.loads(printed)
    assert document["combat"] == "Edward at the Crossroads (Pool & Ward)"
    assert document["runs"] == 30 and set(document["sides"]) == {"ally", "enemy"}
    assert _run("combat-poolward")[1] == printed


def test_the_command_compares_systems_and_names_what_is_missing() -> None:
    code, printed, _ = _run("combat-poolward", compare=True, runs=10)
    assert code == 0
    compared = json.loads(printed)["compare"]
    assert compared["pool-and-ward"]["runs"] == 10
    assert "no Exalted 3rd edition block for Edward Sumner" in compared["3e"]["unavailable"]


@pytest.mark.parametrize(("args", "options", "named"), [
    (("nowhere",), {}, "--combat"), (("combat-poolward",), {"runs": -1}, "runs"),
    (("combat-poolward",), {"tactics": ["ally=wild"]}, "tactics"),
    (("combat-poolward",), {"tactics": ["ally"]}, "tactics")])
def test_bad_arguments_are_refused_by_name(args: tuple[str, ...], options: dict[str, object],
                                           named: str) -> None:
    code, printed, err = _run(*args, **options)
    assert code == 4 and printed == "" and named in err


class _Entry:
    """A roster character with a block in every system (the duellist of each)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def block(self, ruleset: str) -> object:
        from battlewheel.engine.core.ruleset import get_ruleset
        from tests.engine.forecast_fights import duellist

        return get_ruleset(ruleset).named_block(duellist(ruleset), self.name)


@pytest.mark.parametrize("system", ["2e-rewrite", "3e", "impulse", "pool-and-ward"])
def test_compare_rebuilds_the_match_up_in_every_system_sides_kept(system: str) -> None:
    from battlewheel.engine.core import forecast as fc
    from battlewheel.models.forecast_compare import matchups
    from tests.engine.forecast_fights import mirror

    session = mirror(system, swapped=False)
    found = matchups(session.ruleset, session.state, [_Entry("One"), _Entry("Two")])
    assert {m.ruleset for m in found} == {"2e-rewrite", "3e", "impulse", "pool-and-ward"}
    for matchup in found:
        ruleset = get_ruleset(matchup.ruleset)
        assert fc.sides_of(ruleset, matchup.state) == {"one": "ally", "two": "enemy"}
        assert not ruleset.outcome(matchup.state).over
        played = fc.run_playouts(ruleset, matchup.state, 1, range(3), {})
        result = fc.summarise(ruleset, matchup.state, played, 1, {})
        assert [(f.id, f.side) for f in result.fighters] == [("one", "ally"), ("two", "enemy")]
        assert result.side("ally").wins + result.side("enemy").wins + result.stalemates == 3
