"""Campaign format 2: characters are an identity plus stat blocks, combats name their
ruleset, campaigns keep default rulings; version 1 files open through a migration that
loses nothing (the demo, and a campaign saved mid-fight with GM overrides)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.storage.campaign import Campaign, load_campaign, save_campaign
from battlewheel.storage.migrations import v1_to_v2
from battlewheel.storage.schema import MIGRATIONS, PLAIN_VERSION, SCHEMA_VERSION

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "v1"
V1_FILES = ("demo-campaign", "fight-in-progress")
RECORDED = json.loads((FIXTURES / "campaign-final-states.json").read_text(encoding="utf-8"))


def _v1(name: str) -> dict[str, object]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def _resaved(name: str, tmp_path: Path) -> Campaign:
    """Open the v1 file, save it (as v2) and open that again."""
    copy = tmp_path / f"{name}.json"
    shutil.copy(FIXTURES / f"{name}.json", copy)
    save_campaign(load_campaign(copy), copy)
    assert json.loads(copy.read_text(encoding="utf-8"))["schema_version"] == PLAIN_VERSION == 2
    return load_campaign(copy)


@pytest.mark.parametrize("name", V1_FILES)
def test_every_combat_of_a_v1_campaign_replays_to_the_state_it_had(
    name: str, tmp_path: Path
) -> None:
    """Each combat, read from v1, saved as v2 and read again, ends where the program that
    wrote it left it (final states recorded with that program: tick, health, DVs, pools)."""
    campaign = _resaved(name, tmp_path)
    for record in campaign.combats:
        ruleset = record.session.ruleset
        assert ruleset.name == "2e-rewrite"
        assert ruleset.final_state(record.session.state) == RECORDED[name][record.id]


@pytest.mark.parametrize("name", V1_FILES)
def test_every_character_keeps_every_trait(name: str, tmp_path: Path) -> None:
    """Each v1 character is the 2e block of a v2 character, equal field for field."""
    before = [Character.from_json(item) for item in _v1(name)["characters"]]  # type: ignore[attr-defined]
    campaign = _resaved(name, tmp_path)
    assert [c.block("2e-rewrite") for c in campaign.characters] == before
    assert [c.name for c in campaign.characters] == [c.name for c in before]
    assert [c.identity.kind for c in campaign.characters] == [c.kind.value for c in before]
    assert [c.identity.notes for c in campaign.characters] == [c.notes for c in before]


def test_the_gm_overrides_survive_the_migration(tmp_path: Path) -> None:
    """The fight in progress keeps its two GM overrides: Dodge DV 4 on a sheet (the
    character's own), movement 2 for this fight."""
    record = _resaved("fight-in-progress", tmp_path).combats[1]
    people = record.session.state.combatants.values()
    in_fight = {(o.field, o.value, o.reason) for c in people for o in c.overrides}
    on_sheets = {(key, o.value, o.reason) for c in people
                 for key, o in c.character.overrides.items()}
    assert ("dodge_dv", 4, "fighting on the stairs") in on_sheets
    assert ("movement", 2, "knee wound") in in_fight


def test_a_migrated_character_fights_on_the_side_it_last_joined_on() -> None:
    """The demo's villains were added as enemies: their identity says enemy."""
    upgraded = v1_to_v2(_v1("demo-campaign"))
    sides = {c["identity"]["name"]: c["identity"]["side"]  # type: ignore[index]
             for c in upgraded["characters"]}  # type: ignore[attr-defined]
    assert sides["Captain Oda Vesk"] == "enemy"
    assert sides["Kestrel of the Burning Road"] == "ally"


def test_old_combats_keep_the_rulings_they_were_played_under(tmp_path: Path) -> None:
    """A v1 combat reads with wound_penalty_on_dv off, as the engine applied it then."""
    for record in _resaved("fight-in-progress", tmp_path).combats:
        assert record.session.options.wound_penalty_on_dv is False  # type: ignore[attr-defined]


def test_every_schema_version_below_the_current_one_has_its_migration() -> None:
    """Version 1 has its step to 2; nothing is skipped."""
    assert set(range(1, SCHEMA_VERSION)) <= set(MIGRATIONS)


def test_default_rulings_go_with_the_campaign_into_its_new_combats(tmp_path: Path) -> None:
    """The GM's default rulings for 2e are saved and start every new 2e combat."""
    rulings = get_ruleset("2e-rewrite").default_options().changed("segment_count", 10)
    campaign = Campaign(name="Rulings").with_rulings("2e-rewrite", rulings)
    path = tmp_path / "rulings.json"
    save_campaign(campaign, path)
    again = load_campaign(path).with_combat("Next")
    assert again.combats[-1].session.state.segment_count == 10


def test_a_combat_names_its_ruleset_and_reopens_under_it(tmp_path: Path) -> None:
    """A campaign with a Pool & Ward combat reopens it as Pool & Ward."""
    campaign = Campaign(name="Mixed").with_combat("Alley", ruleset="pool-and-ward")
    path = tmp_path / "mixed.json"
    save_campaign(campaign, path)
    session: CombatSession = load_campaign(path).combats[0].session
    assert session.ruleset.name == "pool-and-ward"
