"""dice entry feature."""
