"""Through the two commands, in each system whose lasting rules have landed: a fight of
roster characters is carried, ``party`` finds each at the condition the fight left and
names the fight, a new fight brings them in as they are, and a repeat needs --again
(issue 33, Must show: "the same through the two commands")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from battlewheel.cli import main
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.core.system import CARRY
from battlewheel.engine.rulesets import declared
from battlewheel.storage import carry
from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.roster import RosterCharacter
from tests.conformance import SYSTEMS, piece
from tests.storage.carry_fights import ROOT, V2

# Each carrying system's example fight (its conformance file's CARRY_EXAMPLE), fought
# again by roster characters: the v2 fixture's, any fighter it lacks added first.
CARRYING = tuple(name for name in SYSTEMS if declared()[name][1].can(CARRY))


def _roster_fight(system: str, tmp_path: Path) -> tuple[Path, str]:
    """The fixture with the system's example fought again, every fighter from the roster."""
    log = copy.deepcopy(json.loads(
        (ROOT / "resources" / "examples" / f"{piece(system, 'CARRY_EXAMPLE')}.json")
        .read_text("utf-8")))
    campaign = load_campaign(V2 / "four-systems.json")
    rules = CombatSession.new(ruleset=system).ruleset
    for action in log["actions"]:
        if action["kind"] == "add_combatant":
            block = rules.block_from_json(action["character"])
            name = rules.block_name(block)
            action.setdefault("joining", {})["roster"] = name
            try:
                known = campaign.character(name)
            except KeyError:
                known = RosterCharacter.of_block(system, block, action.get("side", "enemy"))
            campaign = campaign.with_character(known.with_block(system, block))
    campaign = campaign.with_combat("Again", CombatSession.from_json(log))
    path = tmp_path / f"{system}.json"
    save_campaign(campaign, path)
    return path, campaign.combats[-1].id


@pytest.mark.parametrize("system", CARRYING)
def test_carry_party_and_the_next_fight_through_the_commands(
        system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, fight = _roster_fight(system, tmp_path)
    offers = carry.carry_offer(load_campaign(path), fight)
    hurt = [offer for offer in offers if offer.lines]
    assert hurt, "the example fight leaves something on someone"
    assert main(["carry", str(path), "--combat", "Again"]) == 0
    capsys.readouterr()
    assert main(["party", str(path)]) == 0
    party = {c["name"]: c["systems"] for c in json.loads(capsys.readouterr().out)["characters"]}
    campaign = load_campaign(path)
    rules = CombatSession.new(ruleset=system).ruleset
    expected = {}
    for offer in hurt:
        character = campaign.character(offer.name)
        # Every line ticked: what the lines name carries, the rest stays as it was.
        expected[offer.name] = rules.lasting_rules().carried(
            character.block(system), offer.before, offer.after,
            [line.key for line in offer.lines])
        shown = party[offer.name][system]
        assert shown["condition"] == expected[offer.name].to_json()
        assert expected[offer.name] != offer.before
        assert {v["name"] for v in shown["from"].values()} == {"Again"}
        assert carry.condition(character, system) == expected[offer.name]
        # The next fight: as they are.
        join = rules.join_action("x", character.block(system), "ally", roster=offer.name,
                                 lasting=carry.joining_condition(character, system))
        session = CombatSession.new(ruleset=system)
        session.apply(join)
        nxt = campaign.with_combat("Next", session)
        assert carry.carry_offer(nxt, nxt.combats[-1].id)[0].before == expected[offer.name]
    before = path.read_bytes()
    assert main(["carry", str(path), "--combat", "Again"]) == 3
    assert path.read_bytes() == before
    assert main(["carry", str(path), "--combat", "Again", "--again"]) == 0
    again = load_campaign(path)
    assert [r.combat for r in again.carries] == [fight]
    for offer in hurt:
        assert carry.condition(again.character(offer.name), system) == expected[offer.name]


@pytest.mark.parametrize("system", CARRYING)
def test_a_damaged_condition_of_each_system_is_refused_at_open(
        system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33, Data: refused at open naming the character and the field; nothing written."""
    from battlewheel.storage.errors import CampaignFileError

    path, _fight = _roster_fight(system, tmp_path)
    assert main(["carry", str(path), "--combat", "Again"]) == 0
    document = json.loads(path.read_bytes())
    index, held = next((i, c) for i, c in enumerate(document["characters"])
                       if c.get("conditions", {}).get(system))
    lasting = held["conditions"][system]["lasting"]
    field = next(iter(lasting))
    lasting[field] = "damaged"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(CampaignFileError) as raised:
        load_campaign(path)
    name = held["identity"]["name"]
    assert f"characters[{index}] ({name!r})" in str(raised.value)
    assert f"conditions.{system}.lasting.{field}" in str(raised.value)
    assert main(["party", str(path)]) == 2
    assert path.read_bytes() == before
