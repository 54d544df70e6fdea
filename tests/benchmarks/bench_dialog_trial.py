"""How long the dialogs' preview takes: one trial action on a copy of a combat.

Run: .venv/bin/python -m tests.benchmarks.bench_dialog_trial

The set-up, attack and damage dialogs re-run their action on a copy of the combat on
every keystroke (``views.dialogs.apply.trial``). This prints, for logs of 10, 100 and
1,000 actions, the cost of copying by ``copy.deepcopy`` (what ``trial`` did), by
replaying the JSON log (the obvious alternative) and by ``CombatSession.scratch`` (what
``trial`` does: the log and states shared), best of five, in milliseconds.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import AddCombatant, CycleHealthBox
from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind
from battlewheel.views.dialogs.apply import trial


def _session(actions: int) -> CombatSession:
    session = CombatSession.new()
    for index in range(12):
        who = Character(f"Fighter {index}", CharacterKind.MORTAL,
                        attributes={"dexterity": 3, "stamina": 3})
        session.apply(AddCombatant(f"f{index}", who, "ally" if index % 2 else "enemy"))
    for index in range(actions - 12):
        session.apply(CycleHealthBox(f"f{index % 12}", 0))
    return session


def _best_ms(run: Callable[[], object], repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    """Print the copy costs for three log lengths."""
    print("log_actions deepcopy_ms json_replay_ms scratch_ms trial_one_action_ms")
    for actions in (10, 100, 1000):
        session = _session(max(actions, 12))
        deep = _best_ms(lambda s=session: copy.deepcopy(s))
        replay = _best_ms(lambda s=session: CombatSession.from_json(s.to_json()))
        scratch = _best_ms(session.scratch)
        one = _best_ms(lambda s=session: trial(s, [CycleHealthBox("f0", 1)]))
        print(f"{actions} {deep:.2f} {replay:.2f} {scratch:.3f} {one:.2f}")


if __name__ == "__main__":
    main()
