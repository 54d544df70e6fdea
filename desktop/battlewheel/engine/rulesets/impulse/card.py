"""The Impulse player card (rules/impulse.md §6) as a contract Card."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.impulse.block import ARMOUR_TABLE, ImpulseCharacter
from battlewheel.engine.rulesets.impulse.handlers.effects import DIFFICULTY
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.sheet import (
    battlemap_values,
    endurance_track,
    weapons_table,
)
from battlewheel.engine.rulesets.impulse.state import Fighter

COSTS = (
    "Decisive Strike: at least 2 Impulse \u00b7 miss \u22122",
    "Hold 2 \u00b7 Dash 2 \u00b7 Disengage 2 Impulse",
    "+1 order value = 1 Impulse; lowering is free",
)
# A player character's defeat (001 §Player Character Defeat); an NPC's card leaves it out.
PLAYER_DEFEAT = "Defeat: gain 1 Limit; death only by the player's choice"
# What each effect does once it lands, a clause read after "then" on the card.
EFFECT_TEXT = {
    "knockback": "the target moves one band",
    "intimidate": "the target loses 3 Impulse",
    "stun": "the target rolls 2 dice fewer on its next action",
    "smash_scenery": "the scenery becomes a hazard (the GM's)",
    "seek_cover": "you gain cover",
    "counter_cover": "the target loses its cover and cannot regain it for a round",
    "defend_other": "an ally within short range uses your DV",
    "disarm": "the target drops its weapon for a round",
    "restrain": "the target cannot move for a round",
    "maim": "the target takes a physical Wound Drawback",
    "humiliate": "the target takes a social Wound Drawback",
    "terrorize": "the target takes a mental Wound Drawback",
}
BOX = "\u2610"
TALLY = "____________"
TICKED = "\u2612"


def player_card(
    block: ImpulseCharacter, who: Fighter | None, options: ImpulseOptions, round_now: int = 0
) -> c.Card:
    """Order box, Impulse tally, Endurance boxes, defences, weapons, armour, stunts, costs."""
    sections: list[c.Section | c.PoolsSection] = [
        c.Values(
            "Order", (c.Value("Initiative", block.initiative), c.Value("Order value", _order(who)))
        ),
        _impulse(who),
        endurance_track(block, who.endurance if who else None),
        c.Values(
            "Defences",
            (
                c.Value("DV", who.dv if who else block.dv),
                c.Value("Evasion", who.evasion if who else block.evasion),
                c.Value("Soak", who.soak if who else block.soak),
                c.Value("Resolve", block.resolve),
                c.Value("Guile", block.guile),
            ),
            columns=5,
        ),
        weapons_table(block, options),
        _armour(block),
        _stunts(),
        c.Values("Statuses", _status_boxes(who, round_now), columns=3),
    ]
    if options.battlemap:
        sections.append(battlemap_values(block, options))
    kind = "Player character" if block.player else "NPC"
    return c.Card(
        title=block.name,
        subtitle=f"{kind} \u00b7 Initiative {block.initiative} \u00b7 Endurance {block.endurance}",
        sections=tuple(sections),
        reminders=(*COSTS, PLAYER_DEFEAT) if block.player else COSTS,
    )


def _impulse(who: Fighter | None) -> c.PoolsSection | c.Values:
    """The Impulse in hand now, or a write-in tally on a card printed for the table."""
    if who is None:
        return c.Values("Impulse", (c.Value("Impulse (tally)", TALLY),))
    return c.PoolsSection("Impulse", (c.Pool("impulse", "Impulse (tally)", who.impulse),))


def _order(who: Fighter | None) -> str:
    return ", ".join(str(v) for v in who.orders) if who and who.orders else "____"


def _armour(block: ImpulseCharacter) -> c.Table:
    soak, evasion = ARMOUR_TABLE[block.armour]
    return c.Table(
        "Armour", ("Class", "Soak", "Evasion"), ((block.armour, f"{soak:+d}", f"{evasion:+d}"),)
    )


def _stunts() -> c.Table:
    rows = tuple(
        (name.replace("_", " ").title(), _against(kind), EFFECT_TEXT[name])
        for name, kind in DIFFICULTY.items()
    )
    return c.Table(
        "Stunt effects (+2 dice)",
        ("Effect", "Beat", "then"),
        rows,
        footer="Decisive effects are compared with the damage roll's successes.",
    )


def _against(kind: str | None) -> str:
    return {None: "none", "dv": "DV", "scenery": "scenery (GM)"}.get(kind, str(kind).title())


def _status_boxes(who: Fighter | None, round_now: int) -> tuple[c.Value, ...]:
    def box(flag: bool) -> str:
        return TICKED if flag else BOX

    has = who.has if who else (lambda name: False)
    return (
        c.Value("Stunned", box(has("stunned"))),
        c.Value("Disarmed", box(has("disarmed"))),
        c.Value("Restrained", box(has("restrained"))),
        c.Value(
            "Dashed last round",
            box(bool(who and who.dash_round is not None and who.dash_round >= round_now - 1)),
        ),
        c.Value("Cover", who.cover if who else "none / partial / full"),
        c.Value("Wound Drawbacks", ", ".join(who.drawbacks) if who and who.drawbacks else BOX),
    )
