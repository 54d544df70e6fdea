"""The system print dialog with a preview, for the main window's File > Print."""

from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from battlewheel.printing.card import SheetCard
from battlewheel.printing.layout import layout_pages
from battlewheel.printing.output import QT_PAGE_SIZES
from battlewheel.printing.painter import paint_pages, text_measure


def make_printer(page: str = "A4") -> QPrinter:
    """A high-resolution printer whose painting origin is the paper's corner."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(QPageSize(QT_PAGE_SIZES[page]))
    printer.setFullPage(True)
    return printer


def paint_on_printer(printer: QPrinter, cards: list[SheetCard]) -> int:
    """Lay the cards out for the printer's current paper and paint them; returns pages."""
    paper = printer.pageLayout().fullRect(QPageLayout.Unit.Millimeter)
    pages = layout_pages(cards, paper.width(), paper.height(), text_measure(printer))
    paint_pages(printer, pages, (paper.width(), paper.height()))
    return len(pages)


class HealthTrackPreview(QPrintPreviewDialog):
    """A print preview of player cards, laid out again when the paper changes."""

    def __init__(self, parent: QWidget | None, cards: list[SheetCard], *,
                 page: str = "A4") -> None:
        if not cards:
            raise ValueError("cards: nothing to print; choose at least one character")
        # The dialog does not own its printer, so this object keeps it alive.
        self._own_printer = make_printer(page)
        super().__init__(self._own_printer, parent)
        self.cards = list(cards)
        self.setWindowTitle("Print player cards")
        self.paintRequested.connect(self._paint)

    def _paint(self, printer: QPrinter) -> None:
        paint_on_printer(printer, self.cards)


def print_with_preview(parent: QWidget | None, cards: list[SheetCard], *,
                       page: str = "A4") -> bool:
    """Open the preview (modal) and print from it; True when the GM printed."""
    return bool(HealthTrackPreview(parent, cards, page=page).exec())
