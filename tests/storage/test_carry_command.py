"""``battlewheel party`` and ``battlewheel carry`` (issue 33, Command line): exit 2 for an
unreadable file or an unknown combat or character, naming it; 3 when nothing can be
carried or a repeat carry lacks --again; nothing written on any refusal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from battlewheel.cli import main
from battlewheel.storage.campaign import load_campaign, save_campaign
from tests.storage.carry_fights import FIGHT_NAME, ONE_OFF_NAME, V2, campaign_with_fight

PW = "pool-and-ward"


@pytest.fixture
def fought(tmp_path: Path) -> Path:
    campaign, _ = campaign_with_fight()
    path = tmp_path / "fought.json"
    save_campaign(campaign, path)
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_carry_then_party_shows_the_condition_and_its_fight(
        fought: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME)
    assert code == 0
    report = json.loads(out)
    assert {c["name"] for c in report["carried"]} == {"Mar", "City Guard"}
    code, out, _ = _run(capsys, "party", str(fought))
    assert code == 0
    mar = next(c for c in json.loads(out)["characters"] if c["name"] == "Mar")
    assert mar["systems"][PW]["fresh"] is False
    assert {v["name"] for v in mar["systems"][PW]["from"].values()} == {FIGHT_NAME}
    assert load_campaign(fought).character("Mar").held(PW) is not None


def test_a_repeat_carry_is_refused_without_again_and_writes_nothing(
        fought: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME)[0] == 0
    before = fought.read_bytes()
    code, _, err = _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME)
    assert code == 3 and "--again" in err
    assert fought.read_bytes() == before
    assert _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME, "--again")[0] == 0


def test_only_carries_the_named_characters(fought: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME, "--only", "mar")[0] == 0
    campaign = load_campaign(fought)
    assert campaign.character("Mar").held(PW) is not None
    assert campaign.character("City Guard").held(PW) is None


def test_again_with_only_puts_back_the_others_and_says_so(
        fought: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME)[0] == 0
    code, out, _ = _run(capsys, "carry", str(fought), "--combat", FIGHT_NAME, "--again",
                        "--only", "Mar")
    assert code == 0 and json.loads(out)["put_back"] == ["City Guard"]
    campaign = load_campaign(fought)
    assert campaign.character("City Guard").held(PW) is None
    assert campaign.character("Mar").held(PW) is not None


@pytest.mark.parametrize(("args", "code", "named"), [
    (["--combat", "Nowhere"], 2, "'Nowhere'"),
    (["--combat", FIGHT_NAME, "--only", "Nobody"], 2, "'Nobody'"),
    (["--combat", ONE_OFF_NAME], 3, "no roster character fought"),
    (["--combat", FIGHT_NAME, "--only", "Kestrel of the Burning Road"], 2, "Kestrel"),
    (["--combat", FIGHT_NAME, "--only", "Ana"], 3, "Ana: they did not fight"),
])
def test_refusals_name_what_is_wrong_and_write_nothing(
        fought: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int,
        named: str) -> None:
    before = fought.read_bytes()
    got, _, err = _run(capsys, "carry", str(fought), *args)
    assert (got, named in err) == (code, True), err
    assert fought.read_bytes() == before


def test_an_unreadable_file_is_exit_2_naming_it(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    for command in (["party", str(bad)], ["carry", str(bad), "--combat", "x"]):
        code, _, err = _run(capsys, *command)
        assert code == 2 and "bad.json" in err
    assert bad.read_text(encoding="utf-8") == "{"


def test_party_of_a_version_2_file_is_everyone_fresh_and_the_file_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = V2 / "four-systems.json"
    before = path.read_bytes()
    code, out, _ = _run(capsys, "party", str(path))
    assert code == 0
    systems = [s for c in json.loads(out)["characters"] for s in c["systems"].values()]
    assert systems and all(s.get("fresh", True) for s in systems)
    assert path.read_bytes() == before


def test_the_installed_command_exits_with_the_code(fought: Path) -> None:
    """Through a real process: the exit status a shell sees."""
    run = subprocess.run([sys.executable, "-m", "battlewheel", "carry", str(fought),
                          "--combat", "Nowhere"], capture_output=True, text=True, check=False)
    assert run.returncode == 2 and "Nowhere" in run.stderr
