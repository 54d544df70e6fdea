"""Bundled data: rules tables, the demo campaign and styles (the battlewheel.resources package)."""
