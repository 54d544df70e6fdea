"""A campaign character: one identity and a stat block for each system it has fought in.

The roster keeps characters, not fighters: a character joins a fight of any ruleset it
has a block for, and the roster dock offers to make one where it has none. Blocks are
read and written by their ruleset (``Ruleset.block_from_json``), so storage never
imports a ruleset package.

A block read from a file waits as a ``StoredBlock`` (its JSON as read) until it is first
used: opening a campaign then loads and reads only the systems on screen. A damaged
block is found when it is first used (``DamagedBlock``, naming the field) and is written
back exactly as it was read, as is every block never changed.

A character also holds, per system, its *current condition* (``HeldCondition``: the
ruleset's ``Lasting``, what fights have left on them) and which combat each carried
part came from. None held means fresh. Conditions are read strictly at open, every
system's, so a damaged one refuses the file naming the character and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import StoredFields, json_type
from battlewheel.engine.core.identity import Identity
from battlewheel.engine.core.ruleset import get_ruleset, ruleset_known

ROSTER_KEYS = ("identity", "blocks", "conditions")
CONDITION_KEYS = ("lasting", "from")
# What a malformed block can raise while its ruleset reads it.
_READ_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError)


class DamagedBlock(TraitValueError):
    """A stored stat block its ruleset cannot read; names the block and the field."""


class StoredBlock:
    """A stat block as the file holds it, read by its ruleset when first used.

    ``document`` is the block's JSON exactly as read; nothing may change it, and the
    character writes it back as it is. ``read`` gives the block (loading its ruleset the
    first time) or raises ``DamagedBlock`` each time, naming the field.
    """

    __slots__ = ("_block", "_failure", "document", "ruleset")

    def __init__(self, ruleset: str, document: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.document = document
        self._block: Any = None
        self._failure: DamagedBlock | None = None

    def __repr__(self) -> str:
        return f"StoredBlock({self.ruleset!r}, read={self.was_read})"

    @property
    def was_read(self) -> bool:
        """Whether the ruleset has read the block (successfully) yet."""
        return self._block is not None

    @property
    def failure(self) -> DamagedBlock | None:
        """Why the block could not be read, once a read has been tried; else None."""
        return self._failure

    def read(self) -> Any:
        """The stat block, read strictly by its ruleset on first use."""
        if self._block is None:
            if self._failure is None:
                try:
                    self._block = get_ruleset(self.ruleset).block_from_json(self.document)
                except _READ_ERRORS as error:
                    self._failure = _damage(self.ruleset, error)
            if self._failure is not None:
                raise DamagedBlock(self._failure.field, self._failure.allowed) \
                    from self._failure.__cause__
        return self._block

    # A stored block equals the block it reads as (and another of the same JSON).
    def __eq__(self, other: object) -> bool:
        if isinstance(other, StoredBlock):
            return (self.ruleset, self.document) == (other.ruleset, other.document)
        try:
            return bool(self.read() == other)
        except DamagedBlock:
            return False

    __hash__ = None  # type: ignore[assignment]  # compared by value, like the blocks


def _damage(ruleset: str, error: BaseException) -> DamagedBlock:
    field = getattr(error, "field", None)
    where = f"blocks.{ruleset}.{field}" if field else f"blocks.{ruleset}"
    allowed = getattr(error, "allowed", None) or str(error) or type(error).__name__
    damage = DamagedBlock(where, allowed)
    damage.__cause__ = error
    return damage


def block_json(block: Any) -> Any:
    """The JSON a character writes for a block: a stored one's exactly as read."""
    return block.document if isinstance(block, StoredBlock) else block.to_json()


@dataclass(frozen=True)
class HeldCondition:
    """A character's current condition in one system and where each part came from.

    ``lasting`` is the ruleset's ``Lasting`` value; ``came_from`` maps a carry line's key
    ("health", "limit") to the id of the combat whose carry last wrote it.
    """

    lasting: Any
    came_from: tuple[tuple[str, str], ...] = ()

    def sources(self) -> dict[str, str]:
        """Carry-line key -> combat id."""
        return dict(self.came_from)

    def to_json(self) -> dict[str, Any]:
        """The condition by its ruleset's writer, and the combat of each carried part."""
        return {"lasting": self.lasting.to_json(), "from": dict(self.came_from)}


@dataclass(frozen=True)
class RosterCharacter:
    """A character of the campaign: who they are, and their traits in each system."""

    identity: Identity
    blocks: tuple[tuple[str, Any], ...] = ()
    # Per system, what fights have left on them (a system not listed: fresh).
    conditions: tuple[tuple[str, HeldCondition], ...] = ()

    @property
    def name(self) -> str:
        """The character's name (the identity's)."""
        return self.identity.name

    def rulesets(self) -> tuple[str, ...]:
        """The systems this character has a stat block for, in the order they were made."""
        return tuple(name for name, _ in self.blocks)

    def block(self, ruleset: str) -> Any | None:
        """The stat block for one system (read now if it waited), or None.

        A stored block its ruleset cannot read raises ``DamagedBlock``.
        """
        found = next((block for name, block in self.blocks if name == ruleset), None)
        return found.read() if isinstance(found, StoredBlock) else found

    def read_blocks(self) -> tuple[tuple[str, Any], ...]:
        """Every block, read now where it waited; a damaged one raises ``DamagedBlock``."""
        return tuple((name, self.block(name)) for name, _ in self.blocks)

    def damaged(self) -> tuple[DamagedBlock, ...]:
        """The blocks found damaged so far (only those whose reading was tried)."""
        return tuple(block.failure for _, block in self.blocks
                     if isinstance(block, StoredBlock) and block.failure is not None)

    def waiting(self) -> tuple[str, ...]:
        """The systems whose block has not been read yet (kept as stored JSON)."""
        return tuple(name for name, block in self.blocks
                     if isinstance(block, StoredBlock) and not block.was_read)

    def with_block(self, ruleset: str, block: Any) -> RosterCharacter:
        """A copy with the block for ``ruleset`` added or replaced."""
        others = tuple((name, b) for name, b in self.blocks if name != ruleset)
        kept_order = [name for name, _ in self.blocks]
        blocks = (*others, (ruleset, block))
        if ruleset in kept_order:
            blocks = tuple(sorted(blocks, key=lambda pair: kept_order.index(pair[0])))
        return replace(self, blocks=blocks)

    def held(self, ruleset: str) -> HeldCondition | None:
        """The condition held for one system (None: fresh, nothing carried yet)."""
        return next((held for name, held in self.conditions if name == ruleset), None)

    def with_condition(self, ruleset: str, held: HeldCondition | None) -> RosterCharacter:
        """A copy holding ``held`` for ``ruleset`` (None: fresh again, nothing held)."""
        kept = tuple((name, h) for name, h in self.conditions if name != ruleset)
        return replace(self, conditions=kept if held is None else (*kept, (ruleset, held)))

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
        """The identity and each block, keyed by ruleset name; conditions when any is held
        (a character never carried to writes what format 2 wrote)."""
        written: dict[str, Any] = {
            "identity": self.identity.to_json(),
            "blocks": {name: block_json(block) for name, block in self.blocks},
        }
        if self.conditions:
            written["conditions"] = {name: held.to_json() for name, held in self.conditions}
        return written

    @classmethod
    def from_json(cls, obj: object, *, read: str | None = "*") -> RosterCharacter:
        """Read strictly; an unknown ruleset is refused.

        The blocks of ``read`` (a ruleset's name; ``"*"``: every one) are read by their
        ruleset now, so a damaged one refuses the character; the others wait as
        ``StoredBlock`` until first used.
        """
        fields = StoredFields(obj, "", ROSTER_KEYS)
        identity = Identity.from_json(fields.value("identity"))
        blocks = fields.table("blocks", {})
        conditions = fields.table("conditions", {})
        return cls(identity, tuple(_block(name, data, read) for name, data in blocks.items()),
                   tuple((name, read_condition(name, data)) for name, data in conditions.items()))


def _block(ruleset: str, data: object, read: str | None) -> tuple[str, Any]:
    if not isinstance(data, dict):
        raise TraitValueError(f"blocks.{ruleset}", f"an object, not {json_type(data)}")
    if not ruleset_known(ruleset):
        raise TraitValueError(f"blocks.{ruleset}", "a known ruleset")
    if read not in ("*", ruleset):
        return ruleset, StoredBlock(ruleset, cast(dict[str, Any], data))
    return ruleset, get_ruleset(ruleset).block_from_json(data)


def read_condition(ruleset: str, data: object, where: str = "") -> HeldCondition:
    """One system's held condition, read strictly by its ruleset's ``Lasting``; an error
    names the field under ``where`` (default: the character's ``conditions.<ruleset>``)."""
    where = where or f"conditions.{ruleset}"
    if not ruleset_known(ruleset):
        raise TraitValueError(where, "a known ruleset")
    fields = StoredFields(data, f"{where}.", CONDITION_KEYS)
    sources = fields.table("from", {})
    for key, combat in sources.items():
        if not isinstance(combat, str) or not combat:
            raise TraitValueError(f"{where}.from.{key}", "a combat's id (text)", combat)
    try:
        lasting_type: Any = get_ruleset(ruleset).lasting_rules().LASTING
        lasting = lasting_type.from_json(fields.value("lasting"))
    except TraitValueError as error:
        field = error.field if error.field.startswith("lasting") else f"lasting.{error.field}"
        raise TraitValueError(f"{where}.{field}", error.allowed) from error
    except _READ_ERRORS as error:
        raise TraitValueError(f"{where}.lasting", str(error) or type(error).__name__) \
            from error
    return HeldCondition(lasting, tuple(sources.items()))
