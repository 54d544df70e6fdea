"""The presentation contract: what a ruleset shows the desktop, as plain values.

Every ruleset describes its fight through these types and nothing else reaches the
shared views: the turn track the wheel draws (2e's ring of ticks, 3e's Initiative
scale, the order of a round), what dropping a counter on a slot would do, the sheet's
sections, the turn's actions and the printed card. They hold no engine objects and
no Qt, so a view can be tested with hand-made values and a repaint can never change
the combat.
"""

from __future__ import annotations

import collections
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from battlewheel.engine.core.actions import Action

ALLY = "ally"
ENEMY = "enemy"
SIDES = (ALLY, ENEMY)

# Where a badge sits on its counter.
TOP_LEFT = "top_left"
TOP_RIGHT = "top_right"
BOTTOM_LEFT = "bottom_left"
BOTTOM_RIGHT = "bottom_right"
# Halfway down the right-hand edge: the GM's conditions (the corners are the ruleset's).
SIDE_RIGHT = "side_right"


# -- the turn track (the wheel) -----------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """One place on the ring: a tick, an Initiative value, a place in the round's order.

    ``shaded`` draws it in the warning shade (3e's Crash arc); ``mark`` is a word drawn
    beside the label (3e's base Initiative).
    """

    label: str
    shaded: bool = False
    mark: str = ""


@dataclass(frozen=True)
class Badge:
    """A small label on a counter: ``text`` on the counter, ``tip`` in words.

    ``tone`` picks its colour: ``"penalty"``, ``"lap"``, ``"wound"``, ``"state"``,
    ``"condition"`` or ``"info"``.
    """

    corner: str
    text: str
    tip: str = ""
    tone: str = "info"


@dataclass(frozen=True)
class Ring:
    """A ring drawn round a counter, outside its ``meter`` (Pool & Ward's Ward).

    ``fraction`` (0-1) of the ring is drawn in ``tone``'s colour, clockwise from the top,
    over a faint full circle that stands for the maximum; ``tip`` says it in words.
    """

    fraction: float
    tip: str = ""
    tone: str = "ward"


@dataclass(frozen=True)
class Bar:
    """A small bar under a counter (Health, Vigor): ``label`` and the share of it left.

    ``negative`` draws the bar in the warning red, its length then the share of the way
    to the bottom (Pool & Ward's Health below 0, counting toward death); ``tone`` picks
    its colour otherwise (``"health"``, ``"vigor"``).
    """

    label: str
    fraction: float
    negative: bool = False
    tip: str = ""
    tone: str = "health"


@dataclass(frozen=True)
class Pips:
    """A column of dots beside a counter: ``left`` filled of ``total`` (Dodge, Parry uses)."""

    label: str
    left: int
    total: int
    tip: str = ""


@dataclass(frozen=True)
class Lamp:
    """A letter beside a counter, lit or not (an action slot used this turn: F, M, S)."""

    text: str
    lit: bool
    tip: str = ""


@dataclass(frozen=True)
class Counter:
    """One combatant's counter: who, which slot, and what it wears.

    ``slot`` indexes ``TurnTrack.slots`` (None: waiting beside the ring, or in the
    pocket when ``pocket`` names its trigger). ``done`` draws it dim (acted this round);
    ``down`` crosses it out (dead, out of the fight). ``meter`` is a fraction 0-1 drawn
    as an arc (Endurance, Health) or None. ``rings``, ``bars``, ``pips`` and ``lamps``
    are further gauges a system may hang on the counter (none by default). ``ghost`` is
    a slot where a faint copy of the counter is drawn: where it will stand from the next
    round (Impulse's Change Initiative), with ``ghost_label`` under it.
    """

    id: str
    name: str
    initials: str
    side: str
    slot: int | None
    colour_index: int = 0
    acting: bool = False
    done: bool = False
    down: bool = False
    badges: tuple[Badge, ...] = ()
    states: tuple[str, ...] = ()
    details: tuple[str, ...] = ()
    meter: float | None = None
    pocket: str = ""
    rings: tuple[Ring, ...] = ()
    bars: tuple[Bar, ...] = ()
    pips: tuple[Pips, ...] = ()
    lamps: tuple[Lamp, ...] = ()
    ghost: int | None = None
    ghost_label: str = ""

    def badge(self, corner: str) -> Badge | None:
        """The badge in one corner, if any."""
        return next((b for b in self.badges if b.corner == corner), None)


@dataclass(frozen=True)
class TurnTrack:
    """The whole ring: its slots, the cursor, the counters and the hub's words.

    ``order_key`` keeps the counters sharing a slot in a stable order (nearest first).
    ``pocket`` says the ring has a side pocket the GM drags counters into and out of
    (``Ruleset.pocket_drop`` and ``pocket_fire``), labelled ``pocket_caption``.
    ``drag_hints`` asks the window to show, above a dragged counter, what letting it go
    there would do (the verdict's cost or refusal) before the drop.
    """

    slots: tuple[Slot, ...] = (Slot("0"),)
    cursor: int | None = None
    counters: tuple[Counter, ...] = ()
    hub: str = "not started"
    ended: bool = False
    waiting_caption: str = "not on the wheel yet"
    pocket_caption: str = "held"
    pocket: bool = False
    drag_hints: bool = False

    @property
    def slot_count(self) -> int:
        """How many slots the ring has."""
        return len(self.slots)

    def counter(self, counter_id: str) -> Counter | None:
        """The counter with this id, or None."""
        return next((c for c in self.counters if c.id == counter_id), None)

    def off_wheel(self) -> list[Counter]:
        """Counters waiting beside the ring (not in the pocket), in roster order."""
        return [c for c in self.counters if c.slot is None and not c.pocket]

    def in_pocket(self) -> list[Counter]:
        """Counters whose action is held for a trigger."""
        return [c for c in self.counters if c.slot is None and c.pocket]

    def on_slot(self, slot: int) -> list[Counter]:
        """The counters standing on one slot, in the order the ruleset gave them."""
        return [c for c in self.counters if c.slot == slot]


@dataclass(frozen=True)
class DropVerdict:
    """What letting a counter go on a slot would do: an action with its cost, or a refusal.

    ``rule`` names the section that decides (shown as the reason's source); ``confirm``
    asks the GM first (a cost in a resource, or a GM edit outside the rules). ``prompt``
    asks the GM for words first (a held action's trigger): the action is then a stand-in
    that shows the drop is allowed, and the view asks the ruleset again with the words.
    """

    action: Action | None
    cost: str = ""
    refusal: str = ""
    rule: str = ""
    confirm: bool = False
    result: str = ""
    prompt: str = ""

    @property
    def allowed(self) -> bool:
        """Whether the drop becomes an action."""
        return self.action is not None


# -- how hurt someone is (the player screen) -------------------------------------------

UNHURT, WOUNDED, BADLY_HURT, DOWN = "unhurt", "wounded", "badly hurt", "down"
ESCAPED = "escaped"


@dataclass(frozen=True)
class Vitality:
    """How hurt one combatant is, in terms every system shares.

    The player screen shows a player character's ``track`` and only ``words`` for the
    others. ``left`` is the share of the combatant's main track still unharmed (1 unhurt,
    0 nothing left before going down); ``down`` means out of the fight, whatever the
    system calls it (incapacitated, disabled, defeated, dissolved, dead). A player
    character may show ``more`` tracks under the main one (Pool & Ward's Vigor and Ward)
    and ``figures``, a short line the players follow (3e's Initiative).
    """

    left: float
    down: bool = False
    player: bool = False
    track: BoxTrack | None = None
    more: tuple[BoxTrack, ...] = ()
    figures: str = ""
    # Out of the fight without being beaten (a villain's escape): the players read
    # "escaped", never "down".
    escaped: bool = False

    @property
    def words(self) -> str:
        """Unhurt, wounded, badly hurt (half or less left), down or escaped."""
        if self.down:
            return ESCAPED if self.escaped else DOWN
        if self.left >= 1:
            return UNHURT
        return WOUNDED if self.left > 0.5 else BADLY_HURT


# -- the sheet ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Glyph:
    """One kind of mark a box track holds: its character in the marks and its words."""

    mark: str
    name: str
    colour: str


@dataclass(frozen=True)
class BoxTrack:
    """A row of boxes (health levels, Endurance, Magnitude, Health with negatives, Ward).

    ``marks`` has one character per box (``blank`` when empty); ``labels`` the label
    over each box; ``legend`` the glyphs it can hold; ``cycle`` the order a click steps
    through (empty first) or empty when the track cannot be clicked. ``action_key``
    names what a click asks the ruleset for.
    """

    key: str
    title: str
    marks: str
    labels: tuple[str, ...]
    legend: tuple[Glyph, ...]
    cycle: tuple[str, ...] = ()
    blank: str = "."
    summary: str = ""
    penalty: int = 0
    condition: str = ""
    flags: tuple[str, ...] = ()
    # (label, mark) pairs: a box under that label never holds that mark (2e: a Dying
    # box never holds bashing), so a click steps past it.
    refused: tuple[tuple[str, str], ...] = ()

    def glyph(self, mark: str) -> Glyph | None:
        """The legend entry of one mark (None for an empty box)."""
        return next((g for g in self.legend if g.mark == mark), None)

    def next_mark(self, mark: str, label: str = "") -> str:
        """What a click makes of a box holding ``mark`` (the cycle wraps round)."""
        if mark not in self.cycle:
            return mark
        index = self.cycle.index(mark)
        for step in range(1, len(self.cycle) + 1):
            following = self.cycle[(index + step) % len(self.cycle)]
            if (label, following) not in self.refused:
                return following
        return mark


@dataclass(frozen=True)
class Value:
    """One shown number or word; ``note`` explains an override or a penalty."""

    label: str
    value: int | str
    overridden: bool = False
    note: str = ""
    key: str = ""

    @property
    def text(self) -> str:
        """The value as printed; an override wears a dagger so it stands out."""
        return f"{self.value}†" if self.overridden else str(self.value)


@dataclass(frozen=True)
class Pool:
    """A spendable pool (Willpower, motes, Initiative, Impulse); ``key`` names it."""

    key: str
    label: str
    current: int
    maximum: int | None = None
    note: str = ""

    @property
    def text(self) -> str:
        """``current / maximum``; a maximum the GM set wears a dagger."""
        if self.maximum is None:
            return str(self.current)
        return f"{self.current} / {self.maximum}" + ("†" if self.note else "")


@dataclass(frozen=True)
class Table:
    """Rows under column headers (weapons, attacks)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    tips: tuple[str, ...] = ()
    footer: str = ""


@dataclass(frozen=True)
class Values:
    """A titled group of values (defences, attributes)."""

    title: str
    values: tuple[Value, ...]
    columns: int = 1
    headings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Text:
    """A titled paragraph (notes, specialties, armour)."""

    title: str
    text: str


@dataclass(frozen=True)
class ConditionLine:
    """One condition on a sheet: its words, its modifiers and expiry, the action removing it."""

    text: str
    detail: str
    remove: Action


@dataclass(frozen=True)
class ConditionsSection:
    """The conditions the GM laid on a combatant, each removable from the sheet."""

    title: str
    lines: tuple[ConditionLine, ...]


Section = BoxTrack | Values | Table | Text | ConditionsSection


@dataclass(frozen=True)
class PoolsSection:
    """The sheet's spendable pools."""

    title: str
    pools: tuple[Pool, ...]


@dataclass(frozen=True)
class SheetView:
    """Everything one character sheet shows, in the ruleset's order."""

    id: str
    name: str
    kind: str
    side: str
    status: tuple[str, ...] = ()
    sections: tuple[Section | PoolsSection, ...] = ()
    edit_dialog: str = ""
    edit_label: str = "GM &override…"

    def tracks(self) -> tuple[BoxTrack, ...]:
        """The box tracks of the sheet, in order."""
        return tuple(s for s in self.sections if isinstance(s, BoxTrack))

    def track(self, key: str) -> BoxTrack | None:
        """One box track by key."""
        return next((t for t in self.tracks() if t.key == key), None)

    def pools(self) -> tuple[Pool, ...]:
        """Every pool of the sheet."""
        return tuple(p for s in self.sections if isinstance(s, PoolsSection) for p in s.pools)

    def values(self, title: str) -> tuple[Value, ...]:
        """The values of one titled group (empty when the sheet has none)."""
        found = [s for s in self.sections if isinstance(s, Values) and s.title == title]
        return found[0].values if found else ()


# -- the combatants table ----------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One column of the combatants table: its name, short title and meaning.

    ``track`` columns draw a box track; ``order`` marks the column that sorts the table
    in turn order (who acts next on top); ``hidden`` columns start hidden.
    """

    name: str
    title: str = ""
    tip: str = ""
    track: bool = False
    order: bool = False
    hidden: bool = False

    @property
    def short(self) -> str:
        """The header's text (the full name when no short title is given)."""
        return self.title or self.name


@dataclass(frozen=True)
class Cell:
    """One cell of the combatants table: text, what it sorts by, its tooltip, its track."""

    text: str = ""
    sort: int | str = 0
    tip: str = ""
    track: BoxTrack | None = None


NOT_PLACED = 10**9  # sorts after every slot: a combatant not yet on the ring


# -- the turn's actions and the printed card ----------------------------------------------


@dataclass(frozen=True)
class TurnAction:
    """One entry of the Combat menu and toolbar: a key, a label, what it opens.

    ``dialog`` names the dialog the ruleset's views package opens; ``action`` is an
    action to push as it is, with no dialog; ``why_not`` says why it is greyed out.
    """

    key: str
    label: str
    shortcut: str = ""
    tip: str = ""
    dialog: str = ""
    action: Action | None = None
    why_not: str = ""
    toolbar: bool = False
    group: int = 0
    # As the next step (``Ruleset.next_step``): done without asking, as soon as it is next.
    auto: bool = False
    # As the next step: a question asked first, No the default (a turn ended though its
    # actor has done nothing), so a stray Space cannot pass a turn by itself.
    confirm: str = ""

    @property
    def enabled(self) -> bool:
        """Whether the entry can be used now."""
        return not self.why_not


def first_enabled(entries: Sequence[TurnAction], keys: Sequence[str]) -> TurnAction | None:
    """The entry of the first of ``keys`` that can be used now (a ruleset's next step)."""
    by_key = {entry.key: entry for entry in entries}
    return next((by_key[key] for key in keys if by_key[key].enabled), None)


@dataclass(frozen=True)
class Card:
    """A printed card: a title line, the sections and a strip of reminders at the foot."""

    title: str
    subtitle: str = ""
    sections: tuple[Section | PoolsSection, ...] = ()
    reminders: tuple[str, ...] = ()
    # The reminders of the card printed blank, where they differ (no current figures).
    blank_reminders: tuple[str, ...] | None = None


# -- naming counters -------------------------------------------------------------------------

ALLY_COLOURS = ("#1f5fbf", "#14806f", "#5440b8", "#1a76a8", "#2e7d32", "#3949ab", "#00695c")
ENEMY_COLOURS = ("#b3261e", "#c05600", "#a0155a", "#8e2b0b", "#b8431a", "#7b1fa2", "#9c2a2a")


def colour_hex(side: str, index: int) -> str:
    """The counter colour of a combatant: a hue from its side's family, varied by index."""
    family = ALLY_COLOURS if side == ALLY else ENEMY_COLOURS
    return family[index % len(family)]


def colour_indices(sides: Sequence[tuple[str, str]]) -> dict[str, int]:
    """Each (id, side)'s place among its own side, which picks its counter colour."""
    counts: dict[bool, int] = {True: 0, False: 0}
    result = {}
    for cid, side in sides:
        ally = side == ALLY
        result[cid] = counts[ally]
        counts[ally] += 1
    return result


_NUMBERED = re.compile(r"^(?P<stem>.*?)\s*(?P<number>\d+)$")


@functools.lru_cache(maxsize=4096)  # the wheel asks for every counter after every step
def initials(name: str) -> str:
    """Two or three letters that name a combatant on its counter ("Bandit 3" → "B3")."""
    match = _NUMBERED.match(name.strip())
    if match and match["stem"]:
        return _letters(match["stem"], 1) + match["number"]
    return _letters(name, 2)


def _letters(name: str, most: int) -> str:
    words = [w for w in re.split(r"[\s\-_]+", name.strip()) if w]
    if not words:
        return "?"
    if len(words) == 1 or most == 1:
        first = words[0]
        return (first[:most].capitalize()) if most > 1 else first[0].upper()
    return "".join(w[0].upper() for w in words[:most])


def unique_initials(names: Sequence[str]) -> list[str]:
    """Initials for every name, numbered where two would otherwise look alike."""
    raw = [initials(n) for n in names]
    counts = collections.Counter(raw)
    seen: dict[str, int] = {}
    result = []
    for text in raw:
        if counts[text] == 1:
            result.append(text)
            continue
        seen[text] = seen.get(text, 0) + 1
        result.append(f"{text[:2]}{seen[text]}")
    return result


@dataclass(frozen=True)
class Odds:
    """What the odds dock draws for one roll against one defence.

    ``successes[k]`` is the chance of ``k`` total successes (automatic ones and
    external penalties already counted); ``levels[k]`` the chance that a hit deals
    ``k`` of ``damage_label`` (health levels, Initiative, Endurance); ``hit_chance``
    the chance that the successes beat ``dv``.
    """

    title: str
    dv: int
    successes: tuple[float, ...]
    hit_chance: float
    levels: tuple[float, ...] = ()
    damage_label: str = "levels"
    # The words the dock writes: the defence the successes must beat, the damage axis.
    defence_label: str = "DV"
    damage_axis: str = "Levels dealt by a hit (before ping and resilience)"
    # The dock's label for its "what if" box; empty means "Defender's <defence_label>".
    # A roll against a difficulty or an opposed roll has no defender to name.
    defence_row: str = ""
    # The fewest successes that hit: above the defence (the default), or at it under a
    # ruling such as Impulse's beat_rule "at least".
    hits_at: int | None = None

    @property
    def defence_words(self) -> str:
        """The "what if" box's label, with its & shortcut."""
        return self.defence_row or f"Defender's &{self.defence_label}:"

    @property
    def least_hit(self) -> int:
        """The smallest number of successes the dock colours as a hit."""
        return self.dv + 1 if self.hits_at is None else self.hits_at


@dataclass(frozen=True)
class RulesetInfo:
    """A combat system as File > New combat lists it."""

    name: str
    title: str
    seed: str
    available: bool
    note: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)
