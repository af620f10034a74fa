"""One package per game's board: sprites (pure, cached surface makers), geometry where the game has
real geometry (tested without a display), the view (state to picture, click to intent) and its demo
matches. Games never import each other, the shell or the developer modes."""
