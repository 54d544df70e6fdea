"""The shared page in a real browser: Debian's Chromium, headless, through Selenium.

The window's share runs on loopback only and is stopped after each test. A desktop test:
the window, left with the action pushed, is closed with Discard as every desktop test's
is. Chromium is part of the test extra (bootstrap.sh installs Debian's ``chromium`` and
``chromium-driver``): when it is missing the test fails and says so, it never skips.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from battlewheel.engine.rulesets.rewrite.actions import MoveCounter
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
MISSING = ("Debian's Chromium is needed for this test: apt-get install chromium "
           "chromium-driver (bootstrap.sh installs them for the test extra)")


def chromium(profile: Path, width: int = 1024, height: int = 768) -> webdriver.Chrome:
    """Headless Chromium; as root in the sandbox it needs --no-sandbox."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()) and not shutil.which("chromium"):
        pytest.fail(MISSING)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", f"--user-data-dir={profile}",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture
def shared_window(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[MainWindow, str]]:
    """The window on the started fight, its share on loopback; always stopped after."""
    window = painted_window(qtbot, CombatModel(started_session()), tmp_path / "s.ini")
    window.actions_by_name["share_with_table"].trigger()
    dialog = window._share_dialog  # type: ignore[attr-defined]
    try:
        dialog.where.setCurrentIndex(dialog.where.findData("127.0.0.1"))
        dialog.port.setValue(0)
        dialog.start_button.click()
        assert dialog.control.running, dialog.message.text()
        yield window, dialog.address.text()
    finally:
        dialog.control.stop()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    driver = chromium(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def _severe(driver: webdriver.Chrome) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"]


def test_the_page_shows_the_fight_and_follows_an_action_without_console_errors(
        qtbot: QtBot, shared_window: tuple[MainWindow, str],
        browser: webdriver.Chrome) -> None:
    window, url = shared_window
    browser.get(url)
    wait = WebDriverWait(browser, 5)
    wait.until(lambda d: "Red Lotus Dancer" in d.find_element(By.ID, "players").text)
    wheel = browser.find_element(By.ID, "wheel")
    wait.until(lambda d: d.execute_script(
        "const w = document.getElementById('wheel');"
        "return w.complete && w.naturalWidth > 0;"))
    assert "wheel.svg" in (wheel.get_attribute("src") or "")
    shown = wheel.get_attribute("src")
    window.combat.push(MoveCounter(combatant="lotus", segment=3))
    # The page changes the wheel's address only when the stream brings a new state.
    wait.until(lambda d: d.find_element(By.ID, "wheel").get_attribute("src") != shown)
    assert browser.find_element(By.ID, "status").text != "Connecting…"
    assert _severe(browser) == []
