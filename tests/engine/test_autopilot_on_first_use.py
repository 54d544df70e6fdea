"""A ruleset's autopilot (the forecast's) is imported when first read, not with the ruleset:
start-up, which loads the shown system's engine before the first paint, never needs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

SYSTEMS = ("rewrite", "ex3", "impulse", "poolward")


@pytest.mark.parametrize("package", SYSTEMS)
def test_the_autopilot_waits_until_the_forecast_reads_it(package: str) -> None:
    name = f"battlewheel.engine.rulesets.{package}"
    script = (
        "import sys\n"
        f"from {name} import ruleset as r\n"
        f"print('{name}.autopilot' in sys.modules)\n"
        "system = next(v for v in vars(r).values()\n"
        "              if isinstance(v, type) and getattr(v, '__module__', '') == r.__name__)\n"
        "pilot = system.autopilot_module\n"
        f"print('{name}.autopilot' in sys.modules, pilot.__name__)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True).stdout.split("\n")
    assert shown[0] == "False"
    assert shown[1] == f"True {name}.autopilot"
