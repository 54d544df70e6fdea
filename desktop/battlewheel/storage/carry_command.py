"""``battlewheel party CAMPAIGN`` and ``battlewheel carry CAMPAIGN --combat NAME``.

``party`` prints, as JSON, every roster character's current condition in each system
they have a block for and the fight each part came from. ``carry`` carries a combat's
results as the carry dialog would with every line ticked (or only the characters named
by ``--only``) and saves the campaign. Exit 2: the file cannot be read, or the combat or
a character is unknown (named); 3: nothing can be carried, or the combat was carried
before and ``--again`` is not given. Nothing is written on any refusal.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.session import ReplayError
from battlewheel.storage import carry
from battlewheel.storage.campaign import Campaign, CombatRecord, load_campaign, save_campaign
from battlewheel.storage.errors import CampaignFileError

EXIT_UNREADABLE = 2
EXIT_NOTHING = 3


class Refusal(Exception):
    """A refusal with its exit code; the message is printed as it is."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def party_command(path: Path, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the party's conditions as JSON (exit 2 for a file that cannot be read)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        document = carry.party(_opened(path))
    except Refusal as refusal:
        print(refusal, file=err)
        return refusal.code
    except (RulesError, ValueError) as error:  # a damaged block, read now
        print(f"{path}: {error}", file=err)
        return EXIT_UNREADABLE
    print(json.dumps(document, indent=1, ensure_ascii=False), file=out)
    return 0


def carry_command(path: Path, combat: str, *, only: Sequence[str] = (), again: bool = False,
                  out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Carry one combat to the roster and save; see the module for the exit codes."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        campaign = _opened(path)
        record = _combat(campaign, combat, path)
        changed, report = _carry(campaign, record, only, again, path)
    except Refusal as refusal:
        print(refusal, file=err)
        return refusal.code
    try:
        save_campaign(changed, path)
    except (CampaignFileError, OSError) as error:
        print(f"{path}: cannot save the campaign: {error}", file=err)
        return EXIT_UNREADABLE
    print(json.dumps(report, indent=1, ensure_ascii=False), file=out)
    return 0


def _opened(path: Path) -> Campaign:
    try:
        return load_campaign(Path(path))
    except CampaignFileError as error:
        raise Refusal(EXIT_UNREADABLE, f"{path}: cannot read the campaign: {error.problem}") \
            from None


def _combat(campaign: Campaign, wanted: str, path: Path) -> CombatRecord:
    """The combat named ``wanted`` (its name, case-insensitive, or its id)."""
    for record in campaign.combats:
        if wanted in (record.id,) or record.name.casefold() == wanted.casefold():
            return record
    known = ", ".join(repr(r.name) for r in campaign.combats) or "none"
    raise Refusal(EXIT_UNREADABLE, f"{path}: no combat called {wanted!r} (the campaign's "
                  f"combats: {known})")


def _carry(campaign: Campaign, record: CombatRecord, only: Sequence[str], again: bool,
           path: Path) -> tuple[Campaign, dict[str, Any]]:
    names = [_roster_name(campaign, name, path) for name in only]
    try:
        offers = carry.carry_offer(campaign, record.id)
    except ReplayError as error:
        raise Refusal(EXIT_UNREADABLE, f"{path}: combat {record.name!r} cannot be "
                      f"replayed: {error}") from None
    except RulesError as error:  # a system that carries nothing yet
        raise Refusal(EXIT_NOTHING, f"nothing to carry from {record.name!r}: {error}") from None
    if not offers:
        raise Refusal(EXIT_NOTHING, f"nothing to carry from {record.name!r}: no roster "
                      "character fought in it")
    fought = {offer.name.casefold() for offer in offers}
    for name in names:
        if name.casefold() not in fought:
            raise Refusal(EXIT_NOTHING, f"nothing to carry for {name}: they did not fight "
                          f"in {record.name!r} as a roster character")
    chosen = [o for o in offers if not names or o.name.casefold() in
              {n.casefold() for n in names}]
    earlier = campaign.carry_record(record.id)
    if earlier is not None and not again:
        raise Refusal(EXIT_NOTHING, f"{record.name!r} was carried at {earlier.at}; carrying "
                      "it again replaces that carry (give --again)")
    if earlier is None and not any(offer.lines for offer in chosen):
        raise Refusal(EXIT_NOTHING, f"nothing to carry from {record.name!r}: the fight left "
                      "nothing on " + ", ".join(o.name for o in chosen))
    ticked = None if not names else {o.name: [line.key for line in o.lines] for o in chosen}
    changed = carry.carried(campaign, record.id, ticked)
    carried_to = {o.name.casefold() for o in chosen}
    report = {"campaign": campaign.name, "combat": record.name, "replaced": earlier is not None,
              "carried": [{"name": o.name, "lines": [line.label for line in o.lines]}
                          for o in chosen],
              # Replacing: those the first carry wrote on and this one leaves out get back
              # what they held before it.
              "put_back": [part.name for part in (earlier.parts if earlier else ())
                           if part.keys and part.name.casefold() not in carried_to]}
    return changed, report


def _roster_name(campaign: Campaign, name: str, path: Path) -> str:
    try:
        return campaign.character(name).name
    except KeyError:
        raise Refusal(EXIT_UNREADABLE, f"{path}: no roster character called {name!r}") \
            from None
