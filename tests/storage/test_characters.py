"""Single characters go out to a file and come back equal; bad files are named."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.characters import export_character, import_character
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.roster import RosterCharacter
from tests.storage.strategies import characters


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(characters())
def test_exported_character_imports_equal(tmp_path: Path, character: Character) -> None:
    """Export then import gives back the same character."""
    path = tmp_path / "one.json"
    rostered = RosterCharacter.of_block("2e-rewrite", character)
    export_character(rostered, path)
    assert import_character(path) == rostered


def test_imported_character_joins_a_campaign_roster(tmp_path: Path) -> None:
    """An imported character can be added to another campaign's roster."""
    path = tmp_path / "kestrel.json"
    kestrel = Character("Kestrel", kind="Solar", essence=2)
    export_character(RosterCharacter.of_block("2e-rewrite", kestrel), path)
    roster = Campaign().with_character(import_character(path))
    assert roster.character("kestrel").block("2e-rewrite") == kestrel


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"schema_version": 1, "format": "battlewheel-campaign"}, "is this a campaign"),
        ({"schema_version": 1, "format": "battlewheel-character", "character": []},
         "character must be an object, not an array"),
        ({"schema_version": 1, "format": "battlewheel-character",
          "character": {"name": "X", "willpower": 99}},
         "willpower must be a whole number 1-10, got 99"),
        ({"schema_version": 4, "format": "battlewheel-character"}, "newer than this program"),
    ],
)
def test_bad_character_files_are_named_and_untouched(
    tmp_path: Path, document: object, message: str
) -> None:
    """Each bad character file gets its message and keeps its bytes."""
    path = tmp_path / "bad.json"
    data = json.dumps(document).encode("utf-8")
    path.write_bytes(data)
    with pytest.raises(CampaignFileError, match=message):
        import_character(path)
    assert path.read_bytes() == data


def test_character_files_have_a_smaller_size_limit(tmp_path: Path) -> None:
    """A 2 MiB 'character' is refused by its size."""
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(2 * 1024 * 1024)
    with pytest.raises(CampaignFileError, match="limited to 1 MiB"):
        import_character(path)
