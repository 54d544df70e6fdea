"""A campaign character: one identity and a stat block for each system it has fought in.

The roster keeps characters, not fighters: a character joins a fight of any ruleset it
has a block for, and the roster dock offers to make one where it has none. Blocks are
read and written by their ruleset (``Ruleset.block_from_json``), so storage never
imports a ruleset package.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import StoredFields, json_type
from battlewheel.engine.core.identity import Identity
from battlewheel.engine.core.ruleset import get_ruleset

ROSTER_KEYS = ("identity", "blocks")


@dataclass(frozen=True)
class RosterCharacter:
    """A character of the campaign: who they are, and their traits in each system."""

    identity: Identity
    blocks: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        """The character's name (the identity's)."""
        return self.identity.name

    def rulesets(self) -> tuple[str, ...]:
        """The systems this character has a stat block for, in the order they were made."""
        return tuple(name for name, _ in self.blocks)

    def block(self, ruleset: str) -> Any | None:
        """The stat block for one system, or None."""
        return next((block for name, block in self.blocks if name == ruleset), None)

    def with_block(self, ruleset: str, block: Any) -> RosterCharacter:
        """A copy with the block for ``ruleset`` added or replaced."""
        others = tuple((name, b) for name, b in self.blocks if name != ruleset)
        kept_order = [name for name, _ in self.blocks]
        blocks = (*others, (ruleset, block))
        if ruleset in kept_order:
            blocks = tuple(sorted(blocks, key=lambda pair: kept_order.index(pair[0])))
        return replace(self, blocks=blocks)

    @classmethod
    def of_block(cls, ruleset: str, block: Any, side: str = "ally") -> RosterCharacter:
        """A character made from a stat block alone (its name, kind and notes)."""
        kind = getattr(block, "kind", "")
        identity = Identity(
            name=get_ruleset(ruleset).block_name(block),
            side=side,
            kind=str(getattr(kind, "value", kind)),
            notes=str(getattr(block, "notes", "")),
        )
        return cls(identity, ((ruleset, block),))

    def to_json(self) -> dict[str, Any]:
        """The identity and each block, keyed by ruleset name."""
        return {
            "identity": self.identity.to_json(),
            "blocks": {name: block.to_json() for name, block in self.blocks},
        }

    @classmethod
    def from_json(cls, obj: object) -> RosterCharacter:
        """Read strictly: each block by its own ruleset; an unknown ruleset is refused."""
        fields = StoredFields(obj, "", ROSTER_KEYS)
        identity = Identity.from_json(fields.value("identity"))
        blocks = fields.table("blocks", {})
        return cls(identity, tuple(_block(name, data) for name, data in blocks.items()))


def _block(ruleset: str, data: object) -> tuple[str, Any]:
    if not isinstance(data, dict):
        raise TraitValueError(f"blocks.{ruleset}", f"an object, not {json_type(data)}")
    try:
        reader = get_ruleset(ruleset)
    except ValueError as error:
        raise TraitValueError(f"blocks.{ruleset}", "a known ruleset") from error
    return ruleset, reader.block_from_json(data)
