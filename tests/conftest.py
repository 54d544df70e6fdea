"""Test configuration shared by every test folder.

Qt runs on the offscreen platform, set here (not by the shell) so that the tests
behave the same on a laptop, on CI and on a machine with no display at all.
"""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A desktop test must never read or write the real user's settings or campaigns:
# BATTLEWHEEL_HOME (battlewheel.storage.paths) moves every user path into a temp folder.
os.environ.setdefault("BATTLEWHEEL_HOME", tempfile.mkdtemp(prefix="battlewheel-tests-"))
