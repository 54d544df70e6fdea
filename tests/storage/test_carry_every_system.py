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
from battlewheel.storage import carry
from battlewheel.storage.campaign import load_campaign, save_campaign
from tests.storage.carry_fights import ROOT, V2

# A system and its example fight among the v2 fixture's combats (its fighters are roster
# characters there); extended as each system's lasting.py lands.
FIGHTS = {"pool-and-ward": "poolward-mar-and-the-guard"}


def _roster_fight(system: str, tmp_path: Path) -> tuple[Path, str]:
    """The fixture with the system's example fought again, every fighter from the roster."""
    log = copy.deepcopy(json.loads(
        (ROOT / "resources" / "examples" / f"{FIGHTS[system]}.json").read_text("utf-8")))
    campaign = load_campaign(V2 / "four-systems.json")
    rules = CombatSession.new(ruleset=system).ruleset
    for action in log["actions"]:
        if action["kind"] == "add_combatant":
            block = rules.block_from_json(action["character"])
            action.setdefault("joining", {})["roster"] = rules.block_name(block)
    campaign = campaign.with_combat("Again", CombatSession.from_json(log))
    path = tmp_path / f"{system}.json"
    save_campaign(campaign, path)
    return path, campaign.combats[-1].id


@pytest.mark.parametrize("system", sorted(FIGHTS))
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
    for offer in hurt:
        shown = party[offer.name][system]
        assert shown["condition"] == offer.after.to_json()
        assert {v["name"] for v in shown["from"].values()} == {"Again"}
        character = campaign.character(offer.name)
        assert carry.condition(character, system) == offer.after
        # The next fight: as they are.
        rules = CombatSession.new(ruleset=system).ruleset
        join = rules.join_action("x", character.block(system), "ally", roster=offer.name,
                                 lasting=carry.joining_condition(character, system))
        session = CombatSession.new(ruleset=system)
        session.apply(join)
        nxt = campaign.with_combat("Next", session)
        assert carry.carry_offer(nxt, nxt.combats[-1].id)[0].before == offer.after
    before = path.read_bytes()
    assert main(["carry", str(path), "--combat", "Again"]) == 3
    assert path.read_bytes() == before
    assert main(["carry", str(path), "--combat", "Again", "--again"]) == 0
    again = load_campaign(path)
    assert [r.combat for r in again.carries] == [fight]
    for offer in hurt:
        assert carry.condition(again.character(offer.name), system) == offer.after
