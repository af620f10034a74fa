"""Curio Boards' window side: pygame and pygame-gui scenes. Draws and listens; rules live in game/."""
