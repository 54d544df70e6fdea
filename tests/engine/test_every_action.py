"""Every action kind of every ruleset, drawn at random: refused cleanly or applied, never stuck.

One walk per ruleset draws every kind its log may hold (the core's shared ones too),
under rulings changed at random, from a fight with fighters on both sides. Each step:

- the action is applied or refused as a rules refusal (``IllegalAction``), or refused
  when made (``TraitValueError``: a value no file could hold); nothing else escapes;
- a refused action changes nothing;
- applying it and drawing the fight (wheel, sheets, table, status) take less than a
  generous ``STEP_SECONDS``: a hang fails the step instead of stalling the suite;
- the same kind naming fighters who are not in the fight is refused (``IllegalAction``).

At the end the log saves (through the file writer and reader) and replays to the same
fight. ``walk_report`` prints how many kinds each walk applied at least once::

    .venv/bin/python -m tests.engine.walk_report
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, named_fighters
from battlewheel.engine.core.errors import IllegalAction, RulesError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.schema import dump_json, parse_json
from tests.conformance import SYSTEMS, piece

from .rulesets.every_action import (
    Context,
    action_strategy,
    context_of,
    fights,
    hang_guard,
    kinds,
    remember_words,
)

STEPS = 60
EXAMPLES = 20
GHOSTS = ("ghost", "nobody")
TRIES = 6  # actions of a kind drawn at one step, the first the rules accept applied
NEW_KIND_TRIES = TRIES  # a kind this walk has not applied yet (more found more, slowly)
ENDINGS = ("end_combat", "end_fight")  # drawn only in a walk's last steps: they end it


def draw_fight(session: CombatSession) -> None:
    """Everything the window reads after a step."""
    ruleset, state = session.ruleset, session.state
    ruleset.turn_track(state)
    ruleset.status_line(state)
    ruleset.turn_actions(state)
    ids = list(ruleset.combatants(state))
    ruleset.roster_rows(state, ids)
    ruleset.roster_order(state)
    for cid in ids:
        ruleset.sheet(state, cid)


def step_with(session: CombatSession, data: st.DataObject, applied: Counter[str],
              words: dict[str, set[str]], kind: str, action: Action | None = None) -> None:
    """Apply ``action`` (or one of ``kind`` built from its fields), then draw the fight.

    ``words`` holds the text the walk's informed actions used, by field name.
    """
    cls = kinds(session.ruleset)[kind]
    if action is None:
        tries = TRIES if words.get(f"applied {kind}") else NEW_KIND_TRIES
        action = search(session, data, cls, words, tries)
    else:
        remember_words(words, action)
    if action is None:
        return
    before = session.to_json()
    with hang_guard(f"{kind} {action!r}"):
        try:
            session.apply(action)
        except IllegalAction:
            assert session.to_json() == before, f"refused {kind} changed the fight"
        else:
            applied[kind] += 1
            words[f"applied {kind}"] = {kind}
        draw_fight(session)
    stranger = data.draw(action_strategy(cls, context_of_strangers(session)), label="ghost")
    if stranger is not None and any(True for _ in named_fighters(stranger)):
        with pytest.raises(IllegalAction):
            session.ruleset.apply(session.state.clone(), stranger)


def search(session: CombatSession, data: st.DataObject, cls: type[Action],
           words: dict[str, set[str]], tries: int) -> Action | None:
    """An action of ``cls`` built from its fields: the first of a few drawn that the rules
    accept on a copy of the fight, or the last drawn (to be refused) if none is.

    Trying a few makes the kinds with many conditions (a clash, a Rally) reachable.
    """
    strategy = action_strategy(cls, context_of(session, seen=words))
    action = None
    for _ in range(tries):
        action = data.draw(strategy, label=cls.kind)
        if action is None:
            continue
        with hang_guard(f"trying {action!r}"):
            try:
                session.ruleset.apply(session.state.clone(), action)
            except RulesError:  # what the session refuses as a rules refusal
                continue
        return action
    return action


def context_of_strangers(session: CombatSession) -> Context:
    context = context_of(session)
    return Context(GHOSTS, context.words, context.block_type, context.blocks,
                         context.ruleset)


Informed = tuple[Callable[[st.DataObject], CombatSession],
                 Callable[[st.DataObject, CombatSession], Action]]


def _informed(name: str) -> Callable[[], Informed]:
    # Fetched when a test asks, so a system without the piece fails that test, naming it.
    return lambda: piece(name, "informed")()  # type: ignore[no-any-return]


INFORMED: dict[str, Callable[[], Informed]] = {name: _informed(name) for name in SYSTEMS}
"""Each ruleset's own walk (tests/engine/rulesets/*/test_properties.py): its rulings drawn
at random and actions that know the fight (its weapons, modes, whose turn it is)."""


def informed_step(informed: Callable[[st.DataObject, CombatSession], Action],
                  data: st.DataObject, session: CombatSession) -> Action | None:
    """The ruleset's own next action, half the time (None: draw any kind instead).

    The rulesets' walks assume their fighters stay; after a removal by the other half
    of the steps, their drawer may look for one who left (KeyError): any kind then.
    """
    if not data.draw(st.booleans(), label="informed"):
        return None
    try:
        return informed(data, session)
    except (KeyError, IndexError):
        return None


def walk(name: str, applied: Counter[str], examples: int = EXAMPLES) -> None:
    """Run the ruleset's walk, counting the kinds applied.

    Steps alternate at random between the ruleset's own informed actions, which carry
    the fight deep (attacks, flurries, clashes, rounds), and an action of any kind
    built from its fields, which reaches every kind with any value.
    """
    ruleset = get_ruleset(name)
    every = sorted(kinds(ruleset))
    start, informed = INFORMED[name]()
    going_on = [kind for kind in every if kind not in ENDINGS]

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        # Under rulings drawn at random (the ruleset's walk), or the demo fight not begun.
        session = start(data) if data.draw(st.integers(0, 3)) else fights()[name]()
        words: dict[str, set[str]] = {}
        for number in range(STEPS):
            chosen = informed_step(informed, data, session)
            if chosen is not None:
                step_with(session, data, applied, words, chosen.kind, chosen)
            else:
                kinds_now = every if number > STEPS - 10 else going_on
                step_with(session, data, applied, words, data.draw(st.sampled_from(kinds_now)))
        saved = parse_json(None, dump_json(session.to_json()))
        assert CombatSession.from_json(saved).to_json() == session.to_json()

    run()


@pytest.mark.parametrize("name", sorted(fights()))
def test_a_walk_of_every_action_kind_refuses_cleanly_and_never_hangs(name: str) -> None:
    applied: Counter[str] = Counter()
    walk(name, applied)
    every = kinds(get_ruleset(name))
    # The walk is derandomized: it reaches the same kinds every run (walk_report lists them).
    assert len(applied) >= len(every) // 3, sorted(set(every) - set(applied))


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_ruleset_bounds_every_number_an_action_carries(name: str) -> None:
    """No action of any ruleset carries a number past a million (NUMBER_BOUNDS): each
    system's ``absurd`` action is refused."""
    session, action = piece(name, "absurd")()
    with pytest.raises(IllegalAction, match="must be -1000000 to 1000000"):
        session.apply(action)
