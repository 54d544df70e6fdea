"""``battlewheel forecast CAMPAIGN --combat NAME``: the encounter forecast as JSON (no Qt).

Exit codes: 0 printed, 2 the campaign cannot be read, 4 bad arguments (a combat that is
not there, a bad number of runs or tactic), each with a message naming what was wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from battlewheel.engine.core.errors import RulesError
from battlewheel.models.forecast_compare import matchups
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest

EXIT_UNREADABLE = 2
EXIT_BAD_ARGUMENT = 4


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
                     err: TextIO | None = None) -> int:
    """Load the campaign, forecast the combat (and its other systems), print JSON."""
    from battlewheel.storage.campaign import load_campaign
    from battlewheel.storage.errors import CampaignFileError

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        campaign = load_campaign(Path(path))
    except CampaignFileError as error:
        print(f"{path}: cannot read the campaign: {error}", file=err)
        return EXIT_UNREADABLE
    try:
        record = find_combat(campaign, combat)
        chosen = parse_tactics(tactics)
        session = record.session
        seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
        document = _forecast(session.ruleset.name, session.state, runs, seed_value, chosen,
                             workers)
        document["combat"] = record.name
        if compare:
            document["compare"] = {
                m.ruleset: (_forecast(m.ruleset, m.state, runs, seed_value, chosen, workers)
                            if m.state is not None else {"unavailable": m.missing})
                for m in matchups(session.ruleset, session.state, campaign.characters,
                                  campaign.rulings_by_name())}
    except (ValueError, RulesError) as error:
        print(f"battlewheel forecast: {error}", file=err)
        return EXIT_BAD_ARGUMENT
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
    return 0


def _forecast(ruleset: str, state: Any, runs: int, seed: int | str,
              tactics: tuple[tuple[str, str], ...], workers: int | None) -> dict[str, Any]:
    job = ForecastJob(ForecastRequest(ruleset, state, runs, seed, tactics), workers)
    if workers == 0:
        job.run_here()
    else:
        job.start()
    return job.wait().to_json()
