"""invite feature."""
