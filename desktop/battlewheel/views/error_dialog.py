"""Errors never vanish: an exception in a slot shows a dialog with the details.

`install_excepthook` replaces ``sys.excepthook`` (Qt hands exceptions raised in slots
to it) with one that still prints the traceback, then shows an `ErrorDialog`. The
combat state is safe either way: the models apply an action whole or not at all.
"""

import sys
import traceback
from collections.abc import Callable
from types import TracebackType

import shiboken6
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QWidget

from battlewheel import APP_NAME

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def error_details(error: BaseException) -> str:
    """The full traceback of an error as text, for the dialog and bug reports."""
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


class ErrorDialog(QDialog):
    """Says what went wrong in one sentence, with the traceback one click away."""

    def __init__(self, error: BaseException, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorDialog")
        self.setWindowTitle(f"{APP_NAME}: something went wrong")
        self.details = error_details(error)
        # Only when an error is shown, not at start-up: html, and the dialog's classes.
        import html

        from PySide6.QtGui import QFontDatabase
        from PySide6.QtWidgets import QDialogButtonBox, QPlainTextEdit, QVBoxLayout

        summary = QLabel(
            f"<b>{type(error).__name__}</b>: {html.escape(str(error))}<br><br>"
            "Nothing was changed by the step that failed; the combat is as it was. "
            "The details below help to report the problem."
        )
        summary.setWordWrap(True)
        summary.setObjectName("errorSummary")
        text = QPlainTextEdit(self.details)
        text.setReadOnly(True)
        text.setObjectName("errorDetails")
        text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("Copy details", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(text)
        layout.addWidget(buttons)
        self.resize(640, 420)

    def copy_details(self) -> None:
        """Put the traceback on the clipboard."""
        QGuiApplication.clipboard().setText(self.details)


class ErrorReporter:
    """The ``sys.excepthook`` of the running program: print, then show a dialog."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.previous: ExceptHook = sys.excepthook
        self.shown: list[ErrorDialog] = []
        self.reported = 0  # how many exceptions reached the hook (the smoke test checks)

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        """Report one uncaught exception."""
        self.reported += 1
        traceback.print_exception(kind, error, trace)
        if isinstance(error, KeyboardInterrupt) or QApplication.instance() is None:
            return
        if self.parent is not None and not shiboken6.isValid(self.parent):
            return  # the window is gone (the program is closing): printed is enough
        dialog = ErrorDialog(error.with_traceback(trace), self.parent)
        self.shown.append(dialog)
        dialog.finished.connect(lambda _result: self.shown.remove(dialog))
        dialog.open()


def install_excepthook(parent: QWidget | None = None) -> ErrorReporter:
    """Route uncaught exceptions (those in slots included) to an error dialog."""
    reporter = ErrorReporter(parent)
    sys.excepthook = reporter
    return reporter


def uninstall_excepthook(reporter: ErrorReporter) -> None:
    """Put back the hook that was there before `install_excepthook`."""
    if sys.excepthook is reporter:
        sys.excepthook = reporter.previous
