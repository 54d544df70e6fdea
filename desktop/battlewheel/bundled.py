"""Files that ship inside the package: rules data, the demo campaign, styles and icons.

Everything is reached through importlib.resources, so the same code works from a
source checkout (editable install), an installed wheel and a PyInstaller build.
"""

from importlib.resources import files
from importlib.resources.abc import Traversable

RESOURCES_PACKAGE = "battlewheel.resources"
ICONS_PACKAGE = "battlewheel.icons"


def resource(*parts: str) -> Traversable:
    """A file or folder under ``resources/``, e.g. ``resource("rules", "weapons.json")``."""
    return files(RESOURCES_PACKAGE).joinpath(*parts)


def icon(*parts: str) -> Traversable:
    """A file or folder under ``icons/``, e.g. ``icon("battlewheel.svg")``."""
    return files(ICONS_PACKAGE).joinpath(*parts)
