"""home feature."""
