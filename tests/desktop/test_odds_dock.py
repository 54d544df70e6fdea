"""The odds dock shows the engine's odds for an attack and follows the chosen DV."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from battlewheel.engine.rulesets.rewrite.odds import AttackSetup
from battlewheel.views.odds_dock import OddsDock
from tests.conformance import SYSTEMS, piece

# Two dice at target 7 with double 10s, worked by hand: each die fails 6/10, scores one
# success on 7-9 (3/10) and two on a 10 (1/10). P(0)=.36, P(1)=.36, P(2)=.09+.12=.21,
# P(3)=.06, P(4)=.01.
TWO_DICE = [0.36, 0.36, 0.21, 0.06, 0.01]


Shown = Callable[[OddsDock], OddsDock]


def _dock(shown: Shown) -> OddsDock:
    return shown(OddsDock())


def test_an_empty_dock_says_no_attack_is_chosen(shown: Shown) -> None:
    """Before any attack the DV box is off and the title explains why."""
    dock = _dock(shown)
    assert dock.panel.title_label.text().startswith("No attack chosen")
    assert not dock.panel.dv_box.isEnabled()


def test_two_dice_against_dv_1_hit_28_percent(shown: Shown) -> None:
    """Hitting DV 1 needs 2+ successes: .21 + .06 + .01 = 28%."""
    dock = _dock(shown)
    dock.panel.set_provider(AttackSetup("Punch", attack_dice=2).odds, dv=1)
    odds = dock.panel.odds()
    assert odds is not None
    assert odds.successes == pytest.approx(TWO_DICE)
    assert odds.hit_chance == pytest.approx(0.28)
    assert dock.panel.hit_label.text().startswith("Chance to hit vs DV 1: 28%")


def test_changing_the_dv_updates_the_chance_and_the_bars(shown: Shown) -> None:
    """DV 2 leaves 3+ successes: 7%; DV 0 gives 1 - .36 = 64%."""
    dock = _dock(shown)
    dock.panel.set_provider(AttackSetup("Punch", attack_dice=2).odds, dv=1)
    changed: list[int] = []
    dock.panel.dvChanged.connect(changed.append)
    dock.panel.dv_box.setValue(2)
    assert dock.panel.hit_label.text().startswith("Chance to hit vs DV 2: 7%")
    dock.panel.dv_box.setValue(0)
    odds = dock.panel.odds()
    assert odds is not None and odds.hit_chance == pytest.approx(0.64)
    assert changed == [2, 0]


def test_automatic_successes_shift_the_distribution(shown: Shown) -> None:
    """Two dice and Accuracy 2: the same shape two successes higher; DV 2 is hit 64%."""
    dock = _dock(shown)
    dock.panel.set_provider(AttackSetup("Sword", attack_dice=2, automatic_successes=2).odds, dv=2)
    odds = dock.panel.odds()
    assert odds is not None
    assert odds.successes == pytest.approx([0, 0, *TWO_DICE])
    assert odds.hit_chance == pytest.approx(0.64)


def test_damage_spread_of_a_hit_against_an_extra_counts_every_die(shown: Shown) -> None:
    """One die vs DV 0 with no Strength or weapon levels, against an extra.

    A hit has excess 1 (a 7-9, chance .3 of all rolls) or 2 (a 10, chance .1); an
    extra turns each die into a level, so a hit deals 1 level 3/4 and 2 levels 1/4.
    """
    dock = _dock(shown)
    dock.panel.set_provider(AttackSetup("Punch", attack_dice=1, extra=True).odds, dv=0)
    odds = dock.panel.odds()
    assert odds is not None
    assert odds.levels == pytest.approx([0.0, 0.75, 0.25])


def test_the_dock_speaks_the_shown_systems_words(shown: Shown) -> None:
    """An Impulse strike's odds: the box asks for the DV, the damage axis is Endurance;
    a Pool & Ward attack's odds: cover, and damage before Ward (no 2e "levels dealt")."""
    from battlewheel.engine.core.contract import Odds
    from battlewheel.views.rulesets.impulse.odds import strike_odds

    dock = _dock(shown)
    impulse = strike_odds("Jade strikes", 7, 3, 2, 2, beat_rule="above", lost=0,
                          damage_tens=False)
    dock.panel.set_odds(impulse)
    axis = dock.panel.level_plot.getAxis("bottom").labelText
    assert axis == "Endurance lost by a hit"
    label = dock.panel.form.labelForField(dock.panel.dv_box)
    assert label.text() == "Defender's &DV:"
    cover = Odds("Edward attacks", 1, (0.5, 0.5), 0.5, (0.0, 1.0), "damage",
                 defence_label="cover", damage_axis="Damage dealt by a hit (before Ward)")
    dock.panel.set_odds(cover)
    assert label.text() == "Defender's &cover:"
    assert "Levels dealt" not in dock.panel.level_plot.getAxis("bottom").labelText


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_3e_clash_and_impulse_rolls_speak_their_own_words(shown: Shown, system: str) -> None:
    """Issue 35: a 3e Clash (opposed rolls) and an Impulse manoeuvre or contest have no
    defender's DV and no damage: the box names the foe's roll, the difficulty or the
    Evasion, and the empty damage chart (2e's "before ping and resilience") is hidden
    (each system's such rolls: its conformance file's odds_words)."""
    dock = _dock(shown)
    label = dock.panel.form.labelForField(dock.panel.dv_box)
    for given, words in piece(system, "odds_words")(shown):
        dock.panel.set_odds(given)
        assert label.text() == words
        assert "DV" not in dock.panel.dv_box.toolTip()
        assert dock.panel.level_plot.isHidden()
    dock.panel.set_odds(AttackSetup("Punch", attack_dice=2).odds(1))
    assert label.text() == "Defender's &DV:" and not dock.panel.level_plot.isHidden()
