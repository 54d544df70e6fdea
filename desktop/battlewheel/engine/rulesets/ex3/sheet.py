"""3e's sheets and printed cards as contract values (issue 12 "Sheets"; rules/3e.md §6).

The sheet shows Initiative (current, base, Crash turns), Parry, Evasion, soak, Hardness,
onslaught, the health boxes (or a battle group's Magnitude) and each weapon with its
withering and decisive pools. The card is its paper twin with write-in spaces.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.conditions import defence_modifier, dice_modifier
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Character, Weapon
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, pool_most
from battlewheel.engine.rulesets.ex3.wheel import condition_marks, defence_penalty, waiting_for

HEALTH_LEGEND = (c.Glyph("/", "bashing", "#3b6fb6"), c.Glyph("X", "lethal", "#b3261e"),
                 c.Glyph("*", "aggravated", "#6a1b9a"))
MAGNITUDE_LEGEND = (c.Glyph("#", "Magnitude", "#2e7d32"),)


def health_track(track: HealthTrack, clickable: bool = True,
                 ruling: str = "3e") -> c.BoxTrack:
    """The boxes under their penalties: under 3e's track (the default) the levels down to
    Incapacitated, the last of them, and under 000's its Dying boxes too (3e reading §4
    health_track)."""
    shown = track.upper_size if three_e_track(track, ruling) else track.size
    return c.BoxTrack(
        key="health", title="Health", marks=track.marks[:shown], labels=track.labels[:shown],
        legend=HEALTH_LEGEND, cycle=(".", "/", "X", "*") if clickable else (),
        summary=f"wound penalty -{track.wound_penalty}" if track.wound_penalty else "unhurt"
        if not track.damage else "no penalty", penalty=track.wound_penalty,
        condition="dead" if track.dead else ("incapacitated" if track.incapacitated else ""))


def three_e_track(track: HealthTrack, ruling: str) -> bool:
    """Whether a track is 3e's: Incapacitated last, its one box beyond only marking death
    (ruling health_track "3e", rules.health_for)."""
    return ruling == "3e" and track.dying == 1


def magnitude_track(magnitude: int, most: int, clickable: bool = True) -> c.BoxTrack:
    """A battle group's Magnitude boxes (003 §Battle Groups)."""
    return c.BoxTrack(
        key="magnitude", title="Magnitude", marks="#" * magnitude + "." * (most - magnitude),
        labels=tuple(str(i + 1) for i in range(most)), legend=MAGNITUDE_LEGEND,
        cycle=(".", "#") if clickable else (), summary=f"{magnitude} / {most}")


def pools(block: Character, weapon: Weapon, size: int | None = None, *,
          off_hand: bool = True) -> tuple[int, int]:
    """Withering pool (with accuracy) and decisive pool (003 §Resolution Steps, step 5),
    a Quick Character's listed pool for both; a battle group adds Size and Might; a
    weapon in the off hand costs a die when ``off_hand`` (the ruling off_hand_penalty) is
    on, as the attack dialog counts it.
    """
    withering, decisive = r.attack_pools(block, weapon, size)
    cut = r.OFF_HAND_PENALTY if off_hand_counts(weapon, off_hand) else 0
    return withering - cut, decisive - cut


NBSP = "\u00a0"


def defence_text(block: Character, weapon: Weapon) -> str:
    """The weapon's Defence bonus; a Quick Character's listed Parry already holds it."""
    return "—" if block.quick_attack(weapon) is not None else f"{weapon.defence:+d}"


def damage_text(block: Character, weapon: Weapon, space: str = " ") -> str:
    """``+12 L`` added to Strength, or a Quick Character's listed ``12 L`` (003 §Resolution
    Steps, 8c)."""
    plus = "" if block.quick_attack(weapon) is not None else "+"
    return f"{plus}{r.weapon_damage(block, weapon)}{space}{weapon.damage_type[0].upper()}"


def off_hand_counts(weapon: Weapon, penalty_on: bool) -> bool:
    """Whether the off-hand penalty applies to this weapon (ruling off_hand_penalty)."""
    return weapon.off_hand and penalty_on


def _off_hand_words(weapon: Weapon, penalty_on: bool) -> str:
    return f" (off hand -{r.OFF_HAND_PENALTY})" if off_hand_counts(weapon, penalty_on) else ""


def weapons_table(block: Character, ready: tuple[str, ...] | None,
                  size: int | None = None, wounds: int = 0, shift: int = 0, *,
                  off_hand: bool = True) -> c.Table:
    """Each weapon with both pools (less the wound penalty, 3e reading §4 health_track),
    damage, minimum, Defence and range.

    ``shift`` is the dice the GM's conditions add to every pool now; ``off_hand`` is the
    ruling off_hand_penalty.
    """
    rows = []
    for weapon in block.all_weapons:
        withering, decisive = (max(pool - wounds + shift, 0)
                               for pool in pools(block, weapon, size, off_hand=off_hand))
        shown = weapon.name if ready is None or weapon.name in ready or weapon.name == "Unarmed" \
            else f"{weapon.name} (not ready)"
        shown += _off_hand_words(weapon, off_hand)
        rows.append((shown, str(withering), str(decisive), damage_text(block, weapon),
                     str(weapon.minimum), defence_text(block, weapon), weapon.range))
    footer = f"Pools less the wound penalty -{wounds}." if wounds else ""
    return c.Table("Weapons", ("weapon", "withering", "decisive", "damage", "min", "Def",
                               "range"), tuple(rows), footer=footer)


def defences(block: Character, options: Ex3Options, who: Combatant | None) -> c.Values:
    """Parry, Evasion (less wounds), soak, Hardness and the Defence modifier to the next turn.

    The wound penalty lowers both defences for as long as the wounds last (3e reading §4
    health_track), so it is taken off the values; the modifier row holds what lapses at
    the next turn.
    """
    rounding = options.static_rounding
    parry = d.best_parry(who, rounding) if who is not None else r.block_parry(block, rounding)
    evasion = r.evasion(block, rounding)
    wounds = 0 if who is None or who.is_group else r.wound_defence(who.health)
    note = f"wound penalty -{wounds} taken off" if wounds else ""
    values = [c.Value("Parry", "—" if parry is None else max(parry - wounds, 0), note=note,
                      key="parry"),
              c.Value("Evasion", max(evasion - wounds, 0), note=note, key="evasion"),
              c.Value("Soak", r.soak(block, who.size if who else 0), key="soak"),
              c.Value("Hardness", r.hardness(block, who is not None and who.in_crash),
                      note="0 in Crash" if who is not None and who.in_crash else "",
                      key="hardness")]
    if wounds:
        values.append(c.Value("Wounds (in both)", -wounds, note=note, key="wound_defence"))
    if who is not None:
        values += [c.Value("Onslaught", -who.onslaught, key="onslaught"),
                   c.Value("Defence modifier", defence_penalty(who), key="defence_mod")]
        if defence_modifier(who.conditions):
            values.append(c.Value("Conditions", f"{defence_modifier(who.conditions):+d}",
                                  note="the GM's conditions, on both Parry and Evasion",
                                  key="conditions"))
    if block.group is not None:
        values.append(c.Value("Group Defence", f"+{r.group_defence(block)}", key="group"))
    return c.Values("Defence", tuple(values), columns=2)


def initiative_values(state: Combat, who: Combatant) -> c.Values:
    """Current and base Initiative and the turns ended in Crash (003 §Crash)."""
    current = "—" if who.initiative is None else who.initiative
    values = [c.Value("Initiative", current, key="initiative"),
              c.Value("Base", who.block.base_initiative, key="base"),
              c.Value("Crash turns", who.crash_turns if who.in_crash else 0, key="crash_turns")]
    if who.in_crash:
        values.append(c.Value("In Crash", "yes", note=_crash_note(state, who), key="crash"))
    if waiting_for(state, who) is not None:
        values.append(c.Value("Delaying to", who.delay_tick or 0, key="delay"))
    return c.Values("Initiative", tuple(values), columns=2)


def _crash_note(state: Combat, who: Combatant) -> str:
    if who.crashed_by.startswith("self"):
        return "crashed itself: cannot Shift"
    if who.crashed_by:
        return f"crashed by {state.name(who.crashed_by)}: crash them back to Shift"
    return ""


def group_values(who: Combatant) -> c.Values:
    """Size, Drill, Might, Size lost and the rout state (003 §Battle Groups)."""
    group = who.block.group
    assert group is not None
    rout = "dissolved" if who.dissolved else ("breaking" if who.rout_failed else "holding")
    return c.Values("Battle group", (
        c.Value("Size", who.size), c.Value("Drill", group.drill), c.Value("Might", group.might),
        c.Value("Size lost", who.size_lost), c.Value("Rout", rout),
        c.Value("Perfect morale", "yes" if group.perfect_morale else "no")), columns=2)


def status_words(state: Combat, who: Combatant) -> tuple[str, ...]:
    """Conditions in words: prone, cover, aim, grapple, concealment, mount."""
    words = [tip for _, tip in condition_marks(state, who)]
    if who.aim_target:
        words.append(f"aiming at {state.name(who.aim_target)} ({who.aim_turns})")
    hidden = [state.name(f) for h, f in sorted(state.concealed) if h == who.id]
    if hidden:
        words.append("hidden from " + ", ".join(hidden))
    if who.mounted:
        words.append(f"mounted ({who.block.mount})")
    if who.ward:
        words.append(f"defending {state.name(who.ward)}")
    return tuple(words)


def spendable(who: Combatant) -> tuple[c.Pool, ...]:
    """Initiative, then the motes a block has and Willpower, each spent and restored from
    the sheet (``Exalted3e.pool_change``)."""
    listed = [c.Pool("initiative", "Initiative", who.initiative or 0,
                     note=f"base {who.block.base_initiative}")]
    for key, label in (("personal", "Personal motes"), ("peripheral", "Peripheral motes")):
        if getattr(who.block, f"{key}_motes"):
            listed.append(c.Pool(key, label, who.pool_left(key), pool_most(who.block, key)))
    listed.append(c.Pool("willpower", "Willpower", who.pool_left("willpower"),
                         who.block.willpower))
    return tuple(listed)


def essence_values(block: Character) -> c.Values:
    """Essence, the Willpower rating, motes committed and, for a Quick Character, its
    Resolve and Guile (003 §Attacks From Stealth reads them)."""
    values = [c.Value("Essence", block.essence, key="essence"),
              c.Value("Willpower", block.willpower, key="willpower")]
    if block.personal_motes or block.peripheral_motes:
        values.append(c.Value("Motes", f"{block.personal_motes} personal, "
                                       f"{block.peripheral_motes} peripheral", key="motes"))
        values.append(c.Value("Committed", block.committed_motes, key="committed"))
    if block.quick is not None:
        values += [c.Value("Resolve", block.quick.resolve, key="resolve"),
                   c.Value("Guile", block.quick.guile, key="guile")]
    return c.Values("Essence", tuple(values), columns=2)


def kind_words(block: Character) -> str:
    """The block's kind, and "Quick Character" when it rolls listed pools."""
    return f"{block.kind}, Quick Character" if block.quick is not None else block.kind


def sheet(state: Combat, cid: str) -> c.SheetView:
    """One combatant's sheet as it stands now."""
    who = state.combatants[cid]
    sections: list[c.Section | c.PoolsSection] = [
        c.PoolsSection("Pools", spendable(who)),
        initiative_values(state, who), defences(who.block, state.options, who),
        essence_values(who.block)]
    if who.is_group:
        most = r.magnitude_max(who.block, who.size)
        sections += [magnitude_track(who.magnitude, most), group_values(who)]
    else:
        sections.append(health_track(who.health, ruling=state.options.health_track))
    sections.append(weapons_table(who.block, who.ready, who.size, who.derived.wound_penalty,
                                  dice_modifier(who.conditions),
                                  off_hand=state.options.off_hand_penalty))
    sections.append(ranges(state, who))
    kind = "battle group" if who.is_group else kind_words(who.block)
    return c.SheetView(id=cid, name=who.name, kind=kind, side=who.side,
                       status=status_words(state, who), sections=tuple(sections))


def ranges(state: Combat, who: Combatant) -> c.Values:
    """How far everyone else stands from this combatant, foes first (003 §Positioning and
    Movement): the bands an attack or a Move reads, in sight on the sheet."""
    bands = dict(who.derived.ranges)
    others = sorted((o for o in state.combatants.values() if o.id in bands),
                    key=lambda o: (not state.hostile(who.id, o.id), o.out))
    values = tuple(c.Value(o.name, bands[o.id], key=f"range:{o.id}") for o in others)
    return c.Values("Ranges", values)


# -- the printed card (rules/3e.md §6) --------------------------------------------------------

# The card's reminder strip (rules/3e.md §6); the printed card wraps a long line.
STRIP = (
    "Withering: Str + weapon damage + threshold - soak (at least the weapon's minimum); "
    "foe -X i, you +X+1 i",
    "Decisive: roll your i (10s count once); 0 dice if Hardness >= i; then back to base i",
    "Delay -2i  ·  onslaught -1 Def  ·  flurry -3 rolls / -1 Def",
    "Crash at 0 or less: Break +5i to who crashed you",
    "Decisive miss -2i (-3i at 11+)  ·  gambit: difficulty + 1 i",
    "Wounds: the penalty comes off rolls and off Parry and Evasion",
)
GROUP_STRIP = (
    "Size adds to attack, damage, Magnitude and soak",
    "Damage rolls: 10s count once; no Initiative gained",
    "Magnitude 0: rout check; pass: Size -1, fresh Magnitude, the rest of the damage "
    "carries over",
    "Failed: breaks at its next turn, -3 Def until then",
)


def card(state: Combat | None, cid: str | None, block: Character,
         options: Ex3Options) -> c.Card:
    """A player card, or a battle-group card (rules/3e.md §6)."""
    who = state.combatants[cid] if state is not None and cid is not None else None
    if block.group is not None:
        return _group_card(block, who, options.off_hand_penalty)
    jb = block.pool("wits", "awareness")
    ruling = state.options.health_track if state is not None else options.health_track
    track = who.health if who is not None else r.health_for(block, ruling)
    sections: list[c.Section | c.PoolsSection] = [
        health_track(track, clickable=False, ruling=ruling),
        c.Values("Initiative", (c.Value("Join Battle", f"{jb} dice + 3"),
                                c.Value("Base", block.base_initiative)), columns=2),
        c.Text("i", "____ ____ ____ ____ ____   Crash \u25a1  turns \u25cb \u25cb \u25cb"),
        *_card_defences(block, options), essence_values(block),
        *_weapon_texts(block, options.off_hand_penalty),
        c.Text("Status", "prone \u25a1 cover __ aim __ grapple __ concealed __ "
               f"mount {block.mount or '__'}")]
    return c.Card(title=block.name, subtitle=f"{kind_words(block)} · Essence {block.essence}",
                  sections=tuple(sections), reminders=STRIP)


def _weapon_texts(block: Character, off_hand: bool) -> list[c.Text]:
    """One printed line per weapon: both pools, damage, minimum, Defence (rules/3e.md §6)."""
    texts = []
    for weapon in block.all_weapons:
        withering, decisive = pools(block, weapon, off_hand=off_hand)
        # No-break spaces keep each figure with its word when the printed line wraps.
        texts.append(c.Text(weapon.name, f"withering {withering} / decisive {decisive} "
                            f"dice{_off_hand_words(weapon, off_hand)}, "
                            f"{damage_text(block, weapon, NBSP)}, "
                            f"min\u00a0{weapon.minimum}, Def\u00a0{defence_text(block, weapon)}, "
                            f"{weapon.range}"))
    return texts


def _card_defences(block: Character, options: Ex3Options) -> list[c.Values]:
    """Parry, Evasion, soak, Hardness; then both defences prone and in cover.

    003 §Damage and Conditions, §Take Cover.
    """
    rounding = options.static_rounding
    parry = r.block_parry(block, rounding) or 0
    evasion = r.evasion(block, rounding)
    return [
        c.Values("Defence", (c.Value("Parry", parry), c.Value("Evasion", evasion),
                             c.Value("Soak", r.soak(block)),
                             c.Value("Hardness", r.hardness(block, False))), columns=2),
        c.Values("Prone / light / heavy cover", (
            c.Value("Parry", f"{parry - 1}/{parry + 1}/{parry + 2}"),
            c.Value("Evasion", f"{evasion - 2}/{evasion + 1}/{evasion + 2}")), columns=2),
    ]


def _tally(lost: int, boxes: int = 5) -> str:
    """Five boxes for the Size a group can lose (003 §Battle Groups: Size 0-5), ticked
    for the Size it has lost."""
    return " ".join("\u2612" if k < lost else "\u25a1" for k in range(max(boxes, lost)))


def _group_card(block: Character, who: Combatant | None, off_hand: bool) -> c.Card:
    """Size, Drill and Might, the Magnitude boxes and the rout tally (rules/3e.md §6)."""
    group = block.group
    assert group is not None
    size = who.size if who is not None else group.size
    most = r.magnitude_max(block, size)
    magnitude = who.magnitude if who is not None else most
    sections: list[c.Section | c.PoolsSection] = [
        c.Values("Battle group", (c.Value("Size", size), c.Value("Drill", group.drill),
                                  c.Value("Might", group.might),
                                  c.Value("Defence bonus", f"+{r.group_defence(block)}")),
                 columns=2),
        magnitude_track(magnitude, most, clickable=False),
        c.Text("Rout tally", "Size lost " + _tally(who.size_lost if who is not None else 0)),
        c.Text("Rout check", f"Willpower {block.willpower} vs 1 + Size lost"),
        *_weapon_texts(block, off_hand),
    ]
    return c.Card(title=block.name, subtitle=f"battle group · Size {size} · Magnitude {most}",
                  sections=tuple(sections), reminders=GROUP_STRIP)
