"""Runtime hook: stand in for PySide6.QtOpenGL, which the standalone build leaves out.

pyqtgraph imports PySide6.QtOpenGL when it is imported (for its optional OpenGL
drawing of curves and views), but only touches it when OpenGL drawing is switched
on, which Battlewheel never does. The binding is 8.9 MB of the bundle, so the build
leaves it out and this empty module takes its place; any use of it fails loudly.
"""

import sys
import types


class _AbsentModule(types.ModuleType):
    """A module whose every attribute lookup says why it is missing."""

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(
            f"PySide6.QtOpenGL.{name}: the standalone Battlewheel leaves out Qt's OpenGL "
            "bindings (pyqtgraph's OpenGL drawing must stay off)"
        )


sys.modules.setdefault("PySide6.QtOpenGL", _AbsentModule("PySide6.QtOpenGL"))
