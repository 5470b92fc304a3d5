"""history feature."""
