"""The .desktop and AppStream files agree with the package's name, id and version."""

import configparser
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from battlewheel import APP_ID, APP_NAME, __version__
from tests.packaging.scripts import PACKAGING, ROOT, load

metadata = load("make_linux_metadata")
LINUX = PACKAGING / "linux"


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def _metainfo() -> ET.Element:
    return ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()


def test_committed_files_are_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    """Changing APP_NAME, APP_ID or __version__ without regenerating fails here."""
    for written in metadata.write_metadata(tmp_path):
        committed = LINUX / written.name
        assert committed.read_text(encoding="utf-8") == written.read_text(encoding="utf-8")


def test_file_names_are_the_app_id() -> None:
    """Desktops match the running window to its .desktop file by APP_ID."""
    assert {path.name for path in LINUX.iterdir()} == {
        f"{APP_ID}.desktop",
        f"{APP_ID}.metainfo.xml",
    }


def test_desktop_entry_names_the_app_its_icon_and_the_installed_command() -> None:
    """Name is APP_NAME, Icon is APP_ID, and Exec runs the console script of pyproject."""
    entry = _desktop_entry()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"
    ]
    assert entry["Name"] == APP_NAME
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] in scripts
    assert entry["Type"] == "Application"


def test_metainfo_carries_id_name_version_and_launcher() -> None:
    """AppStream's id, name, release and launchable agree with the package."""
    root = _metainfo()
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == APP_NAME
    release = root.find("releases/release")
    assert release is not None and release.get("version") == __version__
    assert root.findtext("launchable") == f"{APP_ID}.desktop"


def test_metainfo_licence_is_the_project_licence() -> None:
    """project_license comes from pyproject.toml, not a second copy."""
    license_text = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]["license"]
    assert _metainfo().findtext("project_license") == license_text


def test_a_version_without_a_release_date_is_refused_with_the_fix() -> None:
    """Bumping __version__ needs a date in RELEASE_DATES; the message says so."""
    with pytest.raises(ValueError, match="RELEASE_DATES"):
        metadata.release_date("99.0.0")
