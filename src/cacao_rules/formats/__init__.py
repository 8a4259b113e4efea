"""What the library reads and writes as text: the state JSON, move notation, positions and
the observation JSON."""
