"""One module per game; each imports only game.core and game.cards."""
