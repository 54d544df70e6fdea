"""Release archives: their names, their contents, and the tag check, for every system.

The release workflow packs on Windows, macOS and Linux; here the system is faked
(``ditto``, macOS's archiver, is recorded rather than run). The check of a real
frozen build is in test_frozen_build.py.
"""

import os
import platform
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from battlewheel import APP_NAME, __version__
from tests.packaging.scripts import load

release = load("release")
NAME = APP_NAME.lower()


@pytest.mark.parametrize(
    ("system", "machine", "onefile", "expected"),
    [
        ("win32", "AMD64", False, f"{NAME}-{__version__}-windows-x86_64.zip"),
        ("win32", "AMD64", True, f"{NAME}-{__version__}-windows-x86_64-onefile.zip"),
        ("darwin", "arm64", False, f"{NAME}-{__version__}-macos-arm64.zip"),
        ("linux", "x86_64", False, f"{NAME}-{__version__}-linux-x86_64.tar.gz"),
        ("linux", "aarch64", True, f"{NAME}-{__version__}-linux-arm64-onefile.tar.gz"),
    ],
)
def test_archives_are_named_with_version_system_and_processor(
    system: str, machine: str, onefile: bool, expected: str
) -> None:
    """Zip on Windows and macOS, tar.gz on Linux; the version is the package's."""
    assert release.archive_name(__version__, system, machine, onefile=onefile) == expected


def test_a_tag_must_name_the_package_version() -> None:
    """v plus __version__ passes; any other tag is refused with the version it needs."""
    assert release.tag_problem(f"v{__version__}", __version__) is None
    problem = release.tag_problem("v99.0.0", __version__)
    assert problem is not None and f"v{__version__}" in problem
    assert release.tag_problem(__version__, __version__) is not None


def _one_folder_build(dist: Path, executable: str) -> Path:
    folder = dist / NAME
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "data.json").write_text("{}", encoding="utf-8")
    program = folder / executable
    program.write_bytes(b"program")
    program.chmod(0o755)
    return folder


def test_linux_archive_keeps_the_folder_and_the_executable_bit(tmp_path: Path) -> None:
    """Unpacked, the tar.gz gives battlewheel/battlewheel, still executable."""
    folder = _one_folder_build(tmp_path / "dist", NAME)
    archive = release.pack(folder, tmp_path / "out" / "a.tar.gz", "linux")
    with tarfile.open(archive) as tar:
        members = {member.name: member for member in tar.getmembers()}
    assert {f"{NAME}/{NAME}", f"{NAME}/_internal/data.json"} <= set(members)
    assert members[f"{NAME}/{NAME}"].mode & stat.S_IXUSR


def test_windows_archive_is_a_zip_of_the_folder(tmp_path: Path) -> None:
    """Unzipped, the one-folder build is battlewheel/battlewheel.exe with _internal/ beside it."""
    folder = _one_folder_build(tmp_path / "dist", f"{NAME}.exe")
    archive = release.pack(folder, tmp_path / "out" / "a.zip", "win32")
    names = set(zipfile.ZipFile(archive).namelist())
    assert {f"{NAME}/{NAME}.exe", f"{NAME}/_internal/data.json"} <= names


def test_windows_one_file_archive_holds_just_the_executable(tmp_path: Path) -> None:
    """The one-file build is a zip with the .exe at its top."""
    program = tmp_path / "onefile" / f"{NAME}.exe"
    program.parent.mkdir()
    program.write_bytes(b"program")
    archive = release.pack(program, tmp_path / "out" / "b.zip", "win32")
    assert zipfile.ZipFile(archive).namelist() == [f"{NAME}.exe"]


def test_macos_app_is_zipped_by_ditto_keeping_the_app_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ditto -c -k --keepParent: the zip unpacks to Battlewheel.app, links and all."""
    commands: list[list[str]] = []

    def record(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(release.subprocess, "run", record)
    app = tmp_path / "dist" / f"{APP_NAME}.app"
    release.pack(app, tmp_path / "out" / "c.zip", "darwin")
    assert commands == [["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                         str(app), str(tmp_path / "out" / "c.zip")]]


def test_macos_ships_the_app_and_the_others_both_builds(tmp_path: Path) -> None:
    """The .app on macOS; the folder and the one-file executable on Windows and Linux."""
    dist, onefile = tmp_path / "dist", tmp_path / "onefile"
    assert release.release_sources(dist, onefile, "darwin") == {False: dist / f"{APP_NAME}.app"}
    assert release.release_sources(dist, onefile, "win32") == {
        False: dist / NAME, True: onefile / f"{NAME}.exe"}
    assert release.release_sources(dist, onefile, "linux") == {
        False: dist / NAME, True: onefile / NAME}


def test_the_checked_executables_are_the_ones_that_ship(tmp_path: Path) -> None:
    """Both builds on each system; on macOS the one-folder build runs from inside the .app."""
    dist, onefile = tmp_path / "dist", tmp_path / "onefile"
    assert release.built_executables(dist, onefile, "darwin") == [
        dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / NAME, onefile / NAME]
    assert release.built_executables(dist, onefile, "win32") == [
        dist / NAME / f"{NAME}.exe", onefile / f"{NAME}.exe"]
    assert release.built_executables(dist, onefile, "linux") == [
        dist / NAME / NAME, onefile / NAME]


def test_archive_command_packs_every_build_that_ships(tmp_path: Path) -> None:
    """With the tag of the package's version, each build of this system gets its archive."""
    dist, onefile = tmp_path / "dist", tmp_path / "onefile"
    sources = release.release_sources(dist, onefile, sys.platform)
    for is_onefile, source in sources.items():
        source.parent.mkdir(parents=True, exist_ok=True)
        if is_onefile:
            source.write_bytes(b"program")
        else:
            (source / "inside").mkdir(parents=True)
    out = tmp_path / "release"
    code = release.main(["archive", "--dist", str(dist), "--onefile-dist", str(onefile),
                         "--out", str(out), "--tag", f"v{__version__}"])
    assert code == 0
    assert {path.name for path in out.iterdir()} == {
        release.archive_name(__version__, sys.platform, platform.machine(), onefile=is_onefile)
        for is_onefile in sources
    }


def test_archive_command_refuses_a_tag_of_another_version(tmp_path: Path) -> None:
    """A tag that does not match __version__ stops the release before anything is packed."""
    out = tmp_path / "release"
    code = release.main(["archive", "--dist", str(tmp_path), "--onefile-dist", str(tmp_path),
                         "--out", str(out), "--tag", "v99.0.0"])
    assert code == 1
    assert not out.exists()


def test_a_missing_build_is_named(tmp_path: Path) -> None:
    """Packing before building says which build is missing."""
    with pytest.raises(FileNotFoundError, match="build it first"):
        release.make_archives(tmp_path / "dist", tmp_path / "onefile", tmp_path / "out",
                              "linux", "x86_64")


@pytest.mark.skipif(os.name == "nt", reason="the stand-in programs are shell scripts")
@pytest.mark.parametrize(
    ("script", "problem"),
    [("exit 3", "--smoke-test exited with 3"), ("exit 0", "print wrote no whole PDF")],
)
def test_check_reports_a_failing_run_or_a_missing_pdf(
    tmp_path: Path, script: str, problem: str
) -> None:
    """A program that fails, or succeeds without writing the PDF, does not pass."""
    program = tmp_path / "program"
    program.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    program.chmod(0o755)
    problems = release.check_frozen(program)
    assert problems and problems[0].startswith(problem)


def test_check_command_fails_when_a_build_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checking before building names each missing executable and exits 1."""
    code = release.main(["check", "--dist", str(tmp_path), "--onefile-dist", str(tmp_path)])
    assert code == 1
    assert capsys.readouterr().err.count("missing: build it first") == 2
