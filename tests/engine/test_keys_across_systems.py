"""One key, one meaning, in every system the window plays.

At the table R rolled the order in Impulse but readied an action in Pool & Ward. Each
shortcut used by more than one system's Combat menu must name the same kind of step in
each, and none may take Ctrl+R, the dice entry's roll key.
"""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession
from tests.conformance import SYSTEMS, piece

# What a key means wherever it is used: the words its entry's label must hold.
MEANINGS = {
    "R": "roll",
    "H": ("hold", "ready"),
    "Shift+H": ("held", "readied"),
    "N": ("next", "end turn"),
    "V": "move",
    "D": ("declare", "strike"),  # the acting fighter's attack: 2e declares it, Impulse strikes
    "Ctrl+A": ("attack", "clash"),
    "Ctrl+Return": ("begin", "start", "apply"),
}


def _fights() -> list[CombatSession]:
    """Each system's fight, its fighters on the wheel (a 2e fight set up and begun)."""
    found = []
    for system in SYSTEMS:
        session: CombatSession = piece(system, "fight")()
        piece(system, "on_the_wheel")(session)
        found.append(session)
    return found


def test_each_shared_key_means_one_thing_in_every_system() -> None:
    used: dict[str, set[str]] = {}
    for session in _fights():
        for entry in session.ruleset.turn_actions(session.state):
            if entry.shortcut:
                used.setdefault(entry.shortcut, set()).add(entry.label.lower().replace("&", ""))
    shared = {key for key, labels in used.items() if len(labels) > 1}
    for key in shared:
        assert key in MEANINGS, f"{key} names different steps: {sorted(used[key])}"
        words = MEANINGS[key]
        words = (words,) if isinstance(words, str) else words
        for label in used[key]:
            assert any(word in label for word in words), (key, label)
    assert "Ctrl+R" not in used, "Ctrl+R rolls the dice in every dialog"
