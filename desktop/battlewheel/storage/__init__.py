"""Campaign files, crash-safe saving and the user data locations."""
