"""The card chooser: tick characters, blank the tracks, pick the paper."""

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlewheel.printing.card import SheetCard
from battlewheel.printing.choose import CardChoiceDialog


def cards() -> list[SheetCard]:
    return [SheetCard(name, "mortal", ("-0", "Incap", "Dying"), "X..")
            for name in ("Ada", "Bo", "Cy")]


def test_every_card_starts_ticked_with_marks(qtbot: QtBot) -> None:
    """Opening the chooser and accepting prints every card as it is."""
    dialog = CardChoiceDialog(cards())
    qtbot.addWidget(dialog)
    assert dialog.chosen() == cards()
    assert dialog.chosen_page() in ("A4", "Letter")


def test_unticked_cards_are_left_out_and_blank_empties_the_rest(qtbot: QtBot) -> None:
    """Unticking Bo and asking for blank tracks gives Ada and Cy with empty boxes."""
    dialog = CardChoiceDialog(cards())
    qtbot.addWidget(dialog)
    dialog.list.item(1).setCheckState(Qt.CheckState.Unchecked)
    dialog.blank.setChecked(True)
    chosen = dialog.chosen()
    assert [card.name for card in chosen] == ["Ada", "Cy"]
    assert all(card.marks == "..." for card in chosen)


def test_none_then_all_and_the_paper_choice(qtbot: QtBot) -> None:
    """None unticks everything, All ticks it back; Letter can be chosen."""
    dialog = CardChoiceDialog(cards())
    qtbot.addWidget(dialog)
    dialog.check_all(Qt.CheckState.Unchecked)
    assert dialog.chosen() == []
    dialog.check_all(Qt.CheckState.Checked)
    dialog.page.setCurrentText("Letter")
    assert len(dialog.chosen()) == 3 and dialog.chosen_page() == "Letter"


def test_the_longest_line_shows_whole_without_a_sideways_scroll(qtbot: QtBot) -> None:
    """A long name and subtitle fit the list as the dialog opens: no sideways scroll bar."""
    long = SheetCard(
        "Kestrel of the Burning Road",
        "Solar · Essence 2 · Stamina 3 · Ox-Body 1",
        ("-0", "Incap", "Dying"),
        "...",
    )
    dialog = CardChoiceDialog([*cards(), long])
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    assert not dialog.list.horizontalScrollBar().isVisible()
    text = dialog.list.item(3).text()
    assert dialog.list.fontMetrics().horizontalAdvance(text) < dialog.list.viewport().width()
