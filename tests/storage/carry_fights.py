"""A Pool & Ward fight whose two fighters joined from the roster (the joining term
``roster``), on the version 2 fixture's characters: the carry tests' campaign."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.campaign import Campaign, load_campaign

ROOT = Path(__file__).resolve().parents[2]
V2 = ROOT / "tests" / "fixtures" / "v2"
EXAMPLE = ROOT / "resources" / "examples" / "poolward-mar-and-the-guard.json"
FIGHT_NAME = "Alley again"
ONE_OFF_NAME = "Strangers in the alley"
STRANGER = " (a stranger)"


def roster_log(*, lasting: dict[str, Any] | None = None,
               steps: int | None = None) -> dict[str, Any]:
    """The example fight with Mar and the City Guard joined from the roster (Mar at
    ``lasting`` when given), cut to its first ``steps`` actions when given."""
    log = copy.deepcopy(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    for action in log["actions"][:2]:
        joining = action.setdefault("joining", {})
        joining["roster"] = action["character"]["name"]
        if lasting is not None and action["id"] == "mar":
            joining["lasting"] = lasting
    if steps is not None:
        log["actions"] = log["actions"][:steps]
    return log


def one_off_log() -> dict[str, Any]:
    """The example fight with one-off foes: no roster term, and stat blocks the roster does
    not have (named as strangers)."""
    log = copy.deepcopy(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    for action in log["actions"][:2]:
        action["character"]["name"] += STRANGER
    return log


def campaign_with_fight(**kwargs: Any) -> tuple[Campaign, str]:
    """The four-systems fixture with a fight of one-off foes (``ONE_OFF_NAME``) and then the
    roster fight added; returns it and the roster fight's id."""
    campaign = load_campaign(V2 / "four-systems.json")
    campaign = campaign.with_combat(ONE_OFF_NAME, CombatSession.from_json(one_off_log()))
    campaign = campaign.with_combat(FIGHT_NAME, CombatSession.from_json(roster_log(**kwargs)))
    return campaign, campaign.combats[-1].id
