"""Load the scripts of packaging/ by path.

packaging/ is not a Python package (its name would shadow the PyPA ``packaging``
library), so the tests load its modules from their files.
"""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load(name: str) -> ModuleType:
    """The module ``packaging/<name>.py``, loaded once per test session."""
    key = f"_battlewheel_packaging_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, PACKAGING / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


# For what only the Linux build has: ELF files, the wheels' .so libraries, the ICU
# trimming and the Linux bundle's layout. On Windows and macOS the release workflow
# builds the program and runs its smoke test and print instead.
linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="checks what only the Linux build has"
)
