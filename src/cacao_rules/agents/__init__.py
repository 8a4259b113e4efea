"""Tools for bots and AI research, above the rules and the formats: determinization, the
fixed action space, tensors, the built-in bots, and playing and simulating whole games."""
