"""An Impulse character sheet as contract sections: pools, Endurance boxes, defences, weapons,
ranges and statuses with their expiry."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.impulse.block import (
    ImpulseCharacter,
    accuracy_pool,
    weapon_base_damage,
)
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.rules import BANDS, speed
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat, Status

LOST = "X"
KEPT = "."
ENDURANCE_LEGEND = (c.Glyph(LOST, "Endurance lost", "#b3261e"),)
# The sheet's button opens the GM's hand: cover, statuses, ranges, a fallen one's death.
GM_EDIT_DIALOG = "impulse_gm"


def sheet_of(state: ImpulseCombat, cid: str) -> c.SheetView:
    """One fighter's sheet as the fight stands."""
    who = state.combatants[cid]
    sections: list[c.Section | c.PoolsSection] = [
        c.PoolsSection("Pools", _pools(who)),
        endurance_track(who.character, who.endurance),
        c.Values("Defences (current)", _defences(who)),
        c.Values("Order", _order(who)),
        weapons_table(who.character, state.options),
        c.Table("Ranges", ("Combatant", "Band"), _ranges(state, who)),
        c.Table("Statuses", ("Status", "From", "Ends"), _statuses(state, who)),
        c.Text("Wound Drawbacks", ", ".join(who.drawbacks) or "none"),
        c.Text("Defeat", _defeat(who)),
    ]
    if state.options.battlemap:
        sections.append(battlemap_values(who.character, state.options))
    sections.append(c.Text("Notes", who.character.notes))
    return c.SheetView(
        id=who.id,
        name=who.name,
        kind="player" if who.player else "NPC",
        side=who.side,
        status=_status_words(state, who),
        sections=tuple(sections),
        edit_dialog=GM_EDIT_DIALOG,
    )


def endurance_track(character: ImpulseCharacter, endurance: int | None) -> c.BoxTrack:
    """One box per point of Endurance, lost ones marked (001 §Endurance)."""
    top = character.endurance
    lost = 0 if endurance is None else min(top, max(0, top - endurance))
    return c.BoxTrack(
        key="endurance",
        title="Endurance",
        marks=LOST * lost + KEPT * (top - lost),
        labels=tuple(str(i + 1) for i in range(top)),
        legend=ENDURANCE_LEGEND,
        cycle=(KEPT, LOST),
        blank=KEPT,
        summary="" if endurance is None else f"{endurance} / {top}",
        condition="" if endurance is None or endurance > 0 else "out of the fight",
    )


def box_click_value(character: ImpulseCharacter, endurance: int, index: int) -> int:
    """The Endurance a click on box ``index`` asks for: mark up to it, or clear from it."""
    lost = max(0, character.endurance - endurance)
    return character.endurance - (index if index < lost else index + 1)


def _pools(who: Fighter) -> tuple[c.Pool, ...]:
    pools = [
        c.Pool("impulse", "Impulse", who.impulse),
        c.Pool("willpower", "Willpower", who.willpower, who.character.willpower),
    ]
    if who.character.motes:
        pools.append(c.Pool("motes", "Motes", who.motes, who.character.motes))
    return tuple(pools)


def _defences(who: Fighter) -> tuple[c.Value, ...]:
    typed = who.character
    return (
        c.Value("DV", who.dv, note=_dv_note(who), key="dv"),
        c.Value(
            "Evasion",
            who.evasion,
            note=f"typed {typed.evasion}, {typed.armour} armour",
            key="evasion",
        ),
        c.Value("Soak", who.soak, note=f"typed {typed.soak}, {typed.armour} armour", key="soak"),
        c.Value("Resolve", typed.resolve, key="resolve"),
        c.Value("Guile", typed.guile, key="guile"),
        c.Value("Cover", who.cover, key="cover"),
    )


def _dv_note(who: Fighter) -> str:
    notes = [f"typed {who.character.dv}"]
    if who.cover == "partial":
        notes.append("+2 partial cover")
    if who.has("dashed"):
        notes.append("-1 dashed")
    if who.has("defended"):
        notes.append("defended")
    return ", ".join(notes)


def _order(who: Fighter) -> tuple[c.Value, ...]:
    now = ", ".join(str(v) for v in who.orders) or "not rolled"
    following = ", ".join(str(v) for v in who.next_orders) or "-"
    return (
        c.Value("Initiative", who.character.initiative),
        c.Value("Order value", now),
        c.Value("From next round", following),
        c.Value("Actions a round", who.character.actions),
    )


def weapons_table(character: ImpulseCharacter, options: ImpulseOptions) -> c.Table:
    """Each weapon's Attribute, Accuracy pool and Base Damage (001 §Weapons and Armor)."""
    rows = tuple(
        (
            w.name,
            w.weight,
            w.attribute.title(),
            str(accuracy_pool(character, w)),
            str(weapon_base_damage(character, w, options.table_modifiers)),
            "ranged" if w.ranged else "close",
        )
        for w in character.weapons
    )
    return c.Table(
        "Weapons",
        ("Weapon", "Class", "Attribute", "Accuracy pool", "Base Damage", "Range"),
        rows,
        tips=(
            "",
            "",
            "",
            "Attribute + Ability + class Accuracy",
            "typed Base Damage + class modifier",
            "",
        ),
    )


def battlemap_values(character: ImpulseCharacter, options: ImpulseOptions) -> c.Values:
    """Speed and Dash in hexes (001 §Battlemaps and Absolute Positioning)."""
    hexes = speed(character.pool("dexterity", "athletics"), options.speed_rounding)
    return c.Values(
        "Battlemap",
        (
            c.Value("Speed (hexes)", hexes),
            c.Value("Dash (hexes)", 2 * hexes),
            c.Value("Leaving melee", f"{hexes // 2} hexes without Disengage"),
        ),
    )


def _ranges(state: ImpulseCombat, who: Fighter) -> tuple[tuple[str, str], ...]:
    return tuple(
        (other.name, BANDS[state.band(who.id, other.id)])
        for other in state.combatants.values()
        if other.id != who.id and not other.gone
    )


def _statuses(state: ImpulseCombat, who: Fighter) -> tuple[tuple[str, str, str], ...]:
    return tuple(
        (s.name.replace("_", " "), state.name(s.source), expiry(state, s)) for s in who.statuses
    )


def expiry(state: ImpulseCombat, status: Status) -> str:
    """When a status runs out, in words (ruling round_duration)."""
    if status.until_used:
        return "after their next roll"
    if state.options.round_duration == "end_of_round":
        return f"end of round {status.placed_round}"
    return f"start of {state.name(status.source)}'s next turn"


def _defeat(who: Fighter) -> str:
    parts = [f"Limit gained {who.limit}"] if who.player else []
    if who.player:
        parts.append(f"Strife Points {who.strife}")
    if who.defeated:
        parts.append("out of the fight" + (" (dead)" if who.dead else ""))
    if who.fled:
        parts.append("escaped")
    return "; ".join(parts) or "in the fight"


def _status_words(state: ImpulseCombat, who: Fighter) -> tuple[str, ...]:
    words = []
    if state.acting_id() == who.id:
        words.append("acting")
    if who.hold is not None:
        words.append(f"holding: {who.hold.trigger}")
    if state.in_reserve(who.id):
        words.append("in reserve at Extreme")
    return (*words, *plight_words(who))


def plight_words(who: Fighter) -> tuple[str, ...]:
    """Ambushed, out of the fight, dead, fled: as the sheet and the counter's tip say it."""
    return tuple(word for flag, word in (
        (who.ambushed, "ambushed"),
        (who.defeated, "out of the fight"),
        (who.dead, "dead"),
        (who.fled, "fled"),
    ) if flag)

