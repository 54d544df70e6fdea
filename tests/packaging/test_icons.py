"""The application icon: every size and format made from the SVG, and legible when small."""

from pathlib import Path

import pytest
from PIL import Image, ImageChops
from PySide6.QtWidgets import QApplication

from battlewheel.bundled import icon
from battlewheel.views.app_icon import app_icon
from tests.packaging.scripts import ROOT, load

make_icons = load("make_icons")
ICONS = ROOT / "icons"


def _png(size: int) -> Image.Image:
    return Image.open(ICONS / make_icons.png_name(size)).convert("RGBA")


@pytest.mark.parametrize("size", make_icons.PNG_SIZES)
def test_each_png_has_its_size_a_transparent_corner_and_an_opaque_centre(size: int) -> None:
    """A round icon: corners see through, the hub in the middle is solid."""
    image = _png(size)
    assert image.size == (size, size)
    assert image.getpixel((0, 0))[3] == 0
    assert image.getpixel((size // 2, size // 2))[3] == 255


def test_png_set_spans_16_to_512_pixels() -> None:
    """The PNG set covers the sizes desktops ask for, from menus to app stores."""
    assert {16, 24, 32, 48, 64, 128, 256, 512} <= set(make_icons.PNG_SIZES)


def test_committed_icons_match_a_fresh_rendering_of_the_svg(
    qapp: QApplication, tmp_path: Path
) -> None:
    """Editing the SVG without re-running make_icons.py leaves stale PNGs: this catches it."""
    make_icons.make_icons(tmp_path)
    for size in make_icons.PNG_SIZES:
        fresh = Image.open(tmp_path / make_icons.png_name(size)).convert("RGBA")
        extremes = ImageChops.difference(fresh, _png(size)).getextrema()
        # Anti-aliasing may differ by a shade between Qt versions, never by a shape.
        assert max(high for _low, high in extremes) <= 8, f"{size} px differs from the SVG"


def test_ico_holds_every_windows_size() -> None:
    """Windows picks 16 to 256 px frames out of the .ico."""
    with Image.open(ICONS / "battlewheel.ico") as ico:
        assert set(ico.info["sizes"]) == {(s, s) for s in make_icons.ICO_SIZES}


def test_icns_holds_the_macos_sizes() -> None:
    """The .icns carries 16@2x to 512@2x, the slots macOS reads (listed as size, scale)."""
    with Image.open(ICONS / "battlewheel.icns") as icns:
        sizes = set(icns.info["sizes"])
    assert sizes == {
        (16, 16, 2), (32, 32, 2), (128, 128, 1), (128, 128, 2),
        (256, 256, 1), (256, 256, 2), (512, 512, 1), (512, 512, 2),
    }


def test_sixteen_pixel_icon_still_shows_the_red_counter_and_dark_spokes() -> None:
    """At 16 px the counter and the wheel's dark spokes and rim stay visible."""
    image = _png(16)
    pixels = [image.getpixel((x, y)) for x in range(16) for y in range(16)]
    red = [p for p in pixels if p[3] > 200 and p[0] > 170 and p[1] < 90 and p[2] < 90]
    dark = [p for p in pixels if p[3] > 200 and max(p[:3]) < 90]
    gold = [p for p in pixels if p[3] > 200 and p[0] > 200 and 140 < p[1] < 220 and p[2] < 120]
    assert len(red) >= 4
    assert len(dark) >= 30
    assert len(gold) >= 30


def test_small_sizes_are_drawn_from_the_simplified_svg() -> None:
    """16 and 24 px come from the drawing made for them; 32 px and up from the full one."""
    assert make_icons.source_for(16).name == "battlewheel-small.svg"
    assert make_icons.source_for(24).name == "battlewheel-small.svg"
    assert make_icons.source_for(32).name == "battlewheel.svg"


def test_app_icon_offers_every_bundled_size(qapp: QApplication) -> None:
    """The window icon carries each PNG, so Qt never scales a 512 px image down to 16."""
    sizes = {size.width() for size in app_icon().availableSizes()}
    assert sizes == set(make_icons.PNG_SIZES)


def test_icons_ship_inside_the_package() -> None:
    """The PNGs are reachable through battlewheel.bundled, as in a frozen build."""
    assert icon(make_icons.png_name(256)).is_file()
    assert icon("battlewheel.ico").is_file()


def test_started_program_gives_its_windows_the_app_icon(qapp: QApplication) -> None:
    """After the smoke-test start, every window inherits the icon with all its sizes."""
    from battlewheel.app import run_gui

    assert run_gui(None, smoke_test=True) == 0
    sizes = {size.width() for size in QApplication.windowIcon().availableSizes()}
    assert sizes == set(make_icons.PNG_SIZES)
