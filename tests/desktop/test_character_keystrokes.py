"""How many keys and clicks it takes to type a character again through the editor.

Every stat block of the demo campaign whose ruleset declares a form (and the test arena's
sample characters) is typed again in a new character's editor, from the template needing
the least typing (a template that is the very character, as a seed's example may be, is
passed over): the name, the side if it differs, then each field that differs from the
template, in reading order; Ctrl+Return saves. The saved block must equal the stored one.
A field one Tab away costs the Tab; any other field costs a click on it (a choice two
clicks: open the list, pick). A number or words cost one key per character typed (the
field selects its old value on entry); a choice reached by Tab costs one arrow key per
step; a flag a Space; a new row the Return that adds it (on the row before's last cell)
or a click on Add; a row not wanted (its first value, a weapon's name or a trait's, is in
no wanted row, when taking such rows out leaves less to type) or one too many a click on
its cross. Run ``pytest tests/desktop/test_character_keystrokes.py -s`` to see the counts
against the characters of each block's JSON. Target: at most a fifth, for each system's
characters taken together (one character with a long line of notes may go over alone),
or, for blocks too small for a fifth to leave a key a field, the name, a key a field and
the save.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.block_form import BlockTemplate, FormRows
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, ruleset_names
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.character_editor import window as editor_window
from battlewheel.views.character_editor.block_page import BlockPage
from battlewheel.views.character_editor.inputs import ChoiceInput, FlagInput, Input
from battlewheel.views.character_editor.rows import RowsEditor
from battlewheel.views.character_editor.window import CharacterEditor
from tests.desktop.editor_ruleset import NAME, SAMPLES, editor_ruleset

SHARE = 5  # a system's keys and clicks at most a fifth of its blocks' JSON characters
NONE = Qt.KeyboardModifier.NoModifier


def _cases() -> Iterator[tuple[str, RosterCharacter]]:
    """Each demo character's block in each system with a form; the arena's samples."""
    editor_ruleset()
    for character in load_demo_campaign().characters:
        for system, block in character.blocks:
            if get_ruleset(system).block_schema().groups:
                yield system, RosterCharacter(character.identity, ((system, block),))
    for sample in SAMPLES:
        yield NAME, RosterCharacter.of_block(NAME, sample, side="enemy")


CASES = list(_cases())


def _effort(value: Any) -> int:
    """About what typing a value takes: its characters, and one to get there."""
    return 1 + len(str(value))


def _rows_effort(have: list[dict[str, Any]], want: list[dict[str, Any]]) -> int:
    """Typing ``want`` over ``have`` row by row, with a click per row taken out."""
    cost = max(0, len(have) - len(want))
    for index, row in enumerate(want):
        old = have[index] if index < len(have) else {}
        cost += sum(_effort(v) for k, v in row.items() if old.get(k) != v) + 1
    return cost


def _rows_to_keep(have: list[dict[str, Any]], want: list[dict[str, Any]]) -> list[int]:
    """Which rows a GM keeps: all, or only those whose first value (a weapon's name, a
    trait's) is wanted, whichever leaves less to type."""
    wanted = [_first(row) for row in want]
    kept = [i for i, row in enumerate(have) if _first(row) in wanted]
    pruned = (len(have) - len(kept)) + _rows_effort([have[i] for i in kept], want)
    return kept if pruned < _rows_effort(have, want) else list(range(len(have)))


def _distance(ruleset: Ruleset, template: BlockTemplate, wanted: dict[str, Any]) -> int:
    """About how much typing turns a template into a block (0: it is the block)."""
    start = ruleset.block_form(template.block)
    cost = 0
    for item in ruleset.block_schema().items():
        have, want = start.get(item.key), wanted.get(item.key)
        if not isinstance(item, FormRows):
            cost += _effort(want) if have != want else 0
        elif have != want:
            have, want = have or [], want or []
            kept = _rows_to_keep(have, want)
            cost += len(have) - len(kept) + _rows_effort([have[i] for i in kept], want)
    return cost


def _first(row: dict[str, Any]) -> Any:
    return next(iter(row.values()), None)


class Typist:
    """Works the editor as the GM would, counting each key and each click."""

    def __init__(self, qtbot: QtBot, editor: CharacterEditor) -> None:
        self.qtbot, self.editor = qtbot, editor
        self.keys = self.clicks = 0

    def key(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        focused = QApplication.focusWidget()
        assert focused is not None
        self.qtbot.keyClick(focused, key, modifiers)
        self.keys += 1

    def _next_stop(self) -> QWidget | None:
        widget = QApplication.focusWidget()
        if widget is None:
            return None
        following = widget.nextInFocusChain()
        while following is not widget:
            if following.isVisible() and following.isEnabled() and \
                    following.focusPolicy() & Qt.FocusPolicy.TabFocus:
                return following
            following = following.nextInFocusChain()
        return None

    def reach(self, widget: QWidget) -> bool:
        """Put the cursor in ``widget``: True by Tab (or already there), False by a click."""
        if widget.hasFocus():
            return True
        if self._next_stop() is widget:
            self.key(Qt.Key.Key_Tab)
            return True
        self.clicks += 1
        widget.setFocus(Qt.FocusReason.MouseFocusReason)
        return False

    def type_text(self, widget: Input, text: str) -> None:
        self.reach(widget)
        self.qtbot.waitUntil(widget.hasFocus)
        QApplication.processEvents()  # the field selects its old value on entry
        widget.selectAll()  # type: ignore[union-attr]
        if text:
            self.qtbot.keyClicks(widget, text)
            self.keys += len(text)
        else:
            self.key(Qt.Key.Key_Delete)

    def choose(self, combo: QComboBox, index: int) -> None:
        if combo.currentIndex() == index:
            return
        if self.reach(combo):
            step = Qt.Key.Key_Down if index > combo.currentIndex() else Qt.Key.Key_Up
            while combo.currentIndex() != index:
                self.key(step)
        else:  # the click that reached it opened the list; one more picks the entry
            self.clicks += 1
            combo.setCurrentIndex(index)
            combo.activated.emit(index)

    def set_value(self, widget: Input, value: Any) -> None:
        if widget.value() == value:
            return
        if isinstance(widget, ChoiceInput):
            index = widget.findData(value)
            assert index >= 0, f"{value!r} is not one of {widget.field.label}'s choices"
            self.choose(widget, index)
        elif isinstance(widget, FlagInput):
            if self.reach(widget):
                self.key(Qt.Key.Key_Space)
            else:
                widget.click()  # the click that reached it ticks it
        else:
            self.type_text(widget, str(value))

    def set_rows(self, editor: RowsEditor, wanted: list[dict[str, Any]]) -> None:
        keep = _rows_to_keep(editor.value(), wanted)
        for index in reversed(range(len(editor.lines))):  # rows not wanted: their cross
            if index not in keep:
                self.clicks += 1
                editor.removers[index].click()
        while len(editor.lines) > len(wanted):
            self.clicks += 1
            editor.removers[-1].click()
        for index, row in enumerate(wanted):
            if index == len(editor.lines):
                self._add_row(editor)
            for cell, key in zip(editor.lines[index], [c.key for c in editor.rows_form.fields],
                                 strict=True):
                self.set_value(cell, row.get(key))

    def _add_row(self, editor: RowsEditor) -> None:
        if editor.lines and editor.lines[-1][-1].hasFocus():
            self.key(Qt.Key.Key_Return)
        else:
            self.clicks += 1
            editor.add_button.click()


def _retype(typist: Typist, page: BlockPage, character: RosterCharacter, system: str) -> None:
    ruleset = page.ruleset
    wanted = ruleset.block_form(character.block(system))
    # A template that is this very character (a seed's example the ruleset ships) would
    # measure nothing: the nearest of the others.
    others = [i for i, template in enumerate(page.templates)
              if _distance(ruleset, template, wanted) > 0] or [0]
    nearest = min(others, key=lambda i: _distance(ruleset, page.templates[i], wanted))
    typist.choose(page.template, nearest)
    for item in page.schema.items():
        if isinstance(item, FormRows):
            typist.set_rows(page.row_editors[item.key], wanted.get(item.key, []))
        elif item.key in page.inputs:  # not the block's name: typed as the Name above
            typist.set_value(page.inputs[item.key], wanted.get(item.key))


def _type_again(qtbot: QtBot, system: str, character: RosterCharacter) -> tuple[int, int]:
    """Type one character in a new editor; its saved block must equal the stored one.

    Returns the keys and clicks used, and the characters of the block's JSON.
    """
    saved: list[RosterCharacter] = []
    editor = CharacterEditor(None, [system], lambda made, _o: saved.append(made) or True)
    qtbot.addWidget(editor)
    editor.show()
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow)
    typist = Typist(qtbot, editor)
    page = editor.current_page()
    assert page is not None
    typist.type_text(editor.name, character.name)  # type: ignore[arg-type]
    _retype(typist, page, character, system)
    typist.choose(editor.side, editor.side.findData(character.identity.side))
    typist.key(Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert saved, editor.status.text()
    stored = character.block(system)
    assert saved[0].block(system) == stored, character.name
    length = len(json.dumps(stored.to_json()))
    used = typist.keys + typist.clicks
    print(f"{system} {character.name}: {typist.keys} keys + {typist.clicks} clicks = {used} "
          f"for {length} characters of JSON (1/{length / used:.1f})")
    return used, length


SYSTEMS = list(dict.fromkeys(system for system, _ in CASES))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_systems_characters_typed_again_are_the_same_in_a_fifth_of_their_json(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """Each of a system's characters comes out of the editor equal to its stored block; a
    GM preparing them all types at most a fifth of the characters of their JSON."""
    monkeypatch.setattr(editor_window, "ask_discard", lambda _parent: True)
    print()
    characters = [character for name, character in CASES if name == system]
    counts = [_type_again(qtbot, system, character) for character in characters]
    used, length = (sum(column) for column in zip(*counts, strict=True))
    print(f"{system} in all: {used} keys and clicks for {length} characters of JSON "
          f"(1/{length / used:.1f})")
    assert used <= max(length / SHARE, sum(_least(system, c) for c in characters))


def _least(system: str, character: RosterCharacter) -> int:
    """The typing no form can spare: the name, one key for each field, the save. A block
    so small that a fifth of its JSON is less than that (three fields, say) is held to
    this instead of the fifth."""
    fields = sum(1 for _ in get_ruleset(system).block_schema().fields())
    return len(character.name) + fields + 1


def test_every_system_with_a_form_is_covered() -> None:
    """Each registered ruleset that declares a form has its demo characters among the cases."""
    with_forms = {name for name in ruleset_names() if get_ruleset(name).block_schema().groups}
    assert with_forms <= {system for system, _ in CASES}
    assert NAME in with_forms
