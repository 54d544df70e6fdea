"""The Health caption says the fighter's state, as the status and counter do (issue 24)."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Attack,
    PoolWardOptions,
    SetCondition,
    StartFight,
)

from .helpers import RULESET, fight, person, typed

POOL_WARD = get_ruleset(RULESET)


def _health(track_owner: c.SheetView | c.Card) -> c.BoxTrack:
    return next(s for s in track_owner.sections if isinstance(s, c.BoxTrack) and s.key == "health")


def _status(card: c.Card) -> str:
    return next(s.text for s in card.sections if isinstance(s, c.Text) and s.title == "Status")


def test_a_thug_at_minus_one_under_npcs_die_at_zero_is_dead_on_caption_and_card() -> None:
    """Ruling negative_health_npcs npcs_die_at_zero (002 §Damage Tracking): the thug (Health 1)
    takes 2, to -1: dead, so the sheet's caption says dead, not "disabled, bleeding", and
    the printed card ticks dead, not disabled or bleeding."""
    options = PoolWardOptions(negative_health_npcs="npcs_die_at_zero")
    session = fight(("a", person("A"), "ally"), options=options, start=False)
    session.apply(AddCombatant("t", person("Thug"), "enemy", health=1))
    session.apply(StartFight())
    session.apply(Attack("a", "t", "Sword", dice=typed(2)))
    state = session.state
    assert state.fighters["t"].condition == "dead"
    assert _health(POOL_WARD.sheet(state, "t")).condition == "dead"
    card = POOL_WARD.card(state, "t")
    assert _health(card).condition == "dead"
    status = _status(card)
    assert "\u2611 dead" in status
    assert "\u2610 disabled" in status and "\u2610 bleeding" in status


def test_a_fighter_marked_stable_is_not_bleeding_on_the_caption() -> None:
    """002 §Damage Tracking: a disabled fighter the GM stabilised reads "disabled, stable",
    on the caption and above the sheet, and the card leaves bleeding unticked."""
    session = fight(("a", person("A"), "ally"), ("t", person("T"), "enemy"))
    session.apply(Attack("a", "t", "Sword", dice=typed(3)))
    state = session.state
    assert _health(POOL_WARD.sheet(state, "t")).condition == "disabled, bleeding"
    session.apply(SetCondition("t", "stable"))
    state = session.state
    sheet = POOL_WARD.sheet(state, "t")
    assert _health(sheet).condition == "disabled, stable"
    assert "disabled, stable" in sheet.status
    assert "\u2610 bleeding" in _status(POOL_WARD.card(state, "t"))
