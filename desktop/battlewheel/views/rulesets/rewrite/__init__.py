"""The 2e Rewrite's own views: the dialogs of a tick, the set-up and the GM's override."""

from battlewheel.views.rulesets import register_dialogs
from battlewheel.views.rulesets.rewrite.turn_actions import open_dialog

register_dialogs("2e-rewrite", open_dialog)
