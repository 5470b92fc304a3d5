"""settings feature."""
