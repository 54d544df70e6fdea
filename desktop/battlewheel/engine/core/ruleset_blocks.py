"""A ruleset's stat blocks and the character editor's side of them (``Ruleset``'s part).

A system declares its ``block_type`` and, where the editor can make its blocks, a
``form_module`` (its ``form.py``: ``SCHEMA``, ``templates()``, ``block_form``,
``block_from_form``, ``preview``); the defaults here read a block's JSON through an
empty form when it has none. The editor's forms (``block_form.py``) are imported only
where they are read, never before the first paint.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, cast

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event

if TYPE_CHECKING:
    from battlewheel.engine.core.block_form import BlockSchema, BlockTemplate


class StatBlocks:
    """Reading, making and editing one system's character stat blocks."""

    title: ClassVar[str]
    # The character stat block of this system: a frozen dataclass whose first field is
    # ``name``, every other field defaulted, with ``to_json`` and ``from_json``.
    block_type: ClassVar[type[Any]]
    # The system's editor form (its ``form.py``); None: the defaults below read the
    # block's JSON through an empty form.
    form_module: ClassVar[Any] = None

    if TYPE_CHECKING:  # the printed card, from the presentation part

        def block_card(self, block: Any) -> c.Card: ...

    def block_from_json(self, obj: object) -> Any:
        """A stat block of this system read strictly from JSON."""
        return self.block_type.from_json(obj)

    def new_block(self, name: str) -> Any:
        """A fresh stat block for a character who has none in this system yet."""
        return self.block_type(name=name)

    def block_name(self, block: Any) -> str:
        """The name a stat block carries."""
        return str(block.name)

    def named_block(self, block: Any, name: str) -> Any:
        """The same stat block under another name (a numbered copy: "Hunt spearman 3")."""
        return dataclasses.replace(block, name=name)

    # -- the character editor (engine/core/block_form.py) ----------------------------

    def block_schema(self) -> BlockSchema:
        """The editor's form for this system's stat block: groups, fields, rows, bounds."""
        from battlewheel.engine.core.block_form import BlockSchema

        if self.form_module is not None:
            return cast(BlockSchema, self.form_module.SCHEMA)
        return BlockSchema(groups=())

    def block_templates(self) -> tuple[BlockTemplate, ...]:
        """Starting points for a new character (mortal, extra, an Exalt, a seed's NPC)."""
        if self.form_module is not None:
            return cast("tuple[BlockTemplate, ...]", self.form_module.templates())
        from battlewheel.engine.core.block_form import BlockTemplate

        return (BlockTemplate("blank", "Blank", self.new_block("New character")),)

    def block_form(self, block: Any) -> dict[str, Any]:
        """A block as the editor's form values."""
        if self.form_module is not None:
            return cast(dict[str, Any], self.form_module.block_form(block))
        from battlewheel.engine.core.block_form import values_from_json

        return values_from_json(self.block_schema(), block.to_json())

    def block_from_form(self, values: Mapping[str, Any], base: Any | None = None) -> Any:
        """The block the form describes, checked whole (``TraitValueError`` naming the field).

        ``base`` is the block being edited: what the form does not show is kept from it.
        """
        if self.form_module is not None:
            return self.form_module.block_from_form(values, base)
        from battlewheel.engine.core.block_form import json_from_values

        start = (base if base is not None else self.new_block("New character")).to_json()
        return self.block_from_json(json_from_values(self.block_schema(), values, start))

    def block_preview(self, block: Any) -> tuple[Any, ...]:
        """The values the sheet will show for a block (DVs, soak, pools, its track): the
        form's ``preview(ruleset, block)``, else the block's printed card."""
        if self.form_module is None:
            return self.block_card(block).sections
        return cast(tuple[Any, ...], self.form_module.preview(self, block))

    def replace_block(self, state: Any, combatant_id: str, block: Any) -> list[Event]:
        """Give a fighter a changed stat block from now on (``ChangeBlock``), keeping
        what the fight did to them (damage, Initiative, position) where it still fits.
        """
        raise IllegalAction("character editor",
                            f"{self.title} cannot change a fighter's traits mid-fight yet")

    def block_side(self, block: Any) -> str:
        """The side a character of this block joins on unless the GM picks: a player
        character (a block whose ``player`` is true) as an ally, anyone else as a foe."""
        return c.ALLY if getattr(block, "player", False) else c.ENEMY
