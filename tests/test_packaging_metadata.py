"""pyproject.toml lists every package, so a normal install leaves nothing behind."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_under_desktop_is_listed_in_pyproject() -> None:
    """A new sub-package must be added to [tool.setuptools] packages."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    source = ROOT / "desktop"
    found = {
        ".".join(init.parent.relative_to(source).parts)
        for init in source.rglob("__init__.py")
    }
    assert found - listed == set()
