"""The wheel asks every counter's initials after every step: a name's letters are worked
out once, and telling alike initials apart counts each kind once."""

from __future__ import annotations

import pytest

from battlewheel.engine.core import contract as c
from tests.engine.counting import calls_of


def test_the_same_names_again_work_out_no_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty names asked twice: the second time no name's letters are worked out, and the
    initials are those worked out with nothing kept, all told apart."""
    names = [f"Bandit Chief {n}" if n % 2 else f"Guard of the Gate {n // 2 % 5}"
             for n in range(40)]
    c.initials.cache_clear()
    letters = calls_of(monkeypatch, c, "_letters")
    first = c.unique_initials(names)
    worked = len(letters)
    assert c.unique_initials(names) == first
    assert worked > 0
    assert len(letters) == worked
    monkeypatch.undo()
    c.initials.cache_clear()
    assert c.unique_initials(names) == first
    assert len(set(first)) == len(first)  # alike initials numbered apart
