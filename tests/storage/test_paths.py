"""One module owns every user path; BATTLEWHEEL_HOME moves them all."""

from pathlib import Path

import pytest

from battlewheel.storage import paths


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
