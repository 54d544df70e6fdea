"""A combat session: the state, the log of actions that built it, undo and redo.

The log is the combat: replaying it from the start rebuilds the state exactly. Every
``SNAPSHOT_EVERY`` actions the session keeps the state reached, so undo replays at
most that many actions whatever the length of the log; the states after the last
``RECENT_STATES`` actions are kept as well, so undoing those replays none.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from battlewheel.engine.core.actions import Action, Rewind, action_to_json
from battlewheel.engine.core.codec import LogFormatError
from battlewheel.engine.core.errors import (
    DiceEntryError,
    IllegalAction,
    RulesError,
    TraitValueError,
)
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.log_versions import FIRST_VERSION, LOG_VERSION, upgraded_entry
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, ruleset_known

LOG_FORMAT = "battlewheel-combat"
LOG_KEYS = frozenset({"format", "version", "ruleset", "options", "actions", "redo"})
SNAPSHOT_EVERY = 64
# The states after the last few actions are kept too, so undoing them (the GM's
# Ctrl+Z, a step back in History) replays nothing.
RECENT_STATES = 16
REWIND_RULE = "History"
# Logs written before a combat named its ruleset are 2e Rewrite fights.
FIRST_RULESET = "2e-rewrite"
MAX_ACTIONS = 10_000
"""The most actions one combat holds, applied or waiting for redo.

A long evening is a few hundred actions; replaying is about 0.4 ms an action, so the
cap keeps opening a campaign quick. It is enforced when an action is applied, so the
program never writes a combat it would refuse to open.
"""


@dataclass(frozen=True)
class LogEntry:
    """One applied action, the sentence that describes it and the events it caused."""

    action: Action
    sentence: str
    events: tuple[Event, ...]


class ReplayError(RulesError):
    """A log entry that cannot be read or applied; names the entry and why."""

    def __init__(self, index: int, problem: str) -> None:
        self.index = index
        self.problem = problem
        super().__init__(f"entry {index}: {problem}")


class CombatSession:
    """One combat: apply actions, undo and redo them, save and load the log."""

    def __init__(self, ruleset: Ruleset, options: Options) -> None:
        self._ruleset = ruleset
        self._options = options
        self._state = ruleset.new_state(options)
        self._log: list[LogEntry] = []
        self._redo: list[Action] = []
        self._snapshots: dict[int, Any] = {0: self._state}

    @classmethod
    def new(cls, options: Options | None = None, ruleset: str = FIRST_RULESET) -> CombatSession:
        """An empty combat under a registered ruleset (its default rulings unless given)."""
        chosen = get_ruleset(ruleset)
        return cls(chosen, options if options is not None else chosen.default_options())

    # -- reading ---------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state; read it, never change it (push actions instead)."""
        return self._state

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset this combat runs under."""
        return self._ruleset

    @property
    def options(self) -> Options:
        """The rulings this combat started under (changes since are actions in its log)."""
        return self._options

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Applied entries, oldest first."""
        return tuple(self._log)

    def offered(self) -> tuple[str, ...]:
        """The action kinds the ruleset offers now (the desktop builds menus from them)."""
        return self._ruleset.offered(self._state)

    def describe(self, action: Action) -> str:
        """The sentence ``action`` would log if applied now (the undo and redo texts).

        It is worked out on a throw-away copy, so the sentence can give what the action
        would lead to (the tick reached, the track after a click); a refused action
        still gets a plain sentence.
        """
        try:
            return self._step(self._state, action)[1].sentence
        except IllegalAction:
            if not isinstance(action, Action):
                raise
            return self._ruleset.describe(self._state, action, None)

    def scratch(self) -> CombatSession:
        """A throw-away copy to try actions on (a dialog's preview and its check).

        It shares this session's log entries and states, which nothing changes once
        they are made (each step works on a clone), so it costs a copy of three lists,
        not of the whole fight; what is applied to it never reaches this session.
        """
        copied = CombatSession.__new__(CombatSession)
        copied.__dict__.update(self.__dict__)
        copied._log = list(self._log)
        copied._redo = list(self._redo)
        copied._snapshots = dict(self._snapshots)
        return copied

    # -- changing ----------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; an illegal one raises ``IllegalAction`` and changes nothing.

        A new action clears the redo list.
        """
        self._push(action)
        self._redo.clear()
        return list(self._log[-1].events)

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None; nothing changes either way."""
        try:
            self._require_room()
            self._step(self._state, action)
        except IllegalAction as error:
            return error
        return None

    def _require_room(self) -> None:
        if len(self._log) >= MAX_ACTIONS:
            raise IllegalAction("combat log", f"a combat holds at most {MAX_ACTIONS} actions; "
                                "end this one and go on in a new combat (File > New combat)")

    def _push(self, action: Action) -> None:
        self._require_room()
        state, entry = self._step(self._state, action)
        self._state = state
        self._log.append(entry)
        length = len(self._log)
        self._snapshots[length] = state
        older = length - RECENT_STATES - 1  # no longer recent: kept only on the grid
        if older > 0 and older % SNAPSHOT_EVERY:
            self._snapshots.pop(older, None)

    def _step(self, state: Any, action: Action, at: int | None = None) -> tuple[Any, LogEntry]:
        """Apply ``action`` to a copy of ``state``, reached after the first ``at`` entries.

        ``at`` defaults to the whole log (the action comes next); replaying the log
        passes each entry's place, which a rewind needs to know what lies before it.
        """
        if not isinstance(action, Action):
            raise IllegalAction("combat log", f"not an action: {action!r}")
        if isinstance(action, Rewind):
            return self._rewound(action, len(self._log) if at is None else at)
        work = state.clone()
        try:
            events = self._ruleset.apply(work, action)
        except IllegalAction:
            raise
        except DiceEntryError as error:
            raise IllegalAction("004 §Pools and Dice", str(error)) from error
        except TraitValueError as error:
            raise IllegalAction("004 §Traits", str(error)) from error
        except RulesError as error:
            raise IllegalAction(action.kind, str(error)) from error
        sentence = self._ruleset.describe(state, action, work)
        return work, LogEntry(action, sentence, tuple(events))

    # -- undo and redo -------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether there is an action to undo."""
        return bool(self._log)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self._redo)

    @property
    def undo_text(self) -> str:
        """The sentence of the action undo would take back ("" if none)."""
        return self._log[-1].sentence if self._log else ""

    @property
    def redo_text(self) -> str:
        """The sentence of the action redo would apply again ("" if none)."""
        return self.describe(self._redo[-1]) if self._redo else ""

    def undo(self) -> LogEntry:
        """Take back the last action; the state is exactly what it was before it."""
        if not self._log:
            raise IllegalAction("combat log", "there is nothing to undo")
        entry = self._log.pop()
        self._redo.append(entry.action)
        self._state = self._rebuild(len(self._log))
        return entry

    def redo(self) -> LogEntry:
        """Apply the last undone action again."""
        if not self._redo:
            raise IllegalAction("combat log", "there is nothing to redo")
        self._push(self._redo[-1])
        self._redo.pop()
        return self._log[-1]

    def _rebuild(self, length: int) -> Any:
        """The state after the first ``length`` entries, from the nearest snapshot."""
        for index in [i for i in self._snapshots if i > length]:
            del self._snapshots[index]
        return self._state_after(length)

    def _state_after(self, length: int) -> Any:
        """The state the first ``length`` entries of the log reach (nothing changes)."""
        start = max(i for i in self._snapshots if i <= length)
        state = self._snapshots[start]
        for index in range(start, length):
            state, _ = self._step(state, self._log[index].action, index)
        return state

    # -- going back to an earlier step ------------------------------------------------------

    def state_at(self, length: int) -> Any:
        """The fight as it stood after its first ``length`` steps (History's preview).

        Read it, never change it; the current state is ``state_at(len(log))``.
        """
        if not 0 <= length <= len(self._log):
            raise IllegalAction(REWIND_RULE, f"the log has no step {length}; "
                                f"it holds steps 0 to {len(self._log)}")
        return self._state_after(length)

    def _rewound(self, action: Rewind, at: int) -> tuple[Any, LogEntry]:
        """The fight taken back to how it stood after its first ``action.to`` steps."""
        if not 0 <= action.to < at:
            raise IllegalAction(REWIND_RULE, f"a rewind goes back to an earlier step (0 to "
                                f"{at - 1}), not to step {action.to}")
        state = self._state_after(action.to).clone()
        sentence = rewind_sentence(action.to, self._log[action.to - 1].sentence
                                   if action.to else "")
        return state, LogEntry(action, sentence, (Event("rewound", text=sentence),))

    # -- saving and loading ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The combat as its log: ruleset, options, applied actions and undone ones."""
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "ruleset": self._ruleset.name,
            "options": self._options.to_json(),
            "actions": [action_to_json(entry.action) for entry in self._log],
            "redo": [action_to_json(action) for action in reversed(self._redo)],
        }

    @classmethod
    def from_json(cls, obj: object) -> CombatSession:
        """Rebuild a combat by replaying its log; a bad entry raises ``ReplayError`` naming it."""
        return cls.replay(DecodedLog.from_json(obj))

    @classmethod
    def replay(cls, log: DecodedLog) -> CombatSession:
        """Rebuild a combat from a decoded log; a refused entry raises ``ReplayError``."""
        session = cls(log.ruleset, log.options)
        for index, action in enumerate(log.actions):
            try:
                session._push(action)
            except IllegalAction as error:
                raise ReplayError(index, f"{action.kind} refused: {error}") from error
        session._redo = list(reversed(log.redo))
        return session


@dataclass(frozen=True)
class DecodedLog:
    """A combat log read and checked field by field, every action decoded, none applied.

    Decoding finds every malformed entry; only replaying (``CombatSession.replay``)
    finds an action the rules refuse. Storage reads each combat of a campaign as a
    ``StoredLog`` when it opens, and decodes and replays a combat only when it is needed.
    """

    ruleset: Ruleset
    options: Options
    actions: tuple[Action, ...]
    redo: tuple[Action, ...]  # as the file lists them: the next to redo first

    @classmethod
    def from_json(cls, obj: object) -> DecodedLog:
        """Read a log's JSON; a malformed part raises ``LogFormatError`` or ``ReplayError``."""
        return StoredLog.from_json(obj).decode()


@dataclass(frozen=True)
class StoredLog:
    """A log whose header is read and checked (format, ruleset, options, entry counts),
    its entries kept as JSON until ``decode``.

    Decoding the entries is most of what reading a log costs, so a campaign's combats
    that are not on screen wait as stored logs; ``decode`` finds a malformed entry (a
    ``ReplayError`` naming it) when the combat is first needed. A log read with
    ``wait=True`` does not even load its ruleset: the name is checked against the known
    ones, and the options are read by the ruleset when first asked for.
    """

    ruleset_name: str
    document: dict[str, Any]

    @classmethod
    def from_json(cls, obj: object, *, wait: bool = False) -> StoredLog:
        """Check everything but the entries' insides; a bad part raises ``LogFormatError``.

        With ``wait`` the ruleset is not loaded and the options wait for ``options``.
        """
        if not isinstance(obj, dict):
            raise LogFormatError("log", "must be a JSON object")
        unknown = sorted(set(obj) - LOG_KEYS)
        if unknown:
            raise LogFormatError(f"log.{unknown[0]}", "is not a field of a combat log")
        if obj.get("format", LOG_FORMAT) != LOG_FORMAT:
            raise LogFormatError("log.format", f"must be {LOG_FORMAT!r}")
        _version(obj)
        name = obj.get("ruleset", FIRST_RULESET)
        if not isinstance(name, str):
            raise LogFormatError("log.ruleset", "must be a string")
        if not ruleset_known(name):
            get_ruleset(name)  # refuses, naming the known ones
        _entries(obj, "actions")
        _entries(obj, "redo")
        log = cls(name, obj)
        if not wait:
            log.options  # noqa: B018 - read now, so a bad header refuses the log at once
        return log

    @cached_property
    def ruleset(self) -> Ruleset:
        """The log's ruleset, loaded on first use."""
        return get_ruleset(self.ruleset_name)

    @cached_property
    def options(self) -> Options:
        """The log's rulings read by its ruleset; a bad one raises ``LogFormatError``."""
        return self.ruleset.options_from_json(self.document.get("options"))

    @property
    def steps(self) -> int:
        """How many actions the log holds."""
        return len(self.document.get("actions", []))

    def decode(self) -> DecodedLog:
        """Every entry decoded strictly; a malformed one raises ``ReplayError`` naming it.

        An entry of an older version is brought up to date first (``log_versions``); the
        document itself is kept as it was read, so a combat not touched saves unchanged.
        """
        version = _version(self.document)
        actions = tuple(_read_entry(self.ruleset, index, item, version)
                        for index, item in enumerate(_entries(self.document, "actions")))
        redo = tuple(_read_entry(self.ruleset, index, item, version)
                     for index, item in enumerate(_entries(self.document, "redo")))
        return DecodedLog(self.ruleset, self.options, actions, redo)


def rewind_sentence(to: int, then: str) -> str:
    """The log's words for a rewind: the step gone back to, by its own sentence."""
    if not to:
        return "GM rewinds the fight to how it stood when it was opened."
    return f"GM rewinds the fight to step {to}: \u201c{then.rstrip('.')}\u201d."


def _entries(obj: dict[str, Any], key: str) -> list[Any]:
    items = obj.get(key, [])
    if not isinstance(items, list):
        raise LogFormatError(f"log.{key}", "must be a list of actions")
    if len(items) > MAX_ACTIONS:
        raise LogFormatError(f"log.{key}", f"has {len(items)} entries; at most {MAX_ACTIONS} "
                             "per combat allowed")
    return items


def _version(obj: dict[str, Any]) -> int:
    """The log's version: one this program reads (``FIRST_VERSION`` when it names none)."""
    version = obj.get("version", FIRST_VERSION)
    if isinstance(version, bool) or version not in range(FIRST_VERSION, LOG_VERSION + 1):
        raise LogFormatError("log.version", f"must be {FIRST_VERSION} to {LOG_VERSION}, "
                             f"got {version!r}")
    return int(version)


def _read_entry(ruleset: Ruleset, index: int, item: object, version: int) -> Action:
    if version != LOG_VERSION:
        item = upgraded_entry(item, version, ruleset.name)
    try:
        return ruleset.action_from_json(item, f"actions[{index}]")
    except RulesError as error:
        raise ReplayError(index, str(error)) from error
