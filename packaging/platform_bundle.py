"""What the standalone program is on each system, derived from the app's one identity.

``battlewheel/__init__.py`` defines the name, id, organisation and version once. This
module turns them into what PyInstaller needs on each system: the executable's icon
and console mode, the Windows version resource, and the macOS ``.app`` bundle with its
``Info.plist``. The spec (``battlewheel.spec``) calls it with ``sys.platform``; the
tests call it with another system's name, since only the Linux build runs here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

WINDOWS = "win32"
MACOS = "darwin"
VERSION_FILE = "windows_version_info.txt"
# US English text in Unicode: the language and code page of the version resource's
# string table (its key "040904B0" spells the same pair in hexadecimal).
WINDOWS_LANGUAGE, WINDOWS_CODEPAGE = 0x0409, 0x04B0


@dataclass(frozen=True)
class Identity:
    """The app's name, id, organisation and version, as ``battlewheel/__init__.py`` has them."""

    name: str
    app_id: str
    organization: str
    version: str

    @classmethod
    def from_package(cls, package: ModuleType) -> Identity:
        """The identity the imported ``battlewheel`` package defines."""
        return cls(package.APP_NAME, package.APP_ID, package.ORGANIZATION, package.__version__)

    @property
    def executable(self) -> str:
        """The executable's file name without extension: the lower-case name."""
        return self.name.lower()


def release_numbers(version: str, count: int) -> tuple[int, ...]:
    """The leading numbers of a version, cut or padded with zeros to ``count``.

    Windows wants four numbers and macOS at most three; a pre-release suffix such as
    ``rc1`` has no place in either, so ``0.2.0rc1`` gives ``(0, 2, 0, 0)``.
    """
    match = re.match(r"\d+(\.\d+)*", version)
    if match is None:
        raise ValueError(f"version {version!r} does not start with a number")
    numbers = [int(part) for part in match.group().split(".")][:count]
    return tuple(numbers + [0] * (count - len(numbers)))


def is_windowed(system: str) -> bool:
    """Whether the executable opens no terminal window of its own.

    On Windows and macOS a console build would open a terminal beside the GUI. On
    Linux the flag changes nothing for the GUI, and ``print`` and ``replay`` write to
    the terminal they were started from.
    """
    return system in (WINDOWS, MACOS)


def executable_icon(icons: Path, system: str) -> list[str] | None:
    """The icon PyInstaller gives the executable; Linux executables carry none
    (the ``.desktop`` file names the icon)."""
    if system == WINDOWS:
        return [str(icons / "battlewheel.ico")]
    if system == MACOS:
        return [str(icons / "battlewheel.icns")]
    return None


def windows_version_text(identity: Identity) -> str:
    """The Windows version resource in PyInstaller's text form (what pyi-grab_version writes).

    Explorer's Details tab and Task Manager show these strings.
    """
    numbers = release_numbers(identity.version, 4)
    strings = {
        "CompanyName": identity.organization,
        "FileDescription": identity.name,
        "FileVersion": identity.version,
        "InternalName": identity.executable,
        "OriginalFilename": f"{identity.executable}.exe",
        "ProductName": identity.name,
        "ProductVersion": identity.version,
    }
    entries = ",\n".join(
        f"        StringStruct({key!r}, {text!r})" for key, text in strings.items()
    )
    table = f"{WINDOWS_LANGUAGE:04X}{WINDOWS_CODEPAGE:04X}"
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable({table!r}, [
{entries}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [{WINDOWS_LANGUAGE}, {WINDOWS_CODEPAGE}])])
  ]
)
"""


def write_windows_version_file(identity: Identity, folder: Path) -> Path:
    """Write the version resource file into ``folder`` (the build's work folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / VERSION_FILE
    path.write_text(windows_version_text(identity), encoding="utf-8")
    return path


def executable_options(
    identity: Identity, icons: Path, workdir: Path, system: str
) -> dict[str, Any]:
    """Keyword arguments of PyInstaller's ``EXE`` for ``system``."""
    version_file = write_windows_version_file(identity, workdir) if system == WINDOWS else None
    return {
        "name": identity.executable,
        "icon": executable_icon(icons, system),
        "console": not is_windowed(system),
        "version": str(version_file) if version_file else None,
        "strip": False,
        "upx": False,
    }


def info_plist(identity: Identity) -> dict[str, object]:
    """The ``Info.plist`` entries of the macOS app, over the ones PyInstaller writes."""
    short_version = ".".join(map(str, release_numbers(identity.version, 3)))
    return {
        "CFBundleName": identity.name,
        "CFBundleDisplayName": identity.name,
        "CFBundleIdentifier": identity.app_id,
        "CFBundleShortVersionString": short_version,
        "CFBundleVersion": short_version,
        # Without it macOS draws the window at half resolution and scales it up.
        "NSHighResolutionCapable": True,
        # Qt's own app template names it; macOS needs it to treat the bundle as a GUI app.
        "NSPrincipalClass": "NSApplication",
    }


def bundle_options(identity: Identity, icons: Path, system: str) -> dict[str, Any] | None:
    """Keyword arguments of PyInstaller's ``BUNDLE`` (the ``.app``), or None off macOS."""
    if system != MACOS:
        return None
    plist = info_plist(identity)
    return {
        "name": f"{identity.name}.app",
        "icon": str(icons / "battlewheel.icns"),
        "bundle_identifier": identity.app_id,
        "version": plist["CFBundleShortVersionString"],
        "info_plist": plist,
    }
