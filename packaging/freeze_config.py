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
import runpy
import shutil
import struct
import subprocess
import sys
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
# Battlewheel does not use. pyqtgraph imports QtSvg and QtTest inside try/except and
# does without them. It imports QtOpenGL when imported but only uses it for OpenGL
# drawing, which stays off: the 8.9 MB binding is left out and a runtime hook
# (rthooks/pyi_rth_no_qtopengl.py) puts an empty stand-in in its place. QtOpenGLWidgets
# (pyqtgraph subclasses its QOpenGLWidget at import, 0.2 MB) and QtSvg stay.
EXCLUDED_MODULES: tuple[str, ...] = (
    "tkinter",
    "_tkinter",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "shiboken2",
    "sip",
    *(f"PySide6.{name}" for name in UNUSED_QT_MODULES),
    "PySide6.QtOpenGL",
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
    # numpy's sub-packages pyqtgraph's bar charts never import (numpy loads them
    # lazily, on first use): random numbers, FFT, polynomials, Fortran wrapping.
    "numpy.random",
    "numpy.fft",
    "numpy.polynomial",
    "numpy.f2py",
    "numpy.distutils",
    # Line editing for an interactive prompt, which a GUI never shows.
    "readline",
    # Codecs for Chinese, Japanese and Korean legacy encodings: every file Battlewheel
    # reads or writes is UTF-8 JSON.
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw",
    "_multibytecodec",
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

# Shared libraries of the system that the Linux build does not ship, by file name; the
# standalone program uses the system's own (README: "Linux runtime requirements").
# Following AppImage's excludelist, these are on every Linux desktop, and several must
# match the running system to work at all. Qt already expects libGL, libEGL, libxcb
# and libwayland-client from the system (PyInstaller never bundles them).
SYSTEM_LIBRARIES: dict[str, frozenset[str]] = {
    # C++ and compiler runtime, and zlib: part of the base system; a bundled C++
    # runtime older than the system's breaks its graphics drivers (GLIBCXX errors).
    "base system": frozenset({"libstdc++.so.6", "libgcc_s.so.1", "libz.so.1"}),
    # X11 core: present wherever an X server or XWayland runs; libXau, libXdmcp (and
    # libbsd, libmd under it) are libxcb's own dependencies, and libxcb comes from the
    # system. The xcb-util family (cursor, icccm, image, keysyms, render-util, util)
    # and the xkbcommon libraries stay: minimal desktops often lack them.
    "X11 core": frozenset({
        "libX11.so.6", "libX11-xcb.so.1", "libXau.so.6", "libXdmcp.so.6", "libbsd.so.0",
        "libmd.so.0",
    }),
    # Fonts: fontconfig must read the system's own configuration and cache format,
    # and FreeType (with its PNG, Brotli decoders and fontconfig's expat) comes with it.
    "fonts": frozenset({
        "libfontconfig.so.1", "libfreetype.so.6", "libexpat.so.1", "libpng16.so.16",
        "libbrotlidec.so.1", "libbrotlicommon.so.1",
    }),
    # GLib, for Qt's event loop: every desktop session has it (GTK, GIO, IBus, D-Bus
    # tools, PipeWire/PulseAudio clients), and no bundled library needs a newer one.
    "GLib": frozenset({"libglib-2.0.so.0", "libgthread-2.0.so.0", "libpcre2-8.so.0"}),
    # D-Bus client (QtDBus: accessibility, portals, IBus): the session bus is the
    # system's; libsystemd and its compression and crypto libraries come with it.
    "D-Bus": frozenset({
        "libdbus-1.so.3", "libsystemd.so.0", "libcap.so.2", "libgcrypt.so.20",
        "libgpg-error.so.0", "liblz4.so.1",
    }),
    # The CUPS client, which only Qt's cups print-support plugin loads: it talks to the
    # system's CUPS daemon, so it must be the system's library. Without CUPS, Qt has no
    # printer list, and printing to PDF (what Battlewheel's sheets use) still works.
    "CUPS client": frozenset({
        "libcups.so.2", "libavahi-client.so.3", "libavahi-common.so.3", "libgnutls.so.30",
        "libunistring.so.2", "libidn2.so.0", "libnettle.so.8", "libhogweed.so.6",
        "libgmp.so.10", "libtasn1.so.6", "libp11-kit.so.0", "libgssapi_krb5.so.2",
        "libkrb5.so.3", "libk5crypto.so.3", "libkrb5support.so.0", "libkeyutils.so.1",
        "libcom_err.so.2",
    }),
}
EXCLUDED_SYSTEM_LIBRARIES: frozenset[str] = frozenset().union(*SYSTEM_LIBRARIES.values())

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
    """Each package the wheel holds (as ``setup.py`` finds them) mapped to its source
    folder, following ``package-dir``."""
    mapping: dict[str, str] = pyproject(root)["tool"]["setuptools"]["package-dir"]
    found = runpy.run_path(str(root / "setup.py"))["found_packages"]()
    return {name: _source_folder(name, mapping, root) for name in found}


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


# Icon files only another system's build uses (the spec gives them to the executable
# or the app bundle; the running program takes its icons from the PNGs).
FOREIGN_ICONS: dict[str, frozenset[str]] = {
    "linux": frozenset({".icns", ".ico"}),
    "win32": frozenset({".icns"}),
    "darwin": frozenset({".ico"}),
}


def keeps_binary(dest_name: str, system: str = sys.platform) -> bool:
    """Whether a collected binary or data file stays in the bundle, by its bundle path."""
    parts = Path(dest_name).parts
    if len(parts) == 1 and parts[0] in EXCLUDED_SYSTEM_LIBRARIES:
        return False
    if parts[:2] == (PACKAGE, "icons") and Path(dest_name).suffix in FOREIGN_ICONS.get(system, ()):
        return False
    # pyqtgraph's logo, for pg.mkQApp's window icon (Battlewheel sets its own), and
    # its colour-map tables, read by pg.colormap.get() for heat maps (the odds dock
    # draws bars in the palette's colours).
    if parts[:3] == ("pyqtgraph", "icons", "peegee") or parts[:2] == ("pyqtgraph", "colors"):
        return False
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


_SHF_ALLOC = 0x2
_PT_LOAD = 1


def has_movable_symbol_table(binary: Path) -> bool:
    """Whether an ELF file has a static symbol table (.symtab) that strip can drop safely.

    The static table only serves debuggers; the dynamic one the loader uses stays. It is
    safe to drop when every loaded segment ends before the first section the loader
    never maps. patchelf, which the wheels' repair tools run, appends loaded segments
    after those sections (numpy's OpenBLAS): strip then breaks the file, so such files
    keep their table.
    """
    data = binary.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:  # little-endian ELF64 only
        return False
    ph_offset, sh_offset = struct.unpack_from("<QQ", data, 0x20)
    ph_size, ph_count, sh_size, sh_count, names_index = struct.unpack_from("<HHHHH", data, 0x36)
    segments = [struct.unpack_from("<IIQQQQQQ", data, ph_offset + i * ph_size)
                for i in range(ph_count)]
    loaded_end = max(seg[2] + seg[5] for seg in segments if seg[0] == _PT_LOAD)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, sh_offset + i * sh_size)
                for i in range(sh_count)]
    names_at = sections[names_index][4]
    unmapped = {
        data[names_at + sec[0]:data.index(b"\0", names_at + sec[0])].decode(): sec[4]
        for sec in sections if sec[1] not in (0, 8) and not sec[2] & _SHF_ALLOC  # not NULL/NOBITS
    }
    return ".symtab" in unmapped and loaded_end <= min(unmapped.values())


TocEntry = tuple[str, str, str]  # PyInstaller's (name in bundle, source path, kind)


def strip_debug_info(binaries: list[TocEntry], workdir: Path) -> list[TocEntry]:
    """The binaries, with stripped copies in ``workdir`` for those that carry debug info
    or a static symbol table that can go.

    Some Python builds (pyenv's among them) leave 18 MB of DWARF in libpython. ICU,
    libpython and numpy's core module keep 3 MB of static symbols. Only those files are
    stripped: PyInstaller's blanket ``strip`` also rewrites the wheels' patchelf-edited
    libraries (numpy's OpenBLAS), which then fail to load.
    """
    if shutil.which("strip") is None or shutil.which("readelf") is None:
        return binaries
    workdir.mkdir(parents=True, exist_ok=True)
    result = []
    for dest, source, kind in binaries:
        if kind in {"BINARY", "EXTENSION"}:
            option = _strip_option(Path(source))
            if option:
                stripped = workdir / dest
                stripped.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(["strip", option, "-o", str(stripped), source], check=True)
                source = str(stripped)
        result.append((dest, source, kind))
    return result


def _strip_option(binary: Path) -> str | None:
    """How much of ``binary`` strip may remove: everything unneeded, debug info, or nothing."""
    if has_movable_symbol_table(binary):
        return "--strip-unneeded"
    if has_debug_info(binary):
        return "--strip-debug"
    return None
