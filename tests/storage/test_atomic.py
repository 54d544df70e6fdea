"""Atomic saving writes whole files and keeps the previous version as a backup."""

import os
from pathlib import Path

import pytest

from battlewheel.storage.atomic import atomic_write_bytes, backup_path


def test_first_write_creates_file_without_backup(tmp_path: Path) -> None:
    """A new file has no previous version, so no backup appears."""
    target = tmp_path / "c.json"
    atomic_write_bytes(target, b"one")
    assert target.read_bytes() == b"one"
    assert not backup_path(target).exists()


def test_second_write_keeps_previous_version_as_backup(tmp_path: Path) -> None:
    """Saving over a file leaves the old bytes in <name>.bak."""
    target = tmp_path / "c.json"
    atomic_write_bytes(target, b"one")
    atomic_write_bytes(target, b"two")
    atomic_write_bytes(target, b"three")
    assert target.read_bytes() == b"three"
    assert backup_path(target).read_bytes() == b"two"


def test_no_temporary_files_are_left_behind(tmp_path: Path) -> None:
    """After a save the folder holds only the file and its backup."""
    target = tmp_path / "c.json"
    atomic_write_bytes(target, b"one")
    atomic_write_bytes(target, b"two")
    assert sorted(os.listdir(tmp_path)) == ["c.json", "c.json.bak"]


def test_failed_write_leaves_old_file_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the rename fails the target keeps its old bytes and no temp file stays."""
    target = tmp_path / "c.json"
    atomic_write_bytes(target, b"old")

    def broken_replace(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new", keep_backup=False)
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["c.json"]


def test_a_temporary_left_by_a_killed_save_is_removed_by_the_next(tmp_path: Path) -> None:
    """A .tmp whose process no longer exists is cleaned up; a live one is left alone."""
    target = tmp_path / "c.json"
    dead = tmp_path / ".c.json.999999999.tmp"
    alive = tmp_path / f".c.json.{os.getppid()}.tmp"
    dead.write_bytes(b"half a campai")
    alive.write_bytes(b"someone else saving")
    atomic_write_bytes(target, b"whole")
    assert not dead.exists()
    assert alive.exists()
    assert target.read_bytes() == b"whole"


def test_a_backup_staged_by_a_killed_save_is_removed_by_the_next(tmp_path: Path) -> None:
    """A save killed while staging ``c.json.bak`` leaves ``.c.json.bak.<pid>.tmp``; the
    next save removes it too (its pid was read as "bak.<pid>" and the file kept)."""
    target = tmp_path / "c.json"
    target.write_bytes(b"first")
    staged = tmp_path / ".c.json.bak.999999999.tmp"
    staged.write_bytes(b"first")
    atomic_write_bytes(target, b"second")
    assert sorted(os.listdir(tmp_path)) == ["c.json", "c.json.bak"]
