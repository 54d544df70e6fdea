"""Registered migrations of the files the program writes (``schema.MIGRATIONS``).

Version 1 to 2 (campaign format 2): a character was a 2e Rewrite stat block; it becomes
a common identity and one stat block per ruleset, its 2e block kept whole. The
identity takes the block's name, kind and notes, and the side the character last
fought on in the campaign's combats (an ally when it never fought). A campaign gains
its default rulings per ruleset (none yet). Nothing is dropped: every field of every
character moves into its 2e block, and the combats' logs are kept as they are.

Version 2 to 3 (campaign format 3): a character may hold a current condition per system
and a campaign its carry records. A version 2 file holds neither, so every character
opens fresh and nothing else changes; such a campaign is written back as version 2
(``schema.PLAIN_VERSION``) until the GM carries a fight or rests someone.
"""

from __future__ import annotations

from typing import Any

from battlewheel.storage.schema import MIGRATIONS

FIRST_RULESET = "2e-rewrite"


def v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    """Campaign or character file, version 1 to 2."""
    upgraded = dict(document)
    upgraded["schema_version"] = 2
    if document.get("format") == "battlewheel-character":
        upgraded["character"] = roster_entry(document.get("character"), {})
        return upgraded
    sides = _sides_in_combats(document.get("combats"))
    characters = document.get("characters")
    if isinstance(characters, list):
        upgraded["characters"] = [roster_entry(item, sides) for item in characters]
    upgraded.setdefault("rulings", {})
    return upgraded


def roster_entry(character: object, sides: dict[str, str]) -> object:
    """A version 1 character (a 2e stat block) as a version 2 roster entry."""
    if not isinstance(character, dict):
        return character  # the strict reader refuses it, naming the field
    name = character.get("name")
    identity = {
        "name": name,
        "side": sides.get(name.casefold(), "ally") if isinstance(name, str) else "ally",
        "kind": character.get("kind", "mortal"),
        "colour": "",
        "notes": character.get("notes", ""),
    }
    return {"identity": identity, "blocks": {FIRST_RULESET: character}}


def _sides_in_combats(combats: object) -> dict[str, str]:
    """The side each character (by name) last joined a fight on."""
    sides: dict[str, str] = {}
    for record in combats if isinstance(combats, list) else []:
        session = record.get("session") if isinstance(record, dict) else None
        actions = session.get("actions") if isinstance(session, dict) else None
        for action in actions if isinstance(actions, list) else []:
            if isinstance(action, dict) and action.get("kind") == "add_combatant":
                character = action.get("character")
                name = character.get("name") if isinstance(character, dict) else None
                if isinstance(name, str) and action.get("side") in ("ally", "enemy"):
                    sides[name.casefold()] = action["side"]
    return sides


def v2_to_v3(document: dict[str, Any]) -> dict[str, Any]:
    """Campaign or character file, version 2 to 3: everyone fresh, nothing carried yet."""
    return {**document, "schema_version": 3}


MIGRATIONS[1] = v1_to_v2
MIGRATIONS[2] = v2_to_v3
