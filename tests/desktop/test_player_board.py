"""What the players may see: the board the player screen draws, from any system's contract."""

import json
from pathlib import Path

from battlewheel.engine.core.session import CombatSession
from battlewheel.views.player_board import board

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _fight(name: str) -> CombatSession:
    return CombatSession.from_json(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))


def test_every_counter_of_a_hidden_enemy_is_hidden_and_bare() -> None:
    """Impulse gives the Bandit Chief a second counter: it goes unnamed and bare too."""
    session = _fight("impulse-ambush-held.json")
    shown = board(session.ruleset, session.state, {"chief"})
    counters = {c.id: c for c in shown.wheel.counters}
    assert (counters["chief"].name, counters["chief"].initials) == ("Enemy 1", "?1")
    assert (counters["chief#2"].name, counters["chief#2"].initials) == ("Enemy 1 (2)", "?1")
    assert counters["chief#2"].badges == () and counters["chief"].badges == ()
    assert counters["archer"].name == "Bandit Archer" and counters["archer"].badges == ()
    assert counters["jade"].badges  # a player character keeps what it wears


def test_the_board_lists_players_with_tracks_and_others_in_words() -> None:
    """The Impulse ambush: two player characters, two bandits, the archer badly hurt."""
    session = _fight("impulse-ambush-held.json")
    shown = board(session.ruleset, session.state, {"chief"})
    assert [row.name for row in shown.players] == ["Harmonious Jade", "Swift Reed"]
    assert [(row.name, row.words, row.hidden) for row in shown.enemies] == [
        ("Enemy 1", "unhurt", True), ("Bandit Archer", "badly hurt", False)]
    assert shown.heading == "Fight over"


def test_whose_turn_uses_the_name_the_players_may_see() -> None:
    """When a hidden enemy acts (Captain Vorn, in the 3e battle-group fight), the turn
    line names it by its alias."""
    session = _fight("ex3-battle-group-routs.json")
    ruleset = session.ruleset
    states = [session.state_at(n) for n in range(len(session.log) + 1)]
    state = next(s for s in states if ruleset.acting(s) == ("captain",))
    shown = board(ruleset, state, {"captain", "wall"})
    assert shown.turn == "Enemy 1"
    assert board(ruleset, state, ()).turn == "Captain Vorn"


def test_a_boss_who_escaped_is_escaped_not_down() -> None:
    """Issue 35: the Bandit Chief escapes (001 §Recurring Antagonist Defeat); the
    players read "Enemy 1 escaped", not "down"."""
    from battlewheel.engine.rulesets.impulse import StartCombat, VillainEscapes, demo_fight

    session = demo_fight()
    session.apply(StartCombat())
    session.apply(VillainEscapes("chief"))
    shown = board(session.ruleset, session.state, {"chief"})
    words = {row.name: row.words for row in shown.enemies}
    assert words["Enemy 1"] == "escaped"
    dead = session.ruleset.vitality(session.state, "chief")
    assert dead.down and dead.words == "escaped"
