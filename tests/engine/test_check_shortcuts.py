"""The checks made before every action answer "all in order?" without naming each place
(``names_only``, ``numbers_within``); they must agree with the walks that name them
(``named_fighters``, ``carried_numbers``), which still word every refusal."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core import actions
from battlewheel.engine.core.ruleset import NUMBER_BOUNDS

from .rulesets.every_action import action_strategy, context_of, fights, kinds

FIGHTS = fights()
EXTRA_IDS = ("ghost",)  # an id no fight holds: some drawn actions name a stranger
BOUNDS = st.sampled_from([NUMBER_BOUNDS, (0, 10), (-3, 3), (1, 1)])


@pytest.mark.parametrize("name", sorted(FIGHTS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_quick_checks_agree_with_the_walks(name: str, data: st.DataObject) -> None:
    """For actions of every kind drawn at random (strangers and huge numbers among them),
    the quick answer is the walk's answer."""
    session = FIGHTS[name]()
    context = context_of(session, EXTRA_IDS)
    kind = data.draw(st.sampled_from(sorted(kinds(session.ruleset))), label="kind")
    action = data.draw(action_strategy(kinds(session.ruleset)[kind], context), label="action")
    if action is None:
        return
    present = frozenset(session.ruleset.fighter_ids(session.state))
    named = [fighter for _, fighter in actions.named_fighters(action)]
    assert actions.names_only(action, present) == all(f in present for f in named)
    low, high = data.draw(BOUNDS, label="bounds")
    numbers = [value for _, value in actions.carried_numbers(action)]
    assert actions.numbers_within(action, low, high) == all(low <= v <= high for v in numbers)


def test_a_stranger_deep_in_an_action_is_still_found_and_named() -> None:
    """A flurry declaring an attack on someone not in the fight: the quick check says no,
    and the refusal names the nested field, as before."""
    from battlewheel.engine.core.errors import IllegalAction
    from battlewheel.engine.rulesets.rewrite import actions as r

    session = FIGHTS["2e-rewrite"]()
    flurry = r.DeclareFlurry("ana", (r.DeclaredManoeuvre("attack", "Sword", "ghost"),))
    assert not actions.names_only(flurry, session.ruleset.fighter_ids(session.state))
    with pytest.raises(IllegalAction, match=r"manoeuvres\[0\]\.target names 'ghost'"):
        session.ruleset.apply(session.state.clone(), flurry)


def test_a_huge_roll_deep_in_an_action_is_still_refused_with_its_place() -> None:
    """A face of a million and one in an attack's roll is refused, naming where."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.core.errors import IllegalAction
    from battlewheel.engine.rulesets.rewrite import actions as r

    session = FIGHTS["2e-rewrite"]()
    roll = DiceEntry.of_successes(1_000_001)
    attack = r.RollJoinBattle("ana", roll)
    assert not actions.numbers_within(attack, *NUMBER_BOUNDS)
    with pytest.raises(IllegalAction, match="must be"):
        session.ruleset.apply(session.state.clone(), attack)


def test_an_action_in_order_is_checked_without_naming_each_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Applying a flurry that names fighters of the fight and plain numbers walks it
    without the path-naming walks (they ran for every field of every action made)."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite import actions as r

    session = FIGHTS["2e-rewrite"]()
    walked: list[object] = []
    for name in ("_numbers_in", "_fighters_in"):
        original = getattr(actions, name)

        def counted(*args: object, _original: Any = original) -> object:
            walked.append(args)
            return _original(*args)

        monkeypatch.setattr(actions, name, counted)
    session.ruleset.apply(session.state.clone(),
                          r.RollJoinBattle("ana", DiceEntry.of_successes(2)))
    assert walked == []


def test_the_quick_checks_look_only_where_a_fighter_or_a_number_may_be() -> None:
    """An attack's charms hold numbers, true-or-false and DV names only: the fighters'
    check reads none of their fields, and the numbers' check reads no field declared text
    or true-or-false (a DV's name, Adamant Skin), as every value is held to its declared
    types when made. A stranger or a huge number where one may be is still found (the
    walks agree, above)."""
    from battlewheel.engine.rulesets.rewrite import actions as r

    assert actions._may_name(r.AttackCharms, "") == ()
    assert actions._may_name(r.Defence, "") == ()
    assert set(actions._may_name(r.GetPast, "")) == {"roll", "blocker"}
    assert {"dv", "perfect_defence", "adamant_skin"}.isdisjoint(actions._may_count(r.Defence))
    assert "charm_dice" in actions._may_count(r.AttackCharms)
    assert "willpower" not in actions._may_count(r.ResolveAttack)
