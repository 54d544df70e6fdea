"""Small behaviours of the presentation contract's values."""

from battlewheel.engine.core.contract import BoxTrack, Glyph, Odds
from battlewheel.engine.rulesets.ex3.demo import demo_fight
from tests.desktop.started_combat import started_session


def test_odds_count_a_hit_above_the_defence_unless_a_ruling_says_at_it() -> None:
    """By default 4 successes are needed against DV 3; under "at least" 3 do."""
    assert Odds("a", dv=3, successes=(), hit_chance=0.5).least_hit == 4
    assert Odds("a", dv=3, successes=(), hit_chance=0.5, hits_at=3).least_hit == 3


def test_a_click_steps_the_cycle_and_skips_a_mark_a_box_refuses() -> None:
    """Empty → bashing → lethal; a Dying box goes straight from empty to lethal."""
    track = BoxTrack("health", "Health", "..", ("-0", "Dying"),
                     (Glyph("/", "bashing", "#000"), Glyph("X", "lethal", "#000")),
                     cycle=(".", "/", "X"), refused=(("Dying", "/"),))
    assert track.next_mark(".", "-0") == "/"
    assert track.next_mark("X", "-0") == "."
    assert track.next_mark(".", "Dying") == "X"


def test_every_ruleset_can_make_a_fresh_stat_block_that_round_trips() -> None:
    """The roster's "make a block" works in all four systems (named, valid, JSON-stable),
    and a character with that block joins a fight of the system."""
    from battlewheel.engine.core.ruleset import get_ruleset, ruleset_names
    from battlewheel.engine.core.session import CombatSession

    for name in ruleset_names():
        ruleset = get_ruleset(name)
        block = ruleset.new_block("Lumen")
        assert ruleset.block_name(block) == "Lumen"
        assert ruleset.block_from_json(block.to_json()) == block
        session = CombatSession.new(ruleset=name)
        session.apply(ruleset.join_action("lumen", block, "ally"))
        assert list(ruleset.combatants(session.state)) == ["lumen"]


def test_a_ruleset_without_a_pocket_refuses_pocket_drops_and_draws_none() -> None:
    """2e and 3e wheels have no side pocket: the defaults refuse both gestures in plain
    words, and their tracks show no pocket, ask for no drag hints and hang no gauges on a
    counter."""
    for session in (started_session(), demo_fight()):
        ruleset, state = session.ruleset, session.state
        track = ruleset.turn_track(state)
        some = track.counters[0].id
        assert not track.pocket and not track.drag_hints
        assert all(not (c.rings or c.bars or c.pips or c.lamps) for c in track.counters)
        for verdict in (ruleset.pocket_drop(state, some), ruleset.pocket_fire(state, some, 0)):
            assert not verdict.allowed
            assert verdict.refusal == "the wheel of this system has no pocket"
