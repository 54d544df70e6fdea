"""The recent-files list of the File menu, kept as a small JSON file in the config folder."""

import json
from pathlib import Path

from battlewheel.storage.atomic import atomic_write_text
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.paths import recent_files_path
from battlewheel.storage.schema import read_json_file

MAX_RECENT = 10


def recent_files(store: Path | None = None) -> list[Path]:
    """Recently used campaign files, newest first; missing files are left out.

    An unreadable list is treated as empty: it only helps the GM find files.
    """
    store = store or recent_files_path()
    try:
        document = read_json_file(store)
    except CampaignFileError:
        return []
    names = document.get("recent", []) if isinstance(document, dict) else []
    if not isinstance(names, list):
        return []
    paths = [Path(name) for name in names if isinstance(name, str)]
    return [path for path in paths if path.is_file()][:MAX_RECENT]


def remember_file(path: Path, store: Path | None = None) -> list[Path]:
    """Put ``path`` at the top of the list (once) and return the new list."""
    store = store or recent_files_path()
    path = Path(path).resolve()
    updated = [path, *(p for p in recent_files(store) if p.resolve() != path)][:MAX_RECENT]
    forget_missing = {"recent": [str(p) for p in updated]}
    atomic_write_text(store, json.dumps(forget_missing, indent=1) + "\n", keep_backup=False)
    return updated
