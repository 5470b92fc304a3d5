"""review feature."""
