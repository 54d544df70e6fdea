"""Storage tests run with every user path redirected into a fresh temporary folder."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from battlewheel.storage.paths import HOME_VARIABLE


@pytest.fixture(autouse=True)
def battlewheel_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point BATTLEWHEEL_HOME at a folder of this test's own."""
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    yield home
