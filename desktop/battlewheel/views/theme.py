"""Light or dark: the window's palette and every view's own painted colours.

The GM picks View > Theme: Light, Dark, or the system's choice (Qt's colour scheme,
``QStyleHints.colorScheme``; light where the platform does not say). ``apply`` sets
the application's ``QPalette`` (every widget and dialog follows it at once) and switches
each ``Part``: the colours a view paints itself (the wheel, the health marks, the player
screen), declared here in both themes with the pairs of text and ground that must stay
readable (tests/desktop/test_theme.py checks each pair against WCAG AA). Views that paint
hand-picked colours hear of a switch as Qt's ``PaletteChange`` event.

Printing never asks this module: paper is white whatever the screen shows.

Kept small and free of other views: the window imports it at start-up to paint the first
frame in the GM's theme.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

LIGHT, DARK, SYSTEM = "light", "dark", "system"
CHOICES = (LIGHT, DARK, SYSTEM)
CHOICE_LABELS = {LIGHT: "&Light", DARK: "&Dark", SYSTEM: "Follow the &system"}
CHOICE_TIPS = {LIGHT: "Dark words on light paper",
               DARK: "Light words on dark paper, for a dim room",
               SYSTEM: "Light or dark as the desktop's colour scheme says (light if it says none)"}
SETTING = "view/theme"
TINT_PROPERTY = "themeTint"  # a widget's text colour by name, set again on a switch

_dark = False  # the theme now shown (never "system": that is resolved to one of the two)
_shown: bool | None = None  # the theme whose palette the application has, None: Qt's own


@dataclass(frozen=True)
class Pair:
    """A text colour read on a ground colour; ``large`` text (and strokes) need 3:1."""

    text: str
    ground: str
    large: bool = False


class Part:
    """One view's own colours in both themes, and which of them are read on which.

    ``part["name"]`` is the colour in the theme now shown; ``hook`` runs on each
    switch (a module rebinding its names, say).
    """

    def __init__(self, name: str, colours: Mapping[str, tuple[str, str]],
                 pairs: Iterable[Pair] = (), hook: Callable[[bool], None] | None = None) -> None:
        self.name = name
        self.light = {key: value[0] for key, value in colours.items()}
        self.dark = {key: value[1] for key, value in colours.items()}
        self.pairs = tuple(pairs)
        self.hook = hook
        unknown = {n for p in self.pairs for n in (p.text, p.ground)} - set(colours)
        if unknown:
            raise ValueError(f"{name}: pairs name unknown colours {sorted(unknown)}")
        PARTS[name] = self

    def colours(self, dark: bool | None = None) -> Mapping[str, str]:
        """Every colour of this part in one theme (default: the theme shown)."""
        return self.dark if (_dark if dark is None else dark) else self.light

    def __getitem__(self, key: str) -> str:
        return self.colours()[key]

    def qcolor(self, key: str) -> QColor:
        return QColor(self[key])


PARTS: dict[str, Part] = {}

# The window's palette: QPalette roles by name. Highlight is dark enough for white
# words on both themes; the dark greys are warm, like the wheel's paper.
WINDOW = Part("window", {
    "window": ("#efede9", "#232220"),
    "window_text": ("#1a1a1a", "#ebe7e0"),
    "base": ("#ffffff", "#1a1917"),
    "alternate_base": ("#f4f2ee", "#262421"),
    "text": ("#1a1a1a", "#ebe7e0"),
    "button": ("#e6e3de", "#34322e"),
    "button_text": ("#1a1a1a", "#ebe7e0"),
    "bright_text": ("#ffffff", "#ffffff"),
    "highlight": ("#1f5fa8", "#2f62ad"),
    "highlighted_text": ("#ffffff", "#ffffff"),
    "tooltip_base": ("#fffbe6", "#34322e"),
    "tooltip_text": ("#1a1a1a", "#ebe7e0"),
    "placeholder": ("#696969", "#a39d94"),
    "link": ("#0b57d0", "#8ab4f8"),
    "link_visited": ("#6a1b9a", "#d0a6f5"),
    "light": ("#ffffff", "#4a4743"),
    "midlight": ("#f4f2ee", "#3e3b37"),
    "mid": ("#b8b4ad", "#4f4b45"),
    "dark": ("#8f8b85", "#121110"),
    "shadow": ("#5a5753", "#000000"),
    "disabled_text": ("#8a8782", "#77736c"),
    # Refusals and problems written in dialogs (an illegal attack, a bad number).
    "refusal": ("#b3261e", "#ff8a80"),
}, pairs=(
    Pair("window_text", "window"), Pair("text", "base"), Pair("text", "alternate_base"),
    Pair("button_text", "button"), Pair("highlighted_text", "highlight"),
    Pair("tooltip_text", "tooltip_base"), Pair("placeholder", "base"),
    Pair("link", "base"), Pair("link", "window"), Pair("link_visited", "base"),
    Pair("text", "window"), Pair("refusal", "window"), Pair("refusal", "base"),
))

_ROLES = {
    "window": QPalette.ColorRole.Window, "window_text": QPalette.ColorRole.WindowText,
    "base": QPalette.ColorRole.Base, "alternate_base": QPalette.ColorRole.AlternateBase,
    "text": QPalette.ColorRole.Text, "button": QPalette.ColorRole.Button,
    "button_text": QPalette.ColorRole.ButtonText, "bright_text": QPalette.ColorRole.BrightText,
    "highlight": QPalette.ColorRole.Highlight,
    "highlighted_text": QPalette.ColorRole.HighlightedText,
    "tooltip_base": QPalette.ColorRole.ToolTipBase,
    "tooltip_text": QPalette.ColorRole.ToolTipText,
    "placeholder": QPalette.ColorRole.PlaceholderText, "link": QPalette.ColorRole.Link,
    "link_visited": QPalette.ColorRole.LinkVisited, "light": QPalette.ColorRole.Light,
    "midlight": QPalette.ColorRole.Midlight, "mid": QPalette.ColorRole.Mid,
    "dark": QPalette.ColorRole.Dark, "shadow": QPalette.ColorRole.Shadow,
}
_DISABLED = ("window_text", "text", "button_text")


def palette_for(dark: bool) -> QPalette:
    """The application palette of one theme."""
    colours = WINDOW.colours(dark)
    palette = QPalette()
    for key, role in _ROLES.items():
        palette.setColor(role, QColor(colours[key]))
    accent = getattr(QPalette.ColorRole, "Accent", None)  # Qt 6.6+
    if accent is not None:
        palette.setColor(accent, QColor(colours["highlight"]))
    for key in _DISABLED:
        palette.setColor(QPalette.ColorGroup.Disabled, _ROLES[key],
                         QColor(colours["disabled_text"]))
    return palette


# -- which theme ------------------------------------------------------------------------
def is_dark() -> bool:
    """Whether the theme shown now is the dark one."""
    return _dark


def chosen(settings: QSettings) -> str:
    """The GM's choice as saved (light, dark or system; system when unset or unknown)."""
    value = str(settings.value(SETTING, SYSTEM))
    return value if value in CHOICES else SYSTEM


def remember(settings: QSettings, choice: str) -> None:
    """Save the GM's choice (an unknown one is refused, nothing changes)."""
    if choice not in CHOICES:
        raise ValueError(f"Unknown theme {choice!r}: choose one of {', '.join(CHOICES)}.")
    settings.setValue(SETTING, choice)


def system_is_dark() -> bool:
    """Qt's colour scheme of the platform; light where it is unknown or unavailable."""
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)  # PySide6 6.5+
    if scheme is None:
        return False
    return bool(scheme() == Qt.ColorScheme.Dark)


def resolve(choice: str) -> bool:
    """Whether ``choice`` shows the dark theme now."""
    return choice == DARK or (choice == SYSTEM and system_is_dark())


# -- switching ----------------------------------------------------------------------------
def show(dark: bool, app: QApplication | None = None) -> None:
    """Show one theme, unless the application shows it already (a second window built
    over the same application changes nothing)."""
    if dark != _shown:
        apply(dark, app)


def apply(dark: bool, app: QApplication | None = None) -> None:
    """Show one theme: every Part's colours, then the palette (which tells every widget)."""
    global _dark, _shown
    _dark = _shown = dark
    for part in PARTS.values():
        if part.hook is not None:
            part.hook(dark)
    application = app or QApplication.instance()
    if isinstance(application, QApplication):
        application.setPalette(palette_for(dark))
        for widget in application.allWidgets():
            _retint(widget)
            _repolish(widget)


def tint(widget: QWidget, name: str | None, part: Part = WINDOW) -> None:
    """Write ``widget``'s text in the ``part`` colour ``name`` (None: the palette's).

    The name is kept on the widget, so a theme switch writes it in the new colour.
    """
    widget.setProperty(TINT_PROPERTY, f"{part.name}:{name}" if name else None)
    widget.setStyleSheet(f"color: {part[name]};" if name else "")


def _retint(widget: QWidget) -> None:
    value = widget.property(TINT_PROPERTY)
    if not value:
        return
    part_name, _, name = str(value).partition(":")
    part = PARTS.get(part_name)
    if part is not None and name in part.light:
        widget.setStyleSheet(f"color: {part[name]};")


def _repolish(widget: QWidget) -> None:
    # A widget with a style sheet of its own (the toolbar's padding) holds the palette
    # it was polished with and misses the application's new one: polish it again.
    sheet = widget.styleSheet()
    if sheet:
        widget.setStyleSheet(sheet)


class SystemFollower(QObject):
    """While the GM's choice is "system", follows the platform's changes of scheme."""

    def __init__(self, choice: Callable[[], str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._choice = choice
        signal = getattr(QGuiApplication.styleHints(), "colorSchemeChanged", None)
        if signal is not None:
            signal.connect(self._scheme_changed)

    def _scheme_changed(self, *_args: object) -> None:
        if self._choice() == SYSTEM and system_is_dark() != _dark:
            apply(system_is_dark())


# -- contrast (WCAG 2) --------------------------------------------------------------------
def luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour."""
    channels = _channels(QColor(colour))
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _channels(colour: QColor) -> tuple[float, float, float]:
    return colour.redF(), colour.greenF(), colour.blueF()


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@lru_cache(maxsize=256)
def readable_fill(colour: str, ground: str) -> str:
    """``colour``, or the nearest mix of it towards the other end of the scale, that
    stands out 3:1 from ``ground``: a ruleset's mark colours (the engine's, one per
    kind) drawn in the dark theme's boxes, where a deep red or purple would sink."""
    if contrast(colour, ground) >= 3:
        return colour
    toward = QColor("#ffffff" if luminance(ground) < 0.18 else "#000000")
    start = QColor(colour)
    for step in range(1, 11):
        share = step / 10
        red, green, blue = (a + (b - a) * share for a, b in
                            zip(_channels(start), _channels(toward), strict=True))
        mixed = QColor.fromRgbF(red, green, blue)
        if contrast(mixed.name(), ground) >= 3:
            return str(mixed.name())
    return str(toward.name())


def least_contrast(pair: Pair) -> float:
    """The ratio a pair must reach: 4.5 for text, 3 for large text and strokes."""
    return 3.0 if pair.large else 4.5
