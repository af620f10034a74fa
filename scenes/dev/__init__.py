"""Developer modes: every screen by name (showcase: --smoke, --screenshot), the packaged app's
--self-test and the frame-time bench. Players never reach these from the menu."""
