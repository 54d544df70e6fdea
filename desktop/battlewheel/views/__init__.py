"""Widgets only: the wheel scene, sheets, docks and dialogs."""
