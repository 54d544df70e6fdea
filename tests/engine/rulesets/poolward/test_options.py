"""Every (option) of rules/pool-and-ward.md §4 and §5 is a ruling with its default and words."""

from __future__ import annotations

from battlewheel.engine.rulesets.poolward import PoolWardOptions

# The page's defaults, by option name (rules/pool-and-ward.md §4-§5).
PAGE_DEFAULTS = {
    "dice": "d10",
    "turn_order": "gm_list",
    "flat_footed_drops_shield": True,
    "dodge_reset": "round_start",
    "percent_base": "base_stat_skill",
    "dodge_loss_scope": "every_attack",
    "zero_dodge_flat_footed": "first_attack",
    "dr_amount": "up_to_dr",
    "mortal_timing": "before_ward",
    "lethal_trigger": "health_after_dr",
    "bleed_rate": 0,
    "negative_health_npcs": "everyone",
    "full_action": "standard_and_move",
    "thrown_is_ranged": True,
    "cover_as_dice": True,
    "armour_stacking": "add",
    "ward_refresh": "never",
    "delay_keeps_place": True,
    # rules/between-fights.md §Pool & Ward line 58: Ward restores at the start of each fight.
    "ward_restores": "each_fight",
}


def test_every_ruling_of_the_page_is_an_option_with_the_pages_default() -> None:
    """The page's 18 rulings and the campaign page's Ward ruling (plus the custom die's
    sides and target) with their defaults."""
    defaults = PoolWardOptions().to_json()
    assert {name: defaults[name] for name in PAGE_DEFAULTS} == PAGE_DEFAULTS
    assert set(defaults) - set(PAGE_DEFAULTS) == {"custom_sides", "custom_target"}


def test_each_option_has_a_label_and_a_one_line_description() -> None:
    """The Rulings dialog shows a label and one line for each."""
    for spec in PoolWardOptions.specs():
        assert spec.label and spec.description
        assert "\n" not in spec.description
        assert spec.kind in ("choice", "switch", "number")


def test_options_read_back_from_json() -> None:
    """to_json and from_json round-trip a changed set of rulings."""
    options = PoolWardOptions(dice="004", bleed_rate=1, delay_keeps_place=False)
    assert PoolWardOptions.from_json(options.to_json()) == options
