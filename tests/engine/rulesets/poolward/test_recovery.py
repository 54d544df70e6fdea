"""Recovery and healing out of the fight, and Backlash kept apart (002 §Health and Vigor
Recovery, §Magical/Lethal Healing)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Backlash,
    EndFight,
    Heal,
    Rest,
    SetTrack,
    Sleep,
)
from battlewheel.engine.rulesets.poolward.rules.damage import Tracks, lethal_healing

from .helpers import RULESET, faces, fight, person, typed


def _hurt(health: int = 1, vigor: int = 0) -> CombatSession:
    """A fighter with Constitution 3, racial +2 (Health 5, Vigor 3), hurt, after the fight."""
    session = CombatSession.new(ruleset=RULESET)
    session.apply(AddCombatant("p", person("P", racial_health=2), "ally", player=True,
                               health=health, vigor=vigor))
    return session


def test_a_nights_sleep_heals_one_health_and_two_with_medicine() -> None:
    """+1 Health, +2 with a successful Medicine roll; Vigor comes back over the night."""
    plain = _hurt()
    plain.apply(Sleep("p"))
    assert (plain.state.fighters["p"].health, plain.state.fighters["p"].vigor) == (2, 3)
    tended = _hurt()
    tended.apply(Sleep("p", medicine=faces(7, 2), medicine_pool=2))
    assert tended.state.fighters["p"].health == 3
    failed = _hurt()
    failed.apply(Sleep("p", medicine=typed(0), medicine_pool=2))
    assert failed.state.fighters["p"].health == 2


def test_rest_brings_back_one_vigor_per_quarter_hour() -> None:
    """+1 Vigor per 15 minutes, not past the maximum."""
    session = _hurt(vigor=0)
    session.apply(Rest("p", 2))
    assert session.state.fighters["p"].vigor == 2
    session.apply(Rest("p", 5))
    assert session.state.fighters["p"].vigor == 3
    with pytest.raises(IllegalAction, match="nothing for rest"):
        session.apply(Rest("p", 1))


def test_lethal_healing_fills_health_first_then_two_vigor_a_point() -> None:
    """Each point: 1 Health, or 2 Vigor once Health is full (002 §Magical/Lethal Healing)."""
    session = _hurt(health=3, vigor=0)
    session.apply(Heal("p", 3))
    who = session.state.fighters["p"]
    assert (who.health, who.vigor) == (5, 2)


def test_backlash_heals_only_naturally() -> None:
    """2 lethal Backlash: lethal healing cannot touch it, a night's sleep can."""
    session = _hurt(health=5, vigor=3)
    session.apply(Backlash("p", 2, lethal=True))
    assert session.state.fighters["p"].health == 3
    with pytest.raises(IllegalAction, match="nothing for healing"):
        session.apply(Heal("p", 1))
    session.apply(Sleep("p"))
    who = session.state.fighters["p"]
    assert (who.health, who.backlash_health) == (4, 1)


def test_non_lethal_backlash_goes_to_vigor_and_keeps_out_magical_vigor() -> None:
    """Non-lethal Backlash 2 on Vigor 3: Vigor 1; healing's Vigor stops short of it."""
    session = _hurt(health=5, vigor=3)
    session.apply(Backlash("p", 2))
    assert session.state.fighters["p"].vigor == 1
    with pytest.raises(IllegalAction, match="nothing for healing"):
        session.apply(Heal("p", 1))
    session.apply(Rest("p", 1))
    assert session.state.fighters["p"].backlash_vigor == 1


def test_healing_lost_to_backlash_is_split_from_ordinary_damage() -> None:
    """Health 1 of 5 with 1 point from Backlash: healing restores 3 and stops."""
    tracks = Tracks(1, 5, 3, 3, 0, 0, backlash_health=1)
    assert lethal_healing(tracks, 10).health == 4


def test_sleep_and_rest_wait_for_the_fight_to_end() -> None:
    """Recovery is out of combat; lethal healing may come mid-fight."""
    session = fight(("a", person("A"), "ally"), ("b", person("B"), "enemy"))
    session.apply(SetTrack("a", "health", 1))
    with pytest.raises(IllegalAction, match="out of combat"):
        session.apply(Sleep("a"))
    session.apply(Heal("a", 1))
    session.apply(EndFight())
    session.apply(Sleep("a"))
    assert session.state.fighters["a"].health == 3


def test_the_dead_do_not_heal() -> None:
    """Health at -maximum: no sleep and no healing bring them back."""
    session = _hurt(health=-5)
    with pytest.raises(IllegalAction, match="dead"):
        session.apply(Heal("p", 3))
    with pytest.raises(IllegalAction, match="dead"):
        session.apply(Sleep("p"))
