"""Carrying a fight to the roster and resting between fights (storage/carry.py): rules
page rules/between-fights.md, "Common to every system" and "Pool & Ward"."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlewheel.engine.core.lasting import RestChoice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward.lasting import Lasting
from battlewheel.storage import carry
from battlewheel.storage.campaign import campaign_bytes, load_campaign, save_campaign
from tests.storage.carry_fights import ONE_OFF_NAME, STRANGER, campaign_with_fight, roster_log

PW = "pool-and-ward"


def test_only_roster_fighters_are_offered_with_what_the_fight_left() -> None:
    """Rules page: per roster character who fought, what the fight leaves on them."""
    campaign, fight = campaign_with_fight()
    offers = carry.carry_offer(campaign, fight)
    assert [o.name for o in offers] == ["Mar", "City Guard"]
    mar = offers[0]
    assert mar.before == Lasting()
    assert mar.after.health_lost > 0 or mar.after.vigor_lost > 0
    assert [line.key for line in mar.lines]


def test_a_fight_of_one_off_foes_offers_nothing() -> None:
    """Rules page: a fighter added without a roster character carries nothing."""
    campaign, _ = campaign_with_fight()
    fight = next(r.id for r in campaign.combats if r.name == ONE_OFF_NAME)
    assert carry.carry_offer(campaign, fight) == ()


def test_a_fight_begun_before_the_roster_term_offers_the_roster_s_own_blocks() -> None:
    """A version 2 campaign's fight (no roster term: it did not exist) carries to the roster
    characters whose very stat blocks fought, so a campaign under way carries its last
    fight; the demo's fights are the same."""
    campaign = load_campaign(Path(__file__).parents[1] / "fixtures" / "v2" / "four-systems.json")
    fight = next(r.id for r in campaign.combats if r.ruleset_name() == PW)
    assert [o.name for o in carry.carry_offer(campaign, fight)] == ["Mar", "City Guard"]


def test_carrying_writes_the_ticked_lines_and_names_the_fight() -> None:
    """Rules page: the GM can leave any line out; only ticked parts carry."""
    campaign, fight = campaign_with_fight()
    mar = carry.carry_offer(campaign, fight)[0]
    first = mar.lines[0].key
    after = carry.carried(campaign, fight, {"Mar": {first}}, at="2026-12-02 07:00 UTC")
    held = after.character("Mar").held(PW)
    assert held is not None and held.sources() == {first: fight}
    assert held.lasting != mar.before
    assert after.character("City Guard").held(PW) is None  # not ticked: nothing carried
    assert after.carry_record(fight) is not None
    assert campaign.character("Mar").held(PW) is None  # pure: the old campaign unchanged


def test_carrying_twice_replaces_the_first_carry_not_adds_to_it() -> None:
    """Issue 33: a fight carried twice replaces what it carried the first time."""
    campaign, fight = campaign_with_fight()
    once = carry.carried(campaign, fight, at="t1")
    twice = carry.carried(once, fight, at="t2")
    assert twice.character("Mar").held(PW) == once.character("Mar").held(PW)
    assert [r.at for r in twice.carries] == ["t2"]
    nothing = carry.carried(once, fight, {}, at="t3")
    assert nothing.character("Mar").held(PW) is None  # the first carry put back


def test_a_new_fight_starts_where_the_last_left_off() -> None:
    """Issue 33: a character joins the next fight at their current condition."""
    campaign, fight = campaign_with_fight()
    carried = carry.carried(campaign, fight, at="t")
    lasting = carry.joining_condition(carried.character("Mar"), PW)
    assert lasting is not None
    session = CombatSession.from_json(roster_log(lasting=lasting.to_json(), steps=2))
    # What the next fight would carry starts from there: nothing new yet.
    again = carried.with_combat("Next", session)
    offer = carry.carry_offer(again, again.combats[-1].id)[0]
    assert offer.before == offer.after == lasting
    assert carry.joining_condition(carried.character("Mar"), PW, fresh=True) is None


def test_rest_heals_and_restore_makes_fresh_dropping_the_fight() -> None:
    """Rules page, Pool & Ward: each point of lethal healing gives 1 Health; "restore to
    full" is always offered, and a part made fresh names no fight any more."""
    campaign, fight = campaign_with_fight()
    carried = carry.carried(campaign, fight, at="t")
    keys = {o.key for o in carry.rest_offers(carried, "Mar", PW)}
    assert {"sleep", "rest", "heal", "restore_all"} <= keys
    lost = carried.character("Mar").held(PW).lasting.health_lost  # type: ignore[union-attr]
    assert lost >= 2
    healed, words = carry.rested(carried, "Mar", PW, RestChoice("heal", {"points": 1}))
    held = healed.character("Mar").held(PW)
    assert held is not None and held.lasting.health_lost == lost - 1 and words
    assert held.sources() == carried.character("Mar").held(PW).sources()  # type: ignore[union-attr]
    whole, words = carry.restored(healed, "Mar", PW)
    assert whole.character("Mar").held(PW) is None and "restored" in words
    assert whole.carries == carried.carries  # the record of the carry stays


def test_carried_and_rested_state_saves_and_reopens_exactly(tmp_path: Path) -> None:
    """Issue 33: carried state is saved in the campaign file (format 3) and read back."""
    campaign, fight = campaign_with_fight()
    carried = carry.carried(campaign, fight, at="t")
    path = tmp_path / "c.json"
    save_campaign(carried, path)
    again = load_campaign(path)
    assert again.character("Mar").held(PW) == carried.character("Mar").held(PW)
    assert again.carries == carried.carries
    assert campaign_bytes(again) == path.read_bytes()


def test_the_story_lists_each_fight_how_it_ended_and_what_carried() -> None:
    campaign, fight = campaign_with_fight()
    rows = carry.campaign_story(carry.carried(campaign, fight, at="2026-12-02"))
    assert [r.number for r in rows] == list(range(1, len(campaign.combats) + 1))
    last = rows[-1]
    assert last.system == "Pool & Ward" and last.ended.startswith("ended")
    assert "the guard is down" in last.ended
    assert last.played == "2026-12-02"
    assert any(line.startswith("Mar: ") for line in last.carried)
    assert rows[0].played == "not carried yet" and rows[0].carried == ()


def test_party_names_the_fight_each_part_came_from() -> None:
    campaign, fight = campaign_with_fight()
    party = carry.party(carry.carried(campaign, fight, at="t"))
    mar = next(c for c in party["characters"] if c["name"] == "Mar")["systems"][PW]
    assert mar["fresh"] is False
    assert {v["name"] for v in mar["from"].values()} == {"Alley again"}


def test_an_unknown_combat_is_a_key_error() -> None:
    campaign, _ = campaign_with_fight()
    with pytest.raises(KeyError):
        carry.carry_offer(campaign, "combat-99")


def test_an_edited_block_keeps_every_point_lost_and_the_fight_it_came_from() -> None:
    """Rules page, common: editing a block does not heal (Pool & Ward keeps what was lost)."""
    campaign, fight = campaign_with_fight()
    carried = carry.carried(campaign, fight, at="t")
    mar = carried.character("Mar")
    block = mar.block(PW)
    smaller = mar.with_block(PW, type(block).from_json(
        {**block.to_json(), "stats": {**block.to_json()["stats"], "constitution": 1}}))
    edited = carried.with_character(smaller)
    fitted, words = carry.refitted(edited, "Mar", PW)
    held, was = fitted.character("Mar").held(PW), mar.held(PW)
    assert held is not None and was is not None
    assert held.lasting.health_lost == was.lasting.health_lost and held.came_from == was.came_from
    assert held.lasting == was.lasting or words  # what the smaller track changed is said
    assert carry.summary(fitted.character("Mar"), PW) != carry.summary(
        campaign.character("Mar"), PW)
    untouched, words = carry.refitted(campaign, "Mar", PW)
    assert untouched is campaign and words == ""


def test_a_fight_carried_before_it_ends_then_again_at_its_end_carries_the_end() -> None:
    """Rules page, common: a fight may be carried before it ends (the party flees), from
    its current state; carried again later, the later carry replaces the earlier."""
    early, fight = campaign_with_fight(steps=6)
    first = carry.carried(early, fight, at="t1")
    mid = first.character("City Guard").held(PW)
    assert mid is not None  # Mar's first blow had landed
    whole, _ = campaign_with_fight()
    finished = carry.carry_offer(whole, whole.combats[-1].id)
    # The same campaign, the fight now played to its end (its log replaced, as if played on).
    from dataclasses import replace
    played_on = replace(first, combats=(*first.combats[:-1], whole.combats[-1]))
    again = carry.carried(played_on, fight, at="t2")
    end = {o.name: o.after for o in finished}
    guard = again.character("City Guard").held(PW)
    assert guard is not None and guard.lasting == end["City Guard"]
    assert guard.lasting.health_lost > mid.lasting.health_lost  # the second blow, not twice
    assert [r.at for r in again.carries] == ["t2"]


def test_carrying_again_after_a_fighter_left_puts_back_what_they_got_the_first_time() -> None:
    """The replaced carry takes its parts off someone no longer in the fight too."""
    campaign, fight = campaign_with_fight()
    once = carry.carried(campaign, fight, at="t1")
    assert once.character("City Guard").held(PW) is not None
    # The fight as if the guard had joined as a one-off foe: no roster term for him, and
    # a stat block of his own.
    log = roster_log()
    del log["actions"][1]["joining"]["roster"]
    log["actions"][1]["character"]["name"] += STRANGER
    from dataclasses import replace
    record = once.combat(fight).with_session(CombatSession.from_json(log))
    edited = replace(once, combats=(*once.combats[:-1], record))
    again = carry.carried(edited, fight, at="t2")
    assert again.character("City Guard").held(PW) is None
    assert again.character("Mar").held(PW) == once.character("Mar").held(PW)
