"""``battlewheel print CAMPAIGN --output PDF [--blank] [--page-size A4|Letter]``."""

import os
import sys
from pathlib import Path

from battlewheel.storage.errors import CampaignFileError


def print_command(campaign: Path, output: Path, *, blank: bool = False, page: str = "A4") -> int:
    """Write the player card of every character of a campaign to a PDF; exit code."""
    from battlewheel.storage.campaign import load_campaign

    try:
        loaded = load_campaign(campaign)
    except CampaignFileError as error:
        print(f"battlewheel print: {error}", file=sys.stderr)
        return 2
    _ensure_gui_application()
    from battlewheel.printing.output import export_pdf
    from battlewheel.printing.sources import campaign_cards

    cards = campaign_cards(loaded, blank=blank)
    try:
        pages = export_pdf(cards, output, page=page)
    except (OSError, ValueError) as error:
        print(f"battlewheel print: {error}", file=sys.stderr)
        return 1
    print(f"{output}: {len(cards)} card(s) on {pages} {page} page(s)")
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
