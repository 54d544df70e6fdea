"""docs/combat-log.md shows a readable example of every action kind."""

from __future__ import annotations

import json
import re
from pathlib import Path

from battlewheel.engine.rulesets.rewrite import action_from_json, action_to_json
from battlewheel.engine.rulesets.rewrite.actions import ACTION_TYPES

DOC = Path(__file__).resolve().parents[4] / "docs" / "combat-log.md"


def _examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    found = [json.loads(block) for block in blocks]
    return [item for item in found if isinstance(item, dict) and "kind" in item]


def test_every_action_kind_has_an_example_in_the_log_docs() -> None:
    """Each registered kind appears in at least one example block."""
    assert {item["kind"] for item in _examples()} >= set(ACTION_TYPES)


def test_every_example_in_the_log_docs_reads_as_an_action() -> None:
    """Each example parses strictly and writes back to the same fields."""
    for item in _examples():
        action = action_from_json(item)
        assert action_from_json(action_to_json(action)) == action


def test_every_action_kind_has_a_sentence_in_the_log_docs() -> None:
    """The table of sentences names each registered kind."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## The sentences the GM reads")
    table = text[start : text.index("## ", start + 3)]
    named = set(re.findall(r"`([a-z_]+)`", table))
    assert named >= set(ACTION_TYPES)
