"""The match screen: the flow every game shares (banner, move list, buttons, the computer's turns,
hand-offs, autosave) around one game's board view.

:mod:`.scene` holds :class:`~scenes.shell.match.scene.MatchScene`, which decides what happens and
owns one helper per concern, so a new feature has an obvious home:

* :mod:`.layout`: the geometry, from the window size alone;
* :mod:`.controls`: the panel's buttons (Hint among them in games against the computer);
* :mod:`.computer`: the AI worker requests (:class:`~.computer.WorkerRequest`, shared with hints);
* :mod:`.hint`: the Hint button and H: a second worker works out the hard computer's move for the
  human, drawn as marks and never played;
* :mod:`.handoff`: the hot-seat curtain for secret orders;
* :mod:`.ending`: the result card beside the board when a game ends (Review, New game, Swap sides,
  Rematch), the row that keeps Swap sides and Rematch once it is closed, and the short celebration;
* :mod:`.texts`: what the banner and the result card say, without pixels;
* :mod:`.review`: the board after any earlier move (a click on the move list, Left/Right/Home/End),
  drawn by a second view of a frozen copy of the match while the game itself goes on;
* :mod:`.moves` and :mod:`.painter`: the drawing (a sound would hook the scene's
  ``_turn_played``, the one place every complete turn passes).

Imports point one way: the helpers never import the scene (the painter reads it through the
:class:`~scenes.shell.match.painter.PaintedMatch` protocol), nor another shell screen, nor a game.
"""
