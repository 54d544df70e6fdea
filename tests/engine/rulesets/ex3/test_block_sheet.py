"""The 3e sheet and card: motes, Willpower and Essence; 3e's health track; own levels."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.demo import circle, villain
from battlewheel.engine.rulesets.ex3.options import Ex3Options

from .helpers import fight

RULESET = get_ruleset("3e")
SOLAR = dataclasses.replace(circle()[0], personal_motes=13, peripheral_motes=33,
                            committed_motes=5)


def _pools(session: CombatSession, cid: str) -> dict[str, c.Pool]:
    sheet = RULESET.sheet(session.state, cid)
    found = [s for s in sheet.sections if isinstance(s, c.PoolsSection)]
    return {pool.key: pool for section in found for pool in section.pools}


def _values(sections: tuple[object, ...]) -> dict[str, object]:
    return {value.key or value.label: value.value for s in sections if isinstance(s, c.Values)
            for value in s.values}


def test_motes_and_willpower_are_pools_on_the_sheet_spent_and_restored() -> None:
    """Personal 13, peripheral 33 less 5 committed, Willpower 7; the GM spends 4 peripheral
    and 1 Willpower through the sheet's pool buttons, then restores 2 motes."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3))
    pools = _pools(session, "jade")
    assert (pools["personal"].current, pools["personal"].maximum) == (13, 13)
    assert (pools["peripheral"].current, pools["peripheral"].maximum) == (28, 28)
    assert (pools["willpower"].current, pools["willpower"].maximum) == (7, 7)
    for pool, amount in (("peripheral", -4), ("willpower", -1), ("peripheral", 2)):
        action = RULESET.pool_change(session.state, "jade", pool, amount)
        assert action is not None
        session.apply(action)
    pools = _pools(session, "jade")
    assert (pools["peripheral"].current, pools["willpower"].current) == (26, 6)


def test_spending_more_motes_than_are_left_is_refused_and_changes_nothing() -> None:
    """14 personal motes from 13: refused, the pool stays full."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3))
    with pytest.raises(IllegalAction, match="13 personal motes"):
        session.apply(a.AdjustPool("jade", "personal", -14))
    assert _pools(session, "jade")["personal"].current == 13


def test_essence_and_willpower_show_on_the_sheet_and_the_card() -> None:
    """Essence 2 and Willpower 7 of a Solar; motes and the committed 5 beside them."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3))
    for sections in (RULESET.sheet(session.state, "jade").sections,
                     RULESET.block_card(SOLAR).sections):
        values = _values(sections)
        assert (values["essence"], values["willpower"], values["committed"]) == (2, 7, 5)


def test_the_3e_card_and_sheet_print_3es_track_without_dying_boxes() -> None:
    """-0, -1, -1, -2, -2, -4, Incap: seven boxes, whatever the Stamina (3)."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3))
    for sections in (RULESET.block_card(SOLAR).sections, RULESET.card(session.state,
                                                                      "jade").sections,
                     RULESET.sheet(session.state, "jade").sections):
        track = next(s for s in sections if isinstance(s, c.BoxTrack))
        assert track.labels == ("-0", "-1", "-1", "-2", "-2", "-4", "Incap")
        assert track.marks == "......."


def test_a_blocks_own_levels_make_its_track_on_card_and_in_the_fight() -> None:
    """Ox-Body's extra -1 and -2: nine levels down to Incapacitated, on the card and the
    fighter's own track, under the default ruling and 000's alike."""
    tough = dataclasses.replace(SOLAR, health_levels=(0, 1, 1, 1, 2, 2, 2, 4))
    card = next(s for s in RULESET.block_card(tough).sections if isinstance(s, c.BoxTrack))
    assert card.labels == ("-0", "-1", "-1", "-1", "-2", "-2", "-2", "-4", "Incap")
    for ruling in ("3e", "standard"):
        session = fight(("jade", tough, "ally", 5), ("ash", villain(), "enemy", 3),
                        options=Ex3Options(health_track=ruling))
        assert session.state.combatants["jade"].health.incap_index == 8


def test_under_000s_track_the_sheet_keeps_the_dying_boxes() -> None:
    """The GM who rules 000's track sees Stamina 3 Dying boxes after Incapacitated."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3),
                    options=Ex3Options(health_track="standard"))
    track = RULESET.sheet(session.state, "jade").tracks()[0]
    assert track.labels[-4:] == ("Incap", "Dying", "Dying", "Dying")


def test_one_level_past_incapacitated_kills_on_3es_track() -> None:
    """Seven lethal levels incapacitate; the eighth kills, and the sheet says so."""
    session = fight(("jade", SOLAR, "ally", 5), ("ash", villain(), "enemy", 3))
    for index in range(7):
        session.apply(a.CycleHealthBox("jade", index))
        session.apply(a.CycleHealthBox("jade", index))
    assert session.state.combatants["jade"].health.incapacitated
    assert not session.state.combatants["jade"].health.dead
    session.apply(a.CycleHealthBox("jade", 7))  # the level beyond: lethal at once
    who = session.state.combatants["jade"]
    assert who.health.dead and who.out
    assert RULESET.sheet(session.state, "jade").tracks()[0].condition == "dead"
    assert session.log[-1].events[-1].text == "Harmonious Jade's track: XXXXXXX (dead)."
