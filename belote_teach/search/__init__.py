"""Seeing through the cards: what a seat knows, world sampling, the double-dummy solver."""
