"""Send player cards to a PDF file or, through the system dialog, to a printer."""

from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

from battlewheel import APP_NAME
from battlewheel.printing.card import SheetCard
from battlewheel.printing.layout import layout_pages, page_size_mm
from battlewheel.printing.painter import paint_pages, text_measure

QT_PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}


def export_pdf(cards: list[SheetCard], path: Path, *, page: str = "A4") -> int:
    """Write the cards to a vector PDF; returns the number of pages."""
    if not cards:
        raise ValueError("cards: nothing to print; choose at least one character")
    folder = Path(path).parent
    if not folder.is_dir():
        raise ValueError(f"output: the folder {folder} does not exist")
    width, height = page_size_mm(page)
    writer = QPdfWriter(str(path))
    writer.setTitle(f"{APP_NAME} player cards")
    writer.setCreator(APP_NAME)
    writer.setResolution(600)
    writer.setPageSize(QPageSize(QT_PAGE_SIZES[page]))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    pages = layout_pages(cards, width, height, text_measure(writer))
    paint_pages(writer, pages, (width, height))
    return len(pages)
