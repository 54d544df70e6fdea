"""Combat dialogs: set-up, flurry builder, attack, tick damage summary, dice entry."""
