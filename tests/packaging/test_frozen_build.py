"""The standalone program: build it with PyInstaller into a temporary folder and run it.

The build takes well under a minute; it runs once per test session (module fixture)
and every test below uses the same one-folder build.
"""

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlewheel import APP_NAME
from tests.packaging.scripts import PACKAGING, ROOT, linux_only, load

# The bundle's layout checked here (.so names, ELF sections, the trimmed ICU data) is the
# Linux one; the release workflow builds the Windows and macOS programs and runs them.
pytestmark = linux_only

build_script = load("build_executable")
RUN_TIMEOUT = 120


@pytest.fixture(scope="module")
def build_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh one-folder build, made outside the source tree: ``dist/`` and ``work/``."""
    problem = build_script.pyinstaller_missing_message()
    if problem:
        pytest.fail(problem)
    folder = tmp_path_factory.mktemp("frozen")
    result = subprocess.run(
        [sys.executable, str(PACKAGING / "build_executable.py"),
         "--dist", str(folder / "dist"), "--work", str(folder / "work")],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )
    assert result.returncode == 0, f"build failed:\n{result.stdout}\n{result.stderr[-4000:]}"
    yield folder


@pytest.fixture(scope="module")
def frozen(build_folder: Path) -> Path:
    """The built executable."""
    return build_folder / "dist" / APP_NAME.lower() / APP_NAME.lower()


@pytest.fixture(scope="module")
def frozen_sources(build_folder: Path) -> Path:
    """The copy of the package the build froze (the spec stages it in its work folder)."""
    return build_folder / "work" / "battlewheel" / "staged"


def _run(executable: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the frozen program from ``cwd`` with nothing of the developer's Python around."""
    env = {
        key: value for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "DISPLAY", "WAYLAND_DISPLAY"}
    }
    env.update(QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=str(cwd / "home"))
    return subprocess.run(
        [str(executable), *args], capture_output=True, text=True, check=False,
        cwd=cwd, env=env, timeout=RUN_TIMEOUT,
    )


def _internal(executable: Path) -> Path:
    return executable.parent / "_internal"


# The one line Qt's offscreen platform writes whenever a dock window is laid out.
OFFSCREEN_NOTICE = "This plugin does not support propagateSizeHints()"


def test_frozen_program_passes_its_smoke_test_offscreen(frozen: Path, tmp_path: Path) -> None:
    """The demo combat opens, paints once, builds the sheets and exits 0, silently.

    Nothing may reach stderr: no traceback, no Qt plugin or ICU warning. (The odds dock
    imports pyqtgraph only when the odds are first shown, so this run no longer does.)
    """
    result = _run(frozen, "--smoke-test", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert set(result.stderr.splitlines()) <= {OFFSCREEN_NOTICE}
    assert any(line.startswith("startup_ms=") for line in result.stdout.splitlines())


def test_frozen_program_is_named_after_the_app(frozen: Path) -> None:
    """The spec reads APP_NAME from the package: the executable is its lower-case form."""
    assert frozen.is_file() and os.access(frozen, os.X_OK)
    assert frozen.name == APP_NAME.lower()


def test_bundle_holds_every_resource_and_icon(frozen: Path, frozen_sources: Path) -> None:
    """Rules tables, the demo campaign, styles and icons are all inside the bundle."""
    staged, bundled = frozen_sources / "battlewheel", _internal(frozen) / "battlewheel"
    data = [path for path in (staged / "resources").rglob("*") if path.suffix in {".json", ".qss"}]
    data += list((staged / "icons").glob("battlewheel-*.png"))
    assert any(path.parent.name == "rules" for path in data)
    for path in data:
        assert (bundled / path.relative_to(staged)).is_file(), path


def test_bundle_ships_the_offscreen_and_desktop_platform_plugins(frozen: Path) -> None:
    """Offscreen for the smoke test and scripts, xcb and Wayland for real desktops."""
    platforms = _internal(frozen) / "PySide6" / "Qt" / "plugins" / "platforms"
    names = {path.name for path in platforms.iterdir()}
    assert {"libqoffscreen.so", "libqxcb.so", "libqwayland.so"} <= names
    assert "libqeglfs.so" not in names


def test_bundle_leaves_out_unused_qt_modules_and_other_bindings(frozen: Path) -> None:
    """No QML, Quick, WebEngine, 3D, Multimedia, network TLS, Tk or other Qt bindings."""
    names = {path.name for path in _internal(frozen).rglob("*")}
    for unwanted in ("libQt6Qml.so.6", "libQt6Quick.so.6", "libQt6WebEngineCore.so.6",
                     "libQt63DCore.so.6", "libQt6Multimedia.so.6", "QtNetwork.abi3.so",
                     "QtQml.abi3.so", "_tkinter.cpython-311-x86_64-linux-gnu.so", "libssl.so.3",
                     "PyQt5", "PyQt6", "PySide2"):
        assert unwanted not in names


def test_python_runtime_ships_without_debug_sections(frozen: Path) -> None:
    """Debug info is most of some Pythons' libpython (18 of 24 MB); the build strips it."""
    freeze = load("freeze_config")
    (libpython,) = _internal(frozen).glob("libpython3*.so*")
    assert not freeze.has_debug_info(libpython)


def test_one_folder_build_installs_its_desktop_entry_and_icons(frozen: Path) -> None:
    """share/ holds the .desktop file, the AppStream file and hicolor icons to copy."""
    share = frozen.parent / "share"
    assert len(list((share / "applications").glob("*.desktop"))) == 1
    assert len(list((share / "metainfo").glob("*.metainfo.xml"))) == 1
    assert len(list((share / "icons" / "hicolor" / "16x16" / "apps").glob("*.png"))) == 1


def test_frozen_program_prints_health_track_sheets_to_pdf(frozen: Path, tmp_path: Path) -> None:
    """``battlewheel print CAMPAIGN --output x.pdf`` works from the bundle, fonts and all."""
    output = tmp_path / "sheets.pdf"
    campaign = ROOT / "resources" / "campaigns" / "demo.json"
    result = _run(frozen, "print", str(campaign), "--output", str(output), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    data = output.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")


def test_frozen_replay_gives_the_same_final_state_as_the_source(
    frozen: Path, frozen_sources: Path, tmp_path: Path
) -> None:
    """The engine and its rules tables behave the same frozen: replay output is identical."""
    examples = sorted((frozen_sources / "battlewheel/resources/examples").glob("*.json"))
    assert examples
    # The source run uses the very copy that was frozen, not a checkout edited since.
    env = dict(os.environ, PYTHONPATH=str(frozen_sources))
    for log in examples:
        source = subprocess.run(
            [sys.executable, "-m", "battlewheel", "replay", str(log)],
            capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
            timeout=RUN_TIMEOUT,
        )
        result = _run(frozen, "replay", str(log), cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert result.stdout == source.stdout


def test_bundle_leaves_system_libraries_and_the_opengl_binding_out(frozen: Path) -> None:
    """No CUPS, C++ runtime, font, GLib or D-Bus copies, no QtOpenGL; xcb-util stays."""
    freeze = load("freeze_config")
    internal = _internal(frozen)
    names = {path.name for path in internal.rglob("*")}
    assert names.isdisjoint(freeze.EXCLUDED_SYSTEM_LIBRARIES)
    assert "QtOpenGL.abi3.so" not in names
    assert {"QtOpenGLWidgets.abi3.so", "libxcb-cursor.so.0", "libxcb-icccm.so.4",
            "libxkbcommon-x11.so.0"} <= names
    assert not (internal / "numpy" / "random").exists()


def test_bundle_ships_the_trimmed_icu_data(frozen: Path) -> None:
    """libicudata.so.73 is the trimmed one (under 6 MB of 32), same SONAME and symbol."""
    icu = load("icu_data")
    library = _internal(frozen) / "PySide6" / "Qt" / "lib" / "libicudata.so.73"
    assert library.stat().st_size < 6_000_000
    assert icu.soname(library) == "libicudata.so.73"
    package = icu.parse_package(icu.exported_object(library.read_bytes()).data)
    assert {"icudt73l/coll/root.res", "icudt73l/coll/ucadata.icu", "icudt73l/cnvalias.icu",
            "icudt73l/zoneinfo64.res"} <= set(package.names)


def test_shipped_qt_and_icu_libraries_collate_as_the_wheels_do(frozen: Path) -> None:
    """Qt and ICU as shipped (trimmed data, stripped symbols) sort 14 languages alike."""
    probe = ROOT / "tests" / "packaging" / "icu_probe.py"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    answers = []
    for libraries in (None, _internal(frozen) / "PySide6" / "Qt" / "lib"):
        if libraries is not None:
            env["LD_LIBRARY_PATH"] = str(libraries)
        result = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True,
                                check=True, env=env, timeout=RUN_TIMEOUT)
        answers.append(json.loads(result.stdout))
    wheel, shipped = answers
    assert shipped["collation"] == wheel["collation"]
    assert shipped["zones"] == wheel["zones"]
    assert shipped["warnings"] == []



def test_release_workflows_check_passes_on_the_frozen_build(frozen: Path) -> None:
    """``release.py check``, which the release workflow runs on each system, passes here."""
    release = load("release")
    assert release.check_frozen(frozen) == []
