"""Cards of a fight of every system print from the command line and from the window.

Each campaign holds its system's fight (its conformance file's ``printed``) and one
roster character with a stat block of that system who is not in the fight, so both
kinds of card (a fighter's, with the fight's marks, and a roster block's, blank) reach
the PDF, on the pages the system says its cards take.
"""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.choose import CardChoiceDialog
from battlewheel.printing.command import print_command
from battlewheel.printing.dialog import HealthTrackPreview
from battlewheel.storage.campaign import Campaign, save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.storage_wiring import add_print_actions
from tests.conformance import SYSTEMS, Printed, piece


@pytest.fixture(params=SYSTEMS)
def system(request: pytest.FixtureRequest) -> str:
    """Each system found (its cards as its conformance file's ``printed`` gives them)."""
    return str(request.param)


def cards_of(system: str) -> Printed:
    return piece(system, "printed")()  # type: ignore[no-any-return]


def with_roster(system: str) -> int:
    """The cards of the fight's fighters and the spare roster character."""
    fight = cards_of(system).fight()
    return len(fight.ruleset.combatants(fight.state)) + 1


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def campaign_of(system: str) -> Campaign:
    cards = cards_of(system)
    campaign = Campaign(name=f"{system} printing").with_combat("Demo", cards.fight(), system)
    return campaign.with_character(RosterCharacter.of_block(system, cards.spare))


def test_print_command_writes_every_card_of_a_fight(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    """``battlewheel print --everyone`` writes a PDF with one card per fighter of the
    combat (the roster's spare character is in no fight: not printed), on the pages the
    cards need."""
    cards, pages = with_roster(system) - 1, cards_of(system).fight_pages
    path = tmp_path / "campaign.json"
    save_campaign(campaign_of(system), path)
    output = tmp_path / "cards.pdf"
    assert print_command(path, output, page="A4", everyone=True) == 0
    data = output.read_bytes()
    assert data.startswith(b"%PDF")
    assert page_count(data) == pages
    assert f"{cards} card(s) of 'Demo' on {pages} A4 page(s)" in capsys.readouterr().out


def test_print_command_prints_the_players_of_the_combat_asked_for_by_default(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    """No --everyone: only the player characters, each once, of the combat named (by
    number here); an unknown combat or fighter is refused with the names there are."""
    path = tmp_path / "campaign.json"
    save_campaign(campaign_of(system), path)
    session = cards_of(system).fight()
    players = [cid for cid in session.ruleset.combatants(session.state)
               if session.ruleset.vitality(session.state, cid).player]
    output = tmp_path / "players.pdf"
    assert print_command(path, output, combat="1") == 0
    assert f"{len(players)} card(s) of 'Demo'" in capsys.readouterr().out
    assert print_command(path, output, combat="Elsewhere") == 2
    assert "no combat called 'Elsewhere' (the campaign has: 1. Demo)" in capsys.readouterr().err
    name = session.ruleset.card(session.state, players[0]).title
    assert print_command(path, output, names=(name,)) == 0
    assert "1 card(s)" in capsys.readouterr().out
    assert print_command(path, output, names=("Nobody",)) == 2


def test_blank_print_command_works_for_every_system(
    qapp: object, tmp_path: Path, system: str
) -> None:
    """``--blank`` prints the same cards with their boxes empty."""
    pages = cards_of(system).fight_pages
    path = tmp_path / "campaign.json"
    save_campaign(campaign_of(system), path)
    output = tmp_path / "blank.pdf"
    assert print_command(path, output, blank=True, page="A4", everyone=True) == 0
    assert page_count(output.read_bytes()) == pages


def open_window(qtbot: QtBot, tmp_path: Path, system: str) -> MainWindow:
    """A window on a saved campaign of this system, showing its fight, with File > Print."""
    path = tmp_path / "campaign.json"
    save_campaign(campaign_of(system), path)
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    window = MainWindow(CombatModel(files.load(path)),
                        settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(window)
    window.path = path
    assert window.combat.session.ruleset.name == system
    assert add_print_actions(window)
    return window


def accept_every_card(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The card chooser is accepted with every card ticked (it opens on the players
    alone); returns how many cards each offered."""
    offered: list[int] = []

    def accept(dialog: CardChoiceDialog) -> QDialog.DialogCode:
        offered.append(dialog.list.count())
        dialog.check_all(Qt.CheckState.Checked)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CardChoiceDialog, "exec", accept)
    return offered


def test_window_exports_the_cards_of_its_fight(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str
) -> None:
    """File > Export player cards, in a window showing a fight of this system, lists
    every card in the chooser and writes them all to the PDF."""
    cards, pages = with_roster(system), cards_of(system).pages
    window = open_window(qtbot, tmp_path, system)
    offered = accept_every_card(monkeypatch)
    target = tmp_path / "cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    window.actions_by_name["export_tracks"].trigger()
    assert offered == [cards]
    assert page_count(target.read_bytes()) == pages


def test_window_prints_the_cards_of_its_fight(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str
) -> None:
    """File > Print player cards (Ctrl+P): the preview paints every card onto its
    printer, here a PDF printer standing in for the one the GM picks."""
    cards, pages = with_roster(system), cards_of(system).pages
    window = open_window(qtbot, tmp_path, system)
    accept_every_card(monkeypatch)
    target = tmp_path / "printed.pdf"
    printed: list[int] = []

    def print_to_pdf(preview: HealthTrackPreview) -> int:
        printer = preview.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        preview.paintRequested.emit(printer)
        printed.append(len(preview.cards))
        return 1

    monkeypatch.setattr(HealthTrackPreview, "exec", print_to_pdf)
    window.actions_by_name["print_tracks"].trigger()
    assert printed == [cards]
    assert page_count(target.read_bytes()) == pages
