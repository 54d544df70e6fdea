"""Roster changes as undo steps, and the questions they ask first.

Every change to the campaign's roster (a new character, an edit, a copy, a deletion, an
import) is one ``RosterCommand`` on the window's undo stack: it swaps the whole roster
for the new one, and its undo swaps the old one back. A character saved under a name the
roster already has asks: replace it, keep both (the new one numbered), or cancel. An
edited character who is fighting in the combat on screen asks whether the fight takes the
new traits too; if so the fight's ``ChangeBlock`` goes in the same undo step.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.quick_add import next_free_name

Roster = tuple[RosterCharacter, ...]
REPLACE, KEEP_BOTH, CANCEL = "replace", "keep both", "cancel"
ROSTER_ONLY, FIGHT_TOO = "roster", "fight"


class RosterCommand(QUndoCommand):
    """One roster change: the roster before and after, put in place by ``show``."""

    def __init__(self, before: Roster, after: Roster, text: str,
                 show: Callable[[Roster], None]) -> None:
        super().__init__(text)
        self.before, self.after, self.show = before, after, show

    def redo(self) -> None:
        """Put the changed roster in place."""
        self.show(self.after)

    def undo(self) -> None:
        """Put the roster back as it was."""
        self.show(self.before)


def renamed(character: RosterCharacter, name: str) -> RosterCharacter:
    """The character under another name, each of its blocks renamed too."""
    blocks = tuple((rs, get_ruleset(rs).named_block(block, name))
                   for rs, block in character.read_blocks())
    return RosterCharacter(replace(character.identity, name=name), blocks, character.conditions)


def find(roster: Sequence[RosterCharacter], name: str) -> int | None:
    """The place of the character called ``name`` (any case), or None."""
    wanted = name.casefold()
    return next((i for i, c in enumerate(roster) if c.name.casefold() == wanted), None)


def ask_clash(parent: QWidget, name: str) -> str:
    """The roster has ``name`` already: replace it, keep both, or cancel."""
    role = QMessageBox.ButtonRole
    return ask_among(
        parent, "nameClashBox", "Name already on the roster",
        f"The roster already has a character called {name}.",
        "Replace that character, keep both (this one numbered), or cancel?",
        [("&Replace", role.DestructiveRole, REPLACE), ("&Keep both", role.AcceptRole, KEEP_BOTH)],
        cancel_first=True)


def place(roster: Roster, character: RosterCharacter, original: RosterCharacter | None,
          ask: Callable[[str], str]) -> tuple[Roster, RosterCharacter] | None:
    """The roster with ``character`` saved in it (in ``original``'s place, if given).

    A name another character already has asks ``ask(name)``; None when the GM cancels.
    """
    characters = list(roster)
    own = find(characters, original.name) if original is not None else None
    others = [c for i, c in enumerate(characters) if i != own]
    if find(others, character.name) is not None:
        answer = ask(character.name)
        if answer == CANCEL:
            return None
        if answer == KEEP_BOTH:
            character = renamed(character, next_free_name(character.name,
                                                          [c.name for c in characters]))
        else:  # replace: the other character of that name goes
            clash = find(characters, character.name)
            if clash is not None and clash != own:
                if own is None:
                    own = clash
                else:
                    del characters[clash]
                    own = find(characters, original.name) if original is not None else None
    if own is None:
        characters.append(character)
    else:
        characters[own] = character
    return tuple(characters), character


def ask_fight_too(parent: QWidget, name: str, fighters: int) -> str:
    """The edited character fights in the combat on screen: the roster only, or the fight too?"""
    role = QMessageBox.ButtonRole
    return ask_among(
        parent, "fightTooBox", "Change the fight too?",
        f"{name} is fighting in this combat" + (f" ({fighters} of them)." if fighters > 1 else "."),
        "Change the roster only (the fight keeps the traits it started with), or the fight "
        "too, from now on (earlier steps keep the values they were played with)?",
        [("The &roster only", role.RejectRole, ROSTER_ONLY),
         ("The &fight too, from now on", role.AcceptRole, FIGHT_TOO)])


def ask_among(parent: QWidget, name: str, title: str, text: str, detail: str,
              answers: Sequence[tuple[str, QMessageBox.ButtonRole, str]], *,
              cancel_first: bool = False) -> str:
    """Ask with a button for each of ``answers`` (label, role, answer) and Cancel; the
    answer chosen, or CANCEL for Cancel, Escape or the box closed (``cancel_first``:
    Return too)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.NoButton, parent)
    box.setObjectName(name)
    box.setInformativeText(detail)
    chosen: dict[QAbstractButton, str] = {
        box.addButton(label, role): answer for label, role, answer in answers}
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    if cancel_first:
        box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return chosen.get(box.clickedButton(), CANCEL)


def fighting_as(name: str, fighters: dict[str, str]) -> list[str]:
    """The ids of fighters playing the roster character ``name``: it, or its numbered copies."""
    pattern = re.compile(rf"^{re.escape(name)}(\s+\d+)?$", re.IGNORECASE)
    return [cid for cid, shown in fighters.items() if pattern.match(shown)]


def changed_block(character: RosterCharacter, original: RosterCharacter | None,
                  ruleset: str) -> Any | None:
    """The character's block for ``ruleset`` if the edit changed it, else None."""
    block = character.block(ruleset)
    before = original.block(ruleset) if original is not None else None
    if block is None or before is None:
        return None
    rules = get_ruleset(ruleset)  # a new name alone is no change of traits
    same = rules.named_block(block, "-").to_json() == rules.named_block(before, "-").to_json()
    return None if same else block
