"""The 3e example logs shipped in resources/examples, built through the session API.

Run ``.venv/bin/python -m tests.engine.rulesets.ex3.examples`` to write them again; the
tests replay the shipped files and check they still match what this module builds.
Dice are typed successes, as a GM at the table would enter them.
"""

from __future__ import annotations

from collections.abc import Callable

import battlewheel.engine.rulesets.ex3  # noqa: F401  (registers "3e")
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Armour, Character, GroupTraits, Weapon

from ..shipped import write
from .helpers import SWORD, typed

SPEAR = Weapon("Spear", ability="melee", accuracy=3, damage=8, defence=1, reach=True)


def _exalt(name: str, **abilities: int) -> Character:
    return Character(
        name=name, kind="exalt",
        attributes={"strength": 3, "dexterity": 3, "stamina": 2, "wits": 2, "charisma": 3},
        abilities={"melee": 3, "dodge": 2, "awareness": 2, "athletics": 1, "war": 3, **abilities},
        weapons=(SWORD,))


def _open(*people: tuple[str, Character, str, int]) -> CombatSession:
    session = CombatSession.new(ruleset="3e")
    for cid, block, side, _ in people:
        session.apply(a.AddCombatant(cid, block, side))
    for cid, _, _, jb in people:
        session.apply(a.RollJoinBattle(cid, typed(jb)))
    ids = [p[0] for p in people]
    for i, first in enumerate(ids):
        for second in ids[i + 1:]:
            session.apply(a.SetRange(first, second, band="close"))
    session.apply(a.StartCombat())
    return session


def _hit(attacker: str, target: str, mode: str, hits: int, damage: int | None,
         **extra: object) -> a.Attack:
    return a.Attack(attacker, target, mode, "Sword", typed(hits),
                    None if damage is None else typed(damage), **extra)  # type: ignore[arg-type]


def duel() -> CombatSession:
    """Crash, Break and Shift: Ashen Blade crashes Moon Heron, who crashes her back and Shifts."""
    session = _open(("blade", _exalt("Ashen Blade"), "ally", 2),
                    ("heron", _exalt("Moon Heron"), "enemy", 0))
    session.apply(_hit("blade", "heron", "withering", 5, 4))         # Heron 3 → -1, Blade 15
    session.apply(a.NextTurn())
    session.apply(_hit("heron", "blade", "withering", 16, 15, shift_dice=typed(2)))
    session.apply(_hit("heron", "blade", "decisive", 4, 5))          # the restarted turn
    session.apply(a.NextTurn())
    session.apply(a.NextTurn())
    session.apply(_hit("blade", "heron", "withering", 3, 2))
    session.apply(a.EndCombat())
    return session


def clash() -> CombatSession:
    """A Delay to Moon Heron's tick sets up a clash, which Ashen Blade wins."""
    session = _open(("blade", _exalt("Ashen Blade"), "ally", 5),
                    ("heron", _exalt("Moon Heron"), "enemy", 3))
    session.apply(a.Delay("blade", 6))  # 8 → 6i, and Blade goes first on tick 6
    first = a.ClashSide("blade", "withering", "Sword", typed(6), typed(5))
    second = a.ClashSide("heron", "withering", "Sword", typed(3))
    session.apply(a.Clash(first, second))
    session.apply(a.EndCombat())
    return session


def guards() -> Character:
    """A Size 2 battle group of spearmen with Average Drill."""
    return Character(
        name="Spear Wall", attributes={"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2},
        abilities={"melee": 2, "dodge": 1, "awareness": 1}, weapons=(SPEAR,),
        armour=Armour("Buff jackets", soak=1), willpower=4, group=GroupTraits(size=2))


def rout() -> CombatSession:
    """A battle group routs: a rout check passed with carried-over damage, then a failed one."""
    session = _open(("blade", _exalt("Ashen Blade"), "ally", 6),
                    ("captain", _exalt("Captain Vorn"), "enemy", 4),
                    ("wall", guards(), "enemy", 1))
    session.apply(_hit("blade", "wall", "withering", 7, 12, rout=(typed(2),)))
    session.apply(a.NextTurn())
    session.apply(a.Order("captain", "wall", "charisma", typed(2)))
    session.apply(a.NextTurn())
    session.apply(a.Attack("wall", "blade", "withering", "Spear", typed(4), typed(3)))
    session.apply(a.NextTurn())
    session.apply(_hit("blade", "wall", "withering", 6, 9, rout=(typed(1),)))
    session.apply(a.NextTurn())
    session.apply(a.NextTurn())
    session.apply(a.EndCombat())
    return session


BUILDERS: dict[str, Callable[[], CombatSession]] = {
    "ex3-duel-crash-break-shift.json": duel,
    "ex3-clash.json": clash,
    "ex3-battle-group-routs.json": rout,
}


def write_all() -> None:
    """Write every example log."""
    write(BUILDERS, indent=2)


if __name__ == "__main__":
    write_all()
