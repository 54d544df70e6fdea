"""Reading a versioned JSON file safely: size limit, JSON only, schema migrations.

Every file the program writes carries ``schema_version``. A file from an earlier
version is brought up to date by the registered migrations, one step at a time
(``MIGRATIONS[n]`` turns version n into n + 1), before anything reads its fields.
A file from a later version, or with no usable version, is refused rather than guessed at.

Loading never executes anything from the file: it is parsed with ``json`` only
(no pickle, no eval, no object hooks that build classes by name).

``read_json_file`` and ``parse_json`` are the one reader of every JSON file the
program opens (campaigns, character exports, combat logs, each journal line). Beyond
strict JSON they refuse what would crash or trap the code behind them: numbers too
long to be any value we store, NaN and Infinity (also when spelt as ``1e999``),
nesting deeper than any file we write, and text with a lone surrogate escape, which
Python reads but can never write back as UTF-8.
"""

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

# Storage names JSON types in messages as the engine does, so the name is re-exported.
from battlewheel.engine.core.fields import MAX_DEPTH as MAX_DEPTH
from battlewheel.engine.core.fields import MAX_NUMBER_DIGITS as MAX_NUMBER_DIGITS
from battlewheel.engine.core.fields import json_type as json_type
from battlewheel.storage.errors import CampaignFileError

SCHEMA_VERSION = 3
"""The version this program writes when a file holds what only it has (campaign format 3:
a character's current condition, a campaign's carry records)."""

PLAIN_VERSION = 2
"""The version written when nothing of format 3 is held: a campaign never carried to is
written as format 2 was, so an earlier file saves back byte for byte until the GM carries
or rests, and an earlier Battlewheel still opens it."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files larger than this (64 MiB) are refused before a byte is read.

A campaign of 500 characters and 50 combats of 500 actions each is about 4 MiB
(tests/benchmarks/bench_campaign_io.py), so the limit leaves ample room while a
stray video or disk image named ``.json`` is turned away without filling the memory.
"""

# MAX_NUMBER_DIGITS (15) and MAX_DEPTH (40) are the engine's (``check_storable`` refuses
# the same when an action or a stat block is made). Every number the program stores is
# small (ticks up to a million, dots, dice), and 15 digits stay exact as JSON numbers
# everywhere; a longer one is a damaged file, and past 4,300 digits Python refuses to
# convert it at all. The deepest file we write (a journal line holding a campaign, whose
# combat log holds a character's weapon) is about 12 levels deep; 40 leaves room while
# keeping the recursive readers behind this one far from Python's recursion limit.

# A \uD800-\uDFFF escape is the only way a lone surrogate can enter: strict UTF-8
# decoding refuses encoded ones. Most files have none, so the walk is usually skipped.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` upgrades a file of version n to version n + 1.

Versions 1 to 2 and 2 to 3 are in ``storage.migrations``; the
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
            f"the file is {size / 2**20:.0f} MiB; Battlewheel files are limited to "
            f"{max_bytes / 2**20:.0f} MiB, so this is not a Battlewheel file",
        )
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise CampaignFileError(path, f"the file cannot be read ({error.strerror})") from None
    return parse_json(path, raw)


def parse_json(path: Path | None, raw: bytes) -> object:
    """Decode UTF-8 JSON and refuse anything the program could not work with or save."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CampaignFileError(
            path, f"the file is not UTF-8 text (bad byte at position {error.start})"
        ) from None
    document = _loads(path, text)
    _check_nesting_and_numbers(path, document)
    if _SURROGATE_ESCAPE.search(text):
        _check_text(path, document)
    return document


def _loads(path: Path | None, text: str) -> object:
    # Whole numbers are read by Python and their length checked on the walk after
    # (``_check_nesting_and_numbers``): a hook on every number would slow reading by
    # half. Only a number of thousands of digits, which Python refuses to read, is read
    # again through the hook, to name it.
    try:
        try:
            return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_number)
        except ValueError as error:
            if isinstance(error, json.JSONDecodeError | _BadNumber):
                raise
            return json.loads(text, parse_constant=_refuse_constant, parse_int=_whole_number,
                              parse_float=_finite_number)
    except json.JSONDecodeError as error:
        raise CampaignFileError(
            # Python's own message may end in "at" ("Unterminated string starting at").
            path, f"the file is not valid JSON: {error.msg.removesuffix(' at')} "
            f"at line {error.lineno}, column {error.colno}"
        ) from None
    except _BadNumber as error:
        raise CampaignFileError(path, f"the file is not usable JSON: {error}") from None
    except RecursionError:
        raise CampaignFileError(path, "the file is not valid JSON: nested too deeply") from None


class _BadNumber(ValueError):
    """A number the JSON grammar allows but no Battlewheel file holds."""


def _refuse_constant(name: str) -> float:
    raise json.JSONDecodeError(f"{name} is not a JSON number", name, 0)


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _BadNumber(_too_many_digits(len(text.lstrip("-"))))
    return int(text)


def _too_many_digits(digits: int) -> str:
    return f"a number has {digits} digits; at most {MAX_NUMBER_DIGITS} allowed"


_WHOLE_LIMIT = 10**MAX_NUMBER_DIGITS  # the first whole number with one digit too many


def _check_number(path: Path | None, value: object) -> None:
    """Refuse a whole number longer than ``MAX_NUMBER_DIGITS`` (JSON has no leading zeros)."""
    if type(value) is int and not -_WHOLE_LIMIT < value < _WHOLE_LIMIT:
        digits = len(str(abs(value)))
        raise CampaignFileError(path, f"the file is not usable JSON: {_too_many_digits(digits)}")


def _finite_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"{text[:20]} is too large for a number (Infinity is not JSON)")
    return value


def _check_nesting_and_numbers(path: Path | None, document: object) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and overlong whole numbers.

    One walk, level by level without recursion, looks at every value once.
    """
    _check_number(path, document)
    level: list[object] = [document]
    for _depth in range(MAX_DEPTH):
        deeper: list[object] = []
        for value in level:
            for child in _children(value):
                if isinstance(child, _CONTAINERS):
                    deeper.append(child)
                elif type(child) is int:
                    _check_number(path, child)
        if not deeper:
            return
        level = deeper
    raise CampaignFileError(
        path, f"the file is nested more than {MAX_DEPTH} levels deep; no Battlewheel file is"
    )


_CONTAINERS = (dict, list)


def _children(value: object) -> Iterable[object]:
    if isinstance(value, dict):
        return value.values()
    return value if isinstance(value, list) else ()


def _check_text(path: Path | None, document: object) -> None:
    """Refuse a lone surrogate anywhere (keys too), naming where it is."""
    stack: list[tuple[object, str]] = [(document, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str) and not _encodable(value):
            raise CampaignFileError(path, f"{where or 'the text'}: {_surrogate_problem(value)}")
        if isinstance(value, dict):
            for key, item in value.items():
                if not _encodable(key):
                    raise CampaignFileError(path, f"a key in {where or 'the top level'}: "
                                            f"{_surrogate_problem(key)}")
                stack.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]") for index, item in enumerate(value))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate_problem(text: str) -> str:
    lone = next(char for char in text if 0xD800 <= ord(char) <= 0xDFFF)
    return (f"the text holds \\u{ord(lone):04x}, a lone half of a character pair, which "
            "cannot be saved again; remove or replace that escape")


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


def dump_json(document: Mapping[str, Any]) -> bytes:
    """Human-readable JSON (indented, UTF-8, keys in insertion order), ending with a newline."""
    text = json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")
