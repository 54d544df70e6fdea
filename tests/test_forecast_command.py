"""The forecast's worker processes (models/forecast_runner.py) and ``battlewheel forecast``."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.ruleset import get_ruleset, ruleset_names
from battlewheel.engine.core.system import FORECAST as CAN_FORECAST
from battlewheel.engine.rulesets import title_of
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from battlewheel.models.forecast_command import forecast_command, parse_precision
from battlewheel.models.forecast_runner import (
    CHECK_EVERY,
    FIRST_CHUNK,
    ForecastJob,
    ForecastRequest,
    more_precision,
    shutdown,
)
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.engine.forecast_fights import SYSTEMS as FORECAST

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


@pytest.mark.parametrize("system", FORECAST)
def test_a_fight_already_won_is_reported_at_once_without_workers(system: str) -> None:
    import random

    from tests.engine.forecast_fights import solar_against_mortal

    session = solar_against_mortal(system)
    rng = random.Random(2)
    while not session.ruleset.outcome(session.state).over:
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        session.apply(action)
    job = ForecastJob(ForecastRequest(system, session.state, 1000, 7))
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
    settings: dict[str, object] = {"runs": 30, "seed": "7", "tactics": [], "workers": 0,
                                   "compare": False}
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
    edward = load_demo_campaign().character("Edward Sumner")
    lacking = [system for system in FORECAST if edward.block(system) is None]
    assert lacking  # Edward fights in Pool & Ward alone
    for system in lacking:
        assert f"no {title_of(system)} block for Edward Sumner" in \
            compared[system]["unavailable"]


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


@pytest.mark.parametrize("system", FORECAST)
def test_compare_rebuilds_the_match_up_in_every_system_sides_kept(system: str) -> None:
    from battlewheel.engine.core import forecast as fc
    from battlewheel.models.forecast_compare import matchups
    from tests.engine.forecast_fights import mirror

    session = mirror(system, swapped=False)
    found = matchups(session.ruleset, session.state, [_Entry("One"), _Entry("Two")])
    assert {m.ruleset for m in found} == {
        name for name in ruleset_names() if get_ruleset(name).can(CAN_FORECAST)}
    for matchup in found:
        ruleset = get_ruleset(matchup.ruleset)
        assert fc.sides_of(ruleset, matchup.state) == {"one": "ally", "two": "enemy"}
        assert not ruleset.outcome(matchup.state).over
        played = fc.run_playouts(ruleset, matchup.state, 1, range(3), {})
        result = fc.summarise(ruleset, matchup.state, played, 1, {})
        assert [(f.id, f.side) for f in result.fighters] == [("one", "ally"), ("two", "enemy")]
        assert result.side("ally").wins + result.side("enemy").wins + result.stalemates == 3


# -- issue 37: live results, a precision to stop at, going on from there -------------------


def _request(runs: int, precision: float | None = None) -> ForecastRequest:
    return ForecastRequest("pool-and-ward", poolward_demo().state, runs, 11,
                           precision=precision)


def test_playouts_are_handed_out_in_index_order_as_they_arrive() -> None:
    job = ForecastJob(_request(200), workers=2, chunk=10)
    job.start()
    seen: list[int] = []
    while not job.finished:
        seen.append(job.poll())
        time.sleep(0.005)
    assert seen == sorted(seen)  # never fewer than before
    here = fc.run_playouts(get_ruleset("pool-and-ward"), poolward_demo().state, 11,
                           range(200), {})
    assert job.playouts() == here
    shorter = ForecastJob(_request(50))
    shorter.run_here()  # the first 50 in so far say what a forecast of 50 says
    assert fc.summarise(get_ruleset("pool-and-ward"), poolward_demo().state,
                        job.playouts()[:50], 11, {}) == shorter.result()
    assert job.stopped_by == "runs"


def test_a_precision_stops_at_the_first_check_point_that_reaches_it() -> None:
    job = ForecastJob(_request(5000, precision=0.04), workers=2)
    job.start()
    result = job.wait()
    assert job.stopped_by == "precision"
    assert result.runs % CHECK_EVERY == 0 and result.runs < 5000
    assert max((odds.high - odds.low) / 2 for odds in result.sides) <= 0.04
    shorter = ForecastJob(_request(result.runs - CHECK_EVERY))
    shorter.run_here()
    widest = max((o.high - o.low) / 2 for o in shorter.result().sides)
    assert widest > 0.04  # one check point earlier it had not reached it
    alone = ForecastJob(_request(5000, precision=0.04))
    alone.run_here()  # the same seed stops at the same place in one process
    assert alone.result() == result


def test_more_precision_goes_on_with_the_next_playouts_as_one_longer_run() -> None:
    first = ForecastJob(_request(5000, precision=0.06), workers=2)
    first.start()
    first.wait()
    runs, goal = more_precision(first)
    assert goal < 0.06 and runs >= first.total
    more = first.continued(runs=runs, precision=goal)
    assert more.first == len(first.playouts())
    more.start()
    longer = more.wait()
    once = ForecastJob(_request(runs, precision=goal), workers=2)
    once.start()
    assert once.wait() == longer
    assert longer.runs > first.result().runs


def test_the_same_seed_gives_the_same_result_whether_the_first_chunk_is_played_here() -> None:
    here_first = ForecastJob(_request(60), workers=2)
    here_first.start(here_first=True)
    assert here_first.poll() >= FIRST_CHUNK  # played before start() returned
    plain = ForecastJob(_request(60))
    plain.run_here()
    assert here_first.wait() == plain.result()


def test_two_jobs_at_once_cancel_only_themselves() -> None:
    session = load_demo_campaign().combat("combat-1").session
    kept = ForecastJob(ForecastRequest("2e-rewrite", session.state, 40, 3), workers=2)
    dropped = ForecastJob(ForecastRequest("2e-rewrite", session.state, 2000, 4), workers=2)
    kept.start()
    dropped.start()
    dropped.cancel()
    assert len(kept.wait().sides) == 2 and kept.finished
    assert not dropped.finished


def test_at_most_eight_workers_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    import battlewheel.models.forecast_runner as runner

    monkeypatch.setattr(runner.os, "cpu_count", lambda: 64)
    assert runner.default_workers() == 8
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 2)
    assert runner.default_workers() == 2


def test_a_warm_pool_is_kept_for_the_next_forecast() -> None:
    import battlewheel.models.forecast_runner as runner

    runner.warm(2, ("pool-and-ward",)).join(60)
    pool = runner._SHARED["pool"]
    job = ForecastJob(_request(20), workers=2)
    job.start()
    job.wait()
    assert runner._SHARED["pool"] is pool  # no new processes for it


def test_progress_prints_a_line_a_chunk_then_the_final_json() -> None:
    code, printed, _ = _run("combat-poolward", runs=80, workers=2, progress=True)
    assert code == 0
    lines = printed.splitlines()
    progress = [json.loads(line)["progress"] for line in lines if line.startswith('{"progress"')]
    assert progress and progress[-1]["runs"] == 80
    assert [p["runs"] for p in progress] == sorted({p["runs"] for p in progress})
    for step in progress:
        for odds in step["sides"].values():
            low, high = odds["interval95"]
            assert low <= odds["chance"] <= high
    final = json.loads("\n".join(lines[len(progress):]))
    assert final["runs"] == 80 and "precision" not in final
    assert final == json.loads(_run("combat-poolward", runs=80)[1])  # as without --progress


def test_the_precision_stops_the_command_and_says_so() -> None:
    code, printed, _ = _run("combat-poolward", runs=5000, precision=0.05)
    document = json.loads(printed)
    assert code == 0 and document["precision"] == {"half_width": 0.05,
                                                    "stopped_by": "precision"}
    assert document["runs"] < 5000


@pytest.mark.parametrize(("given", "said"), [
    ("abc", "a number such as 2"), ("0", "above 0"), ("-3", "above 0"), ("50", "below 50"),
    ("nan", "above 0"), ("0.02", "write 2 for +-2 points")])
def test_a_precision_that_means_nothing_is_refused_with_exit_2(
        given: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from battlewheel.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["forecast", str(DEMO), "--combat", "combat-poolward", "--precision", given])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert said in captured.err and "--precision" in captured.err and captured.out == ""


def test_points_are_read_as_a_share() -> None:
    assert parse_precision("2") == pytest.approx(0.02)
    assert parse_precision("0.5%") == pytest.approx(0.005)


# -- issue 37: compare systems plays what the GM set ----------------------------------------


def test_a_gm_set_order_gives_the_same_chance_in_the_compare_row_as_its_own_forecast() -> None:
    from battlewheel.models.forecast_compare import matchups

    campaign = load_demo_campaign()
    session = campaign.combat("combat-poolward").session
    assert any(entry.action.kind == "set_order" for entry in session.log)
    own = ForecastJob(ForecastRequest("pool-and-ward", session.state, 200, 7))
    own.run_here()
    row = next(m for m in matchups(session.ruleset, session.state, campaign.characters,
                                   campaign.rulings_by_name(), session=session)
               if m.ruleset == "pool-and-ward")
    compared = ForecastJob(ForecastRequest("pool-and-ward", row.state, 200, 7))
    compared.run_here()
    assert compared.result().side("ally").share == own.result().side("ally").share
    assert "Cutthroat 1, Cutthroat 2, Archer, Edward Sumner" in row.played
    assert "blocks: the fight's own" in row.played and "rulings:" in row.played
    assert row.unit == "rounds"


def test_the_compare_command_names_what_each_row_played_and_its_unit() -> None:
    code, printed, _ = _run("combat-poolward", compare=True, runs=10)
    row = json.loads(printed)["compare"]["pool-and-ward"]
    assert code == 0 and "order: the fight's own" in row["played"]
    assert row["length"]["unit"] == "rounds" and "round" in row["length"]["unit_means"]


def test_a_fight_played_on_keeps_its_set_up_for_the_compare_row() -> None:
    import random

    from battlewheel.models.forecast_compare import setup, setup_length

    session = load_demo_campaign().combat("combat-poolward").session
    length = len(session.log)
    rng = random.Random(5)
    for _ in range(6):
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        session.apply(action)
    assert setup_length(session) == length
    assert setup(session).order == session.state_at(length).order
    assert session.ruleset.outcome(setup(session)).clock == 0


def test_the_order_left_to_the_dice_drops_the_gm_s_order_and_rolls_it() -> None:
    from battlewheel.models.forecast_compare import order_rolled

    session = load_demo_campaign().combat("combat-poolward").session
    found = order_rolled(session)
    assert found is not None
    state, how = found
    assert "set_order" in how and "roll" in state.options.turn_order
    assert "roll" in how


def test_weigh_order_says_how_much_the_gm_s_order_weighs_and_how_it_was_measured() -> None:
    code, printed, _ = _run("combat-poolward", runs=200, weigh_order=True)
    document = json.loads(printed)
    weight = document["order_weight"]
    assert code == 0 and weight["ally_chance"] == document["sides"]["ally"]["chance"]
    from battlewheel.models.forecast_compare import order_rolled

    state, how = order_rolled(load_demo_campaign().combat("combat-poolward").session) or (None, "")
    rolled = ForecastJob(ForecastRequest("pool-and-ward", state, 200, 7))
    rolled.run_here()
    assert weight["ally_chance_if_rolled"] == round(rolled.result().side("ally").share, 4)
    assert weight["weighs_much"] is (abs(weight["ally_chance"] - weight["ally_chance_if_rolled"])
                                     >= 0.10)
    assert weight["measured"] == how and "set_order" in how
    assert "order_weight" not in json.loads(_run("combat-poolward", runs=200)[1])


def test_once_the_fight_is_under_way_its_order_is_not_weighed() -> None:
    import random

    from battlewheel.models.forecast_compare import order_rolled

    session = load_demo_campaign().combat("combat-poolward").session
    rng = random.Random(5)
    while session.ruleset.outcome(session.state).clock == 0:
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        session.apply(action)
    assert order_rolled(session) is None
