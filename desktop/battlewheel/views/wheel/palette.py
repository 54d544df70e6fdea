"""Colours of the wheel: allies in cool hues, enemies in warm ones, badges by meaning."""

from PySide6.QtGui import QColor

from battlewheel.engine.core.contract import colour_hex

SEGMENT_FILL = ("#f4efe4", "#ece5d6")
ACTIVE_FILL = "#ffd866"
DROP_FILL = "#bfe3c0"
RIM = "#5b4a32"
LABEL = "#3b2f20"
ACTING_OUTLINE = "#ffb300"
SELECTED_OUTLINE = "#00b8d4"

BADGE_DV = "#e07b00"
BADGE_WOUND = "#c62828"
BADGE_LAP = "#6a1b9a"
BADGE_STATE = "#37474f"
BADGE_INFO = "#00695c"
BADGE_CONDITION = "#1565c0"
DEAD_FILL = "#8d8d8d"
SHADED_FILL = "#f3d0c8"
METER = "#2e7d32"
POCKET_FILL = "#faf6ec"
HINT_OK = "#3b2f20"
HINT_REFUSED = "#b3261e"
# Gauges other systems hang on a counter (contract Ring, Bar, Pips, Lamp), by tone.
RING_TONES = {"ward": "#6a3fc1"}
BAR_TONES = {"health": "#2e7d32", "vigor": "#d18b00"}
BAR_NEGATIVE = "#c62828"
PIP_FILL = "#37474f"
LAMP_LIT = "#ffb300"
LAMP_DARK = "#cfc8b8"

# A badge's tone (engine contract) to its colour.
BADGE_TONES = {
    "penalty": BADGE_DV,
    "wound": BADGE_WOUND,
    "lap": BADGE_LAP,
    "state": BADGE_STATE,
    "info": BADGE_INFO,
    "condition": BADGE_CONDITION,
}


def counter_colour(side: str, index: int) -> QColor:
    """The fill of a counter: a hue from its side's family, varied by index."""
    return QColor(colour_hex(side, index))
