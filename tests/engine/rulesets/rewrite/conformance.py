"""What the 2e Rewrite gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from tests.conformance import Printed
from tests.engine.rulesets.rewrite.recipes import RECIPES as RECIPES  # the walks' recipes

# Every field of the 2e form cites its seed section.
EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """Ana against Bo and Cy, not begun."""
    from battlewheel.engine.rulesets.rewrite import actions as r
    from tests.engine.rulesets.rewrite.helpers import person

    session = CombatSession.new()
    for cid, name, side in (("ana", "Ana", "ally"), ("bo", "Bo", "enemy"),
                            ("cy", "Cy", "enemy")):
        session.apply(r.AddCombatant(cid, person(name), side))
    return session


def informed() -> tuple[Any, Any]:
    """The 2e walk (test_properties): its rulings drawn, set-up then fight actions."""
    from tests.engine.rulesets.rewrite import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS))

    def step(data: st.DataObject, session: CombatSession) -> Action:
        choose = t._fight_action if session.state.started else t._setup_action
        return choose(data, session)

    return start, step


def on_the_wheel(session: CombatSession) -> None:
    """A 2e fight waits to be set up, its counters beside the wheel: each fighter rolls
    to join battle, then the fight starts."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite import actions as r

    for index, cid in enumerate(session.state.combatants):
        session.apply(r.RollJoinBattle(combatant=cid, dice=DiceEntry.of_successes(index % 3)))
    session.apply(r.StartCombat())


def printed() -> Printed:
    """Ana, Bo, Cy and a spare: 4 cards in 2 rows; a 2e card (a health track and a few
    lines) is short enough that both rows share one A4 page, as the fight's own 3 do."""
    from tests.engine.rulesets.rewrite.helpers import person

    return Printed(fight, person("Spare Dan"), 1, 1)


def _demo_block(name: str) -> Any:
    from battlewheel.storage.demo_campaign import load_demo_campaign

    block = load_demo_campaign().character(name).block("2e-rewrite")
    assert block is not None, name
    return block


def duellist() -> Any:
    """Hunt spearman 1 of the demo."""
    return _demo_block("Hunt spearman 1")


def strong() -> Any:
    """Kestrel of the Burning Road, the demo's Solar."""
    return _demo_block("Kestrel of the Burning Road")


def weak() -> Any:
    """Hunt spearman 1 without his weapons."""
    return replace(duellist(), weapons=())


def hurt() -> tuple[Any, Any]:
    """A condition a fighter can join with, and what "Restore to full" leaves of it
    (carry tests)."""
    from battlewheel.engine.rulesets.rewrite.lasting import Lasting

    return Lasting(lethal=1, bashing=2, willpower_spent=1), Lasting()


def knock_out(session: CombatSession, cid: str) -> None:
    """Marks lethal to the Incapacitated box (000 §Applying Effects): it cannot act."""
    who = session.state.combatants[cid]
    session.state.combatants[cid] = who.replace(health=who.health.mark(
        lethal=who.health.incap_index + 1))


def rolled_order() -> Any:
    """The default rulings: Join Battle is rolled at every fight's start."""
    return CombatSession.new(ruleset="2e-rewrite").ruleset.default_options()


CARRY_EXAMPLE = "mortal-duel"
"""An example log (resources/examples) whose fight leaves something that carries."""


# -- pieces for the desktop tests

SET_UP_STEP = "set up the battle (Ctrl+B)"
"""What a new combat's status line sends the GM to first (views.combats_menu.set_up_step)."""


def dialogs() -> tuple[type, ...]:
    """The 2e dialogs, which share no base: the set-up, attack, GM override and turn dialogs."""
    from battlewheel.views.rulesets.rewrite import (
        attack_dialog,
        gm_dialogs,
        setup_dialogs,
        turn_dialogs,
        turn_dialogs_damage,
        turn_dialogs_tick,
    )

    return (setup_dialogs.CombatSetupDialog, attack_dialog.AttackDialog,
            gm_dialogs.OverrideDialog, turn_dialogs.FlurryBuilderDialog,
            turn_dialogs_damage.TickDamageDialog, turn_dialogs_tick.TickFlurriesDialog)


def odds_words(shown: Any) -> list[tuple[Any, str]]:
    """None: every 2e roll the dock shows is an attack against a DV."""
    return []


def on_the_player_screen(tracks: list[Any], texts: list[str]) -> None:
    """Ana's health track alone: her foes, in words, under hidden names."""
    assert len(tracks) == 1 and {"Enemy 1", "Enemy 2"} <= set(texts)


def roster_fight() -> tuple[str, str, Any]:
    """Kestrel and Sesus Amaranth; a health box twice (bashing, then lethal) and the next."""
    return ("Kestrel of the Burning Road", "Sesus Amaranth",
            lambda _block: [("health", 0), ("health", 0), ("health", 1)])


def keyed_attack() -> tuple[CombatSession, list[tuple[str, str]], str]:
    """The desktop tests' started fight (set up, tick 1): Red Lotus Dancer declares an
    attack in the flurry builder (D, Ctrl+T, Ctrl+Return), then rolls it (R) with 5
    successes typed."""
    from tests.desktop.started_combat import started_session

    return (started_session(),
            [("entry", "declare"), ("key", "Ctrl+T"), ("key", "Ctrl+Return"),
             ("entry", "roll"), ("type", "5"), ("key", "Ctrl+Return")], "Red Lotus Dancer")

# -- pieces for the engine, storage and printing tests

STANCES_THAT_MOVE_THE_ODDS = (("enemy", "cautious"),)
"""(side, stance) whose stance moves the demo's odds by more than three standard errors."""

ENDS_A_FIGHT_NOT_BEGUN = True

END_WORDS = "The combat ends. (fled)"
"""How the log says ``EndCombat("fled")``."""

V1_JOININGS = (
    ({"kind": "add_combatant", "id": "a", "character": {"name": "A"}, "side": "ally"},
     {"kind": "add_combatant", "id": "a", "character": {"name": "A"}, "side": "ally"}),
)
"""(a version 1 joining, what it reads as in version 2): a 2e joining had no terms."""

V1_ENDINGS = (({"kind": "end_fight"}, {"kind": "end_fight"}),)
"""2e never had ``end_fight``: its log stays refused as it was."""

BAD_TERMS = (({"zone": 1}, "zone is not a term a fighter joins on here; known: roster, "
              "lasting"),)
"""(joining terms, the refusal's words): a term 2e does not declare."""


def absurd() -> tuple[CombatSession, Action]:
    """Ana against Bo and Cy, and Ana's counter moved to tick a billion (NUMBER_BOUNDS)."""
    from battlewheel.engine.rulesets.rewrite import actions as rewrite

    return fight(), rewrite.MoveCounter("ana", tick=10**9)


def unstorable() -> tuple[tuple[str, Any], ...]:
    """(field, maker): the 2e value issue 23 found accepted when made, refused when read."""
    from battlewheel.engine.rulesets.rewrite import actions as rewrite

    return (("value", lambda: rewrite.SetOverride("ana", "dv", value=10**18)),)


def benched() -> CombatSession:
    """The benchmarks' fight: the tick benchmark's 40 fighters, begun."""
    from tests.benchmarks.bench_tick_repaint import forty_combatants

    return forty_combatants()


NAME_FIELD = "name"
"""A stat block's name as its reader's refusals call it."""
