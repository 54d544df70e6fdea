"""Storage tests run with every user path redirected into a fresh temporary folder."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from battlewheel.storage.paths import HOME_VARIABLE
from tests.desktop.conftest import discard_on_teardown  # noqa: F401  (windows close unasked)


@pytest.fixture(autouse=True)
def battlewheel_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point BATTLEWHEEL_HOME at a folder of this test's own."""
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    yield home
