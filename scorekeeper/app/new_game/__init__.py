"""new game feature."""
