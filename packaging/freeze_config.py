"""What the frozen program is made of: staged sources, bundled data, and what stays out.

The PyInstaller spec (``battlewheel.spec``) and the tests import this module, so the
rules for what ships live in one place and can be checked without running a build.

PyInstaller cannot follow setuptools' editable-install finder (pyinstaller issue
#7524), and our ``resources/`` and ``icons/`` folders only become the packages
``battlewheel.resources`` and ``battlewheel.icons`` through pyproject's
``package-dir`` mapping. So the build first copies the package into a staging folder
laid out exactly as an installed wheel would be, and freezes that copy.
"""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "battlewheel"

# Qt modules no part of Battlewheel (nor pyqtgraph, for what we use of it) imports.
UNUSED_QT_MODULES: tuple[str, ...] = (
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
    "QtAxContainer", "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization",
    "QtDBus", "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtHelp", "QtHttpServer",
    "QtLabsStyleKit", "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetwork",
    "QtNetworkAuth", "QtNfc", "QtPdf", "QtPdfWidgets", "QtPositioning", "QtQml",
    "QtQmlFeatures", "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest",
    "QtQuickWidgets", "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus",
    "QtSerialPort", "QtSpatialAudio", "QtSql", "QtStateMachine", "QtSvgWidgets", "QtTest",
    "QtTextToSpeech", "QtUiTools", "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick",
    "QtWebEngineWidgets", "QtWebSockets", "QtXml",
)

# Modules that must never reach the bundle: other Qt bindings, Tk, and the Qt modules
# Battlewheel does not use. pyqtgraph imports QtTest inside try/except and does
# without it; it needs QtOpenGL and QtOpenGLWidgets (PlotCurveItem imports its OpenGL
# helpers unconditionally), so those two stay, as does the small QtSvg.
EXCLUDED_MODULES: tuple[str, ...] = (
    "tkinter",
    "_tkinter",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "shiboken2",
    "sip",
    *(f"PySide6.{name}" for name in UNUSED_QT_MODULES),
    # pyqtgraph's optional parts: 3-D plots, notebooks, examples, GPU and JIT helpers.
    "pyqtgraph.opengl",
    "pyqtgraph.jupyter",
    "pyqtgraph.examples",
    "OpenGL",
    "cupy",
    "numba",
    "scipy",
    "h5py",
    "matplotlib",
    "IPython",
    "jupyter_rfb",
    # TLS: Battlewheel never opens a network connection. Without _hashlib, hashlib
    # falls back to its built-in digests, and OpenSSL (5 MB) stays out.
    "ssl",
    "_ssl",
    "_hashlib",
    # Development tools that live in the same virtual environment.
    "PIL",
    "pytest",
    "_pytest",
    "hypothesis",
    "mypy",
    "ruff",
    "PyInstaller",
)

# Qt platform plugins kept (by name without "lib" and extension): X11 and Wayland, the
# Windows and macOS ones, and the headless ones the smoke test and printing from a
# script use. The embedded-device back ends (eglfs, linuxfb, vnc, vkkhrdisplay) have
# no use on a GM's laptop.
KEPT_PLATFORM_PLUGINS: frozenset[str] = frozenset(
    {"qxcb", "qwayland", "qwindows", "qcocoa", "qoffscreen", "qminimal"}
)

# Qt plugin folders dropped entirely: network back ends (no network use), SQL drivers,
# QML tooling, embedded-device integrations, and Wayland compositor support (we are a
# client, never a compositor).
DROPPED_PLUGIN_FOLDERS: frozenset[str] = frozenset(
    {
        "networkinformation",
        "tls",
        "sqldrivers",
        "qmltooling",
        "egldeviceintegrations",
        "wayland-graphics-integration-server",
        "generic",
    }
)

# Single plugins dropped: the GTK theme bridge drags in a partial GTK stack (cairo,
# pango, ...) that only works when it matches the system's own GTK, which then loads
# its own copies anyway; Fusion with our style sheet looks the same everywhere.
DROPPED_PLUGINS: frozenset[str] = frozenset({"libqgtk3.so"})

# Image formats kept: PNG is built into QtGui; SVG for vector icons, JPEG because
# Qt's PDF writer may compress pictures with it, ICO for the window icon on Windows.
KEPT_IMAGE_FORMATS: frozenset[str] = frozenset({"qsvg", "qjpeg", "qico"})


def pyproject(root: Path = ROOT) -> dict[str, Any]:
    """The parsed ``pyproject.toml``."""
    with (root / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def package_folders(root: Path = ROOT) -> dict[str, Path]:
    """Each listed package mapped to its source folder, following ``package-dir``."""
    setuptools = pyproject(root)["tool"]["setuptools"]
    mapping: dict[str, str] = setuptools["package-dir"]
    return {name: _source_folder(name, mapping, root) for name in setuptools["packages"]}


def _source_folder(package: str, mapping: dict[str, str], root: Path) -> Path:
    """Where setuptools finds ``package``: under the longest ``package-dir`` key it starts with."""
    for key in sorted(mapping, key=len, reverse=True):
        if key == "" or package == key or package.startswith(key + "."):
            rest = package.removeprefix(key).lstrip(".")
            return root.joinpath(mapping[key], *filter(None, rest.split(".")))
    return root.joinpath(*package.split("."))


def stage_package(dest: Path, root: Path = ROOT) -> Path:
    """Copy the package into ``dest`` laid out as installed; returns the folder to import from."""
    if dest.exists():
        shutil.rmtree(dest)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name, source in sorted(package_folders(root).items()):
        target = dest.joinpath(*name.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for entry in source.iterdir():
            if entry.is_file() and not fnmatch.fnmatch(entry.name, "*.pyc"):
                shutil.copy2(entry, target / entry.name)
            elif _is_data_folder(entry):
                shutil.copytree(entry, target / entry.name, ignore=ignore, dirs_exist_ok=True)
    return dest


def _is_data_folder(path: Path) -> bool:
    """A plain folder of data (rules/, campaigns/, styles/), not a sub-package or a cache."""
    return path.is_dir() and path.name != "__pycache__" and not (path / "__init__.py").exists()


def package_data(staged: Path, root: Path = ROOT) -> list[tuple[str, str]]:
    """PyInstaller ``datas`` for the package-data patterns of pyproject, from the staged copy."""
    patterns: dict[str, list[str]] = pyproject(root)["tool"]["setuptools"].get("package-data", {})
    datas: list[tuple[str, str]] = []
    for package, globs in sorted(patterns.items()):
        folder = staged.joinpath(*package.split("."))
        found = {path for pattern in globs for path in folder.glob(pattern) if path.is_file()}
        for path in sorted(found):
            datas.append((str(path), str(path.parent.relative_to(staged))))
    return datas


def package_modules(staged: Path) -> list[str]:
    """Every module of the staged package, so plug-ins loaded by name are frozen too."""
    modules = []
    for path in sorted((staged / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(staged).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(".".join(parts))
    return modules


def plugin_name(file_name: str) -> str:
    """A Qt plugin's name on every system: ``libqxcb.so`` and ``qxcb.dll`` are ``qxcb``."""
    stem = file_name.split(".", 1)[0]
    return stem.removeprefix("lib")


def keeps_binary(dest_name: str) -> bool:
    """Whether a collected binary or data file stays in the bundle, by its bundle path."""
    parts = Path(dest_name).parts
    if "plugins" in parts[:-1]:
        kind, name = parts[parts.index("plugins") + 1], parts[-1]
        if kind in DROPPED_PLUGIN_FOLDERS or name in DROPPED_PLUGINS:
            return False
        if kind == "platforms":
            return plugin_name(name) in KEPT_PLATFORM_PLUGINS
        if kind == "imageformats":
            return plugin_name(name) in KEPT_IMAGE_FORMATS
    # Qt's own translations only matter for a translated UI; Battlewheel is English.
    return not ("translations" in parts and parts[-1].endswith(".qm"))


def has_debug_info(binary: Path) -> bool:
    """Whether an ELF file carries DWARF debug sections (readelf from binutils)."""
    listing = subprocess.run(
        ["readelf", "-S", "--wide", str(binary)], capture_output=True, text=True, check=False
    )
    return ".debug_info" in listing.stdout


TocEntry = tuple[str, str, str]  # PyInstaller's (name in bundle, source path, kind)


def strip_debug_info(binaries: list[TocEntry], workdir: Path) -> list[TocEntry]:
    """The binaries, with stripped copies in ``workdir`` for those that carry debug info.

    Some Python builds (pyenv's among them) leave 18 MB of DWARF in libpython. Only those
    files are stripped: PyInstaller's blanket ``strip`` also rewrites the wheels'
    patchelf-edited libraries (numpy's OpenBLAS), which then fail to load.
    """
    if shutil.which("strip") is None or shutil.which("readelf") is None:
        return binaries
    workdir.mkdir(parents=True, exist_ok=True)
    result = []
    for dest, source, kind in binaries:
        if kind in {"BINARY", "EXTENSION"} and has_debug_info(Path(source)):
            stripped = workdir / dest
            stripped.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["strip", "--strip-debug", "-o", str(stripped), source], check=True)
            source = str(stripped)
        result.append((dest, source, kind))
    return result
