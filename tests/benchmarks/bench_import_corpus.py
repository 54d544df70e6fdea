"""How the importers fare on files real people made: a table per source of the corpus.

Run: .venv/bin/python -m tests.benchmarks.bench_import_corpus /work/shared/corpus/imports

For each file: imported or refused (with the reason), and the fields checked against
the file itself, read here independently of the importers: for Anathema files Essence,
Willpower, the nine Attributes and every non-zero Ability (experienced over creation
values, a trait with sub-traits at its highest, 1st edition's Martial Arts and Endurance
as Brawl and Resistance at the higher of the two); for stat blocks Essence, Willpower and
the number of attacks listed, and whether the raw paste (with Markdown marks) gives the
same block as the rendered one; for Foundry actors Essence, Willpower's permanent
rating and the personal motes.
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

from battlewheel.storage.imports import ImportRefused, import_file

ATTRIBUTE_TAGS = ("Strength", "Dexterity", "Stamina", "Charisma", "Manipulation",
                  "Appearance", "Perception", "Intelligence", "Wits")


def _rating(element: ET.Element) -> int:
    """A trait's value as the file has it: experienced over creation, sub-traits at most."""
    own = element.get("experiencedValue") or element.get("creationValue")
    subs = [_rating(sub) for sub in element.findall("subTrait")]
    values = ([int(own)] if own is not None else []) + subs
    return max(values) if values else 0


def _anathema_expected(path: Path) -> dict[str, int]:
    stats = ET.parse(path).getroot().find("Statistics")
    assert stats is not None
    expected: dict[str, int] = {}
    for tag in ("Essence", "Willpower"):
        element = stats.find(tag)
        if element is not None:
            expected[tag.lower()] = _rating(element)
    for tag in ATTRIBUTE_TAGS:
        element = stats.find(f".//Attributes//{tag}")
        if element is not None:
            expected[f"attributes.{tag.lower()}"] = _rating(element)
    for element in stats.find("Abilities") or []:
        if element.tag == "Specialty":
            continue
        tag = element.tag.lower()
        key = {"martialarts": "brawl", "endurance": "resistance"}.get(tag, tag)
        value = _rating(element)
        if value:
            name = f"abilities.{key}"
            expected[name] = max(value, expected.get(name, 0))
    return expected


def _block_value(block: dict[str, object], name: str) -> object:
    value: object = block
    for part in name.split("."):
        value = value.get(part, 0) if isinstance(value, dict) else None
    return value


def _edition(path: Path) -> str:
    element = ET.parse(path).getroot().find("Statistics/Rules/RuleSet")
    return element.get("name", "?") if element is not None else "(none)"


def _check(block: dict[str, object], expected: dict[str, object]) -> list[str]:
    return [f"{name} {_block_value(block, name)!r}≠{want!r}" for name, want in expected.items()
            if _block_value(block, name) != want]


def _import(path: Path) -> tuple[dict[str, object] | None, str]:
    try:
        item = import_file(path)[0]
    except ImportRefused as refused:
        return None, str(refused).split(": ", 1)[-1]
    except Exception as error:  # a crash is a finding too, never a stop
        return None, f"CRASH {type(error).__name__}: {error}"
    return item.preview_json(), ""


def _table(title: str, rows: Iterable[tuple[str, str, str]]) -> None:
    rows = list(rows)
    files = [row for row in rows if not row[0].startswith("raw = rendered")]
    imported = sum(1 for _, result, _ in files if result.startswith("imported"))
    print(f"\n## {title}: {imported} of {len(files)} imported")
    print(f"{'file':44} {'result':34} checked")
    for name, result, checked in rows:
        print(f"{name[:44]:44} {result[:34]:34} {checked}")


def anathema_rows(folder: Path) -> Iterable[tuple[str, str, str]]:
    """One row per ``.ecg``: edition, result, fields checked and any that differ."""
    for path in sorted(folder.glob("*.ecg")):
        edition = _edition(path)
        preview, reason = _import(path)
        if preview is None:
            yield path.name, f"refused [{edition}]", reason
            continue
        expected = _anathema_expected(path)
        wrong = _check(preview["block"], expected)  # type: ignore[arg-type]
        said = f"said: {preview['edition']}" if preview.get("edition") else ""
        yield (path.name, f"imported [{edition}] {said}".strip(),
               f"{len(expected) - len(wrong)}/{len(expected)} right"
               + (f"; wrong: {', '.join(wrong)}" if wrong else ""))


def _stat_text_expected(text: str) -> dict[str, object]:
    plain = re.sub(r"[*_]", "", text)
    expected: dict[str, object] = {}
    for field in ("Essence", "Willpower"):
        match = re.search(rf"\b{field}\s*:?\s*(\d+)", plain)
        if match:
            expected[field.lower()] = int(match.group(1))
    # Each attack entry that gives Damage (a grapple's "dice to control" is no attack roll
    # the block keeps), in the book's layout or a GM's "Attack withering(Boots)".
    flat = " ".join(plain.split())
    entries = re.split(r"(?=\bAttack\s*(?:withering|decisive)?\s*\()", flat)
    damaging = set()
    for entry in entries[1:]:
        named = re.match(r"Attack\s*\w*\s*\(([^()]+)\)", entry)
        if named and re.search(r"\bdamage\s*\d", entry[:200], re.I):
            damaging.add(named.group(1).strip())
    expected["attacks"] = len(damaging)
    return expected


def statblock_rows(folder: Path) -> Iterable[tuple[str, str, str]]:
    """One row per slice, raw and rendered, and whether the two give the same block."""
    for rendered in sorted((folder / "rendered").glob("*.txt")):
        results = {}
        for kind in ("raw", "rendered"):
            path = folder / kind / rendered.name
            preview, reason = _import(path)
            results[kind] = preview
            if preview is None:
                yield f"{kind}/{rendered.name}", "refused", reason
                continue
            block = preview["block"]
            expected = _stat_text_expected(path.read_text(encoding="utf-8"))
            quick = block.get("quick") or {}  # type: ignore[union-attr]
            found = {"essence": block.get("essence"), "willpower": block.get("willpower"),  # type: ignore[union-attr]
                     "attacks": len(quick.get("attacks", ()))}
            wrong = [f"{k} {found[k]}≠{v}" for k, v in expected.items() if found[k] != v]
            yield (f"{kind}/{rendered.name}", f"imported as {preview['name']!s:.20}",
                   f"{len(expected) - len(wrong)}/{len(expected)} right"
                   + (f"; wrong: {', '.join(wrong)}" if wrong else ""))
        raw, plain = results["raw"], results["rendered"]
        if raw is not None and plain is not None:
            same = raw["block"] == plain["block"]
            yield f"raw = rendered {rendered.name}", "same block" if same else "DIFFERENT", ""


def foundry_rows(folder: Path) -> Iterable[tuple[str, str, str]]:
    """One row per actor: Essence, Willpower's permanent rating, personal motes."""
    for path in sorted(folder.rglob("fvtt-*.json")):
        preview, reason = _import(path)
        if preview is None:
            yield path.name, "refused", reason
            continue
        system = json.loads(path.read_text(encoding="utf-8"))["system"]
        expected = {"essence": system["essence"]["value"],
                    "willpower": system["willpower"].get("total", system["willpower"]["max"]),
                    "personal_motes": system["motes"]["personal"]["max"]}
        wrong = _check(preview["block"], expected)  # type: ignore[arg-type]
        yield (path.name, "imported", f"{len(expected) - len(wrong)}/{len(expected)} right"
               + (f"; wrong: {', '.join(wrong)}" if wrong else ""))


def main(argv: list[str]) -> None:
    """Print the three tables for the corpus folder given."""
    corpus = Path(argv[0] if argv else "/work/shared/corpus/imports")
    _table("Anathema (.ecg)", anathema_rows(corpus / "anathema"))
    _table("Stat blocks (raw and rendered pastes)", statblock_rows(corpus / "statblocks"))
    _table("Foundry VTT actors", foundry_rows(corpus / "foundry-made"))


if __name__ == "__main__":
    main(sys.argv[1:])
