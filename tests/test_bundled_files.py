"""Bundled data is found wherever the package lives: as folders, or in a zip."""

import json
import sys
import zipfile
from pathlib import Path

import pytest

from battlewheel.bundled import icon, resource
from battlewheel.engine.core import package_data


def test_rules_folder_is_found_and_holds_json() -> None:
    """The rules tables ship as JSON under resources/rules."""
    rules = resource("rules")
    names = [entry.name for entry in rules.iterdir() if entry.name.endswith(".json")]
    assert names, "no rules tables found"
    for name in names:
        json.loads(rules.joinpath(name).read_text(encoding="utf-8"))


def test_app_icon_svg_is_found() -> None:
    """The application icon's SVG source ships with the package."""
    assert icon("battlewheel.svg").read_text(encoding="utf-8").lstrip().startswith("<")


def test_data_in_folders_is_read_as_paths_and_as_importlib_resources_reads_it() -> None:
    """A checkout, a wheel or a frozen build: the data packages are folders, read as
    plain paths (no importlib.resources at start-up), the same files it would give."""
    from importlib.resources import files

    for package, root in (("battlewheel.resources", resource()), ("battlewheel.icons", icon())):
        assert isinstance(root, Path)
        assert str(root) == str(files(package))
    assert resource("campaigns", "demo.json").read_bytes() == \
        files("battlewheel.resources").joinpath("campaigns", "demo.json").read_bytes()


def test_a_data_package_in_a_zip_is_read_through_importlib_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as written:
        written.writestr("zipped_data/__init__.py", "")
        written.writestr("zipped_data/table.json", '{"rows": 3}')
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_data", raising=False)
    root = package_data.package_root("zipped_data")
    assert not isinstance(root, Path)
    assert json.loads(root.joinpath("table.json").read_text(encoding="utf-8")) == {"rows": 3}
