"""Sharing and keeping: the sheet drawn as a picture, and the files the share and keep buttons hand out."""
