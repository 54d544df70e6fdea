"""Small builders for 3e tests: fighters with only the traits a case needs, typed dice."""

from __future__ import annotations

import battlewheel.engine.rulesets.ex3  # noqa: F401  (registers "3e")
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Armour, Character, GroupTraits, Weapon
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.state import Combat

SWORD = Weapon("Sword", ability="melee", accuracy=2, damage=7, defence=0, minimum=1)
BOW = Weapon("Bow", ability="archery", accuracy=1, damage=7, defence=0, range="long")


def typed(successes: int) -> DiceEntry:
    """A success count the GM typed."""
    return DiceEntry.of_successes(successes)


def fighter(name: str, *, kind: str = "exalt", hardness: int = 0, armour: Armour | None = None,
            weapons: tuple[Weapon, ...] = (SWORD,), **traits: int) -> Character:
    """Dex 3, Str 3, Sta 2, Wits 2, Melee 3, Dodge 2, Awareness 2 unless told otherwise."""
    attributes = {"dexterity": 3, "strength": 3, "stamina": 2, "wits": 2}
    abilities = {"melee": 3, "dodge": 2, "awareness": 2, "athletics": 1, "brawl": 2, "war": 2}
    for key, value in traits.items():
        (attributes if key in attributes or key in ("charisma", "appearance") else abilities)[
            key] = value
    return Character(name=name, kind=kind, attributes=attributes, abilities=abilities,
                     weapons=weapons, hardness=hardness, armour=armour or Armour())


def group(name: str, *, size: int = 2, drill: str = "average", might: int = 0,
          perfect_morale: bool = False, willpower: int = 4) -> Character:
    """A battle group of soldiers with swords."""
    return Character(name=name, attributes={"dexterity": 2, "strength": 2, "stamina": 2,
                                            "wits": 2},
                     abilities={"melee": 2, "dodge": 1, "awareness": 1},
                     weapons=(SWORD,), willpower=willpower,
                     group=GroupTraits(size=size, drill=drill, might=might,
                                       perfect_morale=perfect_morale))


def fight(*people: tuple[str, Character, str, int], options: Ex3Options | None = None,
          close: bool = True) -> CombatSession:
    """A started fight: (id, stat block, side, Join Battle successes) each; all at close range."""
    session = CombatSession.new(options or Ex3Options(), ruleset="3e")
    for cid, block, side, _ in people:
        session.apply(a.AddCombatant(cid, block, side))
    for cid, _, _, jb in people:
        session.apply(a.RollJoinBattle(cid, typed(jb)))
    if close:
        all_close(session, [p[0] for p in people])
    session.apply(a.StartCombat())
    return session


def all_close(session: CombatSession, ids: list[str]) -> None:
    """The GM puts every pair at close range."""
    for i, first in enumerate(ids):
        for second in ids[i + 1:]:
            session.apply(a.SetRange(first, second, band="close"))


def state_of(session: CombatSession) -> Combat:
    """The session's state, typed."""
    state: Combat = session.state
    return state


def init(session: CombatSession, cid: str) -> int:
    """A combatant's Initiative now."""
    value = session.state.combatants[cid].initiative
    assert value is not None
    return value


def withering(attacker: str, target: str, hits: int, damage: int | None,
              **extra: object) -> a.Attack:
    """A withering attack with typed successes."""
    return a.Attack(attacker, target, "withering", "Sword", typed(hits),
                    None if damage is None else typed(damage), **extra)  # type: ignore[arg-type]


def decisive(attacker: str, target: str, hits: int, damage: int | None,
             **extra: object) -> a.Attack:
    """A decisive attack with typed successes."""
    return a.Attack(attacker, target, "decisive", "Sword", typed(hits),
                    None if damage is None else typed(damage), **extra)  # type: ignore[arg-type]


def pass_to(session: CombatSession, cid: str) -> None:
    """Next turn, then on until it is ``cid``'s (a later turn, never the one in progress)."""
    for _ in range(30):
        session.apply(a.NextTurn())
        if session.state.actor == cid:
            return
    raise AssertionError(f"{cid} never got a turn")
