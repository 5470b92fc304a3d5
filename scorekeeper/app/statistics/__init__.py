"""statistics feature."""
