"""The game's vocabulary: components, configuration, tile pools, moves, events, geometry and
the immutable containers the rest of the package is built from."""
