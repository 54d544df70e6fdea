"""Seeded mutants of the files the program opens: campaigns and combat logs.

Most mutants change one value, key or list of a real file (the bundled demo campaign,
the example logs) so they reach the field checks and the rules behind the parser;
the rest damage the bytes (cut, flip, splice) or wrap the file in what the parser
itself must refuse (huge numbers, deep nesting, lone surrogates, NaN).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[2] / "resources"
SEEDS = {
    # The demo (format 2) and a carried campaign (format 3: conditions and a carry record).
    "campaign": [ROOT / "campaigns" / "demo.json",
                 Path(__file__).parents[1] / "fixtures" / "v3" / "carried.json"],
    "log": sorted((ROOT / "examples").glob("*.json")),
}

# Values that have broken readers before: wrong types, edges of ranges, huge numbers.
NASTY: tuple[object, ...] = (
    None, True, False, 0, -1, 1, 2, 7, 11, 10**6, 10**6 + 1, 10**12, -(10**12), 10**15,
    1.5, "", " ", "no", "0", "Ana\ud800", "\U0001f5e1", "x" * 300, [], {}, [[[]]],
    {"kind": "advance"}, {"faces": [10, 10]}, {"successes": 3, "botch": True},
)
Document = Any


def mutant(kind: str, seed: int) -> bytes:
    """The bytes of mutant number ``seed`` of a ``kind`` ("campaign" or "log") file."""
    rng = random.Random(f"{kind}-{seed}")
    source = rng.choice(SEEDS[kind])
    document = json.loads(source.read_text(encoding="utf-8"))
    roll = rng.random()
    if roll < 0.75:
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            document = _mutate_tree(document, rng)
        return _dump(document, rng)
    if roll < 0.9:
        return _damage_bytes(_dump(document, rng), rng)
    return _wrapped(document, rng)


def _dump(document: Document, rng: random.Random) -> bytes:
    # ensure_ascii keeps a lone surrogate as the \ud800 escape a damaged file holds.
    return json.dumps(document, indent=rng.choice((None, 1)), ensure_ascii=True).encode()


def _mutate_tree(document: Document, rng: random.Random) -> Document:
    document = copy.deepcopy(document)
    paths = list(_paths(document, ()))
    path = rng.choice(paths)
    parent = _get(document, path[:-1]) if path else None
    if parent is None:
        return rng.choice(NASTY)
    change = rng.choice(_CHANGES)
    change(parent, path[-1], rng)
    return document


def _paths(value: Document, path: tuple[Any, ...]) -> Any:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _get(document: Document, path: tuple[Any, ...]) -> Document:
    for step in path:
        document = document[step]
    return document


def _replace(parent: Document, key: Any, rng: random.Random) -> None:
    parent[key] = rng.choice(NASTY)


def _nudge(parent: Document, key: Any, rng: random.Random) -> None:
    value = parent[key]
    if isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice((-1000, -2, -1, 1, 2, 1000, 10**9))
    elif isinstance(value, str):
        parent[key] = value[: rng.randrange(len(value) + 1)] + rng.choice(("", "X", "*", "\ud800"))
    else:
        _replace(parent, key, rng)


def _drop(parent: Document, key: Any, rng: random.Random) -> None:
    del parent[key]


def _add_key(parent: Document, key: Any, rng: random.Random) -> None:
    target = parent[key] if isinstance(parent[key], dict) else parent
    if isinstance(target, dict):
        target[rng.choice(("notes", "note", "kind", "tick", "extra"))] = rng.choice(NASTY)
    else:
        target.append(rng.choice(NASTY))


def _repeat(parent: Document, key: Any, rng: random.Random) -> None:
    if isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    else:
        parent[key] = [parent[key]] * rng.choice((2, 3))


def _swap(parent: Document, key: Any, rng: random.Random) -> None:
    if isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        _replace(parent, key, rng)


Change = Callable[[Document, Any, random.Random], None]
_CHANGES: tuple[Change, ...] = (_replace, _replace, _nudge, _nudge, _drop, _add_key, _repeat,
                                _swap)


def _damage_bytes(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    how = rng.randrange(4)
    if how == 0:
        return bytes(buffer[: rng.randrange(len(buffer))])
    if how == 1:
        for _ in range(rng.randint(1, 8)):
            buffer[rng.randrange(len(buffer))] = rng.randrange(256)
        return bytes(buffer)
    if how == 2:
        start = rng.randrange(len(buffer))
        piece = buffer[start: start + rng.randint(1, 200)]
        at = rng.randrange(len(buffer))
        return bytes(buffer[:at] + piece + buffer[at:])
    at = rng.randrange(len(buffer))
    return bytes(buffer[:at]) + rng.choice((b"NaN", b"1e999", b"-Infinity", b"\\ud800"))\
        + bytes(buffer[at:])


def _wrapped(document: Document, rng: random.Random) -> bytes:
    """The file with one value the parser itself must refuse."""
    body = _dump(document, rng)
    how = rng.randrange(4)
    if how == 0:
        value = b"1" + b"0" * rng.choice((16, 4300, 5000))
    elif how == 1:
        depth = rng.choice((41, 200, 990, 5000))
        value = b"[" * depth + b"]" * depth
    elif how == 2:
        value = b'"Ana\\udc00"'
    else:
        value = rng.choice((b"NaN", b"Infinity", b"1e400"))
    return body[:1] + b'"zz": ' + value + b", " + body[1:]
