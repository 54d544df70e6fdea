"""What each private interface on the start-up path buys at first paint, measured.

Run: ``.venv/bin/python -m tests.benchmarks.bench_private_hooks [runs]``

Battlewheel leans on two interfaces that Python and PySide6 do not promise to keep:
``dataclasses._create_fn`` (``engine.core.deferred_methods``: our dataclasses' methods
built when first used) and PySide6's ``pyside_feature_dict`` (``app``: PySide told which
modules use it, so it does not read their sources). The house rule (architecture.md, "on
purpose") keeps one only where it saves at least 20 ms at first paint on this machine.

Each variant runs the smoke test as a fresh subprocess, alternating with the program as
shipped so that load drifts hit both alike, and reports the median of its ``startup_ms``
and the median of the paired differences (variant minus as shipped, run by run).
"""

import os
import statistics
import sys
import tempfile

from tests.benchmarks.bench_startup import run_smoke_test

# Each variant turns one hook off before the package is imported, then starts the program
# exactly as ``python -m battlewheel --smoke-test`` does.
_START = "import runpy, sys; sys.argv = ['battlewheel', '--smoke-test']; "
_RUN = "runpy.run_module('battlewheel', run_name='__main__', alter_sys=True)"
VARIANTS = {
    "as shipped": _START + _RUN,
    "without deferred dataclass methods": _START + (
        "import types; fake = types.ModuleType('battlewheel.engine.core.deferred_methods'); "
        "fake.install = lambda: None; "
        "sys.modules['battlewheel.engine.core.deferred_methods'] = fake; ") + _RUN,
    "without PySide's feature answers": _START + (
        "import battlewheel.app as app; app._answer_pysides_source_question = lambda: None; "
    ) + _RUN,
}


def main(runs: int = 9) -> None:
    """Time each variant against the program as shipped, ``runs`` pairs each."""
    with tempfile.TemporaryDirectory() as home:
        # As bench_startup: bytecode in a throw-away cache, filled by the warm-up runs.
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=home,
                   PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        firsts, saved = _measure(env, runs)
    print(f"{'variant':40s} median first paint   paired cost of going without")
    for name, values in firsts.items():
        cost = f"{statistics.median(saved[name]):+6.0f} ms" if name in saved else ""
        print(f"{name:40s} {statistics.median(values):8.0f} ms        {cost}")


def _measure(env: dict[str, str], runs: int) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    shipped = VARIANTS["as shipped"]
    for code in VARIANTS.values():  # warm the disk caches once each
        run_smoke_test([sys.executable, "-c", code], env)
    firsts: dict[str, list[int]] = {name: [] for name in VARIANTS}
    saved: dict[str, list[int]] = {name: [] for name in VARIANTS if name != "as shipped"}
    for _ in range(runs):
        for name, code in VARIANTS.items():
            if name == "as shipped":
                continue
            _, base, _ = run_smoke_test([sys.executable, "-c", shipped], env)
            _, variant, _ = run_smoke_test([sys.executable, "-c", code], env)
            firsts["as shipped"].append(base)
            firsts[name].append(variant)
            saved[name].append(variant - base)
    return firsts, saved


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
