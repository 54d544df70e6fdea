"""Opening a campaign reads only the stat blocks of the system on screen; the rest wait.

The roster's blocks of other systems stay as the JSON read (``StoredBlock``) until first
used: counted by a spy on ``Ruleset.block_from_json``, never timed. A save writes an
unread block back exactly as it was read, and a damaged unread block is found (naming
its field) only when used, the file never changing.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from battlewheel.bundled import resource
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.engine.core.session import ReplayError
from battlewheel.models.forecast_compare import matchups
from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.roster import DamagedBlock
from battlewheel.storage.schema import dump_json

SHOWN = "2e-rewrite"  # the demo's newest combat, the one a window opens on


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
    return json.loads(resource("campaigns", "demo.json").read_bytes())  # type: ignore[no-any-return]


def blocks_of(document: dict[str, Any], system: str) -> list[str]:
    return [f"{system}:{c['blocks'][system]['name']}" for c in document["characters"]
            if system in c["blocks"]]


def written(document: dict[str, Any], folder: Path) -> Path:
    path = folder / "campaign.json"
    path.write_bytes(dump_json(document))
    return path


def first_with(document: dict[str, Any], system: str) -> dict[str, Any]:
    return next(c for c in document["characters"] if system in c["blocks"])  # type: ignore[no-any-return]


def test_opening_reads_only_the_blocks_of_the_system_on_screen(
    tmp_path: Path, reads: list[str]
) -> None:
    document = demo_document()
    others = sum(len(c["blocks"]) for c in document["characters"]) - len(blocks_of(document, SHOWN))
    campaign = load_campaign(written(document, tmp_path))
    assert sorted(reads) == sorted(blocks_of(document, SHOWN))
    assert sum(len(c.waiting()) for c in campaign.characters) == others > 0


def test_a_combat_of_another_system_on_screen_reads_that_systems_blocks(
    tmp_path: Path, reads: list[str]
) -> None:
    document = demo_document()
    shown = next(c for c in document["combats"] if c["session"].get("ruleset") == "3e")
    load_campaign(written(document, tmp_path), shown=shown["id"])
    assert sorted(reads) == sorted(blocks_of(document, "3e"))


def test_a_waiting_block_is_read_when_first_used_and_only_once(
    tmp_path: Path, reads: list[str]
) -> None:
    document = demo_document()
    campaign = load_campaign(written(document, tmp_path))
    name = first_with(document, "impulse")["identity"]["name"]
    character = campaign.character(name)
    reads.clear()
    block = character.block("impulse")
    assert character.block("impulse") is block
    assert reads == [f"impulse:{block.name}"]
    assert "impulse" not in character.waiting()


def test_a_save_writes_an_unread_block_back_byte_identical(tmp_path: Path) -> None:
    """A 3e block with its fields in reverse order: read and written again it would be
    put back in the block's own order; unread, it is written exactly as the file had it."""
    document = demo_document()
    character = first_with(document, "3e")
    character["blocks"]["3e"] = dict(reversed(character["blocks"]["3e"].items()))
    source = written(document, tmp_path)
    target = tmp_path / "saved.json"
    save_campaign(load_campaign(source), target)
    assert target.read_bytes() == source.read_bytes()


def damaged_document() -> tuple[dict[str, Any], str]:
    document = demo_document()
    character = first_with(document, "pool-and-ward")
    character["blocks"]["pool-and-ward"]["name"] = 12
    return document, character["identity"]["name"]


def test_a_damaged_unread_block_is_found_when_used_and_the_file_never_changes(
    tmp_path: Path,
) -> None:
    document, name = damaged_document()
    source = written(document, tmp_path)
    before = source.read_bytes()
    campaign = load_campaign(source)  # the system on screen is 2e: the file opens
    character = campaign.character(name)
    assert character.damaged() == ()
    with pytest.raises(DamagedBlock, match=r"blocks\.pool-and-ward\.name"):
        character.block("pool-and-ward")
    assert [d.field for d in character.damaged()] == ["blocks.pool-and-ward.name"]
    with pytest.raises(DamagedBlock):  # each time, the same words
        character.read_blocks()
    target = tmp_path / "saved.json"
    save_campaign(campaign, target)
    assert source.read_bytes() == before
    assert target.read_bytes() == before


def test_a_damaged_block_of_the_system_on_screen_still_refuses_the_file(
    tmp_path: Path,
) -> None:
    document, _ = damaged_document()
    shown = next(c for c in document["combats"] if c["session"].get("ruleset") == "pool-and-ward")
    with pytest.raises(ValueError, match=r"characters\[\d+\].*name"):
        load_campaign(written(document, tmp_path), shown=shown["id"])


def test_a_combat_not_shown_keeps_its_rulings_unread_until_replayed(tmp_path: Path) -> None:
    """A 3e combat's bad rulings: the file opens on 2e; showing the 3e combat says why."""
    document = demo_document()
    fight = next(c for c in document["combats"] if c["session"].get("ruleset") == "3e")
    fight["session"]["options"] = {"no_such_ruling": True}
    record = load_campaign(written(document, tmp_path)).combat(fight["id"])
    with pytest.raises(ReplayError, match=r"rulings cannot be read.*no_such_ruling"):
        assert record.session
    assert not record.replayed
    assert record.to_json()["session"] == fight["session"]


def test_the_forecast_compare_names_a_damaged_block_as_what_is_missing(
    tmp_path: Path,
) -> None:
    """The match-up in Pool & Ward cannot be rebuilt from a damaged block: it says why."""
    document, _ = damaged_document()
    fight = next(c for c in document["combats"] if c["session"].get("ruleset") == "pool-and-ward")
    campaign = load_campaign(written(document, tmp_path), shown=fight["id"] + "-not-shown")
    session = campaign.combat(fight["id"]).session
    found = {m.ruleset: m for m in matchups(session.ruleset, session.state,
                                            campaign.characters)}
    assert "blocks.pool-and-ward.name" in found["pool-and-ward"].missing
    assert found["pool-and-ward"].state is None
