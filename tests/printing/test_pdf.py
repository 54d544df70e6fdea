"""The PDF is vector with real text, on A4 or Letter, and the printer path paints too."""

import re
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.health import HealthTrack
from battlewheel.printing.card import SheetCard, blank_player_card, track_card
from battlewheel.printing.dialog import HealthTrackPreview, make_printer, paint_on_printer
from battlewheel.printing.output import export_pdf


def sample_cards(count: int) -> list[SheetCard]:
    track = HealthTrack.standard(3).mark(bashing=2, lethal=1)
    return [track_card(f"Fighter {i}", "Mortal", track) for i in range(count)]


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.parametrize(("page", "mediabox"), [("A4", b"595"), ("Letter", b"612")])
def test_pdf_has_the_chosen_paper_size(qapp: object, tmp_path: Path, page: str,
                                       mediabox: bytes) -> None:
    """A4 is 595 points wide and Letter 612; the PDF's MediaBox says which."""
    target = tmp_path / "sheets.pdf"
    assert export_pdf(sample_cards(2), target, page=page) == 1
    data = target.read_bytes()
    assert data.startswith(b"%PDF")
    assert re.search(rb"/MediaBox\s*\[\s*0\s+0\s+" + mediabox, data)


def test_pdf_is_vector_text_without_images(qapp: object, tmp_path: Path) -> None:
    """Text is embedded as fonts and nothing is rasterised into an image."""
    target = tmp_path / "sheets.pdf"
    export_pdf([*sample_cards(3), blank_player_card(4)], target)
    data = target.read_bytes()
    assert b"/Font" in data
    assert b"/Subtype /Image" not in data and b"/Subtype/Image" not in data


def test_many_cards_spill_onto_more_pages(qapp: object, tmp_path: Path) -> None:
    """Nine Stamina-3 cards (four rows of two fit on A4) need three pages."""
    target = tmp_path / "sheets.pdf"
    pages = export_pdf(sample_cards(9 * 2), target)
    assert pages == page_count(target.read_bytes())
    assert pages > 1


def test_nothing_to_print_is_refused(qapp: object, tmp_path: Path) -> None:
    """An empty selection is an error that names what is missing, and writes no file."""
    with pytest.raises(ValueError, match="cards: nothing to print"):
        export_pdf([], tmp_path / "none.pdf")
    assert not (tmp_path / "none.pdf").exists()


def test_printer_path_paints_the_same_pages(qtbot: QtBot, tmp_path: Path) -> None:
    """The preview's painter fills a printer (here a PDF printer) with the cards."""
    printer = make_printer("Letter")
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert paint_on_printer(printer, sample_cards(2)) == 1
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


def test_preview_dialog_opens_for_the_cards(qtbot: QtBot) -> None:
    """The print preview builds for a selection and refuses an empty one."""
    dialog = HealthTrackPreview(None, sample_cards(2))
    qtbot.addWidget(dialog)
    assert dialog.cards[0].name == "Fighter 0"
    with pytest.raises(ValueError, match="nothing to print"):
        HealthTrackPreview(None, [])


def test_output_into_a_missing_folder_is_refused_by_name(qapp: object, tmp_path: Path) -> None:
    """Exporting into a folder that does not exist names that folder."""
    with pytest.raises(ValueError, match=r"output: the folder .*missing does not exist"):
        export_pdf(sample_cards(1), tmp_path / "missing" / "sheets.pdf")
