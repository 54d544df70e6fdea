"""One reader for every JSON file: what would crash or trap the program is refused by name.

Each case is fed to every reader that opens user files (campaign, character export,
combat log through ``battlewheel replay``, the crash journal), since a hole in any one
of them is a crash on start or at the command line.
"""

import io
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from battlewheel.cli import replay_command
from battlewheel.printing.command import print_command
from battlewheel.storage.campaign import Campaign, load_campaign
from battlewheel.storage.characters import import_character
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal, pending_recovery
from battlewheel.storage.recent import recent_files

EXAMPLE = Path(__file__).parents[2] / "resources" / "examples" / "mortal-duel.json"

HUGE_NUMBER = b'{"schema_version": 1, "x": 1' + b"0" * 4300 + b"}"
DEEP_LOG = b'{"actions": ' + b"[" * 1000 + b"]" * 1000 + b"}"
LONE_SURROGATE = b'{"schema_version": 1, "format": "battlewheel-character", ' \
                 b'"character": {"name": "Ana\\ud800"}}'

# Each bad file and the words of its refusal.
BAD_FILES: dict[str, tuple[bytes, str]] = {
    "huge number": (HUGE_NUMBER, "a number has 4301 digits; at most 15 allowed"),
    "deep nesting": (DEEP_LOG, "nested too deeply"),
    "nesting under the recursion limit": (
        b'{"actions": ' + b"[" * 200 + b"]" * 200 + b"}", "nested more than 40 levels"),
    "NaN": (b'{"actions": [], "x": NaN}', "NaN is not a JSON number"),
    "Infinity as a number": (b'{"actions": [], "x": 1e999}', "Infinity is not JSON"),
    "lone surrogate": (LONE_SURROGATE, r"character.name: the text holds \\ud800"),
}

Reader = Callable[[Path], object]
READERS: dict[str, Reader] = {
    "campaign": load_campaign,
    "character export": import_character,
}


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_reader_refuses_by_name(tmp_path: Path, reader: str, case: str) -> None:
    """Campaign and character readers refuse the file with the problem named."""
    data, message = BAD_FILES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(CampaignFileError, match=message):
        READERS[reader](path)
    assert path.read_bytes() == data


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_replay_exits_2_for_a_file_it_cannot_read(tmp_path: Path, case: str) -> None:
    """``battlewheel replay`` says why and exits 2, the code for input that is not JSON."""
    data, message = BAD_FILES[case]
    path = tmp_path / "log.json"
    path.write_bytes(data)
    err = io.StringIO()
    assert replay_command(path, out=io.StringIO(), err=err) == 2
    assert err.getvalue().startswith(f"{path}: cannot read the log: ")
    assert re.search(message, err.getvalue())


def test_print_exits_2_for_a_huge_number(tmp_path: Path) -> None:
    """``battlewheel print`` refuses the number before any page is made."""
    path = tmp_path / "campaign.json"
    path.write_bytes(HUGE_NUMBER)
    output = tmp_path / "cards.pdf"
    assert print_command(path, output) == 2
    assert not output.exists()


def test_a_journal_with_a_huge_number_is_set_aside(tmp_path: Path) -> None:
    """A journal whose header cannot be read is not offered, and kept for inspection."""
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b'{"journal": "battlewheel", "version": 1, "campaign": {"x": 1'
                     + b"0" * 5000 + b"}}\n")
    assert pending_recovery(path) is None
    assert path.with_suffix(".unreadable").exists()


def test_a_journal_never_exists_without_its_header(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A base campaign that cannot be written leaves no journal, so no change is orphaned."""
    path = tmp_path / "journal.jsonl"
    # Nothing the program makes holds a lone surrogate any more (check_storable): the
    # campaign's JSON is made to hold one, to stand for any header that cannot be written.
    campaign = Campaign()
    monkeypatch.setattr(Campaign, "to_json", lambda self: {"name": "Ana\ud800"})
    with pytest.raises(UnicodeEncodeError):
        Journal(path).begin(campaign, None, None, write_now=True)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_replay_into_a_closed_pipe_ends_quietly() -> None:
    """``battlewheel replay LOG | head`` leaves no BrokenPipeError traceback."""
    command = [sys.executable, "-m", "battlewheel", "replay", str(EXAMPLE)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader leaves before the first byte is written
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in error


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_damaged_recent_files_list_is_read_as_empty(tmp_path: Path, case: str) -> None:
    """The recent list only helps find files: any damage leaves it empty, never a crash."""
    store = tmp_path / "recent.json"
    store.write_bytes(BAD_FILES[case][0])
    assert recent_files(store) == []
