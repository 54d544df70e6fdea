"""Combat: the state of one fight, the actions that change it, and the session that logs them."""
