"""The app's own screens (menu, new game, load, settings, pause, the match screen) and the windows
they open over themselves (rules, end of game, shared dialogs).

Screens never import each other: they ask the app to go somewhere by name (``app.goto``,
``app.open``, ``app.open_match``), and they reach a game's board only through the view registry."""
