"""Preferences that belong to the window: its layout, dock positions, larger text.

They live in an INI file in the user's config folder (``storage.paths.config_dir``),
so ``BATTLEWHEEL_HOME`` redirects them like every other user file, and a test passes
a settings object of its own. A ``schema_version`` lets a later release read (or
politely ignore) what an older one saved.
"""

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QMainWindow

from battlewheel.storage.paths import config_dir

SCHEMA_VERSION = 1
# Bumped whenever the set of docks changes, so restoreState never mixes layouts.
LAYOUT_VERSION = 1
LARGER_TEXT_FACTOR = 1.4


def settings_path() -> Path:
    """The settings file of the user (or of ``BATTLEWHEEL_HOME``)."""
    return config_dir() / "settings.ini"


def open_settings(path: Path | None = None) -> QSettings:
    """The window settings stored at ``path`` (default: the user's settings file)."""
    target = path or settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(target), QSettings.Format.IniFormat)
    if _int(settings.value("schema_version"), SCHEMA_VERSION) > SCHEMA_VERSION:
        # Written by a newer release: leave the file alone and start from defaults.
        settings = QSettings(
            str(target.with_suffix(".old-release.ini")), QSettings.Format.IniFormat
        )
    settings.setValue("schema_version", SCHEMA_VERSION)
    return settings


def _int(value: object, default: int) -> int:
    try:
        return int(str(value)) if value is not None else default
    except ValueError:
        return default


def save_window(settings: QSettings, window: QMainWindow) -> None:
    """Remember the window's size, place and docks."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", window.saveState(LAYOUT_VERSION))
    settings.sync()


def restore_window(settings: QSettings, window: QMainWindow) -> bool:
    """Put the window back as it was left; False when nothing usable was saved."""
    geometry = settings.value("window/geometry")
    state = settings.value("window/state")
    restored = False
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        restored = window.restoreGeometry(geometry)
    if isinstance(state, QByteArray) and not state.isEmpty():
        restored = window.restoreState(state, LAYOUT_VERSION) and restored
    return restored


def larger_text(settings: QSettings) -> bool:
    """Whether the GM chose the larger-text mode."""
    return str(settings.value("view/larger_text", "false")).lower() == "true"


def set_larger_text(settings: QSettings, on: bool) -> None:
    """Remember the larger-text choice."""
    settings.setValue("view/larger_text", "true" if on else "false")


def sheet_follows_acting(settings: QSettings) -> bool:
    """Whether the acting fighter's sheet comes forward by itself (on unless turned off)."""
    return str(settings.value("view/sheet_follows_acting", "true")).lower() == "true"


def set_sheet_follows_acting(settings: QSettings, on: bool) -> None:
    """Remember whether the sheet dock follows whoever is acting."""
    settings.setValue("view/sheet_follows_acting", "true" if on else "false")


class TextScale:
    """Switches the application font between its normal size and the larger-text size."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.normal = QFont(app.font())

    def apply(self, larger: bool) -> QFont:
        """Set the application font; returns the font now in use."""
        font = QFont(self.normal)
        if larger:
            size = self.normal.pointSizeF()
            if size > 0:
                font.setPointSizeF(size * LARGER_TEXT_FACTOR)
            else:
                font.setPixelSize(round(self.normal.pixelSize() * LARGER_TEXT_FACTOR))
        self.app.setFont(font)
        return font
