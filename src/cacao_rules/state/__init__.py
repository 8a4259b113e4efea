"""The game state and its working copy: the state record, the board, read-only views, the
draft that a move writes into, and chance (seeded draws and outcome lists)."""
