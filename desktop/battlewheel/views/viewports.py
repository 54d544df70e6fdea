"""Scroll areas (the wheel, the roster table, the log) drawing on a viewport made here.

Asked for the viewport Qt made itself, PySide has to name the Python type of a widget
it has never seen, and to do so sets up every widget class of QtWidgets it has not set
up yet (some seventy, with their enums: about 7 ms the first time, before the first
paint). A viewport made in Python already has its type, so nothing else is set up.
"""

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget


def own_viewport(area: QAbstractScrollArea) -> QWidget:
    """Give ``area`` a viewport made here, looking as the one Qt would have made."""
    viewport = QWidget()
    # As Qt's own viewport: the name, and the list's ground (Base) filled in.
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)  # the area takes it over (parent, event filter, setup)
    return viewport
