"""Bundled data is found through importlib.resources wherever the package lives."""

import json

from battlewheel.bundled import icon, resource


def test_rules_folder_is_found_and_holds_json() -> None:
    """The rules tables ship as JSON under resources/rules."""
    rules = resource("rules")
    names = [entry.name for entry in rules.iterdir() if entry.name.endswith(".json")]
    assert names, "no rules tables found"
    for name in names:
        json.loads(rules.joinpath(name).read_text(encoding="utf-8"))


def test_app_icon_svg_is_found() -> None:
    """The application icon's SVG source ships with the package."""
    assert icon("battlewheel.svg").read_text(encoding="utf-8").lstrip().startswith("<")
