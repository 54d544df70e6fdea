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


# A damaged or foreign file, and the refusal naming the file and what is wrong with it.
REFUSED = [
    # JSON cut short is named with its line and column.
    pytest.param("cut.json", b'{"name": "Ana", "type": ',
                 r"cut.json: the file is not valid JSON: .* line 1", id="json-cut-short"),
    # Nesting deeper than any export is refused by the shared JSON reader.
    pytest.param("deep.json", b'{"a": ' + b"[" * 100 + b"]" * 100 + b"}",
                 "nested more than 40 levels", id="json-too-deep"),
    # Neither JSON, XML nor text.
    pytest.param("picture.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
                 r"picture\.png: this is neither JSON", id="binary"),
    # Our own character or campaign file is not taken for a Foundry export.
    pytest.param("mine.json",
                 b'{"schema_version": 2, "format": "battlewheel-character", "character": {}}',
                 r"mine\.json: format: this is a Battlewheel file", id="battlewheel-file"),
    # A billion-laughs document is refused before any entity could expand.
    pytest.param("laughs.ecg", b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
                 b'<!ENTITY lol2 "&lol;&lol;&lol;">]><ExaltedCharacter>&lol2;</ExaltedCharacter>',
                 "DOCTYPE or ENTITY", id="xml-entities"),
    # An unclosed element is not XML.
    pytest.param("cut.ecg", b"<ExaltedCharacter><Statistics>",
                 r"cut.ecg: the file is not valid XML \(line 1", id="xml-cut-short"),
    # XML whose root is not Anathema's names the root it found.
    pytest.param("feed.xml", b"<rss><channel/></rss>",
                 r"feed.xml: rss: the root element must be", id="xml-other-root"),
    # XML nested deeper than any character file is refused.
    pytest.param("deep.ecg", b"<ExaltedCharacter>" + b"<a>" * 500 + b"</a>" * 500
                 + b"</ExaltedCharacter>", "nested more than 40", id="xml-too-deep"),
    # An XML declaration naming no real encoding (found by the fuzz test) is refused.
    pytest.param("odd.ecg", b'<?xml version="1.0" encoding="ISOSO-8859-1"?><ExaltedCharacter/>',
                 r"odd\.ecg: the XML declares a text encoding", id="xml-unknown-encoding"),
]


@pytest.mark.parametrize(("name", "content", "refusal"), REFUSED)
def test_a_damaged_or_foreign_file_is_refused_by_name(tmp_path: Path, name: str, content: bytes,
                                                      refusal: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImportRefused, match=refusal):
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
