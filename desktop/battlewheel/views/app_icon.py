"""The application icon as a QIcon, for the windows, the taskbar and the dock."""

from pathlib import Path

from PySide6.QtGui import QIcon, QPixmap

from battlewheel.bundled import icon

# The PNG renderings made by packaging/make_icons.py from icons/battlewheel.svg.
_PNG_PREFIX = "battlewheel-"


def app_icon() -> QIcon:
    """Battlewheel's icon with every bundled PNG size, so Qt never has to rescale it.

    The PNGs come through battlewheel.bundled, so this works from a source checkout,
    an installed wheel and a frozen build, and needs no SVG plugin. Files on disk are
    added by name: Qt decodes a size only when a window asks for it, which keeps the
    large dock sizes out of start-up.
    """
    result = QIcon()
    for entry in sorted(icon().iterdir(), key=lambda item: item.name):
        if not (entry.name.startswith(_PNG_PREFIX) and entry.name.endswith(".png")):
            continue
        if isinstance(entry, Path):
            result.addFile(str(entry))
            continue
        pixmap = QPixmap()  # inside an archive: decode the bytes now
        if pixmap.loadFromData(entry.read_bytes(), "PNG"):
            result.addPixmap(pixmap)
    return result
