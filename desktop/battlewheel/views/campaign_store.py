"""Storage's campaign functions for the window (issue 33, ``storage/carry.py``), found by
name when first used, so the roster, the campaign story and the carry entries share one
way to reach them and none of them imports another's module to do it."""

from __future__ import annotations

from importlib import import_module
from typing import Any


def campaign_store() -> Any:
    """``battlewheel.storage.carry``, or None where it is not installed."""
    try:
        return import_module("battlewheel.storage.carry")
    except ImportError:
        return None
