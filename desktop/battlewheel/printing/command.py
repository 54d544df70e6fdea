"""``battlewheel print CAMPAIGN --output PDF [--combat NAME|N] [--everyone | --character
NAME ...] [--blank] [--page-size A4|Letter]``: one combat's cards, players by default."""

import os
import sys
from pathlib import Path

from battlewheel.storage.errors import CampaignFileError


def print_command(campaign: Path, output: Path, *, blank: bool = False, page: str = "A4",
                  combat: str | None = None, everyone: bool = False,
                  names: tuple[str, ...] = ()) -> int:
    """Write one combat's cards to a PDF, each fighter once, in the combat's system: its
    player characters, or everyone, or the fighters named; exit code (2: bad input)."""
    from battlewheel.storage.campaign import load_campaign

    try:
        loaded = load_campaign(campaign)
    except CampaignFileError as error:
        print(f"battlewheel print: {error}", file=sys.stderr)
        return 2
    _ensure_gui_application()
    from battlewheel.printing.output import export_pdf
    from battlewheel.printing.sources import NoSuchCombat, combat_cards, find_combat

    try:
        record = find_combat(loaded, combat)
        cards = combat_cards(record, everyone=everyone, names=names, blank=blank)
    except NoSuchCombat as error:
        print(f"battlewheel print: {error}", file=sys.stderr)
        return 2
    if not cards:
        print(f"battlewheel print: {record.name!r} has no player characters "
              "(--everyone prints every fighter)", file=sys.stderr)
        return 2
    try:
        pages = export_pdf(cards, output, page=page)
    except (OSError, ValueError) as error:
        print(f"battlewheel print: {error}", file=sys.stderr)
        return 1
    print(f"{output}: {len(cards)} card(s) of {record.name!r} on {pages} {page} page(s)")
    return 0


def _ensure_gui_application() -> None:
    """QPdfWriter needs a QGuiApplication; without a display, use the offscreen platform."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None:
        return
    headless = sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    if headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Kept on the module so the application lives until the process ends.
    global _APPLICATION
    _APPLICATION = QGuiApplication(["battlewheel-print"])


_APPLICATION: object = None
