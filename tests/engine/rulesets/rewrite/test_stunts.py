"""Stunt dice, DV bonuses and rewards (004 §Stunts)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackDeclaration,
    AttackDice,
    Attacker,
    DefenceDeclaration,
    Target,
    resolve_attack,
)
from battlewheel.engine.rulesets.rewrite.rules.stunts import (
    StuntReward,
    best_reward,
    stunt_dice,
    stunt_dv_bonus,
    stunt_reward,
)
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind

SOLAR = CharacterKind.SOLAR
HEROIC = CharacterKind.HEROIC_MORTAL


def test_exalt_stunt_gives_its_rating_in_dice() -> None:
    """A Solar's 2-die stunt adds 2 dice; a 3-die stunt 3."""
    assert (stunt_dice(2, SOLAR), stunt_dice(3, SOLAR)) == (2, 3)


def test_heroic_mortal_gets_one_category_less() -> None:
    """Heroic mortal: 1 die from a two-die stunt, 2 from a three-die one, 0 from one die."""
    assert [stunt_dice(r, HEROIC) for r in (1, 2, 3)] == [0, 1, 2]


def test_stunt_on_a_dv_is_added_directly() -> None:
    """Parry DV 4 with a three-die stunt is DV 7 (004 §Stunts)."""
    assert stunt_dv_bonus(3, SOLAR) == 3
    defence = DefenceDeclaration("parry: Punch", 4, "parry", stunt_bonus=stunt_dv_bonus(3, SOLAR))
    declaration = AttackDeclaration(Attacker(3, 2, 2), weapon("Punch"))
    faces = DiceEntry.of_faces((1, 1, 1, 1, 1))
    outcome = resolve_attack(declaration, defence, Target(stamina=2), AttackDice(faces))
    assert outcome.defence is not None and outcome.defence.final_dv == 7


def test_rating_outside_zero_to_three_is_refused() -> None:
    """A four-die stunt does not exist."""
    with pytest.raises(IllegalAction, match=r"004 §Stunts: a stunt is rated 0-3"):
        stunt_dice(4, SOLAR)


def test_exalt_reward_is_two_motes_a_die_or_willpower_for_two_or_three() -> None:
    """Solar: 2-die stunt = 4 motes or 1 Willpower; 1-die stunt = 2 motes only."""
    assert stunt_reward(2, SOLAR) == StuntReward(2, motes=4)
    assert stunt_reward(2, SOLAR, choice="willpower") == StuntReward(2, willpower=1)
    assert stunt_reward(1, SOLAR, choice="willpower") == StuntReward(1, motes=2)


def test_mortal_without_essence_pool_gains_willpower_only_from_three_dice() -> None:
    """Heroic mortal: a three-die stunt gives 1 Willpower; a two-die stunt nothing."""
    assert stunt_reward(3, HEROIC) == StuntReward(3, willpower=1)
    assert stunt_reward(2, HEROIC, choice="willpower") == StuntReward(2)


def test_heroic_mortal_with_an_essence_pool_takes_one_category_less() -> None:
    """With an Essence pool a heroic mortal's three-die stunt gives 4 motes (as two dice)."""
    assert stunt_reward(3, HEROIC, has_essence_pool=True) == StuntReward(3, motes=4)


def test_unknown_reward_choice_is_refused() -> None:
    """The reward is motes or Willpower."""
    with pytest.raises(IllegalAction, match="motes or willpower"):
        stunt_reward(2, SOLAR, choice="xp")


def test_one_reward_per_action_the_highest() -> None:
    """Two one-die stunts and a two-die stunt: the two-die reward (004 §Multiple Stunts)."""
    rewards = [stunt_reward(1, SOLAR), stunt_reward(2, SOLAR), stunt_reward(1, SOLAR)]
    assert best_reward(rewards) == StuntReward(2, motes=4)
    assert best_reward([]) == StuntReward(0)


@given(st.integers(0, 3), st.sampled_from(list(CharacterKind)))
def test_mortals_never_get_more_than_exalts(rating: int, kind: CharacterKind) -> None:
    """No kind gains more dice from a stunt than its rating."""
    assert 0 <= stunt_dice(rating, kind) <= rating
