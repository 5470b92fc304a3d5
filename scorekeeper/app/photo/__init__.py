"""Photo flow: dice read from a photo, fixed by the player, used as a throw."""
