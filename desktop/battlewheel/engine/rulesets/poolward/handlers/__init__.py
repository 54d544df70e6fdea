"""The handlers of Pool & Ward: each applies one kind of action to a combat state."""
