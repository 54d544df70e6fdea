"""The window's parts run on what they are handed, with no window around them.

The turn menu gets a ``DialogHost`` (a bare parent, the odds dock's entries, the log),
a way to warn and a way to give the keys back; the File menu gets the combat, the files,
the named actions and a ``CampaignScreen``. Here each is handed stand-ins that record
what the part asked of them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import DeclareFlurry
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.file_menu import FileMenu
from battlewheel.views.rulesets import DialogHost, OddsProvider
from battlewheel.views.turn_menu import TurnMenu
from tests.desktop.d2_combatants import SWORD_AT_BANDIT, first_tick_model

Shown = Callable[[QWidget], QWidget]


def test_the_turn_menu_opens_an_attack_with_its_odds_and_no_window(shown: Shown) -> None:
    """R opens the attack dialog on the bare parent, its odds go to the host's odds dock,
    and closing it gives the keys back."""
    model = first_tick_model()
    assert model.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,))) is None
    parent = shown(QWidget())
    odds_now: list[Odds | None] = []
    providers: list[tuple[OddsProvider, int]] = []
    keys_back: list[bool] = []
    host = DialogHost(parent, show_odds=lambda p, dv: providers.append((p, dv)),
                      show_odds_now=odds_now.append)
    menu = TurnMenu(host, model, warn=lambda _text: None, keys_back=lambda: keys_back.append(True))
    menu.rebuild()
    assert menu.actions["roll"].parent() is parent
    dialog = menu.trigger("roll")
    assert isinstance(dialog, QDialog) and dialog.parentWidget() is parent
    assert len(odds_now) == 1 and isinstance(odds_now[0], Odds)
    dialog.reject()
    assert keys_back == [True]


def test_a_refused_key_warns_through_what_the_menu_was_given(shown: Shown) -> None:
    """Roll before anyone declared is refused with the ruleset's reason, through ``warn``."""
    warned: list[str] = []
    menu = TurnMenu(DialogHost(shown(QWidget())), first_tick_model(),
                    warn=warned.append, keys_back=lambda: None)
    menu.rebuild()
    assert menu.trigger("roll") is None
    assert warned and warned[0] == next(
        e.why_not for e in menu.entries() if e.key == "roll")


class _Screen:
    """The campaign on screen, as the File menu sees it."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.campaign_name: Callable[[], str] | None = lambda: "Marrow Ford"
        self.combat_name: Callable[[], str | None] | None = None
        self.shown: list[Path | None] = []

    def title_name(self) -> str:
        return "Marrow Ford"

    def has_unsaved_changes(self) -> bool:
        return False

    def mark_campaign_changed(self) -> None:
        raise AssertionError("saving changes nothing outside the combat")

    def show_session(self, session: CombatSession, path: Path | None) -> None:
        raise AssertionError("saving shows no other combat")

    def show_file(self, path: Path | None, *, unsaved: bool = False) -> None:
        self.shown.append(path)


class _Files:
    """Campaign files that keep what they are asked to save (saving uses no more)."""

    file_filter = "Campaigns (*.json)"

    def __init__(self) -> None:
        self.saved: list[Path] = []

    def save(self, session: CombatSession, path: Path) -> None:
        self.saved.append(path)

    def remember(self, path: Path) -> None:
        pass


def test_the_file_menu_saves_through_the_screen_it_is_given(shown: Shown, tmp_path: Path) -> None:
    """Save to a path: the files write it, the undo stack is clean, the screen names it."""
    model = CombatModel(CombatSession.new())
    screen, files, said = _Screen(), _Files(), []
    actions: dict[str, QAction] = {}
    menu = FileMenu(shown(QWidget()), model, files,
                    screen=screen, actions=actions, say=said.append)
    assert {"open", "save", "save_as", "quit"} <= actions.keys()
    target = tmp_path / "ford.json"
    assert menu.save_to(target)
    assert files.saved == [target] and screen.shown == [target]
    assert model.undo_stack.isClean() and said == ["Saved ford.json."]
