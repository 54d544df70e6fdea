"""Battlewheel: a game master's battlewheel for Exalted, offline.

The application's name, id and version are defined here once; the PyInstaller spec,
the Linux .desktop file, the AppStream metadata and QCoreApplication read them.
"""

APP_NAME = "Battlewheel"
APP_ID = "org.battlewheel.Battlewheel"
ORGANIZATION = "Battlewheel"
__version__ = "0.1.0"
