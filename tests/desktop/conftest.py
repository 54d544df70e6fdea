"""Desktop tests: every user path (settings included) goes to a folder of the test's own."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from battlewheel.storage.paths import HOME_VARIABLE


@pytest.fixture(autouse=True)
def battlewheel_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point BATTLEWHEEL_HOME at a fresh folder, so no test touches the user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    yield home
