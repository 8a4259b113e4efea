"""Tools for bots and AI research: observations, determinization, the fixed action space,
tensors and the built-in bots."""
