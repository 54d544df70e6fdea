"""Exalted 3rd edition's own views: the dialogs of a 3e turn, opened by name."""

from battlewheel.views.rulesets import register_dialogs
from battlewheel.views.rulesets.ex3.turn_actions import open_dialog

register_dialogs("3e", open_dialog)
