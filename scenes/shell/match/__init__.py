"""The match screen: the flow every game shares (banner, move list, buttons, the computer's turns,
hand-offs, autosave) around one game's board view."""
