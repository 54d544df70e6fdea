"""The presentation contract: the wheel of the round's order, drops, sheets, clicks, the menu
and the player card (rules/pool-and-ward.md §5-§6)."""

from __future__ import annotations

from dataclasses import replace

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.poolward import (
    AdjustRound,
    Attack,
    DelayTurn,
    NextTurn,
    ReadyAction,
    SetTrack,
    StartFight,
    TriggerReadied,
    demo_fight,
    wheel,
)
from battlewheel.engine.rulesets.poolward.demo import edward

from .helpers import fight, person, typed

RULES = get_ruleset("pool-and-ward")


def test_the_ruleset_is_registered_with_its_title_and_seed() -> None:
    """Name, title and seed as File > New combat lists them."""
    assert (RULES.name, RULES.title, RULES.seed) == ("pool-and-ward", "Pool & Ward", "002")


def test_the_ring_is_the_order_with_the_round_marker_and_the_cursor_on_the_actor() -> None:
    """Slots are places in the order; the first carries the round; the cursor on the actor."""
    session = demo_fight()
    session.apply(StartFight())
    session.apply(NextTurn())
    track = RULES.turn_track(session.state)
    assert [s.label for s in track.slots] == ["1", "2", "3", "4"]
    assert track.slots[0].mark == "round 1" and track.slots[0].shaded
    assert track.cursor == 1 and track.hub == "round 1\nCutthroat\n2"
    assert wheel.hub_name("Edward Sumner") == "Edward\nSumner"
    edward_counter = track.counter("edward")
    assert edward_counter is not None and edward_counter.slot == 3
    assert RULES.acting(session.state) == ("cutthroat2",)


def test_counters_wear_health_and_vigor_bars_a_ward_ring_pips_and_lamps() -> None:
    """§5: Health and Vigor bars, a Ward ring, Dodge and Parry pips left, the F/M/S lamps;
    Ward 3 soaks all of a 4-success hit but 1, which lands on Health (3 → 2)."""
    warded = person("Mage", ward=3, parry=1, dodge=1)
    session = fight(("a", person("A"), "ally"), ("m", warded, "enemy"))
    session.apply(Attack("a", "m", "Sword", dice=typed(4)))
    counter = RULES.turn_track(session.state).counter("m")
    assert counter is not None
    assert [(b.label, round(b.fraction, 2), b.negative) for b in counter.bars] == [
        ("H", 0.67, False), ("V", 1.0, False)]
    assert [r.fraction for r in counter.rings] == [0.0] and counter.rings[0].tip == "Ward 0 / 3"
    assert [(p.label, p.left, p.total) for p in counter.pips] == [("D", 1, 1), ("P", 0, 1)]
    assert counter.badges == () and counter.meter is None
    attacker = RULES.turn_track(session.state).counter("a")
    assert attacker is not None and attacker.rings == ()  # no Ward, no ring
    assert [(x.text, x.lit) for x in attacker.lamps] == [("F", False), ("M", False), ("S", True)]


def test_negative_health_turns_the_bar_red_and_the_state_goes_in_the_corner() -> None:
    """Health -1 of 3: a red bar a third long toward death, disabled (002 §Damage Tracking);
    a flat-footed fighter wears FF."""
    session = fight(("a", person("A"), "ally"), ("m", person("Mage", dodge=1), "enemy"))
    session.apply(SetTrack("m", "health", -1))
    counter = RULES.turn_track(session.state).counter("m")
    assert counter is not None
    health = counter.bars[0]
    assert health.negative and round(health.fraction, 2) == 0.33
    assert counter.badge(c.TOP_RIGHT) == c.Badge(c.TOP_RIGHT, "z", "disabled: no actions",
                                                "state")
    assert "bleeding" in counter.states
    other = fight(("a", person("A"), "ally"), ("m", person("Mage", dodge=1), "enemy"))
    other.apply(Attack("a", "m", "Sword", dice=typed(0)))  # Dodge 1 lost: flat-footed
    flat = RULES.turn_track(other.state).counter("m")
    assert flat is not None and flat.pips[0].left == 0
    assert flat.badge(c.TOP_RIGHT) == c.Badge(c.TOP_RIGHT, "FF", "flat-footed: no Dodge",
                                             "penalty")


def test_the_actor_into_the_pocket_readies_its_action_once_the_trigger_is_typed() -> None:
    """§5: drag in = Ready with the trigger typed; drag out = take it; others refused."""
    session = demo_fight()
    assert not RULES.turn_track(session.state).pocket  # not started: no pocket yet
    session.apply(StartFight())
    assert RULES.turn_track(session.state).pocket
    preview = RULES.pocket_drop(session.state, "cutthroat1")
    assert preview.allowed and preview.prompt and preview.cost.startswith("free")
    assert RULES.pocket_drop(session.state, "cutthroat1", "Edward moves").action == \
        ReadyAction("cutthroat1", "Edward moves")
    other = RULES.pocket_drop(session.state, "edward")
    assert not other.allowed and "Cutthroat 1's turn" in other.refusal
    assert not RULES.pocket_fire(session.state, "cutthroat1", 2).allowed  # nothing readied
    session.apply(ReadyAction("cutthroat1", "Edward moves"))
    take = RULES.pocket_fire(session.state, "cutthroat1", 2)
    assert take.action == TriggerReadied("cutthroat1") and take.result


def test_a_drop_is_a_free_delay_or_a_refusal_naming_the_rule() -> None:
    """Dropping the actor later: a DelayTurn at no cost; dropping ahead of the actor: refused."""
    session = demo_fight()
    session.apply(StartFight())
    verdict = RULES.drop(session.state, "cutthroat1", 3)
    assert verdict.allowed and verdict.action == DelayTurn("cutthroat1", 3)
    assert verdict.cost.startswith("free") and verdict.rule == "002 §Types of Actions"
    refused = RULES.drop(session.state, "edward", 0)
    assert not refused.allowed and "ahead of the actor" in refused.refusal
    assert refused.rule == "002 §Types of Actions"


def test_the_sheet_lists_the_sections_the_issue_names() -> None:
    """Health rows, Vigor, Ward, this round's Dodge and Parry, defence, stats, skills, attacks."""
    session = demo_fight()
    sheet = RULES.sheet(session.state, "edward")
    assert [t.key for t in sheet.tracks()] == ["health", "health_negative", "vigor"]
    assert sheet.track("health_negative").labels[-1].endswith("\u2620")  # type: ignore[union-attr]
    assert [p.key for p in sheet.pools()] == ["dodge", "parry"]
    defence = {v.label: v.value for v in sheet.values("Defence")}
    assert (defence["Armour"], defence["Shield"], defence["APR"]) == (3, 1, 1)
    attacks = next(s for s in sheet.sections if isinstance(s, c.Table))
    assert attacks.rows[0][:4] == ("Longsword", "melee", "12", "0")


def test_health_boxes_mark_points_lost_into_the_negative_row() -> None:
    """Health 5 at -2: all five positive boxes and two negative ones marked."""
    session = demo_fight()
    session.apply(SetTrack("edward", "health", -2))
    sheet = RULES.sheet(session.state, "edward")
    assert sheet.track("health").marks == "XXXXX"  # type: ignore[union-attr]
    assert sheet.track("health_negative").marks == "XX..."  # type: ignore[union-attr]


def test_a_box_click_sets_the_track_or_takes_back_the_last_box() -> None:
    """Click the third Health box: 2 points lost; click it again: 1 lost; negative row too."""
    session = demo_fight()
    click = RULES.box_click(session.state, "edward", "health", 2)
    assert click == SetTrack("edward", "health", 2)
    assert click is not None
    session.apply(click)
    assert RULES.box_click(session.state, "edward", "health", 2) == SetTrack(
        "edward", "health", 3)
    assert RULES.box_click(session.state, "edward", "health_negative", 0) == SetTrack(
        "edward", "health", -1)
    assert RULES.box_click(session.state, "edward", "health", 99) is None
    assert RULES.box_click(session.state, "edward", "notes", 0) is None


def test_pool_buttons_change_dodge_losses_parry_uses_and_tracks() -> None:
    """Minus on Dodge is a loss more; plus on Ward gives a point back."""
    session = demo_fight()
    assert RULES.pool_change(session.state, "edward", "dodge", -1) == AdjustRound(
        "edward", "dodge_losses", 1)
    assert RULES.pool_change(session.state, "edward", "vigor", -2) == SetTrack(
        "edward", "vigor", 2)
    assert RULES.pool_change(session.state, "edward", "motes", 1) is None


def test_the_menu_says_why_an_entry_is_greyed() -> None:
    """Before the start only Start (and the roster's tools) work; then Attack and Next turn."""
    session = demo_fight()
    entries = {e.key: e for e in RULES.turn_actions(session.state)}
    assert entries["start_fight"].enabled and entries["start_fight"].action == StartFight()
    assert entries["attack"].why_not == "the fight has not begun"
    assert entries["roll_order"].why_not.startswith("the GM sets the order")
    session.apply(StartFight())
    entries = {e.key: e for e in RULES.turn_actions(session.state)}
    assert entries["attack"].enabled and entries["attack"].dialog == "attack"
    assert entries["next_turn"].action == NextTurn()
    assert "Roster > Rest" in entries["recovery"].why_not  # between-fights.md line 21
    session.apply(Attack("cutthroat1", "edward", "Dagger", dice=typed(0)))
    entries = {e.key: e for e in RULES.turn_actions(session.state)}
    assert "used the standard action" in entries["attack"].why_not


def test_the_player_card_has_the_blocks_of_section_six() -> None:
    """Stats, skills, attacks, defence, Health rows (skull last), Vigor, per-round boxes,
    statuses, the Backlash tally and the recovery reminders."""
    card = RULES.block_card(replace(edward(), parry=2, ward=2))
    titles = [getattr(s, "title", "") for s in card.sections]
    assert titles == ["Stats", "Skills", "Attacks", "Defence", "Health", "Negative Health",
                      "Vigor", "Ward", "Dodge lost this round", "Parry uses this round",
                      "Status", "Backlash"]
    assert any("sleep" in line for line in card.reminders)
    session = demo_fight()
    session.apply(SetTrack("edward", "health", 1))
    marked = RULES.card(session.state, "edward")
    health = next(s for s in marked.sections if isinstance(s, c.BoxTrack))
    assert health.marks == "XXXX."


def test_the_final_state_prints_the_round_and_the_tracks() -> None:
    """What battlewheel replay prints."""
    session = demo_fight()
    session.apply(StartFight())
    printed = RULES.final_state(session.state)
    assert printed["round"] == 1 and printed["actor"] == "cutthroat1"
    assert printed["fighters"]["edward"]["health"] == 5


def test_log_sentences_give_the_pools_working() -> None:
    """The attack's sentence: raw dice, defence, dice rolled, where the damage went."""
    session = demo_fight()
    session.apply(StartFight())
    session.apply(Attack("cutthroat1", "edward", "Dagger", dice=typed(2)))
    assert session.log[-1].sentence == (
        "Cutthroat 1 attacks Edward Sumner with Dagger: 7 dice \u2212 5 = 2 dice, 2 successes, "
        "DR turns 1 non-lethal, Vigor \u22121, Health \u22121 (now 4); fires Bleed 1.")
    assert session.undo_text == session.log[-1].sentence
    session.apply(AdjustRound("edward", "dodge_losses", -1))
    assert session.log[-1].sentence == "GM changes Edward Sumner's dodge losses by -1."


def test_the_table_follows_the_round_order_and_the_status_line_says_who_acts() -> None:
    """The Turn column reads the round's order; the status line names the actor and the
    actions left; End the combat ends the fight."""
    session = demo_fight()
    assert RULES.turn_order(session.state) == ("cutthroat1", "cutthroat2", "archer", "edward")
    assert RULES.status_line(session.state).startswith("Not started")
    session.apply(StartFight())
    assert RULES.status_line(session.state) == (
        "Round 1: Cutthroat 1 acts (fast, move, standard left).")
    end = RULES.end_action("they flee")
    assert end is not None
    session.apply(end)
    assert session.state.ended


def test_counters_keep_their_colours_and_letters_when_the_order_changes() -> None:
    """Colours follow the fighters, not the slots: Edward moved to the front keeps his."""
    from battlewheel.engine.rulesets.poolward import SetOrder, demo_fight

    session = demo_fight()
    before = {k.id: (k.colour_index, k.initials) for k in
              session.ruleset.turn_track(session.state).counters}
    session.apply(SetOrder(("edward", "archer", "cutthroat2", "cutthroat1")))
    after = {k.id: (k.colour_index, k.initials) for k in
             session.ruleset.turn_track(session.state).counters}
    assert after == before
