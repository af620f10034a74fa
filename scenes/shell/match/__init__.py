"""The match screen: the flow every game shares (banner, move list, buttons, the computer's turns,
hand-offs, autosave) around one game's board view.

:mod:`.scene` holds :class:`~scenes.shell.match.scene.MatchScene`, which decides what happens and
owns one helper per concern, so a new feature has an obvious home:

* :mod:`.layout`: the geometry, from the window size alone;
* :mod:`.controls`: the panel's buttons (a new command such as Hint gets its place there);
* :mod:`.computer`: the AI worker requests (a hint would ask the same worker for a human's seat);
* :mod:`.handoff`: the hot-seat curtain for secret orders;
* :mod:`.texts`: what the banner and the end dialog say, without pixels;
* :mod:`.moves` and :mod:`.painter`: the drawing (a review of a finished game would step through
  the move list's rows and show the view at that turn; a sound would hook the scene's
  ``_turn_played``, the one place every complete turn passes).

Imports point one way: the helpers never import the scene (the painter reads it through the
:class:`~scenes.shell.match.painter.PaintedMatch` protocol), nor another shell screen, nor a game.
"""
