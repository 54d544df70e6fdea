"""The Pool & Ward sheet and player card as contract sections, and what their clicks ask for.

Health is two rows of boxes (the positive points, then as many negative ones, a skull
on the last), Vigor and Ward one row each; a box marks a point lost. A click sets the
track to that box, or takes back the last marked box. The card (rules/pool-and-ward.md
§6) is the sheet on paper with the per-round boxes and the recovery reminders.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.block import (
    KIND_BASES,
    STATS,
    AttackProfile,
    StatBlock,
)
from battlewheel.engine.rulesets.poolward.options import PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.damage import Tracks
from battlewheel.engine.rulesets.poolward.rules.pool import armour_worn, raw_pool
from battlewheel.engine.rulesets.poolward.state import DEAD, DISABLED, UP, Fight, Fighter

EMPTY, LOST, BACKLASH, BRUISED, ABSORBED, USED = ".", "X", "B", "/", "o", "x"
SKULL = "\u2620"
HEALTH_LEGEND = (c.Glyph(LOST, "Health lost", "#b3261e"),
                 c.Glyph(BACKLASH, "lost to Backlash (heals only naturally)", "#6a1b9a"))
VIGOR_LEGEND = (c.Glyph(BRUISED, "Vigor lost", "#1f5fa8"),
                c.Glyph(BACKLASH, "lost to Backlash (heals only naturally)", "#6a1b9a"))
WARD_LEGEND = (c.Glyph(ABSORBED, "Ward spent", "#00695c"),)
ROUND_LEGEND = (c.Glyph(USED, "used this round", "#c05600"),)
CLICKABLE = (EMPTY, LOST)
# The sheet's button opens the GM's conditions (caught unaware, stabilised), which no
# click on a box can set.
CONDITIONS_DIALOG = "conditions"
ATTACK_COLUMNS = ("Attack", "Kind", "Pool", "AP", "Damage", "Notes")
ATTACK_TIPS = ("", "melee, thrown, ranged or a casting path",
               "raw pool: base + stat + skill + modifiers, before the target's defence",
               "Armour Piercing", "lethal or non-lethal, physical or magical", "")
REMINDERS = (
    "Pool = base + stat + skill + modifiers \u2212 (Armour + Shield + Dodge); each success is "
    "1 damage.",
    "Ward absorbs first; DR turns lethal into non-lethal while Vigor lasts; at 0 Health "
    "disabled; dead at the last negative box.",
    "Each melee attack taken: \u22121 Dodge this round (Parry uses prevent it); Dodge 0 = "
    "flat-footed.",
    "Recovery: a night's sleep +1 Health (+2 with Medicine); +1 Vigor per 15 minutes.",
    "Lethal healing: 1 Health a point, or 2 Vigor once Health is full; Backlash heals "
    "only naturally.",
)


# -- box tracks ----------------------------------------------------------------------------


def _marks(lost: int, backlash: int, size: int, glyph: str) -> str:
    """``lost`` boxes marked, the last ``backlash`` of them as Backlash."""
    ordinary = max(0, lost - backlash)
    return (glyph * ordinary + BACKLASH * (lost - ordinary)).ljust(size, EMPTY)[:size]


def health_tracks(tracks: Tracks, who: Fighter | None = None) -> tuple[c.BoxTrack, c.BoxTrack]:
    """Positive and negative Health rows, each ``health_max`` boxes (002 §Damage Tracking);
    the caption says the fighter's state when there is one."""
    size = tracks.health_max
    marks = _marks(tracks.health_max - tracks.health, tracks.backlash_health, 2 * size, LOST)
    positive = tuple(str(size - k) for k in range(size))
    negative = (*(f"-{k + 1}" for k in range(size - 1)), f"-{size} {SKULL}")
    condition = _condition(tracks) if who is None else health_state(who)
    return (
        c.BoxTrack("health", "Health", marks[:size], positive, HEALTH_LEGEND, CLICKABLE,
                   EMPTY, f"{tracks.health} / {size}", condition=condition),
        c.BoxTrack("health_negative", "Negative Health", marks[size:], negative, HEALTH_LEGEND,
                   CLICKABLE, EMPTY, f"dies at -{size}", condition=condition,
                   flags=("negative",)),
    )


def _condition(tracks: Tracks) -> str:
    if tracks.dead:
        return "dead"
    return "disabled, bleeding" if tracks.disabled else ""


def health_state(who: Fighter) -> str:
    """The fighter's state in words: dead (an NPC at 0 under negative_health_npcs too),
    disabled and bleeding, or disabled and stable (002 §Damage Tracking)."""
    if who.condition == DEAD:
        return "dead"
    if who.condition == DISABLED:
        return "disabled, bleeding" if who.bleeding else "disabled, stable"
    return ""


def vigor_track(tracks: Tracks) -> c.BoxTrack:
    """Vigor: Constitution boxes of non-lethal damage (002 §Damage Tracking)."""
    size = tracks.vigor_max
    marks = _marks(size - tracks.vigor, tracks.backlash_vigor, size, BRUISED)
    return c.BoxTrack("vigor", "Vigor", marks, tuple(str(size - k) for k in range(size)),
                      VIGOR_LEGEND, (EMPTY, BRUISED), EMPTY, f"{tracks.vigor} / {size}")


def ward_track(tracks: Tracks) -> c.BoxTrack:
    """Ward: one box per point, spent as it absorbs (002 §Defense Terminology)."""
    size = tracks.ward_max
    marks = (ABSORBED * (size - tracks.ward)).ljust(size, EMPTY)
    return c.BoxTrack("ward", "Ward", marks, tuple(str(size - k) for k in range(size)),
                      WARD_LEGEND, (EMPTY, ABSORBED), EMPTY, f"{tracks.ward} / {size}")


def track_sections(tracks: Tracks, who: Fighter | None = None) -> tuple[c.BoxTrack, ...]:
    """Health rows, then Vigor and Ward when the character has them."""
    found = list(health_tracks(tracks, who))
    if tracks.vigor_max:
        found.append(vigor_track(tracks))
    if tracks.ward_max:
        found.append(ward_track(tracks))
    return tuple(found)


def round_tracks(block: StatBlock, losses: int = 0, parried: int = 0) -> tuple[c.BoxTrack, ...]:
    """Per-round boxes for Dodge losses and ticks for Parry uses (rules/pool-and-ward.md §6)."""
    found = []
    if block.dodge:
        found.append(c.BoxTrack("dodge_losses", "Dodge lost this round",
                                (USED * min(losses, block.dodge)).ljust(block.dodge, EMPTY),
                                tuple(str(k + 1) for k in range(block.dodge)), ROUND_LEGEND))
    if block.parry:
        found.append(c.BoxTrack("parry", "Parry uses this round",
                                (USED * parried).ljust(block.parry, EMPTY),
                                tuple(str(k + 1) for k in range(block.parry)), ROUND_LEGEND))
    return tuple(found)


# -- values and tables ------------------------------------------------------------------------


def stat_values(block: StatBlock) -> c.Values:
    """The five stats the combat page uses."""
    return c.Values("Stats", tuple(c.Value(s.title(), block.stat(s), key=s) for s in STATS),
                    columns=3)


def skill_values(block: StatBlock) -> c.Values:
    """Every skill on the sheet."""
    return c.Values("Skills", tuple(c.Value(name, value, key=name)
                                    for name, value in sorted(block.skills.items())), columns=2)


def defence_values(block: StatBlock, options: PoolWardOptions,
                   who: Fighter | None = None) -> c.Values:
    """The defence block (002 §Defense Terminology), Dodge as it stands this round."""
    armour = armour_worn(block.armour, block.armour_spell, options.armour_stacking)
    dodge = block.dodge if who is None else who.dodge_now
    dodge_note = "" if who is None or not (who.dodge_losses or who.flat_footed) else (
        "flat-footed" if who.flat_footed else f"{who.dodge_losses} lost this round")
    rows = (
        ("Armour", armour, "worn and armour spell, by the armour_stacking ruling"),
        ("Shield", block.shield, "lost when flat-footed (ruling flat_footed_drops_shield)"),
        ("Dodge", dodge, dodge_note),
        ("Parry", block.parry, "melee attacks a round that cost no Dodge"),
        ("APR", block.apr + block.shield_apr,
         f"{block.shield_apr} of it with the shield" if block.shield_apr else ""),
        ("DR physical", block.dr_physical + block.armour_dr,
         f"{block.armour_dr} from the armour" if block.armour_dr else ""),
        ("DR magical", block.dr_magical, ""),
        ("Ward", block.ward, "absorbs damage before Health and Vigor"),
        ("Resistance", block.resistance, ""),
        ("Magical Resistance", block.magical_resistance, ""),
    )
    return c.Values("Defence", tuple(c.Value(label, value, note=note, key=label.lower())
                                     for label, value, note in rows), columns=2)


def attack_row(block: StatBlock, profile: AttackProfile, options: PoolWardOptions) -> tuple[
        str, ...]:
    """One weapon or spell: kind, raw pool, AP, damage type and what it adds."""
    pool = raw_pool(block, profile, options).total
    damage = ("lethal" if profile.lethal else "non-lethal") + (
        ", magical" if profile.is_magical else "")
    notes = [f"{KIND_BASES[profile.kind]} {profile.base}",
             f"{profile.stat_used.title()} + {profile.skill_used}"]
    if profile.percent:
        notes.append(f"+{profile.percent}%")
    if profile.ignore_dodge:
        notes.append(f"ignores {profile.ignore_dodge} Dodge")
    notes.extend(effect.name for effect in profile.effects)
    return (profile.name, profile.kind, str(pool), str(profile.ap), damage, "; ".join(notes))


def attack_table(block: StatBlock, options: PoolWardOptions) -> c.Table:
    """Every attack with its raw pool and Armour Piercing."""
    rows = tuple(attack_row(block, profile, options) for profile in block.attacks)
    return c.Table("Attacks", ATTACK_COLUMNS, rows, ATTACK_TIPS)


def backlash_text(tracks: Tracks) -> c.Text:
    """The Backlash tally kept apart from other damage."""
    return c.Text("Backlash", f"Health {tracks.backlash_health}, Vigor {tracks.backlash_vigor} "
                              "(heals only naturally)")


# -- the sheet -------------------------------------------------------------------------------


def sheet(state: Fight, cid: str) -> c.SheetView:
    """One fighter's sheet as the fight stands (issue 14, Sheets)."""
    who = state.fighters[cid]
    block, options = who.block, state.options
    tracks = who.tracks
    return c.SheetView(
        id=who.id, name=who.name, kind="player" if who.player else "NPC", side=who.side,
        status=status(state, who),
        sections=(
            *track_sections(tracks, who),
            c.PoolsSection("This round", round_pools(who)),
            defence_values(block, options, who),
            stat_values(block),
            skill_values(block),
            attack_table(block, options),
            backlash_text(tracks),
            c.Text("Notes", block.notes),
        ),
        edit_dialog=CONDITIONS_DIALOG,
    )


def round_pools(who: Fighter) -> tuple[c.Pool, ...]:
    """Dodge left and Parry uses left this round (the GM's minus and plus buttons)."""
    block = who.block
    return (c.Pool("dodge", "Dodge left", who.dodge_now, block.dodge),
            c.Pool("parry", "Parry uses left", who.parry_left, block.parry))


def status(state: Fight, who: Fighter) -> tuple[str, ...]:
    """Short words above the sheet: the turn, the condition, flat-footed, readied."""
    parts = []
    if state.actor() == who.id:
        parts.append("acting now")
    if who.condition != UP:
        parts.append(health_state(who))
    if who.flat_footed:
        parts.append("flat-footed")
    if who.id in state.readied:
        parts.append(f"readied: {state.readied[who.id]}")
    if who.used:
        parts.append("used " + ", ".join(who.used))
    return tuple(parts)


# -- clicks and buttons --------------------------------------------------------------------------


def _clicked(index: int, lost: int) -> int:
    """Points lost after a click on box ``index``: up to it, or the last marked one cleared."""
    return index if index == lost - 1 else index + 1


def box_click(state: Fight, cid: str, track: str, index: int) -> Action | None:
    """A click on a Health, Vigor or Ward box asks to set that track (None: not clickable)."""
    who = state.fighters.get(cid)
    if who is None:
        return None
    tracks = who.tracks
    sizes = {"health": (tracks.health_max, tracks.health_max - tracks.health, 0, "health"),
             "health_negative": (tracks.health_max, tracks.health_max - tracks.health,
                                 tracks.health_max, "health"),
             "vigor": (tracks.vigor_max, tracks.vigor_max - tracks.vigor, 0, "vigor"),
             "ward": (tracks.ward_max, tracks.ward_max - tracks.ward, 0, "ward")}
    if track not in sizes:
        return None
    size, lost, offset, name = sizes[track]
    if not 0 <= index < size:
        return None
    most = tracks.health_max if name == "health" else size
    return a.SetTrack(cid, name, most - _clicked(index + offset, lost))


def pool_change(state: Fight, cid: str, pool: str, amount: int) -> Action | None:
    """Dodge or Parry spent (negative) or given back, or a track moved by ``amount``."""
    who = state.fighters.get(cid)
    if who is None or amount == 0:
        return None
    if pool == "dodge":
        return a.AdjustRound(cid, "dodge_losses", -amount)
    if pool == "parry":
        return a.AdjustRound(cid, "parry_used", -amount)
    if pool in ("health", "vigor", "ward"):
        return a.SetTrack(cid, pool, getattr(who, pool) + amount)
    return None


# -- the printed card ----------------------------------------------------------------------------


def card(state: Fight | None, cid: str | None, block: StatBlock) -> c.Card:
    """The player card of rules/pool-and-ward.md §6: blank tracks, or the fight's marks."""
    who = state.fighters[cid] if state is not None and cid is not None else None
    options = state.options if state is not None else PoolWardOptions()
    tracks = who.tracks if who is not None else Tracks(
        block.health_max, block.health_max, block.vigor_max, block.vigor_max, block.ward,
        block.ward)
    rounds = round_tracks(block, who.dodge_losses, who.parry_used) if who else round_tracks(block)
    return c.Card(
        title=block.name,
        subtitle=f"Pool & Ward · Health {block.health_max} · Vigor {block.vigor_max}"
                 + (f" · Ward {block.ward}" if block.ward else ""),
        sections=(stat_values(block), skill_values(block), attack_table(block, options),
                  defence_values(block, options, who), *track_sections(tracks, who), *rounds,
                  c.Text("Status", card_status(who)), backlash_text(tracks)),
        reminders=REMINDERS,
    )


def card_status(who: Fighter | None) -> str:
    """Tick boxes for the statuses, ticked where the fight has them."""
    flags = {"flat-footed": bool(who and who.flat_footed),
             "disabled": bool(who and who.condition == DISABLED),
             "bleeding": bool(who and who.bleeding),
             "dead": bool(who and who.condition == DEAD),
             "cover": False}
    return "   ".join(("\u2611 " if on else "\u2610 ") + word for word, on in flags.items())
