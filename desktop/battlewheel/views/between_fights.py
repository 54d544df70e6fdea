"""Between fights in the window (issue 33): carry a fight to the roster, rest, the story.

``install_between_fights(window, dock)`` adds, once the roster dock is in place:

- Combat > Carry to the roster… (also offered by Combat > End, and usable before a
  fight ends: the party fled): the carry dialog; one undo step on the campaign's
  history; a fight carried before asks before replacing what it carried then;
- Roster > Rest… for the selected character (or each of several selected: the party);
- File > Campaign…: the fights in order, opening one shows it.

What carries and how rest heals are the engine's (each ruleset's ``lasting.py``) and the
campaign's pure functions are storage's (``storage/carry.py``); this module only asks
the GM and puts the result in place as one undo step. The dialogs are imported when
first opened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand
from PySide6.QtWidgets import QMenu, QWidget

from battlewheel.views.window_parts import LendsParts

if TYPE_CHECKING:
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.storage.campaign_files import StoredCampaigns
    from battlewheel.views.roster_dock import RosterDock

CARRY_TEXT = "Carry to the &roster\u2026"
NOTHING_FOUGHT = ("No roster character fought in this combat: there is nothing to carry "
                  "(one-off foes carry nothing).")


class CampaignCommand(QUndoCommand):
    """One roster step that changes the whole campaign (a carry, a rest): before, after."""

    def __init__(self, files: StoredCampaigns, before: Any, after: Any, text: str,
                 shown: Callable[[], None]) -> None:
        super().__init__(text)
        self.files, self.before, self.after, self.shown = files, before, after, shown

    def redo(self) -> None:
        """Put the changed campaign in place (the fight on screen stays as it is)."""
        put_campaign(self.files, self.after)
        self.shown()

    def undo(self) -> None:
        """Put the campaign back as it was."""
        put_campaign(self.files, self.before)
        self.shown()


def put_campaign(files: StoredCampaigns, campaign: Any) -> None:
    """Put ``campaign``'s roster and carry records in place, journaled as unsaved (storage's
    ``set_roster_state``). The combats stay as they are now: a fight started or shown
    since the step is not taken away by its undo."""
    files.set_roster_state(campaign)


class BetweenFights(QObject):
    """The three entries' work, over the window's combat, campaign files and roster dock.

    A child of the window, so it lives as long as the entries that call it.
    """

    def __init__(self, frame: QWidget, combat: CombatModel, files: StoredCampaigns,
                 dock: RosterDock, say: Callable[[str], None]) -> None:
        super().__init__(frame)
        self.frame, self.combat, self.files, self.dock, self.say = (
            frame, combat, files, dock, say)

    # -- the campaign with the fight on screen in it -------------------------------------
    def campaign(self) -> Any:
        return self.files.campaign_with(self.combat.session)

    def _step(self, after: Any, text: str) -> None:
        """Push ``after`` as one step on the campaign's history."""
        def shown() -> None:
            self.dock.refresh(None)
            self.dock.roster.show_characters(list(self.files.campaign.characters))
            self.dock.rosterChanged.emit()

        before = self.files.campaign
        # The fight on screen is the live session: the record keeps it whichever campaign
        # is put in place, so an undo never takes a fight's steps back.
        self.combat.campaign_stack.push(CampaignCommand(self.files, before, after, text, shown))

    # -- carrying ------------------------------------------------------------------------
    def offer_after_end(self) -> bool:
        """After Combat > End: the carry dialog if the fight has something to carry; else
        nothing is said (the status bar keeps saying the combat is over)."""
        return self.carry(quiet=True)

    def carry(self, *, quiet: bool = False) -> bool:
        """Combat > Carry to the roster…: ask, then carry the ticked lines (one step).

        ``quiet``: say nothing when there is nothing to carry."""
        say = (lambda _text: None) if quiet else self.say
        from PySide6.QtWidgets import QDialog, QMessageBox

        from battlewheel.engine.core.errors import IllegalAction
        from battlewheel.storage import carry
        from battlewheel.views.carry_dialogs import CarryDialog

        record = self.files.shown_combat()
        if record is None:
            say("Carrying needs the campaign saved with this combat in it.")
            return False
        campaign = self.campaign()
        try:
            offers = [_offer(item) for item in carry.carry_offer(campaign, record.id)]
        except IllegalAction as refusal:  # a system whose lasting rules have not landed
            say(f"Nothing carried: {refusal.reason}.")
            return False
        if not offers:
            say(NOTHING_FOUGHT)
            return False
        again = carried_before(campaign, record.id)
        dialog = CarryDialog(record.name, offers, self.frame,
                             before_end=not self.combat.wheel().ended, carried_before=again)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.anything_ticked():
            return False
        if again and not ask_replace(self.frame, record.name):
            return False
        try:
            after = carry.carried(campaign, record.id, dialog.ticked())
        except ValueError as error:
            QMessageBox.warning(self.frame, "Cannot carry", f"{error}\n\nNothing changed.")
            return False
        names = ", ".join(name for name, keys in dialog.ticked().items() if keys)
        self._step(after, f"Carry {record.name} to the roster ({names})")
        self.say(f"Carried {record.name} to the roster: {names}. Ctrl+Z takes it back.")
        return True

    # -- rest ----------------------------------------------------------------------------
    def rest(self) -> bool:
        """Roster > Rest…: the selected character's rest, or the same rest for several."""
        from PySide6.QtWidgets import QDialog, QMessageBox

        from battlewheel.engine.core.errors import IllegalAction, RulesError
        from battlewheel.storage import carry
        from battlewheel.views.carry_dialogs import RestDialog

        chosen = self.dock.roster.chosen_characters()
        if not chosen:
            self.say("Pick a roster character to rest (several: Ctrl+click).")
            return False
        campaign = self.campaign()
        system = self._system(chosen[0])
        if system is None:
            self.say(f"{chosen[0].name} has no stat block to rest in.")
            return False
        try:
            offers = carry.rest_offers(campaign, chosen[0].name, system)
            summary = carry.summary(chosen[0], system)
        except IllegalAction as refusal:
            self.say(f"No rest here: {refusal.reason}.")
            return False
        who = chosen[0].name if len(chosen) == 1 else f"{len(chosen)} characters"
        def trial(choice: Any) -> str:
            tried, said = campaign, []
            for character in chosen:
                tried, words = carry.rested(tried, character.name, system, choice)
                said.append(words)
            return " ".join(said)

        dialog = RestDialog(who, _title(system), summary, offers, self.frame, trial=trial)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        choice = dialog.choice()
        if choice is None:
            self.say("Nothing rested: choose a rest and give its roll first.")
            return False
        said = []
        try:
            for character in chosen:
                campaign, words = carry.rested(campaign, character.name, system, choice)
                said.append(f"{character.name}: {words}")
        except (ValueError, KeyError, RulesError) as error:
            QMessageBox.warning(self.frame, "Cannot rest", f"{error}\n\nNothing changed.")
            return False
        self._step(campaign, "Rest " + "; ".join(said))
        self.say("Rested. " + "; ".join(said))
        return True

    def _system(self, character: Any) -> str | None:
        """The system a rest is in: the fight's on screen if they have a block for it."""
        shown = self.combat.session.ruleset.name
        systems = list(character.rulesets())
        return shown if shown in systems else (systems[0] if systems else None)

    # -- the story -----------------------------------------------------------------------
    def story(self) -> QWidget:
        """File > Campaign…: the fights in order; Show puts one on screen."""
        from battlewheel.views.campaign_view import CampaignView, story_rows

        record = self.files.shown_combat()
        view = CampaignView(self.files.campaign.name, story_rows(self.campaign()),
                            record.id if record is not None else None, self._show, self.frame)
        view.open()
        return view

    def _show(self, combat_id: str) -> None:
        menu = getattr(self.frame, "combats_menu", None)
        if menu is not None:
            menu.show(combat_id)


def _offer(item: Any) -> Any:
    """A carry offer (storage/carry.py) (its name, ruleset and lines) as the dialog shows it."""
    from battlewheel.views.carry_dialogs import CarryOffer

    return CarryOffer(item.name, _title(item.ruleset), tuple(item.lines))


def carried_before(campaign: Any, combat_id: str) -> bool:
    """Whether the campaign holds an earlier carry of this combat (to ask before replacing)."""
    record = getattr(campaign, "carry_record", None)
    return record is not None and record(combat_id) is not None


def _title(system: str) -> str:
    from battlewheel.engine.rulesets import title_of

    try:
        return title_of(system)
    except (KeyError, ValueError):
        return system


def ask_replace(parent: QWidget, fight: str) -> bool:
    """A fight carried before: replace what it carried then? (Cancel is the default.)"""
    from PySide6.QtWidgets import QMessageBox

    Button = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Question, "Carry again?",
                      f"{fight} was carried to the roster before.",
                      Button.Yes | Button.Cancel, parent)
    box.setObjectName("carryAgainBox")
    box.setInformativeText("Carrying it again replaces what it carried then (each "
                           "character's parts that came from this fight). Go ahead?")
    box.button(Button.Yes).setText("&Replace")
    box.setDefaultButton(Button.Cancel)
    return box.exec() == Button.Yes


def install_between_fights(window: LendsParts, dock: RosterDock) -> BetweenFights | None:
    """Add Carry to the roster (Combat), Rest (Roster) and Campaign (File)."""
    from battlewheel.storage.campaign_files import StoredCampaigns

    parts = window.parts()
    if not isinstance(parts.files, StoredCampaigns):
        return None
    work = BetweenFights(parts.frame, parts.combat, parts.files, dock, parts.say)
    # Combat > End calls this once the fight has ended (MainWindow.end_combat).
    setattr(parts.frame, "offer_carry", work.offer_after_end)  # noqa: B010 (no such attribute in Qt)
    made: Mapping[str, tuple[str, str, Callable[[], object], str]] = {
        "carry_to_roster": (CARRY_TEXT, "Ctrl+Shift+K", work.carry,
                            "Write what this fight left on the roster characters who fought"),
        "rest": ("&Rest\u2026", "", work.rest,
                 "Rest and healing between fights for the selected character(s)"),
        "campaign_view": ("Campaign &story\u2026", "", work.story,
                          "The campaign's fights in order; show one"),
    }
    for name, (text, key, slot, tip) in made.items():
        action = QAction(text, parts.frame)
        action.setObjectName(name)
        if key:
            action.setShortcut(QKeySequence(key))
        action.setStatusTip(tip)
        action.triggered.connect(slot)
        parts.frame.addAction(action)
        parts.actions[name] = action
    combat_menu = getattr(parts.frame, "combat_menu", None)
    if isinstance(combat_menu, QMenu):
        combat_menu.addAction(parts.actions["carry_to_roster"])
    roster_menu = parts.frame.findChild(QMenu, "rosterMenu")
    if roster_menu is not None:
        roster_menu.addSeparator()
        roster_menu.addAction(parts.actions["rest"])
    before = parts.actions.get("save")
    if before is not None:
        parts.file_menu.insertAction(before, parts.actions["campaign_view"])
    return work
