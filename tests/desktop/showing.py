"""The type of the ``shown`` fixture (tests/desktop/conftest.py): a widget shown and kept
until the test ends, handed back as the type it was given, so a test reads a dialog's own
fields without first asserting what it is."""

from __future__ import annotations

from typing import Protocol, TypeVar

from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)


class Shown(Protocol):
    def __call__(self, widget: W, /) -> W: ...
