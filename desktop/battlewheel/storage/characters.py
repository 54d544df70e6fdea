"""Import and export of single characters, to share them between campaigns or tables.

A character file is JSON with its own ``schema_version``::

    {"schema_version": 2, "format": "battlewheel-character",
     "character": {"identity": {...}, "blocks": {"<ruleset>": {...}}}}

A version 1 file (a bare 2e stat block) is migrated on reading like a campaign.

Reading it has the same guarantees as a campaign: size limit, JSON only, and a
``CampaignFileError`` naming the problem, with nothing changed.
"""

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from battlewheel.storage import migrations as _migrations  # noqa: F401 (registers v1 -> v2)
from battlewheel.storage.atomic import atomic_write_bytes
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.roster import RosterCharacter
from battlewheel.storage.schema import (
    PLAIN_VERSION,
    SCHEMA_VERSION,
    dump_json,
    json_type,
    read_json_file,
    upgrade,
)

FORMAT = "battlewheel-character"
MAX_CHARACTER_BYTES = 1024 * 1024
"""A character with long notes is a few kilobytes; one mebibyte is plenty."""


def character_from_json(obj: Mapping[str, Any]) -> RosterCharacter:
    """A roster character read from JSON (a drag between windows, a file)."""
    return RosterCharacter.from_json(obj)


def export_character(character: RosterCharacter, path: Path) -> None:
    """Write one character to a file, atomically."""
    # Format 3 only for a character holding a condition: others stay readable by older programs.
    version = SCHEMA_VERSION if character.conditions else PLAIN_VERSION
    document = {"schema_version": version, "format": FORMAT,
                "character": character.to_json()}
    data = dump_json(document)
    if len(data) > MAX_CHARACTER_BYTES:
        # import_character would refuse it: say so now, before a file is written.
        raise CampaignFileError(path, f"the character would be {len(data) / 2**20:.1f} MiB; "
                                "character files are limited to 1 MiB (shorten the notes)")
    atomic_write_bytes(Path(path), data, keep_backup=False)


def import_character(path: Path) -> RosterCharacter:
    """Read one character; a bad file raises ``CampaignFileError`` naming the problem."""
    path = Path(path)
    document = upgrade(path, read_json_file(path, max_bytes=MAX_CHARACTER_BYTES))
    if document.get("format") != FORMAT:
        raise CampaignFileError(
            path, f"format must be {FORMAT!r}, not {document.get('format')!r}"
            " (is this a campaign? open it with File > Open)"
        )
    data = document.get("character")
    if not isinstance(data, dict):
        raise CampaignFileError(path, f"character must be an object, not {json_type(data)}")
    try:
        return RosterCharacter.from_json(data)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise CampaignFileError(path, f"character: {error}") from None
