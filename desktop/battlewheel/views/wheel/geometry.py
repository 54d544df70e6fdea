"""Where things sit on the wheel: segment angles and the fan of counters in a segment.

Pure arithmetic in scene units (the wheel's centre is the origin, y grows down, the
first segment starts at twelve o'clock and the wheel runs clockwise like the tick).
"""

import math
from dataclasses import dataclass
from functools import lru_cache

OUTER_RADIUS = 300.0
INNER_RADIUS = 78.0
LABEL_RADIUS = 326.0
COUNTER_SIZE = 44.0
# Room around a counter for its corner badges, so fanned counters never cover them.
COUNTER_PITCH = 60.0
SMALLEST_SCALE = 0.45


@dataclass(frozen=True)
class Slot:
    """A counter's place: centre point and the scale it is drawn at."""

    x: float
    y: float
    scale: float


def segment_span(segment: int, count: int) -> tuple[float, float]:
    """Start and sweep of a segment in degrees, clockwise from twelve o'clock."""
    sweep = 360.0 / count
    return segment * sweep, sweep


def point_at(radius: float, degrees: float) -> tuple[float, float]:
    """Scene point at a radius and a clockwise angle from twelve o'clock."""
    rad = math.radians(degrees)
    return radius * math.sin(rad), -radius * math.cos(rad)


def label_point(degrees: float) -> tuple[float, float]:
    """Where a segment's tick label goes: clear of the rim, further out at the sides."""
    rad = math.radians(degrees)
    radius = OUTER_RADIUS + 28 + 30 * abs(math.sin(rad))
    return point_at(radius, degrees)


def segment_at(x: float, y: float, count: int) -> int | None:
    """The segment under a scene point, or None off the wheel (centre disc or outside)."""
    radius = math.hypot(x, y)
    if radius < INNER_RADIUS * 0.6 or radius > LABEL_RADIUS + 30:
        return None
    degrees = math.degrees(math.atan2(x, -y)) % 360.0
    return min(int(degrees // (360.0 / count)), count - 1)


def _ring_radii(scale: float) -> list[float]:
    pitch = COUNTER_PITCH * scale
    first = OUTER_RADIUS - pitch * 0.72
    radii = []
    radius = first
    while radius - pitch / 2 >= INNER_RADIUS:
        radii.append(radius)
        radius -= pitch
    return radii


def _capacity(radius: float, sweep: float, scale: float) -> int:
    arc = math.radians(sweep) * radius
    return max(1, int(arc // (COUNTER_PITCH * scale)))


@lru_cache(maxsize=2048)
def fan_slots(
    segment: int, count: int, how_many: int, size: float = 1.0, normal: float = 1.0
) -> tuple[Slot, ...]:
    """Places for ``how_many`` counters in one segment, outer ring first, none overlapping.

    When the segment is too crowded at full size the counters shrink together, down to
    a readable floor; past that the last ring overfills rather than hide anyone.
    ``size`` is the scale to start from (larger text, larger counters), ``normal`` the
    one normal text would start from. Worked out once per question and remembered: a
    step lays out every counter again, and most segments hold as many as before.
    """
    if how_many <= 0:
        return ()
    start, sweep = segment_span(segment, count)
    # Larger text draws counters (and their badges) larger, room allowing; a crowded
    # segment's counters are never drawn smaller than normal text would draw them.
    scale = max(_fitting_scale(sweep, how_many, size), _fitting_scale(sweep, how_many, normal))
    rings = [(r, _capacity(r, sweep, scale)) for r in _ring_radii(scale)]
    return tuple(_fill_rings(rings, start, sweep, how_many, scale))


def _fitting_scale(sweep: float, how_many: int, size: float) -> float:
    # From ``size`` down in steps of a tenth until the segment's rings hold everyone.
    scale = size
    while scale > SMALLEST_SCALE:
        rings = _ring_radii(scale)
        if sum(_capacity(r, sweep, scale) for r in rings) >= how_many:
            break
        scale = max(SMALLEST_SCALE, scale * 0.9)
    return scale


def _fill_rings(
    rings: list[tuple[float, int]], start: float, sweep: float, how_many: int, scale: float
) -> list[Slot]:
    slots: list[Slot] = []
    left = how_many
    for index, (radius, capacity) in enumerate(rings):
        last = index == len(rings) - 1
        here = left if last else min(capacity, left)
        slots.extend(_ring_slots(radius, start, sweep, here, scale))
        left -= here
        if left == 0:
            break
    return slots


def _ring_slots(radius: float, start: float, sweep: float, n: int, scale: float) -> list[Slot]:
    step = sweep / n
    slots = []
    for k in range(n):
        x, y = point_at(radius, start + step * (k + 0.5))
        slots.append(Slot(x, y, scale))
    return slots


TRAY_TOP = LABEL_RADIUS + 80.0
TRAY_PER_ROW = 12
TRAY_WIDTH = TRAY_PER_ROW * COUNTER_PITCH


def _tray_per_row(size: float) -> int:
    # Larger counters (larger text) put fewer in a row, so the tray keeps its width.
    return max(1, min(TRAY_PER_ROW, int(TRAY_WIDTH // (COUNTER_PITCH * size))))


def _tray_first_row(size: float) -> float:
    # A larger counter's top stays as far below the tray's caption as a normal one's.
    return TRAY_TOP + (size - 1.0) * COUNTER_SIZE / 2


def tray_slots(how_many: int, size: float = 1.0) -> list[Slot]:
    """Places below the wheel for counters not on it, in centred rows (twelve at most).

    ``size`` is the counters' scale (the text scale: larger text, larger counters).
    """
    per_row, pitch, top = _tray_per_row(size), COUNTER_PITCH * size, _tray_first_row(size)
    slots = []
    for index in range(how_many):
        row, column = divmod(index, per_row)
        in_row = min(per_row, how_many - row * per_row)
        x = (column - (in_row - 1) / 2) * pitch
        slots.append(Slot(x, top + row * pitch, size))
    return slots


def tray_height(how_many: int, size: float = 1.0) -> float:
    """How far below the wheel's labels the tray reaches (0 when nobody waits)."""
    rows = -(-how_many // _tray_per_row(size))
    if rows == 0:
        return 0.0
    return _tray_first_row(size) - LABEL_RADIUS + rows * COUNTER_PITCH * size


# The side pocket (held and readied actions) fills the lower right corner of the scene,
# clear of the ring's labels: a counter a row, its trigger written under it; it grows
# down a row at a time.
POCKET_LEFT = 282.0
POCKET_TOP = 262.0
POCKET_WIDTH = 164.0
POCKET_CAPTION = 28.0
POCKET_ROW = 104.0  # a counter with its gauges, then two lines of its trigger
TRIGGER_TOP = 74.0  # where a trigger's lines start, below its row's top
TRIGGER_HEIGHT = 28.0


def pocket_rect(how_many: int) -> tuple[float, float, float, float]:
    """The pocket's left, top, width and height for ``how_many`` counters (room for one
    at least, so an empty pocket still shows where to drop)."""
    return POCKET_LEFT, POCKET_TOP, POCKET_WIDTH, POCKET_CAPTION + max(1, how_many) * POCKET_ROW


def _row_top(index: int) -> float:
    return POCKET_TOP + POCKET_CAPTION + index * POCKET_ROW


def pocket_slots(how_many: int) -> list[Slot]:
    """Places in the pocket, one a row, under its caption."""
    centre = POCKET_LEFT + POCKET_WIDTH / 2
    return [Slot(centre, _row_top(index) + 34, 1.0) for index in range(how_many)]


def trigger_box(index: int) -> tuple[float, float, float, float]:
    """Where the trigger of the pocket's ``index``-th counter is written (left, top, w, h)."""
    return POCKET_LEFT + 6, _row_top(index) + TRIGGER_TOP, POCKET_WIDTH - 12, TRIGGER_HEIGHT


def in_pocket(x: float, y: float, how_many: int) -> bool:
    """Whether a scene point is inside the pocket."""
    left, top, width, height = pocket_rect(how_many)
    return left <= x <= left + width and top <= y <= top + height


GHOST_RADIUS = INNER_RADIUS + 62.0  # inside the ring of counters, clear of the hub


def ghost_point(segment: int, count: int) -> tuple[float, float]:
    """Where a counter's ghost (its place from next round) stands in a segment."""
    start, sweep = segment_span(segment, count)
    return point_at(GHOST_RADIUS, start + sweep / 2)
