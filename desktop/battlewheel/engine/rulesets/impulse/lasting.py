"""What an Impulse fight leaves on a character, and the GM's edits between fights.

Rules page rules/between-fights.md §Impulse (001): Limit (a player character who fell
gains 1, 001 §Player Character Defeat) and Strife Points (each player character gains one
when the GM records that a recurring antagonist retreated, 001 §Recurring Antagonist
Defeat) carry, and death; Endurance carries only under the ruling ``endurance_carries``
(default off: the seed measures it within one battle). Impulse, order, ranges and holds
never carry. The fight itself counts the Limit and Strife gained; a fighter joins with
what they had, so what the fight leaves is read straight off the fighter.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.lasting import (
    CarryLine,
    Changed,
    Part,
    RestChoice,
    RestInput,
    RestOffer,
    part_lines,
    parts_carried,
    summary_values,
)
from battlewheel.engine.core.lasting_json import LastingRecord
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

DEFEAT_RULE = "001 §Player Character Defeat"
STRIFE_RULE = "001 §Recurring Antagonist Defeat"
MOST_TALLY = 100


@dataclass(frozen=True)
class Lasting(LastingRecord):
    """An Impulse character's current condition: Limit, Strife Points, the Endurance lost
    (carried only under ``endurance_carries``) and death."""

    limit: int = 0
    strife: int = 0
    endurance_lost: int = 0
    dead: bool = False


LASTING = Lasting


def _carries_endurance(options: Any) -> bool:
    chosen = options if isinstance(options, ImpulseOptions) else ImpulseOptions()
    return chosen.endurance_carries


def fresh(block: ImpulseCharacter) -> Lasting:
    """No Limit, no Strife, Endurance full."""
    return Lasting()


def after(state: ImpulseCombat, combatant_id: str, before: Lasting) -> Lasting:
    """What the fight leaves: the fighter's Limit and Strife (joined with ``before``'s),
    Endurance lost, death."""
    who = state.combatants.get(combatant_id)
    if who is None:
        return before
    lost = max(0, who.character.endurance - who.endurance)
    return Lasting(who.limit, who.strife, lost, who.dead)


def joined(block: ImpulseCharacter, lasting: Lasting, options: Any) -> dict[str, Any]:
    """The fighter's fields for one joining at ``lasting`` (Endurance full unless the
    ruling carries it; the dead are down and dead)."""
    kept: Lasting = fitted(block, lasting).lasting
    fields: dict[str, Any] = {"limit": kept.limit, "strife": kept.strife}
    if _carries_endurance(options):
        fields["endurance"] = block.endurance - kept.endurance_lost
    if kept.dead:
        fields.update(dead=True, defeated=True)
    return fields


# -- lines and words ----------------------------------------------------------------------


def _endurance_words(block: ImpulseCharacter, lasting: Lasting) -> str:
    return f"{block.endurance - lasting.endurance_lost}/{block.endurance}"


_PARTS = {
    "limit": Part("Limit", ("limit",)),
    "strife": Part("Strife Points", ("strife",)),
    "endurance": Part("Endurance", ("endurance_lost",)),
    "dead": Part("Dead", ("dead",)),
}
_WORDS: dict[str, Callable[[ImpulseCharacter, Lasting], str]] = {
    "limit": lambda block, lasting: str(lasting.limit),
    "strife": lambda block, lasting: str(lasting.strife),
    "endurance": _endurance_words,
    "dead": lambda block, lasting: "yes" if lasting.dead else "no",
}


def lines(block: ImpulseCharacter, before: Lasting, after: Lasting,
          options: Any) -> tuple[CarryLine, ...]:
    """Limit, Strife, death, and Endurance when the ruling carries it."""
    keys = ["limit", "strife", "dead"]
    if _carries_endurance(options):
        keys.insert(2, "endurance")

    def why(key: str) -> str:
        if key == "limit" and after.limit > before.limit:
            return f" (fell in the fight: {DEFEAT_RULE})"
        if key == "strife" and after.strife > before.strife:
            return f" (a recurring antagonist retreated: {STRIFE_RULE})"
        return ""

    return part_lines(_PARTS, keys, before, after,
                      lambda key, lasting: _WORDS[key](block, lasting), why)


def carried(block: ImpulseCharacter, before: Lasting, after: Lasting,
            keys: Collection[str]) -> Lasting:
    """``before`` with the ticked parts from ``after``."""
    return parts_carried(_PARTS, before, after, keys)


def fitted(block: ImpulseCharacter, lasting: Lasting) -> Changed:
    """The condition on an edited block: Endurance lost past the new Endurance is said."""
    if lasting.endurance_lost <= block.endurance:
        return Changed(lasting, "")
    kept = replace(lasting, endurance_lost=block.endurance)
    return Changed(kept, f"Endurance lost {lasting.endurance_lost} is more than the "
                         f"Endurance {block.endurance}: Endurance 0")


def rows(block: ImpulseCharacter, lasting: Lasting) -> dict[str, str]:
    found = {"Limit": str(lasting.limit), "Strife Points": str(lasting.strife)}
    if lasting.endurance_lost:
        found["Endurance"] = _endurance_words(block, lasting)
    if lasting.dead:
        found["Dead"] = "yes"
    return found


def summary(block: ImpulseCharacter, lasting: Lasting) -> str:
    """"Limit 1, Strife 2" (and Endurance when some is lost, "dead" for the dead)."""
    said = [f"Limit {lasting.limit}", f"Strife {lasting.strife}"]
    if lasting.endurance_lost:
        said.append(f"Endurance {_endurance_words(block, lasting)}")
    if lasting.dead:
        said.append("dead")
    return ", ".join(said)


def sections(block: ImpulseCharacter, lasting: Lasting) -> tuple[Any, ...]:
    """The sheet's and the card's "Current condition" section."""
    return (summary_values(rows(block, lasting)),)


# -- between fights -----------------------------------------------------------------------


def rest_offers(block: ImpulseCharacter, lasting: Lasting,
                options: Any) -> tuple[RestOffer, ...]:
    """The GM sets Limit and Strife; Endurance is regained or restored (what was lost
    carries only under ``endurance_carries``); restore to full."""
    lost = "" if lasting.endurance_lost else "Endurance is full"
    return (
        RestOffer("set_limit", "Set Limit", (
            RestInput("limit", "Limit", "int", 0, MOST_TALLY, lasting.limit),),
            help=f"the GM's edit ({DEFEAT_RULE})"),
        RestOffer("set_strife", "Set Strife Points", (
            RestInput("strife", "Strife Points", "int", 0, MOST_TALLY, lasting.strife),),
            help=f"the GM's edit ({STRIFE_RULE})"),
        RestOffer("regain_endurance", "Regain Endurance", (
            RestInput("points", "Endurance", "int", 1, 99, 1),),
            help="the GM's word between fights", why_not=lost),
        RestOffer("restore_endurance", "Restore Endurance to full",
                  help="the GM's word between fights", why_not=lost),
        RestOffer("restore_all", "Restore to full", help="Endurance full and alive; Limit "
                  "and Strife stay (set them apart)",
                  why_not="" if lasting.endurance_lost or lasting.dead else
                  f"{block.name} is whole"),
    )


def rested(block: ImpulseCharacter, lasting: Lasting, choice: RestChoice,
           options: Any) -> Changed:
    """The condition after one edit or rest (refused: ``IllegalAction`` saying why)."""
    offer = next((o for o in rest_offers(block, lasting, options) if o.key == choice.offer),
                 None)
    if offer is None:
        raise IllegalAction(DEFEAT_RULE, f"{choice.offer!r} is not an Impulse rest")
    if offer.why_not:
        raise IllegalAction(DEFEAT_RULE, offer.why_not)
    if choice.offer in ("set_limit", "set_strife"):
        name = choice.offer.removeprefix("set_")
        value = _whole(choice, name, 0, MOST_TALLY)
        if value == getattr(lasting, name):
            raise IllegalAction(DEFEAT_RULE, f"{name.capitalize()} is already {value}")
        result = replace(lasting, limit=value) if name == "limit" else \
            replace(lasting, strife=value)
    elif choice.offer == "regain_endurance":
        points = _whole(choice, "points", 1, 99)
        result = replace(lasting, endurance_lost=max(0, lasting.endurance_lost - points))
    elif choice.offer == "restore_endurance":
        result = replace(lasting, endurance_lost=0)
    else:
        result = replace(lasting, endurance_lost=0, dead=False)
    return Changed(result, f"{block.name}: {offer.label.lower()}: {summary(block, result)}.")


def _whole(choice: RestChoice, key: str, low: int, high: int) -> int:
    value = choice.values.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(DEFEAT_RULE, f"{key} must be {low} to {high}")
    return value
