"""A campaign: the roster, the combats with their logs, the GM's weapons and notes.

The file is human-readable JSON with ``schema_version`` (see ``schema``)::

    {"schema_version": 2, "format": "battlewheel-campaign", "name": ...,
     "notes": ..., "characters": [{"identity": {...}, "blocks": {"<ruleset>": {...}}}],
     "weapons": [...], "rulings": {"<ruleset>": {<option>: <value>}},
     "combats": [{"id": ..., "name": ..., "session": <CombatSession.to_json()>}]}

Each character is a common identity with one stat block per ruleset; each combat's log
names its ruleset; ``rulings`` are the GM's default rulings for new combats of each
ruleset. Version 1 files (2e characters only) open through ``migrations``.

Format 3 adds a character's ``conditions`` (per system: what fights left on them, and
which combat each part came from; ``roster.HeldCondition``) and the campaign's
``carries`` (``CarryRecord``: what each carried combat wrote, and what each character
held before, so a second carry of the same combat is found and can replace the first).
Both are written only when held: a campaign never carried to is written as format 2.
See docs/campaign-format.md and ``storage.carry`` (the functions the views call).

``load_campaign`` either returns a whole new ``Campaign`` or raises
``CampaignFileError`` naming the problem; it never changes the file or any campaign
already in memory. ``save_campaign`` writes atomically and keeps ``<file>.bak``.

For the main window (File menu)::

    campaign = load_campaign(path)            # File > Open, recent files
    save_campaign(campaign, path)             # File > Save / Save As
    load_demo_campaign()                      # first start: the bundled demo
                                              # (storage/demo_campaign.py)
    campaigns_dir()                           # where the file dialogs start (paths)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from battlewheel.engine.core.errors import RulesError, TraitValueError
from battlewheel.engine.core.fields import MAX_NAME, StoredFields
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, ruleset_known
from battlewheel.engine.core.session import (
    FIRST_RULESET,
    CombatSession,
    DecodedLog,
    ReplayError,
    StoredLog,
)
from battlewheel.storage import migrations as _migrations  # noqa: F401 (registers v1 -> v2)
from battlewheel.storage.atomic import atomic_write_bytes
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.roster import HeldCondition, RosterCharacter, read_condition
from battlewheel.storage.schema import (
    MAX_FILE_BYTES,
    PLAIN_VERSION,
    SCHEMA_VERSION,
    dump_json,
    json_type,
    read_json_file,
    upgrade,
)

if TYPE_CHECKING:  # the GM's weapons are 2e's: its engine loads only when there are some
    from battlewheel.engine.rulesets.rewrite.block import Weapon

FORMAT = "battlewheel-campaign"
DEMO_PARTS = ("campaigns", "demo.json")
MAX_NAME_LENGTH = MAX_NAME
MAX_NOTES_LENGTH = 1_000_000
MAX_CHARACTERS = 10_000
MAX_COMBATS = 1_000
# These limits hold for every Campaign, not only one read from a file: the checks in
# Campaign.__post_init__ refuse the change (a new combat, an imported character) that
# would pass one, so the program never saves a campaign it would refuse to open.

CAMPAIGN_KEYS = frozenset(
    {"schema_version", "format", "name", "notes", "characters", "weapons", "rulings", "combats",
     "carries"}
)
CARRY_KEYS = ("combat", "ruleset", "at", "characters")
CARRIED_KEYS = ("name", "keys", "before")
T = TypeVar("T")
# What a malformed part of a file can raise while the engine reads it.
_DECODE_ERRORS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError)


class StoredCombat:
    """A combat as its file holds it: its log's header checked, its entries not yet read.

    ``document`` is the log's JSON exactly as read, written back as it is while the
    combat has not been replayed (so a log that cannot be read or replayed is never
    lost). Nothing may change it. Decoding the entries waits for the first replay:
    it is most of what opening a big campaign would otherwise cost.
    """

    def __init__(self, log: StoredLog) -> None:
        self.log = log

    @property
    def document(self) -> dict[str, Any]:
        """The log's JSON as the file held it."""
        return self.log.document

    @classmethod
    def from_json(cls, document: object) -> StoredCombat:
        """Check a stored log's header and shape (a malformed one raises); nothing is applied."""
        return cls(StoredLog.from_json(document, wait=True))

    def decoded(self) -> DecodedLog:
        """Every entry read strictly: a malformed one raises ``ReplayError`` naming it.

        The header's rulings wait for this too (so the ruleset is loaded only now); bad
        ones raise ``ReplayError`` for the first entry, which cannot be applied without them.
        """
        try:
            options = self.log.options
        except RulesError as error:
            failure = ReplayError(0, f"the combat's rulings cannot be read: {error}")
            raise failure from error
        assert options is not None
        return self.log.decode()


class CombatRecord:
    """One combat of the campaign: a stable id, the GM's name for it, and its session.

    A record holds either a live session (a new combat, the one on screen, one already
    replayed) or the combat as stored in the file (``StoredCombat``). Reading
    ``session`` replays a stored combat the first time and keeps the result; a log that
    does not replay raises ``ReplayError`` (each time) and the record stays stored.
    The session is the live, mutable engine object; the record only names it.
    """

    def __init__(self, id: str, name: str, session: CombatSession | StoredCombat) -> None:
        self.id = id
        self.name = name
        self._session = session if isinstance(session, CombatSession) else None
        self.stored = session if isinstance(session, StoredCombat) else None
        # The log as the file held it, kept after replaying: written back as read while
        # its actions are unchanged (a ruling added since, with its default, would
        # otherwise change the header of every untouched combat).
        self.as_read = self.stored
        self._failure: ReplayError | None = None

    def __repr__(self) -> str:
        return f"CombatRecord({self.id!r}, {self.name!r}, replayed={self.replayed})"

    # Records are equal by id and name, as the session is live and compares by identity.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CombatRecord):
            return NotImplemented
        return (self.id, self.name) == (other.id, other.name)

    def __hash__(self) -> int:
        return hash((self.id, self.name))

    @property
    def replayed(self) -> bool:
        """Whether the record holds a live session (False: only its stored log so far)."""
        return self._session is not None

    @property
    def session(self) -> CombatSession:
        """The combat's session, replaying a stored log on first use (see the class)."""
        if self._session is None:
            self._session = self._replay()
        return self._session

    def session_if_replayable(self) -> CombatSession | None:
        """The session, or None when the stored log does not replay (see ``session``)."""
        try:
            return self.session
        except ReplayError:
            return None

    def _replay(self) -> CombatSession:
        assert self.stored is not None
        if self._failure is None:
            try:
                return CombatSession.replay(self.stored.decoded())
            except ReplayError as error:
                self._failure = error
        # A fresh error each time, with the refusal that caused it.
        raise ReplayError(self._failure.index, self._failure.problem) \
            from self._failure.__cause__

    def live_session(self) -> CombatSession | None:
        """The session if it has been replayed (or was never stored); None otherwise."""
        return self._session

    def ruleset_name(self) -> str:
        """The name of the combat's ruleset, without loading or replaying anything."""
        return self._session.ruleset.name if self._session else self._stored_log().ruleset_name

    def ruleset(self) -> Ruleset:
        """The combat's ruleset, without replaying it."""
        return self._session.ruleset if self._session else self._stored_log().ruleset

    def steps(self) -> int:
        """How many actions its log holds, without replaying it."""
        return len(self._session.log) if self._session else self._stored_log().steps

    def _stored_log(self) -> StoredLog:
        assert self.stored is not None
        return self.stored.log

    def with_session(self, session: CombatSession) -> CombatRecord:
        """The same combat (id and name) holding this live session."""
        record = CombatRecord(self.id, self.name, session)
        record.as_read = self.as_read
        return record

    def to_json(self) -> dict[str, Any]:
        """The record with its log: the live session's, or the stored one untouched (also
        once replayed, while its actions and undone actions are those read)."""
        if self._session is None:
            assert self.stored is not None
            return {"id": self.id, "name": self.name, "session": self.stored.document}
        live = self._session.to_json()
        read = self.as_read.document if self.as_read is not None else None
        if read is not None and _same_log(read, live):
            return {"id": self.id, "name": self.name, "session": read}
        return {"id": self.id, "name": self.name, "session": live}


def _same_log(read: dict[str, Any], live: dict[str, Any]) -> bool:
    """Whether a log as read holds what the live one would write (its header aside)."""
    return (read.get("actions") == live["actions"] and read.get("redo", []) == live["redo"]
            and read.get("ruleset", FIRST_RULESET) == live["ruleset"])


@dataclass(frozen=True)
class CarriedPart:
    """What one carry wrote on one roster character: the lines ticked, and what they held
    before (None: fresh), so carrying the same combat again can put those parts back."""

    name: str
    keys: tuple[str, ...]
    before: HeldCondition | None

    def to_json(self) -> dict[str, Any]:
        before = None if self.before is None else self.before.to_json()
        return {"name": self.name, "keys": list(self.keys), "before": before}


@dataclass(frozen=True)
class CarryRecord:
    """One combat carried to the roster: which, in what system, when, and each part."""

    combat: str
    ruleset: str
    at: str
    parts: tuple[CarriedPart, ...] = ()

    def part(self, name: str) -> CarriedPart | None:
        """The part written on the character called ``name`` (case-insensitive), if any."""
        return next((p for p in self.parts if p.name.casefold() == name.casefold()), None)

    def to_json(self) -> dict[str, Any]:
        return {"combat": self.combat, "ruleset": self.ruleset, "at": self.at,
                "characters": [part.to_json() for part in self.parts]}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> CarryRecord:
        """Read strictly; a damaged condition names its field."""
        fields = StoredFields(value, "", CARRY_KEYS)
        ruleset = fields.text("ruleset")
        if not ruleset_known(ruleset):
            raise TraitValueError("ruleset", "a known ruleset", ruleset)
        parts = []
        for index, item in enumerate(fields.array("characters")):
            where = f"characters[{index}]"
            part = StoredFields(item, f"{where}.", CARRIED_KEYS)
            keys = part.texts("keys")
            before = part.value("before")
            held = None if before is None else \
                read_condition(ruleset, before, f"{where}.before")
            parts.append(CarriedPart(part.text("name"), keys, held))
        return cls(fields.text("combat"), ruleset, fields.text("at"), tuple(parts))


@dataclass(frozen=True)
class Campaign:
    """The roster, the combats, the GM's own weapons and free notes."""

    name: str = "New campaign"
    characters: tuple[RosterCharacter, ...] = ()
    combats: tuple[CombatRecord, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    notes: str = ""
    # The GM's default rulings per ruleset, for the campaign's new combats (those of a
    # system not on screen when the file was opened wait as read: ``StoredRulings``).
    rulings: tuple[tuple[str, Options | StoredRulings], ...] = ()
    # What each carried combat wrote on the roster (one record per combat, in carry order).
    carries: tuple[CarryRecord, ...] = ()

    def __post_init__(self) -> None:
        for what, items, limit in (("characters", self.characters, MAX_CHARACTERS),
                                   ("combats", self.combats, MAX_COMBATS),
                                   ("weapons", self.weapons, MAX_CHARACTERS)):
            if len(items) > limit:
                raise ValueError(f"a campaign holds at most {limit} {what}; this one would "
                                 f"have {len(items)} (start another campaign for more)")
        for what, text, limit in (("campaign name", self.name, MAX_NAME_LENGTH),
                                  ("campaign notes", self.notes, MAX_NOTES_LENGTH)):
            if len(text) > limit:
                raise ValueError(f"{what} must be at most {limit} characters, not {len(text)}")

    # -- reading -----------------------------------------------------------------

    def character(self, name: str) -> RosterCharacter:
        """The roster character called ``name`` (case-insensitive)."""
        for character in self.characters:
            if character.name.casefold() == name.casefold():
                return character
        raise KeyError(name)

    def combat(self, combat_id: str) -> CombatRecord:
        """The combat with this id."""
        for record in self.combats:
            if record.id == combat_id:
                return record
        raise KeyError(combat_id)

    def carry_record(self, combat_id: str) -> CarryRecord | None:
        """What carrying this combat wrote on the roster (None: it was never carried)."""
        return next((record for record in self.carries if record.combat == combat_id), None)

    def holds_format_3(self) -> bool:
        """Whether anything only format 3 can hold is here (a condition, a carry)."""
        return bool(self.carries) or any(c.conditions for c in self.characters)

    # -- changed copies --------------------------------------------------------------

    def default_rulings(self, ruleset: str) -> Options:
        """The rulings a new combat of ``ruleset`` starts with in this campaign."""
        found = next((options for name, options in self.rulings if name == ruleset), None)
        if isinstance(found, StoredRulings):
            return found.read()
        return found if found is not None else get_ruleset(ruleset).default_options()

    def rulings_by_name(self) -> dict[str, Options]:
        """Every system's default rulings the GM has set, read now where they waited."""
        return {name: self.default_rulings(name) for name, _ in self.rulings}

    def with_rulings(self, ruleset: str, options: Options) -> Campaign:
        """A copy whose new combats of ``ruleset`` start under ``options``."""
        others = tuple(pair for pair in self.rulings if pair[0] != ruleset)
        return replace(self, rulings=(*others, (ruleset, options)))

    def with_character(self, character: RosterCharacter) -> Campaign:
        """Add a character, or replace the one of the same name."""
        kept = tuple(c for c in self.characters if c.name.casefold() != character.name.casefold())
        if len(kept) == len(self.characters):
            return replace(self, characters=(*self.characters, character))
        return replace(self, characters=tuple(
            character if c.name.casefold() == character.name.casefold() else c
            for c in self.characters
        ))

    def without_character(self, name: str) -> Campaign:
        """Drop the roster character called ``name``."""
        return replace(self, characters=tuple(
            c for c in self.characters if c.name.casefold() != name.casefold()
        ))

    def with_combat(
        self, name: str, session: CombatSession | None = None, ruleset: str = FIRST_RULESET
    ) -> Campaign:
        """Add a combat (a new empty one of ``ruleset`` unless a session is given)."""
        taken = {record.id for record in self.combats}
        number = len(self.combats) + 1
        while f"combat-{number}" in taken:
            number += 1
        fresh = CombatSession.new(self.default_rulings(ruleset), ruleset=ruleset)
        record = CombatRecord(f"combat-{number}", name, session or fresh)
        return replace(self, combats=(*self.combats, record))

    # -- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole campaign as the file's JSON object."""
        written = {
            "schema_version": SCHEMA_VERSION if self.holds_format_3() else PLAIN_VERSION,
            "format": FORMAT,
            "name": self.name,
            "notes": self.notes,
            "characters": [character.to_json() for character in self.characters],
            "weapons": [weapon.to_json() for weapon in self.weapons],
            "rulings": {name: options.to_json() for name, options in self.rulings},
            "combats": [record.to_json() for record in self.combats],
        }
        if self.carries:
            written["carries"] = [record.to_json() for record in self.carries]
        return written

    @classmethod
    def from_json(cls, document: dict[str, Any], path: Path | None = None, *,
                  shown: str | None = None) -> Campaign:
        """Read an upgraded campaign object; any bad part raises ``CampaignFileError``.

        Every combat's log is decoded and checked, but only the combat the window will
        show is replayed now: the one called ``shown``, else the newest. The others
        replay when first asked for (``CombatRecord.session``).
        """
        reader = _Reader(path)
        unknown = sorted(set(document) - CAMPAIGN_KEYS)
        if unknown:
            raise CampaignFileError(path, f"{unknown[0]} is not a field of a campaign (one of "
                                    f"{', '.join(sorted(CAMPAIGN_KEYS))})")
        if document.get("format", FORMAT) != FORMAT:
            raise CampaignFileError(path, f"format must be {FORMAT!r}, "
                                    f"not {document.get('format')!r}")
        # Only the system on screen is loaded now; the others' blocks and rulings wait.
        on_screen = _shown_ruleset(document.get("combats"), shown)
        characters = reader.items(document, "characters", MAX_CHARACTERS,
                                  lambda value: RosterCharacter.from_json(value, read=on_screen))
        _check_unique(path, [c.name for c in characters])
        combats = reader.items(document, "combats", MAX_COMBATS, _combat)
        _check_unique(path, [r.id for r in combats], what="combat id")
        _replay_shown(reader, document["combats"], combats, shown)
        carries = reader.items(document, "carries", MAX_COMBATS, CarryRecord.from_json,
                               default=[])
        _check_unique(path, [record.combat for record in carries], what="carried combat")
        return cls(
            name=reader.text(document, "name", MAX_NAME_LENGTH, default="Campaign"),
            characters=tuple(characters),
            combats=tuple(combats),
            weapons=tuple(reader.items(document, "weapons", MAX_CHARACTERS, _weapon)),
            notes=reader.text(document, "notes", MAX_NOTES_LENGTH, default=""),
            rulings=_rulings(path, document.get("rulings", {}), on_screen),
            carries=tuple(carries),
        )


def load_campaign(path: Path, *, shown: str | None = None) -> Campaign:
    """Open a campaign file; a bad one raises ``CampaignFileError`` and changes nothing.

    The combat ``shown`` (else the newest) is replayed at once; see ``Campaign.from_json``.
    """
    path = Path(path)
    document = upgrade(path, read_json_file(path))
    return Campaign.from_json(document, path, shown=shown)


def save_campaign(campaign: Campaign, path: Path) -> None:
    """Save atomically: the file is the old version or the new one, never half of either.

    The previous version is kept beside it as ``<name>.bak``.
    """
    data = campaign_bytes(campaign)
    if len(data) > MAX_FILE_BYTES:
        # Refused now rather than written and then refused on opening; the old file stays.
        raise CampaignFileError(path, f"the campaign would be {len(data) / 2**20:.0f} MiB; "
                                f"files are limited to {MAX_FILE_BYTES / 2**20:.0f} MiB, so "
                                "move finished combats to another campaign first")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(Path(path), data)


def campaign_bytes(campaign: Campaign) -> bytes:
    """The bytes ``save_campaign`` writes."""
    return dump_json(campaign.to_json())


class _Reader:
    """Reads fields of a campaign object, naming the field in every error."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def text(self, document: dict[str, Any], key: str, limit: int, *, default: str) -> str:
        value = document.get(key, default)
        if not isinstance(value, str):
            raise CampaignFileError(self.path, f"{key} must be text, not {json_type(value)}")
        if len(value) > limit:
            raise CampaignFileError(
                self.path, f"{key} is {len(value)} characters long; at most {limit} allowed"
            )
        return value

    def items(self, document: dict[str, Any], key: str, limit: int,
              read: Callable[[dict[str, Any]], T], *, default: list[T] | None = None) -> list[T]:
        if key not in document and default is not None:
            return default
        if key not in document:
            raise CampaignFileError(self.path, f"{key} is missing (an array, possibly empty)")
        values = document[key]
        if not isinstance(values, list):
            raise CampaignFileError(self.path, f"{key} must be an array, not {json_type(values)}")
        if len(values) > limit:
            raise CampaignFileError(
                self.path, f"{key} has {len(values)} entries; at most {limit} allowed"
            )
        return [self.item(f"{key}[{index}]", value, read) for index, value in enumerate(values)]

    def item(self, where: str, value: object, read: Callable[[dict[str, Any]], T]) -> T:
        if not isinstance(value, dict):
            raise CampaignFileError(self.path, f"{where} must be an object, not {json_type(value)}")
        name = value.get("name", value.get("identity", {}).get("name")) \
            if isinstance(value.get("identity", {}), dict) else value.get("name")
        label = f"{where} ({name!r})" if isinstance(name, str) else where
        try:
            return read(value)
        except CampaignFileError:
            raise
        except _DECODE_ERRORS as error:
            raise CampaignFileError(self.path, f"{label}: {_describe(error)}") from None


class StoredRulings:
    """A system's default rulings as the file holds them, read when a combat needs them.

    ``document`` is written back exactly as read; ``read`` gives the ruleset's options
    (loading it the first time) or raises ``TraitValueError`` naming the ruling.
    """

    __slots__ = ("document", "ruleset")

    def __init__(self, ruleset: str, document: object) -> None:
        self.ruleset = ruleset
        self.document = document

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StoredRulings):
            return (self.ruleset, self.document) == (other.ruleset, other.document)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def read(self) -> Options:
        """The rulings, read strictly by their ruleset."""
        try:
            return get_ruleset(self.ruleset).options_from_json(self.document)
        except ValueError as error:
            raise TraitValueError(f"rulings.{self.ruleset}", str(error)) from error

    def to_json(self) -> object:
        """The rulings exactly as the file held them."""
        return self.document


def _shown_ruleset(combats: object, shown: str | None) -> str | None:
    """The ruleset named by the log of the combat the window opens on (None: no combat).

    Read from the raw JSON before anything is checked; a malformed combat is refused
    later, by the reader of combats."""
    if not isinstance(combats, list) or not combats:
        return None
    ids = [c.get("id") if isinstance(c, dict) else None for c in combats]
    chosen = combats[ids.index(shown) if shown in ids else len(combats) - 1]
    log = chosen.get("session") if isinstance(chosen, dict) else None
    name = log.get("ruleset", FIRST_RULESET) if isinstance(log, dict) else None
    return name if isinstance(name, str) else None


def _rulings(path: Path | None, value: object,
             on_screen: str | None) -> tuple[tuple[str, Options | StoredRulings], ...]:
    if not isinstance(value, dict):
        raise CampaignFileError(path, f"rulings must be an object, not {json_type(value)}")
    found: list[tuple[str, Options | StoredRulings]] = []
    for name, options in value.items():
        try:
            if name == on_screen or not ruleset_known(name):
                get_ruleset(name).options_from_json(options)  # checked now: refuses the file
            # Kept as read (a ruling added since would change the file otherwise).
            found.append((name, StoredRulings(name, options)))
        except (TraitValueError, ValueError) as error:
            raise CampaignFileError(path, f"rulings.{name}: {error}") from None
    return tuple(found)


def _weapon(value: dict[str, Any]) -> Weapon:
    from battlewheel.engine.rulesets.rewrite.block import Weapon

    return Weapon.from_json(value)


def _combat(value: dict[str, Any]) -> CombatRecord:
    StoredFields(value, "", ("id", "name", "session"))
    for key in ("id", "name"):
        text = value.get(key)
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_NAME_LENGTH:
            raise ValueError(f"{key} must be non-empty text of at most {MAX_NAME_LENGTH} "
                             f"characters, not {text!r}")
    if "session" not in value:
        raise ValueError("session is missing (the combat's log)")
    return CombatRecord(value["id"], value["name"], StoredCombat.from_json(value["session"]))


def _replay_shown(reader: _Reader, values: list[Any], combats: list[CombatRecord],
                  shown: str | None) -> None:
    """Replay the combat the window opens on, so a broken one refuses the whole file."""
    ids = [record.id for record in combats]
    if not ids:
        return
    index = ids.index(shown) if shown in ids else len(ids) - 1
    reader.item(f"combats[{index}]", values[index], lambda _value: combats[index].session)


def _describe(error: BaseException) -> str:
    if isinstance(error, KeyError):
        return f"field {error.args[0]!r} is missing"
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return str(error) or type(error).__name__


def _check_unique(path: Path | None, names: Iterable[str], *, what: str = "character name") -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise CampaignFileError(path, f"{what} {name!r} appears twice; each must be unique")
        seen.add(name.casefold())
