"""Putting imported characters on a campaign's roster, with the choice a name clash asks.

Pure: a campaign goes in and a new campaign comes out (or a refusal, with nothing
changed), so the window can push the whole import as one undo step and the command
line can save it atomically.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.imports.common import ImportedCharacter
from battlewheel.storage.roster import RosterCharacter

REFUSE, RENAME, REPLACE = "refuse", "rename", "replace"
CLASH_CHOICES = (REFUSE, RENAME, REPLACE)


class ClashError(ValueError):
    """An imported name the roster already has, with no choice made about it."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        super().__init__("the roster already has " + ", ".join(self.names)
                         + "; choose to replace them or to keep both (numbered)")


def taken_names(campaign: Campaign) -> set[str]:
    """The roster's names, folded for comparison as the roster compares them."""
    return {character.name.casefold() for character in campaign.characters}


def clashes(campaign: Campaign, imported: Iterable[ImportedCharacter]) -> list[str]:
    """The imported names the roster already has (or that repeat within the import)."""
    taken = taken_names(campaign)
    found = []
    for item in imported:
        if item.name.casefold() in taken:
            found.append(item.name)
        taken.add(item.name.casefold())
    return found


def numbered_name(name: str, taken: set[str]) -> str:
    """``name 2``, ``name 3``... the first the roster does not have."""
    base = re.sub(r" \d+$", "", name) or name
    number = 2
    while f"{base} {number}".casefold() in taken:
        number += 1
    return f"{base} {number}"


def renamed(character: RosterCharacter, ruleset: str, name: str) -> RosterCharacter:
    """The same character and block under another name."""
    reader = get_ruleset(ruleset)
    block = reader.named_block(character.block(ruleset), name)
    return RosterCharacter.of_block(ruleset, block, character.identity.side)


def add_imports(campaign: Campaign, imported: Sequence[ImportedCharacter],
                choices: dict[str, str] | str = REFUSE) -> Campaign:
    """The campaign with every import on its roster; a clash is settled by ``choices``.

    ``choices`` is one of ``refuse``, ``rename``, ``replace`` for every clash, or a map
    from an imported name to its choice. A clash left at ``refuse`` raises
    ``ClashError`` and the campaign is unchanged.
    """
    unsettled = [name for name in clashes(campaign, imported)
                 if _choice(choices, name) == REFUSE]
    if unsettled:
        raise ClashError(unsettled)
    result = campaign
    for item in imported:
        result = result.with_character(_placed(result, item, _choice(choices, item.name)))
    return result


def _placed(campaign: Campaign, item: ImportedCharacter, choice: str) -> RosterCharacter:
    """The character to put on the roster: new, numbered, or the old one's block replaced.

    Replacing keeps the roster character's identity and its blocks for other systems.
    """
    if item.name.casefold() not in taken_names(campaign):
        return item.character
    if choice == RENAME:
        return renamed(item.character, item.ruleset,
                       numbered_name(item.name, taken_names(campaign)))
    return campaign.character(item.name).with_block(item.ruleset, item.block)


def _choice(choices: dict[str, str] | str, name: str) -> str:
    return choices if isinstance(choices, str) else choices.get(name, REFUSE)
