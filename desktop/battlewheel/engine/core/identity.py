"""A campaign character's common identity, the same whatever system a fight runs under.

Name, side, kind, colour and notes belong to the character; its traits belong to one
stat block per ruleset (a 2e Solar and its 3e write-up are one character).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core.contract import SIDES
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import MAX_NAME, Storable, StoredFields

MAX_NOTES = 1_000_000  # as a campaign's notes
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{6})?$")
IDENTITY_KEYS = ("name", "side", "kind", "colour", "notes")


@dataclass(frozen=True)
class Identity(Storable):
    """Who a character is at the table, across every system.

    ``side`` is where the character usually fights (a fight may still put them on the
    other); ``kind`` is free words ("Solar", "bandit"); ``colour`` an optional
    ``#rrggbb`` for the counter, empty for the side's own colours.
    """

    name: str
    side: str = "ally"
    kind: str = ""
    colour: str = ""
    notes: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip() or len(self.name) > MAX_NAME:
            raise TraitValueError("name", f"1 to {MAX_NAME} characters", self.name)
        if self.side not in SIDES:
            raise TraitValueError("side", "one of " + ", ".join(SIDES), self.side)
        if not _COLOUR.match(self.colour):
            raise TraitValueError("colour", "empty or #rrggbb", self.colour)
        if len(self.notes) > MAX_NOTES:
            raise TraitValueError("notes", f"at most {MAX_NOTES} characters", len(self.notes))

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return {"name": self.name, "side": self.side, "kind": self.kind,
                "colour": self.colour, "notes": self.notes}

    @classmethod
    def from_json(cls, obj: object) -> Identity:
        """Read strictly: a wrong type or an unknown key is refused, naming the field."""
        fields = StoredFields(obj, "identity.", IDENTITY_KEYS)
        return cls(
            name=fields.text("name"),
            side=fields.text("side", "ally"),
            kind=fields.text("kind", ""),
            colour=fields.text("colour", ""),
            notes=fields.text("notes", ""),
        )
