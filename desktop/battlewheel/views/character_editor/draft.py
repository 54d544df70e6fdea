"""The editor's draft: what the GM has typed, kept in a small file until it is saved.

While the editor has unsaved typing, every change rewrites one file under the user data
folder (``storage.paths.character_draft_path``), atomically, so a crash or a power cut
keeps it; the next time the editor opens it offers the draft back. The draft holds what
was typed as typed (a half-typed number too), and the character it started from.

    write_draft(draft)        # after each edit (the editor waits a moment first)
    draft = read_draft()      # None when there is none; ValueError when unreadable
    discard_draft()           # saved, or thrown away on purpose
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from battlewheel.storage.atomic import atomic_write_text
from battlewheel.storage.paths import character_draft_path
from battlewheel.storage.schema import read_json_file

FORMAT = "battlewheel-character-draft"
MAX_DRAFT_BYTES = 2 * 1024 * 1024


@dataclass
class DraftPage:
    """One system's block as typed: its ruleset, the template it began from, the raw values."""

    ruleset: str
    raw: dict[str, Any]
    template: str = ""
    new: bool = False


@dataclass
class Draft:
    """Everything the editor needs to come back as it was."""

    identity: dict[str, Any]
    pages: list[DraftPage]
    original: dict[str, Any] | None = None  # the roster character being edited, as JSON
    current: str = ""

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object."""
        return {
            "format": FORMAT,
            "identity": self.identity,
            "original": self.original,
            "current": self.current,
            "pages": [{"ruleset": p.ruleset, "template": p.template, "new": p.new,
                       "raw": p.raw} for p in self.pages],
        }

    @classmethod
    def from_json(cls, obj: object) -> Draft:
        """Read a draft; anything not shaped like one raises ``ValueError``."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise ValueError("not a character draft")
        identity, pages, original = obj.get("identity"), obj.get("pages"), obj.get("original")
        if not isinstance(identity, dict) or not isinstance(pages, list):
            raise ValueError("a character draft needs its identity and pages")
        if original is not None and not isinstance(original, dict):
            raise ValueError("a character draft's original must be an object")
        return cls(identity, [_page(p) for p in pages], original, str(obj.get("current", "")))

    def name(self) -> str:
        """The name as typed, for the offer to take the draft back."""
        return str(self.identity.get("name", "")).strip() or "an unnamed character"


def _page(obj: object) -> DraftPage:
    if not isinstance(obj, dict) or not isinstance(obj.get("ruleset"), str) \
            or not isinstance(obj.get("raw"), dict):
        raise ValueError("a draft page needs its ruleset and values")
    return DraftPage(obj["ruleset"], obj["raw"], str(obj.get("template", "")),
                     bool(obj.get("new", False)))


def draft_path() -> Path:
    """Where the draft lives (one at a time: the editor is open once)."""
    return character_draft_path()


def write_draft(draft: Draft) -> None:
    """Keep the draft on disk, whole or not at all."""
    path = draft_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(draft.to_json(), ensure_ascii=False), keep_backup=False)


def read_draft() -> Draft | None:
    """The draft a run left behind, or None; ``ValueError`` when it cannot be read."""
    path = draft_path()
    if not path.exists():
        return None
    return Draft.from_json(read_json_file(path, max_bytes=MAX_DRAFT_BYTES))


def discard_draft() -> None:
    """Forget the draft (saved, or thrown away by the GM)."""
    with contextlib.suppress(FileNotFoundError):
        draft_path().unlink()
