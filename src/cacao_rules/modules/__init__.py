"""The expansion modules' own units that the turn steps call: huts, gem mines, the Emperor."""
