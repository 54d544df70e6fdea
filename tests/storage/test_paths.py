"""One module owns every user path; BATTLEWHEEL_HOME moves them all."""

from pathlib import Path

import platformdirs.windows
import pytest
from platformdirs.api import PlatformDirsABC
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from battlewheel.storage import paths
from battlewheel.views.settings import settings_path


def test_home_variable_puts_every_path_under_it(battlewheel_home: Path) -> None:
    """With BATTLEWHEEL_HOME set, campaigns, journal and recent files live under it."""
    assert paths.campaigns_dir() == battlewheel_home / "campaigns"
    assert paths.journal_path() == battlewheel_home / "recovery" / "journal.jsonl"
    assert paths.recent_files_path() == battlewheel_home / "recent.json"
    assert paths.campaigns_dir().is_dir()


def test_without_override_paths_come_from_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty BATTLEWHEEL_HOME falls back to the platform's user data folder."""
    monkeypatch.setenv(paths.HOME_VARIABLE, "")
    from platformdirs import user_data_path

    expected = user_data_path("Battlewheel", "Battlewheel", roaming=True)
    assert paths.data_dir() == expected
    assert paths.campaigns_dir(create=False) == expected / "campaigns"


# Where each system's files go, with platformdirs' class for that system put in place
# of the running one's, and the user's folders moved into the test's own folder.
def _use_system(monkeypatch: pytest.MonkeyPatch, dirs_class: type[PlatformDirsABC]) -> None:
    monkeypatch.delenv(paths.HOME_VARIABLE, raising=False)
    monkeypatch.setattr(paths, "platform_dirs_class", dirs_class)


@pytest.fixture
def windows_appdata(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Windows, with %APPDATA% (the roaming profile) in tmp_path; the local one is refused."""
    appdata = tmp_path / "AppData" / "Roaming"
    known_folders = {"CSIDL_APPDATA": str(appdata)}
    # platformdirs asks Windows for the folder through this function (ctypes or registry).
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", known_folders.__getitem__)
    _use_system(monkeypatch, Windows)
    return appdata


def _fake_home(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """``~`` is ``home``, and no XDG variable moves the folders (platformdirs honours them)."""
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))  # what ~ means to Python on Windows
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture
def macos_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """macOS, with the user's home folder in tmp_path."""
    _fake_home(monkeypatch, tmp_path)
    _use_system(monkeypatch, MacOS)
    return tmp_path


@pytest.fixture
def linux_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Linux and other XDG systems, with the user's home folder in tmp_path."""
    _fake_home(monkeypatch, tmp_path)
    _use_system(monkeypatch, Unix)
    return tmp_path


def _user_files() -> dict[str, Path]:
    """Every file and folder the program keeps for the user, by what it holds."""
    return {
        "campaigns": paths.campaigns_dir(create=False),
        "journal": paths.journal_path(),
        "recent files": paths.recent_files_path(),
        "settings": settings_path(),
    }


def test_on_windows_everything_lives_in_the_roaming_profile(windows_appdata: Path) -> None:
    """%APPDATA%\\Battlewheel\\Battlewheel holds campaigns, journal and settings alike."""
    folder = windows_appdata / "Battlewheel" / "Battlewheel"
    assert _user_files() == {
        "campaigns": folder / "campaigns",
        "journal": folder / "recovery" / "journal.jsonl",
        "recent files": folder / "recent.json",
        "settings": folder / "settings.ini",
    }


def test_on_macos_everything_lives_in_application_support(macos_home: Path) -> None:
    """~/Library/Application Support/Battlewheel holds campaigns, journal and settings."""
    folder = macos_home / "Library" / "Application Support" / "Battlewheel"
    assert _user_files() == {
        "campaigns": folder / "campaigns",
        "journal": folder / "recovery" / "journal.jsonl",
        "recent files": folder / "recent.json",
        "settings": folder / "settings.ini",
    }


def test_on_linux_data_and_settings_go_to_their_xdg_folders(linux_home: Path) -> None:
    """Campaigns and journal under ~/.local/share, recent files and settings under ~/.config."""
    data, config = linux_home / ".local/share/Battlewheel", linux_home / ".config/Battlewheel"
    assert _user_files() == {
        "campaigns": data / "campaigns",
        "journal": data / "recovery" / "journal.jsonl",
        "recent files": config / "recent.json",
        "settings": config / "settings.ini",
    }


@pytest.mark.parametrize("system", ["windows_appdata", "macos_home", "linux_home"])
def test_home_variable_overrides_every_systems_folders(
    system: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With BATTLEWHEEL_HOME set, no file stays in the system's own folders, on any system."""
    system_root = request.getfixturevalue(system)
    system_files = _user_files()
    home = tmp_path / "portable"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(home))
    assert _user_files() == {
        "campaigns": home / "campaigns",
        "journal": home / "recovery" / "journal.jsonl",
        "recent files": home / "recent.json",
        "settings": home / "settings.ini",
    }
    assert all(path.is_relative_to(system_root) for path in system_files.values())
