"""Rebuild the bundled demo campaign with one fight ready to start in each system.

    .venv/bin/python packaging/make_demo_campaign.py [--output FILE]

The 2e Rewrite fight, "Ambush at Marrow Ford", and the campaign's roster, weapons and
notes are hand-written and kept as they are in ``resources/campaigns/demo.json``. Every
other system found gives its fight from its ``demo`` module (``storage/demo_campaign.py``
says how). The demo shows a system the file does not hold yet without this (its fight is
made when the demo opens); rerunning it stores that fight with the others, and
``tests/storage/test_demo_campaign.py`` checks the stored ones never drift from the code.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "desktop"))

from battlewheel.storage.campaign import (  # noqa: E402
    Campaign,
    campaign_bytes,
    load_campaign,
)
from battlewheel.storage.demo_campaign import (  # noqa: E402
    HAND_WRITTEN,
    demo_session,
    made_fights,
    with_fights_of,
)

DEMO = ROOT / "resources" / "campaigns" / "demo.json"
NEW_FIGHTS = made_fights()
__all__ = ["NEW_FIGHTS", "demo_session", "main", "with_new_fights"]


def with_new_fights(campaign: Campaign) -> Campaign:
    """The campaign's hand-written 2e fight with one fight of each other system before it."""
    first = tuple(r for r in campaign.combats if r.session.ruleset.name == HAND_WRITTEN)[:1]
    return with_fights_of(replace(campaign, combats=first),
                          tuple(ruleset for ruleset, _id, _name in NEW_FIGHTS))


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
