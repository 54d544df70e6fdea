"""The character editor's Pool & Ward form: round trips, bounds, templates, preview and a
block changed mid-fight (issue 22)."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core.actions import ChangeBlock
from battlewheel.engine.core.block_form import problems
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import demo
from battlewheel.engine.rulesets.poolward.actions import AddCombatant, SetTrack
from battlewheel.engine.rulesets.poolward.block import STATS, StatBlock
from tests.engine.rulesets.block_forms import (
    assert_bounds_agree,
    assert_preview_on_sheet,
    assert_round_trip,
)

RULESET = get_ruleset("pool-and-ward")
TEMPLATES = RULESET.block_templates()
DEMO = (demo.edward(), demo.cutthroat(1), demo.cutthroat(2), demo.archer())


@pytest.mark.parametrize("block", [t.block for t in TEMPLATES] + list(DEMO)
                         + [RULESET.new_block("New character")],
                         ids=lambda b: b.name)
def test_every_template_and_demo_character_comes_back_from_the_form(block: StatBlock) -> None:
    assert_round_trip(RULESET, block)


def test_the_form_bounds_are_the_blocks_own_checks() -> None:
    # A giant of Constitution 20 can take the lowest racial modifier (Health stays 1+).
    giant = StatBlock("Giant", stats={"constitution": 20})
    checked = assert_bounds_agree(RULESET, [*(t.block for t in TEMPLATES), giant])
    assert checked >= len(STATS) + 13 + 8  # stats, the defence block, the attack row


def test_templates_cover_the_seeds_kinds_and_examples() -> None:
    labels = {t.label for t in TEMPLATES}
    assert {"Player character", "NPC", "Mar", "City Guard", "Vex", "Whisper", "Malatar",
            "Edward Sumner", "Cutthroat 1", "Archer"} <= labels
    assert len({t.key for t in TEMPLATES}) == len(TEMPLATES)


def test_a_gm_makes_a_foe_from_the_npc_template_by_typing_what_differs() -> None:
    npc = next(t for t in TEMPLATES if t.key == "npc")
    values = RULESET.block_form(npc.block)
    values.update({"name": "Bandit", "stats.strength": 3, "dodge": 2})
    values["attacks"][0]["ap"] = 1
    bandit = RULESET.block_from_form(values, npc.block)
    assert (bandit.name, bandit.stat("strength"), bandit.dodge, bandit.attacks[0].ap) == (
        "Bandit", 3, 2, 1)


def test_a_stat_left_at_zero_is_left_out_and_counts_zero() -> None:
    values = RULESET.block_form(demo.cutthroat(1))
    assert values["stats.willpower"] == 0
    assert "willpower" not in RULESET.block_from_form(values).stats


def test_a_bad_row_names_its_field() -> None:
    values = RULESET.block_form(demo.cutthroat(1))
    values["attack_effects"][0]["attack"] = "Axe"
    with pytest.raises(TraitValueError, match=r"attack_effects\[0\]\.attack"):
        RULESET.block_from_form(values)
    values = RULESET.block_form(demo.edward())
    values["skills"].append({"name": "Melee Weapons", "value": 1})
    with pytest.raises(TraitValueError, match=r"skills\[1\]\.name"):
        RULESET.block_from_form(values)


def test_the_schema_flags_what_the_block_refuses() -> None:
    values = RULESET.block_form(demo.edward())
    values["dodge"] = 21
    assert "dodge" in problems(RULESET.block_schema(), values)


def test_side_follows_the_player_mark() -> None:
    assert RULESET.block_side(dataclasses.replace(demo.edward(), player=True)) == "ally"
    assert RULESET.block_side(demo.archer()) == "enemy"


def test_the_player_mark_is_written_only_when_set() -> None:
    assert "player" not in demo.archer().to_json()
    marked = dataclasses.replace(demo.archer(), player=True)
    assert StatBlock.from_json(marked.to_json()) == marked
    with pytest.raises(TraitValueError, match="player"):
        StatBlock.from_json({**demo.archer().to_json(), "player": "yes"})


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.key)
def test_the_preview_is_what_the_sheet_shows_in_a_fight(template) -> None:
    session = CombatSession.new(ruleset="pool-and-ward")
    session.apply(AddCombatant("x", template.block, "enemy"))
    sheet = RULESET.sheet(session.state, "x")
    preview = RULESET.block_preview(template.block)
    assert_preview_on_sheet(preview, sheet, least=5)
    numbers = {v.key: v.value for v in preview[0].values}
    assert sheet.track("health").summary == f"{numbers['health']} / {numbers['health']}"


def test_a_changed_block_keeps_the_damage_undoes_and_replays() -> None:
    session = demo.demo_fight()
    session.apply(SetTrack("edward", "health", 2))
    stronger = dataclasses.replace(demo.edward(), stats={**demo.edward().stats,
                                                         "constitution": 6}, dodge=2)
    session.apply(ChangeBlock("edward", stronger.to_json()))
    who = session.state.fighters["edward"]
    assert (who.block, who.block.health_max, who.health) == (stronger, 7, 4)  # 3 lost, kept
    assert RULESET.sheet(session.state, "edward").track("health").summary == "4 / 7"
    assert session.log[-1].sentence == (
        "GM changes Edward Sumner's traits: Constitution 4 \u2192 6, Dodge 1 \u2192 2.")
    replayed = CombatSession.from_json(session.to_json())
    assert replayed.state.fighters["edward"] == who
    session.undo()
    assert session.state.fighters["edward"].block == demo.edward()
    assert session.state.fighters["edward"].health == 2


def test_an_unchanged_or_bad_block_is_refused_and_changes_nothing() -> None:
    session = demo.demo_fight()
    with pytest.raises(IllegalAction):
        session.apply(ChangeBlock("edward", demo.edward().to_json()))
    with pytest.raises(IllegalAction, match="dodge"):
        session.apply(ChangeBlock("edward", {**demo.edward().to_json(), "dodge": 99}))
    assert len(session.log) == 5


def test_a_block_marked_player_joins_and_stays_a_player_character() -> None:
    marked = dataclasses.replace(demo.archer(), player=True)
    assert RULESET.join_action("a", marked, "enemy").joining["player"]
    assert not RULESET.join_action("a", demo.archer(), "enemy").joining.get("player")
    session = demo.demo_fight()
    session.apply(ChangeBlock("archer", marked.to_json()))
    assert session.state.fighters["archer"].player
