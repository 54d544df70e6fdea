"""What the shared page shows: the player screen's board as plain JSON values.

Everything comes from ``views.player_board.board`` (the same contract the player screen
reads), and only the fields the player screen draws are copied out: names as the players
may see them, words for the enemies, the player characters' tracks. Nothing else of the
state (GM notes, enemies' numbers, the roster, the file) is ever read here.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.views.player_board import Board, board

THEMES = ("light", "dark", "system")


@dataclass(frozen=True)
class SharedPage:
    """One moment of the fight as the page gets it: the JSON and the wheel's SVG."""

    state_json: bytes
    wheel_svg: bytes


def page_of(ruleset: Ruleset, state: Any, hidden: Collection[str], theme: str) -> SharedPage:
    """The shared page of ``state``; ``hidden`` are the enemies shown as "Enemy n"."""
    from battlewheel.sharing.wheel_svg import wheel_svg

    shown = board(ruleset, state, hidden)
    theme = theme if theme in THEMES else "system"
    values = snapshot(shown, next_up(ruleset, state, shown), theme)
    return SharedPage(json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode(),
                      wheel_svg(shown.wheel, theme).encode())


def snapshot(shown: Board, coming: str, theme: str) -> dict[str, Any]:
    """The page's values: heading, turn, who comes next, the two lists and the theme."""
    return {
        "theme": theme,
        "heading": shown.heading,
        "turn": shown.turn,
        "next": coming,
        "ended": shown.wheel.ended,
        "players": [_player(row.name, row.vitality) for row in shown.players],
        "enemies": [{"name": row.name, "words": row.words} for row in shown.enemies],
    }


def next_up(ruleset: Ruleset, state: Any, shown: Board) -> str:
    """Who acts after the fighters acting now, by the ruleset's own turn order.

    Only the board's names are used, so a hidden enemy stays "Enemy n" here too.
    """
    names = {row.id: row.name for row in shown.players}
    names.update({row.id: row.name for row in shown.enemies})
    down = {row.id for row in shown.players if row.vitality.down}
    down |= {row.id for row in shown.enemies if row.words == c.DOWN}
    acting = set(ruleset.acting(state))
    for cid in ruleset.turn_order(state):
        if cid in names and cid not in acting and cid not in down:
            return names[cid]
    return ""


def _player(name: str, vitality: c.Vitality) -> dict[str, Any]:
    tracks = [] if vitality.track is None else [_track(vitality.track, "")]
    tracks += [_track(track, track.title) for track in vitality.more]
    return {"name": name, "words": vitality.words, "figures": vitality.figures,
            "tracks": tracks}


def _track(track: c.BoxTrack, title: str) -> dict[str, Any]:
    """A row of boxes: each box's label, its mark (the shape, drawn as a character) and
    the kind of harm it stands for (for its colour)."""
    boxes = []
    for index, mark in enumerate(track.marks):
        glyph = None if mark == track.blank else track.glyph(mark)
        label = track.labels[index] if index < len(track.labels) else ""
        boxes.append({"label": label, "mark": "" if glyph is None else mark,
                      "kind": "" if glyph is None else glyph.name})
    return {"title": title, "boxes": boxes, "summary": track.summary}
