"""Check a frozen build and pack it for a release; the release workflow runs both.

    python packaging/release.py check --dist dist --onefile-dist dist/onefile
    python packaging/release.py archive --dist dist --onefile-dist dist/onefile --out release

``check`` runs each build's ``--smoke-test`` on the offscreen platform and ``print``
on the demo campaign (on macOS the one-folder build is run from inside the ``.app``),
and fails unless both exit 0 and the PDF is whole; it reads only exit codes and files,
since a windowed Windows build has no stdout.
``archive`` packs the one-folder build (the ``.app`` on macOS) and the one-file build
as ``battlewheel-<version>-<system>-<arch>[-onefile].<zip|tar.gz>``: zip on Windows
and macOS, tar.gz (which keeps the executable bit) on Linux. With ``--tag`` it first
checks that the tag is ``v`` and the package's version.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO_CAMPAIGN = ROOT / "resources" / "campaigns" / "demo.json"
SYSTEM_NAMES = {"win32": "windows", "darwin": "macos", "linux": "linux"}
# platform.machine() says AMD64 on Windows, x86_64 elsewhere, arm64 or aarch64 on ARM.
ARCHITECTURES = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}
RUN_TIMEOUT = 180


def system_name(system: str) -> str:
    """The system's name in archive names: windows, macos or linux."""
    return SYSTEM_NAMES["linux" if system.startswith("linux") else system]


def architecture(machine: str) -> str:
    """The processor's name in archive names: x86_64 or arm64."""
    return ARCHITECTURES.get(machine.lower(), machine.lower())


def archive_name(version: str, system: str, machine: str, *, onefile: bool) -> str:
    """``battlewheel-0.1.0-windows-x86_64.zip``, ``...-linux-x86_64-onefile.tar.gz``, ..."""
    from battlewheel import APP_NAME

    parts = [APP_NAME.lower(), version, system_name(system), architecture(machine)]
    if onefile:
        parts.append("onefile")
    return "-".join(parts) + (".tar.gz" if system_name(system) == "linux" else ".zip")


def tag_problem(tag: str, version: str) -> str | None:
    """Why a release tag does not name the package's version, or None when it does."""
    if tag == f"v{version}":
        return None
    return (f"the tag {tag} does not match the package version {version} "
            f"(battlewheel/__init__.py): tag v{version}, or change the version first")


def pack(source: Path, archive: Path, system: str) -> Path:
    """Pack the file or folder ``source`` into ``archive``, ``source`` its top entry."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    if system == "darwin":
        # ditto keeps the .app's symbolic links, permissions and extended attributes,
        # which zipfile would lose; it is how Finder's Compress makes a zip.
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                        str(source), str(archive)], check=True)
    elif system == "win32":
        _zip(source, archive)
    else:
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(source, arcname=source.name)
    return archive


def _zip(source: Path, archive: Path) -> None:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
        files = [source] if source.is_file() else sorted(source.rglob("*"))
        for path in files:
            packed.write(path, path.relative_to(source.parent))


def built_executables(dist: Path, onefile_dist: Path, system: str) -> list[Path]:
    """The executables of both builds, as they ship: on macOS, the one inside the .app."""
    from battlewheel import APP_NAME

    executable = APP_NAME.lower() + (".exe" if system == "win32" else "")
    if system == "darwin":
        folder = dist / f"{APP_NAME}.app" / "Contents" / "MacOS"
    else:
        folder = dist / APP_NAME.lower()
    return [folder / executable, onefile_dist / executable]


def release_sources(dist: Path, onefile_dist: Path, system: str) -> dict[bool, Path]:
    """What ships, by whether it is the one-file build: macOS ships its ``.app`` only."""
    from battlewheel import APP_NAME

    executable = APP_NAME.lower() + (".exe" if system == "win32" else "")
    if system == "darwin":
        # A bare one-file executable is no macOS app (Finder opens it in Terminal), and
        # PyInstaller deprecates one-file .app bundles; the workflow still checks it runs.
        return {False: dist / f"{APP_NAME}.app"}
    return {False: dist / APP_NAME.lower(), True: onefile_dist / executable}


def make_archives(
    dist: Path, onefile_dist: Path, out: Path, system: str, machine: str
) -> list[Path]:
    """Pack every build that ships into ``out``; returns the archives."""
    from battlewheel import __version__

    archives = []
    for onefile, source in release_sources(dist, onefile_dist, system).items():
        if not source.exists():
            raise FileNotFoundError(f"{source} is missing: build it first (build_executable.py)")
        name = archive_name(__version__, system, machine, onefile=onefile)
        archives.append(pack(source, out / name, system))
    return archives


def check_frozen(executable: Path, campaign: Path = DEMO_CAMPAIGN) -> list[str]:
    """Run the smoke test and ``print`` on ``campaign``; what went wrong (empty: nothing)."""
    if not executable.is_file():
        return ["missing: build it first (build_executable.py)"]
    with tempfile.TemporaryDirectory(prefix="battlewheel-check-") as folder:
        work = Path(folder)
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEWHEEL_HOME": str(work)}
        pdf = work / "sheets.pdf"
        runs = {
            "--smoke-test": [str(executable), "--smoke-test"],
            "print": [str(executable), "print", str(campaign), "--output", str(pdf)],
        }
        problems = []
        for name, command in runs.items():
            code = subprocess.run(command, env=env, cwd=work, timeout=RUN_TIMEOUT).returncode
            if code != 0:
                problems.append(f"{name} exited with {code}")
        if not problems and not _is_whole_pdf(pdf):
            problems.append(f"print wrote no whole PDF at {pdf}")
    return problems


def _is_whole_pdf(path: Path) -> bool:
    data = path.read_bytes() if path.is_file() else b""
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="run both builds' smoke test and print")
    archive = commands.add_parser("archive", help="pack the builds for a release")
    for command in (check, archive):
        command.add_argument("--dist", type=Path, required=True, help="the one-folder build's")
        command.add_argument("--onefile-dist", type=Path, required=True, help="the one-file's")
    archive.add_argument("--out", type=Path, required=True, help="folder for the archives")
    archive.add_argument("--tag", help="the release tag, checked against the version")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check_all(built_executables(args.dist, args.onefile_dist, sys.platform))
    from battlewheel import __version__

    problem = tag_problem(args.tag, __version__) if args.tag else None
    if problem:
        return _report([problem], "")
    for path in make_archives(args.dist, args.onefile_dist, args.out, sys.platform,
                              platform.machine()):
        print(path)
    return 0


def _check_all(executables: list[Path]) -> int:
    failed = 0
    for executable in executables:
        problems = [f"{executable}: {problem}" for problem in check_frozen(executable)]
        failed += _report(problems, f"{executable}: smoke test and print")
    return 1 if failed else 0


def _report(problems: list[str], success: str) -> int:
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"{success} passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
