"""The demo's Impulse heroes are its 3e circle: in the roster, one character each."""

from battlewheel.storage.demo_campaign import load_demo_campaign


def test_a_hero_of_3e_and_impulse_is_one_roster_character_with_two_blocks() -> None:
    """Harmonious Jade fights in 3e and Impulse: one roster character with two blocks."""
    demo = load_demo_campaign()
    jade = demo.character("Harmonious Jade")
    assert jade.rulesets() == ("3e", "impulse")
