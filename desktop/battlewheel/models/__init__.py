"""Qt models and undo commands over one engine session."""
