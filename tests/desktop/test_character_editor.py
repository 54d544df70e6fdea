"""The character editor: a form built from each ruleset's schema, keyboard first, checked
field by field and as a whole block, with its live numbers and a draft kept through a crash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.block_form import FormField, FormRows
from battlewheel.engine.core.ruleset import get_ruleset, ruleset_names
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.character_editor import draft as drafts
from battlewheel.views.character_editor import window as editor_window
from battlewheel.views.character_editor.block_page import BlockPage
from battlewheel.views.character_editor.inputs import NumberInput
from battlewheel.views.character_editor.window import CharacterEditor, editor_from_draft
from tests.conformance import SYSTEMS
from tests.desktop.editing import open_editor as _editor
from tests.desktop.editing import show_editor as _show
from tests.desktop.editing import type_into as _type
from tests.desktop.editor_ruleset import NAME, SAMPLES, editor_ruleset

TAB = Qt.Key.Key_Tab
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def arena(quiet_editor: None) -> None:
    """The test system with a schema is registered beside the real ones; an editor left
    with typing when the test ends is thrown away without a question (it would hang)."""
    editor_ruleset()


def _with_a_row_each(page: BlockPage) -> None:
    for editor in page.row_editors.values():
        if not editor.lines:
            editor.add_row()


def _tab_walk(qtbot: QtBot, editor: CharacterEditor, page: BlockPage) -> list[QWidget]:
    """Press Tab from the Notes field until the Save button: every widget it stopped at."""
    editor.notes.setFocus()
    qtbot.waitUntil(editor.notes.hasFocus)
    visited: list[QWidget] = []
    for _ in range(len(page.focusables()) + 10):
        qtbot.keyClick(QApplication.focusWidget(), TAB)
        focused = QApplication.focusWidget()
        if focused is editor.add_system:
            break
        visited.append(focused)
    return visited


def _number_fields(page: BlockPage) -> Iterator[tuple[NumberInput, FormField]]:
    for item in page.schema.items():
        if isinstance(item, FormRows):
            for line in page.row_editors[item.key].lines:
                for widget, cell in zip(line, item.fields, strict=True):
                    if isinstance(widget, NumberInput):
                        yield widget, cell
        elif isinstance(page.inputs.get(item.key), NumberInput):
            yield page.inputs[item.key], item  # type: ignore[misc]


@pytest.mark.parametrize("system", dict.fromkeys((*ruleset_names(), NAME)))
def test_every_field_is_reached_by_tab_in_reading_order_and_refuses_out_of_range(
        qtbot: QtBot, system: str) -> None:
    """For each ruleset, every field of its form (a row of each repeated set shown) is one
    Tab after the one before it, in the schema's reading order; a number above its bound
    is marked with a sentence naming the field, Save is refused and the typed text kept."""
    editor = _editor(qtbot, system=system)
    _type(qtbot, editor.name, "Walker")  # the name is whole: a refusal is the field's
    page = editor.current_page()
    assert page is not None and page.ruleset.name == system
    _with_a_row_each(page)
    expected = [widget for widget in page.focusables() if widget.isEnabled()]
    assert _tab_walk(qtbot, editor, page) == expected
    for widget, field in _number_fields(page):
        kept = widget.text()
        _type(qtbot, widget, str(field.high + 1))
        refusal = widget.problem
        assert field.label in refusal and str(field.high) in refusal
        assert widget.styleSheet() and widget.toolTip() == refusal
        assert not editor.save() and editor.isVisible()
        assert widget.text() == str(field.high + 1)
        _type(qtbot, widget, kept)
        assert widget.problem != refusal  # (a blank row added above may fail the block)


def test_the_form_follows_the_schema(qtbot: QtBot) -> None:
    """Groups in order, a line per number, a combo per choice, a box per flag, rows as a grid."""
    editor = _editor(qtbot, RosterCharacter.of_block(NAME, SAMPLES[0], side="enemy"))
    page = editor.current_page()
    assert page is not None
    titles = [box.title() for box in page.findChildren(QGroupBox) if box.parent() is not
              page.preview and box.title() in ("Traits", "Weapons", "Health")]
    assert titles == ["Traits", "Weapons", "Health"]
    assert type(page.inputs["might"]).__name__ == "NumberInput"
    assert type(page.inputs["stance"]).__name__ == "ChoiceInput"
    assert type(page.inputs["veteran"]).__name__ == "FlagInput"
    assert page.inputs["gear.armour"].text() == "2"
    assert page.row_editors["weapons"].value() == [{"name": "Axe", "accuracy": 1, "damage": 4}]
    assert [row[""] for row in page.row_editors["levels"].value()] == [0, 1, 1, 2, 4]
    assert editor.check() is not None
    assert editor.check().block(NAME) == SAMPLES[0]


def test_the_blocks_own_check_marks_the_field_it_names(qtbot: QtBot) -> None:
    """Guard 9 with Might 3 is within Guard's bounds but not the block's: the Guard field
    says so in a sentence; Save keeps the typing; a Guard of 6 makes the block whole."""
    saved: list[RosterCharacter] = []
    editor = _editor(qtbot, saved=saved)
    _type(qtbot, editor.name, "Hunt brawler")
    page = editor.current_page()
    assert page is not None
    guard = page.inputs["guard"]
    _type(qtbot, guard, "9")
    assert guard.problem == "Guard must be at most twice Might (0-6) (it is 9)."
    assert "Not whole yet: Guard must be" in page.why_not.text()
    assert not editor.save() and saved == []
    assert guard.text() == "9" and guard.hasFocus()
    _type(qtbot, guard, "6")
    assert guard.problem == "" and page.why_not.text() == ""
    assert editor.save()
    assert saved[0].name == "Hunt brawler" and saved[0].block(NAME).guard == 6
    assert saved[0].block(NAME).name == "Hunt brawler"


def test_a_row_cell_out_of_bounds_names_the_row(qtbot: QtBot) -> None:
    """A weapon's accuracy of 9 is marked in its row with the row set and the field named."""
    editor = _editor(qtbot)
    page = editor.current_page()
    assert page is not None
    cell = page.row_editors["weapons"].lines[0][1]
    _type(qtbot, cell, "9")
    assert cell.problem == "Weapons row 1: Accuracy must be a whole number from -3 to 5"


def _preview_values(page: BlockPage, title: str) -> list[str]:
    box = page.preview.section_box(title)
    assert box is not None
    QApplication.processEvents()  # new labels are shown when the layout gets to them
    return [label.text() for label in box.findChildren(QLabel) if not label.isHidden()]


def test_the_preview_shows_what_the_sheet_will_and_says_why_not(qtbot: QtBot) -> None:
    """Each edit redraws the preview from block_preview: soak follows Might; a bad value
    greys it and the line under it says why."""
    editor = _editor(qtbot)
    page = editor.current_page()
    assert page is not None
    assert _preview_values(page, "Defence") == ["Guard", "2", "Soak", "3"]
    _type(qtbot, page.inputs["might"], "5")
    assert _preview_values(page, "Defence") == ["Guard", "2", "Soak", "5"]
    assert page.preview.isEnabled()
    _type(qtbot, page.inputs["might"], "7")
    assert not page.preview.isEnabled()
    assert page.why_not.text() == "Not whole yet: Might must be a whole number 1-5"


def test_return_on_a_rows_last_cell_adds_the_next_row_and_ctrl_delete_takes_it_out(
        qtbot: QtBot) -> None:
    """Return on the last cell of the last weapon adds a weapon and puts the cursor in it."""
    editor = _editor(qtbot)
    page = editor.current_page()
    assert page is not None
    rows = page.row_editors["weapons"]
    _type(qtbot, rows.lines[0][2], "4")
    qtbot.keyClick(rows.lines[0][2], Qt.Key.Key_Return)
    assert len(rows.lines) == 2 and rows.lines[1][0].hasFocus()
    assert rows.value()[1] == {"name": "Club", "accuracy": 0, "damage": 1}
    qtbot.keyClick(rows.lines[1][0], Qt.Key.Key_Delete, CTRL)
    assert len(rows.lines) == 1


def test_return_in_a_field_moves_on_and_ctrl_return_saves(qtbot: QtBot) -> None:
    """Return goes to the next field; Ctrl+Return saves from anywhere in the form."""
    saved: list[RosterCharacter] = []
    editor = _editor(qtbot, saved=saved)
    page = editor.current_page()
    assert page is not None
    _type(qtbot, editor.name, "Pit fighter")
    _type(qtbot, page.inputs["might"], "4")
    qtbot.keyClick(page.inputs["might"], Qt.Key.Key_Return)
    assert page.inputs["guard"].hasFocus()
    qtbot.keyClick(page.inputs["guard"], Qt.Key.Key_Return, CTRL)
    assert [c.name for c in saved] == ["Pit fighter"] and not editor.isVisible()


def test_esc_asks_before_throwing_typing_away(qtbot: QtBot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc with nothing typed closes at once; with typing it asks, and No keeps the window."""
    asked: list[bool] = []
    answer = [False]
    monkeypatch.setattr(editor_window, "ask_discard",
                        lambda _parent: asked.append(True) or answer[0])
    quiet = _editor(qtbot, RosterCharacter.of_block(NAME, SAMPLES[0]))
    qtbot.keyClick(quiet.name, Qt.Key.Key_Escape)
    assert not quiet.isVisible() and asked == []
    editor = _editor(qtbot)
    _type(qtbot, editor.name, "Half typed")
    qtbot.keyClick(editor.name, Qt.Key.Key_Escape)
    assert editor.isVisible() and asked == [True] and editor.name.text() == "Half typed"
    answer[0] = True
    qtbot.keyClick(editor.name, Qt.Key.Key_Escape)
    assert not editor.isVisible()


def test_a_block_offered_from_a_template_closes_on_esc_until_typed_in(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The roster's "make a block for this system" editor, untouched, closes on Esc."""
    asked: list[bool] = []
    monkeypatch.setattr(editor_window, "ask_discard", lambda _parent: asked.append(True))
    character = RosterCharacter.of_block(NAME, SAMPLES[0])
    editor = CharacterEditor(character, ["pool-and-ward", NAME], lambda c, _o: True,
                             open_system="pool-and-ward")
    _show(qtbot, editor)
    assert editor.current_page() is editor.pages["pool-and-ward"]
    qtbot.keyClick(editor.name, Qt.Key.Key_Escape)
    assert not editor.isVisible() and asked == []


def test_a_template_fills_the_form_and_a_new_characters_side(qtbot: QtBot) -> None:
    """Duelist fills the form with its values and makes the new character an ally (its
    block's side), until the GM picks a side; the picker lists the ruleset's templates."""
    editor = _editor(qtbot)
    page = editor.current_page()
    assert page is not None
    assert [page.template.itemText(i) for i in range(page.template.count())] == \
        ["Brawler", "Duelist"]
    assert editor.side.currentData() == "enemy"
    page.template.setCurrentIndex(1)
    page.template.activated.emit(1)
    assert page.inputs["guard"].text() == "4" and len(page.row_editors["weapons"].lines) == 2
    assert editor.side.currentData() == "ally"
    editor.side.setCurrentIndex(editor.side.findData("enemy"))
    editor.side.activated.emit(editor.side.currentIndex())
    page.template.activated.emit(0)
    assert editor.side.currentData() == "enemy"


@pytest.mark.parametrize("added", SYSTEMS)
def test_a_character_holds_a_block_for_several_systems(qtbot: QtBot, added: str) -> None:
    """The combat's system comes first; "Add a block" adds a tab for another system (its
    title as the GM reads it: "Pool & Ward", not "Pool _Ward"). ``added`` is the block
    added and taken out again; the combat's system and the block added for good are two
    others (with Pool & Ward added: 2e, and Impulse added for good)."""
    first, other = _two_others(added)
    character = RosterCharacter.of_block(NAME, SAMPLES[1])
    editor = CharacterEditor(character, [first, NAME], lambda c, _o: True)
    _show(qtbot, editor)
    assert [editor.tabs.tabText(i) for i in range(editor.tabs.count())] == \
        [get_ruleset(first).title, "Test arena"]
    editor.add_page(added, focus=False)
    assert editor.tabs.tabText(2) == get_ruleset(added).title.replace("&", "&&")
    editor.remove_button.setEnabled(True)
    editor.tabs.setCurrentIndex(2)
    editor.remove_button.click()
    assert editor.pages[first].new and not editor.pages[NAME].new
    index = editor.add_system.findData(other)
    editor.add_system.setCurrentIndex(index)
    editor.add_button.click()
    assert editor.current_page() is editor.pages[other]
    made = editor.check()
    assert made is not None and made.rulesets() == (NAME, first, other)
    assert made.block(NAME) == SAMPLES[1]
    editor.remove_button.click()  # the shown one: other
    editor.tabs.setCurrentIndex(0)
    editor.remove_button.click()  # first
    made = editor.check()
    assert made is not None and made.rulesets() == (NAME,)
    assert not editor.remove_button.isEnabled()  # one system always stays


def _two_others(added: str) -> tuple[str, str]:
    """The first and the last system found but ``added``."""
    others = [name for name in SYSTEMS if name != added]
    return others[0], others[-1]


def test_a_draft_is_kept_while_typing_and_offered_back(qtbot: QtBot,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing writes the draft file (a half-wrong number as typed); an editor opened from it
    shows the same text and the same mark; a save removes the file."""
    editor = _editor(qtbot, RosterCharacter.of_block(NAME, SAMPLES[0], side="enemy"))
    page = editor.current_page()
    assert page is not None
    _type(qtbot, page.inputs["might"], "9")
    _type(qtbot, editor.kind, "wolf")
    qtbot.waitUntil(lambda: drafts.draft_path().exists(), timeout=3000)
    found = drafts.read_draft()
    assert found is not None and found.name() == "Ash Wolf"
    editor._draft_timer.stop()  # as if the program had stopped here: no close, no discard
    editor.hide()
    monkeypatch.setattr(editor_window, "ask_take_draft", lambda _p, _d: True)
    taken = editor_window.pending_draft(None)
    assert taken is not None
    again = _show(qtbot, editor_from_draft(taken, [NAME], lambda c, _o: True))
    page = again.current_page()
    assert page is not None
    assert page.inputs["might"].text() == "9" and "Might must be" in page.inputs["might"].problem
    assert again.kind.text() == "wolf" and again.original is not None
    _type(qtbot, page.inputs["might"], "4")
    assert again.save()
    assert not drafts.draft_path().exists()


def test_an_unreadable_draft_is_dropped_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draft file that is not a draft is removed and nothing is offered."""
    path = drafts.draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "something else"}', encoding="utf-8")
    monkeypatch.setattr(editor_window, "ask_take_draft",
                        lambda _p, _d: pytest.fail("nothing to offer"))
    assert editor_window.pending_draft(None) is None
    assert not path.exists()


@pytest.mark.parametrize("system", dict.fromkeys((*ruleset_names(), NAME)))
def test_the_name_is_typed_once_for_the_character_and_its_block(qtbot: QtBot,
                                                                system: str) -> None:
    """A block's own name field is not shown beside the character's Name: the block takes
    the Name typed above."""
    editor = _editor(qtbot, system=system)
    _type(qtbot, editor.name, "Hunt spearman")
    page = editor.current_page()
    assert page is not None and "name" not in page.inputs
    made = editor.check()
    assert made is not None, editor.status.text()
    assert page.ruleset.block_name(made.block(system)) == "Hunt spearman"


def test_editing_a_character_keeps_what_fights_left_on_them(qtbot: QtBot) -> None:
    """Rules page between-fights.md, "Editing a block does not heal": the editor's
    character keeps the conditions the original held, and so does a rename."""
    from battlewheel.engine.rulesets.poolward.lasting import Lasting
    from battlewheel.storage.roster import HeldCondition
    from battlewheel.views.roster_edits import renamed

    held = HeldCondition(Lasting(health_lost=3), (("health", "combat-1"),))
    character = RosterCharacter.of_block(NAME, SAMPLES[1]).with_condition("pool-and-ward", held)
    editor = _editor(qtbot, character)
    made = editor.check()
    assert made is not None and made.held("pool-and-ward") == held
    assert renamed(made, "Someone else").held("pool-and-ward") == held


def test_the_wheel_changes_a_choice_only_once_it_has_the_focus(qtbot: QtBot) -> None:
    """Scrolling the form over the Kind box leaves the kind alone; focused, the wheel
    picks the next one (a specialty went from melee to thrown as a GM scrolled)."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    from battlewheel.engine.rulesets.rewrite.form import SCHEMA
    from battlewheel.views.character_editor.inputs import ChoiceInput
    kind = next(f for f in SCHEMA.fields() if f.key == "kind")
    box = ChoiceInput(kind)
    qtbot.addWidget(box)
    box.show()
    box.setCurrentIndex(1)

    def wheel_down() -> None:
        middle = QPointF(box.width() / 2, box.height() / 2)
        QApplication.sendEvent(box, QWheelEvent(
            middle, QPointF(box.mapToGlobal(middle.toPoint())), QPoint(0, 0), QPoint(0, -120),
            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase, False))

    wheel_down()
    assert box.currentIndex() == 1 and not box.hasFocus()
    box.activateWindow()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    wheel_down()
    assert box.currentIndex() == 2


def test_the_editors_template_and_side_boxes_ignore_an_unfocused_wheel(qtbot: QtBot) -> None:
    """The template picker, the side and the system box take the wheel only when focused."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QComboBox
    editor = _editor(qtbot)
    boxes = [b for b in editor.findChildren(QComboBox)
             if b.objectName() in ("templatePicker", "characterSide", "addSystem")]
    assert len(boxes) >= 3
    for box in boxes:
        before = box.currentIndex()
        middle = QPointF(box.width() / 2, box.height() / 2)
        QApplication.sendEvent(box, QWheelEvent(
            middle, QPointF(box.mapToGlobal(middle.toPoint())), QPoint(0, 0), QPoint(0, -120),
            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase, False))
        assert box.currentIndex() == before, box.objectName()
