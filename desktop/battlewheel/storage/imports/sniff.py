"""Which reader a file needs, decided by its content, and the size and text checks first."""

from __future__ import annotations

from pathlib import Path

from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.imports.anathema import read_anathema
from battlewheel.storage.imports.common import (
    MAX_IMPORT_BYTES,
    MAX_PASTED_CHARACTERS,
    ImportedCharacter,
    ImportRefused,
    origin_of,
)
from battlewheel.storage.imports.foundry import read_foundry
from battlewheel.storage.imports.safe_xml import parse_xml
from battlewheel.storage.imports.statblock import read_statblock
from battlewheel.storage.schema import parse_json

FOUNDRY, ANATHEMA, STATBLOCK = "foundry", "anathema", "statblock"
OWN_FORMATS = ("battlewheel-character", "battlewheel-campaign")
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def sniff(raw: bytes) -> str:
    """``foundry`` for JSON, ``anathema`` for XML, ``statblock`` for any other text."""
    start = raw[:4096]
    for bom in _BOMS:
        start = start.removeprefix(bom)
    start = start.replace(b"\x00", b"").lstrip()
    if start.startswith((b"{", b"[")):
        return FOUNDRY
    if start.startswith(b"<"):
        return ANATHEMA
    return STATBLOCK


def import_file(path: Path) -> list[ImportedCharacter]:
    """Read one file; a file over ``MAX_IMPORT_BYTES`` is refused before it is read."""
    path = Path(path)
    origin = origin_of(path)
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise ImportRefused(origin, "", f"the file is {size / 2**20:.0f} MiB; a character "
                                f"file is far smaller (at most {MAX_IMPORT_BYTES // 2**20} "
                                "MiB is read), so it is refused unread")
        raw = path.read_bytes()
    except OSError as error:
        raise ImportRefused(origin, "", f"the file cannot be read ({error.strerror})") from None
    return import_bytes(raw, origin)


def import_bytes(raw: bytes, origin: str) -> list[ImportedCharacter]:
    """Read a file's bytes with the reader its content calls for."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportRefused(origin, "", "the file is too large to be a character file")
    kind = sniff(raw)
    if kind == FOUNDRY:
        try:
            document = parse_json(None, raw)
        except CampaignFileError as error:
            raise ImportRefused(origin, "", error.problem) from None
        if isinstance(document, dict) and document.get("format") in OWN_FORMATS:
            raise ImportRefused(origin, "format", "this is a Battlewheel file, not another "
                                "program's: open it with the roster's own Import button "
                                "(a character) or File > Open (a campaign)")
        return read_foundry(document, origin)
    if kind == ANATHEMA:
        return read_anathema(parse_xml(raw, origin), origin)
    return import_text(_text(raw, origin), origin)


def import_text(text: str, origin: str = "pasted text") -> list[ImportedCharacter]:
    """A pasted stat block (Roster > Paste stat block)."""
    if len(text) > MAX_PASTED_CHARACTERS:
        raise ImportRefused(origin, "", f"the text is {len(text):,} characters long; a stat "
                            f"block is far shorter (at most {MAX_PASTED_CHARACTERS:,})")
    if any(0xD800 <= ord(char) <= 0xDFFF for char in text):
        raise ImportRefused(origin, "", "the text holds half of a character pair")
    return read_statblock(text, origin)


def _text(raw: bytes, origin: str) -> str:
    if b"\x00" in raw[:4096]:
        raise ImportRefused(origin, "", "this is neither JSON (a Foundry export), XML (an "
                            "Anathema character) nor text (a stat block)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")
