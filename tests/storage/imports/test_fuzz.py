"""Mutated files fed to the three readers: each either imports or is refused, never crashes.

Two kinds of mutation: bytes (flipped, cut, repeated: what a damaged disk or a bad
copy does) and values (a leaf of the JSON or an attribute of the XML replaced by
another type or an extreme number: what a hand edit or another program does).
"""

import json
import random
import re
from copy import deepcopy as copy_value
from pathlib import Path

import pytest

from battlewheel.storage.imports import ImportRefused, import_bytes

FIXTURES = Path(__file__).parent / "fixtures"
FILES = sorted(p.name for p in FIXTURES.iterdir())
ODD_VALUES: list[object] = [None, True, -1, 0, 99, 10**14, 2.5, "", "7", "x" * 300, [], {},
                            [1, 2], {"value": "?"}, "\u2212", "Category.-9x99"]
ROUNDS = 400


def _accepts_or_refuses(raw: bytes, origin: str) -> None:
    try:
        imported = import_bytes(raw, origin)
    except ImportRefused as refused:
        assert str(refused).startswith(origin)
        return
    for item in imported:
        item.preview_json()  # the preview of whatever came in can be shown


def _byte_mutant(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(data))
        match rng.randrange(4):
            case 0:
                data[at] = rng.randrange(256)
            case 1:
                del data[at:at + rng.randint(1, 40)]
            case 2:
                data[at:at] = data[at:at + rng.randint(1, 40)]
            case _:
                data = data[:at]
        if not data:
            break
    return bytes(data)


def _leaves(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(node, dict):
        return [path] + [p for k, v in node.items() for p in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [path] + [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))]
    return [path]


def _json_mutant(document: object, rng: random.Random) -> bytes:
    copy = json.loads(json.dumps(document))
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_leaves(copy)[1:])
        parent = copy
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = copy_value(rng.choice(ODD_VALUES))
    return json.dumps(copy).encode("utf-8")


_PLACES = re.compile(r'(?<=")[^"<>]*(?=")|(?<=>)[^<]+(?=<)|\d+|[A-Z][a-z]+')


def _text_mutant(text: str, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 3)):
        found = rng.choice(list(_PLACES.finditer(text)))
        odd = rng.choice(["-3", "99", "", "abc", "1" * 30, "2.5", "&amp;", "Category.-7",
                          "Attack (", "Damage", "\u2212", "Health Levels:"])
        text = text[:found.start()] + odd + text[found.end():]
    return text.encode("utf-8")


@pytest.mark.parametrize("name", FILES)
def test_byte_mutations_import_or_are_refused(name: str) -> None:
    """Damaged bytes of every fixture."""
    raw = (FIXTURES / name).read_bytes()
    rng = random.Random(name)
    for _ in range(ROUNDS):
        _accepts_or_refuses(_byte_mutant(raw, rng), name)


@pytest.mark.parametrize("name", [n for n in FILES if n.endswith(".json")])
def test_json_value_mutations_import_or_are_refused(name: str) -> None:
    """A value anywhere in a Foundry export replaced by another type or an odd number."""
    document = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    rng = random.Random(name)
    for _ in range(ROUNDS):
        _accepts_or_refuses(_json_mutant(document, rng), name)


@pytest.mark.parametrize("name", [n for n in FILES if not n.endswith(".json")])
def test_text_value_mutations_import_or_are_refused(name: str) -> None:
    """An attribute or text of an Anathema file, or a stretch of a stat block, replaced."""
    text = (FIXTURES / name).read_bytes().decode("utf-8", errors="replace")
    rng = random.Random(name)
    for _ in range(ROUNDS):
        _accepts_or_refuses(_text_mutant(text, rng), name)
