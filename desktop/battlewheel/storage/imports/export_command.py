"""``battlewheel export CAMPAIGN --character NAME --to foundry --output FILE``, without Qt.

Writes one roster character's 3e block as a Foundry VTT actor export (the same file the
roster's Export as Foundry writes), atomically. Exit 0; 2 for a campaign that cannot be
read or a file that cannot be written; 4 for a character the roster does not have or
one with no 3e block (Foundry's Exalted 3rd Edition system takes 3e characters only).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.storage.atomic import atomic_write_bytes
from battlewheel.storage.campaign import load_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.imports.foundry_export import foundry_export
from battlewheel.storage.schema import dump_json

EXIT_OK = 0
EXIT_UNREADABLE = 2
EXIT_NO_SUCH_CHARACTER = 4
TARGETS = ("foundry",)
FOUNDRY_RULESET = "3e"


def export_command(campaign_path: Path, name: str, output: Path, *, to: str = "foundry",
                   out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Export the roster character ``name`` to ``output``; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    if to not in TARGETS:
        print(f"cannot export to {to!r}: only {', '.join(TARGETS)} is known", file=err)
        return EXIT_UNREADABLE
    try:
        campaign = load_campaign(Path(campaign_path))
        character = campaign.character(name)
        block = character.block(FOUNDRY_RULESET)
    except CampaignFileError as error:
        print(f"{campaign_path}: cannot read the campaign: {error.problem}", file=err)
        return EXIT_UNREADABLE
    except KeyError:
        print(f"{campaign_path}: the roster has no character called {name!r}", file=err)
        return EXIT_NO_SUCH_CHARACTER
    except TraitValueError as error:  # a stored 3e block its ruleset cannot read
        print(f"{campaign_path}: {name}'s 3e block is damaged: {error}", file=err)
        return EXIT_UNREADABLE
    if block is None:
        print(f"{campaign_path}: {character.name} has no 3e stat block; Foundry's Exalted "
              "3rd Edition system takes 3e characters only", file=err)
        return EXIT_NO_SUCH_CHARACTER
    try:
        atomic_write_bytes(Path(output), dump_json(foundry_export(block, character.identity.kind)),
                           keep_backup=False)
    except OSError as error:
        print(f"{output}: cannot write: {error.strerror}", file=err)
        return EXIT_UNREADABLE
    print(f"{character.name}: written to {output} as a Foundry VTT actor", file=out)
    return EXIT_OK
