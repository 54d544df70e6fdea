"""Every location the program reads or writes for the user, in one module.

By default the folders come from platformdirs, the user data and config folders of
the operating system:

    Windows  %APPDATA%\\Battlewheel\\Battlewheel  (data and config, roaming profile)
    macOS    ~/Library/Application Support/Battlewheel  (data and config)
    Linux    ~/.local/share/Battlewheel (data), ~/.config/Battlewheel (config)

Setting the environment variable ``BATTLEWHEEL_HOME`` to a folder puts everything
under that folder instead: for development, for a portable run from a USB stick, and
for tests, which must never touch the real user's files.

Layout under the root (data and config share it when ``BATTLEWHEEL_HOME`` is set)::

    campaigns/           the default folder of the Open and Save dialogs
    recovery/journal.jsonl   the crash journal of the open campaign
    recovery/character-draft.json   the character editor's unsaved draft
    recent.json          the recent-files list (config)
    settings.ini         window layout and preferences (config; views/settings.py)
"""

import os
from pathlib import Path

from platformdirs import PlatformDirs
from platformdirs.api import PlatformDirsABC

from battlewheel import APP_NAME, ORGANIZATION

HOME_VARIABLE = "BATTLEWHEEL_HOME"

# The platformdirs class of the running system. Tests put another system's class here
# (platformdirs.windows.Windows, platformdirs.macos.MacOS) to see where its files go.
platform_dirs_class: type[PlatformDirsABC] = PlatformDirs


def _user_dirs() -> PlatformDirsABC:
    """The system's user folders for the program; roaming on Windows, so they follow the GM."""
    return platform_dirs_class(APP_NAME, ORGANIZATION, roaming=True)


def override_root() -> Path | None:
    """The folder named by ``BATTLEWHEEL_HOME``, or None when it is unset or empty."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The user's data folder for the program (not created)."""
    root = override_root()
    if root is not None:
        return root
    return _user_dirs().user_data_path


def config_dir() -> Path:
    """The user's configuration folder for the program (not created)."""
    root = override_root()
    if root is not None:
        return root
    return _user_dirs().user_config_path


def campaigns_dir(*, create: bool = True) -> Path:
    """Where the Open and Save dialogs start; created on first use."""
    return _folder(data_dir() / "campaigns", create)


def recovery_dir(*, create: bool = True) -> Path:
    """Where the crash journal lives; created on first use."""
    return _folder(data_dir() / "recovery", create)


def journal_path() -> Path:
    """The crash journal of the campaign that is open (its folder is made when written)."""
    return recovery_dir(create=False) / "journal.jsonl"


def character_draft_path() -> Path:
    """The character editor's draft, kept while the GM types (its folder is made when written)."""
    return recovery_dir(create=False) / "character-draft.json"


def recent_files_path() -> Path:
    """The JSON file holding the recent-files list."""
    return _folder(config_dir(), True) / "recent.json"


def _folder(path: Path, create: bool) -> Path:
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
