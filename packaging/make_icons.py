"""Render the application icon from its SVG source into every size and format shipped.

    .venv/bin/python packaging/make_icons.py [--output DIR]

Writes into ``icons/`` (or DIR): ``battlewheel-<size>.png`` for each size in
PNG_SIZES, ``battlewheel.ico`` (Windows) and ``battlewheel.icns`` (macOS). Qt's
QSvgRenderer draws the PNGs; Pillow (dev extra) packs the .ico and .icns from those
same renderings. The sizes up to SMALL_LIMIT come from ``battlewheel-small.svg``, a
simplified drawing whose shapes stay legible at 16 and 24 pixels.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QBuffer, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "icons"
SOURCE = "battlewheel.svg"
SMALL_SOURCE = "battlewheel-small.svg"
SMALL_LIMIT = 24
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Pillow's ICNS writer stores 32 to 1024 px (the 16 px slot is gone from modern macOS).
ICNS_SIZES = (32, 64, 128, 256, 512, 1024)


def png_name(size: int) -> str:
    """The file name of the PNG rendering at ``size`` pixels."""
    return f"battlewheel-{size}.png"


def source_for(size: int, icons: Path = ICONS) -> Path:
    """The SVG drawn at ``size`` pixels: the simplified one for the smallest sizes."""
    return icons / (SMALL_SOURCE if size <= SMALL_LIMIT else SOURCE)


def render(svg: Path, size: int) -> QImage:
    """The SVG drawn anti-aliased on a transparent square of ``size`` pixels."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stubs ask for bytes here, but at run time it accepts only a str.
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise OSError("Qt could not encode a PNG")
    return bytes(buffer.data().data())


def renderings(sizes: Sequence[int], icons: Path = ICONS) -> dict[int, bytes]:
    """PNG bytes of the icon at each size, each drawn from its own SVG."""
    return {size: png_bytes(render(source_for(size, icons), size)) for size in sizes}


def pillow_images(pngs: dict[int, bytes], sizes: Sequence[int]) -> list[Image.Image]:
    """The renderings at ``sizes`` as RGBA Pillow images, largest first."""
    largest_first = sorted(sizes, reverse=True)
    return [Image.open(io.BytesIO(pngs[size])).convert("RGBA") for size in largest_first]


def write_ico(pngs: dict[int, bytes], path: Path) -> None:
    """A Windows .ico holding each size of ICO_SIZES as drawn (not rescaled)."""
    largest, *rest = pillow_images(pngs, ICO_SIZES)
    largest.save(path, format="ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=rest)


def write_icns(pngs: dict[int, bytes], path: Path) -> None:
    """A macOS .icns holding each size of ICNS_SIZES as drawn."""
    largest, *rest = pillow_images(pngs, ICNS_SIZES)
    largest.save(path, format="ICNS", append_images=rest)


def make_icons(output: Path, icons: Path = ICONS) -> list[Path]:
    """Write every PNG size, the .ico and the .icns into ``output``; returns the files."""
    output.mkdir(parents=True, exist_ok=True)
    pngs = renderings(sorted({*PNG_SIZES, *ICO_SIZES, *ICNS_SIZES}), icons)
    written = []
    for size in PNG_SIZES:
        path = output / png_name(size)
        path.write_bytes(pngs[size])
        written.append(path)
    write_ico(pngs, output / "battlewheel.ico")
    write_icns(pngs, output / "battlewheel.icns")
    return [*written, output / "battlewheel.ico", output / "battlewheel.icns"]


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ICONS, help="folder to write into")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for path in make_icons(args.output):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
