"""Names put into menus as they are written: Qt reads one "&" as a shortcut letter.

"Pool & Ward" in a menu showed "Pool _Ward"; a name is doubled-up ("&&") before it
becomes a menu entry's text.
"""

from __future__ import annotations


def menu_text(name: str) -> str:
    """``name`` as a menu entry's text, every ampersand shown as itself."""
    return name.replace("&", "&&")
