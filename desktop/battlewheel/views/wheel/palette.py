"""Colours of the wheel: allies in cool hues, enemies in warm ones, badges by meaning.

Each name below holds the colour of the theme shown (``views.theme`` rebinds them on a
switch, and the scene repaints): the wheel's items read ``palette.NAME`` when they draw.
"""

from PySide6.QtGui import QColor

from battlewheel.engine.core.contract import ALLY_COLOURS, ENEMY_COLOURS, colour_hex
from battlewheel.views.theme import WINDOW, Pair, Part, is_dark

# name: (light, dark). Badges, lamps and counters carry their own white words, so they
# keep one colour in both themes; the paper, ink and rim turn over.
_COLOURS: dict[str, tuple[str, str]] = {
    "GROUND": (WINDOW.light["base"], WINDOW.dark["base"]),  # the view's background
    "SEGMENT_EVEN": ("#f4efe4", "#302b23"),
    "SEGMENT_ODD": ("#ece5d6", "#29251e"),
    "ACTIVE_FILL": ("#ffd866", "#6b5414"),
    "DROP_FILL": ("#bfe3c0", "#2d5530"),
    "RIM": ("#5b4a32", "#a89478"),
    "LABEL": ("#3b2f20", "#efe7da"),
    "ACTING_OUTLINE": ("#ffb300", "#ffb300"),
    "SELECTED_OUTLINE": ("#00b8d4", "#00b8d4"),
    "HUB_FILL": ("#fffaf0", "#2b2720"),
    "HINT_FILL": ("#fffdf6", "#2b2720"),
    "HINT_OK": ("#3b2f20", "#efe7da"),
    "HINT_REFUSED": ("#b3261e", "#ff8a80"),
    "BADGE_INK": ("#ffffff", "#ffffff"),
    "BADGE_DV": ("#b35c00", "#b35c00"),
    "BADGE_WOUND": ("#c62828", "#c62828"),
    "BADGE_LAP": ("#6a1b9a", "#6a1b9a"),
    "BADGE_STATE": ("#37474f", "#37474f"),
    "BADGE_INFO": ("#00695c", "#00695c"),
    "BADGE_CONDITION": ("#1565c0", "#1565c0"),
    "COUNTER_INK": ("#ffffff", "#ffffff"),
    "COUNTER_EDGE": ("#202020", "#000000"),
    "DEAD_FILL": ("#6e6e6e", "#6e6e6e"),
    "SHADED_FILL": ("#f3d0c8", "#4a2c26"),
    "METER": ("#2e7d32", "#66bb6a"),
    "POCKET_FILL": ("#faf6ec", "#26221c"),
    "BAR_TROUGH": ("#ffffff", "#3a3630"),
    "BAR_EDGE": ("#202020", "#a89478"),
    "BAR_HEALTH": ("#2e7d32", "#66bb6a"),
    "BAR_VIGOR": ("#d18b00", "#e0a030"),
    "BAR_NEGATIVE": ("#c62828", "#ff6f60"),
    "RING_WARD": ("#6a3fc1", "#b39dff"),
    "PIP_FILL": ("#37474f", "#b0bec5"),
    "LAMP_LIT": ("#ffb300", "#ffb300"),
    "LAMP_DARK": ("#cfc8b8", "#5a5448"),
    "LAMP_INK": ("#3b2f20", "#1a1917"),
    "REWIND_GROUND": ("#ece3cf", "#3a3226"),  # the wheel's ground while it shows the past
    "BANNER_FILL": ("#fff1c1", "#4a3f1a"),  # the strip over it saying so
    "BANNER_INK": ("#1a1a1a", "#f5eed8"),
    "BANNER_EDGE": ("#c9a227", "#c9a227"),
}
# Counters' own hues (the contract's) carry white initials in both themes.
_COUNTERS = {f"COUNTER_{n}": (hue, hue) for n, hue in enumerate(ALLY_COLOURS + ENEMY_COLOURS)}
_BADGES = ("BADGE_DV", "BADGE_WOUND", "BADGE_LAP", "BADGE_STATE", "BADGE_INFO",
           "BADGE_CONDITION")
_PAIRS = (
    *(Pair("LABEL", ground) for ground in (
        "GROUND", "SEGMENT_EVEN", "SEGMENT_ODD", "ACTIVE_FILL", "DROP_FILL", "SHADED_FILL",
        "HUB_FILL", "POCKET_FILL", "REWIND_GROUND")),
    Pair("HINT_OK", "HINT_FILL"), Pair("HINT_REFUSED", "HINT_FILL"),
    Pair("BANNER_INK", "BANNER_FILL"),
    *(Pair("BADGE_INK", badge) for badge in _BADGES),
    *(Pair("COUNTER_INK", counter) for counter in (*_COUNTERS, "DEAD_FILL")),
    Pair("LAMP_INK", "LAMP_LIT"), Pair("LABEL", "LAMP_DARK"),
    # Strokes read on the paper: 3:1 (WCAG's non-text contrast).
    *(Pair(stroke, ground, large=True) for stroke in ("RIM", "METER", "PIP_FILL", "RING_WARD")
      for ground in ("GROUND", "SEGMENT_EVEN", "SEGMENT_ODD")),
)

GROUND = SEGMENT_EVEN = SEGMENT_ODD = ACTIVE_FILL = DROP_FILL = RIM = LABEL = ""
ACTING_OUTLINE = SELECTED_OUTLINE = HUB_FILL = HINT_FILL = HINT_OK = HINT_REFUSED = ""
BADGE_INK = BADGE_DV = BADGE_WOUND = BADGE_LAP = BADGE_STATE = BADGE_INFO = ""
BADGE_CONDITION = COUNTER_INK = COUNTER_EDGE = DEAD_FILL = SHADED_FILL = METER = ""
POCKET_FILL = BAR_TROUGH = BAR_EDGE = BAR_HEALTH = BAR_VIGOR = BAR_NEGATIVE = RING_WARD = ""
PIP_FILL = LAMP_LIT = LAMP_DARK = LAMP_INK = REWIND_GROUND = ""
BANNER_FILL = BANNER_INK = BANNER_EDGE = ""
SEGMENT_FILL: tuple[str, str] = ("", "")
# Gauges other systems hang on a counter (contract Ring, Bar, Pips, Lamp), by tone.
RING_TONES: dict[str, str] = {}
BAR_TONES: dict[str, str] = {}
# A badge's tone (engine contract) to its colour.
BADGE_TONES: dict[str, str] = {}


def _use(dark: bool) -> None:
    """Rebind every name to one theme's colours."""
    values = COLOURS.colours(dark)
    globals().update(values)
    globals()["SEGMENT_FILL"] = (values["SEGMENT_EVEN"], values["SEGMENT_ODD"])
    RING_TONES.update(ward=values["RING_WARD"])
    BAR_TONES.update(health=values["BAR_HEALTH"], vigor=values["BAR_VIGOR"])
    BADGE_TONES.update(penalty=values["BADGE_DV"], wound=values["BADGE_WOUND"],
                       lap=values["BADGE_LAP"], state=values["BADGE_STATE"],
                       info=values["BADGE_INFO"], condition=values["BADGE_CONDITION"])


COLOURS = Part("wheel", {**_COLOURS, **_COUNTERS}, _PAIRS, hook=_use)
_use(is_dark())


def counter_colour(side: str, index: int) -> QColor:
    """The fill of a counter: a hue from its side's family, varied by index."""
    return QColor(colour_hex(side, index))
