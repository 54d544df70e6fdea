"""A health track by kind and spent Willpower and motes: the current condition of the two
Exalted systems (2e Rewrite and 3e), and its rules between fights.

Rules page rules/between-fights.md §2e Rewrite and §Exalted 3e: health levels by kind in
their order on the track, Willpower spent, personal and peripheral motes carry; the GM
heals N levels of one kind (its deepest marks first: the track stays ordered worst
first, so the rest keep their order), heals all bashing in one click, regains N motes or
Willpower, or restores any of them to full. The seeds give no healing times; none is
computed. Committed motes are the stat block's and carry with it.

Each system gives a ``PoolRules`` (how to read its fighters and its blocks) and its own
``Lasting`` subclass; its ``lasting.py`` binds the functions below to them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, fields, replace
from typing import Any

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.lasting import (
    CarryLine,
    Changed,
    Part,
    RestChoice,
    RestInput,
    RestOffer,
    part_lines,
    parts_carried,
    summary_values,
)
from battlewheel.engine.core.lasting_json import LastingRecord

KINDS = ("aggravated", "lethal", "bashing")
POOLS = ("willpower", "personal", "peripheral")
POOL_LABELS = {"willpower": "Willpower", "personal": "personal motes",
               "peripheral": "peripheral motes"}
MOST_LEVELS = 100


@dataclass(frozen=True)
class HealthAndPools(LastingRecord):
    """Damage by kind on the health track and what each pool has spent (negative
    ``willpower_spent``: Willpower above the rating, 3e)."""

    SIGNED = ("willpower_spent",)

    aggravated: int = 0
    lethal: int = 0
    bashing: int = 0
    willpower_spent: int = 0
    personal_spent: int = 0
    peripheral_spent: int = 0


@dataclass(frozen=True)
class PoolRules:
    """What the shared rules need of one system.

    ``track(block)`` is the block's empty health track; ``most(block, pool)`` a pool's
    size; ``read(state, cid)`` a fighter's track and each pool's spent count (None: not
    in the fight); ``cite`` the seed section a refusal names.
    """

    lasting: type[HealthAndPools]
    track: Callable[[Any], HealthTrack]
    most: Callable[[Any, str], int]
    read: Callable[[Any, str], tuple[HealthTrack, dict[str, int]] | None]
    cite: str


def marked(rules: PoolRules, block: Any, lasting: HealthAndPools) -> HealthTrack:
    """The block's track with the condition's marks (what falls off the end is lost:
    ``fitted`` says so first)."""
    return rules.track(block).mark(bashing=lasting.bashing, lethal=lasting.lethal,
                                   aggravated=lasting.aggravated)


def spent(lasting: HealthAndPools, pool: str) -> int:
    return int(getattr(lasting, f"{pool}_spent"))


def after(rules: PoolRules, state: Any, cid: str, before: HealthAndPools) -> HealthAndPools:
    """What the fight as it stands leaves on a fighter (gone from it: ``before``)."""
    found = rules.read(state, cid)
    if found is None:
        return before
    track, pools = found
    return rules.lasting(track.aggravated, track.lethal, track.bashing,
                         *(pools[pool] for pool in POOLS))


# -- words --------------------------------------------------------------------------------


def health_words(lasting: HealthAndPools) -> str:
    parts = [f"{getattr(lasting, kind)} {kind}" for kind in KINDS if getattr(lasting, kind)]
    return ", ".join(parts) if parts else "unhurt"


def pool_words(rules: PoolRules, block: Any, lasting: HealthAndPools, pool: str) -> str:
    most = rules.most(block, pool)
    return f"{most - spent(lasting, pool)}/{most}"


def _motes_words(rules: PoolRules, block: Any, lasting: HealthAndPools) -> str:
    return ", ".join(f"{pool_words(rules, block, lasting, pool)} {pool}"
                     for pool in ("personal", "peripheral") if rules.most(block, pool))


_PARTS = {
    "health": Part("Health", KINDS),
    "willpower": Part("Willpower", ("willpower_spent",)),
    "motes": Part("Motes", ("personal_spent", "peripheral_spent")),
}


def _part_words(rules: PoolRules, block: Any, lasting: HealthAndPools, key: str) -> str:
    if key == "health":
        return health_words(lasting)
    if key == "willpower":
        return pool_words(rules, block, lasting, "willpower")
    return _motes_words(rules, block, lasting)


def lines(rules: PoolRules, block: Any, before: HealthAndPools,
          after_: HealthAndPools) -> tuple[CarryLine, ...]:
    """One line per part the fight changed: Health, Willpower, motes."""
    return part_lines(_PARTS, _PARTS, before, after_,
                      lambda key, lasting: _part_words(rules, block, lasting, key))


def carried(before: HealthAndPools, after_: HealthAndPools,
            keys: Collection[str]) -> HealthAndPools:
    """``before`` with the ticked parts taken from ``after_``."""
    return parts_carried(_PARTS, before, after_, keys)


def fitted(rules: PoolRules, block: Any, lasting: HealthAndPools) -> Changed:
    """The condition on an edited block: marks laid on its track worst first; what a
    shorter track cannot hold is said, and pools spent past their size are said."""
    track, overflow = rules.track(block).mark_with_overflow(
        bashing=lasting.bashing, lethal=lasting.lethal, aggravated=lasting.aggravated)
    said = []
    changes: dict[str, int] = {kind: getattr(track, kind) for kind in KINDS}
    if any(changes[kind] != getattr(lasting, kind) for kind in KINDS):
        said.append(f"the track holds {health_words(replace(lasting, **changes))} of "
                    f"{health_words(lasting)}" + (" (dead)" if overflow or track.dead else ""))
    for pool in POOLS:
        most = rules.most(block, pool)
        if spent(lasting, pool) > most:
            changes[f"{pool}_spent"] = most
            said.append(f"{POOL_LABELS[pool]} spent {spent(lasting, pool)} is more than "
                        f"the pool's {most}")
    return Changed(replace(lasting, **changes), "; ".join(said))


def rows(rules: PoolRules, block: Any, lasting: HealthAndPools) -> dict[str, str]:
    found = {"Health": health_words(lasting),
             "Willpower": pool_words(rules, block, lasting, "willpower")}
    motes = _motes_words(rules, block, lasting)
    if motes:
        found["Motes"] = motes
    return found


def summary(rules: PoolRules, block: Any, lasting: HealthAndPools) -> str:
    """"2 lethal, 1 bashing; Willpower 3/5; Motes 4/10 personal"."""
    return "; ".join(words if label == "Health" else f"{label} {words}"
                     for label, words in rows(rules, block, lasting).items())


def sections(rules: PoolRules, block: Any, lasting: HealthAndPools) -> tuple[Any, ...]:
    return (summary_values(rows(rules, block, lasting)),)


# -- rest ---------------------------------------------------------------------------------


def rest_offers(rules: PoolRules, block: Any, lasting: HealthAndPools,
                page: str) -> tuple[RestOffer, ...]:
    """Heal N levels of one kind, heal all bashing, regain Willpower or motes, restore
    each to full (``page``: the rules page's section, for the help)."""
    hurt = any(getattr(lasting, kind) for kind in KINDS)
    unhurt = "" if hurt else f"{block.name} is unhurt"
    kinds = tuple(kind for kind in reversed(KINDS) if getattr(lasting, kind))
    motes = [pool for pool in ("personal", "peripheral") if spent(lasting, pool) > 0]
    offers = [
        RestOffer("heal", "Heal levels", (
            RestInput("kind", "Kind", "choice", default=kinds[0] if kinds else "bashing",
                      choices=kinds or ("bashing",)),
            RestInput("levels", "Levels", "int", 1, MOST_LEVELS, 1),
        ), help=f"the GM's healing; that kind's deepest marks first ({page})", why_not=unhurt),
        RestOffer("heal_bashing", "Heal all bashing", help=page,
                  why_not="" if lasting.bashing else "no bashing damage"),
        RestOffer("regain_willpower", "Regain Willpower", (
            RestInput("points", "Willpower", "int", 1, MOST_LEVELS, 1),),
            help=page, why_not="" if spent(lasting, "willpower") > 0 else "Willpower is full"),
        RestOffer("regain_motes", "Regain motes", (
            RestInput("pool", "Pool", "choice", default=motes[0] if motes else "personal",
                      choices=tuple(motes) or ("personal",)),
            RestInput("points", "Motes", "int", 1, 1000, 1),
        ), help=page, why_not="" if motes else "no motes spent"),
    ]
    for key, label, full in (
            ("health", "Health", not hurt),
            ("willpower", "Willpower", spent(lasting, "willpower") == 0),
            ("motes", "motes", not (lasting.personal_spent or lasting.peripheral_spent))):
        offers.append(RestOffer(f"restore_{key}", f"Restore {label} to full", help=page,
                                why_not=f"{label} is full" if full else ""))
    offers.append(RestOffer("restore_all", "Restore to full", help=page,
                            why_not="" if lasting != rules.lasting() else
                            f"{block.name} is fresh"))
    return tuple(offers)


def rested(rules: PoolRules, block: Any, lasting: HealthAndPools, choice: RestChoice,
           page: str) -> Changed:
    """The condition after one rest the GM chose (refused: ``IllegalAction`` saying why)."""
    offer = next((o for o in rest_offers(rules, block, lasting, page)
                  if o.key == choice.offer), None)
    if offer is None:
        raise IllegalAction(rules.cite, f"{choice.offer!r} is not a rest here")
    if offer.why_not:
        raise IllegalAction(rules.cite, offer.why_not)
    result, words = _rest(rules, block, lasting, choice)
    return Changed(result, f"{block.name} {words}: {summary(rules, block, result)}.")


def _rest(rules: PoolRules, block: Any, lasting: HealthAndPools,
          choice: RestChoice) -> tuple[HealthAndPools, str]:
    fresh = rules.lasting()
    if choice.offer == "heal":
        kind = _choice(rules, choice, "kind", KINDS)
        levels = _whole(rules, choice, "levels", MOST_LEVELS)
        healed = min(levels, getattr(lasting, kind))
        return replace(lasting, **{kind: getattr(lasting, kind) - healed}), \
            f"heals {healed} {kind}"
    if choice.offer == "heal_bashing":
        return replace(lasting, bashing=0), f"heals all {lasting.bashing} bashing"
    if choice.offer == "regain_willpower":
        points = min(_whole(rules, choice, "points", MOST_LEVELS), lasting.willpower_spent)
        return replace(lasting, willpower_spent=lasting.willpower_spent - points), \
            f"regains {points} Willpower"
    if choice.offer == "regain_motes":
        pool = _choice(rules, choice, "pool", ("personal", "peripheral"))
        points = min(_whole(rules, choice, "points", 1000), spent(lasting, pool))
        return replace(lasting, **{f"{pool}_spent": spent(lasting, pool) - points}), \
            f"regains {points} {POOL_LABELS[pool]}"
    part = choice.offer.removeprefix("restore_")
    if part == "all":
        return fresh, "is restored to full"
    return parts_carried(_PARTS, lasting, fresh, (part,)), \
        f"has {_PARTS[part].label} restored to full"


def _whole(rules: PoolRules, choice: RestChoice, key: str, high: int) -> int:
    value = choice.values.get(key, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise IllegalAction(rules.cite, f"{key} must be 1 to {high}")
    return value


def _choice(rules: PoolRules, choice: RestChoice, key: str, allowed: tuple[str, ...]) -> str:
    value = choice.values.get(key)
    if value not in allowed:
        raise IllegalAction(rules.cite, f"{key} must be one of {', '.join(allowed)}")
    return str(value)


def field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@dataclass(frozen=True)
class PooledLasting:
    """The ``LastingRules`` of a system whose condition is a track and pools (2e, 3e):
    the functions above bound to its ``PoolRules`` and the page its rest cites. The
    ruleset names it as its ``lasting_module``; the two systems write no delegations."""

    rules: PoolRules
    page: str

    @property
    def LASTING(self) -> type:
        return self.rules.lasting

    def fresh(self, block: Any) -> HealthAndPools:
        """Unhurt, every pool full."""
        return self.rules.lasting()

    def after(self, state: Any, combatant_id: str, before: HealthAndPools) -> HealthAndPools:
        """What the fight as it stands leaves on a fighter (never Initiative or Crash)."""
        return after(self.rules, state, combatant_id, before)

    def lines(self, block: Any, before: HealthAndPools, after_: HealthAndPools,
              options: Any) -> tuple[CarryLine, ...]:
        """Health, Willpower and motes, each when the fight changed it."""
        return lines(self.rules, block, before, after_)

    def carried(self, block: Any, before: HealthAndPools, after_: HealthAndPools,
                keys: Collection[str]) -> HealthAndPools:
        """``before`` with the ticked parts from ``after_``."""
        return carried(before, after_, keys)

    def fitted(self, block: Any, lasting: HealthAndPools) -> Changed:
        """The condition on an edited block, marks worst first, what no longer fits said."""
        return fitted(self.rules, block, lasting)

    def summary(self, block: Any, lasting: HealthAndPools) -> str:
        """"2 lethal, 1 bashing; Willpower 3/5; Motes 4/10 personal"."""
        return summary(self.rules, block, lasting)

    def sections(self, block: Any, lasting: HealthAndPools) -> tuple[Any, ...]:
        """The sheet's and the card's "Current condition" section."""
        return sections(self.rules, block, lasting)

    def rest_offers(self, block: Any, lasting: HealthAndPools,
                    options: Any) -> tuple[RestOffer, ...]:
        """Heal N of one kind, all bashing, regain or restore Willpower and motes."""
        return rest_offers(self.rules, block, lasting, self.page)

    def rested(self, block: Any, lasting: HealthAndPools, choice: RestChoice,
               options: Any) -> Changed:
        """The condition after one rest (refused: ``IllegalAction`` saying why)."""
        return rested(self.rules, block, lasting, choice, self.page)
