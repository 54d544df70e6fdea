"""Quick Characters and motes in the 3e block: the shape, its checks, old blocks read as before."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.ex3.character import Character, QuickAttack, QuickPools
from battlewheel.engine.rulesets.ex3.demo import villain

BANDIT = Character(name="Bandit chief", kind="heroic", quick=QuickPools(
    join_battle=6, movement=5, parry=3, evasion=2, soak=4, resolve=3, guile=2,
    attacks=(QuickAttack("Sabre", pool=9, damage=12, overwhelming=2),
             QuickAttack("Bow", pool=7, damage=10, range="long"))),
    personal_motes=0, peripheral_motes=0, willpower=5, hardness=2)


def test_a_quick_character_round_trips_through_json() -> None:
    """Pools, attacks, motes: to_json then from_json gives the same block."""
    solar = Character(name="Solar", kind="exalt", personal_motes=13, peripheral_motes=33,
                      committed_motes=5)
    for block in (BANDIT, solar):
        assert Character.from_json(json.loads(json.dumps(block.to_json()))) == block


def test_a_block_stored_before_quick_characters_reads_as_before() -> None:
    """No motes or quick keys: the defaults, so stored campaigns and logs replay unchanged."""
    old = villain().to_json()
    for key in ("personal_motes", "peripheral_motes", "committed_motes", "quick"):
        del old[key]
    block = Character.from_json(old)
    assert block == villain() and block.quick is None and block.personal_motes == 0


@pytest.mark.parametrize(("build", "field"), [
    (lambda: QuickPools(parry=21), "quick.parry"),
    (lambda: QuickPools(join_battle=-1), "quick.join_battle"),
    (lambda: QuickPools(soak=41), "quick.soak"),
    (lambda: QuickAttack("Axe", pool=41, damage=5), "quick attack Axe.pool"),
    (lambda: QuickAttack("Axe", pool=5, damage=5, overwhelming=11),
     "quick attack Axe.overwhelming"),
    (lambda: Character(name="X", personal_motes=101), "personal_motes"),
    (lambda: Character(name="X", personal_motes=5, committed_motes=6), "committed_motes"),
])
def test_impossible_quick_values_and_motes_are_refused_by_name(build: Callable[[], object],
                                                              field: str) -> None:
    """Each bound names its field."""
    with pytest.raises(TraitValueError) as caught:
        build()
    assert caught.value.field == field
