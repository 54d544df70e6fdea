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
from battlewheel.engine.core.actions import AddCombatant, EndCombat, action_to_json
from battlewheel.engine.core.codec import LogFormatError
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.log_versions import LOG_VERSION, upgraded_entry
from battlewheel.engine.core.session import CombatSession, ReplayError, StoredLog
from tests.conformance import SYSTEMS

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


def test_a_version_1_joining_moves_its_own_terms_under_joining() -> None:
    """3e's zone and Impulse's band move; Pool & Ward's block becomes the character."""
    three = {"kind": "add_combatant", "id": "g", "character": {"name": "G"}, "zone": 2,
             "unready": True}
    assert upgraded_entry(three, 1, "3e") == {
        "kind": "add_combatant", "id": "g", "character": {"name": "G"},
        "joining": {"zone": 2, "unready": True}}
    ward = {"kind": "add_combatant", "id": "e", "block": {"name": "E"}, "side": "ally",
            "player": True, "health": 2}
    assert upgraded_entry(ward, 1, "pool-and-ward") == {
        "kind": "add_combatant", "id": "e", "side": "ally", "character": {"name": "E"},
        "joining": {"player": True, "health": 2}}
    plain = {"kind": "add_combatant", "id": "a", "character": {"name": "A"}, "side": "ally"}
    assert upgraded_entry(plain, 1, "2e-rewrite") == plain


def test_only_pool_and_ward_s_end_fight_becomes_end_combat() -> None:
    """Another system never had ``end_fight``: its log stays refused as it was."""
    assert upgraded_entry({"kind": "end_fight", "reason": "fled"}, 1, "pool-and-ward") == \
        {"kind": "end_combat", "reason": "fled"}
    assert upgraded_entry({"kind": "end_fight"}, 1, "3e") == {"kind": "end_fight"}


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


@pytest.mark.parametrize(("ruleset", "terms", "problem"), [
    ("3e", {"band": "short"}, "band is not a term a fighter joins on here; known: zone, "
     "unready, roster, lasting"),
    ("3e", {"zone": "near"}, "zone: must be a whole number"),
    ("impulse", {"reserve": 1}, "reserve: must be true or false"),
    ("2e-rewrite", {"zone": 1}, "zone is not a term a fighter joins on here; known: roster, "
     "lasting"),
])
def test_a_term_the_ruleset_does_not_declare_or_of_the_wrong_type_is_refused(
        ruleset: str, terms: dict[str, Any], problem: str) -> None:
    """Refused by the rules, naming the term, and the fight is as it was."""
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


def test_a_stat_block_of_another_system_is_refused() -> None:
    session = _fight("3e")
    other = _newcomer(_fight("impulse"))
    with pytest.raises(IllegalAction, match="character must be a stat block of this system"):
        session.apply(AddCombatant("newcomer", other, "enemy"))


def test_a_log_entry_with_an_unknown_or_mistyped_term_is_refused_naming_it() -> None:
    document = _read(SHIPPED / "ex3-clash.json")
    entry = document["actions"][0]
    document["actions"][0] = {**entry, "joining": {"zone": "near"}}
    with pytest.raises(ReplayError, match=r"actions\[0\]\.joining\.zone: must be a whole"):
        CombatSession.from_json(document)
    document["actions"][0] = {**entry, "joining": {"band": "short"}}
    with pytest.raises(ReplayError, match=r"actions\[0\]\.joining\.band: is not a term"):
        CombatSession.from_json(document)


def test_a_term_at_its_default_is_the_same_joining_and_is_not_written() -> None:
    """``zone=0`` is how a 3e fighter joins anyway; ``False`` is not the zone 0."""
    block = _newcomer(_fight("3e"))
    assert AddCombatant("g", block, zone=0) == AddCombatant("g", block)
    assert "joining" not in action_to_json(AddCombatant("g", block, zone=0))
    assert AddCombatant("g", block, zone=False).joining == {"zone": False}


def test_each_system_logs_joining_and_ending_in_its_own_words() -> None:
    """Impulse says where the newcomer stands; the end reads as each system has it."""
    impulse = _fight("impulse")
    joining = AddCombatant("newcomer", _newcomer(impulse), "ally", band="long")
    assert impulse.describe(joining) == \
        f"{_newcomer(impulse).name} joins the fight as an ally (at long range)."
    words = {"2e-rewrite": "The combat ends. (fled)", "3e": "The combat ends. (fled)",
             "impulse": "The fight is over. (fled)", "pool-and-ward": "The fight ends. (fled)"}
    for ruleset, sentence in words.items():
        session = _fight(ruleset)
        assert session.describe(EndCombat("fled")) == sentence


def test_every_system_ends_a_fight_with_the_one_shared_action() -> None:
    """Each Combat > End pushes the core's action (3e offers no Combat > End)."""
    for ruleset in ("2e-rewrite", "impulse", "pool-and-ward"):
        session = _fight(ruleset)
        action = session.ruleset.end_action("fled")
        assert type(action) is EndCombat
        ended = copy.deepcopy(session)
        ended.apply(action)
        assert ended.log[-1].action is action
