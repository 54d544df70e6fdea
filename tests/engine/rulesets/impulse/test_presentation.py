"""An Impulse fight's contract: wheel, drops, sheet, menu, card (rules/impulse.md §5-6)."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.impulse import (
    IMPULSE,
    AddCombatant,
    AdjustImpulse,
    ChangeInitiative,
    EndTurn,
    FireHold,
    HoldAction,
    ImpulseOptions,
    RollOrder,
    SetEndurance,
    SetOrderValue,
    StartCombat,
    demo_fight,
)

from .helpers import block, duel, face, fight


def test_the_ring_is_the_rounds_order_with_one_slot_per_counter() -> None:
    """§5: an NPC with two actions has two slots; labels are order values, highest first."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("ogre", block("Ogre", actions=2), "enemy", 4),
    )
    track = IMPULSE.turn_track(session.state)
    assert [s.label for s in track.slots] == ["11", "7", "7"]
    assert [x.id for x in track.counters] == ["ana", "ogre", "ogre#2"]
    assert track.cursor == 0 and track.counter("ana") and track.counter("ana").acting
    assert track.hub == "round\n1"


def test_counters_carry_impulse_and_an_endurance_arc() -> None:
    """§5: Impulse chip count top left; Endurance 5 of 10 is a half arc."""
    session = duel()
    session.apply(SetEndurance("bo", 5))
    bo = IMPULSE.turn_track(session.state).counter("bo")
    assert bo is not None and bo.meter == 0.5
    badge = bo.badge(c.TOP_LEFT)
    assert badge is not None and badge.text == "3"


def test_a_held_counter_sits_in_the_pocket_under_its_trigger() -> None:
    """§5: after Hold the counter leaves its slot for the pocket labelled with the trigger."""
    session = duel()
    session.apply(HoldAction("ana", "the gate opens"))
    pocket = IMPULSE.turn_track(session.state).in_pocket()
    assert [(x.id, x.pocket) for x in pocket] == [("ana", "the gate opens")]


def test_dragging_the_acting_counter_earlier_shows_its_impulse_cost_first() -> None:
    """§5, 001 §Change Initiative: Bo (7) dropped on Ana's slot (11) asks 12 for 5 Impulse."""
    session = duel()
    session.apply(EndTurn())
    session.apply(AdjustImpulse("bo", 3))
    verdict = IMPULSE.drop(session.state, "bo", 0)
    assert verdict.allowed and verdict.confirm
    assert verdict.action == ChangeInitiative("bo", 12, 0)
    assert verdict.cost.startswith("5 Impulse")


def test_a_changed_order_stands_as_a_ghost_for_next_round() -> None:
    """§5: the Chief (10) pays 1 for 11: a ghost on the first slot of a lower value (Jade's
    10 sorts ahead of him now; next round he is first), while he stays on his slot; Reed
    lowering to 6 (free) ghosts ahead of the Chief's second action (5); no change, no ghost."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(EndTurn())  # the Chief acts
    session.apply(ChangeInitiative("chief", 11, 0))
    track = IMPULSE.turn_track(session.state)
    chief, jade = track.counter("chief"), track.counter("jade")
    assert chief is not None and (chief.slot, chief.ghost) == (1, 0)
    assert chief.ghost_label == "11 next round"
    assert jade is not None and jade.ghost is None
    session.apply(EndTurn())  # Reed acts
    session.apply(ChangeInitiative("reed", 6, 0))
    reed = IMPULSE.turn_track(session.state).counter("reed")
    assert reed is not None and reed.ghost == 4 and reed.ghost_label == "6 next round"


def test_a_drop_the_impulse_cannot_pay_is_refused_naming_the_rule() -> None:
    """001 §Change Initiative: with 3 Impulse the same drop is refused."""
    session = duel()
    session.apply(EndTurn())
    verdict = IMPULSE.drop(session.state, "bo", 0)
    assert not verdict.allowed and verdict.rule == "001 §Change Initiative"


def test_dragging_another_counter_is_a_free_gm_edit() -> None:
    """§5: Bo dragged before Ana on Ana's turn is placed at 12 at no cost."""
    session = duel()
    verdict = IMPULSE.drop(session.state, "bo", 0)
    assert verdict.action == SetOrderValue("bo", 12, 0) and "GM edit" in verdict.cost


def test_the_acting_counter_into_the_pocket_asks_its_trigger_then_holds() -> None:
    """§5, 001 §Holding Action: the preview names the cost and asks for the trigger; with
    the trigger typed the drop is the Hold itself, asked no more (the typing was the yes)."""
    session = duel()
    preview = IMPULSE.pocket_drop(session.state, "ana")
    assert preview.allowed and preview.prompt and preview.rule == "001 §Holding Action"
    assert preview.cost.startswith("Hold: 2 Impulse now (1 left)")
    verdict = IMPULSE.pocket_drop(session.state, "ana", "Bo moves")
    assert verdict.action == HoldAction("ana", "Bo moves")
    assert not verdict.confirm and not verdict.prompt
    blank = IMPULSE.pocket_drop(session.state, "ana", "  ")
    assert not blank.allowed and "name what it waits for" in blank.refusal


def test_a_pocket_drop_is_refused_for_a_counter_not_acting_or_too_poor() -> None:
    """Only the acting counter holds, and only with 2 Impulse in hand (001 §Holding Action)."""
    session = duel()
    other = IMPULSE.pocket_drop(session.state, "bo")
    assert not other.allowed and other.refusal.endswith("Ana acts now")
    session.apply(AdjustImpulse("ana", -2))
    poor = IMPULSE.pocket_drop(session.state, "ana")
    assert not poor.allowed and "Impulse" in poor.refusal
    assert poor.rule == "001 §Holding Action"


def test_a_held_counter_fires_before_or_after_by_the_slot_it_is_let_go_on() -> None:
    """§5: out of the pocket beside the acting slot fires the hold; the acting slot or the
    one before it is before the trigger, the next one after; further off is refused."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(HoldAction("jade", "the Chief draws"))
    assert IMPULSE.turn_track(session.state).cursor == 1  # the Chief acts
    timings = [IMPULSE.pocket_fire(session.state, "jade", slot) for slot in range(5)]
    assert [v.action for v in timings[:3]] == [
        FireHold("jade", "before"), FireHold("jade", "before"), FireHold("jade", "after_turn")]
    assert not timings[3].allowed and "beside the acting one" in timings[3].refusal
    assert not IMPULSE.pocket_fire(session.state, "reed", 2).allowed  # holds nothing


def test_the_sheet_shows_pools_endurance_boxes_defences_weapons_and_statuses() -> None:
    """Issue 13 Sheets: Impulse, Endurance boxes, DV, Evasion, Soak, Resolve, Guile, weapons."""
    session = duel()
    session.apply(SetEndurance("ana", 7))
    sheet = IMPULSE.sheet(session.state, "ana")
    track = sheet.track("endurance")
    assert track is not None and track.marks == "XXX......." and track.summary == "7 / 10"
    assert [p.key for p in sheet.pools()] == ["impulse", "willpower"]
    labels = [v.label for v in sheet.values("Defences (current)")]
    assert labels[:5] == ["DV", "Evasion", "Soak", "Resolve", "Guile"]
    weapons = next(s for s in sheet.sections if isinstance(s, c.Table) and s.title == "Weapons")
    assert weapons.rows[0] == ("Sword", "medium", "Strength", "6", "3", "close")


def test_a_box_click_marks_up_to_the_box_or_clears_from_it() -> None:
    """Clicking box 4 of an untouched track takes Endurance to 6; clicking box 1 then gives 9."""
    session = duel()
    click = IMPULSE.box_click(session.state, "ana", "endurance", 3)
    assert click == SetEndurance("ana", 6)
    session.apply(click)
    assert IMPULSE.box_click(session.state, "ana", "endurance", 1) == SetEndurance("ana", 9)
    assert IMPULSE.pool_change(session.state, "ana", "impulse", -2) == AdjustImpulse("ana", -2)


def test_turn_actions_grey_out_with_the_reason() -> None:
    """001 §Decisive Strike: with 1 Impulse the strike entry says why; End turn pushes at once."""
    session = duel()
    session.apply(AdjustImpulse("ana", -2))
    entries = {t.key: t for t in IMPULSE.turn_actions(session.state)}
    assert "needs 2 Impulse" in entries["decisive"].why_not
    assert "Disengage instead" in entries["move"].why_not
    assert "needs 2 Impulse" in entries["disengage"].why_not
    assert entries["end_turn"].action == EndTurn()
    assert entries["manoeuvre"].dialog == "impulse_manoeuvre"


def test_the_player_card_has_every_part_of_section_six() -> None:
    """§6: order box, Impulse tally, Endurance boxes, defences, weapons, armour, stunts,
    statuses and the costs strip with Limit on defeat."""
    character = block("Ana", player=True)
    card = IMPULSE.block_card(character)
    titles = [getattr(s, "title", "") for s in card.sections]
    assert titles == [
        "Order",
        "Impulse",
        "Endurance",
        "Defences",
        "Weapons",
        "Armour",
        "Stunt effects (+2 dice)",
        "Statuses",
    ]
    assert any("Hold 2" in line for line in card.reminders)
    assert any("Limit" in line for line in card.reminders)


def test_the_demo_fight_is_ready_to_start() -> None:
    """The demo: four combatants rolled, the chief with two counters, Begin round 1 enabled."""
    session = demo_fight()
    entries = {t.key: t for t in IMPULSE.turn_actions(session.state)}
    assert entries["start"].enabled
    session.apply(entries["start"].action)  # type: ignore[arg-type]
    assert len(IMPULSE.turn_track(session.state).slots) == 5


def test_reinforcements_and_the_unrolled_wait_off_the_ring() -> None:
    """§5: a reserve waits beside the ring with the reason."""
    session = duel()
    session.apply(AddCombatant("guard", block("Guard"), reserve=True, band="long"))
    session.apply(RollOrder("guard", face(2)))
    waiting = IMPULSE.turn_track(session.state).off_wheel()
    assert [(x.id, x.details) for x in waiting] == [("guard", ("in reserve at Extreme",))]


def test_the_battlemap_ruling_adds_speed_to_the_sheet() -> None:
    """001 §Battlemaps: Dex 3 + Athletics 2 = 5, halved down 2, Speed 5, Dash 10."""
    session = duel(ImpulseOptions(battlemap=True))
    values = {v.label: v.value for v in IMPULSE.sheet(session.state, "ana").values("Battlemap")}
    assert values["Speed (hexes)"] == 5 and values["Dash (hexes)"] == 10


def test_the_tables_turn_column_is_the_round_order_not_the_joining_order() -> None:
    """Orders 10 (Jade), 10 and 5 (the Chief), 8 (Reed), 7 (the Archer): the Turn
    column reads 1 Jade, 2 Chief, 3 Reed, 4 Archer; they joined Jade, Reed, Chief, Archer."""
    from battlewheel.engine.rulesets.impulse import demo_fight

    session = demo_fight()
    turn = {cid: session.ruleset.roster_order(session.state)[cid].text  # type: ignore[index]
            for cid in ("jade", "reed", "chief", "archer")}
    assert turn == {"jade": "1", "chief": "2", "reed": "3", "archer": "4"}
