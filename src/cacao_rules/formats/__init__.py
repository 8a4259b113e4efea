"""What the library reads and writes as text: the state JSON, move notation, the observation
and event JSON, and game records. Values to text and back; nothing here plays a game."""
