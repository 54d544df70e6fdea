"""Every ruleset package keeps its modules in known rooms (docs/architecture.md, "Adding a
ruleset"): the core rooms every system has, and the optional ones where it plays that role.

A newcomer who learns one system's layout finds the same role under the same name in the
others, in the engine and in the views (``views/rulesets/<name>/``); and the engine's
modules import one another without circles, so each can be read (and imported) from the
bottom up.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import battlewheel
from battlewheel.engine.rulesets import declared

ENGINE = Path(battlewheel.__file__).parent / "engine"
VIEWS = Path(battlewheel.__file__).parent / "views" / "rulesets"
# Every ruleset package, as the rulesets find themselves: a new one is checked unasked.
RULESETS = tuple(package for package, _system in declared().values())
# Role -> the name it has in every package: a module, or a package split by sub-role.
# The core every system has; the optional roles a system has where it plays that role.
ROOMS = ("__init__", "ruleset", "block", "state", "actions", "handlers", "sheet", "wheel",
         "menu")
OPTIONAL_ROOMS = ("exports", "form", "rules", "odds", "sentences", "options", "autopilot",
                  "demo", "card", "lasting", "replay", "refresh", "roster", "presentation")
# Names the rooms had before the layout; none may come back.
OLD_NAMES = ("character", "rewrite", "flow", "moves", "turns", "strikes", "sheet_info",
             "turn_menu", "wheel_view", "actions_attack", "final", "gauges")


# The views' rooms: each system's dialogs, one role to a name. A large role may be split,
# only as ``<role>_<part>.py`` beside its ``<role>.py``. A system's views package needs
# only its registration and the opener of its turn's dialogs; the rest where it has them.
VIEW_ROOMS = ("__init__", "turn_actions")
VIEW_OPTIONAL_ROOMS = ("base", "attack_dialog", "setup_dialogs", "turn_dialogs", "gm_dialogs",
                       "odds")
OLD_VIEW_NAMES = ("action_dialogs", "roll_dialog", "attack_steps", "clash_dialog",
                  "group_dialogs", "stealth_dialogs", "round_dialogs", "strike_dialog",
                  "manoeuvre_dialog", "movement_dialogs", "gm_dialog", "fields", "attack_form",
                  "dice", "order_dialog", "care_dialogs", "attack_inputs", "block_step",
                  "counterattack", "flurry_builder", "tick_flurries", "tick_damage",
                  "combat_setup", "override_dialog", "pools")


def _room(package: Path, name: str) -> bool:
    return (package / f"{name}.py").is_file() or (package / name / "__init__.py").is_file()


def test_the_rulesets_are_found() -> None:
    """The inventory: the four shipped systems are among those found (the one place here
    that names them)."""
    assert {"rewrite", "ex3", "impulse", "poolward"} <= set(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_has_the_core_rooms(ruleset: str) -> None:
    package = ENGINE / "rulesets" / ruleset
    assert [name for name in ROOMS if not _room(package, name)] == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_engine_module_is_a_known_room(ruleset: str) -> None:
    package = ENGINE / "rulesets" / ruleset
    rooms = {path.stem for path in package.glob("*.py")}
    rooms |= {path.parent.name for path in package.glob("*/__init__.py")}
    assert sorted(rooms - {*ROOMS, *OPTIONAL_ROOMS}) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_room_keeps_an_old_name(ruleset: str) -> None:
    package = ENGINE / "rulesets" / ruleset
    stray = [path.name for path in package.glob("*.py")
             if path.stem in OLD_NAMES or path.stem.startswith(("rewrite_", "handlers_"))]
    assert stray == []


def _playable_with_views() -> tuple[str, ...]:
    return tuple(package for package, system in declared().values() if system.playable)


@pytest.mark.parametrize("ruleset", _playable_with_views())
def test_every_playable_ruleset_has_its_view_rooms(ruleset: str) -> None:
    package = VIEWS / ruleset
    assert [name for name in VIEW_ROOMS if not (package / f"{name}.py").is_file()] == []


def _view_role(stem: str) -> str | None:
    """The role a view module plays: its own name, or the role it is a part of."""
    for role in (*VIEW_ROOMS, *VIEW_OPTIONAL_ROOMS):
        if stem == role or (role != "__init__" and stem.startswith(f"{role}_")):
            return role
    return None


@pytest.mark.parametrize("ruleset", _playable_with_views())
def test_every_view_module_is_a_room_or_a_part_of_one(ruleset: str) -> None:
    stray = [path.name for path in sorted((VIEWS / ruleset).glob("*.py"))
             if _view_role(path.stem) is None or path.stem in OLD_VIEW_NAMES]
    assert stray == []


def test_every_views_package_belongs_to_a_ruleset() -> None:
    """A views folder is found by its engine package's name: one named otherwise is never
    loaded, so it is refused here."""
    folders = {path.parent.name for path in VIEWS.glob("*/__init__.py")}
    assert sorted(folders - set(RULESETS)) == []


def test_a_view_module_named_for_no_role_is_stray() -> None:
    """The check reads a part by its role's prefix, and an old name as no role."""
    assert _view_role("turn_dialogs_stealth") == "turn_dialogs"
    assert _view_role("attack_dialog") == "attack_dialog"
    assert [_view_role(old) for old in OLD_VIEW_NAMES] == [None] * len(OLD_VIEW_NAMES)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _engine_imports() -> dict[str, set[str]]:
    """Module -> the engine modules it imports (a submodule named in ``from pkg import``)."""
    paths = {_module_name(path): path for path in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{alias.name}" for alias in node.names}
                found.update(subs & paths.keys())
                if subs - paths.keys():  # a name from the module itself
                    found.add(node.module)
        graph[name] = {other for other in found if other in paths and other != name}
    return graph


def _circle_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports that leads from ``start`` back to it, if one does."""
    stack, seen = [(start, [start])], set()
    while stack:
        here, path = stack.pop()
        for there in graph[here]:
            if there == start:
                return path
            if there not in seen:
                seen.add(there)
                stack.append((there, [*path, there]))
    return None


def test_engine_modules_import_without_circles() -> None:
    graph = _engine_imports()
    circles = [circle for name in sorted(graph) if (circle := _circle_from(graph, name))]
    assert circles == []
