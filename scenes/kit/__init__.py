"""What every screen and every board view draws with: the app and scene base, fonts, style, text,
sprites, animation, the board-view base and the registry of game views.

The kit imports neither the shell nor the games (an import-linter contract), so any screen or view
can lean on it without pulling in the others."""
