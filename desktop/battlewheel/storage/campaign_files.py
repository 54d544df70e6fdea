"""The File menu's campaign slot (``models.files.CampaignFiles``) backed by storage.

The window shows one combat at a time; this object holds the whole campaign around it
(roster, other combats, weapons, notes), so saving the combat saves the campaign, and
it keeps the crash journal in step. The window calls::

    files = campaign_files()
    session = files.load(path)              # File > Open, recent files
    files.save(session, path)               # File > Save / Save As
    files.record_change(session)            # after every change (CombatModel.changed)
    files.add_character(character)          # roster: import (journaled too)
    files.set_characters(characters)        # roster: an undoable change, either way
    files.set_roster_state(campaign)        # carry, rest (storage.carry) or their undo
    session = files.new_campaign(name, rs)  # File > New campaign (no file yet)
    session = files.new_combat(name, shown) # File > New combat (journaled, on screen)
    session = files.show_combat(id, shown)  # File > Combats > one of them
    files.pending_recovery()                # at start: offer to restore?
    session = files.restore()               # ...yes (then files.path is the file to save)
    files.discard_recovery()                # ...no
    files.close()                           # deliberate quit: no restore offer next time
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from battlewheel.engine.core.session import FIRST_RULESET, CombatSession
from battlewheel.storage import journal as journal_module
from battlewheel.storage.campaign import (
    MAX_NAME_LENGTH,
    Campaign,
    CombatRecord,
    load_campaign,
    save_campaign,
)
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal, Recovery
from battlewheel.storage.paths import campaigns_dir
from battlewheel.storage.recent import recent_files, remember_file
from battlewheel.storage.roster import RosterCharacter

FILE_FILTER = "Battlewheel campaigns (*.json);;All files (*)"


class StoredCampaigns:
    """The open campaign, its file, the combat on screen and the crash journal."""

    file_filter = FILE_FILTER

    def __init__(self, journal: Journal | None = None) -> None:
        self.journal = journal or Journal()
        self.campaign = Campaign()
        self.path: Path | None = None
        self.combat_id: str | None = None
        # How many whole campaigns were opened (a file, the demo, a new one, a restore):
        # the window's roster history belongs to one of them.
        self.adopted = 0

    # -- CampaignFiles -----------------------------------------------------------------
    def default_folder(self) -> Path:
        """Where the Open and Save dialogs start."""
        return campaigns_dir()

    def load(self, path: Path) -> CombatSession:
        """Open a campaign and return its newest combat (a new one if it has none).

        A bad file raises ``CampaignFileError`` and the open campaign stays as it was.
        """
        campaign = load_campaign(path)
        return self._adopt(campaign, Path(path))

    def save(self, session: CombatSession, path: Path) -> None:
        """Save the campaign with this session as the combat on screen."""
        campaign, combat_id = self._placed(session)
        save_campaign(campaign, Path(path))
        self.campaign, self.path, self.combat_id = campaign, Path(path), combat_id
        self.journal.begin(campaign, self.combat_id, self.path)

    def recent(self) -> list[Path]:
        """Recently used campaign files, newest first."""
        return recent_files()

    def remember(self, path: Path) -> None:
        """Put a file at the top of the recent list."""
        remember_file(path)

    # -- beyond the protocol ---------------------------------------------------------
    def open_demo(self) -> CombatSession:
        """The bundled demo campaign (first start), not tied to any file."""
        return self._adopt(load_demo_campaign(), None)

    def record_change(self, session: CombatSession) -> None:
        """Journal the combat's latest change (call after every apply, undo or redo).

        A session this object has not seen (the window's own demo, a new combat) joins
        the campaign first, and its whole log so far is journaled at once.
        """
        if self._showing() is not session:
            self.campaign, self.combat_id = self._placed(session)
            self.journal.begin(self.campaign, self.combat_id, self.path, write_now=True)
        self.journal.sync(session)

    def add_character(self, character: RosterCharacter) -> None:
        """Add (or replace by name) a roster character; journaled as an unsaved change."""
        self.campaign = self.campaign.with_character(character)
        self.journal.begin(self.campaign, self.combat_id, self.path, write_now=True)

    def set_characters(self, characters: tuple[RosterCharacter, ...]) -> None:
        """Put a whole roster in place (a roster change or its undo); journaled as unsaved.

        A roster the campaign refuses (too many characters) raises ``ValueError`` and
        changes nothing.
        """
        self.campaign = replace(self.campaign, characters=tuple(characters))
        self.journal.begin(self.campaign, self.combat_id, self.path, write_now=True)

    def set_roster_state(self, campaign: Campaign) -> None:
        """Put the roster and carry records of ``campaign`` in place (a carry, a rest, or
        their undo; ``storage.carry`` makes them); journaled as an unsaved change.

        The combats stay as this object holds them: only characters and carries move."""
        self.campaign = replace(self.campaign, characters=campaign.characters,
                                carries=campaign.carries)
        self.journal.begin(self.campaign, self.combat_id, self.path, write_now=True)

    def new_campaign(self, name: str, ruleset: str = FIRST_RULESET,
                     combat: str = "Combat 1") -> CombatSession:
        """A new campaign called ``name``: an empty roster and one empty combat of
        ``ruleset`` called ``combat``, no file yet.

        A blank or overlong name (of either) raises ``ValueError`` and changes nothing.
        """
        name, combat = name.strip(), combat.strip() or "Combat 1"
        if not name or len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"campaign name must be 1 to {MAX_NAME_LENGTH} characters, "
                             f"not {len(name)}")
        campaign = Campaign(name=name).with_combat(combat, ruleset=ruleset)
        return self._adopt(campaign, None, write_now=True)

    # -- the campaign's combats --------------------------------------------------------
    def next_combat_name(self) -> str:
        """The first free "Combat N" name, N counting from one past the campaign's combats."""
        taken = {record.name.casefold() for record in self.campaign.combats}
        number = len(self.campaign.combats) + 1
        while f"combat {number}" in taken:
            number += 1
        return f"Combat {number}"

    def new_combat(
        self, name: str, shown: CombatSession, ruleset: str = FIRST_RULESET
    ) -> CombatSession:
        """Add an empty combat called ``name`` and make it the one on screen.

        ``shown`` is the combat on screen until now; it stays in the campaign with its
        whole log. A blank, overlong or already used name raises ``ValueError`` and
        changes nothing. The journal follows the new combat at once.
        """
        name = name.strip()
        if not name or len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"combat name must be 1 to {MAX_NAME_LENGTH} characters, "
                             f"not {len(name)}")
        campaign, _ = self._placed(shown)
        if any(record.name.casefold() == name.casefold() for record in campaign.combats):
            raise ValueError(f"combat name {name!r} is already used in this campaign; "
                             "each combat needs its own")
        campaign = campaign.with_combat(name, ruleset=ruleset)
        self.campaign, self.combat_id = campaign, campaign.combats[-1].id
        self.journal.begin(campaign, self.combat_id, self.path, write_now=True)
        return campaign.combats[-1].session

    def show_combat(self, combat_id: str, shown: CombatSession) -> CombatSession:
        """Make another combat of the campaign the one on screen and return its session.

        ``shown`` (the combat on screen until now) stays in the campaign as it is. An
        unknown id raises ``KeyError`` and changes nothing. A combat not replayed since
        the file was opened is replayed now; a log that does not replay raises
        ``ReplayError`` and changes nothing (the combat stays in the file as it was).
        """
        campaign, _ = self._placed(shown)
        session = campaign.combat(combat_id).session
        self.campaign, self.combat_id = campaign, combat_id
        self.journal.begin(campaign, combat_id, self.path, write_now=True)
        return session

    def shown_combat(self) -> CombatRecord | None:
        """The record of the combat on screen (None before any is shown)."""
        ids = [record.id for record in self.campaign.combats]
        return self.campaign.combat(self.combat_id) if self.combat_id in ids else None

    def pending_recovery(self) -> Recovery | None:
        """The interrupted run's journal, if any (see ``Recovery.describe``)."""
        return journal_module.pending_recovery(self.journal.path)

    def restore(self) -> CombatSession:
        """Open the campaign rebuilt from the journal; its file is ``self.path``.

        A journal that cannot be replayed raises ``CampaignFileError`` and is set aside
        (``.unreadable``), so the next start does not offer it again.
        """
        try:
            recovered = journal_module.recover(self.journal.path)
        except CampaignFileError:
            journal_module.set_aside(self.journal.path)
            raise
        session = self._adopt(recovered.campaign, recovered.campaign_path,
                              combat_id=recovered.combat_id, write_now=True)
        return session

    def discard_recovery(self) -> None:
        """Forget the interrupted run's journal."""
        journal_module.discard(self.journal.path)

    def close(self) -> None:
        """A deliberate close: drop the journal so no restore is offered next time."""
        self.journal.end()

    def _adopt(self, campaign: Campaign, path: Path | None, *, combat_id: str | None = None,
               write_now: bool = False) -> CombatSession:
        if not campaign.combats:
            campaign = campaign.with_combat("Combat")
        ids = [record.id for record in campaign.combats]
        # A file opens on its newest combat: the fight the table is most likely to go on with.
        chosen = combat_id if combat_id in ids else ids[-1]
        self.campaign, self.path, self.combat_id = campaign, path, chosen
        self.adopted += 1
        self.journal.begin(campaign, chosen, path, write_now=write_now)
        return campaign.combat(chosen).session

    def _showing(self) -> CombatSession | None:
        ids = [record.id for record in self.campaign.combats]
        return self.campaign.combat(self.combat_id).session if self.combat_id in ids else None

    def campaign_with(self, session: CombatSession) -> Campaign:
        """The open campaign with ``session`` as the combat on screen (a new one if unseen)."""
        return self._placed(session)[0]

    def _placed(self, session: CombatSession) -> tuple[Campaign, str]:
        if self.combat_id is None or self.combat_id not in [r.id for r in self.campaign.combats]:
            campaign = self.campaign.with_combat("Combat", session)
            return campaign, campaign.combats[-1].id
        return replace(self.campaign, combats=tuple(
            record.with_session(session) if record.id == self.combat_id else record
            for record in self.campaign.combats
        )), self.combat_id


def campaign_files() -> StoredCampaigns:
    """The storage behind the main window's File menu."""
    return StoredCampaigns()
