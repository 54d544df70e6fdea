"""What every combat system gives the tests that hold for all of them (the conformance suite).

The tests that should hold for every system enumerate ``SYSTEMS``, every ruleset the
program finds (``engine/rulesets/``), never a list of their own: a new system is tested
without being named anywhere. What such a test needs of a system (a fight to walk, the
walk's own informed steps, whether its form explains every field) comes from one file the
system's tests provide, ``tests/engine/rulesets/<package>/conformance.py``; ``piece``
fetches one, and a system that lacks it fails naming the piece and the file, never
skipped in silence (``tests/test_conformance.py`` asks each system for each piece).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

import pytest

from battlewheel.engine.core.system import CARRY, EDITOR, FORECAST
from battlewheel.engine.rulesets import declared

SYSTEMS: tuple[str, ...] = tuple(declared())
"""Every ruleset found, by name, in the order File > New combat lists them."""

PIECES: dict[str, str] = {
    "fight": "fight() -> CombatSession: a fight with fighters on both sides, not begun",
    "informed": "informed() -> (start, step): the system's own walk: a session under "
                "rulings drawn at random, and an action that knows the fight",
    "EXPLAINS_EVERY_FIELD": "whether the editor form cites a seed section for every field "
                            "(True, or False with the reason in a comment)",
    "on_the_wheel": "on_the_wheel(session) -> None: brings a fight not begun (fight() or "
                    "the demo's) to where its fighters stand on the wheel (nothing to do "
                    "where they stand there once added)",
    "RECIPES": "the walks' recipes (tests/engine/rulesets/recipes.py's Recipe): fights "
               "set up so a walk reaches each action kind (the system's recipes.py)",
    "printed": "printed() -> Printed: the fight whose cards print, a roster block in no "
               "fight, and the A4 pages their cards take",
    "duellist": "duellist() -> a stat block: one ordinary armed fighter (forecast: mirror "
                "matches)",
    "strong": "strong() -> a stat block: a fighter who beats weak() nearly always (forecast; "
              "3e and 2e: a Solar)",
    "weak": "weak() -> a stat block: a mortal extra with nothing in hand (forecast)",
    "hurt": "hurt() -> (condition, restored): a condition (the system's Lasting) a fighter "
            "can join with, and what Rest's \"Restore to full\" leaves of it (carry)",
    "rolled_order": "rolled_order() -> Options: rulings under which the order is rolled, "
                    "ties settled as the table would (forecast: a mirror match is even)",
    "knock_out": "knock_out(session, cid) -> None: puts one fighter out of the fight in "
                 "place, as damage would (forecast: a double knockout)",
    "CARRY_EXAMPLE": "the name of an example log (resources/examples) whose fight leaves "
                     "something that carries (carry: through the commands)",
    # -- pieces for the desktop tests
    "SET_UP_STEP": "the words a new combat's status line sends the GM to first "
                   "(views.combats_menu.set_up_step): the set-up step and its key",
    "dialogs": "dialogs() -> tuple of classes: the system's dialog bases (and each dialog "
               "built on none) whose __init__ keeps the dialog on the screen",
    "odds_words": "odds_words(shown) -> [(Odds, words)]: odds of the system's rolls with "
                  "no defender's DV and no damage, each with the label the odds dock's box "
                  "then has ([] where it has none); shown: the desktop tests' fixture",
    "on_the_player_screen": "on_the_player_screen(tracks, texts) -> None: asserts what the "
                            "player screen shows of fight() at 1366x768, given its tracks "
                            "(FittingTrack) and the fighters' words",
    "roster_fight": "roster_fight() -> (hero, foe, clicks): two demo roster characters "
                    "who fight, and clicks(hero's block) -> [(track, box)]: the GM's clicks "
                    "on the hero's sheet that hurt them (carry: in the window)",
    "keyed_attack": "keyed_attack() -> (session, steps, attacker): a fight (the demo's, "
                    "not begun, where the system has one), the keys from there to a player's "
                    "attack in the log, dice typed (tests/desktop/keys.py's FocusKeys.play "
                    "steps), and whose attack the log then ends on",
    # -- pieces for the engine, storage and printing tests
    "STANCES_THAT_MOVE_THE_ODDS": "((side, stance), ...): stances that move the demo's odds "
                                  "by more than three standard errors (forecast; () with "
                                  "the reason in a comment where none does)",
    "ENDS_A_FIGHT_NOT_BEGUN": "whether end_action's EndCombat ends fight() before it begins "
                              "(True, or False with the rule that refuses it in a comment)",
    "END_WORDS": "the log's sentence for EndCombat(\"fled\") (log versions)",
    "V1_JOININGS": "((a version 1 add_combatant entry, what it reads as in version 2), ...): "
                   "the system's own joining terms of version 1 logs (() for a system "
                   "born after version 2)",
    "V1_ENDINGS": "((a version 1 end_fight entry, what it reads as in version 2), ...) "
                  "(() for a system born after version 2)",
    "BAD_TERMS": "((joining terms, the words refusing them), ...): terms the system does not "
                 "declare, or of the wrong type",
    "absurd": "absurd() -> (CombatSession, Action): a fight and an action of it carrying a "
              "number past a million (NUMBER_BOUNDS)",
    "unstorable": "unstorable() -> ((field, maker), ...): values made that no file could "
                  "hold, refused when made naming the field (issue 23)",
    "benched": "benched() -> CombatSession: the fight the benchmarks grow to 40 fighters "
               "(tests/benchmarks/bench_rulesets.py)",
    "NAME_FIELD": "a stat block's name as its reader's refusals call it (\"name\"; 3e: "
                  "\"character.name\")",
}
"""Each piece a system's conformance file gives, and what it is."""

NEEDS: dict[str, str] = {"duellist": FORECAST, "strong": FORECAST, "weak": FORECAST,
                         "hurt": CARRY, "knock_out": FORECAST, "rolled_order": FORECAST,
                         "CARRY_EXAMPLE": CARRY, "EXPLAINS_EVERY_FIELD": EDITOR,
                         # -- pieces for the desktop tests
                         "roster_fight": CARRY}
"""The pieces only a system declaring a capability gives (the others: every system)."""


def pieces_of(system: str) -> tuple[str, ...]:
    """The pieces ``system`` must give, as its declared capabilities say."""
    declaration = declared()[system][1]
    return tuple(name for name in PIECES
                 if name not in NEEDS or declaration.can(NEEDS[name]))


@dataclass(frozen=True)
class Printed:
    """What a system's cards need on A4 (tests/printing/test_print_each_system.py)."""

    fight: Callable[[], Any]  # () -> CombatSession, not begun
    spare: Any  # a stat block of the system, of a fighter in no fight
    pages: int  # the pages of the fight's cards with the spare's
    fight_pages: int  # the pages of the fight's own cards alone


def package_of(system: str) -> str:
    """The system's package under ``engine/rulesets/`` (and ``tests/engine/rulesets/``)."""
    return declared()[system][0]


def conformance(system: str) -> ModuleType:
    """The system's conformance file, or a failure naming the file it must write."""
    where = f"tests.engine.rulesets.{package_of(system)}.conformance"
    try:
        return import_module(where)
    except ModuleNotFoundError as missing:
        if missing.name not in (where, where.rsplit(".", 1)[0]):
            raise
        pytest.fail(f"{system}: no {where.replace('.', '/')}.py (it gives {', '.join(PIECES)})")


def piece(system: str, name: str) -> Any:
    """One piece of the system's conformance file, or a failure naming it."""
    module = conformance(system)
    if not hasattr(module, name):
        pytest.fail(f"{system}: {module.__name__.replace('.', '/')}.py gives no {name} "
                    f"({PIECES[name]})")
    return getattr(module, name)


def demo_session(system: str) -> Any:
    """The demo campaign's fight of the system (its first), or a failure saying so."""
    from battlewheel.storage.demo_campaign import load_demo_campaign

    for record in load_demo_campaign().combats:
        if record.ruleset_name() == system:
            return record.session
    pytest.fail(f"{system}: the demo campaign has no fight of this system "
                "(packaging/make_demo_campaign.py adds one per system's demo_fight)")


# -- pieces for the engine, storage and printing tests


NEEDS.update({"STANCES_THAT_MOVE_THE_ODDS": FORECAST})

LONE = "Ana\ud800"
"""A lone surrogate: Python holds it, UTF-8 cannot (what no file can hold)."""

MISSING = "missing"
"""The case ``cases_of`` gives a system whose conformance file lacks the piece."""


def cases_of(name: str, width: int = 1) -> list[Any]:
    """``pytest.param(system, *case)`` for each case (a tuple of ``width`` values, or one
    value) of the piece ``name`` (a tuple, or a function giving one) of each system that
    must give it; a system lacking the piece (or its file) gets one param of ``MISSING``s,
    whose test fails naming it once it calls ``case_of`` (a collection never fails,
    nothing is skipped)."""
    params = []
    for system in SYSTEMS:
        if name not in pieces_of(system):
            continue
        where = f"tests.engine.rulesets.{package_of(system)}.conformance"
        try:
            given = getattr(import_module(where), name, None)
        except ModuleNotFoundError:
            given = None
        if callable(given):
            given = given()
        if given is None:
            params.append(pytest.param(system, *(MISSING,) * width, id=f"{system}-{MISSING}"))
            continue
        for index, case in enumerate(given):
            values = case if width > 1 else (case,)
            words = [value for value in values if isinstance(value, str)]
            words += [] if len(words) == len(values) else [str(index)]
            params.append(pytest.param(system, *values, id="-".join(map(str, (system, *words)))))
    return params


def case_of(system: str, name: str, *values: Any) -> None:
    """Fails naming the piece ``name`` if ``values`` are ``cases_of``'s stand-ins for it."""
    if values and all(value is MISSING for value in values):
        piece(system, name)
