"""Files that ship inside the package: rules data, the demo campaign, styles and icons.

Read from their folders where they are folders, else through importlib.resources (see
``engine.core.package_data``), so the same code works from a source checkout, an
installed wheel, a PyInstaller build and a zip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlewheel.engine.core.package_data import RESOURCES_PACKAGE, package_root, resource

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["ICONS_PACKAGE", "RESOURCES_PACKAGE", "icon", "resource"]

ICONS_PACKAGE = "battlewheel.icons"


def icon(*parts: str) -> Traversable:
    """A file or folder under ``icons/``, e.g. ``icon("battlewheel.svg")``."""
    return package_root(ICONS_PACKAGE).joinpath(*parts)
