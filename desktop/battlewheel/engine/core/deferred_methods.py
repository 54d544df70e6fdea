"""Our dataclasses' methods are compiled when first looked up, not when the class is made.

Python 3.11 and 3.12 build each method a dataclass gets from source text, one ``exec``
each: six for a frozen class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``). Start-up defines some 140 of our classes, and making
them was a quarter of the time to the first paint, though most of those methods are
never used in a session (a frozen record's ``__setattr__`` only ever refuses). So each is
first a stand-in that, when the method is first looked up (on the class or through an
instance: a call, ``inspect.signature``, ``help``), has ``dataclasses`` build it exactly as
it would have at once, puts it in its own place on the class and hands it over. From then
on the class holds the very method ``dataclasses`` makes; nothing else changes. The
method's source text waits with it (``dataclasses``' writers, ``_init_fn`` and the rest):
only what they refuse at once (a field without a default after one with) is still
refused when the class is made.

Only classes defined in Battlewheel's own modules; any other library's dataclasses are
made as before. Python 3.13 builds a class's methods in one ``exec`` and has no
``_create_fn``: there nothing changes.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

PACKAGE = "battlewheel"
# How many methods of ours were built, by name: what tests count, never time.
built: Counter[str] = Counter()


def install() -> None:
    """Defer our dataclasses' methods from now on (once; nothing on Python 3.13+)."""
    original = getattr(dataclasses, "_create_fn", None)
    if original is None or isinstance(getattr(original, "__self__", None), _Installed):
        return
    setattr(dataclasses, "_create_fn", _Installed(original).create_fn)  # noqa: B010
    for name, (names, check) in _WRITERS.items():
        writer = getattr(dataclasses, name, None)
        if writer is not None:
            setattr(dataclasses, name, _TextLater(writer, names, check).write)


class _Installed:
    """``dataclasses._create_fn`` handing back a stand-in for the methods of our classes."""

    def __init__(self, original: Callable[..., Any]) -> None:
        self.original = original

    def create_fn(self, name: str, args: Any, body: Any, **options: Any) -> Any:
        # What _create_fn is given is made for the one call (it may add to ``locals``
        # only where a return type is given: __init__'s, whose dict nothing else holds).
        if not _ours(options.get("globals")):
            return self.original(name, args, body, **options)
        return _Deferred(name, (self.build, (name, args, body), options))

    def build(self, name: str, args: Any, body: Any, **options: Any) -> Any:
        built[name] += 1
        return self.original(name, args, body, **options)


def _defaults_in_order(std_fields: Any) -> None:
    # What _init_fn refuses while writing __init__, refused when the class is made, as
    # it was: a field without a default after one with a default.
    seen_default = False
    for field in std_fields:
        if field.init:
            if field.default is not dataclasses.MISSING or \
                    field.default_factory is not dataclasses.MISSING:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {field.name!r} follows default argument")


# dataclasses' writers of a method's source text, which hand it to _create_fn: the names
# of the methods each makes (from its arguments), and what it refuses at once.
_WRITERS: dict[str, tuple[Callable[[tuple[Any, ...]], tuple[str, ...]],
                          Callable[[tuple[Any, ...]], None] | None]] = {
    "_init_fn": (lambda _args: ("__init__",), lambda args: _defaults_in_order(args[1])),
    "_repr_fn": (lambda _args: ("__repr__",), None),
    "_frozen_get_del_attr": (lambda _args: ("__setattr__", "__delattr__"), None),
    "_cmp_fn": (lambda args: (args[0],), None),
    "_hash_fn": (lambda _args: ("__hash__",), None),
}


class _TextLater:
    """A writer of dataclasses (``_init_fn``...) whose text, for our classes, waits too.

    Writing the text of five methods a class (a line a field for ``__init__``) was some
    3 ms of start-up; it is written when the method is first looked up, and compiled then.
    """

    def __init__(self, writer: Callable[..., Any],
                 names: Callable[[tuple[Any, ...]], tuple[str, ...]],
                 check: Callable[[tuple[Any, ...]], None] | None) -> None:
        self.writer = writer
        self.names = names
        self.check = check

    def write(self, *args: Any, **options: Any) -> Any:
        module_globals = options.get("globals", next((a for a in args if isinstance(a, dict)),
                                                     None))
        if not _ours(module_globals):
            return self.writer(*args, **options)
        if self.check is not None:
            self.check(args)
        stand_ins = tuple(_Deferred(name, (_written, (self.writer, name, args), options))
                          for name in self.names(args))
        return stand_ins if len(stand_ins) > 1 else stand_ins[0]


def _written(writer: Callable[..., Any], name: str, args: tuple[Any, ...],
             **options: Any) -> Any:
    # The writer hands back what _create_fn made (stand-ins of ours, built here) or, for
    # __repr__, a function wrapped round it; the frozen class's pair, two of them.
    made = writer(*args, **options)
    if isinstance(made, tuple):
        made = next(each for each in made if each.__name__ == name)
    return made.real() if isinstance(made, _Deferred) else made


def _ours(module_globals: dict[str, Any] | None) -> bool:
    name = (module_globals or {}).get("__name__", "")
    return isinstance(name, str) and (name == PACKAGE or name.startswith(PACKAGE + "."))


class _Deferred:
    # A dataclass method not built yet: built on first look-up, then put in its place.
    # ``__repr__`` is called through the wrapper ``dataclasses`` puts round it (against
    # recursion), which keeps this stand-in and calls it: then it hands the call on.
    # Slots, so that the wrapper (functools.wraps) copies no attributes of ours, and
    # small: some 900 of them wait at start-up.

    __slots__ = ("__name__", "_parts", "_real")
    __doc__ = None

    def __init__(self, name: str,
                 parts: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]) -> None:
        self.__name__ = name
        self._parts: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]] | None = parts
        self._real: Callable[..., Any] | None = None

    def real(self) -> Callable[..., Any]:
        if self._real is None:
            assert self._parts is not None
            make, args, options = self._parts
            self._real = make(*args, **options)
            self._parts = None  # let go of the source text and its values
        return self._real

    def __get__(self, instance: object, cls: type | None = None) -> Any:
        cls = type(instance) if cls is None else cls
        real = self.real()
        owner = next((each for each in cls.__mro__ if each.__dict__.get(self.__name__) is self),
                     None)
        if owner is not None:  # as dataclasses names its methods (_set_qualname)
            real.__qualname__ = f"{owner.__qualname__}.{self.__name__}"
            setattr(owner, self.__name__, real)
        return real.__get__(instance, cls)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.real()(*args, **kwargs)
