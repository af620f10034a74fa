"""Windows a screen opens over itself: the rules, the end-of-game card, confirmations and choice rows.
Any screen may use them; they never import a screen."""
