"""Rebuild the bundled demo campaign with one fight ready to start in each system.

    .venv/bin/python packaging/make_demo_campaign.py [--output FILE]

The 2e Rewrite fight, "Ambush at Marrow Ford", and the campaign's roster, weapons and
notes are hand-written and kept as they are in ``resources/campaigns/demo.json``. Every
other system found (``engine/rulesets/``, in File > New combat's order) gives its fight
from its ``demo`` module: ``demo_fight()`` and ``DEMO_COMBAT`` (the combat's id and
name), so a new system joins the demo by rerunning this, and the file never drifts from
the code (``tests/storage/test_demo_campaign.py`` checks that). They
come before the 2e fight, which stays the newest: a campaign opens on its newest fight,
so the first start still opens on the 2e one. Each new
fighter joins the roster with its block for that system; a character who fights in two
systems (Harmonious Jade) is one roster character with two blocks.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "desktop"))

from battlewheel.engine.core.session import CombatSession  # noqa: E402
from battlewheel.engine.rulesets import declared  # noqa: E402
from battlewheel.storage.campaign import (  # noqa: E402
    Campaign,
    CombatRecord,
    campaign_bytes,
    load_campaign,
)
from battlewheel.storage.roster import RosterCharacter  # noqa: E402

DEMO = ROOT / "resources" / "campaigns" / "demo.json"
HAND_WRITTEN = "2e-rewrite"  # the demo's own fight, kept as it is in the file


def new_fights() -> tuple[tuple[str, str, str], ...]:
    """(ruleset, combat id, the fight's name) of every system but the hand-written one,
    in the order they come before the 2e fight."""
    return tuple((name, *demo_module(name).DEMO_COMBAT) for name in declared()
                 if name != HAND_WRITTEN)


def demo_module(ruleset: str) -> Any:
    """The system's ``demo`` module (``engine/rulesets/<package>/demo.py``)."""
    package = declared()[ruleset][0]
    try:
        return importlib.import_module(f"battlewheel.engine.rulesets.{package}.demo")
    except ModuleNotFoundError as missing:
        raise SystemExit(f"{ruleset}: no engine/rulesets/{package}/demo.py with "
                         "demo_fight() and DEMO_COMBAT") from missing


NEW_FIGHTS = new_fights()


def demo_session(ruleset: str) -> CombatSession:
    """The ruleset's own demo fight (its demo module's ``demo_fight``)."""
    session: CombatSession = demo_module(ruleset).demo_fight()
    return session


def with_new_fights(campaign: Campaign) -> Campaign:
    """The campaign with one fight of each other system, then the 2e fight (opened first)."""
    first = tuple(r for r in campaign.combats if r.session.ruleset.name == HAND_WRITTEN)[:1]
    records = []
    for ruleset, combat_id, name in NEW_FIGHTS:
        session = demo_session(ruleset)
        records.append(CombatRecord(combat_id, name, session))
        campaign = with_fighters(campaign, session)
    return replace(campaign, combats=(*records, *first))


def with_fighters(campaign: Campaign, session: CombatSession) -> Campaign:
    """Each fighter ``session`` brings in on the roster, with its block for that system."""
    for entry in session.log:
        action = entry.action
        block = getattr(action, "character", None) or getattr(action, "block", None)
        if block is None:
            continue
        name = session.ruleset.block_name(block)
        known = next((c for c in campaign.characters if c.name.casefold() == name.casefold()), None)
        if known is None:
            character = RosterCharacter.of_block(session.ruleset.name, block, side=action.side)
        else:
            character = known.with_block(session.ruleset.name, block)
        campaign = campaign.with_character(character)
    return campaign


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEMO)
    args = parser.parse_args(argv)
    campaign = with_new_fights(load_campaign(DEMO))
    args.output.write_bytes(campaign_bytes(campaign))
    print(f"wrote {args.output}: {len(campaign.combats)} combats, "
          f"{len(campaign.characters)} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

