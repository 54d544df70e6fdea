"""View > Theme: light, dark or the system's; readable pairs; marks apart by shape."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.health import AGGRAVATED, BASHING, LETHAL
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views import theme
from battlewheel.views.log_dock import muted
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import started_session

SHARE_CSS = Path(__file__).parents[2] / "resources" / "share" / "share.css"
# Every module that paints colours of its own declares them as a theme Part.
PAINTING_MODULES = ("battlewheel.views.wheel.palette", "battlewheel.views.sheets.health_track",
                    "battlewheel.views.player_screen", "battlewheel.views.odds_dock")


@pytest.fixture(autouse=True)
def light_after() -> Iterator[None]:
    """Each test leaves the application in the light theme the other tests expect."""
    yield
    theme.apply(False)


def _parts() -> list[theme.Part]:
    import importlib

    for name in PAINTING_MODULES:
        importlib.import_module(name)
    return list(theme.PARTS.values())


def _too_faint(part: theme.Part) -> list[str]:
    faint = []
    for dark in (False, True):
        colours = part.colours(dark)
        for pair in part.pairs:
            ratio = theme.contrast(colours[pair.text], colours[pair.ground])
            if ratio < theme.least_contrast(pair):
                faint.append(f"{part.name} {'dark' if dark else 'light'}: {pair.text} "
                             f"{colours[pair.text]} on {pair.ground} {colours[pair.ground]} "
                             f"= {ratio:.2f}")
    return faint


def test_every_text_colour_of_every_part_meets_wcag_aa_in_both_themes() -> None:
    """The pairs come from the parts themselves: the window palette, the wheel, the
    health marks, the player screen."""
    parts = _parts()
    assert {"window", "wheel", "health marks", "player screen", "odds"} <= {p.name for p in parts}
    assert sum(len(part.pairs) for part in parts) > 60
    assert [line for part in parts for line in _too_faint(part)] == []


def test_a_low_contrast_pair_put_in_is_found() -> None:
    """The check is not blind: grey on grey, declared as a pair, is reported."""
    faint = theme.Part("test faint", {"ink": ("#9a9a9a", "#333333"),
                                      "paper": ("#ffffff", "#1a1a1a")},
                       (theme.Pair("ink", "paper"),))
    try:
        assert len(_too_faint(faint)) == 2  # 2.8:1 on white, 1.5:1 on black
        large = theme.Part("test large", {"ink": ("#8a8a8a", "#8a8a8a"),
                                          "paper": ("#ffffff", "#ffffff")},
                           (theme.Pair("ink", "paper", large=True),))
        assert _too_faint(large) == []  # 3.4:1 is enough for large text, not for body
    finally:
        theme.PARTS.pop("test faint", None)
        theme.PARTS.pop("test large", None)


def test_a_pair_naming_an_unknown_colour_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown colours"):
        theme.Part("test unknown", {"ink": ("#000000", "#ffffff")}, (theme.Pair("ink", "nope"),))
    assert "test unknown" not in theme.PARTS


@pytest.mark.parametrize("dark", [False, True])
def test_the_application_palette_and_the_logs_quiet_lines_read_well(qtbot: QtBot,
                                                                    dark: bool) -> None:
    """Read from the QPalette Qt is given: each text role on its ground, and the log's
    muted detail lines (a mix of text and base) on the log's rows and bands."""
    palette = theme.palette_for(dark)
    role = QPalette.ColorRole
    pairs = [(role.WindowText, role.Window), (role.Text, role.Base),
             (role.Text, role.AlternateBase), (role.ButtonText, role.Button),
             (role.HighlightedText, role.Highlight), (role.ToolTipText, role.ToolTipBase),
             (role.PlaceholderText, role.Base), (role.Link, role.Base)]
    for text, ground in pairs:
        ratio = theme.contrast(palette.color(text).name(), palette.color(ground).name())
        assert ratio >= 4.5, (text, ground, ratio)
    quiet = muted(palette).name()
    for ground in (role.Base, role.AlternateBase):
        assert theme.contrast(quiet, palette.color(ground).name()) >= 4.5


def _css_themes() -> dict[str, dict[str, str]]:
    """The shared page's custom properties, light and dark, read from its style sheet."""
    css = SHARE_CSS.read_text(encoding="utf-8")
    blocks = {"light": re.search(r":root \{([^}]*)\}", css),
              "dark": re.search(r':root\[data-theme="dark"\] \{([^}]*)\}', css)}
    themes = {}
    for name, block in blocks.items():
        assert block is not None, name
        themes[name] = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block.group(1)))
    return themes


def test_the_shared_pages_colours_read_well_in_both_themes() -> None:
    """Every colour the page writes words in, on the page's paper and on a player's card."""
    grounds = ("paper", "card")
    for name, colours in _css_themes().items():
        words = [key for key in colours if key not in (*grounds, "line")]
        assert {"ink", "faint", "unhurt", "wounded", "badly", "down"} <= set(words)
        for key in words:
            for ground in grounds:
                ratio = theme.contrast(colours[key], colours[ground])
                assert ratio >= 4.5, (name, key, ground, ratio)


def test_the_shared_wheels_words_read_well_in_both_themes() -> None:
    """The SVG wheel's own colours: its words on the page, a counter's initials on it."""
    from battlewheel.sharing.wheel_svg import DARK, LIGHT

    for colours in (LIGHT, DARK):
        for words in ("ink", "faint", "cursor"):
            assert theme.contrast(colours[words], colours["paper"]) >= 4.5, words
        for counter in ("ally", "enemy", "done"):
            assert theme.contrast(colours["counter_ink"], colours[counter]) >= 4.5, counter


def test_the_acting_counters_ring_strokes_the_counter_not_its_initials() -> None:
    """Seen in the browser: the acting ring's stroke, set on the group, ran round each
    letter too and blotted the initials out. It is a circle of its own round the disc,
    in the ink, on the paper."""
    from battlewheel.sharing.wheel_svg import DARK, LIGHT, wheel_svg
    from battlewheel.views.player_board import board

    session = started_session()
    shown = board(session.ruleset, session.state, set())
    svg = wheel_svg(shown.wheel, "light")
    assert any(counter.acting for counter in shown.wheel.counters)
    assert '<circle class="acting"' in svg
    assert "<g class=" not in svg  # no group passes a stroke down to the text
    for colours in (LIGHT, DARK):  # the ring stands on the paper, clear of the disc
        assert theme.contrast(colours["ink"], colours["paper"]) >= 3


def test_an_escaped_foe_reads_in_its_own_colour_on_the_shared_page() -> None:
    """The player screen's "escaped" word has its rule on the page too."""
    assert ".words-escaped { color: var(--down)" in SHARE_CSS.read_text(encoding="utf-8")


def test_the_system_theme_follows_the_follow_system_dark_css_as_well() -> None:
    """"system" on the page means the phone's own choice: its dark rules are the dark ones."""
    css = SHARE_CSS.read_text(encoding="utf-8")
    system = re.search(r'@media \(prefers-color-scheme: dark\) \{\s*:root\[data-theme="system"\]'
                       r" \{([^}]*)\}", css)
    assert system is not None
    values = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", system.group(1)))
    assert values == _css_themes()["dark"]


# -- the three marks ----------------------------------------------------------------------
def _mark_shape(mark: str, dark: bool) -> QImage:
    """Where a mark's strokes fall in a box, as black on white whatever their colour."""
    from battlewheel.views.sheets.health_track import paint_mark

    theme.apply(dark)
    image = QImage(40, 40, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_mark(painter, QRectF(6, 6, 28, 28), mark)
    painter.end()
    shape = QImage(40, 40, QImage.Format.Format_Grayscale8)
    for x in range(40):
        for y in range(40):
            inked = QColor(image.pixelColor(x, y)).alpha() > 128
            shape.setPixelColor(x, y, QColor("black" if inked else "white"))
    return shape


@pytest.mark.parametrize("dark", [False, True])
def test_bashing_lethal_and_aggravated_differ_in_shape_not_only_colour(qtbot: QtBot,
                                                                        dark: bool) -> None:
    """/, X and the six-armed star: told apart with the colour taken away."""
    shapes = {mark: _mark_shape(mark, dark) for mark in (BASHING, LETHAL, AGGRAVATED)}
    assert shapes[BASHING] != shapes[LETHAL] != shapes[AGGRAVATED] != shapes[BASHING]
    inked = {mark: sum(shape.pixelColor(x, y).black() > 0 for x in range(40)
                       for y in range(40)) for mark, shape in shapes.items()}
    # One stroke, two, three: each kind adds ink to the last.
    assert inked[BASHING] < inked[LETHAL] < inked[AGGRAVATED]


# -- switching in the window --------------------------------------------------------------
def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(CombatModel(started_session()),
                        settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window


def _theme_actions(window: MainWindow) -> dict[str, QAction]:
    return {choice: window.actions_by_name[f"theme_{choice}"] for choice in theme.CHOICES}


def test_view_theme_switches_at_once_and_is_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    """Dark: the palette, the wheel's paper and the sheets' marks turn over, no restart;
    the next window opens dark; Light brings it all back."""
    from battlewheel.views.sheets.health_track import MARK_COLOURS
    from battlewheel.views.wheel import palette

    window = _window(qtbot, tmp_path)
    actions = _theme_actions(window)
    assert [a.isChecked() for a in actions.values()] == [False, False, True]
    light_segment = window.scene.segments[2].brush().color().name()
    window.actions_by_name["theme_dark"].trigger()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert app.palette().color(QPalette.ColorRole.Window).name() == theme.WINDOW.dark["window"]
    # Qt tells the widgets at its next pass (no restart, no reopening).
    qtbot.waitUntil(lambda: window.palette().color(QPalette.ColorRole.Base).name()
                    == theme.WINDOW.dark["base"])
    qtbot.waitUntil(lambda: window.scene.segments[2].brush().color().name() != light_segment)
    assert window.scene.segments[2].brush().color().name() in palette.SEGMENT_FILL
    assert MARK_COLOURS[LETHAL].name() == "#ff8a80"
    assert theme.chosen(window.settings) == "dark"
    assert window.theme_name() == "dark"  # what the shared page is served
    window.close()

    again = _window(qtbot, tmp_path)
    assert again.actions_by_name["theme_dark"].isChecked()
    assert theme.is_dark()
    again.actions_by_name["theme_light"].trigger()
    assert not theme.is_dark()
    assert app.palette().color(QPalette.ColorRole.Window).name() == theme.WINDOW.light["window"]
    qtbot.waitUntil(lambda: again.scene.segments[2].brush().color().name() == light_segment)
    # The toolbar has a style sheet of its own: seen staying dark after Light.
    qtbot.waitUntil(lambda: again.toolbar.palette().color(QPalette.ColorRole.Window).name()
                    == theme.WINDOW.light["window"])


def test_an_unknown_saved_theme_reads_as_system_and_a_bad_choice_is_refused(
    tmp_path: Path
) -> None:
    settings = prefs.open_settings(tmp_path / "s.ini")
    settings.setValue(theme.SETTING, "purple")
    assert theme.chosen(settings) == "system"
    with pytest.raises(ValueError, match="Unknown theme"):
        theme.remember(settings, "purple")
    assert settings.value(theme.SETTING) == "purple"  # nothing changed


def test_follow_the_system_takes_qts_colour_scheme(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    """System: dark while Qt says the platform is dark, and a change of scheme is followed."""
    scheme = {"now": Qt.ColorScheme.Light}
    hints = type("Hints", (), {"colorScheme": lambda self: scheme["now"]})()
    monkeypatch.setattr(theme.QGuiApplication, "styleHints", staticmethod(lambda: hints))
    assert not theme.resolve("system")
    scheme["now"] = Qt.ColorScheme.Dark
    assert theme.resolve("system") and theme.resolve("dark") and not theme.resolve("light")
    follower = theme.SystemFollower(lambda: "system")
    follower._scheme_changed()
    assert theme.is_dark()
    scheme["now"] = Qt.ColorScheme.Light
    theme.SystemFollower(lambda: "dark")._scheme_changed()  # the GM chose: not followed
    assert theme.is_dark()
    follower._scheme_changed()
    assert not theme.is_dark()


def test_an_open_dialogs_refusal_takes_the_new_theme_colour(qtbot: QtBot) -> None:
    """A refusal written in red stays readable: a switch rewrites it in the dark red."""
    from PySide6.QtWidgets import QLabel

    label = QLabel("Not enough motes")
    qtbot.addWidget(label)
    theme.tint(label, "refusal")
    assert theme.WINDOW.light["refusal"] in label.styleSheet()
    theme.apply(True)
    assert theme.WINDOW.dark["refusal"] in label.styleSheet()
    theme.tint(label, None)
    assert label.styleSheet() == ""


def test_printing_stays_on_white_in_the_dark_theme(qtbot: QtBot) -> None:
    """A card painted while the screen is dark is the very card painted in light: black
    ink on white paper, nothing taken from the screen's palette."""
    light = _printed_card()
    theme.apply(True)
    dark = _printed_card()
    assert dark == light
    assert dark.pixelColor(1, 1).name() == "#ffffff"
    inks = {dark.pixelColor(x, y).name() for x in range(0, dark.width(), 2)
            for y in range(0, dark.height(), 2)}
    assert "#000000" in inks and theme.WINDOW.dark["window"] not in inks


def _printed_card() -> QImage:
    """A player's card as the printer paints it (a page's first card), on an image."""
    import dataclasses

    from battlewheel.printing.card import blank_player_card
    from battlewheel.printing.layout import layout_pages
    from battlewheel.printing.painter import _Page, paint_card, text_measure

    image = QImage(800, 1100, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(3780)  # 96 dpi
    image.setDotsPerMeterY(3780)
    image.fill(QColor("#ffffff"))
    blank = blank_player_card(3, (1, 2))
    marks = (BASHING + LETHAL + AGGRAVATED + blank.marks)[:len(blank.marks)]
    cards = [dataclasses.replace(blank, marks=marks)]
    pages = layout_pages(cards, 210, 297, text_measure(image))
    painter = QPainter(image)
    page = _Page(painter, image.logicalDpiX() / 25.4)
    for placed in pages[0]:
        paint_card(page, placed)
    painter.end()
    return image


def _engine_glyphs() -> set[str]:
    """Every mark colour a system's legends declare (their sheet modules' Glyph tuples)."""
    import importlib

    from battlewheel.engine.core import contract as c
    from tests.conformance import SYSTEMS

    colours = set()
    for name in SYSTEMS:  # the systems found, not a test's own ruleset registered meanwhile
        package = importlib.import_module(type(_ruleset(name)).__module__.rsplit(".", 1)[0])
        sheet = importlib.import_module(f"{package.__name__}.sheet")
        for value in vars(sheet).values():
            if isinstance(value, tuple) and value and all(isinstance(g, c.Glyph) for g in value):
                colours |= {glyph.colour for glyph in value}
    return colours


def _ruleset(name: str) -> object:
    from battlewheel.engine.core.ruleset import get_ruleset

    return get_ruleset(name)


@pytest.mark.parametrize("dark", [False, True])
def test_every_rulesets_filled_marks_stand_out_from_the_boxes(dark: bool) -> None:
    """Marks drawn as a filled box (Pool & Ward's Backlash, Ward spent, 3e's Magnitude)
    use the engine's colour, mixed towards the light end in the dark theme until it
    stands 3:1 from the box; a colour already clear is kept as it is."""
    base = theme.WINDOW.colours(dark)["base"]
    glyphs = _engine_glyphs()
    assert {"#6a1b9a", "#00695c", "#b3261e"} <= glyphs
    for colour in glyphs:
        fill = theme.readable_fill(colour, base)
        assert theme.contrast(fill, base) >= 3, (colour, fill)
        if theme.contrast(colour, base) >= 3:
            assert fill == colour
    assert theme.readable_fill("#6a1b9a", theme.WINDOW.dark["base"]) != "#6a1b9a"


def test_the_player_screen_turns_over_and_an_escaped_foe_keeps_a_readable_word(
    qtbot: QtBot
) -> None:
    """The players' paper and ink follow the switch, and the "escaped" word of a foe who
    left is written in its own colour of each theme (4.5:1 on that paper, checked above)."""
    import dataclasses

    from PySide6.QtWidgets import QLabel

    from battlewheel.engine.core import contract as c
    from battlewheel.views.player_board import board
    from battlewheel.views.player_screen import COLOURS, PlayerScreen

    session = started_session()
    screen = PlayerScreen(CombatModel(session))
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    shown = board(session.ruleset, session.state, set())
    gone = dataclasses.replace(shown.enemies[0], words=c.ESCAPED)
    screen._show(dataclasses.replace(shown, enemies=(gone, *shown.enemies[1:])))
    escaped = next(label for label in screen.findChildren(QLabel) if label.text() == c.ESCAPED)
    assert COLOURS.light[c.ESCAPED] in escaped.styleSheet()
    assert COLOURS.light["paper"] in screen.styleSheet()
    theme.apply(True)
    assert COLOURS.dark[c.ESCAPED] in escaped.styleSheet()
    qtbot.waitUntil(lambda: COLOURS.dark["paper"] in screen.styleSheet())


def test_an_open_forecast_dialogs_chart_turns_over_with_the_theme(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    """A dialog left open while the GM switches: its chart's ground and bars follow."""
    from battlewheel.models.forecast_runner import shutdown
    from battlewheel.views.forecast_dialog import ForecastDialog

    window = _window(qtbot, tmp_path)
    window.actions_by_name["forecast"].trigger()
    dialog = window.findChildren(ForecastDialog)[0]
    try:
        light_ground = dialog.plot.backgroundBrush().color().name()
        assert light_ground == theme.WINDOW.light["base"]
        window.set_theme("dark")
        qtbot.waitUntil(lambda: dialog.plot.backgroundBrush().color().name()
                        == theme.WINDOW.dark["base"])
        bars = dialog._bar_colour().name()
        assert theme.contrast(bars, theme.WINDOW.dark["base"]) >= 3
    finally:
        dialog.close()
        shutdown()
