"""The reader is chosen by content; bad files are refused by name, and nothing changes."""

import contextlib
import os
from pathlib import Path

import pytest

from battlewheel.storage.imports import MAX_IMPORT_BYTES, ImportRefused, import_file, sniff

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize(("fixture", "kind"), [
    ("foundry_pc.json", "foundry"), ("anathema_raised.ecg", "anathema"),
    ("statblock_sergeant.txt", "statblock"),
])
def test_the_content_decides_not_the_name(tmp_path: Path, fixture: str, kind: str) -> None:
    """Each fixture renamed to a misleading extension still reads the same."""
    raw = (FIXTURES / fixture).read_bytes()
    assert sniff(raw) == kind
    renamed = tmp_path / "character.dat"
    renamed.write_bytes(raw)
    assert import_file(renamed)[0].block == import_file(FIXTURES / fixture)[0].block


def test_a_50_mb_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size alone refuses it: the bytes are never read."""
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    assert path.stat().st_size > MAX_IMPORT_BYTES

    def no_reading(self: Path) -> bytes:
        raise AssertionError("read")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    with pytest.raises(ImportRefused, match=r"huge.json: the file is 50 MiB.*refused unread"):
        import_file(path)


def test_broken_json_is_refused_naming_the_place(tmp_path: Path) -> None:
    """JSON cut short is named with its line and column."""
    path = tmp_path / "cut.json"
    path.write_text('{"name": "Ana", "type": ')
    with pytest.raises(ImportRefused, match=r"cut.json: the file is not valid JSON: .* line 1"):
        import_file(path)


def test_deep_json_is_refused(tmp_path: Path) -> None:
    """Nesting deeper than any export is refused by the shared JSON reader."""
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' + "[" * 100 + "]" * 100 + "}")
    with pytest.raises(ImportRefused, match="nested more than 40 levels"):
        import_file(path)


def test_binary_is_refused(tmp_path: Path) -> None:
    """Neither JSON, XML nor text."""
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(ImportRefused, match=r"picture\.png: this is neither JSON"):
        import_file(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    """An unreadable path names the file."""
    with pytest.raises(ImportRefused, match=r"gone\.json: the file cannot be read"):
        import_file(tmp_path / "gone.json")


def test_reading_never_changes_the_file(tmp_path: Path) -> None:
    """Import reads: the bytes and the time stamp stay as they were, refused or not."""
    for fixture in ("foundry_pc.json", "foundry_other_system.json"):
        path = tmp_path / fixture
        path.write_bytes((FIXTURES / fixture).read_bytes())
        before = (path.read_bytes(), os.stat(path).st_mtime_ns)
        with contextlib.suppress(ImportRefused):
            import_file(path)
        assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def test_a_battlewheel_file_is_pointed_to_its_own_door(tmp_path: Path) -> None:
    """Our own character or campaign file is not taken for a Foundry export."""
    path = tmp_path / "mine.json"
    path.write_text('{"schema_version": 2, "format": "battlewheel-character", "character": {}}')
    with pytest.raises(ImportRefused, match=r"mine\.json: format: this is a Battlewheel file"):
        import_file(path)
