"""Small fights in every system for the forecast's tests: mirror matches and a strong
fighter against a weak one, built through each ruleset's ``join_action`` from the
pieces each system's conformance file gives (tests/conformance.py: ``duellist``,
``strong``, ``weak``, ``rolled_order``); a system lacking one fails naming it."""

from __future__ import annotations

import random
from typing import Any

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.session import CombatSession
from tests.conformance import SYSTEMS as EVERY_SYSTEM
from tests.conformance import piece, pieces_of

SYSTEMS: tuple[str, ...] = tuple(system for system in EVERY_SYSTEM
                                 if "duellist" in pieces_of(system))
"""Every ruleset found that declares it can be forecast."""


def fight(system: str, fighters: list[tuple[str, Any, str]],
          options: Any = None) -> CombatSession:
    """A fight of ``system`` with these (id, block, side), in this order, not started."""
    session = CombatSession.new(options, ruleset=system)
    for cid, block, side in fighters:
        session.apply(session.ruleset.join_action(cid, block, side))
    return session


def duellist(system: str) -> Any:
    """One ordinary armed fighter of the system."""
    return piece(system, "duellist")()


def mirror(system: str, swapped: bool = False, rolled: bool = False) -> CombatSession:
    """Two copies of one fighter; the one who joins first is the ally unless ``swapped``;
    ``rolled``: under rulings where the order is rolled (the system's ``rolled_order``)."""
    block = duellist(system)
    ruleset = CombatSession.new(ruleset=system).ruleset
    first, second = ("ally", "enemy") if not swapped else ("enemy", "ally")
    options = piece(system, "rolled_order")() if rolled else None
    return fight(system, [("one", ruleset.named_block(block, "One"), first),
                          ("two", ruleset.named_block(block, "Two"), second)], options)


def solar_against_mortal(system: str) -> CombatSession:
    """The system's strong fighter (a Solar where it has them, ally) against its weak
    one (an unarmed mortal extra)."""
    return fight(system, [("solar", piece(system, "strong")(), "ally"),
                          ("mortal", piece(system, "weak")(), "enemy")])


def forecast_of(session: CombatSession, runs: int, tactics: fc.Tactics) -> fc.Forecast:
    """The forecast of ``runs`` playouts from seed 7 under ``tactics``."""
    played = fc.run_playouts(session.ruleset, session.state, 7, range(runs), tactics)
    return fc.summarise(session.ruleset, session.state, played, 7, tactics)


def autopilot_until(session: CombatSession, wanted: type, rng: random.Random,
                    tactics: fc.Tactics | None = None, most: int = 200) -> Any:
    """Apply the autopilot's actions until it offers one of type ``wanted``; return it."""
    for _ in range(most):
        action = session.ruleset.autopilot(session.state, rng, tactics or {})
        assert action is not None
        if isinstance(action, wanted):
            return action
        session.apply(action)
    raise AssertionError(f"the autopilot never offered a {wanted.__name__}")


def first_after_a_tie(system: str, tie: object, seeds: range) -> list[str]:
    """Who acts first once the autopilot has started the mirror match, after both
    fighters' rolls for the order tied (``tie(session)`` applies the tied rolls)."""
    firsts = []
    for seed in seeds:
        session = mirror(system, rolled=True)
        tie(session)  # type: ignore[operator]
        rng = random.Random(seed)
        ruleset = session.ruleset
        while not session.state.started:
            session.apply(ruleset.autopilot(session.state, rng, {}))
        firsts.append(ruleset.acting(session.state)[0])
    return firsts
