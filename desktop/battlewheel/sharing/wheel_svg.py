"""The wheel as SVG for the shared page: slots round a ring, counters on them, the hub.

Drawn from the player screen's ``TurnTrack`` (already stripped of what enemies hide),
and of that only the places, names, initials, sides and turn marks: no badges, meters or
gauges, so no figure the player screen keeps in words can reach a phone. Every piece of
text is escaped. The colours come from a style sheet inside the SVG, light or dark, or
both by ``prefers-color-scheme`` when the window follows the system.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from battlewheel.engine.core import contract as c

SIZE = 400
CENTRE = SIZE / 2
RING = 150
COUNTER_R = 17
MOST_LABELS = 24  # more slots than this and only every few are labelled

LIGHT = {"ink": "#1f1b16", "faint": "#6b6358", "ring": "#8a7f70", "cursor": "#b3261e",
         "ally": "#1d5fa8", "enemy": "#a8321d", "counter_ink": "#ffffff", "done": "#6e6e6e",
         "shade": "#e9dcc4", "paper": "#fbf7ee"}
DARK = {"ink": "#f1ece3", "faint": "#b8afa2", "ring": "#a89c8b",
        "cursor": "#ff8a80", "ally": "#5b9be0", "enemy": "#e0705b", "counter_ink": "#101010",
        "done": "#8a8a8a", "shade": "#4a4032", "paper": "#1c1a17"}


def _rules(colours: dict[str, str]) -> str:
    return (f".ink{{fill:{colours['ink']}}}.faint{{fill:{colours['faint']}}}"
            f".ring{{fill:none;stroke:{colours['ring']};stroke-width:3}}"
            f".tick{{stroke:{colours['ring']};stroke-width:2}}"
            f".shade{{stroke:{colours['shade']};stroke-width:14;fill:none}}"
            f".cursor{{stroke:{colours['cursor']};stroke-width:5}}"
            f".ally{{fill:{colours['ally']}}}.enemy{{fill:{colours['enemy']}}}"
            f".done{{fill:{colours['done']}}}.initials{{fill:{colours['counter_ink']}}}"
            # The ring round whoever acts is the ink's, on the paper a little way out
            # from the disc (so it reads on any counter) and never round the initials.
            f".acting{{fill:none;stroke:{colours['ink']};stroke-width:3}}"
            f".down{{stroke:{colours['ink']};stroke-width:3}}")


def style_sheet(theme: str) -> str:
    """The SVG's colours: one theme, or light with dark for a dark system."""
    if theme == "dark":
        return _rules(DARK)
    if theme == "light":
        return _rules(LIGHT)
    return f"{_rules(LIGHT)}@media (prefers-color-scheme: dark){{{_rules(DARK)}}}"


def _angle(slot: int, count: int) -> float:
    """Clockwise from the top, as the window's wheel runs."""
    return -math.pi / 2 + 2 * math.pi * slot / max(count, 1)


def _at(angle: float, radius: float) -> tuple[float, float]:
    return CENTRE + radius * math.cos(angle), CENTRE + radius * math.sin(angle)


def wheel_svg(track: c.TurnTrack, theme: str) -> str:
    """The whole wheel of ``track`` as an SVG document."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
             f'role="img" aria-label="{escape(track.hub, {chr(34): "&quot;"})}">',
             f"<style>text{{font-family:sans-serif}}{style_sheet(theme)}</style>",
             f'<circle class="ring" cx="{CENTRE}" cy="{CENTRE}" r="{RING}"/>']
    parts += _slots(track)
    parts += _counters(track)
    parts += _hub(track.hub)
    parts.append("</svg>")
    return "".join(parts)


def _slots(track: c.TurnTrack) -> list[str]:
    count = track.slot_count
    every = max(1, math.ceil(count / MOST_LABELS))
    parts = []
    for index, slot in enumerate(track.slots):
        angle = _angle(index, count)
        inner, outer = _at(angle, RING - 6), _at(angle, RING + 6)
        if slot.shaded:
            parts.append(_arc(angle, count))
        kind = "cursor" if index == track.cursor else "tick"
        parts.append(f'<line class="{kind}" x1="{inner[0]:.1f}" y1="{inner[1]:.1f}" '
                     f'x2="{outer[0]:.1f}" y2="{outer[1]:.1f}"/>')
        if index % every == 0 or index == track.cursor:
            x, y = _at(angle, RING + 24)
            weight = ' font-weight="bold"' if index == track.cursor else ""
            parts.append(f'<text class="faint" x="{x:.1f}" y="{y + 5:.1f}" font-size="14" '
                         f'text-anchor="middle"{weight}>{escape(slot.label)}</text>')
    return parts


def _arc(angle: float, count: int) -> str:
    half = math.pi / max(count, 1)
    start, end = _at(angle - half, RING), _at(angle + half, RING)
    return (f'<path class="shade" d="M{start[0]:.1f},{start[1]:.1f} A{RING},{RING} 0 0 1 '
            f'{end[0]:.1f},{end[1]:.1f}"/>')


def _counters(track: c.TurnTrack) -> list[str]:
    parts = []
    count = track.slot_count
    for index in range(count):
        for depth, counter in enumerate(track.on_slot(index)):
            x, y = _at(_angle(index, count), RING - 2 * COUNTER_R * (depth + 0.6))
            parts.append(_counter(counter, x, y))
    waiting = [*track.off_wheel(), *track.in_pocket()]
    for place, counter in enumerate(waiting):
        x = 24 + (place % 9) * (2 * COUNTER_R + 6)
        y = SIZE - 24 - (place // 9) * (2 * COUNTER_R + 6)
        parts.append(_counter(counter, x, y))
    return parts


def _counter(counter: c.Counter, x: float, y: float) -> str:
    side = "done" if counter.done or counter.down else (
        "enemy" if counter.side == c.ENEMY else "ally")
    title = escape(counter.name)
    ring = (f'<circle class="acting" cx="{x:.1f}" cy="{y:.1f}" r="{COUNTER_R + 4}"/>'
            if counter.acting else "")
    parts = [f"<g><title>{title}</title>{ring}",
             f'<circle class="{side}" cx="{x:.1f}" cy="{y:.1f}" r="{COUNTER_R}"/>',
             f'<text class="initials" x="{x:.1f}" y="{y + 5:.1f}" font-size="14" '
             f'font-weight="bold" text-anchor="middle">{escape(counter.initials[:3])}</text>']
    if counter.down:  # crossed out: a shape, not only a colour
        d = COUNTER_R * 0.7
        parts.append(f'<path class="down" d="M{x - d:.1f},{y - d:.1f}L{x + d:.1f},{y + d:.1f}'
                     f'M{x + d:.1f},{y - d:.1f}L{x - d:.1f},{y + d:.1f}"/>')
    parts.append("</g>")
    return "".join(parts)


def _hub(words: str) -> list[str]:
    lines = [line for line in words.split("\n") if line.strip()][:3] or [""]
    top = CENTRE - 14 * (len(lines) - 1)
    return [f'<text class="ink" x="{CENTRE}" y="{top + 28 * n + 8:.1f}" font-size="24" '
            f'text-anchor="middle">{escape(line)}</text>' for n, line in enumerate(lines)]
