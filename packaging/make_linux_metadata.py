"""Write the Linux desktop entry and AppStream metadata from the package's own values.

    .venv/bin/python packaging/make_linux_metadata.py [--output DIR]

The name, id and version come from ``battlewheel/__init__.py`` (``APP_NAME``,
``APP_ID``, ``__version__``) and the licence from pyproject.toml, so the files in
``packaging/linux/`` never disagree with the program; tests/packaging checks that the
committed files are exactly what this script writes. Install them as
``share/applications/<APP_ID>.desktop`` and ``share/metainfo/<APP_ID>.metainfo.xml``,
with the icons as ``share/icons/hicolor/<size>x<size>/apps/<APP_ID>.png``.
"""

from __future__ import annotations

import argparse
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from battlewheel import APP_ID, APP_NAME, __version__

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "packaging" / "linux"
EXECUTABLE = APP_NAME.lower()
SUMMARY = "Initiative wheel and health tracks for Exalted"
DESCRIPTION = (
    "A desktop companion for the game master of an Exalted table. Combatants sit as "
    "counters on a circular battlewheel and move between tick segments by drag and drop; "
    "docked character sheets take bashing, lethal and aggravated damage; every ruling "
    "can be undone with one keypress.",
    "Health-track sheets print to paper or PDF, and campaigns are kept on your own "
    "computer with no network connection.",
)
CATEGORIES = ("Game", "RolePlaying")
KEYWORDS = ("Exalted", "RPG", "tabletop", "initiative", "combat", "tracker")
# AppStream wants a date for each release; the version itself comes from the package.
# Bumping __version__ without adding its date here makes this script (and a test) fail.
RELEASE_DATES = {"0.1.0": "2026-11-22"}


def desktop_file_name() -> str:
    """The desktop entry's file name, which Qt announces via ``setDesktopFileName``."""
    return f"{APP_ID}.desktop"


def metainfo_file_name() -> str:
    """The AppStream file's name."""
    return f"{APP_ID}.metainfo.xml"


def project_license(root: Path = ROOT) -> str:
    """The SPDX licence of the project, from pyproject.toml."""
    with (root / "pyproject.toml").open("rb") as handle:
        license_value = tomllib.load(handle)["project"]["license"]
    return license_value if isinstance(license_value, str) else str(license_value["text"])


def release_date(version: str = __version__) -> str:
    """The ISO date of ``version``'s release, from RELEASE_DATES."""
    if version not in RELEASE_DATES:
        raise ValueError(
            f"version {version!r} has no entry in RELEASE_DATES of make_linux_metadata.py; "
            "add its release date (YYYY-MM-DD)"
        )
    return RELEASE_DATES[version]


def desktop_entry() -> str:
    """The freedesktop.org desktop entry's text."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        f"Name={APP_NAME}",
        "GenericName=Combat Tracker",
        f"Comment={SUMMARY}",
        f"Exec={EXECUTABLE} %f",
        f"TryExec={EXECUTABLE}",
        f"Icon={APP_ID}",
        "Terminal=false",
        f"Categories={';'.join(CATEGORIES)};",
        f"Keywords={';'.join(KEYWORDS)};",
        f"StartupWMClass={APP_NAME}",
    ]
    return "\n".join(lines) + "\n"


def metainfo() -> str:
    """The AppStream component's XML text."""
    component = ET.Element("component", type="desktop-application")
    for tag, text in (
        ("id", APP_ID),
        ("metadata_license", "CC0-1.0"),
        ("project_license", project_license()),
        ("name", APP_NAME),
        ("summary", SUMMARY),
    ):
        ET.SubElement(component, tag).text = text
    description = ET.SubElement(component, "description")
    for paragraph in DESCRIPTION:
        ET.SubElement(description, "p").text = paragraph
    ET.SubElement(component, "launchable", type="desktop-id").text = desktop_file_name()
    ET.SubElement(ET.SubElement(component, "provides"), "binary").text = EXECUTABLE
    ET.SubElement(component, "content_rating", type="oars-1.1")
    ET.SubElement(ET.SubElement(component, "releases"), "release", version=__version__,
                  date=release_date())
    ET.indent(component)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(component, "unicode") + "\n"


def write_metadata(output: Path) -> list[Path]:
    """Write both files into ``output``; returns their paths."""
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in ((desktop_file_name(), desktop_entry()), (metainfo_file_name(), metainfo())):
        path = output / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="folder to write into")
    args = parser.parse_args(argv)
    for path in write_metadata(args.output):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
