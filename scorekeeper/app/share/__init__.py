"""Sharing and keeping: the sheet as a picture, CSV of History, backup and restore."""
