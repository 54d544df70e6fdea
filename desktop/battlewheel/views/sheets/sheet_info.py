"""What a character sheet shows, as plain values: the sheet widget draws only these.

``sheet_of`` reads one combatant of a combat state (traits, derived values with the
current penalties applied, GM overrides) into a ``SheetInfo``; the widget never asks
the engine anything, so a repaint cannot change the fight and the widget can be
tested with hand-made sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.health import HealthTrack


@dataclass(frozen=True)
class Value:
    """One shown number; ``note`` explains an override or a penalty in the tooltip."""

    label: str
    value: int | str
    overridden: bool = False
    note: str = ""

    @property
    def text(self) -> str:
        """The value as printed; an override wears a dagger so it stands out."""
        return f"{self.value}†" if self.overridden else str(self.value)


@dataclass(frozen=True)
class PoolInfo:
    """A spendable pool (Willpower, personal or peripheral motes); ``key`` names it."""

    key: str
    label: str
    current: int
    maximum: int


@dataclass(frozen=True)
class WeaponRow:
    """One weapon line: the numbers a GM reads off a sheet mid-fight."""

    name: str
    speed: int
    accuracy: int
    damage: str
    defence: str
    rate: int
    tags: str


@dataclass(frozen=True)
class SheetInfo:
    """Everything one character sheet dock shows."""

    id: str
    name: str
    kind: str
    side: str
    health: HealthTrack
    status: tuple[str, ...] = ()
    pools: tuple[PoolInfo, ...] = ()
    defences: tuple[Value, ...] = ()
    attributes: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    abilities: tuple[Value, ...] = ()
    virtues: tuple[Value, ...] = ()
    specialties: tuple[str, ...] = ()
    weapons: tuple[WeaponRow, ...] = ()
    armour: str = ""
    notes: str = ""
