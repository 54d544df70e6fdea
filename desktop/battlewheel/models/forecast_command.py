"""``battlewheel forecast CAMPAIGN --combat NAME``: the encounter forecast as JSON (no Qt).

``--progress`` prints one JSON line per chunk of playouts in (the runs so far and each
side's chance and 95% interval) before the final JSON; ``--precision P`` stops once every
side's interval is within P points either way; ``--weigh-order`` adds the same set-up's
forecast with its order left to the dice (see docs/forecast.md).

Exit codes: 0 printed, 2 the campaign cannot be read or an argument is not what it must
be (argparse's own refusals, a precision that means nothing), 4 bad arguments the
campaign decides (a combat that is not there, a bad number of runs or tactic), each with
a message naming what was wrong.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from battlewheel.engine.core.errors import RulesError
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, Running

EXIT_UNREADABLE = 2
EXIT_BAD_ARGUMENT = 4
ORDER_WEIGHS = 0.10  # the order is said to weigh much from 10 points of difference
FINEST_POINTS = 0.1  # finer needs about a million playouts at even odds: far past the most
WIDEST_POINTS = 50.0


def parse_precision(text: str) -> float:
    """``--precision P``: P in percentage points either way (2: every side within +-2
    points), returned as a share (0.02). Refused (argparse exits 2) unless a plain number
    from 0.1 to below 50; 0.02 is refused as a share written where points are wanted."""
    try:
        points = float(text.strip().removesuffix("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"write the half-width in points, a number such as 2 (for +-2 points), "
            f"not {text!r}") from None
    if not math.isfinite(points) or points <= 0 or points >= WIDEST_POINTS:
        raise argparse.ArgumentTypeError(
            f"the half-width must be above 0 and below {WIDEST_POINTS:g} points, not {text!r}")
    if points < FINEST_POINTS:
        raise argparse.ArgumentTypeError(
            f"{text!r} points is finer than {FINEST_POINTS:g} (no forecast reaches it); the "
            f"precision is in points, so write 2 for +-2 points, not 0.02")
    return points / 100


def parse_tactics(given: list[str]) -> tuple[tuple[str, str], ...]:
    """``ally=aggressive`` pairs read into (side, stance) (checked by the request)."""
    found = []
    for item in given:
        side, sep, stance = item.partition("=")
        if not sep:
            raise ValueError(f"tactics: write SIDE=STANCE (ally=cautious), not {item!r}")
        found.append((side.strip(), stance.strip()))
    return tuple(found)


def find_combat(campaign: Any, name: str) -> Any:
    """The combat whose id or name is ``name`` (case aside); refused with the names there are."""
    for record in campaign.combats:
        if record.id == name or record.name.casefold() == name.casefold():
            return record
    known = "; ".join(f"{r.name} ({r.id})" for r in campaign.combats) or "none"
    raise ValueError(f"--combat: no combat called {name!r} in this campaign; there are: {known}")


def forecast_command(path: Path, combat: str, *, runs: int, seed: str, tactics: list[str],
                     workers: int | None, compare: bool, out: TextIO | None = None,
                     err: TextIO | None = None, progress: bool = False,
                     precision: float | None = None, weigh_order: bool = False) -> int:
    """Load the campaign, forecast the combat (and its other systems), print JSON."""
    from battlewheel.storage.campaign import load_campaign
    from battlewheel.storage.errors import CampaignFileError

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        # The combat asked for is the one replayed at once (by its id; a name finds it
        # after), not the newest: the first estimate waits for no other system's rules.
        campaign = load_campaign(Path(path), shown=combat)
    except CampaignFileError as error:
        print(f"{path}: cannot read the campaign: {error}", file=err)
        return EXIT_UNREADABLE
    try:
        record = find_combat(campaign, combat)
        chosen = parse_tactics(tactics)
        session = record.session
        seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
        told = _progress_line(out) if progress else None
        document = _forecast(ForecastRequest(session.ruleset.name, session.state, runs,
                                             seed_value, chosen, precision), workers, told)
        document["combat"] = record.name
        if weigh_order:
            document["order_weight"] = _order_weight(session, document, runs, workers,
                                                     precision)
        if compare:
            from battlewheel.models.forecast_compare import matchups  # only when asked

            document["compare"] = {
                m.ruleset: (_compared(m, ForecastRequest(m.ruleset, m.state, runs, seed_value,
                                                         chosen, precision), workers)
                            if m.state is not None else {"unavailable": m.missing})
                for m in matchups(session.ruleset, session.state, campaign.characters,
                                  campaign.rulings_by_name(), session=session)}
    except (ValueError, RulesError) as error:
        print(f"battlewheel forecast: {error}", file=err)
        return EXIT_BAD_ARGUMENT
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
    return 0


def _order_weight(session: Any, document: dict[str, Any], runs: int, workers: int | None,
                  precision: float | None) -> dict[str, Any]:
    """``--weigh-order``: the same set-up with its order left to the dice, on the same
    workers and seed, and whether the order weighs much (10 points or more)."""
    from battlewheel.models.forecast_compare import order_rolled, setup_length

    if setup_length(session) < len(session.log):
        return {"unavailable": "the fight has gone past its set-up: its order is history"}
    found = order_rolled(session)
    if found is None:
        return {"unavailable": "the order is already left to the dice in every playout"}
    state, how = found
    tactics = tuple(sorted(document["tactics"].items()))
    rolled = _forecast(ForecastRequest(session.ruleset.name, state, runs, document["seed"],
                                       tactics, precision), workers, None)
    now, then = document["sides"]["ally"]["chance"], rolled["sides"]["ally"]["chance"]
    return {"ally_chance": now, "ally_chance_if_rolled": then, "runs_if_rolled": rolled["runs"],
            "weighs_much": abs(now - then) >= ORDER_WEIGHS, "measured": how}


def _progress_line(out: TextIO) -> Callable[[Running], None]:
    def told(running: Running) -> None:
        out.write(json.dumps({"progress": running.to_json()}, ensure_ascii=False) + "\n")
        out.flush()  # a reader sees each line as it comes
    return told


def _compared(matchup: Any, request: ForecastRequest, workers: int | None) -> dict[str, Any]:
    from battlewheel.models.forecast_compare import unit_words

    document = _forecast(request, workers, None)
    document["played"] = matchup.played
    document["length"]["unit_means"] = unit_words(matchup.unit)
    return document


def _forecast(request: ForecastRequest, workers: int | None,
              told: Callable[[Running], None] | None) -> dict[str, Any]:
    job = ForecastJob(request, workers)
    if workers == 0:
        job.run_here()
    else:
        job.start(here_first=True)  # a first estimate while the workers start
    document = job.wait(told).to_json()
    if request.precision is not None:  # without it the JSON is as it always was
        document["precision"] = {"half_width": round(request.precision, 4),
                                 "stopped_by": job.stopped_by}
    return document
