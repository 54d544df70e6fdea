"""A 3e Quick Character stat block pasted from a book or a PDF, read into a 3e block.

The layout the books print (and Foundry's template importer reads): the name on the
first line, then entries such as "Essence: 2; Willpower: 5; Join Battle: 6 dice",
"Health Levels: -0x1, -1x2, -2x2, -4x1, Incap.", "Attack (Sword): 10 dice (Damage 13/3)",
"Combat Movement: 6 dice", "Evasion 2, Parry 4", "Soak/Hardness: 5/0",
"Resolve 2, Guile 1", and for a battle group "Size 2, Drill Average, Might 0".

Text copied out of a PDF is repaired first: entries broken across lines are joined,
the typographic minus and dashes become "-", curly quotes become straight ones, and
runs of spaces become one. Markdown marks (``**Essence:** 2``, ``==highlight==``,
``## Name``, bullets and rules) are taken off, so a block reads the same with or
without them. Every entry is then found wherever it sits, so an entry
split mid-way by a line break still reads.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import partial

from battlewheel.engine.rulesets.ex3.block import (
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
)
from battlewheel.storage.imports.common import ImportedCharacter, ImportRefused, Trail
from battlewheel.storage.roster import RosterCharacter

RULESET = "3e"
FORMAT = "3e stat block (pasted text)"
_NUMBER = r"(\d{1,3})"
_REPAIRS = str.maketrans({
    "\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2010": "-", "\u2011": "-",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ",
    "\u00d7": "x", "\u00ad": "",
})
_SPACES = re.compile(r"[ \t\f\v]+")
# Markdown as GMs' notebooks (Obsidian, GitHub) write it: emphasis and highlight marks
# anywhere; a heading's hashes, a bullet, a quote's ">" at a line's start; a rule line.
_MARKS = re.compile(r"\*+|==|~~|`+|(?<!\w)_{1,2}|_{1,2}(?!\w)")
_LINE_MARKS = re.compile(r"^(?:#{1,6}\s+|>\s?|[-*+]\s+(?=\S))")
_RULE_LINE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
_CHECKBOX = r"\[\s?[xX]?\s?\]"

# Each entry the reader knows, with the block field it fills.
FIELDS = {
    "essence": re.compile(rf"\bEssence\s*:?\s*{_NUMBER}", re.I),
    "willpower": re.compile(rf"\bWillpower\s*:?\s*{_NUMBER}", re.I),
    "join_battle": re.compile(rf"\bJoin\s+Battle\s*:?\s*{_NUMBER}", re.I),
    "movement": re.compile(rf"\b(?:Combat\s+)?Movement\s*:?\s*{_NUMBER}", re.I),
    "evasion": re.compile(rf"\bEvasion\s*:?\s*{_NUMBER}", re.I),
    "parry": re.compile(rf"\bParry\s*:?\s*{_NUMBER}", re.I),
    "resolve": re.compile(rf"\bResolve\s*:?\s*{_NUMBER}", re.I),
    "guile": re.compile(rf"\bGuile\s*:?\s*{_NUMBER}", re.I),
    "soak_hardness": re.compile(rf"\bSoak\s*/\s*Hardness\s*:?\s*{_NUMBER}\s*/\s*{_NUMBER}",
                                re.I),
    "soak": re.compile(rf"\bSoak\s*:?\s*{_NUMBER}(?!\s*/)", re.I),
    "hardness": re.compile(rf"(?<!/)\bHardness\s*:?\s*{_NUMBER}", re.I),
    # "Personal + Peripheral Motes: 13 + 31", as a GM's notebook writes them on one line.
    "both_motes": re.compile(rf"\bPersonal\s*\+\s*Peripheral(?:\s+Motes)?\s*:?\s*{_NUMBER}"
                             rf"\s*\+\s*{_NUMBER}", re.I),
    "personal_motes": re.compile(rf"\bPersonal(?:\s+Motes)?\s*:?\s*{_NUMBER}", re.I),
    # "38/43 (5 committed)" is 38 left of a pool of 43: the block keeps the pool.
    "peripheral_motes": re.compile(rf"\bPeripheral(?:\s+Motes)?\s*:?\s*(?:\d{{1,3}}\s*/\s*)?"
                                   rf"{_NUMBER}", re.I),
    "size": re.compile(rf"\bSize\s*:?\s*{_NUMBER}", re.I),
    "drill": re.compile(r"\bDrill\s*:?\s*(Poor|Average|Elite)", re.I),
    "might": re.compile(rf"\bMight\s*:?\s*{_NUMBER}", re.I),
}
HEALTH = re.compile(r"\bHealth\s+Levels\s*:?\s*((?:[-\s,;/x\d]|\bx\b)*)", re.I)
HEALTH_LEVEL = re.compile(r"-\s*(\d)\s*(?:x\s*(\d{1,2}))?")
CHECKBOX_HEALTH = re.compile(
    rf"\bHealth\s+Levels\s*:?\s*((?:-?\s*\d\s*{_CHECKBOX}\s*)+)(\S+\s*{_CHECKBOX})?", re.I)
CHECKBOX_LEVEL = re.compile(rf"(-?)\s*(\d)\s*{_CHECKBOX}")
# "Attack (Sword): 10 dice (Damage 13/3)", the book's ranged "8 dice at short range
# (Damage 9)", and GMs' own "Attack withering(Boots) 14 dice withering (...)".
ATTACK = re.compile(
    r"\bAttack\s*(?:withering|decisive)?\s*\(\s*([^()]{1,80}?)\s*\)\s*:?\s*(\d{1,3})\s*dice"
    r"(?:\s+(?:withering|decisive))?(?:\s+at\s+(close|short|medium|long|extreme)\s+range)?"
    r"(?:\s*\(([^()]{0,120})\))?", re.I)
ATTACK_DAMAGE = re.compile(r"\bDamage\s*:?\s*(\d{1,3})\s*([BLA])?\b"
                           r"(?:\s*(?:/|,?\s*(?:minimum(?:\s+damage)?|min\.?|overwhelming)|,)\s*(\d{1,2}))?",
                           re.I)
# What a Quick Character cannot be without: a paste with fewer is refused, naming them.
ESSENTIALS = {"essence": "Essence", "willpower": "Willpower", "join_battle": "Join Battle",
              "health": "Health Levels", "attack": "an Attack", "defence": "Evasion or Parry",
              "soak": "Soak"}
FEWEST_ESSENTIALS = 3
RANGE_WORDS = re.compile(r"\b(short|medium|long|extreme)\b", re.I)
EXALT_HINTS = re.compile(r"\b(Caste|Aspect|Anima)\b\s*:", re.I)
QUICK_FIELDS = ("join_battle", "movement", "parry", "evasion", "resolve", "guile")
MAX_LEFT_LINE = 100


def repair(text: str) -> str:
    """What a PDF does to text, undone: dashes, quotes, odd spaces, ligatures; and the
    marks of Markdown taken off."""
    text = unicodedata.normalize("NFKC", text).translate(_REPAIRS)
    lines = (_SPACES.sub(" ", unmark(line)).strip()
             for line in text.replace("\r", "\n").split("\n"))
    return "\n".join(line for line in lines if line)


def unmark(line: str) -> str:
    """One line without its Markdown: ``**Essence:** 2`` is ``Essence: 2``."""
    if _RULE_LINE.match(line):
        return ""
    line = _LINE_MARKS.sub("", line.strip())
    return _MARKS.sub("", _LINK.sub(r"\1", line))


@dataclass
class _Found:
    """Entries found in the text, with the spans of text they used."""

    values: dict[str, int | str]
    spans: list[tuple[int, int]]


def read_statblock(text: str, origin: str = "pasted text") -> list[ImportedCharacter]:
    """The character of a pasted stat block, or ``ImportRefused`` naming the problem and
    the line of the text it is on."""
    try:
        return _read(text, origin)
    except ImportRefused as refused:
        line = line_of(text, refused.field)
        if line is None:
            raise
        raise ImportRefused(origin, f"line {line}, {refused.field}",
                            str(refused).removeprefix(f"{origin}: {refused.field}: ")) from None


def line_of(text: str, field_name: str) -> int | None:
    """The first line (from 1) of ``text`` holding the entry a refusal names
    ("Parry (quick.parry)" is on the line with "Parry"), or None."""
    label = re.sub(r"\s*\(.*$", "", field_name).strip().casefold()
    if not label or label.startswith("line "):
        return None
    for number, line in enumerate(text.splitlines(), 1):
        if label in unmark(unicodedata.normalize("NFKC", line)).casefold():
            return number
    return None


def _read(text: str, origin: str) -> list[ImportedCharacter]:
    trail = Trail(origin)
    repaired = repair(text)
    if not repaired:
        raise ImportRefused(origin, "", "the text is empty")
    name, body = _name(repaired)
    flat = body.replace("\n", " ")
    found = _scan(flat)
    attacks = _attacks(flat, found, trail)
    health = _health(flat, found, trail)
    _check_essentials(flat, found, attacks, health, origin)
    _leftovers(flat, found.spans, trail)
    trail.took("name", "the first line")
    block = trail.build(lambda: _block(name, flat, found.values, attacks, health, trail))
    character = trail.build(lambda: RosterCharacter.of_block(RULESET, block, "enemy"))
    return [trail.imported(character, RULESET, FORMAT)]


def _check_essentials(flat: str, found: _Found, attacks: tuple[QuickAttack, ...],
                      health: tuple[int, ...] | None, origin: str) -> None:
    """Prose, or another game's monster, is refused naming what a stat block has."""
    present = {key for key in ESSENTIALS if key in found.values}
    present |= {"health"} if health is not None else set()
    present |= {"attack"} if attacks or ATTACK.search(flat) else set()
    present |= {"defence"} if {"evasion", "parry"} & set(found.values) else set()
    if len(present) >= FEWEST_ESSENTIALS:
        return
    missing = [label for key, label in ESSENTIALS.items() if key not in present]
    seen = [label for key, label in ESSENTIALS.items() if key in present]
    raise ImportRefused(origin, "", "this is not a 3e stat block: it has no "
                        + ", ".join(missing)
                        + (f" (only {', '.join(seen)} was found)" if seen else "")
                        + f"; a Quick Character has at least {FEWEST_ESSENTIALS} of these, "
                        "such as 'Essence: 2; Willpower: 5; Join Battle: 6 dice'")


def _name(text: str) -> tuple[str, str]:
    first, _, rest = text.partition("\n")
    starts_with_entry = any(p.match(first) for p in (*FIELDS.values(), HEALTH, ATTACK))
    if starts_with_entry or len(first) > 120:
        return "Pasted character", text
    return first.strip(" :.-"), rest


def _scan(flat: str) -> _Found:
    found = _Found({}, [])
    for field, pattern in FIELDS.items():
        match = pattern.search(flat)
        if match is None:
            continue
        found.spans.append(match.span())
        if field == "soak_hardness":
            found.values["soak"] = int(match.group(1))
            found.values["hardness"] = int(match.group(2))
        elif field == "both_motes":
            found.values["personal_motes"] = int(match.group(1))
            found.values["peripheral_motes"] = int(match.group(2))
        elif field == "drill":
            found.values[field] = match.group(1).lower()
        elif field not in found.values:
            found.values[field] = int(match.group(1))
    return found


def _attacks(flat: str, found: _Found, trail: Trail) -> tuple[QuickAttack, ...]:
    attacks: list[QuickAttack] = []
    for match in ATTACK.finditer(flat):
        found.spans.append(match.span())
        name, pool, inside = match.group(1), int(match.group(2)), match.group(4) or ""
        label = f"Attack ({name})"
        damage = ATTACK_DAMAGE.search(inside)
        if damage is None:
            trail.left(f"{label}: no Damage given (a grapple or a special attack); not used")
            continue
        if any(a.name == name for a in attacks):
            trail.left(f"{label}: listed twice; the first is used")
            continue
        letter = (damage.group(2) or "").upper()
        if letter == "A":
            trail.left(f"{label}: aggravated damage is read as lethal")
        for part in ("pool", "damage", "overwhelming"):
            trail.took(f"quick attack {name}.{part}", label)
        band = RANGE_WORDS.search(match.group(3) or inside)
        attacks.append(trail.build(partial(
            QuickAttack, name=name, pool=pool, damage=int(damage.group(1)),
            overwhelming=int(damage.group(3) or 1),
            damage_type="bashing" if letter == "B" else "lethal",
            range=band.group(1).lower() if band else "close")))
    return tuple(attacks)


def _health(flat: str, found: _Found, trail: Trail) -> tuple[int, ...] | None:
    boxes = CHECKBOX_HEALTH.search(flat)
    if boxes is not None:
        return _checkbox_health(boxes, found, trail)
    match = HEALTH.search(flat)
    if match is None:
        return None
    found.spans.append(match.span())
    if not HEALTH_LEVEL.search(match.group(1)):
        shown = flat[match.start():match.start() + 60]
        raise trail.refuse("Health Levels", f"cannot be read: {shown!r}; write them as "
                           "'-0x1, -1x2, -2x2, -4x1, Incap.' or '0 [ ] -1 [ ] -1 [ ]'")
    levels: list[int] = []
    for level in HEALTH_LEVEL.finditer(match.group(1)):
        penalty, count = int(level.group(1)), int(level.group(2) or 1)
        if penalty not in (0, 1, 2, 4):
            trail.left(f"Health Levels: -{penalty} levels are not on this program's tracks")
            continue
        levels.extend([penalty] * count)
    trail.took("health_levels", "Health Levels")
    incap = re.compile(r"\s*Incap(?:acitated)?\.?", re.I).match(flat, match.end())
    if incap:
        found.spans.append(incap.span())
    return tuple(sorted(levels))


def _checkbox_health(match: re.Match[str], found: _Found,
                     trail: Trail) -> tuple[int, ...]:
    """A track written as boxes, one per level: ``0 [ ] -1 [ ] -1 [ ] -4 [ ] Incap [ ]``."""
    found.spans.append(match.span())
    levels: list[int] = []
    for level in CHECKBOX_LEVEL.finditer(match.group(1)):
        penalty = int(level.group(2))
        if penalty not in (0, 1, 2, 4):
            trail.left(f"Health Levels: -{penalty} boxes are not on this program's tracks")
            continue
        levels.append(penalty)
    trail.took("health_levels", "Health Levels (one box per level)")
    return tuple(sorted(levels))


def _leftovers(flat: str, spans: list[tuple[int, int]], trail: Trail) -> None:
    """A line for each stretch of text no entry used (Intimacies, Charms, Merits...)."""
    position = 0
    for start, end in sorted(spans):
        _left_text(flat[position:start], trail)
        position = max(position, end)
    _left_text(flat[position:], trail)


def _left_text(text: str, trail: Trail) -> None:
    for piece in re.split(r"(?<=[.;])\s+(?=[A-Z])", text):
        words = piece.strip(" ,;.:")
        if len(re.sub(r"[^A-Za-z]", "", words)) >= 3 and not re.fullmatch(
                r"(dice|Incap|Combat|Actions?)\W*", words, re.I):
            shown = words if len(words) <= MAX_LEFT_LINE else words[:MAX_LEFT_LINE - 1] + "…"
            trail.left(f"not read: {shown}")


def _block(name: str, flat: str, values: dict[str, int | str],
           attacks: tuple[QuickAttack, ...], health: tuple[int, ...] | None,
           trail: Trail) -> Character:
    for field in values:
        trail.took(_block_field(field), _label(field))
    quick = QuickPools(**{f: int(values[f]) for f in QUICK_FIELDS if f in values},
                       soak=int(values.get("soak", 1)), attacks=attacks)
    motes = int(values.get("personal_motes", 0))
    hint = EXALT_HINTS.search(flat)
    exalt = bool(motes) or bool(hint)
    if exalt:
        trail.took("kind", "Personal Motes" if motes else hint.group(1) if hint else "")
    return Character(
        name=name, kind="exalt" if exalt else "mortal",
        hardness=int(values.get("hardness", 0)),
        willpower=int(values.get("willpower", 5)), essence=int(values.get("essence", 1)),
        health_levels=health or (), group=_group(values),
        personal_motes=motes, peripheral_motes=int(values.get("peripheral_motes", 0)),
        quick=quick,
    )


def _group(values: dict[str, int | str]) -> GroupTraits | None:
    if not any(key in values for key in ("size", "drill", "might")):
        return None
    return GroupTraits(size=int(values.get("size", 1)), drill=str(values.get("drill", "average")),
                       might=int(values.get("might", 0)))


def _block_field(field: str) -> str:
    if field in QUICK_FIELDS or field == "soak":
        return f"quick.{field}"
    if field in ("size", "drill", "might"):
        return f"group.{field}"
    return field


def _label(field: str) -> str:
    return field.replace("_", " ").title()
