"""Characters from other programs: Foundry VTT (3e), Anathema (2e), a pasted 3e stat block.

``import_file`` picks the reader by what the file holds, never by its name: JSON is a
Foundry actor export, XML an Anathema character, other text a pasted stat block. Each
returns ``ImportedCharacter`` values or raises ``ImportRefused`` naming the file and
the field, having changed nothing. ``add_imports`` puts them on a campaign's roster;
``foundry_export`` writes a 3e block back for Foundry.
"""

from battlewheel.storage.imports.common import (
    MAX_IMPORT_BYTES,
    ImportedCharacter,
    ImportRefused,
)
from battlewheel.storage.imports.foundry_export import foundry_export
from battlewheel.storage.imports.roster import ClashError, add_imports, numbered_name
from battlewheel.storage.imports.sniff import import_bytes, import_file, import_text, sniff

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
