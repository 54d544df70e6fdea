"""The demo campaign holds one fight of every system found, ready to start.

The bundled file (``resources/campaigns/demo.json``) stores the fights of the systems it
was built with: the 2e Rewrite fight, "Ambush at Marrow Ford", hand-written with the
campaign's roster, weapons and notes, and one fight of every other system, made by its
``demo`` module (``engine/rulesets/<package>/demo.py``: ``demo_fight()`` and
``DEMO_COMBAT``, the combat's id and name). A system the file does not hold yet (a new
one) gets its fight from its demo module when the demo is opened, so it shows in the demo
at once; ``packaging/make_demo_campaign.py`` stores it in the file with the rest.

Every system's fight comes before the 2e one, which stays the newest: a campaign opens
on its newest fight, so a first start opens on the 2e one. Each new fighter joins the
roster with its block for that system; a character who fights in two systems
(Harmonious Jade) is one roster character with two blocks.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlewheel.bundled import resource
from battlewheel.engine.rulesets import declared
from battlewheel.storage.campaign import DEMO_PARTS, Campaign, CombatRecord
from battlewheel.storage.roster import RosterCharacter
from battlewheel.storage.schema import parse_json, upgrade

if TYPE_CHECKING:
    from battlewheel.engine.core.session import CombatSession

HAND_WRITTEN = "2e-rewrite"  # the demo's own fight, kept as it is in the file


def load_demo_campaign() -> Campaign:
    """The bundled demo campaign, opened on first start (read from the package data),
    with a fight of every system found."""
    name = DEMO_PARTS[-1]
    raw = resource(*DEMO_PARTS).read_bytes()
    stored = Campaign.from_json(upgrade(Path(name), parse_json(Path(name), raw)), Path(name))
    return with_every_system(stored)


def demo_module(ruleset: str) -> Any:
    """The system's ``demo`` module; a system without one is refused, naming the file."""
    package = declared()[ruleset][0]
    try:
        return importlib.import_module(f"battlewheel.engine.rulesets.{package}.demo")
    except ModuleNotFoundError as missing:
        raise LookupError(f"{ruleset}: no engine/rulesets/{package}/demo.py with "
                          "demo_fight() and DEMO_COMBAT") from missing


def _has_demo(ruleset: str) -> bool:
    package = declared()[ruleset][0]
    return importlib.util.find_spec(f"battlewheel.engine.rulesets.{package}.demo") is not None


def demo_session(ruleset: str) -> CombatSession:
    """The system's own demo fight (its demo module's ``demo_fight``)."""
    session: CombatSession = demo_module(ruleset).demo_fight()
    return session


def made_fights() -> tuple[tuple[str, str, str], ...]:
    """(ruleset, combat id, the fight's name) of every system but the hand-written one,
    in the order they come before the 2e fight (File > New combat's)."""
    return tuple((name, *demo_module(name).DEMO_COMBAT) for name in declared()
                 if name != HAND_WRITTEN)


def with_fights_of(campaign: Campaign, rulesets: tuple[str, ...]) -> Campaign:
    """The campaign with each of ``rulesets``' demo fight in place of any it held, before
    the newest fight of the hand-written system, and their fighters on the roster."""
    records = []
    for ruleset in rulesets:
        combat_id, name = demo_module(ruleset).DEMO_COMBAT
        session = demo_session(ruleset)
        records.append(CombatRecord(combat_id, name, session))
        campaign = with_fighters(campaign, session)
    made = {record.id for record in records}
    kept = tuple(r for r in campaign.combats if r.id not in made)
    last = next((r for r in reversed(kept) if r.ruleset_name() == HAND_WRITTEN), None)
    before = tuple(r for r in kept if r is not last)
    return replace(campaign, combats=(*before, *records, *((last,) if last else ())))


def with_every_system(campaign: Campaign) -> Campaign:
    """The campaign with a demo fight of each system found that it holds none of and
    that has a demo module (one without has no fight in the demo: its conformance test
    says so, the program still starts)."""
    held = {record.ruleset_name() for record in campaign.combats}
    missing = tuple(name for name in declared() if name not in held and _has_demo(name))
    return with_fights_of(campaign, missing) if missing else campaign


def with_fighters(campaign: Campaign, session: CombatSession) -> Campaign:
    """Each fighter ``session`` brings in on the roster, with its block for that system."""
    for entry in session.log:
        action: Any = entry.action  # a joining action (its block and side), or another
        block = getattr(action, "character", None) or getattr(action, "block", None)
        if block is None:
            continue
        name = session.ruleset.block_name(block)
        known = next((c for c in campaign.characters if c.name.casefold() == name.casefold()),
                     None)
        if known is None:
            character = RosterCharacter.of_block(session.ruleset.name, block, side=action.side)
        else:
            character = known.with_block(session.ruleset.name, block)
        campaign = campaign.with_character(character)
    return campaign
