"""Opening a campaign reads only the stat blocks of the system on screen; the rest wait.

The roster's blocks of other systems stay as the JSON read (``StoredBlock``) until first
used: counted by a spy on ``Ruleset.block_from_json``, never timed. A save writes an
unread block back exactly as it was read, and a damaged unread block is found (naming
its field) only when used, the file never changing.
"""

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from battlewheel.bundled import resource
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.engine.core.session import ReplayError
from battlewheel.models.forecast_compare import matchups
from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.roster import DamagedBlock
from battlewheel.storage.schema import dump_json
from tests.conformance import SYSTEMS, piece
from tests.engine.forecast_fights import SYSTEMS as FORECAST

SHOWN = load_demo_campaign().combats[-1].ruleset_name()
"""The system of the demo's newest combat, the one a window opens on."""
OTHERS = tuple(system for system in SYSTEMS if system != SHOWN)
"""Every system found but the one on screen: their blocks wait."""


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every stat block a ruleset reads from JSON, by the block's name."""
    seen: list[str] = []
    real = Ruleset.block_from_json

    def spy(self: Ruleset, obj: object) -> Any:
        seen.append(f"{self.name}:{obj['name'] if isinstance(obj, dict) else obj}")
        return real(self, obj)

    monkeypatch.setattr(Ruleset, "block_from_json", spy)
    yield seen


def demo_document() -> dict[str, Any]:
    return json.loads(resource("campaigns", "demo.json").read_bytes())


def blocks_of(document: dict[str, Any], system: str) -> list[str]:
    return [f"{system}:{c['blocks'][system]['name']}" for c in document["characters"]
            if system in c["blocks"]]


def written(document: dict[str, Any], folder: Path) -> Path:
    path = folder / "campaign.json"
    path.write_bytes(dump_json(document))
    return path


COMBATS: dict[str, str] = {}
"""Each system's first combat in the demo, by its id (read before any spy counts)."""
for _record in reversed(load_demo_campaign().combats):
    COMBATS[_record.ruleset_name()] = _record.id


def combat_of(document: dict[str, Any], system: str) -> dict[str, Any]:
    """The demo's (first) combat of ``system``, as the file has it."""
    return next(c for c in document["combats"] if c["id"] == COMBATS[system])


def damaged_field(system: str) -> str:
    """The field a damaged block's refusal names: its name, as the system's reader calls it."""
    return f"blocks.{system}.{piece(system, 'NAME_FIELD')}"


def first_with(document: dict[str, Any], system: str) -> dict[str, Any]:
    return next(c for c in document["characters"] if system in c["blocks"])


def test_opening_reads_only_the_blocks_of_the_system_on_screen(
    tmp_path: Path, reads: list[str]
) -> None:
    document = demo_document()
    others = sum(len(c["blocks"]) for c in document["characters"]) - len(blocks_of(document, SHOWN))
    campaign = load_campaign(written(document, tmp_path))
    assert sorted(reads) == sorted(blocks_of(document, SHOWN))
    assert sum(len(c.waiting()) for c in campaign.characters) == others > 0


@pytest.mark.parametrize("system", OTHERS)
def test_a_combat_of_another_system_on_screen_reads_that_systems_blocks(
    tmp_path: Path, reads: list[str], system: str
) -> None:
    document = demo_document()
    shown = combat_of(document, system)
    load_campaign(written(document, tmp_path), shown=shown["id"])
    assert sorted(reads) == sorted(blocks_of(document, system))


@pytest.mark.parametrize("system", OTHERS)
def test_a_waiting_block_is_read_when_first_used_and_only_once(
    tmp_path: Path, reads: list[str], system: str
) -> None:
    document = demo_document()
    campaign = load_campaign(written(document, tmp_path))
    name = first_with(document, system)["identity"]["name"]
    character = campaign.character(name)
    reads.clear()
    block = character.block(system)
    assert character.block(system) is block
    assert reads == [f"{system}:{block.name}"]
    assert system not in character.waiting()


@pytest.mark.parametrize("system", OTHERS)
def test_a_save_writes_an_unread_block_back_byte_identical(tmp_path: Path, system: str) -> None:
    """A block of a system not on screen with its fields in reverse order: read and
    written again it would be put back in the block's own order; unread, it is written
    exactly as the file had it."""
    document = demo_document()
    character = first_with(document, system)
    character["blocks"][system] = dict(reversed(character["blocks"][system].items()))
    source = written(document, tmp_path)
    target = tmp_path / "saved.json"
    save_campaign(load_campaign(source), target)
    assert target.read_bytes() == source.read_bytes()


def damaged_document(system: str) -> tuple[dict[str, Any], str]:
    document = demo_document()
    character = first_with(document, system)
    character["blocks"][system]["name"] = 12
    return document, character["identity"]["name"]


@pytest.mark.parametrize("system", OTHERS)
def test_a_damaged_unread_block_is_found_when_used_and_the_file_never_changes(
    tmp_path: Path, system: str
) -> None:
    document, name = damaged_document(system)
    source = written(document, tmp_path)
    before = source.read_bytes()
    campaign = load_campaign(source)  # the system on screen is another: the file opens
    character = campaign.character(name)
    assert character.damaged() == ()
    with pytest.raises(DamagedBlock, match=re.escape(damaged_field(system))):
        character.block(system)
    assert [d.field for d in character.damaged()] == [damaged_field(system)]
    with pytest.raises(DamagedBlock):  # each time, the same words
        character.read_blocks()
    target = tmp_path / "saved.json"
    save_campaign(campaign, target)
    assert source.read_bytes() == before
    assert target.read_bytes() == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_damaged_block_of_the_system_on_screen_still_refuses_the_file(
    tmp_path: Path, system: str
) -> None:
    document, _ = damaged_document(system)
    shown = combat_of(document, system)
    with pytest.raises(ValueError, match=r"characters\[\d+\].*name"):
        load_campaign(written(document, tmp_path), shown=shown["id"])


@pytest.mark.parametrize("system", OTHERS)
def test_a_combat_not_shown_keeps_its_rulings_unread_until_replayed(
    tmp_path: Path, system: str
) -> None:
    """A combat's bad rulings: the file opens on another system's; showing the combat
    says why."""
    document = demo_document()
    fight = combat_of(document, system)
    fight["session"]["options"] = {"no_such_ruling": True}
    record = load_campaign(written(document, tmp_path)).combat(fight["id"])
    with pytest.raises(ReplayError, match=r"rulings cannot be read.*no_such_ruling"):
        assert record.session
    assert not record.replayed
    assert record.to_json()["session"] == fight["session"]


@pytest.mark.parametrize("system", [system for system in OTHERS if system in FORECAST])
def test_the_forecast_compare_names_a_damaged_block_as_what_is_missing(
    tmp_path: Path, system: str
) -> None:
    """The match-up in a system cannot be rebuilt from a damaged block: it says why."""
    document, _ = damaged_document(system)
    fight = combat_of(document, system)
    campaign = load_campaign(written(document, tmp_path), shown=fight["id"] + "-not-shown")
    session = campaign.combat(fight["id"]).session
    found = {m.ruleset: m for m in matchups(session.ruleset, session.state,
                                            campaign.characters)}
    assert damaged_field(system) in found[system].missing
    assert found[system].state is None
