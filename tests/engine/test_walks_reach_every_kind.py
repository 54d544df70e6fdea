"""Random walks that apply every action kind of every ruleset, under rulings other than
the defaults (issue 23).

Each ruleset's recipes (``tests/engine/rulesets/<name>/recipes.py``) set up fights for
the kinds a plain walk rarely reaches and build each kind from the state. A walk starts
from one recipe's fight, takes a set of rulings (``recipes.rulings``: over the walks,
every alternative of every option with choices), tries the recipe's kinds, then walks on
at random: the ruleset's own informed actions, the recipes' makers for any kind, and
actions of any kind built from their fields. Every step keeps the invariants:

- an action is applied or refused as a rules refusal; a refusal changes nothing;
- undo returns to the state before, redo to the state after;
- applying and drawing the fight come back within ``STEP_SECONDS`` (a hang fails);
- the same kind naming strangers is refused;

and at the end the ring's pocket, asked about every counter, changes nothing, and the
log saves through the file writer and reader and replays to the same fight. The walks
are derandomized, so ``test_every_action_kind_is_applied_by_the_walks`` fails the day a
kind is added without a way for the walks to apply it.

    .venv/bin/python -m tests.engine.walk_report
"""

from __future__ import annotations

import contextlib
import functools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, ChangeBlock, ChangeRuling, named_fighters
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.core.system import EDITOR
from battlewheel.engine.rulesets import declared
from battlewheel.storage.schema import dump_json, parse_json
from tests.conformance import SYSTEMS, package_of, piece

from .rulesets import walking
from .rulesets.every_action import action_strategy, kinds, remember_words
from .rulesets.pocket import check_pocket_verdicts
from .rulesets.recipes import SHARED, Maker, Recipe, rulings
from .test_every_action import (
    ENDINGS,
    INFORMED,
    context_of_strangers,
    draw_fight,
    hang_guard,
    search,
)

RULESETS = {name: package_of(name) for name in SYSTEMS}  # every ruleset found
EXAMPLES = 2  # walks from each recipe's fight
STEPS = 20  # random steps after the recipe's own kinds
TRIES = 6  # draws of a recipe's kind before the walk moves on


@dataclass
class Tally:
    """What the walks of one ruleset applied, and under which rulings."""

    applied: Counter[str] = field(default_factory=Counter)
    rulings: dict[str, set[object]] = field(default_factory=dict)

    def walked(self, options: Options) -> None:
        for spec in options.specs():
            self.rulings.setdefault(spec.name, set()).add(getattr(options, spec.name))


def recipes_of(name: str) -> list[Recipe]:
    found: list[Recipe] = piece(name, "RECIPES")
    return found


@functools.cache
def makers_of(name: str) -> dict[str, tuple[Maker, ...]]:
    """Every maker the ruleset's recipes hold, by kind (the shared ones too)."""
    found: dict[str, list[Maker]] = {kind: [maker] for kind, maker in SHARED.items()}
    for recipe in recipes_of(name):
        for kind, maker in recipe.makers:
            if maker not in found.setdefault(kind, []):
                found[kind].append(maker)
    return {kind: tuple(makers) for kind, makers in found.items()}


@functools.cache
def informed_of(name: str) -> Callable[[st.DataObject, CombatSession], Action]:
    """The ruleset's own next action (its tests/engine/rulesets/<name>/test_properties)."""
    return INFORMED[name]()[1]


def apply_checked(session: CombatSession, action: Action, tally: Tally) -> bool:
    """Apply ``action`` keeping the invariants, then draw the fight, all within
    ``STEP_SECONDS``; True (and counted) if the rules accepted it."""
    with hang_guard(f"{action.kind} {action!r}"):
        applied = walking.apply_checked(session, action)
        draw_fight(session)
    if applied:
        tally.applied[action.kind] += 1
    return applied


def refuses_strangers(session: CombatSession, data: st.DataObject, kind: str) -> None:
    cls = kinds(session.ruleset)[kind]
    stranger = data.draw(action_strategy(cls, context_of_strangers(session)), label="ghost")
    if stranger is not None and any(True for _ in named_fighters(stranger)):
        with pytest.raises(IllegalAction):
            session.ruleset.apply(session.state.clone(), stranger)


def made(data: st.DataObject, session: CombatSession, maker: Maker) -> Action | None:
    """The maker's action; None if the fight lacks what it looks for (someone left, so
    a lookup of the walk's own making failed)."""
    try:
        return maker(data, session)
    except (KeyError, IndexError):
        return None


def try_kind(session: CombatSession, data: st.DataObject, maker: Maker, tally: Tally) -> None:
    """Up to TRIES actions of the maker, until the rules accept one."""
    for _ in range(TRIES):
        action = made(data, session, maker)
        if action is not None and apply_checked(session, action, tally):
            return


def random_step(name: str, session: CombatSession, data: st.DataObject, tally: Tally,
                words: dict[str, set[str]], last: bool) -> None:
    """The ruleset's own informed action, a maker's, or any kind built from its fields."""
    every = kinds(session.ruleset)
    how = data.draw(st.sampled_from(("informed", "maker", "any")), label="how")
    action: Action | None = None
    if how == "informed":
        try:
            action = informed_of(name)(data, session)
        except (KeyError, IndexError):
            action = None
    kind = action.kind if action is not None else data.draw(st.sampled_from(
        sorted(k for k in every if last or k not in ENDINGS)), label="kind")
    if action is None and how == "maker" and kind in makers_of(name):
        action = made(data, session, data.draw(st.sampled_from(makers_of(name)[kind])))
    if action is None:
        action = search(session, data, every[kind], words, 2)
    if action is None:
        return
    remember_words(words, action)
    apply_checked(session, action, tally)
    refuses_strangers(session, data, kind)


def scene_under(name: str, setup: list[Action], chosen: Mapping[str, object]) \
        -> CombatSession:
    """The recipe's fight set up again under the chosen rulings (a step they refuse is
    left out: the walk goes on from the fight as it then stands). A ruling the others
    make impossible (a custom die's target above its sides) keeps its default."""
    options = get_ruleset(name).default_options()
    for option, value in chosen.items():
        with contextlib.suppress(TraitValueError):
            options = options.changed(option, value)
    session = CombatSession.new(options, ruleset=name)
    for action in setup:
        with contextlib.suppress(IllegalAction):
            session.apply(action)
    return session


def walk_recipe(name: str, recipe: Recipe, number: int, tally: Tally,
                examples: int = EXAMPLES) -> None:
    """``examples`` walks from the recipe's fight under the ``number``-th rulings."""
    chosen = rulings(get_ruleset(name).options_type, number)
    setup = [entry.action for entry in recipe.scene().log]

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        session = scene_under(name, setup, chosen)
        tally.walked(session.state.options)
        for _, maker in recipe.makers:
            try_kind(session, data, maker, tally)
        words: dict[str, set[str]] = {}
        for number in range(STEPS):
            random_step(name, session, data, tally, words, last=number == STEPS - 1)
        check_pocket_verdicts(session)
        saved = parse_json(None, dump_json(session.to_json()))
        again = CombatSession.from_json(saved)
        assert again.to_json() == session.to_json() and again.state == session.state

    run()


def walk_all(name: str, examples: int = EXAMPLES) -> Tally:
    tally = Tally()
    for number, recipe in enumerate(recipes_of(name)):
        walk_recipe(name, recipe, number, tally, examples)
    return tally


def unwalked_alternatives(name: str, tally: Tally) -> list[str]:
    """Option values with choices that no walk took."""
    return [f"{spec.name}={value!r}"
            for spec in get_ruleset(name).options_type.specs() if spec.choices
            for value in spec.choices if value not in tally.rulings.get(spec.name, ())]


def unappliable(name: str) -> set[str]:
    """The core's kinds a system's own declaration rules out: a ruling changed where it
    has none, a block changed mid-fight where it has no form (``EDITOR``)."""
    ruleset = get_ruleset(name)
    ruled_out = set() if ruleset.options_type.specs() else {ChangeRuling.kind}
    return ruled_out | (set() if declared()[name][1].can(EDITOR) else {ChangeBlock.kind})


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_action_kind_is_applied_by_the_walks(name: str) -> None:
    """Every kind the ruleset's log may hold (the core's too) is applied at least once,
    and every alternative of every option with choices is walked."""
    tally = walk_all(name)
    every = set(kinds(get_ruleset(name))) - unappliable(name)
    assert sorted(every - set(tally.applied)) == [], "kinds no walk applied"
    assert unwalked_alternatives(name, tally) == [], "rulings no walk took"

