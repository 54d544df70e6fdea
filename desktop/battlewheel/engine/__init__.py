"""Pure-Python rules: dice, traits, health tracks and combat. Never imports Qt."""
