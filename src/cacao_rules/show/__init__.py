"""Presentation: the board and the players drawn for people."""
