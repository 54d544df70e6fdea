"""The frozen program's entry point: the same ``battlewheel`` command as the installed one."""

from battlewheel.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
