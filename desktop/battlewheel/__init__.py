"""Battlewheel: a game master's battlewheel for Exalted, offline.

The application's name, id and version are defined here once; the PyInstaller spec,
the Linux .desktop file, the AppStream metadata and QCoreApplication read them.
"""

import time

# The smoke test's start-up clock starts here, before anything of ours runs (the package
# is imported first, even by ``python -m battlewheel``), as a bare Qt program's would
# start at its first line; battlewheel.cli hands it on.
STARTED = time.perf_counter()

APP_NAME = "Battlewheel"
APP_ID = "org.battlewheel.Battlewheel"
ORGANIZATION = "Battlewheel"
__version__ = "0.1.0"

# Before any of our modules defines a dataclass: its methods are built when first used
# (start-up defines some 140 classes; see engine.core.deferred_methods).
from battlewheel.engine.core.deferred_methods import (  # noqa: E402
    install as _defer_dataclass_methods,
)

_defer_dataclass_methods()
