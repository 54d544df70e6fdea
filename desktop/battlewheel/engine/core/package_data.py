"""The folders of data that ship inside the package (rules tables, the demo, icons).

A source checkout (editable install), an installed wheel and a PyInstaller build all
keep the data packages (``battlewheel.resources``, ``battlewheel.icons``) as folders:
they are read from there as plain paths. A data package that is not one folder (imported
from a zip) is read through importlib.resources, whose import, with its readers, was
some 2.5 ms of every start before the first paint.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

RESOURCES_PACKAGE = "battlewheel.resources"
# Each data package's root, found once.
_roots: dict[str, Traversable] = {}


def package_root(package: str) -> Traversable:
    """The root of a data package: its folder, or what importlib.resources reads it as."""
    found = _roots.get(package)
    if found is None:
        found = _roots[package] = _folder_or_files(package)
    return found


def resource(*parts: str) -> Traversable:
    """A file or folder under ``resources/``, e.g. ``resource("rules", "weapons.json")``."""
    return package_root(RESOURCES_PACKAGE).joinpath(*parts)


def _folder_or_files(package: str) -> Traversable:
    places = list(getattr(importlib.import_module(package), "__path__", ()))
    if len(places) == 1 and Path(places[0]).is_dir():
        return Path(places[0])
    from importlib.resources import files

    return files(package)
