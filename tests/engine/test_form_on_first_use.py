"""A ruleset's editor form (``form_module``) is imported when first read, not with the
ruleset: start-up, which loads the shown system's engine before the first paint, never
needs it (the character editor and a block's preview do)."""

from __future__ import annotations

import subprocess
import sys

import pytest

SYSTEMS = ("rewrite", "ex3", "impulse", "poolward")


@pytest.mark.parametrize("package", SYSTEMS)
def test_the_editor_form_waits_until_first_read(package: str) -> None:
    name = f"battlewheel.engine.rulesets.{package}"
    script = (
        "import sys\n"
        f"import {name}\n"
        "from battlewheel.engine.core.ruleset import get_ruleset\n"
        f"system = next(r for r in map(get_ruleset, ['2e-rewrite', '3e', 'impulse',\n"
        "    'pool-and-ward']) if type(r).__module__.startswith('" + name + ".'))\n"
        f"print('{name}.form' in sys.modules)\n"
        "print(len(system.block_schema().groups) > 0, '" + name + ".form' in sys.modules)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True).stdout.split("\n")
    assert shown[0] == "False"
    assert shown[1] == "True True"
