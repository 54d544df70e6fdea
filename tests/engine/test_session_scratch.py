"""A session's scratch copy: actions tried on it reach the same state as on a deep copy,
the session itself never hears of them, and making it copies no state."""

import copy
import json
from pathlib import Path

import pytest

from battlewheel.engine.core.session import CombatSession

EXAMPLES = sorted((Path(__file__).parents[2] / "resources" / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_scratch_copy_plays_on_like_a_deep_copy_and_leaves_the_session_alone(
    path: Path,
) -> None:
    """Each example fight (its last ten steps taken back): the steps applied again to a
    scratch copy and to a deep copy reach equal states and logs, undo on the scratch
    copy matches too, and the session keeps its log, state and redo list."""
    played = CombatSession.from_json(json.loads(path.read_text(encoding="utf-8")))
    taken = [played.undo().action for _ in range(min(10, len(played.log)))][::-1]
    state, log, redo = played.state, played.log, list(taken)
    scratch, deep = played.scratch(), copy.deepcopy(played)
    assert scratch.state is played.state  # nothing copied but the lists
    for action in taken:
        scratch.apply(action)
        deep.apply(action)
        assert scratch.state == deep.state
    assert [e.sentence for e in scratch.log] == [e.sentence for e in deep.log]
    scratch.undo()
    deep.undo()
    assert scratch.state == deep.state
    assert played.state is state and played.log == log
    assert played.can_redo == bool(redo)
    assert played.redo().action == redo[0]  # the earliest step taken back comes first
