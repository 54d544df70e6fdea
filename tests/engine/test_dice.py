"""Worked cases of the dice layer, written out by hand from 004."""

from __future__ import annotations

import pytest

from battlewheel.engine.core import dice as dice_module
from battlewheel.engine.core.dice import (
    DiceEntry,
    Roll,
    SeededDice,
    chance_of_at_least,
    damage_levels,
    effective_pool,
    halve_static,
    is_botch,
    max_successes,
    natural_lethal_soak,
    pool_steps,
    roll,
    success_distribution,
    successes,
)
from battlewheel.engine.core.errors import DiceEntryError, RulesError, TraitValueError
from tests.engine.counting import calls_of

# -- successes and botches -------------------------------------------------------------


def test_each_die_of_seven_or_more_succeeds_and_a_ten_counts_twice() -> None:
    """7, 8, 9 give one success each and the 10 two; the 1 and 6 give none."""
    assert successes([7, 8, 9, 10, 1, 6]) == 5


def test_without_double_tens_a_ten_is_one_success() -> None:
    """A roll that does not use the rule of 10 counts a 10 once."""
    assert successes([7, 8, 9, 10, 1, 6], double_tens=False) == 4


def test_a_lower_target_number_counts_more_faces() -> None:
    """At target 5 the faces 5 and 6 succeed too (004 §Pools and Dice example)."""
    assert successes([5, 6, 4, 3], target=5) == 2


def test_a_botch_is_no_success_and_at_least_one_one() -> None:
    """1 3 6 botches; 1 7 does not (a success); 3 4 does not (no 1)."""
    assert is_botch([1, 3, 6])
    assert not is_botch([1, 7])
    assert not is_botch([3, 4])


def test_damage_rolls_count_a_ten_as_one_level() -> None:
    """Two 10s and a 7 are three levels of damage, not five."""
    assert damage_levels([10, 10, 7, 6]) == 3


def test_faces_outside_one_to_ten_are_refused() -> None:
    """A face of 0 or 11 is not a d10 face."""
    for bad in (0, 11):
        with pytest.raises(DiceEntryError, match="1-10"):
            successes([bad])


def test_max_successes_doubles_with_the_rule_of_ten() -> None:
    """Three dice can show six successes with double 10s, three without, none below 0 dice."""
    assert max_successes(3) == 6
    assert max_successes(3, double_tens=False) == 3
    assert max_successes(-2) == 0


# -- exact odds ------------------------------------------------------------------------


def test_one_die_distribution() -> None:
    """One die: 6 faces miss, 7-9 give one success, the 10 gives two."""
    assert success_distribution(1) == pytest.approx([0.6, 0.3, 0.1], abs=1e-15)


def test_two_dice_distribution_by_hand() -> None:
    """Two dice: 0.36, 2*0.6*0.3, 0.3^2 + 2*0.6*0.1, 2*0.3*0.1, 0.1^2."""
    assert success_distribution(2) == pytest.approx([0.36, 0.36, 0.21, 0.06, 0.01], abs=1e-15)


def test_distribution_without_double_tens_is_binomial() -> None:
    """Two dice without double 10s: 0.6^2, 2*0.6*0.4, 0.4^2."""
    odds = success_distribution(2, double_tens=False)
    assert odds == pytest.approx([0.36, 0.48, 0.16], abs=1e-15)


def test_zero_dice_certainly_show_zero_successes() -> None:
    """An empty pool has one outcome, no successes."""
    assert success_distribution(0) == [1.0]


def test_a_hundred_dice_have_the_exact_chance_of_no_success() -> None:
    """For 100 dice the chance of 0 successes is 0.6^100, and the list runs to 200."""
    odds = success_distribution(100)
    assert len(odds) == 201
    assert odds[0] == pytest.approx(0.6**100, rel=1e-12)
    assert odds[200] == pytest.approx(0.1**100, rel=1e-12)
    assert sum(odds) == pytest.approx(1.0, abs=1e-12)


def test_a_negative_pool_has_no_distribution() -> None:
    """Asking for the odds of -1 dice is refused with the allowed range."""
    with pytest.raises(TraitValueError, match="0 or more"):
        success_distribution(-1)


def test_chance_of_at_least_one_success_with_two_dice() -> None:
    """Two dice miss together with chance 0.36, so they hit with 0.64."""
    assert chance_of_at_least(2, 1) == pytest.approx(0.64, abs=1e-12)


# -- static values ---------------------------------------------------------------------


def test_static_values_round_up_for_magical_beings_and_down_for_mortals() -> None:
    """Seven halves to 4 for an Exalt and to 3 for a mortal; even sums are exact."""
    assert halve_static(7, round_up=True) == 4
    assert halve_static(7, round_up=False) == 3
    assert halve_static(8, round_up=True) == halve_static(8, round_up=False) == 4


def test_natural_lethal_soak_rounds_down_for_everyone() -> None:
    """Stamina 5 gives lethal soak 2."""
    assert natural_lethal_soak(5) == 2


# -- the order of modifiers ------------------------------------------------------------


def test_the_seed_worked_example_gives_two_dice() -> None:
    """Pool 5, Essence 3, stunt +1, wound -1, darkness -4: 1 die, raised to 3 - 1 = 2."""
    pool = effective_pool(5, essence=3, bonus_dice=1, wound_penalty=1, penalty_dice=4)
    assert pool == 2


def test_the_worked_example_step_by_step() -> None:
    """The steps of the example: 6 after the stunt, 1 after penalties, minimum gives 2."""
    steps = pool_steps(5, essence=3, bonus_dice=1, wound_penalty=1, penalty_dice=4)
    assert (steps.after_bonuses, steps.after_penalties, steps.after_magical_penalties) == (6, 1, 1)
    assert steps.final == 2 and steps.minimum_applied


def test_essence_one_gets_no_minimum() -> None:
    """The same example at Essence 1 keeps the one die left after penalties."""
    assert effective_pool(5, essence=1, bonus_dice=1, wound_penalty=1, penalty_dice=4) == 1


def test_the_minimum_never_exceeds_the_unmodified_pool() -> None:
    """Base 1, Essence 4, darkness -3: the minimum would be 4 but is capped at the base 1."""
    assert effective_pool(1, essence=4, penalty_dice=3) == 1


def test_the_minimum_subtracts_wound_and_multiple_action_penalties() -> None:
    """Base 4, Essence 4, wound 1, multiple action 2, darkness 3: -2 raised to 4 - 3 = 1."""
    pool = effective_pool(4, essence=4, wound_penalty=1, multiple_action_penalty=2, penalty_dice=3)
    assert pool == 1


def test_the_minimum_never_lowers_a_pool() -> None:
    """Base 5, Essence 3, wound 2 and multiple action 1 leave 2; Essence - 3 = 0 is no floor."""
    assert effective_pool(5, essence=3, wound_penalty=2, multiple_action_penalty=1) == 2


def test_the_minimum_may_be_zero_or_less() -> None:
    """Base 2, Essence 2, wound 4 leaves -2; the minimum 2 - 4 = -2 changes nothing."""
    assert effective_pool(2, essence=2, wound_penalty=4) == -2


def test_magical_bonuses_come_after_mundane_penalties() -> None:
    """Base 3, penalty 4 gives -1; a charm's +3 dice then make 2 at Essence 1."""
    steps = pool_steps(3, essence=1, penalty_dice=4, magical_bonus_dice=3)
    assert steps.after_penalties == -1
    assert steps.final == 2


def test_penalties_must_be_given_as_positive_numbers() -> None:
    """A wound penalty of -1 is refused, naming the parameter."""
    with pytest.raises(TraitValueError, match="wound_penalty"):
        effective_pool(5, essence=1, wound_penalty=-1)


# -- dice entries ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: DiceEntry.of_faces([3, 0]), "1-10"),
        (lambda: DiceEntry.of_faces([11]), "1-10"),
        (lambda: DiceEntry.of_successes(-1), "0 or more"),
        (lambda: DiceEntry.of_successes(2, botch=True), "botch"),
    ],
)
def test_nonsense_entries_are_refused_with_the_problem_named(make: object, message: str) -> None:
    """Faces 0 or 11, negative successes and a botch with successes raise DiceEntryError."""
    with pytest.raises(DiceEntryError, match=message):
        make()  # type: ignore[operator]


def test_more_faces_than_dice_is_refused() -> None:
    """Three faces typed for a two-die pool name both numbers."""
    with pytest.raises(DiceEntryError, match="3 faces given for a pool of 2"):
        roll(2, DiceEntry.of_faces([1, 2, 3]))


def test_more_successes_than_the_pool_can_give_is_refused() -> None:
    """Two dice show at most four successes with double 10s, two without."""
    assert roll(2, DiceEntry.of_successes(4)).successes == 4
    with pytest.raises(DiceEntryError, match="0-4"):
        roll(2, DiceEntry.of_successes(5))
    with pytest.raises(DiceEntryError, match="0-2"):
        roll(2, DiceEntry.of_successes(3), double_tens=False)


def test_dice_entry_errors_are_value_errors() -> None:
    """Callers can catch the engine's refusals as ValueError."""
    assert issubclass(DiceEntryError, RulesError)
    assert issubclass(DiceEntryError, ValueError)


def test_entries_survive_json() -> None:
    """Faces and counts (with a botch) come back equal from JSON."""
    for entry in (
        DiceEntry.of_faces([10, 1, 7]),
        DiceEntry.of_successes(3),
        DiceEntry.of_successes(0, botch=True),
    ):
        assert DiceEntry.from_json(entry.to_json()) == entry


def test_json_without_faces_or_successes_is_refused() -> None:
    """An empty object is not a dice entry."""
    with pytest.raises(DiceEntryError, match="faces"):
        DiceEntry.from_json({})


# -- rolls -----------------------------------------------------------------------------


def test_a_roll_records_faces_successes_botch_and_modifiers() -> None:
    """Faces 10 7 1 at target 7 give 3 successes, no botch, with the pool's modifiers kept."""
    result = roll(3, DiceEntry.of_faces([10, 7, 1]), modifiers={"stunt": 1, "wound": -1})
    assert result.faces == (10, 7, 1)
    assert result.successes == 3
    assert not result.botch
    assert result.modifiers == {"stunt": 1, "wound": -1}


def test_automatic_successes_add_and_external_penalties_subtract() -> None:
    """Two rolled, one from Willpower, external penalty 2: three successes, one net."""
    result = roll(3, DiceEntry.of_faces([8, 9, 2]), automatic_successes=1, external_penalty=2)
    assert (result.rolled_successes, result.successes, result.net_successes) == (2, 3, 1)


def test_a_typed_count_is_no_botch_unless_the_gm_says_so() -> None:
    """Zero successes typed is a plain failure; typed with botch it is a botch."""
    assert not roll(3, DiceEntry.of_successes(0)).botch
    assert roll(3, DiceEntry.of_successes(0, botch=True)).botch


def test_an_automatic_success_prevents_a_botch() -> None:
    """Faces 1 2 3 with a Willpower success show one success, so no botch."""
    assert roll(3, DiceEntry.of_faces([1, 2, 3])).botch
    assert not roll(3, DiceEntry.of_faces([1, 2, 3]), automatic_successes=1).botch


def test_a_pool_of_zero_or_less_fails_automatically() -> None:
    """At -1 dice nothing is rolled; without bonus successes the roll fails outright."""
    result = roll(-1, DiceEntry.of_faces([]))
    assert result.dice == 0 and result.successes == 0
    assert result.failed_automatically
    assert not roll(0, DiceEntry.of_successes(0), automatic_successes=1).failed_automatically


def test_rolls_survive_json() -> None:
    """A roll with faces, automatic successes and modifiers comes back equal."""
    result = roll(
        3,
        DiceEntry.of_faces([10, 7, 1]),
        automatic_successes=2,
        external_penalty=1,
        modifiers={"darkness": -4},
    )
    assert Roll.from_json(result.to_json()) == result


def test_seeded_dice_repeat_for_the_same_seed() -> None:
    """Two sources with seed 42 give the same ten faces, all 1-10."""
    first, second = SeededDice(42).faces(10), SeededDice(42).faces(10)
    assert first == second
    assert all(1 <= face <= 10 for face in first)
    assert SeededDice(7).faces(-3) == ()


# -- dice other than the d10 (a house ruling's custom die) ------------------------------------


def test_an_entry_names_its_die_and_a_d10_entry_is_stored_as_before() -> None:
    """A d10 entry's JSON has no 'sides' (older logs read the same); a d20's keeps it and
    reads back equal; a die of 1 or 101 sides is refused."""
    assert DiceEntry.of_faces((7, 10)).to_json() == {"faces": [7, 10]}
    d20 = DiceEntry.of_faces((20, 13), sides=20)
    assert d20.to_json() == {"faces": [20, 13], "sides": 20}
    assert DiceEntry.from_json(d20.to_json()) == d20
    for sides in (1, 101):
        with pytest.raises(DiceEntryError, match="a die must have 2-100 sides"):
            DiceEntry.of_faces((1,), sides=sides)
    with pytest.raises(DiceEntryError, match="a d10 face"):
        DiceEntry.of_faces((11,))


def test_a_roll_of_a_d20_counts_at_its_target() -> None:
    """A d20 entry rolled at 15+ without double 10s: 20 and 15 succeed, the 10 does not."""
    result = roll(3, DiceEntry.of_faces((20, 15, 10), sides=20), target=15, double_tens=False)
    assert result.rolled_successes == 2


def test_rolled_faces_keep_that_they_were_rolled_through_json() -> None:
    """Faces the program rolled say so in JSON and back; typed faces write no flag."""
    rolled = DiceEntry.of_faces((7, 10, 2), rolled=True)
    assert rolled.to_json() == {"faces": [7, 10, 2], "rolled": True}
    assert DiceEntry.from_json(rolled.to_json()) == rolled
    assert DiceEntry.of_faces((7, 10, 2)).to_json() == {"faces": [7, 10, 2]}
    with pytest.raises(DiceEntryError, match="only faces can be rolled"):
        DiceEntry(successes=2, rolled=True)
    with pytest.raises(DiceEntryError, match="rolled must be true or false"):
        DiceEntry.from_json({"faces": [7], "rolled": "yes"})


@pytest.mark.parametrize("faces", [(10, 7, 1), (1, 2, 3), (2, 3, 4), (10, 10, 1)])
@pytest.mark.parametrize("double_tens", [True, False])
def test_a_roll_reads_its_entrys_faces_without_checking_them_again(
    monkeypatch: pytest.MonkeyPatch, faces: tuple[int, ...], double_tens: bool,
) -> None:
    """An entry's faces were checked when it was made: a roll counts them (successes,
    botch) as ``successes`` and ``is_botch`` do, without checking them three times more."""
    entry = DiceEntry.of_faces(faces)
    checked = calls_of(monkeypatch, dice_module, "_checked_faces")
    result = roll(3, entry, double_tens=double_tens)
    assert checked == []
    assert result.rolled_successes == successes(faces, double_tens=double_tens)
    assert result.botch == is_botch(faces)
