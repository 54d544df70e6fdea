"""From one fight to the next: carrying a combat's results to the roster, and rest.

Pure functions of a ``Campaign`` (each returns a changed copy; nothing is written): the
carry dialog, the Rest dialog, the campaign view and the ``party`` and ``carry``
commands all call these, so the window and the command line carry alike. The rules of
each system are its ruleset's ``lasting_rules()`` (engine/core/lasting.py); this module
only keeps the roster's side: who fought as which roster character (the joining term
``roster``), what each character holds per system, which combat each part came from,
and what each carry wrote (``CarryRecord``), so carrying a combat a second time first
puts back what the first carry changed (rules page, "Common to every system").

For the views::

    offers = carry_offer(campaign, combat_id)       # the dialog: per character, lines
    earlier = campaign.carry_record(combat_id)      # not None: ask before replacing
    campaign = carried(campaign, combat_id, {"Mar": {"health", "vigor"}})
    offers = rest_offers(campaign, "Mar", "pool-and-ward")
    campaign, words = rested(campaign, "Mar", "pool-and-ward", RestChoice("sleep", {...}))
    campaign, words = restored(campaign, "Mar", "pool-and-ward")   # restore to full
    lasting = joining_condition(character, "pool-and-ward")          # Add: "as they are"
    rows = campaign_story(campaign)                                 # File > Campaign...
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core.actions import AddCombatant
from battlewheel.engine.core.lasting import (
    ROSTER_TERM,
    CarryLine,
    LastingRules,
    RestChoice,
    RestOffer,
)
from battlewheel.engine.core.session import ReplayError
from battlewheel.storage.campaign import Campaign, CarriedPart, CarryRecord, CombatRecord
from battlewheel.storage.roster import HeldCondition, RosterCharacter


@dataclass(frozen=True)
class CarryOffer:
    """What one combat would carry to one roster character: the dialog's block for them.

    ``before`` is the condition the carry writes on (the roster's now; for a combat
    carried before, with that carry's parts put back), ``after`` what the fight leaves;
    ``lines`` are the parts that differ, each to tick.
    """

    name: str
    combatant_id: str
    ruleset: str
    lines: tuple[CarryLine, ...]
    before: Any
    after: Any


@dataclass(frozen=True)
class StoryRow:
    """One fight in the campaign view: in the campaign's order, how it went, what carried."""

    number: int
    combat_id: str
    name: str
    system: str
    played: str
    ended: str
    fell: tuple[str, ...]
    carried: tuple[str, ...]


# -- who fought --------------------------------------------------------------------------

def roster_fighters(record: CombatRecord,
                    campaign: Campaign | None = None) -> tuple[tuple[str, str], ...]:
    """(combatant id, roster name) for each fighter that joined from the roster and is
    still in the fight; a one-off foe (no roster term) carries nothing.

    With ``campaign``: a fighter who joined with no roster term but with the very stat
    block a roster character has for the system is that character (a fight begun before
    the term existed, or the demo's, whose fighters are the roster's own blocks)."""
    session = record.session
    present = session.ruleset.fighter_ids(session.state)
    same_block = _roster_by_block(campaign, session.ruleset.name) if campaign else {}
    # By roster name, the last fighter who joined as them (a re-added one replaces).
    found: dict[str, tuple[str, str]] = {}
    for entry in session.log:
        action = entry.action
        if isinstance(action, AddCombatant) and action.id in present:
            name = action.joining.get(ROSTER_TERM, "") or same_block.get(
                _block_key(action.character), "")
            if isinstance(name, str) and name:
                found[name.casefold()] = (action.id, name)
    return tuple(found.values())


def _roster_by_block(campaign: Campaign, ruleset: str) -> dict[str, str]:
    """Each roster character's block for ``ruleset`` (as JSON text) -> their name."""
    found: dict[str, str] = {}
    for character in campaign.characters:
        block = character.block(ruleset)
        if block is not None:
            found.setdefault(_block_key(block), character.name)
    return found


def _block_key(block: Any) -> str:
    """A stat block compared by what it holds (its JSON), as the file stores it."""
    to_json = getattr(block, "to_json", None)
    return json.dumps(to_json(), sort_keys=True) if to_json is not None else repr(block)


# -- carrying ------------------------------------------------------------------------------

def carry_offer(campaign: Campaign, combat_id: str) -> tuple[CarryOffer, ...]:
    """Per roster character who fought in the combat, what would carry (``KeyError``: no
    such combat; ``ReplayError``: its log does not replay). Characters no longer in the
    roster, or without a block for the combat's system, are left out."""
    record = campaign.combat(combat_id)
    session = record.session
    ruleset = session.ruleset
    rules = ruleset.lasting_rules()
    earlier = campaign.carry_record(combat_id)
    offers = []
    for fid, name in roster_fighters(record, campaign):
        character = _character(campaign, name)
        block = character.block(ruleset.name) if character else None
        if character is None or block is None:
            continue
        part = earlier.part(character.name) if earlier else None
        base, _sources = _base(rules, character, ruleset.name, block, part, combat_id)
        after = rules.after(session.state, fid, base)
        lines = rules.lines(block, base, after, session.options)
        offers.append(CarryOffer(character.name, fid, ruleset.name, tuple(lines), base, after))
    return tuple(offers)


def carried(campaign: Campaign, combat_id: str,
            ticked: Mapping[str, Collection[str]] | None = None, *, at: str = "") -> Campaign:
    """The campaign with the combat's results carried to its roster characters.

    ``ticked`` maps a character's name to the line keys the GM left ticked (a character
    not in it carries nothing); None ticks every line of everyone. A combat carried
    before is replaced: the first carry's parts are put back, then this one is written.
    ``at`` is when (default: now, UTC). ``KeyError`` for an unknown combat.
    """
    record = campaign.combat(combat_id)
    ruleset = record.ruleset()
    rules = ruleset.lasting_rules()
    earlier = campaign.carry_record(combat_id)
    chosen = {name.casefold(): set(keys) for name, keys in (ticked or {}).items()}
    roster = campaign
    parts = []
    for offer in carry_offer(campaign, combat_id):
        character = campaign.character(offer.name)
        block = character.block(offer.ruleset)
        part = earlier.part(offer.name) if earlier else None
        _base_lasting, sources = _base(rules, character, offer.ruleset, block, part, combat_id)
        offered = [line.key for line in offer.lines]
        keys = offered if ticked is None else \
            [key for key in offered if key in chosen.get(offer.name.casefold(), ())]
        if not keys and part is None:
            continue
        lasting = rules.carried(block, offer.before, offer.after, keys)
        new_sources = {**sources, **dict.fromkeys(keys, combat_id)}
        held = _held(rules, block, lasting, new_sources)
        roster = roster.with_character(character.with_condition(offer.ruleset, held))
        parts.append(CarriedPart(offer.name, tuple(keys),
                                 _held(rules, block, offer.before, sources)))
    roster = _put_back_the_rest(roster, rules, ruleset.name, earlier, parts, combat_id)
    carry = CarryRecord(combat_id, ruleset.name, at or _now(), tuple(parts))
    others = tuple(r for r in campaign.carries if r.combat != combat_id)
    return replace(roster, carries=(*others, carry))


def _put_back_the_rest(campaign: Campaign, rules: LastingRules, ruleset: str,
                       earlier: CarryRecord | None, written: list[CarriedPart],
                       combat_id: str) -> Campaign:
    """Replacing a carry: someone the first carry wrote on who is not offered now (taken
    out of the fight since) gets back what they held, as the record is replaced."""
    done = {part.name.casefold() for part in written}
    for part in earlier.parts if earlier else ():
        character = _character(campaign, part.name)
        block = character.block(ruleset) if character else None
        if character is None or block is None or part.name.casefold() in done:
            continue
        base, sources = _base(rules, character, ruleset, block, part, combat_id)
        held = _held(rules, block, base, sources)
        campaign = campaign.with_character(character.with_condition(ruleset, held))
    return campaign


def _base(rules: LastingRules, character: RosterCharacter, ruleset: str, block: Any,
          earlier: CarriedPart | None, combat_id: str) -> tuple[Any, dict[str, str]]:
    """What a carry of ``combat_id`` writes on: the character's condition now, with the
    parts an earlier carry of the same combat wrote (and nothing since) put back."""
    held = character.held(ruleset)
    current = held.lasting if held else rules.fresh(block)
    sources = held.sources() if held else {}
    if earlier is None:
        return current, sources
    mine = [key for key in earlier.keys if sources.get(key) == combat_id]
    before = earlier.before.lasting if earlier.before else rules.fresh(block)
    old_sources = earlier.before.sources() if earlier.before else {}
    base = rules.carried(block, current, before, mine)
    for key in mine:
        sources.pop(key)
        if key in old_sources:
            sources[key] = old_sources[key]
    return base, sources


def _held(rules: LastingRules, block: Any, lasting: Any,
          sources: Mapping[str, str]) -> HeldCondition | None:
    """What the roster keeps: nothing when the character is fresh and nothing carried."""
    if not sources and lasting == rules.fresh(block):
        return None
    return HeldCondition(lasting, tuple(sources.items()))


def _now() -> str:
    from datetime import UTC, datetime  # not at start-up (the start-up test counts modules)

    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


# -- a character's condition, rest and restore ----------------------------------------------

def condition(character: RosterCharacter, ruleset: str) -> Any:
    """The character's current condition in ``ruleset`` (fresh when nothing is held).

    ``KeyError`` when they have no block for it."""
    from battlewheel.engine.core.ruleset import get_ruleset

    held = character.held(ruleset)
    if held is not None:
        return held.lasting
    block = character.block(ruleset)
    if block is None:
        raise KeyError(ruleset)
    return get_ruleset(ruleset).lasting_rules().fresh(block)


def joining_condition(character: RosterCharacter, ruleset: str, *,
                      fresh: bool = False) -> Any | None:
    """The ``lasting`` joining term a new fight's Add passes: the character as they are
    (None when fresh is chosen or nothing is held: they join at full)."""
    held = character.held(ruleset)
    return None if fresh or held is None else held.lasting


def summary(character: RosterCharacter, ruleset: str) -> str:
    """The condition in a few words ("4/8 Health, 5/6 Vigor"), by the ruleset."""
    from battlewheel.engine.core.ruleset import get_ruleset

    block = character.block(ruleset)
    return get_ruleset(ruleset).lasting_rules().summary(block, condition(character, ruleset))


def rest_offers(campaign: Campaign, name: str, ruleset: str) -> tuple[RestOffer, ...]:
    """The rest and healing the rules give this character in ``ruleset`` now."""
    character, block, rules = _resting(campaign, name, ruleset)
    return tuple(rules.rest_offers(block, condition(character, ruleset),
                                   campaign.default_rulings(ruleset)))


def rested(campaign: Campaign, name: str, ruleset: str,
           choice: RestChoice) -> tuple[Campaign, str]:
    """The campaign after the character rests as ``choice`` says, and the sentence.

    A refused rest raises the ruleset's error (``RulesError``) and changes nothing; parts
    rest makes fresh again no longer name a combat they came from."""
    character, block, rules = _resting(campaign, name, ruleset)
    options = campaign.default_rulings(ruleset)
    changed = rules.rested(block, condition(character, ruleset), choice, options)
    return _with_lasting(campaign, character, ruleset, block, rules, changed.lasting), \
        changed.words


def restored(campaign: Campaign, name: str, ruleset: str) -> tuple[Campaign, str]:
    """The character restored to full in ``ruleset`` (every track and pool)."""
    character, block, rules = _resting(campaign, name, ruleset)
    fresh = rules.fresh(block)
    return _with_lasting(campaign, character, ruleset, block, rules, fresh), \
        f"{character.name} is restored to full."


def refitted(campaign: Campaign, name: str, ruleset: str) -> tuple[Campaign, str]:
    """After an edit of the block: the condition fitted to it (marks that no longer fit
    are kept as the deepest boxes, never dropped), and the words saying what moved."""
    character, block, rules = _resting(campaign, name, ruleset)
    held = character.held(ruleset)
    if held is None:
        return campaign, ""
    changed = rules.fitted(block, held.lasting)
    fitted = character.with_condition(ruleset, HeldCondition(changed.lasting, held.came_from))
    return campaign.with_character(fitted), changed.words


def _resting(campaign: Campaign, name: str,
             ruleset: str) -> tuple[RosterCharacter, Any, LastingRules]:
    from battlewheel.engine.core.ruleset import get_ruleset

    character = campaign.character(name)
    block = character.block(ruleset)
    if block is None:
        raise KeyError(f"{character.name} has no {ruleset} block")
    return character, block, get_ruleset(ruleset).lasting_rules()


def _with_lasting(campaign: Campaign, character: RosterCharacter, ruleset: str, block: Any,
                  rules: LastingRules, lasting: Any) -> Campaign:
    """The character holding ``lasting``; a part made fresh again names no combat."""
    held = character.held(ruleset)
    sources = held.sources() if held else {}
    if sources:
        options = campaign.default_rulings(ruleset)
        still = {line.key for line in rules.lines(block, rules.fresh(block), lasting, options)}
        sources = {key: combat for key, combat in sources.items() if key in still}
    return campaign.with_character(
        character.with_condition(ruleset, _held(rules, block, lasting, sources)))


def _character(campaign: Campaign, name: str) -> RosterCharacter | None:
    try:
        return campaign.character(name)
    except KeyError:
        return None


# -- the campaign's story ------------------------------------------------------------------

def campaign_story(campaign: Campaign) -> tuple[StoryRow, ...]:
    """The campaign's fights in order: system, when carried, how it ended, who fell and
    what was carried (a log that does not replay says so and is left as it is)."""
    return tuple(_story_row(campaign, number, record)
                 for number, record in enumerate(campaign.combats, start=1))


def _story_row(campaign: Campaign, number: int, record: CombatRecord) -> StoryRow:
    ruleset = record.ruleset()
    carry = campaign.carry_record(record.id)
    played = carry.at if carry else "not carried yet"
    carried_words = tuple(f"{part.name}: {', '.join(part.keys) or 'nothing'}"
                          for part in carry.parts) if carry else ()
    try:
        session = record.session
    except ReplayError as error:
        return StoryRow(number, record.id, record.name, ruleset.title, played,
                        f"cannot be replayed ({error})", (), carried_words)
    state = session.state
    outcome = ruleset.outcome(state)
    names = ruleset.names(state)
    ended = _ending(session.log, outcome.winner, outcome.over, len(session.log))
    fell = tuple(names(fid) for fid in outcome.out)
    return StoryRow(number, record.id, record.name, ruleset.title, played, ended, fell,
                    carried_words)


def _ending(log: Any, winner: str | None, over: bool, steps: int) -> str:
    """How the fight ended: the GM's end (with their reason) and the side left standing."""
    from battlewheel.engine.core.actions import EndCombat

    end = next((entry.action for entry in reversed(log)
                if isinstance(entry.action, EndCombat)), None)
    won = f", {_side_words(winner)} standing" if winner else ""
    if end is not None:
        return f"ended{won}" + (f" ({end.reason})" if end.reason else "")
    if over and winner:
        return f"{_side_words(winner)} standing, not ended"
    return f"in progress ({steps} steps)" if steps else "not started"


def _side_words(side: str) -> str:
    return {"ally": "the allies", "enemy": "the enemies"}.get(side, side)


# -- the party command's JSON ---------------------------------------------------------------

def party(campaign: Campaign) -> dict[str, Any]:
    """Every roster character's condition in each system they have a block for, and the
    fight each part came from (``battlewheel party``)."""
    from battlewheel.engine.core.ruleset import get_ruleset
    from battlewheel.engine.core.system import CARRY

    combat_names = {record.id: record.name for record in campaign.combats}
    characters = []
    for character in campaign.characters:
        systems: dict[str, Any] = {}
        for ruleset, _ in character.blocks:
            block = character.block(ruleset)
            system = get_ruleset(ruleset)
            if not system.can(CARRY):
                systems[ruleset] = {"carries": False}
                continue
            rules = system.lasting_rules()
            held = character.held(ruleset)
            lasting = held.lasting if held else rules.fresh(block)
            systems[ruleset] = {
                "fresh": held is None,
                "summary": rules.summary(block, lasting),
                "condition": lasting.to_json(),
                "from": {key: {"combat": combat, "name": combat_names.get(combat, "")}
                         for key, combat in (held.came_from if held else ())},
            }
        characters.append({"name": character.name, "systems": systems})
    return {"campaign": campaign.name, "characters": characters}

