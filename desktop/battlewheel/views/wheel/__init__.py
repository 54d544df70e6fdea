"""The battlewheel: a scene of tick segments and combatant counters, and its view."""
