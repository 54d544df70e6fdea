"""``battlewheel import``: the preview as JSON, the roster saved atomically, clashes refused."""

import io
import json
import shutil
from pathlib import Path

import pytest

from battlewheel.cli import main
from battlewheel.engine.rulesets.rewrite.block import Character as Block2e
from battlewheel.storage.campaign import Campaign, load_campaign, save_campaign
from battlewheel.storage.imports import import_file
from battlewheel.storage.imports.command import import_command
from battlewheel.storage.roster import RosterCharacter

FIXTURES = Path(__file__).parent / "fixtures"
NPC = FIXTURES / "foundry_npc.json"
SERGEANT = FIXTURES / "statblock_sergeant.txt"


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A campaign whose roster has one character, the Bandit Chief's name among them."""
    [chief] = import_file(NPC)
    path = tmp_path / "salt-road.json"
    save_campaign(Campaign(name="Salt Road", characters=(chief.character,)), path)
    (tmp_path / "salt-road.json.bak").unlink(missing_ok=True)
    return path


def _run(campaign: Path, *files: Path, dry_run: bool = False,
         clash: str = "refuse") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = import_command(campaign, files, dry_run=dry_run, clash=clash, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _names(path: Path) -> list[str]:
    return [c.name for c in load_campaign(path).characters]


def test_dry_run_prints_the_preview_and_changes_nothing(campaign: Path) -> None:
    """Each character's block, sources and unused things; the file's bytes stay."""
    before = campaign.read_bytes()
    code, out, err = _run(campaign, SERGEANT, NPC, dry_run=True)
    report = json.loads(out)
    assert (code, err) == (0, "")
    assert [c["name"] for c in report["characters"]] == ["Veteran Sergeant", "Bandit Chief"]
    assert report["characters"][0]["block"]["quick"]["join_battle"] == 7
    assert report["characters"][0]["sources"]["willpower"] == "Willpower"
    assert report["clashes"] == ["Bandit Chief"]
    assert campaign.read_bytes() == before


def test_import_adds_to_the_roster_and_keeps_a_backup(campaign: Path) -> None:
    """Saved atomically: the new roster in the file, the old one as .bak."""
    before = campaign.read_bytes()
    code, _out, _err = _run(campaign, SERGEANT)
    assert code == 0
    assert _names(campaign) == ["Bandit Chief", "Veteran Sergeant"]
    assert campaign.with_name(campaign.name + ".bak").read_bytes() == before


def test_a_clash_is_refused_unless_told(campaign: Path) -> None:
    """Nothing of the import is saved when one name clashes, not even the others."""
    before = campaign.read_bytes()
    code, _out, err = _run(campaign, SERGEANT, NPC)
    assert code == 3
    assert "the roster already has Bandit Chief" in err
    assert campaign.read_bytes() == before


def test_rename_keeps_both(campaign: Path) -> None:
    """The newcomer is numbered."""
    assert _run(campaign, NPC, clash="rename")[0] == 0
    assert _names(campaign) == ["Bandit Chief", "Bandit Chief 2"]


def test_replace_keeps_the_characters_other_blocks(campaign: Path) -> None:
    """Replacing swaps the 3e block and keeps the roster character's 2e block."""
    loaded = load_campaign(campaign)
    chief = loaded.characters[0]
    two_systems = RosterCharacter(chief.identity, (("2e-rewrite", Block2e("Bandit Chief")),
                                                   *chief.blocks))
    save_campaign(Campaign(name="Salt Road", characters=(two_systems,)), campaign)
    changed = NPC.read_text().replace('"joinbattle": {"value": 6}', '"joinbattle": {"value": 9}')
    newer = campaign.parent / "chief.json"
    newer.write_text(changed)
    assert _run(campaign, newer, clash="replace")[0] == 0
    [after] = load_campaign(campaign).characters
    assert after.rulesets() == ("2e-rewrite", "3e")
    assert after.block("3e").quick.join_battle == 9


def test_an_unreadable_file_exits_2_naming_it(campaign: Path, tmp_path: Path) -> None:
    """Nothing is imported when any one file is refused."""
    before = campaign.read_bytes()
    code, out, err = _run(campaign, SERGEANT, FIXTURES / "foundry_other_system.json")
    assert (code, out) == (2, "")
    assert err.startswith("cannot import foundry_other_system.json: _stats.systemId:")
    assert campaign.read_bytes() == before


def test_the_command_line_reaches_it(campaign: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """``battlewheel import CAMPAIGN FILE --rename`` through the real argument parser."""
    copy = tmp_path / "copy.txt"
    shutil.copy(SERGEANT, copy)
    assert main(["import", str(campaign), str(copy), str(SERGEANT), "--rename"]) == 0
    assert json.loads(capsys.readouterr().out)["on_clash"] == "rename"
    assert _names(campaign) == ["Bandit Chief", "Veteran Sergeant", "Veteran Sergeant 2"]
    with pytest.raises(SystemExit):
        main(["import", str(campaign), str(copy), "--rename", "--replace"])


def test_a_folder_stands_for_its_files(campaign: Path, tmp_path: Path) -> None:
    """A folder of exports: each file in it, read by its content, in name order."""
    folder = tmp_path / "exports"
    folder.mkdir()
    shutil.copy(SERGEANT, folder / "b.txt")
    shutil.copy(FIXTURES / "anathema_raised.ecg", folder / "a.ecg")
    code, out, _err = _run(campaign, folder, dry_run=True)
    assert code == 0
    assert [c["name"] for c in json.loads(out)["characters"]] == [
        "Arden of the Seven Winds", "Veteran Sergeant"]
