"""Crash-safe writing: a file is either the old version or the new one, never half.

The new bytes go to a temporary file in the same folder, which is flushed and fsynced
and then renamed over the target (``os.replace`` is atomic on POSIX and Windows when
source and target share a folder). Before the rename the previous version is kept as
``<name>.bak`` so that a save the GM regrets, or a disk that lied, leaves one step back.
"""

import contextlib
import glob
import os
import shutil
from pathlib import Path

BACKUP_SUFFIX = ".bak"


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def atomic_write_bytes(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash at any moment leaves a whole file."""
    path = Path(path)
    # A save killed while it wrote the file or while it staged the backup leaves one.
    _remove_stale_temporaries(path)
    _remove_stale_temporaries(backup_path(path))
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        _write_synced(temporary, data)
        if keep_backup and path.exists():
            _keep_backup(path)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    _sync_folder(path.parent)


def atomic_write_text(path: Path, text: str, *, keep_backup: bool = True) -> None:
    """``atomic_write_bytes`` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"), keep_backup=keep_backup)


def _remove_stale_temporaries(path: Path) -> None:
    """Delete temporary files left by saves whose process was killed mid-write (POSIX)."""
    if os.name != "posix":
        return
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = leftover.name[len(path.name) + 2:-len(".tmp")]
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _keep_backup(path: Path) -> None:
    """Copy the current version to the backup, itself atomically."""
    backup = backup_path(path)
    staging = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    try:
        # A hard link costs nothing and is exact; filesystems without links get a copy.
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()
        try:
            os.link(path, staging)
        except OSError:
            shutil.copyfile(path, staging)
            _fsync_file(staging)
        os.replace(staging, backup)
    finally:
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()


def _fsync_file(path: Path) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no folder handles)."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
