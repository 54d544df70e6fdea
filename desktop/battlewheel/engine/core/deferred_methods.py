"""Our dataclasses' methods are compiled when first looked up, not when the class is made.

Python 3.11 and 3.12 build each method a dataclass gets from source text, one ``exec``
each: six for a frozen class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``). Start-up defines some 140 of our classes, and making
them was a quarter of the time to the first paint, though most of those methods are
never used in a session (a frozen record's ``__setattr__`` only ever refuses). So each is
first a stand-in that, when the method is first looked up (on the class or through an
instance: a call, ``inspect.signature``, ``help``), has ``dataclasses`` build it exactly as
it would have at once, puts it in its own place on the class and hands it over. From then
on the class holds the very method ``dataclasses`` makes; nothing else changes.

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


class _Installed:
    """``dataclasses._create_fn`` handing back a stand-in for the methods of our classes."""

    def __init__(self, original: Callable[..., Any]) -> None:
        self.original = original

    def create_fn(self, name: str, args: Any, body: Any, **options: Any) -> Any:
        # What _create_fn is given is made for the one call (it may add to ``locals``
        # only where a return type is given: __init__'s, whose dict nothing else holds).
        if not _ours(options.get("globals")):
            return self.original(name, args, body, **options)
        return _Deferred(name, (self.original, args, body, options))


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

    def __init__(self, name: str, parts: tuple[Callable[..., Any], Any, Any, dict[str, Any]],
                 ) -> None:
        self.__name__ = name
        self._parts: tuple[Callable[..., Any], Any, Any, dict[str, Any]] | None = parts
        self._real: Callable[..., Any] | None = None

    def real(self) -> Callable[..., Any]:
        if self._real is None:
            assert self._parts is not None
            create_fn, args, body, options = self._parts
            self._real = create_fn(self.__name__, args, body, **options)
            self._parts = None  # let go of the source text and its values
            built[self.__name__] += 1
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
