"""Reading a versioned JSON file safely: size limit, JSON only, schema migrations.

Every file the program writes carries ``schema_version``. A file from an earlier
version is brought up to date by the registered migrations, one step at a time
(``MIGRATIONS[n]`` turns version n into n + 1), before anything reads its fields.
A file from a later version, or with no usable version, is refused rather than guessed at.

Loading never executes anything from the file: it is parsed with ``json`` only
(no pickle, no eval, no object hooks that build classes by name).
"""

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from battlewheel.storage.errors import CampaignFileError

SCHEMA_VERSION = 1
"""The version this program writes."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files larger than this (64 MiB) are refused before a byte is read.

A campaign of 500 characters and 50 combats of 500 actions each is about 4 MiB
(tests/benchmarks/bench_campaign_io.py), so the limit leaves ample room while a
stray video or disk image named ``.json`` is turned away without filling the memory.
"""

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` upgrades a file of version n to version n + 1.

Version 1 is the first released format, so there is nothing to register yet; the
test suite checks that every version below ``SCHEMA_VERSION`` has its step here.
"""


def read_json_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> object:
    """Parse a JSON file after checking that it exists and is not too large."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise CampaignFileError(path, "the file does not exist") from None
    except OSError as error:
        raise CampaignFileError(path, f"the file cannot be read ({error.strerror})") from None
    if size > max_bytes:
        raise CampaignFileError(
            path,
            f"the file is {size / 2**20:.0f} MiB; campaign files are limited to "
            f"{max_bytes / 2**20:.0f} MiB, so this is not a Battlewheel file",
        )
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise CampaignFileError(path, f"the file cannot be read ({error.strerror})") from None
    return parse_json(path, raw)


def parse_json(path: Path | None, raw: bytes) -> object:
    """Decode UTF-8 JSON, refusing NaN and Infinity, which JSON itself does not allow."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CampaignFileError(
            path, f"the file is not UTF-8 text (bad byte at position {error.start})"
        ) from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise CampaignFileError(
            path, f"the file is not valid JSON: {error.msg} at line {error.lineno}, "
            f"column {error.colno}"
        ) from None
    except RecursionError:
        raise CampaignFileError(path, "the file is not valid JSON: nested too deeply") from None


def _refuse_constant(name: str) -> float:
    raise json.JSONDecodeError(f"{name} is not a JSON number", name, 0)


def upgrade(
    path: Path | None,
    document: object,
    *,
    current: int = SCHEMA_VERSION,
    migrations: Mapping[int, Migration] = MIGRATIONS,
) -> dict[str, Any]:
    """Check ``schema_version`` and run the migrations up to ``current``."""
    if not isinstance(document, dict):
        raise CampaignFileError(
            path, f"the top level must be a JSON object, not {json_type(document)}"
        )
    version = _version_of(path, document, current)
    upgraded = dict(document)
    for step in range(version, current):
        if step not in migrations:
            raise CampaignFileError(path, f"no migration from schema_version {step}")
        upgraded = migrations[step](upgraded)
        upgraded["schema_version"] = step + 1
    return upgraded


def _version_of(path: Path | None, document: dict[str, Any], current: int) -> int:
    if "schema_version" not in document:
        raise CampaignFileError(path, "schema_version is missing; this is not a Battlewheel file")
    version = document["schema_version"]
    allowed = f"a whole number from 1 to {current}"
    if isinstance(version, bool) or not isinstance(version, int):
        raise CampaignFileError(path, f"schema_version must be {allowed}, not {version!r}")
    if version > current:
        raise CampaignFileError(
            path,
            f"schema_version {version} is newer than this program understands "
            f"({allowed}); open it with a newer Battlewheel",
        )
    if version < 1:
        raise CampaignFileError(path, f"schema_version must be {allowed}, not {version}")
    return version


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def dump_json(document: Mapping[str, Any]) -> bytes:
    """Human-readable JSON (indented, UTF-8, keys in insertion order), ending with a newline."""
    text = json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")
