"""The example logs shipped in resources/examples: where they are, read back and rewritten.

Each system's ``examples.py`` builds its logs; its tests compare the files with the
builders and replay them. The files keep the layout each system first wrote them in
(``indent``, ``ensure_ascii``), so rewriting one changes only what the builder changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from battlewheel.engine.core.session import CombatSession

EXAMPLES = Path(__file__).resolve().parents[3] / "resources" / "examples"


def read(name: str) -> Any:
    """A shipped example log as JSON."""
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def load(name: str) -> CombatSession:
    """A shipped example log replayed."""
    return CombatSession.from_json(read(name))


def write(builders: Mapping[str, Callable[[], CombatSession]], *, indent: int,
          ensure_ascii: bool = True) -> None:
    """Write each builder's log under its file name."""
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name, build in builders.items():
        text = json.dumps(build().to_json(), indent=indent, ensure_ascii=ensure_ascii) + "\n"
        (EXAMPLES / name).write_text(text, encoding="utf-8")
