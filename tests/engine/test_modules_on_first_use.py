"""A ruleset's autopilot (the forecast's) and editor form (``form_module``) are imported
when first read, not with the ruleset: start-up, which loads the shown system's engine
before the first paint, needs neither (the forecast, the character editor and a block's
preview do)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from battlewheel.engine.core.ruleset import ModuleOnFirstUse
from battlewheel.engine.core.system import EDITOR, FORECAST
from battlewheel.engine.rulesets import declared
from tests.engine.counting import calls_of

# What reads each module: the ruleset's attribute, or the editor's question.
READERS = {"autopilot": "system.autopilot_module", "form": "system.block_schema()"}
# Which capability a system declares when it has the module.
HAS = {"autopilot": FORECAST, "form": EDITOR}
# Every ruleset found with each module its capabilities say it has.
HOLDERS = [(package, module) for package, system in declared().values()
           for module in sorted(READERS) if system.can(HAS[module])]


@pytest.mark.parametrize(("package", "module"), HOLDERS)
def test_the_module_waits_until_first_read(package: str, module: str) -> None:
    name = f"battlewheel.engine.rulesets.{package}"
    script = (
        "import sys\n"
        f"from {name} import ruleset as r\n"
        f"print('{name}.{module}' in sys.modules)\n"
        "system = next(v for v in vars(r).values()\n"
        "              if isinstance(v, type) and getattr(v, '__module__', '') == r.__name__)()\n"
        f"{READERS[module]}\n"
        f"print('{name}.{module}' in sys.modules)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True).stdout.split("\n")
    assert shown[:2] == ["False", "True"]


def test_a_module_is_imported_once_then_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read again and again (a playout reads the autopilot several times an action), the
    module is looked up once: ``import_module`` for every read was a thirtieth of a 2e
    playout."""
    imported = calls_of(monkeypatch, importlib, "import_module")
    holder = type("Holder", (), {"pilot": ModuleOnFirstUse("battlewheel.engine.core.outcome")})
    modules = {id(holder.pilot) for _ in range(5)}
    assert len(modules) == 1 and holder.pilot.__name__ == "battlewheel.engine.core.outcome"
    assert len(imported) == 1
