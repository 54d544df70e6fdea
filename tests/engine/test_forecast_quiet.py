"""The forecast's quiet path (engine/core/playout_mode.py) ends every playout where the
GM's path does: same actions, same dice, same final state, in every system."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.playout_mode import playing_out, playing_out_now
from battlewheel.engine.core.session import CombatSession, DecodedLog
from tests.conformance import SYSTEMS, demo_session, piece, pieces_of

FORECAST_SYSTEMS = tuple(system for system in SYSTEMS if "strong" in pieces_of(system))
SEEDS = range(30)


def _both_ways(session: Any, seed: int) -> tuple[tuple[fc.Playout, Any, Any], ...]:
    """The playout ``seed`` of ``session`` played the GM's way and quietly: how it ended,
    its final state, and where its random source stood."""
    ended = []
    for quiet in (False, True):
        rng = fc.playout_random(seed, 0)
        if quiet:
            with playing_out():
                played, state = fc.played_out(session.ruleset, session.state, rng, {})
        else:
            played, state = fc.played_out(session.ruleset, session.state, rng, {},
                                          quiet=False)
        ended.append((played, state, rng.getstate()))
    return tuple(ended)


def _fights(system: str) -> list[tuple[Any, range]]:
    """The demo fight with 30 seeds, the system's conformance fight with 10."""
    return [(demo_session(system), SEEDS), (piece(system, "fight")(), range(10))]


@pytest.mark.parametrize("system", FORECAST_SYSTEMS)
def test_a_quiet_playout_ends_in_the_same_state_as_the_full_one(system: str) -> None:
    """30 seeds of the demo fight and 10 of the system's conformance fight, each from its
    start: the same playout, the same final state (pickled whole, so every record and
    every value the engine keeps), the same dice drawn."""
    compared = 0
    for session, seeds in _fights(system):
        for seed in seeds:
            (full, full_state, full_rng), (quiet, quiet_state, quiet_rng) = \
                _both_ways(session, seed)
            assert quiet == full, (system, seed)
            assert quiet_rng == full_rng, (system, seed)
            assert quiet_state == full_state, (system, seed)
            assert pickle.dumps(quiet_state) == pickle.dumps(full_state), (system, seed)
            compared += full.steps
    assert compared > 0


def test_playing_out_holds_only_inside_and_in_its_own_thread() -> None:
    import threading

    seen: list[bool] = []
    assert not playing_out_now()
    with playing_out():
        assert playing_out_now()
        other = threading.Thread(target=lambda: seen.append(playing_out_now()))
        other.start()
        other.join()
    assert not playing_out_now()
    assert seen == [False]


def test_a_value_made_in_a_playout_is_not_checked_and_outside_it_is() -> None:
    """What the quiet path saves: the file check of every value made (an action's fields,
    its dice), which a playout's never go through."""
    from battlewheel.engine.core.errors import TraitValueError
    from battlewheel.engine.core.identity import Identity

    unwritable = "\ud800"  # a lone surrogate: no UTF-8 file can hold it
    with pytest.raises(TraitValueError):
        Identity(name="Ada", notes=unwritable)
    with playing_out():
        assert Identity(name="Ada", notes=unwritable).notes == unwritable


EXAMPLES = sorted((Path(__file__).parents[2] / "resources" / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_a_quiet_playout_from_the_middle_of_an_example_ends_as_the_full_one(
        path: Path) -> None:
    """From a third and two thirds of the way through each example log (every system's),
    10 seeds each: the same playout, dice and final state both ways."""
    log = DecodedLog.from_json(json.loads(path.read_text(encoding="utf-8")))
    for share in (1 / 3, 2 / 3):
        kept = log.actions[:int(share * len(log.actions))]
        session = CombatSession.replay(DecodedLog(log.ruleset, log.options, kept, ()))
        for seed in range(10):
            (full, full_state, full_rng), (quiet, quiet_state, quiet_rng) = \
                _both_ways(session, seed)
            assert (quiet, quiet_rng) == (full, full_rng), (path.stem, share, seed)
            assert pickle.dumps(quiet_state) == pickle.dumps(full_state), (path.stem, seed)
