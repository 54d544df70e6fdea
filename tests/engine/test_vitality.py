"""How hurt each combatant is, in the words every system shares (the player screen)."""

import json
from pathlib import Path

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.session import CombatSession

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _fight(name: str) -> CombatSession:
    return CombatSession.from_json(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("left", "down", "words"),
    [(1.0, False, "unhurt"), (0.75, False, "wounded"), (0.5, False, "badly hurt"),
     (0.0, False, "badly hurt"), (1.0, True, "down")],
)
def test_vitality_words_follow_the_share_left(left: float, down: bool, words: str) -> None:
    """More than half left is wounded, half or less badly hurt; down outranks the rest."""
    assert c.Vitality(left, down).words == words


@pytest.mark.parametrize(
    ("example", "who", "left", "words", "player"),
    [
        ("mortal-duel.json", "ana", 5 / 6, "wounded", True),  # one lethal of six levels
        ("mortal-duel.json", "bo", 0.0, "down", False),  # critical: Incapacitated marked
        ("ex3-battle-group-routs.json", "wall", 0.0, "down", False),  # a dissolved group
        ("ex3-battle-group-routs.json", "blade", 1.0, "unhurt", True),
        ("impulse-ambush-held.json", "archer", 1 / 7, "badly hurt", False),
        ("impulse-duel.json", "jade", 0.0, "down", True),  # defeated
        ("poolward-mar-and-the-guard.json", "mar", 1 / 3, "badly hurt", True),
        ("poolward-mar-and-the-guard.json", "guard", 0.0, "down", False),  # disabled, alive
    ],
)
def test_each_system_says_how_hurt_its_fighters_are(
    example: str, who: str, left: float, words: str, player: bool
) -> None:
    """Every system gives the share left, down, player or not, and the track to show."""
    session = _fight(example)
    vitality = session.ruleset.vitality(session.state, who)
    assert vitality.left == pytest.approx(left)
    assert (vitality.words, vitality.player) == (words, player)
    assert vitality.track is not None
    assert vitality.track == session.ruleset.sheet(session.state, who).tracks()[0]


def test_a_disabled_fighter_is_down_though_its_counter_is_not_crossed_out() -> None:
    """Pool & Ward crosses out only the dead; the player screen calls the disabled down."""
    session = _fight("poolward-mar-and-the-guard.json")
    counter = session.ruleset.turn_track(session.state).counter("guard")
    assert counter is not None and not counter.down
    assert session.ruleset.vitality(session.state, "guard").down
