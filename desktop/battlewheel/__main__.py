"""Allow ``python -m battlewheel``."""

from battlewheel.cli import main

# Guarded: the forecast's worker processes (spawned) import this module again.
if __name__ == "__main__":
    raise SystemExit(main())
