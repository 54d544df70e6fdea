"""Cards from the campaign, read through each fight's ruleset (the contract's ``Card``).

A roster character's card comes from its stat block, boxes empty; a fighter's card from
the latest combat it is in, with its marks. Printing never imports a ruleset: it asks
the registry for one by the name the combat or the stat block carries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core.contract import Card
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import FIRST_RULESET, CombatSession
from battlewheel.printing.card import SheetCard, card_from_contract
from battlewheel.storage.campaign import Campaign, CombatRecord
from battlewheel.storage.roster import DamagedBlock, RosterCharacter


def current_condition(character: Any, ruleset: str) -> Any | None:
    """The roster character's current condition in ``ruleset`` (None: fresh), as storage
    keeps it (issue 33, ``storage/carry.py``; None everywhere before it does)."""
    from importlib import import_module

    try:
        store = import_module("battlewheel.storage.carry")
    except ImportError:
        return None
    return store.joining_condition(character, ruleset)


def condition_sections(ruleset: str, block: Any, lasting: Any | None) -> tuple[Any, ...]:
    """The sections that show a current condition on a card or preview (none when fresh).

    The condition is fitted to ``block`` first (an edited, shorter track keeps its marks
    as the deepest boxes: editing never heals).
    """
    if lasting is None:
        return ()
    rules = get_ruleset(ruleset).lasting_rules()
    return tuple(rules.sections(block, rules.fitted(block, lasting).lasting))


def character_card(block: Any, *, blank: bool = False,
                   ruleset: str = FIRST_RULESET) -> SheetCard:
    """A stat block's card for its system: its track empty, its reference figures."""
    return _printed(get_ruleset(ruleset).block_card(block), blank)


def campaign_cards(campaign: Campaign, *, blank: bool = False) -> list[SheetCard]:
    """One card per roster character and stat block, then any fighter not on the roster
    (a damaged stat block is left out: ``print_choices`` names it).

    A character in a combat shows its marks from the latest combat of that system it is in.
    """
    fought = _cards_in_combats(campaign)
    cards = [_take(fought, (ruleset, character.name.casefold()))
             or _roster_card(character, ruleset, block)
             for character in campaign.characters for ruleset, block in _readable(character)]
    cards.extend(fought.values())
    return [_printed(card, blank) for card in cards]


def _roster_card(character: Any, ruleset: str, block: Any) -> Card:
    """A roster character's card, with what earlier fights left on them (issue 33)."""
    card = get_ruleset(ruleset).block_card(block)
    shown = condition_sections(ruleset, block, current_condition(character, ruleset))
    return replace(card, sections=card.sections + shown) if shown else card


def _take(fought: dict[tuple[str, str], Card], key: tuple[str, str]) -> Card | None:
    return fought.pop(key, None)


@dataclass(frozen=True)
class PrintChoice:
    """One line of the card chooser: a card, the system it is printed in, ticked or not."""

    card: SheetCard
    system: str
    ticked: bool


@dataclass(frozen=True)
class PrintChoices:
    """The chooser's lines, and each stat block that could not be read, in words."""

    choices: tuple[PrintChoice, ...]
    damaged: tuple[str, ...] = ()


def print_choices(campaign: Campaign, shown: CombatSession | None) -> PrintChoices:
    """The card chooser's lines, as ``battlewheel print`` picks: the shown combat's
    fighters first, with its marks, its player characters ticked; then every other
    roster block (marks from its system's latest fight), unticked. Each (system, name)
    once; a damaged block is left out and named, the others print."""
    lines: dict[tuple[str, str], PrintChoice] = {}
    if shown is not None:
        ruleset, state = shown.ruleset, shown.state
        for combatant_id in ruleset.combatants(state):
            card = ruleset.card(state, combatant_id)
            player = ruleset.vitality(state, combatant_id).player
            lines.setdefault((ruleset.name, card.title.casefold()),
                             PrintChoice(_printed(card, False), ruleset.title, player))
    fought = _cards_in_combats(campaign)
    damaged: list[str] = []
    for character in campaign.characters:
        for ruleset_name, block in _readable(character, damaged):
            key = (ruleset_name, character.name.casefold())
            if key not in lines:
                card = fought.get(key) or _roster_card(character, ruleset_name, block)
                lines[key] = PrintChoice(_printed(card, False), get_ruleset(ruleset_name).title,
                                         False)
    return PrintChoices(tuple(lines.values()), tuple(damaged))


def _readable(character: RosterCharacter,
              damaged: list[str] | None = None) -> list[tuple[str, Any]]:
    """The character's blocks that read; each damaged one's words go to ``damaged``."""
    found = []
    for ruleset_name, _ in character.blocks:
        try:
            found.append((ruleset_name, character.block(ruleset_name)))
        except DamagedBlock as damage:
            if damaged is not None:
                damaged.append(f"{character.name} ({get_ruleset(ruleset_name).title}): "
                               f"{damage.field} must be {damage.allowed}")
    return found


def _cards_in_combats(campaign: Campaign) -> dict[tuple[str, str], Card]:
    found: dict[tuple[str, str], Card] = {}
    for record in campaign.combats:
        # Every combat is replayed here (its fighters' marks are its state); one whose
        # stored log does not replay gives no cards, and its fighters print from the roster.
        session = record.session_if_replayable()
        if session is None:
            continue
        ruleset = session.ruleset
        for combatant_id in ruleset.combatants(session.state):
            card = ruleset.card(session.state, combatant_id)
            found[(ruleset.name, card.title.casefold())] = card
    return found


def _printed(card: Card, blank: bool) -> SheetCard:
    return card_from_contract(card, blank=blank)


class NoSuchCombat(ValueError):
    """The combat asked for is not in the campaign (the message lists those that are)."""


def find_combat(campaign: Campaign, wanted: str | None) -> CombatRecord:
    """The combat named ``wanted`` (its name, case-insensitive, or its number from 1),
    else the newest; a combat that is not there is refused, naming those that are."""
    if not campaign.combats:
        raise NoSuchCombat("the campaign has no combats")
    if wanted is None:
        return campaign.combats[-1]
    if wanted.isdigit() and 1 <= int(wanted) <= len(campaign.combats):
        return campaign.combats[int(wanted) - 1]
    for record in campaign.combats:
        if record.name.casefold() == wanted.strip().casefold():
            return record
    names = "; ".join(f"{n}. {r.name}" for n, r in enumerate(campaign.combats, 1))
    raise NoSuchCombat(f"no combat called {wanted!r} (the campaign has: {names})")


def combat_cards(record: CombatRecord, *, everyone: bool = False,
                 names: tuple[str, ...] = (), blank: bool = False) -> list[SheetCard]:
    """One card per fighter of one combat, in its system, each once: the player
    characters by default, everyone with ``everyone``, or those named in ``names``."""
    session = record.session_if_replayable()
    if session is None:
        raise NoSuchCombat(f"the combat {record.name!r} does not replay from its log")
    ruleset, state = session.ruleset, session.state
    wanted = {name.casefold() for name in names}
    cards: dict[str, Card] = {}
    for combatant_id in ruleset.combatants(state):
        card = ruleset.card(state, combatant_id)
        chosen = card.title.casefold() in wanted if wanted else \
            everyone or ruleset.vitality(state, combatant_id).player
        if chosen:
            cards.setdefault(card.title.casefold(), card)
    missing = wanted - set(cards)
    if missing:
        raise NoSuchCombat(f"nobody called {', '.join(sorted(missing))} in {record.name!r}")
    return [_printed(card, blank) for card in cards.values()]
