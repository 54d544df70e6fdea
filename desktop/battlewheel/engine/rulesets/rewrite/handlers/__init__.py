"""The handlers of the 2e Rewrite: each applies one kind of action to a combat state."""
