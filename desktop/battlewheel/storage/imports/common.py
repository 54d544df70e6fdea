"""What every reader of another program's character hands back, and how it refuses.

A reader turns a file (or pasted text) into ``ImportedCharacter`` values: the roster
character with its stat block, where each block field came from in the file, and a
line for each thing in the file this program did not understand or does not use. A
file it cannot use raises ``ImportRefused`` naming the file and the field; nothing is
half-imported, because a reader builds every block before returning any.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.roster import RosterCharacter

MAX_IMPORT_BYTES = 16 * 1024 * 1024
"""Larger files are refused before a byte is read.

A Foundry actor export with every Charm written out is a few hundred kilobytes and an
Anathema character a few dozen; 16 MiB leaves room while a stray video or disk image
(or a 50 MB file of anything) is turned away unread.
"""

MAX_PASTED_CHARACTERS = 200_000
"""A pasted stat block is a page or two of text; a whole book pasted is refused."""

T = TypeVar("T")


class ImportRefused(CampaignFileError):
    """A file (or pasted text) that cannot be imported, naming it and the field.

    ``field`` is where in the file the problem is (``system.attributes.strength.value``,
    ``Statistics/Essence``, ``Attack (Sword)``), or the file itself when it is not of a
    known kind at all.
    """

    def __init__(self, origin: str, field_name: str, problem: str) -> None:
        self.field = field_name
        super().__init__(None, f"{origin}: {field_name}: {problem}" if field_name
                         else f"{origin}: {problem}")
        self.origin = origin


@dataclass(frozen=True)
class ImportedCharacter:
    """One character read from another program, ready to preview and add to a roster.

    ``sources`` pairs each block field (``attributes.strength``) with where it was read
    (``system.attributes.strength.value``); ``not_used`` has a line for each thing in
    the file that the block does not hold (Charms, backgrounds, social traits, items
    whose stats are unknown).
    """

    character: RosterCharacter
    ruleset: str
    origin: str
    source_format: str
    sources: tuple[tuple[str, str], ...] = ()
    not_used: tuple[str, ...] = ()
    edition: str = ""
    """The edition the file was made for, as the preview's first line names it ("" when
    the format has only one)."""

    @property
    def name(self) -> str:
        """The character's name as it will go on the roster."""
        return self.character.name

    @property
    def block(self) -> Any:
        """The stat block this import makes."""
        return self.character.block(self.ruleset)

    def source_of(self, path: tuple[str, ...], *, inherited: bool = True) -> str:
        """Where the block value at ``path`` (``("weapons", "Daiklave", "accuracy")``) came
        from, as the preview shows it; a field the file did not give is "(default)".

        Without ``inherited`` only a source recorded for ``path`` itself counts (a group
        row such as ``attributes`` has none of its own) and the answer may be "".
        """
        sources = dict(self.sources)
        for size in range(len(path), 0 if inherited else len(path) - 1, -1):
            for key in _source_keys(path[:size]):
                if key in sources:
                    return sources[key]
        return "(default)" if inherited else ""

    def preview_json(self) -> dict[str, Any]:
        """The preview as plain JSON: the block, each field's source, what was not used."""
        return {
            "name": self.name,
            "ruleset": self.ruleset,
            "from": self.origin,
            "format": self.source_format,
            "edition": self.edition,
            "block": self.block.to_json(),
            "sources": dict(self.sources),
            "not_used": list(self.not_used),
        }


def _source_keys(path: tuple[str, ...]) -> list[str]:
    """The names a reader records a block path under (``weapon Daiklave.accuracy``)."""
    keys = [".".join(path)]
    if len(path) >= 2 and path[0] == "weapons":
        keys += [f"weapon {path[1]}" + "".join(f".{p}" for p in path[2:]),
                 f"weapons.{path[1]}"]
    if len(path) >= 3 and path[:2] == ("quick", "attacks"):
        keys.append(f"quick attack {path[2]}" + "".join(f".{p}" for p in path[3:]))
    return keys


@dataclass
class Trail:
    """What a reader took from where, and what it left, while it reads one character."""

    origin: str
    sources: dict[str, str] = field(default_factory=dict)
    not_used: list[str] = field(default_factory=list)
    edition: str = ""

    def took(self, block_field: str, source: str) -> None:
        """Record that ``block_field`` was read from ``source``."""
        self.sources[block_field] = source

    def left(self, line: str) -> None:
        """Record one thing in the file that the block does not hold."""
        if line not in self.not_used:
            self.not_used.append(line)

    def refuse(self, source: str, problem: str) -> ImportRefused:
        """The refusal for a bad value at ``source`` in this file."""
        return ImportRefused(self.origin, source, problem)

    def source_of(self, block_field: str) -> str:
        """Where a block field was read, or the field itself when no source is known."""
        if block_field in self.sources:
            return self.sources[block_field]
        prefix = next((s for f, s in self.sources.items()
                       if block_field.startswith(f + ".") or block_field.startswith(f + " ")),
                      None)
        return prefix or block_field

    def build(self, make: Callable[[], T]) -> T:
        """Build a block; an impossible value is refused naming the file and the field."""
        try:
            return make()
        except TraitValueError as error:
            where = self.source_of(error.field)
            named = where if where == error.field else f"{where} ({error.field})"
            raise self.refuse(named, f"must be {error.allowed}"
                              + ("" if error.value is None else f", got {error.value!r}")) \
                from None

    def imported(self, character: RosterCharacter, ruleset: str,
                 source_format: str) -> ImportedCharacter:
        """The finished import of one character."""
        return ImportedCharacter(
            character=character, ruleset=ruleset, origin=self.origin,
            source_format=source_format, sources=tuple(self.sources.items()),
            not_used=tuple(self.not_used), edition=self.edition,
        )


def origin_of(path: Path | str | None) -> str:
    """How a file is named in messages: its name, or "pasted text"."""
    return Path(path).name if path is not None else "pasted text"
