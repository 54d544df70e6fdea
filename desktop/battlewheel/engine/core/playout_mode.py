"""Whether the engine is playing a forecast's playout: work whose result nobody reads skipped.

A playout (``engine/core/forecast.py``) applies only actions its autopilot built from the
state itself, on a private copy nobody sees: no log sentence is written from them, no
undo snapshot kept, no file saved. Inside ``playing_out()``:

- a stored value made (an action, a dice entry, a stat block) is not checked whole for
  the file (``fields.Storable``): nothing made in a playout goes into a file;
- ``Ruleset.apply_for_playout`` skips the core's checks that an action names only
  fighters present and numbers within bounds: the autopilot took both from the state.

The rules themselves (every handler, every refusal a handler makes, ``refresh``) run as
they do for the GM, so a playout ends in the same state either way; a test plays seeded
playouts both ways in every system and compares the states
(``tests/engine/test_forecast_quiet.py``). A ``ContextVar``, so another thread of the
same process (the window's) is not affected.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_PLAYING_OUT: ContextVar[bool] = ContextVar("battlewheel_playing_out", default=False)

playing_out_now = _PLAYING_OUT.get
"""Whether a playout is under way in this thread (asked on every value made: kept fast)."""


@contextmanager
def playing_out() -> Iterator[None]:
    """Within: a playout is under way (see the module's docstring for what it skips)."""
    token = _PLAYING_OUT.set(True)
    try:
        yield
    finally:
        _PLAYING_OUT.reset(token)
