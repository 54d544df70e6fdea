"""The package list, found rather than written (everything else is in pyproject.toml).

Every package under desktop/ (a new ruleset's folders among them), and the top-level
data folders the package carries as ``battlewheel.resources`` and ``battlewheel.icons``
with their sub-folders, which package discovery cannot map by itself.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

HERE = Path(__file__).resolve().parent

DATA_FOLDERS = ("resources", "icons")


def found_packages() -> list[str]:
    """Every package the wheel holds, by its import name."""
    return [
        # Namespace packages too: engine/core has no __init__.py.
        *find_namespace_packages(str(HERE / "desktop"), include=["battlewheel*"],
                                 exclude=["*__pycache__"]),
        *(f"battlewheel.{folder}" for folder in DATA_FOLDERS),
        *(f"battlewheel.{folder}.{inner}" for folder in DATA_FOLDERS
          for inner in find_namespace_packages(str(HERE / folder), exclude=["*__pycache__"])),
    ]


if __name__ == "__main__":
    setup(packages=found_packages())
