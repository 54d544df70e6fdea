"""The Impulse homebrew's own views: the dialogs of a round, its set-up and the GM's hand."""

from battlewheel.views.rulesets import register_dialogs
from battlewheel.views.rulesets.impulse.turn_actions import open_dialog

register_dialogs("impulse", open_dialog)
