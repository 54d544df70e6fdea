"""The d10 dice layer of Exalted 2e: successes, botches, exact odds, pools and rolls.

Every roll in the engine draws from a dice entry: faces from a seeded random source
(stored the moment the GM pressed "roll") or what the GM typed, the faces or only a
success count. Storing the entry, never the random state, makes replay deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypedDict, Unpack

from .errors import DiceEntryError, TraitValueError

DEFAULT_TARGET = 7
D10 = 10
FACES = range(1, D10 + 1)
# The largest die an entry may hold: a house ruling's custom die (Pool & Ward's ``dice``)
# can be a d12, a d20 or a d100; the Exalted systems only ever read d10s.
MAX_SIDES = 100


# -- reading faces -----------------------------------------------------------------


def _checked_faces(faces: Iterable[int], sides: int = D10) -> tuple[int, ...]:
    result = tuple(faces)
    for face in result:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise DiceEntryError(
                f"a d{sides} face must be a whole number 1-{sides}, got {face!r}")
    return result


def _checked_sides(sides: object) -> int:
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise DiceEntryError(f"a die must have 2-{MAX_SIDES} sides, got {sides!r}")
    return sides


def _check_target(target: int, sides: int = D10) -> None:
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= sides:
        raise TraitValueError("target number", f"1-{sides}", target)


def successes(
    faces: Iterable[int], *, target: int = DEFAULT_TARGET, double_tens: bool = True,
    sides: int = D10,
) -> int:
    """Count successes: each die at the target or above, a 10 twice (004 §Pools and Dice).

    ``sides`` names another die a house ruling rolls (its faces 1 to ``sides``).
    """
    _check_target(target, sides)
    return _counted(_checked_faces(faces, sides), target, double_tens)


def _counted(faces: tuple[int, ...], target: int, double_tens: bool) -> int:
    """``successes`` of faces and a target already checked."""
    count = sum(1 for face in faces if face >= target)
    return count + (faces.count(10) if double_tens else 0)


def is_botch(faces: Iterable[int], *, target: int = DEFAULT_TARGET, sides: int = D10) -> bool:
    """No success and at least one 1 (004 §Botch)."""
    checked = _checked_faces(faces, sides)
    return successes(checked, target=target, sides=sides) == 0 and 1 in checked


def damage_levels(faces: Iterable[int], *, target: int = DEFAULT_TARGET) -> int:
    """Levels from a damage roll: each die at the target or above is one level, 10s too.

    (000 §Applying Effects: a damage roll does not count 10s twice.)
    """
    return successes(faces, target=target, double_tens=False)


def max_successes(dice: int, *, double_tens: bool = True) -> int:
    """The most successes a pool can show: two per die with double 10s (004 §Rule of 10)."""
    return max(dice, 0) * (2 if double_tens else 1)


# -- exact odds --------------------------------------------------------------------


def _die_weights(target: int, double_tens: bool) -> list[int]:
    """Ways (out of 10) one die shows 0, 1 or 2 successes."""
    misses = target - 1
    if double_tens:
        return [misses, 10 - target, 1]
    return [misses, 11 - target]


def success_distribution(
    dice: int, *, target: int = DEFAULT_TARGET, double_tens: bool = True
) -> list[float]:
    """Exact chance of each success count 0..max for a pool (004 §Pools and Dice).

    The count of ways for each total is an exact integer convolution, divided once by
    10**dice, so every entry is the correctly rounded float of the true probability.
    A pool of 0 dice gives ``[1.0]``.
    """
    if isinstance(dice, bool) or not isinstance(dice, int) or dice < 0:
        raise TraitValueError("dice", "a whole number 0 or more", dice)
    _check_target(target)
    return list(_distribution(dice, target, double_tens))


@lru_cache(maxsize=512)
def _distribution(dice: int, target: int, double_tens: bool) -> tuple[float, ...]:
    # cached: the odds dock asks for the same few pools again and again
    from fractions import Fraction  # with decimal: only the odds use it, not start-up

    weights = _die_weights(target, double_tens)
    ways = [1]
    for _ in range(dice):
        ways = _convolve(ways, weights)
    total = 10**dice
    return tuple(float(Fraction(count, total)) for count in ways)


def _convolve(left: list[int], right: list[int]) -> list[int]:
    result = [0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                result[i + j] += a * b
    return result


def chance_of_at_least(
    dice: int, needed: int, *, target: int = DEFAULT_TARGET, double_tens: bool = True
) -> float:
    """Chance that a pool shows ``needed`` successes or more (004 §Difficulty and Success)."""
    odds = success_distribution(dice, target=target, double_tens=double_tens)
    return min(1.0, sum(odds[max(needed, 0) :]))


# -- static values -----------------------------------------------------------------


def halve_static(total: int, *, round_up: bool) -> int:
    """Half of a sum for a static value, rounded up or down (004 §Rounding Static Values).

    Exalted and other magical beings round up; mortals, heroic mortals and extras down.
    """
    return -(-total // 2) if round_up else total // 2


def natural_lethal_soak(stamina: int) -> int:
    """Stamina halved, rounded down for everyone (004 §Rounding Static Values)."""
    return stamina // 2


# -- the dice pool -----------------------------------------------------------------


@dataclass(frozen=True)
class PoolSteps:
    """The pool after each step of the order of modifiers (004 §Order of Modifiers)."""

    base: int
    after_bonuses: int
    after_penalties: int
    after_magical_bonuses: int
    after_magical_penalties: int
    final: int
    minimum_applied: bool


def pool_steps(
    base: int,
    *,
    essence: int,
    bonus_dice: int = 0,
    penalty_dice: int = 0,
    wound_penalty: int = 0,
    multiple_action_penalty: int = 0,
    magical_bonus_dice: int = 0,
    magical_penalty_dice: int = 0,
    essence_floor: str = "floor",
) -> PoolSteps:
    """Walk the six-step order of modifiers, keeping each step (004 §Order of Modifiers).

    ``penalty_dice`` are the other non-magical internal penalties (darkness, unskilled,
    off-hand); wound and multiple-action penalties are separate parameters and are
    subtracted with them in step 2. Step 5, the Essence minimum for Essence 2+, is
    min(Essence - (wound + multiple-action), base pool); as it is a minimum it never
    lowers a pool (reading the step literally would count those penalties twice).
    Step 6 (bonus successes) belongs to the roll, not the pool. The ruling
    ``essence_floor`` "literal" makes the pool take the minimum's value even when lower.
    """
    for name, value in (
        ("bonus_dice", bonus_dice),
        ("penalty_dice", penalty_dice),
        ("wound_penalty", wound_penalty),
        ("multiple_action_penalty", multiple_action_penalty),
        ("magical_bonus_dice", magical_bonus_dice),
        ("magical_penalty_dice", magical_penalty_dice),
    ):
        if value < 0:
            raise TraitValueError(name, "0 or more (give penalties as positive numbers)", value)
    step1 = base + bonus_dice
    step2 = step1 - penalty_dice - wound_penalty - multiple_action_penalty
    step3 = step2 + magical_bonus_dice
    step4 = step3 - magical_penalty_dice
    final = step4
    if essence >= 2 and step4 < essence:
        minimum = min(essence - wound_penalty - multiple_action_penalty, base)
        final = minimum if essence_floor == "literal" else max(step4, minimum)
    return PoolSteps(base, step1, step2, step3, step4, final, final != step4)


class PoolModifiers(TypedDict, total=False):
    """``pool_steps``'s modifiers, for a function that passes them on."""

    bonus_dice: int
    penalty_dice: int
    wound_penalty: int
    multiple_action_penalty: int
    magical_bonus_dice: int
    magical_penalty_dice: int
    essence_floor: str


def effective_pool(base: int, *, essence: int, **modifiers: Unpack[PoolModifiers]) -> int:
    """The dice actually rolled after the order of modifiers (004 §Order of Modifiers).

    Penalties are positive numbers of dice removed. ``penalty_dice`` holds only the
    other internal penalties; wound and multiple-action penalties are their own
    parameters, taken off in step 2 with it and also forming W for the Essence
    minimum of step 5. May be 0 or less: then the roll fails unless it has bonus
    successes. ``pool_steps`` shows every step.
    """
    return pool_steps(base, essence=essence, **modifiers).final


# -- dice entries and sources ------------------------------------------------------


@dataclass(frozen=True)
class DiceEntry:
    """What one roll showed: the faces, or only the success count the GM typed.

    Build with ``of_faces`` or ``of_successes``. With a count only, ``botch`` is what
    the GM said (a botch needs 0 successes); with faces it is read from the faces.
    ``rolled`` marks faces the program rolled ("roll for me"), so the log can say
    whether the dice were typed or rolled.
    """

    faces: tuple[int, ...] | None = None
    successes: int | None = None
    botch: bool = False
    # The die the faces were read from: a d10 unless a ruling names another die.
    sides: int = D10
    rolled: bool = False

    def __post_init__(self) -> None:
        if (self.faces is None) == (self.successes is None):
            raise DiceEntryError("a dice entry holds either faces or a success count")
        _checked_sides(self.sides)
        if self.faces is not None:
            object.__setattr__(self, "faces", _checked_faces(self.faces, self.sides))
            if self.botch:
                raise DiceEntryError("a botch is read from the faces, not given with them")
        elif self.rolled:
            raise DiceEntryError("only faces can be rolled: a success count is typed")
        else:
            count = self.successes
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise DiceEntryError(f"successes must be a whole number 0 or more, got {count!r}")
            if self.botch and count:
                raise DiceEntryError(f"a botch has 0 successes, got {count}")

    @classmethod
    def of_faces(cls, faces: Iterable[int], *, sides: int = D10,
                 rolled: bool = False) -> DiceEntry:
        """An entry of the faces shown, each 1 to ``sides`` (``rolled``: by the program)."""
        return cls(faces=tuple(faces), sides=sides, rolled=rolled)

    @classmethod
    def rolled_by(cls, rng: random.Random, count: int, *, sides: int = D10) -> DiceEntry:
        """``count`` dice rolled by the program from ``rng`` (none for a pool of 0 or less):
        an autopilot's roll, as the Roll button makes it."""
        return cls.of_faces([rng.randint(1, sides) for _ in range(max(count, 0))], sides=sides,
                            rolled=True)

    @classmethod
    def of_successes(cls, count: int, *, botch: bool = False) -> DiceEntry:
        """An entry of a success count only; ``botch`` only with 0 successes."""
        return cls(successes=count, botch=botch)

    def check_pool(self, dice: int, *, double_tens: bool = True) -> None:
        """Raise ``DiceEntryError`` unless this entry could come from ``dice`` dice."""
        pool = max(dice, 0)
        if self.faces is not None:
            if len(self.faces) != pool:
                raise DiceEntryError(f"{len(self.faces)} faces given for a pool of {pool} dice")
        elif self.successes is not None and self.successes > max_successes(
            pool, double_tens=double_tens
        ):
            most = max_successes(pool, double_tens=double_tens)
            raise DiceEntryError(
                f"successes must be 0-{most} for a pool of {pool} dice, got {self.successes}"
            )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"faces": [...]}`` or ``{"successes": n, "botch": b}``."""
        if self.faces is not None:
            # A d10's entry, and typed faces, are written as they always were, so older
            # logs and newer agree.
            extra: dict[str, Any] = {} if self.sides == D10 else {"sides": self.sides}
            if self.rolled:
                extra["rolled"] = True
            return {"faces": list(self.faces), **extra}
        return {"successes": self.successes, "botch": self.botch}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> DiceEntry:
        """Read an entry written by ``to_json``; nonsense raises ``DiceEntryError``."""
        if not isinstance(obj, Mapping):
            raise DiceEntryError(f"a dice entry must be an object, got {obj!r}")
        unknown = sorted(set(obj) - {"faces", "successes", "botch", "sides", "rolled"})
        if unknown:
            raise DiceEntryError(f"{unknown[0]} is not a field of a dice entry")
        botch = obj.get("botch", False)
        if not isinstance(botch, bool):
            raise DiceEntryError(f"botch must be true or false, got {botch!r}")
        if "faces" in obj:
            faces = obj["faces"]
            if not isinstance(faces, list | tuple):
                raise DiceEntryError(f"faces must be a list of 1-10, got {faces!r}")
            rolled = obj.get("rolled", False)
            if not isinstance(rolled, bool):
                raise DiceEntryError(f"rolled must be true or false, got {rolled!r}")
            return cls(faces=tuple(faces), botch=botch, sides=obj.get("sides", D10),
                       rolled=rolled)
        if "successes" in obj:
            return cls.of_successes(obj["successes"], botch=botch)
        raise DiceEntryError("a dice entry needs 'faces' or 'successes'")

    def __str__(self) -> str:
        if self.faces is not None:
            return " ".join(str(face) for face in self.faces) or "no dice"
        return f"{self.successes} successes" + (" (botch)" if self.botch else "")


class DiceSource(Protocol):
    """Anything that hands out d10 faces."""

    def faces(self, count: int) -> tuple[int, ...]: ...


class SeededDice:
    """A reproducible source of random d10 faces: the same seed gives the same faces."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def faces(self, count: int) -> tuple[int, ...]:
        """The next ``count`` faces (none for a pool of 0 or less)."""
        return tuple(self._random.randint(1, 10) for _ in range(max(count, 0)))

    def entry(self, count: int) -> DiceEntry:
        """A dice entry of the next ``count`` faces."""
        return DiceEntry.of_faces(self.faces(count))

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"


# -- resolved rolls ----------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """A resolved roll: what was rolled, what it showed, and what shaped the pool.

    ``dice`` is the number of dice rolled (0 for a pool of 0 or less);
    ``rolled_successes`` come from the dice; ``automatic_successes`` (Willpower,
    Accuracy, charms, stunts) are added on top; ``external_penalty`` is recorded and
    taken off in ``net_successes`` (004 §External Penalties). ``modifiers`` maps a
    name to the dice it added or removed (e.g. ``{"wound": -1}``), for the log.
    """

    dice: int
    faces: tuple[int, ...] | None
    rolled_successes: int
    automatic_successes: int = 0
    external_penalty: int = 0
    botch: bool = False
    target: int = DEFAULT_TARGET
    double_tens: bool = True
    modifiers: Mapping[str, int] = field(default_factory=dict)

    @property
    def successes(self) -> int:
        """Successes from the dice plus automatic successes."""
        return self.rolled_successes + self.automatic_successes

    @property
    def net_successes(self) -> int:
        """Successes after the external penalty, never below 0."""
        return max(0, self.successes - self.external_penalty)

    @property
    def failed_automatically(self) -> bool:
        """No dice and no bonus successes: the roll fails outright (004 §Order of Modifiers)."""
        return self.dice == 0 and self.automatic_successes == 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that ``from_json`` turns back into an equal roll."""
        return {
            "dice": self.dice,
            "faces": None if self.faces is None else list(self.faces),
            "rolled_successes": self.rolled_successes,
            "automatic_successes": self.automatic_successes,
            "external_penalty": self.external_penalty,
            "botch": self.botch,
            "target": self.target,
            "double_tens": self.double_tens,
            "modifiers": dict(self.modifiers),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Roll:
        """Read a roll written by ``to_json``."""
        try:
            faces = obj.get("faces")
            return cls(
                dice=int(obj["dice"]),
                faces=None if faces is None else _checked_faces(int(f) for f in faces),
                rolled_successes=int(obj["rolled_successes"]),
                automatic_successes=int(obj.get("automatic_successes", 0)),
                external_penalty=int(obj.get("external_penalty", 0)),
                botch=bool(obj.get("botch", False)),
                target=int(obj.get("target", DEFAULT_TARGET)),
                double_tens=bool(obj.get("double_tens", True)),
                modifiers={str(k): int(v) for k, v in dict(obj.get("modifiers", {})).items()},
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DiceEntryError(f"not a stored roll: {error}") from error


def roll(
    dice: int,
    entry: DiceEntry,
    *,
    target: int = DEFAULT_TARGET,
    double_tens: bool = True,
    automatic_successes: int = 0,
    external_penalty: int = 0,
    modifiers: Mapping[str, int] | None = None,
) -> Roll:
    """Resolve a pool against a dice entry (004 §Pools and Dice, §Order of Modifiers).

    A pool of 0 or less rolls nothing, so its entry must hold no faces or 0 successes.
    A botch needs 0 successes in all, automatic ones included. Raises
    ``DiceEntryError`` when the entry does not fit the pool.
    """
    _check_target(target, entry.sides)
    if automatic_successes < 0 or external_penalty < 0:
        raise DiceEntryError("automatic successes and external penalty must be 0 or more")
    rolled = max(dice, 0)
    entry.check_pool(rolled, double_tens=double_tens)
    faces = entry.faces
    if faces is not None:  # checked against the entry's die when the entry was made
        count = _counted(faces, target, double_tens)
        botch = (count if double_tens else _counted(faces, target, True)) == 0 and 1 in faces
    else:
        count, botch = entry.successes or 0, entry.botch
    return Roll(
        dice=rolled,
        faces=entry.faces,
        rolled_successes=count,
        automatic_successes=automatic_successes,
        external_penalty=external_penalty,
        botch=botch and automatic_successes == 0,
        target=target,
        double_tens=double_tens,
        modifiers=dict(modifiers or {}),
    )
