"""The Windows and macOS builds' executable, version resource and app bundle.

Only the Linux build runs here, so these tests fake the platform: they call
platform_bundle with another system's name, and run the spec itself with
``sys.platform`` faked and PyInstaller's build steps replaced by recorders.
"""

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

import battlewheel
from battlewheel import APP_ID, APP_NAME, ORGANIZATION, __version__
from tests.packaging.scripts import PACKAGING, load

bundle = load("platform_bundle")
ICONS = Path("icons")
# An identity unlike the real one in every field: whatever the build derives from it
# must carry these values, so none of them can be written into the code by hand.
OTHER = bundle.Identity(
    name="Testwheel", app_id="org.example.Testwheel", organization="Example Guild",
    version="3.14.2",
)


@pytest.fixture
def versioninfo(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """PyInstaller's parser of version resource files, which the Windows build runs.

    It imports pefile and win32api, which PyInstaller has on Windows only, to write
    the resource into an executable; the parser never calls them, so stand-ins let
    it load here.
    """
    import PyInstaller.compat

    monkeypatch.setitem(sys.modules, "pefile", ModuleType("pefile"))
    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    name = "PyInstaller.utils.win32.versioninfo"
    module = importlib.import_module(name)
    yield module
    sys.modules.pop(name, None)


def _version_strings(info: Any) -> dict[str, str]:
    """The string table of a parsed version resource, as a dict."""
    (string_info, _translations) = info.kids
    (table,) = string_info.kids
    return {entry.name: entry.val for entry in table.kids}


def test_identity_is_read_from_the_package() -> None:
    """Name, id, organisation and version are the ones battlewheel/__init__.py defines."""
    identity = bundle.Identity.from_package(battlewheel)
    assert identity == bundle.Identity(APP_NAME, APP_ID, ORGANIZATION, __version__)
    assert identity.executable == APP_NAME.lower()


@pytest.mark.parametrize(
    ("version", "count", "numbers"),
    [("0.1.0", 4, (0, 1, 0, 0)), ("3.14.2", 3, (3, 14, 2)), ("1.2.3.4.5", 3, (1, 2, 3)),
     ("0.2.0rc1", 4, (0, 2, 0, 0)), ("2", 3, (2, 0, 0))],
)
def test_versions_become_the_numbers_windows_and_macos_want(
    version: str, count: int, numbers: tuple[int, ...]
) -> None:
    """Windows takes four numbers, macOS three; pre-release suffixes fall away."""
    assert bundle.release_numbers(version, count) == numbers


def test_a_version_without_numbers_is_refused() -> None:
    """An empty resource would be worse than a failed build."""
    with pytest.raises(ValueError, match="does not start with a number"):
        bundle.release_numbers("dev", 4)


def test_windows_executable_is_windowed_with_its_ico_and_version_file(tmp_path: Path) -> None:
    """No console window, the .ico, and a version resource file written for the build."""
    options = bundle.executable_options(OTHER, ICONS, tmp_path, "win32")
    assert options["name"] == "testwheel"
    assert options["console"] is False
    assert options["icon"] == [str(ICONS / "battlewheel.ico")]
    version_file = Path(options["version"])
    assert version_file.parent == tmp_path
    assert version_file.read_text(encoding="utf-8") == bundle.windows_version_text(OTHER)
    assert bundle.bundle_options(OTHER, ICONS, "win32") is None


def test_windows_version_resource_parses_as_pyinstaller_reads_it(
    tmp_path: Path, versioninfo: ModuleType
) -> None:
    """PyInstaller's own loader reads the file; every value comes from the identity."""
    path = bundle.write_windows_version_file(OTHER, tmp_path)
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((3 << 16) | 14, 2 << 16)
    assert (info.ffi.productVersionMS, info.ffi.productVersionLS) == ((3 << 16) | 14, 2 << 16)
    assert _version_strings(info) == {
        "CompanyName": "Example Guild",
        "FileDescription": "Testwheel",
        "FileVersion": "3.14.2",
        "InternalName": "testwheel",
        "OriginalFilename": "testwheel.exe",
        "ProductName": "Testwheel",
        "ProductVersion": "3.14.2",
    }
    # What the build writes into the executable's resources.
    assert "Testwheel".encode("utf-16-le") in info.toRaw()


def test_macos_app_bundle_carries_id_version_and_high_resolution(tmp_path: Path) -> None:
    """The .app is named after the app, with its .icns, bundle id and version in Info.plist."""
    options = bundle.executable_options(OTHER, ICONS, tmp_path, "darwin")
    assert options["console"] is False
    assert options["icon"] == [str(ICONS / "battlewheel.icns")]
    assert options["version"] is None
    assert list(tmp_path.iterdir()) == []
    app = bundle.bundle_options(OTHER, ICONS, "darwin")
    assert app["name"] == "Testwheel.app"
    assert app["icon"] == str(ICONS / "battlewheel.icns")
    assert app["bundle_identifier"] == "org.example.Testwheel"
    assert app["version"] == "3.14.2"
    plist = app["info_plist"]
    assert plist["CFBundleIdentifier"] == "org.example.Testwheel"
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Testwheel"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "3.14.2"
    assert plist["NSHighResolutionCapable"] is True


def test_linux_executable_keeps_its_console_and_needs_no_icon_or_bundle(tmp_path: Path) -> None:
    """print and replay write to the terminal; the .desktop file names the icon."""
    options = bundle.executable_options(OTHER, ICONS, tmp_path, "linux")
    assert (options["console"], options["icon"], options["version"]) == (True, None, None)
    assert bundle.bundle_options(OTHER, ICONS, "linux") is None


class _Recorder:
    """Stands in for one of PyInstaller's build steps and keeps its arguments."""

    def __init__(self, calls: dict[str, list[dict[str, Any]]], name: str) -> None:
        self.calls, self.name = calls, name

    def __call__(self, *args: Any, **kwargs: Any) -> SimpleNamespace:
        self.calls.setdefault(self.name, []).append(kwargs)
        return SimpleNamespace(binaries=[], datas=[], scripts=[], pure=[])


SPEC_HELPERS = ("freeze_config", "icu_data", "platform_bundle")


@pytest.fixture
def run_spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Any]:
    """Run battlewheel.spec for a faked ``sys.platform``; returns the recorded build steps."""

    def run(system: str, *spec_args: str) -> dict[str, list[dict[str, Any]]]:
        calls: dict[str, list[dict[str, Any]]] = {}
        steps = {name: _Recorder(calls, name)
                 for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
        spec = PACKAGING / "battlewheel.spec"
        namespace = {"SPECPATH": str(PACKAGING), "workpath": str(tmp_path / system), **steps}
        monkeypatch.setattr(sys, "argv", [str(spec), *spec_args])
        monkeypatch.setattr(sys, "path", list(sys.path))
        with monkeypatch.context() as platform:
            platform.setattr(sys, "platform", system)
            exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
        return calls

    yield run
    # The spec imports its helpers by their plain names, each time afresh.
    for name in SPEC_HELPERS:
        sys.modules.pop(name, None)


def test_spec_builds_the_windows_executable_from_the_package_identity(
    run_spec: Any, tmp_path: Path, versioninfo: ModuleType
) -> None:
    """On Windows the spec asks for a windowed .exe with the .ico and the version resource."""
    calls = run_spec("win32")
    (exe,) = calls["EXE"]
    assert exe["name"] == APP_NAME.lower()
    assert exe["console"] is False
    assert exe["icon"][0].endswith("battlewheel.ico") and Path(exe["icon"][0]).is_file()
    info = versioninfo.load_version_info_from_text_file(exe["version"])
    strings = _version_strings(info)
    assert strings["ProductName"] == strings["FileDescription"] == APP_NAME
    assert strings["ProductVersion"] == strings["FileVersion"] == __version__
    assert strings["CompanyName"] == ORGANIZATION
    assert "BUNDLE" not in calls


def test_spec_builds_the_macos_app_from_the_package_identity(run_spec: Any) -> None:
    """On macOS the one-folder build becomes APP_NAME.app with APP_ID and __version__."""
    calls = run_spec("darwin")
    (exe,) = calls["EXE"]
    assert exe["console"] is False
    assert exe["icon"][0].endswith("battlewheel.icns")
    (app,) = calls["BUNDLE"]
    assert app["name"] == f"{APP_NAME}.app"
    assert app["bundle_identifier"] == APP_ID
    assert Path(app["icon"]).is_file()
    plist = app["info_plist"]
    assert plist["CFBundleIdentifier"] == APP_ID
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == __version__
    assert plist["NSHighResolutionCapable"] is True


def test_spec_makes_no_app_bundle_of_the_one_file_build(run_spec: Any) -> None:
    """macOS gets its .app from the one-folder build only (PyInstaller deprecates the other)."""
    calls = run_spec("darwin", "--onefile")
    assert len(calls["EXE"]) == 1
    assert "COLLECT" not in calls and "BUNDLE" not in calls


def test_spec_on_linux_keeps_the_console_and_makes_no_bundle(run_spec: Any) -> None:
    """The Linux build the frozen tests run: console, no icon, no version resource."""
    calls = run_spec("linux")
    (exe,) = calls["EXE"]
    assert (exe["console"], exe["icon"], exe["version"]) == (True, None, None)
    assert "BUNDLE" not in calls
