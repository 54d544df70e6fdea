"""3e's side of the presentation contract: the Initiative ring, drops, sheets, menu, cards."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import sheet as sheets
from battlewheel.engine.rulesets.ex3.demo import demo_fight, guard, villain
from battlewheel.engine.rulesets.ex3.wheel import condition_marks, slot_of

from .helpers import fight, fighter, group, pass_to, typed, withering

RULESET = get_ruleset("3e")


def _crashed_duel():  # type: ignore[no-untyped-def]
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 0))
    session.apply(withering("a", "b", 5, 4))  # B to -1, A to 19
    return session


def test_the_ring_runs_from_the_highest_initiative_down_with_the_crash_arc_shaded() -> None:
    """rules/3e.md §5: top = highest; slots at 0 and below shaded; base 3 marked; cursor on 9."""
    session = _crashed_duel()
    track = RULESET.turn_track(session.state)
    labels = [slot.label for slot in track.slots]
    assert labels[0] == "19" and labels[-1] == "-5"
    assert all(slot.shaded == (int(slot.label) <= 0) for slot in track.slots)
    assert [slot.label for slot in track.slots if slot.mark == "base"] == ["3"]
    assert track.cursor is not None and track.slots[track.cursor].label == "9"
    b = track.counter("b")
    assert b is not None and track.slots[b.slot or 0].label == "-1"
    assert b.badge(c.TOP_RIGHT) is not None and "Crash" in b.badge(c.TOP_RIGHT).tip  # type: ignore[union-attr]
    assert b.badge(c.TOP_LEFT) is not None  # onslaught


def test_acted_counters_dim_and_groups_show_magnitude() -> None:
    """A counter is done once it has acted; a battle group wears M and its Magnitude."""
    session = fight(("a", fighter("A"), "ally", 6), ("g", group("G"), "enemy", 0))
    session.apply(a.NextTurn())
    track = RULESET.turn_track(session.state)
    a_counter, g_counter = track.counter("a"), track.counter("g")
    assert a_counter is not None and a_counter.done
    assert g_counter is not None and g_counter.badge(c.TOP_RIGHT).text == "M9"  # type: ignore[union-attr]


def test_dragging_the_actor_later_is_delay_with_its_cost_and_earlier_is_refused() -> None:
    """rules/3e.md §5: a drop on 5 offers Delay for 2i; a drop on 12 is refused by the rule."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 2))
    state = session.state
    later = RULESET.drop(state, "a", slot_of(state, 5))
    assert later.allowed and later.action == a.Delay("a", 5) and "-2i" in later.cost
    earlier = RULESET.drop(state, "a", slot_of(state, 12))
    assert not earlier.allowed and earlier.rule == "003 §The Flow of Combat"
    shared = RULESET.drop(state, "a", slot_of(state, 5))
    assert "Clash" in shared.cost  # B stands on 5


def test_a_delay_into_crash_warns_and_asks_to_confirm() -> None:
    """At 3i a Delay costs 2i (to 1): no warning; at 2i it crashes itself: warned, confirmed."""
    session = fight(("a", fighter("A"), "ally", 0), ("b", fighter("B"), "enemy", -1 + 1))
    session.apply(a.SetInitiative("a", 2))
    verdict = RULESET.drop(session.state, session.state.actor, slot_of(session.state, -3))
    assert verdict.allowed and "Crashes" in verdict.cost and verdict.confirm


def test_dragging_another_counter_is_a_confirmed_gm_edit() -> None:
    """Another counter dropped is SetInitiative, no rule cost, confirmed; a group refuses."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 2),
                    ("g", group("G"), "enemy", 0))
    verdict = RULESET.drop(session.state, "b", slot_of(session.state, 7))
    assert verdict.action == a.SetInitiative("b", 7) and verdict.confirm
    assert not RULESET.drop(session.state, "g", 0).allowed


def test_the_sheet_shows_initiative_defences_health_and_weapon_pools() -> None:
    """Issue 12 'Sheets': Initiative, base, Crash turns; Parry, Evasion, soak, Hardness,
    onslaught; health boxes; weapons with withering (8) and decisive (6) pools."""
    session = _crashed_duel()
    sheet = RULESET.sheet(session.state, "b")
    assert {v.key: v.value for v in sheet.values("Initiative")}["initiative"] == -1
    defence = {v.key: v.value for v in sheet.values("Defence")}
    shown = (defence["parry"], defence["evasion"], defence["soak"], defence["hardness"])
    assert shown == (3, 3, 2, 0)
    assert defence["onslaught"] == -1
    assert sheet.track("health") is not None
    table = next(s for s in sheet.sections if isinstance(s, c.Table))
    assert table.rows[0][:3] == ("Sword", "8", "6")


def test_a_battle_groups_sheet_has_a_magnitude_track_and_clicks_set_it() -> None:
    """Magnitude boxes; a click on box 3 of 9 sets Magnitude 3 (a GM edit)."""
    session = fight(("a", fighter("A"), "ally", 6), ("g", group("G"), "enemy", 0))
    sheet = RULESET.sheet(session.state, "g")
    track = sheet.track("magnitude")
    assert track is not None and track.marks == "#" * 9
    assert RULESET.box_click(session.state, "g", "magnitude", 2) == a.SetMagnitude("g", 2)
    assert RULESET.box_click(session.state, "a", "health", 0) == a.CycleHealthBox("a", 0)
    assert RULESET.pool_change(session.state, "a", "initiative", -2) == a.SetInitiative("a", 7)


def test_the_menu_greys_out_what_cannot_be_used_now() -> None:
    """After attacking the Simple action is gone; Rise needs prone; a clash a foe on the tick."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 2))
    entries = {e.key: e for e in RULESET.turn_actions(session.state)}
    assert entries["attack"].enabled and entries["attack"].dialog == "ex3.attack"
    assert not entries["rise"].enabled and not entries["clash"].enabled
    assert entries["next_turn"].action == a.NextTurn()
    session.apply(withering("a", "b", 1, None))
    entries = {e.key: e for e in RULESET.turn_actions(session.state)}
    assert entries["attack"].why_not == "the Simple action is used"


def test_player_and_battle_group_cards_follow_the_page() -> None:
    """rules/3e.md §6: JB pool, base i, write-in strip, defences, weapons, health, strip;
    the group card has Size/Drill/Might, Magnitude boxes and a rout tally."""
    card = RULESET.block_card(villain())
    texts = [s.text for s in card.sections if isinstance(s, c.Text)]
    assert any("Crash" in t for t in texts)
    assert any("Delay -2i" in line for line in card.reminders)
    assert any(isinstance(s, c.BoxTrack) and s.key == "health" for s in card.sections)
    group_card = RULESET.block_card(guard())
    assert any(isinstance(s, c.BoxTrack) and s.key == "magnitude" for s in group_card.sections)
    assert any(isinstance(s, c.Text) and s.title == "Rout tally" for s in group_card.sections)


def test_a_hold_at_bay_is_marked_on_both_counters_and_sheets() -> None:
    """003 §Attacks From Stealth: A (8i), hidden from B (7i), ambushes in round 1 and holds B
    at bay for 8 - 7 = 1 round: A is marked H (+1 Resolve and Guile), B h (-2), until round 2."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 4))
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "withering", "Sword", typed(0), hold_at_bay=True))
    state = session.state
    holder = dict(condition_marks(state, state.combatants["a"]))
    held = dict(condition_marks(state, state.combatants["b"]))
    assert holder["H"] == "holds B at bay: +1 Resolve and Guile"
    assert held["h"].startswith("held at bay by A until round 2: -2 Resolve and Guile")
    assert any("held at bay" in w for w in sheets.status_words(state, state.combatants["b"]))


def test_a_delay_tick_is_marked_on_the_ring_with_the_initials() -> None:
    """rules/3e.md §5: Lark (6i) delays to tick 2: its counter stands at 4i, the ring marks
    tick 2 with →SL beside the label; base 3 keeps its mark."""
    session = demo_fight()
    session.apply(a.StartCombat())
    session.apply(a.NextTurn())
    session.apply(a.Delay("lark", 2))
    track = session.ruleset.turn_track(session.state)
    marks = {slot.label: slot.mark for slot in track.slots if slot.mark}
    assert marks == {"3": "base", "2": "\u2192SL"}
    lark = track.counter("lark")
    assert lark is not None and track.slots[lark.slot or 0].label == "4"
    assert any(b.text == "\u21922" for b in lark.badges)


def test_the_delay_marks_go_once_the_delayed_turn_comes() -> None:
    """When tick 2 comes Lark acts: no ring mark, no →2 badge, no "Delaying to" on the sheet."""
    session = demo_fight()
    session.apply(a.StartCombat())
    session.apply(a.NextTurn())
    session.apply(a.Delay("lark", 2))
    while session.state.actor != "lark":
        session.apply(a.NextTurn())
    track = session.ruleset.turn_track(session.state)
    assert {slot.label: slot.mark for slot in track.slots if slot.mark} == {"3": "base"}
    lark = track.counter("lark")
    assert lark is not None and not any(b.text.startswith("\u2192") for b in lark.badges)
    view = session.ruleset.sheet(session.state, "lark")
    keys = {v.key for section in view.sections if isinstance(section, c.Values)
            for v in section.values}
    assert "delay" not in keys


def test_holds_escapes_and_hiding_read_as_what_they_are_in_the_log() -> None:
    """A hold at bay is no 'withering attack: 0 typed'; the GM hiding someone names both."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 4))
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "withering", "Sword", typed(0), hold_at_bay=True))
    pass_to(session, "b")
    session.apply(a.Attack("a", "b", "decisive", "Sword", typed(1), typed(0), escape=True))
    sentences = [entry.sentence for entry in session.log]
    assert sentences[-4].startswith("GM hides A from B")
    assert sentences[-3].startswith("A holds B at bay from ambush")
    assert sentences[-1].startswith("B tries to escape; A strikes with Sword: 1 typed")
