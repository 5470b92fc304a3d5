"""sheet feature."""
