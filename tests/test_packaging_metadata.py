"""The wheel's packages are found, not listed, so a normal install leaves nothing behind."""

import runpy
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _found() -> set[str]:
    return set(runpy.run_path(str(ROOT / "setup.py"))["found_packages"]())


def test_every_package_under_desktop_is_found_without_a_list() -> None:
    """A new sub-package (a ruleset's folders) needs no line anywhere: setup.py finds it."""
    source = ROOT / "desktop"
    under_desktop = {  # every folder of modules, a namespace package (no __init__) too
        ".".join(module.parent.relative_to(source).parts)
        for module in source.rglob("*.py")
    }
    assert under_desktop <= _found()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "packages" not in config["tool"]["setuptools"]


def test_the_data_folders_ship_inside_the_package_with_their_sub_folders() -> None:
    found = _found()
    for folder in ("resources", "icons"):
        assert f"battlewheel.{folder}" in found
        for inner in (ROOT / folder).iterdir():
            if inner.is_dir() and inner.name != "__pycache__":
                assert f"battlewheel.{folder}.{inner.name}" in found
