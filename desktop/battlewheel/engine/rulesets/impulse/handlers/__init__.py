"""The handlers of Impulse: each applies one kind of action to a combat state."""
