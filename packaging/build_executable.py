"""Build the standalone Battlewheel program with PyInstaller.

    .venv/bin/python packaging/build_executable.py              # one folder: dist/battlewheel/
    .venv/bin/python packaging/build_executable.py --onefile    # one file: dist/onefile/battlewheel

The one-folder build starts faster (nothing to unpack) and is the one to ship; the
one-file build is a single self-extracting executable that unpacks to a temporary
folder on every start. PyInstaller comes with the dev extra
(``bash packaging/bootstrap.sh dev``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "battlewheel.spec"
LINUX_METADATA = ROOT / "packaging" / "linux"
ICONS = ROOT / "icons"
MISSING_PYINSTALLER = (
    "PyInstaller is not installed in this Python ({python}); install the dev extra with "
    "`bash packaging/bootstrap.sh dev` (or `pip install pyinstaller`) and try again."
)


def pyinstaller_missing_message() -> str | None:
    """Why a build cannot start here, or None when PyInstaller is importable."""
    if importlib.util.find_spec("PyInstaller") is None:
        return MISSING_PYINSTALLER.format(python=sys.executable)
    return None


def executable_name() -> str:
    """The program's file name, as the spec derives it from ``APP_NAME``."""
    from battlewheel import APP_NAME

    return APP_NAME.lower() + (".exe" if sys.platform == "win32" else "")


def pyinstaller_command(*, onefile: bool, dist: Path, work: Path, quiet: bool) -> list[str]:
    """The PyInstaller command line for one build."""
    command = [
        sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
        "--distpath", str(dist), "--workpath", str(work),
    ]
    if quiet:
        command += ["--log-level", "WARN"]
    return command + (["--", "--onefile"] if onefile else [])


def install_linux_metadata(folder: Path) -> None:
    """Add ``share/`` (desktop entry, AppStream file, hicolor icons) to a one-folder build."""
    share = folder / "share"
    for entry in LINUX_METADATA.iterdir():
        kind = "applications" if entry.suffix == ".desktop" else "metainfo"
        (share / kind).mkdir(parents=True, exist_ok=True)
        shutil.copy2(entry, share / kind / entry.name)
    app_id = next(LINUX_METADATA.glob("*.desktop")).stem
    for png in ICONS.glob("battlewheel-*.png"):
        size = png.stem.rsplit("-", 1)[1]
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target / f"{app_id}.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ICONS / "battlewheel.svg", scalable / f"{app_id}.svg")


def build(*, onefile: bool, dist: Path, work: Path, quiet: bool = True) -> Path:
    """Run PyInstaller; returns the path of the built executable."""
    command = pyinstaller_command(onefile=onefile, dist=dist, work=work, quiet=quiet)
    # The build must not pick up a display or the developer's Qt settings.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(command, check=True, cwd=ROOT, env=env)
    name = executable_name()
    if onefile:
        return dist / name
    folder = dist / name.removesuffix(".exe")
    if sys.platform.startswith("linux"):
        install_linux_metadata(folder)
    return folder / name


def size_on_disk(path: Path) -> int:
    """Bytes taken by a file, or by every file under a folder (symbolic links not followed)."""
    if path.is_file():
        return path.stat().st_size
    files = (item for item in path.rglob("*") if item.is_file() and not item.is_symlink())
    return sum(item.stat().st_size for item in files)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="build one self-extracting file")
    parser.add_argument("--dist", type=Path, help="output folder (default: dist/ or dist/onefile/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (default: build/pyinstaller/)")
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's full log")
    args = parser.parse_args(argv)
    problem = pyinstaller_missing_message()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    dist = args.dist or ROOT / "dist" / ("onefile" if args.onefile else "")
    try:
        executable = build(onefile=args.onefile, dist=dist, work=args.work, quiet=not args.verbose)
    except subprocess.CalledProcessError as error:
        print(f"PyInstaller failed with exit code {error.returncode}", file=sys.stderr)
        return 1
    bundle = executable if args.onefile else executable.parent
    print(f"built {executable}")
    print(f"size {size_on_disk(bundle) / 1e6:.1f} MB ({bundle})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
