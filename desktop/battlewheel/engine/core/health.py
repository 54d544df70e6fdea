"""Health tracks: the boxes on a sheet and the 2e Rewrite's rules for marking them.

A track is a run of penalty levels (-0, -1, -1, -2, -2, -4 plus any extra levels),
one Incapacitated box, then one Dying box per dot of natural Stamina. Marks are kept
in the order the marking rules produce (000 §Applying Effects): in the boxes
down to Incapacitated, aggravated first, then lethal, then bashing, then empty; the
Dying boxes hold only lethal and aggravated damage, aggravated first. Because every
marking, healing and click keeps that order, a track is fully described by its levels
and its marks string, and two tracks with the same damage are equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import TraitValueError

EMPTY = "."
BASHING = "/"
LETHAL = "X"
AGGRAVATED = "*"

_SEVERITY = {EMPTY: 0, BASHING: 1, LETHAL: 2, AGGRAVATED: 3}
_CLICK_NEXT = {EMPTY: BASHING, BASHING: LETHAL, LETHAL: AGGRAVATED, AGGRAVATED: EMPTY}
STANDARD_PENALTIES: tuple[int, ...] = (0, 1, 1, 2, 2, 4)
ALLOWED_PENALTIES = (0, 1, 2, 4)
INCAP_LABEL = "Incap"
DYING_LABEL = "Dying"


def _sorted_marks(marks: Iterable[str]) -> list[str]:
    return sorted(marks, key=lambda mark: -_SEVERITY[mark])


@dataclass(frozen=True)
class HealthOptions:
    """The (option) rulings of applying damage (RULES.md §Applying, step 5).

    ``ox_body_counts_bashing``: with Ox-Body's first purchase, the resilience pool is
    the lethal plus bashing levels already taken (default, True) or lethal only (False).
    """

    ox_body_counts_bashing: bool = True

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every option."""
        return {"ox_body_counts_bashing": self.ox_body_counts_bashing}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> HealthOptions:
        """Read options, filling any missing one with its default."""
        return cls(ox_body_counts_bashing=bool(obj.get("ox_body_counts_bashing", True)))


@dataclass(frozen=True)
class HealthTrack:
    """An immutable health track: level penalties, Dying boxes and the marks on them.

    ``penalties`` holds the dice penalty of each box above Incapacitated, in order;
    ``dying`` is the number of Dying boxes; ``marks`` has one character per box
    (``.`` empty, ``/`` bashing, ``X`` lethal, ``*`` aggravated), Incapacitated and
    Dying boxes included.

    What a track's marks say (its damage, wound penalty, whether it is down) is worked
    out once a track and kept with it: a track never changes, and a forecast asks
    each fighter's again at every action.
    """

    penalties: tuple[int, ...]
    dying: int
    marks: str

    def __post_init__(self) -> None:
        _check_levels(self.penalties, self.dying)
        if len(self.marks) != self.size:
            raise TraitValueError("health.marks", f"{self.size} characters, one per box")
        if any(mark not in _SEVERITY for mark in self.marks):
            raise TraitValueError("health.marks", "made of '.', '/', 'X' and '*'", self.marks)
        expected = _layout(self.aggravated, self.lethal, self.bashing, self.upper_size, self.dying)
        if self.bashing > self.upper_size or self.marks != expected:
            raise TraitValueError(
                "health.marks",
                "ordered worst first, with no bashing in a Dying box",
                self.marks,
            )

    # -- construction -------------------------------------------------------------

    @classmethod
    def standard(cls, stamina: int, extra_levels: Iterable[int] = ()) -> HealthTrack:
        """The standard track for a natural Stamina (000 §Health Levels).

        ``extra_levels`` are penalty values (0, 1, 2 or 4) of extra boxes from Ox-Body
        or charms; each sits with the boxes of the same penalty.
        """
        if isinstance(stamina, bool) or not isinstance(stamina, int) or stamina < 1:
            raise TraitValueError(
                "health.stamina", "an integer 1-10 (one Dying box per dot)", stamina
            )
        penalties = tuple(sorted((*STANDARD_PENALTIES, *extra_levels)))
        return cls.empty(penalties, stamina)

    @classmethod
    def empty(cls, penalties: Iterable[int], dying: int) -> HealthTrack:
        """An unmarked track with the given level penalties and Dying boxes."""
        levels = tuple(penalties)
        _check_levels(levels, dying)
        return cls(levels, dying, EMPTY * (len(levels) + 1 + dying))

    # -- shape --------------------------------------------------------------------

    @cached_property
    def size(self) -> int:
        """Number of boxes, Incapacitated and Dying included."""
        return len(self.penalties) + 1 + self.dying

    @cached_property
    def upper_size(self) -> int:
        """Boxes that can hold bashing: the penalty levels and Incapacitated."""
        return len(self.penalties) + 1

    @cached_property
    def incap_index(self) -> int:
        """Index of the Incapacitated box."""
        return len(self.penalties)

    @property
    def labels(self) -> tuple[str, ...]:
        """Level names in order: ``-0``, ``-1``, ..., ``Incap``, ``Dying``, ..."""
        named = tuple(f"-{penalty}" for penalty in self.penalties)
        return (*named, INCAP_LABEL, *(DYING_LABEL,) * self.dying)

    # -- state --------------------------------------------------------------------

    def count(self, mark: str) -> int:
        """How many boxes hold ``mark``."""
        return self.marks.count(mark)

    @cached_property
    def bashing(self) -> int:
        """Bashing levels on the track."""
        return self.count(BASHING)

    @cached_property
    def lethal(self) -> int:
        """Lethal levels on the track."""
        return self.count(LETHAL)

    @cached_property
    def aggravated(self) -> int:
        """Aggravated levels on the track."""
        return self.count(AGGRAVATED)

    @cached_property
    def damage(self) -> int:
        """Every level marked, of any type."""
        return self.size - self.count(EMPTY)

    @cached_property
    def wound_penalty(self) -> int:
        """Dice lost to wounds: the penalty of the deepest marked level above Incapacitated."""
        marked = [p for p, m in zip(self.penalties, self.marks, strict=False) if m != EMPTY]
        return marked[-1] if marked else 0

    @cached_property
    def incapacitated(self) -> bool:
        """The Incapacitated box holds damage of any kind: the character cannot act."""
        return self.marks[self.incap_index] != EMPTY

    @cached_property
    def unconscious(self) -> bool:
        """The Incapacitated box holds bashing (000 §Applying Effects)."""
        return self.marks[self.incap_index] == BASHING

    @cached_property
    def critical(self) -> bool:
        """The Incapacitated box holds lethal or aggravated (000 §Applying Effects)."""
        return self.marks[self.incap_index] in (LETHAL, AGGRAVATED)

    @cached_property
    def share_left(self) -> float:
        """The share of the levels above Incapacitated still unmarked (1 when unhurt)."""
        upper = self.marks[: self.incap_index]
        return upper.count(EMPTY) / len(upper) if upper else 1.0

    @cached_property
    def dead(self) -> bool:
        """Every Dying box is full (000 §Applying Effects)."""
        return self.dying > 0 and EMPTY not in self.marks[self.upper_size :]

    # -- marking ------------------------------------------------------------------

    def mark(self, bashing: int = 0, lethal: int = 0, aggravated: int = 0) -> HealthTrack:
        """Mark levels: bashing, then lethal, then aggravated (000 §Applying Effects)."""
        return self.mark_with_overflow(bashing, lethal, aggravated)[0]

    def mark_with_overflow(
        self, bashing: int = 0, lethal: int = 0, aggravated: int = 0
    ) -> tuple[HealthTrack, int]:
        """Mark levels and also return how many fell past the last Dying box.

        Every level marked ends on the track or, once every Dying box is full, is
        pushed off its end; the overflow is that count, and is positive only for a
        dead track (000 §Applying Effects).
        """
        _check_counts(bashing=bashing, lethal=lethal, aggravated=aggravated)
        if not (bashing or lethal or aggravated):
            return self, 0  # nothing to mark: the same track (damage marks each type apart)
        upper, lower = self._regions()
        overflow = 0
        for kind, levels in ((BASHING, bashing), (LETHAL, lethal), (AGGRAVATED, aggravated)):
            for _ in range(levels):
                overflow += _mark_one(upper, lower, kind, (self.upper_size, self.dying))
        return self._with_regions(upper, lower), overflow

    def heal(
        self, levels: int = 0, *, bashing: int = 0, lethal: int = 0, aggravated: int = 0
    ) -> HealthTrack:
        """Remove damage: ``levels`` lightest first, plus the named counts of each type.

        Healing more than the track holds simply empties it. Remaining damage moves up
        to keep the track ordered worst first.
        """
        _check_counts(levels=levels, bashing=bashing, lethal=lethal, aggravated=aggravated)
        counts = {kind: self.count(kind) for kind in (BASHING, LETHAL, AGGRAVATED)}
        for kind, amount in ((BASHING, bashing), (LETHAL, lethal), (AGGRAVATED, aggravated)):
            counts[kind] -= min(amount, counts[kind])
        for kind in (BASHING, LETHAL, AGGRAVATED):
            taken = min(levels, counts[kind])
            counts[kind] -= taken
            levels -= taken
        return self._laid_out(counts[AGGRAVATED], counts[LETHAL], counts[BASHING])

    def clear(self) -> HealthTrack:
        """The same track with every box empty."""
        return HealthTrack.empty(self.penalties, self.dying)

    def cycle_box(self, index: int) -> HealthTrack:
        """The GM's click on one box: empty → bashing → lethal → aggravated → empty.

        The click changes one level of damage; the track then reorders itself, so the
        new mark may show in a different box. A Dying box skips bashing (it can never
        hold it), and an empty box that bashing cannot reach takes lethal instead.
        """
        if not 0 <= index < self.size:
            raise TraitValueError("health box index", f"0-{self.size - 1}", index)
        current = self.marks[index]
        new = _CLICK_NEXT[current]
        counts = {kind: self.count(kind) for kind in (BASHING, LETHAL, AGGRAVATED)}
        if new == BASHING and (index >= self.upper_size or self._upper_full()):
            new = LETHAL
        if current != EMPTY:
            counts[current] -= 1
        if new != EMPTY:
            counts[new] += 1
        return self._laid_out(counts[AGGRAVATED], counts[LETHAL], counts[BASHING])

    def set_marks(self, marks: str) -> HealthTrack:
        """Replace the marks; the levels of each type are kept, reordered worst first.

        Raises ``TraitValueError`` when the string has the wrong length, an unknown
        character, or more bashing than the boxes down to Incapacitated can hold.
        """
        if len(marks) != self.size or any(mark not in _SEVERITY for mark in marks):
            raise TraitValueError(
                "health.marks", f"{self.size} characters of '.', '/', 'X', '*'", marks
            )
        return self._laid_out(marks.count(AGGRAVATED), marks.count(LETHAL), marks.count(BASHING))

    def with_levels(self, penalties: Iterable[int], dying: int) -> HealthTrack:
        """The same damage on a track of different levels (e.g. after buying Ox-Body).

        Damage that no longer fits falls off the end, lightest first.
        """
        empty = HealthTrack.empty(tuple(sorted(penalties)), dying)
        upper = min(self.bashing, empty.upper_size)
        track = empty._laid_out(0, 0, upper)
        return track.mark(lethal=self.bashing - upper + self.lethal, aggravated=self.aggravated)

    # -- persistence --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that ``from_json`` turns back into an equal track."""
        return {"penalties": list(self.penalties), "dying": self.dying, "marks": self.marks}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> HealthTrack:
        """Read a track written by ``to_json``; bad data raises ``TraitValueError``."""
        try:
            penalties = tuple(int(p) for p in obj["penalties"])
            dying = int(obj["dying"])
            marks = str(obj["marks"])
        except (KeyError, TypeError, ValueError) as error:
            raise TraitValueError(
                "health", "an object with penalties, dying and marks", obj
            ) from error
        return cls(penalties, dying, marks)

    def __str__(self) -> str:
        return f"{self.marks[: self.upper_size]}|{self.marks[self.upper_size :]}"

    # -- helpers ------------------------------------------------------------------

    def _regions(self) -> tuple[list[str], list[str]]:
        upper = [m for m in self.marks[: self.upper_size] if m != EMPTY]
        lower = [m for m in self.marks[self.upper_size :] if m != EMPTY]
        return upper, lower

    def _upper_full(self) -> bool:
        return EMPTY not in self.marks[: self.upper_size]

    def _with_regions(self, upper: list[str], lower: list[str]) -> HealthTrack:
        marks = "".join(upper).ljust(self.upper_size, EMPTY)
        marks += "".join(_sorted_marks(lower)).ljust(self.dying, EMPTY)
        return HealthTrack(self.penalties, self.dying, marks)

    def _laid_out(self, aggravated: int, lethal: int, bashing: int) -> HealthTrack:
        """Lay counts of damage on this track in the order marking produces."""
        if bashing > self.upper_size:
            raise TraitValueError(
                "health bashing levels",
                f"at most {self.upper_size} (never in a Dying box)",
                bashing,
            )
        if aggravated + lethal + bashing > self.size:
            raise TraitValueError("health levels marked", f"at most {self.size} boxes in all")
        marks = _layout(aggravated, lethal, bashing, self.upper_size, self.dying)
        return HealthTrack(self.penalties, self.dying, marks)


def _layout(aggravated: int, lethal: int, bashing: int, upper_size: int, dying: int) -> str:
    """The marks string for counts of damage, in the order marking produces."""
    heavy = AGGRAVATED * aggravated + LETHAL * lethal
    room = upper_size - bashing
    upper = (heavy[:room] + BASHING * bashing).ljust(upper_size, EMPTY)
    return upper + heavy[room:].ljust(dying, EMPTY)


def _mark_one(upper: list[str], lower: list[str], kind: str, sizes: tuple[int, int]) -> int:
    """Mark one level on the marked boxes of each region; return 1 if one fell off the end."""
    upper_size, dying = sizes
    if kind == BASHING:
        if len(upper) < upper_size:
            upper.append(BASHING)
            return 0
        kind = LETHAL  # no free box down to Incapacitated: bashing turns lethal
    place = sum(1 for mark in upper if _SEVERITY[mark] >= _SEVERITY[kind])
    if place >= upper_size:
        return _into_dying(lower, kind, dying)
    upper.insert(place, kind)
    if len(upper) <= upper_size:
        return 0
    pushed = upper.pop()
    return _into_dying(lower, LETHAL if pushed == BASHING else pushed, dying)


def _into_dying(lower: list[str], kind: str, dying: int) -> int:
    """Put a level in the next free Dying box; when none is free the lightest falls off."""
    lower.append(kind)
    if len(lower) <= dying:
        return 0
    lower.sort(key=lambda mark: -_SEVERITY[mark])
    lower.pop()
    return 1


def _check_levels(penalties: tuple[int, ...], dying: int) -> None:
    for penalty in penalties:
        if penalty not in ALLOWED_PENALTIES:
            raise TraitValueError("health level penalty", "0, 1, 2 or 4", penalty)
    if list(penalties) != sorted(penalties):
        raise TraitValueError("health level penalties", "in ascending order", penalties)
    if not 1 <= dying <= 10:
        raise TraitValueError("health.dying", "1-10 Dying boxes (natural Stamina)", dying)


def _check_counts(**counts: int) -> None:
    for name, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TraitValueError(f"health {name} levels", "a whole number 0 or more", value)


def apply_levels(
    track: HealthTrack,
    *,
    bashing: int,
    lethal: int,
    aggravated: int,
    exalted_resilience: bool,
    ox_body: bool = False,
    options: HealthOptions | None = None,
) -> HealthTrack:
    """Apply rolled damage levels to a track (000 §Applying Effects, §Ox-Body Technique).

    Bashing is marked first, then lethal, then aggravated. Exalted resilience lowers
    the lethal levels by the lethal levels on the track just before the lethal step.
    Ox-Body's first purchase (which implies resilience) instead draws one pool before
    anything is marked, from the lethal levels taken (plus bashing, by the option
    ``HealthOptions.ox_body_counts_bashing``), and spends it on lethal, then bashing.
    Aggravated damage is never reduced.
    """
    _check_counts(bashing=bashing, lethal=lethal, aggravated=aggravated)
    options = options or HealthOptions()
    if ox_body:
        pool = track.lethal + (track.bashing if options.ox_body_counts_bashing else 0)
        lethal, pool = max(0, lethal - pool), max(0, pool - lethal)
        bashing = max(0, bashing - pool)
    track = track.mark(bashing=bashing)
    if exalted_resilience and not ox_body:
        lethal = max(0, lethal - track.lethal)
    return track.mark(lethal=lethal).mark(aggravated=aggravated)
