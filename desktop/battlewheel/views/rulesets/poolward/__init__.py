"""Pool & Ward's own views: the attack with its pool step by step, the turn, healing, recovery."""

from battlewheel.views.rulesets import register_dialogs
from battlewheel.views.rulesets.poolward.turn_actions import open_dialog

register_dialogs("pool-and-ward", open_dialog)
