"""The versioned-JSON reader: size limit, strict JSON, schema_version and migrations."""

import json
from pathlib import Path
from typing import Any

import pytest

from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    read_json_file,
    upgrade,
)


def test_every_earlier_version_has_a_registered_migration() -> None:
    """Each schema_version below the current one has its upgrade step."""
    assert all(step in MIGRATIONS for step in range(1, SCHEMA_VERSION))


def test_migrations_run_in_order_from_the_files_version() -> None:
    """A version-1 file passes through steps 1 and 2 to reach version 3."""

    def add_notes(doc: dict[str, Any]) -> dict[str, Any]:
        return {**doc, "notes": doc["memo"]}

    def rename_roster(doc: dict[str, Any]) -> dict[str, Any]:
        renamed = dict(doc)
        renamed["characters"] = renamed.pop("roster")
        return renamed

    steps = {1: add_notes, 2: rename_roster}
    result = upgrade(None, {"schema_version": 1, "memo": "m", "roster": []},
                     current=3, migrations=steps)
    assert result == {"schema_version": 3, "memo": "m", "notes": "m", "characters": []}


def test_file_above_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    """A file over the limit is refused by its size, naming the limit."""
    big = tmp_path / "huge.json"
    big.write_bytes(b"{" + b" " * 2048 + b"}")
    with pytest.raises(CampaignFileError, match=r"limited to 0 MiB"):
        read_json_file(big, max_bytes=1024)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_standard_json_numbers_are_refused(tmp_path: Path, constant: str) -> None:
    """NaN and Infinity are not JSON and would poison arithmetic, so they are refused."""
    path = tmp_path / "c.json"
    path.write_text('{"schema_version": 1, "x": ' + constant + '}', encoding="utf-8")
    with pytest.raises(CampaignFileError, match="not a JSON number"):
        read_json_file(path)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "top level must be a JSON object, not an array"),
        ({}, "schema_version is missing"),
        ({"schema_version": "1"}, "schema_version must be a whole number from 1 to"),
        ({"schema_version": True}, "schema_version must be a whole number"),
        ({"schema_version": 0}, "schema_version must be a whole number from 1 to"),
        ({"schema_version": SCHEMA_VERSION + 1}, "newer than this program understands"),
    ],
)
def test_bad_schema_versions_are_named(document: object, message: str) -> None:
    """Each kind of bad version gets its own message."""
    with pytest.raises(CampaignFileError, match=message):
        upgrade(Path("c.json"), json.loads(json.dumps(document)))
