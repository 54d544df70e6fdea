"""What a fight leaves on a character, carried to the next fight: the core's side.

A character's *current condition* in one system (its ``Lasting``: damage by kind and in
order, spent pools, Limit and Strife, Backlash, dead) is engine data, declared by each
ruleset in its ``lasting.py`` module and named by the class's ``lasting_module``. It is
not a GM's condition (``conditions.Condition``, "prone for 2 rounds"), which belongs to
one fight and never outlives it.

The roster keeps a ``Lasting`` per character and system (storage); the engine only
says, with pure functions, how a fight changes one and how rest does:

- ``fresh(block)``: the character at full, as every earlier campaign's characters are;
- ``after(state, combatant_id, before)``: what the fight as it stands leaves on that
  fighter (``before`` is what they joined with, so what the fight never touches stays);
- ``lines(block, before, after, options)``: one ``CarryLine`` per part that would carry
  and differs, in the order the GM reads them; ``carried`` keeps only the ticked ones;
- ``fitted(block, lasting)``: the same condition on an edited block (a shorter track
  keeps its marks as the deepest boxes and says so: editing never heals);
- ``summary``, ``sections``: the words and the sheet sections that show it (roster,
  editor preview, the printed card);
- ``rest_offers``, ``rested``: rest and healing between fights, and restoring to full.

A fighter joins a fight at its condition through the ruleset's joining term
``lasting`` (None: fresh), so a log replays alone and an older log joins everyone fresh;
the term ``roster`` names the roster character it came from ("" for a one-off foe and
for numbered copies), which is who a carry writes to.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from battlewheel.engine.core.contract import Values
from battlewheel.engine.core.dice import DiceEntry

LASTING_TERM = "lasting"
"""The joining term every ruleset's fighters bring their current condition on."""
ROSTER_TERM = "roster"
"""The joining term naming the roster character a fighter came from ("": nobody)."""

RecordT = TypeVar("RecordT")


@dataclass(frozen=True)
class CarryLine:
    """One part of what a fight leaves on a character, offered in the carry dialog.

    ``key`` is stable across fights ("health", "willpower", "motes", "limit"): the roster
    remembers which fight each key came from. ``label`` is what the GM reads, before and
    after ("Health: unhurt -> 2 lethal, 1 bashing").
    """

    key: str
    label: str


@dataclass(frozen=True)
class RestInput:
    """One value the GM gives a rest: a whole number, a choice, or a roll (typed or rolled)."""

    key: str
    label: str
    kind: str = "int"  # "int", "choice", "roll"
    low: int = 0
    high: int = 0
    default: int | str = 0
    choices: tuple[str, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class RestOffer:
    """One kind of rest or healing the rules give between fights (or "restore to full").

    ``help`` cites the seed section or the rules page's line; ``why_not`` says why it
    cannot be used now (a dead character does not heal by rest), else "".
    """

    key: str
    label: str
    inputs: tuple[RestInput, ...] = ()
    help: str = ""
    why_not: str = ""


@dataclass(frozen=True)
class RestChoice:
    """What the GM chose: an offer's key and its inputs' values (a roll as a DiceEntry)."""

    offer: str
    values: Mapping[str, int | str | DiceEntry] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Changed:
    """A new condition and the sentence saying what changed (for the undo text and log)."""

    lasting: Any
    words: str


class LastingRules(Protocol):
    """What a ruleset's ``lasting.py`` module provides (its ``lasting_module``)."""

    LASTING: type

    def fresh(self, block: Any) -> Any: ...

    def after(self, state: Any, combatant_id: str, before: Any) -> Any: ...

    def lines(self, block: Any, before: Any, after: Any, options: Any) -> tuple[CarryLine, ...]:
        ...

    def carried(self, block: Any, before: Any, after: Any, keys: Collection[str]) -> Any: ...

    def fitted(self, block: Any, lasting: Any) -> Changed: ...

    def summary(self, block: Any, lasting: Any) -> str: ...

    def sections(self, block: Any, lasting: Any) -> tuple[Any, ...]: ...

    def rest_offers(self, block: Any, lasting: Any, options: Any) -> tuple[RestOffer, ...]: ...

    def rested(self, block: Any, lasting: Any, choice: RestChoice, options: Any) -> Changed: ...


def summary_values(rows: Mapping[str, str]) -> Values:
    """A plain ``Values`` section of a condition's rows (label -> words), for the card."""
    from battlewheel.engine.core.contract import Value

    return Values(title="Current condition",
                  values=tuple(Value(label, words) for label, words in rows.items()))


@dataclass(frozen=True)
class Part:
    """One part of a condition the carry dialog offers on its own line ("Health"): its
    label and the fields of the ``Lasting`` it carries."""

    label: str
    fields: tuple[str, ...]


def part_lines(parts: Mapping[str, Part], keys: Iterable[str], before: Any, after: Any,
               words: Callable[[str, Any], str],
               why: Callable[[str], str] = lambda key: "") -> tuple[CarryLine, ...]:
    """A system's ``lines``: one ``CarryLine`` per part of ``keys`` whose fields the fight
    changed, in that order: "Label: before -> after", with ``words(key, condition)`` and
    any ``why(key)`` after it."""
    return tuple(
        CarryLine(key, f"{part.label}: {words(key, before)} -> {words(key, after)}{why(key)}")
        for key in keys for part in (parts[key],)
        if any(getattr(before, name) != getattr(after, name) for name in part.fields))


def parts_carried(parts: Mapping[str, Part], before: RecordT, after: RecordT,
                  keys: Collection[str]) -> RecordT:
    """A system's ``carried``: ``before`` with the ticked parts' fields taken from ``after``."""
    return replace(before, **{name: getattr(after, name)  # type: ignore[type-var]
                              for key in keys if key in parts for name in parts[key].fields})
