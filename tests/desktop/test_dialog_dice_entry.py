"""The shared dice entry: roll for me (stored faces) or I rolled (a count or the faces)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.core.errors import DiceEntryError
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, parse_dice_text


def _widget(qtbot: QtBot, pool: int, seed: int = 4) -> DiceEntryWidget:
    widget = DiceEntryWidget("Attack roll", face_source=SeededDice(seed))
    qtbot.addWidget(widget)
    widget.set_pool(pool)
    widget.show()
    return widget


def test_one_number_is_a_success_count() -> None:
    """'3' for a 5-die pool is an entry of 3 successes and no faces."""
    assert parse_dice_text("3", pool=5) == DiceEntry.of_successes(3)


def test_several_numbers_are_the_faces() -> None:
    """'7 3 10 1' for a 4-die pool keeps the faces as typed (commas allowed too)."""
    assert parse_dice_text("7 3 10 1", pool=4).faces == (7, 3, 10, 1)
    assert parse_dice_text("7, 3,10 ,1", pool=4).faces == (7, 3, 10, 1)


def test_a_face_typed_as_0_is_a_10(qtbot: QtBot) -> None:
    """Most d10s print 0 for ten: "7 0 3" is the faces 7, 10, 3 (two successes and a 10)."""
    assert parse_dice_text("7 0 3", pool=3) == DiceEntry.of_faces((7, 10, 3))
    widget = _widget(qtbot, 3, seed=1)
    widget.set_typed("0 0 1")
    assert widget.entry() == DiceEntry.of_faces((10, 10, 1))


def test_botch_is_recorded_without_faces() -> None:
    """'botch' and '0 botch' both mean 0 successes and a botch."""
    assert parse_dice_text("botch", pool=3) == DiceEntry.of_successes(0, botch=True)
    assert parse_dice_text("0 Botch", pool=3) == DiceEntry.of_successes(0, botch=True)


@pytest.mark.parametrize(
    ("text", "pool", "says"),
    [
        ("", 3, "Type the successes"),
        ("three", 3, "'three' is not a whole number"),
        ("7 3 11", 3, "11"),
        ("7 3", 3, "2 faces given for a pool of 3 dice"),
        ("7", 3, "successes must be 0-6 for a pool of 3 dice"),
        ("2 botch", 3, "a botch has 0 successes"),
    ],
)
def test_nonsense_is_refused_with_a_message(text: str, pool: int, says: str) -> None:
    """Each nonsense entry raises DiceEntryError whose message says what is wrong."""
    with pytest.raises(DiceEntryError, match=says):
        parse_dice_text(text, pool=pool)


@pytest.mark.parametrize(("text", "face"), [("7", 7), ("1", 1), ("0", 10), ("10", 10)])
def test_one_die_takes_the_face_typed(text: str, face: int) -> None:
    """A pool of one die: "7" is the face the die shows, not seven successes."""
    assert parse_dice_text(text, pool=1) == DiceEntry.of_faces((face,))


def test_one_die_refuses_a_face_it_cannot_show() -> None:
    with pytest.raises(DiceEntryError, match="1-10, got 11"):
        parse_dice_text("11", pool=1)


def test_a_pool_of_no_dice_needs_no_roll(qtbot: QtBot) -> None:
    """0 dice: the entry is there (no successes) without pressing Roll."""
    widget = _widget(qtbot, 0)
    entry = widget.entry()
    assert entry is not None and entry.faces == ()
    assert "press Roll" not in widget.result_label.text()


def _two_rows_shown(qtbot: QtBot, seed: int, pool: int) -> tuple[QWidget, list[DiceEntryWidget]]:
    """Rolls A and B of ``pool`` dice each, faces from ``seed``, in a window shown active
    (kept by the caller: the rows go with it)."""
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    rows = [DiceEntryWidget(title, host, face_source=SeededDice(seed)) for title in "AB"]
    for row in rows:
        row.set_pool(pool)
        layout.addWidget(row)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)
    return host, rows


def test_roll_buttons_take_no_focus_and_tab_goes_field_to_field(qtbot: QtBot) -> None:
    """Tab from one roll's field lands in the next one's; Return does too; a space typed
    there is a character, never a press of Roll."""
    _host, rows = _two_rows_shown(qtbot, 3, 3)
    rows[0].focus_entry()
    qtbot.keyClick(rows[0].typed, Qt.Key.Key_Tab)
    assert rows[1].typed.hasFocus()
    rows[0].focus_entry()
    qtbot.keyClick(rows[0].typed, Qt.Key.Key_Return)
    assert rows[1].typed.hasFocus()
    assert not any(row.roll_button.focusPolicy() & Qt.FocusPolicy.TabFocus for row in rows)


def test_ctrl_r_rolls_the_roll_still_waiting_never_one_rolled(qtbot: QtBot) -> None:
    """Focus in a rolled field: Ctrl+R rolls the next waiting roll; once all are rolled,
    Ctrl+R changes nothing (a second press once re-rolled a hit into a miss)."""
    _host, rows = _two_rows_shown(qtbot, 5, 4)
    rows[0].focus_entry()
    qtbot.keyClick(rows[0].typed, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    first = rows[0].entry()
    assert first is not None and rows[1].entry() is None
    rows[0].focus_entry()
    qtbot.keyClick(rows[0].typed, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    second = rows[1].entry()
    assert rows[0].entry() == first and second is not None
    qtbot.keyClick(rows[0].typed, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert (rows[0].entry(), rows[1].entry()) == (first, second)


def test_roll_for_me_stores_the_seeded_faces(qtbot: QtBot) -> None:
    """Pressing Roll draws the pool from the dice source; the entry holds exactly those faces."""
    widget = _widget(qtbot, 6, seed=11)
    assert widget.entry() is None
    qtbot.mouseClick(widget.roll_button, Qt.MouseButton.LeftButton)
    assert widget.entry() == DiceEntry.of_faces(SeededDice(11).faces(6), rolled=True)


def test_ctrl_r_rolls_from_the_keyboard(qtbot: QtBot) -> None:
    """The Roll shortcut works while focus is in the widget."""
    widget = _widget(qtbot, 3, seed=2)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    widget.typed.setFocus()
    qtbot.keyClick(widget.typed, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert widget.entry() == DiceEntry.of_faces(SeededDice(2).faces(3), rolled=True)


def test_typed_faces_show_their_successes(qtbot: QtBot) -> None:
    """7 3 10 1 is one success for the 7 and two for the 10: 3 successes."""
    widget = _widget(qtbot, 4)
    widget.set_typed("7 3 10 1")
    assert widget.entry() == DiceEntry.of_faces((7, 3, 10, 1))
    assert widget.result_label.text() == "7 3 10 1 → 3 successes"
    assert widget.error() == ""


def test_a_nonsense_entry_shows_its_message_and_yields_nothing(qtbot: QtBot) -> None:
    """Too many faces for the pool: the message is shown inline and entry() is None."""
    widget = _widget(qtbot, 2)
    widget.set_typed("7 3 10")
    assert widget.entry() is None
    assert widget.error() == "3 faces given for a pool of 2 dice"
    assert widget.error_label.isVisible()


def test_changing_the_pool_forgets_faces_rolled_for_the_old_pool(qtbot: QtBot) -> None:
    """Faces rolled for 5 dice cannot stand for a 4-die pool."""
    widget = _widget(qtbot, 5)
    widget.roll_now()
    assert widget.entry() is not None
    widget.set_pool(4)
    assert widget.entry() is None


@given(st.lists(st.integers(min_value=1, max_value=10), min_size=2, max_size=25),
       st.sampled_from([" ", ", ", ",", "  "]))
def test_any_faces_typed_come_back_as_those_faces(faces: list[int], separator: str) -> None:
    """Faces typed with any separator are read back exactly, for a pool of that size."""
    entry = parse_dice_text(separator.join(str(face) for face in faces), pool=len(faces))
    assert entry == DiceEntry.of_faces(faces)


@given(st.integers(min_value=2, max_value=30), st.data())
def test_any_count_within_the_pool_is_a_success_count(pool: int, data: st.DataObject) -> None:
    """With double 10s a pool of n dice allows 0 to 2n successes, and no more (one die
    is read by its face: the next test)."""
    count = data.draw(st.integers(min_value=0, max_value=2 * pool))
    assert parse_dice_text(str(count), pool=pool) == DiceEntry.of_successes(count)
    with pytest.raises(DiceEntryError):
        parse_dice_text(str(2 * pool + 1), pool=pool)
