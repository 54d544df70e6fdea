"""The slot through which the window opens and saves campaigns.

The main window knows nothing about file formats: it calls a `CampaignFiles` object
for Open, Save, Save As, the recent-files menu, the demo campaign and the crash
journal. Storage provides the real one (``storage.campaign_files.StoredCampaigns``);
without it the file actions are off.
"""

from pathlib import Path
from typing import Protocol

from battlewheel.engine.core.session import CombatSession


class CampaignFiles(Protocol):
    """What the File menu needs from storage."""

    #: The filter of the Open and Save dialogs, e.g. ``"Campaigns (*.battlewheel)"``.
    file_filter: str

    def default_folder(self) -> Path:
        """Where the Open and Save dialogs start."""
        ...

    def load(self, path: Path) -> CombatSession:
        """Read a campaign and return its combat (raise ValueError with a clear message)."""
        ...

    def save(self, session: CombatSession, path: Path) -> None:
        """Write the combat (and its campaign) to ``path``, safely."""
        ...

    def open_demo(self) -> CombatSession:
        """The bundled demo campaign's combat, tied to no file."""
        ...

    def recent(self) -> list[Path]:
        """Recently used campaign files, newest first."""
        ...

    def remember(self, path: Path) -> None:
        """Put a file at the top of the recent list."""
        ...

    def close(self) -> None:
        """The campaign is saved or deliberately discarded: drop the crash journal."""
        ...
