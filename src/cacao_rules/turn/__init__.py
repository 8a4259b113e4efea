"""One file per step of a turn: setup, placement, filling, activation and the jungle tiles'
actions, the end of the turn, scoring and results."""
