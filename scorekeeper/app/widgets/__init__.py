"""widgets feature."""
