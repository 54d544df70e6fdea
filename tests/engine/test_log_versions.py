"""Log version 2: joining, leaving and the end of a fight are the core's shared actions.

Every log written before (version 1, each ruleset with its own ``add_combatant`` and
Pool & Ward's ``end_fight``) still replays to the same fight: the copies of the shipped
examples as they stood in version 1 (``tests/fixtures/v1/shipped``) against the shipped
version 2 files, entry by entry and record by record, and ``battlewheel replay`` prints
what it printed before the change, byte for byte (recorded beside each copy). The
first v1 fixtures still replay to the final states recorded with them.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.core.actions import AddCombatant, EndCombat
from battlewheel.engine.core.codec import LogFormatError
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.log_versions import LOG_VERSION, upgraded_entry
from battlewheel.engine.core.session import CombatSession, ReplayError, StoredLog
from tests.conformance import SYSTEMS, case_of, cases_of, piece

ROOT = Path(__file__).resolve().parents[2]
V1 = ROOT / "tests" / "fixtures" / "v1" / "shipped"
SHIPPED = ROOT / "resources" / "examples"
NAMES = sorted(path.stem for path in V1.glob("*.json"))


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_shipped_example_has_its_version_1_copy() -> None:
    """A new example gets its version 1 copy too, or this file stops guarding it."""
    assert sorted(path.stem for path in SHIPPED.glob("*.json")) == NAMES
    assert {_read(V1 / f"{name}.json")["version"] for name in NAMES} == {1}
    assert {_read(SHIPPED / f"{name}.json")["version"] for name in NAMES} == {LOG_VERSION}


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_log_replays_to_the_fight_its_version_2_rewrite_replays_to(
        name: str) -> None:
    """Same actions, same log lines, same records of every combatant, same final state."""
    old = CombatSession.from_json(_read(V1 / f"{name}.json"))
    new = CombatSession.from_json(_read(SHIPPED / f"{name}.json"))
    assert [entry.action for entry in old.log] == [entry.action for entry in new.log]
    assert [entry.sentence for entry in old.log] == [entry.sentence for entry in new.log]
    assert [entry.events for entry in old.log] == [entry.events for entry in new.log]
    ruleset = old.ruleset
    assert dict(ruleset.combatants(old.state)) == dict(ruleset.combatants(new.state))
    assert ruleset.final_state(old.state) == ruleset.final_state(new.state)
    assert old.to_json() == new.to_json()


@pytest.mark.parametrize("folder", [V1, SHIPPED], ids=["version 1", "version 2"])
@pytest.mark.parametrize("name", NAMES)
def test_replay_prints_byte_for_byte_what_it_printed_before(folder: Path, name: str) -> None:
    """``battlewheel replay`` of either version prints the output recorded before the change."""
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(folder / f"{name}.json", out=out, err=err) == 0, err.getvalue()
    assert out.getvalue() == (V1 / f"{name}.replay.txt").read_text(encoding="utf-8")


OLD = ROOT / "tests" / "fixtures" / "v1"


@pytest.mark.parametrize("name", sorted(path.stem for path in (OLD / "examples").glob("*.json")))
def test_the_first_v1_fixtures_replay_to_the_final_states_recorded_with_them(name: str) -> None:
    """The examples kept when the engine was split (tests/fixtures/v1/examples), against
    the final states recorded beside them then, field by field."""
    session = CombatSession.from_json(_read(OLD / "examples" / f"{name}.json"))
    recorded = _read(OLD / f"{name}.final.json")
    printed = json.loads(json.dumps(session.ruleset.final_state(session.state)))
    assert sorted(printed) == sorted(recorded)
    for field in recorded:
        assert printed[field] == recorded[field], field


V1_ENTRIES = [pytest.param(name, *case.values, id=f"{name}-{case.id}")
              for name in ("V1_JOININGS", "V1_ENDINGS") for case in cases_of(name, 2)]
"""Each system's version 1 joinings and ends of a fight, and what they read as now."""


@pytest.mark.parametrize(("name", "system", "old", "new"), V1_ENTRIES)
def test_a_version_1_entry_moves_its_own_terms_as_its_system_has_them(
        name: str, system: str, old: dict[str, Any], new: dict[str, Any]) -> None:
    """A joining: 3e's zone and Impulse's band move under joining, Pool & Ward's block
    becomes the character. An end: only Pool & Ward's ``end_fight`` becomes
    ``end_combat``; another system never had it, its log stays refused as it was."""
    case_of(system, name, old, new)
    assert upgraded_entry(old, 1, system) == new


def test_a_log_naming_no_version_is_read_as_version_1() -> None:
    """Logs written before versions existed: Pool & Ward's old entries still replay."""
    document = _read(V1 / "poolward-mar-and-the-guard.json")
    del document["version"]
    session = CombatSession.from_json(document)
    assert session.ruleset.final_state(session.state)["ended"] is True


@pytest.mark.parametrize("version", [0, 3, "2", True])
def test_a_version_this_program_does_not_know_is_refused_by_name(version: object) -> None:
    document = _read(SHIPPED / "mortal-duel.json")
    document["version"] = version
    with pytest.raises(LogFormatError, match=r"^log\.version: must be 1 to 2"):
        StoredLog.from_json(document)


def test_a_version_2_log_with_version_1_terms_is_refused_naming_the_entry() -> None:
    """The move is a step of the migration, not a second spelling the reader accepts."""
    document = _read(SHIPPED / "ex3-clash.json")
    document["actions"][0] = {**document["actions"][0], "zone": 1}
    with pytest.raises(ReplayError, match=r"entry 0: actions\[0\]\.zone: is not a field"):
        CombatSession.from_json(document)


# -- the joining terms: declared by each ruleset, checked by the core --------------------


def _fight(ruleset: str) -> CombatSession:
    from tests.engine.rulesets.every_action import fights

    return fights()[ruleset]()


def _newcomer(session: CombatSession) -> Any:
    from tests.engine.rulesets.every_action import fight_blocks

    return fight_blocks(session)[0]


@pytest.mark.parametrize(("ruleset", "terms", "problem"), cases_of("BAD_TERMS", 2))
def test_a_term_the_ruleset_does_not_declare_or_of_the_wrong_type_is_refused(
        ruleset: str, terms: dict[str, Any], problem: str) -> None:
    """Refused by the rules, naming the term, and the fight is as it was (each system's
    BAD_TERMS)."""
    case_of(ruleset, "BAD_TERMS", terms, problem)
    session = _fight(ruleset)
    before = session.to_json()
    with pytest.raises(IllegalAction, match=problem):
        session.apply(AddCombatant("newcomer", _newcomer(session), "enemy", **terms))
    assert session.to_json() == before


@pytest.mark.parametrize("ruleset", SYSTEMS)
@pytest.mark.parametrize(("cid", "side", "problem"), [
    ("", "enemy", "the id '' is empty or already in the fight"),
    ("  ", "enemy", "the id '  ' is empty or already in the fight"),
    (None, "enemy", "is empty or already in the fight"),
    ("newcomer", "neutral", "side must be one of ally, enemy, not 'neutral'"),
])
def test_every_system_refuses_a_newcomer_without_a_new_id_or_a_side(
        ruleset: str, cid: str | None, side: str, problem: str) -> None:
    """The core checks the shared part of joining, under the system's own section; the
    fight is as it was. (None: the id of someone already in the fight.)"""
    session = _fight(ruleset)
    taken = next(iter(session.ruleset.combatants(session.state)))
    before = session.to_json()
    with pytest.raises(IllegalAction, match=problem) as refused:
        session.apply(AddCombatant(taken if cid is None else cid, _newcomer(session), side))
    assert refused.value.rule == session.ruleset.fighters_section
    assert session.to_json() == before


@pytest.mark.parametrize(("ruleset", "other"), [(ruleset, other) for ruleset in SYSTEMS
                                                 for other in SYSTEMS if other != ruleset])
def test_a_stat_block_of_another_system_is_refused(ruleset: str, other: str) -> None:
    session = _fight(ruleset)
    block = _newcomer(_fight(other))
    with pytest.raises(IllegalAction, match="character must be a stat block of this system"):
        session.apply(AddCombatant("newcomer", block, "enemy"))


def test_a_log_entry_with_an_unknown_or_mistyped_term_is_refused_naming_it() -> None:
    document = _read(SHIPPED / "ex3-clash.json")
    entry = document["actions"][0]
    document["actions"][0] = {**entry, "joining": {"zone": "near"}}
    with pytest.raises(ReplayError, match=r"actions\[0\]\.joining\.zone: must be a whole"):
        CombatSession.from_json(document)
    document["actions"][0] = {**entry, "joining": {"band": "short"}}
    with pytest.raises(ReplayError, match=r"actions\[0\]\.joining\.band: is not a term"):
        CombatSession.from_json(document)


@pytest.mark.parametrize("ruleset", SYSTEMS)
def test_each_system_logs_joining_and_ending_in_its_own_words(ruleset: str) -> None:
    """The end reads as each system has it (its END_WORDS; where an Impulse newcomer
    stands: tests/engine/rulesets/impulse/test_log_versions.py)."""
    session = _fight(ruleset)
    assert session.describe(EndCombat("fled")) == piece(ruleset, "END_WORDS")


@pytest.mark.parametrize("ruleset", SYSTEMS)
def test_every_system_ends_a_fight_with_the_one_shared_action(ruleset: str) -> None:
    """Each Combat > End pushes the core's action; a system whose fight cannot end before
    it begins (ENDS_A_FIGHT_NOT_BEGUN False: 3e, which offers no Combat > End) refuses it
    as a rule, the fight as it was."""
    session = _fight(ruleset)
    action = session.ruleset.end_action("fled")
    assert type(action) is EndCombat
    ended = copy.deepcopy(session)
    if not piece(ruleset, "ENDS_A_FIGHT_NOT_BEGUN"):
        with pytest.raises(IllegalAction):
            ended.apply(action)
        assert ended.to_json() == session.to_json()
        return
    ended.apply(action)
    assert ended.log[-1].action is action
