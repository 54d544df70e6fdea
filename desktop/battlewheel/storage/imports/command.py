"""``battlewheel import CAMPAIGN FILE... [--dry-run] [--rename|--replace]``, without Qt.

A FILE may be a folder (a folder of Foundry exports): the files directly in it are read.
Every file is read before anything changes; the preview (each character's block, each
field's source, what was not used) is printed as JSON. Without ``--dry-run`` the
characters go on the campaign's roster and the campaign is saved atomically. Exit 0;
2 for a file (or the campaign) that cannot be read, naming it; 3 for a name the roster
already has when neither ``--rename`` nor ``--replace`` says what to do.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.imports.common import ImportedCharacter, ImportRefused
from battlewheel.storage.imports.roster import (
    REFUSE,
    ClashError,
    add_imports,
    clashes,
)
from battlewheel.storage.imports.sniff import import_file

EXIT_OK = 0
EXIT_UNREADABLE = 2
EXIT_CLASH = 3


def import_command(campaign_path: Path, files: Sequence[Path], *, dry_run: bool = False,
                   clash: str = REFUSE, out: TextIO | None = None,
                   err: TextIO | None = None) -> int:
    """Import ``files`` into the campaign at ``campaign_path``; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        imported = [item for path in expand_folders(files) for item in import_file(path)]
        campaign = load_campaign(Path(campaign_path))
    except ImportRefused as refused:
        print(f"cannot import {refused}", file=err)
        return EXIT_UNREADABLE
    except CampaignFileError as error:
        print(f"{campaign_path}: cannot read the campaign: {error.problem}", file=err)
        return EXIT_UNREADABLE
    clashing = clashes(campaign, imported)
    print(json.dumps(_report(campaign_path, imported, clashing, dry_run, clash),
                     indent=1, ensure_ascii=False), file=out)
    if dry_run:
        return EXIT_OK
    try:
        changed = add_imports(campaign, imported, clash)
    except ClashError as error:
        print(f"{campaign_path}: nothing imported: {error} (--rename or --replace)", file=err)
        return EXIT_CLASH
    except ValueError as error:  # a campaign limit (10,000 characters) the import would pass
        print(f"{campaign_path}: nothing imported: {error}", file=err)
        return EXIT_CLASH
    try:
        save_campaign(changed, Path(campaign_path))
    except (CampaignFileError, OSError) as error:
        print(f"{campaign_path}: cannot save: {error}", file=err)
        return EXIT_UNREADABLE
    return EXIT_OK


def expand_folders(paths: Sequence[Path]) -> list[Path]:
    """Each file as given; a folder stands for the files directly in it, by name."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(p for p in path.iterdir()
                                if p.is_file() and not p.name.startswith(".")))
        else:
            found.append(path)
    return found


def _report(campaign_path: Path, imported: Sequence[ImportedCharacter], clashing: list[str],
            dry_run: bool, clash: str) -> dict[str, object]:
    return {
        "campaign": str(campaign_path),
        "dry_run": dry_run,
        "clashes": clashing,
        "on_clash": clash,
        "characters": [item.preview_json() for item in imported],
    }
