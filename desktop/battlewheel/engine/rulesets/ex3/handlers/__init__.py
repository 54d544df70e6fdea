"""The handlers of 3e: each applies one kind of action to a combat state."""
