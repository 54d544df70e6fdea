"""Characters from other programs: Foundry VTT (3e), Anathema (2e), a pasted 3e stat block.

``import_file`` picks the reader by what the file holds, never by its name: JSON is a
Foundry actor export, XML an Anathema character, other text a pasted stat block. Each
returns ``ImportedCharacter`` values or raises ``ImportRefused`` naming the file and
the field, having changed nothing. ``add_imports`` puts them on a campaign's roster;
``foundry_export`` writes a 3e block back for Foundry.

Each name is imported from its module when first asked for: the readers bring the 2e
and 3e engines, which a program that never imports should not load.
"""

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from battlewheel.storage.imports.common import (
        MAX_IMPORT_BYTES,
        ImportedCharacter,
        ImportRefused,
    )
    from battlewheel.storage.imports.foundry_export import foundry_export
    from battlewheel.storage.imports.roster import ClashError, add_imports, numbered_name
    from battlewheel.storage.imports.sniff import import_bytes, import_file, import_text, sniff

_HOMES = {
    "MAX_IMPORT_BYTES": "common", "ImportedCharacter": "common", "ImportRefused": "common",
    "foundry_export": "foundry_export",
    "ClashError": "roster", "add_imports": "roster", "numbered_name": "roster",
    "import_bytes": "sniff", "import_file": "sniff", "import_text": "sniff", "sniff": "sniff",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """Keeps ``sniff`` and ``foundry_export`` the functions, not their modules: importing
    a submodule sets it on its package under its own name, which the eager imports this
    package had overwrote at once."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and getattr(value, name, None) is not None:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__all__ = [
    "MAX_IMPORT_BYTES",
    "ClashError",
    "ImportRefused",
    "ImportedCharacter",
    "add_imports",
    "foundry_export",
    "import_bytes",
    "import_file",
    "import_text",
    "numbered_name",
    "sniff",
]
