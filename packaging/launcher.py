"""The frozen program's entry point: the same ``battlewheel`` command as the installed one."""

import multiprocessing

from battlewheel.cli import main

if __name__ == "__main__":
    # A frozen program's worker processes (the forecast's) start here too: let them run.
    multiprocessing.freeze_support()
    raise SystemExit(main())
