"""QtGui's PyInstaller hook, minus the Qt plugins Battlewheel never loads.

It replaces PyInstaller's own hook of the same name (hooks in ``hookspath`` win). The
plugins must be dropped here, before PyInstaller follows their shared-library
dependencies; dropping them after the analysis would leave those libraries behind.
"""

from pathlib import Path

from freeze_config import keeps_binary
from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, _binaries, datas = add_qt6_dependencies(__file__)
binaries = [(src, dest) for src, dest in _binaries if keeps_binary(str(Path(dest, Path(src).name)))]
