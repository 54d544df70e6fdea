"""The crash journal: after every change to the open combat, one fsynced JSON line.

If the program is killed or crashes, the next start finds the journal and offers to
restore: the campaign as it was when the journal began (its base), with the combat's
log brought up to the last whole line. At most the action being written is lost.

File layout (``paths.journal_path()``), one JSON object per line::

    {"journal": "battlewheel", "version": 1, "campaign_path": ..., "combat_id": ...,
     "started_at": ..., "unsaved_base": <bool: the base is not what the file holds>,
     "campaign": <the campaign file's object>}
    {"op": "apply", "action": <action_to_json(...)>}
    {"op": "truncate", "length": n}          # an undo took the log back to n actions

The journal follows the session's log rather than individual calls, so any change the
window makes (apply, undo, redo, a new combat) is caught by one ``sync`` after it.
Undone actions waiting for redo are not journaled; a restore starts with no redo.

For the main window::

    journal = Journal()                       # the default location
    journal.begin(campaign, combat_id, path)  # after Open / Save (nothing written yet)
    journal.sync(session)                     # after every change (model.changed)
    journal.end()                             # after Save or a deliberate close
    pending_recovery()  -> Recovery | None    # on start: offer to restore?
    recover()           -> Recovered          # yes: the campaign to open
    discard()                                 # no: forget it
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from battlewheel.engine.core.actions import Action, action_to_json
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.atomic import atomic_write_bytes
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.paths import journal_path
from battlewheel.storage.schema import MAX_FILE_BYTES, parse_json, upgrade

JOURNAL_FORMAT = "battlewheel"
JOURNAL_VERSION = 1


@dataclass(frozen=True)
class Recovery:
    """What a journal left by an interrupted run holds, for the restore offer."""

    journal: Path
    campaign_name: str
    campaign_path: Path | None
    combat_id: str | None
    started_at: str
    changes: int
    # The journal's base was not what the file held (a restored or new combat, say), so
    # restoring brings back more than ``changes``: the base itself is unsaved work.
    unsaved_base: bool = False

    def describe(self) -> str:
        """A sentence for the restore question."""
        where = self.campaign_path.name if self.campaign_path else "an unsaved campaign"
        name = f"\u201c{self.campaign_name}\u201d ({where})"
        if self.unsaved_base:
            return (f"Battlewheel did not close properly. Unsaved work on {name}, as it "
                    f"was at {self.started_at}, and {self.changes} change(s) since then "
                    "can be restored.")
        return (f"Battlewheel did not close properly. {self.changes} change(s) to "
                f"{name} since {self.started_at} can be restored.")


@dataclass(frozen=True)
class Recovered:
    """A restored campaign, the file it belongs to and the combat that was open."""

    campaign: Campaign
    campaign_path: Path | None
    combat_id: str | None


class Journal:
    """Appends the open combat's changes to the journal file, fsyncing every line."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or journal_path()
        self._base: dict[str, Any] = Campaign().to_json()
        self._combat_id: str | None = None
        self._campaign_path: Path | None = None
        self._base_unsaved = False
        self._written: list[Action] = []
        self._handle: IO[bytes] | None = None
        # Only a journal this run wrote is ours to delete: one left by a crashed run
        # waits for the restore offer, however the window starts.
        self._owned = False

    def begin(self, campaign: Campaign, combat_id: str | None,
              campaign_path: Path | None, *, write_now: bool = False) -> None:
        """Follow a freshly opened or saved campaign.

        Nothing is written until the combat changes, unless ``write_now`` (a restored
        campaign exists only in memory, so its base is journaled at once). With
        ``write_now`` the journal this run wrote stays until the new one is renamed over
        it (``_open``): a kill at any moment leaves one of the two to restore from.
        """
        self._close()
        if not write_now:
            self._delete_own()
        # The combat's session is live and will change; the base is a snapshot of now.
        self._base = campaign.to_json()
        self._combat_id = combat_id
        self._campaign_path = campaign_path
        self._base_unsaved = write_now
        record = _record(campaign, combat_id)
        self._written = [entry.action for entry in record.log] if record else []
        if write_now:
            self._append([])

    def sync(self, session: CombatSession) -> int:
        """Journal how the session's log differs from what is written; returns lines added."""
        actions = [entry.action for entry in session.log]
        keep = _common_prefix(self._written, actions)
        lines: list[dict[str, Any]] = []
        if keep < len(self._written):
            lines.append({"op": "truncate", "length": keep})
        lines.extend({"op": "apply", "action": action_to_json(a)} for a in actions[keep:])
        if lines:
            self._append(lines)
            self._written = actions
        return len(lines)

    def end(self) -> None:
        """Stop and delete this run's journal: the campaign is saved or deliberately closed."""
        self._close()
        self._delete_own()

    def _close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def _delete_own(self) -> None:
        if self._owned:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self._owned = False

    def _append(self, lines: list[dict[str, Any]]) -> None:
        handle = self._handle or self._open()
        for line in lines:
            handle.write(_line(line))
        handle.flush()
        os.fsync(handle.fileno())

    def _open(self) -> IO[bytes]:
        """Start the file with the base campaign; it is written whole before any change.

        The header is encoded first and put in place by a rename, so a header that
        cannot be written (or a crash while writing it) leaves the journal before it (or
        none) rather than one whose changes have no campaign to apply to.
        """
        from datetime import UTC, datetime  # the first change, not start-up

        header = _line({
            "journal": JOURNAL_FORMAT, "version": JOURNAL_VERSION,
            "campaign_path": str(self._campaign_path) if self._campaign_path else None,
            "combat_id": self._combat_id,
            "started_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "unsaved_base": self._base_unsaved,
            "campaign": self._base,
        })
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self._owned and self.path.exists():
            # An earlier run's journal that nobody restored or discarded: keep one copy.
            os.replace(self.path, self.path.with_name(self.path.stem + ".previous.jsonl"))
        atomic_write_bytes(self.path, header, keep_backup=False)
        self._handle = open(self.path, "ab")  # noqa: SIM115 - kept open for appending
        self._owned = True
        return self._handle


def pending_recovery(path: Path | None = None) -> Recovery | None:
    """The journal left by a run that did not end cleanly, or None."""
    path = path or journal_path()
    try:
        header, operations = _read(path)
    except FileNotFoundError:
        return None
    except CampaignFileError:
        set_aside(path)
        return None
    campaign_path = header.get("campaign_path")
    return Recovery(
        journal=path,
        campaign_name=str(header["campaign"].get("name", "campaign")),
        campaign_path=Path(campaign_path) if isinstance(campaign_path, str) else None,
        combat_id=header.get("combat_id") if isinstance(header.get("combat_id"), str) else None,
        started_at=str(header.get("started_at", "?")),
        changes=len(operations),
        unsaved_base=header.get("unsaved_base") is True,
    )


def recover(path: Path | None = None) -> Recovered:
    """Rebuild the campaign from the journal (the journal stays until ``discard``)."""
    path = path or journal_path()
    header, operations = _read(path)
    combat_id = header.get("combat_id")
    shown = combat_id if isinstance(combat_id, str) else None
    campaign = Campaign.from_json(upgrade(path, header["campaign"]), path, shown=shown)
    campaign_path = header.get("campaign_path")
    if isinstance(combat_id, str):
        campaign = _replayed(campaign, combat_id, operations, path)
    return Recovered(campaign, Path(campaign_path) if isinstance(campaign_path, str) else None,
                     combat_id if isinstance(combat_id, str) else None)


def discard(path: Path | None = None) -> None:
    """Forget the journal of the interrupted run."""
    with contextlib.suppress(FileNotFoundError):
        (path or journal_path()).unlink()


def _replayed(campaign: Campaign, combat_id: str, operations: list[dict[str, Any]],
              path: Path) -> Campaign:
    try:
        record = campaign.combat(combat_id)
    except KeyError:
        record = None
    base = record.session.to_json() if record else CombatSession.new().to_json()
    actions: list[Any] = list(base["actions"])
    for operation in operations:
        if operation["op"] == "truncate":
            del actions[operation["length"]:]
        else:
            actions.append(operation["action"])
    try:
        session = CombatSession.from_json({**base, "actions": actions, "redo": []})
    except (ValueError, TypeError, KeyError) as error:
        raise CampaignFileError(path, f"the journal cannot be replayed: {error}") from None
    if record is None:
        return campaign.with_combat("Recovered combat", session)
    combats = tuple(r.with_session(session) if r.id == combat_id else r
                    for r in campaign.combats)
    return replace(campaign, combats=combats)


def _read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and every whole operation; a torn last line (the crash) is dropped."""
    if path.stat().st_size > 2 * MAX_FILE_BYTES:
        raise CampaignFileError(path, "the journal is too large to restore")
    lines = path.read_bytes().split(b"\n")
    header = _parse(lines[0], path)
    if header is None or header.get("journal") != JOURNAL_FORMAT \
            or header.get("version") != JOURNAL_VERSION or not isinstance(
                header.get("campaign"), dict):
        raise CampaignFileError(path, "the journal's first line is not a Battlewheel journal")
    operations: list[dict[str, Any]] = []
    for raw in lines[1:]:
        parsed = _parse(raw, path)
        if parsed is None or not _is_operation(parsed):
            break
        operations.append(parsed)
    return header, operations


def _parse(raw: bytes, path: Path) -> dict[str, Any] | None:
    """One line through the reader of every file; None for a torn or damaged line."""
    try:
        value = parse_json(path, raw)
    except CampaignFileError:
        return None
    return value if isinstance(value, dict) else None


def _is_operation(line: dict[str, Any]) -> bool:
    """A line ``_replayed`` can apply as it is (the action itself is checked by replaying)."""
    if line.get("op") == "apply":
        return isinstance(line.get("action"), dict)
    length = line.get("length")
    return line.get("op") == "truncate" and type(length) is int and length >= 0


def set_aside(path: Path) -> None:
    """Keep an unreadable journal for inspection instead of offering it again."""
    with contextlib.suppress(OSError):
        os.replace(path, path.with_suffix(".unreadable"))


def _record(campaign: Campaign, combat_id: str | None) -> CombatSession | None:
    if combat_id is None:
        return None
    try:
        return campaign.combat(combat_id).session
    except KeyError:
        return None


def _common_prefix(old: list[Action], new: list[Action]) -> int:
    """How many leading actions two logs share (the usual case: all of ``old``)."""
    count = 0
    for before, after in zip(old, new, strict=False):
        if before is not after and before != after:
            break
        count += 1
    return count


def _line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
