"""Allow ``python -m battlewheel``."""

from battlewheel.cli import main

raise SystemExit(main())
