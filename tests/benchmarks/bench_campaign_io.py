"""Saving and loading a big campaign: 500 characters, 50 combats of 500 actions each.

Run: .venv/bin/python -m tests.benchmarks.bench_campaign_io

Prints the file size, the time to save (serialise, write, fsync, rename, backup) and
to load (read, parse, validate, decode every combat's log, replay the newest; the others
replay when first chosen), best of three, its ratio to a plain ``json.loads`` of the
same file (the issue's target: at most 5), the cost of replaying every other combat
afterwards, plus the cost of journaling one action.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.session import FIRST_RULESET, CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    Action,
    AddCombatant,
    RegainWillpower,
    SetHealth,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.block import ATTRIBUTES, Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon
from battlewheel.storage.campaign import Campaign, load_campaign, save_campaign
from battlewheel.storage.journal import Journal
from battlewheel.storage.roster import RosterCharacter
from battlewheel.storage.schema import MAX_FILE_BYTES

CHARACTERS = 500
COMBATS = 50
ACTIONS = 500
FIGHTERS = 12


def character(number: int, rng: random.Random) -> Character:
    kinds = list(CharacterKind)
    return Character(
        name=f"Character {number}", kind=kinds[number % len(kinds)],
        attributes={name: rng.randint(1, 5) for name in ATTRIBUTES},
        abilities={"melee": rng.randint(0, 5), "dodge": rng.randint(0, 5),
                   "awareness": rng.randint(0, 5), "archery": rng.randint(0, 5)},
        essence=rng.randint(1, 5), willpower=rng.randint(3, 9),
        weapons=(weapon("Spear"), weapon("Punch")),
        notes="A benchmark character with a short note.",
    )


def combat(roster: list[Character], rng: random.Random) -> CombatSession:
    """Twelve fighters join, then wounds and Willpower go back and forth."""
    session = CombatSession.new()
    fighters = rng.sample(roster, FIGHTERS)
    for index, fighter in enumerate(fighters):
        session.apply(AddCombatant(f"f{index}", fighter, "ally" if index % 2 else "enemy"))
    while len(session.log) < ACTIONS:
        index = rng.randrange(FIGHTERS)
        session.apply(next_action(session, f"f{index}", fighters[index], rng))
    return session


def next_action(session: CombatSession, cid: str, fighter: Character,
                rng: random.Random) -> Action:
    state = session.state.combatants[cid]
    if rng.random() < 0.5:
        track = HealthTrack.standard(fighter.stamina, fighter.extra_health_levels)
        hurt = track.mark(bashing=rng.randint(0, 3), lethal=rng.randint(0, 3))
        return SetHealth(cid, hurt.marks)
    if state.willpower > 1:
        return SpendWillpower(cid, 1)
    return RegainWillpower(cid, 1)


def best_of(runs: int, job: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        job()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    """Build the campaign, then time saving, loading and journaling."""
    rng = random.Random(500)
    started = time.perf_counter()
    roster = [character(n, rng) for n in range(CHARACTERS)]
    campaign = Campaign(name="Benchmark", characters=tuple(
        RosterCharacter.of_block(FIRST_RULESET, fighter) for fighter in roster))
    for number in range(COMBATS):
        campaign = campaign.with_combat(f"Combat {number}", combat(roster, rng))
    print(f"built {CHARACTERS} characters, {COMBATS} combats x {ACTIONS} actions "
          f"in {time.perf_counter() - started:.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.json"
        save_s = best_of(3, lambda: save_campaign(campaign, path))
        size = path.stat().st_size
        load_s = best_of(3, lambda: load_campaign(path))
        opened = load_campaign(path)
        rest_s = best_of(1, lambda: [record.session for record in opened.combats])
        parse_s = best_of(3, lambda: json.loads(path.read_bytes()))
        journal = Journal(Path(folder) / "journal.jsonl")
        session = campaign.combats[0].session
        journal.begin(campaign, campaign.combats[0].id, path)

        def one_change() -> None:
            fighter = session.state.combatants["f1"].character
            session.apply(next_action(session, "f1", fighter, rng))
            journal.sync(session)

        begin_s = best_of(1, one_change)
        step_s = best_of(20, one_change)
        journal.end()
    print(f"file size: {size / 2**20:.1f} MiB (limit {MAX_FILE_BYTES / 2**20:.0f} MiB)")
    print(f"save_campaign: {save_s * 1000:.0f} ms (best of 3)")
    print(f"load_campaign: {load_s * 1000:.0f} ms (best of 3: checks every log's header, "
          f"decodes and replays the newest combat's {ACTIONS} actions)")
    print(f"json.loads of the file: {parse_s * 1000:.0f} ms (best of 3); load_campaign is "
          f"{load_s / parse_s:.1f}x that (target <= 5)")
    print(f"decoding and replaying the other {COMBATS - 1} combats later (each when first "
          "chosen): "
          f"{rest_s * 1000:.0f} ms in all")
    print(f"journal: first change {begin_s * 1000:.0f} ms (writes the base), "
          f"then {step_s * 1000:.1f} ms per action incl. apply and fsync")


if __name__ == "__main__":
    main()
